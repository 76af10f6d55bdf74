//! Cloning ops and regions with value and block remapping (MLIR's
//! `IRMapping`, `OpBuilder::clone` and `Region::cloneInto`).
//!
//! Invariants:
//! - A clone is structurally identical to its source: same name,
//!   attributes, properties, location, result types, and regions holding
//!   clones of the source's blocks (with argument types and locations) and
//!   ops, in order.
//! - Operands and successors are looked up in the mapping; values and blocks
//!   without a mapping (defined outside the cloned IR) are used as they are.
//!   Uses that precede their definition in block order (possible across
//!   blocks and in graph regions) are remapped after everything is cloned.
//! - Cloned ops are inserted parents first through the `Rewriter`, so a
//!   listener hears about every new op with its ancestry in place.

use lockstep_ir::{
    BlockId, Context, InsertPoint, LocId, OpId, OperationState, RegionId, Rewriter, ValueId,
};
use rustc_hash::FxHashMap;

/// Old → new values and blocks.
#[derive(Default, Debug, Clone)]
pub struct IrMapping {
    values: FxHashMap<ValueId, ValueId>,
    blocks: FxHashMap<BlockId, BlockId>,
}

impl IrMapping {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn map_value(&mut self, from: ValueId, to: ValueId) {
        self.values.insert(from, to);
    }
    pub fn map_block(&mut self, from: BlockId, to: BlockId) {
        self.blocks.insert(from, to);
    }
    pub fn lookup_value(&self, v: ValueId) -> Option<ValueId> {
        self.values.get(&v).copied()
    }
    pub fn lookup_block(&self, b: BlockId) -> Option<BlockId> {
        self.blocks.get(&b).copied()
    }
    /// The mapped value, or `v` itself.
    pub fn value(&self, v: ValueId) -> ValueId {
        self.lookup_value(v).unwrap_or(v)
    }
    /// The mapped block, or `b` itself.
    pub fn block(&self, b: BlockId) -> BlockId {
        self.lookup_block(b).unwrap_or(b)
    }
}

/// Maps the location of a cloned op or block argument.
pub type LocMap<'a> = &'a dyn Fn(&Context, LocId) -> LocId;

fn same_loc(_: &Context, l: LocId) -> LocId {
    l
}

/// Clones `op` and everything nested in it at the rewriter's insertion
/// point (detached if there is none). Its results are mapped in `map`.
pub fn clone_op(rw: &mut Rewriter<'_>, op: OpId, map: &mut IrMapping) -> OpId {
    let mut created = Vec::new();
    let new = clone_op_rec(rw, op, map, &same_loc, &mut created);
    remap_forward_uses(rw, &created, map);
    new
}

/// Clones the blocks of `src` into `dest` before position `pos`, mapping
/// blocks, block arguments and results in `map`. Block arguments already
/// mapped (e.g. an entry block's, to a call's operands) are not cloned: the
/// clone of their block has no such argument (MLIR's `Region::cloneInto`).
/// Returns the new blocks.
pub fn clone_region_into(
    rw: &mut Rewriter<'_>,
    src: RegionId,
    dest: RegionId,
    pos: usize,
    map: &mut IrMapping,
) -> Vec<BlockId> {
    clone_region_into_with_locs(rw, src, dest, pos, map, &same_loc)
}

/// [`clone_region_into`], giving every clone (op or block argument) the
/// location `loc_map` makes of its source's.
pub fn clone_region_into_with_locs(
    rw: &mut Rewriter<'_>,
    src: RegionId,
    dest: RegionId,
    pos: usize,
    map: &mut IrMapping,
    loc_map: LocMap<'_>,
) -> Vec<BlockId> {
    let mut created = Vec::new();
    let blocks = clone_region_rec(rw, src, dest, pos, map, loc_map, &mut created);
    remap_forward_uses(rw, &created, map);
    blocks
}

/// (clone, source) pairs, for the final operand remapping.
type Created = Vec<(OpId, OpId)>;

fn clone_op_rec(
    rw: &mut Rewriter<'_>,
    op: OpId,
    map: &mut IrMapping,
    loc_map: LocMap<'_>,
    created: &mut Created,
) -> OpId {
    let ctx = &*rw.ctx;
    let mut st = OperationState::new(ctx.op_name(ctx.name_of(op)), loc_map(ctx, ctx.loc(op)));
    st.operands
        .extend(ctx.operands(op).iter().map(|&v| map.value(v)));
    st.result_types
        .extend(ctx.results(op).iter().map(|&r| ctx.value_type(r)));
    st.successors
        .extend(ctx.successors(op).iter().map(|&b| map.block(b)));
    st.attrs.extend_from_slice(ctx.attrs(op));
    st.opaque_props = ctx.opaque_props(op);
    let src_regions = ctx.regions(op).to_vec();
    let new_regions: Vec<RegionId> = src_regions.iter().map(|_| rw.new_region()).collect();
    st.regions = new_regions.clone();
    let new = rw.create(st);
    created.push((new, op));
    for (&a, &b) in rw
        .ctx
        .results(op)
        .to_vec()
        .iter()
        .zip(rw.ctx.results(new).to_vec().iter())
    {
        map.map_value(a, b);
    }
    // Fill the regions once the op is in place, so nested insertions are
    // seen with their ancestry; the caller's insertion point is kept.
    let ip = rw.insertion_point();
    for (src, dest) in src_regions.into_iter().zip(new_regions) {
        clone_region_rec(rw, src, dest, 0, map, loc_map, created);
    }
    match ip {
        Some(ip) => rw.set_insertion_point(match ip {
            InsertPoint::After(_) => InsertPoint::After(new),
            other => other,
        }),
        None => rw.clear_insertion_point(),
    }
    new
}

