//! Builders of `ptx` ops, for instruction selection and tests.
//!
//! Invariants:
//! - Every builder creates its op at the rewriter's insertion point (detached
//!   when there is none) and produces exactly the attributes the parser
//!   produces for the op's printed form, so built and parsed IR print alike.
//! - Builders do not verify: a wrong `mods` string is the verifier's to
//!   report, located at the op's `loc`.
//! - Modifier strings are written as in PTX without the leading dot
//!   (`"lo.s32"`); `""` means none and leaves `mods` absent.

use crate::ops::{BRA, CALL, COPY, ENTRY, FUNC, LOCAL, MODULE, MOV, REG, RegClass, SHARED};
use lockstep_func::function_like::{create_function_like, op_name};
use lockstep_ir::{
    AttrId, BlockId, Context, LocId, OpDef, OpId, OperationState, Rewriter, TypeId, ValueId,
};

/// Creates instruction `def` with modifiers `mods` (`""` = none), `operands`,
/// at most one result of type `result`, and extra inherent attributes
/// (`value`, `sreg`, `sym`, `offset`, `param`, `retval`); returns the op and
/// its result if any.
pub fn inst(
    rw: &mut Rewriter<'_>,
    def: &'static OpDef,
    mods: &str,
    operands: &[ValueId],
    result: Option<TypeId>,
    attrs: &[(&str, AttrId)],
    loc: LocId,
) -> (OpId, Option<ValueId>) {
    let ctx = rw.ctx();
    let mut st = OperationState::new(op_name(ctx, def), loc).operands(operands);
    if let Some(t) = result {
        st = st.results(&[t]);
    }
    if !mods.is_empty() {
        st.add_attr(ctx.sym("mods"), ctx.str_attr(mods));
    }
    for &(k, v) in attrs {
        st.add_attr(ctx.sym(k), v);
    }
    let op = rw.create(st);
    let r = rw.ctx().results(op).first().copied();
    (op, r)
}

/// The `mov` type modifier for an immediate of register type `ty`: `pred`,
/// `b16`, `b32`, `b64`, `f32` or `f64`.
pub fn mov_type_modifier(ctx: &Context, ty: TypeId) -> &'static str {
    match RegClass::of(ctx, ty) {
        Some(RegClass::Pred) => "pred",
        Some(RegClass::B16) => "b16",
        Some(RegClass::B64) => "b64",
        Some(RegClass::F32) => "f32",
        Some(RegClass::F64) => "f64",
        _ => "b32",
    }
}

/// `mov.bN %r, 42`: an integer constant of register type `ty` (`i1`, `i16`,
/// `i32`, `i64`); `value` is truncated to the width.
pub fn mov_imm_int(rw: &mut Rewriter<'_>, ty: TypeId, value: i64, loc: LocId) -> ValueId {
    let ctx = rw.ctx();
    let (mods, a) = (mov_type_modifier(ctx, ty), ctx.int_attr(value, ty));
    let (_, r) = inst(rw, &MOV, mods, &[], Some(ty), &[("value", a)], loc);
    r.expect("mov has a result")
}

/// `mov.f32 %f, 0f3F800000`: a float constant of type `ty` (`f32`/`f64`).
pub fn mov_imm_float(rw: &mut Rewriter<'_>, ty: TypeId, value: f64, loc: LocId) -> ValueId {
    let ctx = rw.ctx();
    let (mods, a) = (mov_type_modifier(ctx, ty), ctx.float_attr(value, ty));
    let (_, r) = inst(rw, &MOV, mods, &[], Some(ty), &[("value", a)], loc);
    r.expect("mov has a result")
}

/// `mov.u32 %r, %tid.x`: reads special register `sreg` (PTX name without
/// `%`: `tid.x`, `ctaid.y`, `ntid.z`, `nctaid.x`, `laneid`) into an `i32`.
pub fn mov_sreg(rw: &mut Rewriter<'_>, sreg: &str, loc: LocId) -> ValueId {
    let ctx = rw.ctx();
    let (i32t, a) = (ctx.common.i32, ctx.str_attr(sreg));
    let (_, r) = inst(rw, &MOV, "u32", &[], Some(i32t), &[("sreg", a)], loc);
    r.expect("mov has a result")
}

/// `mov.u64 %rd, name`: the address of symbol `sym` (a `ptx.shared` or
/// `ptx.local`) in its own window, as an `i64`.
pub fn mov_sym(rw: &mut Rewriter<'_>, sym: &str, loc: LocId) -> ValueId {
    let ctx = rw.ctx();
    let (i64t, a) = (ctx.common.i64, ctx.symbol_ref_attr(sym));
    let (_, r) = inst(rw, &MOV, "u64", &[], Some(i64t), &[("sym", a)], loc);
    r.expect("mov has a result")
}

