//! `ptx-layout`: orders the blocks of `ptx` functions for fall-through and
//! makes conditional branches fall through to the next block.
//!
//! The order is built greedily: the entry block first; then, from the last
//! placed block, the best unplaced successor — one in the innermost loop of
//! the last block before one leaving it (so loops stay contiguous), then one
//! whose other predecessors are all placed (back edges aside: a join block
//! waits for its last forward predecessor, which can then fall into it),
//! then the fall-through successor of a conditional branch before its taken
//! target.
//! When the last block has no unplaced successor, the chain restarts at the
//! first unplaced block (in region order) of the innermost loop still being
//! laid out, else at the first unplaced block with a placed predecessor,
//! else at the first unplaced block. Afterwards, a conditional `ptx.bra`
//! whose taken target is the next block and whose fall-through block is not
//! swaps its targets and toggles `negate`, so it falls through.
//!
//! Invariants:
//! - Only block order and the target order of conditional branches change;
//!   the CFG and every op's semantics are unchanged.
//! - The entry block stays first; the result is deterministic (it depends
//!   on region order only to break ties).
//! - An unconditional `ptx.bra` to the next block stays (the emitter prints
//!   nothing for it).

use crate::out_of_ssa::{ptx_functions, reject_options};
use lockstep_analysis::loops::{LoopId, LoopInfo};
use lockstep_ir::{BlockId, Diagnostic, OpId, Rewriter};
use lockstep_pass::{Pass, PassContext, PassInfo};
use lockstep_ptx::{BRA, BraOp};
use rustc_hash::FxHashSet;

pub static INFO: PassInfo = PassInfo {
    argument: "ptx-layout",
    description: "Order the blocks of ptx functions for fall-through and make conditional branches fall through",
    options: &[],
    create: |o| {
        reject_options(o)?;
        Ok(Box::new(Layout))
    },
};

pub struct Layout;

impl Pass for Layout {
    fn argument(&self) -> &'static str {
        "ptx-layout"
    }
    fn name(&self) -> &'static str {
        "PtxLayout"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let stats = layout(&mut Rewriter::new(cx.ctx), op);
        cx.stats.add("num-moved", "Blocks moved", stats.moved);
        cx.stats.add(
            "num-inverted",
            "Conditional branches inverted",
            stats.inverted,
        );
        if stats.moved == 0 && stats.inverted == 0 {
            cx.mark_all_preserved();
        }
        Ok(())
    }
}

/// What [`layout`] did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LayoutStats {
    /// Blocks whose position changed.
    pub moved: u64,
    /// Conditional branches whose targets were swapped.
    pub inverted: u64,
}

/// Lays out every `ptx` function under `root`.
pub fn layout(rw: &mut Rewriter<'_>, root: OpId) -> LayoutStats {
    let mut stats = LayoutStats::default();
    for f in ptx_functions(rw.ctx, root) {
        let Some(&region) = rw.ctx.regions(f).first() else {
            continue;
        };
        let blocks = rw.ctx.region_blocks(region).to_vec();
        if blocks.is_empty() {
            continue;
        }
        let loops = LoopInfo::compute(rw.ctx, f);
        let order = block_order(rw.ctx, &blocks, &loops);
        for (pos, &b) in order.iter().enumerate() {
            if rw.ctx.region_blocks(region)[pos] != b {
                rw.move_block(b, region, pos);
                stats.moved += 1;
            }
        }
        for (i, &b) in order.iter().enumerate() {
            let next = order.get(i + 1).copied();
            if let Some(t) = rw.ctx.terminator(b)
                && invert_if_taken_is_next(rw, t, next)
            {
                stats.inverted += 1;
            }
        }
    }
    stats
}

/// Successors of `b` in preference order: fall-through before taken.
fn preferred_successors(ctx: &lockstep_ir::Context, b: BlockId) -> Vec<BlockId> {
    let Some(t) = ctx.terminator(b) else {
        return Vec::new();
    };
    let mut succs: Vec<BlockId> = ctx.successors(t).to_vec();
    if ctx.isa(t, &BRA) && succs.len() == 2 {
        succs.swap(0, 1);
    }
    succs
}

/// Is `l` (or a loop inside it) the innermost loop of `b`?
fn in_loop(loops: &LoopInfo, l: Option<LoopId>, b: BlockId) -> bool {
    match l {
        Some(l) => loops.contains(l, b),
        None => true,
    }
}

