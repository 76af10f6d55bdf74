//! Property tests of `sscm` and `spre` on random device kernels.
//!
//! The kernels are random CFGs in the style of `lcm_random.rs` (forward
//! edges so every block reaches the exit, random back and cross edges, block
//! arguments, arithmetic over a small operand pool, chains, loads through a
//! few addresses, may-alias stores, barriers), plus integer divisions (by a
//! pool value, which may be zero, and by the constant 4). Each conditional
//! branch is either *divergent* — its condition is computed from
//! `device.thread_id` — or *uniform* — computed from `device.block_id`.
//! The marks the properties use are the divergence analysis's own (the
//! question `sscm` asks), checked to include every thread-id branch; a
//! block-id branch the analysis still calls divergent (threads leaving a
//! loop in different iterations) counts as divergent.
//!
//! A small interpreter runs each kernel before and after the pass along
//! paths drawn from a fixed random stream (each evaluation of either id op
//! takes the next answer of the stream), with the global pointer arguments
//! apart or aliasing, or one pointer (the read-only `%cp`, or `%p1`)
//! invalid: every access through it faults. Division by zero faults too. On every run that terminated without a fault before
//! the pass:
//! - the run after the pass terminates without a fault, with the same log
//!   of stores (no speculated division or load may fault);
//! - `sscm` on kernels whose branches the analysis calls all uniform
//!   produces exactly the IR `scm` produces (it never speculates across a
//!   uniform branch);
//! - `sscm` on mixed kernels: for each op applied to given operand values
//!   (which code motion preserves), the number of evaluations may grow only
//!   on runs that took a divergent branch;
//! - `spre` on all-uniform kernels keeps results but does grow evaluations
//!   on some runs (the harmful baseline really speculates).
//!
//! Each property is also checked not to hold vacuously. Breaking the pass
//! makes the corresponding test fail (checked by hand: treating every
//! branch as divergent in `sscm`; dropping the speculation-safety mask;
//! treating every load as dereferenceable).

use lockstep_codemotion::expr::expression_kind;
use lockstep_codemotion::lcm::LcmStats;
use lockstep_codemotion::scm::run_scm;
mod common;

use common::Rng;
use lockstep_codemotion::sscm::{SpecMode, run_speculative};
use lockstep_divergence::DivergenceInfo;
use lockstep_ir::types::TypeData;
use lockstep_ir::{Context, OpId, Rewriter, ValueId};
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

const OPS: &[&str] = &[
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.xori",
    "arith.andi",
];
const ADDRS: &[&str] = &["%p0", "%p1", "%q0", "%q1", "%q2"];

/// How the branch conditions of a generated kernel are made.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Branches {
    AllUniform,
    Mixed,
}

