//! Assembly formats of the host ops (see `docs/gpu-dialects.md`).
//!
//! Invariants:
//! - Every printer writes exactly what its parser reads back and never
//!   panics on IR that does not verify.
//! - Operand types fixed by the op (`i64` byte counts, the `i32` shared
//!   memory size) are implied, not written.
//! - `host.launch` writes its dim type after the block dims only when it is
//!   not `index` (MLIR's `gpu.launch_func` convention).

use lockstep_device::format::{
    parse_attrs_result_type, parse_keyword_attr, parse_n_operands, print_attr_or_missing,
    print_attrs_result_type, print_keyword_attr, print_operand_list, resolve,
};
use lockstep_ir::lexer::Tok;
use lockstep_ir::{AttrData, OpAsmParser, OpAsmPrinter, OpId, OperationState, PResult};

use crate::MemcpyKind;
use crate::ops::LAUNCH_FIXED_OPERANDS;

use lockstep_ir::asm_format;

asm_format!(
    OPERANDS_RESULT_FORMAT,
    parse_i64_operand_result,
    print_operand_result
);
asm_format!(
    OPERANDS_TYPES_FORMAT,
    parse_operand_type,
    print_operand_type
);
asm_format!(MEMCPY_FORMAT, parse_memcpy, print_memcpy);
asm_format!(LAUNCH_FORMAT, parse_launch, print_launch);
asm_format!(PRINTF_FORMAT, parse_printf, print_printf);

/// `%bytes [{attrs}] : ResultT` with an implied `i64` operand.
fn parse_i64_operand_result(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let u = p.parse_operand()?;
    parse_attrs_result_type(p, st)?;
    let i64t = p.ctx().common.i64;
    resolve(p, &[u], &[i64t], st)
}

fn print_operand_result(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_operand_list(p, op);
    print_attrs_result_type(p, op, &[]);
}

/// `%v [{attrs}] : T`.
fn parse_operand_type(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let u = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut st.attrs)?;
    let t = p.parse_colon_type()?;
    resolve(p, &[u], &[t], st)
}

fn print_operand_type(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    print_operand_list(p, op);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(ctx.operands(op));
}

/// `kind %dst, %src, %bytes [{attrs}] : DstT, SrcT`.
fn parse_memcpy(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_keyword_attr(p, st, "kind", MemcpyKind::KEYWORDS)?;
    let uses = parse_n_operands(p, 3)?;
    p.parse_optional_attr_dict(&mut st.attrs)?;
    p.parse_colon()?;
    let dt = p.parse_type()?;
    p.parse_comma()?;
    let srct = p.parse_type()?;
    let i64t = p.ctx().common.i64;
    resolve(p, &uses, &[dt, srct, i64t], st)
}

fn print_memcpy(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    print_keyword_attr(p, op, "kind");
    print_operand_list(p, op);
    p.print_optional_attr_dict(op, &["kind"]);
    p.write(" : ");
    let ops = ctx.operands(op);
    p.print_value_types(&ops[..ops.len().min(2)]);
}

// ----- host.launch -----

/// `(%x, %y, %z)`.
fn parse_dims<'src>(
    p: &mut OpAsmParser<'_, 'src>,
) -> PResult<Vec<lockstep_ir::parser::UnresolvedOperand<'src>>> {
    p.parse_lparen()?;
    let v = parse_n_operands(p, 3)?;
    p.parse_rparen()?;
    Ok(v)
}

fn parse_launch(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let off = p.offset();
    let Some(root) = p.parse_optional_symbol_name()? else {
        return p.err_expected("expected a kernel reference @module::@kernel");
    };
    let mut nested = Vec::new();
    while p.optional(Tok::Colon) {
        // `::` lexes as two colons.
        p.parse_colon()?;
        nested.push(p.parse_symbol_name()?);
    }
    if nested.len() != 1 {
        return Err(p.op_error_at(
            off,
            "expected a nested kernel reference of the form @module::@kernel",
        ));
    }
    let a = p.ctx().attr(AttrData::SymbolRef {
        root,
        nested: nested.into(),
    });
    st.add_attr(p.ctx().sym("kernel"), a);
    p.parse_keyword("blocks")?;
    p.parse_keyword("in")?;
    let grid = parse_dims(p)?;
    p.parse_keyword("threads")?;
    p.parse_keyword("in")?;
    let block = parse_dims(p)?;
    let dim_ty = if p.optional(Tok::Colon) {
        p.parse_type()?
    } else {
        p.ctx().common.index
    };
    p.parse_keyword("dynamic_shared_memory_size")?;
    let shm = p.parse_operand()?;
    let mut args = Vec::new();
    let mut arg_types = Vec::new();
    if p.parse_optional_keyword("args") {
        p.parse_comma_list(Tok::LParen, Tok::RParen, ")", |p| {
            args.push(p.parse_operand()?);
            p.parse_colon()?;
            arg_types.push(p.parse_type()?);
            Ok(())
        })?;
    }
    p.parse_optional_attr_dict(&mut st.attrs)?;
    let i32t = p.ctx().common.i32;
    let mut uses = grid;
    uses.extend(block);
    uses.push(shm);
    let mut types = vec![dim_ty; 6];
    types.push(i32t);
    resolve(p, &uses, &types, st)?;
    resolve(p, &args, &arg_types, st)
}

fn print_launch(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    print_attr_or_missing(p, op, "kernel");
    let ops = ctx.operands(op);
    let group = |p: &mut OpAsmPrinter<'_>, r: std::ops::Range<usize>| {
        p.write("(");
        p.print_operands(ops.get(r).unwrap_or(&[]));
        p.write(")");
    };
    p.write(" blocks in ");
    group(p, 0..3);
    p.write(" threads in ");
    group(p, 3..6);
    if let Some(&v) = ops.first() {
        let t = ctx.value_type(v);
        if t != ctx.common.index {
            p.write(" : ");
            p.print_type(t);
        }
    }
    p.write(" dynamic_shared_memory_size ");
    if let Some(&v) = ops.get(6) {
        p.print_operand(v);
    }
    let args = ops.get(LAUNCH_FIXED_OPERANDS..).unwrap_or(&[]);
    if !args.is_empty() {
        p.write(" args(");
        for (i, &a) in args.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(a);
            p.write(" : ");
            p.print_type(ctx.value_type(a));
        }
        p.write(")");
    }
    p.print_optional_attr_dict(op, &["kernel"]);
}

// ----- host.printf -----

fn parse_printf(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let s = p.parse_string()?;
    let a = p.ctx().str_attr(&s);
    st.add_attr(p.ctx().sym("format"), a);
    let mut uses = Vec::new();
    let off = p.offset();
    if p.optional(Tok::Comma) {
        uses.extend(p.parse_operand_list()?);
        if uses.is_empty() {
            return p.err_expected("expected SSA operand after ','");
        }
    }
    p.parse_optional_attr_dict(&mut st.attrs)?;
    if !uses.is_empty() {
        p.parse_colon()?;
        let types = p.parse_type_list_no_parens()?;
        p.resolve_op_operands(&uses, &types, off, st)?;
    }
    Ok(())
}

fn print_printf(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    match ctx.attr_of(op, "format").map(|a| ctx.attr_data(a)) {
        Some(AttrData::String(s)) => p.print_string(ctx.str(*s)),
        _ => p.write("\"\""),
    }
    let ops = ctx.operands(op);
    if !ops.is_empty() {
        p.write(", ");
        p.print_operands(ops);
    }
    p.print_optional_attr_dict(op, &["format"]);
    if !ops.is_empty() {
        p.write(" : ");
        p.print_value_types(ops);
    }
}
