//! A bit-vector dataflow framework over any [`CfgView`] (a region's blocks,
//! or the critical-edge-split view), with results at both the entry (N*)
//! and the exit (X*) of every node, so that problems can be written as the
//! N/X equation systems of LCM, SCM and SSCM.
//!
//! A problem ([`DataflowProblem`]) fixes a direction, a universe size, a
//! meet (overridable per node) and transfer functions. With `M(n)` the
//! meet over the edges into `n` in the problem's direction:
//!
//! ```text
//! forward:   N(n) = after_meet(n, M(n)),   M(n) = meet over p in pred(n) of edge(p, n, X(p))
//!            X(n) = transfer(n, N(n))
//! backward:  X(n) = after_meet(n, M(n)),   M(n) = meet over s in succ(n) of edge(n, s, N(s))
//!            N(n) = transfer(n, X(n))
//! ```
//!
//! At a boundary node — the entry and any node without predecessors
//! (forward), any node without successors (backward) — `M(n)` is
//! `boundary(n)` instead (empty by default: "false at s / e").
//!
//! Invariants and conventions:
//! - Every value is a [`BitSet`] over `0..universe()`.
//! - Non-boundary values start at `initial()`: full for an intersection
//!   problem and empty for a union problem by default, which gives the
//!   greatest, respectively least, fixed point. With per-node meet
//!   overrides the start follows the problem's default meet; a client
//!   wanting the other fixed point sets `initial`.
//! - The solver is a worklist seeded in reverse post-order (forward) or
//!   post-order (backward), unreachable nodes last in node order; a node is
//!   re-queued when a value it reads changes. Transfer functions must be
//!   monotone for termination; results do not depend on the visiting order
//!   then. Nodes unreachable from the entry are solved too.
//! - `edge` sees edges in CFG direction (`from -> to`) in both directions.
//!   Parallel edges (two slots to one block) are met once each, which does
//!   not change an intersection or a union.

use crate::bitset::BitSet;
use crate::cfg::{CfgView, Node, post_order};
use std::collections::VecDeque;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Direction {
    Forward,
    Backward,
}

/// How the values of several incoming edges combine.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Meet {
    /// "On every path": the value holds if it holds on all edges.
    Intersection,
    /// "On some path".
    Union,
}

/// Where non-boundary values start.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Initial {
    Empty,
    Full,
}

/// A bit-vector dataflow problem. Nodes are those of the [`CfgView`] the
/// problem is solved on.
pub trait DataflowProblem {
    fn direction(&self) -> Direction;
    /// Number of facts (expressions, statements, ...).
    fn universe(&self) -> usize;
    /// The default meet.
    fn meet(&self) -> Meet;
    /// The meet at node `n` (e.g. union at a divergent branch for SSCM).
    fn meet_at(&self, n: Node) -> Meet {
        let _ = n;
        self.meet()
    }
    fn initial(&self) -> Initial {
        match self.meet() {
            Meet::Intersection => Initial::Full,
            Meet::Union => Initial::Empty,
        }
    }
    /// `M(n)` at a boundary node. Default: empty.
    fn boundary(&self, n: Node, value: &mut BitSet) {
        let _ = n;
        value.clear();
    }
    /// Applied to `M(n)` to give the value at the meet side of `n` (N for
    /// forward, X for backward). Default: identity.
    fn after_meet(&self, n: Node, value: &mut BitSet) {
        let _ = (n, value);
    }
    /// The value on the far side of `n` (X for forward, N for backward)
    /// from the value on its meet side.
    fn transfer(&self, n: Node, input: &BitSet, output: &mut BitSet);
    /// What flows along the CFG edge `from -> to`, from the value leaving
    /// its source side (X(from) forward, N(to) backward). Default: identity.
    fn edge(&self, from: Node, to: Node, value: &mut BitSet) {
        let _ = (from, to, value);
    }
}

