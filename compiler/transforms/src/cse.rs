//! `cse`: common subexpression elimination by dominance-scoped value
//! numbering (MLIR's `CSE` pass).
//!
//! Regions are walked in dominator-tree order; each block opens a scope of
//! known ops inside its dominator's scope. An op without memory effects (for
//! an op with regions: `RECURSIVE_MEMORY_EFFECTS` and all nested ops free of
//! effects) that is equivalent to a known op is replaced by it; an unused op
//! that would be trivially dead is erased.
//!
//! Invariants:
//! - Equivalence is MLIR's `OperationEquivalence` ignoring locations: same
//!   name, attributes, properties, result types, operands (as a multiset for
//!   `COMMUTATIVE` ops), and structurally equivalent regions (values defined
//!   inside are matched positionally).
//! - An op in a nested region may be replaced by an equivalent op of an
//!   enclosing region that dominates it, except across an op that may be
//!   isolated from above (isolated or unregistered): such regions start
//!   with no known ops.
//! - Terminators, ops with memory effects and ops holding a region with
//!   several blocks are never replaced; multi-block regions without SSA
//!   dominance (graph regions) are not entered.
//! - In graph regions, a replacement only rewrites uses by ops not known
//!   yet (already visited), and the op is only erased if no use remains.
//! - Erasures happen after the walk, in the order found; nothing is hoisted.

use crate::check_options;
use crate::effects::{is_memory_effect_free, is_op_trivially_dead};
use lockstep_ir::dominance::DominanceInfo;
use lockstep_ir::{BlockId, Context, Diagnostic, OpId, RegionId, Rewriter, Traits, ValueId};
use lockstep_pass::{Pass, PassContext, PassInfo};
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};

pub static INFO: PassInfo = PassInfo {
    argument: "cse",
    description: "Eliminate common sub-expressions",
    options: &[],
    create: |o| {
        check_options(o, INFO.options)?;
        Ok(Box::new(Cse))
    },
};

/// The pass; it has no options.
pub struct Cse;

impl Pass for Cse {
    fn argument(&self) -> &'static str {
        "cse"
    }
    fn name(&self) -> &'static str {
        "CSE"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let dom = cx.analyses.get::<DominanceInfo>(cx.ctx, op);
        let stats = eliminate_common_subexpressions(&mut Rewriter::new(cx.ctx), dom, op);
        cx.stats
            .add("num-cse'd", "Number of operations CSE'd", stats.num_cse);
        cx.stats
            .add("num-dce'd", "Number of operations DCE'd", stats.num_dce);
        if !stats.changed {
            cx.mark_all_preserved();
        }
        // Erasing ops never changes which blocks dominate which.
        cx.preserve(<DominanceInfo as lockstep_pass::Analysis>::NAME);
        cx.preserve(<lockstep_ir::dominance::PostDominanceInfo as lockstep_pass::Analysis>::NAME);
        Ok(())
    }
}

/// What one CSE run did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CseStats {
    pub num_cse: u64,
    pub num_dce: u64,
    pub changed: bool,
}

/// Runs CSE on the regions of `op` with dominance `dom` (computed for `op`
/// or an ancestor, on the current IR).
pub fn eliminate_common_subexpressions(
    rw: &mut Rewriter<'_>,
    dom: &DominanceInfo,
    op: OpId,
) -> CseStats {
    let mut d = Driver {
        dom,
        to_erase: Vec::new(),
        stats: CseStats::default(),
    };
    let mut known = KnownOps::default();
    for r in rw.ctx.regions(op).to_vec() {
        d.simplify_region(rw, &mut known, r);
    }
    d.stats.changed = !d.to_erase.is_empty();
    for o in std::mem::take(&mut d.to_erase) {
        rw.erase_op(o);
    }
    d.stats
}

/// Hash of the parts of an op that equivalence compares directly (not its
/// regions): name, attributes, properties, result types, operands (summed
/// for commutative ops, so their order does not matter).
fn op_hash(ctx: &Context, op: OpId) -> u64 {
    let mut h = FxHasher::default();
    ctx.name_of(op).hash(&mut h);
    ctx.attrs(op).hash(&mut h);
    ctx.opaque_props(op).hash(&mut h);
    for &r in ctx.results(op) {
        ctx.value_type(r).hash(&mut h);
    }
    let operand_hash = |v: ValueId| {
        let mut h = FxHasher::default();
        v.hash(&mut h);
        h.finish()
    };
    if ctx.has_trait(op, Traits::COMMUTATIVE) {
        ctx.operands(op)
            .iter()
            .fold(0u64, |acc, &v| acc.wrapping_add(operand_hash(v)))
            .hash(&mut h);
    } else {
        for &v in ctx.operands(op) {
            operand_hash(v).hash(&mut h);
        }
    }
    h.finish()
}

