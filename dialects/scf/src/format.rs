//! Assembly formats of the `scf` ops, exactly as mlir-opt 22 prints and
//! parses them: implicit `scf.yield`s, `scf.if`'s optional else, `scf.for`'s
//! `unsigned` keyword, iter_args and the double space before a non-index
//! induction type, and `scf.while`'s `do` region printed with its entry
//! block label.
//!
//! Invariants:
//! - `print(parse(text))` is mlir-opt's output for `text`, and whatever is
//!   printed parses back to the same IR.
//! - Parse errors are located diagnostics, never panics; errors MLIR's op
//!   parsers emit themselves carry its `custom op 'name' ` prefix.
//! - Operands written before a region are resolved after it where MLIR does
//!   so (`scf.for`), so a bound defined inside the body is an error.

use crate::ops::{ForOp, IfOp, WhileOp, ensure_terminator};
use lockstep_ir::lexer::Tok;
use lockstep_ir::opdef::AsmFormat;
use lockstep_ir::parser::{Argument, UnresolvedOperand};
use lockstep_ir::{
    Diagnostic, OpAsmParser, OpAsmPrinter, OpId, OperationState, PResult, TypeData, TypeId, ValueId,
};

pub(crate) const IF_FORMAT: AsmFormat = AsmFormat {
    parse: parse_if,
    print: print_if,
};
pub(crate) const FOR_FORMAT: AsmFormat = AsmFormat {
    parse: parse_for,
    print: print_for,
};
pub(crate) const WHILE_FORMAT: AsmFormat = AsmFormat {
    parse: parse_while,
    print: print_while,
};
pub(crate) const CONDITION_FORMAT: AsmFormat = AsmFormat {
    parse: parse_condition,
    print: print_condition,
};
pub(crate) const YIELD_FORMAT: AsmFormat = AsmFormat {
    parse: parse_yield,
    print: print_yield,
};

fn custom_error(
    p: &mut OpAsmParser<'_, '_>,
    offset: usize,
    op: &str,
    msg: impl std::fmt::Display,
) -> Diagnostic {
    p.error_at(offset, format!("custom op '{op}' {msg}"))
}

fn resolve_into<'src>(
    p: &mut OpAsmParser<'_, 'src>,
    op: &str,
    uses: &[UnresolvedOperand<'src>],
    types: &[TypeId],
    offset: usize,
    st: &mut OperationState,
) -> PResult<()> {
    if uses.len() != types.len() {
        return Err(custom_error(
            p,
            offset,
            op,
            format!(
                "{} operands present, but expected {}",
                uses.len(),
                types.len()
            ),
        ));
    }
    for (&u, &t) in uses.iter().zip(types) {
        let v = p.resolve_operand(u, t)?;
        st.operands.push(v);
    }
    Ok(())
}

/// `(types)` or a single type after an arrow.
fn parse_result_types(p: &mut OpAsmParser<'_, '_>) -> PResult<Vec<TypeId>> {
    p.parse_function_result_types()
}

/// A region argument name: `%name` without `#N`, located at the name.
fn parse_region_arg_name<'src>(p: &mut OpAsmParser<'_, 'src>) -> PResult<Argument<'src>> {
    let name = p.parse_operand()?;
    if name.number != 0 {
        return Err(p.error_at(name.offset, "expected argument name without '#'"));
    }
    let loc = Some(p.loc_at(name.offset));
    let ty = p.ctx().common.index;
    Ok(Argument {
        name,
        ty,
        attrs: None,
        loc,
    })
}

/// `(%arg = %init, ...)` with the parenthesis current.
fn parse_assignment_list<'src>(
    p: &mut OpAsmParser<'_, 'src>,
    args: &mut Vec<Argument<'src>>,
    inits: &mut Vec<UnresolvedOperand<'src>>,
) -> PResult<()> {
    if !p.is(Tok::LParen) {
        return Err(p.error("expected '('"));
    }
    p.parse_comma_list(Tok::LParen, Tok::RParen, ")", |p| {
        args.push(parse_region_arg_name(p)?);
        p.parse_equal()?;
        inits.push(p.parse_operand()?);
        Ok(())
    })
}

/// ` iter_args(%a = %x, ...)` / ` (%a = %x, ...)`
fn print_init_list(p: &mut OpAsmPrinter<'_>, prefix: &str, args: &[ValueId], inits: &[ValueId]) {
    if inits.is_empty() {
        return;
    }
    p.write(prefix);
    p.write("(");
    for (i, (&a, &v)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(a);
        p.write(" = ");
        p.print_operand(v);
    }
    p.write(")");
}

