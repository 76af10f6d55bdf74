//! Typed views, builders and successor-operand hooks of the `cf` ops.
//!
//! Invariants:
//! - Accessors never panic: on a malformed op they answer with empty slices
//!   or `None`, leaving the complaint to the verifier.
//! - Builders produce exactly the attributes the parser produces for the same
//!   text (segment sizes, `case_values` only when there are cases, splat
//!   `case_values` when all values are equal, as MLIR's dense attributes),
//!   so built and parsed IR print identically.

use crate::{ASSERT, BR, COND_BR, SWITCH};
use lockstep_ir::{
    AttrData, AttrId, BlockId, Context, LocId, OpDef, OpId, OpName, OperationState, Rewriter,
    TypeData, TypeId, ValueId,
};
use std::ops::Range;

pub(crate) fn op_name(ctx: &Context, def: &'static OpDef) -> OpName {
    OpName {
        sym: ctx.sym(def.name),
        def: Some(def),
    }
}

/// The `i`-th `operandSegmentSizes` group, or an empty range.
fn group(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    ctx.operand_groups(op)
        .and_then(|g| g.get(i).cloned())
        .unwrap_or(0..0)
}

pub(crate) fn br_successor_operands(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    if i == 0 {
        0..ctx.operands(op).len()
    } else {
        0..0
    }
}

pub(crate) fn cond_br_successor_operands(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    match i {
        0 => group(ctx, op, 1),
        1 => group(ctx, op, 2),
        _ => 0..0,
    }
}

/// Entries of `case_operand_segments`, if it is a dense i32 array.
pub(crate) fn case_operand_segments(ctx: &Context, op: OpId) -> Option<&[i64]> {
    match ctx.attr_data(ctx.attr_of(op, "case_operand_segments")?) {
        AttrData::DenseArray { values, .. } => Some(values),
        _ => None,
    }
}

pub(crate) fn switch_successor_operands(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    if i == 0 {
        return group(ctx, op, 1);
    }
    let cases = group(ctx, op, 2);
    let Some(segs) = case_operand_segments(ctx, op) else {
        return 0..0;
    };
    let k = i - 1;
    if k >= segs.len() || segs[..=k].iter().any(|&s| s < 0) {
        return 0..0;
    }
    let start = cases.start + segs[..k].iter().sum::<i64>() as usize;
    let end = start + segs[k] as usize;
    if end > cases.end { 0..0 } else { start..end }
}

/// The values of a dense integer elements attribute, a splat expanded to
/// the attribute's shape.
pub(crate) fn dense_int_values(ctx: &Context, a: AttrId) -> Option<Vec<i64>> {
    let AttrData::DenseElements { ty, values, splat } = ctx.attr_data(a) else {
        return None;
    };
    let ints: Option<Vec<i64>> = values.iter().map(|&v| ctx.attr_data(v).as_int()).collect();
    let ints = ints?;
    if *splat && ints.len() == 1 {
        let n = match ctx.type_data(*ty) {
            TypeData::Vector { shape, .. } => shape.iter().product::<u64>() as usize,
            TypeData::Tensor { shape, .. } => {
                shape.iter().map(|d| d.unwrap_or(0)).product::<u64>() as usize
            }
            _ => 1,
        };
        return Some(vec![ints[0]; n]);
    }
    Some(ints)
}

/// A `cf.br`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct BrOp(pub OpId);

impl BrOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<BrOp> {
        ctx.isa(op, &BR).then_some(BrOp(op))
    }
    pub fn dest(self, ctx: &Context) -> Option<BlockId> {
        ctx.successors(self.0).first().copied()
    }
    pub fn dest_operands(self, ctx: &Context) -> &[ValueId] {
        ctx.successor_operands(self.0, 0)
    }
}

/// A `cf.cond_br`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct CondBrOp(pub OpId);

impl CondBrOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<CondBrOp> {
        ctx.isa(op, &COND_BR).then_some(CondBrOp(op))
    }
    pub fn condition(self, ctx: &Context) -> Option<ValueId> {
        ctx.operands(self.0).first().copied()
    }
    pub fn true_dest(self, ctx: &Context) -> Option<BlockId> {
        ctx.successors(self.0).first().copied()
    }
    pub fn false_dest(self, ctx: &Context) -> Option<BlockId> {
        ctx.successors(self.0).get(1).copied()
    }
    pub fn true_operands(self, ctx: &Context) -> &[ValueId] {
        ctx.successor_operands(self.0, 0)
    }
    pub fn false_operands(self, ctx: &Context) -> &[ValueId] {
        ctx.successor_operands(self.0, 1)
    }
    /// `branch_weights` as (true, false), if set.
    pub fn weights(self, ctx: &Context) -> Option<(i64, i64)> {
        match ctx.attr_data(ctx.attr_of(self.0, "branch_weights")?) {
            AttrData::DenseArray { values, .. } if values.len() == 2 => {
                Some((values[0], values[1]))
            }
            _ => None,
        }
    }
}

/// A `cf.switch`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SwitchOp(pub OpId);

