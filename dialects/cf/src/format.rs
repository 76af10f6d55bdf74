//! Assembly formats of the `cf` ops, exactly as mlir-opt 22 prints and
//! parses them, including `cf.switch`'s multi-line case list with case values
//! printed as unsigned numbers of the flag's width.
//!
//! Invariants:
//! - `print(parse(text))` is mlir-opt's output for `text`, and whatever is
//!   printed parses back to the same IR (a printed unsigned case value is
//!   truncated back to the flag's width when parsed).
//! - Parse errors are located diagnostics, never panics; errors MLIR's op
//!   parsers emit themselves carry its `custom op 'name' ` prefix.

use crate::ops::{SwitchOp, case_values_attr, dense_int_values};
use lockstep_ir::fold_util::{sext, zext};
use lockstep_ir::lexer::Tok;
use lockstep_ir::opdef::AsmFormat;
use lockstep_ir::printer::type_to_string;
use lockstep_ir::{AttrData, BlockId, OpAsmParser, OpAsmPrinter, OpId, OperationState, PResult};

pub(crate) const BR_FORMAT: AsmFormat = AsmFormat {
    parse: parse_br,
    print: print_br,
};
pub(crate) const COND_BR_FORMAT: AsmFormat = AsmFormat {
    parse: parse_cond_br,
    print: print_cond_br,
};
pub(crate) const SWITCH_FORMAT: AsmFormat = AsmFormat {
    parse: parse_switch,
    print: print_switch,
};
pub(crate) const ASSERT_FORMAT: AsmFormat = AsmFormat {
    parse: parse_assert,
    print: print_assert,
};

/// `^bb` then optionally `(%a, %b : t1, t2)`; the operands are appended to
/// the state. Returns the block and the number of operands.
fn parse_successor_operands(
    p: &mut OpAsmParser<'_, '_>,
    st: &mut OperationState,
) -> PResult<(BlockId, usize)> {
    let b = p.parse_successor()?;
    if !p.optional(Tok::LParen) {
        return Ok((b, 0));
    }
    let offset = p.offset();
    let uses = p.parse_operand_list()?;
    // Like MLIR, `^bb()` is an error: the colon and a type list are required.
    p.parse_colon()?;
    let types = p.parse_type_list_no_parens()?;
    p.parse_rparen()?;
    p.resolve_op_operands(&uses, &types, offset, st)?;
    Ok((b, uses.len()))
}

fn parse_condition(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let u = p.parse_operand()?;
    let i1 = p.ctx().common.i1;
    let v = p.resolve_operand(u, i1)?;
    st.operands.push(v);
    Ok(())
}

fn set_segments(p: &OpAsmParser<'_, '_>, st: &mut OperationState, sizes: &[i64]) {
    let a = p.ctx().dense_i32_array(sizes);
    st.add_attr(p.ctx().sym("operandSegmentSizes"), a);
}

// ----- cf.br -----

fn parse_br(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let (b, _) = parse_successor_operands(p, st)?;
    st.successors.push(b);
    p.parse_optional_attr_dict(&mut st.attrs)
}

fn print_br(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if let Some(&dest) = ctx.successors(op).first() {
        p.write(" ");
        p.print_successor_and_operands(dest, ctx.successor_operands(op, 0));
    }
    p.print_optional_attr_dict(op, &[]);
}

// ----- cf.cond_br -----

fn parse_cond_br(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_condition(p, st)?;
    if p.parse_optional_keyword("weights") {
        p.parse_lparen()?;
        if !p.is(Tok::LSquare) {
            return Err(p.error("expected '['"));
        }
        let mut weights: Vec<i64> = Vec::new();
        p.parse_comma_list(Tok::LSquare, Tok::RSquare, "]", |p| {
            let offset = p.offset();
            let w = p.parse_integer()?;
            let w =
                i32::try_from(w).map_err(|_| p.op_error_at(offset, "integer value too large"))?;
            weights.push(w as i64);
            Ok(())
        })?;
        p.parse_rparen()?;
        let a = p.ctx().dense_i32_array(&weights);
        st.add_attr(p.ctx().sym("branch_weights"), a);
    }
    p.parse_comma()?;
    let (t, nt) = parse_successor_operands(p, st)?;
    p.parse_comma()?;
    let (f, nf) = parse_successor_operands(p, st)?;
    st.successors.extend([t, f]);
    p.parse_optional_attr_dict(&mut st.attrs)?;
    set_segments(p, st, &[1, nt as i64, nf as i64]);
    Ok(())
}

