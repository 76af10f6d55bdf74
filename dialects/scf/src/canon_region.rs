//! MLIR 22's generic canonicalization of `RegionBranchOpInterface` ops
//! (`populateRegionBranchOpInterfaceCanonicalizationPatterns`), which the
//! scf ops register after their own patterns. It replaced the older
//! scf-specific folders of unused, forwarded, duplicated and loop-invariant
//! results and iter_args.
//!
//! The control flow of an op is described by its *successor operands* (the
//! values a parent op or a terminator forwards along an edge) and *successor
//! inputs* (the values that receive them: results, or region arguments):
//!
//! - `scf.if`: each `scf.yield` operand → the result at its position;
//! - `scf.for`: each init and each `scf.yield` operand → the iter_arg and
//!   the result at its position;
//! - `scf.while`: each init and each `scf.yield` operand → the before-region
//!   argument at its position; each forwarded `scf.condition` operand → the
//!   result and the after-region argument at its position.
//!
//! Patterns:
//! - [`MakeSuccessorInputsDead`]: an input that can only ever receive one
//!   value defined outside the op (or, for a region argument, another
//!   argument of the same block) is replaced by it;
//! - [`RemoveDuplicateSuccessorInputUses`]: of two inputs of the same block
//!   or op receiving the same value along every edge, the later one is
//!   replaced by the earlier;
//! - [`RemoveDeadSuccessorInputs`]: inputs that are unused, along with all
//!   the inputs tied to them (fed by one operand), are erased with their
//!   operands; erased results rebuild the op.
//!
//! MLIR walks several hash maps here; where their order shows (in which
//! order users are announced as modified), lockstep uses the order in which
//! the edges list the values.

use crate::canonicalize::{replace_op, rewrite_pattern, value_region};
use crate::ops::{ForOp, IfOp, WhileOp, single_block};
use crate::{FOR, IF, WHILE};
use lockstep_ir::{BlockId, Context, OpDef, OpId, OperationState, RegionId, Rewriter, ValueId};

/// One operand slot: (owning op, operand index).
type Slot = (OpId, usize);

/// Each successor operand slot with the successor inputs it feeds.
type SuccessorMap = Vec<(Slot, Vec<ValueId>)>;

/// The successor operand → inputs mapping of `op`, in MLIR's order of
/// region branch points (the op, then the terminators region by region) and
/// successors. `None` when the op is malformed.
fn operand_to_inputs(ctx: &Context, op: OpId) -> Option<SuccessorMap> {
    let mut out: SuccessorMap = Vec::new();
    let edge = |out: &mut SuccessorMap, owner: OpId, first: usize, inputs: &[ValueId]| {
        for (k, &v) in inputs.iter().enumerate() {
            let slot = (owner, first + k);
            match out.iter_mut().find(|(s, _)| *s == slot) {
                Some((_, list)) => list.push(v),
                None => out.push((slot, vec![v])),
            }
        }
    };
    if IfOp::from_op(ctx, op).is_some() {
        let results = ctx.results(op).to_vec();
        for &r in ctx.regions(op) {
            let Some(b) = single_block(ctx, r) else {
                if ctx.region_blocks(r).is_empty() {
                    continue;
                }
                return None;
            };
            let y = ctx.last_op(b).filter(|&y| ctx.isa(y, &crate::YIELD))?;
            if ctx.operands(y).len() != results.len() {
                return None;
            }
            edge(&mut out, y, 0, &results);
        }
        return Some(out);
    }
    if let Some(f) = ForOp::from_op(ctx, op) {
        let iter_args = f.region_iter_args(ctx).to_vec();
        let results = ctx.results(op).to_vec();
        let y = f.yield_op(ctx)?;
        let n = results.len();
        if iter_args.len() != n || f.init_args(ctx).len() != n || ctx.operands(y).len() != n {
            return None;
        }
        for (owner, first) in [(op, 3), (y, 0)] {
            edge(&mut out, owner, first, &iter_args);
            edge(&mut out, owner, first, &results);
        }
        return Some(out);
    }
    if let Some(w) = WhileOp::from_op(ctx, op) {
        let (before, after) = (w.before_block(ctx)?, w.after_block(ctx)?);
        let (c, y) = (w.condition_op(ctx)?, w.yield_op(ctx)?);
        let before_args = ctx.block_args(before).to_vec();
        let after_args = ctx.block_args(after).to_vec();
        let results = ctx.results(op).to_vec();
        if w.inits(ctx).len() != before_args.len()
            || ctx.operands(y).len() != before_args.len()
            || ctx.operands(c).len() != results.len() + 1
            || after_args.len() != results.len()
        {
            return None;
        }
        edge(&mut out, op, 0, &before_args);
        edge(&mut out, c, 1, &results);
        edge(&mut out, c, 1, &after_args);
        edge(&mut out, y, 0, &before_args);
        return Some(out);
    }
    None
}

