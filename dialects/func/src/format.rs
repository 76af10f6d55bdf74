//! Assembly formats of `func.func`, `func.call` and `func.return`, exactly
//! as mlir-opt 22 prints and parses them.
//!
//! Invariants:
//! - `print(parse(text))` is mlir-opt's output for `text`, and whatever is
//!   printed parses back to the same IR.
//! - Parse errors are located diagnostics, never panics. Errors MLIR's custom
//!   parsers emit themselves carry its `custom op 'name' ` prefix; token-level
//!   errors (`expected ':'`) come from the core parser unprefixed, as in MLIR.

use crate::ops::FuncOp;
use lockstep_ir::lexer::Tok;
use lockstep_ir::opdef::AsmFormat;
use lockstep_ir::parser::Argument;
use lockstep_ir::{
    AttrData, AttrId, Context, OpAsmParser, OpAsmPrinter, OpId, OperationState, PResult, TypeData,
    TypeId, ValueId,
};

pub(crate) const FUNC_FORMAT: AsmFormat = AsmFormat {
    parse: parse_func,
    print: print_func,
};
pub(crate) const CALL_FORMAT: AsmFormat = AsmFormat {
    parse: parse_call,
    print: print_call,
};
pub(crate) const RETURN_FORMAT: AsmFormat = AsmFormat {
    parse: parse_return,
    print: print_return,
};

fn is_nonempty_dict(ctx: &Context, a: AttrId) -> bool {
    matches!(ctx.attr_data(a), AttrData::Dict(d) if !d.is_empty())
}

fn empty_dict(ctx: &Context) -> AttrId {
    ctx.attr(AttrData::Dict(Box::new([])))
}

/// `{...}` if the next token opens a dictionary.
fn parse_optional_dict(p: &mut OpAsmParser<'_, '_>) -> PResult<Option<AttrId>> {
    if p.is(Tok::LBrace) {
        p.parse_attribute(None).map(Some)
    } else {
        Ok(None)
    }
}

/// Adds `name = [dicts]` when some dictionary is non-empty (MLIR's
/// `addArgAndResultAttrs`).
fn add_attr_array(ctx: &Context, st: &mut OperationState, name: &str, dicts: &[Option<AttrId>]) {
    if !dicts
        .iter()
        .any(|d| d.is_some_and(|a| is_nonempty_dict(ctx, a)))
    {
        return;
    }
    let empty = empty_dict(ctx);
    let elems: Vec<AttrId> = dicts.iter().map(|d| d.unwrap_or(empty)).collect();
    st.add_attr(ctx.sym(name), ctx.attr(AttrData::Array(elems.into())));
}

// ----- func.func -----

fn parse_func<'src>(p: &mut OpAsmParser<'_, 'src>, st: &mut OperationState) -> PResult<()> {
    if let Some(kw @ ("public" | "private" | "nested")) = p.peek_keyword() {
        p.parse_any_keyword()?;
        let a = p.ctx().str_attr(kw);
        st.add_attr(p.ctx().sym("sym_visibility"), a);
    }
    let name = p.parse_symbol_name()?;
    let a = p.ctx().attr(AttrData::String(name));
    st.add_attr(p.ctx().sym("sym_name"), a);

    // Arguments: either all named (`%a: i32 {attrs} loc(..)`) or all bare
    // types (`i32 {attrs}`), never mixed.
    let mut named: Vec<Argument<'src>> = Vec::new();
    let mut inputs: Vec<TypeId> = Vec::new();
    let mut arg_attrs: Vec<Option<AttrId>> = Vec::new();
    let mut has_names: Option<bool> = None;
    p.parse_lparen()?;
    p.parse_comma_list(Tok::Eof, Tok::RParen, ")", |p| {
        if p.is(Tok::PercentIdent) {
            if has_names == Some(false) {
                return Err(p.error("expected type instead of SSA identifier"));
            }
            has_names = Some(true);
            let a = p.parse_argument(true)?;
            inputs.push(a.ty);
            arg_attrs.push(a.attrs);
            named.push(a);
        } else {
            if has_names == Some(true) {
                return Err(p.error("expected SSA identifier"));
            }
            has_names = Some(false);
            inputs.push(p.parse_type()?);
            arg_attrs.push(parse_optional_dict(p)?);
            if p.peek_keyword() == Some("loc") {
                // A declaration has no block arguments to hold the location.
                p.parse_loc_body()?;
            }
        }
        Ok(())
    })?;

    let mut results: Vec<TypeId> = Vec::new();
    let mut res_attrs: Vec<Option<AttrId>> = Vec::new();
    if p.optional(Tok::Arrow) {
        if p.is(Tok::LParen) {
            p.parse_comma_list(Tok::LParen, Tok::RParen, ")", |p| {
                results.push(p.parse_type()?);
                res_attrs.push(parse_optional_dict(p)?);
                Ok(())
            })?;
        } else {
            results.push(p.parse_type()?);
            res_attrs.push(None);
        }
    }
    let fty = p.ctx().function_type(&inputs, &results);
    let a = p.ctx().type_attr(fty);
    st.add_attr(p.ctx().sym("function_type"), a);

    let dict_offset = p.offset();
    let mut extra = Vec::new();
    p.parse_optional_attr_dict_with_keyword(&mut extra)?;
    for inferred in ["sym_visibility", "sym_name", "function_type"] {
        if extra.iter().any(|&(k, _)| p.ctx().str(k) == inferred) {
            return Err(p.op_error_at(dict_offset, format!(
                    "'{inferred}' is an inferred attribute and should not be specified in the explicit attribute dictionary"
                )));
        }
    }
    st.attrs.extend(extra);
    add_attr_array(p.ctx(), st, "arg_attrs", &arg_attrs);
    add_attr_array(p.ctx(), st, "res_attrs", &res_attrs);

    let body = p.rewriter().new_region();
    if p.is(Tok::LBrace) {
        let body_offset = p.offset();
        // Bare-type arguments name nothing: the body then has no arguments
        // (and fails verification), as in MLIR.
        let entry: &[Argument<'src>] = if has_names == Some(true) { &named } else { &[] };
        p.parse_region(body, entry, true)?;
        if p.ctx().region_blocks(body).is_empty() {
            return Err(p.op_error_at(body_offset, "expected non-empty function body"));
        }
    }
    st.regions.push(body);
    Ok(())
}

