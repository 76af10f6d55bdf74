//! Scalar replacement by question propagation (thesis §4.3, appendix §4.5):
//! passes `srqp`, `esrqp` (insertions only inside the control dependence
//! region of non-divergence, CDRND), `ssrqp-s` and `ssrqp` (ESRQP plus
//! speculative hoisting; `ssrqp` hoists only out of divergent branches).
//!
//! # Queries on SSA
//!
//! A *query* asks whether the value of a load (the *questionary
//! expression*) is available at a program point. The expression is a tree
//! ([`Tree`]): the load at the root, pure ops (`arith`, `device.ptradd`,
//! `device.addrspace_cast`, constants) inside, SSA values at the leaves.
//! An op *matches* a tree when it is the same op (name, attributes, result
//! type) and each operand is the leaf's value or is computed by an op
//! matching the subtree: that is the thesis's "same expression".
//!
//! Propagating a query backwards through a block, from its end (or from
//! the originating load):
//! - an op matching the tree answers `(isAvail, isReal) = (true, true)`
//!   (rule 5);
//! - an op that may write the loaded location, an atomic, a barrier, a
//!   volatile access or an unknown op answers `(false, false)` (rule 4);
//! - an op defining a leaf is the *algebraic conversion* of rule 6: the
//!   leaf is replaced by the op's own expression over its operands. The
//!   thesis's `i = i + 1` turning `A[i]` into `A[i + 1]` is, in SSA, the
//!   query for `load(p + 4*%i1)` crossing `%i1 = arith.addi %i, %c1` and
//!   becoming `load(p + 4*(%i + 1))`, which matches a load of `A[i + 1]`
//!   computed earlier in the iteration. A leaf defined by anything else (a
//!   load, a division that may trap) answers `(false, false)`;
//! - at the block's start, the block's arguments that are leaves are
//!   replaced, per incoming edge, by the values that edge passes (the
//!   variable-to-SSA form of the same conversion at a loop header: the
//!   argument `%i` becomes the latch's `%i1`), and the query goes on to
//!   every predecessor (rule 7). The entry block answers `(false, false)`
//!   (rule 1).
//!
//! A block may take at most two different queries (rule 2): a third one
//! answers `(false, false)`. The same query again answers
//! `(true, false)` (rule 3): the propagation is the greatest fixed point.
//! Instead of the recursive procedure of Algorithm 1.1/1.2, whose
//! memoised answers can depend on a cycle assumed true and later refuted,
//! the queries are first expanded into an explicit graph and the answers
//! then solved on it as fixed points: `isAvail` greatest, `isReal` least.
//! A join's answer is `⋀ isAvail_p ∨ (isDownSafe ∧ ⋁ isReal_p)`; when
//! only the second half holds, the load is inserted into the predecessors
//! answering `false` (for `esrqp` and the speculative variants only when all
//! of them are in the CDRND, or under the refined rule below).
//!
//! **Anticipatability** (`isDownSafe`) is propagated forwards with the
//! converted queries, translated the other way round (a subtree computed
//! by the value an edge passes to a block argument becomes that
//! argument). The thesis accepts any converted form (`A[i]` or
//! `A[i + 1]`) as an answer; here the form must be exact and the answer
//! is `true` only where the originating load itself is reached, so the
//! inserted load is consumed by the removed one on every path. That is
//! stricter than the thesis (which speculates the next iteration's load
//! at the last iteration, and could read past an array's end), and makes
//! the non-speculative variants never add a load to any path. A final
//! check verifies it: from every insertion, every path reaches the
//! originating load before any kill, exit or other insertion; otherwise
//! the load is left alone.
//!
//! # Refined insertion rule (beyond the thesis)
//!
//! The CDRND veto is coarse: code after a divergent early `return` is
//! outside the CDRND as a whole, so ESRQP loses insertions that cost a
//! warp nothing (the thesis's own future work notes that it "may suppress
//! harmless insertion of SRQP"). `benches/bfs.cu` is the case: the loop
//! header reloads `row_start[v + 1]` every iteration because a store on
//! one side of the divergent `level[u] < 0` branch may alias it; SRQP
//! inserts the load before the loop and after the store, and the header's
//! load becomes a loop-carried value.
//!
//! What the veto guards against is Fig. 4.11f: loads inserted into both
//! successors of a divergent branch (or into one while the other already
//! loads), which a split warp runs once per side where it used to run the
//! removed load once after reconverging. Insertions never add a load to a
//! thread's path here (see anticipatability above), so the only cost is
//! per warp, and it arises only from such two-sided placements. Hence:
//! when the thesis's rule leaves the load unavailable (and, for the
//! speculative variants, speculation does not apply either, so the
//! thesis's remedy keeps priority), SRQP's own solution is taken if its
//! insertion points together with the existing loads that supply the value
//! (the removed load itself for a loop-carried value) are *one-sided*: for
//! every divergent or unclassified branch, all of those nodes (iterated)
//! control dependent on it hang below the same one of its successors.
//! Insertions in the CDRND, or below uniform branches only, never conflict.
//! The rule is shared by `esrqp`, `ssrqp-s` and `ssrqp`; `num-suppressed`
//! still counts the thesis's vetoes, `num-refined` the loads the rule
//! then replaced.
//!
//! # Speculation (`ssrqp-s`, `ssrqp`)
//!
//! When a load is not available, the query about speculation (rules
//! (1)–(6), Algorithms 2.1/2.2) looks for a block to hoist it to. This
//! implementation follows the propagation from the load's block `m` to
//! its predecessors: a block that is a branch on which `m` is control
//! dependent becomes the new `m` (for `ssrqp` only when the branch is
//! divergent, rule (4); `ssrqp-s` ignores divergence and accepts any
//! branch); the earliest such branch reached without crossing a
//! modification (rule (3)) is the answer. Hoisting needs one dominating
//! block: the target branch block must dominate the load's block and every
//! path between them must be free of modifications and of definitions of
//! the tree's leaves (checked on the tree as above, with conversions in the
//! load's own block). The load is then placed at the end of the branch
//! block, its address ops defined in the load's block are moved there
//! with it, and the original is replaced. Climbing through a non-divergent
//! down-safe branch (rule (5)) and hoisting to a set of nodes are not
//! implemented. A load is speculated only when its address
//! is proven dereferenceable there ([`crate::speculation`]) or with
//! `speculate-loads=true`; trees holding a division that may trap are
//! never built.
//!
//! Invariants:
//! - Only non-volatile `device.load`s originate queries; pure arithmetic is
//!   moved only as part of a load's address, and only ops that never trap.
//! - `srqp` and `esrqp` never add a load evaluation to any path; the
//!   speculative variants add loads only at their hoisting targets.
//! - Outside the CDRND, `esrqp`, `ssrqp-s` and `ssrqp` insert only
//!   one-sided placements (refined rule): no divergent branch has a load
//!   of the expression below two of its successors.
//! - Unreachable blocks, nested regions and functions with unsupported
//!   terminators are left unchanged; every bound (tree size, states per
//!   block, states per query) answers "no" rather than failing.
//! - Address ops made dead by removing a load are erased (only pure ops
//!   with no uses left).

use crate::alias::{AliasAnalysis, Base, MemLoc, constant_int, type_size};
use crate::cfg::{MotionCfg, NodeKind, materialize_edges};
use crate::expr::{ExprKind, MemEffect, expression_kind, memory_effect};
use crate::lcm::supported_terminators;
use crate::remarks::{Action, Branch, Decision, MotionLog, Point};
use crate::speculation::is_speculatable_pure;
use lockstep_analysis::control_dep::{ControlDependence, Controller};
use lockstep_analysis::{CfgView, Node};
use lockstep_divergence::DivergenceInfo;
use lockstep_ir::attrs::AttrData;
use lockstep_ir::dominance::DominanceInfo;
use lockstep_ir::{
    AttrId, BlockId, Context, Diagnostic, InsertPoint, OpId, OperationState, Rewriter, Sym, TypeId,
    ValueId,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// Which member of the family runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Variant {
    Srqp,
    Esrqp,
    /// ESRQP plus speculation that ignores divergence.
    SsrqpS,
    /// ESRQP plus speculation out of divergent branches only.
    Ssrqp,
}

