//! The expression universe of one region in SSA form, and the local
//! predicates of the thesis (§2.1, §4.2) on it.
//!
//! # From variables to SSA with block arguments
//!
//! The thesis states its equations for programs over variables, where an
//! expression such as `a + b` is *modified* by any assignment to `a` or `b`.
//! Here the program is SSA with block arguments, and the translation is:
//! - **Expressions** are keyed lexically: op name, operand values,
//!   attributes (sorted by name) and result types. Two ops with the same key
//!   compute the same value wherever both operands are defined. The
//!   candidates are pure `arith` ops other than constants, the address
//!   arithmetic `device.ptradd` and `device.addrspace_cast`, and
//!   non-volatile `device.load`s (see [`expression_kind`]).
//! - **Modification points** of an expression are the definitions of its
//!   operands: the op defining an operand, or the block whose argument it
//!   is, at that block's entry (before any op of the block). An SSA value is
//!   defined once per execution of its definition, so a definition inside a
//!   loop is exactly the re-assignment of the variable on each iteration.
//!   For loads, every op that may write the loaded location is a
//!   modification too ([`memory_effect`] and [`crate::alias`]).
//! - **Blocks are split** for each expression at its last modification
//!   point, into an entry part (up to it) and an exit part (after it), as
//!   in §2.1: `NComp` holds when the block computes the expression before
//!   any modification (an upward-exposed computation), `XComp` when it
//!   computes it after the last one (a downward-exposed computation), and
//!   `Transp` when the block does not modify it at all. A transparent block
//!   that computes the expression has both `NComp` and `XComp`.
//! - The entry insertion point of a block is its start (after its
//!   arguments); the exit insertion point is anywhere after the last
//!   modification and before the first exit computation (code motion puts
//!   new code at the block's end, before its terminator, when the block has
//!   no exit computation). Because
//!   every occurrence is dominated by the definitions of its operands, every
//!   down-safe point is too, so code inserted at a down-safe point always
//!   has its operands (the proof is in `docs/code-motion.md`).
//!
//! Invariants:
//! - Only top-level ops of the reachable blocks of the region are looked
//!   at; ops nested in regions (`scf.if`, ...) are neither candidates nor
//!   looked into, except that an op with regions and memory effects is a
//!   modification of every load.
//! - A reachable block with an unreachable predecessor modifies every
//!   expression at its entry (see [`Universe::build`]).
//! - Events of one expression in one block are in program order; per
//!   block, an op's own occurrence comes before the modifications it makes
//!   (a load does not modify itself; an op modifies the expressions that use
//!   its result, never its own).
//! - Expression ids are dense, in order of first occurrence (node order,
//!   then program order), so results are deterministic.

use crate::alias::{AliasAnalysis, MemLoc};
use crate::cfg::MotionCfg;
use lockstep_analysis::dataflow::LocalPredicates;
use lockstep_ir::{AttrId, BlockId, Context, OpId, Sym, TypeId, ValueId};
use rustc_hash::FxHashMap;

/// What makes two ops compute the same value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ExprKey {
    pub name: Sym,
    pub operands: Vec<ValueId>,
    pub attrs: Vec<(Sym, AttrId)>,
    pub result_types: Vec<TypeId>,
}

impl ExprKey {
    pub fn of(ctx: &Context, op: OpId) -> Self {
        let mut attrs = ctx.attrs(op).to_vec();
        attrs.sort();
        ExprKey {
            name: ctx.sym(ctx.name_of(op)),
            operands: ctx.operands(op).to_vec(),
            attrs,
            result_types: ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect(),
        }
    }
}

/// The kind of a candidate expression.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// Computes from its operands only; never traps on this target.
    Pure,
    /// A non-volatile `device.load`.
    Load,
}

/// Is `op` a code-motion candidate, and of which kind?
pub fn expression_kind(ctx: &Context, op: OpId) -> Option<ExprKind> {
    if ctx.results(op).len() != 1
        || ctx.operands(op).is_empty()
        || !ctx.regions(op).is_empty()
        || !ctx.successors(op).is_empty()
        || ctx.def_of(op).is_none()
    {
        return None;
    }
    let name = ctx.name_of(op);
    match name {
        "device.load" => (ctx.attr_of(op, "volatile").is_none()).then_some(ExprKind::Load),
        "device.ptradd" | "device.addrspace_cast" => Some(ExprKind::Pure),
        "arith.constant" => None,
        _ if name.starts_with("arith.")
            && lockstep_transforms::effects::is_memory_effect_free(ctx, op) =>
        {
            Some(ExprKind::Pure)
        }
        _ => None,
    }
}