fn clone_region_rec(
    rw: &mut Rewriter<'_>,
    src: RegionId,
    dest: RegionId,
    pos: usize,
    map: &mut IrMapping,
    loc_map: LocMap<'_>,
    created: &mut Created,
) -> Vec<BlockId> {
    let src_blocks = rw.ctx.region_blocks(src).to_vec();
    let mut new_blocks = Vec::with_capacity(src_blocks.len());
    // Blocks first, so that branches to later blocks find their target.
    for (i, &b) in src_blocks.iter().enumerate() {
        let nb = rw.create_block_at(dest, pos + i, &[], None);
        for a in rw.ctx.block_args(b).to_vec() {
            if map.lookup_value(a).is_some() {
                continue;
            }
            let ty = rw.ctx.value_type(a);
            let loc = loc_map(rw.ctx, rw.ctx.value_loc(a));
            let na = rw.add_block_arg(nb, ty, Some(loc));
            map.map_value(a, na);
        }
        map.map_block(b, nb);
        new_blocks.push(nb);
    }
    for (&b, &nb) in src_blocks.iter().zip(&new_blocks) {
        let ops: Vec<OpId> = rw.ctx.block_ops(b).collect();
        for op in ops {
            rw.set_insertion_point_to_end(nb);
            clone_op_rec(rw, op, map, loc_map, created);
        }
    }
    new_blocks
}

/// Remaps operands that referred to values cloned only later: each clone's
/// operands are looked up again from its source's, now that every value is
/// mapped (never from the clone's own, which would map twice).
fn remap_forward_uses(rw: &mut Rewriter<'_>, created: &[(OpId, OpId)], map: &IrMapping) {
    for &(new, src) in created {
        for i in 0..rw.ctx.operands(src).len() {
            let want = map.value(rw.ctx.operand(src, i));
            if rw.ctx.operand(new, i) != want {
                rw.set_operand(new, i, want);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{find, parse, print};

    #[test]
    fn clones_regions_with_forward_references() {
        let src = r#""builtin.module"() ({
  "test.func"() <{sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    %0 = "test.exec"() ({
      %1 = "test.pure"(%arg0) : (i32) -> i32
      "test.yield"(%1) : (i32) -> ()
    }) : () -> i32
    "test.br"()[^bb2] : () -> ()
  ^bb1:
    "test.ret"(%2) : (i32) -> ()
  ^bb2:
    %2 = "test.pure"(%0) : (i32) -> i32
    "test.br"()[^bb1] : () -> ()
  }) : () -> ()
}) : () -> ()

"#;
        let (mut ctx, m) = parse(src);
        let f = find(&ctx, m, "test.func");
        let mut rw = Rewriter::new(&mut ctx);
        rw.set_insertion_point_after(f);
        let mut map = IrMapping::new();
        let g = clone_op(&mut rw, f, &mut map);
        let out = print(&ctx, m);
        // Same ops, and the clone uses only its own values and blocks.
        let names = |op| {
            let mut v = Vec::new();
            ctx.walk_pre(op, &mut |o| v.push(ctx.name_of(o).to_string()));
            v
        };
        assert_eq!(names(f), names(g));
        let mut inside = true;
        ctx.walk_pre(g, &mut |o| {
            for &v in ctx.operands(o) {
                inside &= crate::region_utils::is_defined_inside(&ctx, v, g);
            }
            for &b in ctx.successors(o) {
                inside &= ctx.block_parent_op(b) == Some(g);
            }
        });
        assert!(inside, "{out}");
    }

    #[test]
    fn mapped_entry_arguments_are_not_cloned() {
        let src = r#""builtin.module"() ({
  "test.func"() <{sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "test.add"(%arg0, %arg1) : (i32, i32) -> i32
    "test.ret"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

"#;
        let (mut ctx, m) = parse(src);
        let f = find(&ctx, m, "test.func");
        let body = ctx.region(f, 0);
        let entry = ctx.region_blocks(body)[0];
        let (a0, a1) = (ctx.block_args(entry)[0], ctx.block_args(entry)[1]);
        let mut rw = Rewriter::new(&mut ctx);
        let mut map = IrMapping::new();
        map.map_value(a0, a1);
        let blocks = clone_region_into(&mut rw, body, body, 1, &mut map);
        assert_eq!(ctx.block_args(blocks[0]), &[ctx.block_args(blocks[0])[0]]);
        let add = ctx.block_ops(blocks[0]).next().unwrap();
        assert_eq!(ctx.operand(add, 0), a1);
        assert_eq!(ctx.operand(add, 1), ctx.block_args(blocks[0])[0]);
    }
}
