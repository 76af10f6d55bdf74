//! Canonical single-entry single-exit (SESE) regions and the program
//! structure tree (PST) of every region nested in an op, in time linear in
//! the size of each CFG, by cycle equivalence (Johnson, Pearson, Pingali,
//! PLDI'94).
//!
//! Definitions:
//! - The CFG is augmented with a START node (one edge into the entry block)
//!   and an END node (one edge from every block without successors). `G'`
//!   is the part of it that is reachable from START and reaches END; only
//!   its edges can be boundaries. `S` is `G'` plus an artificial edge
//!   END -> START, which makes it strongly connected.
//! - Two edges are cycle equivalent when every cycle of `S` through one
//!   goes through the other. In a strongly connected graph this is the same
//!   in the undirected multigraph, where it means "same set of brackets"
//!   (the backedges of a depth-first spanning tree that span the edge).
//! - Edges `a != b` bound a SESE region iff `a` dominates `b`, `b`
//!   post-dominates `a` and they are cycle equivalent; in `S` cycle
//!   equivalence alone forces one to dominate (and be post-dominated by)
//!   the other, so the edges of one class are totally ordered by dominance.
//!   A canonical region pairs each edge of a class with the next one in
//!   that order. A region's nodes are those its entry dominates and its
//!   exit does not; canonical regions are disjoint or nested: the PST.
//!
//! The algorithm, each step linear:
//! 1. Reachability from the entry and backwards from the exits gives `G'`;
//!    `S` is built as an edge list (START's edge first, then the edges of
//!    each block by source and slot, the END -> START edge last).
//! 2. An undirected depth-first search of `S` from START classifies edges
//!    as tree edges and backedges. Nodes are then processed children first
//!    with one bracket list each (a doubly linked list over an arena:
//!    push, delete, concatenate and size in O(1)). A node's list is its
//!    children's lists concatenated, minus the backedges and capping
//!    backedges that end at it, plus its own backedges, plus a capping
//!    backedge up to `hi2` when a second child reaches higher than the
//!    node's own backedges (`hi2 < hi0`). The tree edge above the node gets
//!    the class of the pair (top bracket, list size) — a bracket remembers
//!    the size and class it was last seen with; a backedge that is the only
//!    bracket of a tree edge shares its class, any other backedge gets a new
//!    class when deleted. Self-loops are on no other edge's cycles: they
//!    get no class and bound nothing.
//! 3. A directed depth-first search of `G'` from START examines every edge
//!    once; an edge dominating another is examined first (it lies on the
//!    tree path to the other's source), so the examination order lists each
//!    class in dominance order and consecutive pairs are the canonical
//!    regions. The artificial edge is never examined, so it bounds nothing.
//! 4. Along any path from START, the boundaries of one region alternate
//!    entry, exit, entry, ..., and a node of `G'` is in a region iff the
//!    last boundary of that region on the path is its entry; so the open
//!    regions form a stack. The innermost region of each node of `G'` is
//!    found along the directed search tree (an entry edge is always a tree
//!    edge, so each region's parent is set there). A block that is
//!    reachable but cannot reach END (an infinite loop, or on the way into
//!    one) is in the regions containing its immediate dominator (it is
//!    never a boundary), from [`lockstep_ir::dominance::DominanceInfo`],
//!    computed only when such blocks exist.
//!
//! Invariants and conventions:
//! - Edges are successor slots; the two edges of `cf.cond_br %c, ^bb1,
//!   ^bb1` are parallel edges and bound nothing (each is in a cycle with the
//!   other but not with its own successor's edges).
//! - Edges from which END is unreachable (inside or into infinite loops)
//!   bound no region; unreachable blocks are in no region. A region never
//!   contains END, so its exit always exists.
//! - Every region has at least one block (its entry edge's target). Block
//!   lists are in region order; region ids are in PST pre-order (the
//!   regions of IR regions in pre-order), children and top-level regions
//!   sorted by their first block.
//! - Cost: O(blocks + edges) per IR region for the tree; the block lists
//!   together hold each block once per enclosing region (size × depth).
//!   Nothing recurses.
//! - The characterisation checked pair by pair (quadratic) survives only as
//!   the test oracle in `sese/oracle.rs`.

