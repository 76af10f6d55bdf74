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
use crate::loc_alias::LocAliases;
use crate::location::LocId;
use crate::opdef::Traits;
use crate::types::{Signedness, TypeData, TypeId};
use crate::uniquer::Sym;
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
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
    if opts.debug_info {
        // Dry run: collect the locations that will actually be printed.
        let mut dry = OpAsmPrinter::new(ctx, opts);
        dry.names = std::mem::take(&mut p.names);
        dry.loc_collect = Some(LocAliases::default());
        dry.print_operation(op);
        p.names = std::mem::take(&mut dry.names);
        let mut aliases = dry.loc_collect.take().unwrap_or_default();
        aliases.finish();
        aliases.write_definitions(ctx, false, &mut p.out);
        p.loc_aliases = Some(aliases);
    }
    p.print_operation(op);
    p.out.push('\n');
    if let Some(a) = &p.loc_aliases {
        a.write_definitions(ctx, true, &mut p.out);
    }
    p.out.push('\n');
    p.out
}

/// The names the values under `root` print with when `root` is printed in
/// the pretty form (`%0`, `%arg1`, `%c0`), for tools that report on values
/// (an empty string for values not under `root`).
pub fn value_names(ctx: &Context, root: OpId) -> impl Fn(ValueId) -> String + '_ {
    let opts = PrintOptions {
        generic: false,
        debug_info: false,
    };
    let mut p = OpAsmPrinter::new(ctx, opts);
    p.names.number_op_tree(ctx, root, false);
    move |v| p.value_name(v)
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

/// A value's name: its group's name, its index in the group (`#k`), and
/// whether the group has more than one result.
type ValueName = (Name, u32, bool);

/// Names of values and blocks for one printing.
#[derive(Default)]
struct NameState {
    /// Names given while numbering, in numbering order; [`Self::seal`]
    /// moves them into `values`.
    numbered: Vec<(ValueId, ValueName)>,
    /// Per value, indexed by `ValueId::index() - values_base`: a dense table
    /// over the index window of the printed values only, so printing one
    /// function of a large module stays proportional to the function.
    values: Vec<Option<ValueName>>,
    values_base: usize,
    customs: Vec<String>,
    /// Each block's index in its region (its `^bbN` number).
    blocks: FxHashMap<BlockId, u32>,
}

#[derive(Clone, Default)]
struct Counters {
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
    used: FxHashSet<String>,
}

impl NameState {
    fn name_value(&mut self, v: ValueId, name: ValueName) {
        self.numbered.push((v, name));
    }

    /// Builds the dense lookup table from the names given by numbering.
    fn seal(&mut self) {
        let numbered = std::mem::take(&mut self.numbered);
        let Some(lo) = numbered.iter().map(|(v, _)| v.index()).min() else {
            return;
        };
        let hi = numbered.iter().map(|(v, _)| v.index()).max().unwrap_or(lo);
        self.values_base = lo;
        self.values = vec![None; hi - lo + 1];
        for (v, name) in numbered {
            self.values[v.index() - lo] = Some(name);
        }
    }

