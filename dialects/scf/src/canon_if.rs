//! Canonicalization patterns of `scf.if`, as MLIR 22 registers them
//! (`IfOp::getCanonicalizationPatterns`), preceded by MLIR's `IfOp::fold`
//! (which the greedy driver tries before any pattern):
//!
//! - [`FoldNegatedCondition`]: `scf.if (xori %c, true)` with an else region
//!   swaps its regions and tests `%c`;
//! - [`CombineIfs`]: an `scf.if` right after one on the same (or the
//!   negated) condition is merged into it;
//! - [`CombineNestedIfs`]: an `scf.if` whose then block only holds another
//!   `scf.if` (and whose else blocks only yield) tests `arith.andi` of both
//!   conditions, with `arith.select` for values the outer if yields from
//!   outside;
//! - [`ConditionPropagation`]: uses of the condition inside the then (else)
//!   region become `true` (`false`);
//! - [`ConvertTrivialIfToSelect`]: results yielded from outside both
//!   regions become `arith.select` (or the value itself when both agree);
//! - [`RemoveEmptyElseBranch`], [`RemoveStaticCondition`],
//!   [`RemoveUnusedResults`];
//! - [`ReplaceIfYieldWithConditionOrValue`]: results yielding the same value
//!   on both sides, or `true`/`false` (`false`/`true`), become that value, the
//!   condition (its negation).

use crate::canonicalize::{
    block_fits, block_terminator, constant_bool, create, create_yield, erase_tree, has_single_op,
    is_constant, negated, op_region, region_is_ancestor, replace_op_values, replace_op_with_block,
    replace_uses_silently, rewrite_pattern, single_block, uses_of, value_region,
};
use crate::ops::IfOp;
use crate::{IF, YIELD};
use lockstep_ir::{BlockId, Context, OpId, OperationState, RegionId, Rewriter, ValueId};

/// The parts of a well-formed `scf.if`: condition, regions, blocks and
/// yields, the yields carrying one value per result. `else_block` and
/// `else_yield` are `None` for an empty else region (then the op has no
/// results).
struct IfParts {
    cond: ValueId,
    then_region: RegionId,
    else_region: RegionId,
    then_block: BlockId,
    then_yield: OpId,
    else_block: Option<BlockId>,
    else_yield: Option<OpId>,
}

fn if_parts(ctx: &Context, op: OpId) -> Option<IfParts> {
    let v = IfOp::from_op(ctx, op)?;
    let cond = v.condition(ctx)?;
    let then_region = v.then_region(ctx)?;
    let else_region = v.else_region(ctx)?;
    let then_block = single_block(ctx, then_region)?;
    let then_yield = block_terminator(ctx, then_block, &YIELD)?;
    let n = ctx.results(op).len();
    if ctx.operands(then_yield).len() != n {
        return None;
    }
    let (else_block, else_yield) = match ctx.region_blocks(else_region) {
        [] if n == 0 => (None, None),
        [b] => {
            let y = block_terminator(ctx, *b, &YIELD)?;
            if ctx.operands(y).len() != n {
                return None;
            }
            (Some(*b), Some(y))
        }
        _ => return None,
    };
    Some(IfParts {
        cond,
        then_region,
        else_region,
        then_block,
        then_yield,
        else_block,
        else_yield,
    })
}

/// Creates `arith.constant true/false` at the insertion point.
fn bool_constant(rw: &mut Rewriter<'_>, value: bool, loc: lockstep_ir::LocId) -> ValueId {
    let (attr, i1) = (rw.ctx().bool_attr(value), rw.ctx().common.i1);
    let c = lockstep_arith::build_constant(rw, attr, i1, loc);
    rw.ctx().result(c, 0)
}

/// Creates `arith.select %c, %t, %f` at the insertion point.
fn select(
    rw: &mut Rewriter<'_>,
    c: ValueId,
    t: ValueId,
    f: ValueId,
    loc: lockstep_ir::LocId,
) -> ValueId {
    let ty = rw.ctx().value_type(t);
    let s = create(rw, &lockstep_arith::SELECT, loc, &[c, t, f], &[ty], &[]);
    rw.ctx().result(s, 0)
}

/// MLIR's `IfOp::fold`: `scf.if (xori %c, true)` with an else region tests
/// `%c` with its regions swapped. An in-place fold, so the op is announced
/// as modified.
pub(crate) struct FoldNegatedCondition;

rewrite_pattern!(
    FoldNegatedCondition,
    "IfOpFold",
    &IF,
    fold_negated_condition
);

