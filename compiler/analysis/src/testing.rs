//! Test-only passes that print analysis results to stderr, for lit tests:
//! `test-print-loops`, `test-print-dominance-frontier`,
//! `test-print-control-dependence`, `test-print-liveness`,
//! `test-print-sese`, `test-print-edge-split`, `test-print-dataflow`.
//!
//! `test-print-dataflow` reads a statement model from the IR, independent of
//! any dialect: an op with a string attribute `expr` (e.g. `"a+b"`)
//! computes that expression, whose operands are its identifiers; an op with
//! a string attribute `var` modifies that variable; a block whose last op
//! has a `divergent` attribute ends in a divergent branch (a union meet for
//! SSCM's down-safety). The universe is the distinct expressions in order
//! of first appearance in the region.
//!
//! Invariants:
//! - The passes never change the IR and preserve every analysis.
//! - Output is deterministic and names blocks as the printer does (`^bbN`),
//!   values as the printer does (`%0`, `%arg1`, `%c0`), so CHECK lines read
//!   like the input. Each pass writes its whole report with one `eprint!`.
//! - Only regions strictly nested in the anchor op are reported, and only
//!   non-trivial ones (more than one block, or a block with a successor):
//!   run on a module, that is every function body with control flow.

use crate::bitset::BitSet;
use crate::cfg::{CfgView, Node, RegionCfg, block_label, regions_under};
use crate::control_dep::{ControlDependence, Controller};
use crate::dataflow::{
    DataflowResult, LocalPredicates, anticipable_expressions, available_expressions, down_safety,
    up_safety,
};
use crate::edge_split::EdgeSplitCfg;
use crate::frontier::{DominanceFrontier, PostDominanceFrontier};
use crate::liveness::Liveness;
use crate::loops::{LoopId, LoopInfo};
use crate::sese::{Boundary, ProgramStructureTree, SeseId};
use lockstep_ir::attrs::AttrData;
use lockstep_ir::{BlockId, Context, Diagnostic, OpId, RegionId, ValueId};
use lockstep_pass::{OptionSpec, Pass, PassContext, PassInfo, PassOptions, PassRegistry};
use std::fmt::Write as _;

/// Registers every test pass of this crate.
pub fn register_test_passes(reg: &mut PassRegistry) {
    for info in TEST_PASSES {
        reg.register(info);
    }
}

/// Every test pass of this crate.
pub static TEST_PASSES: &[&PassInfo] =
    &[&LOOPS, &FRONTIER, &CONTROL_DEP, &LIVENESS, &SESE, &DATAFLOW];

fn no_options(o: &PassOptions) -> Result<(), String> {
    match o.entries.first() {
        Some((k, _)) => Err(format!("no such option {k}")),
        None => Ok(()),
    }
}

/// A printing pass: its names and the function writing its report.
struct Printer {
    argument: &'static str,
    name: &'static str,
    report: fn(&Context, OpId, &mut String),
}

impl Pass for Printer {
    fn argument(&self) -> &'static str {
        self.argument
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        print_report(op, cx, self.report)
    }
}

/// Writes the report on `op` with one `eprint!`; the IR is unchanged.
fn print_report(
    op: OpId,
    cx: &mut PassContext<'_>,
    report: impl FnOnce(&Context, OpId, &mut String),
) -> Result<(), Diagnostic> {
    let mut out = String::new();
    report(cx.ctx, op, &mut out);
    eprint!("{out}");
    cx.mark_all_preserved();
    Ok(())
}

macro_rules! printer_pass {
    ($static:ident, $arg:literal, $name:literal, $desc:literal, $report:path) => {
        pub static $static: PassInfo = PassInfo {
            argument: $arg,
            description: $desc,
            options: &[],
            create: |o| {
                no_options(o)?;
                Ok(Box::new(Printer {
                    argument: $arg,
                    name: $name,
                    report: $report,
                }))
            },
        };
    };
}

printer_pass!(
    LOOPS,
    "test-print-loops",
    "TestPrintLoops",
    "Print the loop nest and irreducible cycles of every region (test only)",
    report_loops
);

printer_pass!(
    FRONTIER,
    "test-print-dominance-frontier",
    "TestPrintDominanceFrontier",
    "Print the (iterated) dominance and post-dominance frontier of every block (test only)",
    report_frontiers
);

printer_pass!(
    CONTROL_DEP,
    "test-print-control-dependence",
    "TestPrintControlDependence",
    "Print the control dependences of every block on the augmented CFG (test only)",
    report_control_dependence
);

