//! Deterministic generator of the benchmark module.
//!
//! Shape: `module { ... }` with `funcs` functions `@fK(%arg0: i32, %arg1: i32, %arg2: f32) -> i32`.
//! Each body is a chain of `ops_per_func` arith ops (integer and float binary ops, cmpi,
//! select, casts, constants; a few carry `overflow<nsw>` / `fastmath<fast>`) spread over
//! `1 + 3 * diamonds` blocks: the entry block, then per diamond a then-block and an
//! else-block (each taking one i32 block argument from a `cf.cond_br`) that both `cf.br`
//! to a join block taking `(i32, f32)`. The last join block returns an i32.
//!
//! Invariants:
//! - Output depends only on [`Config`]: a SplitMix64 PRNG seeded from `seed` drives all choices.
//! - The IR verifies: every use is dominated by its definition (then/else blocks see only the
//!   values of the blocks dominating them plus their own; join blocks receive the branch
//!   values through block arguments), every op is type-correct, all arguments are used.
//! - The text is exactly what `mlir-opt` 22 prints for it (value numbering `%N` per function
//!   in block order with block arguments numbered as values, constant names `%cV_i32`/`%cst`
//!   with the scope-wide `_K` collision counter, predecessor comments, 2-space indentation,
//!   trailing empty line), so `mlir-opt FILE` reproduces FILE byte for byte.

use std::collections::HashSet;
use std::fmt::Write;

/// Size and seed of the generated module.
pub struct Config {
    pub funcs: usize,
    pub ops_per_func: usize,
    pub diamonds: usize,
    pub seed: u64,
}

/// The generated text and its exact op count (module, funcs, body ops, terminators).
pub struct Module {
    pub text: String,
    pub op_count: usize,
}

/// SplitMix64: tiny, fast, good enough to pick ops; fixed so output never changes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0); the modulo bias is irrelevant here.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Values visible at the current point, by type. `dom_*` hold values of blocks that
/// dominate everything after them (entry and join blocks); `local_*` those of the current
/// then/else block, dropped when it ends.
#[derive(Default)]
struct Pools {
    dom_i32: Vec<String>,
    dom_f32: Vec<String>,
    dom_i1: Vec<String>,
    local_i32: Vec<String>,
    local_f32: Vec<String>,
    local_i1: Vec<String>,
}

#[derive(Clone, Copy)]
enum Ty {
    I32,
    F32,
    I1,
}

impl Pools {
    fn split(&mut self, ty: Ty) -> (&mut Vec<String>, &mut Vec<String>) {
        match ty {
            Ty::I32 => (&mut self.dom_i32, &mut self.local_i32),
            Ty::F32 => (&mut self.dom_f32, &mut self.local_f32),
            Ty::I1 => (&mut self.dom_i1, &mut self.local_i1),
        }
    }

    fn len(&mut self, ty: Ty) -> usize {
        let (d, l) = self.split(ty);
        d.len() + l.len()
    }

    /// The `i`-th visible value counting from the most recent one.
    fn recent(&mut self, ty: Ty, i: usize) -> String {
        let (d, l) = self.split(ty);
        if i < l.len() {
            l[l.len() - 1 - i].clone()
        } else {
            let j = i - l.len();
            d[d.len() - 1 - j].clone()
        }
    }

    fn push(&mut self, ty: Ty, in_branch: bool, name: String) {
        let (d, l) = self.split(ty);
        if in_branch { l } else { d }.push(name);
    }

    fn clear_local(&mut self) {
        self.local_i32.clear();
        self.local_f32.clear();
        self.local_i1.clear();
    }
}

/// Per-function generation state; the naming state mirrors mlir-opt's for a flat function.
struct FuncGen<'a> {
    out: &'a mut String,
    rng: &'a mut Rng,
    pools: Pools,
    in_branch: bool,
    next_value: usize,
    used_names: HashSet<String>,
    next_conflict: usize,
    ops: usize,
}

const INT_BINOPS: &[(&str, u32)] = &[
    ("addi", 14),
    ("subi", 8),
    ("muli", 10),
    ("xori", 8),
    ("andi", 4),
    ("ori", 4),
    ("shli", 3),
    ("shrui", 3),
    ("maxsi", 3),
    ("minsi", 3),
    ("divsi", 2),
    ("remsi", 2),
];
const CMPI_PREDICATES: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];
/// Float constants, written as mlir-opt prints them.
const FLOAT_CONSTANTS: &[&str] = &[
    "5.000000e-01",
    "1.500000e+00",
    "2.000000e+00",
    "2.500000e-01",
    "-1.000000e+00",
    "3.000000e+00",
];

