//! lockstep-ptx-reader: reads PTX text and decodes it once into a compact,
//! fully resolved program (`Module`) for the SIMT simulator.
//!
//! The grammar (`src/ptx.pest`) recognizes the structure of a PTX file; the
//! decoder (`reader`) resolves names and turns each instruction's dotted
//! opcode into an `Opcode`, its types and a `Modifiers` value. It covers
//! what `lockstepc --emit=ptx` (every -O level, `-g`) and clang-22 `-O3`
//! emit for `examples/*.cu`: `.version/.target/.address_size`, `.file`,
//! `.loc` (with `inlined_at` tails), `.pragma`, `.maxntid/.reqntid/...`;
//! `.entry` and `.func` with `.param` lists (`.ptr .global .align N`, byte
//! arrays), prototypes and `.extern .func`; module-scope `.shared`,
//! `.extern .shared`, `.const` and `.global` (with initializers);
//! function-scope `.reg` (ranges `%r<12>` and lists), `.local`, `.shared`
//! and `.param`; `{ }` scopes (call sequences); labels; predication `@%p`
//! and `@!%p`; vector operands `{%f1, %f2}`; `%p|%q` result pairs; `_`
//! sinks; addresses `[%rd+N]`, `[sym+N]`, `[N]`; integer (decimal, hex,
//! octal, binary, `U` suffix), `0f`/`0d` and decimal float immediates;
//! the special registers; `call` with return and argument lists.
//!
//! Invariant: `read_ptx` either returns a module whose every name is resolved
//! (see `program`) or a `PtxError` located at the offending PTX line:col; it
//! never panics on any input.

mod error;
mod operands;
mod program;
mod reader;

pub use error::PtxError;
pub use operands::{Want, type_name, wants};
pub use program::*;

/// Reads one PTX file. `file` only names the text in diagnostics.
pub fn read_ptx(file: &str, text: &str) -> Result<Module, PtxError> {
    reader::read(file, text)
}
