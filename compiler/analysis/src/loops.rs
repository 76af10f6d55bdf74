//! Natural loops and the loop nest of every region nested in an op, and the
//! irreducible cycles that are not natural loops.
//!
//! Invariants and conventions:
//! - A back edge is an edge `u -> h` of a region's CFG where `u` is
//!   reachable from the entry and `h` dominates `u` (per
//!   [`DominanceInfo`]). All back edges into one header make one loop, whose
//!   latches are their sources; its blocks are the header plus every
//!   reachable block that reaches a latch without passing the header.
//!   Unreachable blocks are never in a loop.
//! - Two loops are disjoint or nested (distinct headers) — a property of
//!   natural loops — so each block has one innermost loop, and a loop's
//!   parent is the innermost loop containing its header other than itself.
//!   Depth counts from 1 for a top-level loop; blocks outside loops have depth 0.
//! - A region is reducible iff its reachable CFG minus the back edges is
//!   acyclic. The strongly connected components of that graph with more than
//!   one block are reported as irreducible cycles; they are not loops (an
//!   enclosing natural loop, if any, still contains them).
//! - Loop ids are dense and ordered: regions in pre-order, and in a region
//!   the loop nest in pre-order, siblings by header position. All block lists
//!   are in region order; exit edges are ordered by source block, then slot.
//! - A snapshot: any change to the IR under the root invalidates it.

use crate::cfg::{CfgEdge, CfgView, Node, RegionCfg, reachable, regions_under, sccs};
use lockstep_ir::dominance::DominanceInfo;
use lockstep_ir::{BlockId, Context, OpId, RegionId};
use lockstep_pass::Analysis;
use rustc_hash::FxHashMap;

/// A loop of a [`LoopInfo`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct LoopId(u32);

impl LoopId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One natural loop.
#[derive(Clone, Debug)]
pub struct Loop {
    region: RegionId,
    header: BlockId,
    parent: Option<LoopId>,
    children: Vec<LoopId>,
    depth: u32,
    blocks: Vec<BlockId>,
    latches: Vec<BlockId>,
    exiting: Vec<BlockId>,
    exits: Vec<BlockId>,
    exit_edges: Vec<CfgEdge>,
    entering: Vec<BlockId>,
    preheader: Option<BlockId>,
}

impl Loop {
    pub fn region(&self) -> RegionId {
        self.region
    }
    pub fn header(&self) -> BlockId {
        self.header
    }
    /// The enclosing loop, if any.
    pub fn parent(&self) -> Option<LoopId> {
        self.parent
    }
    /// The loops immediately nested in this one, by header position.
    pub fn children(&self) -> &[LoopId] {
        &self.children
    }
    /// 1 for a top-level loop.
    pub fn depth(&self) -> u32 {
        self.depth
    }
    /// Every block of the loop (nested loops' blocks included), header
    /// included, in region order.
    pub fn blocks(&self) -> &[BlockId] {
        &self.blocks
    }
    /// Sources of the back edges to the header.
    pub fn latches(&self) -> &[BlockId] {
        &self.latches
    }
    /// Blocks of the loop with a successor outside it.
    pub fn exiting_blocks(&self) -> &[BlockId] {
        &self.exiting
    }
    /// Blocks outside the loop with a predecessor inside it.
    pub fn exit_blocks(&self) -> &[BlockId] {
        &self.exits
    }
    /// Edges from inside the loop to outside it.
    pub fn exit_edges(&self) -> &[CfgEdge] {
        &self.exit_edges
    }
    /// Reachable predecessors of the header outside the loop.
    pub fn entering_blocks(&self) -> &[BlockId] {
        &self.entering
    }
    /// The single entering block, when its only successor is the header.
    pub fn preheader(&self) -> Option<BlockId> {
        self.preheader
    }
    pub fn is_innermost(&self) -> bool {
        self.children.is_empty()
    }
}

/// Loops and irreducible cycles of every region nested in an op.
#[derive(Clone, Debug, Default)]
pub struct LoopInfo {
    loops: Vec<Loop>,
    innermost: FxHashMap<BlockId, LoopId>,
    top_level: FxHashMap<RegionId, Vec<LoopId>>,
    irreducible: FxHashMap<RegionId, Vec<Vec<BlockId>>>,
    regions: Vec<RegionId>,
}

/// A loop while the nest is being built, before ids are final.
struct Raw {
    header: Node,
    latches: Vec<Node>,
    body: Vec<Node>,
    parent: Option<usize>,
}

