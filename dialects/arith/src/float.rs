//! Bit-exact IEEE-754 semantics for the folders, matching LLVM's `APFloat`.
//!
//! Values are handled as the raw bit patterns of their own type (`u64`
//! holding 16, 32 or 64 bits), never as host floats across a NaN, so no
//! hardware NaN rule can leak into a folded constant.
//!
//! Invariants:
//! - Every rounding goes through [`round`], a single correctly rounded step
//!   from an exact value `mant * 2^exp`; f16/bf16 arithmetic is computed
//!   exactly or in f64 first, which is innocuous (53 >= 2p+2 bits).
//! - NaN rules are APFloat's: the left NaN operand wins, then the right,
//!   both quieted; an invalid operation yields the positive default NaN.
//! - [`widen`]/[`narrow`] are the only bridges to the core's storage of
//!   float attributes (an `f64` per value); [`float_attr`] refuses values
//!   whose stored form would not print back as the same bits.

use lockstep_ir::fold_util::{f64_to_bf16, f64_to_f16};
use lockstep_ir::types::FloatKind;
use lockstep_ir::{AttrData, AttrId, Context, TypeData, TypeId};

use crate::flags::FloatOrder;

/// IEEE rounding directions (`arith.truncf`'s `roundingmode` values map to
/// these in order: to_nearest_even, downward, upward, toward_zero,
/// to_nearest_away).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Rounding {
    NearestEven,
    Down,
    Up,
    TowardZero,
    NearestAway,
}

impl Rounding {
    pub fn from_index(i: usize) -> Rounding {
        match i {
            1 => Rounding::Down,
            2 => Rounding::Up,
            3 => Rounding::TowardZero,
            4 => Rounding::NearestAway,
            _ => Rounding::NearestEven,
        }
    }
}

/// Precision (with the hidden bit), maximum exponent and total width.
#[derive(Copy, Clone, Debug)]
struct Format {
    p: u32,
    emax: i32,
    width: u32,
}

fn format(kind: FloatKind) -> Format {
    match kind {
        FloatKind::F16 => Format {
            p: 11,
            emax: 15,
            width: 16,
        },
        FloatKind::BF16 => Format {
            p: 8,
            emax: 127,
            width: 16,
        },
        FloatKind::F32 => Format {
            p: 24,
            emax: 127,
            width: 32,
        },
        FloatKind::F64 => Format {
            p: 53,
            emax: 1023,
            width: 64,
        },
    }
}

/// The float kind of a scalar type.
pub fn kind_of(ctx: &Context, ty: TypeId) -> Option<FloatKind> {
    match ctx.type_data(ty) {
        TypeData::Float(k) => Some(*k),
        _ => None,
    }
}

/// A decoded float.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Decoded {
    Zero {
        neg: bool,
    },
    Inf {
        neg: bool,
    },
    /// `field` is the whole trailing significand field (quiet bit on top).
    NaN {
        neg: bool,
        field: u64,
        quiet: bool,
    },
    /// Value `mant * 2^exp`, `mant` non-zero.
    Finite {
        neg: bool,
        mant: u64,
        exp: i32,
    },
}

fn mant_bits(f: Format) -> u32 {
    f.p - 1
}

fn exp_mask(f: Format) -> u64 {
    (1u64 << (f.width - f.p)) - 1
}

fn sign_bit(f: Format) -> u64 {
    1u64 << (f.width - 1)
}

pub fn decode(kind: FloatKind, bits: u64) -> Decoded {
    let f = format(kind);
    let m = mant_bits(f);
    let neg = bits & sign_bit(f) != 0;
    let field = bits & ((1u64 << m) - 1);
    let e = (bits >> m) & exp_mask(f);
    let bias = f.emax;
    if e == exp_mask(f) {
        if field == 0 {
            Decoded::Inf { neg }
        } else {
            Decoded::NaN {
                neg,
                field,
                quiet: field >> (m - 1) & 1 == 1,
            }
        }
    } else if e == 0 {
        if field == 0 {
            Decoded::Zero { neg }
        } else {
            Decoded::Finite {
                neg,
                mant: field,
                exp: 1 - bias - m as i32,
            }
        }
    } else {
        Decoded::Finite {
            neg,
            mant: field | (1u64 << m),
            exp: e as i32 - bias - m as i32,
        }
    }
}

