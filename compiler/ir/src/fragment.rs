//! Fragments: an op's subtree copied into a context of its own, so that
//! passes can run on several subtrees at once (one thread per fragment) and
//! the results can be written back into the original context.
//!
//! [`Fragment::copy_out`] reads the original context only (`&Context`), so
//! many fragments can be taken in parallel; [`Fragment::write_back`] needs
//! `&mut Context` and is done one fragment at a time.
//!
//! Invariants:
//! - The fragment's context is made with [`Context::fork_empty`]: it shares
//!   the uniquer and registry, so every `TypeId`, `AttrId`, `Sym` and `LocId`
//!   means the same on both sides. Only `OpId`, `BlockId`, `RegionId` and
//!   `ValueId` are remapped.
//! - Between `copy_out` and `write_back` the subtree in the original context
//!   is stale: nothing may read or change it (the pass manager holds the
//!   context exclusively while fragments are out). Dropping a fragment
//!   without writing it back leaves the original untouched and valid.
//! - Values and blocks outside the subtree that it refers to (operands of the
//!   root, or anything used by a non-isolated op) are represented in the
//!   fragment by placeholders: arguments of one detached holder block, and
//!   detached empty blocks. They are mapped back on write-back and are never
//!   written into the original context themselves.
//! - Write-back keeps ids stable where it can: an entity of the fragment
//!   whose slot was copied from the original returns to the original's slot
//!   (so the root op keeps its `OpId`, and unchanged IR keeps all its ids);
//!   new entities get fresh slots; original slots no longer used are freed.
//! - Write-back restores every invariant of [`crate::ir`]: the root's
//!   parent and sibling links are the original ones; use lists and
//!   predecessor lists keep the original's uses by ops outside the subtree
//!   and gain the fragment's uses by ops inside it, in order.
//! - Write-back first checks the fragment and changes nothing if it is
//!   unusable: root erased, or live IR referring to erased or detached
//!   entities (which only a broken pass produces). Ops a pass created but
//!   never inserted are garbage and are not copied back.

use crate::context::Context;
use crate::ir::{
    BlockData, BlockId, OpData, OpId, RegionData, RegionId, Use, ValueData, ValueDef, ValueId,
};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// Why a fragment could not be written back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FragmentError {
    /// The root op of the fragment was erased.
    RootErased,
    /// Live IR refers to an entity that is erased or not in the subtree.
    DanglingReference(String),
}

impl std::fmt::Display for FragmentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FragmentError::RootErased => write!(f, "the anchor op was erased"),
            FragmentError::DanglingReference(what) => {
                write!(f, "the IR refers to {what} that is not part of it")
            }
        }
    }
}

impl std::error::Error for FragmentError {}

/// A subtree copied out of a context, with what is needed to put it back.
pub struct Fragment {
    /// The fragment's own context.
    pub ctx: Context,
    /// The copied op in `ctx`.
    pub root: OpId,
    /// The op in the original context this fragment was copied from.
    orig_root: OpId,
    /// Original id of each fragment slot that was copied, by fragment index.
    orig_ops: Vec<Option<OpId>>,
    orig_blocks: Vec<Option<BlockId>>,
    orig_regions: Vec<Option<RegionId>>,
    orig_values: Vec<Option<ValueId>>,
    /// Placeholders for outside values and blocks: (fragment, original).
    ext_values: Vec<(ValueId, ValueId)>,
    ext_blocks: Vec<(BlockId, BlockId)>,
}

/// Fragment index → original id, for a dense vector indexed by fragment id.
fn record<K: Copy>(v: &mut Vec<Option<K>>, at: usize, orig: K) {
    if v.len() <= at {
        v.resize(at + 1, None);
    }
    v[at] = Some(orig);
}

