//! The `device` dialect: SIMT kernel code — device modules, kernels and
//! device functions, special registers, address-spaced pointers, loads and
//! stores, barriers, warp votes and shuffles, and atomics. The contract
//! (op names, operands, attributes, formats) is `docs/gpu-dialects.md`.
//!
//! Invariants:
//! - `!device.ptr<SPACE>` is an opaque core type whose body is always the
//!   canonical `ptr<SPACE>` (the registered type parser rejects unknown
//!   spaces and normalises spelling), so two pointer types are equal iff
//!   their ids are.
//! - Enum-like inherent attributes (`dimension`, `mode`, `kind`) are string
//!   attributes holding one keyword of the tables in [`types`]; `volatile`
//!   is a unit attribute; sizes and alignments are `i64` integers.
//! - Device code lives in a `device.module`: kernels, functions and shared
//!   globals must be its direct children, and the device-only ops must be
//!   nested (at any depth) in a `device.kernel` or `device.func`.
//! - Ops whose effects matter for SIMT semantics (barriers, votes,
//!   shuffles, atomics, stores, loads, allocas, calls) carry no
//!   memory-effect trait, so CSE, DCE and hoisting never touch them; pure
//!   value ops (special registers, `ptradd`, `addrspace_cast`, `addressof`,
//!   `dynamic_shared`) are `PURE`.
//! - Nothing here panics on malformed IR: accessors answer `None`, the
//!   verifiers report a located diagnostic.
//! - `device.kernel`/`device.func`/`device.return`/`device.call` are
//!   `func.func`/`func.return`/`func.call` in syntax, accessors and
//!   signature checks: they use `lockstep_func::function_like` and func's
//!   formats, adding only device rules (parent module, kernels return
//!   nothing and have a body, a body needs named arguments, no calls to
//!   kernels). They carry the same generic traits as func's ops
//!   (`device.func` is `CALLABLE`, `device.call` `CALL_LIKE`,
//!   `device.return` `RETURN_LIKE`; a kernel is `FUNCTION_LIKE` but not
//!   callable), which is all generic passes such as the inliner look at.
//!   The host dialect reuses this crate's memory-op formats, constraints
//!   and checks the same way.

pub mod build;
pub mod format;
pub mod ops;
pub mod types;
mod verify;

pub use ops::*;
pub use types::{
    AddressSpace, AtomicKind, Dim, ShuffleMode, SpecialValue, VoteMode, parse_type_body, ptr_space,
    ptr_type,
};
pub use verify::check_size_align;

use lockstep_ir::{Context, Dialect};

pub static DEVICE: Dialect = Dialect {
    name: "device",
    summary: "SIMT device code: kernels, special registers, memory spaces, warp operations",
    ops: ops::ALL_OPS,
    materialize_constant: None,
    allows_unknown_ops: false,
};

/// Registers the device dialect and its type parser in a context.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(&DEVICE);
    ctx.register_type_parser("device", parse_type_body);
}