    #[inline]
    fn value(&self, v: ValueId) -> Option<ValueName> {
        self.values
            .get(v.index().wrapping_sub(self.values_base))
            .copied()
            .flatten()
    }

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
            let mut c = if generic {
                std::mem::take(&mut global)
            } else {
                saved
            };
            self.number_region(ctx, region, &mut c, generic);
            for &b in ctx.region_blocks(region) {
                for op in ctx.block_ops(b) {
                    let isolated = ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE);
                    for &r in ctx.regions(op) {
                        let snapshot = if isolated && !generic {
                            Counters::default()
                        } else {
                            c.clone()
                        };
                        stack.push((r, snapshot));
                    }
                }
            }
            if generic {
                global = c;
            }
        }
        self.seal();
    }

    fn number_region(&mut self, ctx: &Context, region: RegionId, c: &mut Counters, generic: bool) {
        for (i, &b) in ctx.region_blocks(region).iter().enumerate() {
            self.blocks.insert(b, i as u32);
            for &a in ctx.block_args(b) {
                let name = if i == 0 {
                    c.next_arg += 1;
                    Name::Arg(c.next_arg - 1)
                } else {
                    c.next_value += 1;
                    Name::Num(c.next_value - 1)
                };
                self.name_value(a, (name, 0, false));
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
        let hook = if generic {
            None
        } else {
            ctx.def_of(op).and_then(|d| d.result_names)
        };
        let Some(f) = hook else {
            // Without name hints all results form one group numbered `%N`.
            c.next_value += 1;
            let name = Name::Num(c.next_value - 1);
            let multi = results.len() > 1;
            for (k, &v) in results.iter().enumerate() {
                self.name_value(v, (name, k as u32, multi));
            }
            return;
        };
        let mut hints: Vec<Option<String>> = vec![None; results.len()];
        {
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
                    let h = sanitize_name(h);
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
                self.name_value(v, (name, k as u32, multi));
            }
            i = j;
        }
    }

    fn write_name(&self, n: Name, out: &mut String) {
        match n {
            Name::Num(k) => {
                out.push('%');
                push_u32(out, k);
            }
            Name::Arg(k) => {
                out.push_str("%arg");
                push_u32(out, k);
            }
            Name::Custom(k) => {
                out.push('%');
                out.push_str(&self.customs[k as usize]);
            }
            Name::Unnamed => out.push_str("%<<UNKNOWN SSA VALUE>>"),
        }
    }
}

/// Appends a decimal number without going through `fmt` (names are printed
/// hundreds of thousands of times in large modules).
#[inline]
fn push_u32(out: &mut String, k: u32) {
    let digit = |d: u32| char::from(b'0' + d as u8);
    // Short numbers, by far the most common, without a buffer.
    if k < 10 {
        out.push(digit(k));
    } else if k < 100 {
        out.push(digit(k / 10));
        out.push(digit(k % 10));
    } else if k < 1000 {
        out.push(digit(k / 100));
        out.push(digit(k / 10 % 10));
        out.push(digit(k % 10));
    } else {
        push_u32(out, k / 1000);
        let low = k % 1000;
        out.push(digit(low / 100));
        out.push(digit(low / 10 % 10));
        out.push(digit(low % 10));
    }
}

/// Keeps characters valid in an SSA name (`[a-zA-Z0-9_$.-]`), mapping others to `_`.
fn sanitize_name(s: String) -> String {
    let valid = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-');
    // Hints are usually valid already: keep them as they are.
    if !s.is_empty() && s.chars().all(valid) {
        return s;
    }
    let mut out: String = s.chars().map(|c| if valid(c) { c } else { '_' }).collect();
    if out.is_empty() {
        out.push('_');
    }
    out
}

// ----- the printer handed to custom formats -----

/// Types with an index below this have their text cached by the printer.
const MAX_CACHED_TYPES: usize = 1 << 16;

pub struct OpAsmPrinter<'c> {
    ctx: &'c Context,
    /// The printed text of types, by `TypeId` index.
    type_text: Vec<Option<Box<str>>>,
    out: String,
    indent: usize,
    opts: PrintOptions,
    names: NameState,
    default_dialects: Vec<Option<&'static str>>,
    /// Set in debug-info mode.
    loc_aliases: Option<LocAliases>,
    /// Set during the dry run that collects location aliases.
    loc_collect: Option<LocAliases>,
}