impl Variant {
    fn uses_cdrnd(self) -> bool {
        self != Variant::Srqp
    }
    fn speculates(self) -> bool {
        matches!(self, Variant::SsrqpS | Variant::Ssrqp)
    }
}

/// What one run did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SrqpStats {
    /// Loads inserted to make a partially available load fully available.
    pub inserted: u64,
    /// Loads replaced by an available value.
    pub replaced: u64,
    /// Loads hoisted speculatively.
    pub speculated: u64,
    /// Block arguments added where values merge.
    pub merges: u64,
    /// Critical edges turned into blocks.
    pub split_edges: u64,
    /// Insertions suppressed because a target was outside the CDRND.
    pub suppressed: u64,
    /// Loads replaced through insertions outside the CDRND that the
    /// refined rule (one-sided on every divergent branch) allowed.
    pub refined: u64,
}

impl SrqpStats {
    pub fn changed(&self) -> bool {
        self.inserted + self.replaced + self.speculated + self.merges + self.split_edges > 0
    }
}

/// A questionary expression over SSA values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tree {
    Leaf(ValueId),
    Op {
        name: Sym,
        attrs: Vec<(Sym, AttrId)>,
        ty: TypeId,
        kids: Vec<Tree>,
    },
}

/// Bound on the nodes of a tree (conversions grow it).
const MAX_TREE: usize = 32;
/// Bound on different queries per block in the forward (anticipation) search.
const MAX_FWD_PER_BLOCK: usize = 4;
/// Bound on the states of one query graph.
const MAX_STATES: usize = 4096;

impl Tree {
    fn size(&self) -> usize {
        match self {
            Tree::Leaf(_) => 1,
            Tree::Op { kids, .. } => 1 + kids.iter().map(Tree::size).sum::<usize>(),
        }
    }
    fn has_leaf(&self, v: ValueId) -> bool {
        match self {
            Tree::Leaf(w) => *w == v,
            Tree::Op { kids, .. } => kids.iter().any(|k| k.has_leaf(v)),
        }
    }
    fn replace_leaf(&self, v: ValueId, with: &Tree) -> Tree {
        match self {
            Tree::Leaf(w) if *w == v => with.clone(),
            Tree::Leaf(_) => self.clone(),
            Tree::Op {
                name,
                attrs,
                ty,
                kids,
            } => Tree::Op {
                name: *name,
                attrs: attrs.clone(),
                ty: *ty,
                kids: kids.iter().map(|k| k.replace_leaf(v, with)).collect(),
            },
        }
    }
}

fn sorted_attrs(ctx: &Context, op: OpId) -> Vec<(Sym, AttrId)> {
    let mut a = ctx.attrs(op).to_vec();
    a.sort();
    a
}

/// The one-level tree of `op`: the op over its operands as leaves.
fn shallow_tree(ctx: &Context, op: OpId) -> Option<Tree> {
    let &r = ctx.results(op).first()?;
    Some(Tree::Op {
        name: ctx.sym(ctx.name_of(op)),
        attrs: sorted_attrs(ctx, op),
        ty: ctx.value_type(r),
        kids: ctx.operands(op).iter().map(|&v| Tree::Leaf(v)).collect(),
    })
}

/// May a leaf defined by `op` be replaced by `op`'s expression (rule 6)?
/// Only single-result ops that never trap and read no memory.
fn convertible(ctx: &Context, op: OpId) -> bool {
    if ctx.results(op).len() != 1 || !ctx.regions(op).is_empty() {
        return false;
    }
    if ctx.name_of(op) == "arith.constant" {
        return true;
    }
    expression_kind(ctx, op) == Some(ExprKind::Pure) && is_speculatable_pure(ctx, op)
}

/// Does `op` compute `t`?
fn op_matches(ctx: &Context, op: OpId, t: &Tree, budget: &mut usize) -> bool {
    let Tree::Op {
        name,
        attrs,
        ty,
        kids,
    } = t
    else {
        return false;
    };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    if ctx.results(op).len() != 1
        || ctx.sym(ctx.name_of(op)) != *name
        || ctx.value_type(ctx.result(op, 0)) != *ty
        || ctx.operands(op).len() != kids.len()
        || sorted_attrs(ctx, op) != *attrs
    {
        return false;
    }
    if ctx.name_of(op) == "device.load" && ctx.attr_of(op, "volatile").is_some() {
        return false;
    }
    ctx.operands(op)
        .iter()
        .zip(kids)
        .all(|(&v, k)| value_matches(ctx, v, k, budget))
}

/// Is `v` the value of `t`?
fn value_matches(ctx: &Context, v: ValueId, t: &Tree, budget: &mut usize) -> bool {
    match t {
        Tree::Leaf(w) => *w == v,
        Tree::Op { .. } => ctx
            .defining_op(v)
            .is_some_and(|d| convertible(ctx, d) && op_matches(ctx, d, t, budget)),
    }
}

fn matches(ctx: &Context, op: OpId, t: &Tree) -> bool {
    let mut budget = 4 * MAX_TREE;
    op_matches(ctx, op, t, &mut budget)
}

/// The location a load tree reads, traced through the tree.
fn tree_location(ctx: &Context, alias: &AliasAnalysis, t: &Tree) -> Option<MemLoc> {
    let Tree::Op { kids, ty, .. } = t else {
        return None;
    };
    let addr = kids.first()?;
    let size = type_size(ctx, *ty);
    let mut loc = address_location(ctx, alias, addr, 0)?;
    loc.size = size;
    Some(loc)
}

fn address_location(
    ctx: &Context,
    alias: &AliasAnalysis,
    t: &Tree,
    depth: usize,
) -> Option<MemLoc> {
    if depth > MAX_TREE {
        return None;
    }
    match t {
        Tree::Leaf(v) => Some(alias.location(ctx, *v, None)),
        Tree::Op { name, kids, ty, .. } => {
            let space = lockstep_device::types::ptr_space(ctx, *ty);
            match (ctx.str(*name), kids.as_slice()) {
                ("device.ptradd", [b, off]) => {
                    let mut l = address_location(ctx, alias, b, depth + 1)?;
                    l.offset = match (l.offset, tree_constant(ctx, off)) {
                        (Some(a), Some(c)) => a.checked_add(c),
                        _ => None,
                    };
                    l.space = space;
                    Some(l)
                }
                ("device.addrspace_cast", [b]) => {
                    let mut l = address_location(ctx, alias, b, depth + 1)?;
                    l.space = space;
                    Some(l)
                }
                _ => Some(MemLoc {
                    base: Base::Unknown,
                    offset: None,
                    space,
                    size: None,
                }),
            }
        }
    }
}

