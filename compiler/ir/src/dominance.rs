//! Dominance and post-dominance of the blocks and ops nested in an op.
//!
//! [`DominanceInfo::compute`] and [`PostDominanceInfo::compute`] build one
//! (post-)dominator tree per region nested in the root op (the root's own
//! regions included), with the Cooper–Harvey–Kennedy iterative algorithm
//! ("A Simple, Fast Dominance Algorithm", 2001) over reverse post-order.
//! Queries then answer without the context, except those about values, which
//! read the value's definition from it.
//!
//! Invariants and conventions:
//! - An analysis is a snapshot: it describes the IR as it was when computed,
//!   and any change to the IR under the root invalidates it. Queries about
//!   blocks or ops that were not under the root answer `false` / `None`.
//! - In a region, the CFG nodes are its blocks; the edges are the successors
//!   of each block's last op that are blocks of the same region. Successors
//!   elsewhere are ignored here (the verifier rejects them), so the analysis
//!   is total on any IR whose ownership links are consistent.
//! - Dominance is rooted at the entry block. A block unreachable from the
//!   entry has no immediate dominator and, as in MLIR and LLVM, is dominated
//!   by every block while dominating only itself; [`DominanceInfo::is_reachable`]
//!   tells them apart (the verifier does not check uses in such blocks).
//! - Post-dominance is rooted at a virtual exit node whose predecessors are
//!   the blocks without successors (return-like terminators, or no terminator
//!   at all), so regions with several exits have one post-dominator tree.
//!   Blocks that cannot reach any exit (infinite loops) get an extra edge to
//!   the virtual exit, from the block found last by a forward depth-first
//!   search started at the first such block in region order, repeatedly
//!   until every block reaches the exit; so every block has a post-dominator.
//! - Regions of ops with the `GRAPH_REGIONS` trait and of unregistered ops
//!   have no SSA dominance (MLIR's graph regions): within one block, every op
//!   dominates every other one, itself included.
//! - Across regions, a query is first normalised into the region of the
//!   (would-be) dominator by walking up from the other block or op to its
//!   ancestor in that region, as MLIR does: a value defined in an enclosing
//!   region dominates a use in a nested region iff it dominates the op that
//!   holds that region.
//! - Results are deterministic: they depend only on block order and on the
//!   order of successors, never on hashing. Nothing recurses, so arbitrarily
//!   deep nesting and long CFGs cannot overflow the stack.

use crate::context::Context;
use crate::entity::DenseMap;
use crate::ir::{BlockId, OpId, RegionId, ValueDef, ValueId};
use crate::opdef::Traits;
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// "No node": the immediate dominator of a root or an unreachable node, and
/// the tree number of an unreachable node.
const NONE: u32 = u32::MAX;

type Adjacency = Vec<SmallVec<[u32; 2]>>;

/// A (post-)dominator tree over the nodes `0..n` of one region's CFG.
#[derive(Clone, Debug, Default)]
struct Tree {
    /// Immediate dominator of each node; `NONE` for the root and for nodes
    /// unreachable from it.
    idom: Vec<u32>,
    /// Pre- and post-order numbers of each node in a depth-first walk of the
    /// tree; `a` dominates `b` iff `b`'s interval lies inside `a`'s. `NONE`
    /// for unreachable nodes.
    pre: Vec<u32>,
    post: Vec<u32>,
    /// Children of node `i` are `children[child_start[i]..child_start[i + 1]]`,
    /// in node order.
    child_start: Vec<u32>,
    children: Vec<BlockId>,
}

impl Tree {
    /// Builds the tree rooted at `root` of the graph with `n` nodes given by
    /// its successor and predecessor lists. `node_block` names nodes for the
    /// children lists (the virtual exit never is a child).
    fn build(
        n: usize,
        root: u32,
        succs: &Adjacency,
        preds: &Adjacency,
        node_block: &[BlockId],
    ) -> Tree {
        let idom = idoms(
            n,
            root,
            |x| &succs[x as usize][..],
            |x| &preds[x as usize][..],
        );

        // Children lists in node order (counting sort by parent).
        let mut child_start = vec![0u32; n + 1];
        for &d in &idom {
            if d != NONE {
                child_start[d as usize + 1] += 1;
            }
        }
        for i in 0..n {
            child_start[i + 1] += child_start[i];
        }
        let mut fill = child_start.clone();
        let mut child_nodes = vec![0u32; child_start[n] as usize];
        for (node, &d) in idom.iter().enumerate() {
            if d != NONE {
                child_nodes[fill[d as usize] as usize] = node as u32;
                fill[d as usize] += 1;
            }
        }

        // Interval numbering of the tree, again without recursion.
        let mut pre = vec![NONE; n];
        let mut post = vec![NONE; n];
        let mut counter = 0u32;
        let mut stack: Vec<(u32, u32)> = vec![(root, child_start[root as usize])];
        pre[root as usize] = counter;
        counter += 1;
        while let Some(top) = stack.last_mut() {
            let (node, next) = *top;
            if next < child_start[node as usize + 1] {
                top.1 += 1;
                let c = child_nodes[next as usize];
                pre[c as usize] = counter;
                counter += 1;
                stack.push((c, child_start[c as usize]));
            } else {
                post[node as usize] = counter;
                counter += 1;
                stack.pop();
            }
        }

        let children = child_nodes
            .iter()
            .map(|&c| node_block[c as usize])
            .collect();
        Tree {
            idom,
            pre,
            post,
            child_start,
            children,
        }
    }

    fn reachable(&self, node: u32) -> bool {
        self.pre[node as usize] != NONE
    }

    /// LLVM's rule: a node dominates itself, an unreachable node is
    /// dominated by everything and dominates nothing else.
    fn dominates(&self, a: u32, b: u32) -> bool {
        if a == b || !self.reachable(b) {
            return true;
        }
        if !self.reachable(a) {
            return false;
        }
        let (a, b) = (a as usize, b as usize);
        self.pre[a] <= self.pre[b] && self.post[b] <= self.post[a]
    }

