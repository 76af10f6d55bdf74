//! Lazy code motion (Knoop, Rüthing, Steffen), on the entry/exit
//! insertion points of [`crate::expr`] and the critical-edge-split view of
//! [`crate::cfg`].
//!
//! Equations (per expression; `s` the entry node, `e` the exits):
//!
//! ```text
//! NdSafe(n)    = NComp(n) ∪ (Transp(n) ∩ XdSafe(n))
//! XdSafe(n)    = XComp(n) ∪ (false at e | ⋂ NdSafe(succ))
//! NuSafe(n)    = false at s | ⋂ (XComp(p) ∪ XuSafe(p))
//! XuSafe(n)    = Transp(n) ∩ (NComp(n) ∪ NuSafe(n))
//! NEarliest(n) = NdSafe(n) ∩ (true at s | ⋃ ¬(XuSafe(p) ∪ XdSafe(p)))
//! XEarliest(n) = XdSafe(n) ∩ ¬Transp(n)
//! NDelayed(n)  = NEarliest(n) ∪ (false at s | ⋂ (XDelayed(p) ∩ ¬XComp(p)))
//! XDelayed(n)  = XEarliest(n) ∪ (NDelayed(n) ∩ ¬NComp(n))
//! NLatest(n)   = NDelayed(n) ∩ NComp(n)
//! XLatest(n)   = XDelayed(n) ∩ (XComp(n) ∪ ⋃ ¬NDelayed(succ))
//! ```
//!
//! Safety and earliestness are the thesis's Fig. 4.3; the thesis writes
//! `⋂` over the predecessors in `NEarliest`, which equals `⋃` here because
//! critical edges are split (a join's predecessors each have one
//! successor). Delayability and latestness are KRS's, on the entry/exit
//! points.
//!
//! Transformation (in SSA, so the "temporary" is a value, and merges get
//! block arguments):
//! - At `NLatest(n)` the block computes the expression before any
//!   modification, so its first such occurrence *is* the insertion: it is
//!   kept and defines the value. At `XLatest(n)` with `XComp(n)` the first
//!   exit occurrence is kept the same way. Only `XLatest(n) ∩ ¬XComp(n)`
//!   creates a new op, at the end of the block (before its terminator: any
//!   point after the last modification is equivalent there, and the end is
//!   the latest), or in a split edge's new block. Keeping the
//!   occurrence instead of inserting a copy and replacing the original is
//!   what KRS's isolation analysis achieves.
//! - Every other occurrence is replaced by the value reaching it. Reaching
//!   values are found by SSA construction over the nodes: availability of
//!   the value (killed at modifications), a block argument at each join
//!   where it is available, trivial block arguments (all inputs one value)
//!   folded away, and only the arguments some replacement needs created.
//!   An occurrence the value does not reach (which LCM's correctness rules
//!   out) is kept, never replaced, so no path ever evaluates more.
//!
//! Invariants:
//! - Never speculative: insertions are at down-safe points only.
//! - One round moves a set of expressions none of which uses the result of
//!   another's occurrence (keys would change under its feet); rounds repeat
//!   until nothing changes or `max-rounds`, so chains (`ptradd` of a `muli`
//!   of ...) move one link per round.
//! - Unreachable blocks are untouched; functions whose reachable blocks end
//!   in terminators other than `cf.br`, `cf.cond_br`, `cf.switch` and
//!   `device.return` are left unchanged.

