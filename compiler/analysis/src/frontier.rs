//! Dominance frontiers and post-dominance frontiers, and their iterated
//! forms, for every region nested in an op.
//!
//! Invariants and conventions:
//! - `DF(x)` is the set of blocks `y` such that `x` dominates a predecessor
//!   of `y` but does not strictly dominate `y`. Computed by walking up the
//!   dominator tree from each predecessor of each block (Cooper, Harvey and
//!   Kennedy's formulation). Unreachable blocks have empty frontiers and
//!   are in no frontier.
//! - `PDF(x)` is the same on the reverse CFG, rooted at the virtual exit of
//!   [`PostDominanceInfo`] (so several exits and infinite loops are
//!   covered). It is the set of blocks on which `x` is control dependent;
//!   [`crate::control_dep`] gives the edges as well. Only blocks with two
//!   different successors are in post-dominance frontiers: a block with one
//!   successor decides nothing (it could only appear through the edge the
//!   post-dominator tree adds from an infinite loop to the virtual exit).
//! - Frontier lists are in region order, without duplicates.
//! - `iterated(set)` is the limit of `DF(S)`, `DF(S ∪ DF(S))`, ...: the
//!   blocks needing a phi (block argument) for a variable defined in `set`.

use crate::cfg::{CfgView, Node, RegionCfg, reachable, regions_under};
use lockstep_ir::dominance::{DominanceInfo, PostDomParent, PostDominanceInfo};
use lockstep_ir::{BlockId, Context, OpId};
use lockstep_pass::Analysis;
use rustc_hash::FxHashMap;

/// A frontier per block, shared by both directions.
#[derive(Clone, Debug, Default)]
struct Frontiers {
    of: FxHashMap<BlockId, Vec<BlockId>>,
    /// Region position of every analysed block, for sorting.
    pos: FxHashMap<BlockId, u32>,
}

impl Frontiers {
    fn get(&self, b: BlockId) -> &[BlockId] {
        self.of.get(&b).map_or(&[], |v| v.as_slice())
    }

    fn add(&mut self, x: BlockId, y: BlockId) {
        let v = self.of.entry(x).or_default();
        if !v.contains(&y) {
            v.push(y);
        }
    }

    fn finish(&mut self) {
        let pos = &self.pos;
        for v in self.of.values_mut() {
            v.sort_unstable_by_key(|b| pos.get(b).copied().unwrap_or(u32::MAX));
        }
    }

    /// The frontiers of the blocks of every region under `root`, from the
    /// dominator tree given by `parent` (the post-dominator tree when
    /// `post`): each block `y` that can be in a frontier (a reachable one;
    /// for post-dominance, a branch) joins the frontier of every block on
    /// the tree path from each of its CFG neighbours (predecessors; for
    /// post-dominance, successors) up to `y`'s own parent.
    fn build(
        ctx: &Context,
        root: OpId,
        post: bool,
        parent: impl Fn(BlockId) -> Option<BlockId>,
    ) -> Frontiers {
        let mut f = Frontiers::default();
        for r in regions_under(ctx, root) {
            let cfg = RegionCfg::new(ctx, r);
            for (i, &b) in cfg.blocks().iter().enumerate() {
                f.pos.insert(b, i as u32);
            }
            let candidate: Vec<bool> = if post {
                (0..cfg.num_nodes() as Node)
                    .map(|y| branches(&cfg, y))
                    .collect()
            } else {
                reachable(&cfg)
            };
            for y in 0..cfg.num_nodes() as Node {
                if !candidate[y as usize] {
                    continue;
                }
                let yb = cfg.block(y);
                let stop = parent(yb);
                let neighbours = if post { cfg.succs(y) } else { cfg.preds(y) };
                for &p in neighbours {
                    // Unreachable predecessors add nothing to dominance frontiers.
                    if !post && !candidate[p as usize] {
                        continue;
                    }
                    for x in tree_path(cfg.block(p), stop, &parent) {
                        f.add(x, yb);
                    }
                }
            }
        }
        f.finish();
        f
    }

