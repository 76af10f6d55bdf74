//! Canonicalization patterns of arith ops: MLIR's (`ArithCanonicalization.td`
//! and the C++ patterns of mlir-opt 22), plus MLIR's folds that update an op
//! in place, which lockstep's read-only folders cannot express.
//!
//! Invariants:
//! - A pattern checks everything before it changes anything: returning
//!   false means the IR is untouched.
//! - New ops are created right before the rewritten op; new constants are
//!   `arith.constant`s of the same type as the values they stand for.
//! - Overflow flags of rewritten integer ops are merged (intersected) where
//!   MLIR merges them and reset to none where MLIR resets them.

use lockstep_ir::opdef::OpDef;
use lockstep_ir::types::FloatKind;
use lockstep_ir::{
    AttrData, AttrId, Context, OpId, RewritePattern, Rewriter, TypeData, TypeId, ValueId,
};

use crate::constraints::{elem_type, i1_like};
use crate::flags::{CmpFPredicate, CmpIPredicate, FlagKind, predicate_value};
use crate::float;
use crate::fold::{constant_of, def_by, flags_of, int_splat, int_value, int_width, zero_attr};
use crate::ops::*;

/// Defines a unit-struct pattern rooted at one op kind, and a static
/// instance of it. The body returns `Option<()>`: `None` means no match.
macro_rules! pattern {
    ($(#[$doc:meta])* $name:ident, $root:path, |$op:ident, $rw:ident| $body:block) => {
        $(#[$doc])*
        pub struct $name;
        impl $name {
            fn apply($op: OpId, $rw: &mut Rewriter<'_>) -> Option<()> $body
        }
        impl RewritePattern for $name {
            fn name(&self) -> &'static str {
                stringify!($name)
            }
            fn root(&self) -> Option<&'static OpDef> {
                Some(&$root)
            }
            fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
                Self::apply(op, rw).is_some()
            }
        }
    };
}

// ----- helpers -----

/// A scalar integer constant (MLIR's `ConstantLikeMatcher APIntAttr`).
fn int_cst(ctx: &Context, v: ValueId) -> Option<(i64, u32)> {
    int_value(ctx, constant_of(ctx, v)?)
}

/// A constant equal to -1 in every element (`IsScalarOrSplatNegativeOne`).
fn is_minus_one(ctx: &Context, v: ValueId) -> bool {
    int_splat(ctx, constant_of(ctx, v)).is_some_and(|(x, _)| x == -1)
}

fn operands2(ctx: &Context, op: OpId) -> Option<(ValueId, ValueId)> {
    match ctx.operands(op) {
        [a, b] => Some((*a, *b)),
        _ => None,
    }
}

fn result(ctx: &Context, op: OpId) -> Option<ValueId> {
    ctx.results(op).first().copied()
}

fn result_ty(ctx: &Context, op: OpId) -> Option<TypeId> {
    result(ctx, op).map(|r| ctx.value_type(r))
}

fn ovf(ctx: &Context, op: OpId) -> u32 {
    flags_of(ctx, op, FlagKind::Overflow)
}

/// Creates a constant before the current insertion point.
fn constant(rw: &mut Rewriter<'_>, value: AttrId, ty: TypeId, at: OpId) -> ValueId {
    let loc = rw.ctx().loc(at);
    let c = crate::build_constant(rw, value, ty, loc);
    rw.ctx().result(c, 0)
}

/// Creates `def(operands) -> ty` with `attrs` before the current insertion point.
fn create(
    rw: &mut Rewriter<'_>,
    def: &'static OpDef,
    at: OpId,
    operands: &[ValueId],
    ty: TypeId,
    attrs: &[(&str, AttrId)],
) -> ValueId {
    let loc = rw.ctx().loc(at);
    let op = rw.build(def, loc, operands, &[ty], attrs);
    rw.ctx().result(op, 0)
}

/// An integer binary op with the given overflow flags.
fn int_op(
    rw: &mut Rewriter<'_>,
    def: &'static OpDef,
    at: OpId,
    a: ValueId,
    b: ValueId,
    flags: u32,
) -> ValueId {
    let ty = rw.ctx().value_type(a);
    let f = FlagKind::Overflow.attr(rw.ctx(), flags);
    create(rw, def, at, &[a, b], ty, &[("overflowFlags", f)])
}

fn replace(rw: &mut Rewriter<'_>, op: OpId, with: ValueId) {
    rw.replace_op(op, &[with]);
}

/// `c0 op c1` at the type of `res`, wrapping.
fn combine(ctx: &Context, res_ty: TypeId, c0: i64, c1: i64, f: fn(i64, i64) -> i64) -> AttrId {
    ctx.int_attr(f(c0, c1), res_ty)
}

