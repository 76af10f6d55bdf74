//! `simplify-cfg`: control-flow cleanups, as generic rewrite patterns.
//!
//! - [`MergeIntoSinglePredecessor`]: a block whose only predecessor edge is
//!   an unconditional branch from another block is merged into that block
//!   (the branch operands replace its arguments); MLIR's
//!   `SimplifyBrToBlockWithSinglePred`.
//! - [`BypassForwardingBlocks`]: a successor that only holds an
//!   unconditional branch, and whose arguments nothing else uses, is
//!   bypassed: the branch goes straight to the final target with the
//!   composed operands; MLIR's `SimplifyPassThroughBr`/`...CondBranch`.
//!
//! The patterns (in [`CFG_PATTERNS`]) are part of `canonicalize`, where
//! MLIR has them as `cf` patterns. The `simplify-cfg` pass runs them with
//! the canonicalization patterns of branch ops (constant conditions ...),
//! except those that create value-producing ops
//! (`lockstep_cf::VALUE_CREATING_PATTERNS`: selects, propagated constants),
//! under the greedy driver, without folding or dead-op removal; unreachable
//! blocks are erased at the start of each iteration.
//!
//! Invariants:
//! - Only branches that declare their forwarding (`successor_operands`),
//!   forward all their operands to their single successor and have no memory
//!   effects are removed or bypassed; any other terminator is kept as is,
//!   though its successors may be redirected past forwarding blocks (only if
//!   its forwarded operands can be rewritten through its hook).
//! - SSA dominance is preserved: a merged block had a single predecessor,
//!   and a value a bypassed block forwards is defined in a block dominating
//!   it, hence dominating each of its predecessors.
//! - A block is never merged into itself, and a forwarding block is never
//!   bypassed into a self-loop or a cycle of plain branches (MLIR's
//!   `collapseBranch` check), so rewriting terminates.
//! - The pass has no counterpart in `mlir-opt` 22.

use crate::check_options;
use crate::greedy::{
    GreedyConfig, GreedyResult, PatternSet, RegionSimplify, apply_patterns_greedily_op,
};
use crate::region_utils::{set_successor_operands, successor_operand_range};
use lockstep_ir::opdef::SuccessorSpec;
use lockstep_ir::{
    BlockId, Context, Diagnostic, OpDef, OpId, RewritePattern, Rewriter, Traits, ValueId,
};
use lockstep_pass::{Pass, PassContext, PassInfo};
use smallvec::SmallVec;

pub static INFO: PassInfo = PassInfo {
    argument: "simplify-cfg",
    description: "Merge, bypass and erase blocks; fold constant branches",
    options: &[],
    create: |o| {
        check_options(o, INFO.options)?;
        Ok(Box::new(SimplifyCfg))
    },
};

pub struct SimplifyCfg;

impl Pass for SimplifyCfg {
    fn argument(&self) -> &'static str {
        "simplify-cfg"
    }
    fn name(&self) -> &'static str {
        "SimplifyCFG"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let res = simplify_cfg(cx.ctx, op);
        if !res.changed {
            cx.mark_all_preserved();
        }
        Ok(())
    }
}

/// The CFG patterns, for `canonicalize` and `simplify-cfg`.
pub static CFG_PATTERNS: &[&dyn RewritePattern] =
    &[&MergeIntoSinglePredecessor, &BypassForwardingBlocks];

/// Runs the CFG cleanups on the regions of `root` to a fixed point.
pub fn simplify_cfg(ctx: &mut Context, root: OpId) -> GreedyResult {
    let mut patterns: Vec<&'static dyn RewritePattern> = Vec::new();
    for d in ctx.registry().dialects() {
        for op in d
            .ops
            .iter()
            .filter(|o| o.successors != SuccessorSpec::Exact(0))
        {
            patterns.extend(op.canonicalize.iter().copied().filter(|p| {
                p.root().is_some() && !lockstep_cf::VALUE_CREATING_PATTERNS.contains(&p.name())
            }));
        }
    }
    patterns.extend(CFG_PATTERNS.iter().copied());
    let config = GreedyConfig {
        top_down: true,
        fold: false,
        cse_constants: false,
        erase_dead_ops: false,
        region_simplify: RegionSimplify::Disabled,
        ..GreedyConfig::default()
    };
    apply_patterns_greedily_op(ctx, root, &PatternSet::new(patterns), &config)
}

/// Is `t` a side-effect-free branch with one successor forwarding all of
/// its operands (such as `cf.br`)?
fn is_plain_branch(ctx: &Context, t: OpId) -> bool {
    ctx.has_trait(t, Traits::TERMINATOR)
        && ctx.has_trait(t, Traits::NO_MEMORY_EFFECT)
        && ctx.successors(t).len() == 1
        && ctx.regions(t).is_empty()
        && successor_operand_range(ctx, t, 0) == Some(0..ctx.operands(t).len())
}

/// Merges the destination of an unconditional branch into the branch's
/// block when the branch is its only predecessor edge.
pub struct MergeIntoSinglePredecessor;

