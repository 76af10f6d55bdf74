//! Assembly formats of the device ops (see `docs/gpu-dialects.md`).
//!
//! Invariants:
//! - Every printer writes exactly what its parser reads back, and never
//!   panics on IR that does not verify (it prints what is there).
//! - Inherent attributes print as keywords or literals in the op's syntax
//!   and are elided from the trailing `{...}` dictionary, which holds only
//!   discardable attributes and always comes right before the `:` types.
//! - Parse errors are located at the offending token; errors raised by the
//!   formats themselves carry the `custom op 'NAME'` prefix.

use crate::ops::FunctionOp;
use crate::types::{AtomicKind, Dim, ShuffleMode, VoteMode};
use lockstep_ir::lexer::Tok;
use lockstep_ir::opdef::AsmFormat;
use lockstep_ir::parser::{Argument, UnresolvedOperand};
use lockstep_ir::{
    AttrData, AttrId, Context, OpAsmParser, OpAsmPrinter, OpId, OperationState, PResult, TypeData,
    TypeId,
};

macro_rules! asm_format {
    ($name:ident, $parse:ident, $print:ident) => {
        pub(crate) const $name: AsmFormat = AsmFormat {
            parse: $parse,
            print: $print,
        };
    };
}

asm_format!(MODULE_FORMAT, parse_module, print_module);
asm_format!(FUNCTION_FORMAT, parse_function, print_function);
asm_format!(RETURN_FORMAT, parse_return, print_return);
asm_format!(CALL_FORMAT, parse_call, print_call);
asm_format!(SHARED_FORMAT, parse_shared, print_shared);
asm_format!(DIM_FORMAT, parse_dim, print_dim);
asm_format!(TYPE_ONLY_FORMAT, parse_type_only, print_type_only);
asm_format!(ADDRESSOF_FORMAT, parse_addressof, print_addressof);
asm_format!(ALLOCA_FORMAT, parse_alloca, print_alloca);
asm_format!(PTRADD_FORMAT, parse_ptradd, print_ptradd);
asm_format!(CAST_FORMAT, parse_cast, print_cast);
asm_format!(LOAD_FORMAT, parse_load, print_load);
asm_format!(STORE_FORMAT, parse_store, print_store);
asm_format!(BARE_FORMAT, parse_bare, print_bare);
asm_format!(VOTE_FORMAT, parse_vote, print_vote);
asm_format!(SHUFFLE_FORMAT, parse_shuffle, print_shuffle);
asm_format!(ATOMIC_FORMAT, parse_atomic, print_atomic);
asm_format!(ATOMIC_CAS_FORMAT, parse_atomic_cas, print_atomic_cas);

// ----- helpers shared with the host dialect -----

/// Parses one keyword of `table` and stores it as string attribute `attr`.
pub fn parse_keyword_attr(
    p: &mut OpAsmParser<'_, '_>,
    st: &mut OperationState,
    attr: &'static str,
    table: &[&str],
) -> PResult<()> {
    let off = p.offset();
    let kw = match p.peek_keyword() {
        Some(k) => k,
        None => {
            return Err(p.op_error_at(
                off,
                format!("expected {attr} keyword ({})", table.join(", ")),
            ));
        }
    };
    if !table.contains(&kw) {
        return Err(p.op_error_at(
            off,
            format!(
                "invalid {attr} '{kw}' (expected one of {})",
                table.join(", ")
            ),
        ));
    }
    p.parse_any_keyword()?;
    let a = p.ctx().str_attr(kw);
    st.add_attr(p.ctx().sym(attr), a);
    Ok(())
}

