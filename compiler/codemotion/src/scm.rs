//! Sparse code motion (Rüthing, Knoop, Steffen; thesis §4.2.1): after LCM,
//! choose, among the computationally optimal placements, one with the
//! fewest computations, and among those the latest.
//!
//! Points: every node has an entry point `N` and an exit point `X`
//! (see [`crate::expr`]); the point graph has the edges `N(n) -> X(n)`
//! (transparent iff `Transp(n)`) and `X(n) -> N(s)` for each successor.
//! `Comp`, `DnSafe` and `UpSafe` of the points are `NComp`/`XComp`,
//! `NdSafe`/`XdSafe` and `NuSafe`/`XuSafe` of the nodes. The candidates are
//! `C = DnSafe \ UpSafe`.
//!
//! A *down-safety region* `R ⊆ C` (the points where the value is held)
//! must satisfy, as in the thesis's closure `ρ`:
//! 1. `RelComp = Comp ∩ C ⊆ R`;
//! 2. a point of `R` that does not compute has all its successors in `R`;
//! 3. at a join in `R`, either every predecessor brings the value (is in
//!    `R` or up-safe) or none does — otherwise the join would compute again
//!    on the paths that already hold the value.
//!
//! Its insertion points `R-Earliest` are the points of `R` that are the
//! start, follow a modification, or have no predecessor bringing the value.
//! Inserting there and replacing every other computation is computationally
//! optimal for every such `R`, so only the number of insertion points is
//! left to minimise. With critical edges split, every predecessor of a join
//! has the join as its only successor, so constraint 3 becomes pairwise:
//! the non-computing candidate predecessors of a join are all in `R` or
//! all out, and when some predecessor brings the value anyway (up-safe or
//! computing), a join in `R` needs all of them in `R`. Every constraint is
//! then an implication between two points, and the cost a sum of
//! single-point and two-point terms, so the optimum is a minimum cut
//! (sink side = `R`; a join's "no predecessor in `R`" cost goes through
//! one auxiliary node). Among minimum cuts the one with the smallest sink
//! side gives the latest region. This replaces the paper's tight-set
//! (maximum matching) formulation with an equivalent max-flow one.
//!
//! Invariants:
//! - An expression is moved only when its new placement has strictly fewer
//!   computations than it has occurrences at candidate points; otherwise
//!   LCM's placement stays. Any inconsistency (a cut that violates a
//!   constraint, which the theory rules out) also leaves it alone.
//! - Never speculative: `R` holds down-safe points only.

use crate::cfg::MotionCfg;
use crate::expr::Universe;
use crate::lcm::{
    LcmPredicates, LcmStats, Placement, lcm_predicates, motion_round, repeat_rounds, run_lcm_logged,
};
use crate::remarks::MotionLog;
use lockstep_analysis::{CfgView, Node};
use lockstep_ir::{Diagnostic, OpId, Rewriter};
use rustc_hash::FxHashSet;
use std::collections::VecDeque;

/// Runs SCM on the body of `func`: LCM, then sparse placement, repeated
/// while something changes, at most `max_rounds` times.
pub fn run_scm(rw: &mut Rewriter<'_>, func: OpId, max_rounds: u64) -> Result<LcmStats, Diagnostic> {
    run_scm_logged(rw, func, max_rounds, &mut MotionLog::disabled())
}

/// [`run_scm`] that records its motion decisions (those of its LCM steps
/// too) in `log` (for remarks).
pub fn run_scm_logged(
    rw: &mut Rewriter<'_>,
    func: OpId,
    max_rounds: u64,
    log: &mut MotionLog,
) -> Result<LcmStats, Diagnostic> {
    repeat_rounds(rw, func, max_rounds, |rw, region, stats| {
        stats.absorb(&run_lcm_logged(rw, func, max_rounds, log)?);
        motion_round(rw, func, region, stats, log, &|g, u| {
            let p = lcm_predicates(g, &u.local);
            (0..u.len())
                .map(|e| sparse_placement(g, u, &p, e, false))
                .collect()
        })
    })
}

const INF: u32 = u32::MAX / 4;

/// A small max-flow network (Edmonds–Karp).
struct Flow {
    to: Vec<usize>,
    cap: Vec<u32>,
    adj: Vec<Vec<usize>>,
}

