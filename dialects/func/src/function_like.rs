//! What every function-like op shares with `func.func` (MLIR's
//! `FunctionOpInterface`): the accessors, the assembly format of the
//! signature and body, the entry-block, return and call checks, and the
//! builder. `func.func`, `device.kernel` and `device.func` all use this one
//! implementation; each dialect adds only its own rules on top.
//!
//! Invariants:
//! - A function-like op has the inherent attributes `sym_name`,
//!   `function_type` (a function type), optional `sym_visibility`,
//!   `arg_attrs` and `res_attrs` (arrays of dictionaries, one per
//!   parameter/result), and exactly one region: empty for a declaration,
//!   otherwise its entry block's arguments are the parameters.
//! - Accessors never panic on malformed ops: they answer empty slices or
//!   `None`.
//! - The printer writes what mlir-opt 22 writes for `func.func`, and the
//!   parser reads it back to the same IR (`arg_attrs`/`res_attrs` are added
//!   only when some entry is non-empty, as MLIR does).
//! - The checks here only read the IR and return the first problem found,
//!   with MLIR's wording; which of them an op runs is its dialect's choice.

use lockstep_ir::lexer::Tok;
use lockstep_ir::parser::Argument;
use lockstep_ir::printer::type_to_string;
use lockstep_ir::symbol;
use lockstep_ir::{
    AttrData, AttrId, BlockId, Context, Diagnostic, LocId, OpAsmParser, OpAsmPrinter, OpDef, OpId,
    OpName, OperationState, PResult, RegionId, Rewriter, Sym, TypeData, TypeId, ValueId,
};
use std::fmt::Display;

// ----- shared small helpers -----

/// An op name bound to `def` whether or not its dialect is registered.
pub fn op_name(ctx: &Context, def: &'static OpDef) -> OpName {
    OpName {
        sym: ctx.sym(def.name),
        def: Some(def),
    }
}

/// `'op.name' op <msg>` at the op, like MLIR's `emitOpError`.
pub fn op_error(ctx: &Context, op: OpId, msg: impl Display) -> Diagnostic {
    Diagnostic::error(ctx.loc(op), format!("'{}' op {msg}", ctx.name_of(op)))
}

/// A type as MLIR's diagnostics print it: `'i32'`.
pub fn quoted(ctx: &Context, t: TypeId) -> String {
    format!("'{}'", type_to_string(ctx, t))
}

/// Is `a` a dictionary with at least one entry?
pub fn is_nonempty_dict(ctx: &Context, a: AttrId) -> bool {
    matches!(ctx.attr_data(a), AttrData::Dict(d) if !d.is_empty())
}

/// The string of a `StringAttr`-valued attribute.
pub(crate) fn string_attr<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c str> {
    match ctx.attr_data(ctx.attr_of(op, name)?) {
        AttrData::String(s) => Some(ctx.str(*s)),
        _ => None,
    }
}

// ----- accessors -----

/// The symbol name (empty when missing).
pub fn name(ctx: &Context, op: OpId) -> &str {
    string_attr(ctx, op, "sym_name").unwrap_or("")
}

/// `sym_visibility`: `None` means public.
pub fn visibility(ctx: &Context, op: OpId) -> Option<&str> {
    string_attr(ctx, op, "sym_visibility")
}

/// `function_type`, if it is a function type.
pub fn function_type(ctx: &Context, op: OpId) -> Option<TypeId> {
    match ctx.attr_data(ctx.attr_of(op, "function_type")?) {
        AttrData::Type(t) if matches!(ctx.type_data(*t), TypeData::Function { .. }) => Some(*t),
        _ => None,
    }
}

/// The parameter types (empty when `function_type` is malformed).
pub fn inputs(ctx: &Context, op: OpId) -> &[TypeId] {
    match function_type(ctx, op).map(|t| ctx.type_data(t)) {
        Some(TypeData::Function { inputs, .. }) => inputs,
        _ => &[],
    }
}