impl Fragment {
    /// Copies `op` and everything nested in it into a fresh context sharing
    /// `ctx`'s uniquer and registry. `ctx` is not modified.
    pub fn copy_out(ctx: &Context, op: OpId) -> Fragment {
        // Collect the subtree in pre-order: ops, then their regions, blocks,
        // block arguments and results.
        let ops = ctx.collect_pre(op);
        let mut regions = Vec::new();
        let mut blocks = Vec::new();
        let mut values = Vec::new();
        for &o in &ops {
            let d = &ctx.ops[o];
            values.extend_from_slice(&d.results);
            for &r in &d.regions {
                regions.push(r);
                for &b in &ctx.regions[r].blocks {
                    blocks.push(b);
                    values.extend_from_slice(&ctx.blocks[b].args);
                }
            }
        }

        let mut f = ctx.fork_empty();
        f.allow_unregistered = ctx.allow_unregistered;

        // Allocate every slot first (with the original data as filler) so
        // that all ids are known before references are rewritten.
        let mut op_map: FxHashMap<OpId, OpId> = FxHashMap::default();
        let mut region_map: FxHashMap<RegionId, RegionId> = FxHashMap::default();
        let mut block_map: FxHashMap<BlockId, BlockId> = FxHashMap::default();
        let mut value_map: FxHashMap<ValueId, ValueId> = FxHashMap::default();
        let (mut orig_ops, mut orig_regions, mut orig_blocks, mut orig_values) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut ext_values, mut ext_blocks) = (Vec::new(), Vec::new());
        for &o in &ops {
            let n = f.ops.alloc(ctx.ops[o].clone());
            op_map.insert(o, n);
            record(&mut orig_ops, n.index(), o);
        }
        for &r in &regions {
            let n = f.regions.alloc(RegionData::default());
            region_map.insert(r, n);
            record(&mut orig_regions, n.index(), r);
        }
        for &b in &blocks {
            let n = f.blocks.alloc(BlockData::default());
            block_map.insert(b, n);
            record(&mut orig_blocks, n.index(), b);
        }
        for &v in &values {
            let n = f.values.alloc(ctx.values[v].clone());
            value_map.insert(v, n);
            record(&mut orig_values, n.index(), v);
        }

        // Placeholders for what the subtree refers to outside itself.
        let mut holder: Option<BlockId> = None;
        for &o in &ops {
            for &v in &ctx.ops[o].operands {
                if value_map.contains_key(&v) {
                    continue;
                }
                let h = *holder.get_or_insert_with(|| f.blocks.alloc(BlockData::default()));
                let index = f.blocks[h].args.len() as u32;
                let p = f.values.alloc(ValueData {
                    ty: ctx.values[v].ty,
                    def: ValueDef::BlockArg { block: h, index },
                    uses: SmallVec::new(),
                    loc: ctx.values[v].loc,
                });
                f.blocks[h].args.push(p);
                value_map.insert(v, p);
                ext_values.push((p, v));
            }
            for &b in &ctx.ops[o].successors {
                if block_map.contains_key(&b) {
                    continue;
                }
                let p = f.blocks.alloc(BlockData::default());
                block_map.insert(b, p);
                ext_blocks.push((p, b));
            }
        }

        // Rewrite every reference through the maps. Uses and predecessors
        // by ops outside the subtree are dropped: the fragment cannot see
        // those ops (they are restored on write-back).
        let in_tree: FxHashSet<OpId> = ops.iter().copied().collect();
        let map_uses = |uses: &[Use]| -> SmallVec<[Use; 2]> {
            uses.iter()
                .filter(|u| in_tree.contains(&u.op))
                .map(|u| Use {
                    op: op_map[&u.op],
                    index: u.index,
                })
                .collect()
        };
        for &o in &ops {
            let d = &ctx.ops[o];
            let n = op_map[&o];
            let nd = &mut f.ops[n];
            nd.operands = d.operands.iter().map(|v| value_map[v]).collect();
            nd.results = d.results.iter().map(|v| value_map[v]).collect();
            nd.successors = d.successors.iter().map(|b| block_map[b]).collect();
            nd.regions = d.regions.iter().map(|r| region_map[r]).collect();
            if o == op {
                nd.parent = None;
                nd.prev = None;
                nd.next = None;
            } else {
                nd.parent = d.parent.map(|b| block_map[&b]);
                nd.prev = d.prev.map(|p| op_map[&p]);
                nd.next = d.next.map(|p| op_map[&p]);
            }
        }
        for &r in &regions {
            let n = region_map[&r];
            f.regions[n] = RegionData {
                blocks: ctx.regions[r].blocks.iter().map(|b| block_map[b]).collect(),
                parent: ctx.regions[r].parent.map(|o| op_map[&o]),
            };
        }
        for &b in &blocks {
            let d = &ctx.blocks[b];
            let n = block_map[&b];
            f.blocks[n] = BlockData {
                args: d.args.iter().map(|v| value_map[v]).collect(),
                parent: d.parent.map(|r| region_map[&r]),
                first: d.first.map(|o| op_map[&o]),
                last: d.last.map(|o| op_map[&o]),
                preds: map_uses(&d.preds),
            };
        }
        for &v in &values {
            let d = &ctx.values[v];
            let n = value_map[&v];
            let def = match d.def {
                ValueDef::Result { op, index } => ValueDef::Result {
                    op: op_map[&op],
                    index,
                },
                ValueDef::BlockArg { block, index } => ValueDef::BlockArg {
                    block: block_map[&block],
                    index,
                },
            };
            f.values[n] = ValueData {
                ty: d.ty,
                def,
                uses: map_uses(&d.uses),
                loc: d.loc,
            };
        }
        for &(p, v) in &ext_values {
            f.values[p].uses = map_uses(&ctx.values[v].uses);
        }
        for &(p, b) in &ext_blocks {
            f.blocks[p].preds = map_uses(&ctx.blocks[b].preds);
        }

