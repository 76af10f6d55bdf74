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
use crate::lcm::{LcmPredicates, LcmStats, lcm_predicates, motion_round_ctx, run_lcm};
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
        let name = cx.ctx.name_of(op);
        if name != "device.kernel" && name != "device.func" {
            return Err(Diagnostic::error(
                cx.ctx.loc(op),
                format!(
                    "'{}' runs on 'device.kernel' and 'device.func', not on '{name}'",
                    self.argument()
                ),
            ));
        }
        let mut rw = Rewriter::new(cx.ctx);
        let stats = run_speculative(
            &mut rw,
            op,
            self.mode,
            self.max_rounds,
            self.speculate_loads,
        )?;
        cx.stats
            .add("num-inserted", "Computations inserted", stats.inserted);
        cx.stats.add(
            "num-replaced",
            "Redundant computations replaced",
            stats.replaced,
        );
        cx.stats.add(
            "num-merges",
            "Block arguments added where values merge",
            stats.merges,
        );
        cx.stats.add(
            "num-split",
            "Critical edges split to receive code",
            stats.split_edges,
        );
        if !stats.changed() {
            cx.mark_all_preserved();
        }
        Ok(())
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
    let mut stats = LcmStats::default();
    let Some(&region) = rw.ctx.regions(func).first() else {
        return Ok(stats);
    };
    for _ in 0..max_rounds {
        let before = stats;
        let l = run_lcm(rw, func, max_rounds)?;
        stats.inserted += l.inserted;
        stats.replaced += l.replaced;
        stats.merges += l.merges;
        stats.split_edges += l.split_edges;
        motion_round_ctx(rw, func, region, &mut stats, &|ctx, g, u| {
            let p = speculative_predicates(ctx, g, u, func, mode, speculate_loads);
            (0..u.len())
                .map(|e| sparse_placement(g, u, &p, e, true))
                .collect()
        })?;
        if stats == before {
            break;
        }
        stats.rounds += 1;
    }
    Ok(stats)
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