impl FuncGen<'_> {
    fn fresh_value(&mut self) -> String {
        let name = format!("%{}", self.next_value);
        self.next_value += 1;
        name
    }

    /// mlir-opt's uniquing: the base name if unused, else `base_K` with K from one
    /// function-wide counter, skipping names already taken.
    fn unique_name(&mut self, base: String) -> String {
        if self.used_names.insert(base.clone()) {
            return format!("%{base}");
        }
        loop {
            let candidate = format!("{base}_{}", self.next_conflict);
            self.next_conflict += 1;
            if self.used_names.insert(candidate.clone()) {
                return format!("%{candidate}");
            }
        }
    }

    /// An operand of type `ty`: mostly one of the 16 most recent values, sometimes any.
    fn operand(&mut self, ty: Ty) -> String {
        let n = self.pools.len(ty);
        let i = if self.rng.chance(75) {
            self.rng.below(n.min(16))
        } else {
            self.rng.below(n)
        };
        self.pools.recent(ty, i)
    }

    fn define(&mut self, ty: Ty, name: String) {
        self.pools.push(ty, self.in_branch, name);
    }

    fn line(&mut self, text: std::fmt::Arguments<'_>) {
        self.out.push_str("    ");
        self.out
            .write_fmt(text)
            .expect("writing to a String cannot fail");
        self.out.push('\n');
        self.ops += 1;
    }

    fn int_binop(&mut self, first: Option<String>) {
        let total: u32 = INT_BINOPS.iter().map(|(_, w)| w).sum();
        let mut pick = (self.rng.next() % u64::from(total)) as u32;
        let mut op = INT_BINOPS[0].0;
        for &(name, w) in INT_BINOPS {
            if pick < w {
                op = name;
                break;
            }
            pick -= w;
        }
        let lhs = first.unwrap_or_else(|| self.pools.recent(Ty::I32, 0));
        let rhs = self.operand(Ty::I32);
        let flags = if matches!(op, "addi" | "muli" | "subi") && self.rng.chance(10) {
            " overflow<nsw>"
        } else {
            ""
        };
        let r = self.fresh_value();
        self.line(format_args!("{r} = arith.{op} {lhs}, {rhs}{flags} : i32"));
        self.define(Ty::I32, r);
    }

    fn cmpi(&mut self) {
        let pred = CMPI_PREDICATES[self.rng.below(CMPI_PREDICATES.len())];
        let lhs = self.pools.recent(Ty::I32, 0);
        let rhs = self.operand(Ty::I32);
        let r = self.fresh_value();
        self.line(format_args!("{r} = arith.cmpi {pred}, {lhs}, {rhs} : i32"));
        self.define(Ty::I1, r);
    }

    /// One op of the chain, chosen by weight.
    fn random_op(&mut self) {
        let roll = self.rng.below(100);
        match roll {
            0..=67 => self.int_binop(None),
            68..=73 => self.cmpi(),
            74..=81 => {
                if self.pools.len(Ty::I1) == 0 {
                    return self.cmpi();
                }
                let c = self.operand(Ty::I1);
                if self.rng.chance(75) {
                    let a = self.pools.recent(Ty::I32, 0);
                    let b = self.operand(Ty::I32);
                    let r = self.fresh_value();
                    self.line(format_args!("{r} = arith.select {c}, {a}, {b} : i32"));
                    self.define(Ty::I32, r);
                } else {
                    let a = self.pools.recent(Ty::F32, 0);
                    let b = self.operand(Ty::F32);
                    let r = self.fresh_value();
                    self.line(format_args!("{r} = arith.select {c}, {a}, {b} : f32"));
                    self.define(Ty::F32, r);
                }
            }
            82..=91 => {
                let op = ["addf", "addf", "mulf", "mulf", "subf"][self.rng.below(5)];
                let a = self.pools.recent(Ty::F32, 0);
                let b = self.operand(Ty::F32);
                let flags = if self.rng.chance(10) {
                    " fastmath<fast>"
                } else {
                    ""
                };
                let r = self.fresh_value();
                self.line(format_args!("{r} = arith.{op} {a}, {b}{flags} : f32"));
                self.define(Ty::F32, r);
            }
            92..=93 => {
                let a = self.operand(Ty::I32);
                let r = self.fresh_value();
                self.line(format_args!("{r} = arith.sitofp {a} : i32 to f32"));
                self.define(Ty::F32, r);
            }
            94 => {
                let a = self.pools.recent(Ty::F32, 0);
                let r = self.fresh_value();
                self.line(format_args!("{r} = arith.fptosi {a} : f32 to i32"));
                self.define(Ty::I32, r);
            }
            95..=97 => {
                let v = self.rng.below(73) as i64 - 8;
                let r = self.unique_name(format!("c{v}_i32"));
                self.line(format_args!("{r} = arith.constant {v} : i32"));
                self.define(Ty::I32, r);
            }
            _ => {
                let v = FLOAT_CONSTANTS[self.rng.below(FLOAT_CONSTANTS.len())];
                let r = self.unique_name("cst".to_string());
                self.line(format_args!("{r} = arith.constant {v} : f32"));
                self.define(Ty::F32, r);
            }
        }
    }

    fn chain(&mut self, count: usize) {
        for _ in 0..count {
            self.random_op();
        }
    }
}