        Fragment {
            root: op_map[&op],
            ctx: f,
            orig_root: op,
            orig_ops,
            orig_blocks,
            orig_regions,
            orig_values,
            ext_values,
            ext_blocks,
        }
    }

    /// The op in the original context this fragment came from.
    pub fn original_root(&self) -> OpId {
        self.orig_root
    }

    /// Puts the subtree back into `ctx` in place of the original copy (see
    /// the module invariants). On error `ctx` is unchanged.
    pub fn write_back(self, ctx: &mut Context) -> Result<(), FragmentError> {
        let plan = self.plan()?;
        self.apply(ctx, plan);
        Ok(())
    }

    /// Collects the live subtree of the fragment and checks that every
    /// reference in it resolves, without touching the original context.
    fn plan(&self) -> Result<Plan, FragmentError> {
        let f = &self.ctx;
        if !f.ops.contains(self.root) {
            return Err(FragmentError::RootErased);
        }
        let mut plan = Plan::default();
        let mut stack = vec![self.root];
        // Pre-order walk that tolerates erased entities (reported, not panicked on).
        while let Some(o) = stack.pop() {
            let d = f.ops.get(o).ok_or_else(|| dangling("an erased op"))?;
            plan.ops.push(o);
            plan.op_set.insert(o);
            plan.values.extend_from_slice(&d.results);
            for &r in d.regions.iter() {
                let rd = f
                    .regions
                    .get(r)
                    .ok_or_else(|| dangling("an erased region"))?;
                plan.regions.push(r);
                for &b in &rd.blocks {
                    let bd = f.blocks.get(b).ok_or_else(|| dangling("an erased block"))?;
                    plan.blocks.push(b);
                    plan.values.extend_from_slice(&bd.args);
                    let mut cur = bd.first;
                    let mut in_block = Vec::new();
                    while let Some(x) = cur {
                        in_block.push(x);
                        cur = f.ops.get(x).ok_or_else(|| dangling("an erased op"))?.next;
                    }
                    stack.extend(in_block.into_iter().rev());
                }
            }
        }
        plan.value_set = plan.values.iter().copied().collect();
        plan.block_set = plan.blocks.iter().copied().collect();
        let ext_values: FxHashSet<ValueId> = self.ext_values.iter().map(|e| e.0).collect();
        let ext_blocks: FxHashSet<BlockId> = self.ext_blocks.iter().map(|e| e.0).collect();
        for &o in &plan.ops {
            let d = &f.ops[o];
            for v in &d.operands {
                if !plan.value_set.contains(v) && !ext_values.contains(v) {
                    return Err(dangling("a value"));
                }
            }
            for b in &d.successors {
                if !plan.block_set.contains(b) && !ext_blocks.contains(b) {
                    return Err(dangling("a block"));
                }
            }
            for v in &d.results {
                if f.values.get(*v).is_none() {
                    return Err(dangling("an erased value"));
                }
            }
        }
        for &b in &plan.blocks {
            for v in &f.blocks[b].args {
                if f.values.get(*v).is_none() {
                    return Err(dangling("an erased value"));
                }
            }
        }
        Ok(plan)
    }

    fn apply(self, ctx: &mut Context, plan: Plan) {
        let f = &self.ctx;
        // Ids in the original context: the original slot if this fragment
        // slot was copied, else a fresh one (filled below).
        let mut op_map: FxHashMap<OpId, OpId> = FxHashMap::default();
        let mut region_map: FxHashMap<RegionId, RegionId> = FxHashMap::default();
        let mut block_map: FxHashMap<BlockId, BlockId> = FxHashMap::default();
        let mut value_map: FxHashMap<ValueId, ValueId> = FxHashMap::default();
        // Originals of the subtree: their uses stay unless they are by ops
        // inside the subtree (those are replaced by the fragment's).
        let orig_ops: FxHashSet<OpId> = self.orig_ops.iter().flatten().copied().collect();

        // Free original slots nobody in the fragment maps to any more, first,
        // so that fresh allocations may reuse them (never a slot still used).
        let kept_ops: FxHashSet<OpId> = plan
            .ops
            .iter()
            .filter_map(|o| orig_of(&self.orig_ops, o.index()))
            .collect();
        let kept_regions: FxHashSet<RegionId> = plan
            .regions
            .iter()
            .filter_map(|r| orig_of(&self.orig_regions, r.index()))
            .collect();
        let kept_blocks: FxHashSet<BlockId> = plan
            .blocks
            .iter()
            .filter_map(|b| orig_of(&self.orig_blocks, b.index()))
            .collect();
        let kept_values: FxHashSet<ValueId> = plan
            .values
            .iter()
            .filter_map(|v| orig_of(&self.orig_values, v.index()))
            .collect();
        // Outside uses of original values (only the root's results have
        // any), saved before slots are freed or overwritten.
        let mut outside_uses: FxHashMap<ValueId, SmallVec<[Use; 2]>> = FxHashMap::default();
        for &v in &kept_values {
            let kept: SmallVec<[Use; 2]> = ctx.values[v]
                .uses
                .iter()
                .filter(|u| !orig_ops.contains(&u.op))
                .copied()
                .collect();
            if !kept.is_empty() {
                outside_uses.insert(v, kept);
            }
        }
        for o in self.orig_ops.iter().flatten() {
            if !kept_ops.contains(o) {
                ctx.ops.free(*o);
            }
        }
        for r in self.orig_regions.iter().flatten() {
            if !kept_regions.contains(r) {
                ctx.regions.free(*r);
            }
        }
        for b in self.orig_blocks.iter().flatten() {
            if !kept_blocks.contains(b) {
                ctx.blocks.free(*b);
            }
        }
        for v in self.orig_values.iter().flatten() {
            if !kept_values.contains(v) {
                ctx.values.free(*v);
            }
        }

        for &o in &plan.ops {
            let id = match orig_of(&self.orig_ops, o.index()) {
                Some(id) => id,
                None => ctx.ops.alloc(f.ops[o].clone()),
            };
            op_map.insert(o, id);
        }
        for &r in &plan.regions {
            let id = orig_of(&self.orig_regions, r.index())
                .unwrap_or_else(|| ctx.regions.alloc(RegionData::default()));
            region_map.insert(r, id);
        }
        for &b in &plan.blocks {
            let id = orig_of(&self.orig_blocks, b.index())
                .unwrap_or_else(|| ctx.blocks.alloc(BlockData::default()));
            block_map.insert(b, id);
        }
        for &v in &plan.values {
            let id = match orig_of(&self.orig_values, v.index()) {
                Some(id) => id,
                None => ctx.values.alloc(f.values[v].clone()),
            };
            value_map.insert(v, id);
        }
        for &(p, orig) in &self.ext_values {
            value_map.insert(p, orig);
        }
        for &(p, orig) in &self.ext_blocks {
            block_map.insert(p, orig);
        }

        let in_tree = &plan.op_set;
        let map_uses = |uses: &[Use]| -> SmallVec<[Use; 2]> {
            uses.iter()
                .filter(|u| in_tree.contains(&u.op))
                .map(|u| Use {
                    op: op_map[&u.op],
                    index: u.index,
                })
                .collect()
        };

        let root_links = {
            let d = &ctx.ops[self.orig_root];
            (d.parent, d.prev, d.next)
        };
        for &o in &plan.ops {
            let d = &f.ops[o];
            let (parent, prev, next) = if o == self.root {
                root_links
            } else {
                (
                    d.parent.map(|b| block_map[&b]),
                    d.prev.map(|p| op_map[&p]),
                    d.next.map(|p| op_map[&p]),
                )
            };
            ctx.ops[op_map[&o]] = OpData {
                name: d.name,
                operands: d.operands.iter().map(|v| value_map[v]).collect(),
                results: d.results.iter().map(|v| value_map[v]).collect(),
                successors: d.successors.iter().map(|b| block_map[b]).collect(),
                regions: d.regions.iter().map(|r| region_map[r]).collect(),
                attrs: d.attrs.clone(),
                opaque_props: d.opaque_props,
                loc: d.loc,
                parent,
                prev,
                next,
            };
        }
        for &r in &plan.regions {
            let d = &f.regions[r];
            ctx.regions[region_map[&r]] = RegionData {
                blocks: d.blocks.iter().map(|b| block_map[b]).collect(),
                parent: d.parent.map(|o| op_map[&o]),
            };
        }
        for &b in &plan.blocks {
            let d = &f.blocks[b];
            ctx.blocks[block_map[&b]] = BlockData {
                args: d.args.iter().map(|v| value_map[v]).collect(),
                parent: d.parent.map(|r| region_map[&r]),
                first: d.first.map(|o| op_map[&o]),
                last: d.last.map(|o| op_map[&o]),
                preds: map_uses(&d.preds),
            };
        }
        for &v in &plan.values {
            let d = &f.values[v];
            let id = value_map[&v];
            let def = match d.def {
                ValueDef::Result { op, index } => ValueDef::Result {
                    op: op_map[&op],
                    index,
                },
                ValueDef::BlockArg { block, index } => ValueDef::BlockArg {
                    block: block_map[&block],
                    index,
                },
            };
            let mut uses = outside_uses.remove(&id).unwrap_or_default();
            uses.extend(map_uses(&d.uses));
            ctx.values[id] = ValueData {
                ty: d.ty,
                def,
                uses,
                loc: d.loc,
            };
        }
        // Outside values and blocks: keep their uses by outside ops, replace
        // those by the subtree with the fragment's.
        for &(p, orig) in &self.ext_values {
            let mut uses: SmallVec<[Use; 2]> = ctx.values[orig]
                .uses
                .iter()
                .filter(|u| !orig_ops.contains(&u.op))
                .copied()
                .collect();
            uses.extend(map_uses(&f.values[p].uses));
            ctx.values[orig].uses = uses;
        }
        for &(p, orig) in &self.ext_blocks {
            let mut preds: SmallVec<[Use; 2]> = ctx.blocks[orig]
                .preds
                .iter()
                .filter(|u| !orig_ops.contains(&u.op))
                .copied()
                .collect();
            preds.extend(map_uses(&f.blocks[p].preds));
            ctx.blocks[orig].preds = preds;
        }
    }
}