/// The inverse mapping: each successor input and the slots feeding it, in
/// order of first appearance.
fn input_to_operands(map: &[(Slot, Vec<ValueId>)]) -> Vec<(ValueId, Vec<Slot>)> {
    let mut out: Vec<(ValueId, Vec<Slot>)> = Vec::new();
    for (slot, inputs) in map {
        for &v in inputs {
            match out.iter_mut().find(|(x, _)| *x == v) {
                Some((_, slots)) => slots.push(*slot),
                None => out.push((v, vec![*slot])),
            }
        }
    }
    out
}

fn slots_of(inv: &[(ValueId, Vec<Slot>)], v: ValueId) -> Option<&[Slot]> {
    inv.iter().find(|(x, _)| *x == v).map(|(_, s)| s.as_slice())
}

/// The values other than successor inputs that `input` may receive,
/// following the edges back through other inputs (MLIR's
/// `computeReachableValuesFromSuccessorInput`); operands are read as they
/// are now.
fn reachable_values(ctx: &Context, inv: &[(ValueId, Vec<Slot>)], input: ValueId) -> Vec<ValueId> {
    let mut reachable = Vec::new();
    let mut visited: Vec<ValueId> = Vec::new();
    let mut work = vec![input];
    while let Some(next) = work.pop() {
        let Some(slots) = slots_of(inv, next) else {
            if !reachable.contains(&next) {
                reachable.push(next);
            }
            continue;
        };
        for &(o, i) in slots {
            let v = ctx.operands(o)[i];
            if !visited.contains(&v) {
                visited.push(v);
                work.push(v);
            }
        }
    }
    reachable
}

/// Can `a`, a value `b` may receive, stand in for `b` (MLIR's
/// `isDefinedBefore`)?
fn defined_before(ctx: &Context, op: OpId, a: ValueId, b: ValueId) -> bool {
    let a_region = value_region(ctx, a);
    if a_region.and_then(|r| ctx.region_parent(r)) != Some(op) {
        return true;
    }
    if ctx.defining_op(b).is_some() {
        return false;
    }
    ctx.defining_op(a).is_none() && ctx.value_block(a) == ctx.value_block(b)
}

