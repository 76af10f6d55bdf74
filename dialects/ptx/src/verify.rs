//! Verifiers of the `ptx` ops.
//!
//! Instruction ops are checked against a per-opcode grammar of modifiers
//! (the PTX forms nvcc, clang and lockstep write, each checked with ptxas
//! 13.5 for sm_80), then by rules ptxas enforces (REFERENCE §3): `mul`/`mad`
//! on integers need `lo`/`hi`/`wide`, `div`/`sqrt`/`rcp` on `f32` need a
//! rounding or `approx`/`full`, `fma` and float `mad` need a rounding, `cvt`
//! needs an integer rounding from float to integer and a float rounding
//! into a float from an integer or a wider float, and refuses one when
//! widening a float; `.ftz` and `.sat` only where ptxas takes them;
//! `and`/`or`/`xor`/`not`/`shl` take `.bN` types; `vote`/`shfl` need
//! `.sync`; ordered memory accesses need a scope and a space that has
//! them. The type modifier must agree with the register classes of the
//! operands and the result; operand counts are fixed per opcode.
//!
//! A grammar is a list of slots, each filled by at most one word. Most
//! slots are positional; a *free* slot's word may stand anywhere in the
//! modifiers, for the qualifiers ptxas reads in any order and compilers
//! write in different ones (`atom.global.sys.add.u32` from nvcc,
//! `atom.sys.global.add.u32` in the ISA, `setp.lt.ftz.or.f32`). A free
//! slot's words never belong to another slot of the same grammar.
//!
//! Where an instruction may live: in a `ptx.entry`/`ptx.func`, or — every
//! instruction but the structure and control-flow ops
//! ([`crate::allowed_in_device_code`]) — in a `device.kernel`/`device.func`
//! (recognised by name: this crate does not depend on the device dialect),
//! where selection passes it through unchanged. There its symbols name
//! `device.shared` arrays (selection keeps their names) and it may not use
//! parameter slots (`param`/`retval`), which only exist in PTX functions.
//!
//! Invariants:
//! - Verifiers only read the IR and never panic; what the declarative tables
//!   check (register types of operands and results, attribute kinds, segment
//!   sizes) is left to them.
//! - Every message carries the `'ptx.xxx' op ` prefix and is located at the
//!   op.
//! - Rules that depend on the target (`tanh` from sm_75, `.NaN` from sm_80,
//!   the `.cluster` scope from sm_90) are checked against the enclosing
//!   `ptx.module`'s `target`; in device code, where there is none yet, they
//!   are checked after selection.

use crate::ops::{
    ENTRY, FUNC, LOCAL, MODULE, RegClass, SHARED, allowed_in_device_code, has_address_register,
    opcode, str_attr, sym_attr,
};
use lockstep_func::function_like::{self as fl, op_error, quoted, verify_call_signature};
use lockstep_ir::{AttrData, Context, Diagnostic, OpDef, OpId, SymbolTables, TypeId};

type VResult = Result<(), Diagnostic>;

// ----- structure -----

fn expect_parent(ctx: &Context, op: OpId, parent: &'static OpDef) -> VResult {
    match ctx.parent_op(op) {
        // A detached op (a pass's fragment) has nothing to check.
        None => Ok(()),
        Some(p) if ctx.isa(p, parent) => Ok(()),
        _ => Err(op_error(
            ctx,
            op,
            format!("expects parent op '{}'", parent.name),
        )),
    }
}

/// The device dialect's function-like ops, by name.
const DEVICE_FUNCTIONS: &[&str] = &["device.kernel", "device.func"];

/// The function an op lives in.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Home {
    /// A `ptx.entry` or `ptx.func`.
    Ptx(OpId),
    /// A `device.kernel` or `device.func`: device code, before selection.
    Device(OpId),
}

/// The nearest `ptx.entry`/`ptx.func`/`device.kernel`/`device.func`
/// enclosing `op`, at any depth.
fn home(ctx: &Context, op: OpId) -> Option<Home> {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if ctx.isa(p, &ENTRY) || ctx.isa(p, &FUNC) {
            return Some(Home::Ptx(p));
        }
        if DEVICE_FUNCTIONS.contains(&ctx.name_of(p)) {
            return Some(Home::Device(p));
        }
        cur = ctx.parent_op(p);
    }
    None
}

/// The `ptx.entry`/`ptx.func` enclosing `op` (not crossing into device
/// code).
fn enclosing_function(ctx: &Context, op: OpId) -> Option<OpId> {
    match home(ctx, op)? {
        Home::Ptx(f) => Some(f),
        Home::Device(_) => None,
    }
}

/// The error for a structure or control-flow op found in device code, if
/// `op` is in device code.
fn reject_in_device_code(ctx: &Context, op: OpId) -> VResult {
    match home(ctx, op) {
        Some(Home::Device(f)) => Err(op_error(
            ctx,
            op,
            format!(
                "is not allowed in '{}': device code may hold PTX instructions, not the structure and control-flow ops of 'ptx.entry'/'ptx.func'",
                ctx.name_of(f)
            ),
        )
        .with_note(ctx.loc(f), "in this function")),
        _ => Ok(()),
    }
}

/// `NN` of the enclosing `ptx.module`'s `sm_NN` target, if `op` is in one.
fn target_arch(ctx: &Context, op: OpId) -> Option<u32> {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if ctx.isa(p, &MODULE) {
            let t = str_attr(ctx, p, "target")?.strip_prefix("sm_")?;
            let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
            return digits.parse().ok();
        }
        cur = ctx.parent_op(p);
    }
    None
}

/// Refuses `what` below `sm_{min}` when the target is known.
fn expect_arch(ctx: &Context, op: OpId, min: u32, what: &str) -> VResult {
    match target_arch(ctx, op) {
        Some(a) if a < min => Err(op_error(
            ctx,
            op,
            format!("{what} needs sm_{min} or newer (the target is sm_{a})"),
        )),
        _ => Ok(()),
    }
}

/// Ops that must sit in a function's entry block (`ptx.reg`, `ptx.local`).
fn expect_in_entry_block(ctx: &Context, op: OpId) -> VResult {
    let Some(block) = ctx.parent_block(op) else {
        return Ok(());
    };
    let Some(f) = ctx.parent_op(op) else {
        return Ok(());
    };
    let in_entry =
        (ctx.isa(f, &ENTRY) || ctx.isa(f, &FUNC)) && fl::entry_block(ctx, f) == Some(block);
    if !in_entry {
        return Err(op_error(
            ctx,
            op,
            "must be in the entry block of a 'ptx.entry' or 'ptx.func'",
        ));
    }
    Ok(())
}

pub(crate) fn verify_module(ctx: &Context, op: OpId) -> VResult {
    let target = str_attr(ctx, op, "target").unwrap_or("");
    let sm_ok = target
        .strip_prefix("sm_")
        .is_some_and(|n| n.len() >= 2 && n.bytes().all(|b| b.is_ascii_digit() || b == b'a'));
    if !sm_ok {
        return Err(op_error(
            ctx,
            op,
            format!("target '{target}' is not a PTX target like 'sm_80'"),
        ));
    }
    let version = str_attr(ctx, op, "version").unwrap_or("");
    let version_ok = version.split_once('.').is_some_and(|(a, b)| {
        !a.is_empty()
            && !b.is_empty()
            && a.bytes().all(|c| c.is_ascii_digit())
            && b.bytes().all(|c| c.is_ascii_digit())
    });
    if !version_ok {
        return Err(op_error(
            ctx,
            op,
            format!("version '{version}' is not a PTX ISA version like '8.0'"),
        ));
    }
    let Some(body) = ctx.regions(op).first().and_then(|&r| ctx.entry_block(r)) else {
        return Ok(());
    };
    for child in ctx.block_ops(body) {
        if !(ctx.isa(child, &ENTRY) || ctx.isa(child, &FUNC) || ctx.isa(child, &SHARED)) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "may only hold 'ptx.entry', 'ptx.func' and 'ptx.shared', found '{}'",
                    ctx.name_of(child)
                ),
            )
            .with_note(ctx.loc(child), "found here"));
        }
    }
    Ok(())
}