impl LoopInfo {
    /// Computes loops for every region nested in `root`.
    pub fn compute(ctx: &Context, root: OpId) -> Self {
        let dom = DominanceInfo::compute(ctx, root);
        Self::with_dominance(ctx, root, &dom)
    }

    /// As [`compute`](Self::compute), reusing a dominance analysis of `root`.
    pub fn with_dominance(ctx: &Context, root: OpId, dom: &DominanceInfo) -> Self {
        let mut info = LoopInfo::default();
        for region in regions_under(ctx, root) {
            let cfg = RegionCfg::new(ctx, region);
            info.add_region(&cfg, dom);
        }
        info
    }

    fn add_region(&mut self, cfg: &RegionCfg, dom: &DominanceInfo) {
        let region = cfg.region();
        self.regions.push(region);
        let n = cfg.num_nodes();
        let reach = reachable(cfg);
        let is_back =
            |u: Node, h: Node| reach[u as usize] && dom.dominates(cfg.block(h), cfg.block(u));

        // One raw loop per header, headers in region order.
        let mut raws: Vec<Raw> = Vec::new();
        let mut latches_of: Vec<Vec<Node>> = vec![Vec::new(); n];
        for u in 0..n as Node {
            for &h in cfg.succs(u) {
                if is_back(u, h) && !latches_of[h as usize].contains(&u) {
                    latches_of[h as usize].push(u);
                }
            }
        }
        let mut in_body = vec![u32::MAX; n];
        for (h, latches) in latches_of.into_iter().enumerate() {
            if latches.is_empty() {
                continue;
            }
            let h = h as Node;
            let stamp = raws.len() as u32;
            in_body[h as usize] = stamp;
            let mut body = vec![h];
            let mut work: Vec<Node> = Vec::new();
            for &l in &latches {
                if in_body[l as usize] != stamp {
                    in_body[l as usize] = stamp;
                    body.push(l);
                    work.push(l);
                }
            }
            while let Some(b) = work.pop() {
                for &p in cfg.preds(b) {
                    if reach[p as usize] && in_body[p as usize] != stamp {
                        in_body[p as usize] = stamp;
                        body.push(p);
                        work.push(p);
                    }
                }
            }
            body.sort_unstable();
            let mut latches = latches;
            latches.sort_unstable();
            raws.push(Raw {
                header: h,
                latches,
                body,
                parent: None,
            });
        }

        // Nesting: visiting larger loops first, the last loop to claim a
        // block is its innermost one.
        let mut by_size: Vec<usize> = (0..raws.len()).collect();
        by_size.sort_by_key(|&i| (std::cmp::Reverse(raws[i].body.len()), raws[i].header));
        let mut owner: Vec<Option<usize>> = vec![None; n];
        for &i in &by_size {
            raws[i].parent = owner[raws[i].header as usize];
            for k in 0..raws[i].body.len() {
                owner[raws[i].body[k] as usize] = Some(i);
            }
        }

        // Final ids: the nest in pre-order, siblings by header.
        let mut kids: Vec<Vec<usize>> = vec![Vec::new(); raws.len()];
        let mut tops: Vec<usize> = Vec::new();
        for (i, r) in raws.iter().enumerate() {
            match r.parent {
                Some(p) => kids[p].push(i),
                None => tops.push(i),
            }
        }
        let base = self.loops.len() as u32;
        let mut id_of = vec![LoopId(0); raws.len()];
        let mut order: Vec<usize> = Vec::with_capacity(raws.len());
        let mut stack: Vec<usize> = tops.iter().rev().copied().collect();
        while let Some(i) = stack.pop() {
            id_of[i] = LoopId(base + order.len() as u32);
            order.push(i);
            stack.extend(kids[i].iter().rev());
        }
        let mut depth_of = vec![0u32; raws.len()];
        for &i in &order {
            let raw = &raws[i];
            depth_of[i] = raw.parent.map_or(1, |p| depth_of[p] + 1);
            let member = |b: Node| raw.body.binary_search(&b).is_ok();
            let mut exiting = Vec::new();
            let mut exits: Vec<BlockId> = Vec::new();
            let mut exit_edges = Vec::new();
            for &b in &raw.body {
                let mut leaves = false;
                for (e, &t) in cfg.out_edges(b).zip(cfg.succs(b)) {
                    if !member(t) {
                        leaves = true;
                        exit_edges.push(e);
                        exits.push(e.to);
                    }
                }
                if leaves {
                    exiting.push(cfg.block(b));
                }
            }
            exits.sort_unstable_by_key(|&b| cfg.node(b));
            exits.dedup();
            let mut entering: Vec<Node> = cfg
                .preds(raw.header)
                .iter()
                .copied()
                .filter(|&p| reach[p as usize] && !member(p))
                .collect();
            entering.sort_unstable();
            entering.dedup();
            let preheader = match entering.as_slice() {
                [p] if cfg.succs(*p).iter().all(|&s| s == raw.header) => Some(cfg.block(*p)),
                _ => None,
            };
            self.loops.push(Loop {
                region,
                header: cfg.block(raw.header),
                parent: raw.parent.map(|p| id_of[p]),
                children: kids[i].iter().map(|&k| id_of[k]).collect(),
                depth: depth_of[i],
                blocks: raw.body.iter().map(|&b| cfg.block(b)).collect(),
                latches: raw.latches.iter().map(|&b| cfg.block(b)).collect(),
                exiting,
                exits,
                exit_edges,
                entering: entering.iter().map(|&b| cfg.block(b)).collect(),
                preheader,
            });
        }
        for (b, o) in owner.iter().enumerate() {
            if let Some(o) = o {
                self.innermost.insert(cfg.block(b as Node), id_of[*o]);
            }
        }
        self.top_level
            .insert(region, tops.iter().map(|&i| id_of[i]).collect());

        // Irreducible cycles: what stays cyclic without the back edges.
        let comps = sccs(cfg, &reach, |u, v| !is_back(u, v));
        let mut cyclic: Vec<Vec<BlockId>> = comps
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|c| c.into_iter().map(|b| cfg.block(b)).collect())
            .collect();
        cyclic.sort_by_key(|c: &Vec<BlockId>| cfg.node(c[0]));
        if !cyclic.is_empty() {
            self.irreducible.insert(region, cyclic);
        }
    }

    /// Every loop, in id order.
    pub fn loops(&self) -> impl Iterator<Item = (LoopId, &Loop)> {
        self.loops
            .iter()
            .enumerate()
            .map(|(i, l)| (LoopId(i as u32), l))
    }

    pub fn len(&self) -> usize {
        self.loops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.loops.is_empty()
    }

    pub fn get(&self, l: LoopId) -> &Loop {
        &self.loops[l.index()]
    }

    /// The regions analysed, in pre-order.
    pub fn regions(&self) -> &[RegionId] {
        &self.regions
    }

    /// The outermost loops of a region, by header position.
    pub fn top_level_loops(&self, r: RegionId) -> &[LoopId] {
        self.top_level.get(&r).map_or(&[], |v| v.as_slice())
    }

    /// The innermost loop containing `b`.
    pub fn loop_of(&self, b: BlockId) -> Option<LoopId> {
        self.innermost.get(&b).copied()
    }

    /// Is `b` in loop `l` (or in a loop nested in it)?
    pub fn contains(&self, l: LoopId, b: BlockId) -> bool {
        let mut cur = self.loop_of(b);
        while let Some(c) = cur {
            if c == l {
                return true;
            }
            if self.loops[c.index()].depth <= self.loops[l.index()].depth {
                return false;
            }
            cur = self.loops[c.index()].parent;
        }
        false
    }

    /// Does loop `outer` contain loop `inner` (or equal it)?
    pub fn contains_loop(&self, outer: LoopId, inner: LoopId) -> bool {
        self.contains(outer, self.get(inner).header)
    }

    /// Number of loops containing `b` (0 outside loops).
    pub fn depth(&self, b: BlockId) -> u32 {
        self.loop_of(b).map_or(0, |l| self.get(l).depth)
    }

    /// The loop whose header is `b`, if any.
    pub fn loop_with_header(&self, b: BlockId) -> Option<LoopId> {
        self.loop_of(b).filter(|&l| self.get(l).header == b)
    }

    /// Is region `r` reducible (no irreducible cycles)?
    pub fn is_reducible(&self, r: RegionId) -> bool {
        !self.irreducible.contains_key(&r)
    }

    /// Is every analysed region reducible?
    pub fn all_reducible(&self) -> bool {
        self.irreducible.is_empty()
    }

    /// The irreducible cycles of a region: the strongly connected components
    /// left when back edges are removed, each in region order, ordered by
    /// their first block.
    pub fn irreducible_cycles(&self, r: RegionId) -> &[Vec<BlockId>] {
        self.irreducible.get(&r).map_or(&[], |v| v.as_slice())
    }

    /// Is `b` in an irreducible cycle?
    pub fn in_irreducible_cycle(&self, r: RegionId, b: BlockId) -> bool {
        self.irreducible_cycles(r).iter().any(|c| c.contains(&b))
    }
}