/// The solution: the value at the entry (N) and at the exit (X) of every node.
#[derive(Clone, Debug)]
pub struct DataflowResult {
    entry: Vec<BitSet>,
    exit: Vec<BitSet>,
    /// Node evaluations until the fixed point.
    pub evaluations: usize,
}

impl DataflowResult {
    /// N*(n): the value at the entry of `n`.
    pub fn at_entry(&self, n: Node) -> &BitSet {
        &self.entry[n as usize]
    }
    /// X*(n): the value at the exit of `n`.
    pub fn at_exit(&self, n: Node) -> &BitSet {
        &self.exit[n as usize]
    }
    pub fn num_nodes(&self) -> usize {
        self.entry.len()
    }
}

/// Solves `p` on `g` to its fixed point.
pub fn solve<G: CfgView + ?Sized, P: DataflowProblem + ?Sized>(g: &G, p: &P) -> DataflowResult {
    let n = g.num_nodes();
    let u = p.universe();
    let forward = p.direction() == Direction::Forward;
    let init = match p.initial() {
        Initial::Empty => BitSet::new_empty(u),
        Initial::Full => BitSet::new_full(u),
    };
    let mut entry = vec![init.clone(); n];
    let mut exit = vec![init; n];

    // Visiting order: RPO for forward, post-order for backward, then the
    // unreachable nodes.
    let mut order = post_order(g);
    if forward {
        order.reverse();
    }
    let mut listed = vec![false; n];
    for &x in &order {
        listed[x as usize] = true;
    }
    order.extend((0..n as Node).filter(|&x| !listed[x as usize]));

    let entry_node = g.entry();
    let is_boundary = |x: Node| {
        if forward {
            Some(x) == entry_node || g.preds(x).is_empty()
        } else {
            g.succs(x).is_empty()
        }
    };

    let mut queued = vec![true; n];
    let mut work: VecDeque<Node> = order.into_iter().collect();
    let mut met = BitSet::new_empty(u);
    let mut scratch = BitSet::new_empty(u);
    let mut out = BitSet::new_empty(u);
    let mut evaluations = 0;
    while let Some(x) = work.pop_front() {
        queued[x as usize] = false;
        evaluations += 1;
        // M(x)
        if is_boundary(x) {
            p.boundary(x, &mut met);
        } else {
            let meet = p.meet_at(x);
            match meet {
                Meet::Intersection => met.fill(),
                Meet::Union => met.clear(),
            }
            let sources = if forward { g.preds(x) } else { g.succs(x) };
            for &y in sources {
                if forward {
                    scratch.assign(&exit[y as usize]);
                    p.edge(y, x, &mut scratch);
                } else {
                    scratch.assign(&entry[y as usize]);
                    p.edge(x, y, &mut scratch);
                }
                match meet {
                    Meet::Intersection => met.intersect_with(&scratch),
                    Meet::Union => met.union_with(&scratch),
                };
            }
        }
        p.after_meet(x, &mut met);
        p.transfer(x, &met, &mut out);
        let (near, far) = if forward {
            (&mut entry[x as usize], &mut exit[x as usize])
        } else {
            (&mut exit[x as usize], &mut entry[x as usize])
        };
        near.assign(&met);
        if far.assign(&out) {
            let readers = if forward { g.succs(x) } else { g.preds(x) };
            for &r in readers {
                if !queued[r as usize] {
                    queued[r as usize] = true;
                    work.push_back(r);
                }
            }
        }
    }
    DataflowResult {
        entry,
        exit,
        evaluations,
    }
}

/// A gen/kill problem: `far = gen ∪ (near − kill)` per node, with optional
/// per-node meet overrides and an optional set added after the meet.
#[derive(Clone, Debug)]
pub struct GenKill {
    pub direction: Direction,
    pub meet: Meet,
    pub universe: usize,
    pub gen_set: Vec<BitSet>,
    pub kill: Vec<BitSet>,
    /// Added to `M(n)` (e.g. `XComp` in `XdSafe = XComp ∪ ⋂ NdSafe`); empty
    /// vector for none.
    pub meet_gen: Vec<BitSet>,
    /// Per-node meet; empty vector or `None` for the default.
    pub meet_override: Vec<Option<Meet>>,
    pub boundary: Option<BitSet>,
    pub initial: Option<Initial>,
}

