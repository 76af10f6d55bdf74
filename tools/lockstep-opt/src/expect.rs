//! `--verify-diagnostics`: `expected-*` directives and matching them
//! against the diagnostics a chunk produced, as mlir-opt does.
//!
//! Directives, anywhere in a line (normally a comment):
//! `expected-error {{text}}` (same line), `expected-warning @+1 {{...}}`,
//! `expected-note @-2 {{...}}`, `expected-remark @above {{...}}`,
//! `expected-error @below {{...}}`, `expected-error @unknown {{...}}`, and
//! the `-re` forms whose `{{...}}` parts inside the text are regexes.
//! `@above` is the closest line before that holds no directive, `@below`
//! the closest line after.
//!
//! Invariants:
//! - A diagnostic is expected if a directive of its severity on its line
//!   matches its message (substring, or regex for `-re`); a directive may
//!   match several diagnostics. A matching directive of another severity
//!   gives a "near miss" error instead of "unexpected".
//! - Notes attached to a diagnostic are checked like diagnostics.
//! - Errors are produced in mlir-opt's order: unexpected diagnostics as they
//!   come, then directives never matched, in file order.

use lockstep_ir::diag::file_line_col;
use lockstep_ir::{Diagnostic, Severity, SourceMgr, Uniquer};
use regex::Regex;
use std::fmt::Write;
use std::sync::OnceLock;

/// One `expected-*` directive.
#[derive(Clone, Debug)]
pub struct Expected {
    pub severity: Severity,
    /// The line it applies to, in original numbering; `None` for `@unknown`.
    pub line: Option<u32>,
    /// Where the directive is written (line, 1-based column of `expected`).
    pub at: (u32, u32),
    /// The text between the outer `{{` `}}`.
    pub text: String,
    /// For `-re` directives, the compiled pattern.
    pub regex: Option<Regex>,
    pub matched: bool,
}

impl Expected {
    fn matches(&self, message: &str) -> bool {
        match &self.regex {
            Some(r) => r.is_match(message),
            None => message.contains(&self.text),
        }
    }
}

fn directive_re() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}")
            .expect("directive pattern is valid")
    })
}

/// A problem with a directive itself (bad offset or regex), reported as an
/// error at the directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectiveError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

/// Finds the directives of a chunk whose text starts on line `first_line`,
/// after `first_col` bytes of it (see `split`).
pub fn parse_directives(
    text: &str,
    first_line: u32,
    first_col: u32,
) -> (Vec<Expected>, Vec<DirectiveError>) {
    let mut out: Vec<Expected> = Vec::new();
    let mut errors = Vec::new();
    let mut last_plain: Option<u32> = None;
    let mut below: Vec<usize> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = first_line + i as u32;
        let Some(c) = directive_re().captures(raw.trim_end()) else {
            for &b in &below {
                out[b].line = Some(line_no);
            }
            below.clear();
            last_plain = Some(line_no);
            continue;
        };
        let whole = c.get(0).expect("match");
        let shift = if i == 0 { first_col } else { 0 };
        let col = raw[..whole.start()].chars().count() as u32 + 1 + shift;
        let severity = match &c[1] {
            "error" => Severity::Error,
            "warning" => Severity::Warning,
            "note" => Severity::Note,
            _ => Severity::Remark,
        };
        let text = c[5].to_string();
        let regex = if c.get(2).is_some() {
            match Regex::new(&re_from_directive(&text)) {
                Ok(r) => Some(r),
                Err(e) => {
                    errors.push(DirectiveError {
                        line: line_no,
                        col,
                        message: format!("invalid regex: {e}"),
                    });
                    continue;
                }
            }
        } else {
            None
        };
        let mut e = Expected {
            severity,
            line: Some(line_no),
            at: (line_no, col),
            text,
            regex,
            matched: false,
        };
        match c.get(4).map(|m| m.as_str()) {
            None => {}
            Some("unknown") => e.line = None,
            Some("above") => match last_plain {
                Some(l) => e.line = Some(l),
                None => {
                    errors.push(DirectiveError {
                        line: line_no,
                        col,
                        message: "expected diagnostic designator '@above' has no line above it"
                            .into(),
                    });
                    continue;
                }
            },
            Some("below") => below.push(out.len()),
            Some(off) => {
                let n: i64 = off[1..].parse().unwrap_or(i64::MAX);
                let target = if off.starts_with('-') {
                    line_no as i64 - n
                } else {
                    line_no as i64 + n
                };
                if !(1..=u32::MAX as i64).contains(&target) {
                    errors.push(DirectiveError {
                        line: line_no,
                        col,
                        message: format!(
                            "expected diagnostic offset '@{off}' points outside the file"
                        ),
                    });
                    continue;
                }
                e.line = Some(target as u32);
            }
        }
        out.push(e);
    }
    // `@below` with no line after it never matches and is reported missing.
    (out, errors)
}