fn fold_negated_condition(op: OpId, rw: &mut Rewriter<'_>) -> bool {
    let ctx = rw.ctx();
    let v = IfOp(op);
    let (Some(cond), Some(then_r), Some(else_r)) =
        (v.condition(ctx), v.then_region(ctx), v.else_region(ctx))
    else {
        return false;
    };
    let else_blocks = ctx.region_blocks(else_r).to_vec();
    let Some(&then_block) = ctx.region_blocks(then_r).first() else {
        return false;
    };
    if else_blocks.is_empty() {
        return false;
    }
    let Some(x) = negated(ctx, cond) else {
        return false;
    };
    rw.set_operand(op, 0, x);
    for (i, b) in else_blocks.into_iter().enumerate() {
        rw.move_block(b, then_r, i);
    }
    rw.move_block(then_block, else_r, 0);
    rw.notify_modified(op);
    true
}

/// Merges an `scf.if` into the `scf.if` right before it when both test the
/// same condition (or one tests its negation).
pub(crate) struct CombineIfs;

rewrite_pattern!(CombineIfs, "CombineIfs", &IF, combine_ifs);

fn combine_ifs(next: OpId, rw: &mut Rewriter<'_>) -> bool {
    let ctx = rw.ctx();
    let Some(prev) = ctx.prev_op(next).filter(|&p| ctx.isa(p, &IF)) else {
        return false;
    };
    let (Some(np), Some(pp)) = (if_parts(ctx, next), if_parts(ctx, prev)) else {
        return false;
    };
    // The blocks of `next` that run when `prev`'s condition is true
    // (false); `None` when there is none.
    let (mut next_then, mut next_else) = (None, None);
    if np.cond == pp.cond {
        next_then = Some(np.then_block);
        next_else = np.else_block;
    }
    if negated(ctx, np.cond) == Some(pp.cond) || negated(ctx, pp.cond) == Some(np.cond) {
        next_else = Some(np.then_block);
        if np.else_block.is_some() {
            next_then = np.else_block;
        }
    }
    if next_then.is_none() && next_else.is_none() {
        return false;
    }
    let (Some(_block), loc) = (ctx.parent_block(next), ctx.loc(next)) else {
        return false;
    };

    // Uses of `prev`'s results inside `next` see the yielded values.
    let prev_results = ctx.results(prev).to_vec();
    let prev_then_vals = ctx.operands(pp.then_yield).to_vec();
    let prev_else_vals = pp
        .else_yield
        .map_or_else(Vec::new, |y| ctx.operands(y).to_vec());
    let then_home = next_then.and_then(|b| ctx.block_parent(b));
    let else_home = next_else.and_then(|b| ctx.block_parent(b));
    for ((&r, &t), &e) in prev_results
        .iter()
        .zip(&prev_then_vals)
        .zip(&prev_else_vals)
    {
        for (user, idx) in uses_of(rw.ctx(), r) {
            let ctx = rw.ctx();
            let Some(ur) = op_region(ctx, user) else {
                continue;
            };
            if then_home.is_some_and(|h| region_is_ancestor(ctx, h, ur)) {
                rw.set_operand(user, idx, t);
            } else if else_home.is_some_and(|h| region_is_ancestor(ctx, h, ur)) {
                rw.set_operand(user, idx, e);
            }
        }
    }

    let ctx = rw.ctx();
    let mut types: Vec<_> = prev_results.iter().map(|&r| ctx.value_type(r)).collect();
    types.extend(ctx.results(next).iter().map(|&r| ctx.value_type(r)));
    let (then_r, else_r) = (rw.new_region(), rw.new_region());
    rw.set_insertion_point_before(next);
    let combined = create(rw, &IF, loc, &[pp.cond], &types, &[then_r, else_r]);
    rw.inline_region_before(pp.then_region, then_r, 0);
    if let Some(nt) = next_then {
        merge_into(rw, nt, pp.then_block, pp.then_yield);
    }
    rw.inline_region_before(pp.else_region, else_r, 0);
    if let Some(ne) = next_else {
        match (pp.else_block, pp.else_yield) {
            (Some(eb), Some(ey)) => merge_into(rw, ne, eb, ey),
            _ => {
                if let Some(home) = rw.ctx().block_parent(ne) {
                    rw.inline_region_before(home, else_r, 0);
                }
            }
        }
    }
    let results = rw.ctx().results(combined).to_vec();
    let n_prev = prev_results.len();
    replace_op_values(rw, prev, &results[..n_prev]);
    replace_op_values(rw, next, &results[n_prev..]);
    true
}