fn print_func(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let f = FuncOp(op);
    p.write(" ");
    if let Some(v) = f.visibility(ctx) {
        p.write(v);
        p.write(" ");
    }
    match f.name_sym(ctx) {
        Some(s) => p.print_symbol_name(s),
        None => p.write("@\"\""),
    }
    let external = f.is_declaration(ctx);
    let args = f.arguments(ctx);
    p.write("(");
    for (i, &t) in f.inputs(ctx).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let attrs = f.arg_attrs(ctx, i).filter(|&d| is_nonempty_dict(ctx, d));
        match args.get(i) {
            Some(&a) if !external => {
                p.print_operand(a);
                p.write(": ");
                p.print_type(ctx.value_type(a));
                if let Some(d) = attrs {
                    p.write(" ");
                    p.print_attr(d);
                }
                p.print_block_arg_loc(a);
            }
            _ => {
                p.print_type(t);
                if let Some(d) = attrs {
                    p.write(" ");
                    p.print_attr(d);
                }
            }
        }
    }
    p.write(")");
    let results = f.results(ctx);
    if !results.is_empty() {
        p.write(" -> ");
        // MLIR parenthesises several results, a function type, or a first
        // result carrying attributes.
        let parens = results.len() > 1
            || matches!(ctx.type_data(results[0]), TypeData::Function { .. })
            || f.res_attrs(ctx, 0)
                .is_some_and(|d| is_nonempty_dict(ctx, d));
        if parens {
            p.write("(");
        }
        for (i, &t) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(t);
            if let Some(d) = f.res_attrs(ctx, i).filter(|&d| is_nonempty_dict(ctx, d)) {
                p.write(" ");
                p.print_attr(d);
            }
        }
        if parens {
            p.write(")");
        }
    }
    p.print_optional_attr_dict_with_keyword(
        op,
        &[
            "sym_name",
            "sym_visibility",
            "function_type",
            "arg_attrs",
            "res_attrs",
        ],
    );
    if let Some(body) = f.body(ctx)
        && !external
    {
        p.write(" ");
        p.print_region(body, false, true);
    }
}

// ----- func.call -----

fn parse_call(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let callee = p.parse_symbol_name()?;
    let a = p.ctx().attr(AttrData::SymbolRef {
        root: callee,
        nested: Box::new([]),
    });
    st.add_attr(p.ctx().sym("callee"), a);
    p.parse_lparen()?;
    let operands_offset = p.offset();
    let uses = p.parse_operand_list()?;
    p.parse_rparen()?;
    // Parsed apart from the state so that a `callee` given here overrides
    // the one above instead of being reported as a duplicate.
    let mut extra = Vec::new();
    p.parse_optional_attr_dict(&mut extra)?;
    st.attrs.extend(extra);
    p.parse_colon()?;
    let type_offset = p.offset();
    let fty = p.parse_type()?;
    let (inputs, outputs) = match p.ctx().type_data(fty) {
        TypeData::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
        _ => {
            return Err(p.op_error_at(type_offset, "invalid kind of type specified"));
        }
    };
    p.resolve_op_operands(&uses, &inputs, operands_offset, st)?;
    st.result_types.extend(outputs);
    Ok(())
}

fn print_call(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    if let Some(a) = ctx.attr_of(op, "callee") {
        p.print_attr(a);
    }
    p.write("(");
    p.print_operands(ctx.operands(op));
    p.write(")");
    p.print_optional_attr_dict(op, &["callee"]);
    print_functional_type(p, ctx.operands(op), ctx.results(op));
}

/// ` : (operand types) -> result types`
fn print_functional_type(p: &mut OpAsmPrinter<'_>, operands: &[ValueId], results: &[ValueId]) {
    let ctx = p.ctx();
    p.write(" : (");
    p.print_value_types(operands);
    p.write(") -> ");
    let rt: Vec<TypeId> = results.iter().map(|&v| ctx.value_type(v)).collect();
    p.print_function_results(&rt);
}

// ----- func.return -----

fn parse_return(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut st.attrs)?;
    let offset = p.offset();
    let uses = p.parse_operand_list()?;
    if !uses.is_empty() {
        p.parse_colon()?;
        let types = p.parse_type_list_no_parens()?;
        p.resolve_op_operands(&uses, &types, offset, st)?;
    }
    Ok(())
}

fn print_return(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.print_optional_attr_dict(op, &[]);
    let operands = ctx.operands(op);
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(operands);
        p.write(" : ");
        p.print_value_types(operands);
    }
}
