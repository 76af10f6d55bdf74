//! Verifiers of the `scf` ops, with upstream MLIR's messages.
//!
//! MLIR layers these checks; lockstep keeps its order:
//! - op-level (`verify`, before nested ops): the `SingleBlock` trait (at most
//!   one, non-empty block per region), `NoRegionArguments` of `scf.if`, the
//!   ops' own verifiers and `LoopLikeOpInterface`'s checks of `scf.for`;
//! - region-level (`verify_regions`, after nested ops): the implicit
//!   terminator kind, then the types along every control-flow edge of the
//!   `RegionBranchOpInterface` (parent to region, terminator to successor),
//!   then `scf.for`'s induction-variable check.
//!
//! Invariants: verifiers only read the IR, never panic on malformed ops, and
//! return the first problem found, located at the op (notes point at the
//! terminator involved).

use crate::ops::{ForOp, IfOp, WhileOp, single_block};
use crate::{CONDITION, WHILE, YIELD};
use lockstep_ir::printer::type_to_string;
use lockstep_ir::{Context, Diagnostic, OpDef, OpId, RegionId, TypeId, ValueId};
use std::fmt::Display;

fn op_error(ctx: &Context, op: OpId, msg: impl Display) -> Diagnostic {
    Diagnostic::error(ctx.loc(op), format!("'{}' op {msg}", ctx.name_of(op)))
}

fn quoted(ctx: &Context, t: TypeId) -> String {
    format!("'{}'", type_to_string(ctx, t))
}

fn types_of(ctx: &Context, vals: &[ValueId]) -> Vec<TypeId> {
    vals.iter().map(|&v| ctx.value_type(v)).collect()
}

/// The `SingleBlock` trait: each region has at most one block, and that
/// block is not empty (these ops all need a terminator).
fn verify_single_block(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    for (i, &r) in ctx.regions(op).iter().enumerate() {
        let blocks = ctx.region_blocks(r);
        if blocks.len() > 1 {
            return Err(op_error(
                ctx,
                op,
                format!("expects region #{i} to have 0 or 1 blocks"),
            ));
        }
        if let Some(&b) = blocks.first()
            && ctx.first_op(b).is_none()
        {
            return Err(op_error(ctx, op, "expects a non-empty block"));
        }
    }
    Ok(())
}

/// The `SingleBlockImplicitTerminator<"scf.yield">` trait.
fn verify_yield_terminators(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    for &r in ctx.regions(op) {
        let Some(b) = single_block(ctx, r) else {
            continue;
        };
        let Some(last) = ctx.last_op(b) else { continue };
        if !ctx.isa(last, &YIELD) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects regions to end with 'scf.yield', found '{}'",
                    ctx.name_of(last)
                ),
            )
            .with_note(
                ctx.loc(op),
                "in custom textual format, the absence of terminator implies 'scf.yield'",
            ));
        }
    }
    Ok(())
}

/// One edge of the `RegionBranchOpInterface`: the values `from` (a
/// terminator, or the op itself for `None`) passes must match the inputs of
/// the successor named `to` (`parent` or `Region #k`).
fn verify_edge(
    ctx: &Context,
    op: OpId,
    from: Option<OpId>,
    to: &str,
    operands: &[TypeId],
    inputs: &[TypeId],
) -> Result<(), Diagnostic> {
    let source = match from {
        Some(t) => format!("Operation {}", ctx.name_of(t)),
        None => "parent".to_string(),
    };
    let note_loc = ctx.loc(from.unwrap_or(op));
    let prefix = format!("along control flow edge from {source} to {to}");
    if operands.len() != inputs.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "{prefix}: region branch point has {} operands, but region successor needs {} inputs",
                operands.len(),
                inputs.len()
            ),
        )
        .with_note(note_loc, "region branch point"));
    }
    for (i, (&a, &b)) in operands.iter().zip(inputs).enumerate() {
        if a != b {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "{prefix}: successor operand type #{i} {} should match successor input type #{i} {}",
                    quoted(ctx, a),
                    quoted(ctx, b)
                ),
            )
            .with_note(note_loc, "region branch point"));
        }
    }
    Ok(())
}

