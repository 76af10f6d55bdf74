//! Canonicalization patterns of the `cf` ops, as upstream MLIR 22 has them,
//! in MLIR's order (which decides which of several applicable rewrites
//! wins):
//!
//! - `cf.br`: [`SimplifyPassThroughBr`] (a branch to a block that only
//!   forwards to another one goes there directly). Merging a block into its
//!   single predecessor (MLIR's `SimplifyBrToBlockWithSinglePred`, tried
//!   first by MLIR's `BranchOp::canonicalize`) is the generic
//!   `MergeIntoSinglePredecessor` of the transforms crate, so the pass-through
//!   rewrite leaves such branches to it.
//! - `cf.cond_br`: constant conditions, pass-through successors, identical
//!   successors (with `arith.select` for differing operands when the block
//!   is the destination's only predecessor: MLIR's one pattern is two here,
//!   so that `simplify-cfg` can leave out the select-creating half, see
//!   [`VALUE_CREATING_PATTERNS`]), a condition already decided by
//!   the single predecessor's `cf.cond_br` on the same value, the condition
//!   replaced by `true`/`false` inside single-predecessor successors, and
//!   successors that only hold `ub.unreachable`.
//! - `cf.switch`: only a default, cases equal to the default, constant
//!   flags, pass-through successors, and a flag already decided (or some of
//!   its values excluded) by the single predecessor's `cf.switch` on it.
//! - `cf.assert`: an assertion of `true` is erased.
//!
//! Invariants:
//! - A pattern returns true iff it changed the IR, and changes it only
//!   through the rewriter, so listeners see every insertion and erasure.
//! - A replaced branch is erased after its replacement is inserted before
//!   it, so the block always ends with exactly one terminator afterwards;
//!   like MLIR's `replaceOpWithNewOp`, the new op carries only the
//!   attributes the op's builder sets (`branch_weights` is kept on a
//!   rewritten `cf.cond_br`, discardable attributes are dropped).
//! - Constants are recognised through the `CONSTANT_LIKE` trait and the
//!   op's `value` attribute, whatever dialect defines them; the constants
//!   and selects the patterns create are `arith` ops, as in MLIR.
//! - Pass-through collapsing never follows a chain of `cf.br` that loops
//!   (MLIR's cycle check), so rewriting terminates.

use crate::ops::{
    BrOp, CondBrOp, SwitchOp, build_br, build_cond_br_weighted, build_switch, op_name,
};
use crate::{ASSERT, BR, COND_BR, SWITCH};
use lockstep_ir::fold_util::sext;
use lockstep_ir::{
    BlockId, Context, OpDef, OpId, OperationState, RewritePattern, Rewriter, Traits, ValueId,
};
use rustc_hash::FxHashSet;

/// The integer value of `v` if a constant-like op defines it.
pub fn constant_int(ctx: &Context, v: ValueId) -> Option<i64> {
    let op = ctx.defining_op(v)?;
    if !ctx.has_trait(op, Traits::CONSTANT_LIKE) {
        return None;
    }
    ctx.attr_data(ctx.attr_of(op, "value")?).as_int()
}

/// Replaces the terminator `op` by `cf.br ^dest(operands)`.
fn replace_with_br(rw: &mut Rewriter<'_>, op: OpId, dest: BlockId, operands: &[ValueId]) {
    let loc = rw.ctx().loc(op);
    rw.set_insertion_point_before(op);
    build_br(rw, dest, operands, loc);
    rw.erase_op(op);
}

/// Replaces the switch `op` by one with the same flag and default and the
/// given `(value, dest, operands)` cases.
fn replace_with_switch(
    rw: &mut Rewriter<'_>,
    op: OpId,
    (default, default_ops): (BlockId, &[ValueId]),
    cases: &[(i64, BlockId, Vec<ValueId>)],
) {
    let ctx = rw.ctx();
    let Some(flag) = SwitchOp(op).flag(ctx) else {
        return;
    };
    let loc = ctx.loc(op);
    let cases: Vec<(i64, BlockId, &[ValueId])> = cases
        .iter()
        .map(|(v, d, o)| (*v, *d, o.as_slice()))
        .collect();
    rw.set_insertion_point_before(op);
    build_switch(rw, flag, default, default_ops, &cases, loc);
    rw.erase_op(op);
}

