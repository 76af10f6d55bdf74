//! The greedy pattern-rewrite driver (MLIR's `applyPatternsGreedily`).
//!
//! Each iteration seeds a worklist with every op of the region (post-order,
//! or pre-order when `top_down`), uniquing constants on the way: a constant
//! equal to one seen before in the same insertion region (the nearest
//! enclosing region whose parent is isolated from above) is replaced by it;
//! the first one is moved to the front of that region's entry block. Ops are
//! then popped LIFO and, in order: erased if trivially dead, folded (results
//! replaced by values or by constants materialized in front of the op through
//! the dialect's hook; constant-like ops are never folded), or rewritten by
//! the first matching pattern in decreasing benefit. Then unreachable blocks
//! are erased and, unless disabled, the region is simplified (region DCE).
//! Iterations repeat while something changed, up to `max_iterations`; as in
//! MLIR, region simplification counts as a change only if it erased blocks
//! or ops (block arguments it drops alone do not start a new iteration).
//!
//! Invariants:
//! - Every change goes through a `Rewriter` whose listener is the driver:
//!   inserted and modified ops (and their ancestors up to the driven region)
//!   are re-queued; an erased op leaves the worklist at once, and the
//!   definers of its operands that are left with at most one other user are
//!   queued once the erasure has completed (they may have become dead).
//! - The worklist never holds an erased op, and holds each op at most once.
//! - Only ops inside the driven region are ever queued; the region's parent
//!   op is never touched.
//! - Only code reachable from its region's entry is rewritten. An op whose
//!   block (or an ancestor's block, up to the driven region) cannot be
//!   reached from its region's entry is popped and left alone: not erased,
//!   folded or matched. Dominance orders the ops of reachable code, so their
//!   use-def chains are acyclic and every fold or pattern sees a finite
//!   expression tree; unreachable blocks have no such guarantee (MLIR lets
//!   `%a = addi %b, 1` and `%b = addi %a, 2` sit in an unreachable loop, and
//!   a block that becomes unreachable mid-iteration and merges into its own
//!   latch makes such cycles), and reassociating around a cycle never ends.
//!   Those blocks are erased instead: at the end of the iteration by region
//!   simplification, or at the start of the next one. Reachability is
//!   cached per region and dropped whenever a terminator or a block is
//!   inserted, modified or erased.
//! - Termination does not depend on the patterns. Every fold and every
//!   pattern application (and a failed one that still touched the IR) is
//!   counted against a budget for the whole run, [`CHANGES_PER_OP`] per op
//!   the region held when the driver started plus [`CHANGE_SLACK`] (or
//!   [`GreedyConfig::change_budget`]); dead-op erasure and region
//!   simplification only shrink the IR, so they cannot run forever on their
//!   own. When the budget is spent the driver stops at once, not converged.
//!   Independently, `max_num_rewrites` successful pattern applications end
//!   an iteration early (MLIR's option, folds not counted) and
//!   `max_iterations` bounds the iterations.
//! - Folds and pattern applications are counted per folder or pattern over
//!   each iteration; a run that does not converge reports the one that
//!   fired most in its last iteration, with the location of the first op it
//!   rewrote there (`test-convergence` names it in its error).
//! - The result says whether the rewrite converged (the last iteration
//!   changed nothing) and whether anything changed at all.

use crate::fold::{FoldOutcome, constant_value, dialect_of, materialize_constant, try_fold};
use crate::region_utils::{
    erase_unreachable_blocks, post_order, reachable_blocks, simplify_regions_progress,
};
use lockstep_ir::opdef::{FoldValue, OpDef};
use lockstep_ir::{
    AttrId, BlockId, Context, InsertPoint, Listener, LocId, OpId, RegionId, RewritePattern,
    Rewriter, Traits, TypeId, ValueId,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// How much CFG simplification runs after each iteration.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RegionSimplify {
    /// Nothing beyond the erasure of unreachable blocks.
    Disabled,
    /// Liveness-based DCE of ops and block arguments.
    Normal,
}

impl RegionSimplify {
    /// Parses `disabled`/`normal` (MLIR's spelling) or a boolean.
    pub fn parse(s: &str) -> Option<RegionSimplify> {
        match s {
            "disabled" | "false" | "0" => Some(RegionSimplify::Disabled),
            "normal" | "true" | "1" | "" => Some(RegionSimplify::Normal),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            RegionSimplify::Disabled => "disabled",
            RegionSimplify::Normal => "normal",
        }
    }
}

/// Folds and pattern applications a run may make per op of the driven
/// region (counted when the driver starts). Canonicalizing real code takes
/// a few per op over all iterations; a run that needs more is going round
/// in a cycle.
pub const CHANGES_PER_OP: u64 = 64;
/// Added to the budget so that tiny regions still get room to grow.
pub const CHANGE_SLACK: u64 = 1024;

/// Knobs of the driver; the default matches MLIR's `GreedyRewriteConfig`,
/// plus the change budget MLIR does not have.
#[derive(Clone, Debug)]
pub struct GreedyConfig {
    /// Iterations over the whole region; `None` means until convergence
    /// (the change budget still ends the run).
    pub max_iterations: Option<u64>,
    /// Successful pattern applications per iteration (folds not counted);
    /// `None` means no limit beyond the change budget.
    pub max_num_rewrites: Option<u64>,
    /// Folds and pattern applications of the whole run; `None` means
    /// [`CHANGES_PER_OP`] per op of the region plus [`CHANGE_SLACK`].
    pub change_budget: Option<u64>,
    /// Seed the worklist in pre-order (process ops top-down).
    pub top_down: bool,
    /// Try the ops' `fold` hooks.
    pub fold: bool,
    /// Unique and hoist constants while seeding the worklist.
    pub cse_constants: bool,
    /// Erase ops that are trivially dead when popped.
    pub erase_dead_ops: bool,
    pub region_simplify: RegionSimplify,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig {
            max_iterations: Some(10),
            max_num_rewrites: None,
            change_budget: None,
            top_down: false,
            fold: true,
            cse_constants: true,
            erase_dead_ops: true,
            region_simplify: RegionSimplify::Normal,
        }
    }
}