printer_pass!(
    LIVENESS,
    "test-print-liveness",
    "TestPrintLiveness",
    "Print the live-in and live-out values of every block (test only)",
    report_liveness
);

printer_pass!(
    SESE,
    "test-print-sese",
    "TestPrintSese",
    "Print the canonical SESE regions and the program structure tree (test only)",
    report_sese
);

pub static DATAFLOW: PassInfo = PassInfo {
    argument: "test-print-dataflow",
    description: "Print available/anticipable expressions and up/down-safety of a statement model (test only)",
    options: &[OptionSpec {
        name: "split-edges",
        description: "Solve on the critical-edge-split view",
        kind: "bool",
        default: "false",
    }],
    create: |o| {
        if let Some((k, _)) = o.entries.iter().find(|(k, _)| k != "split-edges") {
            return Err(format!("no such option {k}"));
        }
        let split = o.get_bool("split-edges", false)?;
        Ok(Box::new(DataflowPrinter { split }))
    },
};

/// The regions the reports cover, with their titles.
fn reported_regions(ctx: &Context, root: OpId) -> Vec<(RegionId, String)> {
    let own = ctx.regions(root);
    regions_under(ctx, root)
        .into_iter()
        .filter(|r| !own.contains(r))
        .filter(|&r| {
            let blocks = ctx.region_blocks(r);
            blocks.len() > 1 || blocks.iter().any(|&b| !ctx.succ_blocks(b).is_empty())
        })
        .map(|r| (r, region_title(ctx, r)))
        .collect()
}

/// `'func.func' @f region #0`.
fn region_title(ctx: &Context, r: RegionId) -> String {
    let Some(op) = ctx.region_parent(r) else {
        return "detached region".to_string();
    };
    let mut s = format!("'{}'", ctx.name_of(op));
    if let Some(a) = ctx.attr_of(op, "sym_name")
        && let AttrData::String(sym) = ctx.attr_data(a)
    {
        let _ = write!(s, " @{}", ctx.str(*sym));
    }
    let index = ctx.regions(op).iter().position(|&x| x == r).unwrap_or(0);
    let _ = write!(s, " region #{index}");
    s
}

/// For every reported region, `{what} of {title}:` and then a line per
/// block: its label and `facts(b)`.
fn report_blocks(
    ctx: &Context,
    root: OpId,
    what: &str,
    out: &mut String,
    facts: impl Fn(BlockId) -> String,
) {
    for (r, title) in reported_regions(ctx, root) {
        let _ = writeln!(out, "{what} of {title}:");
        for &b in ctx.region_blocks(r) {
            let _ = writeln!(out, "  {}: {}", block_label(ctx, b), facts(b));
        }
    }
}

fn list(ctx: &Context, bs: &[BlockId]) -> String {
    let names: Vec<String> = bs.iter().map(|&b| block_label(ctx, b)).collect();
    format!("[{}]", names.join(", "))
}

fn report_loops(ctx: &Context, root: OpId, out: &mut String) {
    let li = LoopInfo::compute(ctx, root);
    for (r, title) in reported_regions(ctx, root) {
        let _ = writeln!(out, "loops of {title}:");
        let mut stack: Vec<LoopId> = li.top_level_loops(r).iter().rev().copied().collect();
        if stack.is_empty() {
            let _ = writeln!(out, "  no loops");
        }
        while let Some(l) = stack.pop() {
            let lp = li.get(l);
            let indent = "  ".repeat(lp.depth() as usize);
            let edges: Vec<String> = lp
                .exit_edges()
                .iter()
                .map(|e| format!("{}->{}", block_label(ctx, e.from), block_label(ctx, e.to)))
                .collect();
            let _ = writeln!(
                out,
                "{indent}loop {} depth={} blocks={} latches={} exiting={} exits={} exit-edges=[{}] preheader={}",
                block_label(ctx, lp.header()),
                lp.depth(),
                list(ctx, lp.blocks()),
                list(ctx, lp.latches()),
                list(ctx, lp.exiting_blocks()),
                list(ctx, lp.exit_blocks()),
                edges.join(", "),
                lp.preheader()
                    .map_or_else(|| "none".to_string(), |b| block_label(ctx, b)),
            );
            stack.extend(lp.children().iter().rev());
        }
        if li.is_reducible(r) {
            let _ = writeln!(out, "  reducible");
        } else {
            for c in li.irreducible_cycles(r) {
                let _ = writeln!(out, "  irreducible cycle {}", list(ctx, c));
            }
        }
    }
}

