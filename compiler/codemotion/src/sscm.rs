//! Speculative sparse code motion (thesis §4.2.2, Fig. 4.5) and its
//! divergence-blind baseline, speculative PRE; passes `sscm` and `spre`.
//!
//! SSCM is SCM ([`crate::scm`]) with one change to down-safety: at a node
//! `B` that ends in a *divergent* branch, the exit point is down-safe when
//! the entry of *some* successor is (`XdSafe(B) = XComp(B) ∪ ⋃ NdSafe(S)`),
//! not only when all are. Under SIMT a warp that diverges at `B` runs both
//! sides anyway, so evaluating before the branch what one side evaluates
//! costs the warp nothing and may let the other copies go. Everywhere else
//! the intersection of SCM stays, so a uniform branch is never speculated
//! across. `spre` treats every node with several successors as divergent:
//! it hoists partially anticipated expressions out of any branch, which is
//! what the thesis compares against (it adds work on uniform branches).
//!
//! "Divergent" is `lockstep_divergence::DivergenceInfo::is_divergent_branch`,
//! the same question instruction selection asks before it writes `bra.uni`,
//! recomputed on the current IR every round (rounds change the IR).
//!
//! **Down-safety as a least fixed point above SCM's.** Solving the equations
//! with the union from "everything safe" would let a loop justify itself: a
//! divergent loop branch whose back edge leads round to itself is "safe"
//! through the back edge although nothing is ever computed. So the solution
//! here starts from SCM's down-safety `D0` (a fixed point of the
//! intersection equations, hence below the union equations' right-hand
//! side) and only *adds* points, iterating upwards to the least fixed point
//! above `D0`. Every added point has a finite chain of reasons ending in a
//! computation, along transparent points.
//!
//! **Speculation must not fault.** A point may be added only where the
//! expression may be evaluated speculatively ([`crate::speculation`]):
//! arithmetic always, integer division and remainder only with a constant
//! divisor known safe, and a load only where its address is
//! dereferenceable (the same address is accessed on every path from or to
//! the point) unless `speculate-loads=true`. `D0` points need no check: the
//! value is computed on every path from them anyway.
//!
//! The rest is SCM's: candidates `DnSafe \ UpSafe`, the down-safety region,
//! `R-Earliest`, the fewest insertion points by a minimum cut
//! ([`crate::scm::sparse_placement`], with its `speculative` flag: a region
//! point's successors that are not down-safe need not be in the region,
//! they simply do not get the value), LCM first and the whole repeated
//! while something changes, at most `max-rounds` times.
//!
//! Invariants:
//! - Operands are available at every insertion: an added point reaches an
//!   occurrence along transparent points, so (by dominance of the
//!   occurrence's operands) every operand is defined before it.
//! - An expression moves only when it ends with strictly fewer computations
//!   than it had occurrences at candidate points (SCM's rule), so rounds
//!   terminate and code never grows.
//! - `sscm` never adds an evaluation on a path that does not cross a branch
//!   the divergence analysis calls divergent; with every branch uniform it
//!   behaves exactly like `scm`.

use crate::cfg::MotionCfg;
use crate::expr::{ExprKind, Universe};
use crate::lcm::{
    LcmPredicates, LcmStats, Placement, SpecPoint, lcm_predicates, motion_round_ctx, repeat_rounds,
    run_lcm_logged,
};
use crate::remarks::MotionLog;
use crate::scm::sparse_placement;
use crate::speculation::{Dereferenceable, is_speculatable_pure};
use lockstep_analysis::cfg::reverse_post_order;
use lockstep_analysis::dataflow::LocalPredicates;
use lockstep_analysis::{BitSet, CfgView, Node};
use lockstep_divergence::DivergenceInfo;
use lockstep_ir::{Context, Diagnostic, OpId, Rewriter};
use lockstep_pass::{OptionSpec, Pass, PassContext, PassOptions};

