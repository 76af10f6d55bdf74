//! The argument types a C `printf` format expects, so the host program can
//! cast each `host.printf` operand to exactly that type (C's `printf` is
//! variadic: an `int64_t` passed for `%lld` is a different type on LP64,
//! and `-Wformat` rejects it).
//!
//! Invariant: [`expected_args`] accepts only formats whose every
//! conversion is one the C standard defines for its length modifier, and
//! returns one entry per argument the format consumes (a `*` width or
//! precision consumes an `int`), in order.

/// What one `printf` argument must be.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PrintfArg {
    /// An integer of this C type (`int`, `unsigned long long`, ...).
    Integer(&'static str),
    /// `double` or `long double`.
    Float(&'static str),
    /// `%s`: `const char *`.
    String,
    /// `%p`: `void *`.
    Pointer,
}

/// The arguments `format` consumes, or a description of the first
/// conversion it cannot handle.
pub fn expected_args(format: &[u8]) -> Result<Vec<PrintfArg>, String> {
    let mut args = Vec::new();
    let mut i = 0;
    while i < format.len() {
        if format[i] != b'%' {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        while i < format.len() && b"-+ #0'".contains(&format[i]) {
            i += 1;
        }
        // Width, then precision: digits or `*`.
        for allow_dot in [false, true] {
            if allow_dot {
                if format.get(i) != Some(&b'.') {
                    break;
                }
                i += 1;
            }
            if format.get(i) == Some(&b'*') {
                args.push(PrintfArg::Integer("int"));
                i += 1;
            } else {
                while format.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
            }
        }
        let length_start = i;
        while format.get(i).is_some_and(|c| b"hljztL".contains(c)) {
            i += 1;
        }
        let length = std::str::from_utf8(&format[length_start..i]).unwrap_or("?");
        let Some(&conv) = format.get(i) else {
            return Err(format!(
                "incomplete conversion '{}' at the end",
                String::from_utf8_lossy(&format[start..])
            ));
        };
        i += 1;
        let spec = || String::from_utf8_lossy(&format[start..i]).into_owned();
        let unsupported = || format!("unsupported conversion '{}'", spec());
        let arg = match (conv, length) {
            (b'%', "") if i == start + 2 => continue,
            (b'd' | b'i', _) => PrintfArg::Integer(signed_for(length).ok_or_else(unsupported)?),
            (b'u' | b'o' | b'x' | b'X', _) => {
                PrintfArg::Integer(unsigned_for(length).ok_or_else(unsupported)?)
            }
            (b'c', "") => PrintfArg::Integer("int"),
            (b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A', "" | "l") => {
                PrintfArg::Float("double")
            }
            (b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A', "L") => {
                PrintfArg::Float("long double")
            }
            (b's', "") => PrintfArg::String,
            (b'p', "") => PrintfArg::Pointer,
            _ => return Err(unsupported()),
        };
        args.push(arg);
    }
    Ok(args)
}

fn signed_for(length: &str) -> Option<&'static str> {
    Some(match length {
        "" | "hh" | "h" => "int",
        "l" => "long",
        "ll" => "long long",
        "j" => "intmax_t",
        "t" => "ptrdiff_t",
        _ => return None,
    })
}

fn unsigned_for(length: &str) -> Option<&'static str> {
    Some(match length {
        "" | "hh" | "h" => "unsigned int",
        "l" => "unsigned long",
        "ll" => "unsigned long long",
        "j" => "uintmax_t",
        "z" => "size_t",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use PrintfArg::*;

    #[test]
    fn conversions_give_c_types() {
        let args =
            expected_args(b"n=%d u=%u big=%llu x=%08x f=%.1f e=%le p=%p s=%s 100%%\n").unwrap();
        assert_eq!(
            args,
            vec![
                Integer("int"),
                Integer("unsigned int"),
                Integer("unsigned long long"),
                Integer("unsigned int"),
                Float("double"),
                Float("double"),
                Pointer,
                String,
            ]
        );
    }

    #[test]
    fn star_width_and_precision_consume_ints() {
        assert_eq!(
            expected_args(b"%*.*f|%-*zu").unwrap(),
            vec![
                Integer("int"),
                Integer("int"),
                Float("double"),
                Integer("int"),
                Integer("size_t"),
            ]
        );
    }

    #[test]
    fn bad_formats_are_reported() {
        assert!(expected_args(b"%n").unwrap_err().contains("'%n'"));
        assert!(expected_args(b"%zd").unwrap_err().contains("'%zd'"));
        assert!(expected_args(b"50%").unwrap_err().contains("incomplete"));
        assert!(expected_args(b"%5%").is_err());
        assert_eq!(expected_args(b"plain").unwrap(), vec![]);
    }
}
