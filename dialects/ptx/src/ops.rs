//! The `ptx` op definitions: structure ops (`ptx.module`, `ptx.entry`,
//! `ptx.func`, `ptx.shared`, `ptx.local`, `ptx.reg`) and one op per PTX
//! opcode, plus the constraints and small accessors other modules share.
//!
//! Invariants:
//! - Each op is one `static` [`OpDef`]; crates match ops with
//!   `ctx.isa(op, &lockstep_ptx::ADD)` (definition identity).
//! - Every instruction op has variadic operands, at most one result (a
//!   register: `i1`, `i16`, `i32`, `i64`, `f32` or `f64`) and the optional
//!   inherent attributes of [`INST_ATTRS`]; which of them an opcode may
//!   carry is the verifier's business (`verify.rs`), not the constraint
//!   tables', so that one format serves every opcode. Whether an
//!   instruction has a result is fixed by its definition, except for
//!   `bar`/`barrier`, whose `red` forms alone have one ([`has_result`]).
//! - Instruction ops may also sit in device code (`device.kernel`,
//!   `device.func`), except the structure and control-flow ones
//!   ([`allowed_in_device_code`]); selection passes them through.
//! - `ptx.bra` is the only op with successors; its operands are
//!   `[predicate?, taken operands..., fall-through operands...]`, sized by
//!   `operandSegmentSizes`, exactly as `cf.cond_br`'s are.
//! - Accessors never panic on malformed ops: they answer `None`/empty.

use crate::{format, verify};
use lockstep_ir::opdef::{
    Arity, AttrConstraint, AttrSpec, RegionSpec, SuccessorSpec, TypeConstraint, ValueSpec,
    constraints,
};
use lockstep_ir::types::FloatKind;
use lockstep_ir::{AttrData, Context, OpDef, OpId, Traits, TypeData, TypeId};
use std::ops::Range;

// ----- constraints -----

/// The register class of a type: what `.reg` declares it as and the prefix
/// of its printed names.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum RegClass {
    /// `i1`: `.pred`, `%p`.
    Pred,
    /// `i16`: `.b16`, `%rs`.
    B16,
    /// `i32`: `.b32`, `%r`.
    B32,
    /// `i64`: `.b64`, `%rd`.
    B64,
    /// `f32`: `.b32`, `%f`.
    F32,
    /// `f64`: `.b64`, `%fd`.
    F64,
}

impl RegClass {
    /// The register class of `t`, if `t` is a PTX register type.
    pub fn of(ctx: &Context, t: TypeId) -> Option<RegClass> {
        match ctx.type_data(t) {
            TypeData::Integer { width, .. } if ctx.type_data(t).is_signless_integer() => {
                match width {
                    1 => Some(RegClass::Pred),
                    16 => Some(RegClass::B16),
                    32 => Some(RegClass::B32),
                    64 => Some(RegClass::B64),
                    _ => None,
                }
            }
            TypeData::Float(FloatKind::F32) => Some(RegClass::F32),
            TypeData::Float(FloatKind::F64) => Some(RegClass::F64),
            _ => None,
        }
    }
    /// Width in bits (1 for predicates).
    pub fn width(self) -> u32 {
        match self {
            RegClass::Pred => 1,
            RegClass::B16 => 16,
            RegClass::B32 | RegClass::F32 => 32,
            RegClass::B64 | RegClass::F64 => 64,
        }
    }
    pub fn is_float(self) -> bool {
        matches!(self, RegClass::F32 | RegClass::F64)
    }
    /// The `.reg` declaration type.
    pub fn decl(self) -> &'static str {
        match self {
            RegClass::Pred => ".pred",
            RegClass::B16 => ".b16",
            RegClass::B32 | RegClass::F32 => ".b32",
            RegClass::B64 | RegClass::F64 => ".b64",
        }
    }
    /// The prefix of printed register names (`%r1`).
    pub fn prefix(self) -> &'static str {
        match self {
            RegClass::Pred => "%p",
            RegClass::B16 => "%rs",
            RegClass::B32 => "%r",
            RegClass::B64 => "%rd",
            RegClass::F32 => "%f",
            RegClass::F64 => "%fd",
        }
    }
    /// All classes, in declaration order.
    pub const ALL: [RegClass; 6] = [
        RegClass::Pred,
        RegClass::B16,
        RegClass::B32,
        RegClass::B64,
        RegClass::F32,
        RegClass::F64,
    ];
}