impl Analysis for LoopInfo {
    const NAME: &'static str = "LoopInfo";
    fn compute(ctx: &Context, op: OpId) -> Self {
        LoopInfo::compute(ctx, op)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Fixture, labels};

    fn names(f: &Fixture, bs: &[BlockId]) -> Vec<String> {
        labels(&f.ctx, bs)
    }

    #[test]
    fn nested_loops_with_two_latches_and_two_exits() {
        // ^bb1 outer header, ^bb2 inner header with latches ^bb3 and ^bb4;
        // the outer latch is ^bb5; ^bb3 also leaves both loops.
        let f = Fixture::new(
            "func.func @f(%c: i1) {\n\
             cf.br ^bb1\n\
             ^bb1:\n cf.br ^bb2\n\
             ^bb2:\n cf.cond_br %c, ^bb3, ^bb4\n\
             ^bb3:\n cf.cond_br %c, ^bb2, ^bb6\n\
             ^bb4:\n cf.cond_br %c, ^bb2, ^bb5\n\
             ^bb5:\n cf.cond_br %c, ^bb1, ^bb6\n\
             ^bb6:\n return\n}",
        );
        let li = LoopInfo::compute(&f.ctx, f.module);
        let b = f.blocks(0);
        assert_eq!(li.len(), 2);
        let outer = li.loop_of(b[1]).unwrap();
        let inner = li.loop_of(b[2]).unwrap();
        assert_ne!(outer, inner);
        assert_eq!(li.get(inner).parent(), Some(outer));
        assert_eq!(li.get(outer).children(), &[inner]);
        assert_eq!((li.get(outer).depth(), li.get(inner).depth()), (1, 2));
        assert_eq!(
            names(&f, li.get(outer).blocks()),
            ["^bb1", "^bb2", "^bb3", "^bb4", "^bb5"]
        );
        assert_eq!(names(&f, li.get(inner).blocks()), ["^bb2", "^bb3", "^bb4"]);
        assert_eq!(names(&f, li.get(inner).latches()), ["^bb3", "^bb4"]);
        assert_eq!(names(&f, li.get(inner).exiting_blocks()), ["^bb3", "^bb4"]);
        assert_eq!(names(&f, li.get(inner).exit_blocks()), ["^bb5", "^bb6"]);
        assert_eq!(names(&f, li.get(outer).exiting_blocks()), ["^bb3", "^bb5"]);
        assert_eq!(names(&f, li.get(outer).exit_blocks()), ["^bb6"]);
        let e = li.get(outer).exit_edges();
        assert_eq!(e.len(), 2);
        assert_eq!((e[0].from, e[0].succ_index, e[0].to), (b[3], 1, b[6]));
        assert_eq!(li.get(outer).preheader(), Some(b[0]));
        assert_eq!(li.get(inner).preheader(), Some(b[1]));
        assert!(li.contains(outer, b[3]) && li.contains(inner, b[3]));
        assert!(li.contains(outer, b[5]) && !li.contains(inner, b[5]));
        assert!(!li.contains(outer, b[0]) && !li.contains(outer, b[6]));
        assert_eq!(li.loop_of(b[5]), Some(outer));
        assert_eq!(li.loop_of(b[0]), None);
        assert_eq!([li.depth(b[0]), li.depth(b[5]), li.depth(b[4])], [0, 1, 2]);
        assert_eq!(li.loop_with_header(b[2]), Some(inner));
        assert_eq!(li.loop_with_header(b[3]), None);
        assert!(li.contains_loop(outer, inner) && !li.contains_loop(inner, outer));
        assert_eq!(li.top_level_loops(f.body(0)), &[outer]);
        assert!(li.is_reducible(f.body(0)) && li.all_reducible());
        // Ids are in nest pre-order.
        assert!(outer < inner);
    }