/// `'op' type '{{.*}}' and` → the literal parts escaped, `{{...}}` kept.
fn re_from_directive(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find("{{") {
        out.push_str(&regex::escape(&rest[..open]));
        let after = &rest[open + 2..];
        match after.find("}}") {
            Some(close) => {
                out.push('(');
                out.push_str(&after[..close]);
                out.push(')');
                rest = &after[close + 2..];
            }
            None => {
                out.push_str(&regex::escape(&rest[open..]));
                rest = "";
            }
        }
    }
    out.push_str(&regex::escape(rest));
    out
}

fn kind(s: Severity) -> &'static str {
    s.as_str()
}

/// Where diagnostics of one input are rendered.
pub struct Reporter<'a> {
    /// The name diagnostics of this input carry.
    pub file: &'a str,
    pub uniq: &'a Uniquer,
    pub sources: &'a SourceMgr,
}

/// Matches `diagnostics` (with their notes) against `expected`, appending
/// mlir-opt's messages for every mismatch to `err`. Returns true when
/// everything matched. With `only_expected`, unexpected diagnostics are
/// ignored.
pub fn check(
    diagnostics: &[Diagnostic],
    expected: &mut [Expected],
    directive_errors: &[DirectiveError],
    only_expected: bool,
    rep: &Reporter<'_>,
    err: &mut String,
) -> bool {
    let Reporter {
        file,
        uniq,
        sources,
    } = *rep;
    let mut ok = true;
    for d in directive_errors {
        ok = false;
        render_at(sources, file, d.line, d.col, 1, &d.message, err);
    }
    let flat = diagnostics
        .iter()
        .flat_map(|d| std::iter::once(d).chain(d.notes.iter()));
    for d in flat {
        let pos = file_line_col(uniq, d.loc)
            .filter(|(f, _, _)| uniq.str(*f) == file)
            .map(|(_, l, _)| l);
        let mut near: Option<Severity> = None;
        let mut found = false;
        let mut near_at = (0, 0);
        for e in expected.iter_mut() {
            if e.line == pos && e.matches(&d.message) {
                if e.severity == d.severity {
                    e.matched = true;
                    found = true;
                    break;
                }
                near = Some(e.severity);
                near_at = e.at;
            }
        }
        if found {
            continue;
        }
        if let Some(want) = near {
            ok = false;
            let msg = format!(
                "'{}' diagnostic emitted when expecting a '{}'",
                kind(d.severity),
                kind(want)
            );
            render_at(sources, file, near_at.0, near_at.1, 1, &msg, err);
        } else if !only_expected {
            ok = false;
            let mut shown = Diagnostic::error(
                d.loc,
                format!("unexpected {}: {}", kind(d.severity), d.message),
            );
            shown.notes.clear();
            err.push_str(&sources.render(uniq, &shown));
        }
    }
    for e in expected.iter().filter(|e| !e.matched) {
        ok = false;
        let msg = format!(
            "expected {} \"{}\" was not produced",
            kind(e.severity),
            e.text
        );
        render_at(
            sources,
            file,
            e.at.0,
            e.at.1,
            e.text.chars().count().max(1),
            &msg,
            err,
        );
    }
    ok
}

