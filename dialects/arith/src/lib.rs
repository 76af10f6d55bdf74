//! The `arith` dialect: integer and floating-point arithmetic, comparisons,
//! `select`, constants and casts, with MLIR's names, semantics, textual
//! syntax, folders and canonicalizations.
//!
//! Invariants:
//! - Every op is one `static` [`OpDef`](lockstep_ir::OpDef) in [`ops`],
//!   registered through [`ARITH`]; nothing else in lockstep special-cases
//!   an arith op by name.
//! - The pretty and generic forms print byte-identically to mlir-opt 22;
//!   flag attributes are always stored in mlir-opt's canonical spelling and
//!   default-valued properties are always present (see [`ops::complete_state`]).
//! - Folding is exact: integers over their bit width, floats bit-exactly in
//!   their own type with LLVM `APFloat` semantics; anything whose result
//!   MLIR would not produce (undefined behaviour, inexact conversion) is
//!   left alone.
//! - [`ARITH`]'s `materialize_constant` creates `arith.constant` only for
//!   attributes it can hold (integer, float or dense elements of exactly
//!   the requested type, signless integers).

pub mod canon;
pub mod constraints;
pub mod flags;
pub mod float;
pub mod fold;
mod format;
pub mod ops;
pub mod verify;

pub use flags::{CmpFPredicate, CmpIPredicate, FlagKind};
pub use ops::*;

use lockstep_ir::{
    AttrData, AttrId, Context, Dialect, LocId, OpId, Rewriter, TypeData, TypeId, ValueId,
};

pub static ARITH: Dialect = Dialect {
    name: "arith",
    summary: "Basic integer and floating point mathematical operations",
    ops: ops::ALL_OPS,
    materialize_constant: Some(materialize_constant),
    allows_unknown_ops: false,
};

/// Registers the arith dialect in a context.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(&ARITH);
}

/// Can `arith.constant` hold `value` as a result of type `ty`? (MLIR's
/// `ConstantOp::isBuildableWith`.)
pub fn is_buildable_with(ctx: &Context, value: AttrId, ty: TypeId) -> bool {
    if constraints::typed_attr_type(ctx, value) != Some(ty) {
        return false;
    }
    if let TypeData::Integer { .. } = ctx.type_data(constraints::elem_type(ctx, ty))
        && !ctx
            .type_data(constraints::elem_type(ctx, ty))
            .is_signless_integer()
    {
        return false;
    }
    matches!(
        ctx.attr_data(value),
        AttrData::Integer { .. } | AttrData::Float { .. } | AttrData::DenseElements { .. }
    )
}

/// The dialect's constant materializer: an `arith.constant` at the
/// rewriter's insertion point, or `None` if the attribute does not fit.
/// Dialects whose folded constants are `arith.constant`s (math) use it too.
pub fn materialize_constant(
    rw: &mut Rewriter<'_>,
    value: AttrId,
    ty: TypeId,
    loc: LocId,
) -> Option<OpId> {
    is_buildable_with(rw.ctx(), value, ty).then(|| build_constant(rw, value, ty, loc))
}

/// Creates `arith.constant value : ty` at the rewriter's insertion point.
/// The caller guarantees `value` has type `ty` (see [`is_buildable_with`]);
/// otherwise the verifier rejects the op.
pub fn build_constant(rw: &mut Rewriter<'_>, value: AttrId, ty: TypeId, loc: LocId) -> OpId {
    rw.build(&ops::CONSTANT, loc, &[], &[ty], &[("value", value)])
}

/// Creates an integer (or index) constant; `value` is truncated to the
/// type's width.
pub fn build_int_constant(rw: &mut Rewriter<'_>, value: i64, ty: TypeId, loc: LocId) -> ValueId {
    let a = rw.ctx().int_attr(value, ty);
    let op = build_constant(rw, a, ty, loc);
    rw.ctx().result(op, 0)
}

