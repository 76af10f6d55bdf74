//! The PTX pipeline: device code of a verified module → PTX text.
//!
//! [`compile_to_ptx`] clones the module's `device.module`s into a scratch
//! `builtin.module` in the same context, runs [`ptx_pipeline`] on it
//! (`convert-device-to-ptx`, which first lowers any `scf` to `cf`, then
//! `ptx-out-of-ssa` and `ptx-layout` on every ptx function), verifies the
//! result and writes each `ptx.module` with `lockstep_ptx::emit`.
//!
//! Invariants:
//! - The input module is never changed: everything happens on the scratch
//!   clone, which is erased before returning (on success and on failure).
//! - Errors are located diagnostics (a selection failure names the device
//!   op; a verifier failure after selection is an internal error naming
//!   the ptx op); nothing panics.

use crate::isel::Target;
use lockstep_ir::{Context, Diagnostic, OpId, OperationState, Rewriter};
use lockstep_pass::{PassManager, PassRegistry};

/// How to lower device code to PTX.
#[derive(Clone, Debug)]
pub struct PtxOptions {
    /// `sm_70` … `sm_90` (see `ptxas::TARGETS`).
    pub sm: String,
    /// `.file`/`.loc` directives in the PTX.
    pub debug_info: bool,
}

impl Default for PtxOptions {
    fn default() -> Self {
        PtxOptions {
            sm: crate::ptxas::DEFAULT_TARGET.to_string(),
            debug_info: false,
        }
    }
}

/// The pipeline lockstep-opt runs for the default target
/// (`lockstep-opt -p "$PTX_PIPELINE"`); [`ptx_pipeline`] gives it for
/// another target.
pub const PTX_PIPELINE: &str = "builtin.module(convert-device-to-ptx{sm=sm_80},ptx.module(ptx.entry(ptx-out-of-ssa,ptx-layout),ptx.func(ptx-out-of-ssa,ptx-layout)))";

/// The pass pipeline from a `builtin.module` holding device modules to
/// `ptx.module`s ready for emission, for target `sm`.
pub fn ptx_pipeline(sm: &str) -> String {
    PTX_PIPELINE.replace("sm=sm_80", &format!("sm={sm}"))
}

/// Lowers the device code of `module` (a `builtin.module` holding host
/// code and at most one `device.module`, already verified) to the text of
/// one PTX file; without a device module the text is empty, with more
/// than one it is an error (a PTX file is one module).
pub fn compile_to_ptx(
    ctx: &mut Context,
    module: OpId,
    opts: &PtxOptions,
) -> Result<String, Diagnostic> {
    Target::parse(&opts.sm).map_err(|m| Diagnostic::error(ctx.loc(module), m))?;
    let dmods = device_modules(ctx, module);
    match dmods.as_slice() {
        [] => return Ok(String::new()),
        [_] => {}
        [_, second, ..] => {
            return Err(Diagnostic::error(
                ctx.loc(*second),
                format!(
                    "cannot lower {} device modules to one PTX file: PTX holds one module per file",
                    dmods.len()
                ),
            ));
        }
    }
    let scratch = clone_device_modules(ctx, module, &dmods);
    let result = lower_scratch(ctx, scratch, opts);
    Rewriter::new(ctx).erase_op(scratch);
    result
}

/// The `device.module`s directly in `module`.
fn device_modules(ctx: &Context, module: OpId) -> Vec<OpId> {
    ctx.regions(module)
        .iter()
        .flat_map(|&r| ctx.region_blocks(r).iter())
        .flat_map(|&b| ctx.block_ops(b))
        .filter(|&o| ctx.isa(o, &lockstep_device::MODULE))
        .collect()
}

/// A detached `builtin.module` holding clones of `dmods`.
fn clone_device_modules(ctx: &mut Context, module: OpId, dmods: &[OpId]) -> OpId {
    let loc = ctx.loc(module);
    let mut rw = Rewriter::new(ctx);
    let region = rw.new_region();
    let block = rw.create_block(region, &[], None);
    let name = rw.ctx().static_op_name(lockstep_ir::builtin::MODULE.name);
    let scratch = rw.create(OperationState::new(name, loc).regions(&[region]));
    let mut map = lockstep_transforms::clone::IrMapping::new();
    for &d in dmods {
        rw.set_insertion_point_to_end(block);
        lockstep_transforms::clone::clone_op(&mut rw, d, &mut map);
    }
    scratch
}

/// The registry of the passes the PTX pipeline runs.
fn codegen_registry() -> PassRegistry {
    let mut reg = PassRegistry::new();
    crate::register_passes(&mut reg);
    reg
}