/// Prints the string attribute `attr` as a bare keyword (or `"..."` if it
/// is not a keyword, so that broken IR still prints).
pub fn print_keyword_attr(p: &mut OpAsmPrinter<'_>, op: OpId, attr: &str) {
    let ctx = p.ctx();
    match ctx.attr_of(op, attr).map(|a| ctx.attr_data(a)) {
        Some(AttrData::String(s)) => {
            let s = ctx.str(*s);
            if !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                p.write(s);
            } else {
                p.print_string(s);
            }
        }
        Some(_) => {
            if let Some(a) = ctx.attr_of(op, attr) {
                p.print_attr(a);
            }
        }
        None => p.write("<<missing>>"),
    }
}

/// A positive `i64` literal stored as integer attribute `attr`.
pub fn parse_i64_attr(
    p: &mut OpAsmParser<'_, '_>,
    st: &mut OperationState,
    attr: &'static str,
) -> PResult<()> {
    let off = p.offset();
    let v = p.parse_integer()?;
    let Ok(v) = i64::try_from(v) else {
        return Err(p.op_error_at(off, format!("{attr} does not fit in 64 bits")));
    };
    let a = p.ctx().int_attr(v, p.ctx().common.i64);
    st.add_attr(p.ctx().sym(attr), a);
    Ok(())
}

fn print_int_attr(p: &mut OpAsmPrinter<'_>, op: OpId, attr: &str) {
    let ctx = p.ctx();
    match ctx
        .attr_of(op, attr)
        .map(|a| (a, ctx.attr_data(a).as_int()))
    {
        Some((_, Some(v))) => p.write(&v.to_string()),
        Some((a, None)) => p.print_attr(a),
        None => p.write("<<missing>>"),
    }
}

/// `SIZE [align N]` into `size` and `alignment`.
pub fn parse_size_align(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_i64_attr(p, st, "size")?;
    if p.parse_optional_keyword("align") {
        parse_i64_attr(p, st, "alignment")?;
    }
    Ok(())
}

/// ` SIZE[ align N]`.
pub fn print_size_align(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" ");
    print_int_attr(p, op, "size");
    if p.ctx().attr_of(op, "alignment").is_some() {
        p.write(" align ");
        print_int_attr(p, op, "alignment");
    }
}

/// `[{attrs}] : type` for a single result.
pub fn parse_attrs_result_type(
    p: &mut OpAsmParser<'_, '_>,
    st: &mut OperationState,
) -> PResult<()> {
    p.parse_optional_attr_dict(&mut st.attrs)?;
    let t = p.parse_colon_type()?;
    st.result_types.push(t);
    Ok(())
}

/// `[{attrs}] : type` printed for a single result.
pub fn print_attrs_result_type(p: &mut OpAsmPrinter<'_>, op: OpId, elided: &[&str]) {
    p.print_optional_attr_dict(op, elided);
    p.write(" : ");
    let ctx = p.ctx();
    match ctx.results(op).first() {
        Some(&r) => p.print_type(ctx.value_type(r)),
        None => p.write("()"),
    }
}

/// Parses `%a, %b, ...` (exactly `n`), resolved later against types.
pub fn parse_n_operands<'src>(
    p: &mut OpAsmParser<'_, 'src>,
    n: usize,
) -> PResult<Vec<UnresolvedOperand<'src>>> {
    let mut v = Vec::with_capacity(n);
    for i in 0..n {
        if i > 0 {
            p.parse_comma()?;
        }
        v.push(p.parse_operand()?);
    }
    Ok(v)
}

/// Resolves `uses[i]` against `types[i]` into the state's operands.
pub fn resolve<'src>(
    p: &mut OpAsmParser<'_, 'src>,
    uses: &[UnresolvedOperand<'src>],
    types: &[TypeId],
    st: &mut OperationState,
) -> PResult<()> {
    for (&u, &t) in uses.iter().zip(types) {
        let v = p.resolve_operand(u, t)?;
        st.operands.push(v);
    }
    Ok(())
}

/// Prints the operands separated by `, ` (after a leading space).
pub fn print_operand_list(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    if !ops.is_empty() {
        p.write(" ");
        p.print_operands(ops);
    }
}

