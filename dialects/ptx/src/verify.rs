//! Verifiers of the `ptx` ops.
//!
//! Instruction ops are checked against a per-opcode grammar of modifiers
//! (the PTX subset lockstep emits, plus the common neighbours), then by
//! rules ptxas enforces (REFERENCE §3): `mul`/`mad` on integers need
//! `lo`/`hi`/`wide`, `div`/`sqrt`/`rcp` on `f32` need a rounding or
//! `approx`/`full`, `fma` and float `mad` need a rounding, `cvt` needs an
//! integer rounding from float to integer and a float rounding into a float
//! from an integer or a wider float, and refuses one when widening a float;
//! `and`/`or`/`xor`/`not`/`shl` take `.bN` types; `vote`/`shfl` need
//! `.sync`. The type modifier must agree with the register classes of the
//! operands and the result; operand counts are fixed per opcode.
//!
//! Invariants:
//! - Verifiers only read the IR and never panic; what the declarative tables
//!   check (register types of operands and results, attribute kinds, segment
//!   sizes) is left to them.
//! - Every message carries the `'ptx.xxx' op ` prefix and is located at the
//!   op.

use crate::ops::{
    ENTRY, FUNC, LOCAL, MODULE, RegClass, SHARED, has_address_register, is_memory_op, opcode,
    str_attr, sym_attr,
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

/// The `ptx.entry`/`ptx.func` enclosing `op`, at any depth.
pub fn enclosing_function(ctx: &Context, op: OpId) -> Option<OpId> {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if ctx.isa(p, &ENTRY) || ctx.isa(p, &FUNC) {
            return Some(p);
        }
        cur = ctx.parent_op(p);
    }
    None
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
    expect_in_entry_block(ctx, op)
}

// ----- modifiers -----

/// One step of an opcode's modifier grammar: a set of words, at most one of
/// which appears at this position.
struct Slot {
    words: &'static [&'static str],
    required: bool,
    what: &'static str,
}

