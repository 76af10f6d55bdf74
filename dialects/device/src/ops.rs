//! The `device` op definitions, type and attribute constraints, and typed
//! accessors other crates use to recognise and read device ops.
//!
//! Invariants:
//! - Each op is one `static` [`OpDef`]; crates match ops with
//!   `ctx.isa(op, &lockstep_device::BARRIER)` (definition identity).
//! - Accessors never panic on malformed ops: they answer `None`/empty.

use crate::format;
use crate::types::{AddressSpace, AtomicKind, Dim, ShuffleMode, SpecialValue, VoteMode, ptr_space};
use crate::verify;
use lockstep_ir::opdef::{
    Arity, AttrConstraint, FoldValue, RegionSpec, TypeConstraint, ValueSpec, constraints,
};
use lockstep_ir::{AttrData, AttrId, Context, OpDef, OpId, Sym, Traits, TypeData, TypeId, ValueId};

// ----- constraints -----

/// Is `t` a signless integer of one of `widths`?
pub fn int_of(ctx: &Context, t: TypeId, widths: &[u32]) -> bool {
    matches!(ctx.type_data(t), TypeData::Integer { width, .. } if widths.contains(width))
        && ctx.type_data(t).is_signless_integer()
}

fn is_float(ctx: &Context, t: TypeId) -> bool {
    matches!(
        ctx.type_data(t),
        TypeData::Float(lockstep_ir::types::FloatKind::F32 | lockstep_ir::types::FloatKind::F64)
    )
}

pub static DEVICE_PTR: TypeConstraint = TypeConstraint {
    description: "device pointer",
    check: |c, t| ptr_space(c, t).is_some(),
};
pub static I32: TypeConstraint = TypeConstraint {
    description: "32-bit signless integer",
    check: |c, t| int_of(c, t, &[32]),
};
pub static I64: TypeConstraint = TypeConstraint {
    description: "64-bit signless integer",
    check: |c, t| int_of(c, t, &[64]),
};
pub static OFFSET: TypeConstraint = TypeConstraint {
    description: "32-bit or 64-bit signless integer",
    check: |c, t| int_of(c, t, &[32, 64]),
};
/// What device loads and stores move: `i8`..`i64`, `f32`, `f64`, pointers.
pub static LOADABLE: TypeConstraint = TypeConstraint {
    description: "i8, i16, i32, i64, f32, f64 or device pointer",
    check: |c, t| int_of(c, t, &[8, 16, 32, 64]) || is_float(c, t) || ptr_space(c, t).is_some(),
};
pub static SHUFFLE_VALUE: TypeConstraint = TypeConstraint {
    description: "i32, i64, f32 or f64",
    check: |c, t| int_of(c, t, &[32, 64]) || is_float(c, t),
};
pub static ATOMIC_VALUE: TypeConstraint = TypeConstraint {
    description: "i32, i64 or f32",
    check: |c, t| int_of(c, t, &[32, 64]) || t == c.common.f32,
};
pub static VOTE_RESULT: TypeConstraint = TypeConstraint {
    description: "i1 or i32",
    check: |c, t| int_of(c, t, &[1, 32]),
};

pub static I64_ATTR: AttrConstraint = AttrConstraint {
    description: "64-bit signless integer attribute",
    check: |c, a| matches!(c.attr_data(a), AttrData::Integer { ty, .. } if *ty == c.common.i64),
};
/// The function-like ops' attribute constraints are `func.func`'s.
pub use lockstep_func::{DICT_ARRAY_ATTR, UNIT_ATTR};
pub static DIM_ATTR: AttrConstraint = AttrConstraint {
    description: "dimension keyword: x, y or z",
    check: |c, a| Dim::from_attr(c, a).is_some(),
};
pub static VOTE_MODE_ATTR: AttrConstraint = AttrConstraint {
    description: "vote mode: any, all or ballot",
    check: |c, a| VoteMode::from_attr(c, a).is_some(),
};
pub static SHUFFLE_MODE_ATTR: AttrConstraint = AttrConstraint {
    description: "shuffle mode: idx, up, down or xor",
    check: |c, a| ShuffleMode::from_attr(c, a).is_some(),
};
pub static ATOMIC_KIND_ATTR: AttrConstraint = AttrConstraint {
    description: "atomic kind: add, sub, min, max, umin, umax, exch, and, or or xor",
    check: |c, a| AtomicKind::from_attr(c, a).is_some(),
};

