//! Liveness of SSA values at block boundaries, for every region nested in
//! an op, solved with the bit-vector framework ([`crate::dataflow`]).
//!
//! Conventions (block arguments are the phis):
//! - A block's arguments are defined at its entry; its ops' results where
//!   the ops are. Neither is live-in of the block that defines it.
//! - The operands a terminator forwards to a successor (per its op
//!   definition's `successor_operands`) are used on the edge: live-out of
//!   the branching block, not uses inside it. The terminator's other
//!   operands (a branch condition) are uses in the block.
//! - A value used by an op nested in a region of op `o` (at any depth) and
//!   defined outside `o` is a use by `o`, in `o`'s block.
//! - `live_out(b) = ⋃ over edges b -> s of (live_in(s) − args(s)) ∪ operands forwarded on the edge`;
//!   `live_in(b) = uses(b) ∪ (live_out(b) − defs(b))`. Values defined
//!   outside the region and used in it are live-in from the entry down to
//!   their uses.
//! - Value lists are sorted by value id (creation order), without
//!   duplicates. Unreachable blocks are analysed like the others.
//! - Ops whose definition is unknown forward nothing to their successors.

use crate::bitset::BitSet;
use crate::cfg::{CfgView, Node, RegionCfg, regions_under};
use crate::dataflow::{Direction, FnProblem, Meet, solve};
use lockstep_ir::{BlockId, Context, OpId, ValueId};
use lockstep_pass::Analysis;
use rustc_hash::{FxHashMap, FxHashSet};

#[derive(Clone, Debug, Default)]
pub struct Liveness {
    live_in: FxHashMap<BlockId, Vec<ValueId>>,
    live_out: FxHashMap<BlockId, Vec<ValueId>>,
}

/// The operands of `op` used inside its regions but defined outside `op`.
fn nested_uses(ctx: &Context, op: OpId, out: &mut Vec<ValueId>) {
    let mut inner_defs: FxHashSet<ValueId> = FxHashSet::default();
    let mut used: Vec<ValueId> = Vec::new();
    let nested = ctx.collect_pre(op);
    for &o in &nested[1..] {
        inner_defs.extend(ctx.results(o).iter().copied());
        used.extend_from_slice(ctx.operands(o));
    }
    for &r in ctx.regions(op) {
        for &b in ctx.region_blocks(r) {
            inner_defs.extend(ctx.block_args(b).iter().copied());
        }
    }
    for &o in &nested[1..] {
        for &r in ctx.regions(o) {
            for &b in ctx.region_blocks(r) {
                inner_defs.extend(ctx.block_args(b).iter().copied());
            }
        }
    }
    out.extend(used.into_iter().filter(|v| !inner_defs.contains(v)));
}

/// Which operand positions of terminator `t` are forwarded to successors,
/// per successor slot.
fn forwarded(ctx: &Context, t: OpId) -> Vec<std::ops::Range<usize>> {
    let n = ctx.successors(t).len();
    match ctx.def_of(t).and_then(|d| d.successor_operands) {
        Some(f) => (0..n)
            .map(|i| {
                let r = f(ctx, t, i);
                let len = ctx.operands(t).len();
                r.start.min(len)..r.end.min(len)
            })
            .collect(),
        None => vec![0..0; n],
    }
}

impl Liveness {
    pub fn compute(ctx: &Context, root: OpId) -> Self {
        let mut lv = Liveness::default();
        for r in regions_under(ctx, root) {
            let cfg = RegionCfg::new(ctx, r);
            lv.add_region(ctx, &cfg);
        }
        lv
    }

