//! CFG views: the graph of one region's blocks, numbered densely, behind a
//! small trait that the dataflow framework and the graph algorithms share.
//!
//! Invariants and conventions:
//! - A [`RegionCfg`] is a snapshot of one region: node `i` is the region's
//!   `i`-th block (so its label is `^bb{i}`, as the printer names it), and
//!   the edges are the successor slots of each block's last op that name a
//!   block of the same region, in slot order. Successors elsewhere are
//!   ignored, as [`lockstep_ir::dominance`] does. One edge per slot: a
//!   `cf.cond_br` whose two targets are the same block gives two edges.
//! - Predecessor lists hold one entry per incoming edge, ordered by source
//!   node, then slot.
//! - Node 0 is the entry; an empty region has no nodes and no entry.
//! - Nothing recurses: orders are computed with explicit stacks.

use lockstep_ir::dominance;
use lockstep_ir::{BlockId, Context, OpId, RegionId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// A node of a CFG view: a dense index in `0..num_nodes()`.
pub type Node = u32;

/// A directed graph with an entry node, as the analyses see a CFG.
pub trait CfgView {
    fn num_nodes(&self) -> usize;
    /// The start node; `None` when the graph is empty.
    fn entry(&self) -> Option<Node>;
    /// Successors of `n`, one entry per edge, in edge order.
    fn succs(&self, n: Node) -> &[Node];
    /// Predecessors of `n`, one entry per edge.
    fn preds(&self, n: Node) -> &[Node];
    /// A stable, human-readable name (`^bb3`, or `^bb1#0->^bb3` for a node on
    /// a split edge).
    fn label(&self, n: Node) -> String;
}

/// An edge of a region's CFG: successor slot `succ_index` of `from`'s
/// terminator, which branches to `to`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct CfgEdge {
    pub from: BlockId,
    pub succ_index: u32,
    pub to: BlockId,
}

/// The CFG of one region, as a snapshot.
#[derive(Clone, Debug)]
pub struct RegionCfg {
    region: RegionId,
    blocks: Vec<BlockId>,
    index: FxHashMap<BlockId, Node>,
    succs: Vec<SmallVec<[Node; 2]>>,
    /// The terminator slot of each entry of `succs`.
    slots: Vec<SmallVec<[u32; 2]>>,
    preds: Vec<SmallVec<[Node; 2]>>,
}

impl RegionCfg {
    pub fn new(ctx: &Context, region: RegionId) -> Self {
        let blocks = ctx.region_blocks(region).to_vec();
        let index: FxHashMap<BlockId, Node> = blocks
            .iter()
            .enumerate()
            .map(|(i, &b)| (b, i as Node))
            .collect();
        let n = blocks.len();
        let mut succs = vec![SmallVec::new(); n];
        let mut slots = vec![SmallVec::new(); n];
        let mut preds: Vec<SmallVec<[Node; 2]>> = vec![SmallVec::new(); n];
        for (i, &b) in blocks.iter().enumerate() {
            for (slot, s) in ctx.succ_blocks(b).iter().enumerate() {
                if let Some(&t) = index.get(s) {
                    succs[i].push(t);
                    slots[i].push(slot as u32);
                    preds[t as usize].push(i as Node);
                }
            }
        }
        RegionCfg {
            region,
            blocks,
            index,
            succs,
            slots,
            preds,
        }
    }

    pub fn region(&self) -> RegionId {
        self.region
    }

    /// The blocks in region order (node `i` is `blocks()[i]`).
    pub fn blocks(&self) -> &[BlockId] {
        &self.blocks
    }

    pub fn block(&self, n: Node) -> BlockId {
        self.blocks[n as usize]
    }

    /// The node of `b`, if `b` is a block of this region.
    pub fn node(&self, b: BlockId) -> Option<Node> {
        self.index.get(&b).copied()
    }

    /// The terminator slots of `n`'s edges, parallel to `succs(n)`.
    pub fn succ_slots(&self, n: Node) -> &[u32] {
        &self.slots[n as usize]
    }

    /// The edges leaving `n`, in slot order.
    pub fn out_edges(&self, n: Node) -> impl Iterator<Item = CfgEdge> + '_ {
        let from = self.block(n);
        self.succs[n as usize]
            .iter()
            .zip(&self.slots[n as usize])
            .map(move |(&t, &slot)| CfgEdge {
                from,
                succ_index: slot,
                to: self.block(t),
            })
    }

    /// Is `b` a block without successors in the region (return-like, or a
    /// branch out of the region)?
    pub fn is_exit(&self, n: Node) -> bool {
        self.succs[n as usize].is_empty()
    }
}