fn operand_type(ctx: &Context, op: OpId, i: usize) -> Option<TypeId> {
    ctx.operands(op).get(i).map(|&v| ctx.value_type(v))
}

fn print_type_or_missing(p: &mut OpAsmPrinter<'_>, t: Option<TypeId>) {
    match t {
        Some(t) => p.print_type(t),
        None => p.write("<<missing>>"),
    }
}

// ----- device.module -----

fn parse_module(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let name = p.parse_symbol_name()?;
    let a = p.ctx().attr(AttrData::String(name));
    st.add_attr(p.ctx().sym("sym_name"), a);
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
    let ctx = p.ctx();
    p.write(" ");
    match lockstep_ir::symbol::symbol_name(ctx, op) {
        Some(s) => p.print_symbol_name(s),
        None => p.write("@\"\""),
    }
    p.print_optional_attr_dict_with_keyword(op, &["sym_name"]);
    if let Some(&r) = ctx.regions(op).first() {
        p.write(" ");
        p.print_region(r, false, false);
    }
}

// ----- device.kernel / device.func -----

fn is_nonempty_dict(ctx: &Context, a: AttrId) -> bool {
    matches!(ctx.attr_data(a), AttrData::Dict(d) if !d.is_empty())
}

fn dict_at(ctx: &Context, op: OpId, name: &str, i: usize) -> Option<AttrId> {
    match ctx.attr_data(ctx.attr_of(op, name)?) {
        AttrData::Array(elems) => elems.get(i).copied().filter(|&d| is_nonempty_dict(ctx, d)),
        _ => None,
    }
}

fn parse_function<'src>(p: &mut OpAsmParser<'_, 'src>, st: &mut OperationState) -> PResult<()> {
    if let Some(kw @ ("public" | "private" | "nested")) = p.peek_keyword() {
        p.parse_any_keyword()?;
        let a = p.ctx().str_attr(kw);
        st.add_attr(p.ctx().sym("sym_visibility"), a);
    }
    let name = p.parse_symbol_name()?;
    let a = p.ctx().attr(AttrData::String(name));
    st.add_attr(p.ctx().sym("sym_name"), a);

    // Arguments are either all named (a definition) or all bare types (a
    // declaration, which has no body).
    let mut named: Vec<Argument<'src>> = Vec::new();
    let mut inputs: Vec<TypeId> = Vec::new();
    let mut arg_attrs: Vec<Option<AttrId>> = Vec::new();
    let mut has_names: Option<bool> = None;
    if !p.is(Tok::LParen) {
        return p.err_expected("expected '(' in function signature");
    }
    p.parse_comma_list(Tok::LParen, Tok::RParen, ")", |p| {
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
            arg_attrs.push(if p.is(Tok::LBrace) {
                Some(p.parse_attribute(None)?)
            } else {
                None
            });
        }
        Ok(())
    })?;
    let mut results = Vec::new();
    if p.optional(Tok::Arrow) {
        results = p.parse_function_result_types()?;
    }
    let fty = p.ctx().function_type(&inputs, &results);
    let a = p.ctx().type_attr(fty);
    st.add_attr(p.ctx().sym("function_type"), a);
    p.parse_optional_attr_dict_with_keyword(&mut st.attrs)?;
    if arg_attrs
        .iter()
        .any(|d| d.is_some_and(|a| is_nonempty_dict(p.ctx(), a)))
    {
        let empty = p.ctx().attr(AttrData::Dict(Box::new([])));
        let elems: Vec<AttrId> = arg_attrs.iter().map(|d| d.unwrap_or(empty)).collect();
        let arr = p.ctx().attr(AttrData::Array(elems.into()));
        st.add_attr(p.ctx().sym("arg_attrs"), arr);
    }
    let body = p.rewriter().new_region();
    if p.is(Tok::LBrace) {
        let off = p.offset();
        if has_names == Some(false) {
            return Err(p.op_error_at(off, "a function with a body must name its arguments"));
        }
        p.parse_region(body, &named, true)?;
        if p.ctx().region_blocks(body).is_empty() {
            return Err(p.op_error_at(off, "expected non-empty function body"));
        }
    }
    st.regions.push(body);
    Ok(())
}

