//! Diagnostics: errors, warnings, notes and remarks attached to locations.
//!
//! A diagnostic is data until it is emitted; rendering resolves the location
//! against the [`SourceMgr`] to produce MLIR's `file:line:col: error: msg`
//! line followed by the source line and a caret. Rendering never fails: a
//! location without source text is printed without a snippet.

use crate::location::{LocData, LocId};
use crate::uniquer::{Sym, Uniquer};
use std::fmt::Write;

#[derive(Copy, Clone, PartialEq, Eq, Debug, PartialOrd, Ord, Hash)]
pub enum Severity {
    Note,
    Remark,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: LocId,
    pub message: String,
    /// Attached notes, rendered after the main diagnostic.
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    pub fn new(severity: Severity, loc: LocId, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            loc,
            message: message.into(),
            notes: Vec::new(),
        }
    }
    pub fn error(loc: LocId, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, loc, message)
    }
    pub fn warning(loc: LocId, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, loc, message)
    }
    pub fn remark(loc: LocId, message: impl Into<String>) -> Self {
        Self::new(Severity::Remark, loc, message)
    }
    pub fn with_note(mut self, loc: LocId, message: impl Into<String>) -> Self {
        self.notes
            .push(Diagnostic::new(Severity::Note, loc, message));
        self
    }
}

/// A buffer of source text registered under a file name.
pub struct SourceFile {
    pub name: Sym,
    pub text: String,
    /// Byte offset of the start of each line.
    /// Computed on first use: only rendering a diagnostic needs it.
    line_starts: std::sync::OnceLock<Vec<usize>>,
    /// Line number of the buffer's first line (non-zero for split chunks).
    pub first_line: u32,
}

impl SourceFile {
    pub fn new(name: Sym, text: String, first_line: u32) -> Self {
        SourceFile {
            name,
            text,
            line_starts: std::sync::OnceLock::new(),
            first_line,
        }
    }

    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            let mut starts = vec![0];
            starts.extend(
                self.text
                    .bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i + 1),
            );
            starts
        })
    }

    /// 1-based (line, column) of a byte offset, adjusted by `first_line`.
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= offset) - 1;
        let col = offset - starts[line] + 1;
        (line as u32 + self.first_line, col as u32)
    }

    /// Text of a 1-based line number in the file's numbering.
    pub fn line_text(&self, line: u32) -> Option<&str> {
        let i = line.checked_sub(self.first_line)? as usize;
        let starts = self.line_starts();
        let start = *starts.get(i)?;
        let end = starts.get(i + 1).map_or(self.text.len(), |&e| e - 1);
        Some(self.text[start..end].trim_end_matches('\r'))
    }
}

/// The sources that locations may point into, for rendering snippets.
#[derive(Default)]
pub struct SourceMgr {
    pub files: Vec<SourceFile>,
}

impl SourceMgr {
    pub fn add(&mut self, file: SourceFile) {
        self.files.push(file);
    }

    fn find(&self, name: Sym, line: u32) -> Option<&SourceFile> {
        self.files
            .iter()
            .rev()
            .find(|f| f.name == name && f.line_text(line).is_some())
    }

    /// Renders a diagnostic and its notes the way mlir-opt does.
    pub fn render(&self, uniq: &Uniquer, d: &Diagnostic) -> String {
        let mut out = String::new();
        let mut previous = self.render_one(uniq, d, None, &mut out);
        for n in &d.notes {
            previous = self.render_one(uniq, n, previous, &mut out);
        }
        out
    }

    /// Renders one diagnostic and returns its position. Like MLIR, the
    /// source snippet is left out when the position repeats the previous
    /// diagnostic's (a note about the same op adds no new source).
    fn render_one(
        &self,
        uniq: &Uniquer,
        d: &Diagnostic,
        previous: Option<(Sym, u32, u32)>,
        out: &mut String,
    ) -> Option<(Sym, u32, u32)> {
        let pos = file_line_col(uniq, d.loc);
        match pos {
            Some((file, line, col)) => {
                let _ = writeln!(
                    out,
                    "{}:{}:{}: {}: {}",
                    uniq.str(file),
                    line,
                    col,
                    d.severity.as_str(),
                    d.message
                );
                if pos == previous {
                    return pos;
                }
                if let Some(text) = self.find(file, line).and_then(|f| f.line_text(line)) {
                    let _ = writeln!(out, "{text}");
                    let pad: String = text
                        .chars()
                        .take(col.saturating_sub(1) as usize)
                        .map(|c| if c == '\t' { '\t' } else { ' ' })
                        .collect();
                    let _ = writeln!(out, "{pad}^");
                }
            }
            None => {
                let _ = writeln!(out, "<unknown>:0: {}: {}", d.severity.as_str(), d.message);
            }
        }
        pos
    }
}

/// The first file:line:col position inside a location, looking through
/// names, fusions and call sites (callee first, as MLIR reports).
pub fn file_line_col(uniq: &Uniquer, loc: LocId) -> Option<(Sym, u32, u32)> {
    match uniq.loc_data(loc) {
        LocData::FileLineCol { file, line, col }
        | LocData::FileRange {
            file, line, col, ..
        } => Some((*file, *line, *col)),
        LocData::Name { child, .. } => child.and_then(|c| file_line_col(uniq, c)),
        LocData::Fused { locs, .. } => locs.iter().find_map(|&l| file_line_col(uniq, l)),
        LocData::CallSite { callee, caller } => {
            file_line_col(uniq, *callee).or_else(|| file_line_col(uniq, *caller))
        }
        LocData::Unknown => None,
    }
}