    fn add_region(&mut self, ctx: &Context, cfg: &RegionCfg) {
        let n = cfg.num_nodes();
        if n == 0 {
            return;
        }
        // The universe: every value defined or used in the region's blocks.
        let mut index: FxHashMap<ValueId, usize> = FxHashMap::default();
        let mut values: Vec<ValueId> = Vec::new();
        let mut intern = |v: ValueId, values: &mut Vec<ValueId>| -> usize {
            *index.entry(v).or_insert_with(|| {
                values.push(v);
                values.len() - 1
            })
        };
        struct Local {
            uses: Vec<usize>,
            defs: Vec<usize>,
            args: Vec<usize>,
            /// Per successor node: the values forwarded on edges to it.
            edge_uses: Vec<(Node, Vec<usize>)>,
        }
        let mut locals: Vec<Local> = Vec::with_capacity(n);
        for node in 0..n as Node {
            let b = cfg.block(node);
            let args: Vec<usize> = ctx
                .block_args(b)
                .iter()
                .map(|&a| intern(a, &mut values))
                .collect();
            let mut defs = args.clone();
            let mut uses = Vec::new();
            let mut edge_uses: Vec<(Node, Vec<usize>)> = Vec::new();
            let last = ctx.last_op(b);
            for op in ctx.block_ops(b) {
                let mut op_uses: Vec<ValueId> = Vec::new();
                if Some(op) == last && !ctx.successors(op).is_empty() {
                    let ranges = forwarded(ctx, op);
                    let operands = ctx.operands(op);
                    let mut on_edge = vec![false; operands.len()];
                    for (slot, range) in ranges.iter().enumerate() {
                        for flag in &mut on_edge[range.clone()] {
                            *flag = true;
                        }
                        let succ = ctx.successors(op)[slot];
                        if let Some(s) = cfg.node(succ) {
                            let vs: Vec<usize> = operands[range.clone()]
                                .iter()
                                .map(|&v| intern(v, &mut values))
                                .collect();
                            edge_uses.push((s, vs));
                        }
                    }
                    op_uses.extend(
                        operands
                            .iter()
                            .zip(&on_edge)
                            .filter(|(_, e)| !**e)
                            .map(|(&v, _)| v),
                    );
                } else {
                    op_uses.extend_from_slice(ctx.operands(op));
                }
                if !ctx.regions(op).is_empty() {
                    nested_uses(ctx, op, &mut op_uses);
                }
                for v in op_uses {
                    let i = intern(v, &mut values);
                    if !defs.contains(&i) {
                        uses.push(i);
                    }
                }
                defs.extend(ctx.results(op).iter().map(|&v| intern(v, &mut values)));
            }
            locals.push(Local {
                uses,
                defs,
                args,
                edge_uses,
            });
        }

        let u = values.len();
        let sets = |f: &dyn Fn(&Local) -> &Vec<usize>| -> Vec<BitSet> {
            locals
                .iter()
                .map(|l| BitSet::from_items(u, f(l).iter().copied()))
                .collect()
        };
        let gen_sets = sets(&|l| &l.uses);
        let kill = sets(&|l| &l.defs);
        let args = sets(&|l| &l.args);
        let edge_sets: Vec<Vec<(Node, BitSet)>> = locals
            .iter()
            .map(|l| {
                l.edge_uses
                    .iter()
                    .map(|(s, vs)| (*s, BitSet::from_items(u, vs.iter().copied())))
                    .collect()
            })
            .collect();
        let problem = FnProblem::new(Direction::Backward, Meet::Union, u, |b, out, live_in| {
            live_in.assign(out);
            live_in.subtract(&kill[b as usize]);
            live_in.union_with(&gen_sets[b as usize]);
        })
        .with_edge(|from, to, v| {
            v.subtract(&args[to as usize]);
            for (s, set) in &edge_sets[from as usize] {
                if *s == to {
                    v.union_with(set);
                }
            }
        });
        let result = solve(cfg, &problem);
        let to_values = |s: &BitSet| -> Vec<ValueId> {
            let mut vs: Vec<ValueId> = s.iter().map(|i| values[i]).collect();
            vs.sort_unstable();
            vs
        };
        for node in 0..n as Node {
            let b = cfg.block(node);
            // Blocks without successors are boundary nodes of the backward
            // problem: nothing is live after them.
            self.live_in.insert(b, to_values(result.at_entry(node)));
            self.live_out.insert(b, to_values(result.at_exit(node)));
        }
    }

