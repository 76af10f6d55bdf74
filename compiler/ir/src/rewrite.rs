//! The one public mutation API: [`Rewriter`], with listener hooks.
//!
//! Every change to the IR outside this crate goes through a `Rewriter`, so a
//! [`Listener`] (the greedy driver's worklist, pass statistics, a change
//! tracker for `--print-ir-after-change`) sees each insertion, modification,
//! replacement and erasure. Notifications are sent for the op that changed:
//! `op_erased` fires before the op is destroyed, while it can still be read.

use crate::attrs::AttrId;
use crate::context::{Context, InsertPoint};
use crate::ir::{BlockId, OpId, RegionId, ValueId};
use crate::location::LocId;
use crate::opdef::OpDef;
use crate::state::OperationState;
use crate::types::TypeId;
use crate::uniquer::Sym;

/// Observes IR changes made through a [`Rewriter`].
pub trait Listener {
    fn op_inserted(&mut self, _ctx: &Context, _op: OpId) {}
    /// Sent before the op is destroyed.
    fn op_erased(&mut self, _ctx: &Context, _op: OpId) {}
    /// Sent before `op`'s results are replaced by `with`.
    fn op_replaced(&mut self, _ctx: &Context, _op: OpId, _with: &[ValueId]) {}
    /// An op's operands, attributes or successors changed in place.
    fn op_modified(&mut self, _ctx: &Context, _op: OpId) {}
    fn block_inserted(&mut self, _ctx: &Context, _block: BlockId) {}
    fn block_erased(&mut self, _ctx: &Context, _block: BlockId) {}
}

/// A listener that counts changes; handy to learn whether a pass changed
/// anything.
#[derive(Default, Debug)]
pub struct ChangeCounter {
    pub changes: usize,
}

impl Listener for ChangeCounter {
    fn op_inserted(&mut self, _: &Context, _: OpId) {
        self.changes += 1;
    }
    fn op_erased(&mut self, _: &Context, _: OpId) {
        self.changes += 1;
    }
    fn op_replaced(&mut self, _: &Context, _: OpId, _: &[ValueId]) {
        self.changes += 1;
    }
    fn op_modified(&mut self, _: &Context, _: OpId) {
        self.changes += 1;
    }
    fn block_inserted(&mut self, _: &Context, _: BlockId) {
        self.changes += 1;
    }
    fn block_erased(&mut self, _: &Context, _: BlockId) {
        self.changes += 1;
    }
}

/// A rewrite pattern rooted at ops of one kind (or any op).
pub trait RewritePattern: Sync {
    fn name(&self) -> &'static str;
    /// The op kind this pattern is tried on; `None` means every op.
    fn root(&self) -> Option<&'static OpDef>;
    fn benefit(&self) -> u16 {
        1
    }
    /// Tries to rewrite `op`; returns true iff the IR changed. A pattern that
    /// returns false must not have changed anything.
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool;
}

/// Builds and edits IR at an insertion point, notifying a listener.
pub struct Rewriter<'a> {
    pub ctx: &'a mut Context,
    ip: Option<InsertPoint>,
    listener: Option<&'a mut dyn Listener>,
}

impl<'a> Rewriter<'a> {
    pub fn new(ctx: &'a mut Context) -> Self {
        Rewriter {
            ctx,
            ip: None,
            listener: None,
        }
    }

    pub fn with_listener(ctx: &'a mut Context, listener: &'a mut dyn Listener) -> Self {
        Rewriter {
            ctx,
            ip: None,
            listener: Some(listener),
        }
    }

    pub fn ctx(&self) -> &Context {
        self.ctx
    }

