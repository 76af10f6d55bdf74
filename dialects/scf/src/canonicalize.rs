//! Canonicalization of the `scf` ops as upstream MLIR 22 has it: the
//! patterns of `scf.if` ([`crate::canon_if`]), `scf.for`
//! ([`crate::canon_for`]) and `scf.while` ([`crate::canon_while`]), each
//! op's list followed by the generic `RegionBranchOpInterface` patterns
//! ([`crate::canon_region`]), in MLIR's registration order (which decides
//! which of several applicable rewrites wins), plus the helpers they share.
//!
//! MLIR 22 has no `scf.yield` or `scf.condition` patterns, and no folders
//! besides `IfOp::fold`, which runs here as the first `scf.if` pattern.
//!
//! Invariants:
//! - A pattern returns true iff it changed the IR, and changes it only
//!   through a rewriter. Notifications follow MLIR's rewriter calls one for
//!   one (an op built and inserted is announced, blocks merged announce their
//!   ops, uses replaced announce their users), so the greedy driver's
//!   worklist evolves as mlir-opt's does; the few places where MLIR edits IR
//!   behind its listener's back are reproduced with a listener-less
//!   rewriter.
//! - Every pattern starts with the insertion point in front of its root op,
//!   as MLIR's pattern applicator sets it (the greedy driver does too; this
//!   covers patterns applied by hand).
//! - Nothing is rewritten unless the op is well formed for the rewrite
//!   (single-block regions ending in the expected terminator, with matching
//!   counts); a pattern checks everything before it changes anything.
//! - Constants are recognised through the `CONSTANT_LIKE` trait and the
//!   op's `value` attribute, whatever dialect defines them; the ops the
//!   patterns create (`arith.constant`, `arith.select`, `arith.andi`,
//!   `arith.xori`) are `arith` ops, as in MLIR.
//! - Ops are erased as MLIR's rewriter erases them: nested ops one by one,
//!   regions last to first, ops of a block last to first ([`erase_tree`]).

use crate::{CONDITION, YIELD, canon_for, canon_if, canon_region, canon_while};
use lockstep_ir::fold_util::sext;
use lockstep_ir::{
    AttrId, BlockId, Context, OpDef, OpId, OpName, OperationState, RegionId, RewritePattern,
    Rewriter, Traits, TypeData, TypeId, ValueId,
};
use rustc_hash::FxHashSet;

/// Implements [`RewritePattern`] for `$pattern`, named `$name` and rooted
/// at `$root` (for `$pattern(def)`, at the op definition the pattern
/// holds). The insertion point goes in front of the root first, as MLIR's
/// pattern applicator puts it; then `$rewrite(op, rw)` runs, or, with
/// `$parts => $rewrite`, `$rewrite(op, rw, parts)` once `$parts(ctx, op)`
/// has found the op well formed (the pattern does not apply otherwise).
macro_rules! rewrite_pattern {
    ($pattern:ident, $name:literal, $root:expr, $parts:path => $rewrite:path) => {
        $crate::canonicalize::rewrite_pattern!(@impl $pattern, $name, |_this| $root, |op, rw| {
            match $parts(rw.ctx(), op) {
                Some(parts) => $rewrite(op, rw, parts),
                None => false,
            }
        });
    };
    ($pattern:ident(def), $name:literal, $parts:path => $rewrite:path) => {
        $crate::canonicalize::rewrite_pattern!(@impl $pattern, $name, |this| this.0, |op, rw| {
            match $parts(rw.ctx(), op) {
                Some(parts) => $rewrite(op, rw, parts),
                None => false,
            }
        });
    };
    ($pattern:ident, $name:literal, $root:expr, $rewrite:path) => {
        $crate::canonicalize::rewrite_pattern!(@impl $pattern, $name, |_this| $root, |op, rw| {
            $rewrite(op, rw)
        });
    };
    (@impl $pattern:ident, $name:literal, |$this:ident| $root:expr,
     |$op:ident, $rw:ident| $run:block) => {
        impl lockstep_ir::RewritePattern for $pattern {
            fn name(&self) -> &'static str {
                $name
            }
            fn root(&self) -> Option<&'static lockstep_ir::OpDef> {
                let $this = self;
                Some($root)
            }
            fn match_and_rewrite(
                &self,
                $op: lockstep_ir::OpId,
                $rw: &mut lockstep_ir::Rewriter<'_>,
            ) -> bool {
                $rw.set_insertion_point_before($op);
                $run
            }
        }
    };
}
pub(crate) use rewrite_pattern;