/// How an op touches memory, as far as load availability cares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MemEffect {
    None,
    /// Writes the location (a plain store).
    Write(MemLoc),
    /// May write anything, or orders memory with other threads: atomics,
    /// barriers, volatile accesses, calls, warp votes and shuffles (warp
    /// synchronisation points), unknown ops.
    All,
}

/// The memory effect of `op` (not looking at its nested ops beyond what
/// [`lockstep_transforms::effects::is_memory_effect_free`] does).
pub fn memory_effect(ctx: &Context, alias: &AliasAnalysis, op: OpId) -> MemEffect {
    match ctx.name_of(op) {
        "device.load" => {
            if ctx.attr_of(op, "volatile").is_some() {
                MemEffect::All
            } else {
                MemEffect::None
            }
        }
        "device.store" if ctx.operands(op).len() == 2 => {
            if ctx.attr_of(op, "volatile").is_some() {
                return MemEffect::All;
            }
            let ty = ctx.value_type(ctx.operand(op, 0));
            MemEffect::Write(alias.location(ctx, ctx.operand(op, 1), Some(ty)))
        }
        "device.alloca" => MemEffect::None,
        _ if lockstep_transforms::effects::is_memory_effect_free(ctx, op) => MemEffect::None,
        _ => MemEffect::All,
    }
}

/// Where in a block an event happens.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pos {
    /// At the block's entry (its arguments are defined).
    Entry,
    /// At this op.
    At(OpId),
}

/// One thing that happens to an expression in a block.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A modification point.
    Kill(Pos),
    /// An occurrence (the op computes the expression).
    Occ(OpId),
}

/// One candidate expression of the region.
#[derive(Clone, Debug)]
pub struct Expr {
    pub key: ExprKey,
    pub kind: ExprKind,
    /// Occurrences in node order, then program order.
    pub occurrences: Vec<OpId>,
    /// For loads, the location read.
    pub loc: Option<MemLoc>,
}

/// The universe and the per-block events and local predicates.
pub struct Universe {
    pub exprs: Vec<Expr>,
    pub index: FxHashMap<ExprKey, usize>,
    /// Events of (expression, block), in program order; absent when none.
    pub events: FxHashMap<(usize, BlockId), Vec<Event>>,
    /// Over the nodes of the [`MotionCfg`] it was built for.
    pub local: LocalPredicates,
}