pub static REGISTER: TypeConstraint = TypeConstraint {
    description: "PTX register type (i1, i16, i32, i64, f32 or f64)",
    check: |c, t| RegClass::of(c, t).is_some(),
};
pub static PREDICATE: TypeConstraint = TypeConstraint {
    description: "predicate register (i1)",
    check: |c, t| RegClass::of(c, t) == Some(RegClass::Pred),
};
pub static I64_ATTR: AttrConstraint = AttrConstraint {
    description: "64-bit signless integer attribute",
    check: |c, a| matches!(c.attr_data(a), AttrData::Integer { ty, .. } if *ty == c.common.i64),
};
/// A `mov` immediate: an integer or float attribute typed as the result.
pub static IMMEDIATE_ATTR: AttrConstraint = AttrConstraint {
    description: "integer or floating-point attribute",
    check: |c, a| {
        matches!(
            c.attr_data(a),
            AttrData::Integer { .. } | AttrData::Float { .. }
        )
    },
};
pub static UNIT_ATTR: AttrConstraint = AttrConstraint {
    description: "unit attribute",
    check: |c, a| matches!(c.attr_data(a), AttrData::Unit),
};
pub use lockstep_func::DICT_ARRAY_ATTR;

use lockstep_func::FUNCTION_ATTRS;
use lockstep_ir::opdef::{opt, req};

/// The inherent attributes every instruction op may carry (the verifier
/// decides which an opcode accepts):
/// - `mods`: the modifiers after the opcode, as in PTX without the leading
///   dot (`"lo.s32"`); absent means none.
/// - `value`: the immediate of `mov` (typed as the result), the barrier
///   number of `bar`/`barrier` (`i32`), or the lookup table of `lop3`
///   (`i32`, 0..=255).
/// - `sreg`: the special register `mov` reads (`"tid.x"`).
/// - `sym`: the symbol `mov` takes the address of, or a memory op's base.
/// - `offset`: bytes added to a memory op's address.
/// - `param`: the kernel/function parameter a `ld.param` reads.
/// - `retval`: the function result a `st.param` writes.
pub const INST_ATTRS: &[AttrSpec] = &[
    opt("mods", &constraints::STRING),
    opt("value", &IMMEDIATE_ATTR),
    opt("sreg", &constraints::STRING),
    opt("sym", &constraints::FLAT_SYMBOL_REF),
    opt("offset", &I64_ATTR),
    opt("param", &I64_ATTR),
    opt("retval", &I64_ATTR),
];

const OPERANDS: &[ValueSpec] = &[ValueSpec {
    name: "operands",
    constraint: &REGISTER,
    arity: Arity::Variadic,
}];
const ONE_RESULT: &[ValueSpec] = &[ValueSpec {
    name: "result",
    constraint: &REGISTER,
    arity: Arity::Single,
}];
const NO_RESULT: &[ValueSpec] = &[];
/// `bar.red`/`barrier.red` have a result, `bar.sync`/`bar.arrive` none:
/// whether the op has one follows its `mods` ([`has_result`]).
const OPTIONAL_RESULT: &[ValueSpec] = &[ValueSpec {
    name: "result",
    constraint: &REGISTER,
    arity: Arity::Optional,
}];

// ----- structure -----