/// Which branches a speculative pass may hoist across.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SpecMode {
    /// `sscm`: only branches the divergence analysis calls divergent.
    Divergent,
    /// `spre`: every branch.
    AllBranches,
}

/// The options of `spre` and `sscm`.
pub const SPEC_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "max-rounds",
        description: "Rounds of code motion (expression chains move one link per round)",
        kind: "uint",
        default: "8",
    },
    OptionSpec {
        name: "speculate-loads",
        description: "Speculate loads whose address is not proven dereferenceable",
        kind: "bool",
        default: "false",
    },
];

/// Parses `max-rounds` and `speculate-loads`, rejecting anything else.
pub fn parse_spec_options(o: &PassOptions) -> Result<(u64, bool), String> {
    for (k, _) in &o.entries {
        if k != "max-rounds" && k != "speculate-loads" {
            return Err(format!("no such option {k}"));
        }
    }
    let rounds = match o.get("max-rounds") {
        None => crate::DEFAULT_MAX_ROUNDS,
        Some(v) => v
            .parse::<u64>()
            .map_err(|_| format!("'{v}' value invalid for uint argument 'max-rounds'"))?,
    };
    let loads = match o.get("speculate-loads") {
        None => false,
        Some("true" | "1" | "") => true,
        Some("false" | "0") => false,
        Some(v) => {
            return Err(format!(
                "'{v}' value invalid for bool argument 'speculate-loads'"
            ));
        }
    };
    Ok((rounds, loads))
}

/// The `spre` and `sscm` passes.
pub struct SpeculativeMotion {
    pub mode: SpecMode,
    pub max_rounds: u64,
    pub speculate_loads: bool,
}

impl Pass for SpeculativeMotion {
    fn argument(&self) -> &'static str {
        match self.mode {
            SpecMode::Divergent => "sscm",
            SpecMode::AllBranches => "spre",
        }
    }
    fn name(&self) -> &'static str {
        match self.mode {
            SpecMode::Divergent => "SpeculativeSparseCodeMotion",
            SpecMode::AllBranches => "SpeculativePRE",
        }
    }
    fn options_string(&self) -> String {
        let mut parts = Vec::new();
        if self.max_rounds != crate::DEFAULT_MAX_ROUNDS {
            parts.push(format!("max-rounds={}", self.max_rounds));
        }
        if self.speculate_loads {
            parts.push("speculate-loads=true".to_string());
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("{{{}}}", parts.join(" "))
        }
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let (mode, max_rounds, speculate_loads) =
            (self.mode, self.max_rounds, self.speculate_loads);
        crate::run_on_function(cx, self.argument(), op, |rw, log| {
            run_speculative_logged(rw, op, mode, max_rounds, speculate_loads, log)
        })
    }
}

/// Runs `sscm` (`SpecMode::Divergent`) or `spre` (`SpecMode::AllBranches`)
/// on the body of `func`: LCM, then speculative sparse placement, repeated
/// while something changes, at most `max_rounds` times.
pub fn run_speculative(
    rw: &mut Rewriter<'_>,
    func: OpId,
    mode: SpecMode,
    max_rounds: u64,
    speculate_loads: bool,
) -> Result<LcmStats, Diagnostic> {
    run_speculative_logged(
        rw,
        func,
        mode,
        max_rounds,
        speculate_loads,
        &mut MotionLog::disabled(),
    )
}

/// [`run_speculative`] that records its motion decisions in `log` (for
/// remarks), with the branches each speculative one is hoisted across.
pub fn run_speculative_logged(
    rw: &mut Rewriter<'_>,
    func: OpId,
    mode: SpecMode,
    max_rounds: u64,
    speculate_loads: bool,
    log: &mut MotionLog,
) -> Result<LcmStats, Diagnostic> {
    let explain = log.is_enabled();
    repeat_rounds(rw, func, max_rounds, |rw, region, stats| {
        stats.absorb(&run_lcm_logged(rw, func, max_rounds, log)?);
        motion_round_ctx(rw, func, region, stats, log, &|ctx, g, u| {
            let p = speculative_predicates(ctx, g, u, func, mode, speculate_loads);
            let mut placements: Vec<Option<Placement>> = (0..u.len())
                .map(|e| sparse_placement(g, u, &p, e, true))
                .collect();
            if explain {
                explain_speculation(ctx, g, u, func, mode, speculate_loads, &p, &mut placements);
            }
            placements
        })
    })
}

