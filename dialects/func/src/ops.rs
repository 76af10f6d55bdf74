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

use crate::function_like::{create_call_like, create_function_like, op_name};
use crate::{CALL, FUNC_OP, RETURN};
use lockstep_ir::symbol;
use lockstep_ir::{
    AttrData, Context, LocId, OpId, OperationState, Rewriter, Sym, TypeData, TypeId, ValueId,
};

/// A `func.func`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct FuncOp(pub OpId);

impl FuncOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<FuncOp> {
        ctx.isa(op, &FUNC_OP).then_some(FuncOp(op))
    }
}

crate::function_like_accessors!(FuncOp);

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
    create_function_like(rw, &FUNC_OP, name, fty, None, region, loc)
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
    create_function_like(rw, &FUNC_OP, name, fty, visibility, region, loc)
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
    create_call_like(rw, &CALL, callee, args, results, loc)
}

// ----- symbol lookup -----

/// The `func.func` named `name` in the nearest symbol table around `from`
/// (an uncached scan; see [`lockstep_ir::symbol`] for the cached lookups).
pub fn lookup_func(ctx: &Context, from: OpId, name: Sym) -> Option<FuncOp> {
    symbol::lookup_nearest(ctx, from, name).and_then(|op| FuncOp::from_op(ctx, op))
}
