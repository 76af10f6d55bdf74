//! Symbols and symbol tables, as MLIR's `SymbolTable` utilities and
//! `SymbolTableCollection`: which ops define symbols, their names and
//! visibility, the symbol references an op holds, and resolving references
//! through (nested) symbol tables.
//!
//! Invariants:
//! - An op *is a symbol* iff it has the `SYMBOL` trait, or declares an
//!   optional `sym_name` attribute and has it set (a named `builtin.module`).
//! - Like MLIR's `getNameIfSymbol`, name lookup in a table does not ask for
//!   the symbol trait: the name of an op is its string `sym_name` attribute,
//!   and a table's symbols are the named ops of the first block of its first
//!   region. When a name is defined twice (which the verifier reports), the
//!   first definition wins.
//! - Visibility is read from `sym_visibility`: absent (or not a known
//!   value) means public.
//! - The nearest symbol table of an op is the op itself or its closest
//!   ancestor with the `SYMBOL_TABLE` trait. The search gives up (`None`) at
//!   a *potentially unknown symbol table*: an unregistered op of an unknown
//!   dialect with one region, which might hold symbols lockstep knows
//!   nothing about (MLIR's `isPotentiallyUnknownSymbolTable`).
//! - References are `SymbolRef` attributes anywhere in an op's attributes or
//!   unregistered properties, nested in arrays and dictionaries. The uses of
//!   an op include those of the ops nested in it, but not of ops inside a
//!   nested symbol table (a new scope); a potentially unknown symbol table
//!   makes the uses unknowable.
//! - [`SymbolTables`] caches one name map per table, built on first use and
//!   never refreshed by itself: after symbols are added, renamed or erased in
//!   a table, [`SymbolTables::invalidate`] it (or drop the cache). The
//!   verifier keeps one cache per run (the IR does not change meanwhile),
//!   seeded by its duplicate-symbol check, and hands it to the ops'
//!   `verify_symbol_uses` hooks.

use crate::attrs::{AttrData, AttrId};
use crate::context::Context;
use crate::ir::OpId;
use crate::opdef::Traits;
use crate::uniquer::Sym;
use rustc_hash::FxHashMap;

/// Symbol visibility.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Visibility {
    Public,
    Private,
    Nested,
}

/// Does `op` define a symbol (MLIR's `Symbol` interface)?
pub fn is_symbol(ctx: &Context, op: OpId) -> bool {
    match ctx.def_of(op) {
        Some(d) if d.has(Traits::SYMBOL) => true,
        Some(d) => d.is_inherent_attr("sym_name") && ctx.attr_of(op, "sym_name").is_some(),
        None => false,
    }
}

/// The string `sym_name` of `op`, whether or not it is a symbol.
pub fn symbol_name(ctx: &Context, op: OpId) -> Option<Sym> {
    match ctx.attr_data(ctx.attr_of(op, "sym_name")?) {
        AttrData::String(s) => Some(*s),
        _ => None,
    }
}

/// The visibility of `op` (public unless `sym_visibility` says otherwise).
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

/// The nearest op that is `from` or encloses it and holds a symbol table;
/// `None` past a potentially unknown symbol table.
pub fn nearest_symbol_table(ctx: &Context, from: OpId) -> Option<OpId> {
    let mut cur = from;
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

/// The nearest op strictly enclosing `op` that holds a symbol table.
pub fn nearest_symbol_table_above(ctx: &Context, op: OpId) -> Option<OpId> {
    nearest_symbol_table(ctx, ctx.parent_op(op)?)
}

/// The name map of `table`: its named ops, the first definition of a name
/// winning. `on_duplicate(first, again)` is called for every redefinition.
pub fn build_symbol_map(
    ctx: &Context,
    table: OpId,
    mut on_duplicate: impl FnMut(OpId, OpId),
) -> FxHashMap<Sym, OpId> {
    let mut map = FxHashMap::default();
    let Some(block) = ctx.regions(table).first().and_then(|&r| ctx.entry_block(r)) else {
        return map;
    };
    for op in ctx.block_ops(block) {
        if let Some(name) = symbol_name(ctx, op) {
            match map.entry(name) {
                std::collections::hash_map::Entry::Occupied(e) => on_duplicate(*e.get(), op),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(op);
                }
            }
        }
    }
    map
}

/// The op defining `name` directly in `table`, by a scan of the table
/// without caching (MLIR's `SymbolTable::lookupSymbolIn`); for repeated
/// lookups use [`SymbolTables::lookup_symbol_in`].
pub fn lookup_symbol_in(ctx: &Context, table: OpId, name: Sym) -> Option<OpId> {
    let block = ctx.entry_block(*ctx.regions(table).first()?)?;
    ctx.block_ops(block)
        .find(|&op| symbol_name(ctx, op) == Some(name))
}

