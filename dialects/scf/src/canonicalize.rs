//! Canonicalization patterns of `scf.if` and `scf.for`, as upstream MLIR
//! has them: an `scf.if` on a constant condition is replaced by the taken
//! region, an `scf.if` without results and with empty regions is erased, an
//! empty else region is dropped, unused `scf.if` results are removed, and an
//! `scf.for` with constant bounds running zero times is replaced by its init
//! args, running once by its inlined body, and an empty loop that surely
//! runs by the values it yields from outside.
//!
//! Invariants:
//! - A pattern returns true iff it changed the IR, and changes it only
//!   through the rewriter, so listeners see every insertion and erasure.
//! - Nothing is rewritten unless the op is well formed for the rewrite
//!   (single-block regions ending in `scf.yield` with matching counts).
//! - Constants are recognised through the `CONSTANT_LIKE` trait and the
//!   op's `value` attribute, whatever dialect defines them.

use crate::ops::{ForOp, IfOp, op_name, single_block};
use crate::{FOR, IF, YIELD};
use lockstep_ir::fold_util::{sext, zext};
use lockstep_ir::{
    BlockId, Context, InsertPoint, OpDef, OpId, OperationState, RewritePattern, Rewriter, Traits,
    TypeData, ValueId,
};

/// The integer value of `v` if a constant-like op defines it.
pub fn constant_int(ctx: &Context, v: ValueId) -> Option<i64> {
    let op = ctx.defining_op(v)?;
    if !ctx.has_trait(op, Traits::CONSTANT_LIKE) {
        return None;
    }
    ctx.attr_data(ctx.attr_of(op, "value")?).as_int()
}

/// Is `block` just a `scf.yield` without operands?
fn is_empty_yield_block(ctx: &Context, block: BlockId) -> bool {
    match (ctx.first_op(block), ctx.last_op(block)) {
        (Some(f), Some(l)) => f == l && ctx.isa(l, &YIELD) && ctx.operands(l).is_empty(),
        _ => false,
    }
}

/// Can `op`'s results be replaced by `values`? Not by the op's own results,
/// which only unverified IR (a result used in its own region) can yield.
fn not_self_defined(ctx: &Context, op: OpId, values: &[ValueId]) -> bool {
    values.iter().all(|&v| ctx.defining_op(v) != Some(op))
}

/// Moves the ops of `block` (a single-block region ending in `scf.yield`)
/// before `op`, binding its arguments to `args`, and replaces `op`'s results
/// by the yielded values. Returns false (changing nothing) when the shapes
/// do not fit.
fn inline_and_replace(rw: &mut Rewriter<'_>, op: OpId, block: BlockId, args: &[ValueId]) -> bool {
    let ctx = rw.ctx();
    let Some(y) = ctx.last_op(block).filter(|&y| ctx.isa(y, &YIELD)) else {
        return false;
    };
    let n_args = ctx.block_args(block).len();
    let arg_types_match = n_args == args.len()
        && ctx
            .block_args(block)
            .iter()
            .zip(args)
            .all(|(&a, &v)| ctx.value_type(a) == ctx.value_type(v));
    if !arg_types_match
        || ctx.operands(y).len() != ctx.results(op).len()
        || !not_self_defined(ctx, op, ctx.operands(y))
    {
        return false;
    }
    rw.inline_block(block, InsertPoint::Before(op), args);
    // Read the yielded values only now: inlining replaced block arguments.
    let values = rw.ctx().operands(y).to_vec();
    rw.replace_op(op, &values);
    rw.erase_op(y);
    true
}

/// `scf.if` on a constant condition → the taken region, inlined.
struct RemoveStaticCondition;

impl RewritePattern for RemoveStaticCondition {
    fn name(&self) -> &'static str {
        "RemoveStaticCondition"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let if_op = IfOp(op);
        let Some(c) = if_op.condition(ctx).and_then(|c| constant_int(ctx, c)) else {
            return false;
        };
        let region = if c != 0 {
            if_op.then_region(ctx)
        } else {
            if_op.else_region(ctx)
        };
        let Some(region) = region else { return false };
        if ctx.region_blocks(region).is_empty() {
            // A false condition without else: nothing runs.
            if !ctx.results(op).is_empty() {
                return false;
            }
            rw.erase_op(op);
            return true;
        }
        let Some(block) = single_block(ctx, region) else {
            return false;
        };
        inline_and_replace(rw, op, block, &[])
    }
}

/// `scf.if` without results whose regions hold only their `scf.yield`.
struct RemoveEmptyIf;

impl RewritePattern for RemoveEmptyIf {
    fn name(&self) -> &'static str {
        "RemoveEmptyIf"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        if !ctx.results(op).is_empty() {
            return false;
        }
        let empty = ctx.regions(op).iter().all(|&r| match ctx.region_blocks(r) {
            [] => true,
            [b] => is_empty_yield_block(ctx, *b),
            _ => false,
        });
        if !empty {
            return false;
        }
        rw.erase_op(op);
        true
    }
}

/// Drops an else region that only yields, when the op has no results.
struct RemoveEmptyElseBranch;