fn block_order(ctx: &lockstep_ir::Context, blocks: &[BlockId], loops: &LoopInfo) -> Vec<BlockId> {
    let mut placed: FxHashSet<BlockId> = FxHashSet::default();
    let mut order: Vec<BlockId> = Vec::with_capacity(blocks.len());
    let mut cur = blocks[0];
    loop {
        placed.insert(cur);
        order.push(cur);
        if order.len() == blocks.len() {
            break;
        }
        let here = loops.loop_of(cur);
        let succs = preferred_successors(ctx, cur);
        let unplaced = |b: &&BlockId| !placed.contains(*b);
        let next = succs
            .iter()
            .filter(unplaced)
            .find(|&&s| here.is_some() && in_loop(loops, here, s))
            .or_else(|| {
                succs
                    .iter()
                    .filter(unplaced)
                    .find(|&&s| forward_preds_placed(ctx, loops, &placed, s))
            })
            .or_else(|| succs.iter().find(unplaced))
            .copied();
        cur = match next {
            Some(n) => n,
            None => restart(ctx, blocks, &order, &placed, loops),
        };
    }
    order
}

/// Are all predecessors of `s` placed, back edges aside? A join block with
/// a predecessor still to come is better placed after that predecessor (it
/// can then fall into it) than right after the first one.
fn forward_preds_placed(
    ctx: &lockstep_ir::Context,
    loops: &LoopInfo,
    placed: &FxHashSet<BlockId>,
    s: BlockId,
) -> bool {
    let own_loop = loops.loop_of(s).filter(|&l| loops.get(l).header() == s);
    ctx.pred_blocks(s)
        .iter()
        .all(|p| placed.contains(p) || own_loop.is_some_and(|l| loops.contains(l, *p)))
}

/// Where a chain restarts: an unplaced block of the innermost loop still
/// being laid out (walking out from the last placed block's loop), else one
/// with a placed predecessor, else the first unplaced block.
fn restart(
    ctx: &lockstep_ir::Context,
    blocks: &[BlockId],
    order: &[BlockId],
    placed: &FxHashSet<BlockId>,
    loops: &LoopInfo,
) -> BlockId {
    let unplaced = || blocks.iter().copied().filter(|b| !placed.contains(b));
    let mut l = order.last().and_then(|&b| loops.loop_of(b));
    while let Some(id) = l {
        if let Some(b) = unplaced().find(|&b| loops.contains(id, b)) {
            return b;
        }
        l = loops.get(id).parent();
    }
    unplaced()
        .find(|&b| ctx.pred_blocks(b).iter().any(|p| placed.contains(p)))
        .or_else(|| unplaced().next())
        .expect("an unplaced block remains")
}

/// Swaps the targets of conditional `ptx.bra` `t` when its taken target is
/// `next` and its fall-through block is not; returns whether it did.
fn invert_if_taken_is_next(rw: &mut Rewriter<'_>, t: OpId, next: Option<BlockId>) -> bool {
    let ctx = rw.ctx();
    let Some(bra) = BraOp::from_op(ctx, t) else {
        return false;
    };
    if !bra.is_conditional(ctx) {
        return false;
    }
    let (Some(taken), Some(fall), Some(pred)) =
        (bra.taken(ctx), bra.fallthrough(ctx), bra.predicate(ctx))
    else {
        return false;
    };
    if Some(taken) != next || Some(fall) == next {
        return false;
    }
    let taken_ops = ctx.successor_operands(t, 0).to_vec();
    let fall_ops = ctx.successor_operands(t, 1).to_vec();
    let (negate, uni, loc) = (!bra.negated(ctx), bra.is_uniform(ctx), ctx.loc(t));
    // Other attributes of the branch (discardable ones) carry over.
    let extra: Vec<(lockstep_ir::Sym, lockstep_ir::AttrId)> = ctx
        .attrs(t)
        .iter()
        .copied()
        .filter(|&(k, _)| !matches!(ctx.str(k), "mods" | "negate" | "operandSegmentSizes"))
        .collect();
    rw.set_insertion_point_before(t);
    let new = lockstep_ptx::bra_cond(
        rw, pred, negate, fall, &fall_ops, taken, &taken_ops, uni, loc,
    );
    for (k, v) in extra {
        rw.set_attr_sym(new, k, v);
    }
    rw.erase_op(t);
    true
}
