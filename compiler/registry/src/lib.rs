//! The registry of everything lockstep ships: every dialect and every pass.
//!
//! Invariant: a dialect or pass is registered here exactly once, and both
//! drivers (`lockstep-opt`, `lockstepc`) build their contexts and pass
//! registries only through these functions, so they always agree.

use lockstep_ir::Context;
use lockstep_pass::PassRegistry;

/// Registers every dialect lockstep knows in `ctx`.
pub fn register_all_dialects(ctx: &mut Context) {
    ctx.register_dialect(&lockstep_func::FUNC);
    ctx.register_dialect(&lockstep_arith::ARITH);
    ctx.register_dialect(&lockstep_cf::CF);
    ctx.register_dialect(&lockstep_scf::SCF);
    lockstep_math::register(ctx);
    // These two also register their type parsers (`!device.ptr<SPACE>`,
    // `!host.ptr`).
    lockstep_device::register(ctx);
    lockstep_host::register(ctx);
    lockstep_ptx::register(ctx);
}

/// Host passes that run on the whole module rather than per function
/// (kernel fusion creates kernels beside the host functions); pipelines put
/// them at the top level.
pub const HOST_MODULE_PASSES: &[&str] = lockstep_kfusion::MODULE_PASSES;

/// Registers every pass lockstep knows in `reg`.
pub fn register_all_passes(reg: &mut PassRegistry) {
    lockstep_transforms::register_all(reg);
    lockstep_analysis::register_test_passes(reg);
    lockstep_divergence::register_passes(reg);
    lockstep_codegen::register_passes(reg);
    lockstep_codemotion::register_passes(reg);
    lockstep_kfusion::register_passes(reg);
}

/// A context with every dialect registered.
pub fn new_context(allow_unregistered: bool) -> Context {
    let mut ctx = Context::new();
    register_all_dialects(&mut ctx);
    ctx.allow_unregistered = allow_unregistered;
    ctx
}

/// A pass registry with every pass registered.
pub fn new_registry() -> PassRegistry {
    let mut reg = PassRegistry::new();
    register_all_passes(&mut reg);
    reg
}
