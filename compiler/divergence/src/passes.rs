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

/// The remarks on the analysed functions, in IR order: one per block
/// argument (`arg` words it) and one per other op for which `op` has
/// something to say (its parts, joined with `; `).
fn collect_remarks(
    ctx: &Context,
    funcs: &[OpId],
    arg: impl Fn(ValueId) -> String,
    op: impl Fn(OpId) -> Vec<String>,
) -> Vec<(LocId, String)> {
    let mut out = Vec::new();
    for &func in funcs {
        ctx.walk_pre(func, &mut |o| {
            if o != func {
                let parts = op(o);
                if !parts.is_empty() {
                    out.push((ctx.loc(o), parts.join("; ")));
                }
            }
            for &r in ctx.regions(o) {
                for &b in ctx.region_blocks(r) {
                    for &a in ctx.block_args(b) {
                        out.push((ctx.value_loc(a), arg(a)));
                    }
                }
            }
        });
    }
    out
}

/// Emits the remarks; the IR is unchanged.
fn emit_remarks(cx: &mut PassContext<'_>, remarks: Vec<(LocId, String)>) -> Result<(), Diagnostic> {
    for (loc, m) in remarks {
        cx.emit_remark(loc, m);
    }
    cx.mark_all_preserved();
    Ok(())
}

/// `word` of the op's result, or `results: w1, w2` for several; `None`
/// without results.
fn results_message(ctx: &Context, op: OpId, word: impl Fn(ValueId) -> String) -> Option<String> {
    match ctx.results(op) {
        [] => None,
        [r] => Some(word(*r)),
        rs => {
            let ws: Vec<String> = rs.iter().map(|&v| word(v)).collect();
            Some(format!("results: {}", ws.join(", ")))
        }
    }
}

fn arg_message(ctx: &Context, v: ValueId, what: &str) -> String {
    match ctx.value_def(v) {
        ValueDef::BlockArg { index, .. } => format!("argument #{index}: {what}"),
        ValueDef::Result { .. } => what.to_string(),
    }
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
        let word = |v: ValueId| {
            if info.is_divergent(v) {
                "divergent"
            } else {
                "uniform"
            }
            .to_string()
        };
        let remarks = collect_remarks(
            ctx,
            info.functions(),
            |a| {
                let mut m = arg_message(ctx, a, &word(a));
                if let ValueDef::BlockArg { block, .. } = ctx.value_def(a)
                    && info.is_divergent_join(block)
                {
                    m.push_str(" (divergent join)");
                }
                m
            },
            |o| {
                let mut parts: Vec<String> = results_message(ctx, o, word).into_iter().collect();
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
                parts
            },
        );
        emit_remarks(cx, remarks)
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
        let word = |v: ValueId| {
            if info.is_variant(v) {
                "variant"
            } else {
                "invariant"
            }
            .to_string()
        };
        let remarks = collect_remarks(
            ctx,
            info.functions(),
            |a| arg_message(ctx, a, &word(a)),
            |o| {
                let mut parts: Vec<String> = results_message(ctx, o, word).into_iter().collect();
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
                parts
            },
        );
        emit_remarks(cx, remarks)
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
        let word = |v: ValueId| describe(ctx, info.get(v));
        let remarks = collect_remarks(
            ctx,
            div.functions(),
            |a| arg_message(ctx, a, &word(a)),
            |o| {
                let mut parts: Vec<String> = results_message(ctx, o, word).into_iter().collect();
                if let Some(a) = info.access(ctx, o) {
                    parts.push(format!("access {}", describe(ctx, a)));
                }
                parts
            },
        );
        emit_remarks(cx, remarks)
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