impl Flow {
    fn new(nodes: usize) -> Self {
        Flow {
            to: Vec::new(),
            cap: Vec::new(),
            adj: vec![Vec::new(); nodes],
        }
    }
    fn add_node(&mut self) -> usize {
        self.adj.push(Vec::new());
        self.adj.len() - 1
    }
    fn edge(&mut self, a: usize, b: usize, c: u32) {
        self.adj[a].push(self.to.len());
        self.to.push(b);
        self.cap.push(c);
        self.adj[b].push(self.to.len());
        self.to.push(a);
        self.cap.push(0);
    }
    /// Maximum flow from `s` to `t`, stopping once it reaches `limit`.
    fn max_flow(&mut self, s: usize, t: usize, limit: u64) -> u64 {
        let mut total = 0u64;
        while total < limit {
            let mut via: Vec<Option<usize>> = vec![None; self.adj.len()];
            let mut seen = vec![false; self.adj.len()];
            seen[s] = true;
            let mut q = VecDeque::from([s]);
            while let Some(v) = q.pop_front() {
                for &e in &self.adj[v] {
                    let w = self.to[e];
                    if self.cap[e] > 0 && !seen[w] {
                        seen[w] = true;
                        via[w] = Some(e);
                        q.push_back(w);
                    }
                }
            }
            if !seen[t] {
                break;
            }
            let mut bottleneck = u32::MAX;
            let mut v = t;
            while let Some(e) = via[v] {
                bottleneck = bottleneck.min(self.cap[e]);
                v = self.to[e ^ 1];
            }
            let mut v = t;
            while let Some(e) = via[v] {
                self.cap[e] -= bottleneck;
                self.cap[e ^ 1] += bottleneck;
                v = self.to[e ^ 1];
            }
            total += u64::from(bottleneck);
        }
        total
    }
    /// Nodes that still reach `t` in the residual network.
    fn reaching(&self, t: usize) -> Vec<bool> {
        let mut into: Vec<Vec<usize>> = vec![Vec::new(); self.adj.len()];
        for (e, &w) in self.to.iter().enumerate() {
            into[w].push(e);
        }
        let mut seen = vec![false; self.adj.len()];
        seen[t] = true;
        let mut q = VecDeque::from([t]);
        while let Some(w) = q.pop_front() {
            for &e in &into[w] {
                let v = self.to[e ^ 1];
                if self.cap[e] > 0 && !seen[v] {
                    seen[v] = true;
                    q.push_back(v);
                }
            }
        }
        seen
    }
}

