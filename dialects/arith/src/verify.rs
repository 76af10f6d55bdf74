//! Custom verifiers: the checks of arith ops that operand/result/attribute
//! constraints and traits cannot express, with mlir-opt's messages.
//!
//! Invariants: a verifier never panics on malformed IR (wrong operand or
//! result counts are the generic verifier's to report, so they return Ok
//! here), and every message carries MLIR's `'arith.x' op ` prefix.

use lockstep_ir::{AttrData, Context, Diagnostic, OpId, TypeData, TypeId};

use crate::constraints::{Shape, compatible_shapes, elem_type, i1_like, shape_of, typed_attr_type};

fn op_error(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(ctx.loc(op), format!("'{}' op {msg}", ctx.name_of(op)))
}

fn operand_ty(ctx: &Context, op: OpId, i: usize) -> Option<TypeId> {
    ctx.operands(op).get(i).map(|&v| ctx.value_type(v))
}

fn result_ty(ctx: &Context, op: OpId, i: usize) -> Option<TypeId> {
    ctx.results(op).get(i).map(|&v| ctx.value_type(v))
}

fn type_str(ctx: &Context, t: TypeId) -> String {
    lockstep_ir::printer::type_to_string(ctx, t)
}

pub fn verify_constant(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(value) = ctx.attr_of(op, "value") else {
        return Err(op_error(ctx, op, "requires attribute 'value'"));
    };
    let Some(ty) = result_ty(ctx, op, 0) else {
        return Ok(());
    };
    if typed_attr_type(ctx, value) != Some(ty) {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that all of {value, result} have same type",
        ));
    }
    if let TypeData::Integer { .. } = ctx.type_data(ty)
        && !ctx.type_data(ty).is_signless_integer()
    {
        return Err(op_error(ctx, op, "integer return type must be signless"));
    }
    if !matches!(
        ctx.attr_data(value),
        AttrData::Integer { .. } | AttrData::Float { .. } | AttrData::DenseElements { .. }
    ) {
        return Err(op_error(
            ctx,
            op,
            "value must be an integer, float, or elements attribute",
        ));
    }
    Ok(())
}

pub fn verify_cmp(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (Some(lhs), Some(res)) = (operand_ty(ctx, op, 0), result_ty(ctx, op, 0)) else {
        return Ok(());
    };
    if res != i1_like(ctx, lhs) {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that result type has i1 element type and same shape as operands",
        ));
    }
    Ok(())
}

pub fn verify_select(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (Some(c), Some(t), Some(f), Some(r)) = (
        operand_ty(ctx, op, 0),
        operand_ty(ctx, op, 1),
        operand_ty(ctx, op, 2),
        result_ty(ctx, op, 0),
    ) else {
        return Ok(());
    };
    if t != r || f != r {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that all of {true_value, false_value, result} have same type",
        ));
    }
    let scalar_i1 = c == ctx.common.i1;
    let mask = shape_of(ctx, r) != Shape::Scalar && c == i1_like(ctx, r);
    if !scalar_i1 && !mask {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that condition is signless i1 or has matching shape",
        ));
    }
    Ok(())
}

/// Element-level rule of each cast op (MLIR's `areCastCompatible`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum CastRule {
    /// Integer to wider integer (extsi, extui).
    IntExt,
    /// Integer to narrower integer (trunci).
    IntTrunc,
    FloatExt,
    FloatTrunc,
    IntToFloat,
    FloatToInt,
    /// Signless integer to index or back.
    Index,
    /// Integer or float to integer or float of the same width.
    Bitcast,
}

fn int_width(d: &TypeData) -> Option<u32> {
    if d.is_signless_integer() {
        d.int_width()
    } else {
        None
    }
}

fn float_width(d: &TypeData) -> Option<u32> {
    match d {
        TypeData::Float(k) => Some(k.width()),
        _ => None,
    }
}

