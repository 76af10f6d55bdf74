//! Property test of `lcm` on random device kernels.
//!
//! Each kernel has a random CFG (forward edges so that every block reaches
//! the exit, plus random back and cross edges, so irreducible graphs occur),
//! random block arguments (modification points at block entry), and random
//! statements: pure arithmetic over a small operand pool (so lexically equal
//! expressions recur), chains over earlier results, loads through a few
//! addresses, stores that may alias them, and barriers. Branch conditions
//! come from an opaque `"test.choice"` op whose answers a tiny interpreter
//! takes from a fixed random stream, so one stream drives the same path
//! through the program before and after the pass.
//!
//! Checked on every terminating run, with the two pointer arguments apart
//! and aliasing: the log of stores (every computed value is stored) is
//! unchanged, and for each op (name and attributes) applied to given
//! operand values, the number of evaluations did not grow — a moved
//! evaluation keeps its operand values, so this is "no expression is
//! evaluated more often on this path" without relying on SSA names, which
//! the pass changes. The IR verifies after the pass. Both `lcm` and `scm` are
//! checked; for `scm` also that it never leaves more candidate ops in the
//! code than `lcm` does, and that it leaves fewer on some kernels.

mod common;

use common::interp;
use common::text;
use common::{Rng, candidates, cases_and_seed, load};
use lockstep_codemotion::lcm::{LcmStats, run_lcm};
use lockstep_codemotion::scm::run_scm;
use lockstep_ir::{OpId, Rewriter};
use std::fmt::Write;

/// A random kernel in the pretty form.
fn generate(rng: &mut Rng) -> String {
    let n = 2 + rng.below(7);
    let has_arg: Vec<bool> = (0..n).map(|i| i > 0 && rng.chance(40)).collect();
    let mut s = String::new();
    text::preamble(
        &mut s,
        "",
        &[
            "%c1 = arith.constant 1 : i32",
            "%o0 = arith.constant 0 : i64",
            "%o4 = arith.constant 4 : i64",
        ],
        &[],
    );
    let mut fresh = 0usize;
    for i in 0..n {
        let label = i + 1;
        let mut local = text::block_header(&mut s, label, has_arg[i]);
        for _ in 0..rng.below(6) {
            let v = format!("%v{fresh}");
            fresh += 1;
            match rng.below(10) {
                0..=5 => {
                    text::arith(&mut s, rng, v, &mut local);
                }
                6 | 7 => {
                    text::global_load(&mut s, rng, v, &mut local);
                }
                8 => {
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
        let forward = i + 1 + rng.below(n - 1 - i);
        if rng.chance(60) {
            let other = rng.below(n);
            let c = format!("%ch{fresh}");
            fresh += 1;
            let _ = writeln!(s, "    {c} = \"test.choice\"() : () -> i1");
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

type PassFn = fn(&mut Rewriter<'_>, OpId) -> LcmStats;

#[test]
fn lcm_never_adds_evaluations_and_keeps_results() {
    check(|rw, k| run_lcm(rw, k, 8).expect("lcm"), 0x5eed_0001, false);
}

#[test]
fn scm_never_adds_evaluations_and_keeps_results() {
    check(|rw, k| run_scm(rw, k, 8).expect("scm"), 0x5eed_0002, true);
}

/// Runs `pass` on random kernels and checks the properties of the module
/// doc; `sparse` also checks that some kernels lost computations to the
/// sparse placement (code size), not only to redundancy elimination.
fn check(pass: PassFn, default_seed: u64, sparse: bool) {
    let (cases, seed) = cases_and_seed(400, default_seed);
    let mut rng = Rng(seed);
    let mut changed_programs = 0;
    let mut compared_runs = 0;
    let mut total = LcmStats::default();
    let mut smaller = 0;
    for case in 0..cases {
        let src = generate(&mut rng);
        let (before_ctx, _, k0) = load(&src);
        let (mut ctx, m, k) = load(&src);
        if let Err(d) = lockstep_test_support::verify_tree(&ctx, m) {
            panic!(
                "case {case}: generated IR does not verify: {}\n{src}",
                d.message
            );
        }
        let stats = pass(&mut Rewriter::new(&mut ctx), k);
        if sparse {
            let (mut lcm_ctx, _, kl) = load(&src);
            run_lcm(&mut Rewriter::new(&mut lcm_ctx), kl, 8).expect("lcm");
            let (after_lcm, after_scm) = (candidates(&lcm_ctx, kl), candidates(&ctx, k));
            assert!(
                after_scm <= after_lcm,
                "case {case}: scm left {after_scm} candidates, lcm {after_lcm}\n{src}"
            );
            if after_scm < after_lcm {
                smaller += 1;
            }
        }
        let after = lockstep_test_support::pretty(&ctx, m);
        if let Err(d) = lockstep_test_support::verify_tree(&ctx, m) {
            panic!(
                "case {case}: IR does not verify after lcm: {}\n{src}\n{after}",
                d.message
            );
        }
        if stats.changed() {
            changed_programs += 1;
        }
        total.inserted += stats.inserted;
        total.replaced += stats.replaced;
        total.merges += stats.merges;
        total.split_edges += stats.split_edges;
        compared_runs += interp::compare_two_pointer_runs(
            &mut rng,
            case,
            (&before_ctx, k0),
            (&ctx, k),
            interp::any_candidate,
            true,
            &format!("{src}\n{after}"),
        );
    }
    // The property must not hold vacuously.
    assert!(
        changed_programs > 50,
        "only {changed_programs} programs changed"
    );
    assert!(compared_runs > 1000, "only {compared_runs} runs compared");
    assert!(
        total.replaced > 0 && total.inserted > 0 && total.merges > 0 && total.split_edges > 0,
        "{total:?}"
    );
    eprintln!("{changed_programs} programs changed, {smaller} smaller than after lcm, {total:?}");
    assert!(
        !sparse || smaller > 10,
        "scm smaller than lcm on {smaller} kernels only"
    );
}