fn lower_scratch(
    ctx: &mut Context,
    scratch: OpId,
    opts: &PtxOptions,
) -> Result<String, Diagnostic> {
    let registry = codegen_registry();
    let text = ptx_pipeline(&opts.sm);
    let mut pm = PassManager::parse(&text, &registry)
        .map_err(|e| Diagnostic::error(ctx.loc(scratch), format!("internal error: {e}")))?;
    pm.threading = false;
    let outcome = pm.run(ctx, scratch);
    if outcome.failed {
        let mut ds = outcome.diagnostics.into_iter();
        return Err(ds
            .next()
            .unwrap_or_else(|| Diagnostic::error(ctx.loc(scratch), "PTX lowering failed")));
    }
    if let Err(ds) = lockstep_ir::verify::verify(ctx, scratch) {
        let first = ds.into_iter().next();
        return Err(first.map_or_else(
            || Diagnostic::error(ctx.loc(scratch), "internal error: invalid PTX IR"),
            |d| Diagnostic {
                message: format!("internal error: invalid PTX IR: {}", d.message),
                ..d
            },
        ));
    }
    let emit = lockstep_ptx::emit::EmitOptions {
        debug_info: opts.debug_info,
    };
    let mut out = String::new();
    let pmods: Vec<OpId> = ctx
        .regions(scratch)
        .iter()
        .flat_map(|&r| ctx.region_blocks(r).iter())
        .flat_map(|&b| ctx.block_ops(b))
        .filter(|&o| ctx.isa(o, &lockstep_ptx::MODULE))
        .collect();
    for m in pmods {
        out.push_str(&lockstep_ptx::emit::emit_module(ctx, m, &emit)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Context, OpId) {
        let mut ctx = lockstep_registry::new_context(false);
        let m = lockstep_ir::parse_source(&mut ctx, "t.mlir", text, 1)
            .unwrap_or_else(|d| panic!("parse error: {}", d.message));
        (ctx, m)
    }

    const KERNEL: &str = "device.module @a {\n  device.kernel @k() {\n    device.return\n  }\n}\n";

    #[test]
    fn pipeline_parses_for_every_target() {
        let reg = codegen_registry();
        for (sm, _) in crate::ptxas::TARGETS {
            let text = ptx_pipeline(sm);
            assert!(text.contains(&format!("sm={sm}")));
            assert!(PassManager::parse(&text, &reg).is_ok(), "{text}");
        }
    }

    /// The lit test of the whole pipeline runs exactly this string.
    #[test]
    fn lit_test_uses_the_pipeline() {
        let lit = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../tests/lit/isel/pipeline.mlir"),
        )
        .expect("tests/lit/isel/pipeline.mlir");
        assert!(lit.contains(PTX_PIPELINE));
    }

    #[test]
    fn one_module_gives_one_ptx_file() {
        let (mut ctx, m) = parse(KERNEL);
        let before = lockstep_ir::print_op(&ctx, m, lockstep_ir::PrintOptions::default());
        let ptx = compile_to_ptx(&mut ctx, m, &PtxOptions::default()).expect("lowers");
        assert_eq!(ptx.matches(".version").count(), 1);
        assert!(ptx.contains(".target sm_80"));
        assert!(ptx.contains(".visible .entry k()"));
        let after = lockstep_ir::print_op(&ctx, m, lockstep_ir::PrintOptions::default());
        assert_eq!(before, after, "the input must not change");
    }

    #[test]
    fn no_device_module_gives_empty_text() {
        let (mut ctx, m) = parse("func.func @host() {\n  return\n}\n");
        assert_eq!(
            compile_to_ptx(&mut ctx, m, &PtxOptions::default()).unwrap(),
            ""
        );
    }

    #[test]
    fn two_device_modules_are_an_error() {
        let text = format!("{KERNEL}{}", KERNEL.replace("@a", "@b"));
        let (mut ctx, m) = parse(&text);
        let err = compile_to_ptx(&mut ctx, m, &PtxOptions::default()).unwrap_err();
        assert!(err.message.contains("2 device modules"), "{}", err.message);
    }

    #[test]
    fn unknown_target_and_selection_errors_are_reported() {
        let (mut ctx, m) = parse(KERNEL);
        let opts = PtxOptions {
            sm: "sm_52".into(),
            debug_info: false,
        };
        let err = compile_to_ptx(&mut ctx, m, &opts).unwrap_err();
        assert!(
            err.message.contains("unknown PTX target 'sm_52'"),
            "{}",
            err.message
        );

        let bad = "device.module @a {\n  device.kernel @k(%x: f64, %p: !device.ptr<global>) {\n    %0 = math.sin %x : f64\n    device.store %0, %p : f64, !device.ptr<global>\n    device.return\n  }\n}\n";
        let (mut ctx, m) = parse(bad);
        let before = lockstep_ir::print_op(&ctx, m, lockstep_ir::PrintOptions::default());
        let err = compile_to_ptx(&mut ctx, m, &PtxOptions::default()).unwrap_err();
        assert!(
            err.message.starts_with("cannot lower 'math.sin' to PTX"),
            "{}",
            err.message
        );
        let after = lockstep_ir::print_op(&ctx, m, lockstep_ir::PrintOptions::default());
        assert_eq!(before, after, "a failed lowering must not change the input");
    }
}