/// At most this many branches are tested one by one for being needed by a
/// speculative placement (one down-safety solution and one placement per
/// speculative expression each); beyond it every candidate is reported.
/// Only remarks pay for it.
const MAX_TESTED_BRANCHES: usize = 64;

/// Fills the `speculation` of each placement for remarks. An insertion
/// point outside SCM's down-safety (`lcm_predicates`) evaluates the
/// expression on some path that did not before. Its *candidate* branches
/// are the union nodes met walking forwards from it through the points `p`
/// added to SCM's down-safety (every added point owes its safety to such
/// nodes: the least fixed point above SCM's grows only from the union). A
/// candidate *allowed* the motion when, with the intersection taken at it
/// instead (all other nodes unchanged), the expression's sparse placement
/// is no longer the one chosen. A structural test would not do: a uniform
/// loop branch whose successors are all down-safe in the end may still be
/// needed, because without the union the loop's cycle cannot justify
/// itself, and the value then cannot be carried through the loop to the
/// computations it replaces. When no single candidate is needed (two
/// alternatives), every candidate is reported.
/// For `spre` the branches are classified by the divergence analysis, so a
/// remark can say that a uniform branch was crossed.
#[allow(clippy::too_many_arguments)]
fn explain_speculation(
    ctx: &Context,
    g: &MotionCfg,
    u: &Universe,
    func: OpId,
    mode: SpecMode,
    speculate_loads: bool,
    p: &LcmPredicates,
    placements: &mut [Option<Placement>],
) {
    if placements
        .iter()
        .flatten()
        .all(|pl| pl.new_exit.is_empty() && pl.new_entry.is_empty())
    {
        return;
    }
    let p0 = lcm_predicates(g, &u.local);
    let union_at = union_nodes(ctx, g, func, mode);
    let divergent = match mode {
        SpecMode::Divergent => union_at.clone(),
        SpecMode::AllBranches => union_nodes(ctx, g, func, SpecMode::Divergent),
    };
    let n = g.num_nodes();
    // Point 2x is N(x), 2x+1 is X(x), as in `scm`.
    let safe_in = |q: &LcmPredicates, pt: usize, e: usize| {
        let x = pt / 2;
        if pt.is_multiple_of(2) {
            q.n_dsafe[x].contains(e)
        } else {
            q.x_dsafe[x].contains(e)
        }
    };
    let added = |pt: usize, e: usize| safe_in(p, pt, e) && !safe_in(&p0, pt, e);

    // Speculative points (expression, placement slot, point) and their
    // candidate branches.
    struct Spec {
        e: usize,
        node: Node,
        at_entry: bool,
        candidates: Vec<usize>,
    }
    let mut specs: Vec<Spec> = Vec::new();
    for (e, pl) in placements.iter().enumerate() {
        let Some(pl) = pl else { continue };
        let starts = pl
            .new_entry
            .iter()
            .map(|&x| (x, true))
            .chain(pl.new_exit.iter().map(|&x| (x, false)));
        for (x, at_entry) in starts {
            let start = 2 * x as usize + usize::from(!at_entry);
            if start >= 2 * n || !added(start, e) {
                continue;
            }
            let mut seen = vec![false; 2 * n];
            seen[start] = true;
            let mut work = vec![start];
            let mut candidates: Vec<usize> = Vec::new();
            while let Some(q) = work.pop() {
                let y = q / 2;
                let next: Vec<usize> = if q.is_multiple_of(2) {
                    vec![q + 1]
                } else {
                    if union_at.get(y).copied().unwrap_or(false) {
                        candidates.push(y);
                    }
                    g.succs(y as Node).iter().map(|&s| 2 * s as usize).collect()
                };
                for r in next {
                    if r < 2 * n && !seen[r] && added(r, e) {
                        seen[r] = true;
                        work.push(r);
                    }
                }
            }
            candidates.sort_unstable();
            specs.push(Spec {
                e,
                node: x,
                at_entry,
                candidates,
            });
        }
    }
    if specs.is_empty() {
        return;
    }

    // One solution per tested candidate, with the intersection at it: the
    // bit sets answer for every expression at once.
    let mut tested: Vec<usize> = specs
        .iter()
        .flat_map(|s| s.candidates.iter().copied())
        .collect();
    tested.sort_unstable();
    tested.dedup();
    let mut without: Vec<(usize, LcmPredicates)> = Vec::new();
    if tested.len() <= MAX_TESTED_BRANCHES {
        let ok = SpecSafe::compute(ctx, g, u, speculate_loads);
        for &y in &tested {
            let mut at = union_at.clone();
            at[y] = false;
            let mut q = p0.clone();
            extend_down_safety(g, &u.local, &at, &ok, &mut q);
            without.push((y, q));
        }
    }
    // (expression, branch) pairs whose placement depends on the union there.
    let mut needed_pairs: Vec<(usize, usize)> = Vec::new();
    for (y, q) in &without {
        let mut exprs: Vec<usize> = specs
            .iter()
            .filter(|s| s.candidates.contains(y))
            .map(|s| s.e)
            .collect();
        exprs.dedup();
        for e in exprs {
            let Some(Some(current)) = placements.get(e) else {
                continue;
            };
            let changed = match sparse_placement(g, u, q, e, true) {
                None => true,
                Some(other) => !same_placement(current, &other),
            };
            if changed {
                needed_pairs.push((e, *y));
            }
        }
    }
    for s in specs {
        let needed: Vec<usize> = s
            .candidates
            .iter()
            .copied()
            .filter(|&y| needed_pairs.contains(&(s.e, y)))
            .collect();
        let chosen = if needed.is_empty() {
            &s.candidates
        } else {
            &needed
        };
        let branches = chosen
            .iter()
            .map(|&y| (y as Node, divergent.get(y).copied().unwrap_or(false)))
            .collect();
        if let Some(Some(pl)) = placements.get_mut(s.e) {
            pl.speculation.push(SpecPoint {
                node: s.node,
                at_entry: s.at_entry,
                branches,
            });
        }
    }
}

