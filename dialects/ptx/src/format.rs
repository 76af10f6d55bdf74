//! Assembly formats of the `ptx` ops (see `docs/ptx-dialect.md`).
//!
//! Every instruction op shares one format:
//!
//! ```text
//! [%r =] ptx.OPCODE [MODS] [ELEM (, ELEM)*] [{attrs}] [: TYPES]
//! ELEM  := %value | [ADDR] | %sreg (mov) | @sym (mov) | literal (mov, bar)
//! ADDR  := %base [+ N] | @sym [+ N] | param N | retval N
//! TYPES := T                 one type for every operand (and the result)
//!        | T1, T2, ...       one per operand (no result)
//!        | T1, ... -> R      operand types (one, or one per operand), result
//! ```
//!
//! Invariants:
//! - Every printer writes exactly what its parser reads back (round trip),
//!   and never panics on IR that does not verify (it prints what is there).
//! - Whether an instruction has a result is fixed by its opcode (the op
//!   definition's result spec) and, for `bar`/`barrier`, by its modifiers
//!   (read before the operands), so `: T` is never ambiguous.
//! - Inherent attributes that have a syntax (`mods`, `value`, `sreg`, `sym`,
//!   `offset`, `param`, `retval`, `negate`) are elided from the trailing
//!   dictionary; anything else prints there.
//! - In `ptx.mov`, a `%` name that is a special register (`%tid.x`, …) is
//!   the special register, never an SSA value of that name.

use crate::ops::{has_address_register, is_memory_op, str_attr, sym_attr};
use lockstep_func::function_like::{SignatureRules, parse_function_like, print_function_like};
use lockstep_ir::lexer::Tok;
use lockstep_ir::parser::UnresolvedOperand;
use lockstep_ir::printer::write_float;
use lockstep_ir::types::FloatKind;
use lockstep_ir::{
    AttrData, OpAsmParser, OpAsmPrinter, OpId, OperationState, PResult, TypeData, TypeId,
};

use lockstep_ir::asm_format;

asm_format!(MODULE_FORMAT, parse_module, print_module);
asm_format!(FUNCTION_FORMAT, parse_function, print_function_like);
asm_format!(STORAGE_FORMAT, parse_storage, print_storage);
asm_format!(REG_FORMAT, parse_reg, print_reg);
asm_format!(INST_FORMAT, parse_inst, print_inst);
asm_format!(BRA_FORMAT, parse_bra, print_bra);

/// The special registers `ptx.mov` reads (`sreg`), PTX spelling without `%`.
pub const SPECIAL_REGISTERS: &[&str] = &[
    "tid.x",
    "tid.y",
    "tid.z",
    "ntid.x",
    "ntid.y",
    "ntid.z",
    "ctaid.x",
    "ctaid.y",
    "ctaid.z",
    "nctaid.x",
    "nctaid.y",
    "nctaid.z",
    "laneid",
    "warpid",
    "nwarpid",
    "smid",
    "nsmid",
    "lanemask_eq",
    "lanemask_lt",
    "lanemask_le",
    "lanemask_gt",
    "lanemask_ge",
    "clock",
    "clock64",
    "globaltimer",
];

fn print_sym_name(p: &mut OpAsmPrinter<'_>, op: OpId) {
    match lockstep_ir::symbol::symbol_name(p.ctx(), op) {
        Some(s) => p.print_symbol_name(s),
        None => p.write("@\"\""),
    }
}

fn parse_sym_name(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let name = p.parse_symbol_name()?;
    let a = p.ctx().attr(AttrData::String(name));
    st.add_attr(p.ctx().sym("sym_name"), a);
    Ok(())
}

// ----- ptx.module -----

fn parse_module(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_sym_name(p, st)?;
    p.parse_optional_attr_dict_with_keyword(&mut st.attrs)?;
    let r = p.rewriter().new_region();
    p.parse_region(r, &[], true)?;
    // An empty module still has its one block.
    if p.ctx().region_blocks(r).is_empty() {
        p.rewriter().create_block(r, &[], None);
    }
    st.regions.push(r);
    Ok(())
}

fn print_module(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" ");
    print_sym_name(p, op);
    p.print_optional_attr_dict_with_keyword(op, &["sym_name"]);
    if let Some(&r) = p.ctx().regions(op).first() {
        p.write(" ");
        p.print_region(r, false, false);
    }
}

// ----- ptx.entry / ptx.func -----

/// `func.func`'s syntax with bare parameter types: the body's entry block
/// has no arguments (parameters are read with `ld.param`).
fn parse_function(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_function_like(p, st, SignatureRules::default())
}