/// The block holding the only predecessor edge of `b` (MLIR's
/// `getSinglePredecessor`: two edges from one block do not count).
fn single_predecessor(ctx: &Context, b: BlockId) -> Option<BlockId> {
    match ctx.block_preds(b) {
        [only] => ctx.parent_block(only.op),
        _ => None,
    }
}

/// The block all predecessor edges of `b` come from, if there is one
/// (MLIR's `getUniquePredecessor`).
fn unique_predecessor(ctx: &Context, b: BlockId) -> Option<BlockId> {
    let mut preds = ctx.block_preds(b).iter().map(|u| ctx.parent_block(u.op));
    let first = preds.next()??;
    preds.all(|p| p == Some(first)).then_some(first)
}

/// The `cf.br` terminating `b`, if any.
fn br_terminator(ctx: &Context, b: BlockId) -> Option<BrOp> {
    BrOp::from_op(ctx, ctx.last_op(b)?)
}

/// MLIR's `collapseBranch`: if `succ` holds nothing but a `cf.br` whose
/// arguments only that branch uses, and which does not start a loop of
/// `cf.br`s, the edge `succ(operands)` may go straight to the branch's
/// destination; returns that destination and the composed operands.
fn collapse_branch(
    ctx: &Context,
    succ: BlockId,
    operands: &[ValueId],
) -> Option<(BlockId, Vec<ValueId>)> {
    let first = ctx.first_op(succ)?;
    if ctx.last_op(succ) != Some(first) {
        return None;
    }
    let br = BrOp::from_op(ctx, first)?;
    let args = ctx.block_args(succ);
    if args
        .iter()
        .any(|&a| ctx.uses(a).iter().any(|u| u.op != first))
    {
        return None;
    }
    // Don't collapse branches to infinite loops, nor branches taking part
    // in a cycle of unconditional branches.
    let dest = br.dest(ctx)?;
    if dest == succ {
        return None;
    }
    let mut visited: FxHashSet<BlockId> = [succ, dest].into_iter().collect();
    let mut next = br_terminator(ctx, dest);
    while let Some(n) = next {
        let d = n.dest(ctx)?;
        if !visited.insert(d) {
            return None;
        }
        next = br_terminator(ctx, d);
    }
    let composed = ctx
        .operands(first)
        .iter()
        .map(|v| match args.iter().position(|a| a == v) {
            Some(k) => operands.get(k).copied(),
            None => Some(*v),
        })
        .collect::<Option<Vec<_>>>()?;
    Some((dest, composed))
}

/// `cf.br ^a; ^a: cf.br ^b(...)` → `cf.br ^b(...)`, unless the branch is
/// the destination's only predecessor (then the blocks merge instead).
struct SimplifyPassThroughBr;

impl RewritePattern for SimplifyPassThroughBr {
    fn name(&self) -> &'static str {
        "SimplifyPassThroughBr"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let br = BrOp(op);
        let Some(dest) = br.dest(ctx) else {
            return false;
        };
        let block = ctx.parent_block(op);
        // MLIR's `BranchOp::canonicalize` merges a single-predecessor
        // destination first; that is `MergeIntoSinglePredecessor`'s job.
        if Some(dest) == block || ctx.block_preds(dest).len() == 1 {
            return false;
        }
        let Some((target, operands)) = collapse_branch(ctx, dest, br.dest_operands(ctx)) else {
            return false;
        };
        replace_with_br(rw, op, target, &operands);
        true
    }
}

/// `cf.cond_br true/false, ^a, ^b` → `cf.br` to the taken destination.
struct SimplifyConstCondBranchPred;

impl RewritePattern for SimplifyConstCondBranchPred {
    fn name(&self) -> &'static str {
        "SimplifyConstCondBranchPred"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&COND_BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let br = CondBrOp(op);
        let Some(c) = br.condition(ctx).and_then(|c| constant_int(ctx, c)) else {
            return false;
        };
        let (dest, operands) = if c != 0 {
            (br.true_dest(ctx), br.true_operands(ctx).to_vec())
        } else {
            (br.false_dest(ctx), br.false_operands(ctx).to_vec())
        };
        let Some(dest) = dest else { return false };
        replace_with_br(rw, op, dest, &operands);
        true
    }
}

/// `cf.cond_br %c, ^a, ^b` where `^a`/`^b` only forward to other blocks →
/// `cf.cond_br %c` to those blocks (weights kept).
struct SimplifyPassThroughCondBranch;

