//! lit-style test harness for lockstep.
//!
//! - `check`: an LLVM-FileCheck-compatible front end over the `filecheck`
//!   crate (used by the `lockstep-filecheck` binary).
//! - `lit`: the `harness = false` runner behind `cargo test --test lit`.
//! - `tools`: locating optional external tools (mlir-opt, FileCheck, ptxas)
//!   with skip-locally / fail-in-CI semantics.
//! - `cuda`: compiling CUDA with clang-22, the peer (one command for every
//!   test that needs clang's PTX), and listing `.cu` programs.
//!
//! Invariant: nothing here depends on other lockstep crates, so the harness
//! builds and self-tests even while the compiler crates are broken.

pub mod check;
pub mod cuda;
pub mod lit;
pub mod tools;