/// Appends the ops of `src` to `dest` (ending in `dest_yield`) and yields
/// what both yielded, as `CombineIfs` does.
fn merge_into(rw: &mut Rewriter<'_>, src: BlockId, dest: BlockId, dest_yield: OpId) {
    let Some(src_yield) = rw.ctx().last_op(src) else {
        return;
    };
    rw.merge_blocks(src, dest, &[]);
    rw.set_insertion_point_to_end(dest);
    let mut vals = rw.ctx().operands(dest_yield).to_vec();
    vals.extend_from_slice(rw.ctx().operands(src_yield));
    let loc = rw.ctx().loc(src_yield);
    create_yield(rw, &vals, loc);
    erase_tree(rw, dest_yield);
    erase_tree(rw, src_yield);
}

/// `scf.if %a { scf.if %b { ... } }` → `scf.if (arith.andi %a, %b) { ... }`.
pub(crate) struct CombineNestedIfs;

rewrite_pattern!(CombineNestedIfs, "CombineNestedIfs", &IF, if_parts => combine_nested_ifs);

fn combine_nested_ifs(op: OpId, rw: &mut Rewriter<'_>, p: IfParts) -> bool {
    let ctx = rw.ctx();
    // The nested `if` must be the only op besides the terminator.
    let Some(nested) = ctx.first_op(p.then_block) else {
        return false;
    };
    if ctx.next_op(nested) != Some(p.then_yield) {
        return false;
    }
    if p.else_block.is_some_and(|b| !has_single_op(ctx, b)) {
        return false;
    }
    if !ctx.isa(nested, &IF) {
        return false;
    }
    let Some(np) = if_parts(ctx, nested) else {
        return false;
    };
    if np.else_block.is_some_and(|b| !has_single_op(ctx, b)) {
        return false;
    }
    let mut then_vals = ctx.operands(p.then_yield).to_vec();
    let else_vals = p
        .else_yield
        .map_or_else(Vec::new, |y| ctx.operands(y).to_vec());
    let mut to_select = Vec::new();
    for (i, v) in then_vals.clone().into_iter().enumerate() {
        if ctx.defining_op(v) == Some(nested) {
            let Some(k) = ctx.results(nested).iter().position(|&r| r == v) else {
                return false;
            };
            let Some(ney) = np.else_yield else {
                return false;
            };
            if else_vals.get(i) != Some(&ctx.operands(ney)[k]) {
                return false;
            }
            then_vals[i] = ctx.operands(np.then_yield)[k];
            continue;
        }
        if value_region(ctx, v) == Some(p.then_region) {
            return false;
        }
        if i >= else_vals.len() {
            return false;
        }
        to_select.push(i);
    }

    let loc = ctx.loc(op);
    let types: Vec<_> = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
    let new_cond = lockstep_arith::build_binary(rw, &lockstep_arith::ANDI, p.cond, np.cond, loc);
    let (then_r, else_r) = (rw.new_region(), rw.new_region());
    let new_if = create(rw, &IF, loc, &[new_cond], &types, &[then_r, else_r]);
    let new_block = rw.create_block(then_r, &[], None);
    let mut results = rw.ctx().results(new_if).to_vec();
    rw.set_insertion_point_before(new_if);
    for i in to_select {
        results[i] = select(rw, p.cond, then_vals[i], else_vals[i], loc);
    }
    rw.merge_blocks(np.then_block, new_block, &[]);
    rw.set_insertion_point_to_end(new_block);
    // The nested `if`'s yield, now ending the new block.
    let old_yield = np.then_yield;
    let yield_loc = rw.ctx().loc(old_yield);
    create_yield(rw, &then_vals, yield_loc);
    erase_tree(rw, old_yield);
    if !else_vals.is_empty() {
        let eb = rw.create_block(else_r, &[], None);
        rw.set_insertion_point_to_end(eb);
        create_yield(rw, &else_vals, loc);
    }
    replace_op_values(rw, op, &results);
    true
}

/// Uses of the condition inside the then (else) region become `true`
/// (`false`) constants, created once each in front of the op.
pub(crate) struct ConditionPropagation;

/// Which region of `if_op` (then, else, or neither) holds region `r`,
/// looking no further out than `end`.
fn branch_of(ctx: &Context, p: &IfParts, mut r: RegionId, end: Option<RegionId>) -> Option<bool> {
    loop {
        if Some(r) == end {
            return None;
        }
        if r == p.then_region {
            return Some(true);
        }
        if r == p.else_region {
            return Some(false);
        }
        r = crate::canonicalize::parent_region(ctx, r)?;
    }
}