fn encode_special(kind: FloatKind, neg: bool, inf: bool) -> u64 {
    let f = format(kind);
    let s = if neg { sign_bit(f) } else { 0 };
    if inf {
        s | (exp_mask(f) << mant_bits(f))
    } else {
        s
    }
}

/// The largest finite magnitude.
fn max_finite(kind: FloatKind, neg: bool) -> u64 {
    let f = format(kind);
    let s = if neg { sign_bit(f) } else { 0 };
    s | ((exp_mask(f) - 1) << mant_bits(f)) | ((1u64 << mant_bits(f)) - 1)
}

/// APFloat's default NaN: positive, quiet, no payload.
pub fn default_nan(kind: FloatKind) -> u64 {
    let f = format(kind);
    (exp_mask(f) << mant_bits(f)) | (1u64 << (mant_bits(f) - 1))
}

/// The same NaN with its quiet bit set.
fn quieten(kind: FloatKind, bits: u64) -> u64 {
    bits | (1u64 << (mant_bits(format(kind)) - 1))
}

pub fn is_nan(kind: FloatKind, bits: u64) -> bool {
    matches!(decode(kind, bits), Decoded::NaN { .. })
}

/// The result of rounding an exact value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Rounded {
    pub bits: u64,
    pub inexact: bool,
    pub overflow: bool,
}

/// Rounds `(-1)^neg * mant * 2^exp` to `kind` in one step.
pub fn round(kind: FloatKind, neg: bool, mant: u128, exp: i32, mode: Rounding) -> Rounded {
    let f = format(kind);
    if mant == 0 {
        return Rounded {
            bits: encode_special(kind, neg, false),
            inexact: false,
            overflow: false,
        };
    }
    let p = f.p as i32;
    let emin = 1 - f.emax;
    let msb = 127 - mant.leading_zeros() as i32;
    let lead = msb + exp;
    // Exponent of the last kept bit: p bits for normals, fixed for subnormals.
    let mut lsb = (lead - (p - 1)).max(emin - (p - 1));
    let shift = lsb - exp;
    let (mut q, round_bit, sticky): (u128, bool, bool) = if shift <= 0 {
        // Exact: at most p significant bits, shifted into place.
        (mant << (-shift) as u32, false, false)
    } else {
        let s = shift as u32;
        let q = if s >= 128 { 0 } else { mant >> s };
        let round_bit = s <= 128 && (mant >> (s - 1)) & 1 == 1;
        let sticky = if s > 128 {
            mant != 0
        } else {
            mant & ((1u128 << (s - 1)) - 1) != 0
        };
        (q, round_bit, sticky)
    };
    let inexact = round_bit || sticky;
    let up = match mode {
        Rounding::NearestEven => round_bit && (sticky || q & 1 == 1),
        Rounding::NearestAway => round_bit,
        Rounding::TowardZero => false,
        Rounding::Up => inexact && !neg,
        Rounding::Down => inexact && neg,
    };
    if up {
        q += 1;
    }
    if q >> p != 0 {
        // Rounding carried into a new bit: q is exactly 2^p.
        q >>= 1;
        lsb += 1;
    }
    let s = if neg { sign_bit(f) } else { 0 };
    let hidden = 1u128 << (p - 1);
    let bits = if q < hidden {
        // Subnormal (or zero after rounding): biased exponent 0.
        s | q as u64
    } else {
        let unbiased = lsb + p - 1;
        if unbiased > f.emax {
            let to_inf = match mode {
                Rounding::NearestEven | Rounding::NearestAway => true,
                Rounding::TowardZero => false,
                Rounding::Up => !neg,
                Rounding::Down => neg,
            };
            let bits = if to_inf {
                encode_special(kind, neg, true)
            } else {
                max_finite(kind, neg)
            };
            return Rounded {
                bits,
                inexact: true,
                overflow: true,
            };
        }
        let biased = (unbiased + f.emax) as u64;
        s | (biased << mant_bits(f)) | ((q - hidden) as u64)
    };
    Rounded {
        bits,
        inexact,
        overflow: false,
    }
}