pub(crate) fn verify_function(ctx: &Context, op: OpId) -> VResult {
    expect_parent(ctx, op, &MODULE)?;
    let is_entry = ctx.isa(op, &ENTRY);
    for (i, &t) in fl::inputs(ctx, op).iter().enumerate() {
        // A kernel's byte parameters (C `char`, `bool`) are `.u8`: one byte
        // of the launch's parameter buffer, read into a 16-bit register.
        let byte = is_entry && t == ctx.int_type(8);
        if !byte
            && !matches!(
                RegClass::of(ctx, t),
                Some(RegClass::B16 | RegClass::B32 | RegClass::B64 | RegClass::F32 | RegClass::F64)
            )
        {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "parameter {i} has type {}, expected {}i16, i32, i64, f32 or f64",
                    quoted(ctx, t),
                    if is_entry { "i8, " } else { "" }
                ),
            ));
        }
    }
    let results = fl::results(ctx, op);
    if is_entry && !results.is_empty() {
        return Err(op_error(ctx, op, "a kernel returns no results"));
    }
    if results.len() > 1 {
        // ptxas: "Multiple return parameters require .register state space".
        return Err(op_error(
            ctx,
            op,
            format!(
                "returns {} values; a PTX function returns at most one",
                results.len()
            ),
        ));
    }
    for (i, &t) in results.iter().enumerate() {
        if !matches!(
            RegClass::of(ctx, t),
            Some(RegClass::B16 | RegClass::B32 | RegClass::B64 | RegClass::F32 | RegClass::F64)
        ) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "result {i} has type {}, expected i16, i32, i64, f32 or f64",
                    quoted(ctx, t)
                ),
            ));
        }
    }
    if fl::is_declaration(ctx, op) {
        if is_entry {
            return Err(op_error(ctx, op, "a kernel needs a body"));
        }
        return Ok(());
    }
    if let Some(entry) = fl::entry_block(ctx, op)
        && !ctx.block_args(entry).is_empty()
    {
        return Err(op_error(
            ctx,
            op,
            "entry block must have no arguments (parameters are read with 'ld.param')",
        ));
    }
    Ok(())
}

pub(crate) fn verify_storage(ctx: &Context, op: OpId) -> VResult {
    reject_in_device_code(ctx, op)?;
    let is_shared = ctx.isa(op, &SHARED);
    if is_shared {
        expect_parent(ctx, op, &MODULE)?;
    } else {
        expect_in_entry_block(ctx, op)?;
    }
    let align = ctx.int_attr_of(op, "align").unwrap_or(1);
    if align <= 0 || (align & (align - 1)) != 0 {
        return Err(op_error(
            ctx,
            op,
            format!("align {align} is not a positive power of two"),
        ));
    }
    let is_extern = ctx.attr_of(op, "extern").is_some();
    match ctx.int_attr_of(op, "size") {
        Some(_) if is_extern => Err(op_error(ctx, op, "an extern array has no size")),
        Some(s) if s <= 0 => Err(op_error(ctx, op, format!("size {s} is not positive"))),
        None if !is_extern => Err(op_error(ctx, op, "requires attribute 'size'")),
        _ => Ok(()),
    }
}

pub(crate) fn verify_reg(ctx: &Context, op: OpId) -> VResult {
    reject_in_device_code(ctx, op)?;
    expect_in_entry_block(ctx, op)
}

// ----- modifiers -----

/// One step of an opcode's modifier grammar: a set of words, at most one of
/// which appears at this position (anywhere, for a free slot).
struct Slot {
    words: &'static [&'static str],
    required: bool,
    free: bool,
    what: &'static str,
}

