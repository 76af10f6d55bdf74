//! `convert-scf-to-cf`: lower `scf.if`, `scf.for` and `scf.while` to `cf`
//! branches in their parent region, with the block structure of MLIR's
//! `SCFToControlFlow` patterns.
//!
//! - `scf.if`: the block is split before the op; a continuation block with
//!   one argument per result (branching on to the rest of the block) is
//!   added when there are results; the then/else blocks are moved before it,
//!   their `scf.yield`s become `cf.br`s to it, and the original block ends
//!   in `cf.cond_br` on the condition (to the continuation if no else).
//! - `scf.for`: the body's entry block becomes the condition block (its
//!   arguments are the induction variable and iter_args) ending in
//!   `arith.cmpi slt` (`ult` with `unsignedCmp`) and `cf.cond_br` to the body
//!   or the end; the body's last block adds the step and branches back.
//! - `scf.while`: the before region is the loop header ending in `cf.cond_br`
//!   to the after region (or, for a do-while whose after region only
//!   forwards its arguments, straight back to the header) or the exit.
//!
//! Invariants:
//! - Ops are lowered in pre-order of the original IR, so an outer op is
//!   lowered before the ops nested in it, which then sit in the parent region.
//! - The lowered IR computes exactly what the structured ops did: the same
//!   ops run in the same order on the same values; only `arith.addi` (step)
//!   and `arith.cmpi` (bound check) are added, as in MLIR.
//! - No cleanup follows (`mlir-opt` leaves the empty forwarding blocks too).

use crate::check_options;
use lockstep_arith::CmpIPredicate;
use lockstep_ir::{BlockId, Diagnostic, OpId, RegionId, Rewriter, ValueId};
use lockstep_pass::{OptionSpec, Pass, PassContext, PassInfo};
use lockstep_scf::{ForOp, IfOp, WhileOp};

pub static INFO: PassInfo = PassInfo {
    argument: "convert-scf-to-cf",
    description: "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG",
    options: &[OptionSpec {
        name: "allow-pattern-rollback",
        description: "Accepted for compatibility with mlir-opt; lowering never needs a rollback",
        kind: "bool",
        default: "true",
    }],
    create: |o| {
        check_options(o, INFO.options)?;
        Ok(Box::new(ScfToCf {
            allow_pattern_rollback: o.get_bool("allow-pattern-rollback", true)?,
        }))
    },
};

pub struct ScfToCf {
    pub allow_pattern_rollback: bool,
}

impl Pass for ScfToCf {
    fn argument(&self) -> &'static str {
        "convert-scf-to-cf"
    }
    fn name(&self) -> &'static str {
        "SCFToControlFlowPass"
    }
    fn options_string(&self) -> String {
        format!("{{allow-pattern-rollback={}}}", self.allow_pattern_rollback)
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let n = lower_scf_to_cf(&mut Rewriter::new(cx.ctx), op)?;
        if n == 0 {
            cx.mark_all_preserved();
        }
        Ok(())
    }
}

/// Lowers every `scf.if`/`scf.for`/`scf.while` nested in `root`; returns
/// how many ops were lowered.
pub fn lower_scf_to_cf(rw: &mut Rewriter<'_>, root: OpId) -> Result<u64, Diagnostic> {
    let mut todo = Vec::new();
    rw.ctx.walk_pre(root, &mut |o| {
        if o != root
            && (IfOp::from_op(rw.ctx, o).is_some()
                || ForOp::from_op(rw.ctx, o).is_some()
                || WhileOp::from_op(rw.ctx, o).is_some())
        {
            todo.push(o);
        }
    });
    let mut n = 0;
    for op in todo {
        let ctx = &*rw.ctx;
        let lowered = if let Some(i) = IfOp::from_op(ctx, op) {
            lower_if(rw, i)
        } else if let Some(f) = ForOp::from_op(ctx, op) {
            lower_for(rw, f)
        } else if let Some(w) = WhileOp::from_op(ctx, op) {
            lower_while(rw, w)
        } else {
            None
        };
        if lowered.is_none() {
            return Err(Diagnostic::error(
                rw.ctx.loc(op),
                format!("failed to legalize operation '{}'", rw.ctx.name_of(op)),
            ));
        }
        n += 1;
    }
    Ok(n)
}

fn region_of(rw: &Rewriter<'_>, b: BlockId) -> Option<RegionId> {
    rw.ctx.block_parent(b)
}

