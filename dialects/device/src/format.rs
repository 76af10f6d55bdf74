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

use crate::types::{AtomicKind, Dim, ShuffleMode, VoteMode};
use lockstep_func::function_like::{SignatureRules, parse_function_like, print_function_like};
use lockstep_ir::lexer::Tok;
use lockstep_ir::parser::UnresolvedOperand;
use lockstep_ir::{
    AttrData, Context, OpAsmParser, OpAsmPrinter, OpId, OperationState, PResult, TypeId,
};

use lockstep_ir::asm_format;

asm_format!(MODULE_FORMAT, parse_module, print_module);
asm_format!(FUNCTION_FORMAT, parse_function, print_function_like);
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

// `device.return` and `device.call` are written as `func.return` and
// `func.call` are.
pub(crate) use lockstep_func::format::{CALL_FORMAT, RETURN_FORMAT};

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

fn result_type(ctx: &Context, op: OpId) -> Option<TypeId> {
    ctx.results(op).first().map(|&r| ctx.value_type(r))
}

fn print_type_or_missing(p: &mut OpAsmPrinter<'_>, t: Option<TypeId>) {
    match t {
        Some(t) => p.print_type(t),
        None => p.write("<<missing>>"),
    }
}

/// Prints attribute `name` of `op` as it is (`<<missing>>` when absent, so
/// that broken IR still prints).
pub fn print_attr_or_missing(p: &mut OpAsmPrinter<'_>, op: OpId, name: &str) {
    match p.ctx().attr_of(op, name) {
        Some(a) => p.print_attr(a),
        None => p.write("<<missing>>"),
    }
}

/// What stands between the two types of `: A, B`, `: A -> B`, `: A to B`.
#[derive(Copy, Clone)]
enum Sep {
    Comma,
    Arrow,
    To,
}

impl Sep {
    fn parse(self, p: &mut OpAsmParser<'_, '_>) -> PResult<()> {
        match self {
            Sep::Comma => p.parse_comma(),
            Sep::Arrow => p.parse_arrow(),
            Sep::To => p.parse_keyword("to"),
        }
    }
    fn text(self) -> &'static str {
        match self {
            Sep::Comma => ", ",
            Sep::Arrow => " -> ",
            Sep::To => " to ",
        }
    }
}

/// `[{attrs}] : A <sep> B` after an op's operands.
fn parse_attrs_two_types(
    p: &mut OpAsmParser<'_, '_>,
    st: &mut OperationState,
    sep: Sep,
) -> PResult<(TypeId, TypeId)> {
    p.parse_optional_attr_dict(&mut st.attrs)?;
    p.parse_colon()?;
    let a = p.parse_type()?;
    sep.parse(p)?;
    Ok((a, p.parse_type()?))
}

/// `[{attrs}] : A <sep> B` with A the first operand's type.
fn print_attrs_two_types(
    p: &mut OpAsmPrinter<'_>,
    op: OpId,
    elided: &[&str],
    sep: Sep,
    second: Option<TypeId>,
) {
    let first = operand_type(p.ctx(), op, 0);
    p.print_optional_attr_dict(op, elided);
    p.write(" : ");
    print_type_or_missing(p, first);
    p.write(sep.text());
    print_type_or_missing(p, second);
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

/// `func.func`'s syntax; a body needs named arguments (bare types declare).
fn parse_function(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let rules = SignatureRules {
        body_needs_named_args: true,
    };
    parse_function_like(p, st, rules)
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
    p.write(" ");
    print_attr_or_missing(p, op, "symbol");
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
fn parse_ptradd(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let uses = parse_n_operands(p, 2)?;
    let (pt, ot) = parse_attrs_two_types(p, st, Sep::Comma)?;
    resolve(p, &uses, &[pt, ot], st)?;
    st.result_types.push(pt);
    Ok(())
}

fn print_ptradd(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_operand_list(p, op);
    let offset = operand_type(p.ctx(), op, 1);
    print_attrs_two_types(p, op, &[], Sep::Comma, offset);
}

/// `%p [{attrs}] : FromT to ToT`.
fn parse_cast(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let u = p.parse_operand()?;
    let (from, to) = parse_attrs_two_types(p, st, Sep::To)?;
    resolve(p, &[u], &[from], st)?;
    st.result_types.push(to);
    Ok(())
}

fn print_cast(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_operand_list(p, op);
    let to = result_type(p.ctx(), op);
    print_attrs_two_types(p, op, &[], Sep::To, to);
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
fn parse_load(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_optional_volatile(p, st);
    let u = p.parse_operand()?;
    let (pt, t) = parse_attrs_two_types(p, st, Sep::Arrow)?;
    resolve(p, &[u], &[pt], st)?;
    st.result_types.push(t);
    Ok(())
}

fn print_load(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_optional_volatile(p, op);
    print_operand_list(p, op);
    let t = result_type(p.ctx(), op);
    print_attrs_two_types(p, op, &["volatile"], Sep::Arrow, t);
}

/// `[volatile] %v, %p [{attrs}] : T, PtrT` (shared with `host.store`).
fn parse_store(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    parse_optional_volatile(p, st);
    let uses = parse_n_operands(p, 2)?;
    let (vt, pt) = parse_attrs_two_types(p, st, Sep::Comma)?;
    resolve(p, &uses, &[vt, pt], st)
}

fn print_store(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_optional_volatile(p, op);
    print_operand_list(p, op);
    let pt = operand_type(p.ctx(), op, 1);
    print_attrs_two_types(p, op, &["volatile"], Sep::Comma, pt);
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
    let (pt, t) = parse_attrs_two_types(p, st, Sep::Comma)?;
    let mut types = vec![pt];
    types.resize(uses.len(), t);
    resolve(p, uses, &types, st)?;
    st.result_types.push(t);
    Ok(())
}

fn print_ptr_value_types(p: &mut OpAsmPrinter<'_>, op: OpId, elided: &[&str]) {
    let t = operand_type(p.ctx(), op, 1);
    print_attrs_two_types(p, op, elided, Sep::Comma, t);
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
