//! Canonicalization patterns of the `cf` ops, as upstream MLIR has them:
//! constant conditions and flags become unconditional branches, a
//! conditional branch to one block with the same operands becomes `cf.br`,
//! switch cases equal to the default are dropped, a switch with only a
//! default becomes `cf.br`, and an assertion of `true` is erased. Merging a
//! block into its single predecessor is left to simplify-cfg, as in MLIR.
//!
//! Invariants:
//! - A pattern returns true iff it changed the IR, and changes it only
//!   through the rewriter, so listeners see every insertion and erasure.
//! - A replaced branch is erased after its replacement is inserted before
//!   it, so the block always ends with exactly one terminator afterwards.
//! - Constants are recognised through the `CONSTANT_LIKE` trait and the
//!   op's `value` attribute, whatever dialect defines them.

use crate::ops::{CondBrOp, SwitchOp, build_br, build_switch};
use crate::{ASSERT, COND_BR, SWITCH};
use lockstep_ir::fold_util::sext;
use lockstep_ir::{BlockId, Context, OpDef, OpId, RewritePattern, Rewriter, Traits, ValueId};

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

/// `cf.cond_br %c, ^a(%x), ^a(%x)` → `cf.br ^a(%x)`.
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
        let Some(flag) = sw.flag(ctx) else {
            return false;
        };
        let Some(c) = constant_int(ctx, flag) else {
            return false;
        };
        let width = ctx
            .type_data(ctx.value_type(flag))
            .int_width()
            .unwrap_or(64);
        let values = sw.case_values(ctx);
        if values.len() != sw.num_cases(ctx) {
            return false;
        }
        let (dest, operands) = match values
            .iter()
            .position(|&v| sext(v, width) == sext(c, width))
        {
            Some(k) => (sw.case_dest(ctx, k), sw.case_operands(ctx, k).to_vec()),
            None => (sw.default_dest(ctx), sw.default_operands(ctx).to_vec()),
        };
        let Some(dest) = dest else { return false };
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
        let (Some(flag), Some(default)) = (sw.flag(ctx), sw.default_dest(ctx)) else {
            return false;
        };
        let values = sw.case_values(ctx);
        if values.len() != sw.num_cases(ctx) {
            return false;
        }
        let default_ops = sw.default_operands(ctx).to_vec();
        let mut kept: Vec<(i64, BlockId, Vec<ValueId>)> = Vec::new();
        for (k, &v) in values.iter().enumerate() {
            let Some(dest) = sw.case_dest(ctx, k) else {
                return false;
            };
            let ops = sw.case_operands(ctx, k);
            if dest != default || ops != default_ops.as_slice() {
                kept.push((v, dest, ops.to_vec()));
            }
        }
        if kept.len() == values.len() {
            return false;
        }
        let loc = ctx.loc(op);
        let cases: Vec<(i64, BlockId, &[ValueId])> = kept
            .iter()
            .map(|(v, d, o)| (*v, *d, o.as_slice()))
            .collect();
        rw.set_insertion_point_before(op);
        build_switch(rw, flag, default, &default_ops, &cases, loc);
        rw.erase_op(op);
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

pub(crate) static BR_PATTERNS: &[&dyn RewritePattern] = &[];
pub(crate) static COND_BR_PATTERNS: &[&dyn RewritePattern] = &[
    &SimplifyConstCondBranchPred,
    &SimplifyCondBranchIdenticalSuccessors,
];
pub(crate) static SWITCH_PATTERNS: &[&dyn RewritePattern] = &[
    &SimplifySwitchWithOnlyDefault,
    &SimplifyConstSwitchValue,
    &DropSwitchCasesThatMatchDefault,
];
pub(crate) static ASSERT_PATTERNS: &[&dyn RewritePattern] = &[&EraseTrueAssert];
