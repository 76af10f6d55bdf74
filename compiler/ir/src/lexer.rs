//! Tokenizer for MLIR's textual syntax.
//!
//! Invariants: tokens borrow the source (`&'src str`) and never allocate; the
//! lexer never fails: malformed input becomes an `Error` token carrying its
//! span, which the parser reports. Byte offsets are absolute in the buffer.

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tok {
    Eof,
    Error,
    /// Bare identifier or keyword: `func.func`, `i32`, `to`, `x`.
    BareIdent,
    /// `%name`, `%0` (text includes the sigil).
    PercentIdent,
    /// `^bb0`
    CaretIdent,
    /// `@name` or `@"quoted"`
    AtIdent,
    /// `#name`, `#dialect.attr` (body in `<...>` is not included)
    HashIdent,
    /// `!name`, `!dialect.type`
    BangIdent,
    Integer,
    Float,
    String,
    LParen,
    RParen,
    LBrace,
    RBrace,
    LSquare,
    RSquare,
    Less,
    Greater,
    Colon,
    Comma,
    Equal,
    Arrow,
    Question,
    Star,
    Plus,
    Minus,
    Ellipsis,
    Vertical,
    /// `{-#` file metadata opener
    FileMetadataBegin,
    /// `#-}`
    FileMetadataEnd,
}

#[derive(Copy, Clone, Debug)]
pub struct Token<'src> {
    pub kind: Tok,
    pub text: &'src str,
    pub offset: usize,
}

pub struct Lexer<'src> {
    src: &'src str,
    pos: usize,
}

// Character classes, as bits of one table lookup per byte.
const WS: u8 = 1;
const IDENT_START: u8 = 2;
const IDENT_CHAR: u8 = 4;
const SUFFIX_CHAR: u8 = 8;

const fn classify(b: u8) -> u8 {
    let mut c = 0;
    if matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
        c |= WS;
    }
    if b.is_ascii_alphabetic() || b == b'_' {
        c |= IDENT_START;
    }
    if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.') {
        c |= IDENT_CHAR;
    }
    // Characters allowed in `%foo`, `^bb`, `#x`, `!x` names: `[a-zA-Z0-9$._-]`
    if b.is_ascii_alphanumeric() || matches!(b, b'$' | b'.' | b'_' | b'-') {
        c |= SUFFIX_CHAR;
    }
    c
}

static CLASSES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = classify(i as u8);
        i += 1;
    }
    t
};

#[inline]
fn is(b: u8, class: u8) -> bool {
    CLASSES[b as usize] & class != 0
}
#[inline]
fn is_ident_start(b: u8) -> bool {
    is(b, IDENT_START)
}
#[inline]
fn is_ident_char(b: u8) -> bool {
    is(b, IDENT_CHAR)
}
#[inline]
fn is_suffix_char(b: u8) -> bool {
    is(b, SUFFIX_CHAR)
}

impl<'src> Lexer<'src> {
    pub fn new(src: &'src str) -> Self {
        Lexer { src, pos: 0 }
    }

    pub fn src(&self) -> &'src str {
        self.src
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Repositions the lexer (used to rescan the body of a dialect type).
    pub fn reset_to(&mut self, pos: usize) {
        self.pos = pos;
    }