/// `ptx.bra [uni] ^dest(dest_operands)`: an unconditional branch.
pub fn bra(
    rw: &mut Rewriter<'_>,
    dest: BlockId,
    dest_operands: &[ValueId],
    uni: bool,
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let mut st = OperationState::new(op_name(ctx, &BRA), loc)
        .operands(dest_operands)
        .successors(&[dest]);
    if uni {
        st.add_attr(ctx.sym("mods"), ctx.str_attr("uni"));
    }
    st.add_attr(
        ctx.sym("operandSegmentSizes"),
        ctx.dense_i32_array(&[0, dest_operands.len() as i64, 0]),
    );
    rw.create(st)
}

/// `ptx.bra [uni] [not] %pred, ^taken(...), ^fallthrough(...)`: `@%pred bra
/// taken` (`@!%pred` when `negate`), otherwise continue at `fallthrough`.
#[allow(clippy::too_many_arguments)]
pub fn bra_cond(
    rw: &mut Rewriter<'_>,
    pred: ValueId,
    negate: bool,
    taken: BlockId,
    taken_operands: &[ValueId],
    fallthrough: BlockId,
    fall_operands: &[ValueId],
    uni: bool,
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let mut st = OperationState::new(op_name(ctx, &BRA), loc)
        .operands(&[pred])
        .operands(taken_operands)
        .operands(fall_operands)
        .successors(&[taken, fallthrough]);
    if uni {
        st.add_attr(ctx.sym("mods"), ctx.str_attr("uni"));
    }
    if negate {
        st.add_attr(ctx.sym("negate"), ctx.unit_attr());
    }
    st.add_attr(
        ctx.sym("operandSegmentSizes"),
        ctx.dense_i32_array(&[1, taken_operands.len() as i64, fall_operands.len() as i64]),
    );
    rw.create(st)
}

/// Creates `ptx.module @name attributes {target, version}` with its one
/// (empty) block; returns the module and the block.
pub fn create_module(
    rw: &mut Rewriter<'_>,
    name: &str,
    target: &str,
    version: &str,
    loc: LocId,
) -> (OpId, BlockId) {
    let region = rw.new_region();
    let block = rw.create_block(region, &[], None);
    let ctx = rw.ctx();
    let mut st = OperationState::new(op_name(ctx, &MODULE), loc).regions(&[region]);
    st.add_attr(ctx.sym("sym_name"), ctx.str_attr(name));
    st.add_attr(ctx.sym("target"), ctx.str_attr(target));
    st.add_attr(ctx.sym("version"), ctx.str_attr(version));
    (rw.create(st), block)
}

fn create_function(
    rw: &mut Rewriter<'_>,
    def: &'static OpDef,
    name: &str,
    params: &[TypeId],
    results: &[TypeId],
    loc: LocId,
) -> (OpId, BlockId) {
    let region = rw.new_region();
    let block = rw.create_block(region, &[], None);
    let fty = rw.ctx().function_type(params, results);
    let op = create_function_like(rw, def, name, fty, None, region, loc);
    (op, block)
}

/// Creates `ptx.entry @name(params)` (a kernel: `results` must be empty)
/// with an entry block without arguments; returns the op and the block.
pub fn create_entry(
    rw: &mut Rewriter<'_>,
    name: &str,
    params: &[TypeId],
    results: &[TypeId],
    loc: LocId,
) -> (OpId, BlockId) {
    create_function(rw, &ENTRY, name, params, results, loc)
}

/// Creates `ptx.func @name(params) -> (results)` with an entry block
/// without arguments; returns the op and the block.
pub fn create_func(
    rw: &mut Rewriter<'_>,
    name: &str,
    params: &[TypeId],
    results: &[TypeId],
    loc: LocId,
) -> (OpId, BlockId) {
    create_function(rw, &FUNC, name, params, results, loc)
}

/// `ptx.shared @name {size, align[, extern]}`: `.shared .align A .b8
/// name[size];`, or `.extern .shared .align A .b8 name[];` when `is_extern`
/// (then `size` is ignored).
pub fn shared(
    rw: &mut Rewriter<'_>,
    name: &str,
    size: u64,
    align: u32,
    is_extern: bool,
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let i64t = ctx.common.i64;
    let mut st = OperationState::new(op_name(ctx, &SHARED), loc);
    st.add_attr(ctx.sym("sym_name"), ctx.str_attr(name));
    if is_extern {
        st.add_attr(ctx.sym("extern"), ctx.unit_attr());
    } else {
        st.add_attr(ctx.sym("size"), ctx.int_attr(size as i64, i64t));
    }
    st.add_attr(ctx.sym("align"), ctx.int_attr(align as i64, i64t));
    rw.create(st)
}