fn print_function(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let f = FunctionOp(op);
    p.write(" ");
    if let Some(a) = ctx.attr_of(op, "sym_visibility")
        && let AttrData::String(s) = ctx.attr_data(a)
    {
        p.write(ctx.str(*s));
        p.write(" ");
    }
    match lockstep_ir::symbol::symbol_name(ctx, op) {
        Some(s) => p.print_symbol_name(s),
        None => p.write("@\"\""),
    }
    let decl = f.is_declaration(ctx);
    let args = f.arguments(ctx);
    p.write("(");
    for (i, &t) in f.inputs(ctx).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match args.get(i) {
            Some(&a) if !decl => {
                p.print_operand(a);
                p.write(": ");
                p.print_type(ctx.value_type(a));
            }
            _ => p.print_type(t),
        }
        if let Some(d) = dict_at(ctx, op, "arg_attrs", i) {
            p.write(" ");
            p.print_attr(d);
        }
        if let Some(&a) = args.get(i)
            && !decl
        {
            p.print_block_arg_loc(a);
        }
    }
    p.write(")");
    let results = f.results(ctx);
    if !results.is_empty() {
        p.write(" -> ");
        let parens =
            results.len() > 1 || matches!(ctx.type_data(results[0]), TypeData::Function { .. });
        if parens {
            p.write("(");
        }
        p.print_types(results);
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
        && !decl
    {
        p.write(" ");
        p.print_region(body, false, true);
    }
}

// ----- device.return / device.call -----

fn parse_return(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut st.attrs)?;
    let off = p.offset();
    let uses = p.parse_operand_list()?;
    if !uses.is_empty() {
        p.parse_colon()?;
        let types = p.parse_type_list_no_parens()?;
        p.resolve_op_operands(&uses, &types, off, st)?;
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

fn parse_call(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let callee = p.parse_symbol_name()?;
    let a = p.ctx().attr(AttrData::SymbolRef {
        root: callee,
        nested: Box::new([]),
    });
    st.add_attr(p.ctx().sym("callee"), a);
    p.parse_lparen()?;
    let off = p.offset();
    let uses = p.parse_operand_list()?;
    p.parse_rparen()?;
    p.parse_optional_attr_dict(&mut st.attrs)?;
    p.parse_colon()?;
    let type_off = p.offset();
    let fty = p.parse_type()?;
    let (inputs, outputs) = match p.ctx().type_data(fty) {
        TypeData::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
        _ => return Err(p.op_error_at(type_off, "expected a function type")),
    };
    p.resolve_op_operands(&uses, &inputs, off, st)?;
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
    p.write(" : (");
    p.print_value_types(ctx.operands(op));
    p.write(") -> ");
    let rt: Vec<TypeId> = ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect();
    p.print_function_results(&rt);
}

// ----- device.shared -----

fn parse_shared(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let name = p.parse_symbol_name()?;
    let a = p.ctx().attr(AttrData::String(name));
    st.add_attr(p.ctx().sym("sym_name"), a);
    p.expect(Tok::LSquare, "[")?;
    parse_i64_attr(p, st, "size")?;
    p.expect(Tok::RSquare, "]")?;
    if p.parse_optional_keyword("align") {
        parse_i64_attr(p, st, "alignment")?;
    }
    p.parse_optional_attr_dict(&mut st.attrs)
}

fn print_shared(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    match lockstep_ir::symbol::symbol_name(ctx, op) {
        Some(s) => p.print_symbol_name(s),
        None => p.write("@\"\""),
    }
    p.write("[");
    print_int_attr(p, op, "size");
    p.write("]");
    if p.ctx().attr_of(op, "alignment").is_some() {
        p.write(" align ");
        print_int_attr(p, op, "alignment");
    }
    p.print_optional_attr_dict(op, &["sym_name", "size", "alignment"]);
}

// ----- special registers -----

fn parse_dim(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_keyword_attr(p, st, "dimension", Dim::KEYWORDS)?;
    parse_attrs_result_type(p, st)
}

fn print_dim(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" ");
    print_keyword_attr(p, op, "dimension");
    print_attrs_result_type(p, op, &["dimension"]);
}

