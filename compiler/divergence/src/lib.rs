//! Divergence analyses of device code (`device.kernel` / `device.func`
//! bodies, with `cf` CFGs and nested `scf` regions):
//! - [`DivergenceInfo`]: warp-level uniformity from data and sync
//!   dependences, with temporal divergence (module [`uniformity`]);
//! - [`ConvergenceInfo`]: Lee et al.'s combined convergence and variance
//!   analysis with the early-exit refinement (module [`convergence`]);
//! - [`AffineInfo`]: values of the form `base + stride × threadIdx.x`
//!   (module [`affine`]).
//!
//! All three are [`lockstep_pass::Analysis`] values computed for any op (a
//! module, a `device.module` or one function) and cover every device
//! function under it; they are snapshots of the IR. The passes
//! `test-print-divergence`, `test-print-convergence`, `test-print-affine`
//! and `annotate-divergence` expose them ([`register_passes`]);
//! [`branch_report`] and [`annotate`] serve `lockstepc`.
//!
//! The algorithms, lattices and conservative choices are documented in
//! `docs/analyses.md`, section "Divergence analyses".

pub mod affine;
pub mod classify;
pub mod convergence;
mod passes;
pub mod uniformity;

pub use affine::{Affine, AffineBase, AffineInfo};
pub use convergence::ConvergenceInfo;
pub use passes::{ANNOTATE_INFO, register_passes};
pub use uniformity::DivergenceInfo;

use lockstep_ir::{Context, LocId, OpId, Rewriter};

/// One conditional branch in device code and its classification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BranchReport {
    /// The location of the branch condition (the branch op's location; for
    /// `scf.while`, that of its `scf.condition`, or of the loop when the
    /// condition has none).
    pub loc: LocId,
    /// The symbol name of the enclosing `device.kernel` or `device.func`.
    pub function: String,
    /// True when threads of one warp may take different successors.
    pub divergent: bool,
    /// The branch op: `cf.cond_br`, `cf.switch`, `scf.if` or `scf.while`.
    pub op: OpId,
}

/// The conditional branches of one function, in IR order: `cf.cond_br`,
/// `cf.switch`, `scf.if` and `scf.while` (not `scf.for`, whose trip count is
/// reported by [`DivergenceInfo::is_divergent_branch`] only).
pub fn conditional_branches(ctx: &Context, func: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    ctx.walk_pre(func, &mut |op| {
        if matches!(
            ctx.name_of(op),
            "cf.cond_br" | "cf.switch" | "scf.if" | "scf.while"
        ) {
            out.push(op);
        }
    });
    out
}

/// The location a branch is reported at.
pub fn branch_loc(ctx: &Context, op: OpId) -> LocId {
    if ctx.name_of(op) == "scf.while"
        && let Some(c) = uniformity::while_condition(ctx, op)
        && !matches!(ctx.loc_data(ctx.loc(c)), lockstep_ir::LocData::Unknown)
    {
        return ctx.loc(c);
    }
    ctx.loc(op)
}

/// Classifies every conditional branch (`cf.cond_br`, `cf.switch`, and the
/// conditions of `scf.if`/`scf.while`) in the device code under `module`,
/// in source order (file, line, column; branches without a file location
/// keep their IR order after those with one).
pub fn branch_report(ctx: &Context, module: OpId) -> Vec<BranchReport> {
    let info = DivergenceInfo::compute(ctx, module);
    branch_report_with(ctx, &info)
}

/// A branch's position in the source, for ordering: file, line, column.
type SourceKey = Option<(String, u32, u32)>;

/// [`branch_report`] from an existing analysis.
pub fn branch_report_with(ctx: &Context, info: &DivergenceInfo) -> Vec<BranchReport> {
    let mut out: Vec<(SourceKey, usize, BranchReport)> = Vec::new();
    for &f in info.functions() {
        let function = classify::symbol(ctx, f);
        for op in conditional_branches(ctx, f) {
            let loc = branch_loc(ctx, op);
            let key = lockstep_ir::diag::file_line_col(ctx.uniquer(), loc)
                .map(|(file, l, c)| (ctx.str(file).to_string(), l, c));
            let n = out.len();
            out.push((
                key,
                n,
                BranchReport {
                    loc,
                    function: function.clone(),
                    divergent: info.is_divergent_branch(ctx, op),
                    op,
                },
            ));
        }
    }
    out.sort_by(|a, b| match (&a.0, &b.0) {
        (Some(x), Some(y)) => x.cmp(y).then(a.1.cmp(&b.1)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.1.cmp(&b.1),
    });
    out.into_iter().map(|e| e.2).collect()
}

/// Formats a report line: `FILE:LINE:COL: KERNEL: divergent branch` (or
/// `uniform branch`); `<unknown>` replaces a missing file location.
pub fn format_report_line(ctx: &Context, r: &BranchReport) -> String {
    let at = match lockstep_ir::diag::file_line_col(ctx.uniquer(), r.loc) {
        Some((file, l, c)) => format!("{}:{l}:{c}", ctx.str(file)),
        None => "<unknown>".to_string(),
    };
    let kind = if r.divergent { "divergent" } else { "uniform" };
    format!("{at}: {}: {kind} branch", r.function)
}

/// Attaches the divergence annotations (see `docs/analyses.md`) to the
/// device code under `module`, replacing earlier ones:
/// - `divergence = "uniform" | "divergent"` on every conditional branch
///   (`cf.cond_br`, `cf.switch`, `scf.if`, `scf.condition`, `scf.for`);
/// - `divergence.divergent` (unit) on every op with a divergent result.
///
/// Returns the number of ops annotated.
pub fn annotate(ctx: &mut Context, module: OpId) -> usize {
    let info = DivergenceInfo::compute(ctx, module);
    let mut plan: Vec<(OpId, Option<bool>, bool)> = Vec::new();
    for &f in info.functions() {
        ctx.walk_pre(f, &mut |op| {
            if op == f {
                return;
            }
            let branch = info
                .is_conditional_branch(op)
                .then(|| info.is_divergent_branch(ctx, op));
            let div_result = ctx.results(op).iter().any(|&v| info.is_divergent(v));
            plan.push((op, branch, div_result));
        });
    }
    let uniform = ctx.str_attr("uniform");
    let divergent = ctx.str_attr("divergent");
    let unit = ctx.unit_attr();
    let mut rw = Rewriter::new(ctx);
    let mut n = 0;
    for (op, branch, div_result) in plan {
        let mut touched = false;
        touched |= rw.remove_attr(op, "divergence").is_some();
        touched |= rw.remove_attr(op, "divergence.divergent").is_some();
        if let Some(d) = branch {
            rw.set_attr(op, "divergence", if d { divergent } else { uniform });
            touched = true;
        }
        if div_result {
            rw.set_attr(op, "divergence.divergent", unit);
            touched = true;
        }
        n += usize::from(touched);
    }
    n
}
