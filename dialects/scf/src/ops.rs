//! Typed views, builders and the implicit-terminator helper of the `scf` ops.
//!
//! Invariants:
//! - Accessors never panic: on a malformed op they answer with empty slices
//!   or `None`, leaving the complaint to the verifier.
//! - Builders create the same structure the parser creates: `scf.if` gets
//!   two regions (the else one empty unless asked for), and regions that
//!   yield nothing get their implicit `scf.yield`; regions that must yield
//!   values are left for the caller to terminate.

use crate::{CONDITION, FOR, IF, WHILE, YIELD};
use lockstep_ir::{
    BlockId, Context, InsertPoint, LocId, OpDef, OpId, OpName, OperationState, RegionId, Rewriter,
    Traits, TypeId, ValueId,
};

pub(crate) fn op_name(ctx: &Context, def: &'static OpDef) -> OpName {
    OpName {
        sym: ctx.sym(def.name),
        def: Some(def),
    }
}

/// The single block of a region, if it has exactly one.
pub(crate) fn single_block(ctx: &Context, r: RegionId) -> Option<BlockId> {
    match ctx.region_blocks(r) {
        [b] => Some(*b),
        _ => None,
    }
}

/// The last op of the region's single block if it is an instance of `def`.
pub(crate) fn terminator_of(ctx: &Context, r: RegionId, def: &'static OpDef) -> Option<OpId> {
    let last = ctx.last_op(single_block(ctx, r)?)?;
    ctx.isa(last, def).then_some(last)
}

/// MLIR's `ensureTerminator` for `scf.yield`: gives an empty region a block
/// and appends `scf.yield` (at `loc`) to a block that does not end with a
/// terminator. An unregistered last op counts as no terminator, as in MLIR.
pub fn ensure_terminator(rw: &mut Rewriter<'_>, region: RegionId, loc: LocId) {
    let block = match rw.ctx().region_blocks(region).last() {
        Some(&b) => b,
        None => rw.create_block(region, &[], None),
    };
    if rw
        .ctx()
        .last_op(block)
        .is_some_and(|l| rw.ctx().has_trait(l, Traits::TERMINATOR))
    {
        return;
    }
    let saved = rw.insertion_point();
    rw.set_insertion_point(InsertPoint::BlockEnd(block));
    build_yield(rw, &[], loc);
    match saved {
        Some(ip) => rw.set_insertion_point(ip),
        None => rw.clear_insertion_point(),
    }
}

/// An `scf.if`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct IfOp(pub OpId);

impl IfOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<IfOp> {
        ctx.isa(op, &IF).then_some(IfOp(op))
    }
    pub fn condition(self, ctx: &Context) -> Option<ValueId> {
        ctx.operands(self.0).first().copied()
    }
    pub fn then_region(self, ctx: &Context) -> Option<RegionId> {
        ctx.regions(self.0).first().copied()
    }
    pub fn else_region(self, ctx: &Context) -> Option<RegionId> {
        ctx.regions(self.0).get(1).copied()
    }
    pub fn then_block(self, ctx: &Context) -> Option<BlockId> {
        self.then_region(ctx).and_then(|r| single_block(ctx, r))
    }
    /// The else block; `None` when the else region is empty.
    pub fn else_block(self, ctx: &Context) -> Option<BlockId> {
        self.else_region(ctx).and_then(|r| single_block(ctx, r))
    }
    pub fn then_yield(self, ctx: &Context) -> Option<OpId> {
        self.then_region(ctx)
            .and_then(|r| terminator_of(ctx, r, &YIELD))
    }
    pub fn else_yield(self, ctx: &Context) -> Option<OpId> {
        self.else_region(ctx)
            .and_then(|r| terminator_of(ctx, r, &YIELD))
    }
}

/// An `scf.for`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ForOp(pub OpId);

impl ForOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<ForOp> {
        ctx.isa(op, &FOR).then_some(ForOp(op))
    }
    pub fn lower_bound(self, ctx: &Context) -> Option<ValueId> {
        ctx.operands(self.0).first().copied()
    }
    pub fn upper_bound(self, ctx: &Context) -> Option<ValueId> {
        ctx.operands(self.0).get(1).copied()
    }
    pub fn step(self, ctx: &Context) -> Option<ValueId> {
        ctx.operands(self.0).get(2).copied()
    }
    pub fn init_args(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0).get(3..).unwrap_or(&[])
    }
    pub fn body(self, ctx: &Context) -> Option<RegionId> {
        ctx.regions(self.0).first().copied()
    }
    pub fn body_block(self, ctx: &Context) -> Option<BlockId> {
        self.body(ctx).and_then(|r| single_block(ctx, r))
    }
    pub fn induction_var(self, ctx: &Context) -> Option<ValueId> {
        self.body_block(ctx)
            .and_then(|b| ctx.block_args(b).first().copied())
    }
    pub fn region_iter_args(self, ctx: &Context) -> &[ValueId] {
        self.body_block(ctx)
            .and_then(|b| ctx.block_args(b).get(1..))
            .unwrap_or(&[])
    }
    pub fn yield_op(self, ctx: &Context) -> Option<OpId> {
        self.body(ctx).and_then(|r| terminator_of(ctx, r, &YIELD))
    }
    /// The values yielded to the next iteration (empty without `scf.yield`).
    pub fn yielded_values(self, ctx: &Context) -> &[ValueId] {
        self.yield_op(ctx).map_or(&[], |y| ctx.operands(y))
    }
    /// Does the loop compare its bounds as unsigned integers?
    pub fn is_unsigned(self, ctx: &Context) -> bool {
        ctx.attr_of(self.0, "unsignedCmp").is_some()
    }
}