rewrite_pattern!(
    ConditionPropagation,
    "ConditionPropagation",
    &IF,
    if_parts => condition_propagation
);

fn condition_propagation(op: OpId, rw: &mut Rewriter<'_>, p: IfParts) -> bool {
    let ctx = rw.ctx();
    if is_constant(ctx, p.cond) {
        return false;
    }
    let end = value_region(ctx, p.cond);
    let loc = ctx.loc(op);
    let (mut c_true, mut c_false): (Option<ValueId>, Option<ValueId>) = (None, None);
    let mut changed = false;
    for (user, idx) in uses_of(ctx, p.cond) {
        let ctx = rw.ctx();
        let Some(ur) = op_region(ctx, user) else {
            continue;
        };
        let Some(side) = branch_of(ctx, &p, ur, end) else {
            continue;
        };
        changed = true;
        let slot = if side { &mut c_true } else { &mut c_false };
        let c = match *slot {
            Some(c) => c,
            None => {
                let c = bool_constant(rw, side, loc);
                *slot = Some(c);
                c
            }
        };
        rw.set_operand(user, idx, c);
    }
    changed
}

/// Results yielded from outside the regions become `arith.select`s; the
/// op keeps only the other results.
pub(crate) struct ConvertTrivialIfToSelect;

rewrite_pattern!(
    ConvertTrivialIfToSelect,
    "ConvertTrivialIfToSelect",
    &IF,
    if_parts => convert_trivial_if_to_select
);

fn convert_trivial_if_to_select(op: OpId, rw: &mut Rewriter<'_>, p: IfParts) -> bool {
    let ctx = rw.ctx();
    let n = ctx.results(op).len();
    if n == 0 {
        return false;
    }
    let Some(else_yield) = p.else_yield else {
        return false;
    };
    let then_vals = ctx.operands(p.then_yield).to_vec();
    let else_vals = ctx.operands(else_yield).to_vec();
    let inside = |ctx: &Context, t: ValueId, f: ValueId| {
        value_region(ctx, t) == Some(p.then_region) || value_region(ctx, f) == Some(p.else_region)
    };
    let kept: Vec<_> = then_vals
        .iter()
        .zip(&else_vals)
        .filter(|&(&t, &f)| inside(ctx, t, f))
        .map(|(&t, _)| ctx.value_type(t))
        .collect();
    if kept.len() == n {
        return false;
    }
    let loc = ctx.loc(op);
    let (then_r, else_r) = (rw.new_region(), rw.new_region());
    let replacement = create(rw, &IF, loc, &[p.cond], &kept, &[then_r, else_r]);
    rw.inline_region_before(p.then_region, then_r, 0);
    rw.inline_region_before(p.else_region, else_r, 0);
    rw.set_insertion_point_before(replacement);
    let mut results = Vec::with_capacity(n);
    let (mut true_yields, mut false_yields) = (Vec::new(), Vec::new());
    for (&t, &f) in then_vals.iter().zip(&else_vals) {
        let ctx = rw.ctx();
        if value_region(ctx, t) == Some(then_r) || value_region(ctx, f) == Some(else_r) {
            results.push(ctx.result(replacement, true_yields.len()));
            true_yields.push(t);
            false_yields.push(f);
        } else if t == f {
            results.push(t);
        } else {
            results.push(select(rw, p.cond, t, f, loc));
        }
    }
    for (block, old, vals) in [
        (p.then_block, p.then_yield, true_yields),
        (
            p.else_block.unwrap_or(p.then_block),
            else_yield,
            false_yields,
        ),
    ] {
        rw.set_insertion_point_to_end(block);
        let yloc = rw.ctx().loc(old);
        create_yield(rw, &vals, yloc);
        erase_tree(rw, old);
    }
    replace_op_values(rw, op, &results);
    true
}

/// Drops an else region that only yields, when the op has no results: the
/// op is rebuilt without it.
pub(crate) struct RemoveEmptyElseBranch;

rewrite_pattern!(
    RemoveEmptyElseBranch,
    "RemoveEmptyElseBranch",
    &IF,
    remove_empty_else_branch
);

