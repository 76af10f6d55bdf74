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
    if width >= 64 { v as u64 } else { (v as u64) & ((1u64 << width) - 1) }
}

/// Rounds to the nearest value representable in a 16-bit float type.
pub fn round_to_half(v: f64, ty: TypeId, ctx: &Context) -> f64 {
    match ctx.type_data(ty) {
        TypeData::Float(FloatKind::BF16) => bf16_to_f64(f64_to_bf16(v)),
        _ => f16_to_f64(f64_to_f16(v)),
    }
}

/// IEEE binary16 from f64, round to nearest even.
pub fn f64_to_f16(v: f64) -> u16 {
    let f = v as f32;
    let bits = f.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let man = bits & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let mut r = m >> shift;
        let rem = m & ((1 << shift) - 1);
        if rem > half || (rem == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1fff;
    if rem > 0x1000 || (rem == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

pub fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1f) as i32;
    let man = (h & 0x3ff) as f64;
    match exp {
        0 => sign * man * 2f64.powi(-24),
        0x1f if man == 0.0 => sign * f64::INFINITY,
        0x1f => f64::NAN,
        _ => sign * (1.0 + man / 1024.0) * 2f64.powi(exp - 15),
    }
}

pub fn f64_to_bf16(v: f64) -> u16 {
    let bits = (v as f32).to_bits();
    if (v as f32).is_nan() {
        return ((bits >> 16) | 0x40) as u16;
    }
    let round = 0x7fff + ((bits >> 16) & 1);
    ((bits + round) >> 16) as u16
}

pub fn bf16_to_f64(h: u16) -> f64 {
    f32::from_bits((h as u32) << 16) as f64
}
