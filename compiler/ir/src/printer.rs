//! The printer: MLIR's generic and pretty forms, byte-for-byte as mlir-opt 22
//! prints them for the core dialects.
//!
//! Invariants:
//! - Output is a pure function of the IR and the flags: names come from the
//!   print order (never from arena indices), so printing is deterministic.
//! - Pretty form names values per isolated-from-above scope (`%argN`, `%N`,
//!   asm-name hints with a shared conflict counter), numbering a region's own
//!   ops before its nested regions, which restart from the parent's state.
//!   Generic form uses one module-wide counter and numbers regions LIFO,
//!   exactly as mlir-opt does.
//! - Whatever is printed parses back to the same IR (`print(parse(print(x)))
//!   == print(x)`).

use crate::attrs::{AttrData, AttrId};
use crate::context::Context;
use crate::ir::{BlockId, OpId, RegionId, ValueDef, ValueId};
use crate::location::{LocData, LocId};
use crate::opdef::Traits;
use crate::types::{Signedness, TypeData, TypeId};
use crate::uniquer::Sym;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write;

#[derive(Copy, Clone, Debug, Default)]
pub struct PrintOptions {
    /// `--print-op-generic`
    pub generic: bool,
    /// `--print-debuginfo`
    pub debug_info: bool,
}

/// Prints `op` (normally a module) followed by the trailing blank line
/// mlir-opt emits.
pub fn print_op(ctx: &Context, op: OpId, opts: PrintOptions) -> String {
    let mut p = OpAsmPrinter::new(ctx, opts);
    p.names.number_op_tree(ctx, op, opts.generic);
    p.print_operation(op);
    p.out.push('\n');
    p.out.push('\n');
    p.out
}

/// Prints an op nested somewhere in the IR as the root of a dump (used by
/// IR-printing instrumentation on function-level passes).
pub fn print_op_local(ctx: &Context, op: OpId, opts: PrintOptions) -> String {
    print_op(ctx, op, opts)
}

pub fn type_to_string(ctx: &Context, t: TypeId) -> String {
    let mut s = String::new();
    write_type(ctx, t, &mut s);
    s
}

pub fn attr_to_string(ctx: &Context, a: AttrId) -> String {
    let mut s = String::new();
    write_attr(ctx, a, &mut s, true);
    s
}

// ----- names -----

#[derive(Copy, Clone, Debug)]
enum Name {
    Unnamed,
    Num(u32),
    Arg(u32),
    Custom(u32),
}

/// Names of values and blocks for one printing.
#[derive(Default)]
struct NameState {
    /// Per value: its group's name and its index in the group (`#k`), and
    /// whether the group has more than one result.
    values: FxHashMap<ValueId, (Name, u32, bool)>,
    customs: Vec<String>,
}

#[derive(Clone, Default)]
struct Counters {
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
    used: FxHashSet<String>,
}