/// The integer value of `v` if a constant-like op defines it.
pub fn constant_int(ctx: &Context, v: ValueId) -> Option<i64> {
    ctx.attr_data(constant_attr(ctx, v)?).as_int()
}

/// The attribute of the constant-like op defining `v` (MLIR's `m_Constant`).
pub(crate) fn constant_attr(ctx: &Context, v: ValueId) -> Option<AttrId> {
    let op = ctx.defining_op(v)?;
    if !ctx.has_trait(op, Traits::CONSTANT_LIKE) {
        return None;
    }
    ctx.attr_of(op, "value")
}

/// Is `v` defined by a constant-like op?
pub(crate) fn is_constant(ctx: &Context, v: ValueId) -> bool {
    constant_attr(ctx, v).is_some()
}

/// The value of `v` if it is a constant `BoolAttr` (an `i1` integer).
pub(crate) fn constant_bool(ctx: &Context, v: ValueId) -> Option<bool> {
    let a = constant_attr(ctx, v)?;
    match ctx.attr_data(a) {
        lockstep_ir::AttrData::Integer { value, ty } if *ty == ctx.common.i1 => Some(*value != 0),
        _ => None,
    }
}

/// The bit width of an integer type; index counts as 64 bits (MLIR's
/// internal storage width).
pub(crate) fn int_width(ctx: &Context, ty: TypeId) -> u32 {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => *width,
        _ => 64,
    }
}

/// Is `v` the constant one (MLIR's `m_One`)?
pub(crate) fn is_one(ctx: &Context, v: ValueId) -> bool {
    match constant_attr(ctx, v).map(|a| ctx.attr_data(a)) {
        Some(lockstep_ir::AttrData::Integer { value, ty }) => {
            let w = int_width(ctx, *ty);
            sext(*value, w) == sext(1, w)
        }
        _ => false,
    }
}

/// `x` if `v` is `arith.xori x, 1` (a logical not).
pub(crate) fn negated(ctx: &Context, v: ValueId) -> Option<ValueId> {
    let op = ctx.defining_op(v)?;
    if !ctx.isa(op, &lockstep_arith::XORI) {
        return None;
    }
    let [lhs, rhs] = ctx.operands(op) else {
        return None;
    };
    is_one(ctx, *rhs).then_some(*lhs)
}

pub(crate) fn op_name(ctx: &Context, def: &'static OpDef) -> OpName {
    crate::ops::op_name(ctx, def)
}

/// The region holding `op`.
pub(crate) fn op_region(ctx: &Context, op: OpId) -> Option<RegionId> {
    ctx.parent_block(op).and_then(|b| ctx.block_parent(b))
}

/// The region in which `v` is defined (MLIR's `Value::getParentRegion`).
pub(crate) fn value_region(ctx: &Context, v: ValueId) -> Option<RegionId> {
    ctx.value_block(v).and_then(|b| ctx.block_parent(b))
}

/// The region enclosing region `r` (through its parent op), if any.
pub(crate) fn parent_region(ctx: &Context, r: RegionId) -> Option<RegionId> {
    let op = ctx.region_parent(r)?;
    op_region(ctx, op)
}

/// Is `anc` equal to `r` or a region enclosing it (MLIR's
/// `Region::isAncestor`)?
pub(crate) fn region_is_ancestor(ctx: &Context, anc: RegionId, r: RegionId) -> bool {
    let mut cur = Some(r);
    while let Some(c) = cur {
        if c == anc {
            return true;
        }
        cur = parent_region(ctx, c);
    }
    false
}