impl RewritePattern for SimplifyPassThroughCondBranch {
    fn name(&self) -> &'static str {
        "SimplifyPassThroughCondBranch"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&COND_BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let br = CondBrOp(op);
        let (Some(cond), Some(t), Some(f)) =
            (br.condition(ctx), br.true_dest(ctx), br.false_dest(ctx))
        else {
            return false;
        };
        let t_ops = br.true_operands(ctx);
        let f_ops = br.false_operands(ctx);
        let ct = collapse_branch(ctx, t, t_ops);
        let cf = collapse_branch(ctx, f, f_ops);
        if ct.is_none() && cf.is_none() {
            return false;
        }
        let (t, t_ops) = ct.unwrap_or_else(|| (t, t_ops.to_vec()));
        let (f, f_ops) = cf.unwrap_or_else(|| (f, f_ops.to_vec()));
        let weights = ctx.attr_of(op, "branch_weights");
        let loc = ctx.loc(op);
        rw.set_insertion_point_before(op);
        build_cond_br_weighted(rw, cond, (t, &t_ops), (f, &f_ops), weights, loc);
        rw.erase_op(op);
        true
    }
}

/// `cf.cond_br %c, ^a(%x), ^a(%x)` → `cf.br ^a(%x)`.
///
/// MLIR's `SimplifyCondBranchIdenticalSuccessors` is split in two here, run
/// one after the other: this part, and [`SimplifyCondBranchToSelect`] for
/// differing operands, which creates `arith.select` ops (and so is left out
/// of `simplify-cfg`).
struct SimplifyCondBranchIdenticalSuccessors;

impl RewritePattern for SimplifyCondBranchIdenticalSuccessors {
    fn name(&self) -> &'static str {
        "SimplifyCondBranchIdenticalSuccessors"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&COND_BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let br = CondBrOp(op);
        let (Some(t), Some(f)) = (br.true_dest(ctx), br.false_dest(ctx)) else {
            return false;
        };
        if t != f || br.true_operands(ctx) != br.false_operands(ctx) {
            return false;
        }
        let operands = br.true_operands(ctx).to_vec();
        replace_with_br(rw, op, t, &operands);
        true
    }
}

/// `cf.cond_br %c, ^a(%x, %y), ^a(%z, %y)`, this block being `^a`'s only
/// predecessor → `cf.br ^a(arith.select %c, %x, %z, %y)`: one select per
/// differing operand pair.
struct SimplifyCondBranchToSelect;

impl RewritePattern for SimplifyCondBranchToSelect {
    fn name(&self) -> &'static str {
        "SimplifyCondBranchToSelect"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&COND_BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let br = CondBrOp(op);
        let (Some(cond), Some(t), Some(f)) =
            (br.condition(ctx), br.true_dest(ctx), br.false_dest(ctx))
        else {
            return false;
        };
        let t_ops = br.true_operands(ctx).to_vec();
        let f_ops = br.false_operands(ctx).to_vec();
        if t != f
            || t_ops == f_ops
            || t_ops.len() != f_ops.len()
            || unique_predecessor(ctx, t) != ctx.parent_block(op)
        {
            return false;
        }
        let loc = ctx.loc(op);
        let select = op_name(ctx, &lockstep_arith::SELECT);
        rw.set_insertion_point_before(op);
        let mut merged = Vec::with_capacity(t_ops.len());
        for (&a, &b) in t_ops.iter().zip(&f_ops) {
            if a == b {
                merged.push(a);
                continue;
            }
            let ty = rw.ctx().value_type(a);
            let st = OperationState::new(select, loc)
                .operands(&[cond, a, b])
                .results(&[ty]);
            let s = rw.create(st);
            merged.push(rw.ctx().result(s, 0));
        }
        replace_with_br(rw, op, t, &merged);
        true
    }
}

/// A `cf.cond_br %c` in a block whose single predecessor ends in a
/// `cf.cond_br %c` → `cf.br` to the side that predecessor's edge decided.
struct SimplifyCondBranchFromCondBranchOnSameCondition;

