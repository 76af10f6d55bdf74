//! The context: owner of all IR.
//!
//! A `Context` holds the op, block, region and value arenas, plus shared
//! handles to the uniquer (types, attributes, strings, locations) and the
//! registry of dialects. Reading is through `&Context`; the primitive
//! mutations here are crate-private and keep the invariants listed in
//! [`crate::ir`]. Outside this crate every mutation goes through
//! [`Rewriter`](crate::rewrite::Rewriter), which notifies listeners.

use crate::attrs::{AttrData, AttrId};
use crate::entity::Arena;
use crate::ir::*;
use crate::location::{LocData, LocId};
use crate::opdef::{Dialect, OpDef, Registry, Traits};
use crate::state::OperationState;
use crate::types::{FloatKind, Signedness, TypeData, TypeId};
use crate::uniquer::{Sym, Uniquer};
use smallvec::SmallVec;
use std::sync::Arc;

/// Where new ops go.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum InsertPoint {
    BlockStart(BlockId),
    BlockEnd(BlockId),
    Before(OpId),
    After(OpId),
}

/// Types looked up often enough to keep at hand.
#[derive(Copy, Clone, Debug)]
pub struct CommonTypes {
    pub i1: TypeId,
    pub i8: TypeId,
    pub i16: TypeId,
    pub i32: TypeId,
    pub i64: TypeId,
    pub index: TypeId,
    pub f16: TypeId,
    pub bf16: TypeId,
    pub f32: TypeId,
    pub f64: TypeId,
    pub none: TypeId,
}

pub struct Context {
    uniq: Arc<Uniquer>,
    registry: Arc<Registry>,
    pub(crate) ops: Arena<OpId, OpData>,
    pub(crate) blocks: Arena<BlockId, BlockData>,
    pub(crate) regions: Arena<RegionId, RegionData>,
    pub(crate) values: Arena<ValueId, ValueData>,
    pub common: CommonTypes,
    unknown_loc: LocId,
    /// Accept ops of unregistered dialects (`--allow-unregistered-dialect`).
    pub allow_unregistered: bool,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// A context with only the builtin dialect registered.
    pub fn new() -> Self {
        Self::with_uniquer(Arc::new(Uniquer::new()), Arc::new(Registry::default()))
    }

    fn with_uniquer(uniq: Arc<Uniquer>, registry: Arc<Registry>) -> Self {
        let int = |w| {
            uniq.intern_type(TypeData::Integer {
                width: w,
                signedness: Signedness::Signless,
            })
        };
        let common = CommonTypes {
            i1: int(1),
            i8: int(8),
            i16: int(16),
            i32: int(32),
            i64: int(64),
            index: uniq.intern_type(TypeData::Index),
            f16: uniq.intern_type(TypeData::Float(FloatKind::F16)),
            bf16: uniq.intern_type(TypeData::Float(FloatKind::BF16)),
            f32: uniq.intern_type(TypeData::Float(FloatKind::F32)),
            f64: uniq.intern_type(TypeData::Float(FloatKind::F64)),
            none: uniq.intern_type(TypeData::None),
        };
        let unknown_loc = uniq.add_loc(LocData::Unknown);
        let mut ctx = Context {
            uniq,
            registry,
            ops: Arena::default(),
            blocks: Arena::default(),
            regions: Arena::default(),
            values: Arena::default(),
            common,
            unknown_loc,
            allow_unregistered: false,
        };
        if ctx.registry.dialect("builtin").is_none() {
            ctx.register_dialect(&crate::builtin::BUILTIN);
        }
        ctx
    }

    /// An empty context sharing this one's uniquer and registry: ids of types,
    /// attributes, symbols and locations mean the same in both.
    pub fn fork_empty(&self) -> Context {
        Self::with_uniquer(self.uniq.clone(), self.registry.clone())
    }

    /// Registers a dialect and all of its ops. Registering twice is a no-op.
    pub fn register_dialect(&mut self, d: &'static Dialect) {
        if self.registry.dialects.iter().any(|x| std::ptr::eq(*x, d)) {
            return;
        }
        let reg = Arc::make_mut(&mut self.registry);
        reg.dialects.push(d);
        for op in d.ops {
            reg.ops.insert(op.name, op);
        }
    }