/// The exact `f64` of a finite, zero or infinite value of any kind.
fn to_f64_exact(kind: FloatKind, bits: u64) -> f64 {
    match decode(kind, bits) {
        Decoded::Zero { neg } => {
            if neg {
                -0.0
            } else {
                0.0
            }
        }
        Decoded::Inf { neg } => {
            if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        Decoded::NaN { .. } => f64::NAN,
        Decoded::Finite { neg, mant, exp } => {
            // Exact: at most 53 significant bits within f64's range.
            let r = round(
                FloatKind::F64,
                neg,
                mant as u128,
                exp,
                Rounding::NearestEven,
            );
            f64::from_bits(r.bits)
        }
    }
}

/// Rounds a host `f64` (not NaN) to `kind`, nearest-even.
fn from_f64(kind: FloatKind, v: f64) -> u64 {
    match decode(FloatKind::F64, v.to_bits()) {
        Decoded::Finite { neg, mant, exp } => {
            round(kind, neg, mant as u128, exp, Rounding::NearestEven).bits
        }
        Decoded::Zero { neg } => encode_special(kind, neg, false),
        Decoded::Inf { neg } => encode_special(kind, neg, true),
        Decoded::NaN { .. } => default_nan(kind),
    }
}

// ----- bridge to the core's attribute storage -----

/// The stored `f64` for bits of `kind`: exact for numbers; NaNs keep sign
/// and payload (shifted to the top of the f64 field).
pub fn widen(kind: FloatKind, bits: u64) -> f64 {
    match decode(kind, bits) {
        Decoded::NaN { neg, field, .. } => {
            let shift = 52 - mant_bits(format(kind));
            let s = if neg { 1u64 << 63 } else { 0 };
            f64::from_bits(s | (0x7ffu64 << 52) | (field << shift))
        }
        _ => to_f64_exact(kind, bits),
    }
}

/// The bits of `kind` that a stored `f64` prints as (the core printer's
/// own conversion).
pub fn narrow(kind: FloatKind, stored: f64) -> u64 {
    match kind {
        FloatKind::F64 => stored.to_bits(),
        FloatKind::F32 => (stored as f32).to_bits() as u64,
        FloatKind::F16 => f64_to_f16(stored) as u64,
        FloatKind::BF16 => f64_to_bf16(stored) as u64,
    }
}

/// The kind and bits of a float attribute.
pub fn attr_bits(ctx: &Context, a: AttrId) -> Option<(FloatKind, u64)> {
    match ctx.attr_data(a) {
        AttrData::Float { bits, ty } => {
            let kind = kind_of(ctx, *ty)?;
            Some((kind, narrow(kind, f64::from_bits(*bits))))
        }
        _ => None,
    }
}

/// A float attribute of type `ty` holding exactly `bits`, or `None` when
/// the core's storage cannot represent them faithfully (NaN payloads of
/// 16-bit types, signalling NaNs): such a value is left unfolded.
pub fn float_attr(ctx: &Context, ty: TypeId, bits: u64) -> Option<AttrId> {
    let kind = kind_of(ctx, ty)?;
    let stored = widen(kind, bits);
    if narrow(kind, stored) != bits {
        return None;
    }
    Some(ctx.attr(AttrData::Float {
        bits: stored.to_bits(),
        ty,
    }))
}

// ----- arithmetic -----

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// `a op b` in `kind`, round-to-nearest-even, with APFloat's NaN rules.
pub fn binary(kind: FloatKind, op: BinOp, a: u64, b: u64) -> u64 {
    if is_nan(kind, a) {
        return quieten(kind, a);
    }
    if is_nan(kind, b) {
        return quieten(kind, b);
    }
    match kind {
        FloatKind::F32 => {
            let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
            let v = match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::Mul => x * y,
                BinOp::Div => x / y,
                BinOp::Rem => x % y,
            };
            if v.is_nan() {
                default_nan(kind)
            } else {
                v.to_bits() as u64
            }
        }
        _ => {
            // f64 natively; f16/bf16 exactly or innocuously in f64.
            let (x, y) = (to_f64_exact(kind, a), to_f64_exact(kind, b));
            let v = match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::Mul => x * y,
                BinOp::Div => x / y,
                BinOp::Rem => x % y,
            };
            if v.is_nan() {
                default_nan(kind)
            } else if kind == FloatKind::F64 {
                v.to_bits()
            } else {
                from_f64(kind, v)
            }
        }
    }
}