fn tree_constant(ctx: &Context, t: &Tree) -> Option<i64> {
    match t {
        Tree::Leaf(v) => constant_int(ctx, *v),
        Tree::Op { name, attrs, .. } if ctx.str(*name) == "arith.constant" => {
            let &(_, a) = attrs.iter().find(|(k, _)| ctx.str(*k) == "value")?;
            match ctx.attr_data(a) {
                AttrData::Integer { value, .. } => Some(*value),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Does `op` modify the memory `t` reads?
fn kills_memory(ctx: &Context, alias: &AliasAnalysis, loc: Option<&MemLoc>, op: OpId) -> bool {
    match memory_effect(ctx, alias, op) {
        MemEffect::None => false,
        MemEffect::All => true,
        MemEffect::Write(w) => loc.is_none_or(|l| alias.may_alias(l, &w)),
    }
}

/// The outcome of walking a query backwards through one block.
#[derive(Clone, Debug)]
enum Walk {
    Real(OpId),
    Kill,
    /// Reached the block's start with this (converted) tree.
    Start(Tree),
}

/// Everything one query needs about the function.
struct Env<'a> {
    ctx: &'a Context,
    g: &'a MotionCfg,
    alias: &'a AliasAnalysis,
}

impl Env<'_> {
    /// Walks `t` backwards through block `b`, from its end or from just
    /// before `from`.
    fn walk_back(&self, b: BlockId, from: Option<OpId>, t: &Tree) -> Walk {
        let ctx = self.ctx;
        let mut ops: Vec<OpId> = ctx.block_ops(b).collect();
        if let Some(f) = from {
            match ops.iter().position(|&o| o == f) {
                Some(i) => ops.truncate(i),
                None => return Walk::Kill,
            }
        }
        let mut t = t.clone();
        let mut loc = tree_location(ctx, self.alias, &t);
        for &op in ops.iter().rev() {
            if matches(ctx, op, &t) {
                return Walk::Real(op);
            }
            for &r in ctx.results(op) {
                if t.has_leaf(r) {
                    if !convertible(ctx, op) {
                        return Walk::Kill;
                    }
                    let Some(sub) = shallow_tree(ctx, op) else {
                        return Walk::Kill;
                    };
                    t = t.replace_leaf(r, &sub);
                    if t.size() > MAX_TREE {
                        return Walk::Kill;
                    }
                    loc = tree_location(ctx, self.alias, &t);
                }
            }
            if kills_memory(ctx, self.alias, loc.as_ref(), op) {
                return Walk::Kill;
            }
        }
        Walk::Start(t)
    }

    /// The terminator slot carrying the edge from node `p` into block node `x`.
    fn edge_slot(&self, p: Node, x: Node) -> Option<(OpId, usize)> {
        match self.g.kind(p) {
            NodeKind::Edge { terminator, slot } => Some((terminator, slot)),
            NodeKind::Block(b) => {
                let t = self.ctx.last_op(b)?;
                let dest = self.g.block(x)?;
                let pos: Vec<usize> = self
                    .ctx
                    .successors(t)
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| **s == dest)
                    .map(|(i, _)| i)
                    .collect();
                (pos.len() == 1).then(|| (t, pos[0]))
            }
        }
    }

    /// `t` at the entry of block node `x`, seen from the exit of its
    /// predecessor `p`: block arguments become the values the edge passes.
    fn translate_back(&self, t: &Tree, x: Node, p: Node) -> Option<Tree> {
        let b = self.g.block(x)?;
        let args = self.ctx.block_args(b);
        if !args.iter().any(|&a| t.has_leaf(a)) {
            return Some(t.clone());
        }
        let (term, slot) = self.edge_slot(p, x)?;
        let incoming = self.ctx.successor_operands(term, slot);
        if incoming.len() != args.len() {
            return None;
        }
        let mut out = t.clone();
        for (&a, &v) in args.iter().zip(incoming) {
            out = out.replace_leaf(a, &Tree::Leaf(v));
        }
        Some(out)
    }

    /// `t` at the exit of node `p`, seen from the entry of its successor
    /// block node `x`: a subtree computed by a value the edge passes becomes
    /// the argument; a leaf that is an argument of `x` (redefined by
    /// entering `x` again) makes the query fail.
    fn translate_fwd(&self, t: &Tree, p: Node, x: Node) -> Option<Tree> {
        let b = self.g.block(x)?;
        let args = self.ctx.block_args(b);
        if args.is_empty() {
            return Some(t.clone());
        }
        let (term, slot) = self.edge_slot(p, x)?;
        let incoming = self.ctx.successor_operands(term, slot).to_vec();
        if incoming.len() != args.len() {
            return None;
        }
        fn go(ctx: &Context, t: &Tree, args: &[ValueId], incoming: &[ValueId]) -> Option<Tree> {
            for (k, &v) in incoming.iter().enumerate() {
                let mut budget = 4 * MAX_TREE;
                if value_matches(ctx, v, t, &mut budget) {
                    return Some(Tree::Leaf(args[k]));
                }
            }
            match t {
                Tree::Leaf(v) => (!args.contains(v)).then(|| t.clone()),
                Tree::Op {
                    name,
                    attrs,
                    ty,
                    kids,
                } => {
                    let kids: Option<Vec<Tree>> =
                        kids.iter().map(|k| go(ctx, k, args, incoming)).collect();
                    Some(Tree::Op {
                        name: *name,
                        attrs: attrs.clone(),
                        ty: *ty,
                        kids: kids?,
                    })
                }
            }
        }
        go(self.ctx, t, args, &incoming)
    }

    /// Down-safety for the originating load `o0`: does every path from the
    /// entry of block node `x` (query `t`) reach `o0`, computing `t`, before
    /// a modification, an exit, or a node in `blockers` (whose exit points
    /// receive insertions)? Greatest fixed point over an explicit graph.
    fn reaches_origin(&self, x: Node, t: &Tree, o0: OpId, blockers: &FxHashSet<Node>) -> bool {
        // State: (node, tree at its entry). Local answer or successors.
        let mut ids: FxHashMap<(Node, Tree), usize> = FxHashMap::default();
        let mut per_block: FxHashMap<Node, usize> = FxHashMap::default();
        let mut local: Vec<Option<bool>> = Vec::new();
        let mut succs: Vec<Vec<usize>> = Vec::new();
        let mut work: Vec<(usize, Node, Tree)> = Vec::new();
        let mut intern = |node: Node,
                          tree: Tree,
                          ids: &mut FxHashMap<(Node, Tree), usize>,
                          local: &mut Vec<Option<bool>>,
                          succs: &mut Vec<Vec<usize>>,
                          work: &mut Vec<(usize, Node, Tree)>|
         -> usize {
            if let Some(&i) = ids.get(&(node, tree.clone())) {
                return i;
            }
            let i = local.len();
            let count = per_block.entry(node).or_default();
            *count += 1;
            let over = *count > MAX_FWD_PER_BLOCK || i >= MAX_STATES;
            local.push(if over { Some(false) } else { None });
            succs.push(Vec::new());
            ids.insert((node, tree.clone()), i);
            if !over {
                work.push((i, node, tree));
            }
            i
        };
        let root = intern(x, t.clone(), &mut ids, &mut local, &mut succs, &mut work);
        while let Some((i, node, tree)) = work.pop() {
            // Walk the node forwards.
            let mut answer: Option<bool> = None;
            if let Some(b) = self.g.block(node) {
                let loc = tree_location(self.ctx, self.alias, &tree);
                for op in self.ctx.block_ops(b) {
                    // The first occurrence of the value must be `o0`, the
                    // load that is removed; `o0` computing another value
                    // (another iteration's) does not consume it.
                    if matches(self.ctx, op, &tree) {
                        answer = Some(op == o0);
                        break;
                    }
                    if self.ctx.results(op).iter().any(|&r| tree.has_leaf(r))
                        || kills_memory(self.ctx, self.alias, loc.as_ref(), op)
                    {
                        answer = Some(false);
                        break;
                    }
                }
            }
            if answer.is_none() && blockers.contains(&node) {
                answer = Some(false);
            }
            if answer.is_none() && self.g.succs(node).is_empty() {
                answer = Some(false);
            }
            if let Some(a) = answer {
                local[i] = Some(a);
                continue;
            }
            let mut list = Vec::new();
            for &s in self.g.succs(node) {
                let next = if self.g.is_virtual(s) {
                    Some((s, tree.clone()))
                } else {
                    self.translate_fwd(&tree, node, s).map(|t2| (s, t2))
                };
                match next {
                    Some((s, t2)) => {
                        list.push(intern(s, t2, &mut ids, &mut local, &mut succs, &mut work))
                    }
                    None => {
                        local[i] = Some(false);
                        break;
                    }
                }
            }
            if local[i].is_none() {
                succs[i] = list;
            }
        }
        let mut val: Vec<bool> = local.iter().map(|l| l.unwrap_or(true)).collect();
        loop {
            let mut changed = false;
            for i in 0..val.len() {
                if local[i].is_some() || !val[i] {
                    continue;
                }
                if succs[i].iter().any(|&s| !val[s]) {
                    val[i] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        val[root]
    }
}

/// An X state: the query at the exit of a node.
#[derive(Clone, Debug)]
enum XRes {
    Real(OpId),
    Kill,
    /// At a block node: reached its start, continues at this N state.
    Entry(usize),
    /// At a virtual node: the exit of its only predecessor (this X state).
    Pass(usize),
}

struct XState {
    node: Node,
    tree: Tree,
    res: XRes,
}

/// An N state: the query at the entry of a block node.
struct NState {
    node: Node,
    tree: Tree,
    /// X states of the predecessors, in `g.preds` order; `None`: dead.
    preds: Option<Vec<usize>>,
}

/// The expanded question propagation of one load.
struct QueryGraph {
    xs: Vec<XState>,
    ns: Vec<NState>,
    origin: XRes,
}

fn build_query_graph(env: &Env<'_>, o0: OpId, b0: Node, t0: &Tree) -> Option<QueryGraph> {
    let g = env.g;
    let mut qg = QueryGraph {
        xs: Vec::new(),
        ns: Vec::new(),
        origin: XRes::Kill,
    };
    let mut n_ids: FxHashMap<(Node, Tree), usize> = FxHashMap::default();
    let mut x_ids: FxHashMap<(Node, Tree), usize> = FxHashMap::default();
    let mut per_block: FxHashMap<Node, usize> = FxHashMap::default();
    let mut pending_n: Vec<usize> = Vec::new();
    let mut pending_x: Vec<usize> = Vec::new();

    let b0_block = g.block(b0)?;
    let first = env.walk_back(b0_block, Some(o0), t0);
    let mut new_n =
        |node: Node, tree: Tree, qg: &mut QueryGraph, pending_n: &mut Vec<usize>| -> usize {
            if let Some(&i) = n_ids.get(&(node, tree.clone())) {
                return i;
            }
            let i = qg.ns.len();
            let count = per_block.entry(node).or_default();
            *count += 1;
            // Rule 2: at most two different queries per block.
            let dead = *count > 2;
            qg.ns.push(NState {
                node,
                tree: tree.clone(),
                preds: if dead { None } else { Some(Vec::new()) },
            });
            n_ids.insert((node, tree), i);
            if !dead {
                pending_n.push(i);
            }
            i
        };
    qg.origin = match first {
        Walk::Real(op) => XRes::Real(op),
        Walk::Kill => XRes::Kill,
        Walk::Start(t) => XRes::Entry(new_n(b0, t, &mut qg, &mut pending_n)),
    };
    loop {
        if qg.xs.len() + qg.ns.len() > MAX_STATES {
            return None;
        }
        if let Some(n) = pending_n.pop() {
            let (node, tree) = (qg.ns[n].node, qg.ns[n].tree.clone());
            let b = g.block(node)?;
            // Rule 1, and a block entered from unreachable code (it cannot
            // take a new argument).
            let dead = Some(node) == g.entry()
                || env
                    .ctx
                    .pred_blocks(b)
                    .iter()
                    .any(|&p| g.node_of(p).is_none());
            if dead {
                qg.ns[n].preds = None;
                continue;
            }
            let mut list = Vec::new();
            let mut ok = true;
            for &p in g.preds(node) {
                let Some(tp) = env.translate_back(&tree, node, p) else {
                    ok = false;
                    break;
                };
                let key = (p, tp.clone());
                let id = match x_ids.get(&key) {
                    Some(&id) => id,
                    None => {
                        let id = qg.xs.len();
                        qg.xs.push(XState {
                            node: p,
                            tree: tp,
                            res: XRes::Kill,
                        });
                        x_ids.insert(key, id);
                        pending_x.push(id);
                        id
                    }
                };
                list.push(id);
            }
            qg.ns[n].preds = ok.then_some(list);
            continue;
        }
        if let Some(x) = pending_x.pop() {
            let (node, tree) = (qg.xs[x].node, qg.xs[x].tree.clone());
            let res = match g.kind(node) {
                NodeKind::Edge { .. } => {
                    let &p = g.preds(node).first()?;
                    let key = (p, tree.clone());
                    let id = match x_ids.get(&key) {
                        Some(&id) => id,
                        None => {
                            let id = qg.xs.len();
                            qg.xs.push(XState {
                                node: p,
                                tree: tree.clone(),
                                res: XRes::Kill,
                            });
                            x_ids.insert(key, id);
                            pending_x.push(id);
                            id
                        }
                    };
                    XRes::Pass(id)
                }
                NodeKind::Block(b) => match env.walk_back(b, None, &tree) {
                    Walk::Real(op) => XRes::Real(op),
                    Walk::Kill => XRes::Kill,
                    Walk::Start(t) => XRes::Entry(new_n(node, t, &mut qg, &mut pending_n)),
                },
            };
            qg.xs[x].res = res;
            continue;
        }
        break;
    }
    Some(qg)
}

/// The solved answers and the insertions of one query graph.
struct Solution {
    n_avail: Vec<bool>,
    x_avail: Vec<bool>,
    /// X states receiving the questionary expression.
    inserts: Vec<usize>,
    suppressed: u64,
}

fn solve(
    qg: &QueryGraph,
    down_safe: &dyn Fn(usize) -> bool,
    in_cdrnd: &dyn Fn(Node) -> bool,
    variant: Variant,
) -> Solution {
    let nn = qg.ns.len();
    let nx = qg.xs.len();
    // Down-safety of each N state is asked lazily, once.
    let mut ds_cache: Vec<Option<bool>> = vec![None; nn];
    let mut n_avail: Vec<bool> = qg.ns.iter().map(|n| n.preds.is_some()).collect();
    let x_val = |x: usize, n_val: &[bool]| -> bool {
        let mut cur = x;
        for _ in 0..=nx {
            match qg.xs[cur].res {
                XRes::Real(_) => return true,
                XRes::Kill => return false,
                XRes::Entry(n) => return n_val[n],
                XRes::Pass(p) => cur = p,
            }
        }
        false
    };
    // Joins whose insertion the CDRND vetoed (counted once each).
    let mut suppressed: FxHashSet<usize> = FxHashSet::default();
    loop {
        // isReal: least fixed point given the current isAvail.
        let mut n_real = vec![false; nn];
        loop {
            let mut changed = false;
            for n in 0..nn {
                if n_real[n] || !n_avail[n] {
                    continue;
                }
                let Some(preds) = &qg.ns[n].preds else {
                    continue;
                };
                let r = preds.iter().any(|&x| x_real(qg, x, &n_real));
                if r {
                    n_real[n] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut changed = false;
        for n in 0..nn {
            if !n_avail[n] {
                continue;
            }
            let Some(preds) = &qg.ns[n].preds else {
                continue;
            };
            let all = preds.iter().all(|&x| x_val(x, &n_avail));
            let mut ok = all;
            if !all && n_real[n] {
                let ds = *ds_cache[n].get_or_insert_with(|| down_safe(n));
                if ds {
                    let targets_ok = !variant.uses_cdrnd()
                        || preds
                            .iter()
                            .filter(|&&x| !x_val(x, &n_avail))
                            .all(|&x| in_cdrnd(qg.xs[x].node));
                    if targets_ok {
                        ok = true;
                    } else {
                        suppressed.insert(n);
                    }
                }
            }
            if !ok {
                n_avail[n] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let x_avail: Vec<bool> = (0..nx).map(|x| x_val(x, &n_avail)).collect();
    let mut inserts = Vec::new();
    for (n, state) in qg.ns.iter().enumerate() {
        if !n_avail[n] {
            continue;
        }
        if let Some(preds) = &state.preds {
            for &x in preds {
                if !x_avail[x] && !inserts.contains(&x) {
                    inserts.push(x);
                }
            }
        }
    }
    Solution {
        n_avail,
        x_avail,
        inserts,
        suppressed: suppressed.len() as u64,
    }
}

/// The nodes of the existing loads (`o0` itself included, for a
/// loop-carried value) whose values reach the origin in `sol`: the
/// evaluations that, with the insertions, make the load redundant.
fn real_sources(ctx: &Context, g: &MotionCfg, qg: &QueryGraph, sol: &Solution) -> Vec<Node> {
    let mut out = Vec::new();
    let mut seen = vec![false; qg.ns.len()];
    let mut work: Vec<usize> = Vec::new();
    let visit_x = |x: usize, work: &mut Vec<usize>, out: &mut Vec<Node>| {
        let mut cur = x;
        for _ in 0..=qg.xs.len() {
            match qg.xs[cur].res {
                XRes::Real(op) => {
                    if let Some(n) = ctx.parent_block(op).and_then(|b| g.node_of(b))
                        && !out.contains(&n)
                    {
                        out.push(n);
                    }
                    return;
                }
                XRes::Kill => return,
                XRes::Entry(n) => {
                    if sol.n_avail[n] {
                        work.push(n);
                    }
                    return;
                }
                XRes::Pass(p) => cur = p,
            }
        }
    };
    match qg.origin {
        XRes::Entry(n) => work.push(n),
        XRes::Real(_) | XRes::Kill | XRes::Pass(_) => return out,
    }
    while let Some(n) = work.pop() {
        if std::mem::replace(&mut seen[n], true) {
            continue;
        }
        if let Some(preds) = &qg.ns[n].preds {
            for &x in preds {
                visit_x(x, &mut work, &mut out);
            }
        }
    }
    out
}

fn x_real(qg: &QueryGraph, x: usize, n_real: &[bool]) -> bool {
    let mut cur = x;
    for _ in 0..=qg.xs.len() {
        match qg.xs[cur].res {
            XRes::Real(_) => return true,
            XRes::Kill => return false,
            XRes::Entry(n) => return n_real[n],
            XRes::Pass(p) => cur = p,
        }
    }
    false
}

/// Which nodes of `g` are in the CDRND: blocks whose iterated control
/// dependences are all START or edges of non-divergent branches; a
/// virtual node when its source block is and the source's branch is not
/// divergent.
struct Divergence {
    /// Branches the divergence analysis classified as divergent.
    divergent_branch: FxHashSet<BlockId>,
    /// Multi-way terminators it did not classify (treated as divergent for
    /// the CDRND, never a reason to speculate).
    unclassified: FxHashSet<BlockId>,
    cdrnd: FxHashSet<BlockId>,
    cd: ControlDependence,
}

impl Divergence {
    fn compute(ctx: &Context, func: OpId, g: &MotionCfg) -> Self {
        let div = DivergenceInfo::compute(ctx, func);
        let cd = ControlDependence::compute(ctx, func);
        let mut divergent_branch = FxHashSet::default();
        let mut unclassified = FxHashSet::default();
        for b in g.blocks() {
            let Some(t) = ctx.last_op(b) else { continue };
            if ctx.successors(t).len() < 2 {
                continue;
            }
            if !div.is_conditional_branch(t) {
                unclassified.insert(b);
            } else if div.is_divergent_branch(ctx, t) {
                divergent_branch.insert(b);
            }
        }
        let bad = |x: BlockId| divergent_branch.contains(&x) || unclassified.contains(&x);
        let mut cdrnd = FxHashSet::default();
        for b in g.blocks() {
            let ok = cd
                .iterated(b)
                .iter()
                .all(|c| c.branch().is_none_or(|x| !bad(x)));
            if ok {
                cdrnd.insert(b);
            }
        }
        Divergence {
            divergent_branch,
            unclassified,
            cdrnd,
            cd,
        }
    }

    fn node_in_cdrnd(&self, g: &MotionCfg, ctx: &Context, n: Node) -> bool {
        match g.kind(n) {
            NodeKind::Block(b) => self.cdrnd.contains(&b),
            NodeKind::Edge { terminator, .. } => ctx.parent_block(terminator).is_some_and(|b| {
                self.cdrnd.contains(&b)
                    && !self.divergent_branch.contains(&b)
                    && !self.unclassified.contains(&b)
            }),
        }
    }

    /// The refined insertion rule (beyond the thesis, see the module doc):
    /// `nodes` are the insertion points and the existing loads that
    /// supply the value; for every divergent (or unclassified) branch, the
    /// ones (iterated) control dependent on it all hang below the same one
    /// of its successors. A warp split by such a branch then finds the
    /// load on one side only: no side gains a load while another already
    /// has one (the thesis's "increase of branch divergence"), and the
    /// warp issues at most one load in place of the removed one.
    fn one_sided(&self, g: &MotionCfg, ctx: &Context, nodes: &[Node]) -> bool {
        let bad = |x: BlockId| self.divergent_branch.contains(&x) || self.unclassified.contains(&x);
        // Branch block -> the successor slot the insertions hang below.
        let mut side: FxHashMap<BlockId, usize> = FxHashMap::default();
        let mut record = |branch: BlockId, slot: usize| -> bool {
            !bad(branch) || *side.entry(branch).or_insert(slot) == slot
        };
        for &n in nodes {
            let (block, own) = match g.kind(n) {
                NodeKind::Block(b) => (b, None),
                // A split critical edge hangs below its source's branch
                // through that edge, and below whatever the source does.
                NodeKind::Edge { terminator, slot } => {
                    let Some(b) = ctx.parent_block(terminator) else {
                        return false;
                    };
                    (b, Some(slot))
                }
            };
            if let Some(slot) = own
                && !record(block, slot)
            {
                return false;
            }
            for c in self.cd.iterated(block) {
                if let Controller::Edge(e) = c
                    && !record(e.from, e.succ_index as usize)
                {
                    return false;
                }
            }
        }
        true
    }

    /// Is `m` (iterated) control dependent on the branch block `n`?
    fn depends_on(&self, m: BlockId, n: BlockId) -> bool {
        self.cd.iterated(m).iter().any(|c| c.branch() == Some(n))
    }
}

/// Options of one run.
#[derive(Copy, Clone, Debug)]
pub struct SrqpOptions {
    pub variant: Variant,
    /// Speculate loads whose address is not proven dereferenceable.
    pub speculate_loads: bool,
}

/// Runs the chosen SRQP variant on the body of `func`.
pub fn run_srqp(
    rw: &mut Rewriter<'_>,
    func: OpId,
    opts: SrqpOptions,
) -> Result<SrqpStats, Diagnostic> {
    run_srqp_logged(rw, func, opts, &mut MotionLog::disabled())
}

/// [`run_srqp`] that records each replaced or hoisted load in `log` (for
/// remarks).
pub fn run_srqp_logged(
    rw: &mut Rewriter<'_>,
    func: OpId,
    opts: SrqpOptions,
    log: &mut MotionLog,
) -> Result<SrqpStats, Diagnostic> {
    let mut stats = SrqpStats::default();
    let Some(&region) = rw.ctx.regions(func).first() else {
        return Ok(stats);
    };
    // The loads, in reverse post-order of blocks and program order (the
    // thesis's topological order); erased ones are skipped by identity
    // checks below.
    let loads: Vec<OpId> = {
        let ctx: &Context = rw.ctx;
        let g = MotionCfg::new(ctx, region);
        if g.num_blocks() == 0 || !supported_terminators(ctx, &g) {
            return Ok(stats);
        }
        g.blocks()
            .flat_map(|b| ctx.block_ops(b).collect::<Vec<_>>())
            .filter(|&op| expression_kind(ctx, op) == Some(ExprKind::Load))
            .collect()
    };
    let mut erased: FxHashSet<OpId> = FxHashSet::default();
    for o0 in loads {
        if erased.contains(&o0) {
            continue;
        }
        if let Some(gone) = process_load(rw, func, region, o0, opts, &mut stats, log)? {
            erased.extend(gone);
        }
    }
    Ok(stats)
}

/// Tries to make `o0` redundant (or to hoist it speculatively); returns
/// the ops erased.
fn process_load(
    rw: &mut Rewriter<'_>,
    func: OpId,
    region: lockstep_ir::RegionId,
    o0: OpId,
    opts: SrqpOptions,
    stats: &mut SrqpStats,
    log: &mut MotionLog,
) -> Result<Option<Vec<OpId>>, Diagnostic> {
    let ctx: &Context = rw.ctx;
    if expression_kind(ctx, o0) != Some(ExprKind::Load) {
        return Ok(None);
    }
    let g = MotionCfg::new(ctx, region);
    if !supported_terminators(ctx, &g) {
        return Ok(None);
    }
    let Some(b0) = ctx.parent_block(o0).and_then(|b| g.node_of(b)) else {
        return Ok(None);
    };
    let alias = AliasAnalysis::new(ctx, func);
    let env = Env {
        ctx,
        g: &g,
        alias: &alias,
    };
    let Some(t0) = shallow_tree(ctx, o0) else {
        return Ok(None);
    };
    let Some(qg) = build_query_graph(&env, o0, b0, &t0) else {
        return Ok(None);
    };
    let div = opts
        .variant
        .uses_cdrnd()
        .then(|| Divergence::compute(ctx, func, &g));
    let none = FxHashSet::default();
    let down_safe = |n: usize| env.reaches_origin(qg.ns[n].node, &qg.ns[n].tree, o0, &none);
    let in_cdrnd = |n: Node| div.as_ref().is_none_or(|d| d.node_in_cdrnd(&g, ctx, n));
    let mut sol = solve(&qg, &down_safe, &in_cdrnd, opts.variant);
    stats.suppressed += sol.suppressed;
    let origin_avail = |sol: &Solution| match qg.origin {
        XRes::Real(_) => true,
        XRes::Kill => false,
        XRes::Entry(n) => sol.n_avail[n],
        XRes::Pass(_) => false,
    };
    let mut refined = false;
    if !origin_avail(&sol) {
        let Some(d) = &div else {
            return Ok(None);
        };
        // The refined rule (module doc): SRQP's own solution, kept when
        // its insertions and the loads supplying the value are one-sided
        // on every divergent branch. Solved before speculating, which
        // borrows the rewriter; used only when speculation (the thesis's
        // remedy) does not apply.
        let all = |_: Node| true;
        let alt = solve(&qg, &down_safe, &all, Variant::Srqp);
        let mut nodes: Vec<Node> = alt.inserts.iter().map(|&x| qg.xs[x].node).collect();
        nodes.extend(real_sources(ctx, &g, &qg, &alt));
        let alt_ok = origin_avail(&alt) && d.one_sided(&g, ctx, &nodes);
        if opts.variant.speculates()
            && let Some(gone) = speculate(rw, func, &g, &alias, d, o0, b0, &t0, opts, stats, log)?
        {
            return Ok(Some(gone));
        }
        if !alt_ok {
            return Ok(None);
        }
        sol = alt;
        refined = true;
    }
    let ctx: &Context = rw.ctx;
    let env = Env {
        ctx,
        g: &g,
        alias: &alias,
    };
    // Final check: every insertion is consumed by `o0` on every path.
    let blockers: FxHashSet<Node> = sol.inserts.iter().map(|&x| qg.xs[x].node).collect();
    for &x in &sol.inserts {
        let node = qg.xs[x].node;
        for &s in g.succs(node) {
            if g.is_virtual(s) {
                return Ok(None);
            }
            let Some(ts) = env.translate_fwd(&qg.xs[x].tree, node, s) else {
                return Ok(None);
            };
            if !env.reaches_origin(s, &ts, o0, &blockers) {
                return Ok(None);
            }
        }
    }
    let gone = rewrite(rw, func, &g, &qg, &sol, o0, stats, log)?;
    if refined {
        stats.refined += 1;
    }
    Ok(Some(gone))
}

/// A value of the plan: an existing value, an N state's merge, or an
/// insertion at an X state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum PVal {
    Val(ValueId),
    Merge(usize),
    Insert(usize),
}

#[allow(clippy::too_many_arguments)]
fn rewrite(
    rw: &mut Rewriter<'_>,
    func: OpId,
    g: &MotionCfg,
    qg: &QueryGraph,
    sol: &Solution,
    o0: OpId,
    stats: &mut SrqpStats,
    log: &mut MotionLog,
) -> Result<Vec<OpId>, Diagnostic> {
    let inserts: FxHashSet<usize> = sol.inserts.iter().copied().collect();
    // Symbolic value of each X state.
    let x_value = |x: usize| -> Option<PVal> {
        let mut cur = x;
        for _ in 0..=qg.xs.len() {
            if inserts.contains(&cur) {
                return Some(PVal::Insert(cur));
            }
            match qg.xs[cur].res {
                XRes::Real(op) => return Some(PVal::Val(rw.ctx.result(op, 0))),
                XRes::Kill => return None,
                XRes::Entry(n) => return Some(PVal::Merge(n)),
                XRes::Pass(p) => cur = p,
            }
        }
        None
    };
    let origin = match qg.origin {
        XRes::Real(op) => PVal::Val(rw.ctx.result(op, 0)),
        XRes::Entry(n) => PVal::Merge(n),
        _ => return Ok(Vec::new()),
    };
    // The merges and insertions the origin needs; a merge of one
    // predecessor is that predecessor's value.
    let mut merges: Vec<(usize, Vec<PVal>)> = Vec::new();
    let mut needed_inserts: Vec<usize> = Vec::new();
    let mut seen: FxHashSet<PVal> = FxHashSet::default();
    let mut work = vec![origin];
    let mut alias_of: FxHashMap<usize, PVal> = FxHashMap::default();
    // The existing loads whose values reach `o0`, in discovery order (for
    // remarks).
    let mut sources: Vec<ValueId> = Vec::new();
    while let Some(v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        match v {
            PVal::Val(v) => sources.push(v),
            PVal::Insert(x) => needed_inserts.push(x),
            PVal::Merge(n) => {
                if !sol.n_avail[n] {
                    return Ok(Vec::new());
                }
                let Some(preds) = &qg.ns[n].preds else {
                    return Ok(Vec::new());
                };
                let mut inputs = Vec::new();
                for &x in preds {
                    let Some(pv) = x_value(x) else {
                        return Ok(Vec::new());
                    };
                    if !sol.x_avail[x] && !inserts.contains(&x) {
                        return Ok(Vec::new());
                    }
                    inputs.push(pv);
                    work.push(pv);
                }
                if inputs.len() == 1 && inputs[0] != PVal::Merge(n) {
                    alias_of.insert(n, inputs[0]);
                } else {
                    merges.push((n, inputs));
                }
            }
        }
    }
    needed_inserts.sort_unstable();
    merges.sort_by_key(|m| m.0);

    // Split the critical edges that receive code.
    let mut edge_nodes: Vec<Node> = needed_inserts
        .iter()
        .map(|&x| qg.xs[x].node)
        .filter(|&n| g.is_virtual(n))
        .collect();
    edge_nodes.sort_unstable();
    edge_nodes.dedup();
    let made = materialize_edges(rw, g, &edge_nodes, func)?;
    stats.split_edges += made.len() as u64;
    let edge_block: FxHashMap<Node, BlockId> = edge_nodes.iter().copied().zip(made).collect();

    let loc = rw.ctx.loc(o0);
    let ty = rw.ctx.value_type(rw.ctx.result(o0, 0));
    let mut made_vals: FxHashMap<PVal, ValueId> = FxHashMap::default();
    let mut points: Vec<Point> = Vec::new();
    for &x in &needed_inserts {
        let node = qg.xs[x].node;
        let block = match g.kind(node) {
            NodeKind::Edge { .. } => edge_block.get(&node).copied(),
            NodeKind::Block(b) => Some(b),
        };
        let Some(b) = block else { continue };
        let Some(t) = rw.ctx.last_op(b) else { continue };
        rw.set_insertion_point(InsertPoint::Before(t));
        let v = materialize(rw, &qg.xs[x].tree, loc);
        made_vals.insert(PVal::Insert(x), v);
        stats.inserted += 1;
        if log.is_enabled() {
            points.push(if g.is_virtual(node) {
                Point::Split(b)
            } else {
                Point::End(b)
            });
        }
    }
    for (n, _) in &merges {
        let Some(b) = g.block(qg.ns[*n].node) else {
            continue;
        };
        let arg = rw.add_block_arg(b, ty, Some(loc));
        made_vals.insert(PVal::Merge(*n), arg);
        stats.merges += 1;
    }
    let resolve = |made: &FxHashMap<PVal, ValueId>, v: PVal| -> Option<ValueId> {
        let mut cur = v;
        for _ in 0..=alias_of.len() + 1 {
            match cur {
                PVal::Val(v) => return Some(v),
                PVal::Merge(n) => match alias_of.get(&n) {
                    Some(&w) => cur = w,
                    None => return made.get(&cur).copied(),
                },
                PVal::Insert(_) => return made.get(&cur).copied(),
            }
        }
        None
    };
    for (n, inputs) in &merges {
        let node = qg.ns[*n].node;
        for (k, &p) in g.preds(node).iter().enumerate() {
            let slot = match g.kind(p) {
                NodeKind::Edge { terminator, slot } => match edge_block.get(&p) {
                    Some(&eb) => rw.ctx.last_op(eb).map(|t| (t, 0)),
                    None => Some((terminator, slot)),
                },
                NodeKind::Block(pb) => {
                    let dest = g.block(node);
                    rw.ctx.last_op(pb).and_then(|t| {
                        rw.ctx
                            .successors(t)
                            .iter()
                            .position(|&s| Some(s) == dest)
                            .map(|i| (t, i))
                    })
                }
            };
            let Some((t, slot)) = slot else { continue };
            let Some(v) = inputs.get(k).and_then(|&i| resolve(&made_vals, i)) else {
                continue;
            };
            let mut vals = rw.ctx.successor_operands(t, slot).to_vec();
            vals.push(v);
            if !lockstep_transforms::region_utils::set_successor_operands(rw, t, slot, &vals) {
                return Err(Diagnostic::error(
                    rw.ctx.loc(t),
                    format!(
                        "srqp: cannot forward a merged value through '{}'",
                        rw.ctx.name_of(t)
                    ),
                ));
            }
        }
    }
    let Some(v) = resolve(&made_vals, origin) else {
        return Ok(Vec::new());
    };
    let r = rw.ctx.result(o0, 0);
    if v == r {
        return Ok(Vec::new());
    }
    if log.is_enabled() {
        points.extend(
            sources
                .iter()
                .filter(|&&s| s != r)
                .filter_map(|&s| rw.ctx.defining_op(s))
                .filter_map(|d| rw.ctx.parent_block(d))
                .map(Point::In),
        );
        log.record(Decision {
            loc,
            op: rw.ctx.name_of(o0).to_string(),
            action: Action::Placed {
                points,
                replaced: 1,
            },
            speculative: None,
        });
    }
    rw.replace_all_uses_with(r, v);
    let operands = rw.ctx.operands(o0).to_vec();
    rw.erase_op(o0);
    stats.replaced += 1;
    let mut gone = vec![o0];
    erase_dead_chain(rw, &operands, &mut gone);
    Ok(gone)
}

/// Creates the ops computing `t` at the current insertion point.
fn materialize(rw: &mut Rewriter<'_>, t: &Tree, loc: lockstep_ir::LocId) -> ValueId {
    match t {
        Tree::Leaf(v) => *v,
        Tree::Op {
            name,
            attrs,
            ty,
            kids,
        } => {
            let operands: Vec<ValueId> = kids.iter().map(|k| materialize(rw, k, loc)).collect();
            create_op(rw, *name, attrs, *ty, &operands, loc)
        }
    }
}

/// Erases the pure ops computing `values` that have no uses left.
fn erase_dead_chain(rw: &mut Rewriter<'_>, values: &[ValueId], gone: &mut Vec<OpId>) {
    let mut work: Vec<ValueId> = values.to_vec();
    // A value listed twice (`addi %x, %x`) must not be looked at after its
    // op is erased.
    let mut seen: FxHashSet<ValueId> = FxHashSet::default();
    let mut steps = 0usize;
    while let Some(v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        steps += 1;
        if steps > 4 * MAX_TREE {
            break;
        }
        let Some(op) = rw.ctx.defining_op(v) else {
            continue;
        };
        if !convertible(rw.ctx, op) || rw.ctx.results(op).iter().any(|&r| rw.ctx.has_uses(r)) {
            continue;
        }
        let ops = rw.ctx.operands(op).to_vec();
        rw.erase_op(op);
        gone.push(op);
        work.extend(ops);
    }
}

/// The query about speculation (Algorithms 2.1/2.2, see the module doc):
/// finds the earliest branch block `n` to hoist `o0` to and hoists it.
#[allow(clippy::too_many_arguments)]
fn speculate(
    rw: &mut Rewriter<'_>,
    func: OpId,
    g: &MotionCfg,
    alias: &AliasAnalysis,
    div: &Divergence,
    o0: OpId,
    b0: Node,
    t0: &Tree,
    opts: SrqpOptions,
    stats: &mut SrqpStats,
    log: &mut MotionLog,
) -> Result<Option<Vec<OpId>>, Diagnostic> {
    let ctx: &Context = rw.ctx;
    let Some(m0) = g.block(b0) else {
        return Ok(None);
    };
    let Some(&region) = ctx.regions(func).first() else {
        return Ok(None);
    };
    let _ = region;
    let dom = DominanceInfo::compute(ctx, func);
    let env = Env { ctx, g, alias };
    // Candidate targets: the branches `m0` is control dependent on,
    // climbing while each dominates the previous one and the tree can be
    // carried up to its end unchanged in meaning (no kill on the way).
    let mut m = m0;
    let mut best: Option<(BlockId, Tree)> = None;
    // Every branch climbed through, nearest first: hoisting to the last
    // one crosses all of them (for remarks).
    let mut crossed: Vec<BlockId> = Vec::new();
    for _ in 0..g.num_blocks() {
        let branches: Vec<BlockId> = div
            .cd
            .controlling_branches(m)
            .into_iter()
            .filter(|&n| div.depends_on(m, n) && n != m && dom.dominates(n, m))
            .collect();
        let Some(&n) = branches
            .iter()
            .find(|&&n| opts.variant == Variant::SsrqpS || div.divergent_branch.contains(&n))
        else {
            break;
        };
        // Carry the tree from the start of `m0`'s load back to the end of
        // `n`: every path from `n` to `o0` must be free of kills, and the
        // tree must not need a value defined below `n`.
        let Some(t) = carry_to(&env, &dom, n, m0, o0, t0) else {
            break;
        };
        best = Some((n, t));
        crossed.push(n);
        m = n;
    }
    let Some((n, t)) = best else {
        return Ok(None);
    };
    // Safety of the hoisted load itself.
    let Some(nn) = g.node_of(n) else {
        return Ok(None);
    };
    if !opts.speculate_loads {
        let deref = crate::speculation::Dereferenceable::compute(ctx, g);
        let Tree::Op { kids, .. } = &t else {
            return Ok(None);
        };
        let Some(Tree::Leaf(addr)) = kids.first() else {
            return Ok(None);
        };
        if !deref.at_exit(nn, *addr) {
            return Ok(None);
        }
    }
    let Some(term) = ctx.last_op(n) else {
        return Ok(None);
    };
    let loc = ctx.loc(o0);
    if log.is_enabled() {
        let branches = crossed
            .iter()
            .filter_map(|&b| {
                ctx.last_op(b).map(|t| Branch {
                    block: b,
                    loc: ctx.loc(t),
                    divergent: div.divergent_branch.contains(&b),
                })
            })
            .collect();
        log.record(Decision {
            loc,
            op: ctx.name_of(o0).to_string(),
            action: Action::Hoisted { from: m0, to: n },
            speculative: Some(branches),
        });
    }
    rw.set_insertion_point(InsertPoint::Before(term));
    let mut gone = vec![o0];
    let v = match &t {
        Tree::Op {
            name,
            attrs,
            ty,
            kids,
        } => {
            let origs: Vec<ValueId> = rw.ctx.operands(o0).to_vec();
            let mut moved: FxHashMap<ValueId, ValueId> = FxHashMap::default();
            let operands: Vec<ValueId> = kids
                .iter()
                .enumerate()
                .map(|(i, k)| {
                    let orig = origs.get(i).copied();
                    materialize_moving(rw, k, loc, orig, m0, &mut gone, &mut moved)
                })
                .collect();
            create_op(rw, *name, attrs, *ty, &operands, loc)
        }
        Tree::Leaf(v) => *v,
    };
    let r = rw.ctx.result(o0, 0);
    rw.replace_all_uses_with(r, v);
    let operands = rw.ctx.operands(o0).to_vec();
    rw.erase_op(o0);
    stats.speculated += 1;
    erase_dead_chain(rw, &operands, &mut gone);
    Ok(Some(gone))
}

/// Like [`materialize`], but a subtree computed in block `home` by the op
/// defining `orig` is *moved*: the op's uses take the new value and the op
/// is erased. Valid because the insertion point (the end of a block that
/// dominates `home`, not `home` itself) dominates every use of it.
fn materialize_moving(
    rw: &mut Rewriter<'_>,
    t: &Tree,
    loc: lockstep_ir::LocId,
    orig: Option<ValueId>,
    home: BlockId,
    gone: &mut Vec<OpId>,
    moved: &mut FxHashMap<ValueId, ValueId>,
) -> ValueId {
    // A value used twice in the tree is one subtree (conversions replace
    // every occurrence of a leaf at once): move its op once.
    if let Some(o) = orig
        && let Some(&v) = moved.get(&o)
    {
        return v;
    }
    let Tree::Op {
        name,
        attrs,
        ty,
        kids,
    } = t
    else {
        return materialize(rw, t, loc);
    };
    let d = orig.and_then(|v| rw.ctx.defining_op(v)).filter(|&d| {
        rw.ctx.parent_block(d) == Some(home) && convertible(rw.ctx, d) && matches(rw.ctx, d, t)
    });
    let origs: Vec<Option<ValueId>> = match d {
        Some(d) => rw.ctx.operands(d).iter().map(|&v| Some(v)).collect(),
        None => vec![None; kids.len()],
    };
    let operands: Vec<ValueId> = kids
        .iter()
        .zip(origs)
        .map(|(k, o)| materialize_moving(rw, k, loc, o, home, gone, moved))
        .collect();
    let v = create_op(rw, *name, attrs, *ty, &operands, loc);
    if let Some(d) = d {
        let r = rw.ctx.result(d, 0);
        moved.insert(r, v);
        rw.replace_all_uses_with(r, v);
        rw.erase_op(d);
        gone.push(d);
    }
    v
}

fn create_op(
    rw: &mut Rewriter<'_>,
    name: Sym,
    attrs: &[(Sym, AttrId)],
    ty: TypeId,
    operands: &[ValueId],
    loc: lockstep_ir::LocId,
) -> ValueId {
    let name = rw.ctx.op_name(rw.ctx.str(name));
    let mut state = OperationState::new(name, loc)
        .operands(operands)
        .results(&[ty]);
    for &(k, v) in attrs {
        state.add_attr(k, v);
    }
    let op = rw.create(state);
    rw.ctx.result(op, 0)
}

/// The tree of `o0` (in block `m0`) as computed at the end of block `n`,
/// if every path from the end of `n` to `o0` is free of modifications and
/// only blocks dominated by `n` lie on them.
fn carry_to(
    env: &Env<'_>,
    dom: &DominanceInfo,
    n: BlockId,
    m0: BlockId,
    o0: OpId,
    t0: &Tree,
) -> Option<Tree> {
    let ctx = env.ctx;
    // Blocks between `n` and `m0`: reach `m0` backwards without passing `n`.
    let mut between: Vec<BlockId> = Vec::new();
    let mut seen: FxHashSet<BlockId> = FxHashSet::default();
    let mut work = vec![m0];
    seen.insert(m0);
    while let Some(b) = work.pop() {
        if b != m0 {
            between.push(b);
        }
        for p in ctx.pred_blocks(b) {
            if p == m0 {
                // `m0` entered again without passing `n`: a loop around it.
                return None;
            }
            if p == n || !seen.insert(p) {
                continue;
            }
            if !dom.dominates(n, p) {
                return None;
            }
            work.push(p);
        }
    }
    // `m0` may not be re-entered before `o0` (a loop around it) and no
    // block in between may define values the tree needs: with these
    // restrictions the tree's leaves at `o0` are defined above `n` or are
    // converted through pure ops walked over.
    let t = match env.walk_back(m0, Some(o0), t0) {
        Walk::Start(t) => t,
        _ => return None,
    };
    if ctx.block_args(m0).iter().any(|&a| t.has_leaf(a)) {
        return None;
    }
    let loc = tree_location(ctx, env.alias, &t);
    for &b in &between {
        if ctx.block_args(b).iter().any(|&a| t.has_leaf(a)) {
            return None;
        }
        for op in ctx.block_ops(b) {
            if ctx.results(op).iter().any(|&r| t.has_leaf(r))
                || kills_memory(ctx, env.alias, loc.as_ref(), op)
            {
                return None;
            }
        }
    }
    // The tree's leaves must be available at the end of `n`; leaves
    // defined in `m0` were converted by the walk, those of blocks in
    // between were rejected, so they are defined in `n` or above it.
    for leaf in leaves(&t) {
        if let Some(d) = ctx.defining_op(leaf)
            && let Some(db) = ctx.parent_block(d)
            && db != n
            && !dom.dominates(db, n)
        {
            return None;
        }
    }
    Some(t)
}

fn leaves(t: &Tree) -> Vec<ValueId> {
    let mut out = Vec::new();
    let mut work = vec![t];
    while let Some(x) = work.pop() {
        match x {
            Tree::Leaf(v) => out.push(*v),
            Tree::Op { kids, .. } => work.extend(kids.iter()),
        }
    }
    out
}

/// `speculate-loads` of `ssrqp-s` and `ssrqp`.
pub const SPEC_OPTIONS: &[lockstep_pass::OptionSpec] = &[lockstep_pass::OptionSpec {
    name: "speculate-loads",
    description: "Speculate loads whose address is not proven dereferenceable",
    kind: "bool",
    default: "false",
}];

/// Parses the options of `variant` (`speculate-loads` only for the
/// speculative ones).
pub fn parse_options(
    variant: Variant,
    o: &lockstep_pass::PassOptions,
) -> Result<SrqpOptions, String> {
    for (k, _) in &o.entries {
        if k != "speculate-loads" || !variant.speculates() {
            return Err(format!("no such option {k}"));
        }
    }
    let speculate_loads = match o.get("speculate-loads") {
        None => false,
        Some("true") | Some("1") => true,
        Some("false") | Some("0") => false,
        Some(v) => {
            return Err(format!(
                "'{v}' value invalid for bool argument 'speculate-loads'"
            ));
        }
    };
    Ok(SrqpOptions {
        variant,
        speculate_loads,
    })
}

/// The `srqp`, `esrqp`, `ssrqp-s` and `ssrqp` passes.
pub struct SrqpPass {
    pub opts: SrqpOptions,
}

impl lockstep_pass::Pass for SrqpPass {
    fn argument(&self) -> &'static str {
        match self.opts.variant {
            Variant::Srqp => "srqp",
            Variant::Esrqp => "esrqp",
            Variant::SsrqpS => "ssrqp-s",
            Variant::Ssrqp => "ssrqp",
        }
    }
    fn name(&self) -> &'static str {
        match self.opts.variant {
            Variant::Srqp => "ScalarReplacementQP",
            Variant::Esrqp => "ExtendedScalarReplacementQP",
            Variant::SsrqpS => "SpeculativeScalarReplacementQPAll",
            Variant::Ssrqp => "SpeculativeScalarReplacementQP",
        }
    }
    fn options_string(&self) -> String {
        if self.opts.speculate_loads {
            "{speculate-loads=true}".to_string()
        } else {
            String::new()
        }
    }
    fn run(&mut self, op: OpId, cx: &mut lockstep_pass::PassContext<'_>) -> Result<(), Diagnostic> {
        let opts = self.opts;
        crate::run_on_function(cx, lockstep_pass::Pass::argument(self), op, |rw, log| {
            run_srqp_logged(rw, op, opts, log)
        })
    }
}

impl crate::MotionStats for SrqpStats {
    fn record(&self, stats: &mut lockstep_pass::Statistics) {
        stats.add("num-inserted", "Loads inserted", self.inserted);
        stats.add("num-replaced", "Redundant loads replaced", self.replaced);
        stats.add(
            "num-speculated",
            "Loads hoisted speculatively",
            self.speculated,
        );
        stats.add(
            "num-merges",
            "Block arguments added where values merge",
            self.merges,
        );
        stats.add(
            "num-split",
            "Critical edges split to receive code",
            self.split_edges,
        );
        stats.add(
            "num-suppressed",
            "Insertions suppressed outside the CDRND",
            self.suppressed,
        );
        stats.add(
            "num-refined",
            "Loads replaced by insertions one-sided on every divergent branch",
            self.refined,
        );
    }
    fn changed(&self) -> bool {
        SrqpStats::changed(self)
    }
}