// ----- ptx.shared / ptx.local -----

fn parse_storage(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_sym_name(p, st)?;
    p.parse_optional_attr_dict(&mut st.attrs)
}

fn print_storage(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" ");
    print_sym_name(p, op);
    p.print_optional_attr_dict(op, &["sym_name"]);
}

// ----- ptx.reg -----

fn parse_reg(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut st.attrs)?;
    let t = p.parse_colon_type()?;
    st.result_types.push(t);
    Ok(())
}

fn print_reg(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    let ctx = p.ctx();
    match ctx.results(op).first() {
        Some(&r) => p.print_type(ctx.value_type(r)),
        None => p.write("()"),
    }
}

// ----- instructions -----

/// Attributes the instruction syntax spells out.
const INST_ELIDED: &[&str] = &["mods", "value", "sreg", "sym", "offset", "param", "retval"];

/// Is `s` printable as a bare keyword that the lexer reads back whole?
fn is_bare_keyword(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.'))
}

/// Parses the optional modifier keyword (or string) into `mods`.
fn parse_mods(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mods = if p.is(Tok::String) {
        Some(p.parse_string()?)
    } else if p.is(Tok::BareIdent) && p.peek_keyword() != Some("loc") {
        // `loc` is never a modifier: it starts the op's trailing location.
        Some(p.parse_any_keyword()?.to_string())
    } else {
        None
    };
    if let Some(m) = mods {
        let a = p.ctx().str_attr(&m);
        st.add_attr(p.ctx().sym("mods"), a);
    }
    Ok(())
}

fn print_mods(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    // A malformed `mods` prints in the dictionary instead.
    if let Some(AttrData::String(s)) = ctx.attr_of(op, "mods").map(|a| ctx.attr_data(a)) {
        let s = ctx.str(*s);
        p.write(" ");
        if is_bare_keyword(s) {
            p.write(s);
        } else {
            p.print_string(s);
        }
    }
}

/// A numeric literal seen before the type that gives it meaning.
struct RawLiteral<'src> {
    negative: bool,
    token: Tok,
    text: &'src str,
    offset: usize,
}

/// A signed integer literal (decimal or `0x` hex).
fn int_literal(text: &str, negative: bool) -> Option<i128> {
    let v = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(h) => i128::from_str_radix(h, 16).ok()?,
        None => text.parse::<i128>().ok()?,
    };
    Some(if negative { -v } else { v })
}

/// Turns a literal into the `value` attribute of type `ty`.
fn literal_attr(
    p: &mut OpAsmParser<'_, '_>,
    lit: &RawLiteral<'_>,
    ty: TypeId,
) -> PResult<lockstep_ir::AttrId> {
    let ctx = p.ctx();
    match ctx.type_data(ty).clone() {
        TypeData::Integer { width, .. } => {
            if lit.token != Tok::Integer {
                return Err(p.op_error_at(lit.offset, "expected an integer immediate"));
            }
            let v = int_literal(lit.text, lit.negative)
                .filter(|v| {
                    let w = width.min(64);
                    *v >= -(1i128 << (w - 1)) && *v < (1i128 << w)
                })
                .ok_or_else(|| {
                    p.op_error_at(lit.offset, format!("immediate does not fit in i{width}"))
                })?;
            Ok(p.ctx().int_attr(v as i64, ty))
        }
        TypeData::Float(kind @ (FloatKind::F32 | FloatKind::F64)) => {
            let hex = lit.text.starts_with("0x") || lit.text.starts_with("0X");
            let v = if lit.token == Tok::Integer && hex {
                // `0x...` spells the IEEE bits, as MLIR's float literals do.
                let bits = int_literal(lit.text, false).unwrap_or(-1);
                match kind {
                    FloatKind::F32 => u32::try_from(bits).ok().map(|b| f32::from_bits(b) as f64),
                    _ => u64::try_from(bits).ok().map(f64::from_bits),
                }
                .filter(|_| !lit.negative)
            } else {
                lit.text
                    .parse::<f64>()
                    .ok()
                    .map(|v| if lit.negative { -v } else { v })
            };
            let v =
                v.ok_or_else(|| p.op_error_at(lit.offset, "invalid floating-point immediate"))?;
            Ok(p.ctx().float_attr(v, ty))
        }
        _ => Err(p.op_error_at(lit.offset, "an immediate needs an integer or float type")),
    }
}