/// `file:line:col: error: msg`, the source line and `^~~~` of `width`.
fn render_at(
    sources: &SourceMgr,
    file: &str,
    line: u32,
    col: u32,
    width: usize,
    msg: &str,
    err: &mut String,
) {
    let _ = writeln!(err, "{file}:{line}:{col}: error: {msg}");
    let text = sources.files.iter().rev().find_map(|f| f.line_text(line));
    if let Some(text) = text {
        let _ = writeln!(err, "{text}");
        let pad: String = text
            .chars()
            .take(col.saturating_sub(1) as usize)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let _ = writeln!(err, "{pad}^{}", "~".repeat(width.saturating_sub(1)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep_ir::{Context, SourceFile};

    const FILE: &str = "t.mlir";

    fn setup(src: &str) -> (Context, SourceMgr) {
        let ctx = Context::new();
        let mut sm = SourceMgr::default();
        sm.add(SourceFile::new(ctx.sym(FILE), src.to_string(), 1));
        (ctx, sm)
    }

    fn diag(ctx: &Context, sev: Severity, line: u32, col: u32, msg: &str) -> Diagnostic {
        Diagnostic::new(sev, ctx.file_loc(FILE, line, col), msg)
    }

    fn run(src: &str, diags: &[Diagnostic], ctx: &Context, sm: &SourceMgr) -> (bool, String) {
        let (mut exp, errs) = parse_directives(src, 1, 0);
        let mut out = String::new();
        let rep = Reporter {
            file: FILE,
            uniq: ctx.uniquer(),
            sources: sm,
        };
        let ok = check(diags, &mut exp, &errs, false, &rep, &mut out);
        (ok, out)
    }

    #[test]
    fn directive_forms_resolve_lines() {
        let src = "\
op1 // expected-error {{same line}}
// expected-warning @+2 {{two below}}
// expected-note@-2 {{two above}}
op4
// expected-remark @above {{above}}
// expected-error @below {{below}}
// expected-error @below {{also below}}

op9
// expected-error @unknown {{nowhere}}
// expected-error-re {{a {{[0-9]+}} b}}
";
        let (e, errs) = parse_directives(src, 1, 0);
        assert!(errs.is_empty());
        let lines: Vec<Option<u32>> = e.iter().map(|e| e.line).collect();
        assert_eq!(
            lines,
            vec![
                Some(1),
                Some(4),
                Some(1),
                Some(4),
                Some(8),
                Some(8),
                None,
                Some(11)
            ]
        );
        assert_eq!(e[0].at, (1, 8));
        assert_eq!(e[1].severity, Severity::Warning);
        assert_eq!(e[2].severity, Severity::Note);
        assert_eq!(e[3].severity, Severity::Remark);
        assert!(e[7].matches("a 123 b") && !e[7].matches("a x b"));
        assert_eq!(e[7].text, "a {{[0-9]+}} b");
    }

    #[test]
    fn split_chunks_use_original_lines() {
        let (e, _) = parse_directives("\n// expected-error @+1 {{x}}\nop\n", 7, 8);
        assert_eq!(e[0].line, Some(9));
        assert_eq!(e[0].at, (8, 4));
    }

    #[test]
    fn all_matched_is_ok() {
        let src = "  %0 = op // expected-error {{bad op}}\n// expected-note @-1 {{see}}\n";
        let (ctx, sm) = setup(src);
        let d = diag(&ctx, Severity::Error, 1, 8, "this is a bad op here")
            .with_note(ctx.file_loc(FILE, 1, 3), "see here");
        let (ok, out) = run(src, &[d], &ctx, &sm);
        assert!(ok, "{out}");
        assert!(out.is_empty());
    }

    #[test]
    fn unexpected_and_missing_are_reported_like_mlir() {
        let src = "func\n  // expected-error @+1 {{never produced}}\n  %0 = op\n";
        let (ctx, sm) = setup(src);
        let d = diag(&ctx, Severity::Error, 3, 8, "something else");
        let (ok, out) = run(src, &[d], &ctx, &sm);
        assert!(!ok);
        assert_eq!(
            out,
            "t.mlir:3:8: error: unexpected error: something else\n  %0 = op\n       ^\n\
             t.mlir:2:6: error: expected error \"never produced\" was not produced\n\
             \x20 // expected-error @+1 {{never produced}}\n     ^~~~~~~~~~~~~~\n"
        );
    }

    #[test]
    fn unexpected_notes_and_near_misses() {
        let src = "a // expected-warning {{careful}}\nb\n";
        let (ctx, sm) = setup(src);
        let d = diag(&ctx, Severity::Error, 1, 1, "be careful")
            .with_note(ctx.file_loc(FILE, 2, 1), "noted");
        let (ok, out) = run(src, &[d], &ctx, &sm);
        assert!(!ok);
        assert!(
            out.starts_with(
                "t.mlir:1:6: error: 'error' diagnostic emitted when expecting a 'warning'\n"
            ),
            "{out}"
        );
        assert!(
            out.contains("t.mlir:2:1: error: unexpected note: noted\nb\n^\n"),
            "{out}"
        );
        assert!(
            out.contains("expected warning \"careful\" was not produced"),
            "{out}"
        );
    }

    #[test]
    fn unknown_locations_and_only_expected() {
        let src = "// expected-error @unknown {{lost}}\n";
        let (ctx, sm) = setup(src);
        let lost = Diagnostic::error(ctx.unknown_loc(), "we are lost");
        let stray = diag(&ctx, Severity::Remark, 1, 1, "stray remark");
        let (ok, out) = run(src, &[lost.clone(), stray.clone()], &ctx, &sm);
        assert!(!ok);
        assert!(out.contains("unexpected remark: stray remark"));
        let (mut exp, errs) = parse_directives(src, 1, 0);
        let mut out = String::new();
        let rep = Reporter {
            file: FILE,
            uniq: ctx.uniquer(),
            sources: &sm,
        };
        assert!(
            check(&[lost, stray], &mut exp, &errs, true, &rep, &mut out),
            "{out}"
        );
    }

    #[test]
    fn bad_directives_are_errors() {
        let (_, errs) = parse_directives(
            "// expected-error @above {{x}}\n// expected-error-re {{ {{(}} }}\n",
            1,
            0,
        );
        assert_eq!(errs.len(), 2);
        assert!(errs[0].message.contains("@above"));
        assert!(errs[1].message.starts_with("invalid regex"));
    }
}