    fn properly_dominates(&self, a: u32, b: u32) -> bool {
        a != b && self.dominates(a, b)
    }

    fn children(&self, node: u32) -> &[BlockId] {
        let n = node as usize;
        &self.children[self.child_start[n] as usize..self.child_start[n + 1] as usize]
    }
}

/// The nodes of a graph with `n` nodes reachable from `root`, in the
/// post-order of a depth-first walk that follows each node's `next` list in
/// order (so the edge order fixes it). Explicit stack: no recursion.
pub fn post_order<'g>(n: usize, root: u32, next: impl Fn(u32) -> &'g [u32]) -> Vec<u32> {
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut visited = vec![false; n];
    let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
    visited[root as usize] = true;
    while let Some(top) = stack.last_mut() {
        let (node, i) = *top;
        match next(node).get(i) {
            Some(&s) => {
                top.1 += 1;
                if !visited[s as usize] {
                    visited[s as usize] = true;
                    stack.push((s, 0));
                }
            }
            None => {
                order.push(node);
                stack.pop();
            }
        }
    }
    order
}

/// The blocks of `region` reachable from its entry block, in the
/// post-order of a depth-first walk following each terminator's successors
/// in slot order (each block once), like LLVM's `post_order`. Explicit
/// stack: no recursion.
pub fn block_post_order(ctx: &Context, region: RegionId) -> Vec<BlockId> {
    let Some(entry) = ctx.entry_block(region) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut seen: FxHashSet<BlockId> = FxHashSet::default();
    seen.insert(entry);
    let mut stack: Vec<(BlockId, usize)> = vec![(entry, 0)];
    while let Some(top) = stack.last_mut() {
        let (b, i) = *top;
        match ctx.succ_blocks(b).get(i) {
            Some(&s) => {
                top.1 += 1;
                if seen.insert(s) {
                    stack.push((s, 0));
                }
            }
            None => {
                out.push(b);
                stack.pop();
            }
        }
    }
    out
}

/// Immediate dominators of the nodes of a graph with `n` nodes, from
/// `root` along `next` (with `prev` the reverse edges): `None` for `root`
/// and for nodes unreachable from it. For graphs that are not a region's
/// CFG (augmented or edge-split views); swapping `next` and `prev` gives
/// post-dominators.
pub fn immediate_dominators<'g>(
    n: usize,
    root: u32,
    next: impl Fn(u32) -> &'g [u32],
    prev: impl Fn(u32) -> &'g [u32],
) -> Vec<Option<u32>> {
    idoms(n, root, next, prev)
        .into_iter()
        .map(|d| (d != NONE).then_some(d))
        .collect()
}

/// Cooper–Harvey–Kennedy: iterate to a fixed point over reverse post-order,
/// intersecting the dominators of processed predecessors. `NONE` for the
/// root and unreachable nodes.
fn idoms<'g>(
    n: usize,
    root: u32,
    next: impl Fn(u32) -> &'g [u32],
    prev: impl Fn(u32) -> &'g [u32],
) -> Vec<u32> {
    let postorder = post_order(n, root, next);
    let mut rpo_num = vec![NONE; n];
    for (i, &node) in postorder.iter().rev().enumerate() {
        rpo_num[node as usize] = i as u32;
    }
    let mut idom = vec![NONE; n];
    idom[root as usize] = root;
    let mut changed = true;
    while changed {
        changed = false;
        for &b in postorder.iter().rev().skip(1) {
            let mut new_idom = NONE;
            for &p in prev(b) {
                if idom[p as usize] == NONE {
                    // Unreachable, or not yet processed in this sweep.
                    continue;
                }
                new_idom = if new_idom == NONE {
                    p
                } else {
                    intersect(p, new_idom, &idom, &rpo_num)
                };
            }
            if idom[b as usize] != new_idom {
                idom[b as usize] = new_idom;
                changed = true;
            }
        }
    }
    // The root is its own dominator only inside the algorithm.
    idom[root as usize] = NONE;
    idom
}

/// The common dominator of `a` and `b`, walking up by reverse post-order number.
fn intersect(mut a: u32, mut b: u32, idom: &[u32], rpo_num: &[u32]) -> u32 {
    while a != b {
        while rpo_num[a as usize] > rpo_num[b as usize] {
            a = idom[a as usize];
        }
        while rpo_num[b as usize] > rpo_num[a as usize] {
            b = idom[b as usize];
        }
    }
    a
}

/// One region of the analysis.
#[derive(Clone, Debug)]
struct RegionInfo {
    /// The op owning the region.
    parent_op: OpId,
    /// The block holding `parent_op`, when that op is under the root.
    parent_block: Option<BlockId>,
    /// Blocks in region order; block `i` is tree node `i`.
    blocks: Vec<BlockId>,
    /// False for graph regions: no order within a block.
    ssa: bool,
    tree: Tree,
}

/// The shared machinery of dominance and post-dominance.
#[derive(Clone, Debug)]
struct Forest {
    root: OpId,
    post: bool,
    regions: Vec<RegionInfo>,
    region_index: FxHashMap<RegionId, u32>,
    /// Each block's region (index into `regions`) and node number.
    block_node: DenseMap<BlockId, (u32, u32)>,
    /// Each op's block and position in it.
    op_pos: DenseMap<OpId, (BlockId, u32)>,
}

/// Do the regions of `op` order the ops of their blocks (SSA dominance)?
/// Unregistered ops may hold graph regions, so MLIR assumes they do.
fn region_has_ssa_dominance(ctx: &Context, op: OpId) -> bool {
    ctx.def_of(op)
        .is_some_and(|d| !d.has(Traits::GRAPH_REGIONS))
}