    pub fn set_insertion_point(&mut self, ip: InsertPoint) {
        self.ip = Some(ip);
    }
    pub fn insertion_point(&self) -> Option<InsertPoint> {
        self.ip
    }
    /// Insert after newly created ops keep their creation order.
    pub fn set_insertion_point_before(&mut self, op: OpId) {
        self.ip = Some(InsertPoint::Before(op));
    }
    pub fn set_insertion_point_after(&mut self, op: OpId) {
        self.ip = Some(InsertPoint::After(op));
    }
    pub fn set_insertion_point_to_end(&mut self, b: BlockId) {
        self.ip = Some(InsertPoint::BlockEnd(b));
    }
    pub fn set_insertion_point_to_start(&mut self, b: BlockId) {
        self.ip = Some(InsertPoint::BlockStart(b));
    }
    pub fn clear_insertion_point(&mut self) {
        self.ip = None;
    }

    fn notify(&mut self, f: impl FnOnce(&mut dyn Listener, &Context)) {
        if let Some(l) = self.listener.as_deref_mut() {
            f(l, self.ctx);
        }
    }

    // ----- creation -----

    /// Creates an op from `state` at the insertion point (detached if none).
    /// After an `After(op)` insertion point the point moves past the new op,
    /// so consecutive creations keep their order.
    pub fn create(&mut self, state: OperationState) -> OpId {
        let op = self.ctx.create_op(state);
        if let Some(ip) = self.ip {
            self.ctx.insert_op(op, ip);
            if let InsertPoint::After(_) = ip {
                self.ip = Some(InsertPoint::After(op));
            }
            self.notify(|l, c| l.op_inserted(c, op));
        }
        op
    }

    /// Convenience: creates `name(operands) -> result_types` with attributes.
    pub fn build(
        &mut self,
        def: &'static OpDef,
        loc: LocId,
        operands: &[ValueId],
        result_types: &[TypeId],
        attrs: &[(&str, AttrId)],
    ) -> OpId {
        let mut st = OperationState::new(self.ctx.static_op_name(def.name), loc)
            .operands(operands)
            .results(result_types);
        for &(k, v) in attrs {
            st.add_attr(self.ctx.sym(k), v);
        }
        self.create(st)
    }

    /// A new detached region, to put in an `OperationState`.
    pub fn new_region(&mut self) -> RegionId {
        self.ctx.create_region()
    }

    /// Creates a block with arguments at the end of `region`.
    pub fn create_block(
        &mut self,
        region: RegionId,
        arg_types: &[TypeId],
        loc: Option<LocId>,
    ) -> BlockId {
        let pos = self.ctx.region_blocks(region).len();
        self.create_block_at(region, pos, arg_types, loc)
    }

    /// Creates a block with arguments at position `pos` of `region`.
    pub fn create_block_at(
        &mut self,
        region: RegionId,
        pos: usize,
        arg_types: &[TypeId],
        loc: Option<LocId>,
    ) -> BlockId {
        let b = self.ctx.create_block();
        for &t in arg_types {
            self.ctx.add_block_arg(b, t, loc);
        }
        self.ctx.insert_block(region, pos, b);
        self.notify(|l, c| l.block_inserted(c, b));
        b
    }

    pub fn add_block_arg(&mut self, b: BlockId, ty: TypeId, loc: Option<LocId>) -> ValueId {
        self.ctx.add_block_arg(b, ty, loc)
    }

    /// Erases an unused block argument.
    pub fn erase_block_arg(&mut self, b: BlockId, index: usize) {
        self.ctx.erase_block_arg(b, index);
    }

    // ----- in-place modification -----

