//! Parser for LLVM FileCheck check files.
//!
//! Invariants:
//! - Input text is canonicalized exactly like LLVM's `CanonicalizeFile` (a `\r`
//!   before `\n` is dropped; unless `--strict-whitespace`, every run of spaces
//!   and tabs becomes one space) *before* directives are looked for, so the
//!   column numbers reported refer to the canonical line.
//! - At most one directive is taken from a line: the leftmost occurrence of a
//!   check or comment prefix that is not preceded by a word character
//!   (alphanumeric, `-`, `_`) and is followed by a valid suffix and `:`.
//!   Lines whose first such occurrence is a comment prefix (`COM:`, `RUN:` by
//!   default) are ignored, as in LLVM.
//! - Every `Directive` returned is well formed: non-empty pattern unless it is
//!   CHECK-EMPTY, no variable definitions or uses in CHECK-LABEL, a positive
//!   check precedes any CHECK-NEXT/SAME/EMPTY, and each user regex compiles
//!   with the `regex` crate after `fix_regex`.

use std::fmt;

/// The LLVM directive kinds the adapter understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `CHECK:` (and `CHECK-COUNT-n:`, which keeps `count > 1`).
    Plain,
    Next,
    Same,
    Not,
    Dag,
    Label,
    Empty,
}

impl Kind {
    /// The suffix LLVM spells after the prefix, used in messages.
    pub fn suffix(self) -> &'static str {
        match self {
            Kind::Plain => "",
            Kind::Next => "-NEXT",
            Kind::Same => "-SAME",
            Kind::Not => "-NOT",
            Kind::Dag => "-DAG",
            Kind::Label => "-LABEL",
            Kind::Empty => "-EMPTY",
        }
    }

    /// Whether the directive advances the match position (LLVM's "CheckString").
    pub fn is_ordered(self) -> bool {
        !matches!(self, Kind::Not | Kind::Dag)
    }
}

/// A pattern variable; `global` is LLVM's `$` prefix (not cleared by
/// `--enable-var-scope`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Var {
    pub name: String,
    pub global: bool,
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.global {
            write!(f, "${}", self.name)
        } else {
            f.write_str(&self.name)
        }
    }
}

/// One piece of an LLVM pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Text matched literally (already whitespace-canonicalized).
    Literal(String),
    /// `{{regex}}`, already passed through `fix_regex`.
    Regex(String),
    /// `[[V:regex]]`, regex already passed through `fix_regex`.
    Def { var: Var, regex: String },
    /// `[[V]]`.
    Use(Var),
}

/// A parsed directive with enough of its source to report errors like LLVM.
#[derive(Clone, Debug)]
pub struct Directive {
    pub kind: Kind,
    /// Repetitions for `-COUNT-n`; 1 otherwise.
    pub count: usize,
    /// The prefix as written, e.g. `CHECK` or `FOO`.
    pub prefix: String,
    /// 1-based line of the directive in the check file.
    pub line: usize,
    /// 1-based column where the pattern starts (canonical line).
    pub col: usize,
    /// The canonical source line, for caret diagnostics.
    pub line_text: String,
    pub pieces: Vec<Piece>,
}

impl Directive {
    /// `CHECK-NEXT`, `FOO-DAG`, `CHECK-COUNT`... as LLVM names it in errors.
    pub fn spelling(&self) -> String {
        if self.count > 1 {
            format!("{}-COUNT", self.prefix)
        } else {
            format!("{}{}", self.prefix, self.kind.suffix())
        }
    }
}

/// An error in the check file or in a command-line pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// 1-based line, or 0 for errors not tied to a line.
    pub line: usize,
    pub col: usize,
    pub line_text: String,
    pub message: String,
}

/// Settings that change how a check file is read.
#[derive(Clone, Debug)]
pub struct SyntaxOptions {
    pub check_prefixes: Vec<String>,
    pub comment_prefixes: Vec<String>,
    pub strict_whitespace: bool,
    pub match_full_lines: bool,
}

impl Default for SyntaxOptions {
    fn default() -> Self {
        SyntaxOptions {
            check_prefixes: vec!["CHECK".to_string()],
            comment_prefixes: vec!["COM".to_string(), "RUN".to_string()],
            strict_whitespace: false,
            match_full_lines: false,
        }
    }
}