/// `-a`: flips the sign bit, NaNs included (APFloat's `changeSign`).
pub fn negate(kind: FloatKind, a: u64) -> u64 {
    a ^ sign_bit(format(kind))
}

pub fn compare(kind: FloatKind, a: u64, b: u64) -> FloatOrder {
    if is_nan(kind, a) || is_nan(kind, b) {
        return FloatOrder::Unordered;
    }
    let (x, y) = (to_f64_exact(kind, a), to_f64_exact(kind, b));
    if x < y {
        FloatOrder::Less
    } else if x > y {
        FloatOrder::Greater
    } else {
        FloatOrder::Equal
    }
}

/// The sign bit is set (negative numbers, `-0.0`, `-inf`, negative NaNs).
pub fn is_negative(kind: FloatKind, a: u64) -> bool {
    is_neg(kind, a)
}

fn is_neg(kind: FloatKind, a: u64) -> bool {
    a & sign_bit(format(kind)) != 0
}

fn is_zero(kind: FloatKind, a: u64) -> bool {
    matches!(decode(kind, a), Decoded::Zero { .. })
}

/// `llvm::maximum`/`llvm::minimum`: NaN-propagating, `-0 < +0`.
pub fn maximum(kind: FloatKind, a: u64, b: u64, max: bool) -> u64 {
    if is_nan(kind, a) {
        return quieten(kind, a);
    }
    if is_nan(kind, b) {
        return quieten(kind, b);
    }
    if is_zero(kind, a) && is_zero(kind, b) && is_neg(kind, a) != is_neg(kind, b) {
        return if max == is_neg(kind, a) { b } else { a };
    }
    pick(kind, a, b, max)
}

/// `llvm::maxnum`/`llvm::minnum`: a quiet NaN yields the other operand, a
/// signalling one yields itself quieted; `-0 < +0`.
pub fn maxnum(kind: FloatKind, a: u64, b: u64, max: bool) -> u64 {
    for x in [a, b] {
        if let Decoded::NaN { quiet: false, .. } = decode(kind, x) {
            return quieten(kind, x);
        }
    }
    if is_nan(kind, a) {
        return b;
    }
    if is_nan(kind, b) {
        return a;
    }
    if is_zero(kind, a) && is_zero(kind, b) && is_neg(kind, a) != is_neg(kind, b) {
        return if max == is_neg(kind, a) { b } else { a };
    }
    pick(kind, a, b, max)
}

fn pick(kind: FloatKind, a: u64, b: u64, max: bool) -> u64 {
    match compare(kind, a, b) {
        FloatOrder::Less => {
            if max {
                b
            } else {
                a
            }
        }
        FloatOrder::Greater => {
            if max {
                a
            } else {
                b
            }
        }
        _ => a,
    }
}

// ----- conversions -----

