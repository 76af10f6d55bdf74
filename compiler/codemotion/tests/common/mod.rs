//! Helpers shared by the code-motion property tests (`lcm_random`,
//! `lcm_optimal`, `sscm_random`).
// Each test crate includes this module and uses only part of it.
#![allow(dead_code)]
//!
//! Invariants: everything here is deterministic (a seed fixes the whole
//! stream), so a failing case is reproduced by its seed and case number.

use lockstep_ir::{Context, OpId};

/// A small deterministic generator (splitmix64), so runs are reproducible
/// without a dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

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
