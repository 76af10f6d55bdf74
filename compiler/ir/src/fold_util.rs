//! Bit-exact integer and float helpers shared by folders and attribute
//! construction. Integers are carried in `i64` sign-extended from their
//! width (see [`crate::attrs`]).

use crate::context::Context;
use crate::types::{FloatKind, TypeData, TypeId};

/// Sign-extends the low `width` bits of `v`.
#[inline]
pub fn sext(v: i64, width: u32) -> i64 {
    if width == 0 || width >= 64 {
        v
    } else {
        let s = 64 - width;
        (v << s) >> s
    }
}

/// Zero-extends the low `width` bits of `v`.
#[inline]
pub fn zext(v: i64, width: u32) -> u64 {
    if width >= 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << width) - 1)
    }
}

/// Rounds to the nearest value representable in a 16-bit float type.
pub fn round_to_half(v: f64, ty: TypeId, ctx: &Context) -> f64 {
    match ctx.type_data(ty) {
        TypeData::Float(FloatKind::BF16) => bf16_to_f64(f64_to_bf16(v)),
        _ => f16_to_f64(f64_to_f16(v)),
    }
}

/// Rounds an f64 to a 16-bit IEEE-style format with `p` significand bits
/// (hidden bit included) and maximum exponent `emax`, in one step: round
/// to nearest even, overflow to infinity, subnormals as the format has
/// them. NaNs keep their sign and the top bits of their payload.
fn f64_to_16(v: f64, p: u32, emax: i32) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 63) as u16) << 15;
    let man_bits = p - 1;
    let inf = ((1u16 << (16 - p)) - 1) << man_bits;
    let field = bits & ((1u64 << 52) - 1);
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0x7ff {
        if field == 0 {
            return sign | inf;
        }
        let payload = (field >> (52 - man_bits)) as u16;
        return sign
            | inf
            | if payload == 0 {
                1 << (man_bits - 1)
            } else {
                payload
            };
    }
    if biased == 0 && field == 0 {
        return sign;
    }
    // The value is mant * 2^e.
    let (mant, e) = if biased == 0 {
        (field, -1074)
    } else {
        (field | (1u64 << 52), biased - 1075)
    };
    let p = p as i32;
    let lead = 63 - mant.leading_zeros() as i32 + e;
    // Exponent of the last kept bit: p bits for normals, fixed for subnormals.
    let mut lsb = (lead - (p - 1)).max(1 - emax - (p - 1));
    let shift = lsb - e;
    let (mut q, round_bit, sticky) = if shift <= 0 {
        (mant << -shift, false, false)
    } else if shift > 64 {
        (0, false, true)
    } else {
        let s = shift as u32;
        let q = if s == 64 { 0 } else { mant >> s };
        let round_bit = (mant >> (s - 1)) & 1 == 1;
        let sticky = mant & ((1u64 << (s - 1)) - 1) != 0;
        (q, round_bit, sticky)
    };
    if round_bit && (sticky || q & 1 == 1) {
        q += 1;
    }
    if q >> p != 0 {
        q >>= 1;
        lsb += 1;
    }
    let hidden = 1u64 << (p - 1);
    if q < hidden {
        return sign | q as u16;
    }
    let unbiased = lsb + p - 1;
    if unbiased > emax {
        return sign | inf;
    }
    sign | (((unbiased + emax) as u16) << man_bits) | (q - hidden) as u16
}

/// IEEE binary16 from f64, round to nearest even (a single rounding).
pub fn f64_to_f16(v: f64) -> u16 {
    f64_to_16(v, 11, 15)
}

pub fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1f) as i32;
    let man = (h & 0x3ff) as f64;
    match exp {
        0 => sign * man * 2f64.powi(-24),
        0x1f if man == 0.0 => sign * f64::INFINITY,
        // NaN: sign and payload kept at the top of the f64 payload.
        0x1f => f64::from_bits(
            ((h as u64 & 0x8000) << 48) | (0x7ffu64 << 52) | ((h as u64 & 0x3ff) << 42),
        ),
        _ => sign * (1.0 + man / 1024.0) * 2f64.powi(exp - 15),
    }
}

/// bfloat16 from f64, round to nearest even (a single rounding).
pub fn f64_to_bf16(v: f64) -> u16 {
    f64_to_16(v, 8, 127)
}

pub fn bf16_to_f64(h: u16) -> f64 {
    if h & 0x7f80 == 0x7f80 && h & 0x7f != 0 {
        // NaN: built bit by bit, as a float conversion may quiet it.
        return f64::from_bits(
            ((h as u64 & 0x8000) << 48) | (0x7ffu64 << 52) | ((h as u64 & 0x7f) << 45),
        );
    }
    f32::from_bits((h as u32) << 16) as f64
}
