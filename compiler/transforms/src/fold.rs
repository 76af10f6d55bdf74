//! Folding one op: constant values of constant-like ops, the `fold` hook of
//! an op definition plus the generic trait folds, and materializing folded
//! attributes as constant ops through the dialect's hook.
//!
//! Invariants:
//! - [`constant_value`] is `Some` only for a registered `CONSTANT_LIKE` op
//!   with one result; it is the attribute that op produces.
//! - [`try_fold`] never mutates IR: it reports what folding would do. An
//!   in-place fold (moving constant operands of a commutative op to the end)
//!   is returned as new operands, which the caller applies through its
//!   `Rewriter` so that listeners see the change.
//! - A fold that replaces results yields exactly one [`FoldValue`] per
//!   result; a fold hook that returns the op's own result means "no change".

use lockstep_ir::opdef::FoldValue;
use lockstep_ir::{AttrId, Context, Dialect, LocId, OpId, Rewriter, Traits, TypeId, ValueId};
use smallvec::SmallVec;

/// The attribute a constant-like op produces.
pub fn constant_value(ctx: &Context, op: OpId) -> Option<AttrId> {
    let def = ctx.def_of(op)?;
    if !def.has(Traits::CONSTANT_LIKE) || ctx.results(op).len() != 1 {
        return None;
    }
    if let Some(fold) = def.fold
        && let Some(v) = fold(ctx, op, &[])
        && let [FoldValue::Attr(a)] = v.as_slice()
    {
        return Some(*a);
    }
    ctx.attr_of(op, "value")
}

/// The constant a value holds, if it is the result of a constant-like op.
pub fn value_constant(ctx: &Context, v: ValueId) -> Option<AttrId> {
    constant_value(ctx, ctx.defining_op(v)?)
}

/// The constant value of each operand of `op` (MLIR's `m_Constant` per operand).
pub fn operand_constants(ctx: &Context, op: OpId) -> SmallVec<[Option<AttrId>; 4]> {
    ctx.operands(op)
        .iter()
        .map(|&v| value_constant(ctx, v))
        .collect()
}

/// What folding an op produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FoldOutcome {
    /// The results are replaced: one entry per result.
    Replace(Vec<FoldValue>),
    /// The op is rewritten in place with these operands (trait folds).
    NewOperands(SmallVec<[ValueId; 4]>),
}

/// Tries to fold `op`: first its definition's `fold` hook, then, if that
/// failed, the generic folds of its traits (MLIR's `foldHook` + `foldTraits`).
pub fn try_fold(ctx: &Context, op: OpId) -> Option<FoldOutcome> {
    let def = ctx.def_of(op)?;
    let consts = operand_constants(ctx, op);
    if let Some(fold) = def.fold
        && let Some(vals) = fold(ctx, op, &consts)
    {
        let results = ctx.results(op);
        let in_place = vals.len() == results.len()
            && vals
                .iter()
                .zip(results)
                .all(|(v, &r)| *v == FoldValue::Value(r));
        if !in_place {
            debug_assert_eq!(
                vals.len(),
                results.len(),
                "fold of {} produced a wrong number of results",
                def.name
            );
            if vals.len() == results.len() {
                return Some(FoldOutcome::Replace(vals));
            }
            return None;
        }
    }
    if def.has(Traits::COMMUTATIVE) {
        return fold_commutative(ctx, op, &consts).map(FoldOutcome::NewOperands);
    }
    None
}

/// Commutative ops keep their constant operands last, in their original
/// relative order (a stable partition, as MLIR's `foldCommutative`), so that
/// patterns only need to look for a constant on the right.
fn fold_commutative(
    ctx: &Context,
    op: OpId,
    consts: &[Option<AttrId>],
) -> Option<SmallVec<[ValueId; 4]>> {
    let operands = ctx.operands(op);
    if operands.len() < 2 {
        return None;
    }
    let first_const = consts.iter().position(Option::is_some)?;
    let tail = first_const..operands.len();
    if consts[tail.clone()].iter().all(Option::is_some) {
        return None;
    }
    let mut out: SmallVec<[ValueId; 4]> = operands[..first_const].iter().copied().collect();
    out.extend(
        tail.clone()
            .filter(|&i| consts[i].is_none())
            .map(|i| operands[i]),
    );
    out.extend(tail.filter(|&i| consts[i].is_some()).map(|i| operands[i]));
    Some(out)
}

/// The dialect that owns a registered op.
pub fn dialect_of(ctx: &Context, op: OpId) -> Option<&'static Dialect> {
    ctx.registry().dialect(ctx.def_of(op)?.dialect())
}

/// Builds a constant op of `dialect` at the rewriter's insertion point.
/// Returns `None` when the dialect cannot materialize this attribute; the
/// result is checked to be a constant-like op of the requested type.
pub fn materialize_constant(
    rw: &mut Rewriter<'_>,
    dialect: &'static Dialect,
    value: AttrId,
    ty: TypeId,
    loc: LocId,
) -> Option<OpId> {
    let op = (dialect.materialize_constant?)(rw, value, ty, loc)?;
    debug_assert!(
        rw.ctx.has_trait(op, Traits::CONSTANT_LIKE),
        "materialize_constant built a non-constant op"
    );
    debug_assert_eq!(
        rw.ctx.value_type(rw.ctx.result(op, 0)),
        ty,
        "materialize_constant built a wrong type"
    );
    Some(op)
}
