//! Symbols and symbol tables (MLIR's `SymbolTable` utilities): which ops
//! define symbols, their visibility, the symbol references an op holds, and
//! resolving references through nested symbol tables.
//!
//! Invariants:
//! - An op defines a symbol iff it has the `SYMBOL` trait, or declares an
//!   optional `sym_name` attribute and has it set (a named `builtin.module`).
//! - Visibility is read from `sym_visibility`: absent means public.
//! - References are `SymbolRef` attributes anywhere in an op's attributes or
//!   unregistered properties, nested in arrays and dictionaries. The uses of
//!   an op include those of the ops nested in it, but not of ops inside a
//!   nested symbol table (a new scope). An unregistered op of an unknown
//!   dialect with one region might be a symbol table: uses cannot be known.
//! - [`SymbolTables`] caches one name map per table; it must be dropped (or
//!   [`SymbolTables::invalidate`]d) when symbols are added, renamed or erased.

use lockstep_ir::attrs::AttrData;
use lockstep_ir::{AttrId, Context, OpId, Sym, Traits};
use rustc_hash::FxHashMap;

/// Symbol visibility.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Visibility {
    Public,
    Private,
    Nested,
}

pub fn is_symbol(ctx: &Context, op: OpId) -> bool {
    match ctx.def_of(op) {
        Some(d) if d.has(Traits::SYMBOL) => true,
        Some(d) => d.is_inherent_attr("sym_name") && ctx.attr_of(op, "sym_name").is_some(),
        None => false,
    }
}

pub fn symbol_name(ctx: &Context, op: OpId) -> Option<Sym> {
    match ctx.attr_data(ctx.attr_of(op, "sym_name")?) {
        AttrData::String(s) => Some(*s),
        _ => None,
    }
}

pub fn visibility(ctx: &Context, op: OpId) -> Visibility {
    let v = ctx
        .attr_of(op, "sym_visibility")
        .and_then(|a| match ctx.attr_data(a) {
            AttrData::String(s) => Some(ctx.str(*s)),
            _ => None,
        });
    match v {
        Some("private") => Visibility::Private,
        Some("nested") => Visibility::Nested,
        _ => Visibility::Public,
    }
}

/// An unregistered op of an unknown dialect with one region: it might hold
/// a symbol table lockstep knows nothing about.
pub fn is_potentially_unknown_symbol_table(ctx: &Context, op: OpId) -> bool {
    ctx.def_of(op).is_none()
        && ctx.regions(op).len() == 1
        && ctx
            .registry()
            .dialect(ctx.name_of(op).split_once('.').map_or("", |(d, _)| d))
            .is_none()
}

fn collect_refs(ctx: &Context, a: AttrId, out: &mut Vec<AttrId>) {
    match ctx.attr_data(a) {
        AttrData::SymbolRef { .. } => out.push(a),
        AttrData::Array(elems) => elems.iter().for_each(|&e| collect_refs(ctx, e, out)),
        AttrData::Dict(entries) => entries.iter().for_each(|&(_, e)| collect_refs(ctx, e, out)),
        _ => {}
    }
}

/// The symbol references held by `op` itself (not by nested ops).
pub fn op_symbol_refs(ctx: &Context, op: OpId) -> Vec<AttrId> {
    let mut out = Vec::new();
    for &(_, a) in ctx.attrs(op) {
        collect_refs(ctx, a, &mut out);
    }
    if let Some(p) = ctx.opaque_props(op) {
        collect_refs(ctx, p, &mut out);
    }
    out
}

/// Every symbol reference held by `op` and the ops nested in it, with the
/// op holding it, stopping at nested symbol tables (whose own attributes
/// still count). `None` if a potentially unknown symbol table is met.
pub fn symbol_uses(ctx: &Context, op: OpId) -> Option<Vec<(OpId, AttrId)>> {
    if is_potentially_unknown_symbol_table(ctx, op) {
        return None;
    }
    let mut out: Vec<(OpId, AttrId)> = op_symbol_refs(ctx, op)
        .into_iter()
        .map(|a| (op, a))
        .collect();
    if ctx.has_trait(op, Traits::SYMBOL_TABLE) {
        return Some(out);
    }
    let mut stack: Vec<OpId> = Vec::new();
    let push_region_ops = |stack: &mut Vec<OpId>, o: OpId| {
        for &r in ctx.regions(o).iter().rev() {
            for &b in ctx.region_blocks(r).iter().rev() {
                let ops: Vec<OpId> = ctx.block_ops(b).collect();
                stack.extend(ops.into_iter().rev());
            }
        }
    };
    push_region_ops(&mut stack, op);
    while let Some(o) = stack.pop() {
        if is_potentially_unknown_symbol_table(ctx, o) {
            return None;
        }
        out.extend(op_symbol_refs(ctx, o).into_iter().map(|a| (o, a)));
        if !ctx.has_trait(o, Traits::SYMBOL_TABLE) {
            push_region_ops(&mut stack, o);
        }
    }
    Some(out)
}

/// Name maps of symbol tables, built on first use (MLIR's
/// `SymbolTableCollection`). The first definition of a name wins.
#[derive(Default)]
pub struct SymbolTables {
    maps: FxHashMap<OpId, FxHashMap<Sym, OpId>>,
}

impl SymbolTables {
    pub fn invalidate(&mut self, table: OpId) {
        self.maps.remove(&table);
    }

    /// The symbol `name` defined directly in `table`.
    pub fn lookup(&mut self, ctx: &Context, table: OpId, name: Sym) -> Option<OpId> {
        let map = self.maps.entry(table).or_insert_with(|| {
            let mut m = FxHashMap::default();
            for &r in ctx.regions(table) {
                for &b in ctx.region_blocks(r) {
                    for op in ctx.block_ops(b) {
                        if is_symbol(ctx, op)
                            && let Some(s) = symbol_name(ctx, op)
                        {
                            m.entry(s).or_insert(op);
                        }
                    }
                }
            }
            m
        });
        map.get(&name).copied()
    }

    /// Resolves `@root::@a::@b` from `table`: every symbol on the path, in
    /// order, or `None` if some part does not resolve.
    pub fn resolve(&mut self, ctx: &Context, table: OpId, reference: AttrId) -> Option<Vec<OpId>> {
        let AttrData::SymbolRef { root, nested } = ctx.attr_data(reference) else {
            return None;
        };
        let mut out = Vec::with_capacity(1 + nested.len());
        let mut cur = self.lookup(ctx, table, *root)?;
        out.push(cur);
        for &n in nested.iter() {
            if !ctx.has_trait(cur, Traits::SYMBOL_TABLE) {
                return None;
            }
            cur = self.lookup(ctx, cur, n)?;
            out.push(cur);
        }
        Some(out)
    }
}

/// The nearest op enclosing `op` (not `op` itself) that holds a symbol table.
pub fn nearest_symbol_table_above(ctx: &Context, op: OpId) -> Option<OpId> {
    let mut cur = ctx.parent_op(op)?;
    loop {
        if ctx.has_trait(cur, Traits::SYMBOL_TABLE) {
            return Some(cur);
        }
        if is_potentially_unknown_symbol_table(ctx, cur) {
            return None;
        }
        cur = ctx.parent_op(cur)?;
    }
}
