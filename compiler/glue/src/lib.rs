//! Host-side code generation (see `docs/host-glue.md`): the launch glue
//! that loads a module's PTX and launches its kernels, in C on the CUDA
//! driver API and in Rust on `cudarc`, and the whole host program as C.
//!
//! Invariants:
//! - Every entry point takes the `builtin.module` the front end produces
//!   (host `func.func`s plus `device.module`s), at any optimization level,
//!   and only reads it.
//! - The glue treats the PTX as opaque text: it is embedded verbatim and
//!   kernels are looked up by their symbol names.
//! - Launch function signatures come from the `device.kernel` signatures
//!   through one type mapping (`c_syntax::Scalar`), so the C glue, the Rust
//!   glue and the host program's calls agree on parameter order and types.
//! - Bad input is a located [`Diagnostic`] naming the op; nothing here
//!   panics.

use lockstep_ir::{Context, Diagnostic, OpId};

/// `writeln!` into a `String`, which cannot fail.
macro_rules! emit {
    ($out:expr) => {{
        $out.push('\n');
    }};
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

mod c_glue;
pub mod c_syntax;
mod host_c;
pub mod kernels;
pub mod printf;
mod rust_glue;

/// The C launch glue: a header and the source implementing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CGlue {
    pub header: String,
    pub source: String,
}

/// The C launch glue for every `device.kernel` of `module`, with `ptx`
/// embedded. `header_name` is what the source `#include`s (e.g.
/// `"vecadd.h"`); the caller writes `header` under that name.
pub fn emit_c_glue(
    ctx: &Context,
    module: OpId,
    ptx: &str,
    header_name: &str,
) -> Result<CGlue, Diagnostic> {
    c_glue::emit(ctx, module, ptx, header_name)
}

/// The Rust launch glue (a module body using `cudarc`) for every
/// `device.kernel` of `module`, with `ptx` embedded.
pub fn emit_rust_glue(ctx: &Context, module: OpId, ptx: &str) -> Result<String, Diagnostic> {
    rust_glue::emit(ctx, module, ptx)
}

/// The whole host program (every host `func.func`, `main` included) as one
/// C file that launches kernels through the C glue (`#include
/// header_name`), so a `.cu` program builds and runs against a real GPU.
pub fn emit_host_c(ctx: &Context, module: OpId, header_name: &str) -> Result<String, Diagnostic> {
    host_c::emit(ctx, module, header_name)
}
