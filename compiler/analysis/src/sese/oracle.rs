//! Test oracle: the former quadratic SESE computation, which checks the
//! characterisation pair by pair on the augmented, edge-split CFG.
//!
//! For every edge `a` reachable from START and reaching END it walks up
//! `a`'s post-dominators to the first edge `b` that `a` dominates and that
//! is cycle equivalent to `a` (no cycle through one avoids the other, with
//! END -> START in the graph, checked by search). Nesting is by block-set
//! size. One change from the former version: a region's blocks are the
//! reachable blocks its entry dominates and its exit does not, not "those
//! reachable from the entry without crossing the exit". The two agree on
//! every block that reaches END (checked here on every call); they differ
//! only for blocks inside or on the way into an infinite loop reachable from
//! several regions, which the old definition put in all of them, so that
//! sibling regions overlapped and `region_of` depended on a sort order.

use super::{RawBound, RawPst, RawRegion};
use crate::cfg::{CfgView, Node, immediate_dominators};
use crate::testutil::Graph;

/// The augmented CFG with every edge split by a node, so that edges can be
/// dominated: blocks `0..n`, START `n`, END `n + 1`, then one node per
/// edge (START's edge, the CFG edges by source and position, the edges to
/// END).
struct Augmented {
    n: usize,
    /// Entered at START.
    graph: Graph,
    /// The boundary each edge node stands for, from node `n + 2` on.
    edges: Vec<RawBound>,
}

impl Augmented {
    fn new<G: CfgView + ?Sized>(cfg: &G) -> Augmented {
        let n = cfg.num_nodes();
        let (start, end) = (n as Node, n as Node + 1);
        let mut g = Augmented {
            n,
            graph: Graph {
                entry: start,
                ..Graph::from_edges(n + 2, &[])
            },
            edges: Vec::new(),
        };
        g.add(start, 0, RawBound::Entry);
        for b in 0..n as Node {
            let out: Vec<Node> = cfg.succs(b).to_vec();
            for (k, t) in out.into_iter().enumerate() {
                g.add(b, t, RawBound::Edge(b, k as u32));
            }
            if cfg.succs(b).is_empty() {
                g.add(b, end, RawBound::Exit(b));
            }
        }
        g
    }

    fn add(&mut self, from: Node, to: Node, what: RawBound) {
        let e = self.graph.add_node();
        self.graph.add_edge(from, e);
        self.graph.add_edge(e, to);
        self.edges.push(what);
    }

    fn edge_nodes(&self) -> std::ops::Range<Node> {
        self.n as Node + 2..self.graph.num_nodes() as Node
    }

    /// Can `from` reach `to` along edges (END -> START included) without
    /// passing `avoid`?
    fn reaches_avoiding(&self, from: Node, to: Node, avoid: Node) -> bool {
        let (start, end) = (self.n as Node, self.n as Node + 1);
        let mut seen = vec![false; self.graph.num_nodes()];
        let mut work = vec![from];
        seen[from as usize] = true;
        seen[avoid as usize] = true;
        while let Some(x) = work.pop() {
            let extra = (x == end).then_some(start);
            for s in self.graph.succs(x).iter().copied().chain(extra) {
                if s == to {
                    return true;
                }
                if !seen[s as usize] {
                    seen[s as usize] = true;
                    work.push(s);
                }
            }
        }
        false
    }
}

fn tree_dominates(idom: &[Option<Node>], a: Node, mut b: Node) -> bool {
    loop {
        if a == b {
            return true;
        }
        match idom[b as usize] {
            Some(p) => b = p,
            None => return false,
        }
    }
}