/// Do two placements of one expression compute it at the same points?
fn same_placement(a: &Placement, b: &Placement) -> bool {
    a.kept == b.kept && a.new_exit == b.new_exit && a.new_entry == b.new_entry
}

/// The nodes of `g` at which down-safety takes the union over successors:
/// blocks ending in a branch with several successor nodes that `mode`
/// treats as divergent.
pub fn union_nodes(ctx: &Context, g: &MotionCfg, func: OpId, mode: SpecMode) -> Vec<bool> {
    let div = match mode {
        SpecMode::Divergent => Some(DivergenceInfo::compute(ctx, func)),
        SpecMode::AllBranches => None,
    };
    (0..g.num_nodes() as Node)
        .map(|x| {
            if g.succs(x).len() < 2 {
                return false;
            }
            let Some(t) = g.block(x).and_then(|b| ctx.last_op(b)) else {
                return false;
            };
            match &div {
                None => true,
                Some(d) => d.is_divergent_branch(ctx, t),
            }
        })
        .collect()
}

/// Where each expression may be evaluated speculatively: at the entry and
/// at the exit of each node.
pub struct SpecSafe {
    pub at_entry: Vec<BitSet>,
    pub at_exit: Vec<BitSet>,
}

impl SpecSafe {
    pub fn compute(ctx: &Context, g: &MotionCfg, u: &Universe, speculate_loads: bool) -> Self {
        let n = g.num_nodes();
        let mut at_entry = vec![BitSet::new_empty(u.len()); n];
        let mut at_exit = vec![BitSet::new_empty(u.len()); n];
        let mut deref: Option<Dereferenceable> = None;
        for (e, ex) in u.exprs.iter().enumerate() {
            let Some(&op) = ex.occurrences.first() else {
                continue;
            };
            match ex.kind {
                ExprKind::Pure => {
                    if is_speculatable_pure(ctx, op) {
                        for x in 0..n {
                            at_entry[x].insert(e);
                            at_exit[x].insert(e);
                        }
                    }
                }
                ExprKind::Load if speculate_loads => {
                    for x in 0..n {
                        at_entry[x].insert(e);
                        at_exit[x].insert(e);
                    }
                }
                ExprKind::Load => {
                    let Some(&addr) = ex.key.operands.first() else {
                        continue;
                    };
                    let d = deref.get_or_insert_with(|| Dereferenceable::compute(ctx, g));
                    for x in 0..n {
                        if d.at_entry(x as Node, addr) {
                            at_entry[x].insert(e);
                        }
                        if d.at_exit(x as Node, addr) {
                            at_exit[x].insert(e);
                        }
                    }
                }
            }
        }
        SpecSafe { at_entry, at_exit }
    }
}

