//! A critical-edge-split view of a region's CFG: every critical edge gets a
//! virtual node, without touching the IR.
//!
//! Invariants and conventions:
//! - An edge is critical when its source has several (in-region) outgoing
//!   edges and its destination several incoming edges — the rule of the
//!   `split-critical-edges` pass, counted per successor slot. So both edges
//!   of `cf.cond_br %c, ^bb1, ^bb1` into a join are critical and get their
//!   own node.
//! - Nodes `0..num_blocks()` are the region's blocks in order (the same
//!   numbering as [`RegionCfg`]); the virtual nodes follow, ordered by
//!   source block then slot. A virtual node has exactly one predecessor and
//!   one successor; the split edge itself is not in the view.
//! - Successor order of a block is its slot order, with a split edge's slot
//!   leading to its virtual node instead of the destination.
//! - Labels: `^bb3` for blocks, `^bb1#0->^bb3` (source, slot, destination)
//!   for virtual nodes.

use crate::cfg::{CfgEdge, CfgView, Node, RegionCfg};
use lockstep_ir::{BlockId, Context, RegionId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// What a node of an [`EdgeSplitCfg`] stands for.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SplitNode {
    Block(BlockId),
    /// The virtual node on a critical edge.
    Edge(CfgEdge),
}

#[derive(Clone, Debug)]
pub struct EdgeSplitCfg {
    cfg: RegionCfg,
    /// The split edges, node `num_blocks() + i` being `edges[i]`.
    edges: Vec<CfgEdge>,
    edge_node: FxHashMap<CfgEdge, Node>,
    succs: Vec<SmallVec<[Node; 2]>>,
    preds: Vec<SmallVec<[Node; 2]>>,
}

impl EdgeSplitCfg {
    pub fn new(ctx: &Context, region: RegionId) -> Self {
        Self::from_cfg(RegionCfg::new(ctx, region))
    }

    pub fn from_cfg(cfg: RegionCfg) -> Self {
        let n = cfg.num_nodes();
        let mut edges = Vec::new();
        let mut edge_node = FxHashMap::default();
        let mut succs: Vec<SmallVec<[Node; 2]>> = vec![SmallVec::new(); n];
        let mut preds: Vec<SmallVec<[Node; 2]>> = vec![SmallVec::new(); n];
        let mut extra: Vec<(Node, Node)> = Vec::new();
        for b in 0..n as Node {
            let many_out = cfg.succs(b).len() > 1;
            for (e, &t) in cfg
                .out_edges(b)
                .collect::<Vec<_>>()
                .into_iter()
                .zip(cfg.succs(b))
            {
                if many_out && cfg.preds(t).len() > 1 {
                    let v = (n + edges.len()) as Node;
                    edges.push(e);
                    edge_node.insert(e, v);
                    succs[b as usize].push(v);
                    extra.push((b, t));
                } else {
                    succs[b as usize].push(t);
                }
            }
        }
        for &(b, t) in &extra {
            succs.push(SmallVec::from_slice(&[t]));
            preds.push(SmallVec::from_slice(&[b]));
        }
        // Predecessor lists by source node, then slot, as in RegionCfg.
        for (from, list) in succs.iter().enumerate() {
            for &t in list {
                if (t as usize) < n {
                    preds[t as usize].push(from as Node);
                }
            }
        }
        for list in &mut preds[..n] {
            list.sort_unstable();
        }
        EdgeSplitCfg {
            cfg,
            edges,
            edge_node,
            succs,
            preds,
        }
    }

    /// The underlying block graph.
    pub fn region_cfg(&self) -> &RegionCfg {
        &self.cfg
    }

    pub fn num_blocks(&self) -> usize {
        self.cfg.num_nodes()
    }

    /// The split (critical) edges, in node order.
    pub fn split_edges(&self) -> &[CfgEdge] {
        &self.edges
    }