/// A folder or pattern and how often it fired in an iteration.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Firing {
    /// The pattern's name, or the folded op's name when `fold` is set.
    pub name: &'static str,
    pub fold: bool,
    pub count: u64,
    /// Where the first op it rewrote in that iteration was.
    pub loc: LocId,
}

impl std::fmt::Display for Firing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let times = if self.count == 1 { "time" } else { "times" };
        if self.fold {
            write!(
                f,
                "the folder of '{}' fired {} {times}",
                self.name, self.count
            )
        } else {
            write!(f, "pattern '{}' fired {} {times}", self.name, self.count)
        }
    }
}

/// What a greedy rewrite did.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct GreedyResult {
    /// The last iteration changed nothing.
    pub converged: bool,
    /// Some iteration changed the IR.
    pub changed: bool,
    /// The change budget ran out (the run was cut short, not converged).
    pub budget_exhausted: bool,
    /// When not converged: the folder or pattern that fired most in the
    /// last iteration, if any did (region simplification alone may keep an
    /// iteration changing).
    pub busiest: Option<Firing>,
}

impl GreedyResult {
    /// Merges the result of another region's run into this one.
    fn merge(&mut self, other: GreedyResult) {
        self.converged &= other.converged;
        self.changed |= other.changed;
        self.budget_exhausted |= other.budget_exhausted;
        if let Some(b) = other.busiest
            && self.busiest.is_none_or(|a| b.count > a.count)
        {
            self.busiest = Some(b);
        }
    }
}

/// A frozen set of patterns, bucketed by root op kind and sorted by
/// decreasing benefit (stable: equal benefits keep their insertion order).
#[derive(Default, Clone)]
pub struct PatternSet {
    by_root: FxHashMap<usize, Vec<&'static dyn RewritePattern>>,
    any: Vec<&'static dyn RewritePattern>,
}

fn def_key(def: &'static OpDef) -> usize {
    def as *const OpDef as usize
}

/// Are `a` and `b` the same pattern? Distinct zero-sized patterns may
/// share an address, so the vtable (through fat-pointer equality) and the
/// name must agree too.
fn same_pattern(a: &'static dyn RewritePattern, b: &'static dyn RewritePattern) -> bool {
    std::ptr::eq(a, b) && a.name() == b.name()
}

impl PatternSet {
    /// Freezes `patterns`; a pattern listed twice (same static) is kept once.
    pub fn new(patterns: impl IntoIterator<Item = &'static dyn RewritePattern>) -> PatternSet {
        let mut set = PatternSet::default();
        let mut seen: Vec<&'static dyn RewritePattern> = Vec::new();
        for p in patterns {
            if seen.iter().any(|&q| same_pattern(p, q)) {
                continue;
            }
            seen.push(p);
            match p.root() {
                Some(def) => set.by_root.entry(def_key(def)).or_default().push(p),
                None => set.any.push(p),
            }
        }
        for list in set.by_root.values_mut() {
            list.sort_by_key(|p| std::cmp::Reverse(p.benefit()));
        }
        set.any.sort_by_key(|p| std::cmp::Reverse(p.benefit()));
        set
    }

    /// The canonicalization patterns of every op registered in `ctx`, in
    /// dialect registration order, then the generic CFG patterns (which MLIR
    /// has as `cf` patterns), keeping those `keep` accepts (by name).
    pub fn canonicalization(ctx: &Context, keep: &dyn Fn(&str) -> bool) -> PatternSet {
        let mut all = Vec::new();
        for d in ctx.registry().dialects() {
            for op in d.ops {
                all.extend(op.canonicalize.iter().copied().filter(|p| keep(p.name())));
            }
        }
        all.extend(
            crate::simplify_cfg::CFG_PATTERNS
                .iter()
                .copied()
                .filter(|p| keep(p.name())),
        );
        PatternSet::new(all)
    }

    pub fn is_empty(&self) -> bool {
        self.any.is_empty() && self.by_root.is_empty()
    }

