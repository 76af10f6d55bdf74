//! C `printf` formatting, byte for byte what glibc writes for the
//! conversions the host dialect can pass (`%d %i %u %x %X %o %c %s %p %f
//! %F %e %E %g %G %%` with flags `-+ #0`, width, precision, `*`, and the
//! length modifiers `hh h l ll j z t L`).
//!
//! Invariants:
//! - Arguments arrive as [`Arg`]s: integers as their 64-bit two's
//!   complement value (already sign- or zero-extended from the IR type),
//!   floats as `f64` (C's default argument promotion), strings as bytes.
//!   The length modifier then truncates an integer to the C type the
//!   conversion reads, as `va_arg` would.
//! - Decimal float output is exact (Rust's formatting of the exact binary
//!   value, round-half-even like glibc), never via an intermediate string
//!   with fewer digits.
//! - A conversion the formatter does not know, or a missing argument, is
//!   an error naming the conversion, never undefined output.

/// One printf argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Int(i64),
    Float(f64),
    Str(Vec<u8>),
}

#[derive(Default, Clone, Copy)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    precision: Option<usize>,
}

/// Formats `format` with `args` as C's `printf`.
pub fn format(format: &[u8], args: &[Arg]) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(format.len() + 16);
    let mut next = args.iter();
    let mut i = 0;
    while i < format.len() {
        let c = format[i];
        i += 1;
        if c != b'%' {
            out.push(c);
            continue;
        }
        let start = i - 1;
        let mut spec = Spec::default();
        while let Some(&f) = format.get(i) {
            match f {
                b'-' => spec.left = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                _ => break,
            }
            i += 1;
        }
        if format.get(i) == Some(&b'*') {
            i += 1;
            let w = int_arg(next.next(), "*")? as i32;
            if w < 0 {
                spec.left = true;
            }
            spec.width = w.unsigned_abs() as usize;
        } else {
            spec.width = digits(format, &mut i);
        }
        if format.get(i) == Some(&b'.') {
            i += 1;
            if format.get(i) == Some(&b'*') {
                i += 1;
                let p = int_arg(next.next(), "*")? as i32;
                spec.precision = (p >= 0).then_some(p as usize);
            } else {
                spec.precision = Some(digits(format, &mut i));
            }
        }
        let len_start = i;
        while format.get(i).is_some_and(|c| b"hljztL".contains(c)) {
            i += 1;
        }
        let length = &format[len_start..i];
        let Some(&conv) = format.get(i) else {
            return Err(format!(
                "incomplete conversion '{}' at the end of the format",
                String::from_utf8_lossy(&format[start..])
            ));
        };
        i += 1;
        let text = String::from_utf8_lossy(&format[start..i]).into_owned();
        match conv {
            b'%' => out.push(b'%'),
            b'd' | b'i' => {
                let v = signed(int_arg(next.next(), &text)?, length);
                let (neg, mag) = (v < 0, v.unsigned_abs());
                let body = int_digits(mag, 10, false, spec.precision);
                let sign = sign_text(neg, &spec);
                pad_number(&mut out, sign, &body, &spec, spec.precision.is_none());
            }
            b'u' | b'x' | b'X' | b'o' => {
                let v = unsigned(int_arg(next.next(), &text)?, length);
                let base = match conv {
                    b'u' => 10,
                    b'o' => 8,
                    _ => 16,
                };
                let mut body = int_digits(v, base, conv == b'X', spec.precision);
                let mut prefix = "";
                if spec.alt {
                    match conv {
                        b'x' if v != 0 => prefix = "0x",
                        b'X' if v != 0 => prefix = "0X",
                        b'o' if !body.starts_with('0') => body.insert(0, '0'),
                        _ => {}
                    }
                }
                pad_number(&mut out, prefix, &body, &spec, spec.precision.is_none());
            }
            b'c' => {
                let v = int_arg(next.next(), &text)? as u8;
                pad_bytes(&mut out, &[v], &spec);
            }
            b's' => {
                let s = match next.next() {
                    Some(Arg::Str(s)) => s,
                    _ => return Err(format!("'{text}' needs a string argument")),
                };
                let s = match spec.precision {
                    Some(p) if p < s.len() => &s[..p],
                    _ => &s[..],
                };
                pad_bytes(&mut out, s, &spec);
            }
            b'p' => {
                let v = int_arg(next.next(), &text)? as u64;
                let body = if v == 0 {
                    "(nil)".to_string()
                } else {
                    format!("0x{v:x}")
                };
                pad_bytes(
                    &mut out,
                    body.as_bytes(),
                    &Spec {
                        zero: false,
                        ..spec
                    },
                );
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' => {
                let v = match next.next() {
                    Some(Arg::Float(v)) => *v,
                    _ => return Err(format!("'{text}' needs a floating-point argument")),
                };
                let neg = v.is_sign_negative() && !v.is_nan();
                let sign = sign_text(neg, &spec);
                let upper = conv.is_ascii_uppercase();
                if !v.is_finite() {
                    let body = match (v.is_nan(), upper) {
                        (true, false) => "nan",
                        (true, true) => "NAN",
                        (false, false) => "inf",
                        (false, true) => "INF",
                    };
                    pad_number(
                        &mut out,
                        sign,
                        body,
                        &Spec {
                            zero: false,
                            ..spec
                        },
                        false,
                    );
                    continue;
                }
                let mag = v.abs();
                let p = spec.precision.unwrap_or(6);
                let body = match conv.to_ascii_lowercase() {
                    b'f' => fixed(mag, p, spec.alt),
                    b'e' => exponential(mag, p, spec.alt, upper),
                    _ => general(mag, p, spec.alt, upper),
                };
                pad_number(&mut out, sign, &body, &spec, true);
            }
            _ => return Err(format!("unsupported printf conversion '{text}'")),
        }
    }
    Ok(out)
}

