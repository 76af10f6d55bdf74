//! Verifiers of the device ops.
//!
//! Invariants:
//! - Verifiers only read the IR and never panic; shape problems the
//!   generic constraint checker reports (operand counts, types, missing
//!   attributes) are left to it, so each hook checks only what the
//!   declarative tables cannot say.
//! - Messages emitted "on the op" carry MLIR's `'device.xxx' op ` prefix and
//!   are located at the op.
//! - Recursion is checked once per `device.module` (after its functions
//!   verified), over the calls that resolve to functions of that module.

use crate::ops::{CALL, FUNC, FunctionOp, KERNEL, MODULE, SHARED, enclosing_function, symbol_ref};
use crate::types::{AddressSpace, AtomicKind, VoteMode, ptr_space, ptr_type};
use lockstep_func::function_like::{
    ReturnRules, op_error, quoted, verify_call_signature, verify_entry_block,
    verify_return_operands,
};
use lockstep_ir::{Context, Diagnostic, OpId, Sym, SymbolTables, TypeId};
use rustc_hash::FxHashMap;

fn result_type(ctx: &Context, op: OpId) -> Option<TypeId> {
    ctx.results(op).first().map(|&r| ctx.value_type(r))
}

fn operand_type(ctx: &Context, op: OpId, i: usize) -> Option<TypeId> {
    ctx.operands(op).get(i).map(|&v| ctx.value_type(v))
}

/// Device-only ops must sit (at any depth) in a kernel or device function.
pub(crate) fn verify_device_only(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if enclosing_function(ctx, op).is_none() {
        return Err(op_error(
            ctx,
            op,
            "must be nested in a 'device.kernel' or 'device.func'",
        ));
    }
    Ok(())
}

// A detached op has no parent to check: the pass manager verifies each
// kernel alone when it runs nested passes on a copy of it (a fragment).
fn expect_parent_module(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    match ctx.parent_op(op) {
        None => Ok(()),
        Some(p) if ctx.isa(p, &MODULE) => Ok(()),
        _ => Err(op_error(ctx, op, "expects parent op 'device.module'")),
    }
}

fn expect_space(
    ctx: &Context,
    op: OpId,
    what: &str,
    space: AddressSpace,
) -> Result<(), Diagnostic> {
    let Some(t) = result_type(ctx, op) else {
        return Ok(());
    };
    if ptr_space(ctx, t) != Some(space) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "{what} must be {}, got {}",
                quoted(ctx, ptr_type(ctx, space)),
                quoted(ctx, t)
            ),
        ));
    }
    Ok(())
}

/// `size` is positive and `alignment` a positive power of two (shared with
/// `host.alloca`).
pub fn check_size_align(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if let Some(size) = ctx.int_attr_of(op, "size")
        && size <= 0
    {
        return Err(op_error(
            ctx,
            op,
            format!("size must be positive, got {size}"),
        ));
    }
    if let Some(align) = ctx.int_attr_of(op, "alignment")
        && (align <= 0 || align & (align - 1) != 0)
    {
        return Err(op_error(
            ctx,
            op,
            format!("alignment must be a positive power of two, got {align}"),
        ));
    }
    Ok(())
}

// ----- structure -----

pub(crate) fn verify_module(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    for &r in ctx.regions(op) {
        for &b in ctx.region_blocks(r) {
            for child in ctx.block_ops(b) {
                let ok = [&KERNEL, &FUNC, &SHARED].iter().any(|d| ctx.isa(child, d));
                if !ok {
                    return Err(Diagnostic::error(
                        ctx.loc(child),
                        format!(
                            "'{}' op is not allowed in a 'device.module', which holds only 'device.kernel', 'device.func' and 'device.shared' ops",
                            ctx.name_of(child)
                        ),
                    )
                    .with_note(ctx.loc(op), "enclosing 'device.module' here"));
                }
            }
        }
    }
    Ok(())
}

