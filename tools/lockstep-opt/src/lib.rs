//! lockstep-opt, the driver: mlir-opt's command line over lockstep.
//!
//! - [`cli`]: flags (with mlir-opt's spellings) and pass flags.
//! - [`driver`]: reading, splitting, parsing, verifying, running the
//!   pipeline, printing, timing.
//! - [`split`]: `--split-input-file` chunks with original line numbers.
//! - [`expect`]: `--verify-diagnostics` directives and matching.
//! - [`levels`]: the `-O` pipelines lockstepc and lockstep-run share.
//! - [`tool`]: what lockstep-opt and lockstepc share: the worker thread,
//!   the informational flags, input/output files, the pass manager from
//!   the flags, the timing report.
//!
//! Invariant: nothing here panics on any input; `main` still runs the work
//! on a thread with a large stack and turns a panic into an internal error
//! with exit status 1.

pub mod cli;
pub mod driver;
pub mod expect;
pub mod levels;
pub mod split;
pub mod tool;