fn print_cond_br(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    if let Some(&c) = ctx.operands(op).first() {
        p.print_operand(c);
    }
    let mut elided = vec!["operandSegmentSizes"];
    if let Some(a) = ctx.attr_of(op, "branch_weights")
        && let AttrData::DenseArray { values, .. } = ctx.attr_data(a)
    {
        let list: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        p.write(&format!(" weights([{}])", list.join(", ")));
        elided.push("branch_weights");
    }
    for (i, &b) in ctx.successors(op).iter().enumerate() {
        p.write(", ");
        p.print_successor_and_operands(b, ctx.successor_operands(op, i));
    }
    p.print_optional_attr_dict(op, &elided);
}

// ----- cf.switch -----

fn parse_switch(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let flag = p.parse_operand()?;
    p.parse_colon()?;
    let type_offset = p.offset();
    let ty = p.parse_type()?;
    let Some(width) = p.ctx().type_data(ty).int_width() else {
        let found = type_to_string(p.ctx(), ty);
        return Err(p.op_error_at(
            type_offset,
            format!(
                "invalid kind of type specified: expected builtin.integer, but found '{found}'"
            ),
        ));
    };
    let v = p.resolve_operand(flag, ty)?;
    st.operands.push(v);
    p.parse_comma()?;
    p.expect(Tok::LSquare, "[")?;
    p.parse_keyword("default")?;
    p.parse_colon()?;
    let (default, n_default) = parse_successor_operands(p, st)?;
    st.successors.push(default);
    let mut values: Vec<i64> = Vec::new();
    let mut segments: Vec<i64> = Vec::new();
    while p.optional(Tok::Comma) {
        let offset = p.offset();
        let v = p.parse_integer()?;
        // MLIR reads an int64_t, then truncates it to the flag's width. Values
        // up to u64::MAX are also accepted (as their two's complement), so
        // that the unsigned form printed for negative i64 cases reads back.
        let v = i64::try_from(v)
            .or_else(|_| u64::try_from(v).map(|u| u as i64))
            .map_err(|_| p.op_error_at(offset, "integer value too large"))?;
        values.push(sext(v, width));
        p.parse_colon()?;
        let (dest, n) = parse_successor_operands(p, st)?;
        st.successors.push(dest);
        segments.push(n as i64);
    }
    p.expect(Tok::RSquare, "]")?;
    p.parse_optional_attr_dict(&mut st.attrs)?;
    let ctx = p.ctx();
    if let Some(a) = case_values_attr(ctx, ty, &values) {
        st.add_attr(ctx.sym("case_values"), a);
    }
    st.add_attr(
        ctx.sym("case_operand_segments"),
        ctx.dense_i32_array(&segments),
    );
    let total: i64 = segments.iter().sum();
    set_segments(p, st, &[1, n_default as i64, total]);
    Ok(())
}

fn print_switch(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let sw = SwitchOp(op);
    let flag_ty = sw.flag(ctx).map(|f| ctx.value_type(f));
    p.write(" ");
    if let Some(f) = sw.flag(ctx) {
        p.print_operand(f);
    }
    p.write(" : ");
    if let Some(t) = flag_ty {
        p.print_type(t);
    }
    p.write(", [");
    p.newline();
    p.write("  default: ");
    if let Some(d) = sw.default_dest(ctx) {
        p.print_successor_and_operands(d, sw.default_operands(ctx));
    }
    // MLIR ends the list with a newline only when `case_values` is present.
    if let Some(values) = ctx
        .attr_of(op, "case_values")
        .and_then(|a| dense_int_values(ctx, a))
    {
        let width = flag_ty
            .and_then(|t| ctx.type_data(t).int_width())
            .unwrap_or(64);
        for (k, v) in values.into_iter().enumerate() {
            p.write(",");
            p.newline();
            p.write(&format!("  {}: ", zext(v, width)));
            if let Some(d) = sw.case_dest(ctx, k) {
                p.print_successor_and_operands(d, sw.case_operands(ctx, k));
            }
        }
        p.newline();
    }
    p.write("]");
    p.print_optional_attr_dict(
        op,
        &[
            "case_values",
            "case_operand_segments",
            "operandSegmentSizes",
        ],
    );
}

// ----- cf.assert -----

fn parse_assert(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_condition(p, st)?;
    p.parse_comma()?;
    let msg = p.parse_string()?;
    let a = p.ctx().str_attr(&msg);
    st.add_attr(p.ctx().sym("msg"), a);
    p.parse_optional_attr_dict(&mut st.attrs)
}

fn print_assert(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    if let Some(&c) = ctx.operands(op).first() {
        p.print_operand(c);
    }
    p.write(", ");
    match ctx.attr_of(op, "msg").map(|a| ctx.attr_data(a)) {
        Some(AttrData::String(s)) => p.print_string(ctx.str(*s)),
        _ => p.print_string(""),
    }
    p.print_optional_attr_dict(op, &["msg"]);
}