fn orig_of<K: Copy>(v: &[Option<K>], i: usize) -> Option<K> {
    v.get(i).copied().flatten()
}

fn dangling(what: &str) -> FragmentError {
    FragmentError::DanglingReference(what.to_string())
}

/// The live part of a fragment, in walk order.
#[derive(Default)]
struct Plan {
    ops: Vec<OpId>,
    regions: Vec<RegionId>,
    blocks: Vec<BlockId>,
    values: Vec<ValueId>,
    op_set: FxHashSet<OpId>,
    value_set: FxHashSet<ValueId>,
    block_set: FxHashSet<BlockId>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::InsertPoint;
    use crate::opdef::{Dialect, OpDef, Traits};
    use crate::printer::{PrintOptions, print_op};
    use crate::rewrite::Rewriter;
    use crate::state::OperationState;

    // A tiny dialect for the tests: an isolated function-like op with one
    // region, a terminator with successors, and a generic value op.
    static FN: OpDef = OpDef {
        name: "t.fn",
        traits: Traits::ISOLATED_FROM_ABOVE.union(Traits::SYMBOL),
        regions: &[crate::opdef::RegionSpec {
            name: "body",
            single_block: false,
        }],
        ..OpDef::DEFAULT
    };
    static BR: OpDef = OpDef {
        name: "t.br",
        traits: Traits::TERMINATOR,
        ..OpDef::DEFAULT
    };
    static VAL: OpDef = OpDef {
        name: "t.val",
        ..OpDef::DEFAULT
    };
    static T: Dialect = Dialect {
        name: "t",
        summary: "test",
        ops: &[&FN, &BR, &VAL],
        materialize_constant: None,
        allows_unknown_ops: true,
    };