/// LLVM's `CanonicalizeFile`: drop `\r` before `\n`; unless strict, squeeze
/// each run of spaces/tabs into one space. Line structure is preserved, which
/// is what lets diagnostics map canonical lines back to the original text.
pub fn canonicalize(text: &str, strict_whitespace: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() == Some(&'\n') {
            continue;
        }
        if strict_whitespace || (c != ' ' && c != '\t') {
            out.push(c);
            continue;
        }
        out.push(' ');
        while matches!(chars.peek(), Some(' ' | '\t')) {
            chars.next();
        }
    }
    out
}

/// Checks a `--check-prefix`/`--comment-prefixes` value the way LLVM does.
pub fn validate_prefix(p: &str) -> Result<(), String> {
    let mut chars = p.chars();
    let ok = matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "supplied prefix '{p}' is invalid: prefixes must start with a letter and contain only alphanumeric characters, hyphens, and underscores"
        ))
    }
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// What the line scanner found at a prefix occurrence.
enum Found {
    Comment,
    Check {
        prefix: String,
        kind: Kind,
        count: usize,
        literal: bool,
        /// Byte offset just past the `:`.
        after_colon: usize,
    },
}

/// Parses what follows a check prefix: `-KIND`, `-COUNT-n`, `{LITERAL}`, `:`.
/// `Ok(None)` means "not a directive here" (LLVM silently ignores those).
fn parse_suffix(rest: &str) -> Result<Option<(Kind, usize, bool, usize)>, String> {
    const KINDS: [(&str, Kind); 6] = [
        ("-NEXT", Kind::Next),
        ("-SAME", Kind::Same),
        ("-NOT", Kind::Not),
        ("-DAG", Kind::Dag),
        ("-LABEL", Kind::Label),
        ("-EMPTY", Kind::Empty),
    ];
    let mut kind = Kind::Plain;
    let mut count = 1;
    let mut i = 0;
    if let Some(tail) = rest.strip_prefix("-COUNT-") {
        let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
        match tail[..digits].parse::<usize>() {
            Ok(n) if n > 0 => count = n,
            _ => return Err("invalid count in -COUNT specification on prefix".to_string()),
        }
        i = "-COUNT-".len() + digits;
    } else if let Some((s, k)) = KINDS.iter().find(|(s, _)| rest.starts_with(s)) {
        kind = *k;
        i = s.len();
    }
    let mut literal = false;
    if rest[i..].starts_with("{LITERAL}") {
        literal = true;
        i += "{LITERAL}".len();
    }
    if rest[i..].starts_with(':') {
        Ok(Some((kind, count, literal, i + 1)))
    } else {
        Ok(None)
    }
}

/// Finds the directive on one canonical line, if any.
fn scan_line(line: &str, opts: &SyntaxOptions) -> Result<Option<Found>, String> {
    let bytes = line.as_bytes();
    let mut from = 0;
    while from < line.len() {
        // Leftmost occurrence of any prefix; on a tie the longest prefix wins
        // so that `CHECK-FOO` is not read as `CHECK` followed by junk.
        let mut best: Option<(usize, &str, bool)> = None;
        let all = opts
            .check_prefixes
            .iter()
            .map(|p| (p, false))
            .chain(opts.comment_prefixes.iter().map(|p| (p, true)));
        for (p, is_comment) in all {
            if let Some(off) = line[from..].find(p.as_str()) {
                let pos = from + off;
                let better = match best {
                    None => true,
                    Some((bpos, bp, _)) => pos < bpos || (pos == bpos && p.len() > bp.len()),
                };
                if better {
                    best = Some((pos, p, is_comment));
                }
            }
        }
        let Some((pos, prefix, is_comment)) = best else {
            return Ok(None);
        };
        // Prefixes are ASCII, so `pos + 1` is a char boundary.
        from = pos + 1;
        if pos > 0 && is_word_byte(bytes[pos - 1]) {
            continue;
        }
        let rest = &line[pos + prefix.len()..];
        if is_comment {
            if rest.starts_with(':') {
                return Ok(Some(Found::Comment));
            }
            continue;
        }
        if let Some((kind, count, literal, used)) = parse_suffix(rest)? {
            return Ok(Some(Found::Check {
                prefix: prefix.to_string(),
                kind,
                count,
                literal,
                after_colon: pos + prefix.len() + used,
            }));
        }
    }
    Ok(None)
}