/// LCM's predicates with down-safety extended speculatively (see the
/// module doc) for `sscm`/`spre`.
pub fn speculative_predicates(
    ctx: &Context,
    g: &MotionCfg,
    u: &Universe,
    func: OpId,
    mode: SpecMode,
    speculate_loads: bool,
) -> LcmPredicates {
    let mut p = lcm_predicates(g, &u.local);
    let union_at = union_nodes(ctx, g, func, mode);
    let ok = SpecSafe::compute(ctx, g, u, speculate_loads);
    extend_down_safety(g, &u.local, &union_at, &ok, &mut p);
    p
}

/// Grows `p.n_dsafe`/`p.x_dsafe` (SCM's down-safety) to the least fixed
/// point above it of Fig. 4.5(a), with the union at `union_at` nodes, adding
/// a point only where `ok` allows speculation. Other predicates of `p` are
/// left as they are (SSCM uses only down- and up-safety).
pub fn extend_down_safety<G: CfgView + ?Sized>(
    g: &G,
    l: &LocalPredicates,
    union_at: &[bool],
    ok: &SpecSafe,
    p: &mut LcmPredicates,
) {
    let n = g.num_nodes();
    if union_at.len() != n || ok.at_entry.len() != n || ok.at_exit.len() != n {
        return;
    }
    // Post-order: a backward problem converges fastest visiting successors
    // first.
    let mut order = reverse_post_order(g);
    order.reverse();
    let u = l.universe;
    loop {
        let mut changed = false;
        for &x in &order {
            let i = x as usize;
            let succs = g.succs(x);
            if !succs.is_empty() {
                let mut v = if union_at[i] {
                    BitSet::new_empty(u)
                } else {
                    BitSet::new_full(u)
                };
                for &s in succs {
                    if union_at[i] {
                        v.union_with(&p.n_dsafe[s as usize]);
                    } else {
                        v.intersect_with(&p.n_dsafe[s as usize]);
                    }
                }
                // Masking only limits what is *added*: points already in
                // SCM's down-safety stay.
                v.intersect_with(&ok.at_exit[i]);
                changed |= p.x_dsafe[i].union_with(&v);
            }
            let mut v = p.x_dsafe[i].clone();
            v.intersect_with(&l.transp[i]);
            v.intersect_with(&ok.at_entry[i]);
            changed |= p.n_dsafe[i].union_with(&v);
        }
        if !changed {
            break;
        }
    }
}