use crate::alias::AliasAnalysis;
use crate::cfg::{MotionCfg, NodeKind, materialize_edges};
use crate::expr::{Event, Universe};
use crate::remarks::{Action, Branch, Decision, MotionLog, Point};
use lockstep_analysis::cfg::reverse_post_order;
use lockstep_analysis::dataflow::{
    Direction, FnProblem, LocalPredicates, Meet, down_safety, solve, up_safety,
};
use lockstep_analysis::{BitSet, CfgView, Node};
use lockstep_ir::{
    BlockId, Context, Diagnostic, InsertPoint, OpId, OperationState, RegionId, Rewriter, ValueId,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// The LCM predicates of every node, over the universe.
#[derive(Clone, Debug)]
pub struct LcmPredicates {
    pub n_dsafe: Vec<BitSet>,
    pub x_dsafe: Vec<BitSet>,
    pub n_usafe: Vec<BitSet>,
    pub x_usafe: Vec<BitSet>,
    pub n_earliest: Vec<BitSet>,
    pub x_earliest: Vec<BitSet>,
    pub n_delayed: Vec<BitSet>,
    pub x_delayed: Vec<BitSet>,
    pub n_latest: Vec<BitSet>,
    pub x_latest: Vec<BitSet>,
}

/// Solves the equations of the module doc on `g`.
pub fn lcm_predicates<G: CfgView + ?Sized>(g: &G, l: &LocalPredicates) -> LcmPredicates {
    let n = g.num_nodes();
    let u = l.universe;
    let dsafe = down_safety(g, l, |_| false);
    let usafe = up_safety(g, l);
    let n_dsafe: Vec<BitSet> = (0..n as Node).map(|x| dsafe.at_entry(x).clone()).collect();
    let x_dsafe: Vec<BitSet> = (0..n as Node).map(|x| dsafe.at_exit(x).clone()).collect();
    let n_usafe: Vec<BitSet> = (0..n as Node).map(|x| usafe.at_entry(x).clone()).collect();
    let x_usafe: Vec<BitSet> = (0..n as Node).map(|x| usafe.at_exit(x).clone()).collect();

    let mut n_earliest = Vec::with_capacity(n);
    let mut x_earliest = Vec::with_capacity(n);
    for x in 0..n as Node {
        let mut ne = n_dsafe[x as usize].clone();
        if Some(x) != g.entry() {
            let mut some_unsafe = BitSet::new_empty(u);
            for &p in g.preds(x) {
                let mut safe = x_usafe[p as usize].clone();
                safe.union_with(&x_dsafe[p as usize]);
                safe.complement();
                some_unsafe.union_with(&safe);
            }
            ne.intersect_with(&some_unsafe);
        }
        n_earliest.push(ne);
        let mut xe = x_dsafe[x as usize].clone();
        xe.subtract(&l.transp[x as usize]);
        x_earliest.push(xe);
    }

    let delayed = {
        let (ne, xe) = (&n_earliest, &x_earliest);
        let p = FnProblem::new(
            Direction::Forward,
            Meet::Intersection,
            u,
            |x, input, out| {
                out.assign(input);
                out.subtract(&l.ncomp[x as usize]);
                out.union_with(&xe[x as usize]);
            },
        )
        .with_edge(|from, _to, v| {
            v.subtract(&l.xcomp[from as usize]);
        })
        .with_after_meet(|x, v| {
            v.union_with(&ne[x as usize]);
        });
        solve(g, &p)
    };
    let n_delayed: Vec<BitSet> = (0..n as Node)
        .map(|x| delayed.at_entry(x).clone())
        .collect();
    let x_delayed: Vec<BitSet> = (0..n as Node).map(|x| delayed.at_exit(x).clone()).collect();

    let mut n_latest = Vec::with_capacity(n);
    let mut x_latest = Vec::with_capacity(n);
    for x in 0..n {
        let mut nl = n_delayed[x].clone();
        nl.intersect_with(&l.ncomp[x]);
        n_latest.push(nl);
        let mut stop = l.xcomp[x].clone();
        for &s in g.succs(x as Node) {
            let mut not_delayed = n_delayed[s as usize].clone();
            not_delayed.complement();
            stop.union_with(&not_delayed);
        }
        let mut xl = x_delayed[x].clone();
        xl.intersect_with(&stop);
        x_latest.push(xl);
    }
    LcmPredicates {
        n_dsafe,
        x_dsafe,
        n_usafe,
        x_usafe,
        n_earliest,
        x_earliest,
        n_delayed,
        x_delayed,
        n_latest,
        x_latest,
    }
}

/// What one run of [`run_lcm`] did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LcmStats {
    /// New computations created at exit points.
    pub inserted: u64,
    /// Occurrences replaced by a reaching value (and erased).
    pub replaced: u64,
    /// Block arguments created where values merge.
    pub merges: u64,
    /// Critical edges turned into blocks.
    pub split_edges: u64,
    pub rounds: u64,
}

impl LcmStats {
    pub fn changed(&self) -> bool {
        self.inserted + self.replaced + self.merges + self.split_edges > 0
    }
    /// Adds the motion counters of `step` (an LCM run inside a larger
    /// pass); `rounds` counts the caller's own rounds, so it is not added.
    pub(crate) fn absorb(&mut self, step: &LcmStats) {
        self.inserted += step.inserted;
        self.replaced += step.replaced;
        self.merges += step.merges;
        self.split_edges += step.split_edges;
    }
}