use crate::cfg::{CfgEdge, CfgView, Node, RegionCfg, reachable, regions_under};
use lockstep_ir::dominance::DominanceInfo;
use lockstep_ir::{BlockId, Context, OpId, RegionId};
use lockstep_pass::Analysis;
use rustc_hash::FxHashMap;

#[cfg(test)]
mod oracle;
#[cfg(test)]
mod tests;

/// A boundary of a SESE region.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Boundary {
    /// The edge from START into the entry block.
    Entry,
    /// A CFG edge.
    Edge(CfgEdge),
    /// The edge from a block without successors to END.
    Exit(BlockId),
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct SeseId(u32);

impl SeseId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug)]
pub struct SeseRegion {
    region: RegionId,
    entry: Boundary,
    exit: Boundary,
    blocks: Vec<BlockId>,
    parent: Option<SeseId>,
    children: Vec<SeseId>,
    depth: u32,
}

impl SeseRegion {
    /// The IR region whose CFG holds this SESE region.
    pub fn region(&self) -> RegionId {
        self.region
    }
    pub fn entry(&self) -> Boundary {
        self.entry
    }
    pub fn exit(&self) -> Boundary {
        self.exit
    }
    /// The blocks inside, in region order.
    pub fn blocks(&self) -> &[BlockId] {
        &self.blocks
    }
    /// The smallest canonical region containing this one.
    pub fn parent(&self) -> Option<SeseId> {
        self.parent
    }
    pub fn children(&self) -> &[SeseId] {
        &self.children
    }
    /// 1 for a top-level region.
    pub fn depth(&self) -> u32 {
        self.depth
    }
}

/// The canonical SESE regions and the PST of every region nested in an op.
#[derive(Clone, Debug, Default)]
pub struct ProgramStructureTree {
    regions: Vec<SeseRegion>,
    top: FxHashMap<RegionId, Vec<SeseId>>,
    innermost: FxHashMap<BlockId, SeseId>,
}

/// A boundary in node terms: `Edge(from, k)` is the `k`-th entry of
/// `succs(from)` (a position, not a terminator slot).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum RawBound {
    Entry,
    Edge(Node, u32),
    Exit(Node),
}

#[derive(Clone, PartialEq, Eq, Debug)]
struct RawRegion {
    entry: RawBound,
    exit: RawBound,
    blocks: Vec<Node>,
    parent: Option<u32>,
    children: Vec<u32>,
}

/// The PST of one CFG over dense node numbers: regions in pre-order,
/// top-level regions and children by first block.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
struct RawPst {
    regions: Vec<RawRegion>,
    top: Vec<u32>,
    innermost: Vec<Option<u32>>,
}

/// "None" in the dense arrays below.
const NONE: u32 = u32::MAX;

/// A bracket list: the brackets are linked through [`Brackets`], `next`
/// pointing toward the top (the most recently pushed).
#[derive(Copy, Clone)]
struct BracketList {
    top: u32,
    bottom: u32,
    len: u32,
}

impl BracketList {
    const EMPTY: BracketList = BracketList {
        top: NONE,
        bottom: NONE,
        len: 0,
    };
}

/// The bracket arena: ids `0..m` are the edges of `S` (only backedges are
/// ever linked), capping backedges are appended after them.
struct Brackets {
    prev: Vec<u32>,
    next: Vec<u32>,
    recent_size: Vec<u32>,
    recent_class: Vec<u32>,
    /// The cycle-equivalence class, for edges.
    class: Vec<u32>,
    /// Next bracket in the intrusive list of brackets whose upper end is
    /// the same node (`down` lists).
    next_down: Vec<u32>,
}

impl Brackets {
    fn new(m: usize) -> Brackets {
        Brackets {
            prev: vec![NONE; m],
            next: vec![NONE; m],
            recent_size: vec![NONE; m],
            recent_class: vec![NONE; m],
            class: vec![NONE; m],
            next_down: vec![NONE; m],
        }
    }

    fn add(&mut self) -> u32 {
        let id = self.prev.len() as u32;
        self.prev.push(NONE);
        self.next.push(NONE);
        self.recent_size.push(NONE);
        self.recent_class.push(NONE);
        self.class.push(NONE);
        self.next_down.push(NONE);
        id
    }