impl NameState {
    fn number_op_tree(&mut self, ctx: &Context, root: OpId, generic: bool) {
        // A root's own results (rare: printing a nested op) get numbers too.
        let mut counters = Counters::default();
        self.number_results(ctx, root, &mut counters, generic);
        let mut stack: Vec<(RegionId, Counters)> = Vec::new();
        for &r in ctx.regions(root) {
            stack.push((r, Counters::default()));
        }
        let mut global = Counters::default();
        while let Some((region, saved)) = stack.pop() {
            let mut c = if generic { std::mem::take(&mut global) } else { saved };
            self.number_region(ctx, region, &mut c, generic);
            for &b in ctx.region_blocks(region) {
                for op in ctx.block_ops(b) {
                    let isolated = ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE);
                    for &r in ctx.regions(op) {
                        let snapshot = if isolated && !generic { Counters::default() } else { c.clone() };
                        stack.push((r, snapshot));
                    }
                }
            }
            if generic {
                global = c;
            }
        }
    }

    fn number_region(&mut self, ctx: &Context, region: RegionId, c: &mut Counters, generic: bool) {
        for (i, &b) in ctx.region_blocks(region).iter().enumerate() {
            for &a in ctx.block_args(b) {
                let name = if i == 0 {
                    c.next_arg += 1;
                    Name::Arg(c.next_arg - 1)
                } else {
                    c.next_value += 1;
                    Name::Num(c.next_value - 1)
                };
                self.values.insert(a, (name, 0, false));
            }
            for op in ctx.block_ops(b) {
                self.number_results(ctx, op, c, generic);
            }
        }
    }

    fn number_results(&mut self, ctx: &Context, op: OpId, c: &mut Counters, generic: bool) {
        let results = ctx.results(op);
        if results.is_empty() {
            return;
        }
        let mut hints: Vec<Option<String>> = vec![None; results.len()];
        if !generic && let Some(f) = ctx.def_of(op).and_then(|d| d.result_names) {
            f(ctx, op, &mut |v, name| {
                if let Some(i) = ctx.results(op).iter().position(|&r| r == v) {
                    hints[i] = Some(name);
                }
            });
        }
        // Groups start at result 0 and at every named result.
        let mut i = 0;
        while i < results.len() {
            let mut j = i + 1;
            while j < results.len() && hints[j].is_none() {
                j += 1;
            }
            let name = match hints[i].take() {
                Some(h) => {
                    let h = sanitize_name(&h);
                    let unique = if c.used.contains(&h) || h.bytes().all(|b| b.is_ascii_digit()) {
                        loop {
                            let cand = format!("{h}_{}", c.next_conflict);
                            c.next_conflict += 1;
                            if !c.used.contains(&cand) {
                                break cand;
                            }
                        }
                    } else {
                        h
                    };
                    c.used.insert(unique.clone());
                    self.customs.push(unique);
                    Name::Custom(self.customs.len() as u32 - 1)
                }
                None => {
                    c.next_value += 1;
                    Name::Num(c.next_value - 1)
                }
            };
            let multi = j - i > 1;
            for (k, &v) in results[i..j].iter().enumerate() {
                self.values.insert(v, (name, k as u32, multi));
            }
            i = j;
        }
    }

    fn write_name(&self, n: Name, out: &mut String) {
        match n {
            Name::Num(k) => {
                let _ = write!(out, "%{k}");
            }
            Name::Arg(k) => {
                let _ = write!(out, "%arg{k}");
            }
            Name::Custom(k) => {
                out.push('%');
                out.push_str(&self.customs[k as usize]);
            }
            Name::Unnamed => out.push_str("%<<UNKNOWN SSA VALUE>>"),
        }
    }
}

/// Keeps characters valid in an SSA name (`[a-zA-Z0-9_$.-]`), mapping others to `_`.
fn sanitize_name(s: &str) -> String {
    let mut out: String =
        s.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-') { c } else { '_' }).collect();
    if out.is_empty() {
        out.push('_');
    }
    out
}

// ----- the printer handed to custom formats -----

pub struct OpAsmPrinter<'c> {
    ctx: &'c Context,
    out: String,
    indent: usize,
    opts: PrintOptions,
    names: NameState,
    default_dialects: Vec<Option<&'static str>>,
}

impl<'c> OpAsmPrinter<'c> {
    fn new(ctx: &'c Context, opts: PrintOptions) -> Self {
        OpAsmPrinter { ctx, out: String::with_capacity(1 << 16), indent: 0, opts, names: NameState::default(), default_dialects: vec![] }
    }