impl RewritePattern for SimplifyCondBranchFromCondBranchOnSameCondition {
    fn name(&self) -> &'static str {
        "SimplifyCondBranchFromCondBranchOnSameCondition"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&COND_BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let br = CondBrOp(op);
        let Some(block) = ctx.parent_block(op) else {
            return false;
        };
        let Some(pred) = single_predecessor(ctx, block) else {
            return false;
        };
        let Some(pred_br) = ctx.terminator(pred).and_then(|t| CondBrOp::from_op(ctx, t)) else {
            return false;
        };
        if br.condition(ctx).is_none() || br.condition(ctx) != pred_br.condition(ctx) {
            return false;
        }
        let (dest, operands) = if pred_br.true_dest(ctx) == Some(block) {
            (br.true_dest(ctx), br.true_operands(ctx).to_vec())
        } else {
            (br.false_dest(ctx), br.false_operands(ctx).to_vec())
        };
        let Some(dest) = dest else { return false };
        replace_with_br(rw, op, dest, &operands);
        true
    }
}

/// `cf.cond_br %c, ^a, ^b`: inside `^a` (`^b`), when the branch is its only
/// predecessor edge, uses of `%c` by ops of that block become `true`
/// (`false`) constants, created once each in front of the branch.
struct CondBranchTruthPropagation;

impl RewritePattern for CondBranchTruthPropagation {
    fn name(&self) -> &'static str {
        "CondBranchTruthPropagation"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&COND_BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let br = CondBrOp(op);
        let (Some(cond), Some(t), Some(f)) =
            (br.condition(ctx), br.true_dest(ctx), br.false_dest(ctx))
        else {
            return false;
        };
        let loc = ctx.loc(op);
        let mut replaced = false;
        for (dest, value) in [(t, true), (f, false)] {
            if single_predecessor(rw.ctx(), dest).is_none() {
                continue;
            }
            let mut constant: Option<ValueId> = None;
            let uses = rw.ctx().uses(cond).to_vec();
            for u in uses {
                if rw.ctx().parent_block(u.op) != Some(dest) {
                    continue;
                }
                replaced = true;
                let c = match constant {
                    Some(c) => c,
                    None => {
                        rw.set_insertion_point_before(op);
                        let i1 = rw.ctx().common.i1;
                        let attr = rw.ctx().bool_attr(value);
                        let c = lockstep_arith::build_constant(rw, attr, i1, loc);
                        let c = rw.ctx().result(c, 0);
                        constant = Some(c);
                        c
                    }
                };
                rw.set_operand(u.op, u.index as usize, c);
            }
        }
        replaced
    }
}

/// `cf.cond_br` with a successor holding only `ub.unreachable` → `cf.br` to
/// the other successor (the true side is checked first).
struct DropUnreachableCondBranch;

/// Does `b` hold a single `ub.unreachable` op?
fn is_unreachable_block(ctx: &Context, b: BlockId) -> bool {
    match ctx.first_op(b) {
        Some(op) => ctx.last_op(b) == Some(op) && ctx.name_of(op) == "ub.unreachable",
        None => false,
    }
}

impl RewritePattern for DropUnreachableCondBranch {
    fn name(&self) -> &'static str {
        "DropUnreachableCondBranch"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&COND_BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let br = CondBrOp(op);
        let (Some(t), Some(f)) = (br.true_dest(ctx), br.false_dest(ctx)) else {
            return false;
        };
        let (dest, operands) = if is_unreachable_block(ctx, t) {
            (f, br.false_operands(ctx).to_vec())
        } else if is_unreachable_block(ctx, f) {
            (t, br.true_operands(ctx).to_vec())
        } else {
            return false;
        };
        replace_with_br(rw, op, dest, &operands);
        true
    }
}

/// `cf.switch %f : i32, [ default: ^a(%x) ]` → `cf.br ^a(%x)`.
struct SimplifySwitchWithOnlyDefault;

impl RewritePattern for SimplifySwitchWithOnlyDefault {
    fn name(&self) -> &'static str {
        "SimplifySwitchWithOnlyDefault"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&SWITCH)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let sw = SwitchOp(op);
        if sw.num_cases(ctx) != 0 {
            return false;
        }
        let Some(dest) = sw.default_dest(ctx) else {
            return false;
        };
        let operands = sw.default_operands(ctx).to_vec();
        replace_with_br(rw, op, dest, &operands);
        true
    }
}

/// The cases of a well-formed switch as `(value, dest, operands)`.
fn switch_cases(ctx: &Context, sw: SwitchOp) -> Option<Vec<(i64, BlockId, Vec<ValueId>)>> {
    let values = sw.case_values(ctx);
    if values.len() != sw.num_cases(ctx) {
        return None;
    }
    values
        .iter()
        .enumerate()
        .map(|(k, &v)| Some((v, sw.case_dest(ctx, k)?, sw.case_operands(ctx, k).to_vec())))
        .collect()
}