impl CfgView for RegionCfg {
    fn num_nodes(&self) -> usize {
        self.blocks.len()
    }
    fn entry(&self) -> Option<Node> {
        (!self.blocks.is_empty()).then_some(0)
    }
    fn succs(&self, n: Node) -> &[Node] {
        &self.succs[n as usize]
    }
    fn preds(&self, n: Node) -> &[Node] {
        &self.preds[n as usize]
    }
    fn label(&self, n: Node) -> String {
        format!("^bb{n}")
    }
}

/// The label the printer gives block `b` (`^bb` and its index in its
/// region); `^bb?` for a block not in a region.
pub fn block_label(ctx: &Context, b: BlockId) -> String {
    match ctx.block_index(b) {
        Some(i) => format!("^bb{i}"),
        None => "^bb?".to_string(),
    }
}

/// Every region nested in `root`, its own regions included, in pre-order
/// (a region before the regions of the ops in its blocks).
pub fn regions_under(ctx: &Context, root: OpId) -> Vec<RegionId> {
    let mut out = Vec::new();
    let mut stack: Vec<RegionId> = ctx.regions(root).iter().rev().copied().collect();
    while let Some(r) = stack.pop() {
        out.push(r);
        let mut nested: Vec<RegionId> = Vec::new();
        for &b in ctx.region_blocks(r) {
            for op in ctx.block_ops(b) {
                nested.extend_from_slice(ctx.regions(op));
            }
        }
        stack.extend(nested.into_iter().rev());
    }
    out
}

/// Nodes reachable from the entry in post-order (successors in edge order).
pub fn post_order<G: CfgView + ?Sized>(g: &G) -> Vec<Node> {
    match g.entry() {
        Some(entry) => dominance::post_order(g.num_nodes(), entry, |x| g.succs(x)),
        None => Vec::new(),
    }
}

/// Nodes reachable from the entry in reverse post-order.
pub fn reverse_post_order<G: CfgView + ?Sized>(g: &G) -> Vec<Node> {
    let mut order = post_order(g);
    order.reverse();
    order
}

/// Which nodes are reachable from the entry.
pub fn reachable<G: CfgView + ?Sized>(g: &G) -> Vec<bool> {
    let mut seen = vec![false; g.num_nodes()];
    for n in post_order(g) {
        seen[n as usize] = true;
    }
    seen
}

/// Strongly connected components of the subgraph of nodes with `keep[n]`,
/// using only edges for which `edge_ok(from, to)` holds (Tarjan's algorithm
/// with an explicit stack). Components come out in reverse topological
/// order; the nodes of each are sorted.
pub fn sccs<G: CfgView + ?Sized>(
    g: &G,
    keep: &[bool],
    edge_ok: impl Fn(Node, Node) -> bool,
) -> Vec<Vec<Node>> {
    const UNSEEN: u32 = u32::MAX;
    let n = g.num_nodes();
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<Node> = Vec::new();
    let mut out: Vec<Vec<Node>> = Vec::new();
    let mut counter = 0u32;
    let mut call: Vec<(Node, usize)> = Vec::new();
    for root in 0..n as Node {
        if !keep[root as usize] || index[root as usize] != UNSEEN {
            continue;
        }
        call.push((root, 0));
        while let Some(top) = call.last_mut() {
            let (v, next) = *top;
            // A node is numbered when its frame first comes on top.
            if index[v as usize] == UNSEEN {
                index[v as usize] = counter;
                low[v as usize] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v as usize] = true;
            }
            if let Some(&w) = g.succs(v).get(next) {
                top.1 += 1;
                if !keep[w as usize] || !edge_ok(v, w) {
                    continue;
                }
                if index[w as usize] == UNSEEN {
                    call.push((w, 0));
                } else if on_stack[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
                continue;
            }
            call.pop();
            if let Some(&(parent, _)) = call.last() {
                low[parent as usize] = low[parent as usize].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w as usize] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                comp.sort_unstable();
                out.push(comp);
            }
        }
    }
    out
}

/// Immediate dominators of the nodes of `g` reachable from `root`
/// (`None` for `root` and unreachable nodes), by the Cooper–Harvey–Kennedy
/// iteration of [`lockstep_ir::dominance`]. For views the IR's
/// [`DominanceInfo`](lockstep_ir::dominance::DominanceInfo) cannot describe
/// (augmented or edge-split graphs); `reverse` computes post-dominators (on
/// predecessor lists).
pub fn immediate_dominators<G: CfgView + ?Sized>(
    g: &G,
    root: Node,
    reverse: bool,
) -> Vec<Option<Node>> {
    let n = g.num_nodes();
    if reverse {
        dominance::immediate_dominators(n, root, |x| g.preds(x), |x| g.succs(x))
    } else {
        dominance::immediate_dominators(n, root, |x| g.succs(x), |x| g.preds(x))
    }
}