fn report_frontiers(ctx: &Context, root: OpId, out: &mut String) {
    let df = DominanceFrontier::compute(ctx, root);
    let pdf = PostDominanceFrontier::compute(ctx, root);
    report_blocks(ctx, root, "frontiers", out, |b| {
        format!(
            "df={} idf={} pdf={} ipdf={}",
            list(ctx, df.frontier(b)),
            list(ctx, &df.iterated(&[b])),
            list(ctx, pdf.frontier(b)),
            list(ctx, &pdf.iterated(&[b])),
        )
    });
}

/// `start` or `^bb0#1->^bb2` (source, successor slot, destination).
fn controller(ctx: &Context, c: &Controller) -> String {
    match c {
        Controller::Start => "start".to_string(),
        Controller::Edge(e) => format!(
            "{}#{}->{}",
            block_label(ctx, e.from),
            e.succ_index,
            block_label(ctx, e.to)
        ),
    }
}

fn controllers(ctx: &Context, cs: &[Controller]) -> String {
    let v: Vec<String> = cs.iter().map(|c| controller(ctx, c)).collect();
    format!("[{}]", v.join(", "))
}

fn report_control_dependence(ctx: &Context, root: OpId, out: &mut String) {
    let cd = ControlDependence::compute(ctx, root);
    report_blocks(ctx, root, "control dependence", out, |b| {
        format!(
            "deps={} iterated={} controls={}",
            controllers(ctx, cd.dependences(b)),
            controllers(ctx, &cd.iterated(b)),
            list(ctx, &cd.controlled_by_branch(ctx, b)),
        )
    });
}

struct DataflowPrinter {
    split: bool,
}

impl Pass for DataflowPrinter {
    fn argument(&self) -> &'static str {
        "test-print-dataflow"
    }
    fn name(&self) -> &'static str {
        "TestPrintDataflow"
    }
    fn options_string(&self) -> String {
        format!("{{split-edges={}}}", self.split)
    }
    fn clone_pass(&self) -> Option<Box<dyn Pass>> {
        Some(Box::new(DataflowPrinter { split: self.split }))
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let split = self.split;
        print_report(op, cx, |ctx, op, out| report_dataflow(ctx, op, split, out))
    }
}

fn string_attr<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c str> {
    match ctx.attr_data(ctx.attr_of(op, name)?) {
        AttrData::String(s) => Some(ctx.str(*s)),
        _ => None,
    }
}

/// The identifiers of an expression: its operands.
fn identifiers(expr: &str) -> Vec<&str> {
    expr.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| {
            w.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        })
        .collect()
}

/// The statement model of a region: the universe and each block's
/// predicates (entry and exit parts as in the thesis).
fn statement_model(ctx: &Context, cfg: &RegionCfg) -> (Vec<String>, LocalPredicates) {
    let mut universe: Vec<String> = Vec::new();
    for &b in cfg.blocks() {
        for op in ctx.block_ops(b) {
            if let Some(e) = string_attr(ctx, op, "expr")
                && !universe.iter().any(|u| u == e)
            {
                universe.push(e.to_string());
            }
        }
    }
    let operands: Vec<Vec<&str>> = universe.iter().map(|e| identifiers(e)).collect();
    let u = universe.len();
    let mut l = LocalPredicates::new(u, cfg.num_nodes());
    for (n, &b) in cfg.blocks().iter().enumerate() {
        // modified[i]: an operand of expression i was modified earlier in the block.
        let mut modified = BitSet::new_empty(u);
        let mut exit_comp = BitSet::new_empty(u);
        for op in ctx.block_ops(b) {
            if let Some(e) = string_attr(ctx, op, "expr")
                && let Some(i) = universe.iter().position(|x| x == e)
            {
                if !modified.contains(i) {
                    l.ncomp[n].insert(i);
                }
                exit_comp.insert(i);
            }
            if let Some(v) = string_attr(ctx, op, "var") {
                for (i, ops) in operands.iter().enumerate() {
                    if ops.contains(&v) {
                        modified.insert(i);
                        exit_comp.remove(i);
                    }
                }
            }
        }
        l.xcomp[n] = exit_comp;
        l.transp[n].subtract(&modified);
    }
    (universe, l)
}

fn fact_set(universe: &[String], s: &BitSet) -> String {
    let v: Vec<&str> = s.iter().map(|i| universe[i].as_str()).collect();
    format!("{{{}}}", v.join(", "))
}