/// Converts between float kinds; `None` unless exact (APFloat `convert`
/// with status OK and no information lost), as arith's folders require.
pub fn convert_exact(from: FloatKind, to: FloatKind, bits: u64, mode: Rounding) -> Option<u64> {
    match decode(from, bits) {
        Decoded::Zero { neg } => Some(encode_special(to, neg, false)),
        Decoded::Inf { neg } => Some(encode_special(to, neg, true)),
        Decoded::NaN { neg, field, quiet } => {
            if !quiet {
                return None;
            }
            let (mf, mt) = (mant_bits(format(from)), mant_bits(format(to)));
            let field = if mt >= mf {
                field << (mt - mf)
            } else {
                let drop = mf - mt;
                if field & ((1u64 << drop) - 1) != 0 {
                    return None;
                }
                field >> drop
            };
            let s = if neg { sign_bit(format(to)) } else { 0 };
            Some(s | (exp_mask(format(to)) << mt) | field)
        }
        Decoded::Finite { neg, mant, exp } => {
            let r = round(to, neg, mant as u128, exp, mode);
            (!r.inexact && !r.overflow).then_some(r.bits)
        }
    }
}

/// An integer (`neg`, magnitude) to the nearest value of `kind`; overflow
/// gives infinity, as APFloat's `convertFromAPInt` does.
pub fn from_int(kind: FloatKind, neg: bool, magnitude: u128) -> u64 {
    round(kind, neg, magnitude, 0, Rounding::NearestEven).bits
}

/// Truncates toward zero to an integer of `width` bits; `None` when APFloat
/// reports an invalid operation (NaN, infinity, out of range). The result
/// is the value's low `width` bits as `i64`, sign-extended.
pub fn to_int(kind: FloatKind, bits: u64, width: u32, signed: bool) -> Option<i64> {
    let (neg, mag): (bool, u128) = match decode(kind, bits) {
        Decoded::Zero { neg } => (neg, 0),
        Decoded::Inf { .. } | Decoded::NaN { .. } => return None,
        Decoded::Finite { neg, mant, exp } => {
            let m = mant as u128;
            let mag = if exp >= 0 {
                // Anything shifted past 2^65 is out of every range.
                if exp > 64 {
                    return None;
                }
                m << exp as u32
            } else if -exp >= 64 {
                0
            } else {
                m >> (-exp) as u32
            };
            (neg, mag)
        }
    };
    let w = width as i32;
    let value: i128 = if signed {
        let limit_pos = (1i128 << (w - 1)) - 1;
        let limit_neg = 1i128 << (w - 1);
        let m = i128::try_from(mag).ok()?;
        if neg {
            if m > limit_neg {
                return None;
            }
            -m
        } else {
            if m > limit_pos {
                return None;
            }
            m
        }
    } else {
        if neg && mag != 0 {
            return None;
        }
        let limit = (1u128 << w) - 1;
        if mag > limit {
            return None;
        }
        mag as i128
    };
    Some(lockstep_ir::fold_util::sext(value as i64, width))
}

// ----- predicates used by identity folds -----

/// The value is exactly `+1.0`.
pub fn is_one(kind: FloatKind, bits: u64) -> bool {
    matches!(decode(kind, bits), Decoded::Finite { .. }) && to_f64_exact(kind, bits) == 1.0
}

pub fn is_pos_zero(kind: FloatKind, bits: u64) -> bool {
    decode(kind, bits) == Decoded::Zero { neg: false }
}

pub fn is_neg_zero(kind: FloatKind, bits: u64) -> bool {
    decode(kind, bits) == Decoded::Zero { neg: true }
}

pub fn is_any_zero(kind: FloatKind, bits: u64) -> bool {
    is_zero(kind, bits)
}