impl<'c> OpAsmPrinter<'c> {
    fn new(ctx: &'c Context, opts: PrintOptions) -> Self {
        OpAsmPrinter {
            ctx,
            type_text: Vec::new(),
            out: String::with_capacity(1 << 16),
            indent: 0,
            opts,
            names: NameState::default(),
            default_dialects: vec![],
            loc_aliases: None,
            loc_collect: None,
        }
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
        match self.names.value(v) {
            Some((n, k, multi)) => {
                self.names.write_name(n, &mut self.out);
                if multi {
                    self.out.push('#');
                    push_u32(&mut self.out, k);
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
        // Types are interned, few, and printed over and over: keep the text
        // of each (a type prints the same wherever it appears).
        let i = t.index();
        if let Some(Some(text)) = self.type_text.get(i) {
            self.out.push_str(text);
            return;
        }
        let mut text = String::new();
        write_type(self.ctx, t, &mut text);
        self.out.push_str(&text);
        if i < MAX_CACHED_TYPES {
            if self.type_text.len() <= i {
                self.type_text.resize(i + 1, None);
            }
            self.type_text[i] = Some(text.into_boxed_str());
        }
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
        let shown = |&(k, _): &(Sym, AttrId)| !elided.contains(&ctx.str(k));
        // Usually every attribute is elided (flags, predicates): check first
        // rather than collect.
        if !ctx.attrs(op).iter().any(shown) {
            return;
        }
        let attrs: SmallVec<[(Sym, AttrId); 4]> =
            ctx.attrs(op).iter().copied().filter(shown).collect();
        self.out
            .push_str(if keyword { " attributes " } else { " " });
        write_dict(ctx, &attrs, &mut self.out);
    }

    /// `^bb3`
    pub fn print_successor(&mut self, b: BlockId) {
        self.out.push_str("^bb");
        let n = match self.names.blocks.get(&b) {
            Some(&n) => n,
            None => self.ctx.block_index(b).unwrap_or(0) as u32,
        };
        push_u32(&mut self.out, n);
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
        self.print_block_arg_loc(v);
    }

    /// ` loc(...)` of a block argument in debug-info mode: always inline
    /// (children may be aliases), as mlir-opt prints argument locations.
    pub fn print_block_arg_loc(&mut self, v: ValueId) {
        if let Some(c) = &mut self.loc_collect {
            c.record(self.ctx, self.ctx.value_loc(v), true);
            return;
        }
        if self.opts.debug_info {
            self.out.push(' ');
            let l = self.ctx.value_loc(v);
            match &self.loc_aliases {
                Some(a) => a.write_inline(self.ctx, l, &mut self.out),
                None => write_loc(self.ctx, l, &mut self.out),
            }
        }
    }

    /// ` loc(...)` in debug-info mode, else nothing.
    pub fn print_trailing_loc(&mut self, loc: LocId) {
        if self.loc_collect.is_some() {
            // Recorded when the op started printing.
            return;
        }
        if self.opts.debug_info {
            self.out.push(' ');
            match &self.loc_aliases {
                Some(a) => a.write_reference(self.ctx, loc, &mut self.out),
                None => write_loc(self.ctx, loc, &mut self.out),
            }
        }
    }

    /// Prints `{ ... }`. The entry block's label (with its arguments) is
    /// printed only when asked and it has arguments; a trailing terminator
    /// without operands or results is elided when `print_terminator` is false.
    pub fn print_region(&mut self, r: RegionId, print_entry_args: bool, print_terminator: bool) {
        self.print_region_impl(r, print_entry_args, print_terminator, false);
    }

    fn print_region_impl(
        &mut self,
        r: RegionId,
        print_entry_args: bool,
        print_terminator: bool,
        print_empty_block: bool,
    ) {
        let ctx = self.ctx;
        self.out.push('{');
        let blocks = ctx.region_blocks(r);
        self.indent += 1;
        for (i, &b) in blocks.iter().enumerate() {
            let has_args = !ctx.block_args(b).is_empty();
            let show_label = i > 0
                || (print_entry_args && has_args)
                || (print_empty_block && ctx.first_op(b).is_none());
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
                .filter_map(|pb| {
                    self.names
                        .blocks
                        .get(&pb)
                        .map(|&n| n as usize)
                        .or_else(|| ctx.block_index(pb))
                })
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
        if let Some(c) = &mut self.loc_collect {
            c.record(ctx, ctx.loc(op), false);
        }
        let results = ctx.results(op);
        if !results.is_empty() {
            let mut i = 0;
            while i < results.len() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                let (name, _, _) =
                    self.names
                        .value(results[i])
                        .unwrap_or((Name::Unnamed, 0, false));
                self.names.write_name(name, &mut self.out);
                let mut j = i + 1;
                while j < results.len() && self.names.value(results[j]).is_some_and(|e| e.1 != 0) {
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
                // `dd.op` prints as `op` in a region whose default dialect is
                // `dd`, and so does every builtin op.
                let in_dialect = |dd: &str| {
                    name.len() > dd.len()
                        && name.as_bytes()[dd.len()] == b'.'
                        && name.starts_with(dd)
                };
                let short = match self.default_dialects.last().copied().flatten() {
                    Some(dd) if in_dialect(dd) => Some(dd.len() + 1),
                    _ if in_dialect("builtin") => Some("builtin.".len()),
                    _ => None,
                };
                self.out.push_str(short.map_or(name, |at| &name[at..]));
                // Each op sets its own regions' default dialect (no inheritance), as MLIR.
                self.default_dialects.push(d.default_dialect);
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
        let (props, discardable): (Vec<_>, Vec<_>) = ctx
            .attrs(op)
            .iter()
            .copied()
            .partition(|(k, _)| def.is_some_and(|d| d.is_inherent_attr(ctx.str(*k))));
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
            // A generic op's regions get its default dialect too (none for
            // unregistered ops), as in MLIR.
            self.default_dialects
                .push(def.and_then(|d| d.default_dialect));
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region_impl(r, true, true, true);
            }
            self.default_dialects.pop();
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
        if let Some((n, k, multi)) = self.names.value(v) {
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
            out.push_str(match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            });
            push_u32(out, *width);
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
            out.push('!');
            write_dialect_body(ctx.str(*dialect), ctx.str(*body), out);
        }
    }
}

/// `dialect.body`, or `dialect<...>` for the opaque form whose body is only
/// the bracketed part.
fn write_dialect_body(dialect: &str, body: &str, out: &mut String) {
    out.push_str(dialect);
    if !body.starts_with('<') {
        out.push('.');
    }
    out.push_str(body);
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
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
}

fn write_attr_name(s: &str, out: &mut String) {
    if is_bare_identifier(s) {
        out.push_str(s)
    } else {
        write_string(s, out)
    }
}

fn write_symbol(s: &str, out: &mut String) {
    out.push('@');
    if is_bare_identifier(s) {
        out.push_str(s)
    } else {
        write_string(s, out)
    }
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
            if ctx.type_data(*ty).int_width() == Some(1) && ctx.type_data(*ty).is_signless_integer()
            {
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
                // Inside arrays MLIR elides the default types (i64, f64).
                let default_typed = match ctx.attr_data(e) {
                    AttrData::Integer { ty, .. } => *ty == ctx.common.i64,
                    AttrData::Float { ty, .. } => *ty == ctx.common.f64,
                    _ => false,
                };
                write_attr(ctx, e, out, !default_typed);
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
            // All-equal elements print as a splat, as in MLIR; no elements
            // print as `dense<>` whatever the shape.
            if values.is_empty() {
            } else if (*splat && values.len() == 1) || values.iter().all(|&v| v == values[0]) {
                write_attr(ctx, values[0], out, false);
            } else {
                let shape: Vec<u64> = match ctx.type_data(*ty) {
                    TypeData::Vector { shape, .. } => shape.to_vec(),
                    TypeData::Tensor { shape, .. } => {
                        shape.iter().map(|d| d.unwrap_or(0)).collect()
                    }
                    _ => vec![values.len() as u64],
                };
                write_dense_nested(ctx, values, &shape, out);
            }
            out.push_str("> : ");
            write_type(ctx, *ty, out);
        }
        AttrData::Opaque { dialect, body } => {
            out.push('#');
            write_dialect_body(ctx.str(*dialect), ctx.str(*body), out);
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
        TypeData::Integer {
            width,
            signedness: Signedness::Unsigned,
        } => {
            let _ = write!(out, "{}", crate::fold_util::zext(value, *width));
        }
        _ => {
            let _ = write!(out, "{value}");
        }
    }
}

/// MLIR's float printing: APFloat's `toString(6, 0, false)` (`1.000000e+00`)
/// when it parses back to the same value, else APFloat's default `toString`
/// if it contains a `.`, else the hex bit pattern.
pub fn write_float(ctx: &Context, v: f64, ty: TypeId, out: &mut String) {
    use crate::types::FloatKind;
    let kind = match ctx.type_data(ty) {
        TypeData::Float(k) => *k,
        _ => FloatKind::F64,
    };
    let round_trips = |s: &str| -> bool {
        let p = match kind {
            // Parse straight into f32: going through f64 could round twice.
            FloatKind::F32 => s.parse::<f32>().ok().map(f64::from),
            FloatKind::F16 | FloatKind::BF16 => s
                .parse::<f64>()
                .ok()
                .map(|p| crate::fold_util::round_to_half(p, ty, ctx)),
            FloatKind::F64 => s.parse::<f64>().ok(),
        };
        p.is_some_and(|p| p.to_bits() == v.to_bits())
    };
    if v.is_finite() {
        let s = apfloat_to_string(v, kind, 6, 0, false);
        if round_trips(&s) {
            out.push_str(&s);
            return;
        }
        let s = apfloat_to_string(v, kind, 0, 3, true);
        if s.contains('.') {
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

/// A little-endian arbitrary-precision unsigned integer, just enough for
/// [`apfloat_to_string`] (f64 subnormals need about 2500 bits).
struct BigUint(Vec<u32>);

impl BigUint {
    fn from_u64(v: u64) -> Self {
        let mut b = BigUint(vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
    fn bits(&self) -> u32 {
        self.0.last().map_or(0, |&top| {
            (self.0.len() as u32 - 1) * 32 + (32 - top.leading_zeros())
        })
    }
    fn shl(&mut self, n: u32) {
        let (words, bits) = ((n / 32) as usize, n % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for w in self.0.iter_mut() {
                let nw = (*w << bits) | carry;
                carry = *w >> (32 - bits);
                *w = nw;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, words));
        self.trim();
    }
    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for w in self.0.iter_mut() {
            let p = *w as u64 * m as u64 + carry;
            *w = p as u32;
            carry = p >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }
    /// Divides in place, returning the remainder.
    fn divrem_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for w in self.0.iter_mut().rev() {
            let cur = (rem << 32) | *w as u64;
            *w = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        self.trim();
        rem as u32
    }
}

/// LLVM's `AdjustToPrecision` on the significand: drops decimal digits (by
/// truncating division) beyond what `precision` digits need.
fn adjust_significand(sig: &mut BigUint, exp: &mut i32, precision: u32) {
    let bits = sig.bits();
    // 196/59 is a slight overestimate of log2(10).
    let required = (precision * 196).div_ceil(59);
    if bits <= required {
        return;
    }
    let removable = (bits - required) * 59 / 196;
    if removable == 0 {
        return;
    }
    *exp += removable as i32;
    let mut left = removable;
    while left >= 9 {
        sig.divrem_small(1_000_000_000);
        left -= 9;
    }
    if left > 0 {
        sig.divrem_small(10u32.pow(left));
    }
}

/// LLVM's `AdjustToPrecision` on the digits (least significant first):
/// rounds half up to `precision` digits, dropping trailing zeros.
fn adjust_digits(buf: &mut Vec<u8>, exp: &mut i32, precision: usize) {
    let n = buf.len();
    if n <= precision {
        return;
    }
    let mut first = n - precision;
    if buf[first - 1] < b'5' {
        while first < n && buf[first] == b'0' {
            first += 1;
        }
        *exp += first as i32;
        buf.drain(..first);
        return;
    }
    // Decimal add-with-carry: a run of 9s becomes zeros, dropped below.
    let carried = buf[first..].iter().take_while(|&&d| d == b'9').count();
    first += carried;
    if first < n {
        buf[first] += 1;
    }
    *exp += first as i32;
    if first == n {
        buf.clear();
        buf.push(b'1');
        return;
    }
    buf.drain(..first);
}

/// LLVM's `APFloat::toString(FormatPrecision, FormatMaxPadding,
/// TruncateZero)` for a finite value of `kind` (exactly representable in
/// it), digit for digit: the exact binary value is shortened by truncating
/// division before rounding half up, as LLVM does.
fn apfloat_to_string(
    v: f64,
    kind: crate::types::FloatKind,
    format_precision: usize,
    max_padding: usize,
    truncate_zero: bool,
) -> String {
    let mut out = String::new();
    if v.is_sign_negative() {
        out.push('-');
    }
    if v == 0.0 {
        if max_padding == 0 {
            if truncate_zero {
                out.push_str("0.0E+0");
            } else {
                out.push_str("0.0");
                for _ in 1..format_precision {
                    out.push('0');
                }
                out.push_str("e+00");
            }
        } else {
            out.push('0');
        }
        return out;
    }
    // The type's precision sets the default number of digits.
    let sem_precision = match kind {
        crate::types::FloatKind::F16 => 11,
        crate::types::FloatKind::BF16 => 8,
        crate::types::FloatKind::F32 => 24,
        crate::types::FloatKind::F64 => 53,
    };
    let precision = if format_precision == 0 {
        2 + sem_precision * 59 / 196
    } else {
        format_precision
    };
    // Exact value as mant * 2^exp, trailing binary zeros dropped.
    let bits = v.to_bits();
    let field = bits & ((1u64 << 52) - 1);
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let (mut mant, mut exp) = if biased == 0 {
        (field, -1074)
    } else {
        (field | (1u64 << 52), biased - 1075)
    };
    let tz = mant.trailing_zeros();
    mant >>= tz;
    exp += tz as i32;
    // From 2^exp to 10^exp: N * 2^-e == N * 5^e * 10^-e.
    let mut sig = BigUint::from_u64(mant);
    if exp > 0 {
        sig.shl(exp as u32);
        exp = 0;
    } else if exp < 0 {
        let mut left = -exp;
        while left >= 13 {
            sig.mul_small(1_220_703_125); // 5^13
            left -= 13;
        }
        sig.mul_small(5u32.pow(left as u32));
    }
    adjust_significand(&mut sig, &mut exp, precision as u32);
    let mut buf: Vec<u8> = Vec::new();
    let mut in_trail = true;
    while !sig.is_zero() {
        let d = sig.divrem_small(10) as u8;
        if in_trail && d == 0 {
            exp += 1;
        } else {
            buf.push(b'0' + d);
            in_trail = false;
        }
    }
    adjust_digits(&mut buf, &mut exp, precision);
    let nd = buf.len();
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as usize > max_padding || nd + exp as usize > precision
    } else {
        let msd = exp + nd as i32 - 1;
        msd < 0 && (-msd) as usize > max_padding
    };
    if scientific {
        let e = exp + nd as i32 - 1;
        out.push(buf[nd - 1] as char);
        out.push('.');
        if nd == 1 && truncate_zero {
            out.push('0');
        } else {
            for i in 1..nd {
                out.push(buf[nd - 1 - i] as char);
            }
        }
        if !truncate_zero && precision + 1 > nd {
            for _ in 0..(precision + 1 - nd) {
                out.push('0');
            }
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if e >= 0 { '+' } else { '-' });
        let ea = e.unsigned_abs();
        if !truncate_zero && ea < 10 {
            out.push('0');
        }
        let _ = write!(out, "{ea}");
        return out;
    }
    if exp >= 0 {
        for i in 0..nd {
            out.push(buf[nd - 1 - i] as char);
        }
        for _ in 0..exp {
            out.push('0');
        }
        return out;
    }
    let whole = exp + nd as i32;
    let mut i = 0usize;
    if whole > 0 {
        while i < whole as usize {
            out.push(buf[nd - 1 - i] as char);
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        for _ in 0..(-whole) {
            out.push('0');
        }
    }
    while i < nd {
        out.push(buf[nd - 1 - i] as char);
        i += 1;
    }
    out
}

// ----- locations -----

/// `loc(...)` fully inline (no aliases).
pub fn write_loc(ctx: &Context, l: LocId, out: &mut String) {
    out.push_str("loc(");
    crate::loc_alias::write_loc_body(ctx, l, None, out);
    out.push(')');
}

/// Short description of a value for diagnostics: its defining op or block arg.
pub fn describe_value(ctx: &Context, v: ValueId) -> String {
    match ctx.value_def(v) {
        ValueDef::Result { op, index } => format!("result #{index} of '{}'", ctx.name_of(op)),
        ValueDef::BlockArg { index, .. } => format!("block argument #{index}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_numbers() {
        let numbers = [
            0, 7, 10, 99, 100, 999, 1000, 1001, 65536, 999_999, 1_000_000,
        ];
        for k in numbers.into_iter().chain([u32::MAX]) {
            let mut s = String::from("%");
            push_u32(&mut s, k);
            assert_eq!(s, format!("%{k}"));
        }
    }
}