/// The terminator of `r` if it is an instance of `def`.
fn terminator(ctx: &Context, r: RegionId, def: &'static OpDef) -> Option<OpId> {
    ctx.last_op(single_block(ctx, r)?)
        .filter(|&t| ctx.isa(t, def))
}

// ----- scf.if -----

pub(crate) fn verify_if(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_single_block(ctx, op)?;
    for (i, &r) in ctx.regions(op).iter().enumerate() {
        if ctx
            .entry_block(r)
            .is_some_and(|b| !ctx.block_args(b).is_empty())
        {
            return Err(op_error(
                ctx,
                op,
                format!("region #{i} should have no arguments"),
            ));
        }
    }
    if !ctx.results(op).is_empty()
        && IfOp(op)
            .else_region(ctx)
            .is_none_or(|r| ctx.region_blocks(r).is_empty())
    {
        return Err(op_error(
            ctx,
            op,
            "must have an else block if defining values",
        ));
    }
    Ok(())
}

pub(crate) fn verify_if_regions(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_yield_terminators(ctx, op)?;
    let results = types_of(ctx, ctx.results(op));
    for &r in ctx.regions(op) {
        if let Some(y) = terminator(ctx, r, &YIELD) {
            verify_edge(
                ctx,
                op,
                Some(y),
                "parent",
                &types_of(ctx, ctx.operands(y)),
                &results,
            )?;
        }
    }
    Ok(())
}

// ----- scf.for -----

pub(crate) fn verify_for(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_single_block(ctx, op)?;
    let f = ForOp(op);
    let inits = f.init_args(ctx);
    let results = ctx.results(op);
    if inits.len() != results.len() {
        return Err(op_error(
            ctx,
            op,
            "mismatch in number of loop-carried values and defined values",
        ));
    }
    let Some(body) = f.body_block(ctx) else {
        return Ok(());
    };
    // LoopLikeOpInterface. MLIR counts the iter_args as "block arguments
    // minus one" in unsigned arithmetic, so a body without arguments shows
    // 2^64 - 1; lockstep prints the same.
    let n_args = ctx.block_args(body).len();
    let iter_args = f.region_iter_args(ctx);
    let shown_iter_args = (n_args as u64).wrapping_sub(1);
    if inits.len() as u64 != shown_iter_args {
        return Err(op_error(
            ctx,
            op,
            format!(
                "different number of inits and region iter_args: {} != {shown_iter_args}",
                inits.len()
            ),
        ));
    }
    let yielded = f.yielded_values(ctx);
    if !yielded.is_empty() && yielded.len() != iter_args.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "different number of region iter_args and yielded values: {} != {}",
                iter_args.len(),
                yielded.len()
            ),
        ));
    }
    if results.len() != iter_args.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "different number of loop results and region iter_args: {} != {}",
                results.len(),
                iter_args.len()
            ),
        ));
    }
    for (i, (&init, &arg)) in inits.iter().zip(iter_args).enumerate() {
        let (it, at) = (ctx.value_type(init), ctx.value_type(arg));
        if it != at {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "{i}-th init and {i}-th region iter_arg have different type: {} != {}",
                    quoted(ctx, it),
                    quoted(ctx, at)
                ),
            ));
        }
        if let Some(&y) = yielded.get(i) {
            let yt = ctx.value_type(y);
            if at != yt {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "{i}-th region iter_arg and {i}-th yielded value have different type: {} != {}",
                        quoted(ctx, at),
                        quoted(ctx, yt)
                    ),
                ));
            }
        }
    }
    for (&arg, &res) in iter_args.iter().zip(results) {
        let (at, rt) = (ctx.value_type(arg), ctx.value_type(res));
        if at != rt {
            // MLIR 22 never advances its index in this loop: every mismatch
            // is reported as the 0-th.
            return Err(op_error(
                ctx,
                op,
                format!(
                    "0-th region iter_arg and 0-th loop result have different type: {} != {}",
                    quoted(ctx, at),
                    quoted(ctx, rt)
                ),
            ));
        }
    }
    Ok(())
}

