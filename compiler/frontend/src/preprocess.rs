//! The preprocessor: the small part of C's that the subset needs.
//!
//! Invariants:
//! - The output has exactly the lines of the input: a directive line becomes
//!   an empty line, so a line number means the same in both texts.
//! - Columns may shift where a macro is expanded; [`OffsetMap`] maps every
//!   output byte offset back to the input (an expanded macro's bytes map to
//!   the start of the macro's name), so diagnostics point at the source.
//! - Only object-like `#define NAME tokens` is expanded (at token level,
//!   never inside strings, character literals or comments); `#include` is
//!   ignored; `#pragma once`/`#pragma unroll` are ignored; every other
//!   directive, and a function-like macro, is `unsupported`.
//! - Nesting of brackets is bounded ([`MAX_NESTING`]) and C++ constructs
//!   outside the subset are rejected here, at their first token, before
//!   the grammar sees them, so the diagnostic names the construct.

// Fx hashing: the macro table is probed once per identifier of the input.
use rustc_hash::FxHashMap as HashMap;

/// Deepest nesting of `(`, `[` and `{` the front end accepts.
pub const MAX_NESTING: usize = 200;

/// A preprocessing error: byte offset in the *input* text and message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PpError {
    pub offset: usize,
    pub message: String,
}

/// Maps offsets of the preprocessed text back to the original text.
#[derive(Debug, Default, Clone)]
pub struct OffsetMap {
    /// (output start, output end, input start, input end) of each expansion,
    /// in increasing order.
    spans: Vec<(usize, usize, usize, usize)>,
}

impl OffsetMap {
    pub fn to_input(&self, out: usize) -> usize {
        let i = self.spans.partition_point(|s| s.0 <= out);
        if i == 0 {
            return out;
        }
        let (os, oe, is, ie) = self.spans[i - 1];
        if out < oe {
            is
        } else {
            // Past an expansion: the texts agree byte for byte up to the next.
            let _ = os;
            ie + (out - oe)
        }
    }
}

/// The result of preprocessing.
pub struct Preprocessed {
    pub text: String,
    pub map: OffsetMap,
}

/// C++ and CUDA words the subset does not support, with the construct's name.
const UNSUPPORTED_WORDS: &[(&str, &str)] = &[
    ("goto", "goto"),
    ("switch", "switch statement"),
    ("case", "switch statement"),
    ("default", "switch statement"),
    ("struct", "struct"),
    ("class", "class"),
    ("union", "union"),
    ("enum", "enum"),
    ("typedef", "typedef"),
    ("template", "template"),
    ("typename", "template"),
    ("namespace", "namespace"),
    ("using", "using declaration"),
    ("operator", "operator overloading"),
    ("new", "operator new"),
    ("delete", "operator delete"),
    ("try", "exceptions"),
    ("catch", "exceptions"),
    ("throw", "exceptions"),
    ("virtual", "virtual functions"),
    ("auto", "auto type"),
    ("asm", "inline assembly"),
    ("__asm__", "inline assembly"),
    ("this", "this"),
    ("nullptr", "null pointer constant"),
    ("NULL", "null pointer constant"),
    ("__constant__", "__constant__ memory"),
    ("__managed__", "managed memory"),
];

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}
fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// One lexical piece of a line, as the preprocessor sees it.
#[derive(Debug, PartialEq)]
enum Piece {
    Ident,
    /// String or character literal, comment, number, punctuation, space.
    Other,
}

/// Splits `s` into (start, end, kind) pieces. `in_comment` carries a `/* */`
/// comment across lines. Never fails: an unterminated literal runs to the
/// end of the line (the grammar reports it).
fn pieces(s: &str, in_comment: &mut bool) -> Vec<(usize, usize, Piece)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if *in_comment {
            while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                i += 1;
            }
            if i < b.len() {
                i += 2;
                *in_comment = false;
            }
            out.push((start, i, Piece::Other));
            continue;
        }
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            out.push((start, b.len(), Piece::Other));
            break;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'*') {
            *in_comment = true;
            i += 2;
            out.push((start, i, Piece::Other));
            continue;
        }
        if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(b.len());
            out.push((start, i, Piece::Other));
            continue;
        }
        if is_ident_start(c) {
            while i < b.len() && is_ident_char(b[i]) {
                i += 1;
            }
            out.push((start, i, Piece::Ident));
            continue;
        }
        if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            // A pp-number: digits, letters, dots and exponent signs.
            while i < b.len()
                && (is_ident_char(b[i])
                    || b[i] == b'.'
                    || ((b[i] == b'+' || b[i] == b'-') && matches!(b[i - 1], b'e' | b'E')))
            {
                i += 1;
            }
            out.push((start, i, Piece::Other));
            continue;
        }
        // One character (a whole UTF-8 sequence).
        let len = s[i..].chars().next().map_or(1, char::len_utf8);
        i += len;
        out.push((start, i, Piece::Other));
    }
    out
}

