//! Control dependence on the augmented CFG, for every region nested in an op.
//!
//! The augmented CFG adds a node START with an edge to the entry block and
//! an edge to the virtual exit of [`PostDominanceInfo`]. A block `y` is
//! control dependent on an edge `x -> s` iff `y` post-dominates `s` and does
//! not strictly post-dominate `x`; with START, the blocks that post-dominate
//! the entry (the entry included) are control dependent on START.
//!
//! Invariants and conventions:
//! - Post-dominance is the one of [`PostDominanceInfo`]: rooted at a virtual
//!   exit joining every block without successors, with extra edges from
//!   blocks of infinite loops, so every block has an answer.
//! - Only edges of blocks with two different successors are controllers
//!   (the edges to the virtual exit that post-dominance adds for infinite
//!   loops would otherwise make blocks depend on unconditional branches).
//!   An edge is identified by its terminator slot, so the two edges of
//!   `cf.cond_br %c, ^bb1, ^bb1` are distinct (and control nothing).
//! - Dependence lists: START first, then edges by source block position,
//!   then slot. Controlled-block lists are in region order.
//! - Iterated control dependence is the transitive closure through the
//!   source blocks of the controlling edges.

use crate::cfg::{CfgEdge, CfgView, Node, RegionCfg, regions_under};
use crate::frontier::{branches, ipdom_block, tree_path};
use lockstep_ir::dominance::PostDominanceInfo;
use lockstep_ir::{BlockId, Context, OpId, RegionId};
use lockstep_pass::Analysis;
use rustc_hash::{FxHashMap, FxHashSet};

/// What a block can be control dependent on.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Controller {
    /// The START node of the augmented CFG of the block's region.
    Start,
    /// A CFG edge out of a branch.
    Edge(CfgEdge),
}

impl Controller {
    /// The branch block, for an edge.
    pub fn branch(self) -> Option<BlockId> {
        match self {
            Controller::Start => None,
            Controller::Edge(e) => Some(e.from),
        }
    }
}

/// Control dependences of the blocks of every region nested in an op.
#[derive(Clone, Debug, Default)]
pub struct ControlDependence {
    deps: FxHashMap<BlockId, Vec<Controller>>,
    controlled: FxHashMap<CfgEdge, Vec<BlockId>>,
    start: FxHashMap<RegionId, Vec<BlockId>>,
    /// Region position of each block, and its region.
    pos: FxHashMap<BlockId, (RegionId, u32)>,
}

impl ControlDependence {
    pub fn compute(ctx: &Context, root: OpId) -> Self {
        Self::with_post_dominance(ctx, root, &PostDominanceInfo::compute(ctx, root))
    }

    /// As [`compute`](Self::compute), reusing a post-dominance analysis of `root`.
    pub fn with_post_dominance(ctx: &Context, root: OpId, pdom: &PostDominanceInfo) -> Self {
        let mut cd = ControlDependence::default();
        let parent = |b: BlockId| ipdom_block(pdom, b);
        for r in regions_under(ctx, root) {
            let cfg = RegionCfg::new(ctx, r);
            for (i, &b) in cfg.blocks().iter().enumerate() {
                cd.pos.insert(b, (r, i as u32));
            }
            let Some(entry) = cfg.entry() else { continue };
            // START -> entry; START's immediate post-dominator is the exit.
            let mut from_start = Vec::new();
            for y in tree_path(cfg.block(entry), None, parent) {
                cd.deps.entry(y).or_default().push(Controller::Start);
                from_start.push(y);
            }
            from_start.sort_unstable_by_key(|&b| cfg.node(b));
            cd.start.insert(r, from_start);
            for x in 0..cfg.num_nodes() as Node {
                if !branches(&cfg, x) {
                    continue;
                }
                let stop = parent(cfg.block(x));
                for e in cfg.out_edges(x).collect::<Vec<_>>() {
                    let mut ys = Vec::new();
                    for y in tree_path(e.to, stop, parent) {
                        cd.deps.entry(y).or_default().push(Controller::Edge(e));
                        ys.push(y);
                    }
                    if !ys.is_empty() {
                        ys.sort_unstable_by_key(|&b| cfg.node(b));
                        cd.controlled.insert(e, ys);
                    }
                }
            }
        }
        // Edges were visited by source then slot, after START: already sorted.
        cd
    }