/// Parses a whole check file. Returns the directives and, for each check
/// prefix, whether it was used (LLVM rejects unused prefixes by default).
pub fn parse_check_file(
    text: &str,
    opts: &SyntaxOptions,
) -> Result<(Vec<Directive>, Vec<bool>), SyntaxError> {
    let canon = canonicalize(text, opts.strict_whitespace);
    let mut directives: Vec<Directive> = Vec::new();
    let mut used = vec![false; opts.check_prefixes.len()];
    let mut seen_positive = false;
    for (idx, line) in canon.split('\n').enumerate() {
        let lineno = idx + 1;
        let err = |col: usize, message: String| SyntaxError {
            line: lineno,
            col,
            line_text: line.to_string(),
            message,
        };
        let found = scan_line(line, opts).map_err(|m| err(1, m))?;
        let Some(Found::Check {
            prefix,
            kind,
            count,
            literal,
            after_colon,
        }) = found
        else {
            continue;
        };
        if let Some(i) = opts.check_prefixes.iter().position(|p| *p == prefix) {
            used[i] = true;
        }
        // LLVM keeps surrounding blanks only with both strict modes on.
        let keep_ws = opts.strict_whitespace && opts.match_full_lines;
        let mut start = after_colon;
        if !keep_ws {
            start += line[after_colon..].len()
                - line[after_colon..].trim_start_matches([' ', '\t']).len();
        }
        let mut pat = &line[start..];
        if !keep_ws {
            pat = pat.trim_end_matches([' ', '\t']);
        }
        let col = start + 1;
        let spelled = if count > 1 {
            format!("{prefix}-COUNT")
        } else {
            format!("{prefix}{}", kind.suffix())
        };
        if kind == Kind::Empty {
            if !pat.is_empty() {
                return Err(err(
                    col,
                    format!("found non-empty check string for empty check with prefix '{prefix}:'"),
                ));
            }
        } else if pat.is_empty() {
            return Err(err(
                col,
                format!("found empty check string with prefix '{prefix}:'"),
            ));
        }
        if matches!(kind, Kind::Next | Kind::Same | Kind::Empty) && !seen_positive {
            return Err(err(
                pos_of_prefix(line, after_colon, &spelled),
                format!("found '{spelled}' without previous '{prefix}: line"),
            ));
        }
        let pieces = if literal {
            vec![Piece::Literal(pat.to_string())]
        } else {
            parse_pattern(pat, lineno).map_err(|(off, m)| err(col + off, m))?
        };
        if kind == Kind::Label
            && pieces
                .iter()
                .any(|p| matches!(p, Piece::Def { .. } | Piece::Use(_)))
        {
            return Err(err(
                pos_of_prefix(line, after_colon, &spelled),
                format!("found '{spelled}:' with variable definition or use"),
            ));
        }
        if kind.is_ordered() {
            seen_positive = true;
        }
        directives.push(Directive {
            kind,
            count,
            prefix,
            line: lineno,
            col,
            line_text: line.to_string(),
            pieces,
        });
    }
    Ok((directives, used))
}

/// 1-based column of the directive keyword, for errors about the directive
/// itself rather than its pattern.
fn pos_of_prefix(line: &str, after_colon: usize, spelled: &str) -> usize {
    line[..after_colon].rfind(spelled).map_or(1, |p| p + 1)
}

