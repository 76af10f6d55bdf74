//! Canonicalization patterns of `scf.while`, as MLIR 22 registers them
//! (`WhileOp::getCanonicalizationPatterns`):
//!
//! - [`RemoveLoopInvariantArgsFromBeforeBlock`]: a before-region argument
//!   that is fed its init value again (directly, or through the after
//!   region from itself or its init) is replaced by the init;
//! - [`RemoveLoopInvariantValueYielded`]: `scf.condition` operands defined
//!   outside the before block are used directly by the after region and in
//!   place of the results;
//! - [`WhileConditionTruth`]: an after-region argument carrying the
//!   condition is `true`;
//! - [`WhileCmpCond`]: an `arith.cmpi` in the after region repeating (or
//!   inverting) the condition's comparison on the forwarded value is
//!   `true` (`false`);
//! - [`WhileUnusedResult`]: results unused along with their after-region
//!   argument are dropped;
//! - [`WhileRemoveDuplicatedResults`]: values forwarded twice by
//!   `scf.condition` are forwarded once;
//! - [`WhileRemoveUnusedArgs`]: unused before-region arguments are dropped;
//! - [`WhileOpAlignBeforeArgs`]: a condition forwarding a permutation of
//!   the before-region arguments forwards them in order;
//! - [`WhileMoveIfDown`]: an `scf.if` on the loop condition right before
//!   `scf.condition` (else region only yielding) moves into the after
//!   region.

use crate::canonicalize::{
    create, create_condition, erase_tree, op_region, region_is_ancestor, replace_op_values,
    rewrite_pattern, single_block, uses_of, value_region,
};
use crate::ops::{IfOp, WhileOp};
use crate::{IF, WHILE};
use lockstep_ir::{
    BlockId, Context, InsertPoint, LocId, OpId, RegionId, Rewriter, TypeId, ValueId,
};

/// The parts of a well-formed `scf.while` whose counts all agree.
struct WhileParts {
    inits: Vec<ValueId>,
    before_region: RegionId,
    after_region: RegionId,
    before: BlockId,
    after: BlockId,
    cond_op: OpId,
    /// The condition (first operand of `scf.condition`).
    cond: ValueId,
    /// The values `scf.condition` forwards.
    cond_args: Vec<ValueId>,
    yielded: Vec<ValueId>,
    before_args: Vec<ValueId>,
    after_args: Vec<ValueId>,
    results: Vec<ValueId>,
}

fn while_parts(ctx: &Context, op: OpId) -> Option<WhileParts> {
    let w = WhileOp::from_op(ctx, op)?;
    let (before_region, after_region) = (w.before(ctx)?, w.after(ctx)?);
    let before = single_block(ctx, before_region)?;
    let after = single_block(ctx, after_region)?;
    let cond_op = w.condition_op(ctx)?;
    let yield_op = w.yield_op(ctx)?;
    let (&cond, cond_args) = ctx.operands(cond_op).split_first()?;
    let p = WhileParts {
        inits: w.inits(ctx).to_vec(),
        before_region,
        after_region,
        before,
        after,
        cond_op,
        cond,
        cond_args: cond_args.to_vec(),
        yielded: ctx.operands(yield_op).to_vec(),
        before_args: ctx.block_args(before).to_vec(),
        after_args: ctx.block_args(after).to_vec(),
        results: ctx.results(op).to_vec(),
    };
    let ok = p.before_args.len() == p.inits.len()
        && p.yielded.len() == p.inits.len()
        && p.cond_args.len() == p.results.len()
        && p.after_args.len() == p.results.len();
    ok.then_some(p)
}

fn types_of(ctx: &Context, vals: &[ValueId]) -> Vec<TypeId> {
    vals.iter().map(|&v| ctx.value_type(v)).collect()
}

/// A block at the end of `region` with one argument per `(type, loc)`.
fn block_with_args(rw: &mut Rewriter<'_>, region: RegionId, args: &[(TypeId, LocId)]) -> BlockId {
    let b = rw.create_block(region, &[], None);
    for &(t, l) in args {
        rw.add_block_arg(b, t, Some(l));
    }
    b
}

/// MLIR's `WhileOp::build` with (null) body builders: a before block taking
/// the inits (located at them) and an after block taking the results
/// (located at the op), both empty.
fn create_while_with_blocks(
    rw: &mut Rewriter<'_>,
    loc: LocId,
    result_types: &[TypeId],
    inits: &[ValueId],
) -> (OpId, BlockId, BlockId) {
    let ctx = rw.ctx();
    let before_args: Vec<_> = inits
        .iter()
        .map(|&v| (ctx.value_type(v), ctx.value_loc(v)))
        .collect();
    let after_args: Vec<_> = result_types.iter().map(|&t| (t, loc)).collect();
    let (before_r, after_r) = (rw.new_region(), rw.new_region());
    let before = block_with_args(rw, before_r, &before_args);
    let after = block_with_args(rw, after_r, &after_args);
    let op = create(rw, &WHILE, loc, inits, result_types, &[before_r, after_r]);
    (op, before, after)
}