const fn opt(what: &'static str, words: &'static [&'static str]) -> Slot {
    Slot {
        words,
        required: false,
        free: false,
        what,
    }
}
const fn req(what: &'static str, words: &'static [&'static str]) -> Slot {
    Slot {
        words,
        required: true,
        free: false,
        what,
    }
}
/// An optional qualifier that may stand anywhere in the modifiers.
const fn any(what: &'static str, words: &'static [&'static str]) -> Slot {
    Slot {
        words,
        required: false,
        free: true,
        what,
    }
}

const INT_TYPES: &[&str] = &["s16", "s32", "s64", "u16", "u32", "u64"];
const FLOAT_TYPES: &[&str] = &["f32", "f64"];
const ARITH_TYPES: &[&str] = &["s16", "s32", "s64", "u16", "u32", "u64", "f32", "f64"];
const BIT_TYPES: &[&str] = &["b16", "b32", "b64"];
const LOGIC_TYPES: &[&str] = &["pred", "b16", "b32", "b64"];
const SHR_TYPES: &[&str] = &[
    "b16", "b32", "b64", "s16", "s32", "s64", "u16", "u32", "u64",
];
const SIGNED_ARITH: &[&str] = &["s16", "s32", "s64", "f32", "f64"];
const VALUE_TYPES: &[&str] = &[
    "b16", "b32", "b64", "s16", "s32", "s64", "u16", "u32", "u64", "f32", "f64",
];
const MOV_TYPES: &[&str] = &[
    "pred", "b16", "b32", "b64", "s16", "s32", "s64", "u16", "u32", "u64", "f32", "f64",
];
const MEM_TYPES: &[&str] = &[
    "b8", "b16", "b32", "b64", "s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64", "f32", "f64",
];
const CVT_TYPES: &[&str] = &[
    "s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64", "f32", "f64",
];
const FLOAT_ROUNDING: &[&str] = &["rn", "rz", "rm", "rp"];
const CVT_ROUNDING: &[&str] = &["rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi"];
const CMP: &[&str] = &[
    "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ", "neu", "ltu", "leu", "gtu",
    "geu", "num", "nan",
];
const BOOL_OPS: &[&str] = &["and", "or", "xor"];
const SPACES: &[&str] = &["global", "shared", "local", "param", "const"];
const SCOPES: &[&str] = &["cta", "cluster", "gpu", "sys"];
const ATOM_OPS: &[&str] = &[
    "and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max",
];
const ATOM_TYPES: &[&str] = &[
    "b16", "b32", "b64", "u32", "u64", "s32", "s64", "f32", "f64",
];
const BFE_TYPES: &[&str] = &["u32", "u64", "s32", "s64"];
const DOT_TYPES: &[&str] = &["u32", "s32"];

/// A grammar as a constant (so that it lives in static memory).
macro_rules! g {
    ($($t:tt)*) => {{
        const G: &[Slot] = &[$($t)*];
        G
    }};
}

/// The modifier grammar of an opcode (`None` for ops checked apart).
fn grammar(def: &OpDef) -> Option<&'static [Slot]> {
    use crate::ops::*;
    let is = |d: &OpDef| std::ptr::eq(def, d);
    Some(if is(&ADD) || is(&SUB) {
        g![
            opt("rounding", FLOAT_ROUNDING),
            opt("flush", &["ftz"]),
            opt("saturation", &["sat"]),
            req("type", ARITH_TYPES),
        ]
    } else if is(&MUL) || is(&MAD) {
        g![
            opt("mode", &["lo", "hi", "wide"]),
            opt("rounding", FLOAT_ROUNDING),
            opt("flush", &["ftz"]),
            opt("saturation", &["sat"]),
            req("type", ARITH_TYPES),
        ]
    } else if is(&MUL24) {
        g![req("mode", &["lo", "hi"]), req("type", &["s32", "u32"])]
    } else if is(&MAD24) {
        g![
            req("mode", &["lo", "hi"]),
            opt("saturation", &["sat"]),
            req("type", &["s32", "u32"]),
        ]
    } else if is(&DIV) {
        g![
            opt("rounding", &["approx", "full", "rn", "rz", "rm", "rp"]),
            opt("flush", &["ftz"]),
            req("type", ARITH_TYPES),
        ]
    } else if is(&REM) || is(&SAD) {
        g![req("type", INT_TYPES)]
    } else if is(&ABS) || is(&NEG) {
        g![opt("flush", &["ftz"]), req("type", SIGNED_ARITH)]
    } else if is(&MIN) || is(&MAX) {
        // ptxas reads `.ftz` and `.NaN` in either order.
        g![
            any("flush", &["ftz"]),
            any("NaN", &["NaN"]),
            req("type", ARITH_TYPES),
        ]
    } else if is(&AND) || is(&OR) || is(&XOR) || is(&NOT) {
        g![req("type", LOGIC_TYPES)]
    } else if is(&CNOT) {
        g![req("type", BIT_TYPES)]
    } else if is(&LOP3) {
        g![req("type", &["b32"])]
    } else if is(&SHL) {
        g![req("type", BIT_TYPES)]
    } else if is(&SHR) {
        g![req("type", SHR_TYPES)]
    } else if is(&SHF) {
        g![
            req("direction", &["l", "r"]),
            req("mode", &["wrap", "clamp"]),
            req("type", &["b32"]),
        ]
    } else if is(&POPC) || is(&CLZ) || is(&BREV) {
        g![req("type", &["b32", "b64"])]
    } else if is(&BFE) {
        g![req("type", BFE_TYPES)]
    } else if is(&BFI) {
        g![req("type", &["b32", "b64"])]
    } else if is(&BFIND) {
        g![opt("shift amount", &["shiftamt"]), req("type", BFE_TYPES)]
    } else if is(&PRMT) {
        // The ISA writes the mode after the type; ptxas reads it anywhere.
        g![
            any("mode", &["f4e", "b4e", "rc8", "ecl", "ecr", "rc16"]),
            req("type", &["b32"]),
        ]
    } else if is(&DP4A) {
        g![req("a type", DOT_TYPES), req("b type", DOT_TYPES)]
    } else if is(&DP2A) {
        g![
            req("mode", &["lo", "hi"]),
            req("a type", DOT_TYPES),
            req("b type", DOT_TYPES),
        ]
    } else if is(&FMA) {
        g![
            req("rounding", FLOAT_ROUNDING),
            opt("flush", &["ftz"]),
            opt("saturation", &["sat"]),
            req("type", FLOAT_TYPES),
        ]
    } else if is(&RCP) || is(&SQRT) {
        g![
            req("rounding", &["approx", "rn", "rz", "rm", "rp"]),
            opt("flush", &["ftz"]),
            req("type", FLOAT_TYPES),
        ]
    } else if is(&RSQRT) {
        g![
            req("mode", &["approx"]),
            opt("flush", &["ftz"]),
            req("type", FLOAT_TYPES),
        ]
    } else if is(&SIN) || is(&COS) || is(&EX2) || is(&LG2) {
        g![
            req("mode", &["approx"]),
            opt("flush", &["ftz"]),
            req("type", &["f32"]),
        ]
    } else if is(&TANH) {
        g![req("mode", &["approx"]), req("type", &["f32"])]
    } else if is(&COPYSIGN) {
        g![req("type", FLOAT_TYPES)]
    } else if is(&TESTP) {
        g![
            req(
                "class",
                &[
                    "finite",
                    "infinite",
                    "number",
                    "notanumber",
                    "normal",
                    "subnormal"
                ]
            ),
            req("type", FLOAT_TYPES),
        ]
    } else if is(&CVT) {
        g![
            opt("rounding", CVT_ROUNDING),
            opt("flush", &["ftz"]),
            opt("saturation", &["sat"]),
            req("destination type", CVT_TYPES),
            req("source type", CVT_TYPES),
        ]
    } else if is(&CVTA) {
        g![
            opt("direction", &["to"]),
            req("space", &["global", "shared", "local", "const", "param"]),
            req("type", &["u64"]),
        ]
    } else if is(&MOV) {
        g![req("type", MOV_TYPES)]
    } else if is(&SETP) {
        // `.ftz` before or after the boolean operation (ptxas takes both).
        g![
            req("comparison", CMP),
            opt("boolean operation", BOOL_OPS),
            any("flush", &["ftz"]),
            req("type", MOV_TYPES_NO_PRED),
        ]
    } else if is(&SET) {
        g![
            req("comparison", CMP),
            opt("boolean operation", BOOL_OPS),
            any("flush", &["ftz"]),
            req("destination type", &["u32", "s32", "f32"]),
            req("type", MOV_TYPES_NO_PRED),
        ]
    } else if is(&SELP) {
        g![req("type", VALUE_TYPES)]
    } else if is(&SLCT) {
        g![
            opt("flush", &["ftz"]),
            req("destination type", VALUE_TYPES),
            req("type", &["s32", "f32"]),
        ]
    } else if is(&LD) {
        g![
            any("ordering", &["weak", "volatile", "relaxed", "acquire"]),
            any("scope", SCOPES),
            any("space", SPACES),
            any("cache", &["ca", "cg", "cs", "lu", "cv"]),
            any("non-coherent", &["nc"]),
            req("type", MEM_TYPES),
        ]
    } else if is(&ST) {
        g![
            any("ordering", &["weak", "volatile", "relaxed", "release"]),
            any("scope", SCOPES),
            any("space", &["global", "shared", "local", "param"]),
            any("cache", &["wb", "cg", "cs", "wt"]),
            req("type", MEM_TYPES),
        ]
    } else if is(&LDU) {
        g![opt("space", &["global"]), req("type", MEM_TYPES)]
    } else if is(&PREFETCH) {
        g![
            opt("space", &["global", "local"]),
            req("level", &["L1", "L2", "L2::evict_last", "L2::evict_normal"]),
        ]
    } else if is(&ATOM) {
        g![
            any("ordering", &["relaxed", "acquire", "release", "acq_rel"]),
            any("scope", SCOPES),
            any("space", &["global", "shared"]),
            req("operation", ATOM_OPS),
            req("type", ATOM_TYPES),
        ]
    } else if is(&RED) {
        g![
            any("ordering", &["relaxed", "release"]),
            any("scope", SCOPES),
            any("space", &["global", "shared"]),
            req("operation", ATOM_OPS),
            req("type", ATOM_TYPES),
        ]
    } else if is(&BAR) {
        g![
            opt("scope", &["cta", "warp"]),
            req("mode", &["sync", "arrive", "red"]),
            opt("reduction", &["popc", "and", "or"]),
            opt("type", &["u32", "pred"]),
        ]
    } else if is(&BARRIER) {
        // The ISA puts `.aligned` after the mode (or the reduction); ptxas
        // reads it anywhere.
        g![
            opt("scope", &["cta"]),
            req("mode", &["sync", "arrive", "red"]),
            opt("reduction", &["popc", "and", "or"]),
            any("alignment", &["aligned"]),
            opt("type", &["u32", "pred"]),
        ]
    } else if is(&MEMBAR) {
        g![req("level", &["cta", "gl", "sys"])]
    } else if is(&FENCE) {
        g![opt("ordering", &["sc", "acq_rel"]), req("scope", SCOPES)]
    } else if is(&VOTE) {
        g![
            req("mode", &["sync"]),
            req("vote", &["all", "any", "uni", "ballot"]),
            req("type", &["pred", "b32"]),
        ]
    } else if is(&SHFL) {
        g![
            req("mode", &["sync"]),
            req("shuffle", &["up", "down", "bfly", "idx"]),
            req("type", &["b32"]),
        ]
    } else if is(&ACTIVEMASK) {
        g![req("type", &["b32"])]
    } else if is(&NANOSLEEP) {
        g![req("type", &["u32"])]
    } else if is(&RET) {
        g![opt("uniformity", &["uni"])]
    } else if is(&EXIT) || is(&TRAP) || is(&COPY) {
        g![]
    } else {
        return None;
    })
}

const MOV_TYPES_NO_PRED: &[&str] = &[
    "b16", "b32", "b64", "s16", "s32", "s64", "u16", "u32", "u64", "f32", "f64",
];

/// The modifiers of `op` matched against its grammar: one entry per slot,
/// the word that filled it (if any). Free slots take their words wherever
/// they stand; the other words must fill the positional slots in order.
fn match_mods<'m>(
    ctx: &Context,
    op: OpId,
    mods: &'m str,
    slots: &[Slot],
) -> Result<Vec<Option<&'m str>>, Diagnostic> {
    let parts: Vec<&str> = if mods.is_empty() {
        Vec::new()
    } else {
        mods.split('.').collect()
    };
    let op_name = opcode(ctx.def_of(op).unwrap_or(&crate::ops::ADD));
    if let Some(w) = parts
        .iter()
        .find(|w| !slots.iter().any(|s| s.words.contains(w)))
    {
        let type_slot = slots.iter().find(|s| s.what == "type");
        let msg = match type_slot {
            Some(slot) if type_info(w).is_some() => format!(
                "modifiers '{mods}': type '.{w}' is not allowed for '{op_name}' (expected one of {})",
                dotted(slot.words)
            ),
            _ => format!("modifiers '{mods}': unknown modifier '.{w}' for '{op_name}'"),
        };
        return Err(op_error(ctx, op, msg));
    }
    let mut filled: Vec<Option<&str>> = vec![None; slots.len()];
    let mut ordered = Vec::with_capacity(parts.len());
    for &w in &parts {
        match slots.iter().position(|s| s.free && s.words.contains(&w)) {
            Some(k) => {
                if let Some(prev) = filled[k] {
                    return Err(op_error(
                        ctx,
                        op,
                        format!(
                            "modifiers '{mods}': '.{prev}' and '.{w}' are both a {} for '{op_name}'",
                            slots[k].what
                        ),
                    ));
                }
                filled[k] = Some(w);
            }
            None => ordered.push(w),
        }
    }
    let mut i = 0;
    for (k, slot) in slots.iter().enumerate() {
        if slot.free {
            continue;
        }
        match ordered.get(i) {
            Some(&w) if slot.words.contains(&w) => {
                filled[k] = Some(w);
                i += 1;
            }
            _ if slot.required => {
                let found = ordered
                    .get(i)
                    .map_or("nothing".to_string(), |w| format!("'.{w}'"));
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "modifiers '{mods}': expected a {} (one of {}), found {found}",
                        slot.what,
                        dotted(slot.words)
                    ),
                ));
            }
            _ => {}
        }
    }
    if let Some(w) = ordered.get(i) {
        return Err(op_error(
            ctx,
            op,
            format!("modifiers '{mods}': '.{w}' is out of place for '{op_name}'"),
        ));
    }
    Ok(filled)
}