    pub fn set_operand(&mut self, op: OpId, i: usize, v: ValueId) {
        self.ctx.set_operand(op, i, v);
        self.notify(|l, c| l.op_modified(c, op));
    }
    pub fn set_operands(&mut self, op: OpId, vals: &[ValueId]) {
        self.ctx.set_operands(op, vals);
        self.notify(|l, c| l.op_modified(c, op));
    }
    /// Erases the operands whose `erase` flag is set (MLIR's
    /// `eraseOperands`): operands before the first erased one keep their
    /// place in their values' use lists, later ones move as MLIR moves them.
    pub fn erase_operands(&mut self, op: OpId, erase: &[bool]) {
        self.ctx.erase_operands(op, erase);
        self.notify(|l, c| l.op_modified(c, op));
    }
    pub fn set_successor(&mut self, op: OpId, i: usize, b: BlockId) {
        self.ctx.set_successor(op, i, b);
        self.notify(|l, c| l.op_modified(c, op));
    }
    pub fn set_attr(&mut self, op: OpId, name: &str, value: AttrId) {
        let s = self.ctx.sym(name);
        self.set_attr_sym(op, s, value);
    }
    pub fn set_attr_sym(&mut self, op: OpId, name: Sym, value: AttrId) {
        self.ctx.set_attr(op, name, value);
        self.notify(|l, c| l.op_modified(c, op));
    }
    /// Changes an op's location (e.g. a hoisted or merged constant).
    pub fn set_loc(&mut self, op: OpId, loc: LocId) {
        self.ctx.ops[op].loc = loc;
        self.notify(|l, c| l.op_modified(c, op));
    }

    pub fn remove_attr(&mut self, op: OpId, name: &str) -> Option<AttrId> {
        let r = self.ctx.remove_attr(op, name);
        if r.is_some() {
            self.notify(|l, c| l.op_modified(c, op));
        }
        r
    }
    pub fn set_value_type(&mut self, v: ValueId, ty: TypeId) {
        self.ctx.set_value_type(v, ty);
        let users: Vec<OpId> = self.ctx.uses(v).iter().map(|u| u.op).collect();
        if let Some(op) = self.ctx.defining_op(v) {
            self.notify(|l, c| l.op_modified(c, op));
        }
        for op in users {
            self.notify(|l, c| l.op_modified(c, op));
        }
    }

    /// Replaces every use of `from` with `to`, notifying each user, newest
    /// use first (MLIR's use-list order: a use list gains new uses at its
    /// head, lockstep's at its end).
    pub fn replace_all_uses_with(&mut self, from: ValueId, to: ValueId) {
        if from == to {
            return;
        }
        let users: Vec<OpId> = self.ctx.uses(from).iter().rev().map(|u| u.op).collect();
        self.ctx.replace_all_uses(from, to);
        for op in users {
            self.notify(|l, c| l.op_modified(c, op));
        }
    }

    /// Replaces uses of `from` for which `pred(user op)` holds, newest use
    /// first (as [`Self::replace_all_uses_with`]).
    pub fn replace_uses_where(
        &mut self,
        from: ValueId,
        to: ValueId,
        pred: &dyn Fn(&Context, OpId) -> bool,
    ) {
        let uses: Vec<_> = self.ctx.uses(from).to_vec();
        for u in uses.into_iter().rev() {
            if pred(self.ctx, u.op) {
                self.set_operand(u.op, u.index as usize, to);
            }
        }
    }

    // ----- replacement and erasure -----

    /// Replaces all results of `op` with `with` and erases `op`.
    pub fn replace_op(&mut self, op: OpId, with: &[ValueId]) {
        let results: Vec<ValueId> = self.ctx.results(op).to_vec();
        assert_eq!(
            results.len(),
            with.len(),
            "replace_op: result count mismatch"
        );
        self.notify(|l, c| l.op_replaced(c, op, with));
        for (r, &w) in results.into_iter().zip(with) {
            self.replace_all_uses_with(r, w);
        }
        self.erase_op(op);
    }

    /// Erases an op whose results are unused.
    pub fn erase_op(&mut self, op: OpId) {
        if self.listener.is_some() {
            // Nested ops are erased too; tell the listener about each.
            for o in self.ctx.collect_post(op) {
                self.notify(|l, c| l.op_erased(c, o));
            }
        }
        if self.ip == Some(InsertPoint::After(op)) || self.ip == Some(InsertPoint::Before(op)) {
            self.ip = None;
        }
        self.ctx.erase_op(op);
    }

