//! Test helpers: functions written in the `func`/`cf`/`arith` dialects,
//! parsed into a fresh context. Blocks are found by their printed label.

use lockstep_ir::{BlockId, Context, OpId};

pub struct Fixture {
    pub ctx: Context,
    pub module: OpId,
}

impl Fixture {
    pub fn new(src: &str) -> Fixture {
        let mut ctx = Context::new();
        ctx.register_dialect(&lockstep_func::FUNC);
        ctx.register_dialect(&lockstep_cf::CF);
        ctx.register_dialect(&lockstep_arith::ARITH);
        ctx.allow_unregistered = true;
        let module = lockstep_test_support::parse(&mut ctx, src);
        lockstep_test_support::verify_tree(&ctx, module)
            .unwrap_or_else(|d| panic!("verifier: {}", d.message));
        Fixture { ctx, module }
    }

    /// The `i`-th op of the module body (a function).
    pub fn func(&self, i: usize) -> OpId {
        lockstep_test_support::body_ops(&self.ctx, self.module)[i]
    }

    /// The blocks of the body of function `i`, in order.
    pub fn blocks(&self, i: usize) -> Vec<BlockId> {
        let f = self.func(i);
        self.ctx.region_blocks(self.ctx.region(f, 0)).to_vec()
    }

    pub fn body(&self, i: usize) -> lockstep_ir::RegionId {
        self.ctx.region(self.func(i), 0)
    }
}

/// Labels of blocks, for readable assertions.
pub fn labels(ctx: &Context, bs: &[BlockId]) -> Vec<String> {
    bs.iter()
        .map(|&b| crate::cfg::block_label(ctx, b))
        .collect()
}