/// The single block of `r`, if it has exactly one.
pub(crate) fn single_block(ctx: &Context, r: RegionId) -> Option<BlockId> {
    crate::ops::single_block(ctx, r)
}

/// The last op of `b` if it is an instance of `def`.
pub(crate) fn block_terminator(ctx: &Context, b: BlockId, def: &'static OpDef) -> Option<OpId> {
    ctx.last_op(b).filter(|&t| ctx.isa(t, def))
}

/// Does `b` hold exactly one op?
pub(crate) fn has_single_op(ctx: &Context, b: BlockId) -> bool {
    ctx.first_op(b).is_some() && ctx.first_op(b) == ctx.last_op(b)
}

/// The uses of `v` as `(user, operand index)`, collected before mutation,
/// newest first: MLIR's use lists put a new use at their head, lockstep's at
/// their end, so the reverse order is MLIR's (as long as no use in between
/// was removed, which reorders lockstep's list).
pub(crate) fn uses_of(ctx: &Context, v: ValueId) -> Vec<(OpId, usize)> {
    ctx.uses(v)
        .iter()
        .rev()
        .map(|u| (u.op, u.index as usize))
        .collect()
}

/// Creates an op from its parts at the rewriter's insertion point.
pub(crate) fn create(
    rw: &mut Rewriter<'_>,
    def: &'static OpDef,
    loc: lockstep_ir::LocId,
    operands: &[ValueId],
    results: &[TypeId],
    regions: &[RegionId],
) -> OpId {
    let st = OperationState::new(op_name(rw.ctx(), def), loc)
        .operands(operands)
        .results(results)
        .regions(regions);
    rw.create(st)
}

/// `scf.yield values` at the insertion point.
pub(crate) fn create_yield(
    rw: &mut Rewriter<'_>,
    values: &[ValueId],
    loc: lockstep_ir::LocId,
) -> OpId {
    create(rw, &YIELD, loc, values, &[], &[])
}

/// `scf.condition(cond) args` at the insertion point.
pub(crate) fn create_condition(
    rw: &mut Rewriter<'_>,
    cond: ValueId,
    args: &[ValueId],
    loc: lockstep_ir::LocId,
) -> OpId {
    let mut operands = vec![cond];
    operands.extend_from_slice(args);
    create(rw, &CONDITION, loc, &operands, &[], &[])
}

/// Erases `op` the way MLIR's `RewriterBase::eraseOp` does: nested ops first
/// and one at a time (regions last to first, blocks in post-order, the ops
/// of a block last to first), so that the listener sees, at each erasure,
/// the uses that are really left.
pub(crate) fn erase_tree(rw: &mut Rewriter<'_>, op: OpId) {
    let regions: Vec<RegionId> = rw.ctx().regions(op).to_vec();
    for r in regions.into_iter().rev() {
        while !rw.ctx().region_blocks(r).is_empty() {
            let blocks = post_order(rw.ctx(), r);
            for &b in &blocks {
                while let Some(last) = rw.ctx().last_op(b) {
                    erase_tree(rw, last);
                }
            }
            for b in blocks {
                rw.erase_block(b);
            }
        }
    }
    rw.erase_op(op);
}

/// The blocks of `r` reachable from its entry, successors before
/// predecessors.
fn post_order(ctx: &Context, r: RegionId) -> Vec<BlockId> {
    let Some(entry) = ctx.entry_block(r) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut seen: FxHashSet<BlockId> = FxHashSet::default();
    seen.insert(entry);
    let mut stack: Vec<(BlockId, usize)> = vec![(entry, 0)];
    while let Some((b, i)) = stack.pop() {
        let succs = ctx.succ_blocks(b);
        if let Some(&s) = succs.get(i) {
            stack.push((b, i + 1));
            if seen.insert(s) {
                stack.push((s, 0));
            }
        } else {
            out.push(b);
        }
    }
    out
}

