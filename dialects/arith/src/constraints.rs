//! Type and attribute constraints of arith ops, with MLIR's descriptions
//! (the words of its verifier messages, e.g. "operand #0 must be
//! signless-integer-like, but got 'f32'").
//!
//! Invariants: every check is a pure function of the interned type or
//! attribute; "-like" constraints accept a scalar or a vector/tensor whose
//! element type satisfies the scalar rule, as MLIR's `*Like` constraints do.

use lockstep_ir::opdef::{AttrConstraint, TypeConstraint};
use lockstep_ir::types::Dim;
use lockstep_ir::{AttrData, AttrId, Context, TypeData, TypeId};

use crate::flags::{
    CMPF_PREDICATES, CMPI_PREDICATES, FlagKind, predicate_value, rounding_mode_value,
};

/// The element type of a vector or tensor, or the type itself.
pub fn elem_type(ctx: &Context, t: TypeId) -> TypeId {
    match ctx.type_data(t) {
        TypeData::Vector { elem, .. } | TypeData::Tensor { elem, .. } => *elem,
        _ => t,
    }
}

/// The shape of a shaped type (`None` for scalars), comparable across
/// element types.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Shape {
    Scalar,
    Vector(Box<[u64]>),
    Tensor(Box<[Dim]>),
}

pub fn shape_of(ctx: &Context, t: TypeId) -> Shape {
    match ctx.type_data(t) {
        TypeData::Vector { shape, .. } => Shape::Vector(shape.clone()),
        TypeData::Tensor { shape, .. } => Shape::Tensor(shape.clone()),
        _ => Shape::Scalar,
    }
}

/// MLIR's `verifyCompatibleShapes`: equal kinds and ranks, and static
/// dimensions equal where both are static.
pub fn compatible_shapes(a: &Shape, b: &Shape) -> bool {
    match (a, b) {
        (Shape::Scalar, Shape::Scalar) => true,
        (Shape::Vector(x), Shape::Vector(y)) => x == y,
        (Shape::Tensor(x), Shape::Tensor(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|(p, q)| p.is_none() || q.is_none() || p == q)
        }
        _ => false,
    }
}

/// `ty` with its element type replaced by `elem` (same shape).
pub fn with_elem(ctx: &Context, ty: TypeId, elem: TypeId) -> TypeId {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, .. } => ctx.ty(TypeData::Vector {
            shape: shape.clone(),
            elem,
        }),
        TypeData::Tensor { shape, .. } => ctx.ty(TypeData::Tensor {
            shape: shape.clone(),
            elem,
        }),
        _ => elem,
    }
}

/// `i1` shaped like `ty`: the result type of comparisons.
pub fn i1_like(ctx: &Context, ty: TypeId) -> TypeId {
    with_elem(ctx, ty, ctx.common.i1)
}

fn like(ctx: &Context, t: TypeId, scalar: fn(&TypeData) -> bool) -> bool {
    match ctx.type_data(t) {
        TypeData::Vector { elem, .. } | TypeData::Tensor { elem, .. } => {
            scalar(ctx.type_data(*elem))
        }
        d => scalar(d),
    }
}

fn signless_int(d: &TypeData) -> bool {
    d.is_signless_integer()
}
fn signless_int_or_index(d: &TypeData) -> bool {
    d.is_signless_integer() || d.is_index()
}
fn float(d: &TypeData) -> bool {
    d.is_float()
}
fn bool_type(d: &TypeData) -> bool {
    d.is_signless_integer() && d.int_width() == Some(1)
}
fn int_or_float(d: &TypeData) -> bool {
    d.is_signless_integer() || d.is_float()
}

/// Signless integers and index, scalar or shaped.
pub static SIGNLESS_INT_LIKE: TypeConstraint = TypeConstraint {
    description: "signless-integer-like",
    check: |c, t| like(c, t, signless_int_or_index),
};

/// Signless integers of a fixed width (not index), scalar or shaped.
pub static FIXED_INT_LIKE: TypeConstraint = TypeConstraint {
    description: "signless-fixed-width-integer-like",
    check: |c, t| like(c, t, signless_int),
};

pub static FLOAT_LIKE: TypeConstraint = TypeConstraint {
    description: "floating-point-like",
    check: |c, t| like(c, t, float),
};

pub static BOOL_LIKE: TypeConstraint = TypeConstraint {
    description: "bool-like",
    check: |c, t| like(c, t, bool_type),
};

/// Operands and results of `index_cast`/`index_castui` (memrefs are not
/// modelled by lockstep, so only the integer-like half applies).
pub static INDEX_CAST_TYPE: TypeConstraint = TypeConstraint {
    description: "signless-integer-like or memref of signless-integer",
    check: |c, t| like(c, t, signless_int_or_index),
};

/// Operands and results of `bitcast`.
pub static BITCAST_TYPE: TypeConstraint = TypeConstraint {
    description: "signless-integer-or-float-like or memref of signless-integer or float",
    check: |c, t| like(c, t, int_or_float),
};

pub static ANY_TYPE: TypeConstraint = TypeConstraint {
    description: "any type",
    check: |_, _| true,
};

pub static OVERFLOW_FLAGS_ATTR: AttrConstraint = AttrConstraint {
    description: "Integer overflow arith flags",
    check: |c, a| FlagKind::Overflow.decode(c, a).is_some(),
};

pub static FASTMATH_ATTR: AttrConstraint = AttrConstraint {
    description: "Floating point fast math flags",
    check: |c, a| FlagKind::FastMath.decode(c, a).is_some(),
};

pub static CMPI_PREDICATE_ATTR: AttrConstraint = AttrConstraint {
    description: "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
    check: |c, a| {
        predicate_value(c, a).is_some_and(|v| (0..CMPI_PREDICATES.len() as i64).contains(&v))
    },
};

pub static CMPF_PREDICATE_ATTR: AttrConstraint = AttrConstraint {
    description: "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15",
    check: |c, a| {
        predicate_value(c, a).is_some_and(|v| (0..CMPF_PREDICATES.len() as i64).contains(&v))
    },
};

pub static ROUNDING_MODE_ATTR: AttrConstraint = AttrConstraint {
    description: "Floating point rounding mode",
    check: |c, a| rounding_mode_value(c, a).is_some(),
};

/// The type a constant's `value` carries (`none` for untyped attributes,
/// as MLIR's `StringAttr`), or `None` for attributes that have no type at
/// all (unit, arrays, dictionaries...).
pub fn typed_attr_type(ctx: &Context, a: AttrId) -> Option<TypeId> {
    match ctx.attr_data(a) {
        AttrData::Integer { ty, .. }
        | AttrData::Float { ty, .. }
        | AttrData::DenseElements { ty, .. } => Some(*ty),
        AttrData::String(_) => Some(ctx.common.none),
        _ => None,
    }
}

pub static TYPED_ATTR: AttrConstraint = AttrConstraint {
    description: "TypedAttr instance",
    check: |c, a| typed_attr_type(c, a).is_some(),
};