impl SwitchOp {
    pub fn from_op(ctx: &Context, op: OpId) -> Option<SwitchOp> {
        ctx.isa(op, &SWITCH).then_some(SwitchOp(op))
    }
    pub fn flag(self, ctx: &Context) -> Option<ValueId> {
        ctx.operands(self.0).first().copied()
    }
    pub fn default_dest(self, ctx: &Context) -> Option<BlockId> {
        ctx.successors(self.0).first().copied()
    }
    pub fn default_operands(self, ctx: &Context) -> &[ValueId] {
        ctx.successor_operands(self.0, 0)
    }
    /// The case values, sign-extended from the flag's width (empty when
    /// there are none or the attribute is malformed).
    pub fn case_values(self, ctx: &Context) -> Vec<i64> {
        ctx.attr_of(self.0, "case_values")
            .and_then(|a| dense_int_values(ctx, a))
            .unwrap_or_default()
    }
    pub fn num_cases(self, ctx: &Context) -> usize {
        ctx.successors(self.0).len().saturating_sub(1)
    }
    pub fn case_dest(self, ctx: &Context, k: usize) -> Option<BlockId> {
        ctx.successors(self.0).get(k + 1).copied()
    }
    pub fn case_operands(self, ctx: &Context, k: usize) -> &[ValueId] {
        ctx.successor_operands(self.0, k + 1)
    }
}

// ----- builders -----

/// Creates `cf.br ^dest(operands)`.
pub fn build_br(rw: &mut Rewriter<'_>, dest: BlockId, operands: &[ValueId], loc: LocId) -> OpId {
    let st = OperationState::new(op_name(rw.ctx(), &BR), loc)
        .operands(operands)
        .successors(&[dest]);
    rw.create(st)
}

/// Creates `cf.cond_br %cond, ^t(t_ops), ^f(f_ops)`.
pub fn build_cond_br(
    rw: &mut Rewriter<'_>,
    cond: ValueId,
    t: BlockId,
    t_ops: &[ValueId],
    f: BlockId,
    f_ops: &[ValueId],
    loc: LocId,
) -> OpId {
    build_cond_br_weighted(rw, cond, (t, t_ops), (f, f_ops), None, loc)
}

/// Creates `cf.cond_br %cond weights(...), ^t(t_ops), ^f(f_ops)`, with the
/// `branch_weights` attribute `weights` if given.
pub(crate) fn build_cond_br_weighted(
    rw: &mut Rewriter<'_>,
    cond: ValueId,
    (t, t_ops): (BlockId, &[ValueId]),
    (f, f_ops): (BlockId, &[ValueId]),
    weights: Option<AttrId>,
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let mut st = OperationState::new(op_name(ctx, &COND_BR), loc)
        .operands(&[cond])
        .operands(t_ops)
        .operands(f_ops)
        .successors(&[t, f]);
    st.add_attr(
        ctx.sym("operandSegmentSizes"),
        ctx.dense_i32_array(&[1, t_ops.len() as i64, f_ops.len() as i64]),
    );
    if let Some(w) = weights {
        st.add_attr(ctx.sym("branch_weights"), w);
    }
    rw.create(st)
}

/// The `case_values` attribute MLIR builds for `values` of type `flag_ty`:
/// none without cases, a splat when all values are equal.
pub(crate) fn case_values_attr(ctx: &Context, flag_ty: TypeId, values: &[i64]) -> Option<AttrId> {
    let first = *values.first()?;
    let ty = ctx.ty(TypeData::Vector {
        shape: vec![values.len() as u64].into(),
        elem: flag_ty,
    });
    let splat = values.iter().all(|&v| v == first);
    let elems: Vec<AttrId> = if splat {
        vec![ctx.int_attr(first, flag_ty)]
    } else {
        values.iter().map(|&v| ctx.int_attr(v, flag_ty)).collect()
    };
    Some(ctx.attr(AttrData::DenseElements {
        ty,
        values: elems.into(),
        splat,
    }))
}

/// Creates `cf.switch %flag` with a default destination and `(value, dest,
/// operands)` cases.
pub fn build_switch(
    rw: &mut Rewriter<'_>,
    flag: ValueId,
    default: BlockId,
    default_ops: &[ValueId],
    cases: &[(i64, BlockId, &[ValueId])],
    loc: LocId,
) -> OpId {
    let ctx = rw.ctx();
    let flag_ty = ctx.value_type(flag);
    let mut st = OperationState::new(op_name(ctx, &SWITCH), loc)
        .operands(&[flag])
        .operands(default_ops)
        .successors(&[default]);
    let mut case_total = 0i64;
    let mut segs = Vec::with_capacity(cases.len());
    for &(_, dest, ops) in cases {
        st = st.operands(ops).successors(&[dest]);
        segs.push(ops.len() as i64);
        case_total += ops.len() as i64;
    }
    let values: Vec<i64> = cases.iter().map(|c| c.0).collect();
    if let Some(a) = case_values_attr(ctx, flag_ty, &values) {
        st.add_attr(ctx.sym("case_values"), a);
    }
    st.add_attr(ctx.sym("case_operand_segments"), ctx.dense_i32_array(&segs));
    st.add_attr(
        ctx.sym("operandSegmentSizes"),
        ctx.dense_i32_array(&[1, default_ops.len() as i64, case_total]),
    );
    rw.create(st)
}

/// Creates `cf.assert %cond, "msg"`.
pub fn build_assert(rw: &mut Rewriter<'_>, cond: ValueId, msg: &str, loc: LocId) -> OpId {
    let ctx = rw.ctx();
    let mut st = OperationState::new(op_name(ctx, &ASSERT), loc).operands(&[cond]);
    st.add_attr(ctx.sym("msg"), ctx.str_attr(msg));
    rw.create(st)
}