/// The `device.call`s nested in `f`'s body, with their callees.
fn calls_in(ctx: &Context, f: OpId) -> Vec<(OpId, Sym)> {
    let mut out = Vec::new();
    for &r in ctx.regions(f) {
        for &b in ctx.region_blocks(r) {
            for top in ctx.block_ops(b) {
                ctx.walk_pre(top, &mut |o| {
                    if ctx.isa(o, &CALL)
                        && let Some(s) = symbol_ref(ctx, o, "callee")
                    {
                        out.push((o, s));
                    }
                });
            }
        }
    }
    out
}

/// No kernel or device function of the module is (mutually) recursive.
pub(crate) fn verify_no_recursion(ctx: &Context, module: OpId) -> Result<(), Diagnostic> {
    let Some(block) = ctx
        .regions(module)
        .first()
        .and_then(|&r| ctx.entry_block(r))
    else {
        return Ok(());
    };
    let funcs: Vec<OpId> = ctx
        .block_ops(block)
        .filter(|&o| FunctionOp::from_op(ctx, o).is_some())
        .collect();
    let mut index: FxHashMap<Sym, usize> = FxHashMap::default();
    for (i, &f) in funcs.iter().enumerate() {
        if let Some(s) = lockstep_ir::symbol::symbol_name(ctx, f) {
            index.entry(s).or_insert(i);
        }
    }
    let edges: Vec<Vec<usize>> = funcs
        .iter()
        .map(|&f| {
            calls_in(ctx, f)
                .into_iter()
                .filter_map(|(_, s)| index.get(&s).copied())
                .collect()
        })
        .collect();
    // Iterative DFS with colours; the grey path is the cycle when a back
    // edge is found.
    let mut colour = vec![0u8; funcs.len()];
    for start in 0..funcs.len() {
        if colour[start] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        colour[start] = 1;
        while let Some(&mut (n, ref mut next)) = stack.last_mut() {
            if let Some(&m) = edges[n].get(*next) {
                *next += 1;
                match colour[m] {
                    0 => {
                        colour[m] = 1;
                        stack.push((m, 0));
                    }
                    1 => {
                        let from = stack.iter().position(|&(x, _)| x == m).unwrap_or(0);
                        let mut names: Vec<String> = stack[from..]
                            .iter()
                            .map(|&(x, _)| format!("@{}", FunctionOp(funcs[x]).name(ctx)))
                            .collect();
                        names.push(format!("@{}", FunctionOp(funcs[m]).name(ctx)));
                        return Err(op_error(
                            ctx,
                            module,
                            format!(
                                "contains a recursive call cycle: {}; device code may not recurse",
                                names.join(" -> ")
                            ),
                        )
                        .with_note(ctx.loc(funcs[m]), "cycle entered here"));
                    }
                    _ => {}
                }
            } else {
                colour[n] = 2;
                stack.pop();
            }
        }
    }
    Ok(())
}

pub(crate) fn verify_function(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_parent_module(ctx, op)?;
    let f = FunctionOp(op);
    if f.function_type(ctx).is_none() {
        return Ok(());
    }
    if f.is_kernel(ctx) {
        if !f.results(ctx).is_empty() {
            return Err(op_error(
                ctx,
                op,
                "expected void return type for kernel function",
            ));
        }
        if f.is_declaration(ctx) {
            return Err(op_error(ctx, op, "a kernel must have a body"));
        }
    }
    verify_entry_block(ctx, op)
}

pub(crate) fn verify_return(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(f) = ctx.parent_op(op).and_then(|p| FunctionOp::from_op(ctx, p)) else {
        return Err(op_error(
            ctx,
            op,
            "expects parent op to be one of 'device.kernel, device.func'",
        ));
    };
    let enclosing = if f.is_kernel(ctx) {
        "kernel"
    } else {
        "function"
    };
    let rules = ReturnRules {
        enclosing,
        type_error_on_op: true,
    };
    verify_return_operands(ctx, op, f.op(), rules)
}

