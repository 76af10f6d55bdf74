//! Property test of the SRQP family on random device kernels (modelled on
//! `lcm_random.rs`; the interpreter and the text builders are shared, in
//! `common/`).
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

mod common;

use common::interp;
use common::text::{self, pick};
use common::{Rng, cases_and_seed, load};
use lockstep_codemotion::expr::{ExprKind, expression_kind};
use lockstep_codemotion::srqp::{SrqpOptions, SrqpStats, Variant, run_srqp};
use lockstep_ir::{Context, OpId, Rewriter};
use std::fmt::Write;

/// A random kernel in the pretty form.
fn generate(rng: &mut Rng, uniform_only: bool) -> String {
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
            "%mask = arith.constant 28 : i64",
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
                    let rhs = format!("device.load %ad{fresh} : !device.ptr<global> -> i32");
                    text::define(&mut s, v, &rhs, &mut local);
                }
                5 if has_arg[i] && rng.chance(50) => {
                    // The induction update of a loop counter.
                    let _ = writeln!(s, "    {v} = arith.addi %k{label}, %c1 : i32");
                    local.push(v);
                }
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
            if uniform_only || rng.chance(40) {
                // A uniform condition: block ids are the same in a warp.
                let _ = writeln!(s, "    {c}b = device.block_id x : i32");
                let _ = writeln!(s, "    {c} = arith.trunci {c}b : i32 to i1");
            } else {
                let _ = writeln!(s, "    {c} = \"test.choice\"() : () -> i1");
            }
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

/// Counts loads only: the address arithmetic materialised with an
/// inserted load may add pure evaluations.
fn is_load(ctx: &Context, op: OpId) -> bool {
    expression_kind(ctx, op) == Some(ExprKind::Load)
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
    let (cases, seed) = cases_and_seed(400, default_seed);
    let mut rng = Rng(seed);
    let mut changed_programs = 0;
    let mut compared_runs = 0;
    let mut total = SrqpStats::default();
    for case in 0..cases {
        let src = generate(&mut rng, uniform_only);
        let (before_ctx, _, k0) = load(&src);
        let (mut ctx, m, k) = load(&src);
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
        compared_runs += interp::compare_two_pointer_runs(
            &mut rng,
            case,
            (&before_ctx, k0),
            (&ctx, k),
            is_load,
            no_more_loads,
            &format!("{src}\n{after}"),
        );
    }
    assert!(
        changed_programs > 20,
        "only {changed_programs} programs changed"
    );
    assert!(compared_runs > 1000, "only {compared_runs} runs compared");
    eprintln!("{variant:?}: {changed_programs} programs changed, {total:?}");
    total
}