    /// Makes the parser check (and canonicalise) every `!dialect.body` type
    /// of dialect `dialect` with `f`. Registering again replaces `f`.
    pub fn register_type_parser(&mut self, dialect: &'static str, f: crate::opdef::TypeParseFn) {
        Arc::make_mut(&mut self.registry)
            .type_parsers
            .insert(dialect, f);
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub fn uniquer(&self) -> &Arc<Uniquer> {
        &self.uniq
    }

    // ----- strings, types, attributes, locations -----

    pub fn sym(&self, s: &str) -> Sym {
        self.uniq.sym(s)
    }
    /// [`sym`](Self::sym) of a `'static` string (an attribute name of an op
    /// definition), cheaper on hot paths: see [`Uniquer::static_sym`].
    pub fn static_sym(&self, s: &'static str) -> Sym {
        self.uniq.static_sym(s)
    }
    /// An attribute cached under `key`, its unique textual form; `make`
    /// interns it the first time. See [`Uniquer::static_attr`].
    pub fn static_attr(&self, key: &'static str, make: impl FnOnce(&Context) -> AttrId) -> AttrId {
        self.uniq.static_attr(key, |_| make(self))
    }
    #[inline]
    pub fn str(&self, s: Sym) -> &str {
        self.uniq.str(s)
    }
    pub fn ty(&self, t: TypeData) -> TypeId {
        self.uniq.intern_type(t)
    }
    #[inline]
    pub fn type_data(&self, t: TypeId) -> &TypeData {
        self.uniq.type_data(t)
    }
    pub fn int_type(&self, width: u32) -> TypeId {
        self.ty(TypeData::Integer {
            width,
            signedness: Signedness::Signless,
        })
    }
    pub fn function_type(&self, inputs: &[TypeId], results: &[TypeId]) -> TypeId {
        self.ty(TypeData::Function {
            inputs: inputs.into(),
            results: results.into(),
        })
    }
    pub fn attr(&self, a: AttrData) -> AttrId {
        self.uniq.intern_attr(a)
    }
    #[inline]
    pub fn attr_data(&self, a: AttrId) -> &AttrData {
        self.uniq.attr_data(a)
    }
    /// An integer attribute; `value` is truncated to the type's width and
    /// sign-extended back, so every integer has one representation.
    pub fn int_attr(&self, value: i64, ty: TypeId) -> AttrId {
        let value = match self.type_data(ty) {
            TypeData::Integer { width, .. } => crate::fold_util::sext(value, *width),
            _ => value,
        };
        self.attr(AttrData::Integer { value, ty })
    }
    pub fn bool_attr(&self, b: bool) -> AttrId {
        self.int_attr(b as i64, self.common.i1)
    }
    pub fn float_attr(&self, value: f64, ty: TypeId) -> AttrId {
        let value = match self.type_data(ty) {
            TypeData::Float(FloatKind::F32) => value as f32 as f64,
            TypeData::Float(FloatKind::F16 | FloatKind::BF16) => {
                crate::fold_util::round_to_half(value, ty, self)
            }
            _ => value,
        };
        self.attr(AttrData::Float {
            bits: value.to_bits(),
            ty,
        })
    }
    pub fn str_attr(&self, s: &str) -> AttrId {
        self.attr(AttrData::String(self.sym(s)))
    }
    pub fn type_attr(&self, t: TypeId) -> AttrId {
        self.attr(AttrData::Type(t))
    }
    pub fn unit_attr(&self) -> AttrId {
        self.attr(AttrData::Unit)
    }
    pub fn symbol_ref_attr(&self, name: &str) -> AttrId {
        self.attr(AttrData::SymbolRef {
            root: self.sym(name),
            nested: Box::new([]),
        })
    }
    pub fn dense_i32_array(&self, values: &[i64]) -> AttrId {
        self.attr(AttrData::DenseArray {
            elem: self.common.i32,
            values: values.into(),
        })
    }
    pub fn unknown_loc(&self) -> LocId {
        self.unknown_loc
    }
    pub fn file_loc(&self, file: &str, line: u32, col: u32) -> LocId {
        self.uniq.add_loc(LocData::FileLineCol {
            file: self.sym(file),
            line,
            col,
        })
    }
    pub fn add_loc(&self, l: LocData) -> LocId {
        self.uniq.add_loc(l)
    }
    pub fn loc_data(&self, l: LocId) -> &LocData {
        self.uniq.loc_data(l)
    }

    /// Resolves an op name against the registry.
    pub fn op_name(&self, name: &str) -> OpName {
        OpName {
            sym: self.sym(name),
            def: self.registry.lookup(name),
        }
    }
    /// [`op_name`](Self::op_name) of a `'static` name (an op definition's),
    /// its symbol cached by address: see [`Uniquer::static_sym`].
    pub fn static_op_name(&self, name: &'static str) -> OpName {
        OpName {
            sym: self.static_sym(name),
            def: self.registry.lookup(name),
        }
    }

    // ----- reading ops -----

    #[inline]
    pub fn op(&self, op: OpId) -> &OpData {
        &self.ops[op]
    }
    pub fn is_live_op(&self, op: OpId) -> bool {
        self.ops.contains(op)
    }
    pub fn num_ops(&self) -> usize {
        self.ops.len()
    }
    #[inline]
    pub fn name_of(&self, op: OpId) -> &str {
        self.str(self.ops[op].name.sym)
    }
    #[inline]
    pub fn def_of(&self, op: OpId) -> Option<&'static OpDef> {
        self.ops[op].name.def
    }
    /// Is `op` an instance of `def`?
    #[inline]
    pub fn isa(&self, op: OpId, def: &'static OpDef) -> bool {
        self.ops[op].name.def.is_some_and(|d| std::ptr::eq(d, def))
    }
    pub fn has_trait(&self, op: OpId, t: Traits) -> bool {
        self.ops[op].name.def.is_some_and(|d| d.has(t))
    }
    #[inline]
    pub fn operands(&self, op: OpId) -> &[ValueId] {
        &self.ops[op].operands
    }
    #[inline]
    pub fn operand(&self, op: OpId, i: usize) -> ValueId {
        self.ops[op].operands[i]
    }
    #[inline]
    pub fn results(&self, op: OpId) -> &[ValueId] {
        &self.ops[op].results
    }
    #[inline]
    pub fn result(&self, op: OpId, i: usize) -> ValueId {
        self.ops[op].results[i]
    }
    #[inline]
    pub fn successors(&self, op: OpId) -> &[BlockId] {
        &self.ops[op].successors
    }
    #[inline]
    pub fn regions(&self, op: OpId) -> &[RegionId] {
        &self.ops[op].regions
    }
    #[inline]
    pub fn region(&self, op: OpId, i: usize) -> RegionId {
        self.ops[op].regions[i]
    }
    #[inline]
    pub fn attrs(&self, op: OpId) -> &[(Sym, AttrId)] {
        &self.ops[op].attrs
    }
    /// The attribute named `name`, if set.
    pub fn attr_of(&self, op: OpId, name: &str) -> Option<AttrId> {
        let attrs = &self.ops[op].attrs;
        // Ops carry few attributes: a scan comparing lengths first beats a
        // binary search of ordered string comparisons.
        if attrs.len() <= 8 {
            return attrs
                .iter()
                .find(|(k, _)| self.str(*k) == name)
                .map(|&(_, a)| a);
        }
        attrs
            .binary_search_by(|(k, _)| self.str(*k).cmp(name))
            .ok()
            .map(|i| attrs[i].1)
    }
    /// The attribute named `name`, if set, by interned name (no string
    /// comparison: symbols are unique).
    pub fn attr_of_sym(&self, op: OpId, name: Sym) -> Option<AttrId> {
        self.ops[op]
            .attrs
            .iter()
            .find(|(k, _)| *k == name)
            .map(|&(_, a)| a)
    }
    pub fn int_attr_of(&self, op: OpId, name: &str) -> Option<i64> {
        self.attr_of(op, name)
            .and_then(|a| self.attr_data(a).as_int())
    }
    /// The `<{...}>` dictionary of an unregistered op, if it had one.
    pub fn opaque_props(&self, op: OpId) -> Option<AttrId> {
        self.ops[op].opaque_props
    }
    #[inline]
    pub fn loc(&self, op: OpId) -> LocId {
        self.ops[op].loc
    }
    #[inline]
    pub fn parent_block(&self, op: OpId) -> Option<BlockId> {
        self.ops[op].parent
    }
    /// The op whose region holds `op`.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].parent.and_then(|b| self.block_parent_op(b))
    }
    #[inline]
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].next
    }
    #[inline]
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].prev
    }
    /// Is `op` a proper ancestor of `other` (or equal)?
    pub fn is_ancestor(&self, op: OpId, mut other: OpId) -> bool {
        loop {
            if other == op {
                return true;
            }
            match self.parent_op(other) {
                Some(p) => other = p,
                None => return false,
            }
        }
    }

    // ----- reading blocks and regions -----

    #[inline]
    pub fn block(&self, b: BlockId) -> &BlockData {
        &self.blocks[b]
    }
    pub fn is_live_block(&self, b: BlockId) -> bool {
        self.blocks.contains(b)
    }
    #[inline]
    pub fn block_args(&self, b: BlockId) -> &[ValueId] {
        &self.blocks[b].args
    }
    #[inline]
    pub fn block_parent(&self, b: BlockId) -> Option<RegionId> {
        self.blocks[b].parent
    }
    pub fn block_parent_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks[b].parent.and_then(|r| self.regions[r].parent)
    }
    pub fn first_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks[b].first
    }
    pub fn last_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks[b].last
    }
    /// The block's last op if it is a terminator (or unregistered: an
    /// unregistered last op may be one, so callers treat it as such).
    pub fn terminator(&self, b: BlockId) -> Option<OpId> {
        let last = self.blocks[b].last?;
        match self.def_of(last) {
            Some(d) if !d.has(Traits::TERMINATOR) => None,
            _ => Some(last),
        }
    }
    /// The ops of a block, in order. Reading only: collect first to mutate.
    pub fn block_ops(&self, b: BlockId) -> BlockOps<'_> {
        BlockOps {
            ctx: self,
            next: self.blocks[b].first,
        }
    }
    /// Predecessor edges: (branching op, successor index), in use order.
    pub fn block_preds(&self, b: BlockId) -> &[Use] {
        &self.blocks[b].preds
    }
    /// Distinct predecessor blocks, in first-use order.
    pub fn pred_blocks(&self, b: BlockId) -> SmallVec<[BlockId; 4]> {
        let mut out: SmallVec<[BlockId; 4]> = SmallVec::new();
        for u in &self.blocks[b].preds {
            if let Some(p) = self.ops[u.op].parent
                && !out.contains(&p)
            {
                out.push(p);
            }
        }
        out
    }
    /// Successor blocks of the block's terminator.
    pub fn succ_blocks(&self, b: BlockId) -> &[BlockId] {
        match self.blocks[b].last {
            Some(t) => &self.ops[t].successors,
            None => &[],
        }
    }
    #[inline]
    pub fn region_blocks(&self, r: RegionId) -> &[BlockId] {
        &self.regions[r].blocks
    }
    pub fn region_parent(&self, r: RegionId) -> Option<OpId> {
        self.regions[r].parent
    }
    pub fn entry_block(&self, r: RegionId) -> Option<BlockId> {
        self.regions[r].blocks.first().copied()
    }
    /// Position of a block within its region.
    pub fn block_index(&self, b: BlockId) -> Option<usize> {
        let r = self.blocks[b].parent?;
        self.regions[r].blocks.iter().position(|&x| x == b)
    }

    // ----- reading values -----

    #[inline]
    pub fn value_type(&self, v: ValueId) -> TypeId {
        self.values[v].ty
    }
    #[inline]
    pub fn value_def(&self, v: ValueId) -> ValueDef {
        self.values[v].def
    }
    #[inline]
    pub fn uses(&self, v: ValueId) -> &[Use] {
        &self.values[v].uses
    }
    pub fn has_uses(&self, v: ValueId) -> bool {
        !self.values[v].uses.is_empty()
    }
    pub fn defining_op(&self, v: ValueId) -> Option<OpId> {
        match self.values[v].def {
            ValueDef::Result { op, .. } => Some(op),
            ValueDef::BlockArg { .. } => None,
        }
    }
    /// The block in which a value is defined.
    pub fn value_block(&self, v: ValueId) -> Option<BlockId> {
        match self.values[v].def {
            ValueDef::Result { op, .. } => self.ops[op].parent,
            ValueDef::BlockArg { block, .. } => Some(block),
        }
    }
    pub fn value_loc(&self, v: ValueId) -> LocId {
        match self.values[v].def {
            ValueDef::Result { op, .. } => self.ops[op].loc,
            ValueDef::BlockArg { .. } => self.values[v].loc.unwrap_or(self.unknown_loc),
        }
    }
    /// Are all results of `op` unused?
    pub fn op_is_unused(&self, op: OpId) -> bool {
        self.ops[op]
            .results
            .iter()
            .all(|&r| self.values[r].uses.is_empty())
    }

    // ----- walking -----

    /// Visits `root` and every nested op, parents before children.
    pub fn walk_pre(&self, root: OpId, f: &mut dyn FnMut(OpId)) {
        f(root);
        for &r in &self.ops[root].regions {
            for &b in &self.regions[r].blocks {
                let mut cur = self.blocks[b].first;
                while let Some(op) = cur {
                    self.walk_pre(op, f);
                    cur = self.ops[op].next;
                }
            }
        }
    }

    /// Visits every nested op and then `root`, children before parents.
    pub fn walk_post(&self, root: OpId, f: &mut dyn FnMut(OpId)) {
        for &r in &self.ops[root].regions {
            for &b in &self.regions[r].blocks {
                let mut cur = self.blocks[b].first;
                while let Some(op) = cur {
                    self.walk_post(op, f);
                    cur = self.ops[op].next;
                }
            }
        }
        f(root);
    }

    /// All ops under `root` (inclusive) in pre-order, for mutation loops.
    pub fn collect_pre(&self, root: OpId) -> Vec<OpId> {
        let mut v = Vec::new();
        self.walk_pre(root, &mut |op| v.push(op));
        v
    }

    /// All ops under `root` (inclusive) in post-order.
    pub fn collect_post(&self, root: OpId) -> Vec<OpId> {
        let mut v = Vec::new();
        self.walk_post(root, &mut |op| v.push(op));
        v
    }

    /// Operand groups of `op` as declared by its definition: one range per
    /// operand spec. Returns `None` if the counts cannot match the spec.
    pub fn operand_groups(&self, op: OpId) -> Option<SmallVec<[std::ops::Range<usize>; 4]>> {
        let def = self.def_of(op)?;
        group_ranges(self, op, def.operands, self.operands(op).len(), true)
    }
    /// The operands of group `g` (by operand spec index).
    pub fn operand_group(&self, op: OpId, g: usize) -> &[ValueId] {
        match self.operand_groups(op) {
            Some(groups) => &self.operands(op)[groups[g].clone()],
            None => &[],
        }
    }
    /// The operands forwarded to successor `i`.
    pub fn successor_operands(&self, op: OpId, i: usize) -> &[ValueId] {
        match self.def_of(op).and_then(|d| d.successor_operands) {
            Some(f) => {
                let r = f(self, op, i);
                self.operands(op).get(r).unwrap_or(&[])
            }
            None => &[],
        }
    }
}