impl GenKill {
    /// A problem over `nodes` nodes with empty gen and kill sets.
    pub fn new(direction: Direction, meet: Meet, universe: usize, nodes: usize) -> Self {
        GenKill {
            direction,
            meet,
            universe,
            gen_set: vec![BitSet::new_empty(universe); nodes],
            kill: vec![BitSet::new_empty(universe); nodes],
            meet_gen: Vec::new(),
            meet_override: Vec::new(),
            boundary: None,
            initial: None,
        }
    }
}

impl DataflowProblem for GenKill {
    fn direction(&self) -> Direction {
        self.direction
    }
    fn universe(&self) -> usize {
        self.universe
    }
    fn meet(&self) -> Meet {
        self.meet
    }
    fn meet_at(&self, n: Node) -> Meet {
        self.meet_override
            .get(n as usize)
            .copied()
            .flatten()
            .unwrap_or(self.meet)
    }
    fn initial(&self) -> Initial {
        self.initial.unwrap_or(match self.meet {
            Meet::Intersection => Initial::Full,
            Meet::Union => Initial::Empty,
        })
    }
    fn boundary(&self, _n: Node, value: &mut BitSet) {
        match &self.boundary {
            Some(b) => {
                value.assign(b);
            }
            None => value.clear(),
        }
    }
    fn after_meet(&self, n: Node, value: &mut BitSet) {
        if let Some(g) = self.meet_gen.get(n as usize) {
            value.union_with(g);
        }
    }
    fn transfer(&self, n: Node, input: &BitSet, output: &mut BitSet) {
        output.assign(input);
        output.subtract(&self.kill[n as usize]);
        output.union_with(&self.gen_set[n as usize]);
    }
}

/// Type of the transfer closures of [`FnProblem`].
pub type TransferFn<'a> = Box<dyn Fn(Node, &BitSet, &mut BitSet) + 'a>;
/// Type of the in-place closures of [`FnProblem`].
pub type UpdateFn<'a> = Box<dyn Fn(Node, &mut BitSet) + 'a>;
/// Type of the edge closure of [`FnProblem`].
pub type EdgeFn<'a> = Box<dyn Fn(Node, Node, &mut BitSet) + 'a>;

/// A problem given by closures, for equations that are not gen/kill.
pub struct FnProblem<'a> {
    pub direction: Direction,
    pub meet: Meet,
    pub universe: usize,
    pub transfer: TransferFn<'a>,
    pub meet_at: Option<Box<dyn Fn(Node) -> Meet + 'a>>,
    pub after_meet: Option<UpdateFn<'a>>,
    pub boundary: Option<UpdateFn<'a>>,
    pub edge: Option<EdgeFn<'a>>,
    pub initial: Option<Initial>,
}

impl<'a> FnProblem<'a> {
    pub fn new(
        direction: Direction,
        meet: Meet,
        universe: usize,
        transfer: impl Fn(Node, &BitSet, &mut BitSet) + 'a,
    ) -> Self {
        FnProblem {
            direction,
            meet,
            universe,
            transfer: Box::new(transfer),
            meet_at: None,
            after_meet: None,
            boundary: None,
            edge: None,
            initial: None,
        }
    }
    pub fn with_meet_at(mut self, f: impl Fn(Node) -> Meet + 'a) -> Self {
        self.meet_at = Some(Box::new(f));
        self
    }
    pub fn with_after_meet(mut self, f: impl Fn(Node, &mut BitSet) + 'a) -> Self {
        self.after_meet = Some(Box::new(f));
        self
    }
    pub fn with_boundary(mut self, f: impl Fn(Node, &mut BitSet) + 'a) -> Self {
        self.boundary = Some(Box::new(f));
        self
    }
    pub fn with_edge(mut self, f: impl Fn(Node, Node, &mut BitSet) + 'a) -> Self {
        self.edge = Some(Box::new(f));
        self
    }
    pub fn with_initial(mut self, i: Initial) -> Self {
        self.initial = Some(i);
        self
    }
}

