//! `PtxError`: a located diagnostic about PTX text.
//!
//! Invariant: `line`/`col` are 1-based; `snippet` is the full source line the
//! error points into (without its newline), and the caret goes under `col`.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PtxError {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
    pub snippet: String,
}

impl PtxError {
    /// An error at byte `pos` of `text`.
    pub fn at(file: &str, text: &str, pos: usize, message: impl Into<String>) -> PtxError {
        let pos = pos.min(text.len());
        let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
        let line = text[..pos].matches('\n').count() as u32 + 1;
        let col = text[line_start..pos].chars().count() as u32 + 1;
        PtxError {
            file: file.to_string(),
            line,
            col,
            message: message.into(),
            snippet: text[line_start..line_end]
                .trim_end_matches('\r')
                .to_string(),
        }
    }
}

/// Characters of a long source line shown around the error column.
const WINDOW: usize = 160;

impl fmt::Display for PtxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}:{}:{}: error: {}",
            self.file, self.line, self.col, self.message
        )?;
        // Very long lines (generated or hostile input) show a window around
        // the column, marked with "...".
        let chars: Vec<char> = self.snippet.chars().collect();
        let col = (self.col.saturating_sub(1) as usize).min(chars.len());
        let start = col.saturating_sub(WINDOW / 2);
        let end = (start + WINDOW).min(chars.len());
        let (lead, trail) = (
            if start > 0 { "..." } else { "" },
            if end < chars.len() { "..." } else { "" },
        );
        let shown: String = chars[start..end].iter().collect();
        writeln!(f, "{lead}{shown}{trail}")?;
        // Tabs are kept so the caret lines up in a terminal.
        let pad: String = lead
            .chars()
            .chain(chars[start..col].iter().copied())
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{pad}^")
    }
}

impl std::error::Error for PtxError {}