    fn push(&mut self, l: &mut BracketList, b: u32) {
        self.prev[b as usize] = l.top;
        self.next[b as usize] = NONE;
        if l.top == NONE {
            l.bottom = b;
        } else {
            self.next[l.top as usize] = b;
        }
        l.top = b;
        l.len += 1;
    }

    fn delete(&mut self, l: &mut BracketList, b: u32) {
        let (p, q) = (self.prev[b as usize], self.next[b as usize]);
        if p == NONE {
            l.bottom = q;
        } else {
            self.next[p as usize] = q;
        }
        if q == NONE {
            l.top = p;
        } else {
            self.prev[q as usize] = p;
        }
        l.len -= 1;
    }

    /// Puts `c` on top of `l`.
    fn concat(&mut self, l: &mut BracketList, c: BracketList) {
        if c.len == 0 {
            return;
        }
        if l.len == 0 {
            *l = c;
            return;
        }
        self.next[l.top as usize] = c.bottom;
        self.prev[c.bottom as usize] = l.top;
        l.top = c.top;
        l.len += c.len;
    }
}

/// Computes the PST of one CFG. `block_idoms` gives the immediate dominator
/// of every block (`None` for the entry and unreachable blocks); it is only
/// called when some reachable block cannot reach an exit.
fn compute_raw<G: CfgView + ?Sized>(
    g: &G,
    block_idoms: impl FnOnce() -> Vec<Option<Node>>,
) -> RawPst {
    let n = g.num_nodes();
    let mut out = RawPst {
        innermost: vec![None; n],
        ..RawPst::default()
    };
    if n == 0 {
        return out;
    }

    // 1. G': reachable blocks that reach a block without successors.
    let reach = reachable(g);
    let mut live = vec![false; n];
    let mut work: Vec<Node> = (0..n as Node)
        .filter(|&x| reach[x as usize] && g.succs(x).is_empty())
        .collect();
    for &x in &work {
        live[x as usize] = true;
    }
    while let Some(x) = work.pop() {
        for &p in g.preds(x) {
            if reach[p as usize] && !live[p as usize] {
                live[p as usize] = true;
                work.push(p);
            }
        }
    }
    if !live[0] {
        return out;
    }

    // The edges of S. Vertices: blocks, then START, END.
    let (start, end) = (n as u32, n as u32 + 1);
    let nv = n + 2;
    let mut from: Vec<u32> = Vec::new();
    let mut to: Vec<u32> = Vec::new();
    let mut kind: Vec<RawBound> = Vec::new();
    let mut out_range = vec![(0u32, 0u32); nv];
    let mut add = |f: u32, t: u32, k: RawBound| {
        from.push(f);
        to.push(t);
        kind.push(k);
    };
    add(start, 0, RawBound::Entry);
    out_range[start as usize] = (0, 1);
    let mut m = 1u32;
    for x in 0..n as Node {
        if !live[x as usize] {
            continue;
        }
        let first = m;
        for (k, &t) in g.succs(x).iter().enumerate() {
            if live[t as usize] {
                add(x, t, RawBound::Edge(x, k as u32));
                m += 1;
            }
        }
        if g.succs(x).is_empty() {
            add(x, end, RawBound::Exit(x));
            m += 1;
        }
        out_range[x as usize] = (first, m);
    }
    // The artificial END -> START edge; its kind is never read.
    add(end, start, RawBound::Entry);
    let m = from.len();

    let classes = cycle_equivalence(nv, start, &from, &to);

    // 3. Canonical regions: consecutive edges of a class in the order a
    // directed depth-first search from START examines them.
    let mut disc = vec![false; nv];
    let mut tree_in = vec![NONE; nv];
    let mut dorder: Vec<u32> = vec![start];
    disc[start as usize] = true;
    let mut last_of_class = vec![NONE; m];
    let mut regions: Vec<(u32, u32)> = Vec::new();
    let mut entry_of = vec![NONE; m];
    let mut exit_of = vec![NONE; m];
    let mut stack: Vec<(u32, u32)> = vec![(start, out_range[start as usize].0)];
    while let Some(top) = stack.last_mut() {
        let (v, i) = *top;
        if i == out_range[v as usize].1 {
            stack.pop();
            continue;
        }
        top.1 += 1;
        let c = classes[i as usize];
        if c != NONE {
            let prev = last_of_class[c as usize];
            if prev != NONE {
                entry_of[prev as usize] = regions.len() as u32;
                exit_of[i as usize] = regions.len() as u32;
                regions.push((prev, i));
            }
            last_of_class[c as usize] = i;
        }
        let w = to[i as usize];
        if !disc[w as usize] {
            disc[w as usize] = true;
            tree_in[w as usize] = i;
            dorder.push(w);
            stack.push((w, out_range[w as usize].0));
        }
    }

    // 4. Innermost regions along the search tree, and each region's parent
    // when its entry (a tree edge) is crossed.
    let k = regions.len();
    let mut parent = vec![NONE; k];
    let mut cur = vec![NONE; nv];
    for &v in &dorder[1..] {
        let e = tree_in[v as usize] as usize;
        let mut c = cur[from[e] as usize];
        if exit_of[e] != NONE {
            debug_assert_eq!(c, exit_of[e], "an exit is crossed from inside");
            c = parent[exit_of[e] as usize];
        }
        if entry_of[e] != NONE {
            parent[entry_of[e] as usize] = c;
            c = entry_of[e];
        }
        cur[v as usize] = c;
    }
    // Reachable blocks outside G' follow their immediate dominator.
    if (0..n).any(|x| reach[x] && !live[x]) {
        let idom = block_idoms();
        let mut done = live.clone();
        let mut chain: Vec<Node> = Vec::new();
        for x in 0..n as Node {
            if !reach[x as usize] || done[x as usize] {
                continue;
            }
            let mut y = x;
            let mut c = NONE;
            loop {
                if done[y as usize] {
                    c = cur[y as usize];
                    break;
                }
                chain.push(y);
                match idom.get(y as usize).copied().flatten() {
                    Some(d) if reach[d as usize] => y = d,
                    _ => break,
                }
            }
            for z in chain.drain(..) {
                cur[z as usize] = c;
                done[z as usize] = true;
            }
        }
    }

    // Block lists in region order. A region is linked to its parent when it
    // gets its first block, so siblings come out sorted by first block.
    let mut blocks: Vec<Vec<Node>> = vec![Vec::new(); k];
    let mut kids: Vec<Vec<u32>> = vec![Vec::new(); k];
    let mut tops: Vec<u32> = Vec::new();
    for x in 0..n as Node {
        if !reach[x as usize] {
            continue;
        }
        let mut r = cur[x as usize];
        while r != NONE {
            if blocks[r as usize].is_empty() {
                match parent[r as usize] {
                    NONE => tops.push(r),
                    p => kids[p as usize].push(r),
                }
            }
            blocks[r as usize].push(x);
            r = parent[r as usize];
        }
    }
    let mut new_id = vec![NONE; k];
    let mut order: Vec<u32> = Vec::with_capacity(k);
    let mut stack: Vec<u32> = tops.iter().rev().copied().collect();
    while let Some(r) = stack.pop() {
        new_id[r as usize] = order.len() as u32;
        order.push(r);
        stack.extend(kids[r as usize].iter().rev());
    }
    let some = |r: u32| (r != NONE).then(|| new_id[r as usize]);
    for &r in &order {
        let (a, b) = regions[r as usize];
        out.regions.push(RawRegion {
            entry: kind[a as usize],
            exit: kind[b as usize],
            blocks: std::mem::take(&mut blocks[r as usize]),
            parent: some(parent[r as usize]),
            children: kids[r as usize]
                .iter()
                .map(|&c| new_id[c as usize])
                .collect(),
        });
    }
    out.top = tops.iter().map(|&r| new_id[r as usize]).collect();
    for x in 0..n {
        if reach[x] {
            out.innermost[x] = some(cur[x]);
        }
    }
    out
}