/// A random kernel in the pretty form.
fn generate(rng: &mut Rng, branches: Branches) -> String {
    let n = 2 + rng.below(7);
    let has_arg: Vec<bool> = (0..n).map(|i| i > 0 && rng.chance(40)).collect();
    let mut s = String::new();
    s.push_str("device.module @m {\n  device.shared @out[64] align 4\n");
    s.push_str("  device.kernel @k(%a0: i32, %a1: i32, %a2: i32, %p0: !device.ptr<global>, %p1: !device.ptr<global>, %cp: !device.ptr<const>) {\n");
    s.push_str("    %c1 = arith.constant 1 : i32\n    %c4 = arith.constant 4 : i32\n");
    s.push_str("    %z = arith.constant 0 : i32\n");
    s.push_str("    %o0 = arith.constant 0 : i64\n    %o4 = arith.constant 4 : i64\n");
    s.push_str("    %sh = device.addressof @out : !device.ptr<shared>\n");
    s.push_str("    %q0 = device.ptradd %p0, %o0 : !device.ptr<global>, i64\n");
    s.push_str("    %q1 = device.ptradd %p0, %o4 : !device.ptr<global>, i64\n");
    s.push_str("    %q2 = device.ptradd %p1, %o4 : !device.ptr<global>, i64\n");
    s.push_str("    %cq = device.ptradd %cp, %o4 : !device.ptr<const>, i64\n");
    s.push_str("    cf.br ^bb1\n");
    let global_pool = ["%a0", "%a1", "%a2", "%c1"];
    let mut fresh = 0usize;
    // Expressions over the global pool already written, so that lexically
    // equal computations recur in different branches (what sparse and
    // speculative placement feed on).
    let mut written: Vec<(&str, String, String)> = Vec::new();
    let mut divisions: Vec<(String, String)> = Vec::new();
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
            match rng.below(12) {
                0..=5 => {
                    let (op, x, y) = if !written.is_empty() && rng.chance(70) {
                        // Mostly the first few, so that the same expression
                        // shows up in several blocks.
                        written[rng.below(written.len().min(3))].clone()
                    } else {
                        let op = OPS[rng.below(OPS.len())];
                        let (x, y) = (pick(rng, &local), pick(rng, &local));
                        if global_pool.contains(&x.as_str()) && global_pool.contains(&y.as_str()) {
                            written.push((op, x.clone(), y.clone()));
                        }
                        (op, x, y)
                    };
                    let _ = writeln!(s, "    {v} = {op} {x}, {y} : i32");
                    let _ = writeln!(s, "    device.store {v}, %sh : i32, !device.ptr<shared>");
                    local.push(v);
                }
                6 => {
                    // The constant 4 is a safe divisor; the constant 0
                    // always faults and a pool value may be zero at run
                    // time, so neither may be speculated.
                    let (x, y) = if !divisions.is_empty() && rng.chance(60) {
                        divisions[rng.below(divisions.len())].clone()
                    } else {
                        let x = pick(rng, &local);
                        let y = match rng.below(3) {
                            0 => "%c4".to_string(),
                            1 => "%z".to_string(),
                            _ => pick(rng, &local),
                        };
                        let global = |v: &str| global_pool.contains(&v) || v == "%c4" || v == "%z";
                        if global(&x) && global(&y) {
                            divisions.push((x.clone(), y.clone()));
                        }
                        (x, y)
                    };
                    let _ = writeln!(s, "    {v} = arith.divsi {x}, {y} : i32");
                    let _ = writeln!(s, "    device.store {v}, %sh : i32, !device.ptr<shared>");
                    local.push(v);
                }
                7 | 8 => {
                    let a = ADDRS[rng.below(ADDRS.len())];
                    let _ = writeln!(s, "    {v} = device.load {a} : !device.ptr<global> -> i32");
                    let _ = writeln!(s, "    device.store {v}, %sh : i32, !device.ptr<shared>");
                    local.push(v);
                }
                9 => {
                    // Read-only memory: global stores do not kill these
                    // loads, so they move (and may be speculated) often.
                    let a = if rng.chance(50) { "%cp" } else { "%cq" };
                    let _ = writeln!(s, "    {v} = device.load {a} : !device.ptr<const> -> i32");
                    let _ = writeln!(s, "    device.store {v}, %sh : i32, !device.ptr<shared>");
                    local.push(v);
                }
                10 => {
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
        // Always the next block, so that every block is reachable (an
        // unreachable predecessor stops all motion into its successor;
        // `lcm_random.rs` covers that case).
        let forward = i + 1;
        if rng.chance(65) {
            // Mostly forward too (diamonds and chains of branches, where
            // speculation pays), sometimes back or across.
            let other = if rng.chance(70) {
                i + 1 + rng.below(n - 1 - i)
            } else {
                rng.below(n)
            };
            let c = format!("%ch{fresh}");
            fresh += 1;
            // Neither id op touches memory, so conditions do not kill
            // loads (a vote or an opaque op would, and then no load could
            // ever be speculated).
            let id = if branches == Branches::Mixed && rng.chance(50) {
                "thread_id"
            } else {
                "block_id"
            };
            let _ = writeln!(s, "    %t{fresh} = device.{id} x : i32");
            let _ = writeln!(s, "    {c} = arith.trunci %t{fresh} : i32 to i1");
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
    /// Branches the divergence analysis calls divergent, executed.
    divergent_taken: u64,
}

#[derive(Debug)]
enum Outcome {
    Done(Run),
    Fault(#[allow(dead_code)] String),
    /// Out of choices or steps.
    Unfinished,
}

/// How the pointer arguments are set up for a run.
#[derive(Copy, Clone, Debug)]
enum Memory {
    Apart,
    Alias,
    /// `%cp` points nowhere: every access through it faults.
    Invalid,
    /// `%p1` points nowhere.
    InvalidGlobal,
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

/// Base 0 is the invalid allocation.
const INVALID: u32 = 0;

/// Runs kernel `k` along the path `choices` picks.
fn interpret(
    ctx: &Context,
    k: OpId,
    choices: &[bool],
    memory: Memory,
    divergent: &HashSet<OpId>,
) -> Outcome {
    let region = ctx.regions(k)[0];
    let Some(mut block) = ctx.entry_block(region) else {
        return Outcome::Unfinished;
    };
    let mut env: HashMap<ValueId, Val> = HashMap::new();
    let args = ctx.block_args(block).to_vec();
    let (p1, cp) = match memory {
        Memory::Apart => (2, 3),
        Memory::Alias => (1, 3),
        Memory::Invalid => (2, INVALID),
        Memory::InvalidGlobal => (INVALID, 3),
    };
    let init = [
        Val::Int(7),
        Val::Int(-3),
        Val::Int(12345),
        Val::Ptr(1, 0),
        Val::Ptr(p1, 0),
        Val::Ptr(cp, 0),
    ];
    for (a, v) in args.iter().zip(init) {
        env.insert(*a, v);
    }
    let mut mem: HashMap<(u32, i64), i64> = HashMap::new();
    let mut run = Run {
        stores: Vec::new(),
        counts: HashMap::new(),
        divergent_taken: 0,
    };
    let mut next_choice = 0usize;
    for _step in 0..100_000 {
        let mut jump: Option<(lockstep_ir::BlockId, Vec<Val>)> = None;
        for op in ctx.block_ops(block) {
            let name = ctx.name_of(op);
            if expression_kind(ctx, op).is_some() {
                // Keyed by the op and its operands' run-time values: code
                // motion only moves an evaluation across points where its
                // operands keep their values.
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
                "arith.constant" => match ctx.int_attr_of(op, "value") {
                    Some(v) => Some(Val::Int(v)),
                    None => return Outcome::Unfinished,
                },
                "arith.addi" => Some(Val::Int(int(0).wrapping_add(int(1)))),
                "arith.subi" => Some(Val::Int(int(0).wrapping_sub(int(1)))),
                "arith.muli" => Some(Val::Int(int(0).wrapping_mul(int(1)))),
                "arith.xori" => Some(Val::Int(int(0) ^ int(1))),
                "arith.andi" => Some(Val::Int(int(0) & int(1))),
                "arith.trunci" => Some(Val::Int(int(0))),
                "arith.divsi" => {
                    let (x, y) = (int(0), int(1));
                    if y == 0 || (y == -1 && x == i64::from(i32::MIN)) {
                        return Outcome::Fault(format!("division {x} / {y}"));
                    }
                    Some(Val::Int(x / y))
                }
                "device.addressof" => Some(Val::Ptr(100, 0)),
                "device.ptradd" => match get(0) {
                    Val::Ptr(b, o) => Some(Val::Ptr(b, o + int(1))),
                    Val::Int(_) => panic!("ptradd of an integer"),
                },
                "device.load" => match get(0) {
                    Val::Ptr(INVALID, o) => return Outcome::Fault(format!("load at {o}")),
                    Val::Ptr(b, o) => Some(Val::Int(
                        *mem.get(&(b, o)).unwrap_or(&(i64::from(b) * 1000 + o)),
                    )),
                    Val::Int(_) => panic!("load from an integer"),
                },
                "device.store" => {
                    let (Val::Int(x), Val::Ptr(b, o)) = (get(0), get(1)) else {
                        panic!("bad store")
                    };
                    if b == INVALID {
                        return Outcome::Fault(format!("store at {o}"));
                    }
                    mem.insert((b, o), x);
                    run.stores.push((b, o, x));
                    None
                }
                "device.barrier" => None,
                // The interpreter's stand-in for "some threads / the
                // whole warp go this way": each evaluation takes the next
                // answer of the stream.
                "device.thread_id" | "device.block_id" => {
                    let Some(&c) = choices.get(next_choice) else {
                        return Outcome::Unfinished;
                    };
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
                    if divergent.contains(&op) {
                        run.divergent_taken += 1;
                    }
                    let slot = if int(0) != 0 { 0 } else { 1 };
                    let vals = ctx
                        .successor_operands(op, slot)
                        .iter()
                        .map(|v| env[v])
                        .collect();
                    jump = Some((ctx.successors(op)[slot], vals));
                    None
                }
                "device.return" => return Outcome::Done(run),
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
        let Some((next, vals)) = jump else {
            return Outcome::Unfinished;
        };
        for (a, v) in ctx.block_args(next).to_vec().into_iter().zip(vals) {
            env.insert(a, v);
        }
        block = next;
    }
    Outcome::Unfinished
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

fn candidates(c: &Context, k: OpId) -> usize {
    let mut n = 0;
    c.walk_pre(k, &mut |o| {
        if expression_kind(c, o).is_some() {
            n += 1;
        }
    });
    n
}

/// The branches the divergence analysis calls divergent (what `sscm`
/// asks), checking that every branch on the thread id is among them; also
/// whether every branch is uniform.
fn divergent_branches(ctx: &Context, k: OpId, src: &str) -> (HashSet<OpId>, bool) {
    let div = DivergenceInfo::compute(ctx, k);
    let mut set = HashSet::new();
    let mut all_uniform = true;
    ctx.walk_pre(k, &mut |o| {
        if ctx.name_of(o) != "cf.cond_br" {
            return;
        }
        let on_choice = ctx
            .defining_op(ctx.operand(o, 0))
            .and_then(|t| ctx.operands(t).first().copied())
            .and_then(|v| ctx.defining_op(v))
            .is_some_and(|d| ctx.name_of(d) == "device.thread_id");
        let d = div.is_divergent_branch(ctx, o);
        assert!(
            d || !on_choice,
            "a branch on a thread-dependent value is uniform\n{src}"
        );
        if d {
            set.insert(o);
            all_uniform = false;
        }
    });
    (set, all_uniform)
}

type PassFn = fn(&mut Rewriter<'_>, OpId) -> LcmStats;

fn sscm(rw: &mut Rewriter<'_>, k: OpId) -> LcmStats {
    run_speculative(rw, k, SpecMode::Divergent, 8, false).expect("sscm")
}

fn spre(rw: &mut Rewriter<'_>, k: OpId) -> LcmStats {
    run_speculative(rw, k, SpecMode::AllBranches, 8, false).expect("spre")
}

fn scm(rw: &mut Rewriter<'_>, k: OpId) -> LcmStats {
    run_scm(rw, k, 8).expect("scm")
}

/// What a property run saw, to rule out vacuous passes.
#[derive(Default, Debug)]
struct Seen {
    changed_programs: usize,
    compared_runs: usize,
    grown_runs: usize,
    faulting_before: usize,
    smaller_than_scm: usize,
    same_as_scm: usize,
    /// Kernels whose branches the analysis all calls uniform.
    all_uniform: usize,
    /// ... of which the pass left different IR from `scm`.
    differs_uniform: usize,
    cases: usize,
}

/// Runs `pass` on random kernels: IR verifies, results are unchanged and no
/// new fault appears on any run; `may_grow(run)` says whether evaluations
/// may grow on a run that executed it before.
fn check(
    pass: PassFn,
    branches: Branches,
    default_seed: u64,
    default_cases: usize,
    may_grow: &dyn Fn(&Run) -> bool,
) -> Seen {
    // LOCKSTEP_CM_CASES and LOCKSTEP_CM_SEED widen the search by hand.
    let cases: usize = std::env::var("LOCKSTEP_CM_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_cases);
    let seed: u64 = std::env::var("LOCKSTEP_CM_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_seed);
    let mut rng = Rng(seed);
    let mut seen = Seen {
        cases,
        ..Seen::default()
    };
    for case in 0..cases {
        let src = generate(&mut rng, branches);
        let mut before_ctx = lockstep_registry::new_context(true);
        let m0 = lockstep_test_support::parse(&mut before_ctx, &src);
        let k0 = kernel_of(&before_ctx, m0);
        if let Err(d) = lockstep_test_support::verify_tree(&before_ctx, m0) {
            panic!(
                "case {case}: generated IR does not verify: {}\n{src}",
                d.message
            );
        }
        let (divergent, all_uniform) = divergent_branches(&before_ctx, k0, &src);
        if all_uniform {
            seen.all_uniform += 1;
        }
        let mut ctx = lockstep_registry::new_context(true);
        let m = lockstep_test_support::parse(&mut ctx, &src);
        let k = kernel_of(&ctx, m);
        let stats = pass(&mut Rewriter::new(&mut ctx), k);
        let after = lockstep_test_support::pretty(&ctx, m);
        if let Err(d) = lockstep_test_support::verify_tree(&ctx, m) {
            panic!(
                "case {case}: IR does not verify after the pass: {}\n{src}\n{after}",
                d.message
            );
        }
        if stats.changed() {
            seen.changed_programs += 1;
        }
        // The same kernel under scm, for the comparisons.
        let mut scm_ctx = lockstep_registry::new_context(true);
        let ms = lockstep_test_support::parse(&mut scm_ctx, &src);
        let ks = kernel_of(&scm_ctx, ms);
        scm(&mut Rewriter::new(&mut scm_ctx), ks);
        if lockstep_test_support::pretty(&scm_ctx, ms) == after {
            seen.same_as_scm += 1;
        } else if all_uniform {
            seen.differs_uniform += 1;
        }
        if candidates(&ctx, k) < candidates(&scm_ctx, ks) {
            seen.smaller_than_scm += 1;
        }
        for trial in 0..12 {
            let choices: Vec<bool> = (0..64).map(|_| rng.chance(50)).collect();
            let memory = [
                Memory::Apart,
                Memory::Alias,
                Memory::Invalid,
                Memory::InvalidGlobal,
            ][trial % 4];
            let before = interpret(&before_ctx, k0, &choices, memory, &divergent);
            let now = interpret(&ctx, k, &choices, memory, &HashSet::new());
            let b = match before {
                Outcome::Done(b) => b,
                Outcome::Fault(_) => {
                    seen.faulting_before += 1;
                    continue;
                }
                Outcome::Unfinished => continue,
            };
            let a = match now {
                Outcome::Done(a) => a,
                other => panic!(
                    "case {case} trial {trial} ({memory:?}): ran to the end before, now {other:?}\n{src}\n{after}"
                ),
            };
            assert_eq!(
                b.stores, a.stores,
                "case {case} trial {trial} ({memory:?}): results changed\n{src}\n{after}"
            );
            let mut grown = false;
            for (name, &n) in &a.counts {
                let was = b.counts.get(name).copied().unwrap_or(0);
                if n > was {
                    grown = true;
                    assert!(
                        may_grow(&b),
                        "case {case} trial {trial} ({memory:?}): {name} evaluated {n} times, {was} before, on a run without divergent branches\n{src}\n{after}"
                    );
                }
            }
            if grown {
                seen.grown_runs += 1;
            }
            seen.compared_runs += 1;
        }
    }
    assert!(seen.compared_runs > 1000, "{seen:?}");
    assert!(seen.changed_programs > 50, "{seen:?}");
    assert!(seen.faulting_before > 100, "{seen:?}");
    eprintln!("{seen:?}");
    seen
}

#[test]
fn sscm_is_scm_when_every_branch_is_uniform() {
    // Votes are uniform, but the analysis may still call a branch on one
    // divergent (e.g. in a loop some threads leave early); such runs may
    // grow and such kernels may differ from scm.
    let seen = check(sscm, Branches::AllUniform, 0x55c0_0001, 400, &|r| {
        r.divergent_taken > 0
    });
    assert_eq!(seen.differs_uniform, 0, "{seen:?}");
    assert!(seen.all_uniform > seen.cases / 2, "{seen:?}");
}

#[test]
fn sscm_speculates_only_across_divergent_branches() {
    let seen = check(sscm, Branches::Mixed, 0x55c0_0002, 1500, &|r| {
        r.divergent_taken > 0
    });
    // Speculation really happens, and it makes code sparser than scm's.
    assert!(seen.grown_runs > 20, "{seen:?}");
    assert!(seen.smaller_than_scm > 10, "{seen:?}");
}

#[test]
fn spre_speculates_across_uniform_branches_without_faults() {
    let seen = check(spre, Branches::AllUniform, 0x55c0_0003, 1500, &|_| true);
    assert!(seen.grown_runs > 20, "{seen:?}");
    assert!(seen.smaller_than_scm > 10, "{seen:?}");
}
