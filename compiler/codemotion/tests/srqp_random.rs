//! Property test of the SRQP family on random device kernels (modelled on
//! `lcm_random.rs`, whose generator and interpreter it extends).
//!
//! Kernels have random CFGs (back and cross edges, so loops and irreducible
//! graphs), block arguments with induction updates `%k + 1`, indexed loads
//! `A[x & 28]` whose address chains the conversions of question
//! propagation rewrite, plain loads, stores that may alias them, and
//! barriers. Branch conditions come either from an opaque op (divergent
//! for the divergence analysis) or from `device.block_id` (uniform); the
//! interpreter answers both from one random stream.
//!
//! Checked for every variant on every terminating run, with the pointer
//! arguments apart and aliasing: the store log is unchanged and the IR
//! verifies. For `srqp` and `esrqp`: no load (op and run-time address) is
//! evaluated more often on any path (per thread; this also holds for the
//! insertions esrqp's refined rule accepts outside the CDRND, which are
//! SRQP's own, each consumed by the removed load on every path). For `ssrqp`: on kernels whose
//! branches are all uniform nothing is speculated and no load count grows
//! (it speculates only across divergent branches), while `ssrqp-s` does
//! speculate on some of them. Counts are of loads only: the address
//! arithmetic materialised with an inserted load may add pure evaluations.

use lockstep_codemotion::expr::{ExprKind, expression_kind};
use lockstep_codemotion::srqp::{SrqpOptions, SrqpStats, Variant, run_srqp};
use lockstep_ir::types::TypeData;
use lockstep_ir::{Context, OpId, Rewriter, ValueId};
use std::collections::HashMap;
use std::fmt::Write;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

const OPS: &[&str] = &[
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.xori",
    "arith.andi",
];
const ADDRS: &[&str] = &["%p0", "%p1", "%q0", "%q1", "%q2"];