/// Creates a float constant, rounded to the type's precision.
pub fn build_float_constant(rw: &mut Rewriter<'_>, value: f64, ty: TypeId, loc: LocId) -> ValueId {
    let a = rw.ctx().float_attr(value, ty);
    let op = build_constant(rw, a, ty, loc);
    rw.ctx().result(op, 0)
}

/// A typed view of an `arith.constant` op.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ConstantOp(pub OpId);

impl ConstantOp {
    /// Views `op` as a constant if it is one.
    pub fn cast(ctx: &Context, op: OpId) -> Option<ConstantOp> {
        ctx.isa(op, &ops::CONSTANT).then_some(ConstantOp(op))
    }
    /// The constant defining `v`, if any.
    pub fn defining(ctx: &Context, v: ValueId) -> Option<ConstantOp> {
        ConstantOp::cast(ctx, ctx.defining_op(v)?)
    }
    /// The `value` attribute (absent only on IR that does not verify).
    pub fn value(self, ctx: &Context) -> Option<AttrId> {
        ctx.attr_of(self.0, "value")
    }
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
    /// The value of an integer or index constant, sign-extended.
    pub fn int_value(self, ctx: &Context) -> Option<i64> {
        ctx.attr_data(self.value(ctx)?).as_int()
    }
    /// The value of a float constant.
    pub fn float_value(self, ctx: &Context) -> Option<f64> {
        ctx.attr_data(self.value(ctx)?).as_float()
    }
}

/// A typed view of an `arith.cmpi` op.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct CmpIOp(pub OpId);

impl CmpIOp {
    pub fn cast(ctx: &Context, op: OpId) -> Option<CmpIOp> {
        ctx.isa(op, &ops::CMPI).then_some(CmpIOp(op))
    }
    pub fn predicate(self, ctx: &Context) -> Option<CmpIPredicate> {
        CmpIPredicate::from_i64(flags::predicate_value(
            ctx,
            ctx.attr_of(self.0, "predicate")?,
        )?)
    }
    pub fn lhs(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }
    pub fn rhs(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 1)
    }
}

/// A typed view of an `arith.cmpf` op.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct CmpFOp(pub OpId);

impl CmpFOp {
    pub fn cast(ctx: &Context, op: OpId) -> Option<CmpFOp> {
        ctx.isa(op, &ops::CMPF).then_some(CmpFOp(op))
    }
    pub fn predicate(self, ctx: &Context) -> Option<CmpFPredicate> {
        CmpFPredicate::from_i64(flags::predicate_value(
            ctx,
            ctx.attr_of(self.0, "predicate")?,
        )?)
    }
    pub fn lhs(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }
    pub fn rhs(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 1)
    }
}

/// Creates `arith.cmpi pred, lhs, rhs` at the rewriter's insertion point.
pub fn build_cmpi(
    rw: &mut Rewriter<'_>,
    pred: CmpIPredicate,
    lhs: ValueId,
    rhs: ValueId,
    loc: LocId,
) -> ValueId {
    let ctx = rw.ctx();
    let p = ctx.int_attr(pred as i64, ctx.common.i64);
    let ty = constraints::i1_like(ctx, ctx.value_type(lhs));
    let op = rw.build(&ops::CMPI, loc, &[lhs, rhs], &[ty], &[("predicate", p)]);
    rw.ctx().result(op, 0)
}

/// Creates a binary op (`arith.addi`, `arith.mulf`, ...) whose result has
/// the type of `lhs`; default flags are filled in.
pub fn build_binary(
    rw: &mut Rewriter<'_>,
    def: &'static lockstep_ir::OpDef,
    lhs: ValueId,
    rhs: ValueId,
    loc: LocId,
) -> ValueId {
    let ty = rw.ctx().value_type(lhs);
    let op = rw.build(def, loc, &[lhs, rhs], &[ty], &[]);
    rw.ctx().result(op, 0)
}