fn remove_empty_else_branch(op: OpId, rw: &mut Rewriter<'_>) -> bool {
    let ctx = rw.ctx();
    if !ctx.results(op).is_empty() {
        return false;
    }
    let v = IfOp(op);
    let (Some(then_region), Some(else_block)) = (v.then_region(ctx), v.else_block(ctx)) else {
        return false;
    };
    if !has_single_op(ctx, else_block) {
        return false;
    }
    // `cloneWithoutRegions`: same operands and attributes, empty regions.
    let mut st = OperationState::new(crate::canonicalize::op_name(ctx, &IF), ctx.loc(op))
        .operands(ctx.operands(op));
    st.attrs = ctx.attrs(op).to_vec();
    let regions: Vec<RegionId> = (0..ctx.regions(op).len())
        .map(|_| rw.new_region())
        .collect();
    let st = st.regions(&regions);
    rw.create(st);
    rw.inline_region_before(then_region, regions[0], 0);
    erase_tree(rw, op);
    true
}

/// `scf.if` on a constant condition → the taken region, inlined (or
/// nothing).
pub(crate) struct RemoveStaticCondition;

rewrite_pattern!(
    RemoveStaticCondition,
    "RemoveStaticCondition",
    &IF,
    remove_static_condition
);

fn remove_static_condition(op: OpId, rw: &mut Rewriter<'_>) -> bool {
    let ctx = rw.ctx();
    let v = IfOp(op);
    let Some(c) = v.condition(ctx).and_then(|c| constant_bool(ctx, c)) else {
        return false;
    };
    let region = if c {
        v.then_region(ctx)
    } else {
        v.else_region(ctx)
    };
    let Some(region) = region else { return false };
    match ctx.region_blocks(region) {
        [] if !c && ctx.results(op).is_empty() => {
            erase_tree(rw, op);
            true
        }
        [b] if block_fits(ctx, op, *b, &[]) => {
            let b = *b;
            replace_op_with_block(rw, op, b, &[]);
            true
        }
        _ => false,
    }
}

/// Results yielding one value on both sides are that value; results
/// yielding `true`/`false` are the condition, `false`/`true` its negation.
/// MLIR replaces these uses behind the listener's back.
pub(crate) struct ReplaceIfYieldWithConditionOrValue;

rewrite_pattern!(
    ReplaceIfYieldWithConditionOrValue,
    "ReplaceIfYieldWithConditionOrValue",
    &IF,
    if_parts => replace_if_yield_with_condition_or_value
);

fn replace_if_yield_with_condition_or_value(op: OpId, rw: &mut Rewriter<'_>, p: IfParts) -> bool {
    let ctx = rw.ctx();
    if ctx.results(op).is_empty() {
        return false;
    }
    let Some(else_yield) = p.else_yield else {
        return false;
    };
    let loc = ctx.loc(op);
    let then_vals = ctx.operands(p.then_yield).to_vec();
    let else_vals = ctx.operands(else_yield).to_vec();
    let results = ctx.results(op).to_vec();
    rw.set_insertion_point_before(op);
    let mut changed = false;
    for ((&t, &f), &r) in then_vals.iter().zip(&else_vals).zip(&results) {
        let ctx = rw.ctx();
        if t == f {
            if ctx.has_uses(r) {
                replace_uses_silently(rw, r, t);
                changed = true;
            }
            continue;
        }
        let (Some(tv), Some(fv)) = (constant_bool(ctx, t), constant_bool(ctx, f)) else {
            continue;
        };
        if !tv && fv && ctx.has_uses(r) {
            let Some(not) = negate(rw, p.cond, t, loc) else {
                continue;
            };
            replace_uses_silently(rw, r, not);
            changed = true;
        }
        if tv && !fv && rw.ctx().has_uses(r) {
            replace_uses_silently(rw, r, p.cond);
            changed = true;
        }
    }
    changed
}

/// `arith.xori %cond, true`, the `true` materialized by the dialect of the
/// constant `like` (as MLIR does).
fn negate(
    rw: &mut Rewriter<'_>,
    cond: ValueId,
    like: ValueId,
    loc: lockstep_ir::LocId,
) -> Option<ValueId> {
    let ctx = rw.ctx();
    let def = ctx.def_of(ctx.defining_op(like)?)?;
    let materialize = ctx
        .registry()
        .dialect(def.dialect())?
        .materialize_constant?;
    let (attr, i1) = (ctx.bool_attr(true), ctx.common.i1);
    let c = materialize(rw, attr, i1, loc)?;
    let c = rw.ctx().result(c, 0);
    Some(lockstep_arith::build_binary(
        rw,
        &lockstep_arith::XORI,
        cond,
        c,
        loc,
    ))
}