    fn tok(&self, kind: Tok, start: usize) -> Token<'src> {
        Token {
            kind,
            text: &self.src[start..self.pos],
            offset: start,
        }
    }

    fn skip_trivia(&mut self) {
        let b = self.src.as_bytes();
        // Scan with a local position: fewer loads and stores through `self`.
        let mut pos = self.pos;
        loop {
            while pos < b.len() && is(b[pos], WS) {
                pos += 1;
            }
            if pos + 1 < b.len() && b[pos] == b'/' && b[pos + 1] == b'/' {
                while pos < b.len() && b[pos] != b'\n' {
                    pos += 1;
                }
                continue;
            }
            break;
        }
        self.pos = pos;
    }

    pub fn next_token(&mut self) -> Token<'src> {
        self.skip_trivia();
        let b = self.src.as_bytes();
        let start = self.pos;
        if start >= b.len() {
            return Token {
                kind: Tok::Eof,
                text: "",
                offset: b.len(),
            };
        }
        let c = b[start];
        self.pos += 1;
        let single = |l: &mut Self, k| l.tok(k, start);
        match c {
            b'(' => single(self, Tok::LParen),
            b')' => single(self, Tok::RParen),
            b'{' => {
                if b.get(self.pos) == Some(&b'-') && b.get(self.pos + 1) == Some(&b'#') {
                    self.pos += 2;
                    return self.tok(Tok::FileMetadataBegin, start);
                }
                single(self, Tok::LBrace)
            }
            b'}' => single(self, Tok::RBrace),
            b'[' => single(self, Tok::LSquare),
            b']' => single(self, Tok::RSquare),
            b'<' => single(self, Tok::Less),
            b'>' => single(self, Tok::Greater),
            b':' => single(self, Tok::Colon),
            b',' => single(self, Tok::Comma),
            b'=' => single(self, Tok::Equal),
            b'?' => single(self, Tok::Question),
            b'*' => single(self, Tok::Star),
            b'+' => single(self, Tok::Plus),
            b'|' => single(self, Tok::Vertical),
            b'-' => {
                if b.get(self.pos) == Some(&b'>') {
                    self.pos += 1;
                    return self.tok(Tok::Arrow, start);
                }
                single(self, Tok::Minus)
            }
            b'.' => {
                if b.get(self.pos) == Some(&b'.') && b.get(self.pos + 1) == Some(&b'.') {
                    self.pos += 2;
                    return self.tok(Tok::Ellipsis, start);
                }
                single(self, Tok::Error)
            }
            b'"' => self.lex_string(start),
            b'%' => self.lex_prefixed(start, Tok::PercentIdent),
            b'^' => self.lex_prefixed(start, Tok::CaretIdent),
            b'!' => self.lex_prefixed(start, Tok::BangIdent),
            b'#' => {
                if b.get(self.pos) == Some(&b'-') && b.get(self.pos + 1) == Some(&b'}') {
                    self.pos += 2;
                    return self.tok(Tok::FileMetadataEnd, start);
                }
                self.lex_prefixed(start, Tok::HashIdent)
            }
            b'@' => {
                if b.get(self.pos) == Some(&b'"') {
                    self.pos += 1;
                    let s = self.lex_string(self.pos - 1);
                    if s.kind == Tok::Error {
                        return s;
                    }
                    return self.tok(Tok::AtIdent, start);
                }
                // `@` then `[a-zA-Z_][a-zA-Z0-9_$.]*`.
                let mut pos = self.pos;
                if pos >= b.len() || !is_ident_start(b[pos]) {
                    return self.tok(Tok::Error, start);
                }
                while pos < b.len() && is_ident_char(b[pos]) {
                    pos += 1;
                }
                self.pos = pos;
                self.tok(Tok::AtIdent, start)
            }
            b'0'..=b'9' => self.lex_number(start),
            _ if is_ident_start(c) => {
                let mut pos = self.pos;
                while pos < b.len() && is_ident_char(b[pos]) {
                    pos += 1;
                }
                self.pos = pos;
                self.tok(Tok::BareIdent, start)
            }
            _ => {
                // Step over a whole UTF-8 character so error spans stay on boundaries.
                while self.pos < b.len() && !self.src.is_char_boundary(self.pos) {
                    self.pos += 1;
                }
                self.tok(Tok::Error, start)
            }
        }
    }

    /// `%`, `^`, `#`, `!` names, as MLIR's: the sigil, then digits only
    /// (`%4b` is `%4` then `b`), or `[a-zA-Z$._-][a-zA-Z0-9$._-]*`.
    fn lex_prefixed(&mut self, start: usize, kind: Tok) -> Token<'src> {
        let b = self.src.as_bytes();
        let body = self.pos;
        let mut pos = body;
        if pos < b.len() && b[pos].is_ascii_digit() {
            while pos < b.len() && b[pos].is_ascii_digit() {
                pos += 1;
            }
        } else {
            while pos < b.len() && is_suffix_char(b[pos]) {
                pos += 1;
            }
        }
        self.pos = pos;
        if pos == body {
            return self.tok(Tok::Error, start);
        }
        self.tok(kind, start)
    }

    fn lex_string(&mut self, start: usize) -> Token<'src> {
        let b = self.src.as_bytes();
        while self.pos < b.len() {
            match b[self.pos] {
                b'"' => {
                    self.pos += 1;
                    return self.tok(Tok::String, start);
                }
                b'\\' => {
                    // MLIR's escapes: `\"`, `\\`, `\n`, `\t`, `\XX` (hex). A bad
                    // one ends the error token just before its backslash.
                    match b.get(self.pos + 1) {
                        Some(b'"' | b'\\' | b'n' | b't') => self.pos += 2,
                        Some(c)
                            if c.is_ascii_hexdigit()
                                && b.get(self.pos + 2).is_some_and(|c| c.is_ascii_hexdigit()) =>
                        {
                            self.pos += 3
                        }
                        _ => return self.tok(Tok::Error, start),
                    }
                }
                b'\n' => break,
                _ => self.pos += 1,
            }
        }
        self.pos = self.pos.min(b.len());
        self.tok(Tok::Error, start)
    }

    fn lex_number(&mut self, start: usize) -> Token<'src> {
        let b = self.src.as_bytes();
        if b[start] == b'0'
            && b.get(self.pos) == Some(&b'x')
            && b.get(self.pos + 1).is_some_and(|c| c.is_ascii_hexdigit())
        {
            self.pos += 1;
            while self.pos < b.len() && b[self.pos].is_ascii_hexdigit() {
                self.pos += 1;
            }
            return self.tok(Tok::Integer, start);
        }
        while self.pos < b.len() && b[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if b.get(self.pos) != Some(&b'.') {
            return self.tok(Tok::Integer, start);
        }
        self.pos += 1;
        while self.pos < b.len() && b[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(b.get(self.pos), Some(b'e' | b'E')) {
            let save = self.pos;
            self.pos += 1;
            if matches!(b.get(self.pos), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if b.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
                while self.pos < b.len() && b[self.pos].is_ascii_digit() {
                    self.pos += 1;
                }
            } else {
                self.pos = save;
            }
        }
        self.tok(Tok::Float, start)
    }

    /// Scans a balanced `<...>` body starting at the current position (which
    /// must be at `<`) and returns its text including the brackets. Nested
    /// `<>`, `()`, `[]`, `{}` and strings are balanced, as MLIR's pretty
    /// dialect syntax requires. `->` does not close an angle bracket.
    pub fn scan_angle_body(&mut self) -> Option<&'src str> {
        let b = self.src.as_bytes();
        let start = self.pos;
        if b.get(start) != Some(&b'<') {
            return None;
        }
        let mut stack: Vec<u8> = Vec::new();
        while self.pos < b.len() {
            let c = b[self.pos];
            self.pos += 1;
            match c {
                b'<' => stack.push(b'>'),
                b'(' => stack.push(b')'),
                b'[' => stack.push(b']'),
                b'{' => stack.push(b'}'),
                b'-' if b.get(self.pos) == Some(&b'>') => self.pos += 1,
                b'>' | b')' | b']' | b'}' => {
                    if stack.pop() != Some(c) {
                        return None;
                    }
                    if stack.is_empty() {
                        return Some(&self.src[start..self.pos]);
                    }
                }
                b'"' => {
                    while self.pos < b.len() && b[self.pos] != b'"' {
                        if b[self.pos] == b'\\' {
                            self.pos += 1;
                        }
                        self.pos += 1;
                    }
                    self.pos += 1;
                }
                _ => {}
            }
        }
        None
    }

    /// Is the next raw character `c` (no trivia skipped)?
    pub fn peek_raw(&self, c: u8) -> bool {
        self.src.as_bytes().get(self.pos) == Some(&c)
    }
}