/// `(t1, t2)` always parenthesised, as `scf.if`/`scf.for` print result types.
fn print_paren_types(p: &mut OpAsmPrinter<'_>, types: &[TypeId]) {
    p.write("(");
    p.print_types(types);
    p.write(")");
}

// ----- scf.if -----

fn parse_if(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let cond = p.parse_operand()?;
    let i1 = p.ctx().common.i1;
    let c = p.resolve_operand(cond, i1)?;
    st.operands.push(c);
    if p.optional(Tok::Arrow) {
        let types = parse_result_types(p)?;
        st.result_types.extend(types);
    }
    let (then_r, else_r) = {
        let mut rw = p.rewriter();
        (rw.new_region(), rw.new_region())
    };
    st.regions.extend([then_r, else_r]);
    p.parse_region(then_r, &[], false)?;
    ensure_terminator(&mut p.rewriter(), then_r, st.loc);
    if p.parse_optional_keyword("else") {
        p.parse_region(else_r, &[], false)?;
        ensure_terminator(&mut p.rewriter(), else_r, st.loc);
    }
    p.parse_optional_attr_dict(&mut st.attrs)
}

fn print_if(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let if_op = IfOp(op);
    p.write(" ");
    if let Some(c) = if_op.condition(ctx) {
        p.print_operand(c);
    }
    // Yields are printed only when the op defines values.
    let results = ctx.results(op);
    let print_terminators = !results.is_empty();
    if print_terminators {
        p.write(" -> ");
        let types: Vec<TypeId> = results.iter().map(|&v| ctx.value_type(v)).collect();
        print_paren_types(p, &types);
    }
    if let Some(r) = if_op.then_region(ctx) {
        p.write(" ");
        p.print_region(r, false, print_terminators);
    }
    if let Some(r) = if_op.else_region(ctx)
        && !ctx.region_blocks(r).is_empty()
    {
        p.write(" else ");
        p.print_region(r, false, print_terminators);
    }
    p.print_optional_attr_dict(op, &[]);
}

// ----- scf.for -----

fn parse_for<'src>(p: &mut OpAsmParser<'_, 'src>, st: &mut OperationState) -> PResult<()> {
    const OP: &str = "scf.for";
    if p.parse_optional_keyword("unsigned") {
        let a = p.ctx().unit_attr();
        st.add_attr(p.ctx().sym("unsignedCmp"), a);
    }
    let mut args = vec![parse_region_arg_name(p)?];
    p.parse_equal()?;
    let lb = p.parse_operand()?;
    p.parse_keyword("to")?;
    let ub = p.parse_operand()?;
    p.parse_keyword("step")?;
    let step = p.parse_operand()?;
    let mut inits: Vec<UnresolvedOperand<'src>> = Vec::new();
    if p.parse_optional_keyword("iter_args") {
        parse_assignment_list(p, &mut args, &mut inits)?;
        p.parse_arrow()?;
        let types = parse_result_types(p)?;
        st.result_types.extend(types);
    }
    if args.len() != st.result_types.len() + 1 {
        // Reported at the op name, like MLIR's `getNameLoc()`.
        return Err(Diagnostic::error(
            st.loc,
            format!(
                "custom op '{OP}' mismatch in number of loop-carried values and defined values"
            ),
        ));
    }
    let iv_ty = if p.optional(Tok::Colon) {
        p.parse_type()?
    } else {
        p.ctx().common.index
    };
    args[0].ty = iv_ty;
    for (a, &t) in args[1..].iter_mut().zip(st.result_types.iter()) {
        a.ty = t;
    }
    let body = p.rewriter().new_region();
    st.regions.push(body);
    p.parse_region(body, &args, false)?;
    ensure_terminator(&mut p.rewriter(), body, st.loc);
    // Bounds and inits are resolved after the body, as MLIR does.
    for u in [lb, ub, step] {
        let v = p.resolve_operand(u, iv_ty)?;
        st.operands.push(v);
    }
    let types = st.result_types.to_vec();
    for (&u, t) in inits.iter().zip(types) {
        let v = p.resolve_operand(u, t)?;
        st.operands.push(v);
    }
    p.parse_optional_attr_dict(&mut st.attrs)
}

