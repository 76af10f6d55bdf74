//! IR-printing instrumentation and the statistics report.
//!
//! Dumps look exactly like MLIR's: a header line
//! `// -----// IR Dump After CSE (cse) //----- //` (`Before` likewise), then
//! the op the pass ran on printed on its own, then one empty line; the
//! top-level op gets one more empty line, as mlir-opt prints it. With module
//! scope the whole top-level op is printed and the header names the anchor:
//! `// -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //`.
//!
//! With a tree directory each dump goes to its own file instead of stderr,
//! in MLIR's layout: one directory per op on the path from the top-level op
//! (`builtin_module_no-symbol-name/func_func_f/`), and a file named by the
//! dump counters of those ops and the pass argument (`0_1_cse.mlir`).
//!
//! Invariants:
//! - Counters follow MLIR exactly: an op's own counter starts at 0 on its
//!   first dump and grows by one per dump; reading an ancestor's counter
//!   that was never set sets it to 0 (so that ancestor's first own dump is
//!   numbered 1). The pass manager replays these reads for ancestors outside
//!   a fragment, so files are named the same with and without threading.
//! - Printing never changes the IR and never fails; only writing a dump
//!   file can fail, which is reported as an error diagnostic.

use crate::pass::Statistics;
use lockstep_ir::{AttrData, Context, OpId, PrintOptions, print_op};
use rustc_hash::FxHashMap;
use std::fmt::Write;
use std::path::PathBuf;

/// Which passes a `--print-ir-before/after` flag selects.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum PassSelection {
    #[default]
    None,
    All,
    /// By pass argument.
    Only(Vec<String>),
}

impl PassSelection {
    pub fn selects(&self, argument: &str) -> bool {
        match self {
            PassSelection::None => false,
            PassSelection::All => true,
            PassSelection::Only(list) => list.iter().any(|a| a == argument),
        }
    }

    /// Adds the arguments of a comma-separated list (`cse,canonicalize`).
    pub fn add_list(&mut self, list: &str) {
        let new = list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from);
        match self {
            PassSelection::All => {}
            PassSelection::None => *self = PassSelection::Only(new.collect()),
            PassSelection::Only(v) => v.extend(new),
        }
    }

    pub fn is_none(&self) -> bool {
        *self == PassSelection::None
    }
}

/// `--print-ir-*` settings.
#[derive(Clone, Debug, Default)]
pub struct IrPrinting {
    pub before: PassSelection,
    pub after: PassSelection,
    /// Only print an after-dump if the anchor op's printed form changed.
    pub after_change: bool,
    /// Print the whole top-level op instead of the anchor.
    pub module_scope: bool,
    /// Write dumps to files under this directory instead of stderr.
    pub tree_dir: Option<PathBuf>,
    /// How ops are printed (generic form, locations).
    pub print: PrintOptions,
}

impl IrPrinting {
    pub fn enabled(&self) -> bool {
        !self.before.is_none() || !self.after.is_none()
    }
}

/// A dump counter key for an op outside the context being printed (an
/// ancestor of a fragment's root): its directory name and counter value.
#[derive(Clone, Debug)]
pub(crate) struct Ancestor {
    pub dir: String,
    pub counter: i64,
}

/// `func_func_f`, `builtin_module_no-symbol-name`.
pub(crate) fn dir_name(ctx: &Context, op: OpId) -> String {
    let sym = ctx
        .attr_of(op, "sym_name")
        .and_then(|a| match ctx.attr_data(a) {
            AttrData::String(s) => Some(ctx.str(*s).to_string()),
            _ => None,
        });
    format!(
        "{}_{}",
        ctx.name_of(op).replace('.', "_"),
        sym.as_deref().unwrap_or("no-symbol-name")
    )
}

/// The ops from the top-level op down to `op` (inclusive).
pub(crate) fn ancestry(ctx: &Context, op: OpId) -> Vec<OpId> {
    let mut chain = vec![op];
    let mut cur = op;
    while let Some(p) = ctx.parent_op(cur) {
        chain.push(p);
        cur = p;
    }
    chain.reverse();
    chain
}

