//! `dce`: dead code elimination over the regions of the anchor op.
//!
//! Erases, to a fixed point: blocks unreachable from their region's entry;
//! ops that have no memory effects (recursively for ops with regions), are
//! neither terminators nor symbols, and whose results only feed dead code
//! (so dead cycles through block arguments go too); and, unless
//! `remove-dead-args=false`, block arguments of non-entry blocks that only
//! feed dead code, together with the operands every predecessor forwards to
//! them.
//!
//! Invariants:
//! - Ops with side effects, unregistered ops, terminators and symbols are
//!   never erased; entry-block arguments are never touched.
//! - A block argument is only erased when every predecessor's branch can
//!   drop the matching operand (checked through the branch's
//!   `successor_operands`); otherwise it is kept, with what feeds it.
//! - The pass has no counterpart in `mlir-opt`; its result equals the
//!   region simplification `canonicalize` runs (`eraseUnreachableBlocks` +
//!   `runRegionDCE`) without any pattern or folding.

use crate::check_options;
use crate::region_utils::{erase_unreachable_blocks, region_dce};
use lockstep_ir::{Diagnostic, OpId, Rewriter};
use lockstep_pass::{OptionSpec, Pass, PassContext, PassInfo};

pub static INFO: PassInfo = PassInfo {
    argument: "dce",
    description: "Erase dead operations, unreachable blocks and dead block arguments",
    options: &[OptionSpec {
        name: "remove-dead-args",
        description: "Also erase dead arguments of non-entry blocks (and the branch operands feeding them)",
        kind: "bool",
        default: "true",
    }],
    create: |o| {
        check_options(o, INFO.options)?;
        Ok(Box::new(Dce {
            remove_dead_args: o.get_bool("remove-dead-args", true)?,
        }))
    },
};

pub struct Dce {
    pub remove_dead_args: bool,
}

/// Counts of what [`run_dce`] erased.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DceStats {
    pub ops: u64,
    pub blocks: u64,
    pub args: u64,
    pub changed: bool,
}

/// Runs DCE on the regions of `op` until nothing changes.
pub fn run_dce(rw: &mut Rewriter<'_>, op: OpId, remove_dead_args: bool) -> DceStats {
    let regions = rw.ctx.regions(op).to_vec();
    let mut stats = DceStats::default();
    loop {
        let blocks_before = count_blocks(rw.ctx, op);
        let unreachable = erase_unreachable_blocks(rw, &regions);
        stats.blocks += (blocks_before - count_blocks(rw.ctx, op)) as u64;
        let (s, edited) = region_dce(rw, &regions, remove_dead_args);
        stats.ops += s.ops as u64;
        stats.args += s.args as u64;
        let changed = unreachable || s.changed() || edited;
        stats.changed |= changed;
        if !changed {
            return stats;
        }
    }
}

fn count_blocks(ctx: &lockstep_ir::Context, op: OpId) -> usize {
    let mut n = 0;
    ctx.walk_pre(op, &mut |o| {
        n += ctx
            .regions(o)
            .iter()
            .map(|&r| ctx.region_blocks(r).len())
            .sum::<usize>()
    });
    n
}

impl Pass for Dce {
    fn argument(&self) -> &'static str {
        "dce"
    }
    fn name(&self) -> &'static str {
        "DCE"
    }
    fn options_string(&self) -> String {
        format!("{{remove-dead-args={}}}", self.remove_dead_args)
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let stats = run_dce(&mut Rewriter::new(cx.ctx), op, self.remove_dead_args);
        cx.stats.add(
            "num-ops-erased",
            "Number of dead operations erased",
            stats.ops,
        );
        cx.stats.add(
            "num-blocks-erased",
            "Number of unreachable blocks erased",
            stats.blocks,
        );
        cx.stats.add(
            "num-args-erased",
            "Number of dead block arguments erased",
            stats.args,
        );
        if !stats.changed {
            cx.mark_all_preserved();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{parse_full, print_pretty, run_pass};

    const SRC: &str = r#"func.func @f(%c: i1, %a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  "test.effect"(%a) : (i32) -> ()
  cf.br ^bb1(%a, %0 : i32, i32)
^bb1(%x: i32, %d: i32):
  %n = arith.muli %d, %d : i32
  cf.cond_br %c, ^bb1(%x, %n : i32, i32), ^bb2
^bb2:
  return %x : i32
^bb3:
  "test.effect"(%a) : (i32) -> ()
  cf.br ^bb3
}
"#;

    #[test]
    fn removes_dead_ops_blocks_and_args() {
        let (mut ctx, m) = parse_full(SRC);
        let stats = run_pass(&mut ctx, m, "dce", &[]);
        assert_eq!(stats.get("num-blocks-erased"), Some(1));
        assert_eq!(stats.get("num-args-erased"), Some(1));
        assert_eq!(stats.get("num-ops-erased"), Some(2));
        let out = print_pretty(&ctx, m);
        assert!(out.contains("cf.br ^bb1(%arg1 : i32)"), "{out}");
        assert!(
            out.contains("cf.cond_br %arg0, ^bb1(%0 : i32), ^bb2"),
            "{out}"
        );
        assert!(!out.contains("arith."), "{out}");
        assert_eq!(out.matches("test.effect").count(), 1, "{out}");
        // A second run changes nothing.
        let stats = run_pass(&mut ctx, m, "dce", &[]);
        assert_eq!(stats.get("num-ops-erased"), Some(0));
    }

    #[test]
    fn can_keep_block_arguments() {
        let (mut ctx, m) = parse_full(SRC);
        let stats = run_pass(&mut ctx, m, "dce", &[("remove-dead-args", "false")]);
        assert_eq!(stats.get("num-args-erased"), Some(0));
        let out = print_pretty(&ctx, m);
        assert!(out.contains("arith.muli"), "{out}");
        assert!(out.contains("arith.addi"), "{out}");
    }

    #[test]
    fn rejects_unknown_options() {
        let mut po = lockstep_pass::PassOptions::default();
        po.entries.push(("bogus".into(), "1".into()));
        let err = (super::INFO.create)(&po).err().expect("an error");
        assert_eq!(err, "no such option bogus");
    }
}