pub(crate) fn verify_call_symbol_uses(
    ctx: &Context,
    op: OpId,
    tables: &mut SymbolTables,
) -> Result<(), Diagnostic> {
    let Some(callee) = symbol_ref(ctx, op, "callee") else {
        return Ok(());
    };
    let Some(table) = lockstep_ir::symbol::nearest_symbol_table(ctx, op) else {
        return Ok(());
    };
    let target = tables.lookup_symbol_in(ctx, table, callee);
    let Some(f) = target.and_then(|t| FunctionOp::from_op(ctx, t)) else {
        return Err(op_error(
            ctx,
            op,
            format!(
                "'@{}' does not reference a valid device function",
                ctx.str(callee)
            ),
        ));
    };
    if f.is_kernel(ctx) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "cannot call kernel '@{}': kernels are only launched from the host",
                ctx.str(callee)
            ),
        )
        .with_note(ctx.loc(f.op()), "kernel defined here"));
    }
    verify_call_signature(ctx, op, f.op(), |i, expected, actual| {
        op_error(
            ctx,
            op,
            format!(
                "result type mismatch at index {i}: expected {}, but the op has {}",
                quoted(ctx, expected),
                quoted(ctx, actual)
            ),
        )
    })
}

pub(crate) fn verify_shared(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_parent_module(ctx, op)?;
    check_size_align(ctx, op)
}

// ----- memory -----

pub(crate) fn verify_addressof(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_device_only(ctx, op)?;
    expect_space(ctx, op, "result", AddressSpace::Shared)
}

pub(crate) fn verify_addressof_symbol_uses(
    ctx: &Context,
    op: OpId,
    tables: &mut SymbolTables,
) -> Result<(), Diagnostic> {
    let Some(name) = symbol_ref(ctx, op, "symbol") else {
        return Ok(());
    };
    let Some(table) = lockstep_ir::symbol::nearest_symbol_table(ctx, op) else {
        return Ok(());
    };
    match tables.lookup_symbol_in(ctx, table, name) {
        Some(t) if ctx.isa(t, &SHARED) => Ok(()),
        _ => Err(op_error(
            ctx,
            op,
            format!("'@{}' does not reference a 'device.shared'", ctx.str(name)),
        )),
    }
}

pub(crate) fn verify_dynamic_shared(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_device_only(ctx, op)?;
    expect_space(ctx, op, "result", AddressSpace::Shared)
}

pub(crate) fn verify_alloca(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_device_only(ctx, op)?;
    expect_space(ctx, op, "result", AddressSpace::Local)?;
    check_size_align(ctx, op)
}

/// The result has the type of operand `i`, called `what` in the message.
fn expect_result_type_of(ctx: &Context, op: OpId, i: usize, what: &str) -> Result<(), Diagnostic> {
    if let (Some(t), Some(r)) = (operand_type(ctx, op, i), result_type(ctx, op))
        && t != r
    {
        return Err(op_error(
            ctx,
            op,
            format!(
                "result type {} must match the {what} type {}",
                quoted(ctx, r),
                quoted(ctx, t)
            ),
        ));
    }
    Ok(())
}

pub(crate) fn verify_ptradd(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_result_type_of(ctx, op, 0, "base pointer")
}

/// `inttoptr`/`ptrtoint`: a 32-bit integer only for `shared` and `local`
/// pointers (their windows fit in 32 bits, as PTX's 32-bit addressing of
/// those spaces assumes).
pub(crate) fn verify_int_ptr_cast(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (Some(a), Some(b)) = (operand_type(ctx, op, 0), result_type(ctx, op)) else {
        return Ok(());
    };
    let (int, ptr) = if ptr_space(ctx, a).is_some() {
        (b, a)
    } else {
        (a, b)
    };
    let Some(space) = ptr_space(ctx, ptr) else {
        return Ok(());
    };
    if ctx.type_data(int).int_width() == Some(32)
        && !matches!(space, AddressSpace::Shared | AddressSpace::Local)
    {
        return Err(op_error(
            ctx,
            op,
            format!(
                "a 32-bit address is only allowed for 'shared' and 'local' pointers, not '{}'",
                space.keyword()
            ),
        ));
    }
    Ok(())
}