fn print_for(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let f = ForOp(op);
    if f.is_unsigned(ctx) {
        p.write(" unsigned");
    }
    p.write(" ");
    if let Some(iv) = f.induction_var(ctx) {
        p.print_operand(iv);
    }
    let operands = ctx.operands(op);
    for (kw, i) in [(" = ", 0), (" to ", 1), (" step ", 2)] {
        p.write(kw);
        if let Some(&v) = operands.get(i) {
            p.print_operand(v);
        }
    }
    let inits = f.init_args(ctx);
    print_init_list(p, " iter_args", f.region_iter_args(ctx), inits);
    if !inits.is_empty() {
        p.write(" -> ");
        let types: Vec<TypeId> = inits.iter().map(|&v| ctx.value_type(v)).collect();
        print_paren_types(p, &types);
    }
    p.write(" ");
    // mlir-opt prints two spaces before a non-index induction type.
    if let Some(iv) = f.induction_var(ctx)
        && !matches!(ctx.type_data(ctx.value_type(iv)), TypeData::Index)
    {
        p.write(" : ");
        p.print_type(ctx.value_type(iv));
        p.write(" ");
    }
    if let Some(body) = f.body(ctx) {
        p.print_region(body, false, !inits.is_empty());
    }
    p.print_optional_attr_dict(op, &["unsignedCmp"]);
}

// ----- scf.while -----

fn parse_while<'src>(p: &mut OpAsmParser<'_, 'src>, st: &mut OperationState) -> PResult<()> {
    const OP: &str = "scf.while";
    let mut args: Vec<Argument<'src>> = Vec::new();
    let mut inits: Vec<UnresolvedOperand<'src>> = Vec::new();
    if p.is(Tok::LParen) {
        parse_assignment_list(p, &mut args, &mut inits)?;
    }
    p.parse_colon()?;
    let type_offset = p.offset();
    let fty = p.parse_type()?;
    let (inputs, results) = match p.ctx().type_data(fty) {
        TypeData::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
        _ => {
            return Err(custom_error(
                p,
                type_offset,
                OP,
                "invalid kind of type specified",
            ));
        }
    };
    st.result_types.extend(results);
    if inputs.len() != inits.len() {
        return Err(custom_error(
            p,
            type_offset,
            OP,
            format!(
                "expected as many input types as operands (expected {} got {})",
                inits.len(),
                inputs.len()
            ),
        ));
    }
    let offset = p.offset();
    resolve_into(p, OP, &inits, &inputs, offset, st)?;
    for (a, &t) in args.iter_mut().zip(&inputs) {
        a.ty = t;
    }
    let (before, after) = {
        let mut rw = p.rewriter();
        (rw.new_region(), rw.new_region())
    };
    st.regions.extend([before, after]);
    p.parse_region(before, &args, false)?;
    p.parse_keyword("do")?;
    p.parse_region(after, &[], false)?;
    p.parse_optional_attr_dict_with_keyword(&mut st.attrs)
}

fn print_while(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let w = WhileOp(op);
    let before_args = w.before_block(ctx).map_or(&[][..], |b| ctx.block_args(b));
    print_init_list(p, " ", before_args, w.inits(ctx));
    p.write(" : (");
    p.print_value_types(w.inits(ctx));
    p.write(") -> ");
    let types: Vec<TypeId> = ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect();
    p.print_function_results(&types);
    if let Some(r) = w.before(ctx) {
        p.write(" ");
        p.print_region(r, false, true);
    }
    p.write(" do ");
    if let Some(r) = w.after(ctx) {
        p.print_region(r, true, true);
    }
    p.print_optional_attr_dict_with_keyword(op, &[]);
}

// ----- scf.condition -----

fn parse_condition(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    p.parse_lparen()?;
    let cond = p.parse_operand()?;
    p.parse_rparen()?;
    let i1 = p.ctx().common.i1;
    let c = p.resolve_operand(cond, i1)?;
    st.operands.push(c);
    p.parse_optional_attr_dict(&mut st.attrs)?;
    parse_trailing_operands(p, "scf.condition", st)
}

fn print_condition(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let operands = ctx.operands(op);
    p.write("(");
    if let Some(&c) = operands.first() {
        p.print_operand(c);
    }
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    print_trailing_operands(p, operands.get(1..).unwrap_or(&[]));
}

// ----- scf.yield -----

fn parse_yield(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut st.attrs)?;
    parse_trailing_operands(p, "scf.yield", st)
}

fn print_yield(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.print_optional_attr_dict(op, &[]);
    print_trailing_operands(p, ctx.operands(op));
}

/// `(%a, %b : t1, t2)?` without parentheses.
fn parse_trailing_operands(
    p: &mut OpAsmParser<'_, '_>,
    op: &str,
    st: &mut OperationState,
) -> PResult<()> {
    let offset = p.offset();
    let uses = p.parse_operand_list()?;
    if !uses.is_empty() {
        p.parse_colon()?;
        let types = p.parse_type_list_no_parens()?;
        resolve_into(p, op, &uses, &types, offset, st)?;
    }
    Ok(())
}

fn print_trailing_operands(p: &mut OpAsmPrinter<'_>, operands: &[ValueId]) {
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(operands);
        p.write(" : ");
        p.print_value_types(operands);
    }
}