/// The round driver of `lcm`, `scm`, `sscm` and `spre`: runs `round` on the
/// body region of `func` while it changes the statistics, at most
/// `max_rounds` times, counting the rounds that changed something. A
/// function without a body is left alone.
pub(crate) fn repeat_rounds(
    rw: &mut Rewriter<'_>,
    func: OpId,
    max_rounds: u64,
    mut round: impl FnMut(&mut Rewriter<'_>, RegionId, &mut LcmStats) -> Result<(), Diagnostic>,
) -> Result<LcmStats, Diagnostic> {
    let mut stats = LcmStats::default();
    let Some(&region) = rw.ctx.regions(func).first() else {
        return Ok(stats);
    };
    for _ in 0..max_rounds {
        let before = stats;
        round(rw, region, &mut stats)?;
        if stats == before {
            break;
        }
        stats.rounds += 1;
    }
    Ok(stats)
}

/// Is every terminator of the region's reachable blocks one whose effect on
/// control flow and values code motion understands?
pub fn supported_terminators(ctx: &Context, g: &MotionCfg) -> bool {
    g.blocks().all(|b| {
        ctx.last_op(b).is_some_and(|t| {
            ctx.results(t).is_empty()
                && matches!(
                    ctx.name_of(t),
                    "cf.br" | "cf.cond_br" | "cf.switch" | "device.return"
                )
        })
    })
}

/// Runs LCM on the body of `func` (a `device.kernel` or `device.func`),
/// for at most `max_rounds` rounds.
pub fn run_lcm(rw: &mut Rewriter<'_>, func: OpId, max_rounds: u64) -> Result<LcmStats, Diagnostic> {
    run_lcm_logged(rw, func, max_rounds, &mut MotionLog::disabled())
}

/// [`run_lcm`] that records its motion decisions in `log` (for remarks).
pub fn run_lcm_logged(
    rw: &mut Rewriter<'_>,
    func: OpId,
    max_rounds: u64,
    log: &mut MotionLog,
) -> Result<LcmStats, Diagnostic> {
    repeat_rounds(rw, func, max_rounds, |rw, region, stats| {
        lcm_round(rw, func, region, stats, log)
    })
}

/// The placement of one expression: which occurrences are kept as the
/// insertions, and at which nodes' entry or exit points a new op goes.
pub(crate) struct Placement {
    pub(crate) kept: FxHashSet<OpId>,
    pub(crate) new_exit: Vec<Node>,
    pub(crate) new_entry: Vec<Node>,
    /// For remarks only (filled when a log is enabled): the new points
    /// that are speculative, with the branches they are hoisted across.
    /// Empty means that no insertion adds an evaluation to any path.
    pub(crate) speculation: Vec<SpecPoint>,
}

/// A speculative insertion point of a [`Placement`] (node, entry or exit
/// point) and the branches `(node, divergent)` that allowed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SpecPoint {
    pub(crate) node: Node,
    pub(crate) at_entry: bool,
    pub(crate) branches: Vec<(Node, bool)>,
}

fn placement(g: &MotionCfg, u: &Universe, p: &LcmPredicates, e: usize) -> Placement {
    let mut kept = FxHashSet::default();
    let mut new_exit = Vec::new();
    for x in 0..g.num_nodes() as Node {
        let b = g.block(x);
        if p.n_latest[x as usize].contains(e)
            && let Some(op) = b.and_then(|b| u.first_entry_occurrence(e, b))
        {
            kept.insert(op);
        }
        if p.x_latest[x as usize].contains(e) {
            match b.and_then(|b| u.first_exit_occurrence(e, b)) {
                Some(op) if u.local.xcomp[x as usize].contains(e) => {
                    kept.insert(op);
                }
                _ => new_exit.push(x),
            }
        }
    }
    Placement {
        kept,
        new_exit,
        new_entry: Vec::new(),
        speculation: Vec::new(),
    }
}

fn lcm_round(
    rw: &mut Rewriter<'_>,
    func: OpId,
    region: RegionId,
    stats: &mut LcmStats,
    log: &mut MotionLog,
) -> Result<(), Diagnostic> {
    motion_round(rw, func, region, stats, log, &|g, u| {
        let preds = lcm_predicates(g, &u.local);
        (0..u.len())
            .map(|e| Some(placement(g, u, &preds, e)))
            .collect()
    })
}

