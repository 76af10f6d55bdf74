//! Folders: MLIR's `fold` methods of arith ops, with exact semantics.
//!
//! A folder gets the op and the constant values of its operands (`None`
//! when not constant) and returns one [`FoldValue`] per result, or `None`.
//!
//! Invariants:
//! - Integers are folded over their own bit width (index: 64 bits), with
//!   wrap-around where the op wraps and no fold where the op has undefined
//!   behaviour (division by zero, `INT_MIN / -1`, shifts by >= width,
//!   intermediate overflow of `ceildivsi`), exactly where MLIR declines.
//! - Floats are folded bit-exactly in their own type (see [`crate::float`]);
//!   no reassociation and no identity that is wrong for `-0.0` or NaN.
//! - Folders only read the IR. MLIR folds that update an op in place
//!   (`extui(extui x)`, constant operand moved right in `cmpi`...) are
//!   canonicalization patterns in [`crate::canon`].
//! - Scalars, vector/tensor splats and dense elements all fold; a result
//!   whose dense elements are all equal is built as a splat, as MLIR's
//!   `DenseElementsAttr::get` does.

use lockstep_ir::fold_util::{sext, zext};
use lockstep_ir::opdef::{FoldValue, OpDef, Traits};
use lockstep_ir::types::FloatKind;
use lockstep_ir::{AttrData, AttrId, Context, OpId, TypeData, TypeId, ValueId};

use crate::constraints::elem_type;
use crate::flags::{
    CmpFPredicate, CmpIPredicate, FASTMATH_CONTRACT, FASTMATH_NNAN, FASTMATH_NSZ, FlagKind,
    predicate_value, rounding_mode_value,
};
use crate::float::{self, BinOp, Rounding};
use crate::ops;

pub type Folded = Option<Vec<FoldValue>>;

/// The constant value of operand `i`, if known.
fn c(cst: &[Option<AttrId>], i: usize) -> Option<AttrId> {
    cst.get(i).copied().flatten()
}

fn attr(a: AttrId) -> Folded {
    Some(vec![FoldValue::Attr(a)])
}

fn value(v: ValueId) -> Folded {
    Some(vec![FoldValue::Value(v)])
}

// ----- reading constants -----

/// Width of an integer-like scalar type (index counts as 64 bits).
pub fn int_width(ctx: &Context, ty: TypeId) -> Option<u32> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => Some(*width),
        TypeData::Index => Some(64),
        _ => None,
    }
}

/// A scalar integer attribute: its value (sign-extended) and width.
pub fn int_value(ctx: &Context, a: AttrId) -> Option<(i64, u32)> {
    match ctx.attr_data(a) {
        AttrData::Integer { value, ty } => Some((*value, int_width(ctx, *ty)?)),
        _ => None,
    }
}

/// The single value of a scalar or of a dense attribute whose elements are
/// all equal (MLIR's splat matchers `m_Zero`, `m_One`, `m_ConstantInt`).
pub fn splat_value(ctx: &Context, a: AttrId) -> Option<AttrId> {
    match ctx.attr_data(a) {
        AttrData::DenseElements { values, .. } => {
            let first = *values.first()?;
            values.iter().all(|&v| v == first).then_some(first)
        }
        AttrData::Integer { .. } | AttrData::Float { .. } => Some(a),
        _ => None,
    }
}

/// A scalar or splat integer constant.
pub fn int_splat(ctx: &Context, a: Option<AttrId>) -> Option<(i64, u32)> {
    int_value(ctx, splat_value(ctx, a?)?)
}

fn is_int(ctx: &Context, a: Option<AttrId>, pred: impl Fn(i64, u32) -> bool) -> bool {
    int_splat(ctx, a).is_some_and(|(v, w)| pred(v, w))
}

fn is_zero(ctx: &Context, a: Option<AttrId>) -> bool {
    is_int(ctx, a, |v, _| v == 0)
}

fn is_one(ctx: &Context, a: Option<AttrId>) -> bool {
    is_int(ctx, a, |v, w| zext(v, w) == 1)
}

fn is_all_ones(ctx: &Context, a: Option<AttrId>) -> bool {
    is_int(ctx, a, |v, w| sext(v, w) == -1)
}

/// A scalar or splat float constant: its kind and bits.
fn float_splat(ctx: &Context, a: Option<AttrId>) -> Option<(FloatKind, u64)> {
    float::attr_bits(ctx, splat_value(ctx, a?)?)
}

fn is_float(ctx: &Context, a: Option<AttrId>, pred: fn(FloatKind, u64) -> bool) -> bool {
    float_splat(ctx, a).is_some_and(|(k, b)| pred(k, b))
}

/// The constant an SSA value is defined by (a constant-like op's `value`).
pub fn constant_of(ctx: &Context, v: ValueId) -> Option<AttrId> {
    let op = ctx.defining_op(v)?;
    if !ctx.has_trait(op, Traits::CONSTANT_LIKE) {
        return None;
    }
    ctx.attr_of(op, "value")
}

/// The op defining `v`, if it is an instance of `def`.
pub fn def_by(ctx: &Context, v: ValueId, def: &'static OpDef) -> Option<OpId> {
    ctx.defining_op(v).filter(|&op| ctx.isa(op, def))
}