/// Structural equivalence of two ops, ignoring locations; `eq` maps values
/// defined inside `a` to their counterparts inside `b`.
fn ops_equivalent(ctx: &Context, a: OpId, b: OpId, eq: &mut FxHashMap<ValueId, ValueId>) -> bool {
    if a == b {
        return true;
    }
    if ctx.name_of(a) != ctx.name_of(b)
        || ctx.attrs(a) != ctx.attrs(b)
        || ctx.opaque_props(a) != ctx.opaque_props(b)
        || ctx.regions(a).len() != ctx.regions(b).len()
        || ctx.successors(a).len() != ctx.successors(b).len()
        || ctx.operands(a).len() != ctx.operands(b).len()
        || ctx.results(a).len() != ctx.results(b).len()
    {
        return false;
    }
    let same =
        |eq: &FxHashMap<ValueId, ValueId>, x: ValueId, y: ValueId| x == y || eq.get(&x) == Some(&y);
    if ctx.has_trait(a, Traits::COMMUTATIVE) {
        let mut l: SmallVec<[ValueId; 4]> = ctx
            .operands(a)
            .iter()
            .map(|v| *eq.get(v).unwrap_or(v))
            .collect();
        let mut r: SmallVec<[ValueId; 4]> = ctx.operands(b).iter().copied().collect();
        l.sort();
        r.sort();
        if l != r {
            return false;
        }
    } else {
        for (&x, &y) in ctx.operands(a).iter().zip(ctx.operands(b)) {
            if !same(eq, x, y) {
                return false;
            }
        }
    }
    for (&x, &y) in ctx.results(a).iter().zip(ctx.results(b)) {
        if ctx.value_type(x) != ctx.value_type(y) {
            return false;
        }
        eq.insert(x, y);
    }
    ctx.regions(a)
        .iter()
        .zip(ctx.regions(b))
        .all(|(&ra, &rb)| regions_equivalent(ctx, ra, rb, eq))
}

fn regions_equivalent(
    ctx: &Context,
    ra: RegionId,
    rb: RegionId,
    eq: &mut FxHashMap<ValueId, ValueId>,
) -> bool {
    let (ba, bb) = (ctx.region_blocks(ra), ctx.region_blocks(rb));
    if ba.len() != bb.len() {
        return false;
    }
    let mut blocks: FxHashMap<BlockId, BlockId> = FxHashMap::default();
    let mut map_block = |x: BlockId, y: BlockId| *blocks.entry(x).or_insert(y) == y;
    for (&x, &y) in ba.iter().zip(bb) {
        let (ax, ay) = (ctx.block_args(x), ctx.block_args(y));
        if ax.len() != ay.len() || !map_block(x, y) {
            return false;
        }
        for (&p, &q) in ax.iter().zip(ay) {
            if ctx.value_type(p) != ctx.value_type(q) {
                return false;
            }
            eq.insert(p, q);
        }
        let (mut oa, mut ob) = (ctx.block_ops(x), ctx.block_ops(y));
        loop {
            match (oa.next(), ob.next()) {
                (None, None) => break,
                (Some(p), Some(q)) => {
                    if !ops_equivalent(ctx, p, q, eq) {
                        return false;
                    }
                    for (&s, &t) in ctx.successors(p).iter().zip(ctx.successors(q)) {
                        if !map_block(s, t) {
                            return false;
                        }
                    }
                }
                _ => return false,
            }
        }
    }
    true
}

/// Known ops by hash, with nested scopes (a scoped hash table).
#[derive(Default)]
struct KnownOps {
    buckets: FxHashMap<u64, SmallVec<[OpId; 1]>>,
    /// Entries added in each open scope, to drop when it closes.
    scopes: Vec<Vec<u64>>,
}

impl KnownOps {
    fn open(&mut self) {
        self.scopes.push(Vec::new());
    }

    fn close(&mut self) {
        for h in self.scopes.pop().unwrap_or_default().into_iter().rev() {
            if let Some(b) = self.buckets.get_mut(&h) {
                b.pop();
                if b.is_empty() {
                    self.buckets.remove(&h);
                }
            }
        }
    }

