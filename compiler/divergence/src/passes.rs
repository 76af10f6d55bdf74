//! The passes exposing the divergence analyses.
//!
//! - `test-print-divergence`, `test-print-convergence`, `test-print-affine`
//!   change nothing; they emit one remark per value-defining op, per block
//!   argument and per conditional branch of device code, at its location,
//!   so tests check them with `--verify-diagnostics` (`expected-remark`).
//!   Messages are stable: `uniform` / `divergent` (values), `uniform
//!   branch` / `divergent branch`, `convergent` / `divergent` blocks (at
//!   their terminator), `invariant` / `variant`, `affine stride S base B`.
//! - `annotate-divergence` attaches the attributes of [`crate::annotate`].

use crate::affine::{AffineInfo, describe};
use crate::convergence::ConvergenceInfo;
use crate::uniformity::DivergenceInfo;
use lockstep_ir::{Context, Diagnostic, LocId, OpId, ValueDef, ValueId};
use lockstep_pass::{Pass, PassContext, PassInfo, PassRegistry};

pub static PRINT_DIVERGENCE_INFO: PassInfo = PassInfo {
    argument: "test-print-divergence",
    description: "Report the uniformity of every value and branch of device code as remarks",
    options: &[],
    create: |_| Ok(Box::new(PrintDivergence)),
};

pub static PRINT_CONVERGENCE_INFO: PassInfo = PassInfo {
    argument: "test-print-convergence",
    description: "Report Lee et al.'s block convergence and value variance of device code as remarks",
    options: &[],
    create: |_| Ok(Box::new(PrintConvergence)),
};

pub static PRINT_AFFINE_INFO: PassInfo = PassInfo {
    argument: "test-print-affine",
    description: "Report the affine form (base + stride x threadIdx.x) of device values as remarks",
    options: &[],
    create: |_| Ok(Box::new(PrintAffine)),
};

pub static ANNOTATE_INFO: PassInfo = PassInfo {
    argument: "annotate-divergence",
    description: "Attach divergence attributes to the branches and values of device code",
    options: &[],
    create: |_| Ok(Box::new(Annotate)),
};

/// Registers the four passes of this crate.
pub fn register_passes(reg: &mut PassRegistry) {
    reg.register(&PRINT_DIVERGENCE_INFO);
    reg.register(&PRINT_CONVERGENCE_INFO);
    reg.register(&PRINT_AFFINE_INFO);
    reg.register(&ANNOTATE_INFO);
}

/// Calls `f` for each op (other than the function) and each block
/// argument of the analysed functions, in IR order.
fn for_each_item(ctx: &Context, funcs: &[OpId], f: &mut dyn FnMut(Item)) {
    for &func in funcs {
        ctx.walk_pre(func, &mut |op| {
            if op != func {
                f(Item::Op(op));
            }
            for &r in ctx.regions(op) {
                for &b in ctx.region_blocks(r) {
                    for &a in ctx.block_args(b) {
                        f(Item::Arg(a));
                    }
                }
            }
        });
    }
}

enum Item {
    Op(OpId),
    Arg(ValueId),
}

fn results_message(ctx: &Context, op: OpId, word: &dyn Fn(ValueId) -> &'static str) -> String {
    let rs = ctx.results(op);
    if rs.len() == 1 {
        word(rs[0]).to_string()
    } else {
        let ws: Vec<&str> = rs.iter().map(|&v| word(v)).collect();
        format!("results: {}", ws.join(", "))
    }
}

fn arg_message(ctx: &Context, v: ValueId, what: &str) -> String {
    match ctx.value_def(v) {
        ValueDef::BlockArg { index, .. } => format!("argument #{index}: {what}"),
        ValueDef::Result { .. } => what.to_string(),
    }
}

fn remark(cx: &mut PassContext<'_>, loc: LocId, msg: String) {
    cx.emit_remark(loc, msg);
}

struct PrintDivergence;

impl Pass for PrintDivergence {
    fn argument(&self) -> &'static str {
        "test-print-divergence"
    }
    fn name(&self) -> &'static str {
        "TestPrintDivergence"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let info = cx.analyses.get::<DivergenceInfo>(cx.ctx, op).clone();
        let ctx: &Context = cx.ctx;
        let mut out: Vec<(LocId, String)> = Vec::new();
        let word = |v: ValueId| {
            if info.is_divergent(v) {
                "divergent"
            } else {
                "uniform"
            }
        };
        for_each_item(ctx, info.functions(), &mut |item| match item {
            Item::Arg(a) => {
                let mut m = arg_message(ctx, a, word(a));
                if let ValueDef::BlockArg { block, .. } = ctx.value_def(a)
                    && info.is_divergent_join(block)
                {
                    m.push_str(" (divergent join)");
                }
                out.push((ctx.value_loc(a), m));
            }
            Item::Op(o) => {
                let mut parts: Vec<String> = Vec::new();
                if !ctx.results(o).is_empty() {
                    parts.push(results_message(ctx, o, &word));
                }
                if info.is_conditional_branch(o) {
                    let d = info.is_divergent_branch(ctx, o);
                    parts.push(format!(
                        "{} branch",
                        if d { "divergent" } else { "uniform" }
                    ));
                }
                for i in 0..ctx.operands(o).len() {
                    if info.is_divergent_use(ctx, o, i) && info.is_uniform(ctx.operand(o, i)) {
                        parts.push(format!("temporally divergent operand #{i}"));
                    }
                }
                if !parts.is_empty() {
                    out.push((ctx.loc(o), parts.join("; ")));
                }
            }
        });
        for (loc, m) in out {
            remark(cx, loc, m);
        }
        cx.mark_all_preserved();
        Ok(())
    }
}