fn operand(ctx: &Context, op: OpId, i: usize) -> Option<ValueId> {
    ctx.operands(op).get(i).copied()
}

fn result_type(ctx: &Context, op: OpId) -> Option<TypeId> {
    ctx.results(op).first().map(|&r| ctx.value_type(r))
}

/// Flags of an overflow or fast-math attribute on `op` (absent: none).
pub fn flags_of(ctx: &Context, op: OpId, kind: FlagKind) -> u32 {
    let name = if kind == FlagKind::Overflow {
        "overflowFlags"
    } else {
        "fastmath"
    };
    ctx.attr_of(op, name)
        .and_then(|a| kind.decode(ctx, a))
        .unwrap_or(0)
}

// ----- building constants -----

/// A dense elements attribute, as a splat when all elements are equal.
pub fn dense(ctx: &Context, ty: TypeId, values: Vec<AttrId>) -> AttrId {
    let splat = values
        .first()
        .is_some_and(|f| values.iter().all(|v| v == f));
    let values: Box<[AttrId]> = if splat {
        values[..1].into()
    } else {
        values.into()
    };
    ctx.attr(AttrData::DenseElements { ty, values, splat })
}

/// The zero of a type: integer, float, or a splat of it for statically
/// shaped vectors and tensors.
pub fn zero_attr(ctx: &Context, ty: TypeId) -> Option<AttrId> {
    let scalar = |t: TypeId| -> Option<AttrId> {
        match ctx.type_data(t) {
            TypeData::Integer { .. } | TypeData::Index => Some(ctx.int_attr(0, t)),
            TypeData::Float(_) => float::float_attr(ctx, t, 0),
            _ => None,
        }
    };
    match ctx.type_data(ty) {
        TypeData::Vector { elem, .. } => Some(dense(ctx, ty, vec![scalar(*elem)?])),
        TypeData::Tensor { shape, elem } if shape.iter().all(Option::is_some) => {
            Some(dense(ctx, ty, vec![scalar(*elem)?]))
        }
        TypeData::Tensor { .. } => None,
        _ => scalar(ty),
    }
}

/// `true`/`false` shaped like `ty` (scalar i1, or an i1 splat).
fn bool_attr_like(ctx: &Context, ty: TypeId, b: bool) -> Option<AttrId> {
    let scalar = ctx.bool_attr(b);
    match ctx.type_data(ty) {
        TypeData::Vector { .. } => Some(dense(ctx, ty, vec![scalar])),
        TypeData::Tensor { shape, .. } if shape.iter().all(Option::is_some) => {
            Some(dense(ctx, ty, vec![scalar]))
        }
        TypeData::Tensor { .. } => None,
        _ => Some(scalar),
    }
}

// ----- elementwise lifting -----

/// The elements of a constant: one for a scalar or splat, all for dense.
fn elems(ctx: &Context, a: AttrId) -> (Vec<AttrId>, bool) {
    match ctx.attr_data(a) {
        AttrData::DenseElements { values, splat, .. } => {
            (values.to_vec(), *splat || values.len() == 1)
        }
        _ => (vec![a], true),
    }
}

fn is_dense(ctx: &Context, a: AttrId) -> bool {
    matches!(ctx.attr_data(a), AttrData::DenseElements { .. })
}

/// Applies a scalar folder elementwise; `res_ty` is the result type (its
/// element type is handed to `f`). Scalars and dense constants do not mix.
fn map2(
    ctx: &Context,
    a: AttrId,
    b: AttrId,
    res_ty: TypeId,
    f: impl Fn(AttrId, AttrId, TypeId) -> Option<AttrId>,
) -> Option<AttrId> {
    match (is_dense(ctx, a), is_dense(ctx, b)) {
        (false, false) => f(a, b, res_ty),
        (true, true) => {
            let ((va, sa), (vb, sb)) = (elems(ctx, a), elems(ctx, b));
            let n = if sa { vb.len() } else { va.len() };
            if !sa && !sb && va.len() != vb.len() {
                return None;
            }
            let elem = elem_type(ctx, res_ty);
            let mut out = Vec::with_capacity(n);
            for i in 0..n {
                let x = if sa { va[0] } else { va[i] };
                let y = if sb { vb[0] } else { vb[i] };
                out.push(f(x, y, elem)?);
            }
            Some(dense(ctx, res_ty, out))
        }
        _ => None,
    }
}

fn map1(
    ctx: &Context,
    a: AttrId,
    res_ty: TypeId,
    f: impl Fn(AttrId, TypeId) -> Option<AttrId>,
) -> Option<AttrId> {
    if !is_dense(ctx, a) {
        return f(a, res_ty);
    }
    // Shaped results need a static shape to hold dense elements.
    if let TypeData::Tensor { shape, .. } = ctx.type_data(res_ty)
        && shape.iter().any(Option::is_none)
    {
        return None;
    }
    let (va, _) = elems(ctx, a);
    let elem = elem_type(ctx, res_ty);
    let out = va.iter().map(|&x| f(x, elem)).collect::<Option<Vec<_>>>()?;
    Some(dense(ctx, res_ty, out))
}