    /// The innermost known op equivalent to `op`.
    fn lookup(&self, ctx: &Context, op: OpId) -> Option<OpId> {
        let bucket = self.buckets.get(&op_hash(ctx, op))?;
        bucket
            .iter()
            .rev()
            .copied()
            .find(|&k| ops_equivalent(ctx, k, op, &mut FxHashMap::default()))
    }

    fn insert(&mut self, ctx: &Context, op: OpId) {
        let h = op_hash(ctx, op);
        self.buckets.entry(h).or_default().push(op);
        if let Some(s) = self.scopes.last_mut() {
            s.push(h);
        }
    }
}

struct Driver<'d> {
    dom: &'d DominanceInfo,
    to_erase: Vec<OpId>,
    stats: CseStats,
}

impl Driver<'_> {
    fn simplify_region(&mut self, rw: &mut Rewriter<'_>, known: &mut KnownOps, r: RegionId) {
        let blocks = rw.ctx.region_blocks(r);
        let Some(&entry) = blocks.first() else { return };
        let ssa = self.dom.has_ssa_dominance(r);
        if blocks.len() == 1 {
            known.open();
            self.simplify_block(rw, known, entry, ssa);
            known.close();
            return;
        }
        if !ssa {
            return;
        }
        // Dominator-tree pre-order; a scope per tree node.
        let mut stack: Vec<(BlockId, usize)> = vec![(entry, 0)];
        known.open();
        self.simplify_block(rw, known, entry, ssa);
        while let Some(top) = stack.last_mut() {
            let (b, i) = *top;
            match self.dom.children(b).get(i) {
                Some(&c) => {
                    top.1 += 1;
                    known.open();
                    self.simplify_block(rw, known, c, ssa);
                    stack.push((c, 0));
                }
                None => {
                    known.close();
                    stack.pop();
                }
            }
        }
    }

    fn simplify_block(
        &mut self,
        rw: &mut Rewriter<'_>,
        known: &mut KnownOps,
        b: BlockId,
        ssa: bool,
    ) {
        let ops: Vec<OpId> = rw.ctx.block_ops(b).collect();
        for op in ops {
            let regions = rw.ctx.regions(op).to_vec();
            if !regions.is_empty() {
                let isolated = rw
                    .ctx
                    .def_of(op)
                    .is_none_or(|d| d.has(Traits::ISOLATED_FROM_ABOVE));
                if isolated {
                    let mut nested = KnownOps::default();
                    for r in regions {
                        self.simplify_region(rw, &mut nested, r);
                    }
                } else {
                    for r in regions {
                        self.simplify_region(rw, known, r);
                    }
                }
            }
            self.simplify_op(rw, known, op, ssa);
        }
    }

    fn simplify_op(&mut self, rw: &mut Rewriter<'_>, known: &mut KnownOps, op: OpId, ssa: bool) {
        let ctx = &*rw.ctx;
        if ctx.has_trait(op, Traits::TERMINATOR) {
            return;
        }
        if is_op_trivially_dead(ctx, op) {
            self.to_erase.push(op);
            self.stats.num_dce += 1;
            return;
        }
        if ctx
            .regions(op)
            .iter()
            .any(|&r| ctx.region_blocks(r).len() > 1)
        {
            return;
        }
        if !is_memory_effect_free(ctx, op) {
            return;
        }
        match known.lookup(ctx, op) {
            Some(existing) => self.replace_uses_and_delete(rw, known, op, existing, ssa),
            None => known.insert(ctx, op),
        }
    }

    fn replace_uses_and_delete(
        &mut self,
        rw: &mut Rewriter<'_>,
        known: &KnownOps,
        op: OpId,
        existing: OpId,
        ssa: bool,
    ) {
        let pairs: Vec<(ValueId, ValueId)> = rw
            .ctx
            .results(op)
            .iter()
            .copied()
            .zip(rw.ctx.results(existing).iter().copied())
            .collect();
        if ssa {
            // With SSA dominance no use of `op` has been visited yet.
            for (from, to) in pairs {
                rw.replace_all_uses_with(from, to);
            }
            self.to_erase.push(op);
        } else {
            // Only rewrite users already visited: those with no known
            // equivalent (as MLIR, which asks the table about the user).
            for (from, to) in pairs {
                let uses = rw.ctx.uses(from).to_vec();
                for u in uses {
                    if known.lookup(rw.ctx, u.op).is_none() {
                        rw.set_operand(u.op, u.index as usize, to);
                    }
                }
            }
            if rw.ctx.op_is_unused(op) {
                self.to_erase.push(op);
            }
        }
        self.stats.num_cse += 1;
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{parse, print, run_pass};

    fn module(body: &str) -> String {
        format!("\"builtin.module\"() ({{\n{body}}}) : () -> ()\n\n")
    }

    #[test]
    fn isolated_regions_start_with_nothing_known() {
        // The inner function's constant equals the outer one, but the inner
        // function cannot see outer values.
        let src = module(
            r#"  "test.func"() <{sym_name = "f"}> ({
    %0 = "test.const"() <{value = 1 : i32}> : () -> i32
    "test.func"() <{sym_name = "g"}> ({
      %2 = "test.const"() <{value = 1 : i32}> : () -> i32
      %3 = "test.const"() <{value = 1 : i32}> : () -> i32
      "test.ret"(%2, %3) : (i32, i32) -> ()
    }) : () -> ()
    %1 = "test.const"() <{value = 1 : i32}> : () -> i32
    "test.ret"(%0, %1) : (i32, i32) -> ()
  }) : () -> ()
"#,
        );
        let (mut ctx, m) = parse(&src);
        let stats = run_pass(&mut ctx, m, "cse", &[]);
        assert_eq!(stats.get("num-cse'd"), Some(2));
        let out = print(&ctx, m);
        assert_eq!(out.matches("test.const").count(), 2, "{out}");
        assert!(out.contains("\"test.ret\"(%1, %1)"), "{out}");
        assert!(out.contains("\"test.ret\"(%0, %0)"), "{out}");
    }

    #[test]
    fn effects_and_recursive_effects() {
        let src = module(
            r#"  "test.func"() <{sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    %0 = "test.effect"(%arg0) : (i32) -> i32
    %1 = "test.effect"(%arg0) : (i32) -> i32
    %2 = "test.exec"() ({
      %6 = "test.pure"(%arg0) : (i32) -> i32
      "test.yield"(%6) : (i32) -> ()
    }) : () -> i32
    %3 = "test.exec"() ({
      %7 = "test.pure"(%arg0) : (i32) -> i32
      "test.yield"(%7) : (i32) -> ()
    }) : () -> i32
    %4 = "test.exec"() ({
      %8 = "test.effect"(%arg0) : (i32) -> i32
      "test.yield"(%8) : (i32) -> ()
    }) : () -> i32
    %5 = "test.exec"() ({
      %9 = "test.effect"(%arg0) : (i32) -> i32
      "test.yield"(%9) : (i32) -> ()
    }) : () -> i32
    "test.ret"(%0, %1, %2, %3, %4, %5) : (i32, i32, i32, i32, i32, i32) -> ()
  }) : () -> ()