impl Forest {
    fn compute(ctx: &Context, root: OpId, post: bool) -> Forest {
        let mut f = Forest {
            root,
            post,
            regions: Vec::new(),
            region_index: FxHashMap::default(),
            block_node: DenseMap::default(),
            op_pos: DenseMap::default(),
        };
        // Regions are visited in pre-order with an explicit stack.
        let mut pending: Vec<(RegionId, OpId, Option<BlockId>)> = ctx
            .regions(root)
            .iter()
            .rev()
            .map(|&r| (r, root, None))
            .collect();
        while let Some((region, parent_op, parent_block)) = pending.pop() {
            let index = f.regions.len() as u32;
            let blocks: Vec<BlockId> = ctx.region_blocks(region).to_vec();
            let mut nested: Vec<(RegionId, OpId, Option<BlockId>)> = Vec::new();
            for (node, &b) in blocks.iter().enumerate() {
                f.block_node.insert(b, (index, node as u32));
                for (pos, op) in ctx.block_ops(b).enumerate() {
                    f.op_pos.insert(op, (b, pos as u32));
                    nested.extend(ctx.regions(op).iter().map(|&r| (r, op, Some(b))));
                }
            }
            pending.extend(nested.into_iter().rev());
            let tree = f.region_tree(ctx, index, &blocks);
            f.region_index.insert(region, index);
            f.regions.push(RegionInfo {
                parent_op,
                parent_block,
                blocks,
                ssa: region_has_ssa_dominance(ctx, parent_op),
                tree,
            });
        }
        f
    }

    fn region_tree(&self, ctx: &Context, index: u32, blocks: &[BlockId]) -> Tree {
        let n = blocks.len();
        if n == 0 {
            return Tree {
                child_start: vec![0; if self.post { 2 } else { 1 }],
                ..Tree::default()
            };
        }
        let mut succs: Adjacency = vec![SmallVec::new(); n];
        let mut preds: Adjacency = vec![SmallVec::new(); n];
        for (i, &b) in blocks.iter().enumerate() {
            for s in ctx.succ_blocks(b) {
                if let Some(&(r, node)) = self.block_node.get(*s)
                    && r == index
                {
                    succs[i].push(node);
                    preds[node as usize].push(i as u32);
                }
            }
        }
        if !self.post {
            return Tree::build(n, 0, &succs, &preds, blocks);
        }
        post_dominator_tree(n, &succs, &preds, blocks)
    }

    fn region_of(&self, b: BlockId) -> Option<u32> {
        self.block_node.get(b).map(|&(r, _)| r)
    }

    /// The ancestor of `b` (or `b` itself) that is a block of region `region`.
    fn ancestor_block_in(&self, region: u32, mut b: BlockId) -> Option<BlockId> {
        loop {
            let r = self.region_of(b)?;
            if r == region {
                return Some(b);
            }
            b = self.regions[r as usize].parent_block?;
        }
    }

    /// The ancestor of `op` (or `op` itself) that is in a block of region `region`.
    fn ancestor_op_in(&self, region: u32, mut op: OpId) -> Option<OpId> {
        loop {
            let &(b, _) = self.op_pos.get(op)?;
            let r = self.region_of(b)?;
            if r == region {
                return Some(op);
            }
            // The root is not in `op_pos`, so the walk ends there.
            op = self.regions[r as usize].parent_op;
        }
    }

    fn properly_dominates_block(&self, a: BlockId, b: BlockId) -> bool {
        let Some(&(ra, na)) = self.block_node.get(a) else {
            return false;
        };
        let info = &self.regions[ra as usize];
        if a == b {
            return !info.ssa;
        }
        let Some(b) = self.ancestor_block_in(ra, b) else {
            return false;
        };
        if a == b {
            // `a` holds the op whose region holds the original `b`.
            return true;
        }
        let nb = self.block_node[b].1;
        info.tree.properly_dominates(na, nb)
    }

    fn dominates_block(&self, a: BlockId, b: BlockId) -> bool {
        (a == b && self.block_node.contains_key(a)) || self.properly_dominates_block(a, b)
    }

    /// MLIR's `properlyDominatesImpl`: with `enclosing_ok`, an op dominates
    /// the ops nested in its regions.
    fn properly_dominates_op(&self, a: OpId, b: OpId, enclosing_ok: bool) -> bool {
        let Some(&(a_block, a_pos)) = self.op_pos.get(a) else {
            return false;
        };
        let Some(ra) = self.region_of(a_block) else {
            return false;
        };
        let info = &self.regions[ra as usize];
        if a == b {
            return !info.ssa;
        }
        let Some(b) = self.ancestor_op_in(ra, b) else {
            return false;
        };
        if a == b && enclosing_ok {
            return true;
        }
        let (b_block, b_pos) = self.op_pos[b];
        if a_block == b_block {
            if !info.ssa {
                return true;
            }
            return if self.post {
                b_pos < a_pos
            } else {
                a_pos < b_pos
            };
        }
        let (na, nb) = (self.block_node[a_block].1, self.block_node[b_block].1);
        info.tree.properly_dominates(na, nb)
    }

    /// Is `v` defined before `user` may use it (MLIR's
    /// `properlyDominates(Value, Operation *)`)?
    fn value_properly_dominates(&self, ctx: &Context, v: ValueId, user: OpId) -> bool {
        match ctx.value_def(v) {
            // A block's arguments dominate all of its ops.
            ValueDef::BlockArg { block, .. } => {
                let Some(&(user_block, _)) = self.op_pos.get(user) else {
                    return false;
                };
                self.dominates_block(block, user_block)
            }
            // An op's results are not visible inside its own regions.
            ValueDef::Result { op, .. } => self.properly_dominates_op(op, user, false),
        }
    }

    fn tree_of(&self, b: BlockId) -> Option<(&RegionInfo, u32)> {
        let &(r, node) = self.block_node.get(b)?;
        Some((&self.regions[r as usize], node))
    }

    fn children(&self, b: BlockId) -> &[BlockId] {
        match self.tree_of(b) {
            Some((info, node)) => info.tree.children(node),
            None => &[],
        }
    }

    fn has_ssa_dominance(&self, r: RegionId) -> bool {
        self.region_index
            .get(&r)
            .is_some_and(|&i| self.regions[i as usize].ssa)
    }

    fn region_blocks(&self, r: RegionId) -> &[BlockId] {
        match self.region_index.get(&r) {
            Some(&i) => &self.regions[i as usize].blocks,
            None => &[],
        }
    }
}