/// Folds a binary integer op over constants with `f(a, b, width)`.
fn int_binary(
    ctx: &Context,
    op: OpId,
    cst: &[Option<AttrId>],
    f: impl Fn(i64, i64, u32) -> Option<i64>,
) -> Folded {
    let (Some(a), Some(b)) = (c(cst, 0), c(cst, 1)) else {
        return None;
    };
    let ty = result_type(ctx, op)?;
    let r = map2(ctx, a, b, ty, |x, y, t| {
        let ((xv, w), (yv, _)) = (int_value(ctx, x)?, int_value(ctx, y)?);
        Some(ctx.int_attr(f(xv, yv, w)?, t))
    })?;
    attr(r)
}

/// Folds a binary float op over constants with `f(kind, a, b)`.
fn float_binary(
    ctx: &Context,
    op: OpId,
    cst: &[Option<AttrId>],
    f: impl Fn(FloatKind, u64, u64) -> u64,
) -> Folded {
    let (Some(a), Some(b)) = (c(cst, 0), c(cst, 1)) else {
        return None;
    };
    let ty = result_type(ctx, op)?;
    let r = map2(ctx, a, b, ty, |x, y, t| {
        let ((k, xb), (_, yb)) = (float::attr_bits(ctx, x)?, float::attr_bits(ctx, y)?);
        float::float_attr(ctx, t, f(k, xb, yb))
    })?;
    attr(r)
}

// ----- integer arithmetic -----

fn smin(w: u32) -> i64 {
    sext(1i64 << (w - 1).min(63), w)
}

fn smax(w: u32) -> i64 {
    if w >= 64 {
        i64::MAX
    } else {
        (1i64 << (w - 1)) - 1
    }
}

fn umax(w: u32) -> u64 {
    if w >= 64 { u64::MAX } else { (1u64 << w) - 1 }
}

/// `ceildivsi` exactly as MLIR folds it, refusing any overflowing step.
fn ceil_div_signed(a: i64, b: i64, w: u32) -> Option<i64> {
    if b == 0 {
        return None;
    }
    if a == 0 {
        return Some(0);
    }
    let min = smin(w);
    // (a - 1) / b + 1 for positive a and b.
    let ceil_pos = |a: i64, b: i64| (a - 1) / b + 1;
    match (a > 0, b > 0) {
        (true, true) => Some(ceil_pos(a, b)),
        (false, false) => {
            if a == min || b == min {
                return None;
            }
            Some(ceil_pos(-a, -b))
        }
        (false, true) => {
            if a == min {
                return None;
            }
            Some(-((-a) / b))
        }
        (true, false) => {
            if b == min {
                return None;
            }
            Some(-(a / -b))
        }
    }
}

fn floor_div_signed(a: i64, b: i64, w: u32) -> Option<i64> {
    if b == 0 || (a == smin(w) && b == -1) {
        return None;
    }
    let q = a / b;
    Some(if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

pub fn fold_addi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if is_zero(ctx, c(cst, 1)) {
        return value(lhs);
    }
    // addi(subi(a, b), b) -> a ; addi(b, subi(a, b)) -> a
    if let Some(sub) = def_by(ctx, lhs, &ops::SUBI)
        && ctx.operand(sub, 1) == rhs
    {
        return value(ctx.operand(sub, 0));
    }
    if let Some(sub) = def_by(ctx, rhs, &ops::SUBI)
        && ctx.operand(sub, 1) == lhs
    {
        return value(ctx.operand(sub, 0));
    }
    int_binary(ctx, op, cst, |a, b, _| Some(a.wrapping_add(b)))
}

pub fn fold_subi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if lhs == rhs
        && let Some(z) = zero_attr(ctx, result_type(ctx, op)?)
    {
        return attr(z);
    }
    if is_zero(ctx, c(cst, 1)) {
        return value(lhs);
    }
    if let Some(add) = def_by(ctx, lhs, &ops::ADDI) {
        if ctx.operand(add, 1) == rhs {
            return value(ctx.operand(add, 0));
        }
        if ctx.operand(add, 0) == rhs {
            return value(ctx.operand(add, 1));
        }
    }
    int_binary(ctx, op, cst, |a, b, _| Some(a.wrapping_sub(b)))
}

pub fn fold_muli(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if is_zero(ctx, c(cst, 1)) {
        return value(rhs);
    }
    if is_one(ctx, c(cst, 1)) {
        return value(lhs);
    }
    int_binary(ctx, op, cst, |a, b, _| Some(a.wrapping_mul(b)))
}

/// `(a * b) / b -> a` when the multiplication carries `flags`.
fn fold_div_mul(ctx: &Context, lhs: ValueId, rhs: ValueId, flags: u32) -> Option<ValueId> {
    let mul = def_by(ctx, lhs, &ops::MULI)?;
    if flags_of(ctx, mul, FlagKind::Overflow) & flags != flags {
        return None;
    }
    if ctx.operand(mul, 0) == rhs {
        return Some(ctx.operand(mul, 1));
    }
    if ctx.operand(mul, 1) == rhs {
        return Some(ctx.operand(mul, 0));
    }
    None
}