/// The sparse placement of expression `e`, or `None` to keep the current
/// one.
///
/// `speculative`: the down-safety in `p` may hold at a point some of whose
/// successors are not down-safe (SSCM's union at divergent branches).
/// Such successors simply do not receive the value, so constraint 2 only
/// asks for the *candidate* successors of a region point; without it a
/// non-candidate successor (impossible for non-speculative down-safety)
/// makes the expression keep its placement.
pub(crate) fn sparse_placement(
    g: &MotionCfg,
    u: &Universe,
    p: &LcmPredicates,
    e: usize,
    speculative: bool,
) -> Option<Placement> {
    let n = g.num_nodes();
    let points = 2 * n;
    // Point 2x is N(x), 2x+1 is X(x).
    let dsafe = |q: usize| {
        let x = q / 2;
        if q.is_multiple_of(2) {
            p.n_dsafe[x].contains(e)
        } else {
            p.x_dsafe[x].contains(e)
        }
    };
    let usafe = |q: usize| {
        let x = q / 2;
        if q.is_multiple_of(2) {
            p.n_usafe[x].contains(e)
        } else {
            p.x_usafe[x].contains(e)
        }
    };
    let comp = |q: usize| {
        let x = q / 2;
        if q.is_multiple_of(2) {
            u.local.ncomp[x].contains(e)
        } else {
            u.local.xcomp[x].contains(e)
        }
    };
    let transp = |x: usize| u.local.transp[x].contains(e);
    let cand: Vec<bool> = (0..points).map(|q| dsafe(q) && !usafe(q)).collect();
    let rel: Vec<usize> = (0..points).filter(|&q| cand[q] && comp(q)).collect();
    if rel.len() < 2 {
        return None;
    }
    let preds = |q: usize| -> Vec<usize> {
        let x = q / 2;
        if !q.is_multiple_of(2) {
            vec![2 * x]
        } else {
            g.preds(x as Node)
                .iter()
                .map(|&y| 2 * y as usize + 1)
                .collect()
        }
    };
    let succs = |q: usize| -> Vec<usize> {
        let x = q / 2;
        if q.is_multiple_of(2) {
            vec![2 * x + 1]
        } else {
            g.succs(x as Node).iter().map(|&s| 2 * s as usize).collect()
        }
    };
    let entry_point = g.entry().map(|x| 2 * x as usize);
    // The edge into an X point is a modification when the node is not
    // transparent.
    let edge_transparent = |q: usize| q.is_multiple_of(2) || transp(q / 2);
    let forced = |q: usize| {
        Some(q) == entry_point
            || !edge_transparent(q)
            || preds(q).iter().any(|&m| !cand[m] && !usafe(m))
    };

    let mut f = Flow::new(2 + points);
    let (s, t) = (0usize, 1usize);
    let id = |q: usize| 2 + q;
    for q in 0..points {
        if !cand[q] {
            continue;
        }
        if comp(q) {
            f.edge(id(q), t, INF);
        } else {
            for sq in succs(q) {
                if !cand[sq] {
                    if speculative {
                        continue;
                    }
                    return None;
                }
                f.edge(id(sq), id(q), INF);
            }
        }
        let ps = preds(q);
        if forced(q) {
            if ps.len() > 1 {
                return None;
            }
            f.edge(s, id(q), 1);
            continue;
        }
        if ps.len() > 1 {
            let cps: Vec<usize> = ps.iter().copied().filter(|&m| cand[m]).collect();
            let arrives = ps.iter().any(|&m| usafe(m)) || cps.iter().any(|&m| comp(m));
            if arrives {
                for &m in &cps {
                    f.edge(id(m), id(q), INF);
                }
            } else {
                let a = f.add_node();
                for &m in &cps {
                    f.edge(id(m), a, INF);
                }
                f.edge(a, id(q), 1);
            }
            let free: Vec<usize> = cps.iter().copied().filter(|&m| !comp(m)).collect();
            for w in free.windows(2) {
                f.edge(id(w[0]), id(w[1]), INF);
                f.edge(id(w[1]), id(w[0]), INF);
            }
        } else if let Some(&m) = ps.first()
            && !usafe(m)
        {
            f.edge(id(m), id(q), 1);
        }
    }
    let limit = rel.len() as u64;
    let flow = f.max_flow(s, t, limit);
    if flow >= limit {
        return None;
    }
    let reach = f.reaching(t);
    let in_r: Vec<bool> = (0..points).map(|q| cand[q] && reach[id(q)]).collect();
    if rel.iter().any(|&q| !in_r[q]) {
        return None;
    }

    // Insertion points, checking the region's constraints on the way.
    let mut ins: Vec<usize> = Vec::new();
    for q in 0..points {
        if !in_r[q] {
            continue;
        }
        if !comp(q)
            && succs(q)
                .iter()
                .any(|&sq| !in_r[sq] && (cand[sq] || !speculative))
        {
            return None;
        }
        if forced(q) {
            ins.push(q);
            continue;
        }
        let ps = preds(q);
        let brings = ps.iter().filter(|&&m| usafe(m) || in_r[m]).count();
        if brings == 0 {
            ins.push(q);
        } else if brings != ps.len() {
            return None;
        }
    }
    if ins.len() as u64 != flow || ins.len() >= rel.len() {
        return None;
    }

    let mut kept = FxHashSet::default();
    let mut new_entry = Vec::new();
    let mut new_exit = Vec::new();
    for q in ins {
        let x = (q / 2) as Node;
        let at_entry = q.is_multiple_of(2);
        let occ = g.block(x).and_then(|b| {
            if at_entry {
                u.first_entry_occurrence(e, b)
            } else {
                u.first_exit_occurrence(e, b)
            }
        });
        match occ {
            Some(op) if comp(q) => {
                kept.insert(op);
            }
            _ if at_entry => new_entry.push(x),
            _ => new_exit.push(x),
        }
    }
    Some(Placement {
        kept,
        new_exit,
        new_entry,
        speculation: Vec::new(),
    })
}
