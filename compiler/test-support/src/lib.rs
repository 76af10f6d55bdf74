//! Helpers shared by the dialect crates' integration tests (a dev-only
//! crate: it is never a normal dependency, so test code stays out of the
//! dialects' public APIs, and dialects that do not depend on each other —
//! `arith` does not know `func` — can still share it).
//!
//! Invariants:
//! - Sources are parsed as file `t.mlir`; a parse failure that a helper does
//!   not expect panics with the parser's message.
//! - Printing never prints locations (`debug_info: false`).
//! - Verification is the core verifier ([`lockstep_ir::verify::verify`]) on
//!   the op and everything nested in it; helpers answer its first
//!   diagnostic.
//! - Helpers that need fresh contexts take the test file's context factory,
//!   which decides the dialects registered and `allow_unregistered`.

use lockstep_ir::{Context, Diagnostic, OpId, PrintOptions, parse_source, print_op};

/// Parses `src` into `ctx`, panicking on a parse error.
pub fn parse(ctx: &mut Context, src: &str) -> OpId {
    parse_source(ctx, "t.mlir", src, 1)
        .unwrap_or_else(|d| panic!("parse error: {} ({:?})", d.message, d.loc))
}

/// The parse error `src` must produce in `ctx`.
pub fn parse_error(ctx: &mut Context, src: &str) -> Diagnostic {
    match parse_source(ctx, "t.mlir", src, 1) {
        Ok(_) => panic!("expected a parse error"),
        Err(d) => d,
    }
}

/// `op` printed in the pretty (`generic == false`) or generic form.
pub fn print(ctx: &Context, op: OpId, generic: bool) -> String {
    print_op(
        ctx,
        op,
        PrintOptions {
            generic,
            debug_info: false,
        },
    )
}

/// `op` in the pretty form.
pub fn pretty(ctx: &Context, op: OpId) -> String {
    print(ctx, op, false)
}

/// `op` in the generic form.
pub fn generic(ctx: &Context, op: OpId) -> String {
    print(ctx, op, true)
}

/// The core verifier's first diagnostic on `op`, if any.
pub fn verify_tree(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    lockstep_ir::verify::verify(ctx, op).map_err(|mut ds| ds.remove(0))
}

/// Parses `src` into `ctx` and answers the verifier error it must have.
pub fn verify_error(ctx: &mut Context, src: &str) -> String {
    let m = parse(ctx, src);
    match verify_tree(ctx, m) {
        Ok(()) => panic!("expected a verifier error"),
        Err(d) => d.message,
    }
}

/// Checks that `src` verifies and prints as `want_pretty` and
/// `want_generic` (mlir-opt's output), and that both forms parse back, in
/// fresh contexts from `new_ctx`, to IR that verifies and prints the same.
pub fn check_roundtrip(new_ctx: fn() -> Context, src: &str, want_pretty: &str, want_generic: &str) {
    for text in [src, want_pretty, want_generic] {
        let mut ctx = new_ctx();
        let m = parse(&mut ctx, text);
        verify_tree(&ctx, m).unwrap_or_else(|d| panic!("verifier: {}", d.message));
        assert_eq!(pretty(&ctx, m), want_pretty);
        assert_eq!(generic(&ctx, m), want_generic);
    }
}

/// The ops of the body of module `m`, in order.
pub fn body_ops(ctx: &Context, m: OpId) -> Vec<OpId> {
    let b = ctx.entry_block(ctx.region(m, 0)).expect("module body");
    ctx.block_ops(b).collect()
}

/// A small deterministic generator (splitmix64) for randomized tests, so
/// runs are reproducible without a dependency: the same seed always gives
/// the same sequence.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}