    /// The controllers `b` is directly control dependent on.
    pub fn dependences(&self, b: BlockId) -> &[Controller] {
        self.deps.get(&b).map_or(&[], |v| v.as_slice())
    }

    /// The branch blocks `b` is directly control dependent on, in region
    /// order, without duplicates (START not included).
    pub fn controlling_branches(&self, b: BlockId) -> Vec<BlockId> {
        let mut out: Vec<BlockId> = self
            .dependences(b)
            .iter()
            .filter_map(|c| c.branch())
            .collect();
        self.sort_blocks(&mut out);
        out
    }

    /// Is `b` directly control dependent on START (does it post-dominate
    /// its region's entry)?
    pub fn depends_on_start(&self, b: BlockId) -> bool {
        self.dependences(b).contains(&Controller::Start)
    }

    /// The transitive closure of [`dependences`](Self::dependences) through
    /// the controlling branches, sorted as direct dependences are.
    pub fn iterated(&self, b: BlockId) -> Vec<Controller> {
        let mut out: FxHashSet<Controller> = FxHashSet::default();
        let mut seen: FxHashSet<BlockId> = FxHashSet::default();
        let mut work = vec![b];
        seen.insert(b);
        while let Some(y) = work.pop() {
            for &c in self.dependences(y) {
                out.insert(c);
                if let Some(x) = c.branch()
                    && seen.insert(x)
                {
                    work.push(x);
                }
            }
        }
        let mut out: Vec<Controller> = out.into_iter().collect();
        out.sort_unstable_by_key(|c| match c {
            Controller::Start => (0, 0, 0),
            Controller::Edge(e) => (1, self.position(e.from), e.succ_index),
        });
        out
    }

    /// The branch blocks of [`iterated`](Self::iterated), in region order.
    pub fn iterated_branches(&self, b: BlockId) -> Vec<BlockId> {
        let mut out: Vec<BlockId> = self.iterated(b).iter().filter_map(|c| c.branch()).collect();
        self.sort_blocks(&mut out);
        out
    }

    /// The blocks directly control dependent on edge `e`, in region order.
    pub fn controlled_by(&self, e: CfgEdge) -> &[BlockId] {
        self.controlled.get(&e).map_or(&[], |v| v.as_slice())
    }

    /// The blocks directly control dependent on START in region `r`.
    pub fn controlled_by_start(&self, r: RegionId) -> &[BlockId] {
        self.start.get(&r).map_or(&[], |v| v.as_slice())
    }

    /// The blocks directly control dependent on some edge out of `branch`,
    /// in region order.
    pub fn controlled_by_branch(&self, ctx: &Context, branch: BlockId) -> Vec<BlockId> {
        let mut out: Vec<BlockId> = Vec::new();
        for (slot, &to) in ctx.succ_blocks(branch).iter().enumerate() {
            let e = CfgEdge {
                from: branch,
                succ_index: slot as u32,
                to,
            };
            out.extend_from_slice(self.controlled_by(e));
        }
        self.sort_blocks(&mut out);
        out
    }

    fn position(&self, b: BlockId) -> u32 {
        self.pos.get(&b).map_or(u32::MAX, |p| p.1)
    }

    fn sort_blocks(&self, v: &mut Vec<BlockId>) {
        v.sort_unstable_by_key(|&b| self.position(b));
        v.dedup();
    }
}