pub fn is_inf(kind: FloatKind, bits: u64, neg: bool) -> bool {
    decode(kind, bits) == Decoded::Inf { neg }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_to_half_is_single_step() {
        // 1 + 2^-11 + 2^-40 lies just above a half-way point of f16: it
        // must round up, which rounding through f32 would get wrong.
        let v = 1.0 + 2f64.powi(-11) + 2f64.powi(-40);
        assert_eq!(from_f64(FloatKind::F16, v), 0x3c01);
        assert_eq!(from_f64(FloatKind::F16, 1.0 + 2f64.powi(-11)), 0x3c00);
        assert_eq!(from_f64(FloatKind::F16, 65520.0), 0x7c00);
        assert_eq!(from_f64(FloatKind::F16, 65519.0), 0x7bff);
        // Smallest subnormal and half of it (ties to even: zero).
        assert_eq!(from_f64(FloatKind::F16, 2f64.powi(-24)), 0x0001);
        assert_eq!(from_f64(FloatKind::F16, 2f64.powi(-25)), 0x0000);
        assert_eq!(
            from_f64(FloatKind::F16, -(2f64.powi(-25) + 2f64.powi(-40))),
            0x8001
        );
    }

    #[test]
    fn int_conversion_rounds_once() {
        // 2^60 + 2^52 + 1: above the bf16 half-way point 2^60 + 2^52.
        let m: u128 = (1 << 60) + (1 << 52) + 1;
        let bits = from_int(FloatKind::BF16, false, m);
        assert_eq!(bits, 0x5d81);
        assert_eq!(from_int(FloatKind::F32, false, 16_777_217), 0x4b80_0000);
        assert_eq!(from_int(FloatKind::F16, false, 65520), 0x7c00);
    }

    #[test]
    fn nan_rules_follow_apfloat() {
        let k = FloatKind::F32;
        let (n1, n2, sn, one) = (0x7fc0_0001, 0xffc0_0002, 0x7f80_0003, 0x3f80_0000);
        assert_eq!(binary(k, BinOp::Add, n1, n2), n1);
        assert_eq!(binary(k, BinOp::Sub, one, n1), n1);
        assert_eq!(binary(k, BinOp::Add, one, sn), 0x7fc0_0003);
        assert_eq!(binary(k, BinOp::Div, 0, 0), 0x7fc0_0000);
        assert_eq!(negate(k, n1), 0xffc0_0001);
        assert_eq!(maxnum(k, sn, one, true), 0x7fc0_0003);
        assert_eq!(maximum(k, 0, 0x8000_0000, true), 0);
        assert_eq!(maximum(k, 0, 0x8000_0000, false), 0x8000_0000);
    }

    #[test]
    fn float_to_int_ranges() {
        let k = FloatKind::F32;
        let f = |v: f32| v.to_bits() as u64;
        assert_eq!(to_int(k, f(-0.5), 8, false), Some(0));
        assert_eq!(to_int(k, f(255.9), 8, false), Some(-1));
        assert_eq!(to_int(k, f(256.0), 8, false), None);
        assert_eq!(to_int(k, f(-128.9), 8, true), Some(-128));
        assert_eq!(to_int(k, f(-129.0), 8, true), None);
        assert_eq!(to_int(k, f(-1.0), 1, true), Some(-1));
        assert_eq!(to_int(k, f(-1.0), 8, false), None);
    }

    #[test]
    fn exact_conversions() {
        assert_eq!(
            convert_exact(
                FloatKind::F32,
                FloatKind::F64,
                0x7fc0_0001,
                Rounding::NearestEven
            ),
            Some(0x7ff8_0000_2000_0000)
        );
        assert_eq!(
            convert_exact(
                FloatKind::F64,
                FloatKind::F32,
                0x7ff8_0000_0000_0001,
                Rounding::NearestEven
            ),
            None
        );
        assert_eq!(
            convert_exact(
                FloatKind::F64,
                FloatKind::F32,
                0.1f64.to_bits(),
                Rounding::NearestEven
            ),
            None
        );
        assert_eq!(
            convert_exact(
                FloatKind::F64,
                FloatKind::F32,
                0.5f64.to_bits(),
                Rounding::NearestEven
            ),
            Some(0x3f00_0000)
        );
        assert_eq!(
            convert_exact(
                FloatKind::F32,
                FloatKind::BF16,
                65504f32.to_bits() as u64,
                Rounding::NearestEven
            ),
            None
        );
    }
}