/// `.a .b .c`
fn dotted(words: &[&str]) -> String {
    words
        .iter()
        .map(|w| format!(".{w}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a PTX type modifier says about a value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    Signed,
    Unsigned,
    Bits,
    Float,
    Pred,
}

fn type_info(t: &str) -> Option<(Kind, u32)> {
    if t == "pred" {
        return Some((Kind::Pred, 1));
    }
    let (k, w) = t.split_at_checked(1)?;
    let kind = match k {
        "s" => Kind::Signed,
        "u" => Kind::Unsigned,
        "b" => Kind::Bits,
        "f" => Kind::Float,
        _ => return None,
    };
    Some((kind, w.parse().ok()?))
}

/// Does a register of type `t` fit PTX type modifier `ty` exactly (ALU
/// rules: the register width is the type width)?
fn reg_fits(ctx: &Context, t: TypeId, ty: &str) -> bool {
    let (Some(class), Some((kind, width))) = (RegClass::of(ctx, t), type_info(ty)) else {
        return false;
    };
    match kind {
        Kind::Pred => class == RegClass::Pred,
        Kind::Signed | Kind::Unsigned => {
            !class.is_float() && class != RegClass::Pred && class.width() == width
        }
        Kind::Bits => class != RegClass::Pred && class.width() == width,
        Kind::Float => class.is_float() && class.width() == width,
    }
}

/// Memory and conversion rules: an integer of `w` bits may live in any
/// integer register of at least `w` bits (there are no 8-bit registers;
/// `ld.s16` into a 32-bit register sign-extends, as ptxas takes it);
/// otherwise [`reg_fits`].
fn reg_fits_mem(ctx: &Context, t: TypeId, ty: &str) -> bool {
    match (type_info(ty), RegClass::of(ctx, t)) {
        (Some((Kind::Signed | Kind::Unsigned | Kind::Bits, w)), Some(class))
            if !class.is_float() && class != RegClass::Pred =>
        {
            class.width() >= w
        }
        _ => reg_fits(ctx, t, ty),
    }
}

/// A shift: the shifted operands (all but the last, named in `names`) and
/// the result of type `ty`, and an `i32` shift amount last.
fn verify_shift(ctx: &Context, op: OpId, ty: &str, names: &str) -> VResult {
    let n = names.split(", ").count();
    expect_operands(ctx, op, n, names)?;
    expect_all_fit(ctx, op, 0..n - 1, ty)?;
    expect_type(
        ctx,
        op,
        "shift amount",
        operand_ty(ctx, op, n - 1),
        ctx.common.i32,
    )?;
    expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
}

/// Atomics: the rule memory ops had before ld/st took wider registers (an
/// 8-bit integer in a 16-bit or wider register, otherwise [`reg_fits`]).
fn reg_fits_atomic(ctx: &Context, t: TypeId, ty: &str) -> bool {
    match type_info(ty) {
        Some((Kind::Signed | Kind::Unsigned | Kind::Bits, 8)) => matches!(
            RegClass::of(ctx, t),
            Some(RegClass::B16 | RegClass::B32 | RegClass::B64)
        ),
        _ => reg_fits(ctx, t, ty),
    }
}

fn class_name(ctx: &Context, t: TypeId) -> String {
    quoted(ctx, t)
}

/// Checks that operand `i` (or the result, `i == usize::MAX`) fits `ty`.
fn expect_fits(
    ctx: &Context,
    op: OpId,
    what: &str,
    t: Option<TypeId>,
    ty: &str,
    fits: fn(&Context, TypeId, &str) -> bool,
) -> VResult {
    let Some(t) = t else { return Ok(()) };
    if fits(ctx, t, ty) {
        return Ok(());
    }
    Err(op_error(
        ctx,
        op,
        format!(
            "{what} has type {} which does not match the type modifier '.{ty}'",
            class_name(ctx, t)
        ),
    ))
}

fn expect_type(ctx: &Context, op: OpId, what: &str, t: Option<TypeId>, want: TypeId) -> VResult {
    match t {
        Some(t) if t != want => Err(op_error(
            ctx,
            op,
            format!(
                "{what} must be {}, found {}",
                quoted(ctx, want),
                quoted(ctx, t)
            ),
        )),
        _ => Ok(()),
    }
}

fn expect_operands(ctx: &Context, op: OpId, n: usize, what: &str) -> VResult {
    let have = ctx.operands(op).len();
    if have != n {
        return Err(op_error(
            ctx,
            op,
            format!("expects {n} operands ({what}), found {have}"),
        ));
    }
    Ok(())
}

/// Inherent attributes allowed on `def` besides `mods`.
fn allowed_attrs(def: &OpDef) -> &'static [&'static str] {
    use crate::ops::*;
    if std::ptr::eq(def, &MOV) {
        &["value", "sreg", "sym"]
    } else if std::ptr::eq(def, &BAR) || std::ptr::eq(def, &BARRIER) || std::ptr::eq(def, &LOP3) {
        &["value"]
    } else if is_memory_op(def) {
        &["sym", "offset", "param", "retval"]
    } else {
        &[]
    }
}

fn operand_ty(ctx: &Context, op: OpId, i: usize) -> Option<TypeId> {
    ctx.operands(op).get(i).map(|&v| ctx.value_type(v))
}

fn result_ty(ctx: &Context, op: OpId) -> Option<TypeId> {
    ctx.results(op).first().map(|&r| ctx.value_type(r))
}

/// Checks that operands `range` all fit `ty` (ALU rules).
fn expect_all_fit(ctx: &Context, op: OpId, range: std::ops::Range<usize>, ty: &str) -> VResult {
    for i in range {
        expect_fits(
            ctx,
            op,
            &format!("operand #{i}"),
            operand_ty(ctx, op, i),
            ty,
            reg_fits,
        )?;
    }
    Ok(())
}

/// Checks that operands `range` are all `i32` (shift amounts, bit
/// positions, selectors, masks): `what` names them.
fn expect_all_i32(ctx: &Context, op: OpId, range: std::ops::Range<usize>, what: &str) -> VResult {
    for i in range {
        expect_type(
            ctx,
            op,
            &format!("{what} (operand #{i})"),
            operand_ty(ctx, op, i),
            ctx.common.i32,
        )?;
    }
    Ok(())
}

/// Where an instruction sits: in a PTX function, or (if it is not a
/// structure or control-flow op) in device code.
fn verify_placement(ctx: &Context, op: OpId, def: &OpDef) -> VResult {
    if ctx.parent_op(op).is_none() {
        return Ok(());
    }
    match home(ctx, op) {
        Some(Home::Ptx(_)) => Ok(()),
        Some(Home::Device(_)) if !allowed_in_device_code(def) => reject_in_device_code(ctx, op),
        Some(Home::Device(f)) => {
            for a in ["param", "retval"] {
                if ctx.attr_of(op, a).is_some() {
                    return Err(op_error(
                        ctx,
                        op,
                        format!(
                            "a '{a}' address is not allowed in '{}': parameter slots exist only in 'ptx.entry'/'ptx.func'",
                            ctx.name_of(f)
                        ),
                    ));
                }
            }
            Ok(())
        }
        None if allowed_in_device_code(def) => Err(op_error(
            ctx,
            op,
            "must be nested in a 'ptx.entry', 'ptx.func', 'device.kernel' or 'device.func'",
        )),
        None => Err(op_error(
            ctx,
            op,
            "must be nested in a 'ptx.entry' or 'ptx.func'",
        )),
    }
}

pub(crate) fn verify_inst(ctx: &Context, op: OpId) -> VResult {
    let Some(def) = ctx.def_of(op) else {
        return Ok(());
    };
    verify_placement(ctx, op, def)?;
    let mods = match ctx.attr_of(op, "mods").map(|a| ctx.attr_data(a)) {
        Some(AttrData::String(s)) => ctx.str(*s),
        _ => "",
    };
    let allowed = allowed_attrs(def);
    for name in ["value", "sreg", "sym", "offset", "param", "retval"] {
        if ctx.attr_of(op, name).is_some() && !allowed.contains(&name) {
            return Err(op_error(
                ctx,
                op,
                format!("does not take attribute '{name}'"),
            ));
        }
    }
    let Some(slots) = grammar(def) else {
        return Ok(());
    };
    let m = match_mods(ctx, op, mods, slots)?;
    // The result count follows the modifiers for `bar`/`barrier`; the
    // declarative tables only know it is 0 or 1.
    let want_result = has_result(def, mods);
    if want_result == ctx.results(op).is_empty() {
        return Err(op_error(
            ctx,
            op,
            if want_result {
                format!("'{}.{mods}' needs a result", opcode(def))
            } else {
                format!(
                    "'{}{}{mods}' has no result",
                    opcode(def),
                    if mods.is_empty() { "" } else { "." }
                )
            },
        ));
    }
    let w = Words { slots, m: &m };
    let ty = w.get("type").unwrap_or("");
    let info = type_info(ty);
    let is_float = matches!(info, Some((Kind::Float, _)));
    let name = opcode(def);
    use crate::ops::*;
    let is = |d: &OpDef| std::ptr::eq(def, d);

    // Float-only modifiers, and the float types that take them.
    if !is_float && !is(&CVT) {
        for what in ["rounding", "flush"] {
            if let Some(r) = w.get(what) {
                return Err(op_error(
                    ctx,
                    op,
                    format!("'.{r}' is only allowed on floating-point '{name}'"),
                ));
            }
        }
    }
    // `.ftz` is an f32 modifier, except on `rcp` and `rsqrt`, which flush
    // f64 subnormals too (ptxas: `rcp.rn.ftz.f64`, `rsqrt.approx.ftz.f64`).
    if let Some(f) = w.get("flush")
        && ty == "f64"
        && !(is(&RCP) || is(&RSQRT))
    {
        return Err(op_error(
            ctx,
            op,
            format!("'.{f}' is only allowed with '.f32' for '{name}'"),
        ));
    }
    if let Some(s) = w.get("saturation")
        && !is(&CVT)
        && !matches!(ty, "s32" | "f32")
    {
        return Err(op_error(
            ctx,
            op,
            format!("'.{s}' is only allowed with '.s32' or '.f32'"),
        ));
    }

    if is(&ADD)
        || is(&SUB)
        || is(&MIN)
        || is(&MAX)
        || is(&AND)
        || is(&OR)
        || is(&XOR)
        || is(&COPYSIGN)
    {
        if let Some(n) = w.get("NaN") {
            if ty != "f32" {
                return Err(op_error(
                    ctx,
                    op,
                    format!("'.{n}' is only allowed with '.f32'"),
                ));
            }
            expect_arch(ctx, op, 80, "'.NaN'")?;
        }
        expect_operands(ctx, op, 2, "a, b")?;
        expect_all_fit(ctx, op, 0..2, ty)?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
    } else if is(&MUL) || is(&MAD) {
        verify_mul_mad(ctx, op, def, &w, ty)
    } else if is(&MUL24) || is(&REM) {
        expect_operands(ctx, op, 2, "a, b")?;
        expect_all_fit(ctx, op, 0..2, ty)?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
    } else if is(&MAD24) || is(&SAD) {
        if let Some(s) = w.get("saturation")
            && w.get("mode") != Some("hi")
        {
            return Err(op_error(ctx, op, format!("'.{s}' needs 'mad24.hi'")));
        }
        expect_operands(ctx, op, 3, "a, b, c")?;
        expect_all_fit(ctx, op, 0..3, ty)?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
    } else if is(&DIV) {
        let r = w.get("rounding");
        if is_float && r.is_none() {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "'div.{ty}' needs '.rn', '.rz', '.rm', '.rp'{}",
                    if ty == "f32" {
                        ", '.approx' or '.full'"
                    } else {
                        ""
                    }
                ),
            ));
        }
        if ty == "f64" && matches!(r, Some("approx" | "full")) {
            return Err(op_error(ctx, op, "'div.f64' takes only an IEEE rounding"));
        }
        expect_operands(ctx, op, 2, "a, b")?;
        expect_all_fit(ctx, op, 0..2, ty)?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
    } else if is(&ABS) || is(&NEG) || is(&NOT) || is(&CNOT) || is(&BREV) {
        expect_operands(ctx, op, 1, "a")?;
        expect_all_fit(ctx, op, 0..1, ty)?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
    } else if is(&POPC) || is(&CLZ) || is(&BFIND) {
        expect_operands(ctx, op, 1, "a")?;
        expect_all_fit(ctx, op, 0..1, ty)?;
        expect_type(ctx, op, "result", result_ty(ctx, op), ctx.common.i32)
    } else if is(&SHL) || is(&SHR) {
        verify_shift(ctx, op, ty, "a, shift amount")
    } else if is(&SHF) {
        verify_shift(ctx, op, ty, "a, b, shift amount")
    } else if is(&BFE) {
        expect_operands(ctx, op, 3, "a, position, length")?;
        expect_all_fit(ctx, op, 0..1, ty)?;
        expect_all_i32(ctx, op, 1..3, "bit position and length")?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
    } else if is(&BFI) {
        expect_operands(ctx, op, 4, "a, b, position, length")?;
        expect_all_fit(ctx, op, 0..2, ty)?;
        expect_all_i32(ctx, op, 2..4, "bit position and length")?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
    } else if is(&PRMT) {
        expect_operands(ctx, op, 3, "a, b, selector")?;
        expect_all_fit(ctx, op, 0..2, ty)?;
        expect_all_i32(ctx, op, 2..3, "selector")?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
    } else if is(&LOP3) {
        let lut = ctx.attr_of(op, "value").map(|a| ctx.attr_data(a));
        let ok =
            matches!(lut, Some(AttrData::Integer { value: 0..=255, ty }) if *ty == ctx.common.i32);
        if !ok {
            return Err(op_error(
                ctx,
                op,
                "needs its lookup table as 'value': an i32 in 0..=255",
            ));
        }
        expect_operands(ctx, op, 3, "a, b, c")?;
        expect_all_fit(ctx, op, 0..3, ty)?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
    } else if is(&DP4A) || is(&DP2A) {
        // Each operand is a 32-bit integer whatever its signedness.
        expect_operands(ctx, op, 3, "a, b, c")?;
        expect_all_i32(ctx, op, 0..3, "a 32-bit integer")?;
        expect_type(ctx, op, "result", result_ty(ctx, op), ctx.common.i32)
    } else if is(&FMA) {
        expect_operands(ctx, op, 3, "a, b, c")?;
        expect_all_fit(ctx, op, 0..3, ty)?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
    } else if is(&RCP)
        || is(&SQRT)
        || is(&RSQRT)
        || is(&SIN)
        || is(&COS)
        || is(&EX2)
        || is(&LG2)
        || is(&TANH)
    {
        let approx = w.get("rounding") == Some("approx");
        if is(&SQRT) && approx && ty == "f64" {
            return Err(op_error(ctx, op, "'sqrt.approx' takes only '.f32'"));
        }
        if is(&RCP) && approx && ty == "f64" && w.get("flush").is_none() {
            return Err(op_error(ctx, op, "'rcp.approx.f64' needs '.ftz'"));
        }
        if is(&TANH) {
            expect_arch(ctx, op, 75, "'tanh'")?;
        }
        expect_operands(ctx, op, 1, "a")?;
        expect_all_fit(ctx, op, 0..1, ty)?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
    } else if is(&TESTP) {
        expect_operands(ctx, op, 1, "a")?;
        expect_all_fit(ctx, op, 0..1, ty)?;
        expect_type(ctx, op, "result", result_ty(ctx, op), ctx.common.i1)
    } else if is(&CVT) {
        verify_cvt(ctx, op, &w)
    } else if is(&CVTA) {
        expect_operands(ctx, op, 1, "address")?;
        expect_type(
            ctx,
            op,
            "operand #0",
            operand_ty(ctx, op, 0),
            ctx.common.i64,
        )?;
        expect_type(ctx, op, "result", result_ty(ctx, op), ctx.common.i64)
    } else if is(&MOV) {
        verify_mov(ctx, op, ty)
    } else if is(&SETP) || is(&SET) {
        verify_compare(ctx, op, def, &w, ty)
    } else if is(&SELP) {
        expect_operands(ctx, op, 3, "a, b, predicate")?;
        expect_all_fit(ctx, op, 0..2, ty)?;
        expect_type(ctx, op, "predicate", operand_ty(ctx, op, 2), ctx.common.i1)?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits)
    } else if is(&SLCT) {
        let dst = w.get("destination type").unwrap_or("");
        expect_operands(ctx, op, 3, "a, b, c")?;
        expect_all_fit(ctx, op, 0..2, dst)?;
        expect_all_fit(ctx, op, 2..3, ty)?;
        expect_fits(ctx, op, "result", result_ty(ctx, op), dst, reg_fits)
    } else if is_memory_op(def) {
        verify_memory(ctx, op, def, &w, ty)
    } else if is(&BAR) || is(&BARRIER) {
        verify_barrier(ctx, op, &w)
    } else if is(&MEMBAR) || is(&FENCE) {
        if w.get("scope") == Some("cluster") {
            expect_arch(ctx, op, 90, "the '.cluster' scope")?;
        }
        expect_operands(ctx, op, 0, "none")
    } else if is(&ACTIVEMASK) {
        expect_operands(ctx, op, 0, "none")?;
        expect_type(ctx, op, "result", result_ty(ctx, op), ctx.common.i32)
    } else if is(&NANOSLEEP) {
        expect_operands(ctx, op, 1, "duration in ns")?;
        expect_all_i32(ctx, op, 0..1, "duration")
    } else if is(&VOTE) {
        let vote = w.get("vote").unwrap_or("");
        let want = if vote == "ballot" { "b32" } else { "pred" };
        if ty != want {
            return Err(op_error(
                ctx,
                op,
                format!("'vote.{vote}' needs type '.{want}'"),
            ));
        }
        expect_operands(ctx, op, 2, "predicate, member mask")?;
        expect_type(ctx, op, "operand #0", operand_ty(ctx, op, 0), ctx.common.i1)?;
        expect_type(
            ctx,
            op,
            "member mask",
            operand_ty(ctx, op, 1),
            ctx.common.i32,
        )?;
        let rt = if vote == "ballot" {
            ctx.common.i32
        } else {
            ctx.common.i1
        };
        expect_type(ctx, op, "result", result_ty(ctx, op), rt)
    } else if is(&SHFL) {
        expect_operands(ctx, op, 4, "value, lane, clamp, member mask")?;
        expect_fits(
            ctx,
            op,
            "operand #0",
            operand_ty(ctx, op, 0),
            "b32",
            reg_fits,
        )?;
        for (i, what) in [(1, "lane"), (2, "clamp"), (3, "member mask")] {
            expect_type(ctx, op, what, operand_ty(ctx, op, i), ctx.common.i32)?;
        }
        match (result_ty(ctx, op), operand_ty(ctx, op, 0)) {
            (Some(r), Some(a)) if r != a => Err(op_error(
                ctx,
                op,
                "result must have the type of the shuffled value",
            )),
            _ => Ok(()),
        }
    } else if is(&RET) || is(&EXIT) || is(&TRAP) {
        expect_operands(ctx, op, 0, "none")
    } else if is(&COPY) {
        expect_operands(ctx, op, 2, "register, value")?;
        let dst = ctx.operands(op)[0];
        if !ctx.defining_op(dst).is_some_and(|d| ctx.isa(d, &REG)) {
            return Err(op_error(
                ctx,
                op,
                "destination must be a register defined by 'ptx.reg'",
            ));
        }
        if operand_ty(ctx, op, 0) != operand_ty(ctx, op, 1) {
            return Err(op_error(
                ctx,
                op,
                "copies a value into a register of another type",
            ));
        }
        Ok(())
    } else {
        Ok(())
    }
}