    #[test]
    fn self_loop_infinite_loop_and_unreachable_cycle() {
        let f = Fixture::new(
            "func.func @f(%c: i1) {\n\
             cf.cond_br %c, ^bb1, ^bb2\n\
             ^bb1:\n cf.cond_br %c, ^bb1, ^bb3\n\
             ^bb2:\n cf.br ^bb2\n\
             ^bb3:\n return\n\
             ^bb4:\n cf.br ^bb5\n\
             ^bb5:\n cf.br ^bb4\n}",
        );
        let li = LoopInfo::compute(&f.ctx, f.module);
        let b = f.blocks(0);
        assert_eq!(li.len(), 2, "the unreachable cycle is not a loop");
        let l1 = li.loop_of(b[1]).unwrap();
        assert_eq!(names(&f, li.get(l1).latches()), ["^bb1"]);
        assert_eq!(names(&f, li.get(l1).exit_blocks()), ["^bb3"]);
        // A preheader must only branch to the header: ^bb0 also goes to ^bb2.
        assert_eq!(li.get(l1).preheader(), None);
        assert_eq!(names(&f, li.get(l1).entering_blocks()), ["^bb0"]);
        let l2 = li.loop_of(b[2]).unwrap();
        assert!(li.get(l2).exit_blocks().is_empty() && li.get(l2).exit_edges().is_empty());
        assert_eq!(li.loop_of(b[4]), None);
        assert!(li.is_reducible(f.body(0)));
    }