impl Analysis for ControlDependence {
    const NAME: &'static str = "ControlDependence";
    fn compute(ctx: &Context, op: OpId) -> Self {
        ControlDependence::compute(ctx, op)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontier::{DominanceFrontier, PostDominanceFrontier};
    use crate::testutil::{Fixture, labels};

    fn edge(from: BlockId, succ_index: u32, to: BlockId) -> Controller {
        Controller::Edge(CfgEdge {
            from,
            succ_index,
            to,
        })
    }

    #[test]
    fn diamond() {
        let f = Fixture::new(
            "func.func @f(%c: i1) {\n cf.cond_br %c, ^bb1, ^bb2\n\
             ^bb1:\n cf.br ^bb3\n^bb2:\n cf.br ^bb3\n^bb3:\n return\n}",
        );
        let b = f.blocks(0);
        let df = DominanceFrontier::compute(&f.ctx, f.module);
        assert_eq!(df.frontier(b[1]), &[b[3]]);
        assert_eq!(df.frontier(b[2]), &[b[3]]);
        assert!(df.frontier(b[0]).is_empty() && df.frontier(b[3]).is_empty());
        assert_eq!(df.iterated(&[b[1]]), vec![b[3]]);
        let pdf = PostDominanceFrontier::compute(&f.ctx, f.module);
        assert_eq!(pdf.frontier(b[1]), &[b[0]]);
        assert_eq!(pdf.frontier(b[2]), &[b[0]]);
        assert!(pdf.frontier(b[3]).is_empty() && pdf.frontier(b[0]).is_empty());
        let cd = ControlDependence::compute(&f.ctx, f.module);
        assert_eq!(cd.dependences(b[0]), &[Controller::Start]);
        assert_eq!(cd.dependences(b[3]), &[Controller::Start]);
        assert_eq!(cd.dependences(b[1]), &[edge(b[0], 0, b[1])]);
        assert_eq!(cd.dependences(b[2]), &[edge(b[0], 1, b[2])]);
        assert_eq!(cd.controlled_by_start(f.body(0)), &[b[0], b[3]]);
        assert_eq!(cd.controlled_by_branch(&f.ctx, b[0]), vec![b[1], b[2]]);
        assert_eq!(
            cd.iterated(b[1]),
            vec![Controller::Start, edge(b[0], 0, b[1])]
        );
        assert!(cd.depends_on_start(b[3]) && !cd.depends_on_start(b[1]));
    }

    #[test]
    fn loop_header_depends_on_its_own_branch() {
        let f = Fixture::new(
            "func.func @f(%c: i1) {\n cf.br ^bb1\n\
             ^bb1:\n cf.cond_br %c, ^bb2, ^bb3\n^bb2:\n cf.br ^bb1\n^bb3:\n return\n}",
        );
        let b = f.blocks(0);
        let df = DominanceFrontier::compute(&f.ctx, f.module);
        assert_eq!(df.frontier(b[2]), &[b[1]]);
        assert_eq!(df.frontier(b[1]), &[b[1]]);
        let cd = ControlDependence::compute(&f.ctx, f.module);
        assert_eq!(
            cd.dependences(b[1]),
            &[Controller::Start, edge(b[1], 0, b[2])]
        );
        assert_eq!(cd.dependences(b[2]), &[edge(b[1], 0, b[2])]);
        assert_eq!(cd.dependences(b[3]), &[Controller::Start]);
        assert_eq!(
            cd.controlled_by(CfgEdge {
                from: b[1],
                succ_index: 0,
                to: b[2]
            }),
            &[b[1], b[2]]
        );
        assert!(
            cd.controlled_by(CfgEdge {
                from: b[1],
                succ_index: 1,
                to: b[3]
            })
            .is_empty()
        );
    }

    #[test]
    fn early_return_and_nested_branches() {
        // ^bb0 returns early through ^bb1 or goes on to ^bb2, which branches
        // again to ^bb3/^bb4 joining at ^bb5.
        let f = Fixture::new(
            "func.func @f(%c: i1, %d: i1) {\n cf.cond_br %c, ^bb1, ^bb2\n\
             ^bb1:\n return\n\
             ^bb2:\n cf.cond_br %d, ^bb3, ^bb4\n\
             ^bb3:\n cf.br ^bb5\n^bb4:\n cf.br ^bb5\n^bb5:\n return\n}",
        );
        let b = f.blocks(0);
        let cd = ControlDependence::compute(&f.ctx, f.module);
        assert_eq!(cd.dependences(b[0]), &[Controller::Start]);
        assert_eq!(cd.dependences(b[1]), &[edge(b[0], 0, b[1])]);
        assert_eq!(cd.dependences(b[2]), &[edge(b[0], 1, b[2])]);
        assert_eq!(cd.dependences(b[5]), &[edge(b[0], 1, b[2])]);
        assert_eq!(cd.dependences(b[3]), &[edge(b[2], 0, b[3])]);
        assert_eq!(cd.controlling_branches(b[4]), vec![b[2]]);
        assert_eq!(cd.iterated_branches(b[4]), vec![b[0], b[2]]);
        assert_eq!(
            cd.iterated(b[4]),
            vec![Controller::Start, edge(b[0], 1, b[2]), edge(b[2], 1, b[4])]
        );
        assert_eq!(
            cd.controlled_by_branch(&f.ctx, b[0]),
            vec![b[1], b[2], b[5]]
        );
        let pdf = PostDominanceFrontier::compute(&f.ctx, f.module);
        assert_eq!(pdf.frontier(b[5]), &[b[0]]);
        assert_eq!(pdf.iterated(&[b[3]]), vec![b[0], b[2]]);
    }

    #[test]
    fn infinite_loop_has_no_spurious_dependences() {
        // ^bb1 -> ^bb2 -> ^bb1 never exits; only ^bb0's branch controls it.
        let f = Fixture::new(
            "func.func @f(%c: i1) {\n cf.cond_br %c, ^bb1, ^bb3\n\
             ^bb1:\n cf.br ^bb2\n^bb2:\n cf.br ^bb1\n^bb3:\n return\n}",
        );
        let b = f.blocks(0);
        let cd = ControlDependence::compute(&f.ctx, f.module);
        assert_eq!(cd.dependences(b[1]), &[edge(b[0], 0, b[1])]);
        assert_eq!(cd.dependences(b[2]), &[edge(b[0], 0, b[1])]);
        assert_eq!(cd.dependences(b[3]), &[edge(b[0], 1, b[3])]);
        assert_eq!(labels(&f.ctx, cd.controlled_by_start(f.body(0))), ["^bb0"]);
        let pdf = PostDominanceFrontier::compute(&f.ctx, f.module);
        assert_eq!(pdf.frontier(b[1]), &[b[0]]);
        assert_eq!(pdf.frontier(b[2]), &[b[0]]);
    }

    #[test]
    fn iterated_dominance_frontier_for_phi_placement() {
        // A loop with a diamond inside: a definition in ^bb2 needs block
        // arguments at the join ^bb4 and at the loop header ^bb1.
        let f = Fixture::new(
            "func.func @f(%c: i1) {\n cf.br ^bb1\n\
             ^bb1:\n cf.cond_br %c, ^bb2, ^bb3\n\
             ^bb2:\n cf.br ^bb4\n^bb3:\n cf.br ^bb4\n\
             ^bb4:\n cf.cond_br %c, ^bb1, ^bb5\n^bb5:\n return\n}",
        );
        let b = f.blocks(0);
        let df = DominanceFrontier::compute(&f.ctx, f.module);
        assert_eq!(df.frontier(b[2]), &[b[4]]);
        assert_eq!(df.frontier(b[4]), &[b[1]]);
        assert_eq!(df.iterated(&[b[2]]), vec![b[1], b[4]]);
        assert_eq!(df.iterated(&[b[0]]), Vec::<BlockId>::new());
    }
}
