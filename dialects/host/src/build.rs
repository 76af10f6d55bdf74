//! Builders for every host op, over a [`Rewriter`].
//!
//! Invariants: as `lockstep_device::build` — ops are created at the
//! rewriter's insertion point with their definition attached, inherent
//! attributes filled as the parser fills them, inputs not checked.

use crate::MemcpyKind;
use crate::host_ptr_type;
use crate::ops::*;
use lockstep_device::build::create;
use lockstep_device::{AddressSpace, ptr_type};
use lockstep_ir::{AttrData, LocId, OpId, Rewriter, TypeId, ValueId};

fn create1(
    rw: &mut Rewriter<'_>,
    def: &'static lockstep_ir::OpDef,
    operands: &[ValueId],
    result: TypeId,
    attrs: &[(&str, lockstep_ir::AttrId)],
    loc: LocId,
) -> ValueId {
    let op = create(rw, def, operands, &[result], attrs, loc);
    rw.ctx().result(op, 0)
}

/// `host.device_alloc %bytes : !device.ptr<global>` (`bytes: i64`).
pub fn device_alloc(rw: &mut Rewriter<'_>, bytes: ValueId, loc: LocId) -> ValueId {
    let t = ptr_type(rw.ctx(), AddressSpace::Global);
    create1(rw, &DEVICE_ALLOC, &[bytes], t, &[], loc)
}

/// `host.device_free %ptr`.
pub fn device_free(rw: &mut Rewriter<'_>, ptr: ValueId, loc: LocId) -> OpId {
    create(rw, &DEVICE_FREE, &[ptr], &[], &[], loc)
}

/// `host.memcpy kind %dst, %src, %bytes` (`bytes: i64`).
pub fn memcpy(
    rw: &mut Rewriter<'_>,
    kind: MemcpyKind,
    dst: ValueId,
    src: ValueId,
    bytes: ValueId,
    loc: LocId,
) -> OpId {
    let a = rw.ctx().str_attr(kind.keyword());
    create(rw, &MEMCPY, &[dst, src, bytes], &[], &[("kind", a)], loc)
}

/// `host.alloc %bytes : !host.ptr` (`bytes: i64`).
pub fn alloc(rw: &mut Rewriter<'_>, bytes: ValueId, loc: LocId) -> ValueId {
    let t = host_ptr_type(rw.ctx());
    create1(rw, &ALLOC, &[bytes], t, &[], loc)
}

/// `host.free %ptr`.
pub fn free(rw: &mut Rewriter<'_>, ptr: ValueId, loc: LocId) -> OpId {
    create(rw, &FREE, &[ptr], &[], &[], loc)
}

/// `host.alloca size [align alignment] : !host.ptr`.
pub fn alloca(rw: &mut Rewriter<'_>, size: i64, alignment: Option<i64>, loc: LocId) -> ValueId {
    let ctx = rw.ctx();
    let t = host_ptr_type(ctx);
    let mut attrs = vec![("size", ctx.int_attr(size, ctx.common.i64))];
    if let Some(a) = alignment {
        attrs.push(("alignment", ctx.int_attr(a, ctx.common.i64)));
    }
    create1(rw, &ALLOCA, &[], t, &attrs, loc)
}

/// `host.ptradd %base, %offset : !host.ptr, T`.
pub fn ptradd(rw: &mut Rewriter<'_>, base: ValueId, offset: ValueId, loc: LocId) -> ValueId {
    let t = host_ptr_type(rw.ctx());
    create1(rw, &PTRADD, &[base, offset], t, &[], loc)
}

/// `host.load %ptr : !host.ptr -> ty`.
pub fn load(rw: &mut Rewriter<'_>, ptr: ValueId, ty: TypeId, loc: LocId) -> ValueId {
    create1(rw, &LOAD, &[ptr], ty, &[], loc)
}

/// `host.store %value, %ptr`.
pub fn store(rw: &mut Rewriter<'_>, value: ValueId, ptr: ValueId, loc: LocId) -> OpId {
    create(rw, &STORE, &[value, ptr], &[], &[], loc)
}

/// `host.launch @module::@kernel blocks in (grid) threads in (block)
/// dynamic_shared_memory_size %shm args(...)`. The six dims must share one
/// type (`index` or `i32`); `shm` is `i32`.
#[allow(clippy::too_many_arguments)]
pub fn launch(
    rw: &mut Rewriter<'_>,
    module: &str,
    kernel: &str,
    grid: [ValueId; 3],
    block: [ValueId; 3],
    dynamic_shared_memory_size: ValueId,
    args: &[ValueId],
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let a = ctx.attr(AttrData::SymbolRef {
        root: ctx.sym(module),
        nested: Box::new([ctx.sym(kernel)]),
    });
    let mut operands: Vec<ValueId> = grid.to_vec();
    operands.extend(block);
    operands.push(dynamic_shared_memory_size);
    operands.extend_from_slice(args);
    create(rw, &LAUNCH, &operands, &[], &[("kernel", a)], loc)
}

/// `host.synchronize`.
pub fn synchronize(rw: &mut Rewriter<'_>, loc: LocId) -> OpId {
    create(rw, &SYNCHRONIZE, &[], &[], &[], loc)
}

/// `host.printf "format", args : types`.
pub fn printf(rw: &mut Rewriter<'_>, format: &str, args: &[ValueId], loc: LocId) -> OpId {
    let a = rw.ctx().str_attr(format);
    create(rw, &PRINTF, args, &[], &[("format", a)], loc)
}