/// The header line of a dump.
pub(crate) fn header(when: &str, pass_name: &str, argument: &str, scope: &str) -> String {
    format!("// -----// IR Dump {when} {pass_name} ({argument}){scope} //----- //\n")
}

/// ` ('func.func' operation: @f)` for a module-scope dump of a nested op.
pub(crate) fn scope_suffix(ctx: &Context, op: OpId) -> String {
    let mut s = format!(" ('{}' operation", ctx.name_of(op));
    if let Some(a) = ctx.attr_of(op, "sym_name")
        && let AttrData::String(name) = ctx.attr_data(a)
    {
        let _ = write!(s, ": @{}", ctx.str(*name));
    }
    s.push(')');
    s
}

/// The printed body of a dump of `op`. `in_root_context` is false inside a
/// fragment, whose root is not a top-level op even though it has no parent.
pub(crate) fn body(ctx: &Context, op: OpId, opts: PrintOptions, in_root_context: bool) -> String {
    let mut text = print_op(ctx, op, opts);
    if in_root_context && ctx.parent_op(op).is_none() {
        text.push('\n');
    }
    text
}

/// The file a tree-directory dump of `op` goes to, bumping `op`'s counter.
pub(crate) fn tree_path(
    root: &std::path::Path,
    ctx: &Context,
    op: OpId,
    outer: &[Ancestor],
    counters: &mut FxHashMap<OpId, i64>,
    argument: &str,
) -> PathBuf {
    *counters.entry(op).or_insert(-1) += 1;
    let mut path = root.to_path_buf();
    let mut counts: Vec<String> = Vec::new();
    for a in outer {
        path.push(&a.dir);
        counts.push(a.counter.to_string());
    }
    for o in ancestry(ctx, op) {
        path.push(dir_name(ctx, o));
        counts.push(counters.entry(o).or_insert(0).to_string());
    }
    path.push(format!("{}_{argument}.mlir", counts.join("_")));
    path
}

/// `--pass-statistics-display`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum StatisticsDisplay {
    /// Nested like the pipeline, one entry per pass instance.
    #[default]
    Pipeline,
    /// One entry per pass name, counters summed, sorted by name.
    List,
}

/// One pass's statistics in MLIR's layout: the name, then
/// `(S) VALUE NAME - DESCRIPTION` lines sorted by name, values right-aligned
/// and names left-aligned to the widest of each.
pub(crate) fn print_pass_entry(
    out: &mut String,
    indent: usize,
    name: &str,
    stats: Option<&Statistics>,
) {
    let _ = writeln!(out, "{}{name}", " ".repeat(indent));
    let Some(stats) = stats else { return };
    let mut entries = stats.entries.clone();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    let name_w = entries.iter().map(|e| e.0.len()).max().unwrap_or(0);
    let value_w = entries
        .iter()
        .map(|e| e.2.to_string().len())
        .max()
        .unwrap_or(0);
    for (n, desc, v) in entries {
        let _ = writeln!(
            out,
            "{}(S) {v:>value_w$} {n:<name_w$} - {desc}",
            " ".repeat(indent + 2)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selections() {
        let mut s = PassSelection::None;
        assert!(!s.selects("cse"));
        s.add_list("cse, canonicalize");
        assert!(s.selects("cse") && s.selects("canonicalize") && !s.selects("inline"));
        s.add_list("inline");
        assert!(s.selects("inline"));
        assert!(PassSelection::All.selects("anything"));
    }

    #[test]
    fn statistics_entry_layout() {
        let mut st = Statistics::default();
        st.add("num-dce'd", "Number of operations DCE'd", 3);
        st.add("num-cse'd", "Number of operations CSE'd", 12);
        let mut out = String::new();
        print_pass_entry(&mut out, 2, "CSE", Some(&st));
        assert_eq!(
            out,
            "  CSE\n    (S) 12 num-cse'd - Number of operations CSE'd\n    (S)  3 num-dce'd - Number of operations DCE'd\n"
        );
    }

    #[test]
    fn headers() {
        assert_eq!(
            header("After", "CSE", "cse", ""),
            "// -----// IR Dump After CSE (cse) //----- //\n"
        );
    }
}