/// Preprocesses a translation unit.
pub fn preprocess(src: &str) -> Result<Preprocessed, PpError> {
    let mut macros: HashMap<String, String> = HashMap::default();
    let mut out = String::with_capacity(src.len());
    let mut map = OffsetMap::default();
    let mut in_comment = false;
    let mut depth: Vec<usize> = Vec::new();
    let mut line_start = 0usize;
    // Logical lines: a backslash-newline continues a directive.
    let lines: Vec<&str> = src.split_inclusive('\n').collect();
    let mut li = 0;
    while li < lines.len() {
        let raw = lines[li];
        let body = raw.strip_suffix('\n').unwrap_or(raw);
        let trimmed = body.trim_start();
        if !in_comment && trimmed.starts_with('#') {
            // Gather continuation lines.
            let mut text = body.trim_end_matches('\r').to_string();
            let mut consumed = raw.len();
            let mut extra_lines = 0;
            while text.ends_with('\\') && li + 1 + extra_lines < lines.len() {
                text.pop();
                let next = lines[li + 1 + extra_lines];
                consumed += next.len();
                text.push(' ');
                text.push_str(
                    next.strip_suffix('\n')
                        .unwrap_or(next)
                        .trim_end_matches('\r'),
                );
                extra_lines += 1;
            }
            let hash_off = line_start + (body.len() - trimmed.len());
            directive(&text, hash_off, &mut macros)?;
            // Keep the line count: one newline per physical line.
            for _ in 0..=extra_lines {
                out.push('\n');
            }
            if !raw.ends_with('\n') && extra_lines == 0 {
                out.pop();
            }
            // The newlines map one to one only if we account for the
            // removed directive text.
            let removed_in = consumed;
            let removed_out = extra_lines + usize::from(raw.ends_with('\n') || extra_lines > 0);
            let out_pos = out.len() - removed_out;
            map.spans.push((out_pos, out_pos, line_start, line_start));
            map.spans.push((
                out.len(),
                out.len(),
                line_start + removed_in,
                line_start + removed_in,
            ));
            line_start += consumed;
            li += 1 + extra_lines;
            continue;
        }
        for (s, e, kind) in pieces(body, &mut in_comment) {
            let piece = &body[s..e];
            let in_off = line_start + s;
            if kind == Piece::Ident {
                if let Some((_, what)) = UNSUPPORTED_WORDS.iter().find(|(w, _)| *w == piece)
                    && !macros.contains_key(piece)
                {
                    return Err(PpError {
                        offset: in_off,
                        message: format!("unsupported: {what}"),
                    });
                }
                if let Some(exp) = expand(piece, &macros, 0, in_off)? {
                    let os = out.len();
                    out.push_str(&exp);
                    map.spans
                        .push((os, out.len(), in_off, in_off + piece.len()));
                    continue;
                }
            } else if piece == "..." || (piece == "." && body[e..].starts_with("..")) {
                return Err(PpError {
                    offset: in_off,
                    message: "unsupported: variadic function".into(),
                });
            } else if piece.len() == 1 {
                match piece.as_bytes()[0] {
                    b'(' | b'[' | b'{' => {
                        depth.push(in_off);
                        if depth.len() > MAX_NESTING {
                            return Err(PpError {
                                offset: in_off,
                                message: format!(
                                    "nesting too deep: more than {MAX_NESTING} levels of brackets"
                                ),
                            });
                        }
                    }
                    b')' | b']' | b'}' => {
                        depth.pop();
                    }
                    _ => {}
                }
            }
            out.push_str(piece);
        }
        if raw.ends_with('\n') {
            out.push('\n');
        }
        line_start += raw.len();
        li += 1;
    }
    Ok(Preprocessed { text: out, map })
}