/// The PST of `cfg`, as `super::compute_raw` should find it.
pub(super) fn compute<G: CfgView + ?Sized>(cfg: &G) -> RawPst {
    let n = cfg.num_nodes();
    let mut out = RawPst {
        innermost: vec![None; n],
        ..RawPst::default()
    };
    if n == 0 {
        return out;
    }
    let g = Augmented::new(cfg);
    let end = n as Node + 1;
    let dom = immediate_dominators(&g.graph, n as Node, false);
    let pdom = immediate_dominators(&g.graph, end, true);
    let reach_start = |x: Node| x == n as Node || dom[x as usize].is_some();
    let reach_end = |x: Node| x == end || pdom[x as usize].is_some();

    // Canonical pairs: each edge with its nearest cycle-equivalent
    // post-dominating edge that it dominates.
    struct Raw {
        entry: Node,
        exit: Node,
        blocks: Vec<Node>,
    }
    let mut raws: Vec<Raw> = Vec::new();
    for a in g.edge_nodes() {
        if !reach_start(a) || !reach_end(a) {
            continue;
        }
        let mut cand = pdom[a as usize];
        while let Some(b) = cand {
            if b >= g.edge_nodes().start
                && tree_dominates(&dom, a, b)
                && !g.reaches_avoiding(a, a, b)
                && !g.reaches_avoiding(b, b, a)
            {
                break;
            }
            cand = pdom[b as usize];
        }
        let Some(b) = cand else { continue };
        // The former block set: reachable from `a` without crossing `b`.
        let mut seen = vec![false; g.graph.num_nodes()];
        seen[a as usize] = true;
        seen[b as usize] = true;
        let mut work = vec![a];
        let mut old_blocks = Vec::new();
        while let Some(x) = work.pop() {
            for &s in g.graph.succs(x) {
                if !seen[s as usize] {
                    seen[s as usize] = true;
                    if (s as usize) < n {
                        old_blocks.push(s);
                    }
                    work.push(s);
                }
            }
        }
        old_blocks.sort_unstable();
        let blocks: Vec<Node> = (0..n as Node)
            .filter(|&x| {
                reach_start(x) && tree_dominates(&dom, a, x) && !tree_dominates(&dom, b, x)
            })
            .collect();
        let to_end: Vec<Node> = old_blocks
            .iter()
            .copied()
            .filter(|&x| reach_end(x))
            .collect();
        let to_end_new: Vec<Node> = blocks.iter().copied().filter(|&x| reach_end(x)).collect();
        assert_eq!(
            to_end, to_end_new,
            "block sets differ on blocks reaching END"
        );
        assert!(blocks.iter().all(|x| old_blocks.binary_search(x).is_ok()));
        if blocks.is_empty() {
            continue;
        }
        raws.push(Raw {
            entry: a,
            exit: b,
            blocks,
        });
    }

    // Nesting, as for loops: larger regions first, ties by entry depth.
    let depth_of = |x: Node| {
        let mut d = 0;
        let mut c = x;
        while let Some(p) = dom[c as usize] {
            d += 1;
            c = p;
        }
        d
    };
    let mut by_size: Vec<usize> = (0..raws.len()).collect();
    by_size.sort_by_key(|&i| {
        (
            std::cmp::Reverse(raws[i].blocks.len()),
            depth_of(raws[i].entry),
        )
    });
    let mut owner: Vec<Option<usize>> = vec![None; n];
    let mut parent: Vec<Option<usize>> = vec![None; raws.len()];
    for &i in &by_size {
        parent[i] = owner[raws[i].blocks[0] as usize];
        for k in 0..raws[i].blocks.len() {
            owner[raws[i].blocks[k] as usize] = Some(i);
        }
    }
    let mut kids: Vec<Vec<usize>> = vec![Vec::new(); raws.len()];
    let mut tops: Vec<usize> = Vec::new();
    for (i, p) in parent.iter().enumerate() {
        match *p {
            Some(p) => kids[p].push(i),
            None => tops.push(i),
        }
    }
    let first = |i: &usize| (raws[*i].blocks[0], std::cmp::Reverse(raws[*i].blocks.len()));
    tops.sort_by_key(first);
    for k in &mut kids {
        k.sort_by_key(first);
    }
    let mut id_of = vec![0u32; raws.len()];
    let mut order = Vec::new();
    let mut stack: Vec<usize> = tops.iter().rev().copied().collect();
    while let Some(i) = stack.pop() {
        id_of[i] = order.len() as u32;
        order.push(i);
        stack.extend(kids[i].iter().rev());
    }
    let boundary = |x: Node| g.edges[x as usize - (n + 2)];
    for &i in &order {
        out.regions.push(RawRegion {
            entry: boundary(raws[i].entry),
            exit: boundary(raws[i].exit),
            blocks: raws[i].blocks.clone(),
            parent: parent[i].map(|p| id_of[p]),
            children: kids[i].iter().map(|&k| id_of[k]).collect(),
        });
    }
    out.top = tops.iter().map(|&i| id_of[i]).collect();
    for (b, o) in owner.iter().enumerate() {
        out.innermost[b] = o.map(|o| id_of[o]);
    }
    out
}