"#,
        );
        let (mut ctx, m) = parse(&src);
        run_pass(&mut ctx, m, "cse", &[]);
        let out = print(&ctx, m);
        assert_eq!(out.matches("test.effect").count(), 4, "{out}");
        assert_eq!(out.matches("test.exec").count(), 3, "{out}");
        assert!(
            out.contains("\"test.ret\"(%0, %1, %2, %2, %3, %4)"),
            "{out}"
        );
    }

    #[test]
    fn graph_regions_only_rewrite_visited_users() {
        // The module body is a graph region: a use before the duplicate's
        // definition is rewritten, as the user was already visited.
        let src = module(
            r#"  %0 = "test.pure"() : () -> i32
  "test.effect"(%1) : (i32) -> ()
  %1 = "test.pure"() : () -> i32
"#,
        );
        let (mut ctx, m) = parse(&src);
        run_pass(&mut ctx, m, "cse", &[]);
        let out = print(&ctx, m);
        assert_eq!(out.matches("test.pure").count(), 1, "{out}");
        assert!(out.contains("\"test.effect\"(%0)"), "{out}");
    }

    #[test]
    fn unchanged_ir_preserves_analyses() {
        let src = module("  \"test.effect\"() : () -> ()\n");
        let (mut ctx, m) = parse(&src);
        let stats = run_pass(&mut ctx, m, "cse", &[]);
        assert_eq!(stats.get("num-cse'd"), Some(0));
        assert_eq!(stats.get("num-dce'd"), Some(0));
    }
}