fn report_dataflow(ctx: &Context, root: OpId, split: bool, out: &mut String) {
    for (r, title) in reported_regions(ctx, root) {
        let cfg = RegionCfg::new(ctx, r);
        let (universe, blocks_l) = statement_model(ctx, &cfg);
        let div_block = |n: Node| {
            ctx.last_op(cfg.block(n))
                .is_some_and(|t| ctx.attr_of(t, "divergent").is_some())
        };
        let _ = writeln!(
            out,
            "dataflow of {title}: universe={}",
            fact_set(&universe, &BitSet::new_full(universe.len()))
        );
        let g: Box<dyn CfgView> = if split {
            Box::new(EdgeSplitCfg::from_cfg(cfg.clone()))
        } else {
            Box::new(cfg.clone())
        };
        // Virtual nodes are transparent and compute nothing.
        let mut l = LocalPredicates::new(universe.len(), g.num_nodes());
        for n in 0..cfg.num_nodes() {
            l.ncomp[n] = blocks_l.ncomp[n].clone();
            l.xcomp[n] = blocks_l.xcomp[n].clone();
            l.transp[n] = blocks_l.transp[n].clone();
        }
        let is_block_div = |n: Node| (n as usize) < cfg.num_nodes() && div_block(n);
        let av = available_expressions(g.as_ref(), &l);
        let ant = anticipable_expressions(g.as_ref(), &l, |_| false);
        let up = up_safety(g.as_ref(), &l);
        let dn = down_safety(g.as_ref(), &l, |_| false);
        let sdn = down_safety(g.as_ref(), &l, is_block_div);
        let pair = |res: &DataflowResult, n: Node| {
            format!(
                "{}/{}",
                fact_set(&universe, res.at_entry(n)),
                fact_set(&universe, res.at_exit(n))
            )
        };
        for n in 0..g.num_nodes() as Node {
            let _ = writeln!(
                out,
                "  {}: ncomp={} xcomp={} transp={} av={} ant={} usafe={} dsafe={} sscm-dsafe={}",
                g.label(n),
                fact_set(&universe, &l.ncomp[n as usize]),
                fact_set(&universe, &l.xcomp[n as usize]),
                fact_set(&universe, &l.transp[n as usize]),
                pair(&av, n),
                pair(&ant, n),
                pair(&up, n),
                pair(&dn, n),
                pair(&sdn, n),
            );
        }
    }
}

fn report_liveness(ctx: &Context, root: OpId, out: &mut String) {
    let lv = Liveness::compute(ctx, root);
    let name = lockstep_ir::printer::value_names(ctx, root);
    let values = |vs: &[ValueId]| {
        let mut names: Vec<String> = vs.iter().map(|&v| name(v)).collect();
        names.sort_by_key(|n| natural_key(n));
        format!("[{}]", names.join(", "))
    };
    report_blocks(ctx, root, "liveness", out, |b| {
        format!(
            "in={} out={}",
            values(lv.live_in(b)),
            values(lv.live_out(b))
        )
    });
}

/// Orders `%arg2` before `%arg10` and `%2` before `%10`: text without the
/// trailing digits, then their value.
fn natural_key(s: &str) -> (String, u64, String) {
    let digits = s.len() - s.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (head, tail) = s.split_at(s.len() - digits);
    (head.to_string(), tail.parse().unwrap_or(0), s.to_string())
}

fn boundary(ctx: &Context, b: Boundary) -> String {
    match b {
        Boundary::Entry => "start".to_string(),
        Boundary::Edge(e) => controller(ctx, &Controller::Edge(e)),
        Boundary::Exit(x) => format!("{}->end", block_label(ctx, x)),
    }
}

fn report_sese(ctx: &Context, root: OpId, out: &mut String) {
    let pst = ProgramStructureTree::compute(ctx, root);
    for (r, title) in reported_regions(ctx, root) {
        let _ = writeln!(out, "sese regions of {title}:");
        let mut stack: Vec<SeseId> = pst.top_level(r).iter().rev().copied().collect();
        while let Some(id) = stack.pop() {
            let s = pst.get(id);
            let _ = writeln!(
                out,
                "{}region {} -> {} blocks={}",
                "  ".repeat(s.depth() as usize),
                boundary(ctx, s.entry()),
                boundary(ctx, s.exit()),
                list(ctx, s.blocks()),
            );
            stack.extend(s.children().iter().rev());
        }
    }
}
