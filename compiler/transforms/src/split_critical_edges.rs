//! `split-critical-edges`: put a block on every critical edge.
//!
//! An edge is critical when its source block ends in a terminator with
//! several successor slots and its destination has several predecessor
//! edges. Each such edge `P -> S` gets a new block `E`, placed right after
//! `P` (after earlier splits of `P`, in successor order), whose arguments
//! have the types of `S`'s arguments and which only holds `cf.br S(args)`;
//! `P`'s terminator is redirected to `E`, still passing the same operands.
//!
//! Invariants:
//! - Semantics are unchanged: the values reaching `S`'s arguments along the
//!   edge are the ones `P` forwarded, whatever `P`'s terminator is (it need
//!   not declare how it forwards operands: only its successor changes).
//! - Edges are found before any change, so new blocks are never split again
//!   and the result does not depend on the order of splitting.
//! - Every region nested in the anchor is processed; nothing else changes.
//! - The pass has no counterpart in `mlir-opt` 22.
//! - The search ([`critical_edges`], with an edge filter) and the splitting
//!   ([`split_edges`], with the branch to build) are public apart, so that
//!   other dialects (`ptx-out-of-ssa`) split edges with their own branch.

use crate::check_options;
use lockstep_ir::{
    BlockId, Context, Diagnostic, LocId, OpId, OperationState, RegionId, Rewriter, ValueId,
};
use lockstep_pass::{Pass, PassContext, PassInfo};

pub static INFO: PassInfo = PassInfo {
    argument: "split-critical-edges",
    description: "Insert a block on every edge from a multi-successor block to a multi-predecessor block",
    options: &[],
    create: |o| {
        check_options(o, INFO.options)?;
        Ok(Box::new(SplitCriticalEdges))
    },
};

pub struct SplitCriticalEdges;

impl Pass for SplitCriticalEdges {
    fn argument(&self) -> &'static str {
        "split-critical-edges"
    }
    fn name(&self) -> &'static str {
        "SplitCriticalEdges"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let n = split_critical_edges(&mut Rewriter::new(cx.ctx), op)?;
        cx.stats
            .add("num-split", "Number of critical edges split", n);
        if n == 0 {
            cx.mark_all_preserved();
        }
        Ok(())
    }
}

/// Splits every critical edge in the regions nested in `root`; returns how
/// many edges were split.
pub fn split_critical_edges(rw: &mut Rewriter<'_>, root: OpId) -> Result<u64, Diagnostic> {
    let edges = critical_edges(rw.ctx, root, &|_, _, _| true);
    if edges.is_empty() {
        return Ok(0);
    }
    let br = rw.ctx.op_name("cf.br");
    if br.def.is_none() {
        return Err(Diagnostic::error(
            rw.ctx.loc(root),
            "split-critical-edges needs the 'cf' dialect (for cf.br)",
        ));
    }
    split_edges(rw, &edges, &mut |rw, dest, operands, loc| {
        rw.create(
            OperationState::new(br, loc)
                .operands(operands)
                .successors(&[dest]),
        )
    });
    Ok(edges.len() as u64)
}

/// The critical edges in the regions nested in `root` for which
/// `wanted(ctx, terminator, successor slot)` holds, as (terminator, slot)
/// pairs in region, block and slot order.
pub fn critical_edges(
    ctx: &Context,
    root: OpId,
    wanted: &dyn Fn(&Context, OpId, usize) -> bool,
) -> Vec<(OpId, usize)> {
    let mut regions: Vec<RegionId> = Vec::new();
    ctx.walk_pre(root, &mut |o| regions.extend_from_slice(ctx.regions(o)));
    let mut edges: Vec<(OpId, usize)> = Vec::new();
    for &r in &regions {
        for &b in ctx.region_blocks(r) {
            let Some(t) = ctx.last_op(b) else { continue };
            let succs = ctx.successors(t);
            if succs.len() < 2 {
                continue;
            }
            for (i, &s) in succs.iter().enumerate() {
                if ctx.block_preds(s).len() >= 2 && wanted(ctx, t, i) {
                    edges.push((t, i));
                }
            }
        }
    }
    edges
}

