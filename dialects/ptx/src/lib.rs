//! The `ptx` dialect (see `docs/ptx-dialect.md`): one op per PTX instruction,
//! SSA values as typed virtual registers, and the emitter that writes PTX text.
//!
//! Invariants:
//! - Op definitions live in [`ops`], formats in `format`, checks in
//!   `verify`, builders in [`build`] (re-exported here), the PTX text writer
//!   in [`emit`].
//! - A `ptx` value is a virtual register whose type (`i1`, `i16`, `i32`,
//!   `i64`, `f32`, `f64`) is its register class ([`RegClass`]).
//! - Nothing here panics on malformed IR: accessors answer `None`/empty, the
//!   verifier and the emitter return located diagnostics.

pub mod build;
pub mod emit;
mod format;
pub mod ops;
mod verify;

pub use build::*;
pub use format::SPECIAL_REGISTERS;
pub use ops::*;

use lockstep_ir::{Context, Dialect};

pub static PTX: Dialect = Dialect {
    name: "ptx",
    summary: "PTX instructions one to one, over typed virtual registers",
    ops: ops::ALL_OPS,
    materialize_constant: None,
    allows_unknown_ops: false,
};

/// Registers the ptx dialect in a context.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(&PTX);
}