/// A small vector of `items`, pushed one by one: an op's lists are short
/// (often empty), and `SmallVec::from_slice` calls `memcpy` even for none.
#[inline]
fn small<A: smallvec::Array>(items: &[A::Item]) -> SmallVec<A>
where
    A::Item: Copy,
{
    let mut v = SmallVec::new();
    for &x in items {
        v.push(x);
    }
    v
}

/// Splits `total` operands into groups per spec, using
/// `operandSegmentSizes` when there are several variable-length groups.
pub(crate) fn group_ranges(
    ctx: &Context,
    op: OpId,
    specs: &[crate::opdef::ValueSpec],
    total: usize,
    operands: bool,
) -> Option<SmallVec<[std::ops::Range<usize>; 4]>> {
    use crate::opdef::Arity;
    let variable = specs.iter().filter(|s| s.arity != Arity::Single).count();
    let mut out = SmallVec::new();
    if operands && ctx.has_trait(op, Traits::ATTR_SIZED_OPERAND_SEGMENTS) {
        let a = ctx.attr_of(op, "operandSegmentSizes")?;
        let AttrData::DenseArray { values, .. } = ctx.attr_data(a) else {
            return None;
        };
        if values.len() != specs.len() || values.iter().any(|&v| v < 0) {
            return None;
        }
        let mut start = 0usize;
        for &n in values.iter() {
            out.push(start..start + n as usize);
            start += n as usize;
        }
        return (start == total).then_some(out);
    }
    let fixed = specs.len() - variable;
    if variable > 1 || total < fixed {
        return None;
    }
    let var_len = total - fixed;
    let mut start = 0usize;
    for s in specs {
        let n = if s.arity == Arity::Single { 1 } else { var_len };
        if s.arity == Arity::Optional && n > 1 {
            return None;
        }
        out.push(start..start + n);
        start += n;
    }
    Some(out)
}