    fn ctx() -> Context {
        let mut c = Context::new();
        c.register_dialect(&T);
        c.allow_unregistered = true;
        c
    }

    /// Every invariant of `crate::ir`, checked from `root` down.
    fn check(ctx: &Context, root: OpId) {
        for o in ctx.collect_pre(root) {
            let d = ctx.op(o);
            for (i, &v) in d.operands.iter().enumerate() {
                let n = ctx
                    .uses(v)
                    .iter()
                    .filter(|u| {
                        **u == Use {
                            op: o,
                            index: i as u32,
                        }
                    })
                    .count();
                assert_eq!(
                    n, 1,
                    "operand {i} of {o:?} listed {n} times in uses of {v:?}"
                );
            }
            for (i, &b) in d.successors.iter().enumerate() {
                let n = ctx
                    .block_preds(b)
                    .iter()
                    .filter(|u| {
                        **u == Use {
                            op: o,
                            index: i as u32,
                        }
                    })
                    .count();
                assert_eq!(n, 1, "successor {i} of {o:?}");
            }
            for (i, &v) in d.results.iter().enumerate() {
                assert_eq!(
                    ctx.value_def(v),
                    ValueDef::Result {
                        op: o,
                        index: i as u32
                    }
                );
                for u in ctx.uses(v) {
                    assert_eq!(ctx.operand(u.op, u.index as usize), v);
                }
            }
            for &r in &d.regions {
                assert_eq!(ctx.region_parent(r), Some(o));
                for &b in ctx.region_blocks(r) {
                    assert_eq!(ctx.block_parent(b), Some(r));
                    for (i, &a) in ctx.block_args(b).iter().enumerate() {
                        assert_eq!(
                            ctx.value_def(a),
                            ValueDef::BlockArg {
                                block: b,
                                index: i as u32
                            }
                        );
                        for u in ctx.uses(a) {
                            assert_eq!(ctx.operand(u.op, u.index as usize), a);
                        }
                    }
                    for u in ctx.block_preds(b) {
                        assert_eq!(ctx.successors(u.op)[u.index as usize], b);
                    }
                    let ops: Vec<OpId> = ctx.block_ops(b).collect();
                    assert_eq!(ctx.first_op(b), ops.first().copied());
                    assert_eq!(ctx.last_op(b), ops.last().copied());
                    for (i, &x) in ops.iter().enumerate() {
                        assert_eq!(ctx.parent_block(x), Some(b));
                        assert_eq!(ctx.prev_op(x), if i == 0 { None } else { Some(ops[i - 1]) });
                        assert_eq!(ctx.next_op(x), ops.get(i + 1).copied());
                    }
                }
            }
        }
    }