impl RewritePattern for RemoveEmptyElseBranch {
    fn name(&self) -> &'static str {
        "RemoveEmptyElseBranch"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        if !ctx.results(op).is_empty() {
            return false;
        }
        let Some(block) = IfOp(op).else_block(ctx) else {
            return false;
        };
        if !is_empty_yield_block(ctx, block) {
            return false;
        }
        rw.erase_block(block);
        rw.notify_modified(op);
        true
    }
}

/// Rebuilds an `scf.if` without its unused results.
struct RemoveUnusedIfResults;

impl RewritePattern for RemoveUnusedIfResults {
    fn name(&self) -> &'static str {
        "RemoveUnusedResults"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let if_op = IfOp(op);
        let results = ctx.results(op).to_vec();
        let used: Vec<usize> = (0..results.len())
            .filter(|&i| ctx.has_uses(results[i]))
            .collect();
        if used.len() == results.len() {
            return false;
        }
        let (Some(cond), Some(old_then), Some(old_else)) = (
            if_op.condition(ctx),
            if_op.then_region(ctx),
            if_op.else_region(ctx),
        ) else {
            return false;
        };
        let (Some(then_yield), Some(else_yield)) = (if_op.then_yield(ctx), if_op.else_yield(ctx))
        else {
            return false;
        };
        let yields = [then_yield, else_yield];
        if yields
            .iter()
            .any(|&y| ctx.operands(y).len() != results.len())
        {
            return false;
        }
        let types: Vec<_> = used.iter().map(|&i| ctx.value_type(results[i])).collect();
        let loc = ctx.loc(op);
        let (then_r, else_r) = (rw.new_region(), rw.new_region());
        rw.inline_region_before(old_then, then_r, 0);
        rw.inline_region_before(old_else, else_r, 0);
        for y in yields {
            let kept: Vec<ValueId> = used.iter().map(|&i| rw.ctx().operands(y)[i]).collect();
            rw.set_operands(y, &kept);
        }
        let st = OperationState::new(op_name(rw.ctx(), &IF), loc)
            .operands(&[cond])
            .results(&types)
            .regions(&[then_r, else_r]);
        rw.set_insertion_point_before(op);
        let new_op = rw.create(st);
        for (k, &i) in used.iter().enumerate() {
            let r = rw.ctx().result(new_op, k);
            rw.replace_all_uses_with(results[i], r);
        }
        rw.erase_op(op);
        true
    }
}

/// MLIR's `SimplifyTrivialLoops` for `scf.for` with known trip counts.
struct SimplifyTrivialLoops;

impl RewritePattern for SimplifyTrivialLoops {
    fn name(&self) -> &'static str {
        "SimplifyTrivialLoops"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&FOR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let f = ForOp(op);
        let (Some(lb), Some(ub), Some(step)) =
            (f.lower_bound(ctx), f.upper_bound(ctx), f.step(ctx))
        else {
            return false;
        };
        let inits = f.init_args(ctx).to_vec();
        if inits.len() != ctx.results(op).len() || !not_self_defined(ctx, op, &inits) {
            return false;
        }
        // Equal bounds: the loop never runs.
        if lb == ub {
            rw.replace_op(op, &inits);
            return true;
        }
        let (Some(l), Some(u)) = (constant_int(ctx, lb), constant_int(ctx, ub)) else {
            return false;
        };
        let width = match ctx.type_data(ctx.value_type(lb)) {
            TypeData::Integer { width, .. } => *width,
            _ => 64,
        };
        let unsigned = f.is_unsigned(ctx);
        let norm = |v: i64| -> i128 {
            if unsigned {
                zext(v, width) as i128
            } else {
                sext(v, width) as i128
            }
        };
        let diff = norm(u) - norm(l);
        if diff <= 0 {
            rw.replace_op(op, &inits);
            return true;
        }
        let Some(s) = constant_int(ctx, step).map(norm) else {
            return false;
        };
        let Some(body) = f.body_block(ctx) else {
            return false;
        };
        if s >= diff {
            // Exactly one iteration, with the induction variable at `lb`.
            let mut args = vec![lb];
            args.extend_from_slice(&inits);
            return inline_and_replace(rw, op, body, &args);
        }
        // An empty body that surely runs yields the same values every time;
        // if they come from outside the loop, they are its results.
        let (Some(y), Some(first)) = (f.yield_op(ctx), ctx.first_op(body)) else {
            return false;
        };
        if first != y {
            return false;
        }
        let yielded = ctx.operands(y).to_vec();
        let outside = yielded.iter().all(|&v| {
            ctx.value_block(v)
                .and_then(|b| ctx.block_parent_op(b))
                .is_none_or(|p| !ctx.is_ancestor(op, p))
        });
        if !outside || yielded.len() != inits.len() || !not_self_defined(ctx, op, &yielded) {
            return false;
        }
        rw.replace_op(op, &yielded);
        true
    }
}

pub(crate) static IF_PATTERNS: &[&dyn RewritePattern] = &[
    &RemoveStaticCondition,
    &RemoveEmptyIf,
    &RemoveEmptyElseBranch,
    &RemoveUnusedIfResults,
];
pub(crate) static FOR_PATTERNS: &[&dyn RewritePattern] = &[&SimplifyTrivialLoops];