/// An `scf.while`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct WhileOp(pub OpId);

impl WhileOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<WhileOp> {
        ctx.isa(op, &WHILE).then_some(WhileOp(op))
    }
    pub fn inits(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }
    pub fn before(self, ctx: &Context) -> Option<RegionId> {
        ctx.regions(self.0).first().copied()
    }
    pub fn after(self, ctx: &Context) -> Option<RegionId> {
        ctx.regions(self.0).get(1).copied()
    }
    pub fn before_block(self, ctx: &Context) -> Option<BlockId> {
        self.before(ctx).and_then(|r| single_block(ctx, r))
    }
    pub fn after_block(self, ctx: &Context) -> Option<BlockId> {
        self.after(ctx).and_then(|r| single_block(ctx, r))
    }
    pub fn condition_op(self, ctx: &Context) -> Option<OpId> {
        self.before(ctx)
            .and_then(|r| terminator_of(ctx, r, &CONDITION))
    }
    pub fn yield_op(self, ctx: &Context) -> Option<OpId> {
        self.after(ctx).and_then(|r| terminator_of(ctx, r, &YIELD))
    }
}

// ----- builders -----

/// Creates `scf.if %cond -> (result_types)` with a then block and, when
/// `with_else`, an else block. Without results both get their `scf.yield`;
/// with results the caller adds the yields.
pub fn build_if(
    rw: &mut Rewriter<'_>,
    cond: ValueId,
    result_types: &[TypeId],
    with_else: bool,
    loc: LocId,
) -> OpId {
    let then_r = rw.new_region();
    let else_r = rw.new_region();
    rw.create_block(then_r, &[], None);
    if with_else {
        rw.create_block(else_r, &[], None);
    }
    if result_types.is_empty() {
        ensure_terminator(rw, then_r, loc);
        if with_else {
            ensure_terminator(rw, else_r, loc);
        }
    }
    let st = OperationState::new(op_name(rw.ctx(), &IF), loc)
        .operands(&[cond])
        .results(result_types)
        .regions(&[then_r, else_r]);
    rw.create(st)
}

/// Creates `scf.for %iv = %lb to %ub step %step iter_args(...)`. The body's
/// arguments are the induction variable (of `lb`'s type) and one iter_arg
/// per init; without inits the body gets its `scf.yield`.
pub fn build_for(
    rw: &mut Rewriter<'_>,
    lb: ValueId,
    ub: ValueId,
    step: ValueId,
    inits: &[ValueId],
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let mut arg_types = vec![ctx.value_type(lb)];
    let init_types: Vec<TypeId> = inits.iter().map(|&v| ctx.value_type(v)).collect();
    arg_types.extend_from_slice(&init_types);
    let body = rw.new_region();
    rw.create_block(body, &arg_types, Some(loc));
    if inits.is_empty() {
        ensure_terminator(rw, body, loc);
    }
    let st = OperationState::new(op_name(rw.ctx(), &FOR), loc)
        .operands(&[lb, ub, step])
        .operands(inits)
        .results(&init_types)
        .regions(&[body]);
    rw.create(st)
}

/// Creates `scf.while (inits) : (...) -> result_types` with a before block
/// taking the inits' types and an after block taking `result_types`, both
/// left for the caller to fill and terminate.
pub fn build_while(
    rw: &mut Rewriter<'_>,
    inits: &[ValueId],
    result_types: &[TypeId],
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let init_types: Vec<TypeId> = inits.iter().map(|&v| ctx.value_type(v)).collect();
    let before = rw.new_region();
    let after = rw.new_region();
    rw.create_block(before, &init_types, Some(loc));
    rw.create_block(after, result_types, Some(loc));
    let st = OperationState::new(op_name(rw.ctx(), &WHILE), loc)
        .operands(inits)
        .results(result_types)
        .regions(&[before, after]);
    rw.create(st)
}

/// Creates `scf.yield values`.
pub fn build_yield(rw: &mut Rewriter<'_>, values: &[ValueId], loc: LocId) -> OpId {
    let st = OperationState::new(op_name(rw.ctx(), &YIELD), loc).operands(values);
    rw.create(st)
}

/// Creates `scf.condition(%cond) args`.
pub fn build_condition(rw: &mut Rewriter<'_>, cond: ValueId, args: &[ValueId], loc: LocId) -> OpId {
    let st = OperationState::new(op_name(rw.ctx(), &CONDITION), loc)
        .operands(&[cond])
        .operands(args);
    rw.create(st)
}