/// The words that filled an op's grammar slots, by slot name.
struct Words<'a, 'm> {
    slots: &'static [Slot],
    m: &'a [Option<&'m str>],
}

impl<'m> Words<'_, 'm> {
    fn get(&self, what: &str) -> Option<&'m str> {
        self.slots
            .iter()
            .zip(self.m)
            .find(|(s, w)| s.what == what && w.is_some())
            .and_then(|(_, w)| *w)
    }
}

fn verify_mul_mad(ctx: &Context, op: OpId, def: &OpDef, w: &Words<'_, '_>, ty: &str) -> VResult {
    let is_mad = std::ptr::eq(def, &crate::MAD);
    let name = opcode(def);
    let info = type_info(ty);
    let is_float = matches!(info, Some((Kind::Float, _)));
    let is_int = matches!(info, Some((Kind::Signed | Kind::Unsigned, _)));
    let mode = w.get("mode");
    if is_int && mode.is_none() {
        return Err(op_error(
            ctx,
            op,
            format!("integer '{name}' needs '.lo', '.hi' or '.wide'"),
        ));
    }
    if is_float && mode.is_some() {
        return Err(op_error(
            ctx,
            op,
            format!("floating-point '{name}' takes no '.lo', '.hi' or '.wide'"),
        ));
    }
    if is_mad && is_float && w.get("rounding").is_none() {
        return Err(op_error(
            ctx,
            op,
            "floating-point 'mad' needs a rounding modifier ('.rn', '.rz', '.rm', '.rp')",
        ));
    }
    // Integer saturation exists only as `mad.hi.sat.s32`.
    if let Some(s) = w.get("saturation")
        && is_int
        && !(is_mad && mode == Some("hi"))
    {
        return Err(op_error(
            ctx,
            op,
            format!("'.{s}' on integers needs 'mad.hi'"),
        ));
    }
    let n = if is_mad { 3 } else { 2 };
    expect_operands(ctx, op, n, if n == 3 { "a, b, c" } else { "a, b" })?;
    let wide = mode == Some("wide");
    if wide && !matches!(ty, "s16" | "s32" | "u16" | "u32") {
        return Err(op_error(ctx, op, "'.wide' needs a 16- or 32-bit type"));
    }
    let wide_ty = wide.then(|| format!("{}{}", &ty[..1], 2 * info.map_or(0, |i| i.1)));
    let out_ty = wide_ty.as_deref().unwrap_or(ty);
    expect_all_fit(ctx, op, 0..2, ty)?;
    if is_mad {
        expect_fits(
            ctx,
            op,
            "operand #2",
            operand_ty(ctx, op, 2),
            out_ty,
            reg_fits,
        )?;
    }
    expect_fits(ctx, op, "result", result_ty(ctx, op), out_ty, reg_fits)
}