/// Creates the branch ending a split block: `(rewriter, destination,
/// forwarded values, location) -> branch`.
pub type BranchBuilder<'a> = dyn FnMut(&mut Rewriter<'_>, BlockId, &[ValueId], LocId) -> OpId + 'a;

/// Splits each edge `(terminator, slot)` of `edges` (found before any
/// change, e.g. by [`critical_edges`]) with a new block placed as the module
/// doc says, whose arguments have the types of the destination's and which
/// ends with the branch `build_branch(rw, destination, arguments, loc)`
/// creates at its end (`loc` is the terminator's). Returns the new blocks,
/// one per edge, in order.
pub fn split_edges(
    rw: &mut Rewriter<'_>,
    edges: &[(OpId, usize)],
    build_branch: &mut BranchBuilder<'_>,
) -> Vec<BlockId> {
    let mut made = Vec::with_capacity(edges.len());
    let mut last_split: Option<(BlockId, BlockId)> = None;
    for &(t, i) in edges {
        let p = rw.ctx.parent_block(t).expect("terminator in a block");
        let region = rw.ctx.block_parent(p).expect("block in a region");
        let s = rw.ctx.successors(t)[i];
        // After `P`, or after the block made for `P`'s previous edge.
        let anchor = match last_split {
            Some((src, made)) if src == p => made,
            _ => p,
        };
        let pos = rw.ctx.block_index(anchor).expect("block in its region") + 1;
        let loc = rw.ctx.loc(t);
        let e = rw.create_block_at(region, pos, &[], None);
        for a in rw.ctx.block_args(s).to_vec() {
            let (ty, aloc) = (rw.ctx.value_type(a), rw.ctx.value_loc(a));
            rw.add_block_arg(e, ty, Some(aloc));
        }
        let args = rw.ctx.block_args(e).to_vec();
        rw.set_insertion_point_to_end(e);
        build_branch(rw, s, &args, loc);
        rw.set_successor(t, i, e);
        last_split = Some((p, e));
        made.push(e);
    }
    made
}

/// Splits the edges `(terminator, slot)` (found before any change, in any
/// order) with blocks ending in `cf.br`, and returns the new block of each
/// edge in the order given. [`split_edges`] wants each source's edges
/// together and in slot order, which this sorts for.
pub fn split_edges_with_br(
    rw: &mut Rewriter<'_>,
    edges: &[(OpId, usize)],
    anchor: OpId,
) -> Result<Vec<BlockId>, Diagnostic> {
    if edges.is_empty() {
        return Ok(Vec::new());
    }
    let br = rw.ctx.op_name("cf.br");
    if br.def.is_none() {
        return Err(Diagnostic::error(
            rw.ctx.loc(anchor),
            "splitting an edge needs the 'cf' dialect (for cf.br)",
        ));
    }
    let mut order: Vec<usize> = (0..edges.len()).collect();
    order.sort_by_key(|&i| edges[i]);
    let sorted: Vec<(OpId, usize)> = order.iter().map(|&i| edges[i]).collect();
    let made = split_edges(rw, &sorted, &mut |rw, dest, args, loc| {
        rw.create(
            OperationState::new(br, loc)
                .operands(args)
                .successors(&[dest]),
        )
    });
    let mut out = vec![made[0]; edges.len()];
    for (k, &i) in order.iter().enumerate() {
        out[i] = made[k];
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::testing::{parse_full, print_pretty, run_pass};

    #[test]
    fn splits_each_critical_edge_once() {
        let src = r#"func.func @f(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb2:
  return %x : i32
}
"#;
        let (mut ctx, m) = parse_full(src);
        let stats = run_pass(&mut ctx, m, "split-critical-edges", &[]);
        assert_eq!(stats.get("num-split"), Some(3));
        let stats = run_pass(&mut ctx, m, "split-critical-edges", &[]);
        assert_eq!(stats.get("num-split"), Some(0));
        let out = print_pretty(&ctx, m);
        assert_eq!(out.matches("cf.br ^bb3(").count(), 3, "{out}");
    }
}