impl CastRule {
    /// Are these element types compatible under the rule?
    pub fn compatible(self, ctx: &Context, from: TypeId, to: TypeId) -> bool {
        let (a, b) = (ctx.type_data(from), ctx.type_data(to));
        match self {
            CastRule::IntExt => matches!((int_width(a), int_width(b)), (Some(x), Some(y)) if y > x),
            CastRule::IntTrunc => {
                matches!((int_width(a), int_width(b)), (Some(x), Some(y)) if y < x)
            }
            CastRule::FloatExt => {
                matches!((float_width(a), float_width(b)), (Some(x), Some(y)) if y > x)
            }
            CastRule::FloatTrunc => {
                matches!((float_width(a), float_width(b)), (Some(x), Some(y)) if y < x)
            }
            CastRule::IntToFloat => int_width(a).is_some() && b.is_float(),
            CastRule::FloatToInt => a.is_float() && int_width(b).is_some(),
            CastRule::Index => {
                (a.is_index() && int_width(b).is_some()) || (int_width(a).is_some() && b.is_index())
            }
            CastRule::Bitcast => {
                let w = |d: &TypeData| int_width(d).or(float_width(d));
                matches!((w(a), w(b)), (Some(x), Some(y)) if x == y)
            }
        }
    }
}

fn verify_cast(ctx: &Context, op: OpId, rule: CastRule) -> Result<(), Diagnostic> {
    let (Some(from), Some(to)) = (operand_ty(ctx, op, 0), result_ty(ctx, op, 0)) else {
        return Ok(());
    };
    if !compatible_shapes(&shape_of(ctx, from), &shape_of(ctx, to)) {
        return Err(op_error(
            ctx,
            op,
            "requires the same shape for all operands and results",
        ));
    }
    if !rule.compatible(ctx, elem_type(ctx, from), elem_type(ctx, to)) {
        let (a, b) = (type_str(ctx, from), type_str(ctx, to));
        return Err(op_error(
            ctx,
            op,
            format!("operand type '{a}' and result type '{b}' are cast incompatible"),
        ));
    }
    Ok(())
}

pub fn verify_int_ext(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_cast(ctx, op, CastRule::IntExt)
}
pub fn verify_int_trunc(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_cast(ctx, op, CastRule::IntTrunc)
}
pub fn verify_float_ext(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_cast(ctx, op, CastRule::FloatExt)
}
pub fn verify_float_trunc(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_cast(ctx, op, CastRule::FloatTrunc)
}
pub fn verify_int_to_float(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_cast(ctx, op, CastRule::IntToFloat)
}
pub fn verify_float_to_int(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_cast(ctx, op, CastRule::FloatToInt)
}
pub fn verify_index_cast(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_cast(ctx, op, CastRule::Index)
}
pub fn verify_bitcast(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_cast(ctx, op, CastRule::Bitcast)
}

pub fn verify_add_extended(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (Some(l), Some(r), Some(sum), Some(ovf)) = (
        operand_ty(ctx, op, 0),
        operand_ty(ctx, op, 1),
        result_ty(ctx, op, 0),
        result_ty(ctx, op, 1),
    ) else {
        return Ok(());
    };
    if l != sum || r != sum {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that all of {lhs, rhs, sum} have same type",
        ));
    }
    let (shaped_in, shaped_ovf) = (
        shape_of(ctx, sum) != Shape::Scalar,
        shape_of(ctx, ovf) != Shape::Scalar,
    );
    if shaped_in && !shaped_ovf {
        return Err(op_error(
            ctx,
            op,
            "if an operand is non-scalar, then all results must be non-scalar",
        ));
    }
    if shaped_ovf && !shaped_in {
        return Err(op_error(
            ctx,
            op,
            "if a result is non-scalar, then at least one operand must be non-scalar",
        ));
    }
    if shaped_in && shape_of(ctx, sum) != shape_of(ctx, ovf) {
        return Err(op_error(
            ctx,
            op,
            "all non-scalar operands/results must have the same shape and base type",
        ));
    }
    Ok(())
}

pub fn verify_mul_extended(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let tys = [
        operand_ty(ctx, op, 0),
        operand_ty(ctx, op, 1),
        result_ty(ctx, op, 0),
        result_ty(ctx, op, 1),
    ];
    let [Some(l), Some(r), Some(lo), Some(hi)] = tys else {
        return Ok(());
    };
    if r != l || lo != l || hi != l {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that all of {lhs, rhs, low, high} have same type",
        ));
    }
    Ok(())
}