pub static MODULE: OpDef = OpDef {
    name: "ptx.module",
    summary: "One PTX file: a symbol table of kernels, functions and shared variables",
    attrs: &[
        req("sym_name", &constraints::SYMBOL_NAME),
        req("target", &constraints::STRING),
        req("version", &constraints::STRING),
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
    format: Some(format::MODULE_FORMAT),
    ..OpDef::DEFAULT
};

pub static ENTRY: OpDef = OpDef {
    name: "ptx.entry",
    summary: "A kernel (`.visible .entry`); parameters are read with ld.param",
    attrs: FUNCTION_ATTRS,
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    traits: Traits::SYMBOL.union(Traits::ISOLATED_FROM_ABOVE),
    verify: Some(verify::verify_function),
    format: Some(format::FUNCTION_FORMAT),
    ..OpDef::DEFAULT
};

pub static FUNC: OpDef = OpDef {
    name: "ptx.func",
    summary: "A device function (`.func`); results are written with st.param",
    attrs: FUNCTION_ATTRS,
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    traits: Traits::SYMBOL.union(Traits::ISOLATED_FROM_ABOVE),
    verify: Some(verify::verify_function),
    format: Some(format::FUNCTION_FORMAT),
    ..OpDef::DEFAULT
};

pub static SHARED: OpDef = OpDef {
    name: "ptx.shared",
    summary: "A `.shared` byte array at module scope (extern: the dynamic area)",
    attrs: &[
        req("sym_name", &constraints::SYMBOL_NAME),
        opt("size", &I64_ATTR),
        req("align", &I64_ATTR),
        opt("extern", &UNIT_ATTR),
    ],
    traits: Traits::SYMBOL,
    verify: Some(verify::verify_storage),
    format: Some(format::STORAGE_FORMAT),
    ..OpDef::DEFAULT
};

pub static LOCAL: OpDef = OpDef {
    name: "ptx.local",
    summary: "A `.local` byte array in a function's entry block",
    attrs: &[
        req("sym_name", &constraints::SYMBOL_NAME),
        req("size", &I64_ATTR),
        req("align", &I64_ATTR),
    ],
    traits: Traits::SYMBOL,
    verify: Some(verify::verify_storage),
    format: Some(format::STORAGE_FORMAT),
    ..OpDef::DEFAULT
};

pub static REG: OpDef = OpDef {
    name: "ptx.reg",
    summary: "A mutable register (after out-of-SSA), written only by ptx.copy",
    results: ONE_RESULT,
    // Not pure: two registers of one type must never be merged by CSE.
    traits: Traits::NONE,
    verify: Some(verify::verify_reg),
    format: Some(format::REG_FORMAT),
    ..OpDef::DEFAULT
};

// ----- instructions -----

/// Arithmetic and conversion: no memory effect, no trap.
const ALU: Traits = Traits::PURE;
/// Memory, synchronisation, register writes: never moved or dropped.
const EFFECT: Traits = Traits::NONE;

macro_rules! inst {
    ($stat:ident, $name:literal, $summary:literal, $results:expr, $traits:expr) => {
        pub static $stat: OpDef = OpDef {
            name: $name,
            summary: $summary,
            operands: OPERANDS,
            results: $results,
            attrs: INST_ATTRS,
            traits: $traits,
            verify: Some(verify::verify_inst),
            format: Some(format::INST_FORMAT),
            ..OpDef::DEFAULT
        };
    };
}

inst!(ADD, "ptx.add", "add", ONE_RESULT, ALU);
inst!(SUB, "ptx.sub", "sub", ONE_RESULT, ALU);
inst!(MUL, "ptx.mul", "mul", ONE_RESULT, ALU);
inst!(MAD, "ptx.mad", "mad (multiply-add)", ONE_RESULT, ALU);
inst!(MUL24, "ptx.mul24", "mul24", ONE_RESULT, ALU);
inst!(DIV, "ptx.div", "div", ONE_RESULT, ALU);
inst!(REM, "ptx.rem", "rem", ONE_RESULT, ALU);
inst!(ABS, "ptx.abs", "abs", ONE_RESULT, ALU);
inst!(NEG, "ptx.neg", "neg", ONE_RESULT, ALU);
inst!(MIN, "ptx.min", "min", ONE_RESULT, ALU);
inst!(MAX, "ptx.max", "max", ONE_RESULT, ALU);
inst!(AND, "ptx.and", "and", ONE_RESULT, ALU);
inst!(OR, "ptx.or", "or", ONE_RESULT, ALU);
inst!(XOR, "ptx.xor", "xor", ONE_RESULT, ALU);
inst!(NOT, "ptx.not", "not", ONE_RESULT, ALU);
inst!(SHL, "ptx.shl", "shl", ONE_RESULT, ALU);
inst!(SHR, "ptx.shr", "shr", ONE_RESULT, ALU);
inst!(POPC, "ptx.popc", "popc (population count)", ONE_RESULT, ALU);
inst!(CLZ, "ptx.clz", "clz (count leading zeros)", ONE_RESULT, ALU);
inst!(BREV, "ptx.brev", "brev (bit reverse)", ONE_RESULT, ALU);
inst!(FMA, "ptx.fma", "fma (fused multiply-add)", ONE_RESULT, ALU);
inst!(RCP, "ptx.rcp", "rcp (reciprocal)", ONE_RESULT, ALU);
inst!(SQRT, "ptx.sqrt", "sqrt", ONE_RESULT, ALU);
inst!(RSQRT, "ptx.rsqrt", "rsqrt", ONE_RESULT, ALU);
inst!(SIN, "ptx.sin", "sin", ONE_RESULT, ALU);
inst!(COS, "ptx.cos", "cos", ONE_RESULT, ALU);
inst!(EX2, "ptx.ex2", "ex2 (base-2 exponential)", ONE_RESULT, ALU);
inst!(LG2, "ptx.lg2", "lg2 (base-2 logarithm)", ONE_RESULT, ALU);
inst!(CVT, "ptx.cvt", "cvt (conversion)", ONE_RESULT, ALU);
inst!(
    CVTA,
    "ptx.cvta",
    "cvta (address-window conversion)",
    ONE_RESULT,
    ALU
);
inst!(
    MOV,
    "ptx.mov",
    "mov: a register, an immediate, a special register or a symbol's address",
    ONE_RESULT,
    ALU
);
inst!(
    SETP,
    "ptx.setp",
    "setp (compare to predicate)",
    ONE_RESULT,
    ALU
);
inst!(
    SELP,
    "ptx.selp",
    "selp (select on predicate)",
    ONE_RESULT,
    ALU
);
inst!(LD, "ptx.ld", "ld (load)", ONE_RESULT, EFFECT);
inst!(ST, "ptx.st", "st (store)", NO_RESULT, EFFECT);
inst!(
    ATOM,
    "ptx.atom",
    "atom (atomic read-modify-write)",
    ONE_RESULT,
    EFFECT
);
inst!(
    RED,
    "ptx.red",
    "red (atomic reduction, no result)",
    NO_RESULT,
    EFFECT
);
inst!(
    BAR,
    "ptx.bar",
    "bar (barrier: sync, arrive, red with a result)",
    OPTIONAL_RESULT,
    EFFECT
);
inst!(
    BARRIER,
    "ptx.barrier",
    "barrier (aligned barrier: sync, arrive, red with a result)",
    OPTIONAL_RESULT,
    EFFECT
);
inst!(VOTE, "ptx.vote", "vote (warp vote)", ONE_RESULT, EFFECT);
inst!(SHFL, "ptx.shfl", "shfl (warp shuffle)", ONE_RESULT, EFFECT);
inst!(PRMT, "ptx.prmt", "prmt (byte permute)", ONE_RESULT, ALU);
inst!(BFE, "ptx.bfe", "bfe (bit-field extract)", ONE_RESULT, ALU);
inst!(BFI, "ptx.bfi", "bfi (bit-field insert)", ONE_RESULT, ALU);
inst!(
    BFIND,
    "ptx.bfind",
    "bfind (position of the most significant non-sign bit)",
    ONE_RESULT,
    ALU
);
inst!(
    SAD,
    "ptx.sad",
    "sad (sum of absolute differences)",
    ONE_RESULT,
    ALU
);
inst!(
    SLCT,
    "ptx.slct",
    "slct (select on the sign of an operand)",
    ONE_RESULT,
    ALU
);
inst!(
    SET,
    "ptx.set",
    "set (compare to an integer mask or 1.0f)",
    ONE_RESULT,
    ALU
);
inst!(CNOT, "ptx.cnot", "cnot (C logical not)", ONE_RESULT, ALU);
inst!(MAD24, "ptx.mad24", "mad24", ONE_RESULT, ALU);
inst!(SHF, "ptx.shf", "shf (funnel shift)", ONE_RESULT, ALU);
inst!(
    LOP3,
    "ptx.lop3",
    "lop3 (three-input logic; the lookup table is `value`)",
    ONE_RESULT,
    ALU
);
inst!(
    DP4A,
    "ptx.dp4a",
    "dp4a (four-way byte dot product and add)",
    ONE_RESULT,
    ALU
);
inst!(
    DP2A,
    "ptx.dp2a",
    "dp2a (two-way 16-bit by 8-bit dot product and add)",
    ONE_RESULT,
    ALU
);
inst!(COPYSIGN, "ptx.copysign", "copysign", ONE_RESULT, ALU);
inst!(
    TESTP,
    "ptx.testp",
    "testp (classify a float)",
    ONE_RESULT,
    ALU
);
inst!(TANH, "ptx.tanh", "tanh", ONE_RESULT, ALU);
inst!(
    MEMBAR,
    "ptx.membar",
    "membar (memory barrier)",
    NO_RESULT,
    EFFECT
);
inst!(
    FENCE,
    "ptx.fence",
    "fence (memory ordering fence)",
    NO_RESULT,
    EFFECT
);
inst!(
    ACTIVEMASK,
    "ptx.activemask",
    "activemask (mask of the active threads of the warp)",
    ONE_RESULT,
    EFFECT
);
inst!(
    PREFETCH,
    "ptx.prefetch",
    "prefetch (into a cache level)",
    NO_RESULT,
    EFFECT
);
inst!(
    NANOSLEEP,
    "ptx.nanosleep",
    "nanosleep (suspend the thread)",
    NO_RESULT,
    EFFECT
);
inst!(
    LDU,
    "ptx.ldu",
    "ldu (load a value uniform across the warp)",
    ONE_RESULT,
    EFFECT
);
inst!(
    RET,
    "ptx.ret",
    "ret",
    NO_RESULT,
    Traits::TERMINATOR.union(Traits::RETURN_LIKE)
);
inst!(EXIT, "ptx.exit", "exit", NO_RESULT, Traits::TERMINATOR);
inst!(
    TRAP,
    "ptx.trap",
    "trap (abort the kernel)",
    NO_RESULT,
    Traits::TERMINATOR
);
inst!(
    COPY,
    "ptx.copy",
    "copy into a ptx.reg (mov; out-of-SSA only)",
    NO_RESULT,
    EFFECT
);

pub static BRA: OpDef = OpDef {
    name: "ptx.bra",
    summary: "bra: unconditional, or predicated with a taken target and a fall-through block",
    operands: &[
        ValueSpec {
            name: "predicate",
            constraint: &PREDICATE,
            arity: Arity::Optional,
        },
        ValueSpec {
            name: "takenOperands",
            constraint: &REGISTER,
            arity: Arity::Variadic,
        },
        ValueSpec {
            name: "fallthroughOperands",
            constraint: &REGISTER,
            arity: Arity::Variadic,
        },
    ],
    attrs: &[opt("mods", &constraints::STRING), opt("negate", &UNIT_ATTR)],
    successors: SuccessorSpec::Variadic,
    traits: Traits::PURE
        .union(Traits::TERMINATOR)
        .union(Traits::ATTR_SIZED_OPERAND_SEGMENTS),
    verify: Some(verify::verify_bra),
    format: Some(format::BRA_FORMAT),
    successor_operands: Some(bra_successor_operands),
    ..OpDef::DEFAULT
};

pub static CALL: OpDef = OpDef {
    name: "ptx.call",
    summary: "call.uni of a ptx.func, with its parameter block",
    operands: OPERANDS,
    results: &[ValueSpec {
        name: "results",
        constraint: &REGISTER,
        arity: Arity::Variadic,
    }],
    attrs: &[req("callee", &constraints::FLAT_SYMBOL_REF)],
    traits: Traits::NONE,
    verify: Some(verify::verify_call),
    verify_symbol_uses: Some(verify::verify_call_symbol_uses),
    format: Some(lockstep_func::format::CALL_FORMAT),
    ..OpDef::DEFAULT
};

/// Declares the instruction list once and the dialect's op list as the
/// structure ops followed by it.
macro_rules! op_lists {
    ($($inst:ident),* $(,)?) => {
        /// Every instruction op that maps to one PTX opcode (all but the
        /// structure ops), in the order of the doc's opcode list.
        pub const INSTRUCTIONS: &[&OpDef] = &[$(&$inst),*];

        /// Every op of the dialect.
        pub const ALL_OPS: &[&OpDef] = &[&MODULE, &ENTRY, &FUNC, &SHARED, &LOCAL, &REG, $(&$inst),*];
    };
}

op_lists!(
    ADD, SUB, MUL, MAD, MUL24, MAD24, DIV, REM, ABS, NEG, MIN, MAX, SAD, AND, OR, XOR, NOT, CNOT,
    LOP3, SHL, SHR, SHF, POPC, CLZ, BREV, BFE, BFI, BFIND, PRMT, DP4A, DP2A, FMA, RCP, SQRT, RSQRT,
    SIN, COS, EX2, LG2, TANH, COPYSIGN, TESTP, CVT, CVTA, MOV, SETP, SET, SELP, SLCT, LD, LDU, ST,
    ATOM, RED, PREFETCH, BAR, BARRIER, MEMBAR, FENCE, VOTE, SHFL, ACTIVEMASK, NANOSLEEP, BRA, CALL,
    RET, EXIT, TRAP, COPY,
);

// ----- accessors -----

/// The PTX opcode of an instruction op (`"add"` for `ptx.add`).
pub fn opcode(def: &OpDef) -> &'static str {
    def.name.strip_prefix("ptx.").unwrap_or(def.name)
}

