//! Custom assembly formats of arith ops, byte-identical to mlir-opt 22.
//!
//! Invariants:
//! - Each printer writes exactly what its parser reads back (round trip),
//!   and never panics, even on IR that does not verify (it then prints
//!   what is there; the verifier reports the problem).
//! - Inherent attributes never appear in the printed `{...}` dictionary:
//!   flags print as keywords (`overflow<nsw>`, `fastmath<fast>`, rounding
//!   modes), predicates as keywords, a constant's value after the
//!   dictionary. Flags equal to `none` are not printed.
//! - Parse errors are located at the offending token and worded as
//!   mlir-opt words them (`custom op 'arith.cmpi' expected ...`).

use lockstep_ir::lexer::Tok;
use lockstep_ir::opdef::AsmFormat;
use lockstep_ir::parser::{OpAsmParser, PResult};
use lockstep_ir::printer::OpAsmPrinter;
use lockstep_ir::{OpId, OperationState, TypeId};
use smallvec::SmallVec;

use crate::constraints::{Shape, i1_like, shape_of, typed_attr_type};
use crate::flags::{
    CMPF_PREDICATES, CMPI_PREDICATES, FlagKind, ROUNDING_MODES, predicate_value,
    rounding_mode_value,
};

/// `%lhs, %rhs [flags] {attrs} : type` (binary int and float ops).
pub const BINARY: AsmFormat = AsmFormat {
    parse: parse_binary,
    print: print_binary,
};
/// `%x [fastmath<..>] {attrs} : type` (negf).
pub const UNARY: AsmFormat = AsmFormat {
    parse: parse_unary,
    print: print_unary,
};
/// `pred, %lhs, %rhs [fastmath<..>] {attrs} : type` (cmpi, cmpf).
pub const CMP: AsmFormat = AsmFormat {
    parse: parse_cmp,
    print: print_cmp,
};
/// `%cond, %t, %f {attrs} : [cond_type,] type`.
pub const SELECT: AsmFormat = AsmFormat {
    parse: parse_select,
    print: print_select,
};
/// `%x [roundingmode] [flags] {attrs} : from to to` (all casts).
pub const CAST: AsmFormat = AsmFormat {
    parse: parse_cast,
    print: print_cast,
};
/// `{attrs} value`.
pub const CONSTANT: AsmFormat = AsmFormat {
    parse: parse_constant,
    print: print_constant,
};
/// `%lhs, %rhs {attrs} : type, overflow_type` (addui_extended).
pub const ADD_EXTENDED: AsmFormat = AsmFormat {
    parse: parse_add_extended,
    print: print_add_extended,
};
/// `%lhs, %rhs {attrs} : type` with two results of that type.
pub const MUL_EXTENDED: AsmFormat = AsmFormat {
    parse: parse_mul_extended,
    print: print_mul_extended,
};

// ----- shared parsing pieces -----

/// A bare keyword or a string literal, with its offset.
fn parse_keyword_or_string(p: &mut OpAsmParser<'_, '_>) -> Option<PResult<String>> {
    match p.token_kind() {
        Tok::BareIdent => Some(p.parse_any_keyword().map(str::to_string)),
        Tok::String => Some(p.parse_string()),
        _ => None,
    }
}

/// `overflow<...>` or `fastmath<...>` after the mnemonic was seen.
fn parse_flags_body(p: &mut OpAsmParser<'_, '_>, kind: FlagKind) -> PResult<u32> {
    p.expect(Tok::Less, "<")?;
    let mut bits = 0;
    loop {
        let off = p.offset();
        let word = match parse_keyword_or_string(p) {
            Some(w) => w?,
            None => return Err(p.op_error_at(off, "expected valid keyword or string")),
        };
        match kind.bit(&word) {
            Some(b) => bits |= b,
            None => return Err(p.op_error_at(off, kind.unknown_flag_message())),
        }
        if !p.optional(Tok::Comma) {
            break;
        }
    }
    p.expect(Tok::Greater, ">")?;
    Ok(bits)
}

