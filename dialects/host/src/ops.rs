//! The `host` op definitions, constraints and typed accessors.
//!
//! Invariants:
//! - Each op is one `static` [`OpDef`]; crates match ops by definition
//!   identity (`ctx.isa(op, &lockstep_host::LAUNCH)`).
//! - Accessors never panic on malformed ops.

use crate::format;
use crate::verify;
use crate::{MemcpyKind, is_host_ptr};
use lockstep_device::format::{
    ALLOCA_FORMAT, BARE_FORMAT, LOAD_FORMAT, PTRADD_FORMAT, STORE_FORMAT,
};
use lockstep_device::ops::{
    I32, I64, I64_ATTR, LOADABLE, OFFSET, fold_ptradd, int_of, many, one, opt, req,
};
use lockstep_device::{AddressSpace, ptr_space};
use lockstep_ir::opdef::{Arity, AttrConstraint, TypeConstraint, ValueSpec, constraints};
use lockstep_ir::{AttrData, Context, OpDef, OpId, Sym, Traits, TypeData, ValueId};

pub static HOST_PTR: TypeConstraint = TypeConstraint {
    description: "host pointer",
    check: is_host_ptr,
};
pub static GLOBAL_PTR: TypeConstraint = TypeConstraint {
    description: "global device pointer",
    check: |c, t| ptr_space(c, t) == Some(AddressSpace::Global),
};
pub static HOST_OR_GLOBAL_PTR: TypeConstraint = TypeConstraint {
    description: "host pointer or global device pointer",
    check: |c, t| is_host_ptr(c, t) || ptr_space(c, t) == Some(AddressSpace::Global),
};
/// What host loads and stores move: what device ones do, and host pointers.
pub static HOST_LOADABLE: TypeConstraint = TypeConstraint {
    description: "i8, i16, i32, i64, f32, f64, device pointer or host pointer",
    check: |c, t| (LOADABLE.check)(c, t) || is_host_ptr(c, t),
};
pub static LAUNCH_DIM: TypeConstraint = TypeConstraint {
    description: "index or 32-bit signless integer",
    check: |c, t| t == c.common.index || int_of(c, t, &[32]),
};
pub static PRINTF_ARG: TypeConstraint = TypeConstraint {
    description: "integer, index, floating-point or pointer",
    check: |c, t| {
        matches!(
            c.type_data(t),
            TypeData::Integer { .. } | TypeData::Index | TypeData::Float(_)
        ) || ptr_space(c, t).is_some()
            || is_host_ptr(c, t)
    },
};

pub static MEMCPY_KIND_ATTR: AttrConstraint = AttrConstraint {
    description: "memcpy kind: host_to_host, host_to_device, device_to_host or device_to_device",
    check: |c, a| matches!(c.attr_data(a), AttrData::String(s) if MemcpyKind::from_keyword(c.str(*s)).is_some()),
};
pub static KERNEL_REF_ATTR: AttrConstraint = AttrConstraint {
    description: "nested symbol reference attribute (@module::@kernel)",
    check: |c, a| matches!(c.attr_data(a), AttrData::SymbolRef { nested, .. } if nested.len() == 1),
};

pub static DEVICE_ALLOC: OpDef = OpDef {
    name: "host.device_alloc",
    summary: "Allocates global device memory (cudaMalloc)",
    operands: &[one("bytes", &I64)],
    results: &[one("result", &GLOBAL_PTR)],
    verify: Some(verify::verify_host_only),
    format: Some(format::OPERANDS_RESULT_FORMAT),
    ..OpDef::DEFAULT
};

pub static DEVICE_FREE: OpDef = OpDef {
    name: "host.device_free",
    summary: "Frees global device memory (cudaFree)",
    operands: &[one("ptr", &GLOBAL_PTR)],
    verify: Some(verify::verify_host_only),
    format: Some(format::OPERANDS_TYPES_FORMAT),
    ..OpDef::DEFAULT
};

pub static MEMCPY: OpDef = OpDef {
    name: "host.memcpy",
    summary: "Copies bytes between host and device memory (cudaMemcpy)",
    operands: &[
        one("dst", &HOST_OR_GLOBAL_PTR),
        one("src", &HOST_OR_GLOBAL_PTR),
        one("bytes", &I64),
    ],
    attrs: &[req("kind", &MEMCPY_KIND_ATTR)],
    verify: Some(verify::verify_memcpy),
    format: Some(format::MEMCPY_FORMAT),
    ..OpDef::DEFAULT
};

pub static ALLOC: OpDef = OpDef {
    name: "host.alloc",
    summary: "Allocates host memory (malloc)",
    operands: &[one("bytes", &I64)],
    results: &[one("result", &HOST_PTR)],
    verify: Some(verify::verify_host_only),
    format: Some(format::OPERANDS_RESULT_FORMAT),
    ..OpDef::DEFAULT
};

pub static FREE: OpDef = OpDef {
    name: "host.free",
    summary: "Frees host memory (free)",
    operands: &[one("ptr", &HOST_PTR)],
    verify: Some(verify::verify_host_only),
    format: Some(format::OPERANDS_TYPES_FORMAT),
    ..OpDef::DEFAULT
};