/// Step 2: the cycle-equivalence class of every edge of the strongly
/// connected multigraph given by `from`/`to` (vertices `0..nv`), `NONE` for
/// self-loops. Classes are dense numbers.
fn cycle_equivalence(nv: usize, root: u32, from: &[u32], to: &[u32]) -> Vec<u32> {
    let m = from.len();
    // Undirected adjacency, compressed; self-loops left out.
    let mut adj_start = vec![0u32; nv + 1];
    for e in 0..m {
        if from[e] != to[e] {
            adj_start[from[e] as usize + 1] += 1;
            adj_start[to[e] as usize + 1] += 1;
        }
    }
    for v in 0..nv {
        adj_start[v + 1] += adj_start[v];
    }
    let mut fill = adj_start.clone();
    let mut adj = vec![0u32; adj_start[nv] as usize];
    for e in 0..m {
        if from[e] != to[e] {
            for v in [from[e], to[e]] {
                adj[fill[v as usize] as usize] = e as u32;
                fill[v as usize] += 1;
            }
        }
    }

    // Undirected depth-first search: an edge met again from its other end
    // is skipped; a new edge to a visited vertex leads to an ancestor (a
    // finished vertex has met all its edges), so it is a backedge.
    let mut brackets = Brackets::new(m);
    let mut dfsnum = vec![NONE; nv];
    let mut parent_edge = vec![NONE; nv];
    let mut preorder: Vec<u32> = Vec::with_capacity(nv);
    let mut met = vec![false; m];
    let mut upper = vec![NONE; m];
    // Backedges by lower end (`up`) and by upper end (`down`, shared with
    // capping backedges), as intrusive lists.
    let mut up_head = vec![NONE; nv];
    let mut next_up = vec![NONE; m];
    let mut down_head = vec![NONE; nv];
    dfsnum[root as usize] = 0;
    preorder.push(root);
    let mut stack: Vec<(u32, u32)> = vec![(root, adj_start[root as usize])];
    while let Some(top) = stack.last_mut() {
        let (v, i) = *top;
        if i == adj_start[v as usize + 1] {
            stack.pop();
            continue;
        }
        top.1 += 1;
        let e = adj[i as usize];
        if met[e as usize] {
            continue;
        }
        met[e as usize] = true;
        let w = if from[e as usize] == v {
            to[e as usize]
        } else {
            from[e as usize]
        };
        if dfsnum[w as usize] == NONE {
            dfsnum[w as usize] = preorder.len() as u32;
            parent_edge[w as usize] = e;
            preorder.push(w);
            stack.push((w, adj_start[w as usize]));
        } else {
            upper[e as usize] = w;
            next_up[e as usize] = up_head[v as usize];
            up_head[v as usize] = e;
            brackets.next_down[e as usize] = down_head[w as usize];
            down_head[w as usize] = e;
        }
    }

    // Children before parents.
    let mut lists = vec![BracketList::EMPTY; nv];
    let mut hi = vec![NONE; nv];
    // The smallest and second smallest `hi` among each vertex's children.
    let mut child_hi1 = vec![NONE; nv];
    let mut child_hi2 = vec![NONE; nv];
    let mut classes = 0u32;
    let mut new_class = || {
        classes += 1;
        classes - 1
    };
    for &v in preorder.iter().rev() {
        let vi = v as usize;
        let mut hi0 = NONE;
        let mut b = up_head[vi];
        while b != NONE {
            hi0 = hi0.min(dfsnum[upper[b as usize] as usize]);
            b = next_up[b as usize];
        }
        let (hi1, hi2) = (child_hi1[vi], child_hi2[vi]);
        hi[vi] = hi0.min(hi1);

        let mut l = lists[vi];
        let mut b = down_head[vi];
        while b != NONE {
            brackets.delete(&mut l, b);
            if (b as usize) < m && brackets.class[b as usize] == NONE {
                brackets.class[b as usize] = new_class();
            }
            b = brackets.next_down[b as usize];
        }
        let mut b = up_head[vi];
        while b != NONE {
            brackets.push(&mut l, b);
            b = next_up[b as usize];
        }
        // A capping backedge hides a second child's brackets from the
        // edges above until they end (only if they end above `v`).
        if hi2 < hi0 && hi2 < dfsnum[vi] {
            let d = brackets.add();
            let t = preorder[hi2 as usize] as usize;
            brackets.next_down[d as usize] = down_head[t];
            down_head[t] = d;
            brackets.push(&mut l, d);
        }

        let e = parent_edge[vi];
        if e == NONE {
            continue;
        }
        let class = if l.len == 0 {
            // A bridge: impossible in a strongly connected graph.
            new_class()
        } else {
            let t = l.top as usize;
            if brackets.recent_size[t] != l.len {
                brackets.recent_size[t] = l.len;
                brackets.recent_class[t] = new_class();
            }
            let c = brackets.recent_class[t];
            if l.len == 1 {
                brackets.class[t] = c;
            }
            c
        };
        brackets.class[e as usize] = class;
        let p = if from[e as usize] == v {
            to[e as usize]
        } else {
            from[e as usize]
        } as usize;
        let mut pl = lists[p];
        brackets.concat(&mut pl, l);
        lists[p] = pl;
        let h = hi[vi];
        if h < child_hi1[p] {
            child_hi2[p] = child_hi1[p];
            child_hi1[p] = h;
        } else if h < child_hi2[p] {
            child_hi2[p] = h;
        }
    }
    brackets.class.truncate(m);
    brackets.class
}