    const SRC: &str = r#"
"t.fn"() ({
^bb0(%a: i32):
  %0 = "t.val"(%a) : (i32) -> i32
  %1 = "t.val"(%0, %0) : (i32, i32) -> i32
  "t.br"(%1)[^bb1] : (i32) -> ()
^bb1(%x: i32):
  "t.br"(%x)[^bb1] : (i32) -> ()
}) {sym_name = "f"} : () -> ()
"t.fn"() ({
^bb0(%a: i32):
  "t.br"(%a)[^bb0] : (i32) -> ()
}) {sym_name = "g"} : () -> ()
%v = "t.val"() : () -> i32
"t.other"(%v) ({
  "t.val"(%v) : (i32) -> ()
}) : (i32) -> ()
"#;

    fn funcs(ctx: &Context, m: OpId) -> Vec<OpId> {
        ctx.block_ops(ctx.entry_block(ctx.region(m, 0)).unwrap())
            .collect()
    }

    #[test]
    fn contexts_are_send_and_sync() {
        fn ok<T: Send + Sync>() {}
        ok::<Context>();
        ok::<Fragment>();
    }

    #[test]
    fn unchanged_round_trip_keeps_text_and_ids() {
        let mut c = ctx();
        let m = crate::parser::parse_source(&mut c, "t.mlir", SRC, 1).unwrap();
        let before = print_op(&c, m, PrintOptions::default());
        let fs = funcs(&c, m);
        let ids_before = c.collect_pre(m);
        for &f in &fs {
            let frag = Fragment::copy_out(&c, f);
            check(&frag.ctx, frag.root);
            assert_eq!(frag.original_root(), f);
            frag.write_back(&mut c).unwrap();
            check(&c, m);
        }
        assert_eq!(print_op(&c, m, PrintOptions::default()), before);
        assert_eq!(c.collect_pre(m), ids_before, "unchanged IR keeps its ids");
    }