/// Computes the placements of a round (`None`: leave the expression).
pub(crate) type PlaceFn<'a> = dyn Fn(&MotionCfg, &Universe) -> Vec<Option<Placement>> + 'a;

/// Like [`PlaceFn`], for placements that also read the IR (speculation
/// safety, divergence).
pub(crate) type PlaceCtxFn<'a> =
    dyn Fn(&Context, &MotionCfg, &Universe) -> Vec<Option<Placement>> + 'a;

/// One round of code motion with the placements `place` computes: the
/// expressions that change and do not feed each other are rewritten.
pub(crate) fn motion_round(
    rw: &mut Rewriter<'_>,
    func: OpId,
    region: RegionId,
    stats: &mut LcmStats,
    log: &mut MotionLog,
    place: &PlaceFn<'_>,
) -> Result<(), Diagnostic> {
    motion_round_ctx(rw, func, region, stats, log, &|_, g, u| place(g, u))
}

/// [`motion_round`] whose placement function also sees the IR.
pub(crate) fn motion_round_ctx(
    rw: &mut Rewriter<'_>,
    func: OpId,
    region: RegionId,
    stats: &mut LcmStats,
    log: &mut MotionLog,
    place: &PlaceCtxFn<'_>,
) -> Result<(), Diagnostic> {
    let ctx: &Context = rw.ctx;
    let g = MotionCfg::new(ctx, region);
    if g.num_blocks() == 0 || !supported_terminators(ctx, &g) {
        return Ok(());
    }
    let alias = AliasAnalysis::new(ctx, func);
    let u = Universe::build(ctx, &g, &alias);
    if u.is_empty() {
        return Ok(());
    }
    let mut placements = place(ctx, &g, &u);
    placements.resize_with(u.len(), || None);

    // Pick the expressions that change, none feeding another.
    let mut chosen: Vec<(usize, Placement)> = Vec::new();
    let mut chosen_results: FxHashSet<ValueId> = FxHashSet::default();
    let mut chosen_operands: FxHashSet<ValueId> = FxHashSet::default();
    for (e, pl) in placements.into_iter().enumerate() {
        let Some(pl) = pl else { continue };
        let expr = &u.exprs[e];
        let changes = !pl.new_exit.is_empty()
            || !pl.new_entry.is_empty()
            || expr.occurrences.len() > pl.kept.len();
        if !changes {
            continue;
        }
        let results: Vec<ValueId> = expr.occurrences.iter().map(|&o| ctx.result(o, 0)).collect();
        if expr.key.operands.iter().any(|v| chosen_results.contains(v))
            || results.iter().any(|v| chosen_operands.contains(v))
        {
            continue;
        }
        chosen_results.extend(results);
        chosen_operands.extend(expr.key.operands.iter().copied());
        chosen.push((e, pl));
    }
    if chosen.is_empty() {
        return Ok(());
    }

    // Plan every chosen expression before touching the IR.
    let mut plans = Vec::new();
    for (e, pl) in &chosen {
        if let Some(mut plan) = plan_values(ctx, &g, &u, *e, pl) {
            if log.is_enabled() {
                plan.speculation = pl.speculation.clone();
            }
            plans.push(plan);
        }
    }
    if plans.is_empty() {
        return Ok(());
    }

    // Real blocks for the split edges that receive code.
    let mut edge_nodes: Vec<Node> = plans
        .iter()
        .flat_map(|p| p.new_ops.iter().copied())
        .filter_map(|v| match v {
            SVal::Ins(x) | SVal::InsN(x) if g.is_virtual(x) => Some(x),
            _ => None,
        })
        .collect();
    edge_nodes.sort_unstable();
    edge_nodes.dedup();
    let made = materialize_edges(rw, &g, &edge_nodes, func)?;
    stats.split_edges += made.len() as u64;
    let edge_block: FxHashMap<Node, BlockId> = edge_nodes.iter().copied().zip(made).collect();

    for plan in plans {
        apply_plan(rw, &g, &u, &edge_block, plan, stats, func, log)?;
    }
    Ok(())
}

/// A symbolic value of the expression at a program point.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum SVal {
    None,
    Val(ValueId),
    /// The op inserted at the node's exit point.
    Ins(Node),
    /// The op inserted at the node's entry point.
    InsN(Node),
    /// The block argument at the node's entry.
    Phi(Node),
}