/// The op defining `name` in the nearest symbol table of `from`, without
/// caching (MLIR's `SymbolTable::lookupNearestSymbolFrom`).
pub fn lookup_nearest(ctx: &Context, from: OpId, name: Sym) -> Option<OpId> {
    lookup_symbol_in(ctx, nearest_symbol_table(ctx, from)?, name)
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
/// `SymbolTableCollection`); see the module doc for when to invalidate.
#[derive(Default)]
pub struct SymbolTables {
    maps: FxHashMap<OpId, FxHashMap<Sym, OpId>>,
}

impl SymbolTables {
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets the name map of `table`; it is rebuilt on next use.
    pub fn invalidate(&mut self, table: OpId) {
        self.maps.remove(&table);
    }

    /// Installs a name map of `table` already built with
    /// [`build_symbol_map`] (the verifier's duplicate check builds one).
    pub fn insert_map(&mut self, table: OpId, map: FxHashMap<Sym, OpId>) {
        self.maps.insert(table, map);
    }

    /// The op defining `name` directly in the symbol table `table`.
    pub fn lookup_symbol_in(&mut self, ctx: &Context, table: OpId, name: Sym) -> Option<OpId> {
        self.maps
            .entry(table)
            .or_insert_with(|| build_symbol_map(ctx, table, |_, _| {}))
            .get(&name)
            .copied()
    }

    /// The op defining `name` in the nearest symbol table of `from` (which
    /// may be `from` itself).
    pub fn lookup_nearest(&mut self, ctx: &Context, from: OpId, name: Sym) -> Option<OpId> {
        let table = nearest_symbol_table(ctx, from)?;
        self.lookup_symbol_in(ctx, table, name)
    }

    /// Resolves `@root::@a::@b` from `table`: every symbol on the path, in
    /// order, or `None` if some part does not resolve.
    pub fn resolve(&mut self, ctx: &Context, table: OpId, reference: AttrId) -> Option<Vec<OpId>> {
        let AttrData::SymbolRef { root, nested } = ctx.attr_data(reference) else {
            return None;
        };
        let mut out = Vec::with_capacity(1 + nested.len());
        let mut cur = self.lookup_symbol_in(ctx, table, *root)?;
        out.push(cur);
        for &n in nested.iter() {
            if !ctx.has_trait(cur, Traits::SYMBOL_TABLE) {
                return None;
            }
            cur = self.lookup_symbol_in(ctx, cur, n)?;
            out.push(cur);
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse_source;

    fn parse(src: &str) -> (Context, OpId) {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        let m =
            parse_source(&mut ctx, "t.mlir", src, 1).unwrap_or_else(|d| panic!("{}", d.message));
        (ctx, m)
    }

    #[test]
    fn lookup_nested_and_duplicates() {
        let (ctx, m) = parse(
            r#""x.a"() {sym_name = "a"} : () -> ()
"x.a"() {sym_name = "a", second} : () -> ()
module @inner {
  "x.b"() {sym_name = "b"} : () -> ()
}
"#,
        );
        let mut dups = Vec::new();
        let map = build_symbol_map(&ctx, m, |f, d| dups.push((f, d)));
        assert_eq!(map.len(), 2);
        assert_eq!(dups.len(), 1);
        let mut tables = SymbolTables::new();
        let a = tables.lookup_symbol_in(&ctx, m, ctx.sym("a")).unwrap();
        assert_eq!(dups[0].0, a);
        let r = ctx.symbol_ref_attr("inner");
        let inner = tables.resolve(&ctx, m, r).unwrap()[0];
        assert!(ctx.has_trait(inner, Traits::SYMBOL_TABLE));
        assert!(is_symbol(&ctx, inner));
        assert_eq!(visibility(&ctx, inner), Visibility::Public);
        let b = tables.lookup_symbol_in(&ctx, inner, ctx.sym("b")).unwrap();
        assert_eq!(nearest_symbol_table(&ctx, b), Some(inner));
        assert_eq!(nearest_symbol_table_above(&ctx, inner), Some(m));
        assert_eq!(tables.lookup_nearest(&ctx, b, ctx.sym("a")), None);
        assert_eq!(tables.lookup_nearest(&ctx, b, ctx.sym("b")), Some(b));
        assert_eq!(lookup_nearest(&ctx, b, ctx.sym("b")), Some(b));
        assert_eq!(lookup_symbol_in(&ctx, m, ctx.sym("a")), Some(a));
        assert_eq!(lookup_symbol_in(&ctx, m, ctx.sym("b")), None);
    }
}
