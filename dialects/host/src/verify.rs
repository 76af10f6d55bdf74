//! Verifiers of the host ops.
//!
//! Invariants:
//! - Verifiers only read the IR and never panic; what the declarative
//!   constraints already check is not checked again.
//! - Launch diagnostics follow MLIR's `gpu.launch_func` wording, adapted to
//!   `host.launch` / `device.module` / `device.kernel`.

use crate::ops::{LaunchOp, memcpy_kind};
use crate::{host_ptr_type, is_host_ptr};
use lockstep_device::ops::{FunctionOp, KERNEL, MODULE};
use lockstep_device::{AddressSpace, check_size_align, ptr_space, ptr_type};
use lockstep_func::function_like::{first_type_mismatch, op_error, quoted};
use lockstep_ir::printer::attr_to_string;
use lockstep_ir::{Context, Diagnostic, OpId, SymbolTables, TypeId};

/// Host ops may not appear in device code.
pub(crate) fn verify_host_only(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if ctx.isa(p, &MODULE) {
            return Err(op_error(
                ctx,
                op,
                "is a host op and cannot be nested in a 'device.module'",
            ));
        }
        cur = ctx.parent_op(p);
    }
    Ok(())
}

pub(crate) fn verify_alloca(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_host_only(ctx, op)?;
    check_size_align(ctx, op)
}

pub(crate) fn verify_memcpy(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_host_only(ctx, op)?;
    let Some(kind) = memcpy_kind(ctx, op) else {
        return Ok(());
    };
    let want = |device: bool| {
        if device {
            ptr_type(ctx, AddressSpace::Global)
        } else {
            host_ptr_type(ctx)
        }
    };
    let is = |t: TypeId, device: bool| {
        if device {
            ptr_space(ctx, t) == Some(AddressSpace::Global)
        } else {
            is_host_ptr(ctx, t)
        }
    };
    let checks: [(usize, &str, bool); 2] = [
        (0, "destination", kind.device_dst()),
        (1, "source", kind.device_src()),
    ];
    for (i, what, device) in checks {
        let Some(&v) = ctx.operands(op).get(i) else {
            continue;
        };
        let t = ctx.value_type(v);
        if !is(t, device) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "'{}' copy needs a {what} of type {}, got {}",
                    kind.keyword(),
                    quoted(ctx, want(device)),
                    quoted(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}

pub(crate) fn verify_launch(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_host_only(ctx, op)?;
    let dims = ctx.operands(op).get(0..6).unwrap_or(&[]);
    if let Some(&first) = dims.first() {
        let t = ctx.value_type(first);
        if let Some(&other) = dims.iter().find(|&&d| ctx.value_type(d) != t) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "grid and block dimensions must all have the same type, got {} and {}",
                    quoted(ctx, t),
                    quoted(ctx, ctx.value_type(other))
                ),
            ));
        }
    }
    Ok(())
}

/// Is `op` a kernel module of a machine dialect (a symbol table named by
/// launches after `device.module` was lowered, e.g. `ptx.module`)?
fn is_lowered_kernel_module(ctx: &Context, op: OpId) -> bool {
    ctx.has_trait(op, lockstep_ir::Traits::SYMBOL_TABLE)
        && ctx.def_of(op).is_some_and(|d| d.name.ends_with(".module"))
        && ctx
            .def_of(op)
            .is_some_and(|d| !matches!(d.dialect(), "builtin" | "device"))
}

/// Resolves `@module::@kernel` and checks the arguments against the
/// kernel's signature (MLIR's `gpu.launch_func` checks).
pub(crate) fn verify_launch_symbol_uses(
    ctx: &Context,
    op: OpId,
    tables: &mut SymbolTables,
) -> Result<(), Diagnostic> {
    let launch = LaunchOp(op);
    let Some((module_name, kernel_name)) = launch.kernel_ref(ctx) else {
        return Ok(());
    };
    let Some(table) = lockstep_ir::symbol::nearest_symbol_table(ctx, op) else {
        return Ok(());
    };
    let module = tables
        .lookup_symbol_in(ctx, table, module_name)
        .filter(|&m| ctx.isa(m, &MODULE) || is_lowered_kernel_module(ctx, m));
    let Some(module) = module else {
        return Err(op_error(
            ctx,
            op,
            format!("kernel module '{}' is undefined", ctx.str(module_name)),
        ));
    };
    let reference = ctx
        .attr_of(op, "kernel")
        .map(|a| attr_to_string(ctx, a))
        .unwrap_or_default();
    let Some(kernel) = tables.lookup_symbol_in(ctx, module, kernel_name) else {
        return Err(op_error(
            ctx,
            op,
            format!("kernel function '{reference}' is undefined"),
        ));
    };
    if !ctx.isa(module, &MODULE) {
        // A kernel module lowered to machine code (`ptx.module`): its
        // entries take registers, so only the symbol and the argument count
        // are still checkable; the types were checked before lowering.
        let expected = lockstep_func::function_like::inputs(ctx, kernel).len();
        let got = launch.args(ctx).len();
        if expected != got {
            return Err(op_error(
                ctx,
                op,
                format!("got {got} kernel operands but expected {expected}"),
            ));
        }
        return Ok(());
    }
    if !ctx.isa(kernel, &KERNEL) {
        return Err(op_error(
            ctx,
            op,
            format!("referenced kernel '{reference}' is not a 'device.kernel'"),
        )
        .with_note(ctx.loc(kernel), "see the kernel definition here"));
    }
    let inputs = FunctionOp(kernel).inputs(ctx);
    let args = launch.args(ctx);
    if inputs.len() != args.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "got {} kernel operands but expected {}",
                args.len(),
                inputs.len()
            ),
        ));
    }
    match first_type_mismatch(ctx, args, inputs) {
        Some((i, at, t)) => Err(op_error(
            ctx,
            op,
            format!(
                "type of function argument {i} does not match: kernel operand has type {}, the kernel expects {}",
                quoted(ctx, at),
                quoted(ctx, t)
            ),
        )),
        None => Ok(()),
    }
}
