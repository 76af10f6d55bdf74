//! Text builders shared by the random kernel generators of `lcm_random`,
//! `srqp_random` and `sscm_random`.
//!
//! Invariants: each helper draws from the [`Rng`] in a fixed order (the
//! same order the generators used when they had their own copies), so a
//! seed still yields the same kernels. Blocks are numbered from `^bb1`;
//! a block with an argument names it `%k<label>`.

use super::Rng;
use std::fmt::Write;

/// The operand pool every block may use.
pub const GLOBAL_POOL: [&str; 4] = ["%a0", "%a1", "%a2", "%c1"];

/// The binary integer ops of the generated arithmetic.
pub const OPS: &[&str] = &[
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.xori",
    "arith.andi",
];

/// The global addresses loads and stores go through (`%q*` are offsets
/// of the pointer arguments, so some of them may alias).
pub const ADDRS: &[&str] = &["%p0", "%p1", "%q0", "%q1", "%q2"];

/// The module and kernel header and the entry block: `params` follow the
/// five common arguments, `consts` are the entry's constant definitions
/// (in order), `extra` lines follow the common addresses. Ends with the
/// branch to `^bb1`.
pub fn preamble(s: &mut String, params: &str, consts: &[&str], extra: &[&str]) {
    s.push_str("device.module @m {\n  device.shared @out[64] align 4\n");
    let _ = writeln!(
        s,
        "  device.kernel @k(%a0: i32, %a1: i32, %a2: i32, %p0: !device.ptr<global>, %p1: !device.ptr<global>{params}) {{"
    );
    for c in consts {
        let _ = writeln!(s, "    {c}");
    }
    s.push_str("    %sh = device.addressof @out : !device.ptr<shared>\n");
    s.push_str("    %q0 = device.ptradd %p0, %o0 : !device.ptr<global>, i64\n");
    s.push_str("    %q1 = device.ptradd %p0, %o4 : !device.ptr<global>, i64\n");
    s.push_str("    %q2 = device.ptradd %p1, %o4 : !device.ptr<global>, i64\n");
    for e in extra {
        let _ = writeln!(s, "    {e}");
    }
    s.push_str("    cf.br ^bb1\n");
}

/// Closes the kernel and the module.
pub fn postamble(s: &mut String) {
    s.push_str("  }\n}\n");
}

/// Writes the label of block `label` and returns its initial local pool
/// (its argument, if any).
pub fn block_header(s: &mut String, label: usize, has_arg: bool) -> Vec<String> {
    if has_arg {
        let _ = writeln!(s, "  ^bb{label}(%k{label}: i32):");
        vec![format!("%k{label}")]
    } else {
        let _ = writeln!(s, "  ^bb{label}:");
        Vec::new()
    }
}

/// An operand: a local value (35%) or one of [`GLOBAL_POOL`].
pub fn pick(rng: &mut Rng, local: &[String]) -> String {
    if !local.is_empty() && rng.chance(35) {
        local[rng.below(local.len())].clone()
    } else {
        GLOBAL_POOL[rng.below(GLOBAL_POOL.len())].to_string()
    }
}

/// A branch target to block index `t` (label `t + 1`), passing a picked
/// operand when the block takes an argument.
pub fn target(rng: &mut Rng, has_arg: &[bool], t: usize, local: &[String]) -> String {
    if has_arg[t] {
        let x = pick(rng, local);
        format!("^bb{}({x} : i32)", t + 1)
    } else {
        format!("^bb{}", t + 1)
    }
}

/// A conditional branch on `c` to the two targets, in random order.
pub fn cond_br(s: &mut String, rng: &mut Rng, c: &str, t1: &str, t2: &str) {
    if rng.chance(50) {
        let _ = writeln!(s, "    cf.cond_br {c}, {t1}, {t2}");
    } else {
        let _ = writeln!(s, "    cf.cond_br {c}, {t2}, {t1}");
    }
}

/// Defines `v` as `rhs` (an op with its operands and types) and stores it
/// to shared memory, so every computed value reaches the store log; `v`
/// joins the block's local pool.
pub fn define(s: &mut String, v: String, rhs: &str, local: &mut Vec<String>) {
    let _ = writeln!(s, "    {v} = {rhs}");
    let _ = writeln!(s, "    device.store {v}, %sh : i32, !device.ptr<shared>");
    local.push(v);
}

/// `v` = a random op of [`OPS`] over two picked operands.
pub fn arith(s: &mut String, rng: &mut Rng, v: String, local: &mut Vec<String>) {
    let op = OPS[rng.below(OPS.len())];
    let (x, y) = (pick(rng, local), pick(rng, local));
    define(s, v, &format!("{op} {x}, {y} : i32"), local);
}

/// `v` = a load through one of [`ADDRS`].
pub fn global_load(s: &mut String, rng: &mut Rng, v: String, local: &mut Vec<String>) {
    let a = ADDRS[rng.below(ADDRS.len())];
    define(
        s,
        v,
        &format!("device.load {a} : !device.ptr<global> -> i32"),
        local,
    );
}

/// A store of a picked operand through one of [`ADDRS`].
pub fn global_store(s: &mut String, rng: &mut Rng, local: &[String]) {
    let a = ADDRS[rng.below(ADDRS.len())];
    let x = pick(rng, local);
    let _ = writeln!(s, "    device.store {x}, {a} : i32, !device.ptr<global>");
}
