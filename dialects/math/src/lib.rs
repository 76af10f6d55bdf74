//! The `math` dialect of upstream MLIR, the subset lockstep uses: the float
//! unary ops `sqrt`, `rsqrt`, `exp`, `log`, `sin`, `cos`, `absf`, `floor`
//! and `ceil`.
//!
//! Invariants:
//! - Every op has MLIR's shape: one float-like operand, one result of the
//!   same type, and a `fastmath` property that is always present (`none` by
//!   default, filled in by arith's `complete_state` whoever creates the op),
//!   so the pretty and generic forms print byte-identically to mlir-opt 22.
//!   The assembly format is arith's unary one (`%x [fastmath<..>] : f32`).
//! - All ops are pure: CSE, DCE and hoisting treat them as values.
//! - Folding is only done for scalar `f32`/`f64` constants and only where
//!   the result is exact in the result type whatever the platform's libm
//!   (`absf`, `floor`, `ceil`, `sqrt` — IEEE correctly rounded); the
//!   transcendental ops are never folded.
//! - Math ops are legal in host and device code alike.

use lockstep_arith::ops::FLOAT_UNARY;
use lockstep_ir::opdef::FoldValue;
use lockstep_ir::types::FloatKind;
use lockstep_ir::{
    AttrData, AttrId, Context, Dialect, LocId, OpDef, OpId, OpName, OperationState, Rewriter,
    Traits, TypeData, TypeId, ValueId,
};

macro_rules! unary {
    ($stat:ident, $name:literal, $summary:literal, $fold:expr) => {
        pub static $stat: OpDef = OpDef {
            name: $name,
            summary: $summary,
            operands: FLOAT_UNARY.operands,
            results: FLOAT_UNARY.results,
            attrs: FLOAT_UNARY.attrs,
            traits: Traits::PURE.union(Traits::SAME_OPERANDS_AND_RESULT_TYPE),
            format: Some(FLOAT_UNARY.format),
            fold: $fold,
            complete_state: Some(lockstep_arith::ops::complete_state),
            ..OpDef::DEFAULT
        };
    };
}

unary!(
    SQRT,
    "math.sqrt",
    "sqrt of the specified value",
    Some(fold_sqrt)
);
unary!(
    RSQRT,
    "math.rsqrt",
    "reciprocal of sqrt (1 / sqrt of the specified value)",
    None
);
unary!(
    EXP,
    "math.exp",
    "base-e exponential of the specified value",
    None
);
unary!(
    LOG,
    "math.log",
    "base-e logarithm of the specified value",
    None
);
unary!(SIN, "math.sin", "sine of the specified value", None);
unary!(COS, "math.cos", "cosine of the specified value", None);
unary!(
    ABSF,
    "math.absf",
    "floating point absolute-value operation",
    Some(fold_absf)
);
unary!(
    FLOOR,
    "math.floor",
    "floor of the specified value",
    Some(fold_floor)
);
unary!(
    CEIL,
    "math.ceil",
    "ceiling of the specified value",
    Some(fold_ceil)
);

/// Every math op, in the order of the dialect's table.
pub const ALL_OPS: &[&OpDef] = &[&SQRT, &RSQRT, &EXP, &LOG, &SIN, &COS, &ABSF, &FLOOR, &CEIL];

pub static MATH: Dialect = Dialect {
    name: "math",
    summary: "Basic mathematical operations",
    ops: ALL_OPS,
    // Folded constants become `arith.constant`s, as MLIR's math dialect does.
    materialize_constant: Some(lockstep_arith::materialize_constant),
    allows_unknown_ops: false,
};

/// Registers the math dialect in a context.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(&MATH);
}

/// Is `op` one of the math ops?
pub fn is_math_op(ctx: &Context, op: OpId) -> bool {
    ctx.def_of(op).is_some_and(|d| d.dialect() == "math")
}

/// Creates the math op `def` (one of [`ALL_OPS`]) on `x`, with no
/// fast-math flags; the result has `x`'s type.
pub fn build_unary(rw: &mut Rewriter<'_>, def: &'static OpDef, x: ValueId, loc: LocId) -> ValueId {
    let ty = rw.ctx().value_type(x);
    let name = OpName {
        sym: rw.ctx().sym(def.name),
        def: Some(def),
    };
    let st = OperationState::new(name, loc).operands(&[x]).results(&[ty]);
    let op = rw.create(st);
    rw.ctx().result(op, 0)
}

// ----- folding -----

/// The scalar f32/f64 constant operand, with its kind.
fn scalar_operand(ctx: &Context, cst: &[Option<AttrId>]) -> Option<(FloatKind, f64, TypeId)> {
    let a = (*cst.first()?)?;
    match ctx.attr_data(a) {
        AttrData::Float { bits, ty } => match ctx.type_data(*ty) {
            TypeData::Float(k @ (FloatKind::F32 | FloatKind::F64)) => {
                Some((*k, f64::from_bits(*bits), *ty))
            }
            _ => None,
        },
        _ => None,
    }
}

fn fold_with(
    ctx: &Context,
    cst: &[Option<AttrId>],
    f32_op: fn(f32) -> f32,
    f64_op: fn(f64) -> f64,
) -> Option<Vec<FoldValue>> {
    let (kind, v, ty) = scalar_operand(ctx, cst)?;
    let r = match kind {
        // Attributes of f32 hold values exactly representable in f32.
        FloatKind::F32 => f32_op(v as f32) as f64,
        _ => f64_op(v),
    };
    Some(vec![FoldValue::Attr(ctx.float_attr(r, ty))])
}

fn fold_absf(ctx: &Context, _op: OpId, cst: &[Option<AttrId>]) -> Option<Vec<FoldValue>> {
    fold_with(ctx, cst, f32::abs, f64::abs)
}

fn fold_floor(ctx: &Context, _op: OpId, cst: &[Option<AttrId>]) -> Option<Vec<FoldValue>> {
    fold_with(ctx, cst, f32::floor, f64::floor)
}

fn fold_ceil(ctx: &Context, _op: OpId, cst: &[Option<AttrId>]) -> Option<Vec<FoldValue>> {
    fold_with(ctx, cst, f32::ceil, f64::ceil)
}

fn fold_sqrt(ctx: &Context, _op: OpId, cst: &[Option<AttrId>]) -> Option<Vec<FoldValue>> {
    // MLIR folds only non-negative operands (sqrt of a negative is NaN,
    // whose payload is platform-dependent).
    let (_, v, _) = scalar_operand(ctx, cst)?;
    if v.is_nan() || v < 0.0 {
        return None;
    }
    fold_with(ctx, cst, f32::sqrt, f64::sqrt)
}
