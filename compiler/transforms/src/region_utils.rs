//! CFG utilities over regions: block orders, editing the operands a branch
//! forwards to a successor, erasing unreachable blocks, and liveness-based
//! dead code elimination (MLIR's `eraseUnreachableBlocks` and `runRegionDCE`,
//! which together make up the `normal` region simplification of the greedy
//! driver).
//!
//! Invariants:
//! - Every mutation goes through the caller's `Rewriter`, so listeners see it.
//! - Successor operands are edited only through [`set_successor_operands`],
//!   which checks afterwards, through the op's own `successor_operands` hook
//!   and its operand groups, that exactly the intended successor's operands
//!   changed, and restores the op otherwise (listeners hear only of a kept
//!   edit). A branch whose operand layout it cannot edit is treated as
//!   opaque: its successors' arguments stay live.
//! - Blocks are erased only once nothing outside the erased set refers to
//!   them or to the values they define.
//! - Entry-block arguments are never erased (they are the region's contract
//!   with its parent op).

use lockstep_ir::attrs::AttrData;
use lockstep_ir::{AttrId, BlockId, Context, OpId, RegionId, Rewriter, Traits, ValueDef, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::ops::Range;

/// Blocks of `region` reachable from its entry, in DFS post-order (successors
/// in successor order, each block once), like LLVM's `post_order`.
pub use lockstep_ir::dominance::block_post_order as post_order;

/// Blocks reachable from the entry of `region` (depth-first order).
pub fn reachable_blocks(ctx: &Context, region: RegionId) -> FxHashSet<BlockId> {
    let mut seen = FxHashSet::default();
    let Some(entry) = ctx.entry_block(region) else {
        return seen;
    };
    let mut stack = vec![entry];
    seen.insert(entry);
    while let Some(b) = stack.pop() {
        for &s in ctx.succ_blocks(b) {
            if seen.insert(s) {
                stack.push(s);
            }
        }
    }
    seen
}

/// The range of `op`'s operands forwarded to successor `i`, if the op
/// declares how it forwards operands.
pub fn successor_operand_range(ctx: &Context, op: OpId, i: usize) -> Option<Range<usize>> {
    let f = ctx.def_of(op)?.successor_operands?;
    let r = f(ctx, op, i);
    (r.start <= r.end && r.end <= ctx.operands(op).len()).then_some(r)
}

/// Does `op` declare how it forwards operands to its successors (MLIR's
/// `BranchOpInterface`)?
pub fn is_branch_like(ctx: &Context, op: OpId) -> bool {
    ctx.def_of(op)
        .is_some_and(|d| d.successor_operands.is_some())
}

fn snapshot_successor_operands(ctx: &Context, op: OpId) -> Option<Vec<SmallVec<[ValueId; 4]>>> {
    (0..ctx.successors(op).len())
        .map(|i| {
            successor_operand_range(ctx, op, i)
                .map(|r| ctx.operands(op)[r].iter().copied().collect())
        })
        .collect()
}

fn successor_ranges(ctx: &Context, op: OpId) -> Option<Vec<Range<usize>>> {
    (0..ctx.successors(op).len())
        .map(|i| successor_operand_range(ctx, op, i))
        .collect()
}

/// Integer dense-array attributes of `op` that may size operand groups:
/// `operandSegmentSizes` and per-successor segment lists such as
/// `cf.switch`'s `case_operand_segments`.
fn segment_attrs(ctx: &Context, op: OpId) -> Vec<(String, Box<[i64]>)> {
    ctx.attrs(op)
        .iter()
        .filter_map(|&(k, a)| match ctx.attr_data(a) {
            AttrData::DenseArray { values, .. } => Some((ctx.str(k).to_string(), values.clone())),
            _ => None,
        })
        .collect()
}

/// Replaces the operands `op` forwards to successor `succ` with `vals`.
///
/// Works for any branch whose `successor_operands` hook reads its layout
/// from the operand count and from integer dense-array attributes
/// (`operandSegmentSizes`, per-case segment lists): candidate layouts are
/// tried and each is checked against the hook; the op is left unchanged and
/// `false` returned if none gives exactly the intended forwarding.
pub fn set_successor_operands(
    rw: &mut Rewriter<'_>,
    op: OpId,
    succ: usize,
    vals: &[ValueId],
) -> bool {
    let ctx = &*rw.ctx;
    let Some(range) = successor_operand_range(ctx, op, succ) else {
        return false;
    };
    let Some(mut expected) = snapshot_successor_operands(ctx, op) else {
        return false;
    };
    if expected[succ].as_slice() == vals {
        return true;
    }
    expected[succ] = vals.iter().copied().collect();
    let delta = vals.len() as i64 - range.len() as i64;
    // Where each successor's operands must sit afterwards: a hook that
    // answers an empty range for a layout it cannot read (such as
    // `cf.switch` with stale `case_operand_segments`) may give the intended
    // values at the wrong place, and such a layout is not the right one.
    let Some(mut expected_ranges) = successor_ranges(ctx, op) else {
        return false;
    };
    for (j, r) in expected_ranges.iter_mut().enumerate() {
        if j == succ {
            *r = range.start..range.start + vals.len();
        } else if r.start > range.start || (r.start == range.start && j > succ) {
            let shift = |x: usize| (x as i64 + delta) as usize;
            *r = shift(r.start)..shift(r.end);
        }
    }
    let old_operands: SmallVec<[ValueId; 4]> = ctx.operands(op).iter().copied().collect();
    let mut new_operands: SmallVec<[ValueId; 4]> =
        old_operands[..range.start].iter().copied().collect();
    new_operands.extend_from_slice(vals);
    new_operands.extend_from_slice(&old_operands[range.end..]);
    let seg_attrs = segment_attrs(ctx, op);
    let elem = ctx.common.i32;
    let array = |values: &[i64]| {
        ctx.attr(AttrData::DenseArray {
            elem,
            values: values.into(),
        })
    };

    // Candidate layouts, most likely first. With `operandSegmentSizes`:
    // the entry whose segment holds the range is adjusted by `delta`, alone
    // or together with one entry of another integer array whose entries
    // sum to that segment's size (a per-successor split of it, such as
    // `case_operand_segments`). Without it: the operand list alone.
    let mut plans: Vec<Vec<(String, AttrId, AttrId)>> = Vec::new();
    if ctx.has_trait(op, Traits::ATTR_SIZED_OPERAND_SEGMENTS) {
        let Some(oss) = seg_attrs
            .iter()
            .position(|(k, _)| k == "operandSegmentSizes")
        else {
            return false;
        };
        let sizes = &seg_attrs[oss].1;
        let mut start = 0i64;
        for (s, &n) in sizes.iter().enumerate() {
            let seg = start..start + n;
            start += n;
            if !(seg.start <= range.start as i64 && range.end as i64 <= seg.end) || n + delta < 0 {
                continue;
            }
            let mut nv = sizes.to_vec();
            nv[s] += delta;
            let oss_edit = (
                "operandSegmentSizes".to_string(),
                ctx.attr_of(op, "operandSegmentSizes").expect("present"),
                array(&nv),
            );
            plans.push(vec![oss_edit.clone()]);
            for (ai, (k, values)) in seg_attrs.iter().enumerate() {
                if ai == oss || values.iter().sum::<i64>() != n {
                    continue;
                }
                for (ei, &m) in values.iter().enumerate() {
                    if m + delta >= 0 {
                        let mut nv = values.to_vec();
                        nv[ei] += delta;
                        let old = ctx.attr_of(op, k).expect("segment attribute present");
                        plans.push(vec![oss_edit.clone(), (k.clone(), old, array(&nv))]);
                    }
                }
            }
        }
    } else {
        plans.push(Vec::new());
    }
    // Trials go through a rewriter without listener: a failed one is undone
    // exactly, and listeners only hear of the edit that is kept (a driver
    // requeueing the op on every trial would never get done with it).
    for plan in plans {
        let mut trial = Rewriter::new(&mut *rw.ctx);
        trial.set_operands(op, &new_operands);
        for (k, _, new) in &plan {
            trial.set_attr(op, k, *new);
        }
        if trial.ctx.operand_groups(op).is_some()
            && snapshot_successor_operands(trial.ctx, op).as_ref() == Some(&expected)
            && successor_ranges(trial.ctx, op).as_ref() == Some(&expected_ranges)
        {
            rw.notify_modified(op);
            return true;
        }
        trial.set_operands(op, &old_operands);
        for (k, old, _) in &plan {
            trial.set_attr(op, k, *old);
        }
    }
    false
}

/// Removes the `idx`-th operand forwarded to successor `succ`.
pub fn erase_successor_operand(rw: &mut Rewriter<'_>, op: OpId, succ: usize, idx: usize) -> bool {
    let Some(r) = successor_operand_range(rw.ctx, op, succ) else {
        return false;
    };
    let mut vals: SmallVec<[ValueId; 4]> = rw.ctx.operands(op)[r].iter().copied().collect();
    if idx >= vals.len() {
        return false;
    }
    vals.remove(idx);
    set_successor_operands(rw, op, succ, &vals)
}

/// The block of `region`-level ancestry holding `b`: `b` itself if it is in
/// `region`, else the block of the nearest ancestor op that is.
fn ancestor_block_in(ctx: &Context, mut b: BlockId, region: RegionId) -> Option<BlockId> {
    loop {
        if ctx.block_parent(b) == Some(region) {
            return Some(b);
        }
        let op = ctx.block_parent_op(b)?;
        b = ctx.parent_block(op)?;
    }
}

/// Erases a set of blocks of one region, which may branch to each other and
/// use each other's values (as unreachable code may), but which nothing
/// outside the set references. Cross references inside the set are cut
/// first, so that blocks can then be erased one by one.
pub fn erase_blocks(rw: &mut Rewriter<'_>, region: RegionId, dead: &[BlockId]) {
    let set: FxHashSet<BlockId> = dead.iter().copied().collect();
    for &b in dead {
        let ops: Vec<OpId> = rw.ctx.block_ops(b).collect();
        for top in ops {
            for o in rw.ctx.collect_pre(top) {
                let crosses = rw.ctx.operands(o).iter().any(|&v| {
                    rw.ctx
                        .value_block(v)
                        .and_then(|vb| ancestor_block_in(rw.ctx, vb, region))
                        .is_some_and(|vb| vb != b)
                });
                if crosses {
                    rw.set_operands(o, &[]);
                }
            }
        }
        if let Some(t) = rw.ctx.last_op(b) {
            for (i, s) in rw.ctx.successors(t).to_vec().into_iter().enumerate() {
                if s != b && set.contains(&s) {
                    rw.set_successor(t, i, b);
                }
            }
        }
    }
    for &b in dead {
        rw.erase_block(b);
    }
}

/// Is any value defined in (or nested in) `b` used outside the block set?
fn has_outside_uses(ctx: &Context, b: BlockId, region: RegionId, set: &FxHashSet<BlockId>) -> bool {
    let outside = |v: ValueId| {
        ctx.uses(v).iter().any(|u| {
            ctx.parent_block(u.op)
                .and_then(|ub| ancestor_block_in(ctx, ub, region))
                .is_none_or(|ub| !set.contains(&ub))
        })
    };
    if ctx.block_args(b).iter().any(|&a| outside(a)) {
        return true;
    }
    ctx.block_ops(b).any(|top| {
        let mut found = false;
        ctx.walk_pre(top, &mut |o| {
            found = found || ctx.results(o).iter().any(|&r| outside(r))
        });
        found
    })
}

/// Erases the blocks of `regions` (and of every region nested in them) that
/// are unreachable from their region's entry. Returns whether any was erased.
pub fn erase_unreachable_blocks(rw: &mut Rewriter<'_>, regions: &[RegionId]) -> bool {
    let mut erased = false;
    let mut worklist: Vec<RegionId> = regions.to_vec();
    while let Some(region) = worklist.pop() {
        let blocks = rw.ctx.region_blocks(region).to_vec();
        if blocks.is_empty() {
            continue;
        }
        if blocks.len() > 1 {
            let reachable = reachable_blocks(rw.ctx, region);
            let mut dead: Vec<BlockId> = blocks
                .iter()
                .copied()
                .filter(|b| !reachable.contains(b))
                .collect();
            // Keep dead blocks whose values are used from outside the dead
            // set (only possible in graph regions), and everything they
            // branch to, so that no erased entity stays referenced.
            loop {
                let set: FxHashSet<BlockId> = dead.iter().copied().collect();
                let mut keep: FxHashSet<BlockId> = dead
                    .iter()
                    .copied()
                    .filter(|&b| has_outside_uses(rw.ctx, b, region, &set))
                    .collect();
                if keep.is_empty() {
                    break;
                }
                let mut stack: Vec<BlockId> = keep.iter().copied().collect();
                while let Some(b) = stack.pop() {
                    for &s in rw.ctx.succ_blocks(b) {
                        if set.contains(&s) && keep.insert(s) {
                            stack.push(s);
                        }
                    }
                }
                dead.retain(|b| !keep.contains(b));
            }
            if !dead.is_empty() {
                erase_blocks(rw, region, &dead);
                erased = true;
            }
        }
        for &b in rw.ctx.region_blocks(region) {
            for op in rw.ctx.block_ops(b) {
                worklist.extend_from_slice(rw.ctx.regions(op));
            }
        }
    }
    erased
}

// ----- liveness-based region DCE -----

/// Values and ops proven live; grows monotonically until a fixed point.
#[derive(Default)]
struct LiveMap {
    values: FxHashSet<ValueId>,
    ops: FxHashSet<OpId>,
    /// Blocks whose incoming operands could not be edited: all their
    /// arguments are live.
    opaque: FxHashSet<BlockId>,
    /// Treat every block argument as live (no argument elimination).
    keep_args: bool,
    changed: bool,
}

impl LiveMap {
    fn value_live(&self, v: ValueId) -> bool {
        self.values.contains(&v)
    }
    fn op_live(&self, op: OpId) -> bool {
        self.ops.contains(&op)
    }
    fn set_value_live(&mut self, v: ValueId) {
        self.changed |= self.values.insert(v);
    }
    fn set_op_live(&mut self, op: OpId) {
        self.changed |= self.ops.insert(op);
    }
}

/// Which block argument does operand `index` of branch `op` feed?
fn successor_block_argument(ctx: &Context, op: OpId, index: usize) -> Option<ValueId> {
    for (i, &s) in ctx.successors(op).iter().enumerate() {
        let r = successor_operand_range(ctx, op, i)?;
        if r.contains(&index) {
            return ctx.block_args(s).get(index - r.start).copied();
        }
    }
    None
}

/// Branches whose forwarded operands the DCE reasons about one by one:
/// those declaring their forwarding, with forwarded operands lining up
/// with each successor's arguments.
fn reasonable_branch(ctx: &Context, op: OpId) -> bool {
    ctx.has_trait(op, Traits::TERMINATOR)
        && is_branch_like(ctx, op)
        && ctx.successors(op).iter().enumerate().all(|(i, &s)| {
            successor_operand_range(ctx, op, i).is_some_and(|r| r.len() == ctx.block_args(s).len())
        })
}

fn process_value(ctx: &Context, v: ValueId, live: &mut LiveMap) {
    let proved = ctx.uses(v).iter().any(|u| {
        // An operand forwarded to a successor is a use by that successor's
        // argument (a phi), not by the branch itself.
        if reasonable_branch(ctx, u.op)
            && let Some(arg) = successor_block_argument(ctx, u.op, u.index as usize)
        {
            return live.value_live(arg);
        }
        live.op_live(u.op)
    });
    if proved {
        live.set_value_live(v);
    }
}

fn propagate_terminator_liveness(ctx: &Context, op: OpId, live: &mut LiveMap) {
    live.set_op_live(op);
    let reasonable = reasonable_branch(ctx, op);
    for &s in ctx.successors(op) {
        if !reasonable || live.keep_args || live.opaque.contains(&s) {
            for &a in ctx.block_args(s) {
                live.set_value_live(a);
            }
        }
    }
}

fn propagate_op_liveness(ctx: &Context, op: OpId, live: &mut LiveMap) {
    for &r in ctx.regions(op) {
        propagate_region_liveness(ctx, r, live);
    }
    if ctx.has_trait(op, Traits::TERMINATOR) {
        return propagate_terminator_liveness(ctx, op, live);
    }
    if live.op_live(op) {
        return;
    }
    if !crate::effects::would_op_be_trivially_dead(ctx, op) {
        // Unregistered ops land here too: kept, with everything they use,
        // including the arguments of any successor they branch to.
        live.set_op_live(op);
        for &s in ctx.successors(op) {
            for &a in ctx.block_args(s) {
                live.set_value_live(a);
            }
        }
        return;
    }
    for &r in ctx.results(op) {
        process_value(ctx, r, live);
    }
    if ctx.results(op).iter().any(|&r| live.value_live(r)) {
        live.set_op_live(op);
    }
}

fn propagate_region_liveness(ctx: &Context, region: RegionId, live: &mut LiveMap) {
    let Some(entry) = ctx.entry_block(region) else {
        return;
    };
    for b in post_order(ctx, region) {
        // Uses before defs: ops bottom-up, then the block's arguments.
        let mut cur = ctx.last_op(b);
        while let Some(op) = cur {
            propagate_op_liveness(ctx, op, live);
            cur = ctx.prev_op(op);
        }
        if b == entry {
            continue;
        }
        for &a in ctx.block_args(b) {
            if !live.value_live(a) {
                process_value(ctx, a, live);
            }
        }
    }
}

/// Every region in `regions` and nested in them, parents first.
fn all_regions(ctx: &Context, regions: &[RegionId]) -> Vec<RegionId> {
    let mut out = Vec::new();
    let mut stack: Vec<RegionId> = regions.iter().rev().copied().collect();
    while let Some(r) = stack.pop() {
        out.push(r);
        for &b in ctx.region_blocks(r) {
            for op in ctx.block_ops(b) {
                stack.extend(ctx.regions(op).iter().rev());
            }
        }
    }
    out
}

/// One edit of the operands a branch forwards to a successor, with the
/// operands it had before.
type SuccessorEdit = (OpId, usize, SmallVec<[ValueId; 4]>);

/// Drops the operands forwarded to dead arguments of reachable non-entry
/// blocks. Returns the edits made, or, if some predecessor of a block cannot
/// be edited, undoes every edit and returns that block as `Err`, to be
/// treated as opaque in a new liveness run (liveness only grows, so edits
/// made under the old one could be wrong).
fn drop_dead_successor_operands(
    rw: &mut Rewriter<'_>,
    regions: &[RegionId],
    live: &LiveMap,
) -> Result<Vec<SuccessorEdit>, BlockId> {
    let mut done: Vec<SuccessorEdit> = Vec::new();
    let mut failed = None;
    'regions: for region in all_regions(rw.ctx, regions) {
        let Some(entry) = rw.ctx.entry_block(region) else {
            continue;
        };
        for b in post_order(rw.ctx, region) {
            if b == entry || live.keep_args || live.opaque.contains(&b) {
                continue;
            }
            let nargs = rw.ctx.block_args(b).len();
            let dead: SmallVec<[usize; 4]> = (0..nargs)
                .filter(|&i| !live.value_live(rw.ctx.block_args(b)[i]))
                .collect();
            if dead.is_empty() {
                continue;
            }
            let preds: Vec<lockstep_ir::Use> = rw.ctx.block_preds(b).to_vec();
            for u in preds {
                let (t, si) = (u.op, u.index as usize);
                let old: Option<SmallVec<[ValueId; 4]>> = successor_operand_range(rw.ctx, t, si)
                    .map(|r| rw.ctx.operands(t)[r].iter().copied().collect())
                    .filter(|o: &SmallVec<[ValueId; 4]>| o.len() == nargs);
                let Some(old) = old else {
                    failed = Some(b);
                    break 'regions;
                };
                let new: SmallVec<[ValueId; 4]> = old
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !dead.contains(i))
                    .map(|(_, &v)| v)
                    .collect();
                if !set_successor_operands(rw, t, si, &new) {
                    failed = Some(b);
                    break 'regions;
                }
                done.push((t, si, old));
            }
        }
    }
    match failed {
        None => Ok(done),
        Some(b) => {
            for (t, si, old) in done.into_iter().rev() {
                let restored = set_successor_operands(rw, t, si, &old);
                debug_assert!(restored, "could not restore successor operands");
            }
            Err(b)
        }
    }
}