    /// Values live at the entry of `b` (its arguments excluded).
    pub fn live_in(&self, b: BlockId) -> &[ValueId] {
        self.live_in.get(&b).map_or(&[], |v| v.as_slice())
    }

    /// Values live at the exit of `b`, edge uses included.
    pub fn live_out(&self, b: BlockId) -> &[ValueId] {
        self.live_out.get(&b).map_or(&[], |v| v.as_slice())
    }

    pub fn is_live_in(&self, v: ValueId, b: BlockId) -> bool {
        self.live_in(b).binary_search(&v).is_ok()
    }

    pub fn is_live_out(&self, v: ValueId, b: BlockId) -> bool {
        self.live_out(b).binary_search(&v).is_ok()
    }
}

impl Analysis for Liveness {
    const NAME: &'static str = "Liveness";
    fn compute(ctx: &Context, op: OpId) -> Self {
        Liveness::compute(ctx, op)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Fixture;

    #[test]
    fn block_arguments_edges_and_nested_regions() {
        let f = Fixture::new(
            "func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {\n\
             %0 = arith.addi %a, %a : i32\n\
             cf.cond_br %c, ^bb1(%0 : i32), ^bb2\n\
             ^bb1(%x: i32):\n cf.br ^bb3(%x : i32)\n\
             ^bb2:\n \"test.wrap\"() ({\n  \"test.use\"(%b) : (i32) -> ()\n }) : () -> ()\n cf.br ^bb3(%a : i32)\n\
             ^bb3(%y: i32):\n %1 = arith.addi %y, %0 : i32\n return %1 : i32\n}",
        );
        let b = f.blocks(0);
        let lv = Liveness::compute(&f.ctx, f.module);
        let args = f.ctx.block_args(b[0]).to_vec();
        let (c, a, bv) = (args[0], args[1], args[2]);
        let v0 = f.ctx.result(f.ctx.first_op(b[0]).unwrap(), 0);
        let x = f.ctx.block_args(b[1])[0];
        let y = f.ctx.block_args(b[3])[0];
        // The entry's arguments are defined there, not live-in.
        assert!(lv.live_in(b[0]).is_empty());
        assert_eq!(lv.live_out(b[0]), &[a, bv, v0]);
        // Forwarded on the edge: %x is live-out of ^bb1, not live-in anywhere.
        assert_eq!(lv.live_in(b[1]), &[v0]);
        assert_eq!(lv.live_out(b[1]), &[v0, x]);
        // The nested use of %b counts as a use in ^bb2.
        assert_eq!(lv.live_in(b[2]), &[a, bv, v0]);
        assert_eq!(lv.live_out(b[2]), &[a, v0]);
        assert_eq!(lv.live_in(b[3]), &[v0]);
        assert!(lv.live_out(b[3]).is_empty());
        assert!(!lv.is_live_in(y, b[3]) && !lv.is_live_out(c, b[0]));
        assert!(lv.is_live_out(v0, b[2]) && lv.is_live_in(bv, b[2]));
    }

    #[test]
    fn loop_carried_values_and_conditions() {
        // %a is used in the loop: live around it. The condition %c is a use
        // in ^bb1, not an edge use.
        let f = Fixture::new(
            "func.func @f(%c: i1, %a: i32) -> i32 {\n cf.br ^bb1(%a : i32)\n\
             ^bb1(%i: i32):\n %n = arith.addi %i, %a : i32\n cf.cond_br %c, ^bb1(%n : i32), ^bb2\n\
             ^bb2:\n return %n : i32\n}",
        );
        let b = f.blocks(0);
        let lv = Liveness::compute(&f.ctx, f.module);
        let args = f.ctx.block_args(b[0]).to_vec();
        let (c, a) = (args[0], args[1]);
        let n = f.ctx.result(f.ctx.first_op(b[1]).unwrap(), 0);
        assert_eq!(lv.live_out(b[0]), &[c, a]);
        assert_eq!(lv.live_in(b[1]), &[c, a]);
        assert_eq!(lv.live_out(b[1]), &[c, a, n]);
        assert_eq!(lv.live_in(b[2]), &[n]);
    }
}
