//! The CUDA-subset front end of lockstep: a preprocessor, a pest grammar,
//! and semantic analysis fused with SSA IR generation into the `host`,
//! `device`, `math`, `func`, `arith` and `cf` dialects.
//!
//! Invariants:
//! - [`compile`] never panics on any input: every problem is a
//!   [`Diagnostic`] located at `file:line:col` of the original source
//!   (macro expansions map back to the macro's name).
//! - The module it returns holds the host functions as `func.func` and all
//!   device code in one `device.module @kernels`; it is meant to verify
//!   (a verifier failure is a front-end bug).
//! - The subset is documented in `docs/cuda-subset.md`.

pub mod ast;
mod lower;
pub mod parse;
pub mod preprocess;
pub mod types;

use lockstep_ir::{Context, Diagnostic, OpId};

/// The name of the `device.module` holding all device code.
pub const DEVICE_MODULE: &str = "kernels";

/// Compiles the CUDA source `src` (named `file` in locations) into a new
/// `builtin.module` in `ctx`.
pub fn compile(ctx: &mut Context, file: &str, src: &str) -> Result<OpId, Diagnostic> {
    let at = |ctx: &Context, off: usize, msg: String| {
        let off = off.min(src.len());
        let line = src[..off].matches('\n').count() as u32 + 1;
        let col = (off - src[..off].rfind('\n').map_or(0, |i| i + 1)) as u32 + 1;
        Diagnostic::error(ctx.file_loc(file, line, col), msg)
    };
    if src.trim().is_empty() {
        return Err(at(
            ctx,
            0,
            "empty translation unit: expected at least one function".into(),
        ));
    }
    if let Some(off) = src.find('\0') {
        return Err(at(
            ctx,
            off,
            "invalid character U+0000 (is this a binary file?)".into(),
        ));
    }
    let pp = preprocess::preprocess(src).map_err(|e| at(ctx, e.offset, e.message))?;
    let items = parse::parse_file(&pp.text).map_err(|e| {
        let off = pp.map.to_input(e.offset);
        at(ctx, off, e.message)
    })?;
    lower::lower(ctx, file, src, &pp.map, &items)
}