pub struct BlockOps<'a> {
    ctx: &'a Context,
    next: Option<OpId>,
}

impl Iterator for BlockOps<'_> {
    type Item = OpId;
    #[inline]
    fn next(&mut self) -> Option<OpId> {
        let cur = self.next?;
        self.next = self.ctx.ops[cur].next;
        Some(cur)
    }
}

// ----- primitive mutations (crate-private; see `Rewriter` for the public API) -----

impl Context {
    pub(crate) fn sort_attrs(&self, attrs: &mut Vec<(Sym, AttrId)>) {
        if attrs.len() < 2 {
            return;
        }
        // Stable sort then keep the last of equal names, so later entries win.
        attrs.sort_by(|a, b| self.str(a.0).cmp(self.str(b.0)));
        let mut w = 0usize;
        for r in 0..attrs.len() {
            let (k, v) = attrs[r];
            if w > 0 && attrs[w - 1].0 == k {
                attrs[w - 1].1 = v;
            } else {
                attrs[w] = (k, v);
                w += 1;
            }
        }
        attrs.truncate(w);
    }

    /// Creates a detached op from `state`, adopting its regions.
    pub(crate) fn create_op(&mut self, mut state: OperationState) -> OpId {
        self.create_op_from(&mut state)
    }

    /// [`create_op`](Self::create_op) from a borrowed state, which keeps its
    /// vectors: a caller creating many ops (the parser) reuses them instead
    /// of moving states around and reallocating.
    pub(crate) fn create_op_from(&mut self, state: &mut OperationState) -> OpId {
        if let Some(complete) = state.name.def.and_then(|d| d.complete_state) {
            complete(self, state);
        }
        self.sort_attrs(&mut state.attrs);
        // Link results, uses, predecessors and regions to the id the op will
        // get, then store it whole.
        let op = self.ops.next_key();
        let mut results: SmallVec<[ValueId; 4]> = SmallVec::new();
        for (i, &ty) in state.result_types.iter().enumerate() {
            results.push(self.values.alloc(ValueData {
                ty,
                def: ValueDef::Result {
                    op,
                    index: i as u32,
                },
                uses: SmallVec::new(),
                loc: None,
            }));
        }
        for (i, &v) in state.operands.iter().enumerate() {
            self.values[v].uses.push(Use {
                op,
                index: i as u32,
            });
        }
        for (i, &b) in state.successors.iter().enumerate() {
            self.blocks[b].preds.push(Use {
                op,
                index: i as u32,
            });
        }
        for &r in &state.regions {
            debug_assert!(self.regions[r].parent.is_none(), "region adopted twice");
            self.regions[r].parent = Some(op);
        }
        let allocated = self.ops.alloc(OpData {
            name: state.name,
            operands: small(&state.operands),
            results,
            successors: small(&state.successors),
            regions: small(&state.regions),
            // Copied: `from_vec` would keep the state's heap buffer even for
            // a single attribute that fits inline.
            attrs: small(&state.attrs),
            opaque_props: state.opaque_props,
            loc: state.loc,
            parent: None,
            prev: None,
            next: None,
        });
        debug_assert_eq!(allocated, op);
        op
    }