/// Expands `name` if it is a macro; the body is expanded again, without
/// expanding a macro inside its own expansion.
fn expand(
    name: &str,
    macros: &HashMap<String, String>,
    depth: usize,
    at: usize,
) -> Result<Option<String>, PpError> {
    let Some(body) = macros.get(name) else {
        return Ok(None);
    };
    if depth > 32 {
        return Err(PpError {
            offset: at,
            message: format!("macro '{name}' expands too deeply"),
        });
    }
    let mut out = String::new();
    let mut c = false;
    for (s, e, kind) in pieces(body, &mut c) {
        let p = &body[s..e];
        if kind == Piece::Ident
            && p != name
            && let Some(x) = expand(p, macros, depth + 1, at)?
        {
            out.push_str(&x);
            continue;
        }
        out.push_str(p);
    }
    // Parenthesise nothing: C does not either; keep the expansion a
    // separate token from its neighbours.
    Ok(Some(format!(" {out} ")))
}

fn directive(text: &str, at: usize, macros: &mut HashMap<String, String>) -> Result<(), PpError> {
    let rest = text.trim_start().trim_start_matches('#').trim_start();
    let name_len = rest.bytes().take_while(|&b| is_ident_char(b)).count();
    let name = &rest[..name_len];
    let args = rest[name_len..].trim();
    let unsupported = |what: &str| PpError {
        offset: at,
        message: format!("unsupported: preprocessor directive '#{what}'"),
    };
    match name {
        "" if args.is_empty() => Ok(()),
        "include" => Ok(()),
        "pragma" => Ok(()),
        "define" => {
            let id_len = args.bytes().take_while(|&b| is_ident_char(b)).count();
            if id_len == 0 || !args.as_bytes().first().copied().is_some_and(is_ident_start) {
                return Err(PpError {
                    offset: at,
                    message: "macro name missing in #define".into(),
                });
            }
            let id = &args[..id_len];
            let body = &args[id_len..];
            if body.starts_with('(') {
                return Err(PpError {
                    offset: at,
                    message: format!("unsupported: function-like macro '{id}'"),
                });
            }
            // Strip a trailing comment from the body.
            let mut c = false;
            let mut clean = String::new();
            for (s, e, _) in pieces(body, &mut c) {
                let p = &body[s..e];
                if p.starts_with("//") || p.starts_with("/*") || c {
                    continue;
                }
                clean.push_str(p);
            }
            macros.insert(id.to_string(), clean.trim().to_string());
            Ok(())
        }
        "undef" => {
            macros.remove(args.trim());
            Ok(())
        }
        other => Err(unsupported(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn includes_vanish_and_lines_are_kept() {
        let p = preprocess("#include <cstdio>\nint x;\n").unwrap();
        assert_eq!(p.text, "\nint x;\n");
        assert_eq!(p.map.to_input(1), "#include <cstdio>\n".len());
    }

    #[test]
    fn object_macros_expand_and_map_back() {
        let src = "#define N 256\n#define M (N*2)\nint a = M;\n";
        let p = preprocess(src).unwrap();
        assert!(p.text.contains("int a =  ( 256 *2) ;"), "{}", p.text);
        let semi = p.text.find(';').unwrap();
        assert_eq!(&src[p.map.to_input(semi)..p.map.to_input(semi) + 1], ";");
        let paren = p.text.find('(').unwrap();
        assert_eq!(&src[p.map.to_input(paren)..p.map.to_input(paren) + 1], "M");
    }

    #[test]
    fn strings_and_comments_are_not_expanded() {
        let p = preprocess("#define N 4\n\"N\" // N\n/* N */ N").unwrap();
        assert_eq!(p.text, "\n\"N\" // N\n/* N */  4 ");
    }

    #[test]
    fn rejected_directives_and_words() {
        let e = preprocess("#if 1\n").err().unwrap();
        assert_eq!(e.message, "unsupported: preprocessor directive '#if'");
        let e = preprocess("#define F(x) x\n").err().unwrap();
        assert_eq!(e.message, "unsupported: function-like macro 'F'");
        let e = preprocess("int x;\nstruct S {};").err().unwrap();
        assert_eq!((e.offset, e.message.as_str()), (7, "unsupported: struct"));
        assert!(preprocess("// struct in a comment\n\"goto\"").is_ok());
    }

    #[test]
    fn nesting_is_bounded() {
        let deep = "(".repeat(MAX_NESTING + 1);
        assert!(
            preprocess(&deep)
                .err()
                .unwrap()
                .message
                .starts_with("nesting too deep")
        );
    }
}