impl DataflowProblem for FnProblem<'_> {
    fn direction(&self) -> Direction {
        self.direction
    }
    fn universe(&self) -> usize {
        self.universe
    }
    fn meet(&self) -> Meet {
        self.meet
    }
    fn meet_at(&self, n: Node) -> Meet {
        self.meet_at.as_ref().map_or(self.meet, |f| f(n))
    }
    fn initial(&self) -> Initial {
        self.initial.unwrap_or(match self.meet {
            Meet::Intersection => Initial::Full,
            Meet::Union => Initial::Empty,
        })
    }
    fn boundary(&self, n: Node, value: &mut BitSet) {
        value.clear();
        if let Some(f) = &self.boundary {
            f(n, value);
        }
    }
    fn after_meet(&self, n: Node, value: &mut BitSet) {
        if let Some(f) = &self.after_meet {
            f(n, value);
        }
    }
    fn transfer(&self, n: Node, input: &BitSet, output: &mut BitSet) {
        (self.transfer)(n, input, output);
    }
    fn edge(&self, from: Node, to: Node, value: &mut BitSet) {
        if let Some(f) = &self.edge {
            f(from, to, value);
        }
    }
}

/// The local predicates of the expressions of a universe in each node, as
/// the thesis defines them on the entry and exit parts of a block.
#[derive(Clone, Debug)]
pub struct LocalPredicates {
    pub universe: usize,
    /// NComp: the node computes the expression before modifying any operand
    /// (an entry computation; upward exposed).
    pub ncomp: Vec<BitSet>,
    /// XComp: the node computes the expression after the last modification
    /// of its operands (an exit computation; downward exposed). A node that
    /// computes without modifying has both.
    pub xcomp: Vec<BitSet>,
    /// Transp: the node modifies no operand of the expression.
    pub transp: Vec<BitSet>,
}

impl LocalPredicates {
    /// All-transparent, computing nothing, over `nodes` nodes. Virtual
    /// nodes of an edge-split view keep these values.
    pub fn new(universe: usize, nodes: usize) -> Self {
        LocalPredicates {
            universe,
            ncomp: vec![BitSet::new_empty(universe); nodes],
            xcomp: vec![BitSet::new_empty(universe); nodes],
            transp: vec![BitSet::new_full(universe); nodes],
        }
    }
}

/// The gen/kill problem `out(n) = comp(n) ∪ (in(n) ∩ Transp(n))` in
/// `direction`, meeting by intersection except at the nodes where
/// `union_at` holds.
fn computed_or_transparent<G: CfgView + ?Sized>(
    g: &G,
    l: &LocalPredicates,
    direction: Direction,
    comp: &[BitSet],
    union_at: impl Fn(Node) -> bool,
) -> GenKill {
    let mut p = GenKill::new(direction, Meet::Intersection, l.universe, g.num_nodes());
    for (n, c) in comp.iter().enumerate().take(g.num_nodes()) {
        p.gen_set[n].assign(c);
        p.kill[n].assign(&l.transp[n]);
        p.kill[n].complement();
    }
    p.meet_override = (0..g.num_nodes() as Node)
        .map(|n| union_at(n).then_some(Meet::Union))
        .collect();
    p
}

/// Available expressions (up-safety):
/// `N(n) = ⋂ X(p)` (empty at the entry), `X(n) = XComp(n) ∪ (N(n) ∩ Transp(n))`.
pub fn available_expressions<G: CfgView + ?Sized>(g: &G, l: &LocalPredicates) -> DataflowResult {
    let p = computed_or_transparent(g, l, Direction::Forward, &l.xcomp, |_| false);
    solve(g, &p)
}

