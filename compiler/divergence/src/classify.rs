//! How each op contributes to divergence, shared by the three analyses.
//!
//! Ops are recognised by name, so the analyses also work on IR written in
//! the generic form. The table is the single place that decides which ops
//! start divergence and which are uniform whatever their operands.
//!
//! Invariant: an op this module does not know is treated as divergent unless
//! it is registered, pure (`NO_MEMORY_EFFECT`) and all its operands are
//! uniform ("values never classified are divergent").

use lockstep_ir::printer::type_to_string;
use lockstep_ir::{BlockId, Context, OpId, RegionId, Traits, ValueId};

/// The role of an op in the data-dependence part of the analyses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OpKind {
    /// Results differ between threads whatever the operands: thread and
    /// lane ids, atomics, shuffles, volatile loads, per-thread (local)
    /// memory, unknown ops with effects.
    Source,
    /// Results are warp-uniform whatever the operands: block ids and dims,
    /// warp size, votes, shared-memory addresses, constants.
    Uniform,
    /// Results are divergent iff an operand is.
    Data,
    /// `device.call`: data, provided the callee preserves uniformity.
    Call,
}

/// Classifies the results of a non-structured op.
pub fn op_kind(ctx: &Context, op: OpId) -> OpKind {
    let name = ctx.name_of(op);
    match name {
        "device.thread_id" | "device.lane_id" | "device.atomic" | "device.atomic_cas"
        | "device.shuffle" | "device.alloca" => OpKind::Source,
        "device.block_id"
        | "device.block_dim"
        | "device.grid_dim"
        | "device.warp_size"
        | "device.vote"
        | "device.addressof"
        | "device.dynamic_shared" => OpKind::Uniform,
        "device.load" => {
            if ctx.attr_of(op, "volatile").is_some() {
                return OpKind::Source;
            }
            match ctx.operands(op).first() {
                Some(&p) if is_local_ptr(ctx, p) => OpKind::Source,
                Some(_) => OpKind::Data,
                None => OpKind::Source,
            }
        }
        "device.ptradd" | "device.addrspace_cast" => OpKind::Data,
        "device.call" => OpKind::Call,
        // A `ptx` instruction in device code is pure when it computes, but
        // `mov` of a special register reads per-thread (or per-moment)
        // state: only the grid-level ones are warp-uniform.
        "ptx.mov" if ctx.attr_of(op, "sreg").is_some() => {
            let uniform = ["ctaid.", "ntid.", "nctaid.", "nwarpid", "nsmid"];
            match ctx.attr_of(op, "sreg").map(|a| ctx.attr_data(a)) {
                Some(lockstep_ir::AttrData::String(s))
                    if uniform.iter().any(|u| ctx.str(*s).starts_with(u)) =>
                {
                    OpKind::Uniform
                }
                _ => OpKind::Source,
            }
        }
        _ => match ctx.def_of(op) {
            Some(d) if d.has(Traits::CONSTANT_LIKE) => OpKind::Uniform,
            Some(d) if d.has(Traits::NO_MEMORY_EFFECT) => OpKind::Data,
            _ => OpKind::Source,
        },
    }
}

/// Is `v` a pointer into per-thread local memory?
pub fn is_local_ptr(ctx: &Context, v: ValueId) -> bool {
    type_to_string(ctx, ctx.value_type(v)) == "!device.ptr<local>"
}

/// Is `op` a function whose body this crate analyses?
pub fn is_device_function(ctx: &Context, op: OpId) -> bool {
    matches!(ctx.name_of(op), "device.kernel" | "device.func")
}

pub fn is_kernel(ctx: &Context, op: OpId) -> bool {
    ctx.name_of(op) == "device.kernel"
}

/// The entry block of region `i` of `op`, if it has one.
pub fn region_entry(ctx: &Context, op: OpId, i: usize) -> Option<BlockId> {
    ctx.regions(op).get(i).and_then(|&r| ctx.entry_block(r))
}

/// The device kernels and functions at or under `root`, in pre-order.
pub fn device_functions(ctx: &Context, root: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    // Only symbol-table-like ops can hold functions: do not descend into
    // function bodies.
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        if is_device_function(ctx, op) {
            out.push(op);
            continue;
        }
        for &r in ctx.regions(op).iter().rev() {
            for &b in ctx.region_blocks(r).iter().rev() {
                let ops: Vec<OpId> = ctx.block_ops(b).collect();
                stack.extend(ops.into_iter().rev());
            }
        }
    }
    out
}

/// The symbol name of a function op (empty when it has none).
pub fn symbol(ctx: &Context, op: OpId) -> String {
    lockstep_ir::symbol::symbol_name(ctx, op)
        .map(|s| ctx.str(s).to_string())
        .unwrap_or_default()
}

/// The condition operand of a conditional terminator (`cf.cond_br`,
/// `cf.switch`), or `None` when the op is not one.
pub fn branch_condition(ctx: &Context, op: OpId) -> Option<ValueId> {
    match ctx.name_of(op) {
        "cf.cond_br" | "cf.switch" => ctx.operands(op).first().copied(),
        _ => None,
    }
}

/// The ancestor of block `b` (or `b` itself) that lies in region `r`.
pub fn ancestor_block_in(ctx: &Context, mut b: BlockId, r: RegionId) -> Option<BlockId> {
    loop {
        if ctx.block_parent(b) == Some(r) {
            return Some(b);
        }
        let op = ctx.block_parent_op(b)?;
        b = ctx.parent_block(op)?;
    }
}

/// Every op nested (at any depth) in block `b`, `b`'s own ops included.
pub fn ops_in_block_deep(ctx: &Context, b: BlockId) -> Vec<OpId> {
    let mut out = Vec::new();
    for op in ctx.block_ops(b) {
        ctx.walk_pre(op, &mut |o| out.push(o));
    }
    out
}

/// The operand slots that feed argument `k` of block `b`: one `(terminator,
/// operand index)` per incoming edge, in use order. `None` when a
/// predecessor's terminator does not declare its forwarded operands (an
/// unregistered op), so the argument's source is unknown.
pub fn incoming_operands(ctx: &Context, b: BlockId, k: usize) -> Option<Vec<(OpId, usize)>> {
    let mut out = Vec::new();
    for u in ctx.block_preds(b) {
        let f = ctx.def_of(u.op).and_then(|d| d.successor_operands)?;
        let idx = f(ctx, u.op, u.index as usize).nth(k)?;
        out.push((u.op, idx));
    }
    Some(out)
}

/// The single value every incoming edge of `b` forwards to argument `k`,
/// if there is one (an argument that can only ever hold that value, as a
/// phi whose incoming values are all the same).
pub fn same_incoming_value(ctx: &Context, b: BlockId, k: usize) -> Option<ValueId> {
    let slots = incoming_operands(ctx, b, k)?;
    let mut vals = slots.iter().map(|&(op, i)| ctx.operand(op, i));
    let first = vals.next()?;
    vals.all(|v| v == first).then_some(first)
}
