//! Assembly formats of `func.func`, `func.call` and `func.return`, exactly
//! as mlir-opt 22 prints and parses them.
//!
//! Invariants:
//! - `print(parse(text))` is mlir-opt's output for `text`, and whatever is
//!   printed parses back to the same IR.
//! - Parse errors are located diagnostics, never panics. Errors MLIR's custom
//!   parsers emit themselves carry its `custom op 'name' ` prefix; token-level
//!   errors (`expected ':'`) come from the core parser unprefixed, as in MLIR.

use crate::function_like::{SignatureRules, parse_function_like, print_function_like};
use lockstep_ir::opdef::AsmFormat;
use lockstep_ir::{
    AttrData, OpAsmParser, OpAsmPrinter, OpId, OperationState, PResult, TypeData, TypeId, ValueId,
};

/// `func.func`'s format, which every function-like op shares (see
/// [`crate::function_like`]).
pub(crate) const FUNC_FORMAT: AsmFormat = AsmFormat {
    parse: parse_func,
    print: print_function_like,
};
/// `@callee(%args) [{attrs}] : (T...) -> R...`, shared by call-like ops.
pub const CALL_FORMAT: AsmFormat = AsmFormat {
    parse: parse_call,
    print: print_call,
};
/// `[{attrs}] [%v... : T...]`, shared by return-like ops.
pub const RETURN_FORMAT: AsmFormat = AsmFormat {
    parse: parse_return,
    print: print_return,
};

fn parse_func(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_function_like(p, st, SignatureRules::default())
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
