//! When may an expression be evaluated on a path that did not evaluate it
//! before (speculatively)? `lcm` and `scm` never speculate; `spre`, `sscm`
//! and the SRQP family will ask these questions.
//!
//! Rules (issue 6, "speculation must not make programs fault"):
//! - Pure arithmetic never traps on this target and may be speculated,
//!   except integer division and remainder whose divisor is not a constant
//!   known to be non-zero (and, for the signed forms, not `-1`, whose
//!   overflow on the minimum value C leaves undefined): an undefined value
//!   computed on a path that never asked for it is still wrong to introduce.
//! - A load may be speculated to a point only when its address is
//!   dereferenceable there: the same address value is accessed (loaded or
//!   stored, not volatile) on every path from the point to an exit, or on
//!   every path from the entry to it. Memory is never freed inside a
//!   kernel, so no op takes dereferenceability away; the analysis has no
//!   kills.
//!
//! Invariants: queries never change the IR; a node or value the analysis
//! does not know answers "not speculatable".

use crate::cfg::MotionCfg;
use crate::expr::{ExprKind, expression_kind};
use lockstep_analysis::dataflow::{
    DataflowResult, LocalPredicates, anticipable_expressions, available_expressions,
};
use lockstep_analysis::{CfgView, Node};
use lockstep_ir::{Context, OpId, ValueId};
use rustc_hash::FxHashMap;

/// Integer division and remainder ops (divisor is operand 1).
const DIVISIONS: &[(&str, bool)] = &[
    ("arith.divsi", true),
    ("arith.divui", false),
    ("arith.remsi", true),
    ("arith.remui", false),
    ("arith.ceildivsi", true),
    ("arith.ceildivui", false),
    ("arith.floordivsi", true),
];

/// May the pure expression `op` be evaluated speculatively? Loads answer
/// `false` here; ask [`Dereferenceable`] for them.
pub fn is_speculatable_pure(ctx: &Context, op: OpId) -> bool {
    if expression_kind(ctx, op) != Some(ExprKind::Pure) {
        return false;
    }
    let name = ctx.name_of(op);
    match DIVISIONS.iter().find(|(n, _)| *n == name) {
        None => true,
        Some(&(_, signed)) => {
            let Some(&d) = ctx.operands(op).get(1) else {
                return false;
            };
            match crate::alias::constant_int(ctx, d) {
                Some(0) | None => false,
                Some(-1) => !signed,
                Some(_) => true,
            }
        }
    }
}

/// Where each accessed address is known dereferenceable: accessed on every
/// path from a point, or on every path to it.
pub struct Dereferenceable {
    index: FxHashMap<ValueId, usize>,
    anticipated: DataflowResult,
    available: DataflowResult,
}

impl Dereferenceable {
    /// Computes the facts for the non-volatile loads and stores of the
    /// blocks of `g`.
    pub fn compute(ctx: &Context, g: &MotionCfg) -> Self {
        let mut index: FxHashMap<ValueId, usize> = FxHashMap::default();
        let mut accessed: Vec<Vec<usize>> = vec![Vec::new(); g.num_nodes()];
        for b in g.blocks() {
            let Some(n) = g.node_of(b) else { continue };
            for op in ctx.block_ops(b) {
                let addr = match ctx.name_of(op) {
                    "device.load" if ctx.operands(op).len() == 1 => ctx.operand(op, 0),
                    "device.store" if ctx.operands(op).len() == 2 => ctx.operand(op, 1),
                    _ => continue,
                };
                if ctx.attr_of(op, "volatile").is_some() {
                    continue;
                }
                let next = index.len();
                let id = *index.entry(addr).or_insert(next);
                accessed[n as usize].push(id);
            }
        }
        let mut l = LocalPredicates::new(index.len(), g.num_nodes());
        for (n, ids) in accessed.iter().enumerate() {
            for &i in ids {
                l.ncomp[n].insert(i);
                l.xcomp[n].insert(i);
            }
        }
        Dereferenceable {
            anticipated: anticipable_expressions(g, &l, |_| false),
            available: available_expressions(g, &l),
            index,
        }
    }

    /// Is `addr` dereferenceable at the entry of node `n`?
    pub fn at_entry(&self, n: Node, addr: ValueId) -> bool {
        self.query(n, addr, true)
    }
    /// Is `addr` dereferenceable at the exit of node `n`?
    pub fn at_exit(&self, n: Node, addr: ValueId) -> bool {
        self.query(n, addr, false)
    }

    fn query(&self, n: Node, addr: ValueId, entry: bool) -> bool {
        let Some(&i) = self.index.get(&addr) else {
            return false;
        };
        if n as usize >= self.anticipated.num_nodes() {
            return false;
        }
        let (ant, av) = if entry {
            (self.anticipated.at_entry(n), self.available.at_entry(n))
        } else {
            (self.anticipated.at_exit(n), self.available.at_exit(n))
        };
        ant.contains(i) || av.contains(i)
    }
}

/// May the load `op` be evaluated speculatively at the exit of node `n`?
pub fn is_load_speculatable_at_exit(ctx: &Context, d: &Dereferenceable, op: OpId, n: Node) -> bool {
    expression_kind(ctx, op) == Some(ExprKind::Load) && d.at_exit(n, ctx.operand(op, 0))
}
