//! The flow graph code motion works on: the reachable blocks of one region,
//! with a virtual node on every critical edge, and the means to turn the
//! virtual nodes a placement needs into real blocks.
//!
//! Invariants:
//! - Nodes `0..num_blocks()` are the blocks reachable from the region's
//!   entry, in reverse post-order (node 0 is the entry); virtual nodes follow,
//!   one per critical edge (a successor slot of a block with several slots
//!   to a block with several incoming slots), ordered by source node then
//!   slot. Unreachable blocks are not nodes: code motion neither reads nor
//!   changes them, since dominance says nothing useful about them.
//! - Every edge is one successor slot, so `cf.cond_br %c, ^b, ^b` gives two
//!   edges; after the view splits critical edges, no node with several
//!   successors has a successor with several predecessors. That is what
//!   lets a placement put code "on an edge" by putting it in a node.
//! - Building the view never changes the IR; [`materialize_edges`] is the
//!   only mutation here, and it goes through the caller's `Rewriter` (the
//!   same splitting as the `split-critical-edges` pass, whose block layout
//!   it reuses).

use lockstep_analysis::{CfgView, Node};
use lockstep_ir::{BlockId, Context, Diagnostic, OpId, RegionId, Rewriter};
use rustc_hash::FxHashMap;

/// What a node of a [`MotionCfg`] stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    Block(BlockId),
    /// The critical edge leaving `terminator` through successor `slot`.
    Edge {
        terminator: OpId,
        slot: usize,
    },
}

/// The reachable blocks of a region plus one virtual node per critical edge.
#[derive(Clone, Debug)]
pub struct MotionCfg {
    kinds: Vec<NodeKind>,
    succs: Vec<Vec<Node>>,
    preds: Vec<Vec<Node>>,
    block_node: FxHashMap<BlockId, Node>,
    labels: Vec<String>,
    num_blocks: usize,
}

impl MotionCfg {
    /// The view of `region`; empty when the region has no blocks.
    pub fn new(ctx: &Context, region: RegionId) -> Self {
        let mut g = MotionCfg {
            kinds: Vec::new(),
            succs: Vec::new(),
            preds: Vec::new(),
            block_node: FxHashMap::default(),
            labels: Vec::new(),
            num_blocks: 0,
        };
        let mut order = lockstep_ir::dominance::block_post_order(ctx, region);
        order.reverse();
        for &b in &order {
            g.block_node.insert(b, g.kinds.len() as Node);
            g.kinds.push(NodeKind::Block(b));
            g.labels.push(block_label(ctx, b));
        }
        g.num_blocks = g.kinds.len();
        g.succs = vec![Vec::new(); g.num_blocks];
        g.preds = vec![Vec::new(); g.num_blocks];
        // Incoming slot counts decide which edges are critical.
        let mut incoming: FxHashMap<BlockId, usize> = FxHashMap::default();
        for &b in &order {
            for &s in ctx.succ_blocks(b) {
                *incoming.entry(s).or_default() += 1;
            }
        }
        for (from, &b) in order.iter().enumerate() {
            let Some(t) = ctx.last_op(b) else { continue };
            let succs = ctx.successors(t).to_vec();
            for (slot, s) in succs.iter().enumerate() {
                let Some(&to) = g.block_node.get(s) else {
                    continue;
                };
                let critical = succs.len() > 1 && incoming.get(s).copied().unwrap_or(0) > 1;
                if critical {
                    let v = g.kinds.len() as Node;
                    g.kinds.push(NodeKind::Edge {
                        terminator: t,
                        slot,
                    });
                    g.labels.push(format!(
                        "{}#{slot}->{}",
                        g.labels[from], g.labels[to as usize]
                    ));
                    g.succs.push(vec![to]);
                    g.preds.push(vec![from as Node]);
                    g.succs[from].push(v);
                    g.preds[to as usize].push(v);
                } else {
                    g.succs[from].push(to);
                    g.preds[to as usize].push(from as Node);
                }
            }
        }
        g
    }

    pub fn num_blocks(&self) -> usize {
        self.num_blocks
    }
    pub fn kind(&self, n: Node) -> NodeKind {
        self.kinds[n as usize]
    }
    pub fn block(&self, n: Node) -> Option<BlockId> {
        match self.kinds.get(n as usize) {
            Some(NodeKind::Block(b)) => Some(*b),
            _ => None,
        }
    }
    pub fn node_of(&self, b: BlockId) -> Option<Node> {
        self.block_node.get(&b).copied()
    }
    pub fn is_virtual(&self, n: Node) -> bool {
        n as usize >= self.num_blocks
    }
    /// Reachable blocks in reverse post-order.
    pub fn blocks(&self) -> impl Iterator<Item = BlockId> + '_ {
        self.kinds[..self.num_blocks]
            .iter()
            .filter_map(|k| match k {
                NodeKind::Block(b) => Some(*b),
                NodeKind::Edge { .. } => None,
            })
    }
}

impl CfgView for MotionCfg {
    fn num_nodes(&self) -> usize {
        self.kinds.len()
    }
    fn entry(&self) -> Option<Node> {
        (self.num_blocks > 0).then_some(0)
    }
    fn succs(&self, n: Node) -> &[Node] {
        &self.succs[n as usize]
    }
    fn preds(&self, n: Node) -> &[Node] {
        &self.preds[n as usize]
    }
    fn label(&self, n: Node) -> String {
        self.labels[n as usize].clone()
    }
}

/// `^bbN` with N the block's index in its region, as the printer names it.
pub fn block_label(ctx: &Context, b: BlockId) -> String {
    match ctx.block_index(b) {
        Some(i) => format!("^bb{i}"),
        None => "^bb?".to_string(),
    }
}

/// Turns the virtual nodes `nodes` of `g` into real blocks (each holding
/// only a `cf.br` to the edge's destination, forwarding its own arguments),
/// and returns the new block of each node, in the order given.
pub fn materialize_edges(
    rw: &mut Rewriter<'_>,
    g: &MotionCfg,
    nodes: &[Node],
    anchor: OpId,
) -> Result<Vec<BlockId>, Diagnostic> {
    let mut edges: Vec<(OpId, usize)> = Vec::with_capacity(nodes.len());
    for &n in nodes {
        if let NodeKind::Edge { terminator, slot } = g.kind(n) {
            edges.push((terminator, slot));
        }
    }
    lockstep_transforms::split_critical_edges::split_edges_with_br(rw, &edges, anchor)
}

/// Splits every critical edge of every region nested in `root` (the
/// `split-critical-edges` pass, for clients that want the IR split up
/// front); returns how many edges were split.
pub fn split_all_critical_edges(rw: &mut Rewriter<'_>, root: OpId) -> Result<u64, Diagnostic> {
    lockstep_transforms::split_critical_edges::split_critical_edges(rw, root)
}