fn parse_type_only(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_attrs_result_type(p, st)
}

fn print_type_only(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_attrs_result_type(p, op, &[]);
}

fn parse_bare(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut st.attrs)
}

fn print_bare(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.print_optional_attr_dict(op, &[]);
}

// ----- memory -----

fn parse_addressof(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let name = p.parse_symbol_name()?;
    let a = p.ctx().attr(AttrData::SymbolRef {
        root: name,
        nested: Box::new([]),
    });
    st.add_attr(p.ctx().sym("symbol"), a);
    parse_attrs_result_type(p, st)
}

fn print_addressof(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    match ctx.attr_of(op, "symbol") {
        Some(a) => p.print_attr(a),
        None => p.write("<<missing>>"),
    }
    print_attrs_result_type(p, op, &["symbol"]);
}

fn parse_alloca(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_size_align(p, st)?;
    parse_attrs_result_type(p, st)
}

fn print_alloca(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_size_align(p, op);
    print_attrs_result_type(p, op, &["size", "alignment"]);
}

/// `%p, %off [{attrs}] : PtrT, OffT` with a result of the pointer's type
/// (shared with `host.ptradd`).
pub fn parse_ptradd(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let uses = parse_n_operands(p, 2)?;
    p.parse_optional_attr_dict(&mut st.attrs)?;
    p.parse_colon()?;
    let pt = p.parse_type()?;
    p.parse_comma()?;
    let ot = p.parse_type()?;
    resolve(p, &uses, &[pt, ot], st)?;
    st.result_types.push(pt);
    Ok(())
}

pub fn print_ptradd(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    print_operand_list(p, op);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    print_type_or_missing(p, operand_type(ctx, op, 0));
    p.write(", ");
    print_type_or_missing(p, operand_type(ctx, op, 1));
}

fn parse_cast(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let u = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut st.attrs)?;
    p.parse_colon()?;
    let from = p.parse_type()?;
    p.parse_keyword("to")?;
    let to = p.parse_type()?;
    resolve(p, &[u], &[from], st)?;
    st.result_types.push(to);
    Ok(())
}

fn print_cast(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    print_operand_list(p, op);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    print_type_or_missing(p, operand_type(ctx, op, 0));
    p.write(" to ");
    print_type_or_missing(p, ctx.results(op).first().map(|&r| ctx.value_type(r)));
}

fn parse_optional_volatile(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) {
    if p.parse_optional_keyword("volatile") {
        let u = p.ctx().unit_attr();
        st.add_attr(p.ctx().sym("volatile"), u);
    }
}

fn print_optional_volatile(p: &mut OpAsmPrinter<'_>, op: OpId) {
    if p.ctx().attr_of(op, "volatile").is_some() {
        p.write(" volatile");
    }
}

/// `[volatile] %p [{attrs}] : PtrT -> T` (shared with `host.load`).
pub fn parse_load(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_optional_volatile(p, st);
    let u = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut st.attrs)?;
    p.parse_colon()?;
    let pt = p.parse_type()?;
    p.parse_arrow()?;
    let t = p.parse_type()?;
    resolve(p, &[u], &[pt], st)?;
    st.result_types.push(t);
    Ok(())
}