    /// Makes room for about `ops` more ops and their results, so that
    /// building a large module does not repeatedly regrow the arenas.
    pub(crate) fn reserve(&mut self, ops: usize) {
        self.ops.reserve(ops);
        self.values.reserve(ops);
    }

    pub(crate) fn create_region(&mut self) -> RegionId {
        self.regions.alloc(RegionData::default())
    }

    pub(crate) fn create_block(&mut self) -> BlockId {
        self.blocks.alloc(BlockData::default())
    }

    pub(crate) fn add_block_arg(&mut self, b: BlockId, ty: TypeId, loc: Option<LocId>) -> ValueId {
        let index = self.blocks[b].args.len() as u32;
        let v = self.values.alloc(ValueData {
            ty,
            def: ValueDef::BlockArg { block: b, index },
            uses: SmallVec::new(),
            loc,
        });
        self.blocks[b].args.push(v);
        v
    }

    /// Removes an unused block argument, renumbering the later ones.
    pub(crate) fn erase_block_arg(&mut self, b: BlockId, index: usize) {
        let v = self.blocks[b].args.remove(index);
        assert!(
            self.values[v].uses.is_empty(),
            "erasing a block argument that still has uses"
        );
        self.values.free(v);
        for (i, &a) in self.blocks[b].args.iter().enumerate().skip(index) {
            self.values[a].def = ValueDef::BlockArg {
                block: b,
                index: i as u32,
            };
        }
    }