    pub fn kind(&self, n: Node) -> SplitNode {
        let nb = self.num_blocks();
        if (n as usize) < nb {
            SplitNode::Block(self.cfg.block(n))
        } else {
            SplitNode::Edge(self.edges[n as usize - nb])
        }
    }

    /// The node of block `b`.
    pub fn block_node(&self, b: BlockId) -> Option<Node> {
        self.cfg.node(b)
    }

    /// The virtual node of `e`, if `e` is critical.
    pub fn edge_node(&self, e: CfgEdge) -> Option<Node> {
        self.edge_node.get(&e).copied()
    }

    pub fn is_virtual(&self, n: Node) -> bool {
        n as usize >= self.num_blocks()
    }
}

impl CfgView for EdgeSplitCfg {
    fn num_nodes(&self) -> usize {
        self.succs.len()
    }
    fn entry(&self) -> Option<Node> {
        self.cfg.entry()
    }
    fn succs(&self, n: Node) -> &[Node] {
        &self.succs[n as usize]
    }
    fn preds(&self, n: Node) -> &[Node] {
        &self.preds[n as usize]
    }
    fn label(&self, n: Node) -> String {
        match self.kind(n) {
            SplitNode::Block(_) => format!("^bb{n}"),
            SplitNode::Edge(e) => {
                let (f, t) = (self.cfg.node(e.from), self.cfg.node(e.to));
                format!(
                    "^bb{}#{}->^bb{}",
                    f.unwrap_or(u32::MAX),
                    e.succ_index,
                    t.unwrap_or(u32::MAX)
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Fixture;

    #[test]
    fn splits_only_critical_edges() {
        // ^bb0 -> {^bb1, ^bb2}; ^bb1 -> {^bb2, ^bb3}; ^bb2 -> ^bb3.
        // Critical: ^bb0->^bb2 and ^bb1->^bb2, ^bb1->^bb3.
        let f = Fixture::new(
            "func.func @f(%c: i1) {\n cf.cond_br %c, ^bb1, ^bb2\n\
             ^bb1:\n cf.cond_br %c, ^bb2, ^bb3\n^bb2:\n cf.br ^bb3\n^bb3:\n return\n}",
        );
        let g = EdgeSplitCfg::new(&f.ctx, f.body(0));
        assert_eq!((g.num_blocks(), g.num_nodes()), (4, 7));
        let labels: Vec<String> = (0..g.num_nodes() as Node).map(|n| g.label(n)).collect();
        assert_eq!(
            labels[4..],
            ["^bb0#1->^bb2", "^bb1#0->^bb2", "^bb1#1->^bb3"]
        );
        assert_eq!(g.succs(0), &[1, 4]);
        assert_eq!(g.succs(1), &[5, 6]);
        assert_eq!(g.preds(2), &[4, 5]);
        assert_eq!(g.preds(3), &[2, 6]);
        assert_eq!((g.succs(4), g.preds(4)), (&[2][..], &[0][..]));
        assert!(g.is_virtual(6) && !g.is_virtual(3));
        let b = f.blocks(0);
        let e = CfgEdge {
            from: b[0],
            succ_index: 1,
            to: b[2],
        };
        assert_eq!(g.edge_node(e), Some(4));
        assert_eq!(g.kind(4), SplitNode::Edge(e));
        assert_eq!(g.kind(1), SplitNode::Block(b[1]));
        assert_eq!(
            g.edge_node(CfgEdge {
                from: b[0],
                succ_index: 0,
                to: b[1]
            }),
            None
        );
    }

    #[test]
    fn double_edge_to_a_join_gets_two_nodes() {
        let f =
            Fixture::new("func.func @f(%c: i1) {\n cf.cond_br %c, ^bb1, ^bb1\n^bb1:\n return\n}");
        let g = EdgeSplitCfg::new(&f.ctx, f.body(0));
        assert_eq!(g.num_nodes(), 4);
        assert_eq!(g.succs(0), &[2, 3]);
        assert_eq!(g.preds(1), &[2, 3]);
        assert_eq!(g.label(3), "^bb0#1->^bb1");
    }
}