/// LLVM's `FindRegexVarEnd`: the `]]` closing a `[[...]]` block, skipping
/// escaped characters and balanced `[...]` inside the regex.
fn find_var_end(s: &str) -> Result<usize, String> {
    let bytes = s.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        if depth == 0 && s[i..].starts_with("]]") {
            return Ok(i);
        }
        match bytes[i] {
            b'\\' => i += 1,
            b'[' => depth += 1,
            b']' => {
                if depth == 0 {
                    return Err("missing closing \"]\" for regex variable".to_string());
                }
                depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    Err("Invalid substitution block, no ]] found".to_string())
}

fn parse_var_name(s: &str) -> Option<(Var, usize)> {
    let (global, body) = match s.strip_prefix('$') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let mut chars = body.char_indices();
    match chars.next() {
        Some((_, c)) if c.is_ascii_alphabetic() || c == '_' => {}
        _ => return None,
    }
    let end = chars
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(body.len(), |(i, _)| i);
    Some((
        Var {
            name: body[..end].to_string(),
            global,
        },
        end + usize::from(global),
    ))
}

/// `@LINE`, `@LINE+N`, `@LINE-N` (optionally after `#`) → the line number.
fn parse_at_line(block: &str, lineno: usize) -> Option<Result<String, String>> {
    let b = block.strip_prefix('#').unwrap_or(block).trim();
    let rest = b.strip_prefix("@LINE")?.trim();
    if rest.is_empty() {
        return Some(Ok(lineno.to_string()));
    }
    let (neg, num) = if let Some(n) = rest.strip_prefix('+') {
        (false, n)
    } else if let Some(n) = rest.strip_prefix('-') {
        (true, n)
    } else {
        return Some(Err(format!("unsupported @LINE expression '{block}'")));
    };
    let Ok(n) = num.trim().parse::<i64>() else {
        return Some(Err(format!("unsupported @LINE expression '{block}'")));
    };
    let v = lineno as i64 + if neg { -n } else { n };
    Some(Ok(v.to_string()))
}

/// Splits an LLVM pattern into pieces. Errors carry a byte offset into `pat`.
pub fn parse_pattern(pat: &str, lineno: usize) -> Result<Vec<Piece>, (usize, String)> {
    let mut pieces = Vec::new();
    let mut defined: Vec<Var> = Vec::new();
    let mut i = 0;
    while i < pat.len() {
        let s = &pat[i..];
        if let Some(body) = s.strip_prefix("{{") {
            // LLVM ends a regex at the first `}}`, so `{{a{2}}}` is an error there too.
            let Some(end) = body.find("}}") else {
                return Err((
                    i,
                    "found start of regex string with no end '}}'".to_string(),
                ));
            };
            if end == 0 {
                return Err((i + 2, "invalid regex: empty (sub)expression".to_string()));
            }
            let rx = fix_regex(&body[..end]).map_err(|m| (i + 2, m))?;
            pieces.push(Piece::Regex(rx));
            i += 2 + end + 2;
        } else if let Some(body) = s.strip_prefix("[[") {
            let end = find_var_end(body).map_err(|m| (i, m))?;
            let block = &body[..end];
            if let Some(r) = parse_at_line(block, lineno) {
                pieces.push(Piece::Literal(r.map_err(|m| (i + 2, m))?));
            } else if block.starts_with('#') {
                return Err((
                    i + 2,
                    "numeric substitution blocks [[#...]] are not supported by lockstep-filecheck (only [[#@LINE]] forms)"
                        .to_string(),
                ));
            } else {
                let Some((var, len)) = parse_var_name(block) else {
                    return Err((i + 2, "invalid variable name".to_string()));
                };
                let after = &block[len..];
                if let Some(rx) = after.strip_prefix(':') {
                    if defined.contains(&var) {
                        // LLVM keeps the last definition; the crate rejects
                        // duplicates, so earlier ones just match.
                        for p in pieces.iter_mut() {
                            if let Piece::Def { var: v, regex } = p
                                && *v == var
                            {
                                *p = Piece::Regex(std::mem::take(regex));
                            }
                        }
                    }
                    let regex = fix_regex(rx).map_err(|m| (i + 2 + len + 1, m))?;
                    defined.push(var.clone());
                    pieces.push(Piece::Def { var, regex });
                } else if after.is_empty() {
                    if defined.contains(&var) {
                        // The crate builds one Rust regex per pattern, and Rust
                        // regexes have no back-references, so this LLVM feature
                        // cannot be expressed; say so instead of mis-matching.
                        return Err((
                            i + 2,
                            format!(
                                "variable '{var}' is used in the same pattern that defines it; lockstep-filecheck cannot express same-line back-references (split the line with {{PREFIX}}-SAME)"
                            ),
                        ));
                    }
                    pieces.push(Piece::Use(var));
                } else {
                    return Err((
                        i + 2,
                        "invalid name in string variable definition".to_string(),
                    ));
                }
            }
            i += 2 + end + 2;
        } else {
            let end = [s.find("{{"), s.find("[[")]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or(s.len());
            pieces.push(Piece::Literal(s[..end].to_string()));
            i += end;
        }
    }
    Ok(pieces)
}

/// Adapts an LLVM (POSIX ERE) regex to what the `filecheck` crate and the
/// Rust `regex` crate need, and checks that it compiles.
///
/// - LLVM compiles with `REG_NEWLINE`, so a negated bracket expression never
///   matches a newline; Rust's does. `\n` is added to every negated class.
/// - The crate finds the end of `$(=...)` by scanning for an unbalanced `)`
///   or `}`, so a bare `}` (a literal in both dialects) is escaped.
pub fn fix_regex(rx: &str) -> Result<String, String> {
    let chars: Vec<char> = rx.chars().collect();
    let mut out = String::with_capacity(rx.len() + 4);
    let mut i = 0;
    let mut in_repeat = false;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' => {
                out.push(c);
                if let Some(&n) = chars.get(i + 1) {
                    out.push(n);
                }
                i += 2;
                continue;
            }
            '[' => {
                let end = class_end(&chars, i)
                    .ok_or_else(|| format!("unterminated character class in regex '{rx}'"))?;
                let negated = chars.get(i + 1) == Some(&'^');
                let body_start = i + 1 + usize::from(negated);
                // The crate's scanner mistakes the `]` after a class that
                // starts with an escape (`[\d]`, `[^\n]`) for a literal and
                // never finds the end; a nested class (`[[\d]]`) means the
                // same to Rust and keeps the scanner in step.
                let wrap = chars.get(body_start) == Some(&'\\');
                // Inside a class these are literals either way; escaping them
                // keeps the crate's `$(=...)` scanner, which does not model
                // nested classes, from taking them for the end of the regex.
                let mut k = i;
                if wrap {
                    out.push_str(if negated { "[^[" } else { "[[" });
                    k = body_start;
                }
                while k < end {
                    let ch = chars[k];
                    if ch == '\\' {
                        out.push(ch);
                        if let Some(&n) = chars.get(k + 1) {
                            out.push(n);
                        }
                        k += 2;
                        continue;
                    }
                    if matches!(ch, '(' | ')' | '{' | '}') {
                        out.push('\\');
                    }
                    out.push(ch);
                    k += 1;
                }
                if wrap {
                    out.push(']');
                }
                if negated {
                    out.push_str("\\n");
                }
                out.push(']');
                i = end + 1;
                continue;
            }
            '{' => in_repeat = true,
            '}' if in_repeat => in_repeat = false,
            '}' => {
                out.push_str("\\}");
                i += 1;
                continue;
            }
            _ => {}
        }
        out.push(c);
        i += 1;
    }
    regex::Regex::new(&out).map_err(|e| format!("invalid regex '{rx}': {e}"))?;
    Ok(out)
}

