//! C and Rust spelling shared by the emitters: scalar types, literals,
//! string escaping and identifier checks.
//!
//! Invariants:
//! - Every literal this module writes denotes exactly the value it was given
//!   (integers in their C type, floats bit-exactly for finite values, the
//!   bytes of a string one for one), and compiles cleanly under
//!   `gcc -std=c11 -Wall -Wextra -Werror` (no trigraphs, no ambiguous hex or
//!   octal escapes).
//! - [`Scalar`] is the one mapping from IR types to C types; both the launch
//!   glue and the host program use it, so their signatures agree.

use lockstep_device::ptr_space;
use lockstep_host::is_host_ptr;
use lockstep_ir::types::FloatKind;
use lockstep_ir::{Context, LocData, LocId, OpId, TypeData, TypeId};
use std::fmt::Write;

/// A value type the C translation can hold in a variable.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Scalar {
    /// An integer of width 1 (`bool`), 8, 16, 32 or 64; `index` is 64.
    Int(u32),
    F32,
    F64,
    /// `!host.ptr`, a byte pointer (`char *`).
    HostPtr,
    /// `!device.ptr<...>`, a driver-API address (`CUdeviceptr`).
    DevicePtr,
}

impl Scalar {
    /// The C type for `ty`, `None` if the translation has none.
    pub fn of(ctx: &Context, ty: TypeId) -> Option<Scalar> {
        match ctx.type_data(ty) {
            TypeData::Integer { width, .. } if matches!(width, 1 | 8 | 16 | 32 | 64) => {
                Some(Scalar::Int(*width))
            }
            TypeData::Index => Some(Scalar::Int(64)),
            TypeData::Float(FloatKind::F32) => Some(Scalar::F32),
            TypeData::Float(FloatKind::F64) => Some(Scalar::F64),
            _ if is_host_ptr(ctx, ty) => Some(Scalar::HostPtr),
            _ if ptr_space(ctx, ty).is_some() => Some(Scalar::DevicePtr),
            _ => None,
        }
    }

    /// The C spelling (signed for integers: signedness lives in the ops).
    pub fn c_type(self) -> &'static str {
        match self {
            Scalar::Int(w) => signed_c(w),
            Scalar::F32 => "float",
            Scalar::F64 => "double",
            Scalar::HostPtr => "char *",
            Scalar::DevicePtr => "CUdeviceptr",
        }
    }

    /// The Rust spelling used by the cudarc glue.
    pub fn rust_type(self) -> &'static str {
        match self {
            Scalar::Int(1) => "bool",
            Scalar::Int(8) => "i8",
            Scalar::Int(16) => "i16",
            Scalar::Int(32) => "i32",
            Scalar::Int(_) => "i64",
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
            Scalar::HostPtr => "*mut u8",
            Scalar::DevicePtr => "cudarc::driver::sys::CUdeviceptr",
        }
    }

    /// `T x = ZERO;` initialiser.
    pub fn zero(self) -> &'static str {
        match self {
            Scalar::Int(1) => "false",
            Scalar::F32 => "0.0f",
            Scalar::F64 => "0.0",
            _ => "0",
        }
    }
}

/// The signed C integer type of width `w` (`bool` for 1).
pub fn signed_c(w: u32) -> &'static str {
    match w {
        1 => "bool",
        8 => "int8_t",
        16 => "int16_t",
        32 => "int32_t",
        _ => "int64_t",
    }
}

/// The unsigned C integer type of width `w` (`bool` for 1).
pub fn unsigned_c(w: u32) -> &'static str {
    match w {
        1 => "bool",
        8 => "uint8_t",
        16 => "uint16_t",
        32 => "uint32_t",
        _ => "uint64_t",
    }
}

/// The unsigned type wrapping arithmetic of width `w` is done in: at least
/// `unsigned int`, so integer promotion never turns it signed.
pub fn wrap_c(w: u32) -> &'static str {
    if w <= 32 { "uint32_t" } else { "uint64_t" }
}

/// An integer literal of C type `signed_c(w)` with value `v` (already
/// sign-extended from `w` bits).
pub fn int_literal(w: u32, v: i64) -> String {
    match w {
        1 => if v & 1 != 0 { "true" } else { "false" }.to_string(),
        8 | 16 => format!("({}){v}", signed_c(w)),
        32 if v == i64::from(i32::MIN) => "INT32_MIN".to_string(),
        32 => format!("{}", v as i32),
        _ if v == i64::MIN => "INT64_MIN".to_string(),
        _ => format!("INT64_C({v})"),
    }
}

/// A float literal of type `float` (`is_f32`) or `double` that denotes
/// exactly `v` when it is finite (Rust prints the shortest decimal that
/// round-trips, and C compilers round decimal literals correctly).
pub fn float_literal(v: f64, is_f32: bool) -> String {
    if v.is_nan() {
        return if is_f32 { "NAN" } else { "(double)NAN" }.to_string();
    }
    if v.is_infinite() {
        let sign = if v < 0.0 { "-" } else { "" };
        return if is_f32 {
            format!("{sign}INFINITY")
        } else {
            format!("{sign}(double)INFINITY")
        };
    }
    if is_f32 {
        format!("{:?}f", v as f32)
    } else {
        format!("{v:?}")
    }
}

/// `bytes` as the inside of a C string literal (no quotes).
pub fn c_string_body(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 8);
    let mut prev = 0u8;
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\\""),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            // `??x` may be a trigraph under -std=c11.
            b'?' if prev == b'?' => out.push_str("\\?"),
            0x20..=0x7e => out.push(b as char),
            // Three octal digits always end the escape, whatever follows.
            _ => {
                let _ = write!(out, "\\{b:03o}");
            }
        }
        prev = b;
    }
    out
}

