//! Source locations, MLIR's forms: `loc(unknown)`, `loc("file":line:col)`,
//! `loc("name"(child))`, `loc(fused[...])`, `loc(callsite(a at b))`.
//! Lines and columns are 1-based, columns count bytes like MLIR's.

use crate::attrs::AttrId;
use crate::uniquer::Sym;

crate::entity::entity!(
    /// A stored location.
    LocId,
    "l"
);

#[derive(Clone, PartialEq, Debug)]
pub enum LocData {
    Unknown,
    FileLineCol {
        file: Sym,
        line: u32,
        col: u32,
    },
    /// `"file":line:col to end_line:end_col` (printed `to :end_col` on one line).
    FileRange {
        file: Sym,
        line: u32,
        col: u32,
        end_line: u32,
        end_col: u32,
    },
    Name {
        name: Sym,
        child: Option<LocId>,
    },
    Fused {
        locs: Box<[LocId]>,
        metadata: Option<AttrId>,
    },
    CallSite {
        callee: LocId,
        caller: LocId,
    },
}