/// The post-dominator tree of a region's CFG with `n` blocks, rooted at a
/// virtual exit node numbered `n`.
fn post_dominator_tree(n: usize, succs: &Adjacency, preds: &Adjacency, blocks: &[BlockId]) -> Tree {
    let exit = n as u32;
    // The reverse graph: edges run from a block to its CFG predecessors, and
    // from the exit to every block without successors.
    let mut rsuccs: Adjacency = preds.clone();
    let mut rpreds: Adjacency = succs.clone();
    let mut exit_succs: SmallVec<[u32; 2]> = SmallVec::new();
    for (i, s) in succs.iter().enumerate() {
        if s.is_empty() {
            exit_succs.push(i as u32);
            rpreds[i].push(exit);
        }
    }
    rsuccs.push(exit_succs);
    rpreds.push(SmallVec::new());

    // Which blocks reach the exit; the others are in or before infinite loops.
    let mut covered = vec![false; n + 1];
    mark_reachable(exit, &rsuccs, &mut covered);
    let mut stack: Vec<(u32, u32)> = Vec::new();
    // `seen[i] == stamp` marks the nodes of the current search.
    let mut seen = vec![u32::MAX; n];
    for start in 0..n {
        if covered[start] {
            continue;
        }
        // Everything reachable from an uncovered block is uncovered too (else
        // the block would reach the exit). The block discovered last is the
        // deepest point of the loop nest ahead: connecting it to the exit lets
        // the blocks before it post-dominate-chain towards it.
        let stamp = start as u32;
        let mut last = start as u32;
        seen[start] = stamp;
        stack.clear();
        stack.push((start as u32, 0));
        while let Some(top) = stack.last_mut() {
            let (node, next) = *top;
            match succs[node as usize].get(next as usize) {
                Some(&s) => {
                    top.1 += 1;
                    if seen[s as usize] != stamp {
                        seen[s as usize] = stamp;
                        last = s;
                        stack.push((s, 0));
                    }
                }
                None => {
                    stack.pop();
                }
            }
        }
        rsuccs[n].push(last);
        rpreds[last as usize].push(exit);
        mark_reachable(last, &rsuccs, &mut covered);
    }
    Tree::build(n + 1, exit, &rsuccs, &rpreds, blocks)
}

/// Marks every node reachable from `from` (and `from` itself).
fn mark_reachable(from: u32, succs: &Adjacency, marked: &mut [bool]) {
    if marked[from as usize] {
        return;
    }
    marked[from as usize] = true;
    let mut work = vec![from];
    while let Some(node) = work.pop() {
        for &s in &succs[node as usize] {
            if !marked[s as usize] {
                marked[s as usize] = true;
                work.push(s);
            }
        }
    }
}

/// Dominance of the blocks and ops nested in an op. See the module doc for
/// the conventions (unreachable blocks, graph regions, nesting).
#[derive(Clone, Debug)]
pub struct DominanceInfo {
    forest: Forest,
}

impl DominanceInfo {
    /// Computes dominator trees for every region nested in `op`.
    pub fn compute(ctx: &Context, op: OpId) -> Self {
        DominanceInfo {
            forest: Forest::compute(ctx, op, false),
        }
    }

    /// The op this analysis was computed for.
    pub fn root(&self) -> OpId {
        self.forest.root
    }

    /// Does the region order the ops of each block (false for graph regions
    /// and regions of unregistered ops, and for regions not analysed)?
    pub fn has_ssa_dominance(&self, r: RegionId) -> bool {
        self.forest.has_ssa_dominance(r)
    }

    /// Is `b` reachable from the entry block of its region?
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.forest
            .tree_of(b)
            .is_some_and(|(info, node)| info.tree.reachable(node))
    }

    /// Does `a` dominate `b`? A block dominates itself, and a block holding
    /// (through nested ops) the region of `b` dominates `b`.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        self.forest.dominates_block(a, b)
    }

    /// Does `a` dominate `b` and differ from it? (In a graph region a block
    /// properly dominates itself, as in MLIR.)
    pub fn properly_dominates(&self, a: BlockId, b: BlockId) -> bool {
        self.forest.properly_dominates_block(a, b)
    }

    /// The immediate dominator of `b`; `None` for entry blocks, unreachable
    /// blocks and blocks not analysed.
    pub fn idom(&self, b: BlockId) -> Option<BlockId> {
        let (info, node) = self.forest.tree_of(b)?;
        let d = info.tree.idom[node as usize];
        (d != NONE).then(|| info.blocks[d as usize])
    }

    /// The blocks `b` immediately dominates, in region order.
    pub fn children(&self, b: BlockId) -> &[BlockId] {
        self.forest.children(b)
    }

    /// The blocks of an analysed region, in order (empty if not analysed).
    pub fn region_blocks(&self, r: RegionId) -> &[BlockId] {
        self.forest.region_blocks(r)
    }

    /// Does op `a` dominate op `b`: `a == b`, `a` encloses `b`, or `a`
    /// properly dominates `b`?
    pub fn op_dominates(&self, a: OpId, b: OpId) -> bool {
        (a == b && self.forest.op_pos.contains_key(a))
            || self.forest.properly_dominates_op(a, b, true)
    }

    /// Does op `a` execute before `b` on every path, or enclose it? (MLIR's
    /// `properlyDominates(Operation *, Operation *)`.)
    pub fn op_properly_dominates(&self, a: OpId, b: OpId) -> bool {
        self.forest.properly_dominates_op(a, b, true)
    }

    /// May `user` use `v` as an operand: is `v`'s definition available at
    /// `user`? Block arguments dominate their block's ops; op results
    /// dominate the ops their op properly dominates, but not the ops nested
    /// in the defining op's own regions. (MLIR's
    /// `properlyDominates(Value, Operation *)`.)
    pub fn value_properly_dominates(&self, ctx: &Context, v: ValueId, user: OpId) -> bool {
        self.forest.value_properly_dominates(ctx, v, user)
    }

    /// As [`value_properly_dominates`](Self::value_properly_dominates), but
    /// also true when `user` is the op defining `v` (MLIR's
    /// `dominates(Value, Operation *)`).
    pub fn value_dominates(&self, ctx: &Context, v: ValueId, user: OpId) -> bool {
        ctx.defining_op(v) == Some(user) || self.value_properly_dominates(ctx, v, user)
    }
}