    pub fn ctx(&self) -> &'c Context {
        self.ctx
    }

    pub fn options(&self) -> PrintOptions {
        self.opts
    }

    /// Appends raw text.
    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    pub fn write_char(&mut self, c: char) {
        self.out.push(c);
    }

    /// A newline followed by the current indentation.
    pub fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    pub fn indent(&mut self) {
        self.indent += 1;
    }

    pub fn dedent(&mut self) {
        self.indent = self.indent.saturating_sub(1);
    }

    pub fn print_operand(&mut self, v: ValueId) {
        match self.names.values.get(&v) {
            Some(&(n, k, multi)) => {
                self.names.write_name(n, &mut self.out);
                if multi {
                    let _ = write!(self.out, "#{k}");
                }
            }
            None => self.out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }

    /// `%a, %b`
    pub fn print_operands(&mut self, vals: &[ValueId]) {
        for (i, &v) in vals.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_operand(v);
        }
    }

    pub fn print_type(&mut self, t: TypeId) {
        write_type(self.ctx, t, &mut self.out);
    }

    /// `i32, f32`
    pub fn print_types(&mut self, ts: &[TypeId]) {
        for (i, &t) in ts.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(t);
        }
    }

    /// Types of values, comma separated.
    pub fn print_value_types(&mut self, vals: &[ValueId]) {
        for (i, &v) in vals.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(self.ctx.value_type(v));
        }
    }

    /// A function result list: bare for one non-function type, else `(...)`.
    pub fn print_function_results(&mut self, ts: &[TypeId]) {
        write_result_types(self.ctx, ts, &mut self.out);
    }

    /// An attribute including its type suffix where MLIR prints one.
    pub fn print_attr(&mut self, a: AttrId) {
        write_attr(self.ctx, a, &mut self.out, true);
    }

    /// An attribute without the `: type` suffix of integers and floats.
    pub fn print_attr_without_type(&mut self, a: AttrId) {
        write_attr(self.ctx, a, &mut self.out, false);
    }

    pub fn print_symbol_name(&mut self, s: Sym) {
        write_symbol(self.ctx.str(s), &mut self.out);
    }

    pub fn print_string(&mut self, s: &str) {
        write_string(s, &mut self.out);
    }

    /// ` {a = 1 : i32, b}` with the named attributes left out; prints
    /// nothing when no attribute remains.
    pub fn print_optional_attr_dict(&mut self, op: OpId, elided: &[&str]) {
        self.print_attr_dict_impl(op, elided, false);
    }

    /// ` attributes {...}` with the named attributes left out.
    pub fn print_optional_attr_dict_with_keyword(&mut self, op: OpId, elided: &[&str]) {
        self.print_attr_dict_impl(op, elided, true);
    }

    fn print_attr_dict_impl(&mut self, op: OpId, elided: &[&str], keyword: bool) {
        let ctx = self.ctx;
        let attrs: Vec<(Sym, AttrId)> =
            ctx.attrs(op).iter().copied().filter(|(k, _)| !elided.contains(&ctx.str(*k))).collect();
        if attrs.is_empty() {
            return;
        }
        self.out.push_str(if keyword { " attributes " } else { " " });
        write_dict(ctx, &attrs, &mut self.out);
    }

    /// `^bb3`
    pub fn print_successor(&mut self, b: BlockId) {
        let _ = write!(self.out, "^bb{}", self.ctx.block_index(b).unwrap_or(0));
    }

    /// `^bb3(%a, %b : i32, i32)` or `^bb3` without operands.
    pub fn print_successor_and_operands(&mut self, b: BlockId, vals: &[ValueId]) {
        self.print_successor(b);
        if !vals.is_empty() {
            self.out.push('(');
            self.print_operands(vals);
            self.out.push_str(" : ");
            self.print_value_types(vals);
            self.out.push(')');
        }
    }

    /// `%arg0: i32` plus ` loc(...)` in debug-info mode.
    pub fn print_block_arg(&mut self, v: ValueId) {
        self.print_operand(v);
        self.out.push_str(": ");
        self.print_type(self.ctx.value_type(v));
        if self.opts.debug_info {
            self.out.push(' ');
            let l = self.ctx.value_loc(v);
            write_loc(self.ctx, l, &mut self.out);
        }
    }

    /// ` loc(...)` in debug-info mode, else nothing.
    pub fn print_trailing_loc(&mut self, loc: LocId) {
        if self.opts.debug_info {
            self.out.push(' ');
            write_loc(self.ctx, loc, &mut self.out);
        }
    }

    /// Prints `{ ... }`. The entry block's label (with its arguments) is
    /// printed only when asked and it has arguments; a trailing terminator
    /// without operands or results is elided when `print_terminator` is false.
    pub fn print_region(&mut self, r: RegionId, print_entry_args: bool, print_terminator: bool) {
        self.print_region_impl(r, print_entry_args, print_terminator, false);
    }

    fn print_region_impl(&mut self, r: RegionId, print_entry_args: bool, print_terminator: bool, print_empty_block: bool) {
        let ctx = self.ctx;
        self.out.push('{');
        let blocks = ctx.region_blocks(r);
        self.indent += 1;
        for (i, &b) in blocks.iter().enumerate() {
            let has_args = !ctx.block_args(b).is_empty();
            let show_label = i > 0 || (print_entry_args && has_args) || (print_empty_block && ctx.first_op(b).is_none());
            if show_label {
                self.print_block_header(b, i > 0);
            }
            let last = ctx.last_op(b);
            for op in ctx.block_ops(b) {
                if !print_terminator
                    && Some(op) == last
                    && blocks.len() == 1
                    && ctx.operands(op).is_empty()
                    && ctx.results(op).is_empty()
                    && ctx.has_trait(op, Traits::TERMINATOR)
                    && ctx.attrs(op).is_empty()
                {
                    continue;
                }
                self.newline();
                self.print_operation(op);
            }
        }
        self.indent -= 1;
        self.newline();
        self.out.push('}');
    }

    fn print_block_header(&mut self, b: BlockId, with_preds: bool) {
        let ctx = self.ctx;
        self.out.push('\n');
        for _ in 0..self.indent.saturating_sub(1) {
            self.out.push_str("  ");
        }
        self.print_successor(b);
        let args = ctx.block_args(b);
        if !args.is_empty() {
            self.out.push('(');
            for (i, &a) in args.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_block_arg(a);
            }
            self.out.push(')');
        }
        self.out.push(':');
        if with_preds {
            let mut preds: Vec<usize> = ctx
                .block_preds(b)
                .iter()
                .filter_map(|u| ctx.parent_block(u.op))
                .filter_map(|pb| ctx.block_index(pb))
                .collect();
            preds.sort_unstable();
            match preds.len() {
                0 => self.out.push_str("  // no predecessors"),
                1 => {
                    let _ = write!(self.out, "  // pred: ^bb{}", preds[0]);
                }
                n => {
                    let _ = write!(self.out, "  // {n} preds: ");
                    for (i, p) in preds.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        let _ = write!(self.out, "^bb{p}");
                    }
                }
            }
        }
    }

    /// Prints an op at the current position (indentation already written).
    pub fn print_operation(&mut self, op: OpId) {
        let ctx = self.ctx;
        let results = ctx.results(op);
        if !results.is_empty() {
            let mut i = 0;
            while i < results.len() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                let (name, _, _) = self.names.values.get(&results[i]).copied().unwrap_or((Name::Unnamed, 0, false));
                self.names.write_name(name, &mut self.out);
                let mut j = i + 1;
                while j < results.len() && self.names.values.get(&results[j]).is_some_and(|e| e.1 != 0) {
                    j += 1;
                }
                if j - i > 1 {
                    let _ = write!(self.out, ":{}", j - i);
                }
                i = j;
            }
            self.out.push_str(" = ");
        }
        let def = ctx.def_of(op);
        match def.and_then(|d| d.format) {
            Some(fmt) if !self.opts.generic => {
                let d = def.expect("format without definition");
                let name = d.name;
                let elide = self.default_dialects.last().copied().flatten().is_some_and(|dd| d.dialect() == dd)
                    || (d.dialect() == "builtin");
                self.out.push_str(if elide { name.split_once('.').map_or(name, |x| x.1) } else { name });
                self.default_dialects.push(d.default_dialect.or(self.default_dialects.last().copied().flatten()));
                (fmt.print)(self, op);
                self.default_dialects.pop();
            }
            _ => self.print_generic(op),
        }
        self.print_trailing_loc(ctx.loc(op));
    }

    fn print_generic(&mut self, op: OpId) {
        let ctx = self.ctx;
        write_string(ctx.name_of(op), &mut self.out);
        self.out.push('(');
        self.print_operands(ctx.operands(op));
        self.out.push(')');
        let succs = ctx.successors(op);
        if !succs.is_empty() {
            self.out.push('[');
            for (i, &b) in succs.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_successor(b);
            }
            self.out.push(']');
        }
        let def = ctx.def_of(op);
        let (props, discardable): (Vec<_>, Vec<_>) =
            ctx.attrs(op).iter().copied().partition(|(k, _)| def.is_some_and(|d| d.is_inherent_attr(ctx.str(*k))));
        if !props.is_empty() {
            self.out.push_str(" <");
            write_dict(ctx, &props, &mut self.out);
            self.out.push('>');
        } else if let Some(p) = ctx.opaque_props(op) {
            self.out.push_str(" <");
            write_attr(ctx, p, &mut self.out, true);
            self.out.push('>');
        }
        let regions = ctx.regions(op);
        if !regions.is_empty() {
            self.out.push_str(" (");
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region_impl(r, true, true, true);
            }
            self.out.push(')');
        }
        if !discardable.is_empty() {
            self.out.push(' ');
            write_dict(ctx, &discardable, &mut self.out);
        }
        self.out.push_str(" : (");
        self.print_value_types(ctx.operands(op));
        self.out.push_str(") -> ");
        let rt: Vec<TypeId> = ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect();
        write_result_types(ctx, &rt, &mut self.out);
    }

    /// The name a value prints with, e.g. `%0` or `%arg1` (for diagnostics).
    pub fn value_name(&self, v: ValueId) -> String {
        let mut s = String::new();
        if let Some(&(n, k, multi)) = self.names.values.get(&v) {
            self.names.write_name(n, &mut s);
            if multi {
                let _ = write!(s, "#{k}");
            }
        }
        s
    }
}