/// Is `def` a memory op whose operands start with an address (`ld`, `ldu`,
/// `st`, `atom`, `red`, `prefetch`)?
pub fn is_memory_op(def: &OpDef) -> bool {
    [&LD, &LDU, &ST, &ATOM, &RED, &PREFETCH]
        .iter()
        .any(|d| std::ptr::eq(*d, def))
}

/// Does an instruction `def` with modifiers `mods` have a result? Fixed by
/// the definition, except for `bar`/`barrier`, where only the `red` forms
/// (`bar.red.popc.u32 %r, 0, %p`) produce one.
pub fn has_result(def: &OpDef, mods: &str) -> bool {
    match def.results.first().map(|r| r.arity) {
        Some(Arity::Single) => true,
        Some(Arity::Optional) => mods.split('.').any(|w| w == "red"),
        _ => false,
    }
}

/// Does `def` never take operands (`membar`, `fence`, `activemask`, `ret`,
/// `exit`, `trap`)? Their custom form reads no operand list, so that an op
/// with neither operands nor a result does not swallow the `%x` starting
/// the next op.
pub fn takes_no_operands(def: &OpDef) -> bool {
    [&MEMBAR, &FENCE, &ACTIVEMASK, &RET, &EXIT, &TRAP]
        .iter()
        .any(|d| std::ptr::eq(*d, def))
}