/// The width of a switch's flag, for comparing case values.
fn flag_width(ctx: &Context, sw: SwitchOp) -> u32 {
    sw.flag(ctx)
        .and_then(|f| ctx.type_data(ctx.value_type(f)).int_width())
        .unwrap_or(64)
}

/// Drops the cases of a `cf.switch` that go where the default goes, with
/// the same operands.
struct DropSwitchCasesThatMatchDefault;

impl RewritePattern for DropSwitchCasesThatMatchDefault {
    fn name(&self) -> &'static str {
        "DropSwitchCasesThatMatchDefault"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&SWITCH)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let sw = SwitchOp(op);
        let (Some(_), Some(default)) = (sw.flag(ctx), sw.default_dest(ctx)) else {
            return false;
        };
        let Some(cases) = switch_cases(ctx, sw) else {
            return false;
        };
        let default_ops = sw.default_operands(ctx).to_vec();
        let n = cases.len();
        let kept: Vec<_> = cases
            .into_iter()
            .filter(|(_, d, o)| *d != default || *o != default_ops)
            .collect();
        if kept.len() == n {
            return false;
        }
        replace_with_switch(rw, op, (default, &default_ops), &kept);
        true
    }
}

/// Replaces `sw` by a `cf.br` to the case matching `value`, or to the
/// default (MLIR's `foldSwitch`).
fn fold_switch(rw: &mut Rewriter<'_>, sw: SwitchOp, value: i64) -> bool {
    let ctx = rw.ctx();
    let width = flag_width(ctx, sw);
    let Some(cases) = switch_cases(ctx, sw) else {
        return false;
    };
    let (dest, operands) = match cases
        .into_iter()
        .find(|(v, _, _)| sext(*v, width) == sext(value, width))
    {
        Some((_, d, o)) => (d, o),
        None => match sw.default_dest(ctx) {
            Some(d) => (d, sw.default_operands(ctx).to_vec()),
            None => return false,
        },
    };
    replace_with_br(rw, sw.0, dest, &operands);
    true
}

/// `cf.switch` on a constant flag → `cf.br` to the matching case or default.
struct SimplifyConstSwitchValue;

impl RewritePattern for SimplifyConstSwitchValue {
    fn name(&self) -> &'static str {
        "SimplifyConstSwitchValue"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&SWITCH)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let sw = SwitchOp(op);
        match sw.flag(ctx).and_then(|f| constant_int(ctx, f)) {
            Some(c) => fold_switch(rw, sw, c),
            None => false,
        }
    }
}

/// `cf.switch` successors that only forward to other blocks are bypassed.
struct SimplifyPassThroughSwitch;

impl RewritePattern for SimplifyPassThroughSwitch {
    fn name(&self) -> &'static str {
        "SimplifyPassThroughSwitch"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&SWITCH)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let sw = SwitchOp(op);
        let (Some(_), Some(default)) = (sw.flag(ctx), sw.default_dest(ctx)) else {
            return false;
        };
        let Some(mut cases) = switch_cases(ctx, sw) else {
            return false;
        };
        let mut changed = false;
        for (_, dest, operands) in cases.iter_mut() {
            if let Some((d, o)) = collapse_branch(ctx, *dest, operands) {
                (*dest, *operands) = (d, o);
                changed = true;
            }
        }
        let mut default_ops = sw.default_operands(ctx).to_vec();
        let mut default = default;
        if let Some((d, o)) = collapse_branch(ctx, default, &default_ops) {
            (default, default_ops) = (d, o);
            changed = true;
        }
        if !changed {
            return false;
        }
        replace_with_switch(rw, op, (default, &default_ops), &cases);
        true
    }
}

/// The single predecessor of `op`'s block, if it ends in a `cf.switch` on
/// `op`'s flag: (that switch, `op`'s block).
fn switch_on_same_flag(ctx: &Context, sw: SwitchOp) -> Option<(SwitchOp, BlockId)> {
    let block = ctx.parent_block(sw.0)?;
    let pred = single_predecessor(ctx, block)?;
    let pred_sw = SwitchOp::from_op(ctx, ctx.terminator(pred)?)?;
    let flag = sw.flag(ctx)?;
    (pred_sw.flag(ctx) == Some(flag)).then_some((pred_sw, block))
}