/// The optional keyword-form inherent attributes, in the op's declared
/// order: a rounding mode, then `overflow<...>` or `fastmath<...>`.
fn parse_flag_attrs(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let Some(def) = st.name.def else {
        return Ok(());
    };
    for spec in def.attrs {
        match spec.name {
            "roundingmode" => {
                if let Some(k) = p.peek_keyword()
                    && let Some(i) = ROUNDING_MODES.iter().position(|m| *m == k)
                {
                    p.parse_any_keyword()?;
                    let a = p.ctx().int_attr(i as i64, p.ctx().common.i32);
                    st.add_attr(p.ctx().static_sym("roundingmode"), a);
                }
            }
            "overflowFlags" | "fastmath" => {
                let kind = if spec.name == "fastmath" {
                    FlagKind::FastMath
                } else {
                    FlagKind::Overflow
                };
                if p.parse_optional_keyword(kind.mnemonic()) {
                    let bits = parse_flags_body(p, kind)?;
                    let a = kind.attr(p.ctx(), bits);
                    st.add_attr(p.ctx().static_sym(spec.name), a);
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// `{...}` then `: type`.
fn parse_attrs_colon_type(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<TypeId> {
    p.parse_optional_attr_dict(&mut st.attrs)?;
    p.parse_colon_type()
}

fn parse_binary(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let lhs = p.parse_operand()?;
    p.parse_comma()?;
    let rhs = p.parse_operand()?;
    parse_flag_attrs(p, st)?;
    let ty = parse_attrs_colon_type(p, st)?;
    p.resolve_operands_same(&[lhs, rhs], ty, &mut st.operands)?;
    st.result_types.push(ty);
    Ok(())
}

fn parse_unary(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let x = p.parse_operand()?;
    parse_flag_attrs(p, st)?;
    let ty = parse_attrs_colon_type(p, st)?;
    p.resolve_operands_same(&[x], ty, &mut st.operands)?;
    st.result_types.push(ty);
    Ok(())
}

fn parse_cmp(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let float = st.name.def.is_some_and(|d| d.name == "arith.cmpf");
    let table: &[&str] = if float {
        &CMPF_PREDICATES
    } else {
        &CMPI_PREDICATES
    };
    let off = p.offset();
    let word = match parse_keyword_or_string(p) {
        Some(w) => Some(w?),
        None => None,
    };
    let Some(index) = word.and_then(|w| table.iter().position(|k| *k == w)) else {
        let msg = format!(
            "expected string or keyword containing one of the following enum values for attribute 'predicate' [{}]",
            table.join(", ")
        );
        return Err(p.op_error_at(off, &msg));
    };
    let pred = p.ctx().int_attr(index as i64, p.ctx().common.i64);
    st.add_attr(p.ctx().static_sym("predicate"), pred);
    p.parse_comma()?;
    let lhs = p.parse_operand()?;
    p.parse_comma()?;
    let rhs = p.parse_operand()?;
    parse_flag_attrs(p, st)?;
    let ty = parse_attrs_colon_type(p, st)?;
    p.resolve_operands_same(&[lhs, rhs], ty, &mut st.operands)?;
    st.result_types.push(i1_like(p.ctx(), ty));
    Ok(())
}

fn parse_select(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let off = p.offset();
    let uses = p.parse_operand_list()?;
    if uses.len() != 3 {
        return Err(p.op_error_at(off, "expected 3 operands"));
    }
    let first = parse_attrs_colon_type(p, st)?;
    let (cond_ty, ty) = if p.optional(Tok::Comma) {
        (first, p.parse_type()?)
    } else {
        (p.ctx().common.i1, first)
    };
    p.resolve_operands(&uses, &[cond_ty, ty, ty], off, &mut st.operands)?;
    st.result_types.push(ty);
    Ok(())
}

fn parse_cast(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let x = p.parse_operand()?;
    parse_flag_attrs(p, st)?;
    let from = parse_attrs_colon_type(p, st)?;
    let off = p.offset();
    if !p.parse_optional_keyword("to") {
        return Err(p.op_error_at(off, "expected 'to'"));
    }
    let to = p.parse_type()?;
    p.resolve_operands_same(&[x], from, &mut st.operands)?;
    st.result_types.push(to);
    Ok(())
}

fn parse_constant(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut st.attrs)?;
    let value = p.parse_attribute(None)?;
    // Untyped attributes get `none`; the verifier rejects them.
    let ty = typed_attr_type(p.ctx(), value).unwrap_or(p.ctx().common.none);
    st.add_attr(p.ctx().static_sym("value"), value);
    st.result_types.push(ty);
    Ok(())
}

fn parse_add_extended(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let lhs = p.parse_operand()?;
    p.parse_comma()?;
    let rhs = p.parse_operand()?;
    let ty = parse_attrs_colon_type(p, st)?;
    p.parse_comma()?;
    let overflow_ty = p.parse_type()?;
    p.resolve_operands_same(&[lhs, rhs], ty, &mut st.operands)?;
    st.result_types.push(ty);
    st.result_types.push(overflow_ty);
    Ok(())
}

fn parse_mul_extended(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let lhs = p.parse_operand()?;
    p.parse_comma()?;
    let rhs = p.parse_operand()?;
    let ty = parse_attrs_colon_type(p, st)?;
    p.resolve_operands_same(&[lhs, rhs], ty, &mut st.operands)?;
    st.result_types.push(ty);
    st.result_types.push(ty);
    Ok(())
}

// ----- shared printing pieces -----

/// Names of the op's inherent attributes: never printed in `{...}`.
fn inherent(p: &OpAsmPrinter<'_>, op: OpId) -> SmallVec<[&'static str; 4]> {
    p.ctx()
        .def_of(op)
        .map(|d| d.attrs.iter().map(|a| a.name).collect())
        .unwrap_or_default()
}

fn print_flag_attrs(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(def) = ctx.def_of(op) else { return };
    for spec in def.attrs {
        let Some(a) = ctx.attr_of_sym(op, ctx.static_sym(spec.name)) else {
            continue;
        };
        match spec.name {
            "roundingmode" => {
                if let Some(i) = rounding_mode_value(ctx, a) {
                    p.write(" ");
                    p.write(ROUNDING_MODES[i]);
                }
            }
            "overflowFlags" | "fastmath" => {
                let kind = if spec.name == "fastmath" {
                    FlagKind::FastMath
                } else {
                    FlagKind::Overflow
                };
                // The default (no flags) is the same interned attribute on
                // nearly every op: recognise it without decoding.
                if a == kind.attr(ctx, 0) {
                    continue;
                }
                match kind.decode(ctx, a) {
                    Some(0) => {}
                    Some(bits) => {
                        p.write(" ");
                        p.write(&kind.canonical_body(bits));
                    }
                    // Not a valid flag attribute: show it as stored.
                    None => {
                        p.write(" ");
                        p.print_attr(a);
                    }
                }
            }
            _ => {}
        }
    }
}

fn print_attrs_colon(p: &mut OpAsmPrinter<'_>, op: OpId) {
    // Usually every attribute is inherent (flags): nothing to print.
    let ctx = p.ctx();
    let declared = ctx.def_of(op).map_or(&[][..], |d| d.attrs);
    if ctx
        .attrs(op)
        .iter()
        .all(|&(k, _)| declared.iter().any(|a| ctx.static_sym(a.name) == k))
    {
        p.write(" : ");
        return;
    }
    let elided = inherent(p, op);
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
}

fn print_result_type(p: &mut OpAsmPrinter<'_>, op: OpId) {
    if let Some(&r) = p.ctx().results(op).first() {
        p.print_type(p.ctx().value_type(r));
    }
}

fn print_operand_type(p: &mut OpAsmPrinter<'_>, op: OpId, i: usize) {
    if let Some(&v) = p.ctx().operands(op).get(i) {
        p.print_type(p.ctx().value_type(v));
    }
}

fn print_binary(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" ");
    p.print_operands(p.ctx().operands(op));
    print_flag_attrs(p, op);
    print_attrs_colon(p, op);
    print_result_type(p, op);
}

fn print_unary(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_binary(p, op);
}

fn print_cmp(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let float = ctx.def_of(op).is_some_and(|d| d.name == "arith.cmpf");
    let table: &[&str] = if float {
        &CMPF_PREDICATES
    } else {
        &CMPI_PREDICATES
    };
    p.write(" ");
    let pred = ctx
        .attr_of(op, "predicate")
        .and_then(|a| predicate_value(ctx, a));
    match pred
        .and_then(|v| usize::try_from(v).ok())
        .and_then(|i| table.get(i))
    {
        Some(k) => p.write(k),
        None => {
            p.write(&pred.map_or_else(|| "<<missing predicate>>".to_string(), |v| v.to_string()))
        }
    }
    p.write(", ");
    p.print_operands(ctx.operands(op));
    print_flag_attrs(p, op);
    print_attrs_colon(p, op);
    print_operand_type(p, op, 0);
}

fn print_select(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    print_attrs_colon(p, op);
    if let Some(&c) = ctx.operands(op).first() {
        let cty = ctx.value_type(c);
        if shape_of(ctx, cty) != Shape::Scalar {
            p.print_type(cty);
            p.write(", ");
        }
    }
    print_result_type(p, op);
}

fn print_cast(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" ");
    p.print_operands(p.ctx().operands(op));
    print_flag_attrs(p, op);
    print_attrs_colon(p, op);
    print_operand_type(p, op, 0);
    p.write(" to ");
    print_result_type(p, op);
}

fn print_constant(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let elided = inherent(p, op);
    p.print_optional_attr_dict(op, &elided);
    if let Some(v) = p.ctx().attr_of(op, "value") {
        p.write(" ");
        p.print_attr(v);
    }
}

fn print_add_extended(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    print_attrs_colon(p, op);
    let results = ctx.results(op).to_vec();
    p.print_value_types(&results);
}

fn print_mul_extended(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" ");
    p.print_operands(p.ctx().operands(op));
    print_attrs_colon(p, op);
    print_operand_type(p, op, 0);
}