struct PrintConvergence;

impl Pass for PrintConvergence {
    fn argument(&self) -> &'static str {
        "test-print-convergence"
    }
    fn name(&self) -> &'static str {
        "TestPrintConvergence"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let info = cx.analyses.get::<ConvergenceInfo>(cx.ctx, op).clone();
        let ctx: &Context = cx.ctx;
        let mut out: Vec<(LocId, String)> = Vec::new();
        let word = |v: ValueId| {
            if info.is_variant(v) {
                "variant"
            } else {
                "invariant"
            }
        };
        for_each_item(ctx, info.functions(), &mut |item| match item {
            Item::Arg(a) => out.push((ctx.value_loc(a), arg_message(ctx, a, word(a)))),
            Item::Op(o) => {
                let mut parts: Vec<String> = Vec::new();
                if !ctx.results(o).is_empty() {
                    parts.push(results_message(ctx, o, &word));
                }
                let is_branch = ctx.successors(o).len() >= 2
                    || matches!(ctx.name_of(o), "scf.if" | "scf.for" | "scf.condition");
                if is_branch {
                    let v = info.is_variant_branch(o);
                    parts.push(format!(
                        "{} branch",
                        if v { "variant" } else { "invariant" }
                    ));
                    if info.is_early_exit(o) {
                        parts.push("early exit".to_string());
                    }
                }
                // Blocks are reported at their terminator.
                if let Some(b) = ctx.parent_block(o)
                    && ctx.terminator(b) == Some(o)
                {
                    let idx = ctx.block_index(b).unwrap_or(0);
                    let c = if info.is_convergent(b) {
                        "convergent"
                    } else {
                        "divergent"
                    };
                    parts.push(format!("block ^bb{idx} {c}"));
                }
                if !parts.is_empty() {
                    out.push((ctx.loc(o), parts.join("; ")));
                }
            }
        });
        for (loc, m) in out {
            remark(cx, loc, m);
        }
        cx.mark_all_preserved();
        Ok(())
    }
}

struct PrintAffine;

impl Pass for PrintAffine {
    fn argument(&self) -> &'static str {
        "test-print-affine"
    }
    fn name(&self) -> &'static str {
        "TestPrintAffine"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let div = cx.analyses.get::<DivergenceInfo>(cx.ctx, op).clone();
        let info = AffineInfo::with_divergence(cx.ctx, op, &div);
        let ctx: &Context = cx.ctx;
        let mut out: Vec<(LocId, String)> = Vec::new();
        for_each_item(ctx, div.functions(), &mut |item| match item {
            Item::Arg(a) => out.push((
                ctx.value_loc(a),
                arg_message(ctx, a, &describe(ctx, info.get(a))),
            )),
            Item::Op(o) => {
                let mut parts: Vec<String> = Vec::new();
                let rs = ctx.results(o);
                if rs.len() == 1 {
                    parts.push(describe(ctx, info.get(rs[0])));
                } else if !rs.is_empty() {
                    let ds: Vec<String> = rs.iter().map(|&v| describe(ctx, info.get(v))).collect();
                    parts.push(format!("results: {}", ds.join(", ")));
                }
                if let Some(a) = info.access(ctx, o) {
                    parts.push(format!("access {}", describe(ctx, a)));
                }
                if !parts.is_empty() {
                    out.push((ctx.loc(o), parts.join("; ")));
                }
            }
        });
        for (loc, m) in out {
            remark(cx, loc, m);
        }
        cx.mark_all_preserved();
        Ok(())
    }
}

struct Annotate;

impl Pass for Annotate {
    fn argument(&self) -> &'static str {
        "annotate-divergence"
    }
    fn name(&self) -> &'static str {
        "AnnotateDivergence"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let n = crate::annotate(cx.ctx, op);
        cx.stats
            .add("annotated-ops", "Ops given divergence attributes", n as u64);
        if n == 0 {
            cx.mark_all_preserved();
        } else {
            // Attributes only: the CFG-based analyses stay valid.
            for a in ["DominanceInfo", "PostDominanceInfo", "LoopInfo"] {
                cx.preserve(a);
            }
        }
        Ok(())
    }
}
