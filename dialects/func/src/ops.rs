//! Typed views of `func` ops, builders, and symbol lookup.
//!
//! Invariants:
//! - A view (`FuncOp`, `CallOp`, `ReturnOp`) is only made for an op of its
//!   kind; its accessors never panic, answering "nothing" (empty slices,
//!   `None`) for malformed ops so that verifiers can use them freely.
//! - Builders create ops with their definition attached even when the dialect
//!   is not registered in the context, and insert them at the rewriter's
//!   insertion point (detached when it has none).
//! - Symbol lookup is [`lockstep_ir::symbol`]'s: these helpers never cache,
//!   so they always see the current IR.

use crate::{CALL, FUNC_OP, RETURN};
use lockstep_ir::symbol;
use lockstep_ir::{
    AttrData, AttrId, BlockId, Context, LocId, OpDef, OpId, OpName, OperationState, RegionId,
    Rewriter, Sym, TypeData, TypeId, ValueId,
};

/// An op name bound to `def` whether or not its dialect is registered.
pub(crate) fn op_name(ctx: &Context, def: &'static OpDef) -> OpName {
    OpName {
        sym: ctx.sym(def.name),
        def: Some(def),
    }
}

/// The string of a `StringAttr`-valued attribute.
pub(crate) fn string_attr<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c str> {
    match ctx.attr_data(ctx.attr_of(op, name)?) {
        AttrData::String(s) => Some(ctx.str(*s)),
        _ => None,
    }
}

/// The `i`-th dictionary of an `arg_attrs`/`res_attrs` array, if set.
fn dict_at(ctx: &Context, op: OpId, name: &str, i: usize) -> Option<AttrId> {
    match ctx.attr_data(ctx.attr_of(op, name)?) {
        AttrData::Array(elems) => elems
            .get(i)
            .copied()
            .filter(|&d| matches!(ctx.attr_data(d), AttrData::Dict(_))),
        _ => None,
    }
}

/// A `func.func`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct FuncOp(pub OpId);

impl FuncOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<FuncOp> {
        ctx.isa(op, &FUNC_OP).then_some(FuncOp(op))
    }
    pub fn op(self) -> OpId {
        self.0
    }
    /// The symbol name (empty when missing).
    pub fn name(self, ctx: &Context) -> &str {
        string_attr(ctx, self.0, "sym_name").unwrap_or("")
    }
    pub fn name_sym(self, ctx: &Context) -> Option<Sym> {
        symbol::symbol_name(ctx, self.0)
    }
    /// `sym_visibility`: `None` means public.
    pub fn visibility(self, ctx: &Context) -> Option<&str> {
        string_attr(ctx, self.0, "sym_visibility")
    }
    pub fn function_type(self, ctx: &Context) -> Option<TypeId> {
        match ctx.attr_data(ctx.attr_of(self.0, "function_type")?) {
            AttrData::Type(t) if matches!(ctx.type_data(*t), TypeData::Function { .. }) => Some(*t),
            _ => None,
        }
    }
    pub fn inputs(self, ctx: &Context) -> &[TypeId] {
        match self.function_type(ctx).map(|t| ctx.type_data(t)) {
            Some(TypeData::Function { inputs, .. }) => inputs,
            _ => &[],
        }
    }
    pub fn results(self, ctx: &Context) -> &[TypeId] {
        match self.function_type(ctx).map(|t| ctx.type_data(t)) {
            Some(TypeData::Function { results, .. }) => results,
            _ => &[],
        }
    }
    pub fn body(self, ctx: &Context) -> Option<RegionId> {
        ctx.regions(self.0).first().copied()
    }
    /// A declaration has an empty body region.
    pub fn is_declaration(self, ctx: &Context) -> bool {
        self.body(ctx)
            .is_none_or(|r| ctx.region_blocks(r).is_empty())
    }
    pub fn entry_block(self, ctx: &Context) -> Option<BlockId> {
        self.body(ctx).and_then(|r| ctx.entry_block(r))
    }
    /// The entry block's arguments (empty for a declaration).
    pub fn arguments(self, ctx: &Context) -> &[ValueId] {
        match self.entry_block(ctx) {
            Some(b) => ctx.block_args(b),
            None => &[],
        }
    }
    /// The attribute dictionary of parameter `i`, if `arg_attrs` is set.
    pub fn arg_attrs(self, ctx: &Context, i: usize) -> Option<AttrId> {
        dict_at(ctx, self.0, "arg_attrs", i)
    }
    /// The attribute dictionary of result `i`, if `res_attrs` is set.
    pub fn res_attrs(self, ctx: &Context, i: usize) -> Option<AttrId> {
        dict_at(ctx, self.0, "res_attrs", i)
    }
}