/// The error MLIR's lexer reports for the `Error` token `t` of `src`: its
/// offset and message.
pub fn lex_error(src: &str, t: &Token<'_>) -> (usize, &'static str) {
    let end = t.offset + t.text.len();
    match t.text.as_bytes().first() {
        Some(b'"') if src.as_bytes().get(end) == Some(&b'\\') => {
            (end, "unknown escape in string literal")
        }
        Some(b'"') => (end, "expected '\"' in string literal"),
        Some(b'@') => (
            t.offset + 1,
            "@ identifier expected to start with letter or '_'",
        ),
        Some(b'%') => (t.offset, "invalid SSA name"),
        Some(b'^') => (t.offset, "invalid block name"),
        Some(b'#') => (t.offset, "invalid attribute name"),
        Some(b'!') => (t.offset, "invalid type identifier"),
        _ => (t.offset, "unexpected character"),
    }
}

/// The number of `\n` bytes in `b` and the index of the last one, eight
/// bytes at a time: exact zero-byte detection on each word xor-ed with
/// newlines, then a byte sum of the flags.
pub fn newlines(b: &[u8]) -> (usize, Option<usize>) {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const NL: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let (words, rest) = b.as_chunks::<8>();
    let (mut n, mut last) = (0usize, None);
    for (i, w) in words.iter().enumerate() {
        let x = u64::from_le_bytes(*w) ^ NL;
        // 0x80 in each byte of `x` that is zero (no carries across bytes).
        let zero = !(((x & LOW7) + LOW7) | x | LOW7);
        if zero != 0 {
            n += ((zero >> 7).wrapping_mul(ONES) >> 56) as usize;
            // Little-endian: the highest flagged byte is the last newline.
            last = Some(i * 8 + (63 - zero.leading_zeros() as usize) / 8);
        }
    }
    for (j, &c) in rest.iter().enumerate() {
        if c == b'\n' {
            n += 1;
            last = Some(words.len() * 8 + j);
        }
    }
    (n, last)
}