/// Index of the `]` closing the class opened at `chars[open] == '['`.
/// Handles a leading `]` or `^]`, escapes, POSIX `[:name:]` items and the
/// nested classes Rust allows.
fn class_end(chars: &[char], open: usize) -> Option<usize> {
    let mut i = open + 1;
    if chars.get(i) == Some(&'^') {
        i += 1;
    }
    if chars.get(i) == Some(&']') {
        i += 1;
    }
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '[' if chars.get(i + 1) == Some(&':') => {
                // `[:alpha:]`: skip to the matching `:]`.
                let mut j = i + 2;
                while j + 1 < chars.len() && !(chars[j] == ':' && chars[j + 1] == ']') {
                    j += 1;
                }
                i = j + 2;
            }
            '[' => i = class_end(chars, i)? + 1,
            ']' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Piece {
        Piece::Literal(s.to_string())
    }

    #[test]
    fn canonicalizes_like_llvm() {
        assert_eq!(canonicalize("a \t  b\r\nc\td\r", false), "a b\nc d\r");
        assert_eq!(canonicalize("a  b\r\n", true), "a  b\n");
    }

    #[test]
    fn splits_pattern_pieces() {
        let p = parse_pattern("x {{[0-9]+}} [[V:%[a-z]+]] = [[V2]] [[$G]]", 1).unwrap();
        assert_eq!(
            p,
            vec![
                lit("x "),
                Piece::Regex("[0-9]+".into()),
                lit(" "),
                Piece::Def {
                    var: Var {
                        name: "V".into(),
                        global: false
                    },
                    regex: "%[a-z]+".into()
                },
                lit(" = "),
                Piece::Use(Var {
                    name: "V2".into(),
                    global: false
                }),
                lit(" "),
                Piece::Use(Var {
                    name: "G".into(),
                    global: true
                }),
            ]
        );
    }

    #[test]
    fn var_block_end_skips_brackets() {
        let p = parse_pattern("[[V:[[:alpha:]]+]]!", 1).unwrap();
        assert_eq!(
            p[0],
            Piece::Def {
                var: Var {
                    name: "V".into(),
                    global: false
                },
                regex: "[[:alpha:]]+".into()
            }
        );
        assert_eq!(p[1], lit("!"));
    }

    #[test]
    fn last_definition_in_a_pattern_wins() {
        let p = parse_pattern("[[V:a]][[V:b]]", 1).unwrap();
        assert_eq!(
            p,
            vec![
                Piece::Regex("a".into()),
                Piece::Def {
                    var: Var {
                        name: "V".into(),
                        global: false
                    },
                    regex: "b".into()
                }
            ]
        );
    }

    #[test]
    fn at_line_is_substituted() {
        assert_eq!(
            parse_pattern("l[[@LINE]]", 7).unwrap(),
            vec![lit("l"), lit("7")]
        );
        assert_eq!(parse_pattern("[[@LINE+2]]", 7).unwrap(), vec![lit("9")]);
        assert_eq!(parse_pattern("[[#@LINE-1]]", 7).unwrap(), vec![lit("6")]);
    }

    #[test]
    fn pattern_errors() {
        assert!(parse_pattern("{{abc", 1).is_err());
        assert!(parse_pattern("[[0]]", 1).is_err());
        assert!(
            parse_pattern("[[V:x]] [[V]]", 1)
                .unwrap_err()
                .1
                .contains("back-reference")
        );
        assert!(parse_pattern("[[#N+1]]", 1).is_err());
        assert!(parse_pattern("{{a(}}", 1).is_err());
        assert!(parse_pattern("a{{}}b", 1).is_err());
    }

    #[test]
    fn negated_classes_exclude_newline() {
        assert_eq!(fix_regex("[^x]").unwrap(), "[^x\\n]");
        assert_eq!(fix_regex("[^]a]").unwrap(), "[^]a\\n]");
        assert_eq!(fix_regex("[^[:space:]]+").unwrap(), "[^[:space:]\\n]+");
        assert_eq!(fix_regex("[a-z]").unwrap(), "[a-z]");
        assert_eq!(fix_regex("a}").unwrap(), "a\\}");
        assert_eq!(fix_regex("a{2}").unwrap(), "a{2}");
        assert_eq!(fix_regex("[[:alpha:])]").unwrap(), "[[:alpha:]\\)]");
        assert_eq!(fix_regex(r"[^\n]").unwrap(), r"[^[\n]\n]");
        assert_eq!(fix_regex(r"[\d,]").unwrap(), r"[[\d,]]");
    }

    fn parse(text: &str) -> Result<Vec<Directive>, SyntaxError> {
        parse_check_file(text, &SyntaxOptions::default()).map(|(d, _)| d)
    }

    #[test]
    fn finds_directives_and_ignores_comments() {
        let d = parse(
            "// CHECK: a\n// COM: CHECK: no\n// RUN: echo CHECK: no\n// XCHECK: no\n; CHECK-NEXT: b\n# CHECK-COUNT-2: c\n// CHECK-EMPTY:\nCHECK-LABEL:x\n",
        )
        .unwrap();
        let kinds: Vec<_> = d.iter().map(|d| (d.kind, d.count, d.line)).collect();
        assert_eq!(
            kinds,
            vec![
                (Kind::Plain, 1, 1),
                (Kind::Next, 1, 5),
                (Kind::Plain, 2, 6),
                (Kind::Empty, 1, 7),
                (Kind::Label, 1, 8)
            ]
        );
        assert_eq!(d[0].col, 11);
        assert_eq!(d[2].spelling(), "CHECK-COUNT");
    }

    #[test]
    fn literal_modifier_keeps_braces() {
        let d = parse("// CHECK{LITERAL}: {{x}} [[y]]\n").unwrap();
        assert_eq!(d[0].pieces, vec![lit("{{x}} [[y]]")]);
    }

    #[test]
    fn structural_errors() {
        assert!(
            parse("// CHECK:\n")
                .unwrap_err()
                .message
                .contains("empty check string")
        );
        assert!(
            parse("// CHECK-NEXT: a\n")
                .unwrap_err()
                .message
                .contains("without previous")
        );
        assert!(parse("// CHECK-DAG: a\n// CHECK-SAME: b\n").is_err());
        assert!(
            parse("// CHECK-LABEL: [[X:a]]\n")
                .unwrap_err()
                .message
                .contains("variable")
        );
        assert!(parse("// CHECK-EMPTY: x\n").is_err());
        assert!(parse("// CHECK-COUNT-0: x\n").is_err());
    }

    #[test]
    fn custom_prefixes() {
        let opts = SyntaxOptions {
            check_prefixes: vec!["A".into(), "A-B".into()],
            ..SyntaxOptions::default()
        };
        let (d, used) = parse_check_file("// A-B: x\n// A-NOT: y\n", &opts).unwrap();
        assert_eq!(d[0].prefix, "A-B");
        assert_eq!(d[1].kind, Kind::Not);
        assert_eq!(used, vec![true, true]);
    }
}