/// A `cf.switch %f` reached only through a case of a `cf.switch %f` → `cf.br`
/// to where that case value goes.
struct SimplifySwitchFromSwitchOnSameCondition;

impl RewritePattern for SimplifySwitchFromSwitchOnSameCondition {
    fn name(&self) -> &'static str {
        "SimplifySwitchFromSwitchOnSameCondition"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&SWITCH)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let sw = SwitchOp(op);
        let Some((pred_sw, block)) = switch_on_same_flag(ctx, sw) else {
            return false;
        };
        if pred_sw.default_dest(ctx) == Some(block) {
            return false;
        }
        let Some(pred_cases) = switch_cases(ctx, pred_sw) else {
            return false;
        };
        match pred_cases.iter().find(|(_, d, _)| *d == block) {
            Some(&(v, _, _)) => fold_switch(rw, sw, v),
            None => match sw.default_dest(ctx) {
                Some(d) => {
                    let operands = sw.default_operands(ctx).to_vec();
                    replace_with_br(rw, op, d, &operands);
                    true
                }
                None => false,
            },
        }
    }
}

/// A `cf.switch %f` reached only through the default of a `cf.switch %f`
/// loses the cases whose values that switch sends elsewhere.
struct SimplifySwitchFromDefaultSwitchOnSameCondition;

impl RewritePattern for SimplifySwitchFromDefaultSwitchOnSameCondition {
    fn name(&self) -> &'static str {
        "SimplifySwitchFromDefaultSwitchOnSameCondition"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&SWITCH)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let sw = SwitchOp(op);
        let Some((pred_sw, block)) = switch_on_same_flag(ctx, sw) else {
            return false;
        };
        let Some(default) = sw.default_dest(ctx) else {
            return false;
        };
        if pred_sw.default_dest(ctx) != Some(block) {
            return false;
        }
        let (Some(pred_cases), Some(cases)) = (switch_cases(ctx, pred_sw), switch_cases(ctx, sw))
        else {
            return false;
        };
        let width = flag_width(ctx, sw);
        let removed: FxHashSet<i64> = pred_cases
            .iter()
            .filter(|(_, d, _)| *d != block)
            .map(|(v, _, _)| sext(*v, width))
            .collect();
        let n = cases.len();
        let kept: Vec<_> = cases
            .into_iter()
            .filter(|(v, _, _)| !removed.contains(&sext(*v, width)))
            .collect();
        if kept.len() == n {
            return false;
        }
        let default_ops = sw.default_operands(ctx).to_vec();
        replace_with_switch(rw, op, (default, &default_ops), &kept);
        true
    }
}

/// `cf.assert true, "..."` can never fire: erase it.
struct EraseTrueAssert;

impl RewritePattern for EraseTrueAssert {
    fn name(&self) -> &'static str {
        "EraseTrueAssert"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&ASSERT)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        match ctx.operands(op).first().and_then(|&c| constant_int(ctx, c)) {
            Some(c) if c != 0 => {
                rw.erase_op(op);
                true
            }
            _ => false,
        }
    }
}

/// The patterns that create value-producing ops (`arith.select`,
/// `arith.constant`) rather than only rewriting branches; `simplify-cfg`
/// leaves them out.
pub const VALUE_CREATING_PATTERNS: &[&str] =
    &["SimplifyCondBranchToSelect", "CondBranchTruthPropagation"];

pub(crate) static BR_PATTERNS: &[&dyn RewritePattern] = &[&SimplifyPassThroughBr];
pub(crate) static COND_BR_PATTERNS: &[&dyn RewritePattern] = &[
    &SimplifyConstCondBranchPred,
    &SimplifyPassThroughCondBranch,
    &SimplifyCondBranchIdenticalSuccessors,
    &SimplifyCondBranchToSelect,
    &SimplifyCondBranchFromCondBranchOnSameCondition,
    &CondBranchTruthPropagation,
    &DropUnreachableCondBranch,
];
pub(crate) static SWITCH_PATTERNS: &[&dyn RewritePattern] = &[
    &SimplifySwitchWithOnlyDefault,
    &DropSwitchCasesThatMatchDefault,
    &SimplifyConstSwitchValue,
    &SimplifyPassThroughSwitch,
    &SimplifySwitchFromSwitchOnSameCondition,
    &SimplifySwitchFromDefaultSwitchOnSameCondition,
];
pub(crate) static ASSERT_PATTERNS: &[&dyn RewritePattern] = &[&EraseTrueAssert];
