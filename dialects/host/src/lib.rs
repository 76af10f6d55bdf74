//! The `host` dialect: what the host side of a CUDA program does — device
//! and host memory, copies, kernel launches, synchronisation and `printf`.
//! The contract is `docs/gpu-dialects.md`.
//!
//! Invariants:
//! - `!host.ptr` is the only host type: an opaque core type with body
//!   exactly `ptr` (the registered type parser rejects anything else).
//! - Host ops never appear inside a `device.module`; every host op's
//!   verifier checks it.
//! - `host.launch` operands are, in order, the 3 grid dims, the 3 block
//!   dims (all six of one type, `index` or `i32`), the dynamic shared-memory
//!   size (`i32`) and the kernel arguments; its `kernel` attribute is a
//!   nested reference `@module::@kernel` resolved from the nearest symbol
//!   table by `verify_symbol_uses`, with MLIR's `gpu.launch_func` messages.
//! - Enum-like attributes (`kind` of `host.memcpy`) are string attributes.
//! - Allocation, memory and I/O ops carry no memory-effect trait (never
//!   CSE'd or deleted); only `host.ptradd` is pure.

pub mod build;
mod format;
pub mod ops;
mod verify;

pub use ops::*;

use lockstep_ir::{Context, Dialect, TypeData, TypeId};

pub static HOST: Dialect = Dialect {
    name: "host",
    summary: "Host-side CUDA runtime operations: memory, copies, launches, printf",
    ops: ops::ALL_OPS,
    materialize_constant: None,
    allows_unknown_ops: false,
};

/// Registers the host dialect and its type parser in a context.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(&HOST);
    ctx.register_type_parser("host", parse_type_body);
}

/// `!host.ptr`.
pub fn host_ptr_type(ctx: &Context) -> TypeId {
    ctx.ty(TypeData::Opaque {
        dialect: ctx.static_sym("host"),
        body: ctx.static_sym("ptr"),
    })
}

/// Is `ty` the `!host.ptr` type?
pub fn is_host_ptr(ctx: &Context, ty: TypeId) -> bool {
    matches!(ctx.type_data(ty), TypeData::Opaque { dialect, body }
        if ctx.str(*dialect) == "host" && ctx.str(*body) == "ptr")
}

/// The host dialect's type parser: only `ptr` exists.
pub fn parse_type_body(body: &str) -> Result<String, String> {
    match body.trim() {
        "ptr" => Ok("ptr".to_string()),
        other => {
            let mnemonic = other.split('<').next().unwrap_or(other).trim();
            if mnemonic == "ptr" {
                return Err("'!host.ptr' takes no parameters".to_string());
            }
            Err(format!(
                "unknown type `{mnemonic}` in dialect `host` (the only host type is !host.ptr)"
            ))
        }
    }
}

/// Memcpy directions (`kind` attribute of `host.memcpy`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum MemcpyKind {
    HostToHost,
    HostToDevice,
    DeviceToHost,
    DeviceToDevice,
}

impl MemcpyKind {
    pub const ALL: &'static [MemcpyKind] = &[
        MemcpyKind::HostToHost,
        MemcpyKind::HostToDevice,
        MemcpyKind::DeviceToHost,
        MemcpyKind::DeviceToDevice,
    ];
    pub const KEYWORDS: &'static [&'static str] = &[
        "host_to_host",
        "host_to_device",
        "device_to_host",
        "device_to_device",
    ];
    pub fn keyword(self) -> &'static str {
        Self::KEYWORDS[self as usize]
    }
    pub fn from_keyword(k: &str) -> Option<Self> {
        Self::KEYWORDS
            .iter()
            .position(|&x| x == k)
            .map(|i| Self::ALL[i])
    }
    /// Is the destination (resp. source) in device memory?
    pub fn device_dst(self) -> bool {
        matches!(self, MemcpyKind::HostToDevice | MemcpyKind::DeviceToDevice)
    }
    pub fn device_src(self) -> bool {
        matches!(self, MemcpyKind::DeviceToHost | MemcpyKind::DeviceToDevice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_types() {
        assert_eq!(parse_type_body("ptr").as_deref(), Ok("ptr"));
        assert!(parse_type_body("int").unwrap_err().contains("`int`"));
        assert!(parse_type_body("ptr<global>").is_err());
        let ctx = Context::new();
        assert!(is_host_ptr(&ctx, host_ptr_type(&ctx)));
        assert!(!is_host_ptr(&ctx, ctx.common.i64));
        for &k in MemcpyKind::ALL {
            assert_eq!(MemcpyKind::from_keyword(k.keyword()), Some(k));
        }
    }
}