impl RewritePattern for MergeIntoSinglePredecessor {
    fn name(&self) -> &'static str {
        "MergeIntoSinglePredecessor"
    }
    fn root(&self) -> Option<&'static OpDef> {
        None
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = &*rw.ctx;
        if !is_plain_branch(ctx, op) {
            return false;
        }
        let dest = ctx.successors(op)[0];
        let Some(block) = ctx.parent_block(op) else {
            return false;
        };
        if dest == block
            || ctx.block_preds(dest).len() != 1
            || ctx.block_args(dest).len() != ctx.operands(op).len()
        {
            return false;
        }
        let args: SmallVec<[ValueId; 4]> = ctx.operands(op).iter().copied().collect();
        rw.erase_op(op);
        rw.merge_blocks(dest, block, &args);
        true
    }
}

/// Redirects a terminator's successors past forwarding blocks.
pub struct BypassForwardingBlocks;

/// If `f` only holds a plain branch elsewhere whose arguments nothing else
/// uses, where does an edge into `f` with operands `incoming` end up?
fn collapse(
    ctx: &Context,
    f: BlockId,
    incoming: &[ValueId],
) -> Option<(BlockId, SmallVec<[ValueId; 4]>)> {
    let t = ctx.first_op(f)?;
    if ctx.last_op(f) != Some(t) || !is_plain_branch(ctx, t) {
        return None;
    }
    let args = ctx.block_args(f);
    if args.len() != incoming.len() || args.iter().any(|&a| ctx.uses(a).iter().any(|u| u.op != t)) {
        return None;
    }
    let target = ctx.successors(t)[0];
    if target == f {
        return None;
    }
    // As MLIR's `collapseBranch`: never bypass into a cycle of plain
    // branches, or two forwarding blocks would be swapped forever.
    let mut visited: SmallVec<[BlockId; 8]> = smallvec::smallvec![f, target];
    let mut next = ctx.last_op(target).filter(|&n| is_plain_branch(ctx, n));
    while let Some(n) = next {
        let d = ctx.successors(n)[0];
        if visited.contains(&d) {
            return None;
        }
        visited.push(d);
        next = ctx.last_op(d).filter(|&n| is_plain_branch(ctx, n));
    }
    let composed = ctx
        .operands(t)
        .iter()
        .map(|v| args.iter().position(|a| a == v).map_or(*v, |k| incoming[k]))
        .collect();
    Some((target, composed))
}

impl RewritePattern for BypassForwardingBlocks {
    fn name(&self) -> &'static str {
        "BypassForwardingBlocks"
    }
    fn root(&self) -> Option<&'static OpDef> {
        None
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = &*rw.ctx;
        if !ctx.has_trait(op, Traits::TERMINATOR) || ctx.successors(op).is_empty() {
            return false;
        }
        let block = ctx.parent_block(op);
        let mut plan = Vec::new();
        for (i, &s) in ctx.successors(op).iter().enumerate() {
            if Some(s) == block {
                continue;
            }
            let Some(range) = successor_operand_range(ctx, op, i) else {
                return false;
            };
            if let Some((target, vals)) = collapse(ctx, s, &ctx.operands(op)[range]) {
                plan.push((i, target, vals));
            }
        }
        let mut changed = false;
        for (i, target, vals) in plan {
            if set_successor_operands(rw, op, i, &vals) {
                rw.set_successor(op, i, target);
                changed = true;
            }
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{parse, print, run_pass};

    fn func(body: &str) -> String {
        format!(
            "\"builtin.module\"() ({{\n  \"test.func\"() <{{sym_name = \"f\"}}> ({{\n{body}  }}) : () -> ()\n}}) : () -> ()\n\n"
        )
    }

    #[test]
    fn merges_and_bypasses_generic_branches() {
        let src = func(
            r#"  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "test.pure"() : () -> i32
    "test.cond_br"(%arg0, %arg1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()
  ^bb1(%1: i32):
    "test.br"(%1, %arg0)[^bb3] : (i32, i32) -> ()
  ^bb2:
    "test.br"(%arg0, %arg1)[^bb3] : (i32, i32) -> ()
  ^bb3(%2: i32, %3: i32):
    "test.br"()[^bb4] : () -> ()
  ^bb4:
    "test.ret"(%2, %3) : (i32, i32) -> ()
"#,
        );
        let want = func(
            r#"  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "test.pure"() : () -> i32
    "test.cond_br"(%arg0, %arg1, %arg0, %arg0, %arg1)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (i32, i32, i32, i32, i32) -> ()
  ^bb1(%1: i32, %2: i32):  // 2 preds: ^bb0, ^bb0
    "test.ret"(%1, %2) : (i32, i32) -> ()
"#,
        );
        let (mut ctx, m) = parse(&src);
        run_pass(&mut ctx, m, "simplify-cfg", &[]);
        assert_eq!(print(&ctx, m), want);
    }
}