/// Very busy (anticipable) expressions (down-safety), optionally with a
/// union meet at the nodes for which `union_at` holds (SSCM's divergent
/// branches): `X(n) = ⋂ N(s)` (empty at exits), `N(n) = NComp(n) ∪ (X(n) ∩ Transp(n))`.
pub fn anticipable_expressions<G: CfgView + ?Sized>(
    g: &G,
    l: &LocalPredicates,
    union_at: impl Fn(Node) -> bool,
) -> DataflowResult {
    let p = computed_or_transparent(g, l, Direction::Backward, &l.ncomp, union_at);
    solve(g, &p)
}

/// Down-safety of the entry and exit insertion points (thesis Fig. 4.3(a),
/// and Fig. 4.5(a) for SSCM when `div` holds at divergent branches):
/// `XdSafe(n) = XComp(n) ∪ (false at exits | ⋃ NdSafe(s) if div(n) | ⋂ NdSafe(s))`,
/// `NdSafe(n) = NComp(n) ∪ (Transp(n) ∩ XdSafe(n))`.
/// `at_entry` is NdSafe, `at_exit` XdSafe.
pub fn down_safety<G: CfgView + ?Sized>(
    g: &G,
    l: &LocalPredicates,
    div: impl Fn(Node) -> bool,
) -> DataflowResult {
    // Anticipability with the exit computations added after the meet.
    let mut p = computed_or_transparent(g, l, Direction::Backward, &l.ncomp, div);
    p.meet_gen = l.xcomp.clone();
    solve(g, &p)
}