/// The result types (empty when `function_type` is malformed).
pub fn results(ctx: &Context, op: OpId) -> &[TypeId] {
    match function_type(ctx, op).map(|t| ctx.type_data(t)) {
        Some(TypeData::Function { results, .. }) => results,
        _ => &[],
    }
}

pub fn body(ctx: &Context, op: OpId) -> Option<RegionId> {
    ctx.regions(op).first().copied()
}

/// A declaration has an empty body region.
pub fn is_declaration(ctx: &Context, op: OpId) -> bool {
    body(ctx, op).is_none_or(|r| ctx.region_blocks(r).is_empty())
}

pub fn entry_block(ctx: &Context, op: OpId) -> Option<BlockId> {
    body(ctx, op).and_then(|r| ctx.entry_block(r))
}

/// The entry block's arguments (empty for a declaration).
pub fn arguments(ctx: &Context, op: OpId) -> &[ValueId] {
    match entry_block(ctx, op) {
        Some(b) => ctx.block_args(b),
        None => &[],
    }
}

/// The `i`-th dictionary of the `arg_attrs`/`res_attrs` array `name`, if
/// set.
pub fn dict_at(ctx: &Context, op: OpId, name: &str, i: usize) -> Option<AttrId> {
    match ctx.attr_data(ctx.attr_of(op, name)?) {
        AttrData::Array(elems) => elems
            .get(i)
            .copied()
            .filter(|&d| matches!(ctx.attr_data(d), AttrData::Dict(_))),
        _ => None,
    }
}

