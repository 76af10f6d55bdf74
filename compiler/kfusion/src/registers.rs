//! A PTX-level register estimate for a kernel: the most register-sized
//! pieces of SSA values live at the same point, from SSA liveness.
//!
//! Invariants and conventions:
//! - 64-bit values (and device pointers) count as two 32-bit registers,
//!   narrower ones as one; `i1` values live in predicate registers and do
//!   not count; constants become immediates and do not count; kernel
//!   parameters live in the constant bank and do not count.
//! - Only the kernel body's own blocks are scanned; an op with regions
//!   counts with its own operands and results (kernels reaching codegen
//!   have none).
//! - This is an estimate of pressure before ptxas allocates registers, not
//!   ptxas's number; it is used to refuse fusions that would clearly not
//!   fit, never to promise that one does.

use lockstep_analysis::liveness::Liveness;
use lockstep_ir::types::TypeData;
use lockstep_ir::{Context, OpId, ValueDef, ValueId};
use rustc_hash::FxHashSet;

/// The most registers a thread may use (PTX's and every architecture's
/// limit).
pub const MAX_REGISTERS_PER_THREAD: u64 = 255;
/// Registers one block may use on every architecture since sm_50.
pub const MAX_REGISTERS_PER_BLOCK: u64 = 65536;

/// Registers `v` occupies.
fn weight(ctx: &Context, v: ValueId) -> u64 {
    if let ValueDef::Result { op, .. } = ctx.value_def(v)
        && ctx.name_of(op) == "arith.constant"
    {
        return 0;
    }
    if let ValueDef::BlockArg { block, .. } = ctx.value_def(v)
        && ctx
            .block_parent_op(block)
            .is_some_and(|k| ctx.name_of(k) == "device.kernel")
        && ctx.block_index(block) == Some(0)
    {
        return 0;
    }
    let ty = ctx.value_type(v);
    if lockstep_device::types::is_ptr(ctx, ty) {
        return 2;
    }
    match ctx.type_data(ty) {
        TypeData::Integer { width: 1, .. } => 0,
        TypeData::Integer { width, .. } => u64::from(*width).div_ceil(32),
        TypeData::Float(k) => u64::from(k.width()).div_ceil(32),
        TypeData::Index => 2,
        _ => 1,
    }
}

/// The estimated registers per thread of `kernel` (see the module docs).
pub fn estimate(ctx: &Context, kernel: OpId) -> u64 {
    let live = Liveness::compute(ctx, kernel);
    let Some(&body) = ctx.regions(kernel).first() else {
        return 0;
    };
    let mut most = 0;
    for &b in ctx.region_blocks(body) {
        let mut set: FxHashSet<ValueId> = live.live_out(b).iter().copied().collect();
        let mut pressure: u64 = set.iter().map(|&v| weight(ctx, v)).sum();
        most = most.max(pressure);
        let ops: Vec<OpId> = ctx.block_ops(b).collect();
        for &op in ops.iter().rev() {
            for &r in ctx.results(op) {
                if set.remove(&r) {
                    pressure -= weight(ctx, r);
                }
            }
            // A result is written while the operands are still read.
            let results: u64 = ctx.results(op).iter().map(|&r| weight(ctx, r)).sum();
            for &v in ctx.operands(op) {
                if set.insert(v) {
                    pressure += weight(ctx, v);
                }
            }
            most = most.max(pressure + results);
        }
    }
    most
}