/// Decodes MLIR string escapes (`\n`, `\t`, `\"`, `\\`, `\XX` hex) from the
/// text between the quotes. Returns `None` on a malformed escape.
pub fn unescape(s: &str) -> Option<String> {
    if !s.contains('\\') {
        return Some(s.to_string());
    }
    let b = s.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let n = *b.get(i + 1)?;
        match n {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'"' => out.push(b'"'),
            b'\\' => out.push(b'\\'),
            _ => {
                let h = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(h, 16).ok()?);
                i += 3;
                continue;
            }
        }
        i += 2;
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newlines_match_a_plain_count() {
        let text = "a\nbc\n\n  defghijklmnop\nq\n0123456789abcdef\n\nx";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let span = &text.as_bytes()[start..end];
                let count = span.iter().filter(|&&c| c == b'\n').count();
                let last = span.iter().rposition(|&c| c == b'\n');
                assert_eq!(newlines(span), (count, last), "span {start}..{end}");
            }
        }
    }

    #[test]
    fn numeric_names_are_digits_only_as_in_mlir() {
        let mut lex = Lexer::new("%4b %0x ^12a #3c %arg0 @a-b");
        let toks: Vec<(Tok, &str)> = std::iter::from_fn(|| {
            let t = lex.next_token();
            (t.kind != Tok::Eof).then_some((t.kind, t.text))
        })
        .collect();
        assert_eq!(
            toks,
            [
                (Tok::PercentIdent, "%4"),
                (Tok::BareIdent, "b"),
                (Tok::PercentIdent, "%0"),
                (Tok::BareIdent, "x"),
                (Tok::CaretIdent, "^12"),
                (Tok::BareIdent, "a"),
                (Tok::HashIdent, "#3"),
                (Tok::BareIdent, "c"),
                (Tok::PercentIdent, "%arg0"),
                (Tok::AtIdent, "@a"),
                (Tok::Minus, "-"),
                (Tok::BareIdent, "b"),
            ]
        );
    }

    #[test]
    fn lexer_errors_are_mlirs() {
        for (src, off, msg) in [
            ("~", 0, "unexpected character"),
            ("\"a\\qb\"", 2, "unknown escape in string literal"),
            ("\"ab\ncd\"", 3, "expected '\"' in string literal"),
            ("\"ab", 3, "expected '\"' in string literal"),
            ("@1", 1, "@ identifier expected to start with letter or '_'"),
            ("% ", 0, "invalid SSA name"),
        ] {
            let mut lex = Lexer::new(src);
            let t = lex.next_token();
            assert_eq!(t.kind, Tok::Error, "{src}");
            assert_eq!(lex_error(src, &t), (off, msg), "{src}");
        }
    }

    #[test]
    fn character_classes() {
        let mut lex = Lexer::new("  %a$.-1 ^bb0 x.y_$ // c\n\t@f");
        let kinds: Vec<(Tok, &str)> = std::iter::from_fn(|| {
            let t = lex.next_token();
            (t.kind != Tok::Eof).then_some((t.kind, t.text))
        })
        .collect();
        assert_eq!(
            kinds,
            [
                (Tok::PercentIdent, "%a$.-1"),
                (Tok::CaretIdent, "^bb0"),
                (Tok::BareIdent, "x.y_$"),
                (Tok::AtIdent, "@f")
            ]
        );
    }
}