/// Up-safety of the entry and exit insertion points (thesis Fig. 4.3(b)):
/// `NuSafe(n) = false at s | ⋂ (XComp(p) ∪ XuSafe(p))`,
/// `XuSafe(n) = Transp(n) ∩ (NComp(n) ∪ NuSafe(n))`.
/// `at_entry` is NuSafe, `at_exit` XuSafe.
pub fn up_safety<G: CfgView + ?Sized>(g: &G, l: &LocalPredicates) -> DataflowResult {
    let p = FnProblem::new(
        Direction::Forward,
        Meet::Intersection,
        l.universe,
        |n, input, out| {
            out.assign(input);
            out.union_with(&l.ncomp[n as usize]);
            out.intersect_with(&l.transp[n as usize]);
        },
    )
    .with_edge(|from, _to, v| {
        v.union_with(&l.xcomp[from as usize]);
    });
    solve(g, &p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Graph;

    /// One expression (bit 0); `comp` nodes compute it without modifying
    /// its operands, `kill` nodes modify an operand (and do not compute).
    fn preds_one(n: usize, comp: &[usize], kill: &[usize]) -> LocalPredicates {
        let mut l = LocalPredicates::new(1, n);
        for &c in comp {
            l.ncomp[c].insert(0);
            l.xcomp[c].insert(0);
        }
        for &k in kill {
            l.transp[k].remove(0);
        }
        l
    }

    fn bits(r: &DataflowResult, entry: bool) -> Vec<bool> {
        (0..r.num_nodes() as Node)
            .map(|n| {
                if entry {
                    r.at_entry(n).contains(0)
                } else {
                    r.at_exit(n).contains(0)
                }
            })
            .collect()
    }

    const DIAMOND: &[(Node, Node)] = &[(0, 1), (0, 2), (1, 3), (2, 3)];

    #[test]
    fn available_on_a_diamond() {
        let g = Graph::from_edges(4, DIAMOND);
        let r = available_expressions(&g, &preds_one(4, &[1, 2], &[]));
        assert_eq!(bits(&r, true), [false, false, false, true]);
        assert_eq!(bits(&r, false), [false, true, true, true]);
        let r = available_expressions(&g, &preds_one(4, &[1], &[]));
        assert_eq!(bits(&r, true), [false, false, false, false]);
        // Computed at the entry, killed in one arm.
        let r = available_expressions(&g, &preds_one(4, &[0], &[2]));
        assert_eq!(bits(&r, true), [false, true, true, false]);
        assert_eq!(bits(&r, false), [true, true, false, false]);
    }

    #[test]
    fn available_around_a_loop_is_the_greatest_fixed_point() {
        // 0 -> 1 (header) -> 2 (body) -> 1, 1 -> 3.
        let g = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 1), (1, 3)]);
        let r = available_expressions(&g, &preds_one(4, &[0], &[]));
        assert_eq!(bits(&r, true), [false, true, true, true]);
        let r = available_expressions(&g, &preds_one(4, &[0], &[2]));
        // Killed in the body: not available at the header, nor after it.
        assert_eq!(bits(&r, true), [false; 4]);
        assert_eq!(bits(&r, false), [true, false, false, false]);
    }

    #[test]
    fn anticipable_with_and_without_a_divergent_union() {
        let g = Graph::from_edges(4, DIAMOND);
        let both = preds_one(4, &[1, 2], &[]);
        let r = anticipable_expressions(&g, &both, |_| false);
        assert_eq!(bits(&r, false), [true, false, false, false]);
        assert_eq!(bits(&r, true), [true, true, true, false]);
        let one = preds_one(4, &[1], &[]);
        let r = anticipable_expressions(&g, &one, |_| false);
        assert_eq!(bits(&r, false), [false; 4]);
        // Union at node 0 (a divergent branch): one side suffices.
        let r = anticipable_expressions(&g, &one, |n| n == 0);
        assert_eq!(bits(&r, false), [true, false, false, false]);
        assert_eq!(bits(&r, true), [true, true, false, false]);
    }

    #[test]
    fn thesis_figure_4_1_down_safety_with_divergent_branches() {
        // Nodes 1..7 of Fig. 4.1a as 0..6: 1 -> {2, 6}, 2 -> {3, 4},
        // 3, 4 -> 5, 5 -> 7, 6 -> 7. The expression is computed at node 3
        // only; nodes 1 and 2 end in divergent branches.
        let g = Graph::from_edges(
            7,
            &[
                (0, 1),
                (0, 5),
                (1, 2),
                (1, 3),
                (2, 4),
                (3, 4),
                (4, 6),
                (5, 6),
            ],
        );
        let l = preds_one(7, &[2], &[]);
        let lcm = down_safety(&g, &l, |_| false);
        assert_eq!(
            bits(&lcm, false),
            [false, false, true, false, false, false, false]
        );
        let sscm = down_safety(&g, &l, |n| n == 0 || n == 1);
        assert_eq!(
            bits(&sscm, false),
            [true, true, true, false, false, false, false]
        );
        assert_eq!(
            bits(&sscm, true),
            [true, true, true, false, false, false, false]
        );
        // Up-safety: after node 3 on the path 1-2-3-5 only, so nowhere on
        // every path except the exit of node 3 itself.
        let up = up_safety(&g, &l);
        assert_eq!(bits(&up, true), [false; 7]);
        assert_eq!(
            bits(&up, false),
            [false, false, true, false, false, false, false]
        );
    }

    #[test]
    fn up_safety_counts_exit_computations_on_edges() {
        // 0 computes then modifies then computes again: entry and exit
        // computation but not transparent.
        let g = Graph::from_edges(2, &[(0, 1)]);
        let mut l = LocalPredicates::new(1, 2);
        l.ncomp[0].insert(0);
        l.xcomp[0].insert(0);
        l.transp[0].remove(0);
        let up = up_safety(&g, &l);
        // XuSafe(0) = Transp ∩ ... = false, but NuSafe(1) sees XComp(0).
        assert_eq!(bits(&up, false), [false, true]);
        assert_eq!(bits(&up, true), [false, true]);
        let dn = down_safety(&g, &l, |_| false);
        assert_eq!(bits(&dn, false), [true, false]);
        assert_eq!(bits(&dn, true), [true, false]);
    }

    #[test]
    fn closures_union_problem_with_initial_and_boundary() {
        // Reaching "definitions": 4 facts, node i generates fact i; a loop
        // 0 -> 1 -> 2 -> 1 -> 3, node 2 kills fact 1.
        let g = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 1), (1, 3)]);
        let p = FnProblem::new(Direction::Forward, Meet::Union, 4, |n, input, out| {
            out.assign(input);
            if n == 2 {
                out.remove(1);
            }
            out.insert(n as usize);
        });
        let r = solve(&g, &p);
        let items = |s: &BitSet| s.iter().collect::<Vec<_>>();
        // Fact 1 only reaches node 1 around the loop, through node 2 that kills it.
        assert_eq!(items(r.at_entry(1)), [0, 2]);
        assert_eq!(items(r.at_exit(2)), [0, 2]);
        assert_eq!(items(r.at_entry(3)), [0, 1, 2]);
        // A boundary value at the entry flows everywhere.
        let p = p.with_boundary(|_, v| {
            v.insert(3);
        });
        let r = solve(&g, &p);
        assert!(r.at_entry(0).contains(3) && r.at_exit(2).contains(3));
        // Union with a full start never shrinks: the greatest fixed point.
        let p = FnProblem::new(Direction::Forward, Meet::Union, 4, |_, i, o| {
            o.assign(i);
        })
        .with_initial(Initial::Full);
        let r = solve(&g, &p);
        assert!(r.at_entry(1).is_full() && r.at_entry(0).is_empty());
    }

    #[test]
    fn after_meet_and_per_node_meet_through_closures() {
        let g = Graph::from_edges(4, DIAMOND);
        // Backward; node 0 meets with union; node 1 adds fact 0 at its exit.
        let p = FnProblem::new(Direction::Backward, Meet::Intersection, 1, |_, i, o| {
            o.assign(i);
        })
        .with_meet_at(|n| {
            if n == 0 {
                Meet::Union
            } else {
                Meet::Intersection
            }
        })
        .with_after_meet(|n, v| {
            if n == 1 {
                v.insert(0);
            }
        });
        let r = solve(&g, &p);
        assert_eq!(bits(&r, false), [true, true, false, false]);
        assert_eq!(bits(&r, true), [true, true, false, false]);
    }

    #[test]
    fn infinite_loops_and_unreachable_nodes_terminate() {
        // 0 -> 1 <-> 2 (no exit); 3 -> 2 is unreachable.
        let g = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 1), (3, 2)]);
        let l = preds_one(4, &[], &[]);
        let r = anticipable_expressions(&g, &l, |_| false);
        // No exit is ever reached: the greatest fixed point holds everywhere.
        assert_eq!(bits(&r, true), [true; 4]);
        let r = available_expressions(&g, &l);
        // Node 3 has no predecessors: a boundary node.
        assert_eq!(bits(&r, true), [false, false, false, false]);
        assert!(r.evaluations >= 4);
    }

    #[test]
    fn edge_split_view_places_values_on_critical_edges() {
        // 0 -> {1, 2}, 1 -> {2, 3}, 2 -> 3: the edges 0->2, 1->2 and 1->3
        // are critical. With the expression computed at 2 only, the
        // virtual nodes before 2 are down-safe, 1->3 is not.
        use crate::edge_split::EdgeSplitCfg;
        use crate::testutil::Fixture;
        let f = Fixture::new(
            "func.func @f(%c: i1) {\n cf.cond_br %c, ^bb1, ^bb2\n\
             ^bb1:\n cf.cond_br %c, ^bb2, ^bb3\n^bb2:\n cf.br ^bb3\n^bb3:\n return\n}",
        );
        let g = EdgeSplitCfg::new(&f.ctx, f.body(0));
        let l = preds_one(g.num_nodes(), &[2], &[]);
        let r = down_safety(&g, &l, |_| false);
        assert_eq!(
            bits(&r, true),
            [false, false, true, false, true, true, false]
        );
    }
}