/// The parent of a block in a post-dominator tree.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PostDomParent {
    Block(BlockId),
    /// The virtual exit joining all blocks without successors.
    VirtualExit,
}

/// Post-dominance of the blocks and ops nested in an op, with a virtual exit
/// per region. See the module doc for the conventions.
#[derive(Clone, Debug)]
pub struct PostDominanceInfo {
    forest: Forest,
}

impl PostDominanceInfo {
    /// Computes post-dominator trees for every region nested in `op`.
    pub fn compute(ctx: &Context, op: OpId) -> Self {
        PostDominanceInfo {
            forest: Forest::compute(ctx, op, true),
        }
    }

    /// The op this analysis was computed for.
    pub fn root(&self) -> OpId {
        self.forest.root
    }

    /// Does every path from `b` to an exit go through `a`? A block
    /// post-dominates itself, and a block holding the region of `b`
    /// post-dominates `b`.
    pub fn post_dominates(&self, a: BlockId, b: BlockId) -> bool {
        self.forest.dominates_block(a, b)
    }

    /// Post-dominates and differs (in a graph region, also itself).
    pub fn properly_post_dominates(&self, a: BlockId, b: BlockId) -> bool {
        self.forest.properly_dominates_block(a, b)
    }

    /// The immediate post-dominator of `b`, possibly the virtual exit;
    /// `None` only for blocks not analysed.
    pub fn ipdom(&self, b: BlockId) -> Option<PostDomParent> {
        let (info, node) = self.forest.tree_of(b)?;
        let d = info.tree.idom[node as usize];
        Some(if d as usize == info.blocks.len() {
            PostDomParent::VirtualExit
        } else {
            PostDomParent::Block(info.blocks[d as usize])
        })
    }

    /// The blocks `b` immediately post-dominates, in region order.
    pub fn children(&self, b: BlockId) -> &[BlockId] {
        self.forest.children(b)
    }

    /// The blocks immediately post-dominated by the virtual exit of region
    /// `r`, in region order.
    pub fn exit_children(&self, r: RegionId) -> &[BlockId] {
        match self.forest.region_index.get(&r) {
            Some(&i) => {
                let info = &self.forest.regions[i as usize];
                info.tree.children(info.blocks.len() as u32)
            }
            None => &[],
        }
    }

    /// Does op `a` post-dominate op `b` (`a == b`, `a` encloses `b`, or `a`
    /// properly post-dominates `b`)?
    pub fn op_post_dominates(&self, a: OpId, b: OpId) -> bool {
        (a == b && self.forest.op_pos.contains_key(a))
            || self.forest.properly_dominates_op(a, b, true)
    }