    #[test]
    fn irreducible_cycle_is_reported_not_analysed() {
        // ^bb1 and ^bb2 form a cycle entered at both blocks: neither
        // dominates the other, so no edge of it is a back edge.
        let f = Fixture::new(
            "func.func @f(%c: i1) {\n\
             cf.cond_br %c, ^bb1, ^bb2\n\
             ^bb1:\n cf.cond_br %c, ^bb2, ^bb3\n\
             ^bb2:\n cf.br ^bb1\n\
             ^bb3:\n return\n}",
        );
        let li = LoopInfo::compute(&f.ctx, f.module);
        let b = f.blocks(0);
        assert!(li.is_empty());
        assert!(!li.is_reducible(f.body(0)) && !li.all_reducible());
        assert_eq!(li.irreducible_cycles(f.body(0)).len(), 1);
        assert_eq!(
            names(&f, &li.irreducible_cycles(f.body(0))[0]),
            ["^bb1", "^bb2"]
        );
        assert!(li.in_irreducible_cycle(f.body(0), b[2]));
        assert!(!li.in_irreducible_cycle(f.body(0), b[3]));
    }

    #[test]
    fn irreducible_cycle_inside_a_natural_loop() {
        // Outer loop ^bb1..^bb4 (latch ^bb4); inside, ^bb2 <-> ^bb3 is
        // entered at both blocks from ^bb1.
        let f = Fixture::new(
            "func.func @f(%c: i1) {\n\
             cf.br ^bb1\n\
             ^bb1:\n cf.cond_br %c, ^bb2, ^bb3\n\
             ^bb2:\n cf.cond_br %c, ^bb3, ^bb4\n\
             ^bb3:\n cf.cond_br %c, ^bb2, ^bb4\n\
             ^bb4:\n cf.cond_br %c, ^bb1, ^bb5\n\
             ^bb5:\n return\n}",
        );
        let li = LoopInfo::compute(&f.ctx, f.module);
        assert_eq!(li.len(), 1);
        let (l, lp) = li.loops().next().unwrap();
        assert_eq!(names(&f, lp.blocks()), ["^bb1", "^bb2", "^bb3", "^bb4"]);
        assert_eq!(li.loop_of(f.blocks(0)[2]), Some(l));
        assert_eq!(
            names(&f, &li.irreducible_cycles(f.body(0))[0]),
            ["^bb2", "^bb3"]
        );
    }

    #[test]
    fn loops_in_several_functions_and_nested_regions() {
        let f = Fixture::new(
            "func.func @a() {\n cf.br ^bb1\n ^bb1:\n cf.br ^bb1\n}\n\
             func.func @b(%c: i1) {\n cf.br ^bb1\n ^bb1:\n \"test.wrap\"() ({\n  cf.br ^bb1\n  ^bb1:\n  cf.br ^bb1\n }) : () -> ()\n cf.cond_br %c, ^bb1, ^bb2\n ^bb2:\n return\n}",
        );
        let li = LoopInfo::compute(&f.ctx, f.module);
        assert_eq!(li.len(), 3);
        let ids: Vec<_> = li.loops().map(|(_, l)| l.region()).collect();
        assert_eq!(ids[0], f.body(0));
        assert_eq!(ids[1], f.body(1));
        assert_ne!(ids[2], f.body(1));
        // The loop in the nested region is not nested in the enclosing one:
        // nests do not cross regions.
        let (_, inner) = li.loops().nth(2).unwrap();
        assert_eq!((inner.parent(), inner.depth()), (None, 1));
        // Computing on one function only sees that function.
        let only_a = LoopInfo::compute(&f.ctx, f.func(0));
        assert_eq!(only_a.len(), 1);
    }
}