/// Erases `op`, first cutting uses of its results by other dead ops (as in
/// graph regions, where dead ops may use each other cyclically).
fn erase_dead_op(rw: &mut Rewriter<'_>, op: OpId) {
    let users: Vec<OpId> = rw
        .ctx
        .results(op)
        .iter()
        .flat_map(|&r| rw.ctx.uses(r).iter().map(|u| u.op))
        .collect();
    for u in users {
        if rw.ctx.is_live_op(u) && !rw.ctx.operands(u).is_empty() {
            rw.set_operands(u, &[]);
        }
    }
    rw.erase_op(op);
}

/// What a region DCE erased.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct RegionDceStats {
    /// Ops erased (not counting the ops nested in them).
    pub ops: usize,
    /// Block arguments erased.
    pub args: usize,
}

impl RegionDceStats {
    pub fn changed(&self) -> bool {
        self.ops + self.args > 0
    }
}

fn delete_deadness(
    rw: &mut Rewriter<'_>,
    regions: &[RegionId],
    live: &LiveMap,
    stats: &mut RegionDceStats,
) {
    for &region in regions {
        let Some(entry) = rw.ctx.entry_block(region) else {
            continue;
        };
        for b in post_order(rw.ctx, region) {
            let mut cur = rw.ctx.last_op(b);
            while let Some(op) = cur {
                cur = rw.ctx.prev_op(op);
                if !live.op_live(op) {
                    stats.ops += 1;
                    erase_dead_op(rw, op);
                } else {
                    let nested = rw.ctx.regions(op).to_vec();
                    delete_deadness(rw, &nested, live, stats);
                }
            }
        }
        for b in post_order(rw.ctx, region) {
            if b == entry || live.keep_args || live.opaque.contains(&b) {
                continue;
            }
            for i in (0..rw.ctx.block_args(b).len()).rev() {
                let a = rw.ctx.block_args(b)[i];
                if !live.value_live(a) && !rw.ctx.has_uses(a) {
                    rw.erase_block_arg(b, i);
                    stats.args += 1;
                }
            }
        }
    }
}