impl ProgramStructureTree {
    pub fn compute(ctx: &Context, root: OpId) -> Self {
        let mut pst = ProgramStructureTree::default();
        let mut dom: Option<DominanceInfo> = None;
        for r in regions_under(ctx, root) {
            let cfg = RegionCfg::new(ctx, r);
            if cfg.num_nodes() == 0 {
                continue;
            }
            let raw = compute_raw(&cfg, || {
                let dom = dom.get_or_insert_with(|| DominanceInfo::compute(ctx, root));
                cfg.blocks()
                    .iter()
                    .map(|&b| dom.idom(b).and_then(|d| cfg.node(d)))
                    .collect()
            });
            pst.add_region(&cfg, raw);
        }
        pst
    }

    fn add_region(&mut self, cfg: &RegionCfg, raw: RawPst) {
        let base = self.regions.len() as u32;
        let id = |r: u32| SeseId(base + r);
        let boundary = |b: RawBound| match b {
            RawBound::Entry => Boundary::Entry,
            RawBound::Exit(x) => Boundary::Exit(cfg.block(x)),
            RawBound::Edge(x, k) => Boundary::Edge(CfgEdge {
                from: cfg.block(x),
                succ_index: cfg.succ_slots(x)[k as usize],
                to: cfg.block(cfg.succs(x)[k as usize]),
            }),
        };
        for r in raw.regions {
            let depth = r
                .parent
                .map_or(1, |p| self.regions[id(p).index()].depth + 1);
            self.regions.push(SeseRegion {
                region: cfg.region(),
                entry: boundary(r.entry),
                exit: boundary(r.exit),
                blocks: r.blocks.iter().map(|&b| cfg.block(b)).collect(),
                parent: r.parent.map(id),
                children: r.children.iter().map(|&c| id(c)).collect(),
                depth,
            });
        }
        for (x, r) in raw.innermost.iter().enumerate() {
            if let Some(r) = r {
                self.innermost.insert(cfg.block(x as Node), id(*r));
            }
        }
        self.top
            .insert(cfg.region(), raw.top.iter().map(|&r| id(r)).collect());
    }

    /// Every canonical region, in id (PST pre-order) order.
    pub fn regions(&self) -> impl Iterator<Item = (SeseId, &SeseRegion)> {
        self.regions
            .iter()
            .enumerate()
            .map(|(i, r)| (SeseId(i as u32), r))
    }

    pub fn get(&self, id: SeseId) -> &SeseRegion {
        &self.regions[id.index()]
    }

    pub fn len(&self) -> usize {
        self.regions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.regions.is_empty()
    }

    /// The outermost canonical regions of an IR region's CFG.
    pub fn top_level(&self, r: RegionId) -> &[SeseId] {
        self.top.get(&r).map_or(&[], |v| v.as_slice())
    }

    /// The smallest canonical region containing `b`.
    pub fn region_of(&self, b: BlockId) -> Option<SeseId> {
        self.innermost.get(&b).copied()
    }
}

impl Analysis for ProgramStructureTree {
    const NAME: &'static str = "ProgramStructureTree";
    fn compute(ctx: &Context, op: OpId) -> Self {
        ProgramStructureTree::compute(ctx, op)
    }
}