pub fn fold_divui(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if is_one(ctx, c(cst, 1)) {
        return value(lhs);
    }
    if let Some(v) = fold_div_mul(ctx, lhs, rhs, 2) {
        return value(v);
    }
    int_binary(ctx, op, cst, |a, b, w| {
        let (a, b) = (zext(a, w), zext(b, w));
        (b != 0).then(|| (a / b) as i64)
    })
}

pub fn fold_divsi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if is_one(ctx, c(cst, 1)) {
        return value(lhs);
    }
    if let Some(v) = fold_div_mul(ctx, lhs, rhs, 1) {
        return value(v);
    }
    int_binary(ctx, op, cst, |a, b, w| {
        (b != 0 && !(a == smin(w) && b == -1)).then(|| a / b)
    })
}

pub fn fold_ceildivui(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    if is_one(ctx, c(cst, 1)) {
        return value(operand(ctx, op, 0)?);
    }
    int_binary(ctx, op, cst, |a, b, w| {
        let (a, b) = (zext(a, w), zext(b, w));
        if b == 0 {
            return None;
        }
        let q = a / b;
        if a % b == 0 {
            Some(q as i64)
        } else {
            (q < umax(w)).then(|| (q + 1) as i64)
        }
    })
}

pub fn fold_ceildivsi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    if is_one(ctx, c(cst, 1)) {
        return value(operand(ctx, op, 0)?);
    }
    int_binary(ctx, op, cst, ceil_div_signed)
}

pub fn fold_floordivsi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    if is_one(ctx, c(cst, 1)) {
        return value(operand(ctx, op, 0)?);
    }
    int_binary(ctx, op, cst, floor_div_signed)
}

pub fn fold_remui(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    if is_one(ctx, c(cst, 1)) {
        return attr(zero_attr(ctx, result_type(ctx, op)?)?);
    }
    int_binary(ctx, op, cst, |a, b, w| {
        let (a, b) = (zext(a, w), zext(b, w));
        (b != 0).then(|| (a % b) as i64)
    })
}

pub fn fold_remsi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    if is_one(ctx, c(cst, 1)) {
        return attr(zero_attr(ctx, result_type(ctx, op)?)?);
    }
    // `INT_MIN % -1` is 0, not overflow.
    int_binary(ctx, op, cst, |a, b, _| (b != 0).then(|| a.wrapping_rem(b)))
}

/// `x ^ allOnes` where `x` is `of`: the `not` of `of`.
fn is_not_of(ctx: &Context, v: ValueId, of: ValueId) -> bool {
    def_by(ctx, v, &ops::XORI).is_some_and(|x| {
        ctx.operand(x, 0) == of && is_all_ones(ctx, constant_of(ctx, ctx.operand(x, 1)))
    })
}

pub fn fold_andi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if is_zero(ctx, c(cst, 1)) {
        return value(rhs);
    }
    if is_all_ones(ctx, c(cst, 1)) {
        return value(lhs);
    }
    // and(x, not(x)) -> 0 ; and(not(x), x) -> 0
    if is_not_of(ctx, rhs, lhs) || is_not_of(ctx, lhs, rhs) {
        return attr(zero_attr(ctx, result_type(ctx, op)?)?);
    }
    // and(x, x) -> x (MLIR's `Idempotent` trait).
    if lhs == rhs {
        return value(lhs);
    }
    // and(a, and(a, b)) -> and(a, b), either side.
    for (prev, other) in [(lhs, rhs), (rhs, lhs)] {
        if let Some(p) = def_by(ctx, prev, &ops::ANDI)
            && (other == ctx.operand(p, 0) || other == ctx.operand(p, 1))
        {
            return value(prev);
        }
    }
    int_binary(ctx, op, cst, |a, b, _| Some(a & b))
}

pub fn fold_ori(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if is_zero(ctx, c(cst, 1)) {
        return value(lhs);
    }
    if is_all_ones(ctx, c(cst, 1)) {
        return attr(c(cst, 1)?);
    }
    // or(x, x) -> x (MLIR's `Idempotent` trait).
    if lhs == rhs {
        return value(lhs);
    }
    // or(x, not(x)) -> allOnes (the `not`'s constant), either side.
    for (a, b) in [(lhs, rhs), (rhs, lhs)] {
        if is_not_of(ctx, b, a)
            && let Some(x) = ctx.defining_op(b)
        {
            return value(ctx.operand(x, 1));
        }
    }
    int_binary(ctx, op, cst, |a, b, _| Some(a | b))
}

pub fn fold_xori(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if is_zero(ctx, c(cst, 1)) {
        return value(lhs);
    }
    if lhs == rhs {
        return attr(zero_attr(ctx, result_type(ctx, op)?)?);
    }
    // xor(xor(x, a), a) -> x and its commuted forms.
    for (nested, other) in [(lhs, rhs), (rhs, lhs)] {
        if let Some(p) = def_by(ctx, nested, &ops::XORI) {
            if ctx.operand(p, 1) == other {
                return value(ctx.operand(p, 0));
            }
            if ctx.operand(p, 0) == other {
                return value(ctx.operand(p, 1));
            }
        }
    }
    int_binary(ctx, op, cst, |a, b, _| Some(a ^ b))
}