    #[test]
    fn fragments_in_parallel_then_back() {
        let mut c = ctx();
        let m = crate::parser::parse_source(&mut c, "t.mlir", SRC, 1).unwrap();
        let fs = funcs(&c, m);
        let shared = &c;
        let frags: Vec<Fragment> = std::thread::scope(|s| {
            let hs: Vec<_> = fs
                .iter()
                .map(|&f| s.spawn(move || Fragment::copy_out(shared, f)))
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let n_ops = c.num_ops();
        for frag in frags {
            frag.write_back(&mut c).unwrap();
        }
        assert_eq!(c.num_ops(), n_ops);
        check(&c, m);
    }

    /// Changes made in a fragment equal the same changes made in place.
    #[test]
    fn edits_in_fragment_match_edits_in_place() {
        fn edit(c: &mut Context, f: OpId) {
            let region = c.region(f, 0);
            let entry = c.entry_block(region).unwrap();
            let ops: Vec<OpId> = c.block_ops(entry).collect();
            let (v0, v1, br) = (ops[0], ops[1], ops[2]);
            let arg = c.block_args(entry)[0];
            let r0 = c.result(v0, 0);
            let loc = c.unknown_loc();
            let i32t = c.common.i32;
            let name = c.op_name("t.other");
            let mut rw = Rewriter::new(c);
            // Erase the first op after rerouting its uses.
            rw.replace_all_uses_with(r0, arg);
            rw.erase_op(v0);
            // A new op with a region and a block, used by an old op.
            let inner_region = rw.new_region();
            rw.set_insertion_point(InsertPoint::Before(v1));
            let st = OperationState::new(name, loc)
                .operands(&[arg])
                .results(&[i32t])
                .regions(&[inner_region]);
            let n = rw.create(st);
            let inner = rw.create_block(inner_region, &[i32t], None);
            let a = rw.ctx().block_args(inner)[0];
            rw.set_insertion_point(InsertPoint::BlockEnd(inner));
            rw.build(&VAL, loc, &[a], &[], &[]);
            let nr = rw.ctx().result(n, 0);
            rw.set_operand(v1, 1, nr);
            // A new block that a branch is retargeted to.
            let nb = rw.create_block(region, &[i32t], None);
            let nb_arg = rw.ctx().block_args(nb)[0];
            rw.set_insertion_point(InsertPoint::BlockEnd(nb));
            let brn = rw.ctx().op_name("t.br");
            rw.create(
                OperationState::new(brn, loc)
                    .operands(&[nb_arg])
                    .successors(&[nb]),
            );
            rw.set_successor(br, 0, nb);
        }

        let mut a = ctx();
        let ma = crate::parser::parse_source(&mut a, "t.mlir", SRC, 1).unwrap();
        let fa = funcs(&a, ma)[0];
        edit(&mut a, fa);
        check(&a, ma);

        let mut b = ctx();
        let mb = crate::parser::parse_source(&mut b, "t.mlir", SRC, 1).unwrap();
        let fb = funcs(&b, mb)[0];
        let mut frag = Fragment::copy_out(&b, fb);
        let root = frag.root;
        edit(&mut frag.ctx, root);
        check(&frag.ctx, root);
        frag.write_back(&mut b).unwrap();
        check(&b, mb);
        assert_eq!(
            print_op(&a, ma, PrintOptions::default()),
            print_op(&b, mb, PrintOptions::default())
        );
        assert_eq!(funcs(&b, mb)[0], fb, "the root keeps its id");
    }

    /// A non-isolated op that uses an outside value round-trips through a
    /// placeholder, including a new use added in the fragment.
    #[test]
    fn outside_values_are_placeholders() {
        let mut c = ctx();
        let m = crate::parser::parse_source(&mut c, "t.mlir", SRC, 1).unwrap();
        let other = funcs(&c, m)[3];
        let outside = c.operand(other, 0);
        let mut frag = Fragment::copy_out(&c, other);
        let root = frag.root;
        let p = frag.ctx.operand(root, 0);
        assert_eq!(frag.ctx.uses(p).len(), 2);
        let inner_block = frag.ctx.entry_block(frag.ctx.region(root, 0)).unwrap();
        let loc = frag.ctx.unknown_loc();
        let mut rw = Rewriter::new(&mut frag.ctx);
        rw.set_insertion_point(InsertPoint::BlockEnd(inner_block));
        rw.build(&VAL, loc, &[p, p], &[], &[]);
        frag.write_back(&mut c).unwrap();
        check(&c, m);
        assert_eq!(c.uses(outside).len(), 4);
        let text = print_op(
            &c,
            m,
            PrintOptions {
                generic: true,
                debug_info: false,
            },
        );
        assert!(
            text.contains(r#""t.val"(%0, %0) : (i32, i32) -> ()"#),
            "{text}"
        );
    }

    #[test]
    fn root_results_keep_outside_uses() {
        let src = r#"
%r = "t.fn"() ({
^bb0:
  "t.br"()[^bb0] : () -> ()
}) {sym_name = "h"} : () -> i32
"t.val"(%r, %r) : (i32, i32) -> ()
"#;
        let mut c = ctx();
        let m = crate::parser::parse_source(&mut c, "t.mlir", src, 1).unwrap();
        let f = funcs(&c, m)[0];
        let r = c.result(f, 0);
        let frag = Fragment::copy_out(&c, f);
        assert!(frag.ctx.uses(frag.ctx.result(frag.root, 0)).is_empty());
        frag.write_back(&mut c).unwrap();
        assert_eq!(c.result(f, 0), r);
        assert_eq!(c.uses(r).len(), 2);
        check(&c, m);
    }

    #[test]
    fn broken_fragments_are_rejected_and_leave_the_original() {
        let mut c = ctx();
        let m = crate::parser::parse_source(&mut c, "t.mlir", SRC, 1).unwrap();
        let before = print_op(&c, m, PrintOptions::default());
        let f = funcs(&c, m)[1];

        // Root erased.
        let mut frag = Fragment::copy_out(&c, f);
        let root = frag.root;
        Rewriter::new(&mut frag.ctx).erase_op(root);
        assert_eq!(
            frag.write_back(&mut c).unwrap_err(),
            FragmentError::RootErased
        );

        // A live op uses the result of an op that was never inserted.
        let mut frag = Fragment::copy_out(&c, f);
        let root = frag.root;
        let entry = frag.ctx.entry_block(frag.ctx.region(root, 0)).unwrap();
        let br = frag.ctx.first_op(entry).unwrap();
        let loc = frag.ctx.unknown_loc();
        let i32t = frag.ctx.common.i32;
        let mut rw = Rewriter::new(&mut frag.ctx);
        let detached = rw.build(&VAL, loc, &[], &[i32t], &[]);
        let dv = rw.ctx().result(detached, 0);
        rw.set_operand(br, 0, dv);
        assert!(matches!(
            frag.write_back(&mut c),
            Err(FragmentError::DanglingReference(_))
        ));

        assert_eq!(print_op(&c, m, PrintOptions::default()), before);
        check(&c, m);
    }

    #[test]
    fn garbage_left_by_a_pass_is_not_copied_back() {
        let mut c = ctx();
        let m = crate::parser::parse_source(&mut c, "t.mlir", SRC, 1).unwrap();
        let f = funcs(&c, m)[1];
        let n = c.num_ops();
        let mut frag = Fragment::copy_out(&c, f);
        let loc = frag.ctx.unknown_loc();
        Rewriter::new(&mut frag.ctx).build(&VAL, loc, &[], &[], &[]);
        frag.write_back(&mut c).unwrap();
        assert_eq!(c.num_ops(), n);
        check(&c, m);
    }
}