/// Liveness-based dead code elimination over `regions` and everything
/// nested: erases ops that would be trivially dead and whose results only
/// feed dead code (including dead cycles through block arguments), and the
/// dead arguments of reachable non-entry blocks together with the operands
/// forwarded to them. Returns whether anything changed.
pub fn run_region_dce(rw: &mut Rewriter<'_>, regions: &[RegionId]) -> bool {
    let (stats, edited) = region_dce(rw, regions, true);
    stats.changed() || edited
}

/// [`run_region_dce`] with a choice to keep every block argument, and
/// counts of what was erased (plus whether branch operands were dropped).
pub fn region_dce(
    rw: &mut Rewriter<'_>,
    regions: &[RegionId],
    erase_args: bool,
) -> (RegionDceStats, bool) {
    let mut live = LiveMap {
        keep_args: !erase_args,
        ..LiveMap::default()
    };
    let edited = loop {
        loop {
            live.changed = false;
            for &r in regions {
                propagate_region_liveness(rw.ctx, r, &mut live);
            }
            if !live.changed {
                break;
            }
        }
        // Edit the branches before erasing anything, so that a branch that
        // cannot be edited only costs a new liveness run.
        match drop_dead_successor_operands(rw, regions, &live) {
            Ok(edits) => break !edits.is_empty(),
            Err(b) => {
                live.opaque.insert(b);
            }
        }
    };
    let mut stats = RegionDceStats::default();
    delete_deadness(rw, regions, &live, &mut stats);
    (stats, edited)
}

