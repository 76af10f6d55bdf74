//! Textual pass pipelines, in MLIR's syntax:
//!
//! ```text
//! pipeline ::= element (',' element)*
//! element  ::= name options? | name '(' pipeline? ')'
//! options  ::= '{' (key ('=' value)?)* '}'
//! ```
//!
//! `builtin.module(func.func(cse,canonicalize{max-iterations=3}))` names a
//! root anchor; a bare list such as `cse,canonicalize` is anchored on `any`
//! op (the root, whatever it is). Whitespace may appear between tokens.
//! Option values may be quoted (`"a b"`, `'a b'`, quotes removed) or braced
//! (`{a,b}`, kept as written) to contain spaces, commas or braces.
//!
//! Invariants:
//! - Parsing is pure syntax: names are resolved against a registry later
//!   (`PassManager::parse`), and every element keeps the byte span of its
//!   name and options so that errors point into the original string.
//! - Errors never panic on any input and always carry an offset inside (or
//!   just past the end of) the pipeline string.

use std::fmt;
use std::ops::Range;

/// A parse or resolution error, located in the pipeline string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    pub message: String,
    pub pipeline: String,
    /// Byte offset of the offending text.
    pub offset: usize,
}

impl PipelineError {
    pub fn new(pipeline: &str, offset: usize, message: impl Into<String>) -> Self {
        PipelineError {
            message: message.into(),
            pipeline: pipeline.to_string(),
            offset: offset.min(pipeline.len()),
        }
    }

    /// 1-based line and column (in characters) of the offset.
    pub fn line_col(&self) -> (usize, usize) {
        let before = &self.pipeline[..floor_char_boundary(&self.pipeline, self.offset)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// `pass-pipeline:1:26: error: MESSAGE`, the pipeline line, and a caret.
impl fmt::Display for PipelineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, col) = self.line_col();
        writeln!(f, "pass-pipeline:{line}:{col}: error: {}", self.message)?;
        let text = self.pipeline.lines().nth(line - 1).unwrap_or("");
        writeln!(f, "{text}")?;
        let pad: String = text
            .chars()
            .take(col - 1)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{pad}^")
    }
}

impl std::error::Error for PipelineError {}

/// One `key[=value]` inside braces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionEntry {
    pub key: String,
    pub value: String,
    pub key_span: Range<usize>,
}

/// A pass (with options) or a nested pipeline, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    pub name: String,
    pub name_span: Range<usize>,
    /// `{...}` after a pass name; the span covers the braces.
    pub options: Option<(Vec<OptionEntry>, Range<usize>)>,
    /// `(...)` after an op name: the nested pipeline.
    pub nested: Option<Vec<Element>>,
}

/// A whole pipeline: a root anchor (`None` for a bare list run on any op).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedPipeline {
    pub anchor: Option<(String, Range<usize>)>,
    pub elements: Vec<Element>,
}

/// Parses the syntax of a pipeline string.
pub fn parse_pipeline(text: &str) -> Result<ParsedPipeline, PipelineError> {
    let mut p = Parser {
        text,
        pos: 0,
        depth: 0,
    };
    let elements = p.list(None)?;
    p.skip_ws();
    if p.pos < text.len() {
        // Only a stray ')' can stop a top-level list early.
        return Err(p.err(
            p.pos,
            "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline",
        ));
    }
    // A single `anchor(...)` is the root; anything else is a bare list.
    if let [only] = elements.as_slice()
        && only.nested.is_some()
    {
        let only = elements.into_iter().next().expect("one element");
        return Ok(ParsedPipeline {
            anchor: Some((only.name, only.name_span)),
            elements: only.nested.unwrap_or_default(),
        });
    }
    Ok(ParsedPipeline {
        anchor: None,
        elements,
    })
}