/// Successor inputs that can only receive one value become that value.
pub(crate) struct MakeSuccessorInputsDead(pub &'static OpDef);

rewrite_pattern!(
    MakeSuccessorInputsDead(def),
    "MakeRegionBranchOpSuccessorInputsDead",
    operand_to_inputs => make_successor_inputs_dead
);

fn make_successor_inputs_dead(op: OpId, rw: &mut Rewriter<'_>, map: SuccessorMap) -> bool {
    let inv = input_to_operands(&map);
    let mut changed = false;
    for (input, _) in &inv {
        let ctx = rw.ctx();
        if !ctx.has_uses(*input) {
            continue;
        }
        let reachable = reachable_values(ctx, &inv, *input);
        let [a] = reachable[..] else {
            continue;
        };
        if !defined_before(ctx, op, a, *input) {
            continue;
        }
        rw.replace_all_uses_with(*input, a);
        changed = true;
    }
    changed
}

/// The op (`Ok`) or block (`Err`) owning a value, and its position there.
fn owner_and_number(ctx: &Context, v: ValueId) -> (Result<OpId, Option<BlockId>>, usize) {
    match ctx.defining_op(v) {
        Some(o) => (
            Ok(o),
            ctx.results(o).iter().position(|&r| r == v).unwrap_or(0),
        ),
        None => {
            let b = ctx.value_block(v);
            let n = b
                .and_then(|b| ctx.block_args(b).iter().position(|&a| a == v))
                .unwrap_or(0);
            (Err(b), n)
        }
    }
}

/// Of two successor inputs of one block or op fed the same values along
/// every edge, uses of the later are replaced by the earlier.
pub(crate) struct RemoveDuplicateSuccessorInputUses(pub &'static OpDef);

rewrite_pattern!(
    RemoveDuplicateSuccessorInputUses(def),
    "RemoveDuplicateSuccessorInputUses",
    operand_to_inputs => remove_duplicate_successor_input_uses
);

fn remove_duplicate_successor_input_uses(
    _op: OpId,
    rw: &mut Rewriter<'_>,
    map: SuccessorMap,
) -> bool {
    let inv = input_to_operands(&map);
    let mut inputs: Vec<ValueId> = inv.iter().map(|(v, _)| *v).collect();
    inputs.sort_by_key(|&v| owner_and_number(rw.ctx(), v).1);
    let signature = |ctx: &Context, v: ValueId| {
        let mut s: Vec<(OpId, ValueId)> = slots_of(&inv, v)
            .unwrap_or(&[])
            .iter()
            .map(|&(o, i)| (o, ctx.operands(o)[i]))
            .collect();
        s.sort();
        s
    };
    let mut changed = false;
    for i in 0..inputs.len() {
        for j in i + 1..inputs.len() {
            let (a, b) = (inputs[i], inputs[j]);
            let ctx = rw.ctx();
            if !ctx.has_uses(b) {
                continue;
            }
            if owner_and_number(ctx, a).0 != owner_and_number(ctx, b).0 {
                continue;
            }
            if signature(ctx, a) == signature(ctx, b) {
                rw.replace_all_uses_with(b, a);
                changed = true;
            }
        }
    }
    changed
}

/// Erases unused successor inputs, all tied inputs of a set at once, with
/// the operands feeding them.
pub(crate) struct RemoveDeadSuccessorInputs(pub &'static OpDef);

rewrite_pattern!(
    RemoveDeadSuccessorInputs(def),
    "RemoveDeadRegionBranchOpSuccessorInputs",
    operand_to_inputs => remove_dead_successor_inputs
);

fn remove_dead_successor_inputs(op: OpId, rw: &mut Rewriter<'_>, map: SuccessorMap) -> bool {
    let ctx = rw.ctx();
    // Tied sets: inputs fed by one operand go together.
    let mut sets: Vec<Vec<ValueId>> = Vec::new();
    for (_, inputs) in &map {
        let mut merged: Vec<ValueId> = inputs.clone();
        let mut k = 0;
        while k < sets.len() {
            if sets[k].iter().any(|v| merged.contains(v)) {
                let s = sets.remove(k);
                for v in s {
                    if !merged.contains(&v) {
                        merged.push(v);
                    }
                }
            } else {
                k += 1;
            }
        }
        sets.push(merged);
    }
    let dead: Vec<ValueId> = sets
        .into_iter()
        .filter(|s| s.iter().all(|&v| !ctx.has_uses(v)))
        .flatten()
        .collect();
    if dead.is_empty() {
        return false;
    }
    // Operands to erase, grouped by owner (in order of appearance).
    let mut operands: Vec<(OpId, Vec<usize>)> = Vec::new();
    for (slot, inputs) in &map {
        if inputs.iter().any(|v| dead.contains(v)) {
            match operands.iter_mut().find(|(o, _)| *o == slot.0) {
                Some((_, idx)) => idx.push(slot.1),
                None => operands.push((slot.0, vec![slot.1])),
            }
        }
    }
    let mut block_args: Vec<(BlockId, Vec<usize>)> = Vec::new();
    let mut dead_results = vec![false; ctx.results(op).len()];
    for &v in &dead {
        match owner_and_number(ctx, v) {
            (Ok(_), n) => dead_results[n] = true,
            (Err(Some(b)), n) => match block_args.iter_mut().find(|(x, _)| *x == b) {
                Some((_, idx)) => idx.push(n),
                None => block_args.push((b, vec![n])),
            },
            (Err(None), _) => {}
        }
    }
    for (o, idx) in operands {
        let erase: Vec<bool> = (0..rw.ctx().operands(o).len())
            .map(|i| idx.contains(&i))
            .collect();
        rw.erase_operands(o, &erase);
    }
    for (b, mut idx) in block_args {
        idx.sort_unstable();
        for &i in idx.iter().rev() {
            rw.erase_block_arg(b, i);
        }
        if let Some(p) = rw.ctx().block_parent_op(b) {
            rw.notify_modified(p);
        }
    }
    if dead_results.iter().any(|&d| d) {
        erase_op_results(rw, op, &dead_results);
    }
    true
}

/// MLIR's `RewriterBase::eraseOpResults`: a new op with the same operands
/// and attributes and the kept results, created in front of `op`, takes
/// `op`'s regions and replaces it.
fn erase_op_results(rw: &mut Rewriter<'_>, op: OpId, erase: &[bool]) -> OpId {
    let ctx = rw.ctx();
    let results = ctx.results(op).to_vec();
    let types: Vec<_> = results
        .iter()
        .zip(erase)
        .filter(|(_, e)| !**e)
        .map(|(&r, _)| ctx.value_type(r))
        .collect();
    let mut st = OperationState::new(
        crate::canonicalize::op_name(ctx, ctx.def_of(op).unwrap_or(&IF)),
        ctx.loc(op),
    )
    .operands(ctx.operands(op))
    .results(&types);
    st.attrs = ctx.attrs(op).to_vec();
    let old_regions: Vec<RegionId> = ctx.regions(op).to_vec();
    let new_regions: Vec<RegionId> = old_regions.iter().map(|_| rw.new_region()).collect();
    let st = st.regions(&new_regions);
    rw.set_insertion_point_before(op);
    let new_op = rw.create(st);
    for (&from, &to) in old_regions.iter().zip(&new_regions) {
        rw.inline_region_before(from, to, 0);
    }
    let new_results = rw.ctx().results(new_op).to_vec();
    let mut k = 0;
    let with: Vec<Option<ValueId>> = erase
        .iter()
        .map(|&e| {
            if e {
                None
            } else {
                k += 1;
                Some(new_results[k - 1])
            }
        })
        .collect();
    replace_op(rw, op, &with);
    new_op
}

pub(crate) static IF_MAKE_DEAD: MakeSuccessorInputsDead = MakeSuccessorInputsDead(&IF);
pub(crate) static IF_DUPLICATES: RemoveDuplicateSuccessorInputUses =
    RemoveDuplicateSuccessorInputUses(&IF);
pub(crate) static IF_REMOVE_DEAD: RemoveDeadSuccessorInputs = RemoveDeadSuccessorInputs(&IF);
pub(crate) static FOR_MAKE_DEAD: MakeSuccessorInputsDead = MakeSuccessorInputsDead(&FOR);
pub(crate) static FOR_DUPLICATES: RemoveDuplicateSuccessorInputUses =
    RemoveDuplicateSuccessorInputUses(&FOR);
pub(crate) static FOR_REMOVE_DEAD: RemoveDeadSuccessorInputs = RemoveDeadSuccessorInputs(&FOR);
pub(crate) static WHILE_MAKE_DEAD: MakeSuccessorInputsDead = MakeSuccessorInputsDead(&WHILE);
pub(crate) static WHILE_DUPLICATES: RemoveDuplicateSuccessorInputUses =
    RemoveDuplicateSuccessorInputUses(&WHILE);
pub(crate) static WHILE_REMOVE_DEAD: RemoveDeadSuccessorInputs = RemoveDeadSuccessorInputs(&WHILE);