/// A `func.call`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct CallOp(pub OpId);

impl CallOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<CallOp> {
        ctx.isa(op, &CALL).then_some(CallOp(op))
    }
    pub fn op(self) -> OpId {
        self.0
    }
    /// The callee's name, if `callee` is a flat symbol reference.
    pub fn callee(self, ctx: &Context) -> Option<Sym> {
        match ctx.attr_data(ctx.attr_of(self.0, "callee")?) {
            AttrData::SymbolRef { root, nested } if nested.is_empty() => Some(*root),
            _ => None,
        }
    }
    pub fn args(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }
    /// The `func.func` this call targets, looked up from the call.
    pub fn resolve(self, ctx: &Context) -> Option<FuncOp> {
        lookup_func(ctx, self.0, self.callee(ctx)?)
    }
}

/// A `func.return`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ReturnOp(pub OpId);

impl ReturnOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<ReturnOp> {
        ctx.isa(op, &RETURN).then_some(ReturnOp(op))
    }
    pub fn op(self) -> OpId {
        self.0
    }
    pub fn values(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }
}

// ----- builders -----

/// Creates `func.func @name` of type `fty` with an entry block whose
/// arguments have the parameter types (located at `loc`), at the rewriter's
/// insertion point. The body is left without terminator.
pub fn build_func(rw: &mut Rewriter<'_>, name: &str, fty: TypeId, loc: LocId) -> OpId {
    let inputs: Vec<TypeId> = match rw.ctx().type_data(fty) {
        TypeData::Function { inputs, .. } => inputs.to_vec(),
        _ => Vec::new(),
    };
    let region = rw.new_region();
    rw.create_block(region, &inputs, Some(loc));
    create_func(rw, name, fty, None, region, loc)
}

/// Creates a declaration `func.func [visibility] @name` (empty body).
pub fn build_func_decl(
    rw: &mut Rewriter<'_>,
    name: &str,
    fty: TypeId,
    visibility: Option<&str>,
    loc: LocId,
) -> OpId {
    let region = rw.new_region();
    create_func(rw, name, fty, visibility, region, loc)
}

fn create_func(
    rw: &mut Rewriter<'_>,
    name: &str,
    fty: TypeId,
    visibility: Option<&str>,
    region: RegionId,
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let mut st = OperationState::new(op_name(ctx, &FUNC_OP), loc).regions(&[region]);
    st.add_attr(ctx.sym("sym_name"), ctx.str_attr(name));
    st.add_attr(ctx.sym("function_type"), ctx.type_attr(fty));
    if let Some(v) = visibility {
        st.add_attr(ctx.sym("sym_visibility"), ctx.str_attr(v));
    }
    rw.create(st)
}

/// Creates `func.return values`.
pub fn build_return(rw: &mut Rewriter<'_>, values: &[ValueId], loc: LocId) -> OpId {
    let st = OperationState::new(op_name(rw.ctx(), &RETURN), loc).operands(values);
    rw.create(st)
}

/// Creates `func.call @callee(args) : (...) -> results`.
pub fn build_call(
    rw: &mut Rewriter<'_>,
    callee: &str,
    args: &[ValueId],
    results: &[TypeId],
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let mut st = OperationState::new(op_name(ctx, &CALL), loc)
        .operands(args)
        .results(results);
    st.add_attr(ctx.sym("callee"), ctx.symbol_ref_attr(callee));
    rw.create(st)
}

// ----- symbol lookup -----

/// The `func.func` named `name` in the nearest symbol table around `from`
/// (an uncached scan; see [`lockstep_ir::symbol`] for the cached lookups).
pub fn lookup_func(ctx: &Context, from: OpId, name: Sym) -> Option<FuncOp> {
    symbol::lookup_nearest(ctx, from, name).and_then(|op| FuncOp::from_op(ctx, op))
}
