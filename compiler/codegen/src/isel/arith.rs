//! Selection of `arith` ops: integer and float arithmetic, comparisons,
//! `select`, constants and casts.
//!
//! Invariants:
//! - Integer arithmetic uses the register width (`i8` in `.s16` forms); an
//!   `i8` operand is normalised (`cvt.s16.s8`/`cvt.u16.u8`) only where the
//!   high byte would change the low byte of the result or a predicate.
//! - `subi 0, x` is `neg`; a constant shift amount is an immediate.
//! - `i1` arithmetic is predicate logic (`and/or/xor/not.pred`); `i1`
//!   division, remainder and shifts are what the only defined inputs give
//!   (divisor true, shift amount 0).
//! - `muli` is `mul.lo`, or `mul.wide.{s,u}32` when both operands are
//!   `extsi`/`extui` of `i32` (or constants that fit); a single-use `muli`
//!   in the same block as its `addi` user is fused into `mad.lo` /
//!   `mad.wide` there and not emitted on its own.
//! - `divsi/divui/remsi/remui/ceildivsi/ceildivui/floordivsi` by a known
//!   constant (an `arith.constant`, or `device.warp_size` as 32) other than
//!   0, 1 and, signed, -1 or the minimum, are the `divide` recipe: shifts
//!   and masks for (negated) powers of two, `mul.hi` by a magic number
//!   otherwise (`i8`/`i16` dividends widened to 32 bits for it); no
//!   `div`/`rem`. Other divisors use `div`/`rem`.
//! - `addf/subf/mulf` are `.rn` (never contracted into an FMA by ptxas)
//!   unless the op carries the `contract` fast-math flag; `divf` is
//!   `div.rn`, float→int `cvt.rzi`, int→float `cvt.rn`, f64→f32 `cvt.rn`
//!   (or the op's `roundingmode`).
//! - `maxnumf/minnumf` are `max/min.fN`, which return the non-NaN operand
//!   (IEEE maxNum/minNum); `maximumf/minimumf` propagate NaN
//!   (`max.NaN.f32` on sm_80+, else a `setp.nan` + `selp`). Neither
//!   orders -0 below +0 (PTX leaves the sign of a zero result of mixed
//!   zeros unspecified).
//! - `remf` is `a - trunc(a / b) * b` with one `fma.rn`: exact while the
//!   quotient is below 2^24 (f32) / 2^53 (f64) in magnitude, an
//!   approximation of C's `fmod` beyond.

use super::divide::{self, DivOp, Recipe, Step};
use super::{Lowering, Scalar, cannot_lower, ty_mod};
use lockstep_arith::ops as A;
use lockstep_arith::{CmpFOp, CmpFPredicate, CmpIOp, CmpIPredicate, ConstantOp, FlagKind};
use lockstep_ir::{AttrData, BlockId, Context, Diagnostic, OpDef, OpId, ValueId};
use lockstep_ptx as P;
use rustc_hash::FxHashSet;