    pub(crate) fn insert_block(&mut self, r: RegionId, pos: usize, b: BlockId) {
        debug_assert!(self.blocks[b].parent.is_none());
        self.regions[r].blocks.insert(pos, b);
        self.blocks[b].parent = Some(r);
    }

    /// Detaches a block from its region (its ops stay in it).
    pub(crate) fn remove_block(&mut self, b: BlockId) {
        if let Some(r) = self.blocks[b].parent.take() {
            self.regions[r].blocks.retain(|&x| x != b);
        }
    }

    pub(crate) fn insert_op(&mut self, op: OpId, ip: InsertPoint) {
        debug_assert!(
            self.ops[op].parent.is_none(),
            "inserting an op that is already in a block"
        );
        let (block, prev, next) = match ip {
            InsertPoint::BlockStart(b) => (b, None, self.blocks[b].first),
            InsertPoint::BlockEnd(b) => (b, self.blocks[b].last, None),
            InsertPoint::Before(o) => (
                self.ops[o].parent.expect("anchor op not in a block"),
                self.ops[o].prev,
                Some(o),
            ),
            InsertPoint::After(o) => (
                self.ops[o].parent.expect("anchor op not in a block"),
                Some(o),
                self.ops[o].next,
            ),
        };
        let d = &mut self.ops[op];
        d.parent = Some(block);
        d.prev = prev;
        d.next = next;
        match prev {
            Some(p) => self.ops[p].next = Some(op),
            None => self.blocks[block].first = Some(op),
        }
        match next {
            Some(n) => self.ops[n].prev = Some(op),
            None => self.blocks[block].last = Some(op),
        }
    }