/// MLIR's ODS `WhileOp` builder: no blocks.
fn create_while(
    rw: &mut Rewriter<'_>,
    loc: LocId,
    result_types: &[TypeId],
    inits: &[ValueId],
) -> (OpId, RegionId, RegionId) {
    let (before_r, after_r) = (rw.new_region(), rw.new_region());
    let op = create(rw, &WHILE, loc, inits, result_types, &[before_r, after_r]);
    (op, before_r, after_r)
}

/// `replaceOpWithNewOp<ConditionOp>(cond_op, cond, args)`.
fn replace_condition(rw: &mut Rewriter<'_>, old: OpId, cond: ValueId, args: &[ValueId]) {
    let loc = rw.ctx().loc(old);
    rw.set_insertion_point_before(old);
    create_condition(rw, cond, args, loc);
    erase_tree(rw, old);
}

pub(crate) struct WhileConditionTruth;

rewrite_pattern!(
    WhileConditionTruth,
    "WhileConditionTruth",
    &WHILE,
    while_parts => while_condition_truth
);

fn while_condition_truth(op: OpId, rw: &mut Rewriter<'_>, p: WhileParts) -> bool {
    let loc = rw.ctx().loc(op);
    let mut c_true: Option<ValueId> = None;
    let mut replaced = false;
    for (&v, &a) in p.cond_args.iter().zip(&p.after_args) {
        if v != p.cond || !rw.ctx().has_uses(a) {
            continue;
        }
        let c = match c_true {
            Some(c) => c,
            None => {
                let ty = rw.ctx().value_type(p.cond);
                let attr = rw.ctx().bool_attr(true);
                let c = lockstep_arith::build_constant(rw, attr, ty, loc);
                let c = rw.ctx().result(c, 0);
                c_true = Some(c);
                c
            }
        };
        rw.replace_all_uses_with(a, c);
        replaced = true;
    }
    replaced
}

pub(crate) struct WhileCmpCond;

rewrite_pattern!(WhileCmpCond, "WhileCmpCond", &WHILE, while_parts => while_cmp_cond);

fn while_cmp_cond(_op: OpId, rw: &mut Rewriter<'_>, p: WhileParts) -> bool {
    let ctx = rw.ctx();
    let Some(cmp) = ctx
        .defining_op(p.cond)
        .and_then(|o| lockstep_arith::CmpIOp::cast(ctx, o))
    else {
        return false;
    };
    let Some(pred) = cmp.predicate(ctx) else {
        return false;
    };
    let cmp_ops = [cmp.lhs(ctx), cmp.rhs(ctx)];
    let mut changed = false;
    for (&v, &a) in p.cond_args.iter().zip(&p.after_args) {
        for idx in 0..2 {
            if v != cmp_ops[idx] {
                continue;
            }
            for (user, _) in uses_of(rw.ctx(), a) {
                let ctx = rw.ctx();
                if !ctx.is_live_op(user) {
                    continue;
                }
                let Some(cmp2) = lockstep_arith::CmpIOp::cast(ctx, user) else {
                    continue;
                };
                let other = if idx == 0 {
                    cmp2.rhs(ctx)
                } else {
                    cmp2.lhs(ctx)
                };
                if other != cmp_ops[1 - idx] {
                    continue;
                }
                let Some(pred2) = cmp2.predicate(ctx) else {
                    continue;
                };
                let same = if pred2 == pred {
                    true
                } else if pred2 == pred.invert() {
                    false
                } else {
                    continue;
                };
                // Created at the insertion point, in front of the loop.
                let loc = ctx.loc(user);
                let (attr, i1) = (ctx.bool_attr(same), ctx.common.i1);
                let c = lockstep_arith::build_constant(rw, attr, i1, loc);
                let c = rw.ctx().result(c, 0);
                replace_op_values(rw, user, &[c]);
                changed = true;
            }
        }
    }
    changed
}

pub(crate) struct WhileOpAlignBeforeArgs;

rewrite_pattern!(
    WhileOpAlignBeforeArgs,
    "WhileOpAlignBeforeArgs",
    &WHILE,
    while_parts => while_op_align_before_args
);

