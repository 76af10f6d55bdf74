//! Builders for every device op, over a [`Rewriter`].
//!
//! Invariants:
//! - Every builder creates its op at the rewriter's insertion point
//!   (detached when it has none) with the definition attached even if the
//!   dialect is not registered, and fills inherent attributes exactly as the
//!   parser does, so built and parsed IR print the same.
//! - Builders do not check their inputs: the verifier reports misuse.
//! - Container builders (`module`, `kernel`, `func`) return the op and its
//!   (entry) block; they do not move the insertion point.

use crate::ops::*;
use crate::types::{AddressSpace, AtomicKind, Dim, ShuffleMode, VoteMode, ptr_type};
use lockstep_func::function_like::{create_call_like, create_function_like};
use lockstep_ir::{
    AttrData, AttrId, BlockId, Context, LocId, OpDef, OpId, OperationState, Rewriter, TypeId,
    ValueId,
};

pub use lockstep_func::function_like::op_name;

/// Creates `def(operands) -> results {attrs}` at the insertion point.
pub fn create(
    rw: &mut Rewriter<'_>,
    def: &'static OpDef,
    operands: &[ValueId],
    results: &[TypeId],
    attrs: &[(&str, AttrId)],
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let mut st = OperationState::new(op_name(ctx, def), loc)
        .operands(operands)
        .results(results);
    for &(k, v) in attrs {
        st.add_attr(ctx.sym(k), v);
    }
    rw.create(st)
}

fn create1(
    rw: &mut Rewriter<'_>,
    def: &'static OpDef,
    operands: &[ValueId],
    result: TypeId,
    attrs: &[(&str, AttrId)],
    loc: LocId,
) -> ValueId {
    let op = create(rw, def, operands, &[result], attrs, loc);
    rw.ctx().result(op, 0)
}

fn i64_attr(ctx: &Context, v: i64) -> AttrId {
    ctx.int_attr(v, ctx.common.i64)
}

// ----- structure -----

/// `device.module @name { }` with its one (empty) block.
pub fn module(rw: &mut Rewriter<'_>, name: &str, loc: LocId) -> (OpId, BlockId) {
    let region = rw.new_region();
    let block = rw.create_block(region, &[], None);
    let ctx = rw.ctx();
    let mut st = OperationState::new(op_name(ctx, &MODULE), loc).regions(&[region]);
    st.add_attr(ctx.sym("sym_name"), ctx.str_attr(name));
    (rw.create(st), block)
}

fn function(
    rw: &mut Rewriter<'_>,
    def: &'static OpDef,
    name: &str,
    inputs: &[TypeId],
    results: &[TypeId],
    loc: LocId,
) -> (OpId, BlockId) {
    let region = rw.new_region();
    let block = rw.create_block(region, inputs, Some(loc));
    let fty = rw.ctx().function_type(inputs, results);
    let op = create_function_like(rw, def, name, fty, None, region, loc);
    (op, block)
}

/// `device.kernel @name(inputs)` with an entry block whose arguments have
/// the input types; the body is left without terminator.
pub fn kernel(rw: &mut Rewriter<'_>, name: &str, inputs: &[TypeId], loc: LocId) -> (OpId, BlockId) {
    function(rw, &KERNEL, name, inputs, &[], loc)
}

/// `device.func @name(inputs) -> results` with an entry block.
pub fn func(
    rw: &mut Rewriter<'_>,
    name: &str,
    inputs: &[TypeId],
    results: &[TypeId],
    loc: LocId,
) -> (OpId, BlockId) {
    function(rw, &FUNC, name, inputs, results, loc)
}

/// `device.func private @name(inputs) -> results` without body.
pub fn func_decl(
    rw: &mut Rewriter<'_>,
    name: &str,
    inputs: &[TypeId],
    results: &[TypeId],
    loc: LocId,
) -> OpId {
    let region = rw.new_region();
    let fty = rw.ctx().function_type(inputs, results);
    create_function_like(rw, &FUNC, name, fty, Some("private"), region, loc)
}

/// `device.return values`.
pub fn ret(rw: &mut Rewriter<'_>, values: &[ValueId], loc: LocId) -> OpId {
    create(rw, &RETURN, values, &[], &[], loc)
}