    fn iterated(&self, set: &[BlockId]) -> Vec<BlockId> {
        let mut out: Vec<BlockId> = Vec::new();
        let mut work: Vec<BlockId> = set.to_vec();
        let mut seen_in: rustc_hash::FxHashSet<BlockId> = set.iter().copied().collect();
        while let Some(b) = work.pop() {
            for &y in self.get(b) {
                if !out.contains(&y) {
                    out.push(y);
                }
                if seen_in.insert(y) {
                    work.push(y);
                }
            }
        }
        out.sort_unstable_by_key(|b| self.pos.get(b).copied().unwrap_or(u32::MAX));
        out
    }
}

/// Dominance frontiers of the blocks of every region nested in an op.
#[derive(Clone, Debug, Default)]
pub struct DominanceFrontier {
    f: Frontiers,
}

impl DominanceFrontier {
    pub fn compute(ctx: &Context, root: OpId) -> Self {
        Self::with_dominance(ctx, root, &DominanceInfo::compute(ctx, root))
    }

    /// As [`compute`](Self::compute), reusing a dominance analysis of `root`.
    pub fn with_dominance(ctx: &Context, root: OpId, dom: &DominanceInfo) -> Self {
        DominanceFrontier {
            f: Frontiers::build(ctx, root, false, |b| dom.idom(b)),
        }
    }

    /// `DF(b)`, in region order.
    pub fn frontier(&self, b: BlockId) -> &[BlockId] {
        self.f.get(b)
    }

    /// The iterated dominance frontier of a set of blocks of one region.
    pub fn iterated(&self, set: &[BlockId]) -> Vec<BlockId> {
        self.f.iterated(set)
    }
}

impl Analysis for DominanceFrontier {
    const NAME: &'static str = "DominanceFrontier";
    fn compute(ctx: &Context, op: OpId) -> Self {
        DominanceFrontier::compute(ctx, op)
    }
}

/// Post-dominance frontiers of the blocks of every region nested in an op.
#[derive(Clone, Debug, Default)]
pub struct PostDominanceFrontier {
    f: Frontiers,
}

impl PostDominanceFrontier {
    pub fn compute(ctx: &Context, root: OpId) -> Self {
        Self::with_post_dominance(ctx, root, &PostDominanceInfo::compute(ctx, root))
    }

    /// As [`compute`](Self::compute), reusing a post-dominance analysis of `root`.
    pub fn with_post_dominance(ctx: &Context, root: OpId, pdom: &PostDominanceInfo) -> Self {
        PostDominanceFrontier {
            f: Frontiers::build(ctx, root, true, |b| ipdom_block(pdom, b)),
        }
    }

    /// `PDF(b)`: the branch blocks `b` is control dependent on, in region order.
    pub fn frontier(&self, b: BlockId) -> &[BlockId] {
        self.f.get(b)
    }

    /// The iterated post-dominance frontier of a set of blocks of one region.
    pub fn iterated(&self, set: &[BlockId]) -> Vec<BlockId> {
        self.f.iterated(set)
    }
}

/// The immediate post-dominator of `b` when it is a block, not the virtual
/// exit (nor missing, for a block outside the analysed op).
pub(crate) fn ipdom_block(pdom: &PostDominanceInfo, b: BlockId) -> Option<BlockId> {
    match pdom.ipdom(b) {
        Some(PostDomParent::Block(p)) => Some(p),
        _ => None,
    }
}

/// `from` and its ancestors in the (post-)dominator tree given by `parent`,
/// up to but not including `stop` (to the root when `stop` is `None` or
/// not an ancestor): for an edge into `from` whose source has `stop` as
/// its immediate (post-)dominator, the blocks whose frontier the source
/// joins (the blocks control dependent on that edge).
pub(crate) fn tree_path(
    from: BlockId,
    stop: Option<BlockId>,
    parent: impl Fn(BlockId) -> Option<BlockId>,
) -> impl Iterator<Item = BlockId> {
    std::iter::successors(Some(from), move |&x| parent(x)).take_while(move |&x| Some(x) != stop)
}

/// Does `n` choose between two different successors? Only such blocks
/// control anything: the other ones would only show up through the edges to
/// the virtual exit that post-dominance adds for infinite loops.
pub(crate) fn branches(cfg: &RegionCfg, n: Node) -> bool {
    let s = cfg.succs(n);
    s.iter().any(|&x| x != s[0])
}

impl Analysis for PostDominanceFrontier {
    const NAME: &'static str = "PostDominanceFrontier";
    fn compute(ctx: &Context, op: OpId) -> Self {
        PostDominanceFrontier::compute(ctx, op)
    }
}