fn while_op_align_before_args(op: OpId, rw: &mut Rewriter<'_>, p: WhileParts) -> bool {
    let ctx = rw.ctx();
    if p.before_args == p.cond_args {
        return false;
    }
    let n = p.cond_args.len();
    for i in 0..n {
        if p.cond_args[..i].contains(&p.cond_args[i]) {
            return false;
        }
    }
    if p.before_args.len() != n {
        return false;
    }
    // mapping[term index] = before index.
    let mut mapping = vec![0usize; n];
    for (i, a) in p.before_args.iter().enumerate() {
        let Some(j) = p.cond_args.iter().position(|v| v == a) else {
            return false;
        };
        mapping[j] = i;
    }
    let loc = ctx.loc(op);
    let mut new_types: Vec<TypeId> = vec![ctx.value_type(p.before_args[0]); n];
    for (t, &b) in mapping.iter().enumerate() {
        new_types[b] = ctx.value_type(p.results[t]);
    }
    replace_condition(rw, p.cond_op, p.cond, &p.before_args);
    rw.set_insertion_point_before(op);
    let (new_while, new_before, new_after) =
        create_while_with_blocks(rw, loc, &new_types, &p.inits);
    let fresh_after = rw.ctx().block_args(new_after).to_vec();
    let fresh_res = rw.ctx().results(new_while).to_vec();
    let results: Vec<ValueId> = mapping.iter().map(|&b| fresh_res[b]).collect();
    let after_map: Vec<ValueId> = mapping.iter().map(|&b| fresh_after[b]).collect();
    let before_args = rw.ctx().block_args(new_before).to_vec();
    rw.inline_block(p.before, InsertPoint::BlockStart(new_before), &before_args);
    rw.inline_block(p.after, InsertPoint::BlockStart(new_after), &after_map);
    replace_op_values(rw, op, &results);
    true
}

pub(crate) struct WhileMoveIfDown;

rewrite_pattern!(WhileMoveIfDown, "WhileMoveIfDown", &WHILE, while_parts => while_move_if_down);

fn while_move_if_down(op: OpId, rw: &mut Rewriter<'_>, p: WhileParts) -> bool {
    let ctx = rw.ctx();
    let Some(if_op) = ctx.prev_op(p.cond_op).filter(|&o| ctx.isa(o, &IF)) else {
        return false;
    };
    let v = IfOp(if_op);
    if v.condition(ctx) != Some(p.cond) {
        return false;
    }
    let else_block = v.else_block(ctx);
    if else_block.is_some_and(|b| ctx.first_op(b) != ctx.last_op(b)) {
        return false;
    }
    let (Some(then_region), Some(then_block), Some(then_yield)) =
        (v.then_region(ctx), v.then_block(ctx), v.then_yield(ctx))
    else {
        return false;
    };
    let if_results = ctx.results(if_op).to_vec();
    let else_yield = v.else_yield(ctx);
    // MLIR asserts (in debug builds only) that nothing but
    // `scf.condition` uses the results; other users, which only IR left
    // invalid by an earlier application can have, lose those operands
    // when the `if` is erased, as MLIR's erasure drops their uses.
    if !if_results.is_empty()
        && (else_yield.is_none()
            || ctx.operands(then_yield).len() != if_results.len()
            || else_yield.is_some_and(|y| ctx.operands(y).len() != if_results.len()))
    {
        return false;
    }
    let loc = ctx.loc(op);
    for idx in 0..p.cond_args.len() {
        let ctx = rw.ctx();
        let arg = ctx.operands(p.cond_op)[1 + idx];
        let Some(k) = if_results.iter().position(|&r| r == arg) else {
            continue;
        };
        let then_v = ctx.operands(then_yield)[k];
        let Some(else_v) = else_yield.map(|y| ctx.operands(y)[k]) else {
            continue;
        };
        rw.replace_all_uses_with(if_results[k], else_v);
        rw.replace_all_uses_with(p.after_args[idx], then_v);
    }

    // Values of the before block the then region uses, in MLIR's
    // (post-order) walk order.
    let ctx = rw.ctx();
    let mut extra: Vec<ValueId> = Vec::new();
    for o in ctx.block_ops(then_block).collect::<Vec<_>>() {
        ctx.walk_post(o, &mut |x| {
            for &u in ctx.operands(x) {
                if value_region(ctx, u) == Some(p.before_region) && !extra.contains(&u) {
                    extra.push(u);
                }
            }
        });
    }
    let extra_types = types_of(ctx, &extra);
    let mut types = types_of(ctx, &p.results);
    types.extend_from_slice(&extra_types);
    rw.set_insertion_point_before(op);
    let (new_while, before_r, after_r) = create_while(rw, loc, &types, &p.inits);
    rw.inline_region_before(p.before_region, before_r, 0);
    rw.inline_region_before(p.after_region, after_r, 0);
    let mut fresh = Vec::new();
    for &t in &extra_types {
        fresh.push(rw.add_block_arg(p.after, t, Some(loc)));
    }
    rw.notify_modified(new_while);
    let mut cond_operands = rw.ctx().operands(p.cond_op).to_vec();
    cond_operands.extend_from_slice(&extra);
    rw.set_operands(p.cond_op, &cond_operands);
    for (&x, &f) in extra.iter().zip(&fresh) {
        for (user, idx) in uses_of(rw.ctx(), x) {
            let ctx = rw.ctx();
            if op_region(ctx, user).is_some_and(|r| region_is_ancestor(ctx, then_region, r)) {
                rw.set_operand(user, idx, f);
            }
        }
    }
    erase_tree(rw, then_yield);
    rw.inline_block(then_block, InsertPoint::BlockStart(p.after), &[]);
    erase_tree(rw, if_op);
    let n = p.results.len();
    let results = rw.ctx().results(new_while)[..n].to_vec();
    replace_op_values(rw, op, &results);
    true
}
