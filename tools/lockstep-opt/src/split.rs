//! `--split-input-file`: cutting a buffer into chunks at a marker.
//!
//! As mlir-opt does, the marker (`// -----` by default) is recognised
//! anywhere in a line: the chunk before it ends where the marker starts and
//! the next chunk starts right after it, on the same line.
//!
//! Invariants:
//! - Every chunk keeps the original numbering without copying anything but
//!   its own text: `first_line` is the line of the original buffer the
//!   chunk's text starts on and `first_col` the bytes of that line before
//!   it (the previous chunks and markers). The parser adds `first_col` to
//!   columns on the chunk's first line ([`Chunk::parse`]), so diagnostics
//!   point into the original file; columns count bytes, as MLIR's do.
//! - The chunks' texts add up to the buffer minus the markers: time and
//!   memory are linear in the input however the markers are laid out (the
//!   chunks used to be padded with spaces up to their first column, which
//!   made 30,000 markers on one line cost gigabytes).
//! - Concatenating the chunks' text and the markers gives back the buffer.

use lockstep_ir::{Context, OpId, PResult};

/// One chunk of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The chunk's text, as in the buffer.
    pub text: String,
    /// Line of the original buffer on which `text` starts (1-based).
    pub first_line: u32,
    /// Bytes of that line before `text` (0 unless a marker precedes the
    /// chunk on its first line).
    pub first_col: u32,
    /// For chunks after a marker: the line and column just past it, where
    /// mlir-opt locates an implicit module.
    pub start: Option<(u32, u32)>,
}

impl Chunk {
    /// A chunk holding a whole buffer.
    pub fn whole(text: String) -> Chunk {
        Chunk {
            text,
            first_line: 1,
            first_col: 0,
            start: None,
        }
    }

    /// Parses the chunk with locations in the original buffer's numbering.
    pub fn parse(&self, ctx: &mut Context, file: &str) -> PResult<OpId> {
        lockstep_ir::parse_source_at(ctx, file, &self.text, self.first_line, self.first_col)
    }
}

/// Splits `buffer` at every occurrence of `marker`. Without a marker in the
/// buffer, the result is one chunk holding it all.
pub fn split_input(buffer: &str, marker: &str) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let mut rest = buffer;
    let mut line = 1u32;
    let mut col = 0usize;
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
            text: piece.to_string(),
            first_line: line,
            first_col: col as u32,
            start,
        });
        let Some(next) = next else { break };
        // Position just past the marker, in original numbering (bytes).
        let newlines = piece.bytes().filter(|&b| b == b'\n').count() as u32;
        let col_before = match piece.rfind('\n') {
            Some(nl) => piece.len() - nl - 1,
            None => col + piece.len(),
        };
        line += newlines;
        col = col_before + marker.len();
        start = Some((line, col as u32 + 1));
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
        assert_eq!(c, vec![Chunk::whole("a\nb\n".into())]);
    }

    #[test]
    fn chunks_keep_original_lines_and_columns() {
        let src = "func a\n\n// -----\n\nfunc b\n// -----\nfunc c\n";
        let c = split_input(src, "// -----");
        assert_eq!(c.len(), 3);
        assert_eq!(c[0].text, "func a\n\n");
        assert_eq!((c[0].first_line, c[0].first_col, c[0].start), (1, 0, None));
        assert_eq!(c[1].text, "\n\nfunc b\n");
        assert_eq!((c[1].first_line, c[1].first_col), (3, 8));
        assert_eq!(c[1].start, Some((3, 9)));
        assert_eq!(c[2].text, "\nfunc c\n");
        assert_eq!((c[2].first_line, c[2].first_col), (6, 8));
        assert_eq!(c[2].start, Some((6, 9)));
        // Line 5 of the original is line 3 of chunk 1's text.
        assert_eq!(c[1].text.lines().nth(5 - 3), Some("func b"));
    }

    #[test]
    fn marker_inside_a_line_splits_there() {
        let c = split_input("x // text // ----- rest\ny\n", "// -----");
        assert_eq!(c[0].text, "x // text ");
        assert_eq!(c[1].text, " rest\ny\n");
        assert_eq!((c[1].first_line, c[1].first_col), (1, 18));
        assert_eq!(c[1].start, Some((1, 19)));
        // Two markers on one line.
        let c = split_input("a// -----b// -----c", "// -----");
        assert_eq!(c.len(), 3);
        assert_eq!((c[1].text.as_str(), c[1].first_col), ("b", 9));
        assert_eq!((c[2].text.as_str(), c[2].first_col), ("c", 18));
        assert_eq!(c[2].start, Some((1, 19)));
    }

    #[test]
    fn columns_count_bytes() {
        // "é" is two bytes: MLIR's columns (and the parser's) count bytes.
        let c = split_input("\"é\"// -----x", "// -----");
        assert_eq!((c[1].first_col, c[1].start), (12, Some((1, 13))));
    }

    #[test]
    fn trailing_marker_gives_an_empty_chunk() {
        let c = split_input("a\n// -----", "// -----");
        assert_eq!(c.len(), 2);
        assert_eq!(c[1].text, "");
    }

    /// The chunks hold the buffer once: their texts add up to the input
    /// minus the markers, whether the markers share one line or not (a
    /// padded split grows with the square of the markers on a line).
    #[test]
    fn chunk_bytes_are_linear_in_the_input() {
        let marker = "// -----";
        for n in [10usize, 1000, 30_000] {
            for sep in ["", " ", "\n"] {
                let buffer = format!("x{sep}{marker}{sep}").repeat(n);
                let c = split_input(&buffer, marker);
                assert_eq!(c.len(), n + 1);
                let total: usize = c.iter().map(|c| c.text.len()).sum();
                assert_eq!(total, buffer.len() - n * marker.len(), "n={n} sep={sep:?}");
                let concat: String = c
                    .iter()
                    .map(|c| c.text.as_str())
                    .collect::<Vec<_>>()
                    .join(marker);
                assert_eq!(concat, buffer);
            }
        }
    }

    #[test]
    fn parse_locates_in_the_original_buffer() {
        let src = "func.func @a() { return } // ----- func.func @b() { %x = foo }\n";
        let c = split_input(src, "// -----");
        let mut ctx = Context::new();
        ctx.register_dialect(&lockstep_func::FUNC);
        let err = c[1].parse(&mut ctx, "s.mlir").expect_err("unknown op");
        let col = src.find("foo").unwrap() as u32 + 1;
        let (file, line, at) =
            lockstep_ir::diag::file_line_col(ctx.uniquer(), err.loc).expect("located");
        assert_eq!((ctx.str(file), line, at), ("s.mlir", 1, col));
    }
}