/// Shifts fold only for amounts below the bit width.
fn shift(ctx: &Context, op: OpId, cst: &[Option<AttrId>], f: fn(i64, u32, u32) -> i64) -> Folded {
    if is_zero(ctx, c(cst, 1)) {
        return value(operand(ctx, op, 0)?);
    }
    int_binary(ctx, op, cst, |a, b, w| {
        let amount = zext(b, w);
        (amount < w as u64).then(|| f(a, amount as u32, w))
    })
}

pub fn fold_shli(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    shift(ctx, op, cst, |a, s, _| ((a as u64) << s) as i64)
}

pub fn fold_shrui(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    shift(ctx, op, cst, |a, s, w| (zext(a, w) >> s) as i64)
}

pub fn fold_shrsi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    shift(ctx, op, cst, |a, s, _| a >> s)
}

/// min/max: `x op x -> x`, absorbing and neutral extremes, constants.
fn min_max(ctx: &Context, op: OpId, cst: &[Option<AttrId>], signed: bool, max: bool) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if lhs == rhs {
        return value(rhs);
    }
    if let Some((v, w)) = int_splat(ctx, c(cst, 1)) {
        let (is_max, is_min) = if signed {
            (v == smax(w), v == smin(w))
        } else {
            (zext(v, w) == umax(w), zext(v, w) == 0)
        };
        // The extreme in the op's direction absorbs, the other is neutral.
        if (max && is_max) || (!max && is_min) {
            return value(rhs);
        }
        if (max && is_min) || (!max && is_max) {
            return value(lhs);
        }
    }
    int_binary(ctx, op, cst, |a, b, w| {
        let a_first = if signed {
            a >= b
        } else {
            zext(a, w) >= zext(b, w)
        };
        Some(if a_first == max { a } else { b })
    })
}

pub fn fold_maxsi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    min_max(ctx, op, cst, true, true)
}
pub fn fold_minsi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    min_max(ctx, op, cst, true, false)
}
pub fn fold_maxui(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    min_max(ctx, op, cst, false, true)
}
pub fn fold_minui(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    min_max(ctx, op, cst, false, false)
}

// ----- multi-result integer ops -----

pub fn fold_addui_extended(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let lhs = operand(ctx, op, 0)?;
    let ovf_ty = ctx.value_type(*ctx.results(op).get(1)?);
    if is_zero(ctx, c(cst, 1)) {
        return Some(vec![
            FoldValue::Value(lhs),
            FoldValue::Attr(zero_attr(ctx, ovf_ty)?),
        ]);
    }
    let (Some(a), Some(b)) = (c(cst, 0), c(cst, 1)) else {
        return None;
    };
    let ty = result_type(ctx, op)?;
    let add = |x: AttrId, y: AttrId, t: TypeId| {
        let ((xv, _), (yv, _)) = (int_value(ctx, x)?, int_value(ctx, y)?);
        Some(ctx.int_attr(xv.wrapping_add(yv), t))
    };
    let sum = map2(ctx, a, b, ty, add)?;
    let carry = map2(ctx, sum, a, ovf_ty, |s, x, t| {
        let ((sv, w), (xv, _)) = (int_value(ctx, s)?, int_value(ctx, x)?);
        Some(ctx.int_attr((zext(sv, w) < zext(xv, w)) as i64, t))
    })?;
    Some(vec![FoldValue::Attr(sum), FoldValue::Attr(carry)])
}

fn mul_extended(ctx: &Context, op: OpId, cst: &[Option<AttrId>], signed: bool) -> Folded {
    let lhs = operand(ctx, op, 0)?;
    if is_zero(ctx, c(cst, 1)) {
        let z = c(cst, 1)?;
        return Some(vec![FoldValue::Attr(z), FoldValue::Attr(z)]);
    }
    if !signed && is_one(ctx, c(cst, 1)) {
        return Some(vec![
            FoldValue::Value(lhs),
            FoldValue::Attr(zero_attr(ctx, ctx.value_type(lhs))?),
        ]);
    }
    let (Some(a), Some(b)) = (c(cst, 0), c(cst, 1)) else {
        return None;
    };
    let ty = result_type(ctx, op)?;
    let low = map2(ctx, a, b, ty, |x, y, t| {
        let ((xv, _), (yv, _)) = (int_value(ctx, x)?, int_value(ctx, y)?);
        Some(ctx.int_attr(xv.wrapping_mul(yv), t))
    })?;
    let high = map2(ctx, a, b, ty, |x, y, t| {
        let ((xv, w), (yv, _)) = (int_value(ctx, x)?, int_value(ctx, y)?);
        let h = if signed {
            ((xv as i128 * yv as i128) >> w) as i64
        } else {
            ((zext(xv, w) as u128 * zext(yv, w) as u128) >> w) as i64
        };
        Some(ctx.int_attr(h, t))
    })?;
    Some(vec![FoldValue::Attr(low), FoldValue::Attr(high)])
}

pub fn fold_mului_extended(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    mul_extended(ctx, op, cst, false)
}

pub fn fold_mulsi_extended(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    mul_extended(ctx, op, cst, true)
}

// ----- floating point -----