/// `device.call @callee(args) : (...) -> results`.
pub fn call(
    rw: &mut Rewriter<'_>,
    callee: &str,
    args: &[ValueId],
    results: &[TypeId],
    loc: LocId,
) -> OpId {
    create_call_like(rw, &CALL, callee, args, results, loc)
}

/// `device.shared @name[size] [align alignment]`.
pub fn shared(
    rw: &mut Rewriter<'_>,
    name: &str,
    size: i64,
    alignment: Option<i64>,
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let mut attrs = vec![
        ("sym_name", ctx.str_attr(name)),
        ("size", i64_attr(ctx, size)),
    ];
    if let Some(a) = alignment {
        attrs.push(("alignment", i64_attr(ctx, a)));
    }
    create(rw, &SHARED, &[], &[], &attrs, loc)
}

// ----- special registers -----

fn dim_value(rw: &mut Rewriter<'_>, def: &'static OpDef, dim: Dim, loc: LocId) -> ValueId {
    let (a, t) = (dim.attr(rw.ctx()), rw.ctx().common.i32);
    create1(rw, def, &[], t, &[("dimension", a)], loc)
}

/// `device.thread_id dim : i32`.
pub fn thread_id(rw: &mut Rewriter<'_>, dim: Dim, loc: LocId) -> ValueId {
    dim_value(rw, &THREAD_ID, dim, loc)
}
/// `device.block_id dim : i32`.
pub fn block_id(rw: &mut Rewriter<'_>, dim: Dim, loc: LocId) -> ValueId {
    dim_value(rw, &BLOCK_ID, dim, loc)
}
/// `device.block_dim dim : i32`.
pub fn block_dim(rw: &mut Rewriter<'_>, dim: Dim, loc: LocId) -> ValueId {
    dim_value(rw, &BLOCK_DIM, dim, loc)
}
/// `device.grid_dim dim : i32`.
pub fn grid_dim(rw: &mut Rewriter<'_>, dim: Dim, loc: LocId) -> ValueId {
    dim_value(rw, &GRID_DIM, dim, loc)
}
/// `device.lane_id : i32`.
pub fn lane_id(rw: &mut Rewriter<'_>, loc: LocId) -> ValueId {
    let t = rw.ctx().common.i32;
    create1(rw, &LANE_ID, &[], t, &[], loc)
}
/// `device.warp_size : i32`.
pub fn warp_size(rw: &mut Rewriter<'_>, loc: LocId) -> ValueId {
    let t = rw.ctx().common.i32;
    create1(rw, &WARP_SIZE, &[], t, &[], loc)
}

// ----- memory -----

/// `device.addressof @name : !device.ptr<shared>`.
pub fn addressof(rw: &mut Rewriter<'_>, name: &str, loc: LocId) -> ValueId {
    let ctx = rw.ctx();
    let (a, t) = (
        ctx.symbol_ref_attr(name),
        ptr_type(ctx, AddressSpace::Shared),
    );
    create1(rw, &ADDRESSOF, &[], t, &[("symbol", a)], loc)
}

/// `device.dynamic_shared : !device.ptr<shared>`.
pub fn dynamic_shared(rw: &mut Rewriter<'_>, loc: LocId) -> ValueId {
    let t = ptr_type(rw.ctx(), AddressSpace::Shared);
    create1(rw, &DYNAMIC_SHARED, &[], t, &[], loc)
}

/// `device.alloca size [align alignment] : !device.ptr<local>`.
pub fn alloca(rw: &mut Rewriter<'_>, size: i64, alignment: Option<i64>, loc: LocId) -> ValueId {
    let ctx = rw.ctx();
    let t = ptr_type(ctx, AddressSpace::Local);
    let mut attrs = vec![("size", i64_attr(ctx, size))];
    if let Some(a) = alignment {
        attrs.push(("alignment", i64_attr(ctx, a)));
    }
    create1(rw, &ALLOCA, &[], t, &attrs, loc)
}

/// `device.ptradd %base, %offset`; the result has the base's type.
pub fn ptradd(rw: &mut Rewriter<'_>, base: ValueId, offset: ValueId, loc: LocId) -> ValueId {
    let t = rw.ctx().value_type(base);
    create1(rw, &PTRADD, &[base, offset], t, &[], loc)
}

