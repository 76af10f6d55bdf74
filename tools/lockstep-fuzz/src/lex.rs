//! A forgiving lexer for the three input languages, used only by the
//! mutator: it cuts bytes into tokens with a class, so that a mutation can
//! replace a token with another of the same class (an opcode with an
//! opcode, a type with a type) instead of damaging bytes at random.
//!
//! Invariants:
//! - It never fails and never panics: any byte sequence (invalid UTF-8
//!   included) is covered by tokens whose spans are contiguous, in order,
//!   and concatenate back to the input exactly.
//! - It is byte-oriented: a byte >= 0x80 is an `Other` token on its own,
//!   so mutations keep whatever invalid UTF-8 an earlier mutation made.

/// The language of an input, which picks the lexical classes and the
/// vocabulary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// lockstep's textual IR (MLIR syntax).
    Ir,
    /// The CUDA subset `lockstepc` reads.
    Cuda,
    /// PTX text.
    Ptx,
}

/// Lexical classes; the mutator swaps tokens within a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// Spaces, tabs, newlines.
    Space,
    /// `// ...` and `/* ... */`.
    Comment,
    /// A reserved word or a name the vocabulary knows (CUDA keywords, IR
    /// op names, PTX opcodes).
    Keyword,
    /// A type name (`int`, `i32`, `.u32`, `!device.ptr<...>` heads).
    Type,
    /// Any other identifier.
    Ident,
    /// `%name` (IR values, PTX registers).
    Value,
    /// `@sym` (IR symbols).
    Symbol,
    /// `^bb` (IR block labels).
    Block,
    /// `#attr` / `!type` aliases and dialect attributes in IR; preprocessor
    /// lines in CUDA.
    Hash,
    /// `.name` in PTX: directives and modifiers.
    Dotted,
    /// Integer and float literals.
    Number,
    /// String and character literals.
    Str,
    /// Brackets: `( ) [ ] { } < >`.
    Bracket,
    /// Any other punctuation (`,`, `;`, `->`, `+=`, ...).
    Punct,
    /// A byte the lexer does not classify (non-ASCII, control bytes).
    Other,
}

/// One token: its class and its byte span in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub class: Class,
    pub start: usize,
    pub end: usize,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

/// Multi-byte punctuation, longest first.
const PUNCTS: &[&str] = &[
    "<<=", ">>=", "...", "->", "::", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "++", "--",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
];