pub(crate) fn verify_for_regions(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_yield_terminators(ctx, op)?;
    let f = ForOp(op);
    let iter_types = types_of(ctx, f.region_iter_args(ctx));
    verify_edge(
        ctx,
        op,
        None,
        "Region #0",
        &types_of(ctx, f.init_args(ctx)),
        &iter_types,
    )?;
    if let Some(y) = f.yield_op(ctx) {
        let yielded = types_of(ctx, ctx.operands(y));
        verify_edge(ctx, op, Some(y), "Region #0", &yielded, &iter_types)?;
        verify_edge(
            ctx,
            op,
            Some(y),
            "parent",
            &yielded,
            &types_of(ctx, ctx.results(op)),
        )?;
    }
    if let (Some(iv), Some(lb)) = (f.induction_var(ctx), f.lower_bound(ctx))
        && ctx.value_type(iv) != ctx.value_type(lb)
    {
        return Err(op_error(
            ctx,
            op,
            "expected induction variable to be same type as bounds and step",
        ));
    }
    Ok(())
}

// ----- scf.while -----

/// MLIR's `verifyAndGetTerminator`.
fn expect_terminator(
    ctx: &Context,
    op: OpId,
    r: Option<RegionId>,
    def: &'static OpDef,
    msg: &str,
) -> Result<(), Diagnostic> {
    let last = r
        .and_then(|r| ctx.entry_block(r))
        .and_then(|b| ctx.last_op(b));
    match last {
        Some(t) if ctx.isa(t, def) => Ok(()),
        Some(t) => Err(op_error(ctx, op, msg).with_note(ctx.loc(t), "terminator here")),
        None => Err(op_error(ctx, op, msg)),
    }
}

pub(crate) fn verify_while(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_single_block(ctx, op)?;
    let w = WhileOp(op);
    expect_terminator(
        ctx,
        op,
        w.before(ctx),
        &CONDITION,
        "expects the 'before' region to terminate with 'scf.condition'",
    )?;
    expect_terminator(
        ctx,
        op,
        w.after(ctx),
        &YIELD,
        "expects the 'after' region to terminate with 'scf.yield'",
    )
}

pub(crate) fn verify_while_regions(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let w = WhileOp(op);
    let (Some(before), Some(after)) = (w.before_block(ctx), w.after_block(ctx)) else {
        return Ok(());
    };
    let before_args = types_of(ctx, ctx.block_args(before));
    verify_edge(
        ctx,
        op,
        None,
        "Region #0",
        &types_of(ctx, w.inits(ctx)),
        &before_args,
    )?;
    if let Some(c) = w.condition_op(ctx) {
        let passed = types_of(ctx, ctx.operands(c).get(1..).unwrap_or(&[]));
        verify_edge(
            ctx,
            op,
            Some(c),
            "parent",
            &passed,
            &types_of(ctx, ctx.results(op)),
        )?;
        verify_edge(
            ctx,
            op,
            Some(c),
            "Region #1",
            &passed,
            &types_of(ctx, ctx.block_args(after)),
        )?;
    }
    if let Some(y) = w.yield_op(ctx) {
        verify_edge(
            ctx,
            op,
            Some(y),
            "Region #0",
            &types_of(ctx, ctx.operands(y)),
            &before_args,
        )?;
    }
    Ok(())
}

// ----- terminators -----

pub(crate) fn verify_condition(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    match ctx.parent_op(op) {
        Some(p) if ctx.isa(p, &WHILE) => Ok(()),
        _ => Err(op_error(ctx, op, "expects parent op 'scf.while'")),
    }
}

pub(crate) fn verify_yield(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    // Matched by name so that scf ops lockstep does not define yet
    // (execute_region, index_switch) are accepted too.
    const PARENTS: &[&str] = &[
        "scf.execute_region",
        "scf.for",
        "scf.if",
        "scf.index_switch",
        "scf.while",
    ];
    match ctx.parent_op(op) {
        Some(p) if PARENTS.contains(&ctx.name_of(p)) => Ok(()),
        _ => Err(op_error(
            ctx,
            op,
            "expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'",
        )),
    }
}