/// `[%base + N]`, `[@sym + N]`, `[param N]`, `[retval N]`; returns the base
/// register if there is one.
fn parse_address<'src>(
    p: &mut OpAsmParser<'_, 'src>,
    st: &mut OperationState,
) -> PResult<Option<UnresolvedOperand<'src>>> {
    p.expect(Tok::LSquare, "[")?;
    let mut base = None;
    for kw in ["param", "retval"] {
        if p.parse_optional_keyword(kw) {
            let off = p.offset();
            let n = p.parse_integer()?;
            let n = i64::try_from(n).map_err(|_| p.op_error_at(off, "index out of range"))?;
            let a = p.ctx().int_attr(n, p.ctx().common.i64);
            st.add_attr(p.ctx().sym(kw), a);
            p.expect(Tok::RSquare, "]")?;
            return Ok(None);
        }
    }
    if let Some(s) = p.parse_optional_symbol_name()? {
        let a = p.ctx().attr(AttrData::SymbolRef {
            root: s,
            nested: Box::new([]),
        });
        st.add_attr(p.ctx().sym("sym"), a);
    } else {
        base = Some(p.parse_operand()?);
    }
    if p.optional(Tok::Plus) {
        let off = p.offset();
        let n = p.parse_integer()?;
        let n = i64::try_from(n).map_err(|_| p.op_error_at(off, "offset out of range"))?;
        let a = p.ctx().int_attr(n, p.ctx().common.i64);
        st.add_attr(p.ctx().sym("offset"), a);
    }
    p.expect(Tok::RSquare, "]")?;
    Ok(base)
}

fn print_address(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write("[");
    for kw in ["param", "retval"] {
        if let Some(a) = ctx.attr_of(op, kw) {
            p.write(kw);
            p.write(" ");
            match ctx.attr_data(a).as_int() {
                Some(n) => p.write(&n.to_string()),
                None => p.print_attr(a),
            }
            p.write("]");
            return;
        }
    }
    if let Some(a) = ctx.attr_of(op, "sym") {
        p.print_attr(a);
    } else {
        match ctx.operands(op).first() {
            Some(&v) => p.print_operand(v),
            None => p.write("<<missing>>"),
        }
    }
    if let Some(n) = ctx
        .attr_of(op, "offset")
        .and_then(|a| ctx.attr_data(a).as_int())
    {
        p.write(&format!(" + {n}"));
    }
    p.write("]");
}

fn parse_inst(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let def = st.name.def;
    let is_mov = def.is_some_and(|d| std::ptr::eq(d, &crate::MOV));
    parse_mods(p, st)?;
    // Known once the modifiers are read (`bar.red` has a result).
    let mods = st
        .attrs
        .iter()
        .rev()
        .find(|(k, _)| p.ctx().str(*k) == "mods")
        .and_then(|&(_, a)| match p.ctx().attr_data(a) {
            AttrData::String(s) => Some(p.ctx().str(*s).to_string()),
            _ => None,
        })
        .unwrap_or_default();
    let has_result = def.is_some_and(|d| crate::ops::has_result(d, &mods));
    let mut uses: Vec<UnresolvedOperand<'_>> = Vec::new();
    let mut literal: Option<RawLiteral<'_>> = None;
    let operands_offset = p.offset();
    let starts_element = |p: &OpAsmParser<'_, '_>| {
        [
            Tok::PercentIdent,
            Tok::LSquare,
            Tok::AtIdent,
            Tok::Integer,
            Tok::Float,
            Tok::Minus,
        ]
        .iter()
        .any(|&t| p.is(t))
    };
    let no_operands = def.is_some_and(crate::ops::takes_no_operands);
    if !no_operands && starts_element(p) {
        loop {
            match p.token_kind() {
                Tok::LSquare => {
                    if let Some(base) = parse_address(p, st)? {
                        uses.push(base);
                    }
                }
                Tok::AtIdent => {
                    let s = p.parse_symbol_name()?;
                    let a = p.ctx().attr(AttrData::SymbolRef {
                        root: s,
                        nested: Box::new([]),
                    });
                    st.add_attr(p.ctx().sym("sym"), a);
                }
                Tok::PercentIdent
                    if is_mov && SPECIAL_REGISTERS.contains(&&p.token_text()[1..]) =>
                {
                    let a = p.ctx().str_attr(&p.token_text()[1..]);
                    st.add_attr(p.ctx().sym("sreg"), a);
                    p.parse_operand()?;
                }
                Tok::PercentIdent => uses.push(p.parse_operand()?),
                _ => {
                    let negative = p.optional(Tok::Minus);
                    let offset = p.offset();
                    let token = p.token_kind();
                    if token != Tok::Integer && token != Tok::Float {
                        return Err(p.op_error_at(offset, "expected an operand or an immediate"));
                    }
                    let text = p.token_text();
                    // Consume the literal token.
                    if token == Tok::Integer {
                        p.parse_integer()?;
                    } else {
                        p.parse_attribute(Some(p.ctx().common.f64))?;
                    }
                    if literal.is_some() {
                        return Err(p.op_error_at(offset, "at most one immediate is allowed"));
                    }
                    literal = Some(RawLiteral {
                        negative,
                        token,
                        text,
                        offset,
                    });
                }
            }
            if !p.optional(Tok::Comma) {
                break;
            }
        }
    }
    p.parse_optional_attr_dict(&mut st.attrs)?;

    let n = uses.len();
    let (operand_types, result_type) = if n > 0 || has_result {
        p.parse_colon()?;
        let types_offset = p.offset();
        let list = p.parse_type_list_no_parens()?;
        let result = if has_result && p.optional(Tok::Arrow) {
            Some(p.parse_type()?)
        } else if has_result {
            if list.len() != 1 {
                return Err(p.op_error_at(
                    types_offset,
                    "expected one type for the operands and the result, or 'operand types -> result type'",
                ));
            }
            Some(list[0])
        } else {
            None
        };
        let operand_types = if list.len() == n {
            list
        } else if list.len() == 1 {
            vec![list[0]; n]
        } else if n == 0 && has_result && result.is_some() && list.len() == 1 {
            Vec::new()
        } else {
            return Err(p.op_error_at(
                types_offset,
                format!("expected one operand type or {n}, found {}", list.len()),
            ));
        };
        (operand_types, result)
    } else {
        (Vec::new(), None)
    };
    p.resolve_op_operands(&uses, &operand_types, operands_offset, st)?;
    if let Some(r) = result_type {
        st.result_types.push(r);
    }
    if let Some(lit) = literal {
        let ty = result_type.unwrap_or(p.ctx().common.i32);
        let a = literal_attr(p, &lit, ty)?;
        st.add_attr(p.ctx().sym("value"), a);
    }
    Ok(())
}