/// MLIR's `replaceOp`: the uses of each result are replaced (their users
/// announced as modified), then the op is erased. `None` stands for MLIR's
/// null replacement of a result that has no uses.
pub(crate) fn replace_op(rw: &mut Rewriter<'_>, op: OpId, with: &[Option<ValueId>]) {
    let results: Vec<ValueId> = rw.ctx().results(op).to_vec();
    debug_assert_eq!(
        results.len(),
        with.len(),
        "replace_op: result count mismatch"
    );
    for (r, w) in results.into_iter().zip(with) {
        if let Some(w) = *w {
            rw.replace_all_uses_with(r, w);
        }
    }
    erase_tree(rw, op);
}

/// [`replace_op`] with a replacement for every result.
pub(crate) fn replace_op_values(rw: &mut Rewriter<'_>, op: OpId, with: &[ValueId]) {
    let with: Vec<Option<ValueId>> = with.iter().map(|&v| Some(v)).collect();
    replace_op(rw, op, &with);
}

/// Replaces the uses of `from` by `to` without telling the listener, as
/// MLIR's `Value::replaceAllUsesWith` (called outside the rewriter) does.
pub(crate) fn replace_uses_silently(rw: &mut Rewriter<'_>, from: ValueId, to: ValueId) {
    Rewriter::new(&mut *rw.ctx).replace_all_uses_with(from, to);
}

/// MLIR's `inlineBlockBefore` of a whole single-block region before `op`,
/// replacing `op` by the values its terminator yields, then erasing the
/// terminator (`replaceOpWithRegion`). The caller has checked the shapes.
pub(crate) fn replace_op_with_block(
    rw: &mut Rewriter<'_>,
    op: OpId,
    block: BlockId,
    args: &[ValueId],
) {
    let Some(term) = rw.ctx().last_op(block) else {
        return;
    };
    rw.inline_block(block, lockstep_ir::InsertPoint::Before(op), args);
    let values = rw.ctx().operands(term).to_vec();
    replace_op_values(rw, op, &values);
    erase_tree(rw, term);
}

/// Can `block`, inlined with `n_args` arguments of types `arg_types`,
/// replace `op` (its terminator yields one value per result)?
pub(crate) fn block_fits(ctx: &Context, op: OpId, block: BlockId, arg_types: &[TypeId]) -> bool {
    let Some(term) = ctx.last_op(block) else {
        return false;
    };
    let args = ctx.block_args(block);
    args.len() == arg_types.len()
        && args
            .iter()
            .zip(arg_types)
            .all(|(&a, &t)| ctx.value_type(a) == t)
        && ctx.operands(term).len() == ctx.results(op).len()
        && ctx
            .operands(term)
            .iter()
            .all(|&v| ctx.defining_op(v) != Some(op))
}

pub(crate) static IF_PATTERNS: &[&dyn RewritePattern] = &[
    &canon_if::FoldNegatedCondition,
    &canon_if::CombineIfs,
    &canon_if::CombineNestedIfs,
    &canon_if::ConditionPropagation,
    &canon_if::ConvertTrivialIfToSelect,
    &canon_if::RemoveEmptyElseBranch,
    &canon_if::RemoveStaticCondition,
    &canon_if::ReplaceIfYieldWithConditionOrValue,
    &canon_region::IF_MAKE_DEAD,
    &canon_region::IF_DUPLICATES,
    &canon_region::IF_REMOVE_DEAD,
];

pub(crate) static FOR_PATTERNS: &[&dyn RewritePattern] = &[
    &canon_for::SimplifyTrivialLoops,
    &canon_region::FOR_MAKE_DEAD,
    &canon_region::FOR_DUPLICATES,
    &canon_region::FOR_REMOVE_DEAD,
];

pub(crate) static WHILE_PATTERNS: &[&dyn RewritePattern] = &[
    &canon_while::WhileConditionTruth,
    &canon_while::WhileCmpCond,
    &canon_while::WhileOpAlignBeforeArgs,
    &canon_while::WhileMoveIfDown,
    &canon_region::WHILE_MAKE_DEAD,
    &canon_region::WHILE_DUPLICATES,
    &canon_region::WHILE_REMOVE_DEAD,
];