const fn opt(what: &'static str, words: &'static [&'static str]) -> Slot {
    Slot {
        words,
        required: false,
        what,
    }
}
const fn req(what: &'static str, words: &'static [&'static str]) -> Slot {
    Slot {
        words,
        required: true,
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
const SPACES: &[&str] = &["global", "shared", "local", "param", "const"];
const ATOM_OPS: &[&str] = &[
    "and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max",
];
const ATOM_TYPES: &[&str] = &["b32", "b64", "u32", "u64", "s32", "s64", "f32", "f64"];

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
    } else if is(&DIV) {
        g![
            opt("rounding", &["approx", "full", "rn", "rz", "rm", "rp"]),
            opt("flush", &["ftz"]),
            req("type", ARITH_TYPES),
        ]
    } else if is(&REM) {
        g![req("type", INT_TYPES)]
    } else if is(&ABS) || is(&NEG) {
        g![opt("flush", &["ftz"]), req("type", SIGNED_ARITH)]
    } else if is(&MIN) || is(&MAX) {
        g![
            opt("flush", &["ftz"]),
            opt("NaN", &["NaN"]),
            req("type", ARITH_TYPES),
        ]
    } else if is(&AND) || is(&OR) || is(&XOR) || is(&NOT) {
        g![req("type", LOGIC_TYPES)]
    } else if is(&SHL) {
        g![req("type", BIT_TYPES)]
    } else if is(&SHR) {
        g![req("type", SHR_TYPES)]
    } else if is(&POPC) || is(&CLZ) || is(&BREV) {
        g![req("type", &["b32", "b64"])]
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
            req("type", &["u32", "u64"]),
        ]
    } else if is(&MOV) {
        g![req("type", MOV_TYPES)]
    } else if is(&SETP) {
        g![
            req("comparison", CMP),
            opt("flush", &["ftz"]),
            req("type", MOV_TYPES_NO_PRED),
        ]
    } else if is(&SELP) {
        g![req("type", VALUE_TYPES)]
    } else if is(&LD) {
        g![
            opt("ordering", &["volatile"]),
            opt("space", SPACES),
            opt("cache", &["nc"]),
            req("type", MEM_TYPES),
        ]
    } else if is(&ST) {
        g![
            opt("ordering", &["volatile"]),
            opt("space", SPACES),
            req("type", MEM_TYPES),
        ]
    } else if is(&ATOM) || is(&RED) {
        g![
            opt("space", &["global", "shared"]),
            req("operation", ATOM_OPS),
            req("type", ATOM_TYPES),
        ]
    } else if is(&BAR) {
        g![opt("scope", &["warp"]), req("mode", &["sync"])]
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
/// the word that filled it (if any).
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
    let mut filled = Vec::with_capacity(slots.len());
    let mut i = 0;
    for slot in slots {
        match parts.get(i) {
            Some(&w) if slot.words.contains(&w) => {
                filled.push(Some(w));
                i += 1;
            }
            _ if slot.required => {
                let found = parts
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
            _ => filled.push(None),
        }
    }
    if let Some(w) = parts.get(i) {
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

/// Memory and conversion rules: an 8-bit integer lives in a 16-bit (or
/// wider) integer register; otherwise [`reg_fits`].
fn reg_fits_mem(ctx: &Context, t: TypeId, ty: &str) -> bool {
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
    if std::ptr::eq(def, &crate::MOV) {
        &["value", "sreg", "sym"]
    } else if std::ptr::eq(def, &crate::BAR) {
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

pub(crate) fn verify_inst(ctx: &Context, op: OpId) -> VResult {
    let Some(def) = ctx.def_of(op) else {
        return Ok(());
    };
    if ctx.parent_op(op).is_some() && enclosing_function(ctx, op).is_none() {
        return Err(op_error(
            ctx,
            op,
            "must be nested in a 'ptx.entry' or 'ptx.func'",
        ));
    }
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
    let word = |what: &str| {
        slots
            .iter()
            .zip(&m)
            .find(|(s, _)| s.what == what)
            .and_then(|(_, w)| *w)
    };
    let ty = word("type").unwrap_or("");
    let info = type_info(ty);
    let is_float = matches!(info, Some((Kind::Float, _)));
    let is_int = matches!(info, Some((Kind::Signed | Kind::Unsigned, _)));
    let res = result_ty(ctx, op);
    let o = |i| operand_ty(ctx, op, i);
    let name = opcode(def);

    // Float-only and integer-only modifiers.
    if !is_float {
        for w in ["rounding", "flush"] {
            if let Some(r) = word(w)
                && !std::ptr::eq(def, &crate::CVT)
            {
                return Err(op_error(
                    ctx,
                    op,
                    format!("'.{r}' is only allowed on floating-point '{name}'"),
                ));
            }
        }
    }
    if let Some(s) = word("saturation")
        && !std::ptr::eq(def, &crate::CVT)
        && !matches!(ty, "s32" | "f32")
    {
        return Err(op_error(
            ctx,
            op,
            format!("'.{s}' is only allowed with '.s32' or '.f32'"),
        ));
    }

    use crate::ops::*;
    let is = |d: &OpDef| std::ptr::eq(def, d);
    if is(&ADD) || is(&SUB) || is(&MIN) || is(&MAX) || is(&AND) || is(&OR) || is(&XOR) {
        if let Some(n) = word("NaN")
            && !is_float
        {
            return Err(op_error(
                ctx,
                op,
                format!("'.{n}' needs a floating-point type"),
            ));
        }
        expect_operands(ctx, op, 2, "a, b")?;
        for i in 0..2 {
            expect_fits(ctx, op, &format!("operand #{i}"), o(i), ty, reg_fits)?;
        }
        expect_fits(ctx, op, "result", res, ty, reg_fits)
    } else if is(&MUL) || is(&MAD) {
        let mode = word("mode");
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
        if is(&MAD) && is_float && word("rounding").is_none() {
            return Err(op_error(
                ctx,
                op,
                "floating-point 'mad' needs a rounding modifier ('.rn', '.rz', '.rm', '.rp')",
            ));
        }
        let n = if is(&MAD) { 3 } else { 2 };
        expect_operands(ctx, op, n, if n == 3 { "a, b, c" } else { "a, b" })?;
        let wide = mode == Some("wide");
        if wide && !matches!(ty, "s16" | "s32" | "u16" | "u32") {
            return Err(op_error(ctx, op, "'.wide' needs a 16- or 32-bit type"));
        }
        let wide_ty = wide.then(|| format!("{}{}", &ty[..1], 2 * info.map_or(0, |i| i.1)));
        let out_ty = wide_ty.as_deref().unwrap_or(ty);
        for i in 0..2 {
            expect_fits(ctx, op, &format!("operand #{i}"), o(i), ty, reg_fits)?;
        }
        if is(&MAD) {
            expect_fits(ctx, op, "operand #2", o(2), out_ty, reg_fits)?;
        }
        expect_fits(ctx, op, "result", res, out_ty, reg_fits)
    } else if is(&MUL24) || is(&REM) {
        expect_operands(ctx, op, 2, "a, b")?;
        for i in 0..2 {
            expect_fits(ctx, op, &format!("operand #{i}"), o(i), ty, reg_fits)?;
        }
        expect_fits(ctx, op, "result", res, ty, reg_fits)
    } else if is(&DIV) {
        let r = word("rounding");
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
        for i in 0..2 {
            expect_fits(ctx, op, &format!("operand #{i}"), o(i), ty, reg_fits)?;
        }
        expect_fits(ctx, op, "result", res, ty, reg_fits)
    } else if is(&ABS) || is(&NEG) || is(&NOT) || is(&BREV) {
        expect_operands(ctx, op, 1, "a")?;
        expect_fits(ctx, op, "operand #0", o(0), ty, reg_fits)?;
        expect_fits(ctx, op, "result", res, ty, reg_fits)
    } else if is(&POPC) || is(&CLZ) {
        expect_operands(ctx, op, 1, "a")?;
        expect_fits(ctx, op, "operand #0", o(0), ty, reg_fits)?;
        expect_type(ctx, op, "result", res, ctx.common.i32)
    } else if is(&SHL) || is(&SHR) {
        expect_operands(ctx, op, 2, "a, shift amount")?;
        expect_fits(ctx, op, "operand #0", o(0), ty, reg_fits)?;
        expect_type(ctx, op, "shift amount", o(1), ctx.common.i32)?;
        expect_fits(ctx, op, "result", res, ty, reg_fits)
    } else if is(&FMA) {
        expect_operands(ctx, op, 3, "a, b, c")?;
        for i in 0..3 {
            expect_fits(ctx, op, &format!("operand #{i}"), o(i), ty, reg_fits)?;
        }
        expect_fits(ctx, op, "result", res, ty, reg_fits)
    } else if is(&RCP) || is(&SQRT) || is(&RSQRT) || is(&SIN) || is(&COS) || is(&EX2) || is(&LG2) {
        if ty == "f64" && word("rounding") == Some("approx") && word("flush").is_none() {
            return Err(op_error(
                ctx,
                op,
                format!("'{name}.approx.f64' needs '.ftz'"),
            ));
        }
        expect_operands(ctx, op, 1, "a")?;
        expect_fits(ctx, op, "operand #0", o(0), ty, reg_fits)?;
        expect_fits(ctx, op, "result", res, ty, reg_fits)
    } else if is(&CVT) {
        verify_cvt(
            ctx,
            op,
            word("rounding"),
            word("flush"),
            word("saturation"),
            &m,
        )
    } else if is(&CVTA) {
        expect_operands(ctx, op, 1, "address")?;
        let t = if ty == "u64" {
            ctx.common.i64
        } else {
            ctx.common.i32
        };
        expect_type(ctx, op, "operand #0", o(0), t)?;
        expect_type(ctx, op, "result", res, t)
    } else if is(&MOV) {
        verify_mov(ctx, op, ty)
    } else if is(&SETP) {
        let cmp = word("comparison").unwrap_or("");
        let float_only = ["equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"];
        let unsigned_only = ["lo", "ls", "hi", "hs"];
        let ok = match info {
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
        expect_operands(ctx, op, 2, "a, b")?;
        for i in 0..2 {
            expect_fits(ctx, op, &format!("operand #{i}"), o(i), ty, reg_fits)?;
        }
        expect_type(ctx, op, "result", res, ctx.common.i1)
    } else if is(&SELP) {
        expect_operands(ctx, op, 3, "a, b, predicate")?;
        for i in 0..2 {
            expect_fits(ctx, op, &format!("operand #{i}"), o(i), ty, reg_fits)?;
        }
        expect_type(ctx, op, "predicate", o(2), ctx.common.i1)?;
        expect_fits(ctx, op, "result", res, ty, reg_fits)
    } else if is(&LD) || is(&ST) || is(&ATOM) || is(&RED) {
        verify_memory(ctx, op, word("space"), word("cache"), word("operation"), ty)
    } else if is(&BAR) {
        let warp = word("scope").is_some();
        let n = ctx.operands(op).len();
        let has_value = ctx.attr_of(op, "value").is_some();
        if warp {
            expect_operands(ctx, op, 1, "member mask")?;
        } else if n + has_value as usize != 1 {
            return Err(op_error(
                ctx,
                op,
                "expects a barrier number: one operand or a 'value' attribute",
            ));
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
        expect_type(ctx, op, "operand #0", o(0), ctx.common.i32)
    } else if is(&VOTE) {
        let vote = word("vote").unwrap_or("");
        let want = if vote == "ballot" { "b32" } else { "pred" };
        if ty != want {
            return Err(op_error(
                ctx,
                op,
                format!("'vote.{vote}' needs type '.{want}'"),
            ));
        }
        expect_operands(ctx, op, 2, "predicate, member mask")?;
        expect_type(ctx, op, "operand #0", o(0), ctx.common.i1)?;
        expect_type(ctx, op, "member mask", o(1), ctx.common.i32)?;
        let rt = if vote == "ballot" {
            ctx.common.i32
        } else {
            ctx.common.i1
        };
        expect_type(ctx, op, "result", res, rt)
    } else if is(&SHFL) {
        expect_operands(ctx, op, 4, "value, lane, clamp, member mask")?;
        expect_fits(ctx, op, "operand #0", o(0), "b32", reg_fits)?;
        for (i, what) in [(1, "lane"), (2, "clamp"), (3, "member mask")] {
            expect_type(ctx, op, what, o(i), ctx.common.i32)?;
        }
        match (res, o(0)) {
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
        let (a, b) = (o(0), o(1));
        if a != b {
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

fn verify_cvt(
    ctx: &Context,
    op: OpId,
    rounding: Option<&str>,
    flush: Option<&str>,
    _sat: Option<&str>,
    m: &[Option<&str>],
) -> VResult {
    // Slots: rounding, flush, saturation, destination, source.
    let (Some(dst), Some(src)) = (m[3], m[4]) else {
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
        (true, true) if dw == sw && !int_rounding => Some(format!(
            "'cvt.{dst}.{src}' needs an integer rounding ('.rni', '.rzi', '.rmi', '.rpi')"
        )),
        (false, false) if rounding.is_some() => Some(format!(
            "'cvt.{dst}.{src}' (integer to integer) takes no rounding modifier"
        )),
        _ => None,
    };
    if let Some(p) = problem {
        return Err(op_error(ctx, op, p));
    }
    if let Some(f) = flush
        && !(sf && (src == "f32" || dst == "f32"))
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
        expect_type(ctx, op, "result", res, ctx.common.i64)?;
        check_symbol(ctx, op)?;
    }
    Ok(())
}

/// `sym` names a `ptx.shared` of the module or a `ptx.local` of the
/// enclosing function.
fn check_symbol(ctx: &Context, op: OpId) -> VResult {
    let Some(name) = sym_attr(ctx, op, "sym") else {
        return Ok(());
    };
    let Some(f) = enclosing_function(ctx, op) else {
        return Ok(());
    };
    let local = fl::entry_block(ctx, f).and_then(|b| {
        ctx.block_ops(b)
            .find(|&o| ctx.isa(o, &LOCAL) && str_attr(ctx, o, "sym_name") == Some(name))
    });
    if local.is_some() {
        return Ok(());
    }
    let shared = ctx.parent_op(f).and_then(|m| {
        let b = ctx.entry_block(*ctx.regions(m).first()?)?;
        ctx.block_ops(b)
            .find(|&o| ctx.isa(o, &SHARED) && str_attr(ctx, o, "sym_name") == Some(name))
    });
    if shared.is_none() && ctx.parent_op(f).is_some() {
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

fn verify_memory(
    ctx: &Context,
    op: OpId,
    space: Option<&str>,
    cache: Option<&str>,
    operation: Option<&str>,
    ty: &str,
) -> VResult {
    let def = ctx.def_of(op).unwrap_or(&crate::LD);
    let is = |d: &OpDef| std::ptr::eq(def, d);
    let name = opcode(def);
    if cache.is_some() && space != Some("global") {
        return Err(op_error(ctx, op, "'.nc' is only allowed with '.global'"));
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
    if retval && !is(&crate::ST) {
        return Err(op_error(ctx, op, "only 'st.param' writes a 'retval'"));
    }
    if param && !is(&crate::LD) {
        return Err(op_error(ctx, op, "only 'ld.param' reads a 'param'"));
    }
    if (param || retval) && ctx.attr_of(op, "offset").is_some() {
        return Err(op_error(ctx, op, "a parameter access takes no 'offset'"));
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
    let (values, what): (usize, &str) = if is(&crate::LD) {
        (0, "address")
    } else if is(&crate::ST) || is(&crate::RED) {
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
        expect_type(ctx, op, "address", operand_ty(ctx, op, 0), ctx.common.i64)?;
    }
    for i in base..base + values {
        expect_fits(
            ctx,
            op,
            &format!("operand #{i}"),
            operand_ty(ctx, op, i),
            ty,
            reg_fits_mem,
        )?;
    }
    expect_fits(ctx, op, "result", result_ty(ctx, op), ty, reg_fits_mem)?;
    if let Some(operation) = operation {
        let info = type_info(ty);
        let ok = match operation {
            "and" | "or" | "xor" => matches!(info, Some((Kind::Bits, _))),
            "cas" | "exch" => matches!(info, Some((Kind::Bits, _))),
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
        if is(&crate::RED) && matches!(operation, "cas" | "exch") {
            return Err(op_error(ctx, op, format!("'red' has no '.{operation}'")));
        }
    }
    Ok(())
}

// ----- branches and calls -----

pub(crate) fn verify_bra(ctx: &Context, op: OpId) -> VResult {
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