/// `setp` (a predicate) and `set` (an all-ones mask, or 1.0f): the
/// comparison must fit the type; with a boolean operation a third operand,
/// a predicate, is combined with the comparison.
fn verify_compare(ctx: &Context, op: OpId, def: &OpDef, w: &Words<'_, '_>, ty: &str) -> VResult {
    let cmp = w.get("comparison").unwrap_or("");
    let float_only = ["equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"];
    let unsigned_only = ["lo", "ls", "hi", "hs"];
    let ok = match type_info(ty) {
        Some((Kind::Float, _)) => !unsigned_only.contains(&cmp),
        Some((Kind::Bits, _)) => matches!(cmp, "eq" | "ne"),
        Some((Kind::Unsigned, _)) => !float_only.contains(&cmp),
        _ => !float_only.contains(&cmp) && !unsigned_only.contains(&cmp),
    };
    if !ok {
        return Err(op_error(
            ctx,
            op,
            format!("comparison '.{cmp}' is not allowed with '.{ty}'"),
        ));
    }
    if w.get("boolean operation").is_some() {
        expect_operands(ctx, op, 3, "a, b, predicate")?;
        expect_type(ctx, op, "predicate", operand_ty(ctx, op, 2), ctx.common.i1)?;
    } else {
        expect_operands(ctx, op, 2, "a, b")?;
    }
    expect_all_fit(ctx, op, 0..2, ty)?;
    if std::ptr::eq(def, &crate::SET) {
        let dst = w.get("destination type").unwrap_or("");
        expect_fits(ctx, op, "result", result_ty(ctx, op), dst, reg_fits)
    } else {
        expect_type(ctx, op, "result", result_ty(ctx, op), ctx.common.i1)
    }
}

/// `bar`/`barrier`: `sync` (a barrier number, from `value` or an operand,
/// and an optional thread count), `arrive` (number and count), `red` (number,
/// optional count, predicate; a `u32` count of set predicates with `popc`,
/// a predicate with `and`/`or`), and `bar.warp.sync` (a member mask).
fn verify_barrier(ctx: &Context, op: OpId, w: &Words<'_, '_>) -> VResult {
    let mode = w.get("mode").unwrap_or("");
    let reduction = w.get("reduction");
    let ty = w.get("type");
    let n = ctx.operands(op).len();
    let has_value = ctx.attr_of(op, "value").is_some();
    if w.get("scope") == Some("warp") {
        if mode != "sync" || reduction.is_some() || ty.is_some() {
            return Err(op_error(ctx, op, "'bar.warp' only takes '.sync'"));
        }
        if has_value {
            return Err(op_error(
                ctx,
                op,
                "'bar.warp.sync' takes a member mask operand, not 'value'",
            ));
        }
        expect_operands(ctx, op, 1, "member mask")?;
        return expect_all_i32(ctx, op, 0..1, "member mask");
    }
    if let Some(a) = ctx.attr_of(op, "value")
        && !matches!(ctx.attr_data(a), AttrData::Integer { value: 0..=15, .. })
    {
        return Err(op_error(
            ctx,
            op,
            "barrier number must be an integer in 0..15",
        ));
    }
    // `value` stands for the barrier number only when it is the only
    // source: PTX writes the number first.
    if has_value && n > 0 {
        return Err(op_error(
            ctx,
            op,
            "a 'value' barrier number takes no operands (pass the number as operand #0 instead)",
        ));
    }
    if mode == "red" {
        let want = match reduction {
            Some("popc") => "u32",
            Some(_) => "pred",
            None => {
                return Err(op_error(
                    ctx,
                    op,
                    "a reduction needs '.popc', '.and' or '.or'",
                ));
            }
        };
        if ty != Some(want) {
            return Err(op_error(
                ctx,
                op,
                format!("'red.{}' needs type '.{want}'", reduction.unwrap_or("")),
            ));
        }
        if !(2..=3).contains(&n) {
            return Err(op_error(
                ctx,
                op,
                format!("expects 2 or 3 operands (barrier, thread count?, predicate), found {n}"),
            ));
        }
        expect_all_i32(ctx, op, 0..n - 1, "barrier number and thread count")?;
        expect_type(
            ctx,
            op,
            "predicate",
            operand_ty(ctx, op, n - 1),
            ctx.common.i1,
        )?;
        let rt = if want == "u32" {
            ctx.common.i32
        } else {
            ctx.common.i1
        };
        return expect_type(ctx, op, "result", result_ty(ctx, op), rt);
    }
    if let Some(r) = reduction.or(ty) {
        return Err(op_error(ctx, op, format!("'.{r}' needs '.red'")));
    }
    if mode == "arrive" {
        expect_operands(ctx, op, 2, "barrier number, thread count")?;
    } else if has_value {
        return Ok(());
    } else if !(1..=2).contains(&n) {
        return Err(op_error(
            ctx,
            op,
            "expects a barrier number (one operand or a 'value' attribute) and an optional thread count",
        ));
    }
    expect_all_i32(ctx, op, 0..n, "barrier number and thread count")
}