pub fn fold_addf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    // x + -0.0 is x for every x (x + +0.0 is not: -0.0 + +0.0 = +0.0).
    if is_float(ctx, c(cst, 1), float::is_neg_zero) {
        return value(operand(ctx, op, 0)?);
    }
    float_binary(ctx, op, cst, |k, a, b| float::binary(k, BinOp::Add, a, b))
}

pub fn fold_subf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    if is_float(ctx, c(cst, 1), float::is_pos_zero) {
        return value(operand(ctx, op, 0)?);
    }
    float_binary(ctx, op, cst, |k, a, b| float::binary(k, BinOp::Sub, a, b))
}

pub fn fold_mulf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    if is_float(ctx, c(cst, 1), float::is_one) {
        return value(operand(ctx, op, 0)?);
    }
    let fm = flags_of(ctx, op, FlagKind::FastMath);
    if fm & (FASTMATH_NNAN | FASTMATH_NSZ) == FASTMATH_NNAN | FASTMATH_NSZ
        && is_float(ctx, c(cst, 1), float::is_any_zero)
    {
        return value(operand(ctx, op, 1)?);
    }
    float_binary(ctx, op, cst, |k, a, b| float::binary(k, BinOp::Mul, a, b))
}

pub fn fold_divf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    if is_float(ctx, c(cst, 1), float::is_one) {
        return value(operand(ctx, op, 0)?);
    }
    float_binary(ctx, op, cst, |k, a, b| float::binary(k, BinOp::Div, a, b))
}

pub fn fold_remf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    float_binary(ctx, op, cst, |k, a, b| float::binary(k, BinOp::Rem, a, b))
}

pub fn fold_negf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let x = operand(ctx, op, 0)?;
    if let Some(n) = def_by(ctx, x, &ops::NEGF) {
        return value(ctx.operand(n, 0));
    }
    let r = map1(ctx, c(cst, 0)?, result_type(ctx, op)?, |a, t| {
        let (k, b) = float::attr_bits(ctx, a)?;
        float::float_attr(ctx, t, float::negate(k, b))
    })?;
    attr(r)
}

/// maximumf/minimumf (`nan_absorbs`) and maxnumf/minnumf.
fn float_min_max(
    ctx: &Context,
    op: OpId,
    cst: &[Option<AttrId>],
    max: bool,
    nan_absorbs: bool,
) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if lhs == rhs {
        return value(rhs);
    }
    let neutral = match (nan_absorbs, max) {
        // maximumf(x, -inf), minimumf(x, +inf)
        (true, true) => is_float(ctx, c(cst, 1), |k, b| float::is_inf(k, b, true)),
        (true, false) => is_float(ctx, c(cst, 1), |k, b| float::is_inf(k, b, false)),
        // maxnumf(x, NaN), minnumf(x, NaN)
        (false, _) => is_float(ctx, c(cst, 1), float::is_nan),
    };
    if neutral {
        return value(lhs);
    }
    if nan_absorbs {
        float_binary(ctx, op, cst, |k, a, b| float::maximum(k, a, b, max))
    } else {
        float_binary(ctx, op, cst, |k, a, b| float::maxnum(k, a, b, max))
    }
}

pub fn fold_maximumf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    float_min_max(ctx, op, cst, true, true)
}
pub fn fold_minimumf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    float_min_max(ctx, op, cst, false, true)
}
pub fn fold_maxnumf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    float_min_max(ctx, op, cst, true, false)
}
pub fn fold_minnumf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    float_min_max(ctx, op, cst, false, false)
}

// ----- comparisons and select -----

pub fn fold_cmpi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    let pred = CmpIPredicate::from_i64(predicate_value(ctx, ctx.attr_of(op, "predicate")?)?)?;
    let res_ty = result_type(ctx, op)?;
    if lhs == rhs {
        return attr(bool_attr_like(ctx, res_ty, pred.holds_for_equal())?);
    }
    let lhs_is_i1 = ctx
        .type_data(elem_type(ctx, ctx.value_type(lhs)))
        .int_width()
        == Some(1);
    if is_zero(ctx, c(cst, 1)) && pred == CmpIPredicate::Ne {
        // ext(%x : i1) != 0 -> %x
        for def in [&ops::EXTSI, &ops::EXTUI] {
            if let Some(ext) = def_by(ctx, lhs, def) {
                let src = ctx.operand(ext, 0);
                if int_width(ctx, elem_type(ctx, ctx.value_type(src))) == Some(1) {
                    return value(src);
                }
            }
        }
        // cmpi ne, %x, false : i1 -> %x
        if lhs_is_i1 {
            return value(lhs);
        }
    }
    // cmpi eq, %x, true : i1 -> %x
    if is_one(ctx, c(cst, 1)) && lhs_is_i1 && pred == CmpIPredicate::Eq {
        return value(lhs);
    }
    let (Some(a), Some(b)) = (c(cst, 0), c(cst, 1)) else {
        return None;
    };
    let r = map2(ctx, a, b, res_ty, |x, y, _| {
        let ((xv, w), (yv, _)) = (int_value(ctx, x)?, int_value(ctx, y)?);
        Some(ctx.bool_attr(pred.eval(xv, yv, w)))
    })?;
    attr(r)
}