/// May `def` appear in device code (inside a `device.kernel` or
/// `device.func`, passed through instruction selection unchanged)? Every
/// instruction that computes, accesses memory or synchronises may; the
/// structure and control-flow ops (`ptx.reg`, `ptx.local`, `ptx.copy`,
/// `ptx.bra`, `ptx.call`, `ptx.ret`, `ptx.exit`, `ptx.trap`) belong to
/// `ptx.entry`/`ptx.func` bodies only: device code has its own control
/// flow, calls and storage.
pub fn allowed_in_device_code(def: &OpDef) -> bool {
    let structure = [&REG, &LOCAL, &COPY, &BRA, &CALL, &RET, &EXIT, &TRAP];
    INSTRUCTIONS.iter().any(|d| std::ptr::eq(*d, def))
        && !structure.iter().any(|d| std::ptr::eq(*d, def))
}

/// The string attribute `name` of `op`.
pub fn str_attr<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c str> {
    match ctx.attr_data(ctx.attr_of(op, name)?) {
        AttrData::String(s) => Some(ctx.str(*s)),
        _ => None,
    }
}

/// The modifiers of an instruction op (`""` when it has none).
pub fn mods(ctx: &Context, op: OpId) -> &str {
    str_attr(ctx, op, "mods").unwrap_or("")
}