    /// Erases a block with no predecessors, and its ops.
    pub fn erase_block(&mut self, b: BlockId) {
        if self.listener.is_some() {
            for op in self.ctx.block_ops(b).collect::<Vec<_>>() {
                for o in self.ctx.collect_post(op) {
                    self.notify(|l, c| l.op_erased(c, o));
                }
            }
            self.notify(|l, c| l.block_erased(c, b));
        }
        self.ctx.destroy_block(b);
    }

    // ----- moving -----

    /// Moves `op` (detached or not) to the insertion point `ip`.
    pub fn move_op(&mut self, op: OpId, ip: InsertPoint) {
        self.ctx.unlink_op(op);
        self.ctx.insert_op(op, ip);
        self.notify(|l, c| l.op_inserted(c, op));
    }

    /// Inserts a detached op at `ip`.
    pub fn insert(&mut self, op: OpId, ip: InsertPoint) {
        self.ctx.insert_op(op, ip);
        self.notify(|l, c| l.op_inserted(c, op));
    }

    /// Moves `b` to position `pos` of region `r`.
    pub fn move_block(&mut self, b: BlockId, r: RegionId, pos: usize) {
        self.ctx.remove_block(b);
        let pos = pos.min(self.ctx.region_blocks(r).len());
        self.ctx.insert_block(r, pos, b);
        self.notify(|l, c| l.block_inserted(c, b));
    }

    /// Moves all blocks of `from` into `to` before position `pos`.
    pub fn inline_region_before(&mut self, from: RegionId, to: RegionId, pos: usize) {
        let blocks: Vec<BlockId> = self.ctx.region_blocks(from).to_vec();
        for (i, b) in blocks.into_iter().enumerate() {
            self.move_block(b, to, pos + i);
        }
    }

    /// Moves the ops of `src` to `ip`, replacing `src`'s arguments with
    /// `args`, then erases `src` (which must have no predecessors).
    pub fn inline_block(&mut self, src: BlockId, ip: InsertPoint, args: &[ValueId]) {
        let src_args: Vec<ValueId> = self.ctx.block_args(src).to_vec();
        assert_eq!(
            src_args.len(),
            args.len(),
            "inline_block: argument count mismatch"
        );
        for (a, &v) in src_args.into_iter().zip(args) {
            self.replace_all_uses_with(a, v);
        }
        let ops: Vec<OpId> = self.ctx.block_ops(src).collect();
        let mut ip = ip;
        for op in ops {
            self.ctx.unlink_op(op);
            self.ctx.insert_op(op, ip);
            self.notify(|l, c| l.op_inserted(c, op));
            ip = InsertPoint::After(op);
        }
        self.erase_block(src);
    }

    /// Appends the ops of `src` to `dest` (see [`Self::inline_block`]).
    pub fn merge_blocks(&mut self, src: BlockId, dest: BlockId, args: &[ValueId]) {
        let ip = match self.ctx.last_op(dest) {
            Some(l) => InsertPoint::After(l),
            None => InsertPoint::BlockEnd(dest),
        };
        self.inline_block(src, ip, args);
    }

    /// Splits `b` before `op`: `op` and the ops after it move to a new block
    /// placed right after `b`, which is returned.
    pub fn split_block(&mut self, b: BlockId, op: OpId) -> BlockId {
        let region = self
            .ctx
            .block_parent(b)
            .expect("split_block on a detached block");
        let pos = self.ctx.block_index(b).expect("block not in its region") + 1;
        let nb = self.create_block_at(region, pos, &[], None);
        let mut cur = Some(op);
        while let Some(o) = cur {
            cur = self.ctx.next_op(o);
            self.ctx.unlink_op(o);
            self.ctx.insert_op(o, InsertPoint::BlockEnd(nb));
        }
        nb
    }

    /// Tells the listener that `op` changed through something it cannot
    /// see directly (e.g. its region's blocks were edited).
    pub fn notify_modified(&mut self, op: OpId) {
        self.notify(|l, c| l.op_modified(c, op));
    }
}
