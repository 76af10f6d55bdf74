//! lockstep-difftest: a random differential tester for lockstep's CUDA subset.
//!
//! [`progen`] turns a seed into a program; [`variants`] names the ways a program is compiled and
//! run (lockstep at each level and with each device or host pass alone, and clang-22's and
//! nvcc's PTX); [`exec`] runs one variant under a timeout; [`campaign`] runs many seeds in
//! parallel and tallies the verdicts; [`reduce`] shrinks a mismatching program.
//!
//! Invariants: the reference of every comparison is `lockstep-run -O0`; a variant differs
//! when its exit status or its stdout differs from the reference's; a program the reference
//! cannot compile, or a peer compiler rejects, is a generator failure, never a mismatch.

pub mod campaign;
pub mod exec;
pub mod progen;
pub mod reduce;
pub mod variants;