pub static ALLOCA: OpDef = OpDef {
    name: "host.alloca",
    summary: "Host stack storage",
    results: &[one("result", &HOST_PTR)],
    attrs: &[req("size", &I64_ATTR), opt("alignment", &I64_ATTR)],
    verify: Some(verify::verify_alloca),
    format: Some(ALLOCA_FORMAT),
    ..OpDef::DEFAULT
};

pub static PTRADD: OpDef = OpDef {
    name: "host.ptradd",
    summary: "Byte offset of a host pointer",
    operands: &[one("base", &HOST_PTR), one("offset", &OFFSET)],
    results: &[one("result", &HOST_PTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_host_only),
    fold: Some(fold_ptradd),
    format: Some(PTRADD_FORMAT),
    ..OpDef::DEFAULT
};

pub static LOAD: OpDef = OpDef {
    name: "host.load",
    summary: "Loads a value from host memory",
    operands: &[one("addr", &HOST_PTR)],
    results: &[one("result", &HOST_LOADABLE)],
    verify: Some(verify::verify_host_only),
    format: Some(LOAD_FORMAT),
    ..OpDef::DEFAULT
};

pub static STORE: OpDef = OpDef {
    name: "host.store",
    summary: "Stores a value to host memory",
    operands: &[one("value", &HOST_LOADABLE), one("addr", &HOST_PTR)],
    verify: Some(verify::verify_host_only),
    format: Some(STORE_FORMAT),
    ..OpDef::DEFAULT
};

pub static LAUNCH: OpDef = OpDef {
    name: "host.launch",
    summary: "Launches a device.kernel on a grid (kernel<<<grid, block, shm>>>(args))",
    operands: &[
        one("gridSizeX", &LAUNCH_DIM),
        one("gridSizeY", &LAUNCH_DIM),
        one("gridSizeZ", &LAUNCH_DIM),
        one("blockSizeX", &LAUNCH_DIM),
        one("blockSizeY", &LAUNCH_DIM),
        one("blockSizeZ", &LAUNCH_DIM),
        one("dynamicSharedMemorySize", &I32),
        many("kernelOperands"),
    ],
    attrs: &[req("kernel", &KERNEL_REF_ATTR)],
    verify: Some(verify::verify_launch),
    verify_symbol_uses: Some(verify::verify_launch_symbol_uses),
    format: Some(format::LAUNCH_FORMAT),
    ..OpDef::DEFAULT
};

pub static SYNCHRONIZE: OpDef = OpDef {
    name: "host.synchronize",
    summary: "Waits for all launched kernels (cudaDeviceSynchronize)",
    verify: Some(verify::verify_host_only),
    format: Some(BARE_FORMAT),
    ..OpDef::DEFAULT
};

pub static PRINTF: OpDef = OpDef {
    name: "host.printf",
    summary: "Formatted output (printf)",
    operands: &[ValueSpec {
        name: "args",
        constraint: &PRINTF_ARG,
        arity: Arity::Variadic,
    }],
    attrs: &[req("format", &constraints::STRING)],
    verify: Some(verify::verify_host_only),
    format: Some(format::PRINTF_FORMAT),
    ..OpDef::DEFAULT
};

/// Every host op, in the dialect's table order.
pub const ALL_OPS: &[&OpDef] = &[
    &DEVICE_ALLOC,
    &DEVICE_FREE,
    &MEMCPY,
    &ALLOC,
    &FREE,
    &ALLOCA,
    &PTRADD,
    &LOAD,
    &STORE,
    &LAUNCH,
    &SYNCHRONIZE,
    &PRINTF,
];

/// The `kind` of a `host.memcpy`.
pub fn memcpy_kind(ctx: &Context, op: OpId) -> Option<MemcpyKind> {
    match ctx.attr_data(ctx.attr_of(op, "kind")?) {
        AttrData::String(s) => MemcpyKind::from_keyword(ctx.str(*s)),
        _ => None,
    }
}

/// The `format` string of a `host.printf`.
pub fn printf_format(ctx: &Context, op: OpId) -> Option<&str> {
    match ctx.attr_data(ctx.attr_of(op, "format")?) {
        AttrData::String(s) => Some(ctx.str(*s)),
        _ => None,
    }
}

/// Number of fixed operands of `host.launch` before the kernel arguments.
pub const LAUNCH_FIXED_OPERANDS: usize = 7;

/// A `host.launch`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LaunchOp(pub OpId);

impl LaunchOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<LaunchOp> {
        ctx.isa(op, &LAUNCH).then_some(LaunchOp(op))
    }
    pub fn op(self) -> OpId {
        self.0
    }
    /// `(module, kernel)` of `@module::@kernel`.
    pub fn kernel_ref(self, ctx: &Context) -> Option<(Sym, Sym)> {
        match ctx.attr_data(ctx.attr_of(self.0, "kernel")?) {
            AttrData::SymbolRef { root, nested } if nested.len() == 1 => Some((*root, nested[0])),
            _ => None,
        }
    }
    /// Grid dims x, y, z.
    pub fn grid(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0).get(0..3).unwrap_or(&[])
    }
    /// Block dims x, y, z.
    pub fn block(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0).get(3..6).unwrap_or(&[])
    }
    pub fn dynamic_shared_memory_size(self, ctx: &Context) -> Option<ValueId> {
        ctx.operands(self.0).get(6).copied()
    }
    pub fn args(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
            .get(LAUNCH_FIXED_OPERANDS..)
            .unwrap_or(&[])
    }
}