pub(crate) fn verify_addrspace_cast(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (Some(from), Some(to)) = (
        operand_type(ctx, op, 0).and_then(|t| ptr_space(ctx, t)),
        result_type(ctx, op).and_then(|t| ptr_space(ctx, t)),
    ) else {
        return Ok(());
    };
    if from == to {
        return Err(op_error(
            ctx,
            op,
            format!(
                "source and result are both in the '{}' address space",
                from.keyword()
            ),
        ));
    }
    if from != AddressSpace::Generic && to != AddressSpace::Generic {
        return Err(op_error(
            ctx,
            op,
            format!(
                "can only convert to or from the 'generic' address space, not '{}' to '{}'",
                from.keyword(),
                to.keyword()
            ),
        ));
    }
    Ok(())
}

pub(crate) fn verify_load(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_device_only(ctx, op)
}

pub(crate) fn verify_store(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_device_only(ctx, op)?;
    if let Some(space) = operand_type(ctx, op, 1).and_then(|t| ptr_space(ctx, t))
        && !space.is_writable()
    {
        return Err(op_error(
            ctx,
            op,
            format!(
                "cannot store to the read-only '{}' address space",
                space.keyword()
            ),
        ));
    }
    Ok(())
}

// ----- warp operations and atomics -----

pub(crate) fn verify_vote(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_device_only(ctx, op)?;
    let (Some(mode), Some(t)) = (crate::ops::vote_mode(ctx, op), result_type(ctx, op)) else {
        return Ok(());
    };
    let want = match mode {
        VoteMode::Ballot => ctx.common.i32,
        VoteMode::Any | VoteMode::All => ctx.common.i1,
    };
    if t != want {
        return Err(op_error(
            ctx,
            op,
            format!(
                "result of '{}' must be {}, got {}",
                mode.keyword(),
                quoted(ctx, want),
                quoted(ctx, t)
            ),
        ));
    }
    Ok(())
}

pub(crate) fn verify_shuffle(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_device_only(ctx, op)?;
    expect_result_type_of(ctx, op, 1, "shuffled value")
}

fn check_atomic_space(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if let Some(space) = operand_type(ctx, op, 0).and_then(|t| ptr_space(ctx, t))
        && !space.allows_atomics()
    {
        return Err(op_error(
            ctx,
            op,
            format!(
                "atomics are not allowed on the '{}' address space (only global, shared and generic)",
                space.keyword()
            ),
        ));
    }
    Ok(())
}

fn check_same_types(ctx: &Context, op: OpId, from: usize) -> Result<(), Diagnostic> {
    let Some(r) = result_type(ctx, op) else {
        return Ok(());
    };
    for i in from..ctx.operands(op).len() {
        if let Some(t) = operand_type(ctx, op, i)
            && t != r
        {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "operand #{i} has type {} but the result has type {}",
                    quoted(ctx, t),
                    quoted(ctx, r)
                ),
            ));
        }
    }
    Ok(())
}

pub(crate) fn verify_atomic(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_device_only(ctx, op)?;
    check_atomic_space(ctx, op)?;
    check_same_types(ctx, op, 1)?;
    if let (Some(kind), Some(t)) = (crate::ops::atomic_kind(ctx, op), result_type(ctx, op))
        && t == ctx.common.f32
        && !matches!(kind, AtomicKind::Add | AtomicKind::Exch)
    {
        return Err(op_error(
            ctx,
            op,
            format!(
                "'{}' is not supported on 'f32' (only add and exch are)",
                kind.keyword()
            ),
        ));
    }
    Ok(())
}

pub(crate) fn verify_atomic_cas(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_device_only(ctx, op)?;
    check_atomic_space(ctx, op)?;
    check_same_types(ctx, op, 1)
}