fn print_value_literal(p: &mut OpAsmPrinter<'_>, a: lockstep_ir::AttrId) {
    let ctx = p.ctx();
    match ctx.attr_data(a) {
        // `true` is stored as -1 (sign-extended i1) and printed as PTX has it.
        AttrData::Integer { value, ty } if *ty == ctx.common.i1 => {
            p.write(&(value & 1).to_string())
        }
        AttrData::Integer { value, .. } => p.write(&value.to_string()),
        AttrData::Float { bits, ty } => {
            let mut s = String::new();
            write_float(ctx, f64::from_bits(*bits), *ty, &mut s);
            p.write(&s);
        }
        _ => p.print_attr(a),
    }
}

fn print_inst(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let def = ctx.def_of(op);
    print_mods(p, op);
    let operands = ctx.operands(op);
    let mut elements = 0usize;
    let mut sep = |p: &mut OpAsmPrinter<'_>| {
        p.write(if elements == 0 { " " } else { ", " });
        elements += 1;
    };
    let memory = def.is_some_and(is_memory_op);
    let mut rest = operands;
    if memory {
        sep(p);
        print_address(p, op);
        if has_address_register(ctx, op) && !rest.is_empty() {
            rest = &rest[1..];
        }
    }
    for &v in rest {
        sep(p);
        p.print_operand(v);
    }
    if !memory && let Some(a) = ctx.attr_of(op, "sym") {
        sep(p);
        p.print_attr(a);
    }
    if let Some(s) = str_attr(ctx, op, "sreg") {
        sep(p);
        p.write("%");
        p.write(s);
    }
    let value = ctx.attr_of(op, "value");
    if let Some(a) = value {
        sep(p);
        print_value_literal(p, a);
    }
    // Attributes whose syntax could not carry them print in the dictionary:
    // an address part on a non-memory op, a malformed value.
    let mut elided: Vec<&str> = INST_ELIDED.to_vec();
    let keep = |name: &str| {
        let Some(a) = ctx.attr_of(op, name) else {
            return false;
        };
        match name {
            "mods" | "sreg" => !matches!(ctx.attr_data(a), AttrData::String(_)),
            "sym" => sym_attr(ctx, op, "sym").is_none(),
            "offset" | "param" | "retval" => !memory || ctx.attr_data(a).as_int().is_none(),
            "value" => !matches!(
                ctx.attr_data(a),
                AttrData::Integer { .. } | AttrData::Float { .. }
            ),
            _ => false,
        }
    };
    elided.retain(|n| !keep(n));
    // A `value` whose type is not what the parser will give it must print in
    // the dictionary to round-trip.
    if let Some(a) = value {
        let expected = ctx
            .results(op)
            .first()
            .map(|&r| ctx.value_type(r))
            .unwrap_or(ctx.common.i32);
        let actual = match ctx.attr_data(a) {
            AttrData::Integer { ty, .. } | AttrData::Float { ty, .. } => Some(*ty),
            _ => None,
        };
        if actual != Some(expected) {
            elided.retain(|n| *n != "value");
        }
    }
    p.print_optional_attr_dict(op, &elided);

    let result = ctx.results(op).first().map(|&r| ctx.value_type(r));
    let types: Vec<TypeId> = operands.iter().map(|&v| ctx.value_type(v)).collect();
    let uniform = types.windows(2).all(|w| w[0] == w[1]);
    if types.is_empty() && result.is_none() {
        return;
    }
    p.write(" : ");
    match result {
        Some(r) if types.is_empty() || (uniform && types[0] == r) => p.print_type(r),
        Some(r) => {
            if uniform {
                p.print_type(types[0]);
            } else {
                p.print_types(&types);
            }
            p.write(" -> ");
            p.print_type(r);
        }
        None => {
            if uniform {
                p.print_type(types[0]);
            } else {
                p.print_types(&types);
            }
        }
    }
}