/// MLIR's `simplifyRegions` at the `normal` level: unreachable blocks, then
/// liveness-based DCE. Returns whether anything changed.
pub fn simplify_regions(rw: &mut Rewriter<'_>, regions: &[RegionId]) -> bool {
    simplify_regions_progress(rw, regions).changed
}

/// What [`simplify_regions_progress`] did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SimplifyProgress {
    /// Blocks or ops were erased: what MLIR's `simplifyRegions` reports as
    /// success, and what makes its greedy driver iterate again. (Its region
    /// DCE does not count erased block arguments and the operands forwarded
    /// to them.)
    pub progress: bool,
    /// Anything changed at all.
    pub changed: bool,
}

/// [`simplify_regions`], telling MLIR's notion of progress apart from any
/// change.
pub fn simplify_regions_progress(rw: &mut Rewriter<'_>, regions: &[RegionId]) -> SimplifyProgress {
    let a = erase_unreachable_blocks(rw, regions);
    let (stats, edited) = region_dce(rw, regions, true);
    SimplifyProgress {
        progress: a || stats.ops > 0,
        changed: a || stats.changed() || edited,
    }
}

/// Value → replacement map used while cloning; see [`crate::clone`].
pub type ValueMap = FxHashMap<ValueId, ValueId>;

/// Is `v` defined inside `op` (in one of its regions, at any depth)?
pub fn is_defined_inside(ctx: &Context, v: ValueId, op: OpId) -> bool {
    let block = match ctx.value_def(v) {
        ValueDef::Result { op: d, .. } => return d != op && ctx.is_ancestor(op, d),
        ValueDef::BlockArg { block, .. } => block,
    };
    ctx.block_parent_op(block)
        .is_some_and(|p| ctx.is_ancestor(op, p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{find, parse, print};

    fn func(body: &str) -> String {
        format!(
            "\"builtin.module\"() ({{\n  \"test.func\"() <{{sym_name = \"f\"}}> ({{\n{body}  }}) : () -> ()\n}}) : () -> ()\n\n"
        )
    }

    const SWITCH: &str = r#"  ^bb0(%arg0: i32, %arg1: i32):
    "test.switch"(%arg0, %arg1, %arg0, %arg1, %arg1)[^bb1, ^bb2, ^bb3] <{case_operand_segments = array<i32: 1, 2>, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i32, i32, i32, i32, i32) -> ()
  ^bb1(%0: i32):
    "test.ret"(%0) : (i32) -> ()
  ^bb2(%1: i32):
    "test.ret"(%1) : (i32) -> ()
  ^bb3(%2: i32, %3: i32):
    "test.ret"(%2) : (i32) -> ()
"#;

    #[test]
    fn successor_operands_of_a_switch_are_edited_per_case() {
        let (mut ctx, m) = parse(&func(SWITCH));
        let sw = find(&ctx, m, "test.switch");
        let arg0 = ctx.operand(sw, 0);
        let mut rw = Rewriter::new(&mut ctx);
        // Drop the second operand of case 1 (successor 2).
        assert!(erase_successor_operand(&mut rw, sw, 2, 1));
        assert_eq!(ctx.successor_operands(sw, 2).len(), 1);
        let out = print(&ctx, m);
        assert!(
            out.contains("case_operand_segments = array<i32: 1, 1>"),
            "{out}"
        );
        assert!(
            out.contains("operandSegmentSizes = array<i32: 1, 1, 2>"),
            "{out}"
        );
        // Grow the default successor's operands.
        let mut rw = Rewriter::new(&mut ctx);
        assert!(set_successor_operands(&mut rw, sw, 0, &[arg0, arg0]));
        assert_eq!(ctx.successor_operands(sw, 0), &[arg0, arg0]);
        assert_eq!(ctx.successor_operands(sw, 1).len(), 1);
        let out = print(&ctx, m);
        assert!(
            out.contains("operandSegmentSizes = array<i32: 1, 2, 2>"),
            "{out}"
        );
    }

    #[test]
    fn cond_branch_operands_with_empty_groups() {
        let src = func(
            r#"  ^bb0(%arg0: i32):
    "test.cond_br"(%arg0)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb1:
    "test.ret"() : () -> ()
"#,
        );
        let (mut ctx, m) = parse(&src);
        let br = find(&ctx, m, "test.cond_br");
        let a = ctx.operand(br, 0);
        let mut rw = Rewriter::new(&mut ctx);
        assert!(set_successor_operands(&mut rw, br, 1, &[a]));
        assert_eq!(ctx.successor_operands(br, 0).len(), 0);
        assert_eq!(ctx.successor_operands(br, 1), &[a]);
    }

    #[test]
    fn ops_without_forwarding_hooks_are_left_alone() {
        let src = "\"builtin.module\"() ({\n  \"foo.r\"() ({\n  ^bb0(%arg0: i32):\n    \"foo.br\"(%arg0)[^bb1] : (i32) -> ()\n  ^bb1(%0: i32):\n    \"foo.end\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n\n";
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        let m = lockstep_ir::parse_source(&mut ctx, "t.mlir", src, 1).unwrap();
        let br = find(&ctx, m, "foo.br");
        let before = print(&ctx, m);
        assert!(!set_successor_operands(
            &mut Rewriter::new(&mut ctx),
            br,
            0,
            &[]
        ));
        // Region DCE keeps the argument fed by the opaque branch.
        let r = ctx.region(find(&ctx, m, "foo.r"), 0);
        assert!(!run_region_dce(&mut Rewriter::new(&mut ctx), &[r]));
        assert_eq!(print(&ctx, m), before);
    }

    #[test]
    fn unreachable_cycles_with_cross_uses_are_erased() {
        let src = func(
            r#"  ^bb0(%arg0: i32):
    "test.ret"(%arg0) : (i32) -> ()
  ^bb1:
    %0 = "test.effect"(%1) : (i32) -> i32
    "test.br"()[^bb2] : () -> ()
  ^bb2:
    %1 = "test.effect"(%0) : (i32) -> i32
    "test.cond_br"(%1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
"#,
        );
        let (mut ctx, m) = parse(&src);
        let f = find(&ctx, m, "test.func");
        let r = ctx.region(f, 0);
        assert!(erase_unreachable_blocks(&mut Rewriter::new(&mut ctx), &[r]));
        assert_eq!(ctx.region_blocks(r).len(), 1);
        assert!(!erase_unreachable_blocks(
            &mut Rewriter::new(&mut ctx),
            &[r]
        ));
    }

    #[test]
    fn post_order_visits_successors_first() {
        let src = func(
            r#"  ^bb0(%arg0: i32):
    "test.cond_br"(%arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb1:
    "test.br"()[^bb3] : () -> ()
  ^bb2:
    "test.br"()[^bb3] : () -> ()
  ^bb3:
    "test.ret"() : () -> ()
  ^bb4:
    "test.br"()[^bb3] : () -> ()
"#,
        );
        let (ctx, m) = parse(&src);
        let r = ctx.region(find(&ctx, m, "test.func"), 0);
        let blocks = ctx.region_blocks(r).to_vec();
        let po = post_order(&ctx, r);
        assert_eq!(po, vec![blocks[3], blocks[1], blocks[2], blocks[0]]);
        assert!(!reachable_blocks(&ctx, r).contains(&blocks[4]));
    }
}