    /// Detaches an op from its block, keeping it alive.
    pub(crate) fn unlink_op(&mut self, op: OpId) {
        let Some(block) = self.ops[op].parent.take() else {
            return;
        };
        let (prev, next) = (self.ops[op].prev.take(), self.ops[op].next.take());
        match prev {
            Some(p) => self.ops[p].next = next,
            None => self.blocks[block].first = next,
        }
        match next {
            Some(n) => self.ops[n].prev = prev,
            None => self.blocks[block].last = prev,
        }
    }

    fn drop_use(&mut self, v: ValueId, u: Use) {
        let uses = &mut self.values[v].uses;
        // Order-preserving: passes replay MLIR's use-list order (newest use
        // first) from this list read backwards.
        if let Some(i) = uses.iter().position(|x| *x == u) {
            uses.remove(i);
        }
    }

    pub(crate) fn set_operand(&mut self, op: OpId, i: usize, v: ValueId) {
        let old = self.ops[op].operands[i];
        if old == v {
            return;
        }
        let u = Use {
            op,
            index: i as u32,
        };
        self.drop_use(old, u);
        self.values[v].uses.push(u);
        self.ops[op].operands[i] = v;
    }

    pub(crate) fn set_operands(&mut self, op: OpId, vals: &[ValueId]) {
        let old = std::mem::take(&mut self.ops[op].operands);
        for (i, &v) in old.iter().enumerate() {
            self.drop_use(
                v,
                Use {
                    op,
                    index: i as u32,
                },
            );
        }
        for (i, &v) in vals.iter().enumerate() {
            self.values[v].uses.push(Use {
                op,
                index: i as u32,
            });
        }
        self.ops[op].operands = SmallVec::from_slice(vals);
    }

    /// Erases the operands whose `erase` flag is set. As in MLIR, the
    /// operands before the first erased one are untouched, and each later
    /// one is re-registered as its value's newest use.
    pub(crate) fn erase_operands(&mut self, op: OpId, erase: &[bool]) {
        let Some(first) = erase.iter().position(|&e| e) else {
            return;
        };
        let old = self.ops[op].operands.clone();
        for (i, &v) in old.iter().enumerate().skip(first) {
            self.drop_use(
                v,
                Use {
                    op,
                    index: i as u32,
                },
            );
        }
        let mut kept: SmallVec<[ValueId; 4]> = SmallVec::from_slice(&old[..first]);
        for (i, &v) in old.iter().enumerate().skip(first + 1) {
            if !erase.get(i).copied().unwrap_or(false) {
                self.values[v].uses.push(Use {
                    op,
                    index: kept.len() as u32,
                });
                kept.push(v);
            }
        }
        self.ops[op].operands = kept;
    }

    pub(crate) fn set_successor(&mut self, op: OpId, i: usize, b: BlockId) {
        let old = self.ops[op].successors[i];
        let u = Use {
            op,
            index: i as u32,
        };
        let preds = &mut self.blocks[old].preds;
        if let Some(p) = preds.iter().position(|x| *x == u) {
            preds.swap_remove(p);
        }
        self.blocks[b].preds.push(u);
        self.ops[op].successors[i] = b;
    }

    pub(crate) fn replace_all_uses(&mut self, from: ValueId, to: ValueId) {
        if from == to {
            return;
        }
        let uses = std::mem::take(&mut self.values[from].uses);
        for u in &uses {
            self.ops[u.op].operands[u.index as usize] = to;
        }
        // MLIR moves the uses newest first, each to the head of `to`'s list.
        self.values[to].uses.extend(uses.into_iter().rev());
    }

    pub(crate) fn set_attr(&mut self, op: OpId, name: Sym, value: AttrId) {
        let key = self.uniq.str(name);
        let uniq = self.uniq.clone();
        let attrs = &mut self.ops[op].attrs;
        match attrs.binary_search_by(|(k, _)| uniq.str(*k).cmp(key)) {
            Ok(i) => attrs[i].1 = value,
            Err(i) => attrs.insert(i, (name, value)),
        }
    }