/// `"..."` for `s`.
pub fn c_string(s: &str) -> String {
    format!("\"{}\"", c_string_body(s.as_bytes()))
}

/// Is `s` a valid C (and Rust) identifier made of ASCII letters, digits and
/// underscores?
pub fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// C11 keywords and the library names the generated files use or include;
/// a host function with one of these names is renamed.
pub const C_RESERVED: &[&str] = &[
    "_Alignas",
    "_Alignof",
    "_Atomic",
    "_Bool",
    "_Complex",
    "_Generic",
    "_Imaginary",
    "_Noreturn",
    "_Static_assert",
    "_Thread_local",
    "abort",
    "auto",
    "bool",
    "break",
    "case",
    "ceil",
    "ceilf",
    "char",
    "const",
    "continue",
    "cos",
    "cosf",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "exit",
    "exp",
    "expf",
    "extern",
    "fabs",
    "fabsf",
    "false",
    "float",
    "floor",
    "floorf",
    "fmax",
    "fmaxf",
    "fmin",
    "fminf",
    "fmod",
    "fmodf",
    "for",
    "fprintf",
    "free",
    "goto",
    "if",
    "inline",
    "int",
    "isnan",
    "log",
    "logf",
    "long",
    "malloc",
    "memcpy",
    "printf",
    "register",
    "restrict",
    "return",
    "short",
    "signbit",
    "signed",
    "sin",
    "sinf",
    "sizeof",
    "snprintf",
    "sqrt",
    "sqrtf",
    "static",
    "stderr",
    "struct",
    "switch",
    "true",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
];

/// Rust keywords (strict and reserved), for names used in the Rust glue.
pub const RUST_KEYWORDS: &[&str] = &[
    "Self", "abstract", "as", "async", "await", "become", "box", "break", "const", "continue",
    "crate", "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if",
    "impl", "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub",
    "ref", "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// `file:line:col` of an op, for run-time error messages; the enclosing
/// op's location when the op has none; `fallback` when nothing has one.
pub fn location_text(ctx: &Context, op: OpId, fallback: &str) -> String {
    let mut cur = Some(op);
    while let Some(o) = cur {
        if let Some(text) = loc_text(ctx, ctx.loc(o), 0) {
            return text;
        }
        cur = ctx.parent_op(o);
    }
    fallback.to_string()
}

fn loc_text(ctx: &Context, loc: LocId, depth: u32) -> Option<String> {
    if depth > 16 {
        return None;
    }
    match ctx.loc_data(loc) {
        LocData::FileLineCol { file, line, col }
        | LocData::FileRange {
            file, line, col, ..
        } => Some(format!("{}:{line}:{col}", ctx.str(*file))),
        LocData::Name { child, .. } => child.and_then(|c| loc_text(ctx, c, depth + 1)),
        LocData::Fused { locs, .. } => locs.iter().find_map(|&l| loc_text(ctx, l, depth + 1)),
        LocData::CallSite { caller, .. } => loc_text(ctx, *caller, depth + 1),
        LocData::Unknown => None,
    }
}

/// The source file an op (normally the module) was compiled from.
pub fn source_file(ctx: &Context, op: OpId) -> Option<String> {
    let text = location_text(ctx, op, "")
        .rsplitn(3, ':')
        .nth(2)
        .map(str::to_string)?;
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_escape_every_byte_exactly() {
        assert_eq!(c_string_body(b"a\"b\\c\n"), "a\\\"b\\\\c\\n");
        assert_eq!(c_string_body(b"??=x"), "?\\?=x");
        // Octal escapes are always three digits, so a following digit is safe.
        assert_eq!(c_string_body(b"\x011"), "\\0011");
        assert_eq!(c_string_body("é".as_bytes()), "\\303\\251");
        assert_eq!(c_string_body(b"100%\t"), "100%\\t");
    }

    #[test]
    fn integer_literals_keep_their_type_and_value() {
        assert_eq!(int_literal(32, -5), "-5");
        assert_eq!(int_literal(32, i64::from(i32::MIN)), "INT32_MIN");
        assert_eq!(int_literal(64, i64::MIN), "INT64_MIN");
        assert_eq!(int_literal(64, 1 << 40), "INT64_C(1099511627776)");
        assert_eq!(int_literal(8, -1), "(int8_t)-1");
        assert_eq!(int_literal(1, -1), "true");
        assert_eq!(int_literal(1, 0), "false");
    }

    #[test]
    fn float_literals_round_trip() {
        assert_eq!(float_literal(1.0, true), "1.0f");
        assert_eq!(float_literal(0.1f32 as f64, true), "0.1f");
        assert_eq!(float_literal(0.1, false), "0.1");
        assert_eq!(float_literal(-2.5e-300, false), "-2.5e-300");
        assert_eq!(float_literal(f64::INFINITY, true), "INFINITY");
        assert_eq!(float_literal(f64::NEG_INFINITY, false), "-(double)INFINITY");
        assert_eq!(float_literal(f64::NAN, true), "NAN");
        for v in [1e-7f32, f32::MAX, f32::MIN_POSITIVE, 1e-45] {
            let text = float_literal(v as f64, true);
            let parsed: f32 = text.trim_end_matches('f').parse().unwrap();
            assert_eq!(parsed.to_bits(), v.to_bits(), "{text}");
        }
    }

    #[test]
    fn identifiers() {
        assert!(is_identifier("vecadd"));
        assert!(is_identifier("_k2"));
        assert!(!is_identifier("2k"));
        assert!(!is_identifier("a.b"));
        assert!(!is_identifier(""));
    }
}