pub fn fold_cmpf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let pred = CmpFPredicate::from_i64(predicate_value(ctx, ctx.attr_of(op, "predicate")?)?)?;
    // Scalars only, as MLIR's folder (`FloatAttr`) does.
    let l = c(cst, 0).and_then(|a| float::attr_bits(ctx, a));
    let r = c(cst, 1).and_then(|a| float::attr_bits(ctx, a));
    // A NaN operand decides the outcome whatever the other one is.
    let nan = |x: Option<(FloatKind, u64)>| x.is_some_and(|(k, b)| float::is_nan(k, b));
    let (l, r) = if nan(l) {
        (l, l)
    } else if nan(r) {
        (r, r)
    } else {
        (l, r)
    };
    let ((k, a), (_, b)) = (l?, r?);
    attr(ctx.bool_attr(pred.eval(float::compare(k, a, b))))
}

pub fn fold_select(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let (cond, t, f) = (
        operand(ctx, op, 0)?,
        operand(ctx, op, 1)?,
        operand(ctx, op, 2)?,
    );
    if t == f {
        return value(t);
    }
    if is_one(ctx, c(cst, 0)) {
        return value(t);
    }
    if is_zero(ctx, c(cst, 0)) {
        return value(f);
    }
    let res_ty = result_type(ctx, op)?;
    // select %x, true, false : i1 -> %x
    if res_ty == ctx.common.i1 && is_one(ctx, c(cst, 1)) && is_zero(ctx, c(cst, 2)) {
        return value(cond);
    }
    if let Some(cmp) = def_by(ctx, cond, &ops::CMPI) {
        let pred = ctx
            .attr_of(cmp, "predicate")
            .and_then(|a| predicate_value(ctx, a))
            .and_then(CmpIPredicate::from_i64);
        if let Some(p @ (CmpIPredicate::Eq | CmpIPredicate::Ne)) = pred {
            let (a, b) = (ctx.operand(cmp, 0), ctx.operand(cmp, 1));
            if (a == t && b == f) || (b == t && a == f) {
                return value(if p == CmpIPredicate::Ne { t } else { f });
            }
        }
    }
    // Elementwise select of dense constants.
    let (Some(c), Some(x), Some(y)) = (c(cst, 0), c(cst, 1), c(cst, 2)) else {
        return None;
    };
    if !(is_dense(ctx, c) && is_dense(ctx, x) && is_dense(ctx, y)) {
        return None;
    }
    let ((vc, sc), (vx, sx), (vy, sy)) = (elems(ctx, c), elems(ctx, x), elems(ctx, y));
    let n = [(&vc, sc), (&vx, sx), (&vy, sy)]
        .iter()
        .filter(|(_, s)| !s)
        .map(|(v, _)| v.len())
        .max()
        .unwrap_or(1);
    let pick = |v: &Vec<AttrId>, s: bool, i: usize| {
        if s {
            v.first().copied()
        } else {
            v.get(i).copied()
        }
    };
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let (ci, xi, yi) = (pick(&vc, sc, i)?, pick(&vx, sx, i)?, pick(&vy, sy, i)?);
        out.push(if int_value(ctx, ci)?.0 != 0 { xi } else { yi });
    }
    attr(dense(ctx, res_ty, out))
}

// ----- casts -----

/// Casts between identical types fold to their operand (MLIR's generic
/// `CastOpInterface` folder).
fn identity_cast(ctx: &Context, op: OpId) -> Option<ValueId> {
    let x = operand(ctx, op, 0)?;
    (ctx.value_type(x) == result_type(ctx, op)?).then_some(x)
}

/// Folds a cast of a constant with a per-element conversion.
fn cast_constant(
    ctx: &Context,
    op: OpId,
    cst: &[Option<AttrId>],
    f: impl Fn(AttrId, TypeId) -> Option<AttrId>,
) -> Folded {
    attr(map1(ctx, c(cst, 0)?, result_type(ctx, op)?, f)?)
}

/// Integer-to-integer casts: `f(value, src_width)` gives the new value.
fn int_cast(ctx: &Context, op: OpId, cst: &[Option<AttrId>], f: fn(i64, u32) -> i64) -> Folded {
    if let Some(x) = identity_cast(ctx, op) {
        return value(x);
    }
    cast_constant(ctx, op, cst, |a, t| {
        let (v, w) = int_value(ctx, a)?;
        Some(ctx.int_attr(f(v, w), t))
    })
}

pub fn fold_extui(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    int_cast(ctx, op, cst, |v, w| zext(v, w) as i64)
}

pub fn fold_extsi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    int_cast(ctx, op, cst, |v, _| v)
}

pub fn fold_trunci(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let x = operand(ctx, op, 0)?;
    // trunci(ext(a)) -> a when a already has the result type.
    for def in [&ops::EXTUI, &ops::EXTSI] {
        if let Some(ext) = def_by(ctx, x, def) {
            let src = ctx.operand(ext, 0);
            if ctx.value_type(src) == result_type(ctx, op)? {
                return value(src);
            }
        }
    }
    int_cast(ctx, op, cst, |v, _| v)
}