/// Gives a view type `struct View(pub OpId)` of a function-like op the
/// accessors of [`function_like`](crate::function_like) as inherent
/// methods, so that users need no trait in scope.
#[macro_export]
macro_rules! function_like_accessors {
    ($view:ty) => {
        $crate::function_like_accessors!(@impl $view;
            /// The symbol name (empty when missing).
            name -> &str,
            name_sym -> Option<$crate::__ir::Sym>,
            /// `sym_visibility`: `None` means public.
            visibility -> Option<&str>,
            function_type -> Option<$crate::__ir::TypeId>,
            inputs -> &[$crate::__ir::TypeId],
            results -> &[$crate::__ir::TypeId],
            body -> Option<$crate::__ir::RegionId>,
            /// A declaration has an empty body region.
            is_declaration -> bool,
            entry_block -> Option<$crate::__ir::BlockId>,
            /// The entry block's arguments (empty for a declaration).
            arguments -> &[$crate::__ir::ValueId],
        );
    };
    (@impl $view:ty; $($(#[$doc:meta])* $method:ident -> $ret:ty,)*) => {
        impl $view {
            pub fn op(self) -> $crate::__ir::OpId {
                self.0
            }
            $(
                $(#[$doc])*
                pub fn $method(self, ctx: &$crate::__ir::Context) -> $ret {
                    $crate::function_like::$method(ctx, self.0)
                }
            )*
            /// The attribute dictionary of parameter `i`, if `arg_attrs` is set.
            pub fn arg_attrs(
                self,
                ctx: &$crate::__ir::Context,
                i: usize,
            ) -> Option<$crate::__ir::AttrId> {
                $crate::function_like::dict_at(ctx, self.0, "arg_attrs", i)
            }
            /// The attribute dictionary of result `i`, if `res_attrs` is set.
            pub fn res_attrs(
                self,
                ctx: &$crate::__ir::Context,
                i: usize,
            ) -> Option<$crate::__ir::AttrId> {
                $crate::function_like::dict_at(ctx, self.0, "res_attrs", i)
            }
        }
    };
}

/// The symbol name as an interned string.
pub fn name_sym(ctx: &Context, op: OpId) -> Option<Sym> {
    symbol::symbol_name(ctx, op)
}

// ----- assembly format -----

/// What a dialect's function-like syntax adds to `func.func`'s.
#[derive(Copy, Clone, Debug, Default)]
pub struct SignatureRules {
    /// A body requires named arguments. Without this rule (MLIR's), a body
    /// after bare argument types gets no block arguments and fails
    /// verification instead.
    pub body_needs_named_args: bool,
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
    let empty = ctx.attr(AttrData::Dict(Box::new([])));
    let elems: Vec<AttrId> = dicts.iter().map(|d| d.unwrap_or(empty)).collect();
    st.add_attr(ctx.sym(name), ctx.attr(AttrData::Array(elems.into())));
}

/// `[visibility] @name(args) [-> results] [attributes {...}] [{ body }]`,
/// as `func.func` has it.
pub fn parse_function_like<'src>(
    p: &mut OpAsmParser<'_, 'src>,
    st: &mut OperationState,
    rules: SignatureRules,
) -> PResult<()> {
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
        if rules.body_needs_named_args && has_names == Some(false) {
            return Err(p.op_error_at(
                body_offset,
                "a function with a body must name its arguments",
            ));
        }
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

/// Prints what [`parse_function_like`] reads, exactly as mlir-opt prints a
/// `func.func`.
pub fn print_function_like(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    if let Some(v) = visibility(ctx, op) {
        p.write(v);
        p.write(" ");
    }
    match name_sym(ctx, op) {
        Some(s) => p.print_symbol_name(s),
        None => p.write("@\"\""),
    }
    let external = is_declaration(ctx, op);
    let args = arguments(ctx, op);
    let nonempty =
        |name: &str, i: usize| dict_at(ctx, op, name, i).filter(|&d| is_nonempty_dict(ctx, d));
    p.write("(");
    for (i, &t) in inputs(ctx, op).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let arg = args.get(i).copied().filter(|_| !external);
        match arg {
            Some(a) => {
                p.print_operand(a);
                p.write(": ");
                p.print_type(ctx.value_type(a));
            }
            None => p.print_type(t),
        }
        if let Some(d) = nonempty("arg_attrs", i) {
            p.write(" ");
            p.print_attr(d);
        }
        if let Some(a) = arg {
            p.print_block_arg_loc(a);
        }
    }
    p.write(")");
    let results = results(ctx, op);
    if !results.is_empty() {
        p.write(" -> ");
        // MLIR parenthesises several results, a function type, or a first
        // result carrying attributes.
        let parens = results.len() > 1
            || matches!(ctx.type_data(results[0]), TypeData::Function { .. })
            || nonempty("res_attrs", 0).is_some();
        if parens {
            p.write("(");
        }
        for (i, &t) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(t);
            if let Some(d) = nonempty("res_attrs", i) {
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
    if let Some(body) = body(ctx, op)
        && !external
    {
        p.write(" ");
        p.print_region(body, false, true);
    }
}

// ----- verification -----

/// The first position where `values` and `types` disagree: (index, the
/// value's type, the expected type). Extra elements on either side are the
/// caller's business (counts are checked apart, with their own message).
pub fn first_type_mismatch(
    ctx: &Context,
    values: &[ValueId],
    types: &[TypeId],
) -> Option<(usize, TypeId, TypeId)> {
    values
        .iter()
        .zip(types)
        .enumerate()
        .map(|(i, (&v, &t))| (i, ctx.value_type(v), t))
        .find(|&(_, vt, t)| vt != t)
}

/// The entry block (if any) has one argument per parameter, of its type.
pub fn verify_entry_block(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(entry) = entry_block(ctx, op) else {
        return Ok(());
    };
    let inputs = inputs(ctx, op);
    let args = ctx.block_args(entry);
    if args.len() != inputs.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "entry block must have {} arguments to match function signature",
                inputs.len()
            ),
        ));
    }
    match first_type_mismatch(ctx, args, inputs) {
        Some((i, at, t)) => Err(op_error(
            ctx,
            op,
            format!(
                "type of entry block argument #{i}({}) must match the type of the corresponding argument in function signature({})",
                quoted(ctx, at),
                quoted(ctx, t)
            ),
        )),
        None => Ok(()),
    }
}

