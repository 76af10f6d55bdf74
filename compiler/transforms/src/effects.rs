//! Side-effect queries shared by every pass: when may an op be erased,
//! deduplicated or executed speculatively.
//!
//! Invariants (the contract the passes rely on):
//! - An op is *memory-effect free* iff it is registered and either has
//!   `NO_MEMORY_EFFECT` without `RECURSIVE_MEMORY_EFFECTS`, or has
//!   `RECURSIVE_MEMORY_EFFECTS` and every op nested in its regions is
//!   memory-effect free. Unregistered ops never are (MLIR's
//!   `isMemoryEffectFree`).
//! - An op *would be trivially dead* when unused iff it is memory-effect free
//!   and is neither a terminator nor a symbol; unregistered ops never are
//!   (they might be terminators). This is MLIR's `wouldOpBeTriviallyDead`.
//! - Nothing here mutates IR.

use lockstep_ir::{Context, OpId, Traits};

/// Is `op` (with everything nested in it) free of memory effects?
pub fn is_memory_effect_free(ctx: &Context, op: OpId) -> bool {
    // An explicit stack: nesting depth is unbounded in user input.
    let mut stack = vec![op];
    while let Some(o) = stack.pop() {
        let Some(def) = ctx.def_of(o) else {
            return false;
        };
        let recursive = def.has(Traits::RECURSIVE_MEMORY_EFFECTS);
        if !recursive {
            if !def.has(Traits::NO_MEMORY_EFFECT) {
                return false;
            }
            continue;
        }
        for &r in ctx.regions(o) {
            for &b in ctx.region_blocks(r) {
                stack.extend(ctx.block_ops(b));
            }
        }
    }
    true
}

/// Could `op` be erased if its results had no uses?
pub fn would_op_be_trivially_dead(ctx: &Context, op: OpId) -> bool {
    let Some(def) = ctx.def_of(op) else {
        return false;
    };
    if def.has(Traits::TERMINATOR) || def.has(Traits::SYMBOL) {
        return false;
    }
    is_memory_effect_free(ctx, op)
}

/// Is `op` unused and erasable?
pub fn is_op_trivially_dead(ctx: &Context, op: OpId) -> bool {
    ctx.op_is_unused(op) && would_op_be_trivially_dead(ctx, op)
}
