//! Lowering of device code to PTX (see `docs/ptx-dialect.md`): instruction
//! selection into the `ptx` dialect, out-of-SSA, block layout, the whole
//! pipeline, and validation with NVIDIA's ptxas.

pub mod isel;
pub mod layout;
pub mod out_of_ssa;
pub mod pipeline;
pub mod ptxas;

/// Registers every pass of this crate with a driver's registry.
pub fn register_passes(reg: &mut lockstep_pass::PassRegistry) {
    reg.register(&isel::INFO);
    reg.register(&out_of_ssa::INFO);
    reg.register(&layout::INFO);
}