// ----- spec helpers (shared with the host dialect) -----

pub const fn one(name: &'static str, constraint: &'static TypeConstraint) -> ValueSpec {
    ValueSpec {
        name,
        constraint,
        arity: Arity::Single,
    }
}
pub const fn many(name: &'static str) -> ValueSpec {
    ValueSpec {
        name,
        constraint: &constraints::ANY,
        arity: Arity::Variadic,
    }
}
pub use lockstep_func::FUNCTION_ATTRS;
pub use lockstep_ir::opdef::{opt, req};

// ----- structure -----

pub static MODULE: OpDef = OpDef {
    name: "device.module",
    summary: "A symbol table of kernels, device functions and shared globals",
    attrs: &[
        req("sym_name", &constraints::SYMBOL_NAME),
        opt("sym_visibility", &constraints::STRING),
    ],
    regions: &[RegionSpec {
        name: "body",
        single_block: true,
    }],
    traits: Traits::SYMBOL
        .union(Traits::SYMBOL_TABLE)
        .union(Traits::ISOLATED_FROM_ABOVE)
        .union(Traits::NO_TERMINATOR)
        .union(Traits::SINGLE_BLOCK),
    verify: Some(verify::verify_module),
    verify_regions: Some(verify::verify_no_recursion),
    format: Some(format::MODULE_FORMAT),
    ..OpDef::DEFAULT
};

pub static KERNEL: OpDef = OpDef {
    name: "device.kernel",
    summary: "A kernel: an entry point launched from the host",
    attrs: FUNCTION_ATTRS,
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    // Function-like but not callable: only the host launches a kernel.
    traits: Traits::SYMBOL
        .union(Traits::ISOLATED_FROM_ABOVE)
        .union(Traits::FUNCTION_LIKE),
    verify: Some(verify::verify_function),
    format: Some(format::FUNCTION_FORMAT),
    ..OpDef::DEFAULT
};

pub static FUNC: OpDef = OpDef {
    name: "device.func",
    summary: "A function callable from device code",
    attrs: FUNCTION_ATTRS,
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    traits: Traits::SYMBOL
        .union(Traits::ISOLATED_FROM_ABOVE)
        .union(Traits::CALLABLE),
    verify: Some(verify::verify_function),
    format: Some(format::FUNCTION_FORMAT),
    ..OpDef::DEFAULT
};

pub static RETURN: OpDef = OpDef {
    name: "device.return",
    summary: "Returns from a kernel or device function",
    operands: &[many("operands")],
    traits: Traits::PURE
        .union(Traits::TERMINATOR)
        .union(Traits::RETURN_LIKE),
    verify: Some(verify::verify_return),
    format: Some(format::RETURN_FORMAT),
    ..OpDef::DEFAULT
};

pub static CALL: OpDef = OpDef {
    name: "device.call",
    summary: "Calls a device function",
    operands: &[many("operands")],
    results: &[many("results")],
    attrs: &[req("callee", &constraints::FLAT_SYMBOL_REF)],
    // A call may do whatever its callee does (barriers included).
    traits: Traits::CALL_LIKE,
    verify: Some(verify::verify_device_only),
    verify_symbol_uses: Some(verify::verify_call_symbol_uses),
    format: Some(format::CALL_FORMAT),
    ..OpDef::DEFAULT
};

pub static SHARED: OpDef = OpDef {
    name: "device.shared",
    summary: "Static shared-memory storage of a device module",
    attrs: &[
        req("sym_name", &constraints::SYMBOL_NAME),
        req("size", &I64_ATTR),
        opt("alignment", &I64_ATTR),
        opt("sym_visibility", &constraints::STRING),
    ],
    traits: Traits::SYMBOL,
    verify: Some(verify::verify_shared),
    format: Some(format::SHARED_FORMAT),
    ..OpDef::DEFAULT
};

// ----- special registers -----