    /// The patterns that apply to ops of kind `def`, best first: op-specific
    /// and any-op patterns interleaved by benefit, op-specific first on ties
    /// (MLIR's `PatternApplicator`).
    pub(crate) fn for_op(&self, def: Option<&'static OpDef>) -> Vec<&'static dyn RewritePattern> {
        let specific: &[&'static dyn RewritePattern] = def
            .and_then(|d| self.by_root.get(&def_key(d)))
            .map_or(&[], |v| v.as_slice());
        let mut out = Vec::with_capacity(specific.len() + self.any.len());
        let (mut i, mut j) = (0, 0);
        while i < specific.len() || j < self.any.len() {
            let take_any = j < self.any.len()
                && (i == specific.len() || specific[i].benefit() < self.any[j].benefit());
            if take_any {
                out.push(self.any[j]);
                j += 1;
            } else {
                out.push(specific[i]);
                i += 1;
            }
        }
        out
    }
}

/// A LIFO worklist with set semantics and O(1) removal (removed slots hold
/// `None` and are skipped).
#[derive(Default)]
struct Worklist {
    list: Vec<Option<OpId>>,
    map: FxHashMap<OpId, usize>,
}

impl Worklist {
    fn clear(&mut self) {
        self.list.clear();
        self.map.clear();
    }

    fn push(&mut self, op: OpId) {
        if let std::collections::hash_map::Entry::Vacant(e) = self.map.entry(op) {
            e.insert(self.list.len());
            self.list.push(Some(op));
        }
    }

    fn pop(&mut self) -> Option<OpId> {
        while let Some(slot) = self.list.pop() {
            if let Some(op) = slot {
                self.map.remove(&op);
                return Some(op);
            }
        }
        None
    }

    fn remove(&mut self, op: OpId) {
        if let Some(i) = self.map.remove(&op) {
            self.list[i] = None;
        }
    }

    fn reverse(&mut self) {
        self.list.reverse();
        for (i, slot) in self.list.iter().enumerate() {
            if let Some(op) = slot {
                self.map.insert(*op, i);
            }
        }
    }
}

/// The driver's listener: keeps the worklist in sync with the IR.
struct DriverListener {
    worklist: Worklist,
    scope: RegionId,
    /// Definers of operands of erased ops, each with its ancestors up to the
    /// driven region as they were when the erasure was announced, queued
    /// once the erasure is over (while a batch of erasures is notified, some
    /// of them are about to be destroyed too). MLIR queues the definer and
    /// its ancestors at once and drops the ones erased later; queueing the
    /// survivors of the chain afterwards has the same effect.
    pending: Vec<smallvec::SmallVec<[OpId; 8]>>,
    /// The constant uniquer, kept across iterations.
    constants: ConstantUniquer,
    /// The blocks reachable from the entry of each multi-block region
    /// asked about since the CFG last changed.
    reachable: FxHashMap<RegionId, FxHashSet<BlockId>>,
    /// Notifications received, to tell whether a failed pattern touched
    /// the IR anyway.
    notifications: u64,
}

impl DriverListener {
    /// Queues `op` and its ancestors up to the driven region; ops outside
    /// that region are ignored. Ancestors go after `op`, so they pop first.
    fn add_to_worklist(&mut self, ctx: &Context, op: OpId) {
        if let Some(chain) = self.chain(ctx, op) {
            for &o in &chain {
                self.worklist.push(o);
            }
        }
    }

    /// `op` and its ancestors up to the driven region, or `None` if `op`
    /// is not inside it.
    fn chain(&self, ctx: &Context, op: OpId) -> Option<smallvec::SmallVec<[OpId; 8]>> {
        let mut chain: smallvec::SmallVec<[OpId; 8]> = smallvec::SmallVec::new();
        let mut cur = op;
        loop {
            chain.push(cur);
            let region = ctx.parent_block(cur).and_then(|b| ctx.block_parent(b))?;
            if region == self.scope {
                return Some(chain);
            }
            cur = ctx.region_parent(region)?;
        }
    }

    /// Is `op` in code reachable from the entry of its region, and its
    /// ancestors in theirs, up to the driven region?
    fn in_reachable_code(&mut self, ctx: &Context, op: OpId) -> bool {
        let mut cur = op;
        loop {
            let Some(block) = ctx.parent_block(cur) else {
                return false;
            };
            let Some(region) = ctx.block_parent(block) else {
                return false;
            };
            if ctx.region_blocks(region).len() > 1
                && !self
                    .reachable
                    .entry(region)
                    .or_insert_with(|| reachable_blocks(ctx, region))
                    .contains(&block)
            {
                return false;
            }
            if region == self.scope {
                return true;
            }
            match ctx.region_parent(region) {
                Some(p) => cur = p,
                None => return false,
            }
        }
    }

    /// Drops cached reachability if `op` can change a CFG: it has
    /// successors or is a terminator (edges), or holds regions (whose ids
    /// may be reused once erased).
    fn note_cfg(&mut self, ctx: &Context, op: OpId) {
        if !self.reachable.is_empty()
            && (!ctx.successors(op).is_empty()
                || ctx.has_trait(op, Traits::TERMINATOR)
                || !ctx.regions(op).is_empty())
        {
            self.reachable.clear();
        }
    }

    fn flush(&mut self, ctx: &Context) {
        for chain in std::mem::take(&mut self.pending) {
            for op in chain {
                if ctx.is_live_op(op) {
                    self.worklist.push(op);
                }
            }
        }
    }
}

impl Listener for DriverListener {
    fn op_inserted(&mut self, ctx: &Context, op: OpId) {
        self.notifications += 1;
        self.note_cfg(ctx, op);
        self.flush(ctx);
        self.add_to_worklist(ctx, op);
    }

    fn op_modified(&mut self, ctx: &Context, op: OpId) {
        self.notifications += 1;
        self.note_cfg(ctx, op);
        self.flush(ctx);
        self.add_to_worklist(ctx, op);
    }

    fn op_replaced(&mut self, ctx: &Context, _op: OpId, _with: &[ValueId]) {
        self.notifications += 1;
        self.flush(ctx);
    }

    fn op_erased(&mut self, ctx: &Context, op: OpId) {
        self.notifications += 1;
        self.note_cfg(ctx, op);
        // A definer whose value keeps at most one other user may now be
        // dead, or foldable into that user.
        for &v in ctx.operands(op) {
            let Some(def) = ctx.defining_op(v) else {
                continue;
            };
            let mut other: Option<OpId> = None;
            let mut many = false;
            for u in ctx.uses(v) {
                if u.op == op || Some(u.op) == other {
                    continue;
                }
                if other.is_none() {
                    other = Some(u.op);
                } else {
                    many = true;
                    break;
                }
            }
            if !many && let Some(chain) = self.chain(ctx, def) {
                self.pending.push(chain);
            }
        }
        self.worklist.remove(op);
        self.constants.notify_removal(op);
    }

    fn block_inserted(&mut self, ctx: &Context, _block: BlockId) {
        self.notifications += 1;
        self.reachable.clear();
        self.flush(ctx);
    }

    fn block_erased(&mut self, _ctx: &Context, _block: BlockId) {
        self.notifications += 1;
        self.reachable.clear();
    }
}

/// Constants uniqued by the seeding walks, per insertion region. Like MLIR's
/// `OperationFolder`, it lives as long as the driver: a constant uniqued in
/// one iteration is still known in the next (and only re-hoisted to the
/// front of its block), until it is erased.
#[derive(Default)]
struct ConstantUniquer {
    scopes: FxHashMap<RegionId, FxHashMap<(&'static str, AttrId, TypeId), OpId>>,
    /// The constants uniqued so far, with where they are recorded.
    owned: FxHashMap<OpId, (RegionId, (&'static str, AttrId, TypeId))>,
}

/// The region constants of `block` are hoisted to: the nearest enclosing
/// region whose parent op is isolated from above, unregistered, or at the
/// top level.
pub fn constant_insertion_region(ctx: &Context, mut block: BlockId) -> Option<RegionId> {
    loop {
        let region = ctx.block_parent(block)?;
        let parent = ctx.region_parent(region)?;
        let isolated = ctx
            .def_of(parent)
            .is_none_or(|d| d.has(Traits::ISOLATED_FROM_ABOVE));
        match ctx.parent_block(parent) {
            Some(b) if !isolated => block = b,
            _ => return Some(region),
        }
    }
}

impl ConstantUniquer {
    /// Records a constant op met while seeding. Returns `false` if it was a
    /// duplicate and has been replaced by the earlier one (and erased).
    fn insert_known_constant(
        &mut self,
        ctx: &mut Context,
        listener: &mut DriverListener,
        op: OpId,
        value: AttrId,
    ) -> bool {
        let Some(block) = ctx.parent_block(op) else {
            return true;
        };
        if self.owned.contains_key(&op) {
            let first = ctx.first_op(block);
            if first != Some(op) && !ctx.prev_op(op).is_some_and(|p| self.owned.contains_key(&p)) {
                Rewriter::new(ctx).move_op(op, InsertPoint::BlockStart(block));
            }
            return true;
        }
        let Some(region) = constant_insertion_region(ctx, block) else {
            return true;
        };
        let Some(dialect) = ctx.def_of(op).map(|d| d.dialect()) else {
            return true;
        };
        let ty = ctx.value_type(ctx.result(op, 0));
        let key = (dialect, value, ty);
        if let Some(&existing) = self.scopes.get(&region).and_then(|m| m.get(&key)) {
            let with = [ctx.result(existing, 0)];
            Rewriter::with_listener(ctx, listener).replace_op(op, &with);
            // MLIR's folder gives the survivor an unknown location.
            let unknown = ctx.unknown_loc();
            Rewriter::new(ctx).set_loc(existing, unknown);
            return false;
        }
        let insert_block = ctx
            .entry_block(region)
            .expect("insertion region has an entry block");
        let first = ctx.first_op(insert_block);
        // Keep it where it is if it already heads the block, or follows
        // constants uniqued in this walk; else move it to the front. The
        // move is not a change the worklist needs to hear about.
        let stays = block == insert_block
            && (first == Some(op) || ctx.prev_op(op).is_some_and(|p| self.owned.contains_key(&p)));
        if !stays {
            let unknown = ctx.unknown_loc();
            let mut rw = Rewriter::new(ctx);
            rw.move_op(op, InsertPoint::BlockStart(insert_block));
            // Hoisted out of its block, it loses its location (as with
            // MLIR's folder); moved within the block, it keeps it.
            if block != insert_block {
                rw.set_loc(op, unknown);
            }
        }
        self.scopes.entry(region).or_default().insert(key, op);
        self.owned.insert(op, (region, key));
        true
    }

    /// Forgets an erased constant (MLIR's `OperationFolder::notifyRemoval`).
    fn notify_removal(&mut self, op: OpId) {
        if let Some((region, key)) = self.owned.remove(&op)
            && let Some(m) = self.scopes.get_mut(&region)
            && m.get(&key) == Some(&op)
        {
            m.remove(&key);
        }
    }
}

/// Post-order walk of the ops of `region` that tolerates erasing or moving
/// the visited op (the next op is fetched before visiting).
fn walk_post_mut(ctx: &mut Context, region: RegionId, f: &mut dyn FnMut(&mut Context, OpId)) {
    let blocks = ctx.region_blocks(region).to_vec();
    for b in blocks {
        let mut cur = ctx.first_op(b);
        while let Some(op) = cur {
            cur = ctx.next_op(op);
            for r in ctx.regions(op).to_vec() {
                walk_post_mut(ctx, r, f);
            }
            f(ctx, op);
        }
    }
}

/// Pre-order walk; `f` returns whether to visit the op's regions.
fn walk_pre_mut(
    ctx: &mut Context,
    region: RegionId,
    f: &mut dyn FnMut(&mut Context, OpId) -> bool,
) {
    let blocks = ctx.region_blocks(region).to_vec();
    for b in blocks {
        let mut cur = ctx.first_op(b);
        while let Some(op) = cur {
            cur = ctx.next_op(op);
            if f(ctx, op) {
                for r in ctx.regions(op).to_vec() {
                    walk_pre_mut(ctx, r, f);
                }
            }
        }
    }
}

/// Applies `patterns` and folding to the ops of every region of `op` (not
/// to `op` itself), one driver per region, as MLIR does.
pub fn apply_patterns_greedily_op(
    ctx: &mut Context,
    op: OpId,
    patterns: &PatternSet,
    config: &GreedyConfig,
) -> GreedyResult {
    let mut out = GreedyResult {
        converged: true,
        ..GreedyResult::default()
    };
    for r in ctx.regions(op).to_vec() {
        out.merge(apply_patterns_greedily(ctx, r, patterns, config));
    }
    out
}

/// The number of ops nested in `region`, at any depth.
fn count_ops(ctx: &Context, region: RegionId) -> u64 {
    let mut n = 0u64;
    for &b in ctx.region_blocks(region) {
        for op in ctx.block_ops(b) {
            n += 1;
            for &r in ctx.regions(op) {
                n += count_ops(ctx, r);
            }
        }
    }
    n
}

/// Applies `patterns` and folding to the ops nested in `region` until a
/// fixed point, the iteration limit or the end of the change budget.
pub fn apply_patterns_greedily(
    ctx: &mut Context,
    region: RegionId,
    patterns: &PatternSet,
    config: &GreedyConfig,
) -> GreedyResult {
    let mut listener = DriverListener {
        worklist: Worklist::default(),
        scope: region,
        pending: Vec::new(),
        constants: ConstantUniquer::default(),
        reachable: FxHashMap::default(),
        notifications: 0,
    };
    let mut cache: FxHashMap<usize, Vec<&'static dyn RewritePattern>> = FxHashMap::default();
    let mut budget = Budget {
        left: config.change_budget.unwrap_or_else(|| {
            CHANGES_PER_OP
                .saturating_mul(count_ops(ctx, region))
                .saturating_add(CHANGE_SLACK)
        }),
        firings: FxHashMap::default(),
    };
    let mut iteration = 0u64;
    let mut changed_any = false;
    loop {
        iteration += 1;
        if config.max_iterations.is_some_and(|m| iteration > m) {
            return GreedyResult {
                converged: false,
                changed: changed_any,
                budget_exhausted: false,
                busiest: budget.busiest(),
            };
        }
        listener.worklist.clear();
        listener.pending.clear();
        listener.reachable.clear();
        budget.firings.clear();
        seed(ctx, region, config, &mut listener);

        // Unreachable code may hold IR (`%a = arith.addi %a, %a`) that
        // patterns are not written for: drop it before processing.
        let mut changed =
            erase_unreachable_blocks(&mut Rewriter::with_listener(ctx, &mut listener), &[region]);
        let processed = process_worklist(
            ctx,
            &mut listener,
            patterns,
            config,
            &mut cache,
            &mut budget,
        );
        changed |= processed;
        if config.region_simplify != RegionSimplify::Disabled {
            // Like MLIR, iterate again only if blocks or ops went: erased
            // block arguments alone do not count as progress.
            let s = simplify_regions_progress(
                &mut Rewriter::with_listener(ctx, &mut listener),
                &[region],
            );
            changed |= s.progress;
            changed_any |= s.changed;
        }
        changed_any |= changed;
        if budget.left == 0 {
            // Whatever keeps firing would go on: stop here.
            return GreedyResult {
                converged: false,
                changed: changed_any,
                budget_exhausted: true,
                busiest: budget.busiest(),
            };
        }
        if !changed {
            return GreedyResult {
                converged: true,
                changed: changed_any,
                budget_exhausted: false,
                busiest: None,
            };
        }
    }
}

/// The change budget of a run, and what spent it in the current iteration.
struct Budget {
    left: u64,
    /// Per (is a fold, pattern or op name): count, first location.
    firings: FxHashMap<(bool, &'static str), (u64, LocId)>,
}

impl Budget {
    /// Spends one change on `name` rewriting an op at `loc`.
    fn spend(&mut self, fold: bool, name: &'static str, loc: LocId) {
        self.left = self.left.saturating_sub(1);
        self.firings
            .entry((fold, name))
            .and_modify(|e| e.0 += 1)
            .or_insert((1, loc));
    }

    /// The folder or pattern that fired most this iteration (ties go to
    /// the name that sorts first, so the answer is deterministic).
    fn busiest(&self) -> Option<Firing> {
        self.firings
            .iter()
            .max_by(|a, b| a.1.0.cmp(&b.1.0).then_with(|| b.0.1.cmp(a.0.1)))
            .map(|(&(fold, name), &(count, loc))| Firing {
                name,
                fold,
                count,
                loc,
            })
    }
}

fn seed(ctx: &mut Context, region: RegionId, config: &GreedyConfig, listener: &mut DriverListener) {
    // Taken out of the listener for the walk (duplicates it erases are not
    // in it), and put back after.
    let mut uniquer = std::mem::take(&mut listener.constants);
    let cse = config.cse_constants;
    // Returns whether the op is still there (not a replaced duplicate).
    let mut keep = |ctx: &mut Context, listener: &mut DriverListener, op: OpId| -> bool {
        if !cse {
            return true;
        }
        match constant_value(ctx, op) {
            Some(v) => uniquer.insert_known_constant(ctx, listener, op, v),
            None => true,
        }
    };
    if !config.top_down {
        walk_post_mut(ctx, region, &mut |ctx, op| {
            if keep(ctx, listener, op) {
                listener.flush(ctx);
                listener.add_to_worklist(ctx, op);
            }
        });
    } else {
        walk_pre_mut(ctx, region, &mut |ctx, op| {
            if keep(ctx, listener, op) {
                listener.flush(ctx);
                listener.add_to_worklist(ctx, op);
                true
            } else {
                false
            }
        });
        // Pop order is then the walk order.
        listener.worklist.reverse();
    }
    listener.flush(ctx);
    listener.constants = uniquer;
}

fn process_worklist(
    ctx: &mut Context,
    listener: &mut DriverListener,
    patterns: &PatternSet,
    config: &GreedyConfig,
    cache: &mut FxHashMap<usize, Vec<&'static dyn RewritePattern>>,
    budget: &mut Budget,
) -> bool {
    let mut changed = false;
    let mut num_rewrites = 0u64;
    loop {
        if budget.left == 0 || config.max_num_rewrites.is_some_and(|m| num_rewrites >= m) {
            break;
        }
        listener.flush(ctx);
        let Some(op) = listener.worklist.pop() else {
            break;
        };
        debug_assert!(ctx.is_live_op(op), "worklist held an erased op");
        // See the module doc: unreachable code may hold use-def cycles
        // (after a constant branch folds, a loop whose header merges into
        // its latch turns `%a = addi %p, 1` into `%a = addi %b, 1`, `%b =
        // addi %a, 2`), around which folding and reassociation go on
        // forever. Its blocks are erased at the end of the iteration.
        if !listener.in_reachable_code(ctx, op) {
            continue;
        }

        if config.erase_dead_ops && crate::effects::is_op_trivially_dead(ctx, op) {
            erase_op_tree(&mut Rewriter::with_listener(ctx, listener), op);
            changed = true;
            continue;
        }

        let def = ctx.def_of(op);
        let loc = ctx.loc(op);
        if config.fold
            && !ctx.has_trait(op, Traits::CONSTANT_LIKE)
            && fold_and_replace(ctx, listener, op)
        {
            budget.spend(true, def.map_or("<unregistered>", |d| d.name), loc);
            changed = true;
            continue;
        }

        let list = match def {
            Some(d) => cache
                .entry(def_key(d))
                .or_insert_with(|| patterns.for_op(Some(d))),
            None => cache.entry(0).or_insert_with(|| patterns.for_op(None)),
        };
        for p in list.iter() {
            let before = listener.notifications;
            let mut rw = Rewriter::with_listener(ctx, listener);
            rw.set_insertion_point_before(op);
            if p.match_and_rewrite(op, &mut rw) {
                budget.spend(false, p.name(), loc);
                changed = true;
                num_rewrites += 1;
                break;
            }
            if listener.notifications != before {
                // The pattern failed yet changed the IR, breaking its
                // contract; its edits re-queue ops, so they are paid for.
                budget.spend(false, p.name(), loc);
                changed = true;
            }
        }
    }
    changed
}

/// Erases `op` as MLIR's `RewriterBase::eraseOp` does: nested ops one at a
/// time, regions last to first, blocks in post-order, the ops of a block
/// last to first, so that each erasure is announced while the uses it
/// leaves behind are the real ones (the listener queues definers left with
/// few users).
fn erase_op_tree(rw: &mut Rewriter<'_>, op: OpId) {
    let regions: Vec<RegionId> = rw.ctx.regions(op).to_vec();
    for r in regions.into_iter().rev() {
        while rw.ctx.entry_block(r).is_some() {
            let blocks = post_order(rw.ctx, r);
            for &b in &blocks {
                while let Some(last) = rw.ctx.last_op(b) {
                    erase_op_tree(rw, last);
                }
            }
            for b in blocks {
                rw.erase_block(b);
            }
        }
    }
    rw.erase_op(op);
}

/// Folds `op` and applies the result. Returns whether the IR changed.
fn fold_and_replace(ctx: &mut Context, listener: &mut DriverListener, op: OpId) -> bool {
    let Some(outcome) = try_fold(ctx, op) else {
        return false;
    };
    let mut rw = Rewriter::with_listener(ctx, listener);
    match outcome {
        FoldOutcome::NewOperands(vals) => {
            rw.set_operands(op, &vals);
            true
        }
        FoldOutcome::Replace(vals) => {
            let dialect = dialect_of(rw.ctx, op);
            let loc = rw.ctx.loc(op);
            rw.set_insertion_point_before(op);
            let mut repl: Vec<ValueId> = Vec::with_capacity(vals.len());
            let mut created: Vec<OpId> = Vec::new();
            for (i, v) in vals.into_iter().enumerate() {
                match v {
                    FoldValue::Value(v) => repl.push(v),
                    FoldValue::Attr(a) => {
                        let ty = rw.ctx.value_type(rw.ctx.result(op, i));
                        match dialect.and_then(|d| materialize_constant(&mut rw, d, a, ty, loc)) {
                            Some(c) => {
                                created.push(c);
                                repl.push(rw.ctx.result(c, 0));
                            }
                            None => {
                                // Undo the constants built for earlier results.
                                for c in created {
                                    rw.erase_op(c);
                                }
                                return false;
                            }
                        }
                    }
                }
            }
            rw.replace_op(op, &repl);
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{parse, print};

    fn run(src: &str, config: &GreedyConfig) -> (String, GreedyResult) {
        let (mut ctx, m) = parse(src);
        let patterns = PatternSet::canonicalization(&ctx, &|_| true);
        let res = apply_patterns_greedily_op(&mut ctx, m, &patterns, config);
        (print(&ctx, m), res)
    }

    fn canon(src: &str) -> String {
        run(
            src,
            &GreedyConfig {
                top_down: true,
                ..GreedyConfig::default()
            },
        )
        .0
    }

    fn func(body: &str) -> String {
        format!(
            "\"builtin.module\"() ({{\n  \"test.func\"() <{{sym_name = \"f\"}}> ({{\n{body}  }}) : () -> ()\n}}) : () -> ()\n\n"
        )
    }

    #[test]
    fn folds_and_materializes_constants() {
        let src = func(
            r#"  ^bb0(%arg0: i32):
    %0 = "test.const"() <{value = 1 : i32}> : () -> i32
    %1 = "test.const"() <{value = 2 : i32}> : () -> i32
    %2 = "test.add"(%0, %1) : (i32, i32) -> i32
    %3 = "test.add"(%arg0, %2) : (i32, i32) -> i32
    "test.ret"(%3) : (i32) -> ()
"#,
        );
        let want = func(
            r#"  ^bb0(%arg0: i32):
    %0 = "test.const"() <{value = 3 : i32}> : () -> i32
    %1 = "test.add"(%arg0, %0) : (i32, i32) -> i32
    "test.ret"(%1) : (i32) -> ()
"#,
        );
        assert_eq!(canon(&src), want);
    }

    #[test]
    fn commutative_constants_move_right_and_identity_folds() {
        let src = func(
            r#"  ^bb0(%arg0: i32):
    %0 = "test.const"() <{value = 0 : i32}> : () -> i32
    %1 = "test.add"(%0, %arg0) : (i32, i32) -> i32
    "test.ret"(%1) : (i32) -> ()
"#,
        );
        let want = func(
            r#"  ^bb0(%arg0: i32):
    "test.ret"(%arg0) : (i32) -> ()
"#,
        );
        assert_eq!(canon(&src), want);
    }

    #[test]
    fn constants_are_deduplicated_and_hoisted_out_of_regions() {
        // The nested constant equals the first one: replaced by it. The
        // later distinct one moves to the entry block's front.
        let src = func(
            r#"  ^bb0(%arg0: i32):
    %0 = "test.const"() <{value = 7 : i32}> : () -> i32
    %1 = "test.effect"(%arg0, %0) : (i32, i32) -> i32
    %2 = "test.exec"() ({
      %4 = "test.const"() <{value = 7 : i32}> : () -> i32
      %5 = "test.effect"(%4) : (i32) -> i32
      "test.yield"(%5) : (i32) -> ()
    }) : () -> i32
    %3 = "test.const"() <{value = 9 : i32}> : () -> i32
    "test.ret"(%1, %2, %3) : (i32, i32, i32) -> ()
"#,
        );
        let want = func(
            r#"  ^bb0(%arg0: i32):
    %0 = "test.const"() <{value = 9 : i32}> : () -> i32
    %1 = "test.const"() <{value = 7 : i32}> : () -> i32
    %2 = "test.effect"(%arg0, %1) : (i32, i32) -> i32
    %3 = "test.exec"() ({
      %4 = "test.effect"(%1) : (i32) -> i32
      "test.yield"(%4) : (i32) -> ()
    }) : () -> i32
    "test.ret"(%2, %3, %0) : (i32, i32, i32) -> ()
"#,
        );
        assert_eq!(canon(&src), want);
    }

    #[test]
    fn dead_pure_ops_go_effects_stay() {
        let src = func(
            r#"  ^bb0(%arg0: i32):
    %0 = "test.pure"(%arg0) : (i32) -> i32
    %1 = "test.pure"(%0) : (i32) -> i32
    %2 = "test.effect"(%arg0) : (i32) -> i32
    %3 = "test.exec"() ({
      %4 = "test.pure"(%arg0) : (i32) -> i32
      "test.yield"(%4) : (i32) -> ()
    }) : () -> i32
    %5 = "test.exec"() ({
      %6 = "test.effect"(%arg0) : (i32) -> i32
      "test.yield"(%6) : (i32) -> ()
    }) : () -> i32
    "test.ret"() : () -> ()
"#,
        );
        let want = func(
            r#"  ^bb0(%arg0: i32):
    %0 = "test.effect"(%arg0) : (i32) -> i32
    %1 = "test.exec"() ({
      %2 = "test.effect"(%arg0) : (i32) -> i32
      "test.yield"(%2) : (i32) -> ()
    }) : () -> i32
    "test.ret"() : () -> ()
"#,
        );
        assert_eq!(canon(&src), want);
    }

    #[test]
    fn patterns_apply_until_fixed_point() {
        let src = func(
            r#"  ^bb0(%arg0: i32):
    %0 = "test.neg"(%arg0) : (i32) -> i32
    %1 = "test.neg"(%0) : (i32) -> i32
    %2 = "test.neg"(%1) : (i32) -> i32
    %3 = "test.neg"(%2) : (i32) -> i32
    "test.ret"(%3) : (i32) -> ()
"#,
        );
        let want = func(
            r#"  ^bb0(%arg0: i32):
    "test.ret"(%arg0) : (i32) -> ()
"#,
        );
        assert_eq!(canon(&src), want);
        // Bottom-up gives the same result.
        let (out, res) = run(&src, &GreedyConfig::default());
        assert_eq!(out, want);
        assert!(res.converged && res.changed);
    }

    #[test]
    fn iteration_cap_reports_non_convergence() {
        let src = func(
            r#"  ^bb0(%arg0: i32):
    %0 = "test.const"() <{value = 1 : i32}> : () -> i32
    %1 = "test.add"(%0, %arg0) : (i32, i32) -> i32
    "test.ret"(%1) : (i32) -> ()
"#,
        );
        let (_, res) = run(
            &src,
            &GreedyConfig {
                max_iterations: Some(1),
                ..GreedyConfig::default()
            },
        );
        assert!(!res.converged && res.changed);
        let (_, res) = run(
            &src,
            &GreedyConfig {
                max_iterations: Some(3),
                ..GreedyConfig::default()
            },
        );
        assert!(res.converged);
    }

    #[test]
    fn rewrite_cap_stops_an_iteration_early() {
        let src = func(
            r#"  ^bb0(%arg0: i32):
    %0 = "test.neg"(%arg0) : (i32) -> i32
    %1 = "test.neg"(%0) : (i32) -> i32
    %2 = "test.neg"(%arg0) : (i32) -> i32
    %3 = "test.neg"(%2) : (i32) -> i32
    "test.ret"(%1, %3) : (i32, i32) -> ()
"#,
        );
        let cfg = GreedyConfig {
            max_num_rewrites: Some(1),
            max_iterations: Some(1),
            ..GreedyConfig::default()
        };
        let (out, res) = run(&src, &cfg);
        assert!(!res.converged);
        assert_eq!(out.matches("test.neg").count(), 2, "{out}");
    }

    #[test]
    fn unreachable_blocks_are_erased_even_without_region_simplification() {
        let src = func(
            r#"  ^bb0(%arg0: i32):
    "test.ret"(%arg0) : (i32) -> ()
  ^bb1(%0: i32):
    %1 = "test.add"(%1, %1) : (i32, i32) -> i32
    "test.br"(%1)[^bb1] : (i32) -> ()
"#,
        );
        let want = func(
            r#"  ^bb0(%arg0: i32):
    "test.ret"(%arg0) : (i32) -> ()
"#,
        );
        let cfg = GreedyConfig {
            region_simplify: RegionSimplify::Disabled,
            ..GreedyConfig::default()
        };
        assert_eq!(run(&src, &cfg).0, want);
    }

    #[test]
    fn region_simplification_drops_dead_block_arguments() {
        let src = func(
            r#"  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "test.pure"(%arg0) : (i32) -> i32
    "test.br"(%0, %arg1)[^bb1] : (i32, i32) -> ()
  ^bb1(%1: i32, %2: i32):
    %3 = "test.pure"(%1) : (i32) -> i32
    %4 = "test.effect"(%2) : (i32) -> i32
    "test.cond_br"(%4, %3, %2)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i32, i32, i32) -> ()
  ^bb2:
    "test.ret"() : () -> ()
"#,
        );
        let want = func(
            r#"  ^bb0(%arg0: i32, %arg1: i32):
    "test.br"(%arg1)[^bb1] : (i32) -> ()
  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
    %1 = "test.effect"(%0) : (i32) -> i32
    "test.cond_br"(%1, %0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()
  ^bb2:  // pred: ^bb1
    "test.ret"() : () -> ()
"#,
        );
        assert_eq!(canon(&src), want);
    }

    #[test]
    fn failed_branch_edits_do_not_requeue_forever() {
        // Bypassing ^bb1 would need `fwd` to change: impossible, so the
        // pattern fails, and the driver must still converge.
        let src = func(
            r#"  ^bb0(%arg0: i32):
    "test.odd_br"(%arg0, %arg0)[^bb1] <{fwd = 1 : i64}> : (i32, i32) -> ()
  ^bb1(%0: i32):
    "test.br"(%0, %0)[^bb2] : (i32, i32) -> ()
  ^bb2(%1: i32, %2: i32):
    "test.effect"(%1, %2) : (i32, i32) -> ()
    "test.br"()[^bb2] : () -> ()
"#,
        );
        let (out, res) = run(
            &src,
            &GreedyConfig {
                max_iterations: Some(3),
                ..GreedyConfig::default()
            },
        );
        assert!(res.converged, "{out}");
        assert!(out.contains("test.odd_br"), "{out}");
    }

    /// Canonicalization with the real dialects, the way `canonicalize`
    /// configures the driver, optionally with a change budget.
    fn canon_full(src: &str, budget: Option<u64>) -> (String, GreedyResult) {
        let (mut ctx, m) = crate::testing::parse_full(src);
        let patterns = PatternSet::canonicalization(&ctx, &|_| true);
        let cfg = GreedyConfig {
            top_down: true,
            change_budget: budget,
            ..GreedyConfig::default()
        };
        let res = apply_patterns_greedily_op(&mut ctx, m, &patterns, &cfg);
        (crate::testing::print_pretty(&ctx, m), res)
    }

    /// A loop whose entry edge dies when `%false` folds: its header then
    /// merges into its latch within the iteration, and the latch's addi
    /// and the header's addi form a cycle that `%d` reassociates against.
    const DEAD_LOOP: &str = r#"func.func private @sink(i32)
func.func @f(%x: i32, %c: i1) -> i32 {
  %false = arith.constant false
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  cf.cond_br %false, ^bb1(%x : i32), ^bb3
^bb1(%p: i32):
  %a = arith.addi %p, %c1 : i32
  %d = arith.addi %a, %c5 : i32
  func.call @sink(%d) : (i32) -> ()
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  %b = arith.addi %a, %c2 : i32
  cf.br ^bb1(%b : i32)
^bb3:
  return %x : i32
}
"#;

    #[test]
    fn code_made_unreachable_mid_iteration_is_left_alone() {
        // A budget far above what this needs: reaching it would mean the
        // cycle was rewritten, which the reachability rule forbids.
        let (out, res) = canon_full(DEAD_LOOP, Some(200));
        assert!(res.converged && !res.budget_exhausted, "{res:?}\n{out}");
        assert!(!out.contains("arith.addi") && !out.contains("^bb"), "{out}");
        assert!(out.contains("return %arg0 : i32"), "{out}");
    }

    #[test]
    fn a_graph_region_cycle_spends_the_budget_and_names_the_pattern() {
        // A graph region (the module body) may hold a use-def cycle in
        // reachable code; reassociating `%d` against it never converges.
        let src = r#"%c1 = arith.constant 1 : i32
%c2 = arith.constant 2 : i32
%a = arith.addi %b, %c1 : i32
%b = arith.addi %a, %c2 : i32
%d = arith.addi %b, %c2 : i32
"test.use"(%d) : (i32) -> ()
"#;
        let (_, res) = canon_full(src, Some(50));
        assert!(!res.converged && res.budget_exhausted, "{res:?}");
        let b = res.busiest.expect("a pattern kept firing");
        assert_eq!((b.name, b.fold), ("AddIAddConstant", false));
        assert!(b.count > 25 && b.count <= 50, "{b:?}");
        // The default budget scales with the region (6 ops here).
        let (_, res) = canon_full(src, None);
        let b = res.busiest.expect("a pattern kept firing");
        assert!(res.budget_exhausted, "{res:?}");
        assert!(b.count <= 6 * CHANGES_PER_OP + CHANGE_SLACK, "{b:?}");
    }

    /// Breaks the pattern contract: edits the op, then reports failure.
    struct EditsThenFails;
    impl RewritePattern for EditsThenFails {
        fn name(&self) -> &'static str {
            "EditsThenFails"
        }
        fn root(&self) -> Option<&'static OpDef> {
            None
        }
        fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
            let a = rw.ctx().unit_attr();
            rw.set_attr(op, "touched", a);
            false
        }
    }
    static EDITS_THEN_FAILS: EditsThenFails = EditsThenFails;

    #[test]
    fn a_failed_pattern_that_edits_is_charged_and_ends() {
        let src = func(
            r#"  ^bb0(%arg0: i32):
    "test.ret"(%arg0) : (i32) -> ()
"#,
        );
        let (mut ctx, m) = parse(&src);
        let patterns = PatternSet::new([&EDITS_THEN_FAILS as &dyn RewritePattern]);
        let cfg = GreedyConfig {
            change_budget: Some(40),
            ..GreedyConfig::default()
        };
        let res = apply_patterns_greedily_op(&mut ctx, m, &patterns, &cfg);
        assert!(res.budget_exhausted && !res.converged, "{res:?}");
        assert_eq!(res.busiest.map(|b| b.name), Some("EditsThenFails"));
    }

    #[test]
    fn unlimited_iterations_still_end() {
        // `max_iterations: None` (MLIR's -1) leaves the budget in charge.
        let src = r#"%c1 = arith.constant 1 : i32
%a = arith.addi %b, %c1 : i32
%b = arith.addi %a, %c1 : i32
%d = arith.addi %b, %c1 : i32
"test.use"(%d) : (i32) -> ()
"#;
        let (mut ctx, m) = crate::testing::parse_full(src);
        let patterns = PatternSet::canonicalization(&ctx, &|_| true);
        let cfg = GreedyConfig {
            max_iterations: None,
            max_num_rewrites: Some(3),
            change_budget: Some(30),
            ..GreedyConfig::default()
        };
        let res = apply_patterns_greedily_op(&mut ctx, m, &patterns, &cfg);
        assert!(res.budget_exhausted && !res.converged, "{res:?}");
    }
}