/// Generate the whole module.
pub fn generate(config: &Config) -> Module {
    let mut rng = Rng(config.seed);
    let mut out = String::with_capacity(config.funcs * config.ops_per_func * 40 + 64);
    let mut op_count = 1; // builtin.module
    out.push_str("module {\n");
    let blocks = 1 + 3 * config.diamonds;
    for f in 0..config.funcs {
        writeln!(
            out,
            "  func.func @f{f}(%arg0: i32, %arg1: i32, %arg2: f32) -> i32 {{"
        )
        .expect("writing to a String cannot fail");
        let mut g = FuncGen {
            out: &mut out,
            rng: &mut rng,
            pools: Pools::default(),
            in_branch: false,
            next_value: 0,
            used_names: HashSet::new(),
            next_conflict: 0,
            ops: 0,
        };
        g.pools.dom_i32.push("%arg1".into());
        g.pools.dom_i32.push("%arg0".into());
        g.pools.dom_f32.push("%arg2".into());
        // Use every argument up front: %0 = addi %arg0, %arg1; %1 = mulf %arg2, %arg2.
        g.int_binop(Some("%arg0".into()));
        let r = g.fresh_value();
        g.line(format_args!("{r} = arith.mulf %arg2, %arg2 : f32"));
        g.define(Ty::F32, r);

        let per_block = config.ops_per_func / blocks;
        let entry_ops = config.ops_per_func - per_block * (blocks - 1);
        // Each head block ends with a cmpi feeding its cond_br (counted in its ops).
        let head_chain = |ops: usize| ops.saturating_sub(if config.diamonds > 0 { 1 } else { 0 });
        g.chain(head_chain(entry_ops).saturating_sub(2));
        let mut head = 0;
        for d in 0..config.diamonds {
            let (then_bb, else_bb, join_bb) = (3 * d + 1, 3 * d + 2, 3 * d + 3);
            g.cmpi();
            let cond = g.pools.recent(Ty::I1, 0);
            let a = g.pools.recent(Ty::I32, 0);
            let b = g.operand(Ty::I32);
            g.line(format_args!(
                "cf.cond_br {cond}, ^bb{then_bb}({a} : i32), ^bb{else_bb}({b} : i32)"
            ));
            let mut exits = Vec::new();
            for bb in [then_bb, else_bb] {
                g.in_branch = true;
                let arg = g.fresh_value();
                writeln!(g.out, "  ^bb{bb}({arg}: i32):  // pred: ^bb{head}")
                    .expect("writing to a String cannot fail");
                g.define(Ty::I32, arg);
                g.chain(per_block);
                let i = g.pools.recent(Ty::I32, 0);
                let x = g.operand(Ty::F32);
                g.line(format_args!("cf.br ^bb{join_bb}({i}, {x} : i32, f32)"));
                g.pools.clear_local();
                exits.push(bb);
            }
            g.in_branch = false;
            let ji = g.fresh_value();
            let jf = g.fresh_value();
            writeln!(
                g.out,
                "  ^bb{join_bb}({ji}: i32, {jf}: f32):  // 2 preds: ^bb{}, ^bb{}",
                exits[0], exits[1]
            )
            .expect("writing to a String cannot fail");
            g.define(Ty::F32, jf);
            g.define(Ty::I32, ji);
            let last = d + 1 == config.diamonds;
            g.chain(if last {
                per_block
            } else {
                head_chain(per_block)
            });
            head = join_bb;
        }
        let r = g.pools.recent(Ty::I32, 0);
        g.line(format_args!("return {r} : i32"));
        op_count += 1 + g.ops;
        out.push_str("  }\n");
    }
    out.push_str("}\n\n");
    Module {
        text: out,
        op_count,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Config {
        Config {
            funcs: 3,
            ops_per_func: 40,
            diamonds: 2,
            seed: 7,
        }
    }

    #[test]
    fn deterministic() {
        assert_eq!(generate(&small()).text, generate(&small()).text);
    }

    #[test]
    fn op_count_matches_lines() {
        let m = generate(&small());
        // Every op is on its own line; labels start with '^', closers with '}'.
        let lines = m
            .text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('^') && !l.starts_with('}'))
            .count();
        assert_eq!(lines, m.op_count);
        // 1 module + 3 * (func + 40 ops + 2 cond_br + 4 br + return)
        assert_eq!(m.op_count, 1 + 3 * (1 + 40 + 2 + 4 + 1));
    }

    #[test]
    fn constant_names_follow_mlir_uniquing() {
        let mut rng = Rng(1);
        let mut out = String::new();
        let mut g = FuncGen {
            out: &mut out,
            rng: &mut rng,
            pools: Pools::default(),
            in_branch: false,
            next_value: 0,
            used_names: HashSet::new(),
            next_conflict: 0,
            ops: 0,
        };
        let names: Vec<String> = ["c1_i32", "c1_i32", "c0", "c0", "cst", "cst", "c1_i32"]
            .iter()
            .map(|b| g.unique_name(b.to_string()))
            .collect();
        assert_eq!(
            names,
            [
                "%c1_i32",
                "%c1_i32_0",
                "%c0",
                "%c0_1",
                "%cst",
                "%cst_2",
                "%c1_i32_3"
            ]
        );
    }
}