/// Cuts `text` into tokens of `lang`.
pub fn lex(lang: Lang, text: &[u8]) -> Vec<Token> {
    let mut toks = Vec::new();
    let mut i = 0;
    let n = text.len();
    let at = |j: usize| text.get(j).copied().unwrap_or(0);
    while i < n {
        let b = text[i];
        let start = i;
        let class = if b == b' ' || b == b'\t' || b == b'\n' || b == b'\r' {
            while i < n && matches!(text[i], b' ' | b'\t' | b'\n' | b'\r') {
                i += 1;
            }
            Class::Space
        } else if b == b'/' && at(i + 1) == b'/' {
            while i < n && text[i] != b'\n' {
                i += 1;
            }
            Class::Comment
        } else if b == b'/' && at(i + 1) == b'*' {
            i += 2;
            while i < n && !(text[i] == b'*' && at(i + 1) == b'/') {
                i += 1;
            }
            i = (i + 2).min(n);
            Class::Comment
        } else if b == b'"' || (b == b'\'' && lang == Lang::Cuda) {
            i += 1;
            while i < n && text[i] != b && text[i] != b'\n' {
                if text[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(n);
            Class::Str
        } else if b.is_ascii_digit()
            || (b == b'-' && lang == Lang::Ir && at(i + 1).is_ascii_digit())
        {
            i += 1;
            while i < n
                && (text[i].is_ascii_alphanumeric()
                    || text[i] == b'.'
                    || ((text[i] == b'+' || text[i] == b'-')
                        && matches!(text[i - 1], b'e' | b'E')
                        && !(text[start..i].starts_with(b"0x")
                            || text[start..i].starts_with(b"0f")
                            || text[start..i].starts_with(b"0d"))))
            {
                i += 1;
            }
            Class::Number
        } else if b == b'%' && (is_ident(at(i + 1)) || (lang == Lang::Ir && at(i + 1) == b'-')) {
            i += 1;
            while i < n && (is_ident(text[i]) || (lang != Lang::Cuda && text[i] == b'.')) {
                i += 1;
            }
            // `%arg0#1` result numbers in IR.
            if lang == Lang::Ir && at(i) == b'#' && at(i + 1).is_ascii_digit() {
                i += 1;
                while i < n && text[i].is_ascii_digit() {
                    i += 1;
                }
            }
            Class::Value
        } else if b == b'@' && lang == Lang::Ir && (is_ident(at(i + 1)) || at(i + 1) == b'"') {
            i += 1;
            while i < n && (is_ident(text[i]) || text[i] == b'.') {
                i += 1;
            }
            Class::Symbol
        } else if b == b'^' && lang == Lang::Ir && is_ident(at(i + 1)) {
            i += 1;
            while i < n && is_ident(text[i]) {
                i += 1;
            }
            Class::Block
        } else if (b == b'#' || b == b'!') && lang == Lang::Ir && is_ident_start(at(i + 1)) {
            i += 1;
            while i < n && (is_ident(text[i]) || text[i] == b'.') {
                i += 1;
            }
            Class::Hash
        } else if b == b'#' && lang == Lang::Cuda {
            while i < n && text[i] != b'\n' {
                i += 1;
            }
            Class::Hash
        } else if b == b'.' && lang == Lang::Ptx && is_ident_start(at(i + 1)) {
            i += 1;
            while i < n && is_ident(text[i]) {
                i += 1;
            }
            if is_ptx_type(&text[start..i]) {
                Class::Type
            } else {
                Class::Dotted
            }
        } else if is_ident_start(b) || (b == b'$' && lang == Lang::Ptx && is_ident(at(i + 1))) {
            i += 1;
            // IR op names and PTX special registers carry dots; PTX
            // opcodes stop at the first dot so modifiers are their own tokens.
            while i < n && (is_ident(text[i]) || (lang == Lang::Ir && text[i] == b'.')) {
                i += 1;
            }
            classify_word(lang, &text[start..i])
        } else if matches!(b, b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>') {
            let multi = PUNCTS
                .iter()
                .find(|p| text[i..].starts_with(p.as_bytes()) && p.len() > 1);
            match multi {
                Some(p) => {
                    i += p.len();
                    Class::Punct
                }
                None => {
                    i += 1;
                    Class::Bracket
                }
            }
        } else if b.is_ascii_punctuation() {
            let len = PUNCTS
                .iter()
                .find(|p| text[i..].starts_with(p.as_bytes()))
                .map_or(1, |p| p.len());
            i += len;
            Class::Punct
        } else {
            i += 1;
            Class::Other
        };
        toks.push(Token {
            class,
            start,
            end: i,
        });
    }
    toks
}

fn is_ptx_type(w: &[u8]) -> bool {
    crate::vocab::PTX_TYPES.iter().any(|t| t.as_bytes() == w)
}

fn classify_word(lang: Lang, w: &[u8]) -> Class {
    let known = |list: &[&str]| list.iter().any(|k| k.as_bytes() == w);
    match lang {
        Lang::Cuda if known(crate::vocab::CUDA_TYPES) => Class::Type,
        Lang::Cuda if known(crate::vocab::CUDA_KEYWORDS) => Class::Keyword,
        Lang::Ir if known(crate::vocab::IR_TYPES) => Class::Type,
        Lang::Ir if w.contains(&b'.') || known(crate::vocab::IR_KEYWORDS) => Class::Keyword,
        Lang::Ptx if known(crate::vocab::PTX_OPCODES) => Class::Keyword,
        _ => Class::Ident,
    }
}

/// The matching closing bracket of the opening bracket at token `open`,
/// counting only brackets of the same kind; `None` when unbalanced.
pub fn matching_close(text: &[u8], toks: &[Token], open: usize) -> Option<usize> {
    let o = text[toks[open].start];
    let c = match o {
        b'(' => b')',
        b'[' => b']',
        b'{' => b'}',
        b'<' => b'>',
        _ => return None,
    };
    let mut depth = 0usize;
    for (k, t) in toks.iter().enumerate().skip(open) {
        if t.class != Class::Bracket {
            continue;
        }
        let b = text[t.start];
        if b == o {
            depth += 1;
        } else if b == c {
            depth -= 1;
            if depth == 0 {
                return Some(k);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(lang: Lang, s: &str) -> Vec<(Class, String)> {
        lex(lang, s.as_bytes())
            .into_iter()
            .filter(|t| t.class != Class::Space)
            .map(|t| (t.class, s[t.start..t.end].to_string()))
            .collect()
    }

    #[test]
    fn tokens_cover_the_input_exactly() {
        let inputs: [&[u8]; 4] = [
            b"%0 = arith.addi %a, %b : i32 loc(\"x\":1:2)",
            b"__global__ void k(int *p) { p[threadIdx.x] += 1.5e-3f; } // c",
            b"\t@%p1 bra $L__BB0_2;\n add.s32 %r1, %r2, 0f3F800000;",
            b"\xff\xc0 /* open \"str",
        ];
        for (lang, text) in [Lang::Ir, Lang::Cuda, Lang::Ptx, Lang::Cuda]
            .into_iter()
            .zip(inputs)
        {
            let toks = lex(lang, text);
            let mut at = 0;
            for t in &toks {
                assert_eq!(t.start, at);
                assert!(t.end > t.start);
                at = t.end;
            }
            assert_eq!(at, text.len());
        }
    }

    #[test]
    fn classes_per_language() {
        let ir = classes(Lang::Ir, "%x = arith.addi %a, %b : i32");
        assert_eq!(ir[0], (Class::Value, "%x".into()));
        assert_eq!(ir[2], (Class::Keyword, "arith.addi".into()));
        assert_eq!(ir.last().unwrap(), &(Class::Type, "i32".into()));
        let ptx = classes(Lang::Ptx, "add.s32 %r1, %r2, 4;");
        assert_eq!(ptx[0], (Class::Keyword, "add".into()));
        assert_eq!(ptx[1], (Class::Type, ".s32".into()));
        assert_eq!(ptx[2], (Class::Value, "%r1".into()));
        let cu = classes(Lang::Cuda, "unsigned x = a << 2;");
        assert_eq!(cu[0], (Class::Type, "unsigned".into()));
        assert_eq!(cu[3], (Class::Ident, "a".into()));
        assert_eq!(cu[4], (Class::Punct, "<<".into()));
    }

    #[test]
    fn brackets_match() {
        let s = b"f(a[(b)], c)";
        let toks = lex(Lang::Cuda, s);
        let open = toks.iter().position(|t| s[t.start] == b'(').unwrap();
        let close = matching_close(s, &toks, open).unwrap();
        assert_eq!(toks[close].end, s.len());
    }
}