    pub(crate) fn remove_attr(&mut self, op: OpId, name: &str) -> Option<AttrId> {
        let uniq = self.uniq.clone();
        let attrs = &mut self.ops[op].attrs;
        let i = attrs
            .binary_search_by(|(k, _)| uniq.str(*k).cmp(name))
            .ok()?;
        Some(attrs.remove(i).1)
    }

    pub(crate) fn set_value_type(&mut self, v: ValueId, ty: TypeId) {
        self.values[v].ty = ty;
    }

    /// Erases an op and everything nested in it. Its results must be unused
    /// by ops outside it.
    pub(crate) fn erase_op(&mut self, op: OpId) {
        debug_assert!(
            self.ops[op].results.iter().all(|&r| self.values[r]
                .uses
                .iter()
                .all(|u| self.is_ancestor(op, u.op))),
            "erasing an op whose results are still used outside it"
        );
        self.unlink_op(op);
        self.destroy_op(op);
    }

    fn destroy_op(&mut self, op: OpId) {
        let regions = std::mem::take(&mut self.ops[op].regions);
        for r in regions {
            self.destroy_region(r);
        }
        self.set_operands(op, &[]);
        let succs = std::mem::take(&mut self.ops[op].successors);
        for (i, b) in succs.into_iter().enumerate() {
            if let Some(bd) = self.blocks.get(b) {
                let u = Use {
                    op,
                    index: i as u32,
                };
                if let Some(p) = bd.preds.iter().position(|x| *x == u) {
                    self.blocks[b].preds.swap_remove(p);
                }
            }
        }
        for i in 0..self.ops[op].results.len() {
            let r = self.ops[op].results[i];
            self.cut_uses(r);
        }
        let data = self.ops.free(op).expect("erasing a dead op");
        for r in data.results {
            self.values.free(r);
        }
    }

    /// Erases a region's blocks and their ops. Uses across the region's
    /// blocks are dropped first, so ops may be erased in any order.
    pub(crate) fn destroy_region(&mut self, r: RegionId) {
        let blocks = std::mem::take(&mut self.regions[r].blocks);
        for &b in &blocks {
            for op in self.block_ops(b).collect::<Vec<_>>() {
                self.drop_all_references(op);
            }
        }
        for b in blocks {
            self.destroy_block(b);
        }
        self.regions.free(r);
    }

    /// Drops every operand and successor reference held by `op` and its
    /// nested ops, so that the whole subtree can be erased in any order.
    fn drop_all_references(&mut self, op: OpId) {
        for o in self.collect_pre(op) {
            self.set_operands(o, &[]);
            let succs = std::mem::take(&mut self.ops[o].successors);
            for (i, b) in succs.into_iter().enumerate() {
                let u = Use {
                    op: o,
                    index: i as u32,
                };
                if let Some(p) = self.blocks[b].preds.iter().position(|x| *x == u) {
                    self.blocks[b].preds.swap_remove(p);
                }
            }
        }
    }

    /// Erases a detached (or attached) block and its ops; its arguments must
    /// be unused outside it.
    pub(crate) fn destroy_block(&mut self, b: BlockId) {
        self.remove_block(b);
        for op in self.block_ops(b).collect::<Vec<_>>() {
            self.drop_all_references(op);
        }
        let mut cur = self.blocks[b].last;
        while let Some(op) = cur {
            cur = self.ops[op].prev;
            // Uses inside the block were dropped above; any left are by ops
            // outside it, in IR that does not verify.
            for &res in self.ops[op].results.clone().iter() {
                self.cut_uses(res);
            }
            self.erase_op(op);
        }
        for a in self.blocks[b].args.clone() {
            self.cut_uses(a);
        }
        let data = self.blocks.free(b).expect("erasing a dead block");
        debug_assert!(
            data.preds.is_empty(),
            "erasing a block that is still a successor"
        );
        for a in data.args {
            self.values.free(a);
        }
    }

    /// Removes the operands that still use `v`, a value about to be freed.
    /// Only IR that does not verify has such uses (a value used where it is
    /// not visible, as MLIR's `WhileMoveIfDown` can leave behind for later
    /// patterns to repair): MLIR's erasure drops them, leaving null operands;
    /// removing them keeps lockstep's IR free of dangling references.
    fn cut_uses(&mut self, v: ValueId) {
        while let Some(u) = self.values[v].uses.last().copied() {
            let mut operands = self.ops[u.op].operands.clone();
            operands.remove(u.index as usize);
            self.set_operands(u.op, &operands);
        }
    }
}