/// Rewrites a binary integer op whose lhs is itself computed by `inner`
/// from one variable and one constant, per the shape matched by `select`.
/// Shared by the reassociation patterns below.
fn reassociate(
    rw: &mut Rewriter<'_>,
    op: OpId,
    inner_def: &'static OpDef,
    inner_on_lhs: bool,
    const_on_inner_rhs: bool,
    build: impl FnOnce(&mut Rewriter<'_>, ValueId, i64, i64, u32, TypeId) -> ValueId,
) -> Option<()> {
    let ctx = rw.ctx();
    let (lhs, rhs) = operands2(ctx, op)?;
    let (nested, outer_const) = if inner_on_lhs { (lhs, rhs) } else { (rhs, lhs) };
    let (c1, _) = int_cst(ctx, outer_const)?;
    let inner = def_by(ctx, nested, inner_def)?;
    let (ia, ib) = operands2(ctx, inner)?;
    let (x, c0v) = if const_on_inner_rhs {
        (ia, ib)
    } else {
        (ib, ia)
    };
    let (c0, _) = int_cst(ctx, c0v)?;
    let flags = ovf(ctx, inner) & ovf(ctx, op);
    let ty = result_ty(ctx, op)?;
    rw.set_insertion_point_before(op);
    let v = build(rw, x, c0, c1, flags, ty);
    replace(rw, op, v);
    Some(())
}

// ----- addi -----

pattern!(
    /// addi(addi(x, c0), c1) -> addi(x, c0 + c1)
    AddIAddConstant, ADDI, |op, rw| {
        reassociate(rw, op, &ADDI, true, true, |rw, x, c0, c1, flags, ty| {
            let c = combine(rw.ctx(), ty, c0, c1, i64::wrapping_add);
            let c = constant(rw, c, ty, op);
            int_op(rw, &ADDI, op, x, c, flags)
        })
    }
);

pattern!(
    /// addi(subi(x, c0), c1) -> addi(x, c1 - c0)
    AddISubConstantRHS, ADDI, |op, rw| {
        reassociate(rw, op, &SUBI, true, true, |rw, x, c0, c1, flags, ty| {
            let c = combine(rw.ctx(), ty, c1, c0, i64::wrapping_sub);
            let c = constant(rw, c, ty, op);
            int_op(rw, &ADDI, op, x, c, flags)
        })
    }
);

pattern!(
    /// addi(subi(c0, x), c1) -> subi(c0 + c1, x)
    AddISubConstantLHS, ADDI, |op, rw| {
        reassociate(rw, op, &SUBI, true, false, |rw, x, c0, c1, flags, ty| {
            let c = combine(rw.ctx(), ty, c0, c1, i64::wrapping_add);
            let c = constant(rw, c, ty, op);
            int_op(rw, &SUBI, op, c, x, flags)
        })
    }
);

pattern!(
    /// addi(x, muli(y, -1)) -> subi(x, y)
    AddIMulNegativeOneRhs, ADDI, |op, rw| {
        let ctx = rw.ctx();
        let (x, m) = operands2(ctx, op)?;
        let mul = def_by(ctx, m, &MULI)?;
        let (y, c) = operands2(ctx, mul)?;
        if !is_minus_one(ctx, c) {
            return None;
        }
        rw.set_insertion_point_before(op);
        let v = int_op(rw, &SUBI, op, x, y, 0);
        replace(rw, op, v);
        Some(())
    }
);

pattern!(
    /// addi(muli(x, -1), y) -> subi(y, x)
    AddIMulNegativeOneLhs, ADDI, |op, rw| {
        let ctx = rw.ctx();
        let (m, y) = operands2(ctx, op)?;
        let mul = def_by(ctx, m, &MULI)?;
        let (x, c) = operands2(ctx, mul)?;
        if !is_minus_one(ctx, c) {
            return None;
        }
        rw.set_insertion_point_before(op);
        let v = int_op(rw, &SUBI, op, y, x, 0);
        replace(rw, op, v);
        Some(())
    }
);

// ----- subi -----

pattern!(
    /// subi(addi(x, c0), c1) -> addi(x, c0 - c1)
    SubIRHSAddConstant, SUBI, |op, rw| {
        reassociate(rw, op, &ADDI, true, true, |rw, x, c0, c1, _, ty| {
            let c = combine(rw.ctx(), ty, c0, c1, i64::wrapping_sub);
            let c = constant(rw, c, ty, op);
            int_op(rw, &ADDI, op, x, c, 0)
        })
    }
);

pattern!(
    /// subi(c1, addi(x, c0)) -> subi(c1 - c0, x)
    SubILHSAddConstant, SUBI, |op, rw| {
        reassociate(rw, op, &ADDI, false, true, |rw, x, c0, c1, flags, ty| {
            let c = combine(rw.ctx(), ty, c1, c0, i64::wrapping_sub);
            let c = constant(rw, c, ty, op);
            int_op(rw, &SUBI, op, c, x, flags)
        })
    }
);

pattern!(
    /// subi(subi(x, c0), c1) -> subi(x, c0 + c1)
    SubIRHSSubConstantRHS, SUBI, |op, rw| {
        reassociate(rw, op, &SUBI, true, true, |rw, x, c0, c1, flags, ty| {
            let c = combine(rw.ctx(), ty, c0, c1, i64::wrapping_add);
            let c = constant(rw, c, ty, op);
            int_op(rw, &SUBI, op, x, c, flags)
        })
    }
);

pattern!(
    /// subi(subi(c0, x), c1) -> subi(c0 - c1, x)
    SubIRHSSubConstantLHS, SUBI, |op, rw| {
        reassociate(rw, op, &SUBI, true, false, |rw, x, c0, c1, flags, ty| {
            let c = combine(rw.ctx(), ty, c0, c1, i64::wrapping_sub);
            let c = constant(rw, c, ty, op);
            int_op(rw, &SUBI, op, c, x, flags)
        })
    }
);

pattern!(
    /// subi(c1, subi(x, c0)) -> subi(c0 + c1, x)
    SubILHSSubConstantRHS, SUBI, |op, rw| {
        reassociate(rw, op, &SUBI, false, true, |rw, x, c0, c1, flags, ty| {
            let c = combine(rw.ctx(), ty, c0, c1, i64::wrapping_add);
            let c = constant(rw, c, ty, op);
            int_op(rw, &SUBI, op, c, x, flags)
        })
    }
);

pattern!(
    /// subi(c1, subi(c0, x)) -> addi(x, c1 - c0)
    SubILHSSubConstantLHS, SUBI, |op, rw| {
        reassociate(rw, op, &SUBI, false, false, |rw, x, c0, c1, flags, ty| {
            let c = combine(rw.ctx(), ty, c1, c0, i64::wrapping_sub);
            let c = constant(rw, c, ty, op);
            int_op(rw, &ADDI, op, x, c, flags)
        })
    }
);

pattern!(
    /// subi(subi(x, y), x) -> subi(0, y)
    SubISubILHSRHSLHS, SUBI, |op, rw| {
        let ctx = rw.ctx();
        let (s, x) = operands2(ctx, op)?;
        let inner = def_by(ctx, s, &SUBI)?;
        let (ix, y) = operands2(ctx, inner)?;
        if ix != x {
            return None;
        }
        let ty = ctx.value_type(y);
        let zero = zero_attr(ctx, ty)?;
        let flags = ovf(ctx, inner) & ovf(ctx, op);
        rw.set_insertion_point_before(op);
        let z = constant(rw, zero, ty, op);
        let v = int_op(rw, &SUBI, op, z, y, flags);
        replace(rw, op, v);
        Some(())
    }
);

// ----- muli -----

pattern!(
    /// muli(muli(x, c0), c1) -> muli(x, c0 * c1)
    MulIMulIConstant, MULI, |op, rw| {
        reassociate(rw, op, &MULI, true, true, |rw, x, c0, c1, flags, ty| {
            let c = combine(rw.ctx(), ty, c0, c1, i64::wrapping_mul);
            let c = constant(rw, c, ty, op);
            int_op(rw, &MULI, op, x, c, flags)
        })
    }
);

// ----- extended arithmetic -----

/// Replaces a two-result op whose second result is unused by a single
/// `def(x, y)` and `x` (any value will do for the unused result).
fn drop_unused_second(rw: &mut Rewriter<'_>, op: OpId, def: &'static OpDef) -> Option<()> {
    let ctx = rw.ctx();
    let (x, y) = operands2(ctx, op)?;
    let second = *ctx.results(op).get(1)?;
    if ctx.has_uses(second) {
        return None;
    }
    rw.set_insertion_point_before(op);
    let v = int_op(rw, def, op, x, y, 0);
    rw.replace_op(op, &[v, x]);
    Some(())
}

pattern!(
    /// addui_extended(x, y) -> [addi(x, y), x] when the overflow bit is unused.
    AddUIExtendedToAddI, ADDUI_EXTENDED, |op, rw| { drop_unused_second(rw, op, &ADDI) }
);

pattern!(
    /// mului_extended(x, y) -> [muli(x, y), x] when the high half is unused.
    MulUIExtendedToMulI, MULUI_EXTENDED, |op, rw| { drop_unused_second(rw, op, &MULI) }
);

pattern!(
    /// mulsi_extended(x, y) -> [muli(x, y), x] when the high half is unused.
    MulSIExtendedToMulI, MULSI_EXTENDED, |op, rw| { drop_unused_second(rw, op, &MULI) }
);

pattern!(
    /// mulsi_extended(x, 1) -> [x, extsi(cmpi slt, x, 0)]
    MulSIExtendedRHSOne, MULSI_EXTENDED, |op, rw| {
        let ctx = rw.ctx();
        let (x, one) = operands2(ctx, op)?;
        if int_splat(ctx, constant_of(ctx, one)) != Some((1, int_width(ctx, elem_type(ctx, ctx.value_type(x)))?)) {
            return None;
        }
        let ty = ctx.value_type(x);
        let zero = zero_attr(ctx, ty)?;
        let i1 = i1_like(ctx, ty);
        let slt = ctx.int_attr(CmpIPredicate::Slt as i64, ctx.common.i64);
        rw.set_insertion_point_before(op);
        let z = constant(rw, zero, ty, op);
        let cmp = create(rw, &CMPI, op, &[x, z], i1, &[("predicate", slt)]);
        let high = create(rw, &EXTSI, op, &[cmp], ty, &[]);
        rw.replace_op(op, &[x, high]);
        Some(())
    }
);

// ----- bitwise ops of extensions -----

/// `op(ext(x), ext(y)) -> ext(op(x, y))` for x and y of the same type.
fn hoist_ext(
    rw: &mut Rewriter<'_>,
    op: OpId,
    bin: &'static OpDef,
    ext: &'static OpDef,
) -> Option<()> {
    let ctx = rw.ctx();
    let (a, b) = operands2(ctx, op)?;
    let (ea, eb) = (def_by(ctx, a, ext)?, def_by(ctx, b, ext)?);
    let (x, y) = (ctx.operand(ea, 0), ctx.operand(eb, 0));
    if ctx.value_type(x) != ctx.value_type(y) {
        return None;
    }
    let (xt, rt) = (ctx.value_type(x), result_ty(ctx, op)?);
    rw.set_insertion_point_before(op);
    let inner = create(rw, bin, op, &[x, y], xt, &[]);
    let v = create(rw, ext, op, &[inner], rt, &[]);
    replace(rw, op, v);
    Some(())
}

pattern!(
    /// andi(extui(x), extui(y)) -> extui(andi(x, y))
    AndOfExtUI, ANDI, |op, rw| { hoist_ext(rw, op, &ANDI, &EXTUI) }
);
pattern!(
    /// andi(extsi(x), extsi(y)) -> extsi(andi(x, y))
    AndOfExtSI, ANDI, |op, rw| { hoist_ext(rw, op, &ANDI, &EXTSI) }
);
pattern!(
    /// ori(extui(x), extui(y)) -> extui(ori(x, y))
    OrOfExtUI, ORI, |op, rw| { hoist_ext(rw, op, &ORI, &EXTUI) }
);
pattern!(
    /// ori(extsi(x), extsi(y)) -> extsi(ori(x, y))
    OrOfExtSI, ORI, |op, rw| { hoist_ext(rw, op, &ORI, &EXTSI) }
);
pattern!(
    /// xori(extui(x), extui(y)) -> extui(xori(x, y))
    XOrIOfExtUI, XORI, |op, rw| { hoist_ext(rw, op, &XORI, &EXTUI) }
);
pattern!(
    /// xori(extsi(x), extsi(y)) -> extsi(xori(x, y))
    XOrIOfExtSI, XORI, |op, rw| { hoist_ext(rw, op, &XORI, &EXTSI) }
);

pattern!(
    /// xori(cmpi(pred, a, b), true) -> cmpi(!pred, a, b)
    XOrINotCmpI, XORI, |op, rw| {
        let ctx = rw.ctx();
        let (c, t) = operands2(ctx, op)?;
        let true_attr = constant_of(ctx, t)?;
        if !matches!(ctx.attr_data(true_attr), AttrData::Integer { value: -1, ty } if *ty == ctx.common.i1) {
            return None;
        }
        let cmp = def_by(ctx, c, &CMPI)?;
        let pred = CmpIPredicate::from_i64(predicate_value(ctx, ctx.attr_of(cmp, "predicate")?)?)?;
        let (a, b) = operands2(ctx, cmp)?;
        let p = ctx.int_attr(pred.invert() as i64, ctx.common.i64);
        let ty = result_ty(ctx, op)?;
        rw.set_insertion_point_before(op);
        let v = create(rw, &CMPI, op, &[a, b], ty, &[("predicate", p)]);
        replace(rw, op, v);
        Some(())
    }
);

// ----- cmpi -----

/// cmpi(eq/ne, ext(a), ext(b)) -> cmpi(eq/ne, a, b)
fn cmp_of_ext(rw: &mut Rewriter<'_>, op: OpId, ext: &'static OpDef) -> Option<()> {
    let ctx = rw.ctx();
    let pa = ctx.attr_of(op, "predicate")?;
    let pred = CmpIPredicate::from_i64(predicate_value(ctx, pa)?)?;
    if !matches!(pred, CmpIPredicate::Eq | CmpIPredicate::Ne) {
        return None;
    }
    let (l, r) = operands2(ctx, op)?;
    let (el, er) = (def_by(ctx, l, ext)?, def_by(ctx, r, ext)?);
    let (a, b) = (ctx.operand(el, 0), ctx.operand(er, 0));
    if ctx.value_type(a) != ctx.value_type(b) {
        return None;
    }
    let ty = result_ty(ctx, op)?;
    rw.set_insertion_point_before(op);
    let v = create(rw, &CMPI, op, &[a, b], ty, &[("predicate", pa)]);
    replace(rw, op, v);
    Some(())
}

pattern!(
    /// cmpi(eq/ne, extsi(a), extsi(b)) -> cmpi(eq/ne, a, b)
    CmpIExtSI, CMPI, |op, rw| { cmp_of_ext(rw, op, &EXTSI) }
);
pattern!(
    /// cmpi(eq/ne, extui(a), extui(b)) -> cmpi(eq/ne, a, b)
    CmpIExtUI, CMPI, |op, rw| { cmp_of_ext(rw, op, &EXTUI) }
);

pattern!(
    /// cmpi(pred, c, x) -> cmpi(swap(pred), x, c): constants go right
    /// (an in-place fold in MLIR).
    CmpIConstantToRight, CMPI, |op, rw| {
        let ctx = rw.ctx();
        let (l, r) = operands2(ctx, op)?;
        if constant_of(ctx, l).is_none() || constant_of(ctx, r).is_some() {
            return None;
        }
        let pred = CmpIPredicate::from_i64(predicate_value(ctx, ctx.attr_of(op, "predicate")?)?)?;
        let p = ctx.int_attr(pred.swap() as i64, ctx.common.i64);
        rw.set_operands(op, &[r, l]);
        rw.set_attr(op, "predicate", p);
        Some(())
    }
);

// ----- cmpf -----

/// An i1 constant replacing `op`.
fn replace_with_bool(rw: &mut Rewriter<'_>, op: OpId, b: bool) {
    rw.set_insertion_point_before(op);
    let (a, i1) = (rw.ctx().bool_attr(b), rw.ctx().common.i1);
    let v = constant(rw, a, i1, op);
    replace(rw, op, v);
}

/// `floor(log2(|x|))` of a finite non-zero value (APFloat's `ilogb`).
fn ilogb(kind: FloatKind, bits: u64) -> Option<i32> {
    match float::decode(kind, bits) {
        float::Decoded::Finite { mant, exp, .. } => Some(63 - mant.leading_zeros() as i32 + exp),
        _ => None,
    }
}

fn float_precision(kind: FloatKind) -> i32 {
    match kind {
        FloatKind::F16 => 11,
        FloatKind::BF16 => 8,
        FloatKind::F32 => 24,
        FloatKind::F64 => 53,
    }
}

fn max_exponent(kind: FloatKind) -> i32 {
    match kind {
        FloatKind::F16 => 15,
        FloatKind::BF16 | FloatKind::F32 => 127,
        FloatKind::F64 => 1023,
    }
}

/// The integer predicate of a float predicate, for values converted from
/// integers (which are never NaN).
fn int_predicate(p: CmpFPredicate, unsigned: bool) -> Option<CmpIPredicate> {
    use CmpFPredicate as F;
    use CmpIPredicate as I;
    Some(match p {
        F::Ueq | F::Oeq => I::Eq,
        F::Ugt | F::Ogt => {
            if unsigned {
                I::Ugt
            } else {
                I::Sgt
            }
        }
        F::Uge | F::Oge => {
            if unsigned {
                I::Uge
            } else {
                I::Sge
            }
        }
        F::Ult | F::Olt => {
            if unsigned {
                I::Ult
            } else {
                I::Slt
            }
        }
        F::Ule | F::Ole => {
            if unsigned {
                I::Ule
            } else {
                I::Sle
            }
        }
        F::Une | F::One => I::Ne,
        _ => return None,
    })
}

pattern!(
    /// cmpf(pred, [su]itofp(x), c) -> cmpi(pred', x, int(c)) or a constant,
    /// when the conversion cannot change the outcome.
    CmpFIntToFPConst, CMPF, |op, rw| {
        let ctx = rw.ctx();
        let (l, r) = operands2(ctx, op)?;
        let (kind, rhs) = float::attr_bits(ctx, constant_of(ctx, r)?)?;
        if float::is_nan(kind, rhs) {
            return None;
        }
        let mantissa = float_precision(kind);
        let (unsigned, x) = if let Some(c) = def_by(ctx, l, &SITOFP) {
            (false, ctx.operand(c, 0))
        } else if let Some(c) = def_by(ctx, l, &UITOFP) {
            (true, ctx.operand(c, 0))
        } else {
            return None;
        };
        let int_ty = ctx.value_type(x);
        let TypeData::Integer { width, .. } = *ctx.type_data(int_ty) else { return None };
        let w = width as i32;
        let value_bits = if unsigned { w } else { w - 1 };
        if w > mantissa {
            // The conversion may round: bail out where that can matter.
            if float::is_inf(kind, rhs, false) || float::is_inf(kind, rhs, true) {
                if max_exponent(kind) < value_bits {
                    return None;
                }
            } else if let Some(e) = ilogb(kind, rhs)
                && mantissa <= e
                && e <= value_bits
            {
                return None;
            }
        }
        let fpred = CmpFPredicate::from_i64(predicate_value(ctx, ctx.attr_of(op, "predicate")?)?)?;
        match fpred {
            CmpFPredicate::Ord => {
                replace_with_bool(rw, op, true);
                return Some(());
            }
            CmpFPredicate::Uno => {
                replace_with_bool(rw, op, false);
                return Some(());
            }
            _ => {}
        }
        let mut pred = int_predicate(fpred, unsigned)?;
        use crate::flags::FloatOrder::{Greater, Less};
        use CmpIPredicate as I;
        // Out of the integer range: the outcome is known.
        let (max_mag, min_neg, min_mag) = if unsigned {
            let max = if w >= 64 { u64::MAX as u128 } else { (1u128 << w) - 1 };
            (max, false, 0u128)
        } else {
            ((1u128 << (w - 1)) - 1, true, 1u128 << (w - 1))
        };
        let max = float::from_int(kind, false, max_mag);
        if float::compare(kind, max, rhs) == Less {
            let t = matches!(pred, I::Ne | I::Slt | I::Sle | I::Ult | I::Ule);
            replace_with_bool(rw, op, t);
            return Some(());
        }
        let min = float::from_int(kind, min_neg, min_mag);
        if float::compare(kind, min, rhs) == Greater {
            let t = matches!(pred, I::Ne | I::Sgt | I::Sge | I::Ugt | I::Uge);
            replace_with_bool(rw, op, t);
            return Some(());
        }
        let rhs_int = float::to_int(kind, rhs, width, !unsigned)?;
        let negative = float::is_negative(kind, rhs);
        if !float::is_any_zero(kind, rhs) {
            let back = if unsigned {
                float::from_int(kind, false, lockstep_ir::fold_util::zext(rhs_int, width) as u128)
            } else {
                float::from_int(kind, rhs_int < 0, (rhs_int as i128).unsigned_abs())
            };
            if float::compare(kind, back, rhs) != crate::flags::FloatOrder::Equal {
                // A fractional constant: adjust the predicate (rhs_int was
                // rounded toward zero) or decide outright.
                match pred {
                    I::Ne => {
                        replace_with_bool(rw, op, true);
                        return Some(());
                    }
                    I::Eq => {
                        replace_with_bool(rw, op, false);
                        return Some(());
                    }
                    I::Ule | I::Ult if negative => {
                        replace_with_bool(rw, op, false);
                        return Some(());
                    }
                    I::Ugt | I::Uge if negative => {
                        replace_with_bool(rw, op, true);
                        return Some(());
                    }
                    I::Sle if negative => pred = I::Slt,
                    I::Ult => pred = I::Ule,
                    I::Slt if !negative => pred = I::Sle,
                    I::Sgt if negative => pred = I::Sge,
                    I::Uge => pred = I::Ugt,
                    I::Sge if !negative => pred = I::Sgt,
                    _ => {}
                }
            }
        }
        let p = ctx.int_attr(pred as i64, ctx.common.i64);
        let c = ctx.int_attr(rhs_int, int_ty);
        let i1 = ctx.common.i1;
        rw.set_insertion_point_before(op);
        let cv = constant(rw, c, int_ty, op);
        let v = create(rw, &CMPI, op, &[x, cv], i1, &[("predicate", p)]);
        replace(rw, op, v);
        Some(())
    }
);

// ----- select -----

pattern!(
    /// select(p, select(p, a, b), c) -> select(p, a, c)
    RedundantSelectTrue, SELECT, |op, rw| {
        let ctx = rw.ctx();
        let [p, t, f] = *ctx.operands(op) else { return None };
        let inner = def_by(ctx, t, &SELECT)?;
        if ctx.operand(inner, 0) != p {
            return None;
        }
        let a = ctx.operand(inner, 1);
        let ty = result_ty(ctx, op)?;
        rw.set_insertion_point_before(op);
        let v = create(rw, &SELECT, op, &[p, a, f], ty, &[]);
        replace(rw, op, v);
        Some(())
    }
);

pattern!(
    /// select(p, a, select(p, b, c)) -> select(p, a, c)
    RedundantSelectFalse, SELECT, |op, rw| {
        let ctx = rw.ctx();
        let [p, t, f] = *ctx.operands(op) else { return None };
        let inner = def_by(ctx, f, &SELECT)?;
        if ctx.operand(inner, 0) != p {
            return None;
        }
        let c = ctx.operand(inner, 2);
        let ty = result_ty(ctx, op)?;
        rw.set_insertion_point_before(op);
        let v = create(rw, &SELECT, op, &[p, t, c], ty, &[]);
        replace(rw, op, v);
        Some(())
    }
);

pattern!(
    /// select(not(p), a, b) -> select(p, b, a)
    SelectNotCond, SELECT, |op, rw| {
        let ctx = rw.ctx();
        let [c, t, f] = *ctx.operands(op) else { return None };
        let not = def_by(ctx, c, &XORI)?;
        let (p, ones) = operands2(ctx, not)?;
        if int_cst(ctx, ones).is_none_or(|(v, _)| v != -1) {
            return None;
        }
        let ty = result_ty(ctx, op)?;
        rw.set_insertion_point_before(op);
        let v = create(rw, &SELECT, op, &[p, f, t], ty, &[]);
        replace(rw, op, v);
        Some(())
    }
);

/// Is `v` the scalar `i1` constant `b`?
fn is_bool_cst(ctx: &Context, v: ValueId, b: bool) -> bool {
    constant_of(ctx, v).is_some_and(|a| {
        *ctx.attr_data(a)
            == AttrData::Integer {
                value: -(b as i64),
                ty: ctx.common.i1,
            }
    })
}

pattern!(
    /// select(p, false, true) -> xori(p, true)
    SelectI1ToNot, SELECT, |op, rw| {
        let ctx = rw.ctx();
        let [p, t, f] = *ctx.operands(op) else { return None };
        if !is_bool_cst(ctx, t, false) || !is_bool_cst(ctx, f, true) {
            return None;
        }
        let (tr, i1) = (ctx.bool_attr(true), ctx.common.i1);
        rw.set_insertion_point_before(op);
        let one = constant(rw, tr, i1, op);
        let v = create(rw, &XORI, op, &[p, one], i1, &[]);
        replace(rw, op, v);
        Some(())
    }
);

pattern!(
    /// select(p, 1, 0) -> extui(p) ; select(p, 0, 1) -> extui(xori(p, 1))
    SelectToExtUI, SELECT, |op, rw| {
        let ctx = rw.ctx();
        let [p, t, f] = *ctx.operands(op) else { return None };
        let ty = result_ty(ctx, op)?;
        match ctx.type_data(ty) {
            TypeData::Integer { width, .. } if *width != 1 => {}
            _ => return None,
        }
        let val = |v: ValueId| int_splat(ctx, constant_of(ctx, v)).map(|(x, w)| lockstep_ir::fold_util::zext(x, w));
        let negate = match (val(t)?, val(f)?) {
            (1, 0) => false,
            (0, 1) => true,
            _ => return None,
        };
        let pt = ctx.value_type(p);
        rw.set_insertion_point_before(op);
        let cond = if negate {
            let one = rw.ctx().int_attr(1, pt);
            let one = constant(rw, one, pt, op);
            create(rw, &XORI, op, &[p, one], pt, &[])
        } else {
            p
        };
        let v = create(rw, &EXTUI, op, &[cond], ty, &[]);
        replace(rw, op, v);
        Some(())
    }
);

// ----- casts -----

/// `outer(inner(x)) -> new(x)` with `outer`'s result type.
fn cast_of_cast(
    rw: &mut Rewriter<'_>,
    op: OpId,
    inner: &'static OpDef,
    new: &'static OpDef,
) -> Option<()> {
    let ctx = rw.ctx();
    let i = def_by(ctx, *ctx.operands(op).first()?, inner)?;
    let x = ctx.operand(i, 0);
    let ty = result_ty(ctx, op)?;
    rw.set_insertion_point_before(op);
    let v = create(rw, new, op, &[x], ty, &[]);
    replace(rw, op, v);
    Some(())
}

/// Makes `op` read `inner`'s operand directly (an in-place fold in MLIR).
fn bypass(rw: &mut Rewriter<'_>, op: OpId, inner: OpId) -> Option<()> {
    let x = rw.ctx().operand(inner, 0);
    rw.set_operand(op, 0, x);
    Some(())
}

pattern!(
    /// extsi(extui(x)) -> extui(x)
    ExtSIOfExtUI, EXTSI, |op, rw| { cast_of_cast(rw, op, &EXTUI, &EXTUI) }
);

pattern!(
    /// extsi(extsi(x)) -> extsi(x), in place.
    ExtSIOfExtSI, EXTSI, |op, rw| {
        let inner = def_by(rw.ctx(), *rw.ctx().operands(op).first()?, &EXTSI)?;
        bypass(rw, op, inner)
    }
);

pattern!(
    /// extui(extui(x)) -> extui(x), in place.
    ExtUIOfExtUI, EXTUI, |op, rw| {
        let inner = def_by(rw.ctx(), *rw.ctx().operands(op).first()?, &EXTUI)?;
        bypass(rw, op, inner)
    }
);

fn scalar_width(ctx: &Context, v: ValueId) -> Option<u32> {
    int_width(ctx, elem_type(ctx, ctx.value_type(v)))
}

pattern!(
    /// trunci(ext(a)) -> trunci(a) when a is still wider than the result;
    /// trunci(trunci(a)) -> trunci(a). Both in place.
    TruncIOfTruncOrWiderExt, TRUNCI, |op, rw| {
        let ctx = rw.ctx();
        let x = *ctx.operands(op).first()?;
        let dst = scalar_width(ctx, result(ctx, op)?)?;
        if let Some(ext) = def_by(ctx, x, &EXTUI).or_else(|| def_by(ctx, x, &EXTSI)) {
            if scalar_width(ctx, ctx.operand(ext, 0))? > dst {
                return bypass(rw, op, ext);
            }
            return None;
        }
        let inner = def_by(ctx, x, &TRUNCI)?;
        bypass(rw, op, inner)
    }
);

/// trunci(ext(x)) -> ext(x) when only extension bits are dropped.
fn trunc_of_ext(rw: &mut Rewriter<'_>, op: OpId, ext: &'static OpDef) -> Option<()> {
    let ctx = rw.ctx();
    let e = def_by(ctx, *ctx.operands(op).first()?, ext)?;
    let x = ctx.operand(e, 0);
    let (we, wt, wx) = (
        scalar_width(ctx, result(ctx, e)?)?,
        scalar_width(ctx, result(ctx, op)?)?,
        scalar_width(ctx, x)?,
    );
    if !(we > wt && wt > wx) {
        return None;
    }
    let ty = result_ty(ctx, op)?;
    rw.set_insertion_point_before(op);
    let v = create(rw, ext, op, &[x], ty, &[]);
    replace(rw, op, v);
    Some(())
}

pattern!(
    /// trunci(extsi(x)) -> extsi(x) when x is narrower than the result.
    TruncIExtSIToExtSI, TRUNCI, |op, rw| { trunc_of_ext(rw, op, &EXTSI) }
);
pattern!(
    /// trunci(extui(x)) -> extui(x) when x is narrower than the result.
    TruncIExtUIToExtUI, TRUNCI, |op, rw| { trunc_of_ext(rw, op, &EXTUI) }
);

pattern!(
    /// trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when exactly the dropped
    /// high bits are shifted out.
    TruncIShrSIToTrunciShrUI, TRUNCI, |op, rw| {
        let ctx = rw.ctx();
        let sh = def_by(ctx, *ctx.operands(op).first()?, &SHRSI)?;
        let (x, c) = operands2(ctx, sh)?;
        let c_attr = constant_of(ctx, c)?;
        let (amount, _) = int_splat(ctx, Some(c_attr))?;
        let (wx, wt) = (scalar_width(ctx, x)?, scalar_width(ctx, result(ctx, op)?)?);
        if i64::from(wx) - i64::from(wt) != amount {
            return None;
        }
        let (xt, ty) = (ctx.value_type(x), result_ty(ctx, op)?);
        let flags = ctx.attr_of(op, "overflowFlags");
        let ct = crate::constraints::typed_attr_type(ctx, c_attr).unwrap_or(xt);
        rw.set_insertion_point_before(op);
        let cv = constant(rw, c_attr, ct, op);
        let shr = create(rw, &SHRUI, op, &[x, cv], xt, &[]);
        let attrs: Vec<(&str, AttrId)> = flags.map(|f| ("overflowFlags", f)).into_iter().collect();
        let v = create(rw, &TRUNCI, op, &[shr], ty, &attrs);
        replace(rw, op, v);
        Some(())
    }
);

pattern!(
    /// truncf(extf(a)) -> truncf(a) when a is still wider than the result,
    /// in place.
    TruncFOfWiderExtF, TRUNCF, |op, rw| {
        let ctx = rw.ctx();
        let ext = def_by(ctx, *ctx.operands(op).first()?, &EXTF)?;
        let kind = |v: ValueId| float::kind_of(ctx, elem_type(ctx, ctx.value_type(v)));
        let (src, mid, dst) = (kind(ctx.operand(ext, 0))?, kind(result(ctx, ext)?)?, kind(result(ctx, op)?)?);
        let representable = src.width() < mid.width() && !(src == FloatKind::F16 && mid == FloatKind::BF16);
        if !(representable && src.width() > dst.width()) {
            return None;
        }
        bypass(rw, op, ext)
    }
);

/// truncf([su]itofp(x)) -> [su]itofp(x) without an explicit rounding mode.
fn trunc_of_int_to_fp(rw: &mut Rewriter<'_>, op: OpId, conv: &'static OpDef) -> Option<()> {
    if rw.ctx().attr_of(op, "roundingmode").is_some() {
        return None;
    }
    cast_of_cast(rw, op, conv, conv)
}

pattern!(
    /// truncf(sitofp(x)) -> sitofp(x)
    TruncFSIToFPToSIToFP, TRUNCF, |op, rw| { trunc_of_int_to_fp(rw, op, &SITOFP) }
);
pattern!(
    /// truncf(uitofp(x)) -> uitofp(x)
    TruncFUIToFPToUIToFP, TRUNCF, |op, rw| { trunc_of_int_to_fp(rw, op, &UITOFP) }
);

pattern!(
    /// index_cast(extsi(x)) -> index_cast(x)
    IndexCastOfExtSI, INDEX_CAST, |op, rw| { cast_of_cast(rw, op, &EXTSI, &INDEX_CAST) }
);
pattern!(
    /// index_castui(extui(x)) -> index_castui(x)
    IndexCastUIOfExtUI, INDEX_CASTUI, |op, rw| { cast_of_cast(rw, op, &EXTUI, &INDEX_CASTUI) }
);
pattern!(
    /// bitcast(bitcast(x)) -> bitcast(x)
    BitcastOfBitcast, BITCAST, |op, rw| { cast_of_cast(rw, op, &BITCAST, &BITCAST) }
);

// ----- float ops of negations -----

/// `op(negf(x), negf(y)) -> op(x, y)`, keeping `op`'s fast-math flags.
fn of_negations(rw: &mut Rewriter<'_>, op: OpId, def: &'static OpDef) -> Option<()> {
    let ctx = rw.ctx();
    let (a, b) = operands2(ctx, op)?;
    let (na, nb) = (def_by(ctx, a, &NEGF)?, def_by(ctx, b, &NEGF)?);
    let (x, y) = (ctx.operand(na, 0), ctx.operand(nb, 0));
    if ctx.value_type(x) != ctx.value_type(y) {
        return None;
    }
    let ty = result_ty(ctx, op)?;
    let fm = ctx.attr_of(op, "fastmath");
    let attrs: Vec<(&str, AttrId)> = fm.map(|f| ("fastmath", f)).into_iter().collect();
    rw.set_insertion_point_before(op);
    let v = create(rw, def, op, &[x, y], ty, &attrs);
    replace(rw, op, v);
    Some(())
}

pattern!(
    /// mulf(negf(x), negf(y)) -> mulf(x, y)
    MulFOfNegF, MULF, |op, rw| { of_negations(rw, op, &MULF) }
);
pattern!(
    /// divf(negf(x), negf(y)) -> divf(x, y)
    DivFOfNegF, DIVF, |op, rw| { of_negations(rw, op, &DIVF) }
);

// ----- per-op pattern lists -----

pub static ADDI_PATTERNS: &[&dyn RewritePattern] = &[
    &AddIAddConstant,
    &AddISubConstantRHS,
    &AddISubConstantLHS,
    &AddIMulNegativeOneRhs,
    &AddIMulNegativeOneLhs,
];
pub static SUBI_PATTERNS: &[&dyn RewritePattern] = &[
    &SubIRHSAddConstant,
    &SubILHSAddConstant,
    &SubIRHSSubConstantRHS,
    &SubIRHSSubConstantLHS,
    &SubILHSSubConstantRHS,
    &SubILHSSubConstantLHS,
    &SubISubILHSRHSLHS,
];
pub static MULI_PATTERNS: &[&dyn RewritePattern] = &[&MulIMulIConstant];
pub static ADDUI_EXTENDED_PATTERNS: &[&dyn RewritePattern] = &[&AddUIExtendedToAddI];
pub static MULUI_EXTENDED_PATTERNS: &[&dyn RewritePattern] = &[&MulUIExtendedToMulI];
pub static MULSI_EXTENDED_PATTERNS: &[&dyn RewritePattern] =
    &[&MulSIExtendedToMulI, &MulSIExtendedRHSOne];
pub static ANDI_PATTERNS: &[&dyn RewritePattern] = &[&AndOfExtUI, &AndOfExtSI];
pub static ORI_PATTERNS: &[&dyn RewritePattern] = &[&OrOfExtUI, &OrOfExtSI];
pub static XORI_PATTERNS: &[&dyn RewritePattern] = &[&XOrINotCmpI, &XOrIOfExtUI, &XOrIOfExtSI];
pub static CMPI_PATTERNS: &[&dyn RewritePattern] = &[&CmpIConstantToRight, &CmpIExtSI, &CmpIExtUI];
pub static CMPF_PATTERNS: &[&dyn RewritePattern] = &[&CmpFIntToFPConst];
pub static SELECT_PATTERNS: &[&dyn RewritePattern] = &[
    &RedundantSelectFalse,
    &RedundantSelectTrue,
    &SelectNotCond,
    &SelectI1ToNot,
    &SelectToExtUI,
];
pub static EXTSI_PATTERNS: &[&dyn RewritePattern] = &[&ExtSIOfExtSI, &ExtSIOfExtUI];
pub static EXTUI_PATTERNS: &[&dyn RewritePattern] = &[&ExtUIOfExtUI];
pub static TRUNCI_PATTERNS: &[&dyn RewritePattern] = &[
    &TruncIOfTruncOrWiderExt,
    &TruncIExtSIToExtSI,
    &TruncIExtUIToExtUI,
    &TruncIShrSIToTrunciShrUI,
];
pub static TRUNCF_PATTERNS: &[&dyn RewritePattern] = &[
    &TruncFOfWiderExtF,
    &TruncFSIToFPToSIToFP,
    &TruncFUIToFPToUIToFP,
];
pub static SITOFP_PATTERNS: &[&dyn RewritePattern] = &[];
pub static UITOFP_PATTERNS: &[&dyn RewritePattern] = &[];
pub static INDEX_CAST_PATTERNS: &[&dyn RewritePattern] = &[&IndexCastOfExtSI];
pub static INDEX_CASTUI_PATTERNS: &[&dyn RewritePattern] = &[&IndexCastUIOfExtUI];
pub static BITCAST_PATTERNS: &[&dyn RewritePattern] = &[&BitcastOfBitcast];
pub static MULF_PATTERNS: &[&dyn RewritePattern] = &[&MulFOfNegF];
pub static DIVF_PATTERNS: &[&dyn RewritePattern] = &[&DivFOfNegF];

/// Every arith pattern once (for drivers that collect patterns per dialect).
pub fn all_patterns() -> impl Iterator<Item = &'static dyn RewritePattern> {
    crate::ops::ALL_OPS
        .iter()
        .flat_map(|d| d.canonicalize.iter().copied())
}