/// A pure, device-only special-register read answering `i32`: along a
/// `dimension` (`x`/`y`/`z`) when declared with `dim`, else with no
/// attribute.
macro_rules! special_register_op {
    ($stat:ident, $name:literal, $summary:literal, dim) => {
        special_register_op!(
            @def $stat, $name, $summary,
            &[req("dimension", &DIM_ATTR)],
            format::DIM_FORMAT
        );
    };
    ($stat:ident, $name:literal, $summary:literal) => {
        special_register_op!(@def $stat, $name, $summary, &[], format::TYPE_ONLY_FORMAT);
    };
    (@def $stat:ident, $name:literal, $summary:literal, $attrs:expr, $format:expr) => {
        pub static $stat: OpDef = OpDef {
            name: $name,
            summary: $summary,
            results: &[one("result", &I32)],
            attrs: $attrs,
            traits: Traits::PURE,
            verify: Some(verify::verify_device_only),
            format: Some($format),
            ..OpDef::DEFAULT
        };
    };
}

special_register_op!(
    THREAD_ID,
    "device.thread_id",
    "threadIdx along a dimension",
    dim
);
special_register_op!(
    BLOCK_ID,
    "device.block_id",
    "blockIdx along a dimension",
    dim
);
special_register_op!(
    BLOCK_DIM,
    "device.block_dim",
    "blockDim along a dimension",
    dim
);
special_register_op!(
    GRID_DIM,
    "device.grid_dim",
    "gridDim along a dimension",
    dim
);
special_register_op!(
    LANE_ID,
    "device.lane_id",
    "The lane of the thread within its warp"
);
special_register_op!(
    WARP_SIZE,
    "device.warp_size",
    "The number of threads in a warp (32)"
);

// ----- memory -----

pub static ADDRESSOF: OpDef = OpDef {
    name: "device.addressof",
    summary: "The address of a device.shared global",
    results: &[one("result", &DEVICE_PTR)],
    attrs: &[req("symbol", &constraints::FLAT_SYMBOL_REF)],
    traits: Traits::PURE,
    verify: Some(verify::verify_addressof),
    verify_symbol_uses: Some(verify::verify_addressof_symbol_uses),
    format: Some(format::ADDRESSOF_FORMAT),
    ..OpDef::DEFAULT
};