// ----- types -----

pub fn write_type(ctx: &Context, t: TypeId, out: &mut String) {
    match ctx.type_data(t) {
        TypeData::Integer { width, signedness } => {
            let p = match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            };
            let _ = write!(out, "{p}{width}");
        }
        TypeData::Index => out.push_str("index"),
        TypeData::Float(k) => out.push_str(k.keyword()),
        TypeData::None => out.push_str("none"),
        TypeData::Function { inputs, results } => {
            out.push('(');
            for (i, &t) in inputs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(ctx, t, out);
            }
            out.push_str(") -> ");
            write_result_types(ctx, results, out);
        }
        TypeData::Tuple(ts) => {
            out.push_str("tuple<");
            for (i, &t) in ts.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(ctx, t, out);
            }
            out.push('>');
        }
        TypeData::Vector { shape, elem } => {
            out.push_str("vector<");
            for d in shape.iter() {
                let _ = write!(out, "{d}x");
            }
            write_type(ctx, *elem, out);
            out.push('>');
        }
        TypeData::Tensor { shape, elem } => {
            out.push_str("tensor<");
            for d in shape.iter() {
                match d {
                    Some(n) => {
                        let _ = write!(out, "{n}x");
                    }
                    None => out.push_str("?x"),
                }
            }
            write_type(ctx, *elem, out);
            out.push('>');
        }
        TypeData::Opaque { dialect, body } => {
            let _ = write!(out, "!{}.{}", ctx.str(*dialect), ctx.str(*body));
        }
    }
}