fn verify_cvt(ctx: &Context, op: OpId, w: &Words<'_, '_>) -> VResult {
    let rounding = w.get("rounding");
    let (Some(dst), Some(src)) = (w.get("destination type"), w.get("source type")) else {
        return Ok(());
    };
    let (Some((dk, dw)), Some((sk, sw))) = (type_info(dst), type_info(src)) else {
        return Ok(());
    };
    let (df, sf) = (dk == Kind::Float, sk == Kind::Float);
    let int_rounding = matches!(rounding, Some("rni" | "rzi" | "rmi" | "rpi"));
    let float_rounding = matches!(rounding, Some("rn" | "rz" | "rm" | "rp"));
    let problem = match (sf, df) {
        (true, false) if !int_rounding => Some(format!(
            "'cvt.{dst}.{src}' (float to integer) needs '.rni', '.rzi', '.rmi' or '.rpi'"
        )),
        (false, true) if !float_rounding => Some(format!(
            "'cvt.{dst}.{src}' (integer to float) needs '.rn', '.rz', '.rm' or '.rp'"
        )),
        (true, true) if dw < sw && !float_rounding => Some(format!(
            "'cvt.{dst}.{src}' (narrowing float) needs '.rn', '.rz', '.rm' or '.rp'"
        )),
        (true, true) if dw > sw && rounding.is_some() => Some(format!(
            "'cvt.{dst}.{src}' (widening float) takes no rounding modifier"
        )),
        // ptxas: none (`cvt.sat.f32.f32`, `cvt.ftz.f32.f32`) or an
        // integer rounding (`cvt.rni.f32.f32`).
        (true, true) if dw == sw && float_rounding => Some(format!(
            "'cvt.{dst}.{src}' takes no rounding or an integer one ('.rni', '.rzi', '.rmi', '.rpi')"
        )),
        (false, false) if rounding.is_some() => Some(format!(
            "'cvt.{dst}.{src}' (integer to integer) takes no rounding modifier"
        )),
        _ => None,
    };
    if let Some(p) = problem {
        return Err(op_error(ctx, op, p));
    }
    // ptxas refuses `.sat` on an integer conversion that cannot overflow
    // (the destination holds every source value: `cvt.sat.s32.s16`,
    // `cvt.sat.u64.u32`, `cvt.sat.s64.u32`).
    if let Some(s) = w.get("saturation")
        && !sf
        && !df
        && ((sk == dk && dw >= sw) || (dk == Kind::Signed && sk == Kind::Unsigned && dw > sw))
    {
        return Err(op_error(
            ctx,
            op,
            format!("'.{s}' has nothing to clamp in 'cvt.{dst}.{src}'"),
        ));
    }
    if let Some(f) = w.get("flush")
        && src != "f32"
        && dst != "f32"
    {
        return Err(op_error(
            ctx,
            op,
            format!("'.{f}' needs an f32 operand or result"),
        ));
    }
    expect_operands(ctx, op, 1, "a")?;
    expect_fits(
        ctx,
        op,
        "operand #0",
        operand_ty(ctx, op, 0),
        src,
        reg_fits_mem,
    )?;
    expect_fits(ctx, op, "result", result_ty(ctx, op), dst, reg_fits_mem)
}

fn verify_mov(ctx: &Context, op: OpId, ty: &str) -> VResult {
    let sources = ctx.operands(op).len()
        + ["value", "sreg", "sym"]
            .iter()
            .filter(|a| ctx.attr_of(op, a).is_some())
            .count();
    if sources != 1 {
        return Err(op_error(
            ctx,
            op,
            "expects exactly one source: an operand, 'value', 'sreg' or 'sym'",
        ));
    }
    let res = result_ty(ctx, op);
    expect_fits(ctx, op, "result", res, ty, reg_fits)?;
    expect_fits(ctx, op, "operand #0", operand_ty(ctx, op, 0), ty, reg_fits)?;
    if let Some(a) = ctx.attr_of(op, "value") {
        let value_ty = match ctx.attr_data(a) {
            AttrData::Integer { ty, .. } | AttrData::Float { ty, .. } => Some(*ty),
            _ => None,
        };
        if value_ty != res {
            return Err(op_error(ctx, op, "'value' must have the result's type"));
        }
    }
    if let Some(s) = str_attr(ctx, op, "sreg") {
        if !crate::format::SPECIAL_REGISTERS.contains(&s) {
            return Err(op_error(
                ctx,
                op,
                format!("unknown special register '%{s}'"),
            ));
        }
        let wide = matches!(s, "clock64" | "globaltimer");
        let want = if wide { ctx.common.i64 } else { ctx.common.i32 };
        expect_type(ctx, op, "result", res, want)?;
    }
    if ctx.attr_of(op, "sym").is_some() {
        // Shared and local windows are 32 bits wide: `mov.u32 %r, buf`
        // (ptxas accepts it for `.shared` and `.local` symbols, which are
        // all `sym` can name).
        if res != Some(ctx.common.i64) && res != Some(ctx.common.i32) {
            return Err(op_error(
                ctx,
                op,
                "the address of a symbol is an 'i64' or (shared and local windows) an 'i32'",
            ));
        }
        check_symbol(ctx, op)?;
    }
    Ok(())
}

/// `sym` names a `ptx.shared` of the module or a `ptx.local` of the
/// enclosing function; in device code, a `device.shared` of the module.
fn check_symbol(ctx: &Context, op: OpId) -> VResult {
    let Some(name) = sym_attr(ctx, op, "sym") else {
        return Ok(());
    };
    let module_symbol = |f: OpId, kind: &str| {
        ctx.parent_op(f).and_then(|m| {
            let b = ctx.entry_block(*ctx.regions(m).first()?)?;
            ctx.block_ops(b).find(|&o| {
                ctx.name_of(o) == kind
                    && lockstep_ir::symbol::symbol_name(ctx, o).map(|s| ctx.str(s)) == Some(name)
            })
        })
    };
    match home(ctx, op) {
        None => Ok(()),
        Some(Home::Device(f)) => {
            if ctx.parent_op(f).is_some() && module_symbol(f, "device.shared").is_none() {
                return Err(op_error(
                    ctx,
                    op,
                    format!("'@{name}' is not a 'device.shared' of the module"),
                ));
            }
            Ok(())
        }
        Some(Home::Ptx(f)) => {
            let local = fl::entry_block(ctx, f).and_then(|b| {
                ctx.block_ops(b)
                    .find(|&o| ctx.isa(o, &LOCAL) && str_attr(ctx, o, "sym_name") == Some(name))
            });
            if local.is_some() {
                return Ok(());
            }
            if module_symbol(f, SHARED.name).is_none() && ctx.parent_op(f).is_some() {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "'@{name}' is neither a 'ptx.shared' of the module nor a 'ptx.local' of the function"
                    ),
                ));
            }
            Ok(())
        }
    }
}

