//! Verifiers of the `cf` ops, with upstream MLIR's messages.
//!
//! Invariants:
//! - Verifiers only read the IR and never panic on malformed ops; problems
//!   the generic constraint checker reports (operand segment sizes, attribute
//!   kinds, successor counts) make them return early without a message.
//! - Successor operands are checked against the target blocks' arguments
//!   (count, then types) with MLIR's `BranchOpInterface` messages, which
//!   carry no op prefix; everything else uses MLIR's `'cf.xxx' op ` prefix.

use crate::ops::{case_operand_segments, dense_int_values};
use lockstep_ir::printer::type_to_string;
use lockstep_ir::{AttrData, Context, Diagnostic, OpId, TypeData, TypeId};
use std::fmt::Display;

fn op_error(ctx: &Context, op: OpId, msg: impl Display) -> Diagnostic {
    Diagnostic::error(ctx.loc(op), format!("'{}' op {msg}", ctx.name_of(op)))
}

fn quoted(ctx: &Context, t: TypeId) -> String {
    format!("'{}'", type_to_string(ctx, t))
}

/// Operands forwarded to each successor match its block arguments.
fn verify_successor_operands(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    for (i, &b) in ctx.successors(op).iter().enumerate() {
        let operands = ctx.successor_operands(op, i);
        let args = ctx.block_args(b);
        if operands.len() != args.len() {
            return Err(Diagnostic::error(
                ctx.loc(op),
                format!(
                    "branch has {} operands for successor #{i}, but target block has {}",
                    operands.len(),
                    args.len()
                ),
            ));
        }
        for (j, (&v, &a)) in operands.iter().zip(args).enumerate() {
            if ctx.value_type(v) != ctx.value_type(a) {
                return Err(Diagnostic::error(
                    ctx.loc(op),
                    format!("type mismatch for bb argument #{j} of successor #{i}"),
                ));
            }
        }
    }
    Ok(())
}

pub(crate) fn verify_br(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_successor_operands(ctx, op)
}

pub(crate) fn verify_cond_br(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.operand_groups(op).is_none() {
        return Ok(());
    }
    verify_successor_operands(ctx, op)?;
    // MLIR's WeightedBranchOpInterface.
    if let Some(a) = ctx.attr_of(op, "branch_weights")
        && let AttrData::DenseArray { values, .. } = ctx.attr_data(a)
    {
        let n = ctx.successors(op).len();
        if values.len() != n {
            return Err(Diagnostic::error(
                ctx.loc(op),
                format!(
                    "expects number of branch weights to match number of successors: {} vs {n}",
                    values.len()
                ),
            ));
        }
        if values.iter().all(|&w| w == 0) {
            return Err(Diagnostic::error(
                ctx.loc(op),
                "branch weights cannot all be zero",
            ));
        }
    }
    Ok(())
}

pub(crate) fn verify_switch(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    // The default destination is required (MLIR's AtLeastNSuccessors<1>);
    // without it the printer would write a `default:` with no block.
    if ctx.successors(op).is_empty() {
        return Err(op_error(
            ctx,
            op,
            "requires at least 1 successors but found 0".to_string(),
        ));
    }
    let Some(groups) = ctx.operand_groups(op) else {
        return Ok(());
    };
    let (Some(cases), Some(&flag)) = (groups.get(2), ctx.operands(op).first()) else {
        return Ok(());
    };
    let Some(segments) = case_operand_segments(ctx, op) else {
        return Ok(());
    };
    let total: i64 = segments.iter().sum();
    if segments.iter().any(|&s| s < 0) || total != cases.len() as i64 {
        return Err(op_error(
            ctx,
            op,
            format!(
                "caseOperands count ({}) does not match with the total size ({total}) specified in attribute 'case_operand_segments'",
                cases.len()
            ),
        ));
    }
    let Some(dests) = ctx.successors(op).len().checked_sub(1) else {
        return Ok(());
    };
    if segments.len() != dests {
        // MLIR would index out of bounds here; lockstep reports it.
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects one 'case_operand_segments' entry per case destination, but has {} for {dests}",
                segments.len()
            ),
        ));
    }
    verify_successor_operands(ctx, op)?;
    let case_values = ctx.attr_of(op, "case_values");
    let Some(a) = case_values else {
        if dests == 0 {
            return Ok(());
        }
        return Err(op_error(
            ctx,
            op,
            format!("number of case values (0) should match number of case destinations ({dests})"),
        ));
    };
    let value_ty = match ctx.attr_data(a) {
        AttrData::DenseElements { ty, .. } => match ctx.type_data(*ty) {
            TypeData::Vector { elem, .. } | TypeData::Tensor { elem, .. } => Some(*elem),
            _ => None,
        },
        _ => None,
    };
    let flag_ty = ctx.value_type(flag);
    if let Some(vt) = value_ty
        && vt != flag_ty
    {
        return Err(op_error(
            ctx,
            op,
            format!(
                "'flag' type ({}) should match case value type ({})",
                quoted(ctx, flag_ty),
                quoted(ctx, vt)
            ),
        ));
    }
    let n = dense_int_values(ctx, a).map_or(0, |v| v.len());
    if n != dests {
        return Err(op_error(
            ctx,
            op,
            format!(
                "number of case values ({n}) should match number of case destinations ({dests})"
            ),
        ));
    }
    Ok(())
}
