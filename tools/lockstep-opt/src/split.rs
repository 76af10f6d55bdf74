//! `--split-input-file`: cutting a buffer into chunks at a marker line.
//!
//! As mlir-opt does, the marker (`// -----` by default) is recognised
//! anywhere in a line: the chunk before it ends where the marker starts and
//! the next chunk starts right after it, on the same line.
//!
//! Invariants:
//! - Every chunk keeps the original numbering: `first_line` is the line of
//!   the original buffer the chunk's text starts on, and the chunk text is
//!   padded with spaces so that columns on that first line are the original
//!   columns too. Diagnostics thus point into the original file.
//! - Concatenating the chunks' original text (without the padding) and the
//!   markers gives back the buffer.

/// One chunk of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// Text to parse: the chunk, preceded by spaces standing for the columns
    /// of its first line that belong to the previous marker.
    pub text: String,
    /// Line of the original buffer on which `text` starts (1-based).
    pub first_line: u32,
    /// For chunks after a marker: the line and column just past it, where
    /// mlir-opt locates an implicit module.
    pub start: Option<(u32, u32)>,
}

/// Splits `buffer` at every occurrence of `marker`. Without a marker in the
/// buffer, the result is one chunk holding it all.
pub fn split_input(buffer: &str, marker: &str) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let mut rest = buffer;
    let mut line = 1u32;
    let mut pad = 0usize;
    let mut start = None;
    loop {
        let found = if marker.is_empty() {
            None
        } else {
            rest.find(marker)
        };
        let (piece, next) = match found {
            Some(at) => (&rest[..at], Some(&rest[at + marker.len()..])),
            None => (rest, None),
        };
        chunks.push(Chunk {
            text: format!("{}{piece}", " ".repeat(pad)),
            first_line: line,
            start,
        });
        let Some(next) = next else { break };
        // Position just past the marker, in original numbering.
        let newlines = piece.matches('\n').count() as u32;
        let col_before = match piece.rfind('\n') {
            Some(nl) => piece[nl + 1..].chars().count(),
            None => pad + piece.chars().count(),
        };
        line += newlines;
        pad = col_before + marker.chars().count();
        start = Some((line, pad as u32 + 1));
        rest = next;
    }
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_marker_is_one_chunk() {
        let c = split_input("a\nb\n", "// -----");
        assert_eq!(
            c,
            vec![Chunk {
                text: "a\nb\n".into(),
                first_line: 1,
                start: None
            }]
        );
    }

    #[test]
    fn chunks_keep_original_lines_and_columns() {
        let src = "func a\n\n// -----\n\nfunc b\n// -----\nfunc c\n";
        let c = split_input(src, "// -----");
        assert_eq!(c.len(), 3);
        assert_eq!(c[0].text, "func a\n\n");
        assert_eq!((c[0].first_line, c[0].start), (1, None));
        assert_eq!(c[1].text, "        \n\nfunc b\n");
        assert_eq!((c[1].first_line, c[1].start), (3, Some((3, 9))));
        assert_eq!(c[2].text, "        \nfunc c\n");
        assert_eq!((c[2].first_line, c[2].start), (6, Some((6, 9))));
        // Line 5 of the original is line 3 of chunk 1's text.
        assert_eq!(c[1].text.lines().nth(5 - 3), Some("func b"));
    }

    #[test]
    fn marker_inside_a_line_splits_there() {
        let c = split_input("x // text // ----- rest\ny\n", "// -----");
        assert_eq!(c[0].text, "x // text ");
        assert_eq!(c[1].text, format!("{} rest\ny\n", " ".repeat(18)));
        assert_eq!(c[1].start, Some((1, 19)));
        // Two markers on one line.
        let c = split_input("a// -----b// -----c", "// -----");
        assert_eq!(c.len(), 3);
        assert_eq!(c[1].text, format!("{}b", " ".repeat(9)));
        assert_eq!(c[2].text, format!("{}c", " ".repeat(18)));
        assert_eq!(c[2].start, Some((1, 19)));
    }

    #[test]
    fn trailing_marker_gives_an_empty_chunk() {
        let c = split_input("a\n// -----", "// -----");
        assert_eq!(c.len(), 2);
        assert_eq!(c[1].text.trim(), "");
    }
}