/// `ld`, `ldu`, `st`, `atom`, `red`, `prefetch`: the address (a register,
/// `sym`, or a parameter slot), the memory-ordering qualifiers and the
/// values moved.
fn verify_memory(ctx: &Context, op: OpId, def: &OpDef, w: &Words<'_, '_>, ty: &str) -> VResult {
    use crate::ops::{LD, LDU, PREFETCH, RED, ST};
    let is = |d: &OpDef| std::ptr::eq(def, d);
    let name = opcode(def);
    let space = w.get("space");
    let ordering = w.get("ordering");
    let scope = w.get("scope");
    let cache = w.get("cache");
    let operation = w.get("operation");
    if let Some(nc) = w.get("non-coherent") {
        if space != Some("global") {
            return Err(op_error(ctx, op, "'.nc' is only allowed with '.global'"));
        }
        if let Some(o) = ordering {
            return Err(op_error(
                ctx,
                op,
                format!("'.{nc}' cannot be combined with '.{o}'"),
            ));
        }
        if let Some(c @ ("lu" | "cv")) = cache {
            return Err(op_error(
                ctx,
                op,
                format!("'.{c}' is not a cache operation of 'ld.nc'"),
            ));
        }
    }
    if is(&LD) || is(&ST) {
        // ptxas: `.relaxed`/`.acquire`/`.release` need a scope, and the
        // scope needs one of them; ordered and volatile accesses exist for
        // the global and shared spaces (and generic addresses), and take no
        // cache operation.
        let strong = matches!(ordering, Some("relaxed" | "acquire" | "release"));
        if strong && scope.is_none() {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "'.{}' needs a scope ('.cta', '.cluster', '.gpu', '.sys')",
                    ordering.unwrap_or("")
                ),
            ));
        }
        if let Some(s) = scope
            && !strong
        {
            return Err(op_error(
                ctx,
                op,
                format!("the scope '.{s}' needs '.relaxed', '.acquire' or '.release'"),
            ));
        }
        if let Some(o @ ("volatile" | "relaxed" | "acquire" | "release")) = ordering {
            if let Some(sp @ ("local" | "const" | "param")) = space {
                return Err(op_error(
                    ctx,
                    op,
                    format!("'.{o}' is not allowed with '.{sp}'"),
                ));
            }
            if let Some(c) = cache {
                return Err(op_error(
                    ctx,
                    op,
                    format!("'.{o}' cannot be combined with '.{c}'"),
                ));
            }
        }
    }
    if let Some(s) = scope
        && s == "cluster"
    {
        expect_arch(ctx, op, 90, "the '.cluster' scope")?;
    }
    let param = ctx.attr_of(op, "param").is_some();
    let retval = ctx.attr_of(op, "retval").is_some();
    let sym = ctx.attr_of(op, "sym").is_some();
    if (param || retval) as u8 + sym as u8 > 1 || (param && retval) {
        return Err(op_error(
            ctx,
            op,
            "takes at most one of 'sym', 'param' and 'retval'",
        ));
    }
    if (param || retval) && space != Some("param") {
        return Err(op_error(
            ctx,
            op,
            "'param' and 'retval' addresses need the '.param' space",
        ));
    }
    if space == Some("param") && !(param || retval) {
        return Err(op_error(
            ctx,
            op,
            "a '.param' access needs a 'param' or 'retval' index",
        ));
    }
    if retval && !is(&ST) {
        return Err(op_error(ctx, op, "only 'st.param' writes a 'retval'"));
    }
    if param && !is(&LD) {
        return Err(op_error(ctx, op, "only 'ld.param' reads a 'param'"));
    }
    if (param || retval) && ctx.attr_of(op, "offset").is_some() {
        return Err(op_error(ctx, op, "a parameter access takes no 'offset'"));
    }
    if let Some(l) = w.get("level")
        && l.contains("::evict")
        && space.is_some_and(|sp| sp != "global")
    {
        return Err(op_error(
            ctx,
            op,
            format!("'.{l}' needs the global space (or a generic address)"),
        ));
    }
    if sym && (is(&LDU) || is(&PREFETCH)) {
        return Err(op_error(
            ctx,
            op,
            format!("'{name}' takes its address from a register, not 'sym'"),
        ));
    }
    if let Some(f) = enclosing_function(ctx, op) {
        if let Some(i) = ctx.int_attr_of(op, "param") {
            let n = fl::inputs(ctx, f).len();
            if i < 0 || i as usize >= n {
                return Err(op_error(
                    ctx,
                    op,
                    format!("parameter index {i} is out of range: the function has {n}"),
                ));
            }
        }
        if let Some(i) = ctx.int_attr_of(op, "retval") {
            let n = fl::results(ctx, f).len();
            if !ctx.isa(f, &FUNC) || i < 0 || i as usize >= n {
                return Err(op_error(
                    ctx,
                    op,
                    format!("result index {i} is out of range: the function has {n}"),
                ));
            }
        }
    }
    check_symbol(ctx, op)?;
    let base = usize::from(has_address_register(ctx, op));
    let (values, what): (usize, &str) = if is(&LD) || is(&LDU) || is(&PREFETCH) {
        (0, "address")
    } else if is(&ST) || is(&RED) {
        (1, "address, value")
    } else if operation == Some("cas") {
        (2, "address, compare, value")
    } else {
        (1, "address, value")
    };
    let what = if base == 1 {
        what.to_string()
    } else {
        what.trim_start_matches("address")
            .trim_start_matches(", ")
            .to_string()
    };
    expect_operands(
        ctx,
        op,
        base + values,
        if what.is_empty() { "none" } else { &what },
    )?;
    if base == 1 {
        // The shared, local and const windows are 32 bits wide: ptxas takes
        // a 32-bit address register there (nvcc addresses shared memory
        // so), and only a 64-bit one for global and generic addresses.
        let narrow_ok = matches!(space, Some("shared" | "local" | "const"));
        let t = operand_ty(ctx, op, 0);
        let ok = t == Some(ctx.common.i64) || (narrow_ok && t == Some(ctx.common.i32));
        if !ok && let Some(t) = t {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "address must be 'i64'{}, found {}",
                    if narrow_ok {
                        " or 'i32'"
                    } else {
                        " (an 'i32' address needs the shared, local or const space)"
                    },
                    quoted(ctx, t)
                ),
            ));
        }
    }
    // ld/st data may sit in a wider integer register (ptxas extends or
    // truncates); atomics take registers of their type's width.
    let data_fits = if is(&LD) || is(&LDU) || is(&ST) {
        reg_fits_mem
    } else {
        reg_fits_atomic
    };
    for i in base..base + values {
        expect_fits(
            ctx,
            op,
            &format!("operand #{i}"),
            operand_ty(ctx, op, i),
            ty,
            data_fits,
        )?;
    }
    expect_fits(ctx, op, "result", result_ty(ctx, op), ty, data_fits)?;
    if let Some(operation) = operation {
        let info = type_info(ty);
        let ok = match operation {
            "and" | "or" | "xor" | "exch" => matches!(info, Some((Kind::Bits, 32 | 64))),
            // 16-bit compare-and-swap exists from sm_70 (every target here).
            "cas" => matches!(info, Some((Kind::Bits, _))),
            "add" => matches!(ty, "u32" | "s32" | "u64" | "f32" | "f64"),
            "inc" | "dec" => ty == "u32",
            "min" | "max" => matches!(info, Some((Kind::Signed | Kind::Unsigned, _))),
            _ => false,
        };
        if !ok {
            return Err(op_error(
                ctx,
                op,
                format!("'{name}.{operation}' does not take '.{ty}'"),
            ));
        }
        if is(&RED) && matches!(operation, "cas" | "exch") {
            return Err(op_error(ctx, op, format!("'red' has no '.{operation}'")));
        }
    }
    Ok(())
}

// ----- branches and calls -----

pub(crate) fn verify_bra(ctx: &Context, op: OpId) -> VResult {
    reject_in_device_code(ctx, op)?;
    let Some(groups) = ctx.operand_groups(op) else {
        return Ok(());
    };
    let succs = ctx.successors(op).len();
    let conditional = groups[0].len() == 1;
    let expected = if conditional { 2 } else { 1 };
    if succs != expected {
        return Err(op_error(
            ctx,
            op,
            format!(
                "{} branch needs {expected} successor{}, found {succs}",
                if conditional {
                    "a conditional"
                } else {
                    "an unconditional"
                },
                if expected == 1 { "" } else { "s" }
            ),
        ));
    }
    if !conditional && (!groups[2].is_empty() || ctx.attr_of(op, "negate").is_some()) {
        return Err(op_error(
            ctx,
            op,
            "an unconditional branch has no fall-through operands and no 'negate'",
        ));
    }
    match str_attr(ctx, op, "mods") {
        None | Some("uni") => {}
        Some(m) => {
            return Err(op_error(
                ctx,
                op,
                format!("modifiers '{m}': 'bra' only takes '.uni'"),
            ));
        }
    }
    for (i, &b) in ctx.successors(op).iter().enumerate() {
        let operands = ctx.successor_operands(op, i);
        let args = ctx.block_args(b);
        if operands.len() != args.len() {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "branch has {} operands for successor #{i}, but target block has {}",
                    operands.len(),
                    args.len()
                ),
            ));
        }
        for (j, (&v, &a)) in operands.iter().zip(args).enumerate() {
            if ctx.value_type(v) != ctx.value_type(a) {
                return Err(op_error(
                    ctx,
                    op,
                    format!("type mismatch for bb argument #{j} of successor #{i}"),
                ));
            }
        }
    }
    Ok(())
}

pub(crate) fn verify_call(ctx: &Context, op: OpId) -> VResult {
    reject_in_device_code(ctx, op)?;
    if ctx.parent_op(op).is_some() && enclosing_function(ctx, op).is_none() {
        return Err(op_error(
            ctx,
            op,
            "must be nested in a 'ptx.entry' or 'ptx.func'",
        ));
    }
    Ok(())
}

pub(crate) fn verify_call_symbol_uses(
    ctx: &Context,
    op: OpId,
    tables: &mut SymbolTables,
) -> VResult {
    let Some(callee) = ctx
        .attr_of(op, "callee")
        .and_then(|a| match ctx.attr_data(a) {
            AttrData::SymbolRef { root, .. } => Some(*root),
            _ => None,
        })
    else {
        return Ok(());
    };
    let Some(table) = lockstep_ir::symbol::nearest_symbol_table(ctx, op) else {
        return Ok(());
    };
    let target = tables.lookup_symbol_in(ctx, table, callee);
    let Some(f) = target.filter(|&t| ctx.isa(t, &FUNC)) else {
        return Err(op_error(
            ctx,
            op,
            format!("'@{}' does not reference a 'ptx.func'", ctx.str(callee)),
        ));
    };
    verify_call_signature(ctx, op, f, |i, expected, actual| {
        op_error(
            ctx,
            op,
            format!(
                "result type mismatch at index {i}: expected {}, but the op has {}",
                quoted(ctx, expected),
                quoted(ctx, actual)
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A free slot takes its words wherever they stand, so no other slot
    /// of the same grammar may share one (the match would be ambiguous).
    #[test]
    fn free_slot_words_belong_to_no_other_slot() {
        for def in crate::ops::ALL_OPS {
            let Some(slots) = grammar(def) else {
                continue;
            };
            for (i, s) in slots.iter().enumerate().filter(|(_, s)| s.free) {
                for (j, t) in slots.iter().enumerate() {
                    if i != j
                        && let Some(w) = s.words.iter().find(|w| t.words.contains(w))
                    {
                        panic!(
                            "'{}': '{w}' is in the free slot '{}' and in '{}'",
                            def.name, s.what, t.what
                        );
                    }
                }
            }
        }
    }

    /// Every instruction has a grammar; the structure ops have none.
    #[test]
    fn every_instruction_has_a_grammar() {
        for def in crate::ops::INSTRUCTIONS {
            let checked_apart = std::ptr::eq(*def, &crate::BRA) || std::ptr::eq(*def, &crate::CALL);
            assert_eq!(grammar(def).is_some(), !checked_apart, "{}", def.name);
        }
    }
}