pub static DYNAMIC_SHARED: OpDef = OpDef {
    name: "device.dynamic_shared",
    summary: "The base of the dynamic shared-memory area",
    results: &[one("result", &DEVICE_PTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_dynamic_shared),
    format: Some(format::TYPE_ONLY_FORMAT),
    ..OpDef::DEFAULT
};

pub static ALLOCA: OpDef = OpDef {
    name: "device.alloca",
    summary: "Per-thread local storage",
    results: &[one("result", &DEVICE_PTR)],
    attrs: &[req("size", &I64_ATTR), opt("alignment", &I64_ATTR)],
    // Each alloca is a distinct allocation: never merged or hoisted.
    traits: Traits::NONE,
    verify: Some(verify::verify_alloca),
    format: Some(format::ALLOCA_FORMAT),
    ..OpDef::DEFAULT
};

pub static PTRADD: OpDef = OpDef {
    name: "device.ptradd",
    summary: "Byte offset of a device pointer",
    operands: &[one("base", &DEVICE_PTR), one("offset", &OFFSET)],
    results: &[one("result", &DEVICE_PTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_ptradd),
    fold: Some(fold_ptradd),
    format: Some(format::PTRADD_FORMAT),
    ..OpDef::DEFAULT
};

pub static ADDRSPACE_CAST: OpDef = OpDef {
    name: "device.addrspace_cast",
    summary: "Converts a pointer to or from the generic address space",
    operands: &[one("source", &DEVICE_PTR)],
    results: &[one("result", &DEVICE_PTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_addrspace_cast),
    fold: Some(fold_addrspace_cast),
    format: Some(format::CAST_FORMAT),
    ..OpDef::DEFAULT
};

/// An integer address (in the pointer's own space's window) as a pointer:
/// how raised PTX, whose addresses are plain registers, names its memory.
/// `i32` addresses are allowed for `shared` and `local`, whose windows
/// are below 4 GiB (nvcc -O3 addresses shared memory with 32-bit registers).
pub static INTTOPTR: OpDef = OpDef {
    name: "device.inttoptr",
    summary: "Reads an integer address as a device pointer",
    operands: &[one("source", &OFFSET)],
    results: &[one("result", &DEVICE_PTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_int_ptr_cast),
    fold: Some(fold_int_ptr_round_trip),
    format: Some(format::CAST_FORMAT),
    ..OpDef::DEFAULT
};

/// A device pointer's address as an integer (the inverse of `inttoptr`).
pub static PTRTOINT: OpDef = OpDef {
    name: "device.ptrtoint",
    summary: "Reads a device pointer's address as an integer",
    operands: &[one("source", &DEVICE_PTR)],
    results: &[one("result", &OFFSET)],
    traits: Traits::PURE,
    verify: Some(verify::verify_int_ptr_cast),
    fold: Some(fold_int_ptr_round_trip),
    format: Some(format::CAST_FORMAT),
    ..OpDef::DEFAULT
};

pub static LOAD: OpDef = OpDef {
    name: "device.load",
    summary: "Loads a value from device memory",
    operands: &[one("addr", &DEVICE_PTR)],
    results: &[one("result", &LOADABLE)],
    attrs: &[opt("volatile", &UNIT_ATTR)],
    traits: Traits::NONE,
    verify: Some(verify::verify_load),
    format: Some(format::LOAD_FORMAT),
    ..OpDef::DEFAULT
};

pub static STORE: OpDef = OpDef {
    name: "device.store",
    summary: "Stores a value to device memory",
    operands: &[one("value", &LOADABLE), one("addr", &DEVICE_PTR)],
    attrs: &[opt("volatile", &UNIT_ATTR)],
    traits: Traits::NONE,
    verify: Some(verify::verify_store),
    format: Some(format::STORE_FORMAT),
    ..OpDef::DEFAULT
};

// ----- synchronization and warp operations -----

pub static BARRIER: OpDef = OpDef {
    name: "device.barrier",
    summary: "Block-wide barrier (__syncthreads)",
    traits: Traits::NONE,
    verify: Some(verify::verify_device_only),
    format: Some(format::BARE_FORMAT),
    ..OpDef::DEFAULT
};

pub static VOTE: OpDef = OpDef {
    name: "device.vote",
    summary: "Warp vote (__any_sync, __all_sync, __ballot_sync)",
    operands: &[one("mask", &I32), one("predicate", &constraints::BOOL)],
    results: &[one("result", &VOTE_RESULT)],
    attrs: &[req("mode", &VOTE_MODE_ATTR)],
    traits: Traits::NONE,
    verify: Some(verify::verify_vote),
    format: Some(format::VOTE_FORMAT),
    ..OpDef::DEFAULT
};

pub static SHUFFLE: OpDef = OpDef {
    name: "device.shuffle",
    summary: "Warp shuffle (__shfl_*sync)",
    operands: &[
        one("mask", &I32),
        one("value", &SHUFFLE_VALUE),
        one("lane", &I32),
        one("width", &I32),
    ],
    results: &[one("result", &SHUFFLE_VALUE)],
    attrs: &[req("mode", &SHUFFLE_MODE_ATTR)],
    traits: Traits::NONE,
    verify: Some(verify::verify_shuffle),
    format: Some(format::SHUFFLE_FORMAT),
    ..OpDef::DEFAULT
};

pub static ATOMIC: OpDef = OpDef {
    name: "device.atomic",
    summary: "Atomic read-modify-write; returns the old value",
    operands: &[one("addr", &DEVICE_PTR), one("value", &ATOMIC_VALUE)],
    results: &[one("result", &ATOMIC_VALUE)],
    attrs: &[req("kind", &ATOMIC_KIND_ATTR)],
    traits: Traits::NONE,
    verify: Some(verify::verify_atomic),
    format: Some(format::ATOMIC_FORMAT),
    ..OpDef::DEFAULT
};

pub static ATOMIC_CAS: OpDef = OpDef {
    name: "device.atomic_cas",
    summary: "Atomic compare-and-swap; returns the old value",
    operands: &[
        one("addr", &DEVICE_PTR),
        one("compare", &OFFSET),
        one("value", &OFFSET),
    ],
    results: &[one("result", &OFFSET)],
    traits: Traits::NONE,
    verify: Some(verify::verify_atomic_cas),
    format: Some(format::ATOMIC_CAS_FORMAT),
    ..OpDef::DEFAULT
};

/// Every device op, in the dialect's table order.
pub const ALL_OPS: &[&OpDef] = &[
    &MODULE,
    &KERNEL,
    &FUNC,
    &RETURN,
    &CALL,
    &SHARED,
    &THREAD_ID,
    &BLOCK_ID,
    &BLOCK_DIM,
    &GRID_DIM,
    &LANE_ID,
    &WARP_SIZE,
    &ADDRESSOF,
    &DYNAMIC_SHARED,
    &ALLOCA,
    &PTRADD,
    &ADDRSPACE_CAST,
    &INTTOPTR,
    &PTRTOINT,
    &LOAD,
    &STORE,
    &BARRIER,
    &VOTE,
    &SHUFFLE,
    &ATOMIC,
    &ATOMIC_CAS,
];

/// The ops that are only legal inside a `device.kernel` or `device.func`.
pub const DEVICE_ONLY_OPS: &[&OpDef] = &[
    &CALL,
    &THREAD_ID,
    &BLOCK_ID,
    &BLOCK_DIM,
    &GRID_DIM,
    &LANE_ID,
    &WARP_SIZE,
    &ADDRESSOF,
    &DYNAMIC_SHARED,
    &ALLOCA,
    &BARRIER,
    &VOTE,
    &SHUFFLE,
    &ATOMIC,
    &ATOMIC_CAS,
];

// ----- folds -----

/// `ptradd %p, 0` is `%p` (shared with `host.ptradd`).
pub fn fold_ptradd(ctx: &Context, op: OpId, cst: &[Option<AttrId>]) -> Option<Vec<FoldValue>> {
    let off = (*cst.get(1)?)?;
    if ctx.attr_data(off).as_int() == Some(0) {
        return Some(vec![FoldValue::Value(*ctx.operands(op).first()?)]);
    }
    None
}

/// `addrspace_cast (addrspace_cast %p : S to T) : T to S` is `%p`: the
/// round trip through generic returns the original pointer.
fn fold_addrspace_cast(ctx: &Context, op: OpId, _: &[Option<AttrId>]) -> Option<Vec<FoldValue>> {
    let src = *ctx.operands(op).first()?;
    let inner = ctx.defining_op(src)?;
    if !ctx.isa(inner, &ADDRSPACE_CAST) {
        return None;
    }
    let orig = *ctx.operands(inner).first()?;
    let res = *ctx.results(op).first()?;
    (ctx.value_type(orig) == ctx.value_type(res)).then(|| vec![FoldValue::Value(orig)])
}

/// `ptrtoint (inttoptr %x)` and `inttoptr (ptrtoint %p)` are the
/// original value when the types round-trip exactly.
fn fold_int_ptr_round_trip(
    ctx: &Context,
    op: OpId,
    _: &[Option<AttrId>],
) -> Option<Vec<FoldValue>> {
    let src = *ctx.operands(op).first()?;
    let inner = ctx.defining_op(src)?;
    let inverse = if ctx.isa(op, &INTTOPTR) {
        &PTRTOINT
    } else {
        &INTTOPTR
    };
    if !ctx.isa(inner, inverse) {
        return None;
    }
    let orig = *ctx.operands(inner).first()?;
    let res = *ctx.results(op).first()?;
    (ctx.value_type(orig) == ctx.value_type(res)).then(|| vec![FoldValue::Value(orig)])
}

// ----- accessors -----

/// Which special register `op` reads, if it is one of those ops.
pub fn special_value(ctx: &Context, op: OpId) -> Option<SpecialValue> {
    let def = ctx.def_of(op)?;
    let dim = || Dim::of(ctx, op, "dimension");
    Some(if std::ptr::eq(def, &THREAD_ID) {
        SpecialValue::ThreadId(dim()?)
    } else if std::ptr::eq(def, &BLOCK_ID) {
        SpecialValue::BlockId(dim()?)
    } else if std::ptr::eq(def, &BLOCK_DIM) {
        SpecialValue::BlockDim(dim()?)
    } else if std::ptr::eq(def, &GRID_DIM) {
        SpecialValue::GridDim(dim()?)
    } else if std::ptr::eq(def, &LANE_ID) {
        SpecialValue::LaneId
    } else if std::ptr::eq(def, &WARP_SIZE) {
        SpecialValue::WarpSize
    } else {
        return None;
    })
}

/// Is `op` one of the device dialect's ops?
pub fn is_device_op(ctx: &Context, op: OpId) -> bool {
    ctx.def_of(op).is_some_and(|d| d.dialect() == "device")
}

/// The `dimension` of a special-register op.
pub fn dimension(ctx: &Context, op: OpId) -> Option<Dim> {
    Dim::of(ctx, op, "dimension")
}
/// The `mode` of a `device.vote`.
pub fn vote_mode(ctx: &Context, op: OpId) -> Option<VoteMode> {
    VoteMode::of(ctx, op, "mode")
}
/// The `mode` of a `device.shuffle`.
pub fn shuffle_mode(ctx: &Context, op: OpId) -> Option<ShuffleMode> {
    ShuffleMode::of(ctx, op, "mode")
}
/// The `kind` of a `device.atomic`.
pub fn atomic_kind(ctx: &Context, op: OpId) -> Option<AtomicKind> {
    AtomicKind::of(ctx, op, "kind")
}
/// Does a load or store carry `volatile`?
pub fn is_volatile(ctx: &Context, op: OpId) -> bool {
    ctx.attr_of(op, "volatile").is_some()
}
/// The address operand of a load, store, atomic or atomic_cas, with its
/// address space.
pub fn memory_address(ctx: &Context, op: OpId) -> Option<(ValueId, AddressSpace)> {
    let def = ctx.def_of(op)?;
    let i = if std::ptr::eq(def, &STORE) {
        1
    } else if [&LOAD, &ATOMIC, &ATOMIC_CAS]
        .iter()
        .any(|d| std::ptr::eq(def, *d))
    {
        0
    } else {
        return None;
    };
    let v = *ctx.operands(op).get(i)?;
    Some((v, ptr_space(ctx, ctx.value_type(v))?))
}
/// An integer attribute (`size`, `alignment`).
pub fn int_attr(ctx: &Context, op: OpId, name: &str) -> Option<i64> {
    ctx.int_attr_of(op, name)
}
/// The flat symbol a `device.call` or `device.addressof` names.
pub fn symbol_ref(ctx: &Context, op: OpId, name: &str) -> Option<Sym> {
    match ctx.attr_data(ctx.attr_of(op, name)?) {
        AttrData::SymbolRef { root, nested } if nested.is_empty() => Some(*root),
        _ => None,
    }
}

/// A `device.kernel` or `device.func`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct FunctionOp(pub OpId);

impl FunctionOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<FunctionOp> {
        (ctx.isa(op, &KERNEL) || ctx.isa(op, &FUNC)).then_some(FunctionOp(op))
    }
    pub fn is_kernel(self, ctx: &Context) -> bool {
        ctx.isa(self.0, &KERNEL)
    }
}

// The accessors of `func.func` (a declaration, which only `device.func`
// may be, has an empty body).
lockstep_func::function_like_accessors!(FunctionOp);

/// The innermost `device.kernel`/`device.func` enclosing `op`.
pub fn enclosing_function(ctx: &Context, op: OpId) -> Option<FunctionOp> {
    let mut cur = ctx.parent_op(op)?;
    loop {
        if let Some(f) = FunctionOp::from_op(ctx, cur) {
            return Some(f);
        }
        cur = ctx.parent_op(cur)?;
    }
}

/// The `device.module` enclosing `op`, if any.
pub fn enclosing_module(ctx: &Context, op: OpId) -> Option<OpId> {
    let mut cur = ctx.parent_op(op)?;
    loop {
        if ctx.isa(cur, &MODULE) {
            return Some(cur);
        }
        cur = ctx.parent_op(cur)?;
    }
}
