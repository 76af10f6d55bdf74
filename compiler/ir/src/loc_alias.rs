//! Location aliases for `--print-debuginfo`, as mlir-opt prints them.
//!
//! Every distinct location (compared structurally) of the printed ops and
//! block arguments gets an alias `#loc`, `#loc1`, ...: numbered in the order
//! a dry-run print first meets them (an op's location when the op starts,
//! children before their parent), stably sorted by nesting depth so that an alias is defined after the aliases it refers to. Aliases
//! reached from a block argument are printed before the top-level op (block
//! arguments print their location inline, which may refer to aliases); all
//! others are deferred to after it.

use crate::context::Context;
use crate::location::{LocData, LocId};
use crate::printer::write_string;
use rustc_hash::FxHashMap;
use std::fmt::Write;

struct Entry {
    loc: LocId,
    depth: u32,
    deferred: bool,
    number: u32,
}

#[derive(Default)]
pub struct LocAliases {
    by_key: FxHashMap<String, usize>,
    entries: Vec<Entry>,
}

impl LocAliases {
    /// Records a printed location: an op's (`from_arg` false) or a block
    /// argument's. The printer calls this in a dry run, so that only what
    /// is actually printed (not elided terminators) gets aliases.
    pub fn record(&mut self, ctx: &Context, l: LocId, from_arg: bool) {
        self.visit(ctx, l, from_arg);
    }

    /// Numbers the recorded aliases; call once after the dry run.
    pub fn finish(&mut self) {
        let mut order: Vec<usize> = (0..self.entries.len()).collect();
        order.sort_by_key(|&i| self.entries[i].depth);
        for (n, i) in order.into_iter().enumerate() {
            self.entries[i].number = n as u32;
        }
    }

    /// Registers `l` and its children; returns its depth.
    fn visit(&mut self, ctx: &Context, l: LocId, from_arg: bool) -> u32 {
        let children: Vec<LocId> = match ctx.loc_data(l) {
            LocData::Name { child: Some(c), .. } => vec![*c],
            LocData::Fused { locs, .. } => locs.to_vec(),
            LocData::CallSite { callee, caller } => vec![*callee, *caller],
            _ => Vec::new(),
        };
        let depth = children
            .iter()
            .map(|&c| self.visit(ctx, c, from_arg) + 1)
            .max()
            .unwrap_or(0);
        let key = inline_key(ctx, l);
        match self.by_key.get(&key) {
            Some(&i) => {
                if from_arg {
                    self.entries[i].deferred = false;
                }
            }
            None => {
                self.by_key.insert(key, self.entries.len());
                self.entries.push(Entry {
                    loc: l,
                    depth,
                    deferred: !from_arg,
                    number: 0,
                });
            }
        }
        depth
    }

    fn number_of(&self, ctx: &Context, l: LocId) -> Option<u32> {
        self.by_key
            .get(&inline_key(ctx, l))
            .map(|&i| self.entries[i].number)
    }

    /// `#loc` or `#locN`.
    fn write_alias(n: u32, out: &mut String) {
        if n == 0 {
            out.push_str("#loc");
        } else {
            let _ = write!(out, "#loc{n}");
        }
    }

    /// `loc(#locN)` for an op's location.
    pub fn write_reference(&self, ctx: &Context, l: LocId, out: &mut String) {
        out.push_str("loc(");
        match self.number_of(ctx, l) {
            Some(n) => Self::write_alias(n, out),
            None => write_loc_body(ctx, l, Some(self), out),
        }
        out.push(')');
    }

    /// `loc(...)` inline with children by alias, for a block argument.
    pub fn write_inline(&self, ctx: &Context, l: LocId, out: &mut String) {
        out.push_str("loc(");
        write_loc_body(ctx, l, Some(self), out);
        out.push(')');
    }

    /// Alias definitions, one per line, of the deferred (`true`) or leading
    /// (`false`) group, in number order.
    pub fn write_definitions(&self, ctx: &Context, deferred: bool, out: &mut String) {
        let mut group: Vec<&Entry> = self
            .entries
            .iter()
            .filter(|e| e.deferred == deferred)
            .collect();
        group.sort_by_key(|e| e.number);
        for e in group {
            Self::write_alias(e.number, out);
            out.push_str(" = loc(");
            write_loc_body(ctx, e.loc, Some(self), out);
            out.push_str(")\n");
        }
    }
}

/// The structural identity of a location: its fully inline text.
fn inline_key(ctx: &Context, l: LocId) -> String {
    let mut s = String::new();
    write_loc_body(ctx, l, None, &mut s);
    s
}

/// Writes a location's body (inside `loc(...)`); children are written as
/// aliases when `aliases` is given, inline otherwise.
pub(crate) fn write_loc_body(
    ctx: &Context,
    l: LocId,
    aliases: Option<&LocAliases>,
    out: &mut String,
) {
    let child = |c: LocId, out: &mut String| match aliases.and_then(|a| a.number_of(ctx, c)) {
        Some(n) => LocAliases::write_alias(n, out),
        None => write_loc_body(ctx, c, aliases, out),
    };
    match ctx.loc_data(l) {
        LocData::Unknown => out.push_str("unknown"),
        LocData::FileLineCol { file, line, col } => {
            write_string(ctx.str(*file), out);
            let _ = write!(out, ":{line}:{col}");
        }
        LocData::FileRange {
            file,
            line,
            col,
            end_line,
            end_col,
        } => {
            write_string(ctx.str(*file), out);
            let _ = write!(out, ":{line}:{col} to ");
            if end_line != line {
                let _ = write!(out, "{end_line}");
            }
            let _ = write!(out, ":{end_col}");
        }
        LocData::Name { name, child: c } => {
            write_string(ctx.str(*name), out);
            if let Some(c) = c {
                out.push('(');
                child(*c, out);
                out.push(')');
            }
        }
        LocData::Fused { locs, metadata } => {
            out.push_str("fused");
            if let Some(m) = metadata {
                out.push('<');
                crate::printer::write_attr(ctx, *m, out, true);
                out.push('>');
            }
            out.push('[');
            for (i, &c) in locs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                child(c, out);
            }
            out.push(']');
        }
        LocData::CallSite { callee, caller } => {
            out.push_str("callsite(");
            child(*callee, out);
            out.push_str(" at ");
            child(*caller, out);
            out.push(')');
        }
    }
}