pub(super) fn lower(
    l: &mut Lowering<'_, '_>,
    op: OpId,
    def: &'static OpDef,
) -> Result<(), Diagnostic> {
    let is = |d: &'static OpDef| std::ptr::eq(def, d);
    if is(&A::CONSTANT) {
        return constant(l, op);
    }
    let int_bins: [(&'static OpDef, IntBin); 20] = [
        (&A::ADDI, IntBin::Add),
        (&A::SUBI, IntBin::Sub),
        (&A::MULI, IntBin::Mul),
        (&A::DIVSI, IntBin::DivS),
        (&A::DIVUI, IntBin::DivU),
        (&A::CEILDIVSI, IntBin::CeilDivS),
        (&A::CEILDIVUI, IntBin::CeilDivU),
        (&A::FLOORDIVSI, IntBin::FloorDivS),
        (&A::REMSI, IntBin::RemS),
        (&A::REMUI, IntBin::RemU),
        (&A::SHLI, IntBin::Shl),
        (&A::SHRSI, IntBin::ShrS),
        (&A::SHRUI, IntBin::ShrU),
        (&A::ANDI, IntBin::And),
        (&A::ORI, IntBin::Or),
        (&A::XORI, IntBin::Xor),
        (&A::MINSI, IntBin::MinS),
        (&A::MAXSI, IntBin::MaxS),
        (&A::MINUI, IntBin::MinU),
        (&A::MAXUI, IntBin::MaxU),
    ];
    if let Some(&(_, k)) = int_bins.iter().find(|(d, _)| is(d)) {
        return int_binary(l, op, k);
    }
    let float_bins: [(&'static OpDef, FloatBin); 9] = [
        (&A::ADDF, FloatBin::Add),
        (&A::SUBF, FloatBin::Sub),
        (&A::MULF, FloatBin::Mul),
        (&A::DIVF, FloatBin::Div),
        (&A::REMF, FloatBin::Rem),
        (&A::MAXIMUMF, FloatBin::Maximum),
        (&A::MINIMUMF, FloatBin::Minimum),
        (&A::MAXNUMF, FloatBin::MaxNum),
        (&A::MINNUMF, FloatBin::MinNum),
    ];
    if let Some(&(_, k)) = float_bins.iter().find(|(d, _)| is(d)) {
        return float_binary(l, op, k);
    }
    if is(&A::NEGF) {
        let s = l.scalar(op, l.ctx().result(op, 0))?;
        let a = l.get(op, l.ctx().operand(op, 0))?;
        let ty = s.reg_type(l.ctx());
        let r = l.emit(&P::NEG, float_mod(s), &[a], ty);
        l.set(l.ctx().result(op, 0), r);
        return Ok(());
    }
    if is(&A::CMPI) {
        return cmpi(l, op);
    }
    if is(&A::CMPF) {
        return cmpf(l, op);
    }
    if is(&A::SELECT) {
        return select(l, op);
    }
    if is(&A::EXTSI) || is(&A::INDEX_CAST) {
        return int_cast(l, op, true);
    }
    if is(&A::EXTUI) || is(&A::TRUNCI) || is(&A::INDEX_CASTUI) {
        return int_cast(l, op, false);
    }
    if is(&A::SITOFP) || is(&A::UITOFP) {
        return int_to_float(l, op, is(&A::SITOFP));
    }
    if is(&A::FPTOSI) || is(&A::FPTOUI) {
        return float_to_int(l, op, is(&A::FPTOSI));
    }
    if is(&A::EXTF) || is(&A::TRUNCF) {
        return float_cast(l, op);
    }
    if is(&A::BITCAST) {
        return bitcast(l, op);
    }
    if is(&A::ADDUI_EXTENDED) {
        return add_extended(l, op);
    }
    if is(&A::MULSI_EXTENDED) || is(&A::MULUI_EXTENDED) {
        return mul_extended(l, op, is(&A::MULSI_EXTENDED));
    }
    Err(cannot_lower(l.ctx(), op, "no PTX selection for this op"))
}

/// The `fN` modifier of a float scalar.
fn float_mod(s: Scalar) -> &'static str {
    if s == Scalar::F64 { "f64" } else { "f32" }
}

// ----- constants -----

fn constant(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let res = l.ctx().result(op, 0);
    let s = l.scalar(op, res)?;
    let ty = s.reg_type(l.ctx());
    let value = ConstantOp(op)
        .value(l.ctx())
        .map(|a| l.ctx().attr_data(a).clone());
    let r = match value {
        Some(AttrData::Integer { value, .. }) if !s.is_float() => l.imm(
            ty,
            if s == Scalar::Int(1) {
                value & 1
            } else {
                value
            },
        ),
        Some(AttrData::Float { bits, .. }) if s.is_float() => l.fimm(ty, f64::from_bits(bits)),
        _ => {
            return Err(cannot_lower(
                l.ctx(),
                op,
                "only scalar integer and float constants are supported",
            ));
        }
    };
    l.set(res, r);
    Ok(())
}

// ----- integer arithmetic -----

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum IntBin {
    Add,
    Sub,
    Mul,
    DivS,
    DivU,
    CeilDivS,
    CeilDivU,
    FloorDivS,
    RemS,
    RemU,
    Shl,
    ShrS,
    ShrU,
    And,
    Or,
    Xor,
    MinS,
    MaxS,
    MinU,
    MaxU,
}

/// An `i8` register normalised so that its high byte agrees with the low
/// byte (sign- or zero-extended); other widths are returned as they are.
pub(crate) fn normalize(l: &mut Lowering<'_, '_>, r: ValueId, s: Scalar, signed: bool) -> ValueId {
    if s != Scalar::Int(8) {
        return r;
    }
    let i16t = l.ctx().common.i16;
    let mods = if signed { "s16.s8" } else { "u16.u8" };
    l.emit(&P::CVT, mods, &[r], i16t)
}

/// A shift amount as the `.u32` register PTX wants.
fn shift_amount(l: &mut Lowering<'_, '_>, r: ValueId, s: Scalar) -> ValueId {
    let i32t = l.ctx().common.i32;
    match s.width() {
        8 => l.emit(&P::CVT, "u32.u8", &[r], i32t),
        16 => l.emit(&P::CVT, "u32.u16", &[r], i32t),
        64 => l.emit(&P::CVT, "u32.u64", &[r], i32t),
        _ => r,
    }
}

/// The amount of shift `op` (register `r`, of width `s`) as a `.u32`
/// operand: an immediate when it is a constant that fits, which PTX takes
/// as is (amounts past the width shift everything out, as PTX defines).
fn shift_amount_of(l: &mut Lowering<'_, '_>, op: OpId, r: ValueId, s: Scalar) -> ValueId {
    match known_int_constant(l.ctx(), l.ctx().operand(op, 1)) {
        Some(c) if (0..=i64::from(u32::MAX)).contains(&c) => {
            let i32t = l.ctx().common.i32;
            l.imm(i32t, c)
        }
        _ => shift_amount(l, r, s),
    }
}

/// The value of `v` when it is a known integer constant: an
/// `arith.constant`, or `device.warp_size`, which is 32 on every target
/// (selection writes it as 32).
pub(crate) fn known_int_constant(ctx: &Context, v: ValueId) -> Option<i64> {
    let def = ctx.defining_op(v)?;
    if ctx.isa(def, &lockstep_device::WARP_SIZE) {
        return Some(32);
    }
    ConstantOp::cast(ctx, def)?.int_value(ctx)
}

/// The instructions replacing `div`/`rem` for the division-like `op` when
/// its divisor is a constant that allows it (see `divide::plan`).
fn constant_division(ctx: &Context, op: OpId, s: Scalar, k: IntBin) -> Option<Recipe> {
    let Scalar::Int(width) = s else { return None };
    let div_op = match k {
        IntBin::DivS => DivOp::DivS,
        IntBin::DivU => DivOp::DivU,
        IntBin::RemS => DivOp::RemS,
        IntBin::RemU => DivOp::RemU,
        IntBin::CeilDivS => DivOp::CeilDivS,
        IntBin::CeilDivU => DivOp::CeilDivU,
        IntBin::FloorDivS => DivOp::FloorDivS,
        _ => return None,
    };
    let divisor = known_int_constant(ctx, ctx.operand(op, 1))?;
    divide::plan(div_op, width, divisor)
}

/// Emits `recipe` with dividend register `a` (of `recipe.value_bits`):
/// the extension to the working width, exactly one instruction per step
/// (immediates aside), and the truncation back. `divide`'s tests evaluate
/// the steps with the semantics of the instructions written here; this
/// module's tests run the instructions actually emitted.
fn emit_recipe(l: &mut Lowering<'_, '_>, a: ValueId, recipe: &Recipe) -> ValueId {
    let (n, w) = (recipe.value_bits, recipe.work_bits);
    let ty = Scalar::Int(w).reg_type(l.ctx());
    let i32t = l.ctx().common.i32;
    let (sm, um, bm) = (ty_mod('s', w), ty_mod('u', w), ty_mod('b', w));
    let signedness = |signed: bool| if signed { &sm } else { &um };
    let mut vals = vec![resize(l, a, n, w, recipe.sign_extend)];
    for step in &recipe.steps {
        let v = |i: usize| vals[i];
        let r = match *step {
            Step::MulHi { signed, a, c } => {
                let c = l.imm(ty, c);
                let mods = format!("hi.{}", signedness(signed));
                l.emit(&P::MUL, &mods, &[v(a), c], ty)
            }
            Step::MulAdd { a, c, b } => {
                let c = l.imm(ty, c);
                l.emit(&P::MAD, &format!("lo.{sm}"), &[v(a), c, v(b)], ty)
            }
            Step::Add { a, b } => l.emit(&P::ADD, &sm, &[v(a), v(b)], ty),
            Step::Sub { a, b } => l.emit(&P::SUB, &sm, &[v(a), v(b)], ty),
            Step::Neg { a } => l.emit(&P::NEG, &sm, &[v(a)], ty),
            Step::Xor { a, b } => l.emit(&P::XOR, &bm, &[v(a), v(b)], ty),
            Step::AndImm { a, c } => {
                let c = l.imm(ty, c);
                l.emit(&P::AND, &bm, &[v(a), c], ty)
            }
            Step::MinUImm { a, c } => {
                let c = l.imm(ty, c);
                l.emit(&P::MIN, &um, &[v(a), c], ty)
            }
            Step::Shr { signed, a, amount } => {
                let amount = l.imm(i32t, i64::from(amount));
                l.emit(&P::SHR, signedness(signed), &[v(a), amount], ty)
            }
        };
        vals.push(r);
    }
    resize(l, vals[recipe.result()], w, n, false)
}

fn int_binary(l: &mut Lowering<'_, '_>, op: OpId, k: IntBin) -> Result<(), Diagnostic> {
    let res = l.ctx().result(op, 0);
    let s = l.scalar(op, res)?;
    if s.is_float() || s == Scalar::Ptr {
        return Err(cannot_lower(l.ctx(), op, "operands are not integers"));
    }
    if k == IntBin::Mul && l.fused.contains(&op) {
        return Ok(());
    }
    if k == IntBin::Add
        && let Some((mul, c)) = fused_operand(l, op)
    {
        let r = mad(l, mul, c, s)?;
        l.set(res, r);
        return Ok(());
    }
    let ops = l.operands(op)?;
    let (a, b) = (ops[0], ops[1]);
    if s == Scalar::Int(1) {
        let r = bool_binary(l, k, a, b);
        l.set(res, r);
        return Ok(());
    }
    if let Some(recipe) = constant_division(l.ctx(), op, s, k) {
        let r = emit_recipe(l, a, &recipe);
        l.set(res, r);
        return Ok(());
    }
    let ty = s.reg_type(l.ctx());
    let w = s.reg_width();
    let sm = ty_mod('s', w);
    let um = ty_mod('u', w);
    let bm = ty_mod('b', w);
    let r = match k {
        IntBin::Add => l.emit(&P::ADD, &sm, &[a, b], ty),
        IntBin::Sub if known_int_constant(l.ctx(), l.ctx().operand(op, 0)) == Some(0) => {
            l.emit(&P::NEG, &sm, &[b], ty)
        }
        IntBin::Sub => l.emit(&P::SUB, &sm, &[a, b], ty),
        IntBin::Mul => match wide_operands(l, op)? {
            Some((kind, x, y)) => l.emit(&P::MUL, &format!("wide.{kind}32"), &[x, y], ty),
            None => l.emit(&P::MUL, &format!("lo.{sm}"), &[a, b], ty),
        },
        IntBin::And => l.emit(&P::AND, &bm, &[a, b], ty),
        IntBin::Or => l.emit(&P::OR, &bm, &[a, b], ty),
        IntBin::Xor => l.emit(&P::XOR, &bm, &[a, b], ty),
        IntBin::Shl => {
            let n = shift_amount_of(l, op, b, s);
            l.emit(&P::SHL, &bm, &[a, n], ty)
        }
        IntBin::ShrS | IntBin::ShrU => {
            let signed = k == IntBin::ShrS;
            let x = normalize(l, a, s, signed);
            let n = shift_amount_of(l, op, b, s);
            l.emit(&P::SHR, if signed { &sm } else { &um }, &[x, n], ty)
        }
        IntBin::DivS | IntBin::RemS | IntBin::MinS | IntBin::MaxS => {
            let (x, y) = (normalize(l, a, s, true), normalize(l, b, s, true));
            let def = match k {
                IntBin::DivS => &P::DIV,
                IntBin::RemS => &P::REM,
                IntBin::MinS => &P::MIN,
                _ => &P::MAX,
            };
            l.emit(def, &sm, &[x, y], ty)
        }
        IntBin::DivU | IntBin::RemU | IntBin::MinU | IntBin::MaxU => {
            let (x, y) = (normalize(l, a, s, false), normalize(l, b, s, false));
            let def = match k {
                IntBin::DivU => &P::DIV,
                IntBin::RemU => &P::REM,
                IntBin::MinU => &P::MIN,
                _ => &P::MAX,
            };
            l.emit(def, &um, &[x, y], ty)
        }
        IntBin::CeilDivU => {
            // ceil(a / b) = a / b + (a % b != 0): no overflow, as the
            // quotient is below the maximum whenever a remainder exists.
            let (x, y) = (normalize(l, a, s, false), normalize(l, b, s, false));
            let q = l.emit(&P::DIV, &um, &[x, y], ty);
            let rem = l.emit(&P::REM, &um, &[x, y], ty);
            let inexact = l.nonzero_pred(rem, w);
            let one = l.imm(ty, 1);
            let q1 = l.emit(&P::ADD, &sm, &[q, one], ty);
            l.emit(&P::SELP, &bm, &[q1, q, inexact], ty)
        }
        IntBin::CeilDivS | IntBin::FloorDivS => {
            // The truncated quotient is one too low (ceil) when the exact
            // quotient is positive and inexact, one too high (floor) when it
            // is negative and inexact; the remainder has the dividend's sign.
            let (x, y) = (normalize(l, a, s, true), normalize(l, b, s, true));
            let q = l.emit(&P::DIV, &sm, &[x, y], ty);
            let rem = l.emit(&P::REM, &sm, &[x, y], ty);
            let inexact = l.nonzero_pred(rem, w);
            let zero = l.imm(ty, 0);
            let i1 = l.ctx().common.i1;
            let rem_neg = l.emit(&P::SETP, &format!("lt.{sm}"), &[rem, zero], i1);
            let div_neg = l.emit(&P::SETP, &format!("lt.{sm}"), &[y, zero], i1);
            let differ = l.emit(&P::XOR, "pred", &[rem_neg, div_neg], i1);
            let sign_ok = if k == IntBin::CeilDivS {
                l.emit(&P::NOT, "pred", &[differ], i1)
            } else {
                differ
            };
            let adjust = l.emit(&P::AND, "pred", &[inexact, sign_ok], i1);
            let one = l.imm(ty, 1);
            let def = if k == IntBin::CeilDivS {
                &P::ADD
            } else {
                &P::SUB
            };
            let q1 = l.emit(def, &sm, &[q, one], ty);
            l.emit(&P::SELP, &bm, &[q1, q, adjust], ty)
        }
    };
    l.set(res, r);
    Ok(())
}

/// `i1` arithmetic on predicates.
fn bool_binary(l: &mut Lowering<'_, '_>, k: IntBin, a: ValueId, b: ValueId) -> ValueId {
    let i1 = l.ctx().common.i1;
    match k {
        IntBin::Add | IntBin::Sub | IntBin::Xor => l.emit(&P::XOR, "pred", &[a, b], i1),
        // As signed i1, true is -1: the minimum of the two is their `or`.
        IntBin::Mul | IntBin::And | IntBin::MaxS | IntBin::MinU => {
            l.emit(&P::AND, "pred", &[a, b], i1)
        }
        IntBin::Or | IntBin::MinS | IntBin::MaxU => l.emit(&P::OR, "pred", &[a, b], i1),
        // The only divisor without undefined behaviour is true; the only
        // shift amount is 0.
        IntBin::DivS
        | IntBin::DivU
        | IntBin::CeilDivS
        | IntBin::CeilDivU
        | IntBin::FloorDivS
        | IntBin::Shl
        | IntBin::ShrS
        | IntBin::ShrU => a,
        IntBin::RemS | IntBin::RemU => l.imm(i1, 0),
    }
}

/// The `arith.muli` operand of an `addi` that was fused, and the other
/// operand's register.
fn fused_operand(l: &Lowering<'_, '_>, add: OpId) -> Option<(OpId, ValueId)> {
    let ctx = l.ctx();
    let ops = ctx.operands(add);
    for i in 0..2 {
        if let Some(m) = ctx.defining_op(ops[i])
            && ctx.isa(m, &A::MULI)
            && l.fused.contains(&m)
        {
            let c = l.get(add, ops[1 - i]).ok()?;
            return Some((m, c));
        }
    }
    None
}

/// `mad.lo` (or `mad.wide`) of the fused multiply `mul` and addend `c`.
fn mad(l: &mut Lowering<'_, '_>, mul: OpId, c: ValueId, s: Scalar) -> Result<ValueId, Diagnostic> {
    let ty = s.reg_type(l.ctx());
    if let Some((kind, x, y)) = wide_operands(l, mul)? {
        return Ok(l.emit(&P::MAD, &format!("wide.{kind}32"), &[x, y, c], ty));
    }
    let ops = l.operands(mul)?;
    let mods = format!("lo.{}", ty_mod('s', s.reg_width()));
    Ok(l.emit(&P::MAD, &mods, &[ops[0], ops[1], c], ty))
}

/// The multiplies to fuse into `mad`: a non-`i1` `muli` whose only use is
/// an `addi` of the same block. One per `addi`.
pub(super) fn fusable_multiplies(ctx: &Context, blocks: &[BlockId]) -> FxHashSet<OpId> {
    let mut out = FxHashSet::default();
    for &b in blocks {
        for add in ctx.block_ops(b) {
            if !ctx.isa(add, &A::ADDI) {
                continue;
            }
            let ty = ctx.value_type(ctx.result(add, 0));
            if !matches!(Scalar::of(ctx, ty), Some(Scalar::Int(w)) if w > 1) {
                continue;
            }
            let candidate = ctx.operands(add).iter().find_map(|&v| {
                let m = ctx.defining_op(v)?;
                (ctx.isa(m, &A::MULI)
                    && ctx.parent_block(m) == Some(b)
                    && ctx.uses(v).len() == 1
                    && !out.contains(&m))
                .then_some(m)
            });
            if let Some(m) = candidate {
                out.insert(m);
            }
        }
    }
    out
}

/// A `mul.wide` operand: a 32-bit value extended to 64 bits.
enum WideSource {
    Reg(ValueId),
    Const(i64),
}

/// For an `i64` `muli` whose operands are both `extsi` (or both `extui`)
/// of `i32` values, or such an extension and a constant that fits: the
/// signedness (`s`/`u`) and the two `i32` registers.
fn wide_operands(
    l: &mut Lowering<'_, '_>,
    mul: OpId,
) -> Result<Option<(char, ValueId, ValueId)>, Diagnostic> {
    let ctx = l.ctx();
    let i32t = ctx.common.i32;
    if ctx.value_type(ctx.result(mul, 0)) != ctx.common.i64 {
        return Ok(None);
    }
    let mut kind: Option<char> = None;
    let mut srcs = Vec::new();
    for &v in ctx.operands(mul) {
        let Some(d) = ctx.defining_op(v) else {
            return Ok(None);
        };
        let ext = if ctx.isa(d, &A::EXTSI) {
            Some('s')
        } else if ctx.isa(d, &A::EXTUI) {
            Some('u')
        } else {
            None
        };
        match ext {
            Some(k) if ctx.value_type(ctx.operand(d, 0)) == i32t => {
                if kind.is_some_and(|x| x != k) {
                    return Ok(None);
                }
                kind = Some(k);
                srcs.push(WideSource::Reg(ctx.operand(d, 0)));
            }
            _ => match known_int_constant(ctx, v) {
                Some(c) => srcs.push(WideSource::Const(c)),
                None => return Ok(None),
            },
        }
    }
    let Some(kind) = kind else {
        return Ok(None);
    };
    let fits = |c: i64| match kind {
        's' => i32::try_from(c).is_ok(),
        _ => u32::try_from(c).is_ok(),
    };
    if srcs
        .iter()
        .any(|s| matches!(s, WideSource::Const(c) if !fits(*c)))
    {
        return Ok(None);
    }
    let mut regs = Vec::new();
    for s in srcs {
        regs.push(match s {
            WideSource::Reg(v) => l.get(mul, v)?,
            WideSource::Const(c) => l.imm(i32t, c),
        });
    }
    Ok(Some((kind, regs[0], regs[1])))
}

// ----- float arithmetic -----

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FloatBin {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Maximum,
    Minimum,
    MaxNum,
    MinNum,
}

/// Does `op` carry the `contract` fast-math flag?
fn may_contract(ctx: &Context, op: OpId) -> bool {
    ctx.attr_of(op, "fastmath")
        .and_then(|a| FlagKind::FastMath.decode(ctx, a))
        .is_some_and(|bits| bits & lockstep_arith::flags::FASTMATH_CONTRACT != 0)
}

/// `1/c` when the divisor of `op` is a constant power of two `c` whose
/// reciprocal is a normal number of the type (so it is exact).
fn exact_reciprocal(ctx: &lockstep_ir::Context, op: OpId, s: Scalar) -> Option<f64> {
    let def = ctx.defining_op(ctx.operand(op, 1))?;
    let constant = ConstantOp::cast(ctx, def)?;
    let AttrData::Float { bits, .. } = ctx.attr_data(constant.value(ctx)?).clone() else {
        return None;
    };
    let c = f64::from_bits(bits);
    let inv = 1.0 / c;
    let normal = if s == Scalar::F32 {
        (inv as f32).is_normal() && f64::from(inv as f32) == inv
    } else {
        inv.is_normal()
    };
    let power_of_two = c.is_normal() && c.abs().to_bits() & ((1u64 << 52) - 1) == 0;
    (power_of_two && normal).then_some(inv)
}

fn float_binary(l: &mut Lowering<'_, '_>, op: OpId, k: FloatBin) -> Result<(), Diagnostic> {
    let res = l.ctx().result(op, 0);
    let s = l.scalar(op, res)?;
    if !s.is_float() {
        return Err(cannot_lower(l.ctx(), op, "operands are not f32 or f64"));
    }
    let ops = l.operands(op)?;
    let (a, b) = (ops[0], ops[1]);
    let ty = s.reg_type(l.ctx());
    let f = float_mod(s);
    let rn = format!("rn.{f}");
    let arith_mods = if may_contract(l.ctx(), op) {
        f.to_string()
    } else {
        rn.clone()
    };
    let r = match k {
        FloatBin::Add => l.emit(&P::ADD, &arith_mods, &[a, b], ty),
        FloatBin::Sub => l.emit(&P::SUB, &arith_mods, &[a, b], ty),
        FloatBin::Mul => l.emit(&P::MUL, &arith_mods, &[a, b], ty),
        FloatBin::Div => match exact_reciprocal(l.ctx(), op, s) {
            // x / 2^k and x * 2^-k are the same real number, so they round
            // alike; a multiply avoids div.rn's slow path.
            Some(inv) => {
                let c = l.fimm(ty, inv);
                l.emit(&P::MUL, &rn, &[a, c], ty)
            }
            None => l.emit(&P::DIV, &rn, &[a, b], ty),
        },
        FloatBin::Rem => {
            let q = l.emit(&P::DIV, &rn, &[a, b], ty);
            let t = l.emit(&P::CVT, &format!("rzi.{f}.{f}"), &[q], ty);
            let nt = l.emit(&P::NEG, f, &[t], ty);
            l.emit(&P::FMA, &rn, &[nt, b, a], ty)
        }
        FloatBin::MaxNum => l.emit(&P::MAX, f, &[a, b], ty),
        FloatBin::MinNum => l.emit(&P::MIN, f, &[a, b], ty),
        FloatBin::Maximum | FloatBin::Minimum => {
            let def = if k == FloatBin::Maximum {
                &P::MAX
            } else {
                &P::MIN
            };
            if s == Scalar::F32 && l.target.arch >= 80 {
                l.emit(def, "NaN.f32", &[a, b], ty)
            } else {
                let m = l.emit(def, f, &[a, b], ty);
                let i1 = l.ctx().common.i1;
                let unordered = l.emit(&P::SETP, &format!("nan.{f}"), &[a, b], i1);
                // a + b is NaN whenever either operand is.
                let nan = l.emit(&P::ADD, &rn, &[a, b], ty);
                l.emit(&P::SELP, f, &[nan, m, unordered], ty)
            }
        }
    };
    l.set(res, r);
    Ok(())
}

// ----- comparisons and select -----

fn cmpi(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let Some(pred) = CmpIOp(op).predicate(l.ctx()) else {
        return Err(cannot_lower(l.ctx(), op, "invalid predicate"));
    };
    let res = l.ctx().result(op, 0);
    let s = l.scalar(op, l.ctx().operand(op, 0))?;
    if s.is_float() {
        return Err(cannot_lower(l.ctx(), op, "operands are not integers"));
    }
    let ops = l.operands(op)?;
    let (a, b) = (ops[0], ops[1]);
    let i1 = l.ctx().common.i1;
    use CmpIPredicate as C;
    if s == Scalar::Int(1) {
        // As unsigned, true > false; as signed (true = -1), true < false.
        let not = |l: &mut Lowering<'_, '_>, x| l.emit(&P::NOT, "pred", &[x], i1);
        let r = match pred {
            C::Eq => {
                let x = l.emit(&P::XOR, "pred", &[a, b], i1);
                not(l, x)
            }
            C::Ne => l.emit(&P::XOR, "pred", &[a, b], i1),
            C::Ult | C::Sgt => {
                let na = not(l, a);
                l.emit(&P::AND, "pred", &[na, b], i1)
            }
            C::Ule | C::Sge => {
                let na = not(l, a);
                l.emit(&P::OR, "pred", &[na, b], i1)
            }
            C::Ugt | C::Slt => {
                let nb = not(l, b);
                l.emit(&P::AND, "pred", &[a, nb], i1)
            }
            C::Uge | C::Sle => {
                let nb = not(l, b);
                l.emit(&P::OR, "pred", &[a, nb], i1)
            }
        };
        l.set(res, r);
        return Ok(());
    }
    let signed = matches!(pred, C::Slt | C::Sle | C::Sgt | C::Sge);
    let (x, y) = (normalize(l, a, s, signed), normalize(l, b, s, signed));
    let w = s.reg_width();
    let (cmp, kind) = match pred {
        C::Eq => ("eq", 's'),
        C::Ne => ("ne", 's'),
        C::Slt => ("lt", 's'),
        C::Sle => ("le", 's'),
        C::Sgt => ("gt", 's'),
        C::Sge => ("ge", 's'),
        C::Ult => ("lo", 'u'),
        C::Ule => ("ls", 'u'),
        C::Ugt => ("hi", 'u'),
        C::Uge => ("hs", 'u'),
    };
    let r = l.emit(&P::SETP, &format!("{cmp}.{}", ty_mod(kind, w)), &[x, y], i1);
    l.set(res, r);
    Ok(())
}

fn cmpf(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let Some(pred) = CmpFOp(op).predicate(l.ctx()) else {
        return Err(cannot_lower(l.ctx(), op, "invalid predicate"));
    };
    let res = l.ctx().result(op, 0);
    let s = l.scalar(op, l.ctx().operand(op, 0))?;
    if !s.is_float() {
        return Err(cannot_lower(l.ctx(), op, "operands are not f32 or f64"));
    }
    let ops = l.operands(op)?;
    let i1 = l.ctx().common.i1;
    use CmpFPredicate as C;
    let cmp = match pred {
        C::AlwaysFalse | C::AlwaysTrue => {
            let r = l.imm(i1, i64::from(pred == C::AlwaysTrue));
            l.set(res, r);
            return Ok(());
        }
        C::Oeq => "eq",
        C::Ogt => "gt",
        C::Oge => "ge",
        C::Olt => "lt",
        C::Ole => "le",
        C::One => "ne",
        C::Ord => "num",
        C::Ueq => "equ",
        C::Ugt => "gtu",
        C::Uge => "geu",
        C::Ult => "ltu",
        C::Ule => "leu",
        C::Une => "neu",
        C::Uno => "nan",
    };
    let r = l.emit(&P::SETP, &format!("{cmp}.{}", float_mod(s)), &ops, i1);
    l.set(res, r);
    Ok(())
}

fn select(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let res = l.ctx().result(op, 0);
    if l.scalar(op, l.ctx().operand(op, 0))? != Scalar::Int(1) {
        return Err(cannot_lower(
            l.ctx(),
            op,
            "the condition is not a scalar i1",
        ));
    }
    let s = l.scalar(op, res)?;
    let ops = l.operands(op)?;
    let (c, t, f) = (ops[0], ops[1], ops[2]);
    let ty = s.reg_type(l.ctx());
    let r = if s == Scalar::Int(1) {
        // (c and t) or (not c and f)
        let ct = l.emit(&P::AND, "pred", &[c, t], ty);
        let nc = l.emit(&P::NOT, "pred", &[c], ty);
        let ncf = l.emit(&P::AND, "pred", &[nc, f], ty);
        l.emit(&P::OR, "pred", &[ct, ncf], ty)
    } else {
        let mods = if s.is_float() {
            float_mod(s).to_string()
        } else {
            ty_mod('b', s.reg_width())
        };
        l.emit(&P::SELP, &mods, &[t, f, c], ty)
    };
    l.set(res, r);
    Ok(())
}

// ----- casts -----

/// An integer register of `from` bits resized to `to` bits (1, 8, 16, 32,
/// 64), sign- or zero-extending when widening.
pub(crate) fn resize(
    l: &mut Lowering<'_, '_>,
    r: ValueId,
    from: u32,
    to: u32,
    signed: bool,
) -> ValueId {
    let reg_w = |w: u32| if w == 8 { 16 } else { w };
    let k = if signed { 's' } else { 'u' };
    let to_ty = Scalar::Int(to).reg_type(l.ctx());
    if from == to {
        return r;
    }
    if from == 1 {
        return l.pred_to_int(r, reg_w(to), if signed { -1 } else { 1 });
    }
    if to == 1 {
        let from_ty = Scalar::Int(from).reg_type(l.ctx());
        let one = l.imm(from_ty, 1);
        let bit = l.emit(&P::AND, &ty_mod('b', reg_w(from)), &[r, one], from_ty);
        return l.nonzero_pred(bit, reg_w(from));
    }
    if from < to {
        return l.emit(
            &P::CVT,
            &format!("{}.{}", ty_mod(k, reg_w(to)), ty_mod(k, from)),
            &[r],
            to_ty,
        );
    }
    if reg_w(to) == reg_w(from) {
        // i16 → i8: the same register; the high byte is unspecified.
        return r;
    }
    l.emit(
        &P::CVT,
        &format!("{}.{}", ty_mod('u', reg_w(to)), ty_mod('u', from)),
        &[r],
        to_ty,
    )
}

/// `extsi`, `extui`, `trunci`, `index_cast`, `index_castui`.
fn int_cast(l: &mut Lowering<'_, '_>, op: OpId, signed: bool) -> Result<(), Diagnostic> {
    if l.fused.contains(&op) {
        // Selected with the narrow load it extends (`device::load_store`).
        return Ok(());
    }
    let res = l.ctx().result(op, 0);
    let from = l.scalar(op, l.ctx().operand(op, 0))?;
    let to = l.scalar(op, res)?;
    let (Scalar::Int(fw), Scalar::Int(tw)) = (from, to) else {
        return Err(cannot_lower(
            l.ctx(),
            op,
            "operands are not scalar integers",
        ));
    };
    let a = l.get(op, l.ctx().operand(op, 0))?;
    let r = resize(l, a, fw, tw, signed);
    l.set(res, r);
    Ok(())
}

fn int_to_float(l: &mut Lowering<'_, '_>, op: OpId, signed: bool) -> Result<(), Diagnostic> {
    let res = l.ctx().result(op, 0);
    let from = l.scalar(op, l.ctx().operand(op, 0))?;
    let to = l.scalar(op, res)?;
    let Scalar::Int(mut w) = from else {
        return Err(cannot_lower(
            l.ctx(),
            op,
            "the operand is not a scalar integer",
        ));
    };
    if !to.is_float() {
        return Err(cannot_lower(l.ctx(), op, "the result is not f32 or f64"));
    }
    let mut a = l.get(op, l.ctx().operand(op, 0))?;
    if w == 1 {
        a = l.pred_to_int(a, 32, if signed { -1 } else { 1 });
        w = 32;
    }
    let k = if signed { 's' } else { 'u' };
    let ty = to.reg_type(l.ctx());
    let r = l.emit(
        &P::CVT,
        &format!("rn.{}.{}", float_mod(to), ty_mod(k, w)),
        &[a],
        ty,
    );
    l.set(res, r);
    Ok(())
}

fn float_to_int(l: &mut Lowering<'_, '_>, op: OpId, signed: bool) -> Result<(), Diagnostic> {
    let res = l.ctx().result(op, 0);
    let from = l.scalar(op, l.ctx().operand(op, 0))?;
    let to = l.scalar(op, res)?;
    let Scalar::Int(w) = to else {
        return Err(cannot_lower(
            l.ctx(),
            op,
            "the result is not a scalar integer",
        ));
    };
    if !from.is_float() {
        return Err(cannot_lower(l.ctx(), op, "the operand is not f32 or f64"));
    }
    let a = l.get(op, l.ctx().operand(op, 0))?;
    let k = if signed { 's' } else { 'u' };
    // Out-of-range results are poison, so converting to i16 for an i8 and
    // to i32 for an i1 is as good as any.
    let cw = match w {
        1 => 32,
        8 => 16,
        w => w,
    };
    let cty = Scalar::Int(cw).reg_type(l.ctx());
    let c = l.emit(
        &P::CVT,
        &format!("rzi.{}.{}", ty_mod(k, cw), float_mod(from)),
        &[a],
        cty,
    );
    let r = if w == 1 { l.nonzero_pred(c, 32) } else { c };
    l.set(res, r);
    Ok(())
}

/// `extf` (f32→f64) and `truncf` (f64→f32, rounding as `roundingmode`).
fn float_cast(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let res = l.ctx().result(op, 0);
    let from = l.scalar(op, l.ctx().operand(op, 0))?;
    let to = l.scalar(op, res)?;
    if !from.is_float() || !to.is_float() {
        return Err(cannot_lower(
            l.ctx(),
            op,
            "only f32 and f64 are supported in device code",
        ));
    }
    let a = l.get(op, l.ctx().operand(op, 0))?;
    let ty = to.reg_type(l.ctx());
    let r = match (from, to) {
        (Scalar::F32, Scalar::F64) => l.emit(&P::CVT, "f64.f32", &[a], ty),
        (Scalar::F64, Scalar::F32) => {
            let mode = l
                .ctx()
                .attr_of(op, "roundingmode")
                .and_then(|a| lockstep_arith::flags::rounding_mode_value(l.ctx(), a))
                .unwrap_or(0);
            let rnd = match mode {
                0 => "rn",
                1 => "rm",
                2 => "rp",
                3 => "rz",
                _ => {
                    return Err(cannot_lower(
                        l.ctx(),
                        op,
                        "PTX has no round-to-nearest-away conversion",
                    ));
                }
            };
            l.emit(&P::CVT, &format!("{rnd}.f32.f64"), &[a], ty)
        }
        _ => a,
    };
    l.set(res, r);
    Ok(())
}

fn bitcast(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let res = l.ctx().result(op, 0);
    let from = l.scalar(op, l.ctx().operand(op, 0))?;
    let to = l.scalar(op, res)?;
    let a = l.get(op, l.ctx().operand(op, 0))?;
    let ty = to.reg_type(l.ctx());
    let r = if from.reg_type(l.ctx()) == ty {
        a
    } else if from.width() == to.width() && matches!(to.width(), 32 | 64) {
        l.emit(&P::MOV, &ty_mod('b', to.width()), &[a], ty)
    } else {
        return Err(cannot_lower(
            l.ctx(),
            op,
            "only bitcasts between 32-bit or 64-bit integers and floats are supported",
        ));
    };
    l.set(res, r);
    Ok(())
}

// ----- extended arithmetic -----

/// `addui_extended`: the sum and the carry out (`sum < a` unsigned).
fn add_extended(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let s = l.scalar(op, l.ctx().result(op, 0))?;
    let Scalar::Int(_) = s else {
        return Err(cannot_lower(
            l.ctx(),
            op,
            "operands are not scalar integers",
        ));
    };
    let ops = l.operands(op)?;
    let (a, b) = (ops[0], ops[1]);
    let i1 = l.ctx().common.i1;
    let (sum, carry) = if s == Scalar::Int(1) {
        (
            l.emit(&P::XOR, "pred", &[a, b], i1),
            l.emit(&P::AND, "pred", &[a, b], i1),
        )
    } else {
        let w = s.reg_width();
        let ty = s.reg_type(l.ctx());
        let sum = l.emit(&P::ADD, &ty_mod('s', w), &[a, b], ty);
        let (x, y) = (normalize(l, sum, s, false), normalize(l, a, s, false));
        let carry = l.emit(&P::SETP, &format!("lo.{}", ty_mod('u', w)), &[x, y], i1);
        (sum, carry)
    };
    let (r0, r1) = (l.ctx().result(op, 0), l.ctx().result(op, 1));
    l.set(r0, sum);
    l.set(r1, carry);
    Ok(())
}

/// `mulsi_extended` / `mului_extended`: the low and high halves of the
/// double-width product.
fn mul_extended(l: &mut Lowering<'_, '_>, op: OpId, signed: bool) -> Result<(), Diagnostic> {
    let s = l.scalar(op, l.ctx().result(op, 0))?;
    let Scalar::Int(w) = s else {
        return Err(cannot_lower(
            l.ctx(),
            op,
            "operands are not scalar integers",
        ));
    };
    let ops = l.operands(op)?;
    let (a, b) = (ops[0], ops[1]);
    let ty = s.reg_type(l.ctx());
    let k = if signed { 's' } else { 'u' };
    let (low, high) = match w {
        1 => {
            // The product of two i1 values (0 or ±1) is 0 or 1: the high
            // bit is always clear.
            let low = l.emit(&P::AND, "pred", &[a, b], ty);
            (low, l.imm(ty, 0))
        }
        8 => {
            let (x, y) = (normalize(l, a, s, signed), normalize(l, b, s, signed));
            let p = l.emit(&P::MUL, "lo.s16", &[x, y], ty);
            let i32t = l.ctx().common.i32;
            let eight = l.imm(i32t, 8);
            let high = l.emit(&P::SHR, &ty_mod(k, 16), &[p, eight], ty);
            (p, high)
        }
        _ => (
            l.emit(&P::MUL, &format!("lo.{}", ty_mod('s', w)), &[a, b], ty),
            l.emit(&P::MUL, &format!("hi.{}", ty_mod(k, w)), &[a, b], ty),
        ),
    };
    let (r0, r1) = (l.ctx().result(op, 0), l.ctx().result(op, 1));
    l.set(r0, low);
    l.set(r1, high);
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Division by constants as selected: the PTX instructions emitted for
    //! a kernel are run by a small interpreter written from the PTX ISA's
    //! definitions (not from the `divide` steps) and compared with C.

    use super::divide::tests::{Rng, defined, dividends, reference};
    use super::*;
    use lockstep_ptx::RegClass;
    use rustc_hash::FxHashMap;

    fn mask(bits: u32) -> u64 {
        if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        }
    }

    fn sext(v: u64, bits: u32) -> i128 {
        let shift = 64 - bits;
        i128::from(((v << shift) as i64) >> shift)
    }

    /// `(signed, width)` of a PTX type modifier (`s32`, `u16`, `b64`);
    /// other modifiers (`param`, `global`) give unsigned 64.
    fn ptx_type(m: &str) -> (bool, u32) {
        match m.get(1..).and_then(|w| w.parse().ok()) {
            Some(w) if m.starts_with(['s', 'u', 'b']) => (m.starts_with('s'), w),
            _ => (false, 64),
        }
    }

    /// Runs the straight-line body of `entry`, whose parameter 0 is `x`;
    /// returns every instruction's opcode and the value stored.
    fn run(ctx: &Context, entry: OpId, x: u64) -> (Vec<String>, u64) {
        let mut regs: FxHashMap<ValueId, u64> = FxHashMap::default();
        let mut opcodes = Vec::new();
        let mut loaded = 0;
        let mut stored = None;
        let block = ctx.region_blocks(ctx.regions(entry)[0])[0];
        for op in ctx.block_ops(block) {
            let def = ctx.def_of(op).expect("registered");
            let name = lockstep_ptx::opcode(def);
            let mods: Vec<&str> = lockstep_ptx::mods(ctx, op).split('.').collect();
            let ins: Vec<u64> = ctx.operands(op).iter().map(|v| regs[v]).collect();
            opcodes.push(format!("{name}.{}", mods.join(".")));
            let (signed, w) = ptx_type(mods.last().copied().unwrap_or("b64"));
            let wm = mask(w);
            let value = |v: u64| {
                if signed {
                    sext(v, w)
                } else {
                    i128::from(v & wm)
                }
            };
            let r: u64 = match name {
                "ld" => {
                    loaded += 1;
                    if loaded == 1 { x } else { 0 }
                }
                "cvta" => 0,
                "mov" => ctx.int_attr_of(op, "value").expect("immediate") as u64,
                "st" => {
                    stored = Some(ins[1]);
                    continue;
                }
                "ret" => break,
                "cvt" => {
                    let (_, to) = ptx_type(mods[0]);
                    let (from_signed, from) = ptx_type(mods[1]);
                    let v = if from_signed {
                        sext(ins[0], from) as u64
                    } else {
                        ins[0] & mask(from)
                    };
                    v & mask(to)
                }
                "mul" | "mad" => {
                    // Exact: signed products fit an i128, unsigned a u128.
                    let (high, low) = if signed {
                        let p = value(ins[0]) * value(ins[1]);
                        ((p >> w) as u64, p as u64)
                    } else {
                        let p = u128::from(ins[0] & wm) * u128::from(ins[1] & wm);
                        ((p >> w) as u64, p as u64)
                    };
                    match (name, mods[0]) {
                        ("mul", "hi") => high,
                        ("mul", "lo") => low,
                        ("mad", "lo") => low.wrapping_add(ins[2]),
                        _ => panic!("unexpected {name}.{}", mods.join(".")),
                    }
                }
                "add" => ins[0].wrapping_add(ins[1]),
                "sub" => ins[0].wrapping_sub(ins[1]),
                "neg" => ins[0].wrapping_neg(),
                "and" => ins[0] & ins[1],
                "xor" => ins[0] ^ ins[1],
                "min" => value(ins[0]).min(value(ins[1])) as u64,
                "shr" => {
                    // PTX clamps the amount at the width.
                    let amount = (ins[1] & 0xffff_ffff).min(u64::from(w)) as u32;
                    let v = value(ins[0]);
                    if amount >= w {
                        if v < 0 { u64::MAX } else { 0 }
                    } else {
                        (v >> amount) as u64
                    }
                }
                other => panic!("the interpreter does not know '{other}'"),
            };
            if let Some(&res) = ctx.results(op).first() {
                let width = RegClass::of(ctx, ctx.value_type(res)).map_or(64, |c| c.width());
                regs.insert(res, r & mask(width));
            }
        }
        (opcodes, stored.expect("the kernel stores its result"))
    }

    const OPS: [(&str, DivOp); 7] = [
        ("divsi", DivOp::DivS),
        ("divui", DivOp::DivU),
        ("remsi", DivOp::RemS),
        ("remui", DivOp::RemU),
        ("ceildivsi", DivOp::CeilDivS),
        ("ceildivui", DivOp::CeilDivU),
        ("floordivsi", DivOp::FloorDivS),
    ];

    /// Every op, width and a spread of divisors: the emitted PTX has no
    /// `div`/`rem` and computes C's answer for dividends chosen to break
    /// wrong magic numbers (for `i8`, with garbage in the register's high
    /// byte).
    #[test]
    fn selected_instructions_compute_the_quotient() {
        let mut cases = Vec::new();
        let mut text = String::from("device.module @m {\n");
        for n in [8u32, 16, 32, 64] {
            let smax = (mask(n) >> 1) as i64;
            let divisors = [3, 7, -7, 10, 17, -100, 641, 4, -4, smax, smax - 1, -2, -3];
            for (name, op) in OPS {
                for d in divisors {
                    // 641 as an i8 is -127, and so on.
                    let d = sext(d as u64 & mask(n), n) as i64;
                    let k = cases.len();
                    text += &format!(
                        "  device.kernel @k{k}(%x: i{n}, %p: !device.ptr<global>) {{\n    \
                         %c = arith.constant {d} : i{n}\n    \
                         %r = arith.{name} %x, %c : i{n}\n    \
                         device.store %r, %p : i{n}, !device.ptr<global>\n    \
                         device.return\n  }}\n"
                    );
                    cases.push((op, n, d));
                }
            }
        }
        text += "}\n";
        let mut ctx = lockstep_registry::new_context(false);
        let m = lockstep_ir::parse_source(&mut ctx, "t.mlir", &text, 1)
            .unwrap_or_else(|d| panic!("parse error: {}", d.message));
        let target = super::super::Target::parse("sm_80").unwrap();
        super::super::convert_device_modules(&mut ctx, m, target).expect("lowers");
        let mut entries = Vec::new();
        ctx.walk_pre(m, &mut |o| {
            if ctx.isa(o, &P::ENTRY) {
                entries.push(o);
            }
        });
        assert_eq!(entries.len(), cases.len());
        let mut rng = Rng(7);
        for (&entry, &(op, n, d)) in entries.iter().zip(&cases) {
            let d = d as u64;
            for x in dividends(n, d, &mut rng, 16) {
                if !defined(op, n, x, d) {
                    continue;
                }
                let junk = if n == 8 { rng.next() & 0xff00 } else { 0 };
                let (opcodes, got) = run(&ctx, entry, x | junk);
                assert!(
                    !opcodes
                        .iter()
                        .any(|o| o.starts_with("div") || o.starts_with("rem")),
                    "{op:?} i{n} by {d}: {opcodes:?}"
                );
                assert_eq!(
                    got & mask(n),
                    reference(op, n, x, d),
                    "{op:?} i{n}: {x:#x} by {d} ({opcodes:?})"
                );
            }
        }
    }

    /// `device.warp_size` is the constant 32, for division as for `muli`.
    #[test]
    fn warp_size_is_a_known_constant() {
        let text = "device.module @m {\n  device.kernel @k(%p: !device.ptr<global>) {\n    \
                    %w = device.warp_size : i32\n    device.store %w, %p : i32, !device.ptr<global>\n    \
                    device.return\n  }\n}\n";
        let mut ctx = lockstep_registry::new_context(false);
        let m = lockstep_ir::parse_source(&mut ctx, "t.mlir", text, 1)
            .unwrap_or_else(|d| panic!("parse error: {}", d.message));
        let mut warp = None;
        ctx.walk_pre(m, &mut |o| {
            if ctx.isa(o, &lockstep_device::WARP_SIZE) {
                warp = Some(ctx.result(o, 0));
            }
        });
        assert_eq!(known_int_constant(&ctx, warp.unwrap()), Some(32));
    }
}