/// A random kernel in the pretty form.
fn generate(rng: &mut Rng, uniform_only: bool) -> String {
    let n = 2 + rng.below(7);
    let has_arg: Vec<bool> = (0..n).map(|i| i > 0 && rng.chance(40)).collect();
    let mut s = String::new();
    s.push_str("device.module @m {\n  device.shared @out[64] align 4\n");
    s.push_str("  device.kernel @k(%a0: i32, %a1: i32, %a2: i32, %p0: !device.ptr<global>, %p1: !device.ptr<global>) {\n");
    s.push_str("    %c1 = arith.constant 1 : i32\n    %o0 = arith.constant 0 : i64\n    %o4 = arith.constant 4 : i64\n");
    s.push_str("    %mask = arith.constant 28 : i64\n");
    s.push_str("    %sh = device.addressof @out : !device.ptr<shared>\n");
    s.push_str("    %q0 = device.ptradd %p0, %o0 : !device.ptr<global>, i64\n");
    s.push_str("    %q1 = device.ptradd %p0, %o4 : !device.ptr<global>, i64\n");
    s.push_str("    %q2 = device.ptradd %p1, %o4 : !device.ptr<global>, i64\n");
    s.push_str("    cf.br ^bb1\n");
    let global_pool = ["%a0", "%a1", "%a2", "%c1"];
    let mut fresh = 0usize;
    for i in 0..n {
        let label = i + 1;
        if has_arg[i] {
            let _ = writeln!(s, "  ^bb{label}(%k{label}: i32):");
        } else {
            let _ = writeln!(s, "  ^bb{label}:");
        }
        let mut local: Vec<String> = Vec::new();
        if has_arg[i] {
            local.push(format!("%k{label}"));
        }
        let pick = |rng: &mut Rng, local: &[String]| -> String {
            if !local.is_empty() && rng.chance(35) {
                local[rng.below(local.len())].clone()
            } else {
                global_pool[rng.below(global_pool.len())].to_string()
            }
        };
        for _ in 0..rng.below(6) {
            let v = format!("%v{fresh}");
            fresh += 1;
            match rng.below(10) {
                6 if rng.chance(60) => {
                    // An indexed load A[x & 28]: its address is a chain
                    // over an index, which conversions rewrite.
                    let x = if !local.is_empty() && rng.chance(50) {
                        local[0].clone()
                    } else {
                        pick(rng, &local)
                    };
                    let base = ["%p0", "%p1"][rng.below(2)];
                    let _ = writeln!(s, "    %e{fresh} = arith.extsi {x} : i32 to i64");
                    let _ = writeln!(s, "    %m{fresh} = arith.andi %e{fresh}, %mask : i64");
                    let _ = writeln!(
                        s,
                        "    %ad{fresh} = device.ptradd {base}, %m{fresh} : !device.ptr<global>, i64"
                    );
                    let _ = writeln!(
                        s,
                        "    {v} = device.load %ad{fresh} : !device.ptr<global> -> i32"
                    );
                    let _ = writeln!(s, "    device.store {v}, %sh : i32, !device.ptr<shared>");
                    local.push(v);
                }
                5 if has_arg[i] && rng.chance(50) => {
                    // The induction update of a loop counter.
                    let _ = writeln!(s, "    {v} = arith.addi %k{label}, %c1 : i32");
                    local.push(v);
                }
                0..=5 => {
                    let op = OPS[rng.below(OPS.len())];
                    let (x, y) = (pick(rng, &local), pick(rng, &local));
                    let _ = writeln!(s, "    {v} = {op} {x}, {y} : i32");
                    let _ = writeln!(s, "    device.store {v}, %sh : i32, !device.ptr<shared>");
                    local.push(v);
                }
                6 | 7 => {
                    let a = ADDRS[rng.below(ADDRS.len())];
                    let _ = writeln!(s, "    {v} = device.load {a} : !device.ptr<global> -> i32");
                    let _ = writeln!(s, "    device.store {v}, %sh : i32, !device.ptr<shared>");
                    local.push(v);
                }
                8 => {
                    let a = ADDRS[rng.below(ADDRS.len())];
                    let x = pick(rng, &local);
                    let _ = writeln!(s, "    device.store {x}, {a} : i32, !device.ptr<global>");
                }
                _ => {
                    s.push_str("    device.barrier\n");
                }
            }
        }
        if i == n - 1 {
            s.push_str("    device.return\n");
            continue;
        }
        let target = |rng: &mut Rng, t: usize, local: &[String]| -> String {
            if has_arg[t] {
                let x = pick(rng, local);
                format!("^bb{}({x} : i32)", t + 1)
            } else {
                format!("^bb{}", t + 1)
            }
        };
        let forward = i + 1 + rng.below(n - 1 - i);
        if rng.chance(60) {
            let other = rng.below(n);
            let c = format!("%ch{fresh}");
            fresh += 1;
            if uniform_only || rng.chance(40) {
                // A uniform condition: block ids are the same in a warp.
                let _ = writeln!(s, "    {c}b = device.block_id x : i32");
                let _ = writeln!(s, "    {c} = arith.trunci {c}b : i32 to i1");
            } else {
                let _ = writeln!(s, "    {c} = \"test.choice\"() : () -> i1");
            }
            let (t1, t2) = (target(rng, forward, &local), target(rng, other, &local));
            if rng.chance(50) {
                let _ = writeln!(s, "    cf.cond_br {c}, {t1}, {t2}");
            } else {
                let _ = writeln!(s, "    cf.cond_br {c}, {t2}, {t1}");
            }
        } else {
            let t = target(rng, forward, &local);
            let _ = writeln!(s, "    cf.br {t}");
        }
    }
    s.push_str("  }\n}\n");
    s
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Val {
    Int(i64),
    Ptr(u32, i64),
}

#[derive(Debug, PartialEq, Eq)]
struct Run {
    stores: Vec<(u32, i64, i64)>,
    counts: HashMap<String, u64>,
}

fn width(ctx: &Context, v: ValueId) -> u32 {
    match ctx.type_data(ctx.value_type(v)) {
        TypeData::Integer { width, .. } => *width,
        _ => 64,
    }
}

fn wrap(x: i64, w: u32) -> i64 {
    if w >= 64 {
        x
    } else {
        let m = (1i64 << w) - 1;
        let v = x & m;
        // Sign-extend so equal bit patterns compare equal.
        if v >> (w - 1) & 1 == 1 { v | !m } else { v }
    }
}

/// Runs kernel `k`; `None` when the path did not end within the budget.
fn interpret(ctx: &Context, k: OpId, choices: &[bool], alias: bool) -> Option<Run> {
    let region = ctx.regions(k)[0];
    let mut block = ctx.entry_block(region)?;
    let mut env: HashMap<ValueId, Val> = HashMap::new();
    let args = ctx.block_args(block).to_vec();
    let init = [
        Val::Int(7),
        Val::Int(-3),
        Val::Int(12345),
        Val::Ptr(1, 0),
        Val::Ptr(if alias { 1 } else { 2 }, 0),
    ];
    for (a, v) in args.iter().zip(init) {
        env.insert(*a, v);
    }
    let mut mem: HashMap<(u32, i64), i64> = HashMap::new();
    let mut run = Run {
        stores: Vec::new(),
        counts: HashMap::new(),
    };
    let mut next_choice = 0usize;
    for _step in 0..100_000 {
        let mut jump: Option<(lockstep_ir::BlockId, Vec<Val>)> = None;
        for op in ctx.block_ops(block) {
            let name = ctx.name_of(op);
            if expression_kind(ctx, op) == Some(ExprKind::Load) {
                // Keyed by the op and its operands' run-time values: code
                // motion only moves an evaluation across points where its
                // operands keep their values, so no key may gain.
                let operands: Vec<Val> = ctx.operands(op).iter().map(|v| env[v]).collect();
                let key = format!("{name}{:?}{:?}", ctx.attrs(op), operands);
                *run.counts.entry(key).or_default() += 1;
            }
            let get = |i: usize| env[&ctx.operand(op, i)];
            let int = |i: usize| match get(i) {
                Val::Int(x) => x,
                Val::Ptr(..) => panic!("pointer used as integer"),
            };
            let result = match name {
                "arith.constant" => Some(Val::Int(ctx.int_attr_of(op, "value")?)),
                "arith.addi" => Some(Val::Int(int(0).wrapping_add(int(1)))),
                "arith.subi" => Some(Val::Int(int(0).wrapping_sub(int(1)))),
                "arith.muli" => Some(Val::Int(int(0).wrapping_mul(int(1)))),
                "arith.xori" => Some(Val::Int(int(0) ^ int(1))),
                "arith.andi" => Some(Val::Int(int(0) & int(1))),
                "device.addressof" => Some(Val::Ptr(100, 0)),
                "device.ptradd" => match get(0) {
                    Val::Ptr(b, o) => Some(Val::Ptr(b, o + int(1))),
                    Val::Int(_) => panic!("ptradd of an integer"),
                },
                "device.load" => match get(0) {
                    Val::Ptr(b, o) => Some(Val::Int(
                        *mem.get(&(b, o)).unwrap_or(&(i64::from(b) * 1000 + o)),
                    )),
                    Val::Int(_) => panic!("load from an integer"),
                },
                "device.store" => {
                    let (Val::Int(x), Val::Ptr(b, o)) = (get(0), get(1)) else {
                        panic!("bad store")
                    };
                    mem.insert((b, o), x);
                    run.stores.push((b, o, x));
                    None
                }
                "device.barrier" => None,
                "arith.extsi" => Some(Val::Int(int(0))),
                "arith.trunci" => Some(Val::Int(int(0) & 1)),
                "device.block_id" | "test.choice" => {
                    let c = *choices.get(next_choice)?;
                    next_choice += 1;
                    Some(Val::Int(i64::from(c)))
                }
                "cf.br" => {
                    let vals = ctx
                        .successor_operands(op, 0)
                        .iter()
                        .map(|v| env[v])
                        .collect();
                    jump = Some((ctx.successors(op)[0], vals));
                    None
                }
                "cf.cond_br" => {
                    let slot = if int(0) != 0 { 0 } else { 1 };
                    let vals = ctx
                        .successor_operands(op, slot)
                        .iter()
                        .map(|v| env[v])
                        .collect();
                    jump = Some((ctx.successors(op)[slot], vals));
                    None
                }
                "device.return" => return Some(run),
                other => panic!("interpreter does not know {other}"),
            };
            if let Some(v) = result {
                let r = ctx.result(op, 0);
                let v = match v {
                    Val::Int(x) => Val::Int(wrap(x, width(ctx, r))),
                    p => p,
                };
                env.insert(r, v);
            }
        }
        let (next, vals) = jump?;
        for (a, v) in ctx.block_args(next).to_vec().into_iter().zip(vals) {
            env.insert(a, v);
        }
        block = next;
    }
    None
}

fn kernel_of(ctx: &Context, m: OpId) -> OpId {
    let mut k = None;
    ctx.walk_pre(m, &mut |o| {
        if ctx.name_of(o) == "device.kernel" {
            k = Some(o);
        }
    });
    k.expect("a kernel")
}

fn opts(variant: Variant) -> SrqpOptions {
    SrqpOptions {
        variant,
        speculate_loads: true,
    }
}

#[test]
fn srqp_never_adds_loads_and_keeps_results() {
    let t = check(Variant::Srqp, 0x5eed_0101, false, true);
    assert!(t.replaced > 0 && t.inserted > 0 && t.merges > 0, "{t:?}");
}

#[test]
fn esrqp_never_adds_loads_and_keeps_results() {
    let t = check(Variant::Esrqp, 0x5eed_0102, false, true);
    // Both halves of the insertion rule are exercised: the thesis's CDRND
    // veto, and the refined rule accepting one-sided insertions (which
    // must keep every load count per thread, checked above).
    assert!(t.replaced > 0 && t.suppressed > 0 && t.refined > 0, "{t:?}");
}

#[test]
fn ssrqp_speculates_only_across_divergent_branches() {
    // All branches uniform: nothing may be speculated, no load added.
    let t = check(Variant::Ssrqp, 0x5eed_0103, true, true);
    assert_eq!(t.speculated, 0, "{t:?}");
    // Divergent branches present: it speculates (results unchanged).
    let t = check(Variant::Ssrqp, 0x5eed_0104, false, false);
    assert!(t.speculated > 0, "{t:?}");
}

#[test]
fn ssrqp_s_speculates_across_uniform_branches_too() {
    let t = check(Variant::SsrqpS, 0x5eed_0105, true, false);
    assert!(t.speculated > 0, "{t:?}");
}

/// Runs `variant` on random kernels; checks results always and, when
/// `no_more_loads`, that no load is evaluated more often.
fn check(
    variant: Variant,
    default_seed: u64,
    uniform_only: bool,
    no_more_loads: bool,
) -> SrqpStats {
    // LOCKSTEP_CM_CASES and LOCKSTEP_CM_SEED widen the search by hand.
    let cases: usize = std::env::var("LOCKSTEP_CM_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let seed: u64 = std::env::var("LOCKSTEP_CM_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_seed);
    let mut rng = Rng(seed);
    let mut changed_programs = 0;
    let mut compared_runs = 0;
    let mut total = SrqpStats::default();
    for case in 0..cases {
        let src = generate(&mut rng, uniform_only);
        let mut before_ctx = lockstep_registry::new_context(true);
        let m0 = lockstep_test_support::parse(&mut before_ctx, &src);
        let k0 = kernel_of(&before_ctx, m0);
        let mut ctx = lockstep_registry::new_context(true);
        let m = lockstep_test_support::parse(&mut ctx, &src);
        let k = kernel_of(&ctx, m);
        if let Err(d) = lockstep_test_support::verify_tree(&ctx, m) {
            panic!(
                "case {case}: generated IR does not verify: {}\n{src}",
                d.message
            );
        }
        let stats = run_srqp(&mut Rewriter::new(&mut ctx), k, opts(variant)).expect("srqp");
        let after = lockstep_test_support::pretty(&ctx, m);
        if let Err(d) = lockstep_test_support::verify_tree(&ctx, m) {
            panic!(
                "case {case}: IR does not verify after {variant:?}: {}\n{src}\n{after}",
                d.message
            );
        }
        if stats.changed() {
            changed_programs += 1;
        }
        total.inserted += stats.inserted;
        total.replaced += stats.replaced;
        total.speculated += stats.speculated;
        total.merges += stats.merges;
        total.split_edges += stats.split_edges;
        total.suppressed += stats.suppressed;
        total.refined += stats.refined;
        for trial in 0..6 {
            let choices: Vec<bool> = (0..64).map(|_| rng.chance(50)).collect();
            let alias = trial % 2 == 1;
            let before = interpret(&before_ctx, k0, &choices, alias);
            let now = interpret(&ctx, k, &choices, alias);
            match (before, now) {
                (None, None) => {}
                (Some(b), Some(a)) => {
                    assert_eq!(
                        b.stores, a.stores,
                        "case {case} trial {trial}: results changed\n{src}\n{after}"
                    );
                    if no_more_loads {
                        for (name, &n) in &a.counts {
                            let was = b.counts.get(name).copied().unwrap_or(0);
                            assert!(
                                n <= was,
                                "case {case} trial {trial}: {name} evaluated {n} times, {was} before\n{src}\n{after}"
                            );
                        }
                    }
                    compared_runs += 1;
                }
                (b, a) => panic!(
                    "case {case} trial {trial}: termination changed ({} -> {})\n{src}\n{after}",
                    b.is_some(),
                    a.is_some()
                ),
            }
        }
    }
    assert!(
        changed_programs > 20,
        "only {changed_programs} programs changed"
    );
    assert!(compared_runs > 1000, "only {compared_runs} runs compared");
    eprintln!("{variant:?}: {changed_programs} programs changed, {total:?}");
    total
}