/// The root of a flat symbol reference attribute `name` of `op`.
pub fn sym_attr<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c str> {
    match ctx.attr_data(ctx.attr_of(op, name)?) {
        AttrData::SymbolRef { root, nested } if nested.is_empty() => Some(ctx.str(*root)),
        _ => None,
    }
}

/// Does a memory op take its address from its first operand (rather than
/// from `sym`, `param` or `retval`)?
pub fn has_address_register(ctx: &Context, op: OpId) -> bool {
    ["sym", "param", "retval"]
        .iter()
        .all(|a| ctx.attr_of(op, a).is_none())
}

/// The `i`-th `operandSegmentSizes` group of `ptx.bra`, or an empty range.
fn bra_group(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    ctx.operand_groups(op)
        .and_then(|g| g.get(i).cloned())
        .unwrap_or(0..0)
}

pub(crate) fn bra_successor_operands(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    match i {
        0 => bra_group(ctx, op, 1),
        1 => bra_group(ctx, op, 2),
        _ => 0..0,
    }
}

/// A `ptx.bra`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct BraOp(pub OpId);

impl BraOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<BraOp> {
        ctx.isa(op, &BRA).then_some(BraOp(op))
    }
    /// The predicate of a conditional branch.
    pub fn predicate(self, ctx: &Context) -> Option<lockstep_ir::ValueId> {
        let g = bra_group(ctx, self.0, 0);
        (g.len() == 1).then(|| ctx.operands(self.0)[g.start])
    }
    /// `@!%p bra`: the branch is taken when the predicate is false.
    pub fn negated(self, ctx: &Context) -> bool {
        ctx.attr_of(self.0, "negate").is_some()
    }
    /// `bra.uni`.
    pub fn is_uniform(self, ctx: &Context) -> bool {
        mods(ctx, self.0) == "uni"
    }
    /// The target when taken (the only target of an unconditional branch).
    pub fn taken(self, ctx: &Context) -> Option<lockstep_ir::BlockId> {
        ctx.successors(self.0).first().copied()
    }
    /// The fall-through block of a conditional branch.
    pub fn fallthrough(self, ctx: &Context) -> Option<lockstep_ir::BlockId> {
        ctx.successors(self.0).get(1).copied()
    }
    pub fn is_conditional(self, ctx: &Context) -> bool {
        ctx.successors(self.0).len() == 2
    }
}
