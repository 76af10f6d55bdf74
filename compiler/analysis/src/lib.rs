//! Control-flow analyses over the CFG of any region (whatever the dialect:
//! the edges are the successors of each block's terminator): natural loops
//! and irreducible cycles, (iterated) dominance and post-dominance
//! frontiers, control dependence, liveness, SESE regions and the program
//! structure tree, a critical-edge-split CFG view, and a bit-vector dataflow
//! framework whose results are the entry/exit predicates (N*/X*) of every
//! node.
//!
//! Invariants shared by every analysis here:
//! - Results are snapshots of the IR under the op they were computed for;
//!   any change there invalidates them (they are [`lockstep_pass::Analysis`]
//!   values, dropped by the pass manager unless preserved).
//! - Results are deterministic: they depend on block order and successor
//!   order only, never on hashing.
//! - Nothing recurses on the shape of the IR, so deep nests and long CFGs
//!   cannot overflow the stack.
//! - Dominance and post-dominance come from [`lockstep_ir::dominance`];
//!   nothing here recomputes them another way.

pub mod bitset;
pub mod cfg;
pub mod control_dep;
pub mod dataflow;
pub mod edge_split;
pub mod frontier;
pub mod liveness;
pub mod loops;
pub mod sese;
pub mod testing;

#[cfg(test)]
mod testutil;

pub use bitset::BitSet;
pub use cfg::{CfgEdge, CfgView, Node, RegionCfg};
pub use control_dep::{ControlDependence, Controller};
pub use dataflow::{
    DataflowProblem, DataflowResult, Direction, FnProblem, GenKill, Initial, LocalPredicates, Meet,
    solve,
};
pub use edge_split::{EdgeSplitCfg, SplitNode};
pub use frontier::{DominanceFrontier, PostDominanceFrontier};
pub use liveness::Liveness;
pub use loops::{Loop, LoopId, LoopInfo};
pub use sese::{Boundary, ProgramStructureTree, SeseId, SeseRegion};
pub use testing::register_test_passes;