/// `ptx.local @name {size, align}`: `.local .align A .b8 name[size];`, to
/// be created in a function's entry block.
pub fn local(rw: &mut Rewriter<'_>, name: &str, size: u64, align: u32, loc: LocId) -> OpId {
    let ctx = rw.ctx();
    let i64t = ctx.common.i64;
    let mut st = OperationState::new(op_name(ctx, &LOCAL), loc);
    st.add_attr(ctx.sym("sym_name"), ctx.str_attr(name));
    st.add_attr(ctx.sym("size"), ctx.int_attr(size as i64, i64t));
    st.add_attr(ctx.sym("align"), ctx.int_attr(align as i64, i64t));
    rw.create(st)
}

/// `ptx.call @callee(args) : (..) -> (results)`; returns the results.
pub fn call(
    rw: &mut Rewriter<'_>,
    callee: &str,
    args: &[ValueId],
    results: &[TypeId],
    loc: LocId,
) -> Vec<ValueId> {
    let op = lockstep_func::function_like::create_call_like(rw, &CALL, callee, args, results, loc);
    rw.ctx().results(op).to_vec()
}

/// `ld.param.T %r, [name_param_<index>]`: reads parameter `index` of the
/// enclosing `ptx.entry`/`ptx.func` into a register of type `ty`.
pub fn ld_param(rw: &mut Rewriter<'_>, ty: TypeId, index: usize, loc: LocId) -> ValueId {
    let ctx = rw.ctx();
    // A byte parameter (`i8`, kernels only) is read into a 16-bit register.
    let (mods, ty) = if ty == ctx.int_type(8) {
        ("param.u8".to_string(), ctx.common.i16)
    } else {
        (format!("param.{}", param_type_modifier(ctx, ty)), ty)
    };
    let a = ctx.int_attr(index as i64, ctx.common.i64);
    let (_, r) = inst(rw, &crate::LD, &mods, &[], Some(ty), &[("param", a)], loc);
    r.expect("ld has a result")
}

/// `st.param.T [func_retval_<index>], %v`: writes result `index` of the
/// enclosing `ptx.func`.
pub fn st_retval(rw: &mut Rewriter<'_>, value: ValueId, index: usize, loc: LocId) -> OpId {
    let ctx = rw.ctx();
    let ty = ctx.value_type(value);
    let mods = format!("param.{}", param_type_modifier(ctx, ty));
    let a = ctx.int_attr(index as i64, ctx.common.i64);
    inst(rw, &crate::ST, &mods, &[value], None, &[("retval", a)], loc).0
}

/// The type modifier parameters of register type `ty` are declared and
/// moved with: `u64`, `u32`, `u16`, `f32`, `f64` (`u32` for anything else:
/// parameters are never predicates).
pub fn param_type_modifier(ctx: &Context, ty: TypeId) -> &'static str {
    match RegClass::of(ctx, ty) {
        Some(RegClass::B16) => "u16",
        Some(RegClass::B64) => "u64",
        Some(RegClass::F32) => "f32",
        Some(RegClass::F64) => "f64",
        _ => "u32",
    }
}

/// `ptx.reg : ty`: a fresh mutable register (out-of-SSA).
pub fn reg(rw: &mut Rewriter<'_>, ty: TypeId, loc: LocId) -> ValueId {
    let (_, r) = inst(rw, &REG, "", &[], Some(ty), &[], loc);
    r.expect("reg has a result")
}

/// `ptx.copy %dst, %src`: writes `src` into the `ptx.reg` `dst`.
pub fn copy(rw: &mut Rewriter<'_>, dst: ValueId, src: ValueId, loc: LocId) -> OpId {
    inst(rw, &COPY, "", &[dst, src], None, &[], loc).0
}

/// Replaces the operands `ptx.bra` forwards to successor `i` with `values`
/// (updating `operandSegmentSizes`); a no-op on anything else.
pub fn set_bra_successor_operands(rw: &mut Rewriter<'_>, bra: OpId, i: usize, values: &[ValueId]) {
    let ctx = rw.ctx();
    if !ctx.isa(bra, &BRA) || i >= ctx.successors(bra).len() {
        return;
    }
    let Some(groups) = ctx.operand_groups(bra) else {
        return;
    };
    let operands = ctx.operands(bra);
    let mut parts: Vec<Vec<ValueId>> = groups
        .iter()
        .map(|g| operands[g.clone()].to_vec())
        .collect();
    parts[i + 1] = values.to_vec();
    let sizes: Vec<i64> = parts.iter().map(|p| p.len() as i64).collect();
    let all: Vec<ValueId> = parts.concat();
    let a = ctx.dense_i32_array(&sizes);
    rw.set_operands(bra, &all);
    rw.set_attr(bra, "operandSegmentSizes", a);
}
