//! lockstep's host runtime: runs the host side of a lockstep program (the
//! `func.func`s with `host`, `arith`, `cf`, `math` and `func.call` ops) and
//! sends its device work (allocations, copies, launches) to a [`Backend`].
//!
//! Invariants:
//! - The IR is decoded once ([`HostProgram::decode`]) into compact
//!   instructions over numbered value slots; the interpreter never looks at
//!   op names while running, so host loops run at interpreter speed, not at
//!   IR-walking speed. Structured control flow (`scf`) must be lowered to
//!   `cf` first; the decoder rejects it with a located error.
//! - Every value is a `u64`: integers zero-extended from their width
//!   (`i1` is 0 or 1), floats as their IEEE bits (`f32` in the low 32
//!   bits), pointers as addresses. Signedness comes from the op.
//! - Bad input and runtime errors (out-of-bounds host access, division by
//!   zero, a backend failure) are errors, never panics: located at the op
//!   as a `lockstep_ir::Diagnostic` ([`RunError::Error`]) or, for a fault
//!   the device reported, a [`RunError::Fault`] carrying its report.
//! - The program's stdout is written to the caller's sink exactly as C's
//!   `printf` would write it ([`printf`]).

pub mod backend;
#[cfg(feature = "cuda")]
pub mod cuda_backend;
pub mod decode;
pub mod exec;
pub mod memory;
pub mod printf;
pub mod sim_backend;

pub use backend::{Backend, BackendError, LaunchRequest, NoDevice, resolve_kernel};
pub use decode::HostProgram;
pub use exec::{RunError, RunOptions, run_main};
pub use memory::HostMemory;
pub use sim_backend::{LaunchRecord, SimBackend};