fn digits(format: &[u8], i: &mut usize) -> usize {
    let mut n = 0usize;
    while let Some(d) = format.get(*i).filter(|c| c.is_ascii_digit()) {
        n = n.saturating_mul(10).saturating_add((d - b'0') as usize);
        *i += 1;
    }
    n
}

fn int_arg(arg: Option<&Arg>, text: &str) -> Result<i64, String> {
    match arg {
        Some(Arg::Int(v)) => Ok(*v),
        Some(_) => Err(format!("'{text}' needs an integer argument")),
        None => Err(format!("'{text}' has no argument")),
    }
}

/// The value `va_arg` reads for a signed conversion with this length.
fn signed(v: i64, length: &[u8]) -> i64 {
    match length {
        b"hh" => v as i8 as i64,
        b"h" => v as i16 as i64,
        b"" => v as i32 as i64,
        _ => v,
    }
}

fn unsigned(v: i64, length: &[u8]) -> u64 {
    match length {
        b"hh" => v as u8 as u64,
        b"h" => v as u16 as u64,
        b"" => v as u32 as u64,
        _ => v as u64,
    }
}

fn sign_text(neg: bool, spec: &Spec) -> &'static str {
    if neg {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

/// Digits of `v` with at least `precision` of them (`%.0d` of 0 is empty).
fn int_digits(v: u64, base: u32, upper: bool, precision: Option<usize>) -> String {
    let mut s = match (base, upper) {
        (10, _) => v.to_string(),
        (8, _) => format!("{v:o}"),
        (_, false) => format!("{v:x}"),
        (_, true) => format!("{v:X}"),
    };
    if let Some(p) = precision {
        if p == 0 && v == 0 {
            s.clear();
        }
        while s.len() < p {
            s.insert(0, '0');
        }
    }
    s
}

/// Writes sign/prefix and body padded to the width: zeros after the
/// prefix when `0` applies (not with `-`), else spaces.
fn pad_number(out: &mut Vec<u8>, prefix: &str, body: &str, spec: &Spec, zero_ok: bool) {
    let len = prefix.len() + body.len();
    let fill = spec.width.saturating_sub(len);
    if spec.left {
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(body.as_bytes());
        out.extend(std::iter::repeat_n(b' ', fill));
    } else if spec.zero && zero_ok {
        out.extend_from_slice(prefix.as_bytes());
        out.extend(std::iter::repeat_n(b'0', fill));
        out.extend_from_slice(body.as_bytes());
    } else {
        out.extend(std::iter::repeat_n(b' ', fill));
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(body.as_bytes());
    }
}

fn pad_bytes(out: &mut Vec<u8>, body: &[u8], spec: &Spec) {
    let fill = spec.width.saturating_sub(body.len());
    if !spec.left {
        out.extend(std::iter::repeat_n(b' ', fill));
    }
    out.extend_from_slice(body);
    if spec.left {
        out.extend(std::iter::repeat_n(b' ', fill));
    }
}

fn fixed(v: f64, p: usize, alt: bool) -> String {
    let mut s = format!("{v:.p$}");
    if alt && p == 0 {
        s.push('.');
    }
    s
}

/// `d.ddde±XX` with at least two exponent digits.
fn exponential(v: f64, p: usize, alt: bool, upper: bool) -> String {
    let s = format!("{v:.p$e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mut m = mantissa.to_string();
    if alt && p == 0 {
        m.push('.');
    }
    let e = if upper { 'E' } else { 'e' };
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{m}{e}{sign}{:02}", exp.unsigned_abs())
}

/// `%g`: `%e` or `%f` by the exponent, trailing zeros removed unless `#`.
fn general(v: f64, p: usize, alt: bool, upper: bool) -> String {
    let p = p.max(1);
    let e_form = format!("{v:.prec$e}", prec = p - 1);
    let exp: i64 = e_form
        .split_once('e')
        .and_then(|(_, x)| x.parse().ok())
        .unwrap_or(0);
    let mut s = if exp < -4 || exp >= p as i64 {
        exponential(v, p - 1, alt, upper)
    } else {
        fixed(v, (p as i64 - 1 - exp) as usize, alt)
    };
    if !alt {
        let (mant, tail) = match s.find(['e', 'E']) {
            Some(k) => (s[..k].to_string(), s[k..].to_string()),
            None => (s.clone(), String::new()),
        };
        let mant = if mant.contains('.') {
            mant.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            mant
        };
        s = mant + &tail;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, args: &[Arg]) -> String {
        String::from_utf8(format(fmt.as_bytes(), args).unwrap()).unwrap()
    }

    // Expected strings are what glibc's printf writes for the same calls.
    #[test]
    fn floats_match_glibc() {
        use Arg::Float as F;
        assert_eq!(
            f(
                "[%.1f][%.1f][%.2f][%.0f][%.0f][%e]",
                &[F(0.25), F(0.35), F(1.005), F(2.5), F(3.5), F(7302.756)]
            ),
            "[0.2][0.3][1.00][2][4][7.302756e+03]"
        );
        assert_eq!(
            f(
                "[%g][%g][%g][%+.3e][%g][%G]",
                &[
                    F(0.0001),
                    F(123456789.0),
                    F(100000.0),
                    F(-0.0),
                    F(1e-5),
                    F(1e300)
                ]
            ),
            "[0.0001][1.23457e+08][100000][-0.000e+00][1e-05][1E+300]"
        );
        assert_eq!(
            f(
                "%f|%8.3f|%-8.1f|%08.2f",
                &[F(1.5), F(-2.0), F(3.0), F(-1.25)]
            ),
            "1.500000|  -2.000|3.0     |-0001.25"
        );
        assert_eq!(
            f(
                "%f %F %e",
                &[F(f64::INFINITY), F(f64::NAN), F(-f64::INFINITY)]
            ),
            "inf NAN -inf"
        );
    }

    #[test]
    fn integers_match_glibc() {
        use Arg::Int as I;
        assert_eq!(
            f(
                "[%#x][%-5d][%05d][%u][%x][%lld][%llu]",
                &[I(255), I(42), I(-42), I(-1), I(0xabc), I(-5), I(-1)]
            ),
            "[0xff][42   ][-0042][4294967295][abc][-5][18446744073709551615]"
        );
        assert_eq!(
            f(
                "%.3d|%+d|% d|%hhd|%c|%%|%o|%#o",
                &[I(7), I(3), I(4), I(300), I(65), I(8), I(8)]
            ),
            "007|+3| 4|44|A|%|10|010"
        );
        assert_eq!(
            f(
                "%*d|%-*d|%.*f",
                &[I(4), I(1), I(3), I(2), I(1), Arg::Float(2.25)]
            ),
            "   1|2  |2.2"
        );
        assert_eq!(
            f(
                "%s|%5.2s|",
                &[Arg::Str(b"abc".to_vec()), Arg::Str(b"xyz".to_vec())]
            ),
            "abc|   xy|"
        );
    }

    #[test]
    fn bad_formats_are_errors() {
        assert!(format(b"%d", &[]).unwrap_err().contains("no argument"));
        assert!(format(b"%q", &[Arg::Int(1)]).unwrap_err().contains("'%q'"));
        assert!(
            format(b"%f", &[Arg::Int(1)])
                .unwrap_err()
                .contains("floating-point")
        );
        assert!(format(b"50%", &[]).is_err());
    }
}