fn write_result_types(ctx: &Context, ts: &[TypeId], out: &mut String) {
    if ts.len() == 1 && !matches!(ctx.type_data(ts[0]), TypeData::Function { .. }) {
        write_type(ctx, ts[0], out);
        return;
    }
    out.push('(');
    for (i, &t) in ts.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_type(ctx, t, out);
    }
    out.push(')');
}

// ----- attributes -----

fn write_dict(ctx: &Context, entries: &[(Sym, AttrId)], out: &mut String) {
    out.push('{');
    for (i, &(k, v)) in entries.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_attr_name(ctx.str(k), out);
        if !matches!(ctx.attr_data(v), AttrData::Unit) {
            out.push_str(" = ");
            write_attr(ctx, v, out, true);
        }
    }
    out.push('}');
}

fn is_bare_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_alphabetic() || b[0] == b'_')
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
}

fn write_attr_name(s: &str, out: &mut String) {
    if is_bare_identifier(s) { out.push_str(s) } else { write_string(s, out) }
}

fn write_symbol(s: &str, out: &mut String) {
    out.push('@');
    if is_bare_identifier(s) { out.push_str(s) } else { write_string(s, out) }
}

/// A quoted string with MLIR's escapes (`\22`, `\\`, `\0A`, ...).
pub fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for &b in s.as_bytes() {
        match b {
            b'"' => out.push_str("\\22"),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
    out.push('"');
}

pub fn write_attr(ctx: &Context, a: AttrId, out: &mut String, with_type: bool) {
    match ctx.attr_data(a) {
        AttrData::Unit => out.push_str("unit"),
        AttrData::Integer { value, ty } => {
            if ctx.type_data(*ty).int_width() == Some(1) && ctx.type_data(*ty).is_signless_integer() {
                out.push_str(if *value != 0 { "true" } else { "false" });
                return;
            }
            write_int_value(ctx, *value, *ty, out);
            if with_type {
                out.push_str(" : ");
                write_type(ctx, *ty, out);
            }
        }
        AttrData::Float { bits, ty } => {
            write_float(ctx, f64::from_bits(*bits), *ty, out);
            if with_type {
                out.push_str(" : ");
                write_type(ctx, *ty, out);
            }
        }
        AttrData::String(s) => write_string(ctx.str(*s), out),
        AttrData::Type(t) => write_type(ctx, *t, out),
        AttrData::Array(elems) => {
            out.push('[');
            for (i, &e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_attr(ctx, e, out, true);
            }
            out.push(']');
        }
        AttrData::Dict(entries) => write_dict(ctx, entries, out),
        AttrData::SymbolRef { root, nested } => {
            write_symbol(ctx.str(*root), out);
            for n in nested.iter() {
                out.push_str("::");
                write_symbol(ctx.str(*n), out);
            }
        }
        AttrData::DenseArray { elem, values } => {
            out.push_str("array<");
            write_type(ctx, *elem, out);
            if !values.is_empty() {
                out.push_str(": ");
                for (i, &v) in values.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if ctx.type_data(*elem).is_float() {
                        write_float(ctx, f64::from_bits(v as u64), *elem, out);
                    } else if ctx.type_data(*elem).int_width() == Some(1) {
                        out.push_str(if v != 0 { "true" } else { "false" });
                    } else {
                        write_int_value(ctx, v, *elem, out);
                    }
                }
            }
            out.push('>');
        }
        AttrData::DenseElements { ty, values, splat } => {
            out.push_str("dense<");
            if *splat && values.len() == 1 {
                write_attr(ctx, values[0], out, false);
            } else {
                let shape: Vec<u64> = match ctx.type_data(*ty) {
                    TypeData::Vector { shape, .. } => shape.to_vec(),
                    TypeData::Tensor { shape, .. } => shape.iter().map(|d| d.unwrap_or(0)).collect(),
                    _ => vec![values.len() as u64],
                };
                write_dense_nested(ctx, values, &shape, out);
            }
            out.push_str("> : ");
            write_type(ctx, *ty, out);
        }
        AttrData::Opaque { dialect, body } => {
            let _ = write!(out, "#{}.{}", ctx.str(*dialect), ctx.str(*body));
        }
    }
}