    /// Is `a` executed after `b` on every path from `b` to an exit, or does
    /// it enclose `b`?
    pub fn op_properly_post_dominates(&self, a: OpId, b: OpId) -> bool {
        self.forest.properly_dominates_op(a, b, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opdef::{Dialect, OpDef, SuccessorSpec};
    use crate::parser::parse_source;

    static OP: OpDef = OpDef {
        name: "d.op",
        ..OpDef::DEFAULT
    };
    static BR: OpDef = OpDef {
        name: "d.br",
        successors: SuccessorSpec::Variadic,
        traits: Traits::TERMINATOR,
        ..OpDef::DEFAULT
    };
    static RET: OpDef = OpDef {
        name: "d.ret",
        traits: Traits::TERMINATOR,
        ..OpDef::DEFAULT
    };
    static WRAP: OpDef = OpDef {
        name: "d.wrap",
        ..OpDef::DEFAULT
    };
    static GRAPH: OpDef = OpDef {
        name: "d.graph",
        traits: Traits::GRAPH_REGIONS,
        ..OpDef::DEFAULT
    };
    static D: Dialect = Dialect {
        name: "d",
        summary: "dominance tests",
        ops: &[&OP, &BR, &RET, &WRAP, &GRAPH],
        materialize_constant: None,
        allows_unknown_ops: true,
    };

    /// Parses `body` as the region of a `d.wrap` in a module; returns the
    /// context, that op and its blocks.
    fn parse(body: &str) -> (Context, OpId, Vec<BlockId>) {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        ctx.register_dialect(&D);
        let src = format!("\"d.wrap\"() ({{\n{body}\n}}) : () -> ()\n");
        let module =
            parse_source(&mut ctx, "t.mlir", &src, 1).unwrap_or_else(|d| panic!("{}", d.message));
        let f = ctx
            .block_ops(ctx.region_blocks(ctx.region(module, 0))[0])
            .next()
            .unwrap();
        let blocks = ctx.region_blocks(ctx.region(f, 0)).to_vec();
        (ctx, f, blocks)
    }

    /// The op carrying `{n = "<tag>"}`.
    fn tagged(ctx: &Context, root: OpId, tag: &str) -> OpId {
        let want = ctx.str_attr(tag);
        ctx.collect_pre(root)
            .into_iter()
            .find(|&o| ctx.attr_of(o, "n") == Some(want))
            .unwrap_or_else(|| panic!("no op {tag}"))
    }

    fn pd(b: BlockId) -> Option<PostDomParent> {
        Some(PostDomParent::Block(b))
    }
    const EXIT: Option<PostDomParent> = Some(PostDomParent::VirtualExit);

    #[test]
    fn diamond() {
        let (ctx, f, b) = parse(
            "^bb0:\n \"d.br\"()[^bb1, ^bb2] : () -> ()\n^bb1:\n \"d.br\"()[^bb3] : () -> ()\n\
             ^bb2:\n \"d.br\"()[^bb3] : () -> ()\n^bb3:\n \"d.ret\"() : () -> ()",
        );
        let dom = DominanceInfo::compute(&ctx, f);
        assert_eq!(dom.root(), f);
        assert_eq!(
            [
                dom.idom(b[0]),
                dom.idom(b[1]),
                dom.idom(b[2]),
                dom.idom(b[3])
            ],
            [None, Some(b[0]), Some(b[0]), Some(b[0])]
        );
        assert_eq!(dom.children(b[0]), &[b[1], b[2], b[3]]);
        assert!(dom.children(b[1]).is_empty());
        assert!(dom.dominates(b[0], b[3]) && dom.properly_dominates(b[0], b[3]));
        assert!(
            !dom.dominates(b[1], b[3]) && !dom.dominates(b[2], b[3]) && !dom.dominates(b[3], b[0])
        );
        assert!(dom.dominates(b[3], b[3]) && !dom.properly_dominates(b[3], b[3]));
        assert!(b.iter().all(|&x| dom.is_reachable(x)));

        let pdom = PostDominanceInfo::compute(&ctx, f);
        assert_eq!(
            [
                pdom.ipdom(b[0]),
                pdom.ipdom(b[1]),
                pdom.ipdom(b[2]),
                pdom.ipdom(b[3])
            ],
            [pd(b[3]), pd(b[3]), pd(b[3]), EXIT]
        );
        assert_eq!(pdom.exit_children(ctx.region(f, 0)), &[b[3]]);
        assert_eq!(pdom.children(b[3]), &[b[0], b[1], b[2]]);
        assert!(pdom.post_dominates(b[3], b[0]) && pdom.properly_post_dominates(b[3], b[1]));
        assert!(!pdom.post_dominates(b[1], b[0]) && !pdom.post_dominates(b[0], b[3]));
    }

    #[test]
    fn natural_loop() {
        // bb0 -> bb1 (header) -> bb2 (body) -> bb1; bb1 -> bb3 (exit).
        let (ctx, f, b) = parse(
            "^bb0:\n \"d.br\"()[^bb1] : () -> ()\n^bb1:\n \"d.br\"()[^bb2, ^bb3] : () -> ()\n\
             ^bb2:\n \"d.br\"()[^bb1] : () -> ()\n^bb3:\n \"d.ret\"() : () -> ()",
        );
        let dom = DominanceInfo::compute(&ctx, f);
        assert_eq!(
            [dom.idom(b[1]), dom.idom(b[2]), dom.idom(b[3])],
            [Some(b[0]), Some(b[1]), Some(b[1])]
        );
        assert!(dom.dominates(b[1], b[2]) && !dom.dominates(b[2], b[1]));
        let pdom = PostDominanceInfo::compute(&ctx, f);
        assert_eq!(
            [
                pdom.ipdom(b[0]),
                pdom.ipdom(b[1]),
                pdom.ipdom(b[2]),
                pdom.ipdom(b[3])
            ],
            [pd(b[1]), pd(b[3]), pd(b[1]), EXIT]
        );
    }

    #[test]
    fn multiple_exits_join_at_the_virtual_exit() {
        let (ctx, f, b) = parse(
            "^bb0:\n \"d.br\"()[^bb1, ^bb2] : () -> ()\n^bb1:\n \"d.ret\"() : () -> ()\n^bb2:\n \"d.ret\"() : () -> ()",
        );
        let pdom = PostDominanceInfo::compute(&ctx, f);
        assert_eq!(
            [pdom.ipdom(b[0]), pdom.ipdom(b[1]), pdom.ipdom(b[2])],
            [EXIT, EXIT, EXIT]
        );
        assert_eq!(pdom.exit_children(ctx.region(f, 0)), &[b[0], b[1], b[2]]);
        assert!(!pdom.post_dominates(b[1], b[0]) && !pdom.post_dominates(b[2], b[0]));
    }

    #[test]
    fn infinite_loops_get_post_dominators() {
        // No exit at all: the loop's last block found is tied to the exit.
        let (ctx, f, b) = parse(
            "^bb0:\n \"d.br\"()[^bb1] : () -> ()\n^bb1:\n \"d.br\"()[^bb2] : () -> ()\n^bb2:\n \"d.br\"()[^bb1] : () -> ()",
        );
        let pdom = PostDominanceInfo::compute(&ctx, f);
        assert_eq!(
            [pdom.ipdom(b[0]), pdom.ipdom(b[1]), pdom.ipdom(b[2])],
            [pd(b[1]), pd(b[2]), EXIT]
        );
        let dom = DominanceInfo::compute(&ctx, f);
        assert_eq!([dom.idom(b[1]), dom.idom(b[2])], [Some(b[0]), Some(b[1])]);

        // An exit on one side, an infinite loop on the other.
        let (ctx, f, b) = parse(
            "^bb0:\n \"d.br\"()[^bb1, ^bb3] : () -> ()\n^bb1:\n \"d.br\"()[^bb2] : () -> ()\n\
             ^bb2:\n \"d.br\"()[^bb1] : () -> ()\n^bb3:\n \"d.ret\"() : () -> ()",
        );
        let pdom = PostDominanceInfo::compute(&ctx, f);
        assert_eq!(
            [
                pdom.ipdom(b[0]),
                pdom.ipdom(b[1]),
                pdom.ipdom(b[2]),
                pdom.ipdom(b[3])
            ],
            [EXIT, pd(b[2]), EXIT, EXIT]
        );
        // A self loop.
        let (ctx, f, b) =
            parse("^bb0:\n \"d.br\"()[^bb1] : () -> ()\n^bb1:\n \"d.br\"()[^bb1] : () -> ()");
        let pdom = PostDominanceInfo::compute(&ctx, f);
        assert_eq!([pdom.ipdom(b[0]), pdom.ipdom(b[1])], [pd(b[1]), EXIT]);
    }

    #[test]
    fn unreachable_blocks() {
        let (ctx, f, b) = parse(
            "^bb0:\n \"d.ret\"() : () -> ()\n^bb1:\n \"d.br\"()[^bb2] : () -> ()\n^bb2:\n \"d.ret\"() : () -> ()",
        );
        let dom = DominanceInfo::compute(&ctx, f);
        assert!(dom.is_reachable(b[0]) && !dom.is_reachable(b[1]) && !dom.is_reachable(b[2]));
        assert_eq!([dom.idom(b[1]), dom.idom(b[2])], [None, None]);
        // As in MLIR: everything dominates an unreachable block, which
        // dominates only itself.
        assert!(dom.dominates(b[0], b[1]) && dom.properly_dominates(b[0], b[2]));
        assert!(!dom.dominates(b[1], b[0]));
        assert!(dom.dominates(b[1], b[1]) && !dom.properly_dominates(b[1], b[1]));
        assert!(dom.children(b[1]).is_empty());
        let pdom = PostDominanceInfo::compute(&ctx, f);
        assert_eq!(
            [pdom.ipdom(b[0]), pdom.ipdom(b[1]), pdom.ipdom(b[2])],
            [EXIT, pd(b[2]), EXIT]
        );
    }

    #[test]
    fn ops_and_values_across_nested_regions() {
        let (ctx, f, b) = parse(
            "^bb0:\n %0 = \"d.op\"() {n = \"def\"} : () -> i32\n\
             %w = \"d.wrap\"() ({\n  %1 = \"d.op\"(%0) {n = \"inner\"} : (i32) -> i32\n  \"d.ret\"() {n = \"iret\"} : () -> ()\n }) {n = \"wrap\"} : () -> i32\n\
             %2 = \"d.op\"() {n = \"later\"} : () -> i32\n \"d.br\"()[^bb1] : () -> ()\n\
             ^bb1:\n \"d.ret\"() {n = \"ret\"} : () -> ()",
        );
        let (def, inner, wrap, later, ret) = (
            tagged(&ctx, f, "def"),
            tagged(&ctx, f, "inner"),
            tagged(&ctx, f, "wrap"),
            tagged(&ctx, f, "later"),
            tagged(&ctx, f, "ret"),
        );
        let dom = DominanceInfo::compute(&ctx, f);
        let inner_block = ctx.parent_block(inner).unwrap();
        // Block queries normalise into the dominator's region.
        assert!(dom.dominates(b[0], inner_block) && dom.properly_dominates(b[0], inner_block));
        assert!(!dom.dominates(b[1], inner_block) && !dom.dominates(inner_block, b[0]));
        // Ops: order in a block, enclosing ops, other blocks.
        assert!(dom.op_dominates(def, inner) && dom.op_properly_dominates(def, later));
        assert!(!dom.op_dominates(later, inner) && !dom.op_dominates(later, def));
        assert!(dom.op_dominates(wrap, inner) && dom.op_properly_dominates(wrap, inner));
        assert!(
            !dom.op_dominates(inner, later),
            "an op nested in a region does not dominate outside it"
        );
        assert!(
            dom.op_dominates(def, ret)
                && dom.op_dominates(inner, inner)
                && !dom.op_properly_dominates(def, def)
        );
        // Values: enclosing definitions are visible; later ones and the
        // enclosing op's own results are not.
        let (v_def, v_wrap, v_later) = (
            ctx.result(def, 0),
            ctx.result(wrap, 0),
            ctx.result(later, 0),
        );
        assert!(dom.value_properly_dominates(&ctx, v_def, inner));
        assert!(!dom.value_properly_dominates(&ctx, v_later, inner));
        assert!(!dom.value_properly_dominates(&ctx, v_wrap, inner));
        assert!(
            dom.value_properly_dominates(&ctx, v_wrap, later)
                && dom.value_properly_dominates(&ctx, v_wrap, ret)
        );
        assert!(
            !dom.value_properly_dominates(&ctx, v_def, def)
                && dom.value_dominates(&ctx, v_def, def)
        );
        // Post-dominance of ops in one block: later ops post-dominate.
        let pdom = PostDominanceInfo::compute(&ctx, f);
        assert!(pdom.op_post_dominates(later, def) && !pdom.op_post_dominates(def, later));
        assert!(pdom.op_post_dominates(ret, inner) && pdom.op_post_dominates(wrap, inner));
    }

    #[test]
    fn block_arguments_dominate_their_block_and_nested_uses() {
        let (ctx, f, b) = parse(
            "^bb0:\n %c = \"d.op\"() : () -> i1\n \"d.br\"(%c)[^bb1, ^bb2] : (i1) -> ()\n\
             ^bb1(%a: i1):\n \"d.wrap\"() ({\n  \"d.op\"(%a) {n = \"use\"} : (i1) -> ()\n  \"d.ret\"() : () -> ()\n }) : () -> ()\n \"d.ret\"() : () -> ()\n\
             ^bb2:\n \"d.op\"(%a) {n = \"bad\"} : (i1) -> ()\n \"d.ret\"() : () -> ()",
        );
        let dom = DominanceInfo::compute(&ctx, f);
        let a = ctx.block_args(b[1])[0];
        assert!(dom.value_properly_dominates(&ctx, a, tagged(&ctx, f, "use")));
        assert!(!dom.value_properly_dominates(&ctx, a, tagged(&ctx, f, "bad")));
    }

    #[test]
    fn graph_regions_have_no_order() {
        let (ctx, f, _) = parse(
            "^bb0:\n \"d.graph\"() ({\n  \"d.op\"(%y) {n = \"use\"} : (i32) -> ()\n  %y = \"d.op\"() {n = \"def\"} : () -> i32\n }) : () -> ()\n\
             \"foo.unregistered\"() ({\n  \"d.op\"(%z) {n = \"use2\"} : (i32) -> ()\n  %z = \"d.op\"() : () -> i32\n }) : () -> ()\n\
             \"d.ret\"() : () -> ()",
        );
        let dom = DominanceInfo::compute(&ctx, f);
        let (use_, def) = (tagged(&ctx, f, "use"), tagged(&ctx, f, "def"));
        assert!(dom.value_properly_dominates(&ctx, ctx.result(def, 0), use_));
        assert!(dom.op_properly_dominates(use_, def) && dom.op_properly_dominates(def, def));
        let use2 = tagged(&ctx, f, "use2");
        let z = ctx.operand(use2, 0);
        assert!(dom.value_properly_dominates(&ctx, z, use2));
        let graph_region = ctx.block_parent(ctx.parent_block(use_).unwrap()).unwrap();
        assert!(!dom.has_ssa_dominance(graph_region) && dom.has_ssa_dominance(ctx.region(f, 0)));
    }

    #[test]
    fn queries_outside_the_root_answer_false() {
        let (ctx, f, b) =
            parse("^bb0:\n %0 = \"d.op\"() {n = \"x\"} : () -> i32\n \"d.ret\"() : () -> ()");
        let x = tagged(&ctx, f, "x");
        // Computed on the op `x` (no regions): nothing is analysed.
        let dom = DominanceInfo::compute(&ctx, x);
        assert!(!dom.dominates(b[0], b[0]) && !dom.is_reachable(b[0]) && dom.idom(b[0]).is_none());
        assert!(
            !dom.op_dominates(x, x) && !dom.value_properly_dominates(&ctx, ctx.result(x, 0), x)
        );
        let pdom = PostDominanceInfo::compute(&ctx, x);
        assert!(pdom.ipdom(b[0]).is_none() && pdom.exit_children(ctx.region(f, 0)).is_empty());
        // An empty region has no blocks and no tree.
        let (ctx, f, b) = parse("");
        assert!(b.is_empty());
        let pdom = PostDominanceInfo::compute(&ctx, f);
        assert!(pdom.exit_children(ctx.region(f, 0)).is_empty());
        assert!(
            DominanceInfo::compute(&ctx, f)
                .region_blocks(ctx.region(f, 0))
                .is_empty()
        );
    }

    #[test]
    fn long_chains_and_deep_nesting_do_not_recurse() {
        let n = 20_000;
        let mut body = String::new();
        for i in 0..n {
            body.push_str(&format!("^bb{i}:\n \"d.br\"()[^bb{}] : () -> ()\n", i + 1));
        }
        body.push_str(&format!("^bb{n}:\n \"d.ret\"() : () -> ()"));
        let (ctx, f, b) = parse(&body);
        let dom = DominanceInfo::compute(&ctx, f);
        assert_eq!(dom.idom(b[n]), Some(b[n - 1]));
        assert!(dom.dominates(b[0], b[n]) && !dom.dominates(b[n], b[0]));
        let pdom = PostDominanceInfo::compute(&ctx, f);
        assert_eq!(pdom.ipdom(b[0]), pd(b[1]));
        assert!(pdom.post_dominates(b[n], b[0]));

        // Nesting far deeper than the parser accepts, built directly.
        let (mut ctx, f, b) = parse("%0 = \"d.op\"() : () -> i32\n\"d.ret\"() : () -> ()");
        let v = ctx.result(ctx.first_op(b[0]).unwrap(), 0);
        let i32t = ctx.common.i32;
        let loc = ctx.unknown_loc();
        let mut rw = crate::Rewriter::new(&mut ctx);
        let mut ip = crate::InsertPoint::Before(rw.ctx().last_op(b[0]).unwrap());
        for _ in 0..5_000 {
            let r = rw.new_region();
            let inner = rw.create_block(r, &[], None);
            rw.set_insertion_point(ip);
            rw.create(crate::OperationState::new(rw.ctx().op_name("d.wrap"), loc).regions(&[r]));
            ip = crate::InsertPoint::BlockEnd(inner);
        }
        rw.set_insertion_point(ip);
        let deep = rw.build(&OP, loc, &[v], &[i32t], &[]);
        let dom = DominanceInfo::compute(&ctx, f);
        assert!(dom.value_properly_dominates(&ctx, v, deep));
        assert!(dom.dominates(b[0], ctx.parent_block(deep).unwrap()));
        assert!(!dom.value_properly_dominates(
            &ctx,
            ctx.result(deep, 0),
            ctx.first_op(b[0]).unwrap()
        ));
    }

    #[test]
    fn results_are_deterministic() {
        let body = "^bb0:\n \"d.br\"()[^bb2, ^bb1] : () -> ()\n^bb1:\n \"d.br\"()[^bb3, ^bb2] : () -> ()\n\
                    ^bb2:\n \"d.br\"()[^bb3] : () -> ()\n^bb3:\n \"d.br\"()[^bb1] : () -> ()";
        let (ctx, f, b) = parse(body);
        let shape = |ctx: &Context| {
            let pdom = PostDominanceInfo::compute(ctx, f);
            let dom = DominanceInfo::compute(ctx, f);
            b.iter()
                .map(|&x| {
                    (
                        dom.idom(x),
                        dom.children(x).to_vec(),
                        pdom.ipdom(x),
                        pdom.children(x).to_vec(),
                    )
                })
                .collect::<Vec<_>>()
        };
        let first = shape(&ctx);
        for _ in 0..5 {
            assert_eq!(shape(&ctx), first);
        }
        assert_eq!(first[3].0, Some(b[0]));
    }

    #[test]
    fn graph_functions_on_adjacency_lists() {
        // 0 -> {1, 2}, 1 -> 3, 2 -> {3, 2}, 3 -> 1; node 4 is unreachable.
        let succ: Vec<Vec<u32>> = vec![vec![1, 2], vec![3], vec![3, 2], vec![1], vec![3]];
        let mut pred: Vec<Vec<u32>> = vec![Vec::new(); succ.len()];
        for (x, ss) in succ.iter().enumerate() {
            for &t in ss {
                pred[t as usize].push(x as u32);
            }
        }
        let next = |x: u32| &succ[x as usize][..];
        let prev = |x: u32| &pred[x as usize][..];
        assert_eq!(post_order(5, 0, next), [3, 1, 2, 0]);
        assert_eq!(
            immediate_dominators(5, 0, next, prev),
            [None, Some(0), Some(0), Some(0), None]
        );
        // Post-dominators from 1 on the reverse graph: 3 reaches 1
        // directly, 2 and 0 only through 3.
        assert_eq!(
            immediate_dominators(5, 1, prev, next),
            [Some(1), None, Some(3), Some(1), Some(3)]
        );
    }
}