fn index_of(rw: &Rewriter<'_>, b: BlockId) -> Option<usize> {
    rw.ctx.block_index(b)
}

/// Moves the blocks of `src` before `before`, after the terminator of its
/// last block was replaced by `cf.br dest(terminator operands)`.
fn inline_with_branch(
    rw: &mut Rewriter<'_>,
    src: RegionId,
    before: BlockId,
    dest: BlockId,
    loc: lockstep_ir::LocId,
) -> Option<BlockId> {
    let first = rw.ctx.entry_block(src)?;
    let last = *rw.ctx.region_blocks(src).last()?;
    let term = rw.ctx.last_op(last)?;
    let operands: Vec<ValueId> = rw.ctx.operands(term).to_vec();
    rw.set_insertion_point_to_end(last);
    lockstep_cf::build_br(rw, dest, &operands, loc);
    rw.erase_op(term);
    let parent = region_of(rw, before)?;
    let pos = index_of(rw, before)?;
    rw.inline_region_before(src, parent, pos);
    Some(first)
}

fn lower_if(rw: &mut Rewriter<'_>, i: IfOp) -> Option<()> {
    let op = i.0;
    let ctx = &*rw.ctx;
    let loc = ctx.loc(op);
    let cond = i.condition(ctx)?;
    let then_region = i.then_region(ctx)?;
    let else_region = i.else_region(ctx)?;
    let result_types: Vec<_> = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
    let cond_block = ctx.parent_block(op)?;

    let remaining = rw.split_block(cond_block, op);
    let cont = if result_types.is_empty() {
        remaining
    } else {
        let region = region_of(rw, remaining)?;
        let pos = index_of(rw, remaining)?;
        let c = rw.create_block_at(region, pos, &result_types, Some(loc));
        rw.set_insertion_point_to_end(c);
        lockstep_cf::build_br(rw, remaining, &[], loc);
        c
    };
    let then_block = inline_with_branch(rw, then_region, cont, cont, loc)?;
    let else_block = if rw.ctx.region_blocks(else_region).is_empty() {
        cont
    } else {
        inline_with_branch(rw, else_region, cont, cont, loc)?
    };
    rw.set_insertion_point_to_end(cond_block);
    lockstep_cf::build_cond_br(rw, cond, then_block, &[], else_block, &[], loc);
    let args = rw.ctx.block_args(cont).to_vec();
    let results = if result_types.is_empty() {
        Vec::new()
    } else {
        args
    };
    rw.replace_op(op, &results);
    Some(())
}

fn lower_for(rw: &mut Rewriter<'_>, f: ForOp) -> Option<()> {
    let op = f.0;
    let ctx = &*rw.ctx;
    let loc = ctx.loc(op);
    let (lb, ub, step) = (f.lower_bound(ctx)?, f.upper_bound(ctx)?, f.step(ctx)?);
    let inits: Vec<ValueId> = f.init_args(ctx).to_vec();
    let unsigned = f.is_unsigned(ctx);
    let body = f.body(ctx)?;
    let init_block = ctx.parent_block(op)?;

    let end_block = rw.split_block(init_block, op);
    let condition_block = rw.ctx.entry_block(body)?;
    let first = rw.ctx.first_op(condition_block)?;
    let first_body_block = rw.split_block(condition_block, first);
    let last_body_block = *rw.ctx.region_blocks(body).last()?;
    let parent = region_of(rw, end_block)?;
    let pos = index_of(rw, end_block)?;
    rw.inline_region_before(body, parent, pos);
    let iv = *rw.ctx.block_args(condition_block).first()?;

    let terminator = rw.ctx.last_op(last_body_block)?;
    rw.set_insertion_point_to_end(last_body_block);
    let stepped = lockstep_arith::build_binary(rw, &lockstep_arith::ADDI, iv, step, loc);
    let mut carried = vec![stepped];
    carried.extend_from_slice(rw.ctx.operands(terminator));
    lockstep_cf::build_br(rw, condition_block, &carried, loc);
    rw.erase_op(terminator);

    rw.set_insertion_point_to_end(init_block);
    let mut dest = vec![lb];
    dest.extend(inits);
    lockstep_cf::build_br(rw, condition_block, &dest, loc);

    rw.set_insertion_point_to_end(condition_block);
    let pred = if unsigned {
        CmpIPredicate::Ult
    } else {
        CmpIPredicate::Slt
    };
    let cmp = lockstep_arith::build_cmpi(rw, pred, iv, ub, loc);
    lockstep_cf::build_cond_br(rw, cmp, first_body_block, &[], end_block, &[], loc);
    let results = rw.ctx.block_args(condition_block)[1..].to_vec();
    rw.replace_op(op, &results);
    Some(())
}