struct ValuePlan {
    e: usize,
    /// (occurrence, value replacing it), values resolved.
    replace: Vec<(OpId, SVal)>,
    /// New ops that are referenced (`Ins` or `InsN`).
    new_ops: Vec<SVal>,
    /// Needed block arguments: node and resolved inputs, one per pred.
    phis: Vec<(Node, Vec<SVal>)>,
    /// The placement's speculative points (for remarks).
    speculation: Vec<SpecPoint>,
}

fn plan_values(
    ctx: &Context,
    g: &MotionCfg,
    u: &Universe,
    e: usize,
    pl: &Placement,
) -> Option<ValuePlan> {
    let n = g.num_nodes();
    let flags = |nodes: &[Node]| {
        let mut v = vec![false; n];
        for &x in nodes {
            if let Some(f) = v.get_mut(x as usize) {
                *f = true;
            }
        }
        v
    };
    let new_here = flags(&pl.new_exit);
    let new_entry = flags(&pl.new_entry);
    let events = |x: Node| -> &[Event] {
        match g.block(x) {
            Some(b) => u.events_of(e, b),
            None => &[],
        }
    };
    let rpo = reverse_post_order(g);
    let entry = g.entry();

    // Availability of the value (greatest fixed point).
    let mut av_out = vec![true; n];
    let mut av_in = vec![false; n];
    loop {
        let mut changed = false;
        for &x in &rpo {
            let i = x as usize;
            let mut cur = Some(x) != entry && g.preds(x).iter().all(|&p| av_out[p as usize]);
            av_in[i] = cur;
            if new_entry[i] {
                cur = true;
            }
            for ev in events(x) {
                match ev {
                    Event::Kill(_) => cur = false,
                    Event::Occ(_) => cur = true,
                }
            }
            if new_here[i] {
                cur = true;
            }
            if av_out[i] != cur {
                av_out[i] = cur;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    // Values, in reverse post-order.
    let mut out_val = vec![SVal::None; n];
    let mut done = vec![false; n];
    let mut replace: Vec<(OpId, SVal)> = Vec::new();
    for &x in &rpo {
        let i = x as usize;
        let ps = g.preds(x);
        let mut cur = if Some(x) == entry || !av_in[i] {
            SVal::None
        } else if ps.len() == 1 && done[ps[0] as usize] {
            out_val[ps[0] as usize]
        } else {
            SVal::Phi(x)
        };
        if new_entry[i] {
            cur = SVal::InsN(x);
        }
        for ev in events(x) {
            match *ev {
                Event::Kill(_) => cur = SVal::None,
                Event::Occ(op) => {
                    if pl.kept.contains(&op) || cur == SVal::None {
                        cur = SVal::Val(ctx.result(op, 0));
                    } else {
                        replace.push((op, cur));
                    }
                }
            }
        }
        if new_here[i] {
            cur = SVal::Ins(x);
        }
        out_val[i] = cur;
        done[i] = true;
    }

    // Merge arguments: inputs, then fold the trivial ones.
    let mut phi_inputs: FxHashMap<Node, Vec<SVal>> = FxHashMap::default();
    for &x in &rpo {
        if Some(x) != entry && av_in[x as usize] {
            let ps = g.preds(x);
            if !(ps.len() == 1 && done[ps[0] as usize]) {
                phi_inputs.insert(x, ps.iter().map(|&p| out_val[p as usize]).collect());
            }
        }
    }
    let mut repr: FxHashMap<Node, SVal> = FxHashMap::default();
    let resolve = |repr: &FxHashMap<Node, SVal>, mut v: SVal| -> SVal {
        // Chains are acyclic: a phi only folds into a different value.
        for _ in 0..=repr.len() {
            match v {
                SVal::Phi(x) => match repr.get(&x) {
                    Some(&w) => v = w,
                    None => return v,
                },
                _ => return v,
            }
        }
        v
    };
    loop {
        let mut changed = false;
        let mut keys: Vec<Node> = phi_inputs.keys().copied().collect();
        keys.sort_unstable();
        for x in keys {
            if repr.contains_key(&x) {
                continue;
            }
            let mut only: Option<SVal> = None;
            let mut trivial = true;
            for &inp in &phi_inputs[&x] {
                let v = resolve(&repr, inp);
                if v == SVal::Phi(x) {
                    continue;
                }
                match only {
                    None => only = Some(v),
                    Some(w) if w == v => {}
                    Some(_) => {
                        trivial = false;
                        break;
                    }
                }
            }
            if trivial && let Some(v) = only {
                repr.insert(x, v);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    // What the replacements need.
    let mut replace_resolved = Vec::with_capacity(replace.len());
    let mut needed_phis: Vec<Node> = Vec::new();
    let mut seen: FxHashSet<Node> = FxHashSet::default();
    let mut new_ops: FxHashSet<SVal> = FxHashSet::default();
    let mut work: Vec<SVal> = Vec::new();
    for (op, v) in replace {
        let v = resolve(&repr, v);
        replace_resolved.push((op, v));
        work.push(v);
    }
    while let Some(v) = work.pop() {
        match v {
            SVal::None => return None,
            SVal::Val(_) => {}
            SVal::Ins(_) | SVal::InsN(_) => {
                new_ops.insert(v);
            }
            SVal::Phi(x) => {
                if seen.insert(x) {
                    needed_phis.push(x);
                    let inputs = phi_inputs.get(&x)?;
                    for &inp in inputs {
                        work.push(resolve(&repr, inp));
                    }
                }
            }
        }
    }
    needed_phis.sort_unstable();
    let phis = needed_phis
        .into_iter()
        .map(|x| {
            let inputs = phi_inputs[&x].iter().map(|&v| resolve(&repr, v)).collect();
            (x, inputs)
        })
        .collect();
    let mut new_ops: Vec<SVal> = new_ops.into_iter().collect();
    new_ops.sort_unstable_by_key(|v| match v {
        SVal::InsN(x) => (*x, 0),
        SVal::Ins(x) => (*x, 1),
        _ => (Node::MAX, 2),
    });
    Some(ValuePlan {
        e,
        replace: replace_resolved,
        new_ops,
        phis,
        speculation: Vec::new(),
    })
}

/// The (terminator, slot) that carries the edge `p -> x` of `g` in the IR.
fn ir_edge(
    ctx: &Context,
    g: &MotionCfg,
    edge_block: &FxHashMap<Node, BlockId>,
    p: Node,
    x: Node,
) -> Option<(OpId, usize)> {
    match g.kind(p) {
        NodeKind::Edge { terminator, slot } => match edge_block.get(&p) {
            Some(&b) => ctx.last_op(b).map(|t| (t, 0)),
            None => Some((terminator, slot)),
        },
        NodeKind::Block(b) => {
            let t = ctx.last_op(b)?;
            let dest = g.block(x)?;
            ctx.successors(t)
                .iter()
                .position(|&s| s == dest)
                .map(|i| (t, i))
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn apply_plan(
    rw: &mut Rewriter<'_>,
    g: &MotionCfg,
    u: &Universe,
    edge_block: &FxHashMap<Node, BlockId>,
    plan: ValuePlan,
    stats: &mut LcmStats,
    func: OpId,
    log: &mut MotionLog,
) -> Result<(), Diagnostic> {
    let expr = &u.exprs[plan.e];
    let Some(&proto) = expr.occurrences.first() else {
        return Ok(());
    };
    // What a remark needs from before the rewrite (`proto` may be erased).
    let explain = log
        .is_enabled()
        .then(|| (rw.ctx.loc(proto), rw.ctx.name_of(proto).to_string()));
    let mut new_points: Vec<(Point, SVal)> = Vec::new();
    let ty = rw.ctx.value_type(rw.ctx.result(proto, 0));
    let name = rw.ctx.op_name(rw.ctx.name_of(proto));
    let mut made: FxHashMap<SVal, ValueId> = FxHashMap::default();

    // New ops at exit points.
    for &sv in &plan.new_ops {
        let (x, at_entry) = match sv {
            SVal::Ins(x) => (x, false),
            SVal::InsN(x) => (x, true),
            _ => continue,
        };
        // The exit point: any point after the last modification is
        // equivalent (no occurrence follows it, or the occurrence would have
        // been kept); the end of the block is the latest. A split edge's
        // block holds only its branch, so both points are before it.
        let block = match g.kind(x) {
            NodeKind::Edge { .. } => edge_block.get(&x).copied(),
            NodeKind::Block(b) => Some(b),
        };
        let Some(b) = block else { continue };
        let ip = if at_entry && !g.is_virtual(x) {
            InsertPoint::BlockStart(b)
        } else {
            match rw.ctx.last_op(b) {
                Some(t) => InsertPoint::Before(t),
                None => continue,
            }
        };
        rw.set_insertion_point(ip);
        let mut state = OperationState::new(name, rw.ctx.loc(proto))
            .operands(&expr.key.operands)
            .results(&[ty]);
        for &(k, v) in &expr.key.attrs {
            state.add_attr(k, v);
        }
        let op = rw.create(state);
        made.insert(sv, rw.ctx.result(op, 0));
        stats.inserted += 1;
        if explain.is_some() {
            let p = if g.is_virtual(x) {
                Point::Split(b)
            } else if at_entry {
                Point::Entry(b)
            } else {
                Point::End(b)
            };
            new_points.push((p, sv));
        }
    }
    // Merge arguments.
    for (x, _) in &plan.phis {
        let Some(b) = g.block(*x) else { continue };
        let loc = rw.ctx.loc(proto);
        let arg = rw.add_block_arg(b, ty, Some(loc));
        made.insert(SVal::Phi(*x), arg);
        stats.merges += 1;
    }
    let value = |made: &FxHashMap<SVal, ValueId>, v: SVal| -> Option<ValueId> {
        match v {
            SVal::Val(v) => Some(v),
            SVal::None => None,
            other => made.get(&other).copied(),
        }
    };
    for (x, inputs) in &plan.phis {
        for (k, &p) in g.preds(*x).iter().enumerate() {
            let Some((t, slot)) = ir_edge(rw.ctx, g, edge_block, p, *x) else {
                continue;
            };
            let Some(v) = inputs.get(k).and_then(|&i| value(&made, i)) else {
                continue;
            };
            let mut vals = rw.ctx.successor_operands(t, slot).to_vec();
            vals.push(v);
            if !lockstep_transforms::region_utils::set_successor_operands(rw, t, slot, &vals) {
                return Err(Diagnostic::error(
                    rw.ctx.loc(t),
                    format!(
                        "lcm: cannot forward a merged value through '{}' (in '{}')",
                        rw.ctx.name_of(t),
                        rw.ctx.name_of(func)
                    ),
                ));
            }
        }
    }
    let mut replaced: FxHashSet<OpId> = FxHashSet::default();
    for (op, v) in plan.replace {
        let Some(v) = value(&made, v) else { continue };
        let r = rw.ctx.result(op, 0);
        rw.replace_all_uses_with(r, v);
        rw.erase_op(op);
        stats.replaced += 1;
        replaced.insert(op);
    }
    if let Some((loc, op)) = explain
        && (!new_points.is_empty() || !replaced.is_empty())
    {
        log.record(lcm_decision(
            rw.ctx,
            g,
            expr,
            &plan.speculation,
            &new_points,
            &replaced,
            loc,
            op,
        ));
    }
    Ok(())
}

/// The remark record of one applied plan: the new computations first, then
/// the occurrences left in place; speculative when a created point is one
/// of the placement's speculative points.
#[allow(clippy::too_many_arguments)]
fn lcm_decision(
    ctx: &Context,
    g: &MotionCfg,
    expr: &crate::expr::Expr,
    speculation: &[SpecPoint],
    new_points: &[(Point, SVal)],
    replaced: &FxHashSet<OpId>,
    loc: lockstep_ir::LocId,
    op: String,
) -> Decision {
    let mut points: Vec<Point> = new_points.iter().map(|&(p, _)| p).collect();
    points.extend(
        expr.occurrences
            .iter()
            .filter(|o| !replaced.contains(o))
            .filter_map(|&o| ctx.parent_block(o))
            .map(Point::In),
    );
    let mut branches: Vec<Branch> = Vec::new();
    let mut speculative = false;
    for &(_, sv) in new_points {
        let (x, at_entry) = match sv {
            SVal::Ins(x) => (x, false),
            SVal::InsN(x) => (x, true),
            _ => continue,
        };
        for sp in speculation {
            if sp.node != x || sp.at_entry != at_entry {
                continue;
            }
            speculative = true;
            for &(bn, divergent) in &sp.branches {
                let Some(block) = g.block(bn) else { continue };
                let Some(t) = ctx.last_op(block) else {
                    continue;
                };
                let b = Branch {
                    block,
                    loc: ctx.loc(t),
                    divergent,
                };
                if !branches.contains(&b) {
                    branches.push(b);
                }
            }
        }
    }
    Decision {
        loc,
        op,
        action: Action::Placed {
            points,
            replaced: replaced.len() as u64,
        },
        speculative: speculative.then_some(branches),
    }
}
