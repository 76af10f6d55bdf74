//! Helpers shared by the code-motion property tests (`lcm_random`,
//! `lcm_optimal`, `srqp_random`, `sscm_random`): the random generator,
//! kernel lookup, the test-size knobs, the kernel text builders (`text`) and
//! the interpreter (`interp`).
//!
//! Invariants: everything here is deterministic (a seed fixes the whole
//! stream), so a failing case is reproduced by its seed and case number.
// Each test crate includes this module and uses only part of it.
#![allow(dead_code)]

pub mod interp;
pub mod text;

use lockstep_codemotion::expr::expression_kind;
use lockstep_ir::{Context, OpId};

pub use lockstep_test_support::Rng;

/// The (last) `device.kernel` under `m`; the generated modules hold one.
pub fn kernel_of(ctx: &Context, m: OpId) -> OpId {
    let mut k = None;
    ctx.walk_pre(m, &mut |o| {
        if ctx.name_of(o) == "device.kernel" {
            k = Some(o);
        }
    });
    k.expect("a kernel")
}

/// A fresh context holding the module parsed from `src`: (context,
/// module, kernel).
pub fn load(src: &str) -> (Context, OpId, OpId) {
    let mut ctx = lockstep_registry::new_context(true);
    let m = lockstep_test_support::parse(&mut ctx, src);
    let k = kernel_of(&ctx, m);
    (ctx, m, k)
}

/// The number of code-motion candidates (ops with an expression kind)
/// under `k`.
pub fn candidates(ctx: &Context, k: OpId) -> usize {
    let mut n = 0;
    ctx.walk_pre(k, &mut |o| {
        if expression_kind(ctx, o).is_some() {
            n += 1;
        }
    });
    n
}

/// The number of cases and the seed of a property run:
/// `LOCKSTEP_CM_CASES` and `LOCKSTEP_CM_SEED` widen the search by hand,
/// otherwise the test's defaults.
pub fn cases_and_seed(default_cases: usize, default_seed: u64) -> (usize, u64) {
    let cases = std::env::var("LOCKSTEP_CM_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_cases);
    let seed = std::env::var("LOCKSTEP_CM_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_seed);
    (cases, seed)
}