fn write_dense_nested(ctx: &Context, values: &[AttrId], shape: &[u64], out: &mut String) {
    if shape.is_empty() {
        if let Some(&v) = values.first() {
            write_attr(ctx, v, out, false);
        }
        return;
    }
    out.push('[');
    let inner: u64 = shape[1..].iter().product();
    let inner = inner.max(1) as usize;
    for (i, chunk) in values.chunks(inner).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_dense_nested(ctx, chunk, &shape[1..], out);
    }
    out.push(']');
}

fn write_int_value(ctx: &Context, value: i64, ty: TypeId, out: &mut String) {
    match ctx.type_data(ty) {
        TypeData::Integer { width, signedness: Signedness::Unsigned } => {
            let _ = write!(out, "{}", crate::fold_util::zext(value, *width));
        }
        _ => {
            let _ = write!(out, "{value}");
        }
    }
}

/// MLIR's float printing: `%.6e` when it round-trips, else the shortest
/// decimal with the type's precision if it has a `.`, else the hex bit pattern.
pub fn write_float(ctx: &Context, v: f64, ty: TypeId, out: &mut String) {
    use crate::types::FloatKind;
    let kind = match ctx.type_data(ty) {
        TypeData::Float(k) => *k,
        _ => FloatKind::F64,
    };
    let round_trips = |s: &str| -> bool {
        s.parse::<f64>().is_ok_and(|p| {
            let p = match kind {
                FloatKind::F32 => p as f32 as f64,
                FloatKind::F16 | FloatKind::BF16 => crate::fold_util::round_to_half(p, ty, ctx),
                FloatKind::F64 => p,
            };
            p.to_bits() == v.to_bits()
        })
    };
    if v.is_finite() {
        let s = format_exp6(v);
        if round_trips(&s) {
            out.push_str(&s);
            return;
        }
        let digits = match kind {
            FloatKind::F64 => 17,
            FloatKind::F32 => 9,
            FloatKind::F16 => 5,
            FloatKind::BF16 => 4,
        };
        if let Some(s) = apfloat_to_string(v, digits)
            && s.contains('.')
        {
            out.push_str(&s);
            return;
        }
    }
    let bits = match kind {
        FloatKind::F64 => format!("0x{:016X}", v.to_bits()),
        FloatKind::F32 => format!("0x{:08X}", (v as f32).to_bits()),
        FloatKind::F16 => format!("0x{:04X}", crate::fold_util::f64_to_f16(v)),
        FloatKind::BF16 => format!("0x{:04X}", crate::fold_util::f64_to_bf16(v)),
    };
    out.push_str(&bits);
}

