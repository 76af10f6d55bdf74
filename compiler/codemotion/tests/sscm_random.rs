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

mod common;

use common::interp::{self, INVALID, Outcome, Run, Val, grown};
use common::text::{self, GLOBAL_POOL, OPS, pick};
use common::{Rng, candidates, cases_and_seed, load};
use lockstep_codemotion::lcm::LcmStats;
use lockstep_codemotion::scm::run_scm;
use lockstep_codemotion::sscm::{SpecMode, run_speculative};
use lockstep_divergence::DivergenceInfo;
use lockstep_ir::{Context, OpId, Rewriter};
use std::collections::HashSet;
use std::fmt::Write;

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
    text::preamble(
        &mut s,
        ", %cp: !device.ptr<const>",
        &[
            "%c1 = arith.constant 1 : i32",
            "%c4 = arith.constant 4 : i32",
            "%z = arith.constant 0 : i32",
            "%o0 = arith.constant 0 : i64",
            "%o4 = arith.constant 4 : i64",
        ],
        &["%cq = device.ptradd %cp, %o4 : !device.ptr<const>, i64"],
    );
    let mut fresh = 0usize;
    // Expressions over the global pool already written, so that lexically
    // equal computations recur in different branches (what sparse and
    // speculative placement feed on).
    let mut written: Vec<(&str, String, String)> = Vec::new();
    let mut divisions: Vec<(String, String)> = Vec::new();
    for i in 0..n {
        let label = i + 1;
        let mut local = text::block_header(&mut s, label, has_arg[i]);
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
                        if GLOBAL_POOL.contains(&x.as_str()) && GLOBAL_POOL.contains(&y.as_str()) {
                            written.push((op, x.clone(), y.clone()));
                        }
                        (op, x, y)
                    };
                    text::define(&mut s, v, &format!("{op} {x}, {y} : i32"), &mut local);
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
                        let global = |v: &str| GLOBAL_POOL.contains(&v) || v == "%c4" || v == "%z";
                        if global(&x) && global(&y) {
                            divisions.push((x.clone(), y.clone()));
                        }
                        (x, y)
                    };
                    text::define(
                        &mut s,
                        v,
                        &format!("arith.divsi {x}, {y} : i32"),
                        &mut local,
                    );
                }
                7 | 8 => {
                    text::global_load(&mut s, rng, v, &mut local);
                }
                9 => {
                    // Read-only memory: global stores do not kill these
                    // loads, so they move (and may be speculated) often.
                    let a = if rng.chance(50) { "%cp" } else { "%cq" };
                    let rhs = format!("device.load {a} : !device.ptr<const> -> i32");
                    text::define(&mut s, v, &rhs, &mut local);
                }
                10 => {
                    text::global_store(&mut s, rng, &local);
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
            let t1 = text::target(rng, &has_arg, forward, &local);
            let t2 = text::target(rng, &has_arg, other, &local);
            text::cond_br(&mut s, rng, &c, &t1, &t2);
        } else {
            let t = text::target(rng, &has_arg, forward, &local);
            let _ = writeln!(s, "    cf.br {t}");
        }
    }
    text::postamble(&mut s);
    s
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

/// Runs kernel `k` along the path `choices` picks, with the pointer
/// arguments set up as `memory` says.
fn interpret(
    ctx: &Context,
    k: OpId,
    choices: &[bool],
    memory: Memory,
    divergent: &HashSet<OpId>,
) -> Outcome {
    let (p1, cp) = match memory {
        Memory::Apart => (2, 3),
        Memory::Alias => (1, 3),
        Memory::Invalid => (2, INVALID),
        Memory::InvalidGlobal => (INVALID, 3),
    };
    let args = [
        Val::Int(7),
        Val::Int(-3),
        Val::Int(12345),
        Val::Ptr(1, 0),
        Val::Ptr(p1, 0),
        Val::Ptr(cp, 0),
    ];
    interp::interpret(ctx, k, choices, &args, interp::any_candidate, divergent)
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
    let (cases, seed) = cases_and_seed(default_cases, default_seed);
    let mut rng = Rng(seed);
    let mut seen = Seen {
        cases,
        ..Seen::default()
    };
    for case in 0..cases {
        let src = generate(&mut rng, branches);
        let (before_ctx, m0, k0) = load(&src);
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
        let (mut ctx, m, k) = load(&src);
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
        let (mut scm_ctx, ms, ks) = load(&src);
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
            let more = grown(&b, &a);
            if let (false, Some((name, n, was))) = (may_grow(&b), more.first()) {
                panic!(
                    "case {case} trial {trial} ({memory:?}): {name} evaluated {n} times, {was} before, on a run without divergent branches\n{src}\n{after}"
                );
            }
            if !more.is_empty() {
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