impl Universe {
    /// Collects the candidates of the blocks of `g` and their events.
    pub fn build(ctx: &Context, g: &MotionCfg, alias: &AliasAnalysis) -> Self {
        let mut exprs: Vec<Expr> = Vec::new();
        let mut index: FxHashMap<ExprKey, usize> = FxHashMap::default();
        for b in g.blocks() {
            for op in ctx.block_ops(b) {
                let Some(kind) = expression_kind(ctx, op) else {
                    continue;
                };
                let key = ExprKey::of(ctx, op);
                let id = *index.entry(key.clone()).or_insert_with(|| {
                    let loc = (kind == ExprKind::Load).then(|| {
                        alias.location(
                            ctx,
                            ctx.operand(op, 0),
                            Some(ctx.value_type(ctx.result(op, 0))),
                        )
                    });
                    exprs.push(Expr {
                        key,
                        kind,
                        occurrences: Vec::new(),
                        loc,
                    });
                    exprs.len() - 1
                });
                exprs[id].occurrences.push(op);
            }
        }
        // Which expressions each value is an operand of.
        let mut users: FxHashMap<ValueId, Vec<usize>> = FxHashMap::default();
        for (id, e) in exprs.iter().enumerate() {
            for &v in &e.key.operands {
                let list = users.entry(v).or_default();
                if list.last() != Some(&id) {
                    list.push(id);
                }
            }
        }
        let loads: Vec<usize> = (0..exprs.len())
            .filter(|&i| exprs[i].kind == ExprKind::Load)
            .collect();

        let nodes = lockstep_analysis::CfgView::num_nodes(g);
        let mut local = LocalPredicates::new(exprs.len(), nodes);
        let mut events: FxHashMap<(usize, BlockId), Vec<Event>> = FxHashMap::default();
        for b in g.blocks() {
            let mut push = |e: usize, ev: Event| events.entry((e, b)).or_default().push(ev);
            // A block also entered from unreachable code cannot take a new
            // argument (the unreachable branch has no value to pass), so
            // nothing is available at its entry: every expression counts as
            // modified there.
            if ctx.pred_blocks(b).iter().any(|&p| g.node_of(p).is_none()) {
                for e in 0..exprs.len() {
                    push(e, Event::Kill(Pos::Entry));
                }
            }
            for a in ctx.block_args(b) {
                for &e in users.get(a).map(Vec::as_slice).unwrap_or(&[]) {
                    push(e, Event::Kill(Pos::Entry));
                }
            }
            for op in ctx.block_ops(b) {
                if expression_kind(ctx, op).is_some()
                    && let Some(&e) = index.get(&ExprKey::of(ctx, op))
                {
                    push(e, Event::Occ(op));
                }
                for r in ctx.results(op) {
                    for &e in users.get(r).map(Vec::as_slice).unwrap_or(&[]) {
                        push(e, Event::Kill(Pos::At(op)));
                    }
                }
                match memory_effect(ctx, alias, op) {
                    MemEffect::None => {}
                    MemEffect::All => {
                        for &e in &loads {
                            push(e, Event::Kill(Pos::At(op)));
                        }
                    }
                    MemEffect::Write(w) => {
                        for &e in &loads {
                            let hit = exprs[e].loc.as_ref().is_none_or(|l| alias.may_alias(l, &w));
                            if hit {
                                push(e, Event::Kill(Pos::At(op)));
                            }
                        }
                    }
                }
            }
        }
        for (&(e, b), evs) in &events {
            let Some(n) = g.node_of(b) else { continue };
            let n = n as usize;
            let mut killed = false;
            let mut exit_comp = false;
            for ev in evs {
                match ev {
                    Event::Kill(_) => {
                        killed = true;
                        exit_comp = false;
                    }
                    Event::Occ(_) => {
                        if !killed {
                            local.ncomp[n].insert(e);
                        }
                        exit_comp = true;
                    }
                }
            }
            if killed {
                local.transp[n].remove(e);
            }
            if exit_comp {
                local.xcomp[n].insert(e);
            }
        }
        Universe {
            exprs,
            index,
            events,
            local,
        }
    }

    pub fn len(&self) -> usize {
        self.exprs.len()
    }
    pub fn is_empty(&self) -> bool {
        self.exprs.is_empty()
    }

    /// The events of `e` in block `b`.
    pub fn events_of(&self, e: usize, b: BlockId) -> &[Event] {
        self.events.get(&(e, b)).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The first occurrence of `e` in `b` before any modification.
    pub fn first_entry_occurrence(&self, e: usize, b: BlockId) -> Option<OpId> {
        match self.events_of(e, b).first() {
            Some(Event::Occ(op)) => Some(*op),
            _ => None,
        }
    }

    /// The first occurrence of `e` in `b` after its last modification
    /// (or anywhere, when `b` does not modify it).
    pub fn first_exit_occurrence(&self, e: usize, b: BlockId) -> Option<OpId> {
        let evs = self.events_of(e, b);
        let start = evs
            .iter()
            .rposition(|ev| matches!(ev, Event::Kill(_)))
            .map_or(0, |i| i + 1);
        evs[start..].iter().find_map(|ev| match ev {
            Event::Occ(op) => Some(*op),
            Event::Kill(_) => None,
        })
    }

    /// The last modification of `e` in `b`, if any.
    pub fn last_kill(&self, e: usize, b: BlockId) -> Option<Pos> {
        self.events_of(e, b).iter().rev().find_map(|ev| match ev {
            Event::Kill(p) => Some(*p),
            Event::Occ(_) => None,
        })
    }
}