/// How a return-like op's dialect words its mismatches.
#[derive(Copy, Clone, Debug)]
pub struct ReturnRules<'a> {
    /// What the enclosing op is called in the count mismatch: `function`,
    /// `kernel`.
    pub enclosing: &'a str,
    /// Whether the type mismatch carries the op prefix (MLIR's `func.return`
    /// emits it without).
    pub type_error_on_op: bool,
}

/// The operands of return-like `op` match `function`'s result types.
pub fn verify_return_operands(
    ctx: &Context,
    op: OpId,
    function: OpId,
    rules: ReturnRules<'_>,
) -> Result<(), Diagnostic> {
    let (results, fname) = (results(ctx, function), name(ctx, function));
    let operands = ctx.operands(op);
    if operands.len() != results.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "has {} operands, but enclosing {} (@{fname}) returns {}",
                operands.len(),
                rules.enclosing,
                results.len()
            ),
        ));
    }
    let Some((i, vt, t)) = first_type_mismatch(ctx, operands, results) else {
        return Ok(());
    };
    let msg = format!(
        "type of return operand {i} ({}) doesn't match function result type ({}) in function @{fname}",
        quoted(ctx, vt),
        quoted(ctx, t),
    );
    Err(if rules.type_error_on_op {
        op_error(ctx, op, msg)
    } else {
        Diagnostic::error(ctx.loc(op), msg)
    })
}

/// The operands and results of call-like `op` match `function`'s
/// signature; a result of the wrong type is reported by `result_mismatch`
/// (index, expected, actual), whose wording differs between dialects.
pub fn verify_call_signature(
    ctx: &Context,
    op: OpId,
    function: OpId,
    result_mismatch: impl FnOnce(usize, TypeId, TypeId) -> Diagnostic,
) -> Result<(), Diagnostic> {
    let (inputs, results) = (inputs(ctx, function), results(ctx, function));
    let operands = ctx.operands(op);
    if inputs.len() != operands.len() {
        return Err(op_error(ctx, op, "incorrect number of operands for callee"));
    }
    if let Some((i, vt, t)) = first_type_mismatch(ctx, operands, inputs) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "operand type mismatch: expected operand type {}, but provided {} for operand number {i}",
                quoted(ctx, t),
                quoted(ctx, vt)
            ),
        ));
    }
    let res = ctx.results(op);
    if results.len() != res.len() {
        return Err(op_error(ctx, op, "incorrect number of results for callee"));
    }
    match first_type_mismatch(ctx, res, results) {
        Some((i, vt, t)) => Err(result_mismatch(i, t, vt)),
        None => Ok(()),
    }
}

// ----- builder -----

/// Creates function-like op `def` named `name` of type `fty` around
/// `region` at the rewriter's insertion point.
pub fn create_function_like(
    rw: &mut Rewriter<'_>,
    def: &'static OpDef,
    name: &str,
    fty: TypeId,
    visibility: Option<&str>,
    region: RegionId,
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let mut st = OperationState::new(op_name(ctx, def), loc).regions(&[region]);
    st.add_attr(ctx.sym("sym_name"), ctx.str_attr(name));
    st.add_attr(ctx.sym("function_type"), ctx.type_attr(fty));
    if let Some(v) = visibility {
        st.add_attr(ctx.sym("sym_visibility"), ctx.str_attr(v));
    }
    rw.create(st)
}

/// Creates call-like op `def` of `callee` (a flat symbol reference) at the
/// rewriter's insertion point.
pub fn create_call_like(
    rw: &mut Rewriter<'_>,
    def: &'static OpDef,
    callee: &str,
    args: &[ValueId],
    results: &[TypeId],
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let mut st = OperationState::new(op_name(ctx, def), loc)
        .operands(args)
        .results(results);
    st.add_attr(ctx.sym("callee"), ctx.symbol_ref_attr(callee));
    rw.create(st)
}