pub fn print_load(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    print_optional_volatile(p, op);
    print_operand_list(p, op);
    p.print_optional_attr_dict(op, &["volatile"]);
    p.write(" : ");
    print_type_or_missing(p, operand_type(ctx, op, 0));
    p.write(" -> ");
    print_type_or_missing(p, ctx.results(op).first().map(|&r| ctx.value_type(r)));
}

/// `[volatile] %v, %p [{attrs}] : T, PtrT` (shared with `host.store`).
pub fn parse_store(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_optional_volatile(p, st);
    let uses = parse_n_operands(p, 2)?;
    p.parse_optional_attr_dict(&mut st.attrs)?;
    p.parse_colon()?;
    let vt = p.parse_type()?;
    p.parse_comma()?;
    let pt = p.parse_type()?;
    resolve(p, &uses, &[vt, pt], st)
}

pub fn print_store(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    print_optional_volatile(p, op);
    print_operand_list(p, op);
    p.print_optional_attr_dict(op, &["volatile"]);
    p.write(" : ");
    print_type_or_missing(p, operand_type(ctx, op, 0));
    p.write(", ");
    print_type_or_missing(p, operand_type(ctx, op, 1));
}

// ----- warp operations and atomics -----

fn parse_vote(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_keyword_attr(p, st, "mode", VoteMode::KEYWORDS)?;
    let uses = parse_n_operands(p, 2)?;
    parse_attrs_result_type(p, st)?;
    let (i32t, i1t) = (p.ctx().common.i32, p.ctx().common.i1);
    resolve(p, &uses, &[i32t, i1t], st)
}

fn print_vote(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" ");
    print_keyword_attr(p, op, "mode");
    print_operand_list(p, op);
    print_attrs_result_type(p, op, &["mode"]);
}

fn parse_shuffle(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_keyword_attr(p, st, "mode", ShuffleMode::KEYWORDS)?;
    let uses = parse_n_operands(p, 4)?;
    parse_attrs_result_type(p, st)?;
    let t = st.result_types[0];
    let i32t = p.ctx().common.i32;
    resolve(p, &uses, &[i32t, t, i32t, i32t], st)
}

fn print_shuffle(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" ");
    print_keyword_attr(p, op, "mode");
    print_operand_list(p, op);
    print_attrs_result_type(p, op, &["mode"]);
}

/// ` : PtrT, T` after the operands; the result has type T.
fn parse_ptr_value_types<'src>(
    p: &mut OpAsmParser<'_, 'src>,
    uses: &[UnresolvedOperand<'src>],
    st: &mut OperationState,
) -> PResult<()> {
    p.parse_optional_attr_dict(&mut st.attrs)?;
    p.parse_colon()?;
    let pt = p.parse_type()?;
    p.parse_comma()?;
    let t = p.parse_type()?;
    let mut types = vec![pt];
    types.resize(uses.len(), t);
    resolve(p, uses, &types, st)?;
    st.result_types.push(t);
    Ok(())
}

fn print_ptr_value_types(p: &mut OpAsmPrinter<'_>, op: OpId, elided: &[&str]) {
    let ctx = p.ctx();
    p.print_optional_attr_dict(op, elided);
    p.write(" : ");
    print_type_or_missing(p, operand_type(ctx, op, 0));
    p.write(", ");
    print_type_or_missing(p, operand_type(ctx, op, 1));
}

fn parse_atomic(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_keyword_attr(p, st, "kind", AtomicKind::KEYWORDS)?;
    let uses = parse_n_operands(p, 2)?;
    parse_ptr_value_types(p, &uses, st)
}

fn print_atomic(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" ");
    print_keyword_attr(p, op, "kind");
    print_operand_list(p, op);
    print_ptr_value_types(p, op, &["kind"]);
}

fn parse_atomic_cas(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let uses = parse_n_operands(p, 3)?;
    parse_ptr_value_types(p, &uses, st)
}

fn print_atomic_cas(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_operand_list(p, op);
    print_ptr_value_types(p, op, &[]);
}