/// `device.addrspace_cast %p : ... to !device.ptr<to>`.
pub fn addrspace_cast(rw: &mut Rewriter<'_>, p: ValueId, to: AddressSpace, loc: LocId) -> ValueId {
    let t = ptr_type(rw.ctx(), to);
    create1(rw, &ADDRSPACE_CAST, &[p], t, &[], loc)
}

/// `device.inttoptr %x : iN to !device.ptr<space>`.
pub fn inttoptr(rw: &mut Rewriter<'_>, x: ValueId, space: AddressSpace, loc: LocId) -> ValueId {
    let t = ptr_type(rw.ctx(), space);
    create1(rw, &INTTOPTR, &[x], t, &[], loc)
}

/// `device.ptrtoint %p : !device.ptr<...> to int_ty`.
pub fn ptrtoint(rw: &mut Rewriter<'_>, p: ValueId, int_ty: TypeId, loc: LocId) -> ValueId {
    create1(rw, &PTRTOINT, &[p], int_ty, &[], loc)
}

fn volatile_attr(ctx: &Context, volatile: bool) -> Vec<(&'static str, AttrId)> {
    if volatile {
        vec![("volatile", ctx.attr(AttrData::Unit))]
    } else {
        Vec::new()
    }
}

/// `device.load [volatile] %ptr : ... -> ty`.
pub fn load(
    rw: &mut Rewriter<'_>,
    ptr: ValueId,
    ty: TypeId,
    volatile: bool,
    loc: LocId,
) -> ValueId {
    let attrs = volatile_attr(rw.ctx(), volatile);
    create1(rw, &LOAD, &[ptr], ty, &attrs, loc)
}

/// `device.store [volatile] %value, %ptr`.
pub fn store(
    rw: &mut Rewriter<'_>,
    value: ValueId,
    ptr: ValueId,
    volatile: bool,
    loc: LocId,
) -> OpId {
    let attrs = volatile_attr(rw.ctx(), volatile);
    create(rw, &STORE, &[value, ptr], &[], &attrs, loc)
}

// ----- synchronization, warp operations, atomics -----

/// `device.barrier`.
pub fn barrier(rw: &mut Rewriter<'_>, loc: LocId) -> OpId {
    create(rw, &BARRIER, &[], &[], &[], loc)
}

/// `device.vote mode %mask, %pred` (`i1` result, `i32` for ballot).
pub fn vote(
    rw: &mut Rewriter<'_>,
    mode: VoteMode,
    mask: ValueId,
    pred: ValueId,
    loc: LocId,
) -> ValueId {
    let ctx = rw.ctx();
    let t = if mode == VoteMode::Ballot {
        ctx.common.i32
    } else {
        ctx.common.i1
    };
    let a = mode.attr(ctx);
    create1(rw, &VOTE, &[mask, pred], t, &[("mode", a)], loc)
}

/// `device.shuffle mode %mask, %value, %lane, %width`.
pub fn shuffle(
    rw: &mut Rewriter<'_>,
    mode: ShuffleMode,
    mask: ValueId,
    value: ValueId,
    lane: ValueId,
    width: ValueId,
    loc: LocId,
) -> ValueId {
    let ctx = rw.ctx();
    let (t, a) = (ctx.value_type(value), mode.attr(ctx));
    create1(
        rw,
        &SHUFFLE,
        &[mask, value, lane, width],
        t,
        &[("mode", a)],
        loc,
    )
}

/// `device.atomic kind %ptr, %value`, answering the old value.
pub fn atomic(
    rw: &mut Rewriter<'_>,
    kind: AtomicKind,
    ptr: ValueId,
    value: ValueId,
    loc: LocId,
) -> ValueId {
    let ctx = rw.ctx();
    let (t, a) = (ctx.value_type(value), kind.attr(ctx));
    create1(rw, &ATOMIC, &[ptr, value], t, &[("kind", a)], loc)
}

/// `device.atomic_cas %ptr, %compare, %new`, answering the old value.
pub fn atomic_cas(
    rw: &mut Rewriter<'_>,
    ptr: ValueId,
    compare: ValueId,
    new: ValueId,
    loc: LocId,
) -> ValueId {
    let t = rw.ctx().value_type(new);
    create1(rw, &ATOMIC_CAS, &[ptr, compare, new], t, &[], loc)
}