/// Is the after region a single `scf.yield` of its own arguments?
fn is_do_while(rw: &Rewriter<'_>, w: WhileOp) -> bool {
    let ctx = &*rw.ctx;
    let Some(after) = w.after_block(ctx) else {
        return false;
    };
    let Some(y) = ctx.first_op(after) else {
        return false;
    };
    ctx.last_op(after) == Some(y)
        && ctx.isa(y, &lockstep_scf::YIELD)
        && ctx.operands(y) == ctx.block_args(after)
}

fn lower_while(rw: &mut Rewriter<'_>, w: WhileOp) -> Option<()> {
    let op = w.0;
    let loc = rw.ctx.loc(op);
    let inits: Vec<ValueId> = w.inits(rw.ctx).to_vec();
    let current = rw.ctx.parent_block(op)?;
    let do_while = is_do_while(rw, w);
    let before_region = w.before(rw.ctx)?;
    let after_region = w.after(rw.ctx)?;
    let before = w.before_block(rw.ctx)?;
    let after = w.after_block(rw.ctx)?;
    let after_last = *rw.ctx.region_blocks(after_region).last()?;

    let continuation = rw.split_block(current, op);
    let parent = region_of(rw, continuation)?;
    if do_while {
        let pos = index_of(rw, continuation)?;
        rw.inline_region_before(before_region, parent, pos);
    } else {
        let pos = index_of(rw, continuation)?;
        rw.inline_region_before(after_region, parent, pos);
        let pos = index_of(rw, after)?;
        rw.inline_region_before(before_region, parent, pos);
    }

    rw.set_insertion_point_to_end(current);
    lockstep_cf::build_br(rw, before, &inits, loc);

    let cond_op = rw.ctx.last_op(before)?;
    let cond_loc = rw.ctx.loc(cond_op);
    let cond = *rw.ctx.operands(cond_op).first()?;
    let args: Vec<ValueId> = rw.ctx.operands(cond_op)[1..].to_vec();
    rw.set_insertion_point_before(cond_op);
    let loop_target = if do_while { before } else { after };
    lockstep_cf::build_cond_br(rw, cond, loop_target, &args, continuation, &[], cond_loc);
    rw.erase_op(cond_op);

    if !do_while {
        let y = rw.ctx.last_op(after_last)?;
        let y_loc = rw.ctx.loc(y);
        let vals: Vec<ValueId> = rw.ctx.operands(y).to_vec();
        rw.set_insertion_point_before(y);
        lockstep_cf::build_br(rw, before, &vals, y_loc);
        rw.erase_op(y);
    }
    rw.replace_op(op, &args);
    Some(())
}

#[cfg(test)]
mod tests {
    use crate::testing::{parse_full, print_pretty, run_pass};

    #[test]
    fn lowers_every_structured_op() {
        let src = r#"func.func @f(%c: i1, %n: index, %s: index, %v: i32) -> i32 {
  %r = scf.for %i = %n to %n step %s iter_args(%acc = %v) -> (i32) {
    %w = scf.while (%x = %acc) : (i32) -> i32 {
      scf.condition(%c) %x : i32
    } do {
    ^bb0(%y: i32):
      %t = scf.if %c -> (i32) {
        scf.yield %y : i32
      } else {
        %z = arith.addi %y, %y : i32
        scf.yield %z : i32
      }
      scf.yield %t : i32
    }
    scf.yield %w : i32
  }
  return %r : i32
}
"#;
        let (mut ctx, m) = parse_full(src);
        run_pass(&mut ctx, m, "convert-scf-to-cf", &[]);
        let out = print_pretty(&ctx, m);
        assert!(!out.contains("scf."), "{out}");
        assert_eq!(out.matches("cf.cond_br").count(), 3, "{out}");
        assert_eq!(out.matches("arith.cmpi slt").count(), 1, "{out}");
        assert!(out.contains("return %1 : i32"), "{out}");
    }
}
