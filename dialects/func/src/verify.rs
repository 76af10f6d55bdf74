//! Verifiers of the `func` ops, with upstream MLIR's messages.
//!
//! Invariants:
//! - Verifiers only read the IR and never panic on malformed ops; shape
//!   problems that the generic constraint checker reports (a missing
//!   `function_type`, a `callee` that is not a flat symbol reference) are
//!   left to it, and the verifier then has nothing more to say.
//! - The first problem found is returned, located at the op. Messages MLIR
//!   emits through `emitOpError` carry its `'func.xxx' op ` prefix; those it
//!   emits through `emitError` do not.

use crate::FUNC_OP;
use crate::function_like::{
    ReturnRules, op_error, quoted, verify_call_signature, verify_entry_block,
    verify_return_operands,
};
use crate::ops::{CallOp, FuncOp};
use lockstep_ir::printer::attr_to_string;
use lockstep_ir::{AttrData, AttrId, Context, Diagnostic, OpId, SymbolTables, TypeId};

fn quoted_list(ctx: &Context, ts: impl IntoIterator<Item = TypeId>) -> String {
    ts.into_iter()
        .map(|t| quoted(ctx, t))
        .collect::<Vec<_>>()
        .join(", ")
}

fn array_len(ctx: &Context, op: OpId, name: &str) -> Option<usize> {
    match ctx.attr_data(ctx.attr_of(op, name)?) {
        AttrData::Array(elems) => Some(elems.len()),
        _ => None,
    }
}

pub(crate) fn verify_func(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let f = FuncOp(op);
    // The Symbol trait: a known visibility, and no public declarations.
    if let Some(a) = ctx.attr_of(op, "sym_visibility")
        && let AttrData::String(s) = ctx.attr_data(a)
        && !matches!(ctx.str(*s), "public" | "private" | "nested")
    {
        return Err(op_error(
            ctx,
            op,
            format!(
                "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                attr_to_string(ctx, a)
            ),
        ));
    }
    if f.is_declaration(ctx) && f.visibility(ctx).is_none_or(|v| v == "public") {
        return Err(op_error(
            ctx,
            op,
            "symbol declaration cannot have public visibility",
        ));
    }
    if f.function_type(ctx).is_none() {
        return Ok(());
    }
    // The FunctionOpInterface: attribute arrays and the entry block.
    let (inputs, results) = (f.inputs(ctx), f.results(ctx));
    if let Some(n) = array_len(ctx, op, "arg_attrs")
        && n != inputs.len()
    {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects argument attribute array to have the same number of elements as the number of function arguments, got {n}, but expected {}",
                inputs.len()
            ),
        ));
    }
    if let Some(n) = array_len(ctx, op, "res_attrs")
        && n != results.len()
    {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects result attribute array to have the same number of elements as the number of function results, got {n}, but expected {}",
                results.len()
            ),
        ));
    }
    // Argument and result attributes must belong to a dialect (`dialect.name`).
    let undotted = |d: Option<AttrId>| {
        d.is_some_and(|d| matches!(ctx.attr_data(d), AttrData::Dict(es) if es.iter().any(|(k, _)| !ctx.str(*k).contains('.'))))
    };
    if (0..inputs.len()).any(|i| undotted(f.arg_attrs(ctx, i))) {
        return Err(op_error(
            ctx,
            op,
            "arguments may only have dialect attributes",
        ));
    }
    if (0..results.len()).any(|i| undotted(f.res_attrs(ctx, i))) {
        return Err(op_error(
            ctx,
            op,
            "results may only have dialect attributes",
        ));
    }
    verify_entry_block(ctx, op)
}

pub(crate) fn verify_return(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(parent) = ctx.parent_op(op).filter(|&p| ctx.isa(p, &FUNC_OP)) else {
        return Err(op_error(ctx, op, "expects parent op 'func.func'"));
    };
    verify_return_operands(
        ctx,
        op,
        parent,
        ReturnRules {
            enclosing: "function",
            type_error_on_op: false,
        },
    )
}

/// The call's symbol-use verifier (MLIR's `verifySymbolUses`), resolving
/// the callee in the nearest symbol table through the verifier's cache. A
/// call with no enclosing symbol table (an op verified on its own, or below
/// an unregistered op that may be a symbol table) is not checked.
pub(crate) fn verify_call_symbol_uses(
    ctx: &Context,
    op: OpId,
    tables: &mut SymbolTables,
) -> Result<(), Diagnostic> {
    let call = CallOp(op);
    let Some(callee) = call.callee(ctx) else {
        return Ok(());
    };
    let Some(table) = lockstep_ir::symbol::nearest_symbol_table(ctx, op) else {
        return Ok(());
    };
    let Some(f) = tables
        .lookup_symbol_in(ctx, table, callee)
        .and_then(|s| FuncOp::from_op(ctx, s))
    else {
        return Err(op_error(
            ctx,
            op,
            format!("'{}' does not reference a valid function", ctx.str(callee)),
        ));
    };
    verify_call_signature(ctx, op, f.op(), |i, _, _| {
        let res = ctx.results(op);
        let loc = ctx.loc(op);
        op_error(ctx, op, format!("result type mismatch at index {i}"))
            .with_note(
                loc,
                format!(
                    "      op result types: {}",
                    quoted_list(ctx, res.iter().map(|&r| ctx.value_type(r)))
                ),
            )
            .with_note(
                loc,
                format!(
                    "function result types: {}",
                    quoted_list(ctx, f.results(ctx).iter().copied())
                ),
            )
    })
}