/// Deepest nesting of `(` accepted, so hostile input cannot exhaust the stack.
const MAX_DEPTH: usize = 128;

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn err(&self, at: usize, msg: impl Into<String>) -> PipelineError {
        PipelineError::new(self.text, at, msg)
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if !c.is_whitespace() {
                break;
            }
            self.pos += c.len_utf8();
        }
    }

    /// Elements separated by commas, up to `)` (if `open` is the offset of
    /// the `(` that started the list) or the end of the text.
    fn list(&mut self, open: Option<usize>) -> Result<Vec<Element>, PipelineError> {
        let mut out = Vec::new();
        self.skip_ws();
        // `anchor()` is an empty nested pipeline.
        if open.is_some() && self.peek() == Some(')') {
            self.pos += 1;
            return Ok(out);
        }
        if open.is_none() && self.pos == self.text.len() {
            return Ok(out);
        }
        loop {
            out.push(self.element()?);
            self.skip_ws();
            match self.peek() {
                Some(',') => {
                    self.pos += 1;
                }
                Some(')') if open.is_some() => {
                    self.pos += 1;
                    return Ok(out);
                }
                None => {
                    return match open {
                        Some(at) => Err(self.err(
                            at,
                            "encountered unbalanced parentheses while parsing pipeline",
                        )),
                        None => Ok(out),
                    };
                }
                Some(')') => return Ok(out),
                Some(c) => {
                    return Err(self.err(self.pos, format!("expected ',' or ')' but found '{c}'")));
                }
            }
        }
    }

    fn element(&mut self) -> Result<Element, PipelineError> {
        self.skip_ws();
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "(){},".contains(c) {
                break;
            }
            self.pos += c.len_utf8();
        }
        let name_span = start..self.pos;
        let name = self.text[name_span.clone()].to_string();
        if name.is_empty() {
            return Err(self.err(start, "expected a pass or an op name"));
        }
        self.skip_ws();
        let mut el = Element {
            name,
            name_span,
            options: None,
            nested: None,
        };
        match self.peek() {
            Some('{') => el.options = Some(self.options()?),
            Some('(') => {
                let open = self.pos;
                self.pos += 1;
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(self.err(open, "pipeline nested too deeply"));
                }
                el.nested = Some(self.list(Some(open))?);
                self.depth -= 1;
            }
            _ => {}
        }
        Ok(el)
    }

    /// `{ key=value key2 ... }`, with quoted and braced values.
    fn options(&mut self) -> Result<(Vec<OptionEntry>, Range<usize>), PipelineError> {
        let open = self.pos;
        self.pos += 1;
        let mut entries = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                None => {
                    return Err(self.err(open, "missing closing '}' while processing pass options"));
                }
                Some('}') => {
                    self.pos += 1;
                    return Ok((entries, open..self.pos));
                }
                _ => {}
            }
            let key_start = self.pos;
            while let Some(c) = self.peek() {
                if c.is_whitespace() || c == '=' || c == '}' || c == '{' {
                    break;
                }
                self.pos += c.len_utf8();
            }
            let key_span = key_start..self.pos;
            if key_span.is_empty() {
                return Err(self.err(self.pos, "expected an option name"));
            }
            let key = self.text[key_span.clone()].to_string();
            let mut value = String::new();
            if self.peek() == Some('=') {
                self.pos += 1;
                value = self.value(open)?;
            }
            entries.push(OptionEntry {
                key,
                value,
                key_span,
            });
        }
    }

    /// An option value: up to whitespace or the closing brace, with quoted
    /// and braced parts taken whole.
    fn value(&mut self, open: usize) -> Result<String, PipelineError> {
        let start = self.pos;
        let mut out = String::new();
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            match c {
                '"' | '\'' if depth == 0 && self.pos == start => {
                    let q = self.pos;
                    self.pos += 1;
                    let Some(end) = self.text[self.pos..].find(c) else {
                        return Err(self.err(q, "missing closing quote in pass option value"));
                    };
                    out.push_str(&self.text[self.pos..self.pos + end]);
                    self.pos += end + 1;
                    return Ok(out);
                }
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                c if c.is_whitespace() && depth == 0 => break,
                _ => {}
            }
            out.push(c);
            self.pos += c.len_utf8();
        }
        if depth > 0 {
            return Err(self.err(open, "missing closing '}' while processing pass options"));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(els: &[Element]) -> Vec<String> {
        els.iter()
            .map(|e| match &e.nested {
                Some(n) => format!("{}({})", e.name, names(n).join(",")),
                None => e.name.clone(),
            })
            .collect()
    }

    #[test]
    fn anchored_and_bare() {
        let p = parse_pipeline("builtin.module(func.func(cse,canonicalize{max-iterations=3}))")
            .unwrap();
        assert_eq!(p.anchor.as_ref().unwrap().0, "builtin.module");
        assert_eq!(names(&p.elements), vec!["func.func(cse,canonicalize)"]);
        let canon = &p.elements[0].nested.as_ref().unwrap()[1];
        let (opts, span) = canon.options.as_ref().unwrap();
        assert_eq!(opts[0].key, "max-iterations");
        assert_eq!(opts[0].value, "3");
        assert_eq!(
            &"builtin.module(func.func(cse,canonicalize{max-iterations=3}))"[span.clone()],
            "{max-iterations=3}"
        );

        let p = parse_pipeline(" cse , canonicalize ").unwrap();
        assert!(p.anchor.is_none());
        assert_eq!(names(&p.elements), vec!["cse", "canonicalize"]);
        assert_eq!(p.elements[1].name_span, 7..19);

        let p = parse_pipeline("builtin.module( func.func( cse , canonicalize ) )").unwrap();
        assert_eq!(names(&p.elements), vec!["func.func(cse,canonicalize)"]);

        let p = parse_pipeline("builtin.module()").unwrap();
        assert!(p.elements.is_empty());
        let p = parse_pipeline("").unwrap();
        assert!(p.anchor.is_none() && p.elements.is_empty());
        let p = parse_pipeline("func.func(cse),cse").unwrap();
        assert!(p.anchor.is_none());
        assert_eq!(names(&p.elements), vec!["func.func(cse)", "cse"]);
    }

    #[test]
    fn option_values() {
        let p = parse_pipeline(r#"x{a=1 b c="q r" d={e,f} g='h}' i=}"#).unwrap();
        let (o, _) = p.elements[0].options.as_ref().unwrap();
        let kv: Vec<(&str, &str)> = o
            .iter()
            .map(|e| (e.key.as_str(), e.value.as_str()))
            .collect();
        assert_eq!(
            kv,
            vec![
                ("a", "1"),
                ("b", ""),
                ("c", "q r"),
                ("d", "{e,f}"),
                ("g", "h}"),
                ("i", "")
            ]
        );
    }

    #[test]
    fn syntax_errors_are_located() {
        let e = parse_pipeline("builtin.module(func.func(cse)").unwrap_err();
        assert_eq!(
            e.message,
            "encountered unbalanced parentheses while parsing pipeline"
        );
        assert_eq!(e.line_col(), (1, 15));
        assert_eq!(
            e.to_string(),
            "pass-pipeline:1:15: error: encountered unbalanced parentheses while parsing pipeline\n\
             builtin.module(func.func(cse)\n              ^"
        );
        let e = parse_pipeline("builtin.module(func.func(cse)))").unwrap_err();
        assert_eq!(e.offset, 30);
        assert!(e.message.contains("extra closing ')'"));
        let e = parse_pipeline("builtin.module(cse,,cse)").unwrap_err();
        assert_eq!(
            (e.offset, e.message.as_str()),
            (19, "expected a pass or an op name")
        );
        let e = parse_pipeline("cse{a=1").unwrap_err();
        assert_eq!(
            (e.offset, e.message.as_str()),
            (3, "missing closing '}' while processing pass options")
        );
        let e = parse_pipeline("cse{a=\"1}").unwrap_err();
        assert_eq!(e.offset, 6);
        let e = parse_pipeline("cse{a=1}(x)").unwrap_err();
        assert!(
            e.message.starts_with("expected ',' or ')'"),
            "{}",
            e.message
        );
        let deep = format!("{}{}", "a(".repeat(1000), ")".repeat(1000));
        assert_eq!(
            parse_pipeline(&deep).unwrap_err().message,
            "pipeline nested too deeply"
        );
    }
}