pub fn fold_index_cast(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    // Sign-extend or truncate: values are kept sign-extended already.
    if let Some(r) = int_cast(ctx, op, cst, |v, _| v) {
        return Some(r);
    }
    // index_cast(index_cast(x)) -> x when the types round-trip.
    let inner = def_by(ctx, operand(ctx, op, 0)?, &ops::INDEX_CAST)?;
    let x = ctx.operand(inner, 0);
    (ctx.value_type(x) == result_type(ctx, op)?).then(|| vec![FoldValue::Value(x)])
}

pub fn fold_index_castui(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    if let Some(r) = int_cast(ctx, op, cst, |v, w| zext(v, w) as i64) {
        return Some(r);
    }
    let inner = def_by(ctx, operand(ctx, op, 0)?, &ops::INDEX_CASTUI)?;
    let x = ctx.operand(inner, 0);
    (ctx.value_type(x) == result_type(ctx, op)?).then(|| vec![FoldValue::Value(x)])
}

pub fn fold_extf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let x = operand(ctx, op, 0)?;
    // extf(truncf(a)) -> a when both are `contract` and a has the type.
    if let Some(tr) = def_by(ctx, x, &ops::TRUNCF) {
        let contract = |o: OpId| flags_of(ctx, o, FlagKind::FastMath) & FASTMATH_CONTRACT != 0;
        let src = ctx.operand(tr, 0);
        if ctx.value_type(src) == result_type(ctx, op)? && contract(tr) && contract(op) {
            return value(src);
        }
    }
    float_cast(ctx, op, cst, Rounding::NearestEven)
}

/// Whether every value of `from` is exactly representable in `to`.
fn representable(from: FloatKind, to: FloatKind) -> bool {
    use FloatKind::*;
    matches!(
        (from, to),
        (F16, F32 | F64) | (BF16, F32 | F64) | (F32, F64)
    ) || from == to
}

pub fn fold_truncf(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    let x = operand(ctx, op, 0)?;
    let res_ty = result_type(ctx, op)?;
    // truncf(extf(a)) -> a when a has the result type.
    if let Some(ext) = def_by(ctx, x, &ops::EXTF) {
        let src = ctx.operand(ext, 0);
        let kind = |v: ValueId| float::kind_of(ctx, elem_type(ctx, ctx.value_type(v)));
        if let (Some(s), Some(m)) = (kind(src), kind(x))
            && representable(s, m)
            && ctx.value_type(src) == res_ty
        {
            return value(src);
        }
    }
    let mode = ctx
        .attr_of(op, "roundingmode")
        .and_then(|a| rounding_mode_value(ctx, a))
        .unwrap_or(0);
    float_cast(ctx, op, cst, Rounding::from_index(mode))
}

/// extf/truncf of constants: only conversions that lose nothing.
fn float_cast(ctx: &Context, op: OpId, cst: &[Option<AttrId>], mode: Rounding) -> Folded {
    cast_constant(ctx, op, cst, |a, t| {
        let (from, bits) = float::attr_bits(ctx, a)?;
        let to = float::kind_of(ctx, t)?;
        float::float_attr(ctx, t, float::convert_exact(from, to, bits, mode)?)
    })
}

fn int_to_float(ctx: &Context, op: OpId, cst: &[Option<AttrId>], signed: bool) -> Folded {
    cast_constant(ctx, op, cst, |a, t| {
        let (v, w) = int_value(ctx, a)?;
        let kind = float::kind_of(ctx, t)?;
        let (neg, mag) = if signed && v < 0 {
            (true, (v as i128).unsigned_abs())
        } else if signed {
            (false, v as u128)
        } else {
            (false, zext(v, w) as u128)
        };
        float::float_attr(ctx, t, float::from_int(kind, neg, mag))
    })
}

pub fn fold_sitofp(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    int_to_float(ctx, op, cst, true)
}

pub fn fold_uitofp(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    int_to_float(ctx, op, cst, false)
}

fn float_to_int(ctx: &Context, op: OpId, cst: &[Option<AttrId>], signed: bool) -> Folded {
    cast_constant(ctx, op, cst, |a, t| {
        let (kind, bits) = float::attr_bits(ctx, a)?;
        let w = int_width(ctx, t)?;
        Some(ctx.int_attr(float::to_int(kind, bits, w, signed)?, t))
    })
}

pub fn fold_fptosi(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    float_to_int(ctx, op, cst, true)
}

pub fn fold_fptoui(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    float_to_int(ctx, op, cst, false)
}

pub fn fold_bitcast(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Folded {
    if let Some(x) = identity_cast(ctx, op) {
        return value(x);
    }
    cast_constant(ctx, op, cst, |a, t| {
        let bits = match float::attr_bits(ctx, a) {
            Some((_, b)) => b,
            None => {
                let (v, w) = int_value(ctx, a)?;
                zext(v, w)
            }
        };
        match float::kind_of(ctx, t) {
            Some(_) => float::float_attr(ctx, t, bits),
            None => Some(ctx.int_attr(bits as i64, t)),
        }
    })
}

pub fn fold_constant(ctx: &Context, op: OpId, _cst: &[Option<AttrId>]) -> Folded {
    attr(ctx.attr_of(op, "value")?)
}