/// C's `%.6e` with at least two exponent digits: `1.000000e+00`.
fn format_exp6(v: f64) -> String {
    let s = format!("{v:.6e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = exp.parse().unwrap_or(0);
    let sign = if e < 0 { '-' } else { '+' };
    format!("{mant}e{sign}{:02}", e.abs())
}

/// An approximation of LLVM's `APFloat::toString` with `digits` significant
/// digits, trailing zeros dropped, plain notation for moderate exponents
/// and `E` notation otherwise.
fn apfloat_to_string(v: f64, digits: usize) -> Option<String> {
    let s = format!("{:.*e}", digits - 1, v);
    let (mant, exp) = s.split_once('e')?;
    let exp: i32 = exp.parse().ok()?;
    let neg = mant.starts_with('-');
    let mant = mant.trim_start_matches('-');
    let mut ds: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    while ds.len() > 1 && ds.ends_with('0') {
        ds.pop();
    }
    let n = ds.len() as i32;
    // Value = 0.ds * 10^(exp+1); decide between plain and scientific.
    let point = exp + 1;
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if point >= n && point - n <= 3 && point <= digits as i32 {
        // An integer: LLVM prints no point, which makes MLIR fall back to hex.
        out.push_str(&ds);
        for _ in 0..(point - n) {
            out.push('0');
        }
    } else if point > 0 && point < n {
        out.push_str(&ds[..point as usize]);
        out.push('.');
        out.push_str(&ds[point as usize..]);
    } else if point <= 0 && -point < 3 {
        out.push_str("0.");
        for _ in 0..(-point) {
            out.push('0');
        }
        out.push_str(&ds);
    } else {
        out.push_str(&ds[..1]);
        if n > 1 {
            out.push('.');
            out.push_str(&ds[1..]);
        }
        let _ = write!(out, "E{}{}", if exp < 0 { '-' } else { '+' }, exp.abs());
    }
    Some(out)
}

// ----- locations -----

pub fn write_loc(ctx: &Context, l: LocId, out: &mut String) {
    out.push_str("loc(");
    write_loc_inner(ctx, l, out);
    out.push(')');
}

fn write_loc_inner(ctx: &Context, l: LocId, out: &mut String) {
    match ctx.loc_data(l) {
        LocData::Unknown => out.push_str("unknown"),
        LocData::FileLineCol { file, line, col } => {
            write_string(ctx.str(*file), out);
            let _ = write!(out, ":{line}:{col}");
        }
        LocData::Name { name, child } => {
            write_string(ctx.str(*name), out);
            if let Some(c) = child {
                out.push('(');
                write_loc_inner(ctx, *c, out);
                out.push(')');
            }
        }
        LocData::Fused { locs, metadata } => {
            out.push_str("fused");
            if let Some(m) = metadata {
                out.push('<');
                write_attr(ctx, *m, out, true);
                out.push('>');
            }
            out.push('[');
            for (i, &c) in locs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_loc_inner(ctx, c, out);
            }
            out.push(']');
        }
        LocData::CallSite { callee, caller } => {
            out.push_str("callsite(");
            write_loc_inner(ctx, *callee, out);
            out.push_str(" at ");
            write_loc_inner(ctx, *caller, out);
            out.push(')');
        }
    }
}

/// Short description of a value for diagnostics: its defining op or block arg.
pub fn describe_value(ctx: &Context, v: ValueId) -> String {
    match ctx.value_def(v) {
        ValueDef::Result { op, index } => format!("result #{index} of '{}'", ctx.name_of(op)),
        ValueDef::BlockArg { index, .. } => format!("block argument #{index}"),
    }
}