// ----- ptx.bra -----

/// `^bb` then optionally `(%a, %b : t1, t2)`; operands are appended to the
/// state. Returns the block and the number of operands.
fn parse_dest(
    p: &mut OpAsmParser<'_, '_>,
    st: &mut OperationState,
) -> PResult<(lockstep_ir::BlockId, usize)> {
    let before = st.operands.len();
    let b = p.parse_successor_and_operands(&mut st.operands)?;
    Ok((b, st.operands.len() - before))
}

fn parse_bra(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    if p.parse_optional_keyword("uni") {
        let a = p.ctx().str_attr("uni");
        st.add_attr(p.ctx().sym("mods"), a);
    } else if p.is(Tok::String) {
        let m = p.parse_string()?;
        let a = p.ctx().str_attr(&m);
        st.add_attr(p.ctx().sym("mods"), a);
    }
    let negate = p.parse_optional_keyword("not");
    let sizes = if p.is(Tok::PercentIdent) {
        let u = p.parse_operand()?;
        let v = p.resolve_operand(u, p.ctx().common.i1)?;
        st.operands.push(v);
        p.parse_comma()?;
        let (taken, nt) = parse_dest(p, st)?;
        p.parse_comma()?;
        let (fall, nf) = parse_dest(p, st)?;
        st.successors.extend([taken, fall]);
        [1, nt as i64, nf as i64]
    } else {
        let (dest, n) = parse_dest(p, st)?;
        st.successors.push(dest);
        [0, n as i64, 0]
    };
    if negate {
        let a = p.ctx().unit_attr();
        st.add_attr(p.ctx().sym("negate"), a);
    }
    p.parse_optional_attr_dict(&mut st.attrs)?;
    let a = p.ctx().dense_i32_array(&sizes);
    st.add_attr(p.ctx().sym("operandSegmentSizes"), a);
    Ok(())
}

fn print_bra(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let mut elided = vec!["operandSegmentSizes"];
    match str_attr(ctx, op, "mods") {
        Some("uni") => {
            p.write(" uni");
            elided.push("mods");
        }
        Some(m) if !m.is_empty() && m != "not" => {
            p.write(" ");
            p.print_string(m);
            elided.push("mods");
        }
        _ => {}
    }
    if matches!(
        ctx.attr_of(op, "negate").map(|a| ctx.attr_data(a)),
        Some(AttrData::Unit)
    ) {
        p.write(" not");
        elided.push("negate");
    }
    let bra = crate::BraOp(op);
    let segments_ok = ctx.operand_groups(op).is_some();
    if !segments_ok {
        // Malformed: print everything generically enough to show it.
        elided.retain(|n| *n != "operandSegmentSizes");
    }
    if let Some(pred) = bra.predicate(ctx) {
        p.write(" ");
        p.print_operand(pred);
        p.write(",");
    }
    for (i, &b) in ctx.successors(op).iter().enumerate() {
        p.write(if i == 0 { " " } else { ", " });
        p.print_successor_and_operands(b, ctx.successor_operands(op, i));
    }
    p.print_optional_attr_dict(op, &elided);
}
