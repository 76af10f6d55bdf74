//! The kernels of a module, as the launch glue sees them: name and typed
//! parameter list.
//!
//! Invariants:
//! - Kernels are listed in IR order (device modules in order, kernels in
//!   order within each), so generated files are deterministic.
//! - Every listed kernel has a name that is a C and Rust identifier, a
//!   name unique across all device modules (the glue's functions are named
//!   after it), and parameters that all have a [`Scalar`] type that can
//!   cross the launch boundary (not `!host.ptr`).

use crate::c_syntax::{Scalar, is_identifier};
use lockstep_device::FunctionOp;
use lockstep_ir::{Context, Diagnostic, OpId, TypeId};

/// One `device.kernel`.
#[derive(Clone, Debug)]
pub struct Kernel {
    pub op: OpId,
    /// The symbol name, which is also the PTX `.entry` name.
    pub name: String,
    /// The symbol of the enclosing `device.module`.
    pub module: String,
    pub params: Vec<Scalar>,
    pub param_types: Vec<TypeId>,
}

/// Checks that `module` is a `builtin.module`.
pub fn expect_module(ctx: &Context, module: OpId) -> Result<(), Diagnostic> {
    if ctx.name_of(module) == "builtin.module" {
        Ok(())
    } else {
        Err(Diagnostic::error(
            ctx.loc(module),
            format!(
                "'{}' op: host code generation expects the builtin.module the front end produces",
                ctx.name_of(module)
            ),
        ))
    }
}

/// Every `device.kernel` of every `device.module` directly inside `module`.
pub fn collect_kernels(ctx: &Context, module: OpId) -> Result<Vec<Kernel>, Diagnostic> {
    expect_module(ctx, module)?;
    let mut kernels: Vec<Kernel> = Vec::new();
    for dev_module in top_level_ops(ctx, module) {
        if !ctx.isa(dev_module, &lockstep_device::MODULE) {
            continue;
        }
        let module_name = lockstep_func::function_like::name(ctx, dev_module).to_string();
        for op in top_level_ops(ctx, dev_module) {
            let Some(f) = FunctionOp::from_op(ctx, op) else {
                continue;
            };
            if !f.is_kernel(ctx) {
                continue;
            }
            kernels.push(describe(ctx, op, f, &module_name, &kernels)?);
        }
    }
    Ok(kernels)
}

fn describe(
    ctx: &Context,
    op: OpId,
    f: FunctionOp,
    module: &str,
    earlier: &[Kernel],
) -> Result<Kernel, Diagnostic> {
    let name = f.name(ctx).to_string();
    let error = |msg: String| Diagnostic::error(ctx.loc(op), format!("'device.kernel' op {msg}"));
    if !is_identifier(&name) {
        return Err(error(format!(
            "@\"{name}\": the launch glue needs kernel names that are C identifiers"
        )));
    }
    if let Some(first) = earlier.iter().find(|k| k.name == name) {
        return Err(error(format!(
            "@{name} is also defined in device.module @{}: launch functions are named after \
             kernels, so kernel names must be unique across device modules",
            first.module
        ))
        .with_note(ctx.loc(first.op), "the other kernel is here"));
    }
    let param_types = f.inputs(ctx).to_vec();
    let mut params = Vec::with_capacity(param_types.len());
    for (i, &ty) in param_types.iter().enumerate() {
        match Scalar::of(ctx, ty) {
            Some(Scalar::HostPtr) | None => {
                return Err(error(format!(
                    "@{name}: parameter #{i} has type {}, which cannot be passed to a kernel \
                     launch (expected an integer, f32, f64 or !device.ptr)",
                    lockstep_ir::printer::type_to_string(ctx, ty)
                )));
            }
            Some(s) => params.push(s),
        }
    }
    Ok(Kernel {
        op,
        name,
        module: module.to_string(),
        params,
        param_types,
    })
}

/// The ops of the single body block of `op` (none when it has no body).
pub fn top_level_ops(ctx: &Context, op: OpId) -> Vec<OpId> {
    let mut ops = Vec::new();
    for &r in ctx.regions(op) {
        for &b in ctx.region_blocks(r) {
            ops.extend(ctx.block_ops(b));
        }
    }
    ops
}
