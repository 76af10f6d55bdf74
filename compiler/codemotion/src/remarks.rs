//! Optimization remarks of the code-motion passes (`--remarks=code-motion`):
//! one remark per motion decision, saying what was placed where, how many
//! computations went away, and whether the motion is speculative and, if
//! so, across which branch.
//!
//! The passes record [`Decision`]s in a [`MotionLog`] while they rewrite
//! and [`emit`] turns them into remarks once the pass is done. Rendering is
//! deferred because block labels are the printer's `^bbN` (a block's index
//! in its region), and later rounds of the same pass may still insert
//! blocks for split critical edges: labels computed at the end describe
//! the IR the pass hands on, which is the IR `lockstep-opt` prints.
//!
//! Invariants:
//! - A disabled log records nothing, and callers check
//!   [`MotionLog::is_enabled`] before computing anything only a remark
//!   needs, so remarks cost nothing when nobody asked for them.
//! - Recording never changes what a pass does; a decision is recorded only
//!   after its rewrite took place.
//! - Rendering never panics on stale ids: a block no longer in a region is
//!   described as such instead of being looked up.

use lockstep_ir::diag::file_line_col;
use lockstep_ir::symbol::symbol_name;
use lockstep_ir::{BlockId, Context, LocId, OpId};
use lockstep_pass::PassContext;

/// The remark category of every pass of this crate.
pub const CATEGORY: &str = "code-motion";

/// Where a computation of the expression is after a motion decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Point {
    /// A new computation at the start of the block.
    Entry(BlockId),
    /// A new computation at the end of the block (before its terminator).
    End(BlockId),
    /// A new computation in a block made from a critical edge (rendered
    /// with the edge it stands for: its predecessor and its successor).
    Split(BlockId),
    /// An existing computation left in place.
    In(BlockId),
}

/// A branch a speculative motion crossed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The block the branch ends.
    pub block: BlockId,
    /// The branch op's location, taken when the decision was made (the op
    /// may be rebuilt later when merged values are forwarded through it).
    pub loc: LocId,
    /// Whether the divergence analysis called it divergent.
    pub divergent: bool,
}

/// What a decision did with the expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The expression is computed at `points` (new ones first), and
    /// `replaced` redundant computations were replaced by their values.
    Placed { points: Vec<Point>, replaced: u64 },
    /// One computation moved from block `from` to the end of block `to`
    /// (SRQP's speculation).
    Hoisted { from: BlockId, to: BlockId },
}

/// One motion decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The original expression's location (that of its first occurrence);
    /// new computations carry the same location.
    pub loc: LocId,
    /// The expression's op name (`arith.addi`, `device.load`).
    pub op: String,
    pub action: Action,
    /// `None` when no path evaluates the expression more often than before;
    /// otherwise the branches the motion was hoisted across (possibly empty
    /// when they could not be identified).
    pub speculative: Option<Vec<Branch>>,
}

/// The decisions of one pass run; disabled unless remarks were asked for.
#[derive(Clone, Debug, Default)]
pub struct MotionLog {
    enabled: bool,
    pub decisions: Vec<Decision>,
}

impl MotionLog {
    /// A log that records nothing.
    pub fn disabled() -> Self {
        MotionLog::default()
    }

    /// A log that records when the run's remark filter selects
    /// [`CATEGORY`].
    pub fn for_context(cx: &PassContext<'_>) -> Self {
        MotionLog {
            enabled: cx.remarks_enabled(CATEGORY),
            decisions: Vec::new(),
        }
    }

    pub fn is_enabled(&self) -> bool {
        self.enabled
    }

    /// Records `d` if the log is enabled.
    pub fn record(&mut self, d: Decision) {
        if self.enabled {
            self.decisions.push(d);
        }
    }
}

/// Emits one remark per recorded decision of pass `pass` on `func`, in the
/// order they were made.
pub fn emit(cx: &mut PassContext<'_>, pass: &str, func: OpId, log: MotionLog) {
    if !log.enabled || log.decisions.is_empty() {
        return;
    }
    for d in &log.decisions {
        let text = message(cx.ctx, pass, func, d);
        cx.emit_optimization_remark(CATEGORY, d.loc, text);
    }
}

/// The text of the remark of `d` (without the `[code-motion]` prefix):
///
/// ```text
/// lcm: 'arith.addi' computed at the end of ^bb2 (and 1 other point); 2 redundant computations replaced in kernel @k; not speculative
/// ssrqp: 'device.load' hoisted to the end of ^bb0 from ^bb2; 1 occurrence moved in kernel @k; speculative across the divergent branch at k.mlir:4:5 (end of ^bb0)
/// ```
pub fn message(ctx: &Context, pass: &str, func: OpId, d: &Decision) -> String {
    let mut s = format!("{pass}: '{}' ", d.op);
    match &d.action {
        Action::Placed { points, replaced } => {
            match points.first() {
                Some(&p) => {
                    s.push_str("computed ");
                    s.push_str(&point(ctx, p));
                    let others = points.len() - 1;
                    if others > 0 {
                        s.push_str(&format!(
                            " (and {others} other point{})",
                            plural(others as u64)
                        ));
                    }
                }
                None => s.push_str("no longer computed"),
            }
            s.push_str(&format!(
                "; {replaced} redundant computation{} replaced",
                plural(*replaced)
            ));
        }
        Action::Hoisted { from, to } => {
            s.push_str(&format!(
                "hoisted to the end of {} from {}; 1 occurrence moved",
                label(ctx, *to),
                label(ctx, *from)
            ));
        }
    }
    s.push_str(" in ");
    s.push_str(&function(ctx, func));
    s.push_str("; ");
    match &d.speculative {
        None => s.push_str("not speculative"),
        Some(branches) if branches.is_empty() => s.push_str("speculative"),
        Some(branches) => {
            s.push_str("speculative across ");
            let items: Vec<String> = branches.iter().map(|b| branch(ctx, b)).collect();
            s.push_str(&join_and(&items));
        }
    }
    s
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `^bbN` as the printer numbers the block now.
fn label(ctx: &Context, b: BlockId) -> String {
    match ctx.block_index(b) {
        Some(i) => format!("^bb{i}"),
        None => "a removed block".to_string(),
    }
}

fn point(ctx: &Context, p: Point) -> String {
    match p {
        Point::Entry(b) => format!("at the entry of {}", label(ctx, b)),
        Point::End(b) => format!("at the end of {}", label(ctx, b)),
        Point::In(b) => format!("in {}", label(ctx, b)),
        Point::Split(b) if ctx.block_index(b).is_some() => {
            // The block made from an edge has one predecessor and branches
            // to the edge's target; describe it as that edge.
            let from = ctx.pred_blocks(b).into_iter().next();
            let to = ctx
                .last_op(b)
                .and_then(|t| ctx.successors(t).first().copied());
            match (from, to) {
                (Some(f), Some(t)) => format!(
                    "in the new block {} on the edge {} -> {}",
                    label(ctx, b),
                    label(ctx, f),
                    label(ctx, t)
                ),
                _ => format!("in the new block {}", label(ctx, b)),
            }
        }
        Point::Split(b) => format!("in the new block {}", label(ctx, b)),
    }
}

/// `kernel @k` or `function @f`.
fn function(ctx: &Context, func: OpId) -> String {
    let kind = if ctx.name_of(func) == "device.kernel" {
        "kernel"
    } else {
        "function"
    };
    match symbol_name(ctx, func) {
        Some(n) => format!("{kind} @{}", ctx.str(n)),
        None => format!("an unnamed {kind}"),
    }
}

/// `the divergent branch at f.cu:3:5 (end of ^bb0)` or
/// `a non-divergent branch at ...`.
fn branch(ctx: &Context, b: &Branch) -> String {
    let what = if b.divergent {
        "the divergent branch"
    } else {
        "a non-divergent branch"
    };
    match file_line_col(ctx.uniquer(), b.loc) {
        Some((file, line, col)) => format!(
            "{what} at {}:{line}:{col} (end of {})",
            ctx.str(file),
            label(ctx, b.block)
        ),
        None => format!("{what} ending {}", label(ctx, b.block)),
    }
}

#[cfg(test)]
mod tests {
    //! The records agree with what the passes did, on every function of the
    //! code-motion lit tests: one decision per motion, as many replaced and
    //! inserted computations as the statistics count, and speculation only
    //! where the pass may speculate, across branches it may cross.
    use super::*;
    use crate::srqp::{SrqpOptions, Variant, run_srqp_logged};
    use crate::sscm::{SpecMode, run_speculative_logged};
    use lockstep_ir::{Rewriter, parse_source};

    #[derive(Copy, Clone, Debug)]
    enum Run {
        Lcm,
        Scm,
        Spec(SpecMode),
        Srqp(Variant),
    }

    const RUNS: [Run; 8] = [
        Run::Lcm,
        Run::Scm,
        Run::Spec(SpecMode::Divergent),
        Run::Spec(SpecMode::AllBranches),
        Run::Srqp(Variant::Srqp),
        Run::Srqp(Variant::Esrqp),
        Run::Srqp(Variant::SsrqpS),
        Run::Srqp(Variant::Ssrqp),
    ];

    fn enabled_log() -> MotionLog {
        MotionLog {
            enabled: true,
            decisions: Vec::new(),
        }
    }

    fn functions(ctx: &Context, m: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        ctx.walk_pre(m, &mut |op| {
            if matches!(ctx.name_of(op), "device.kernel" | "device.func") {
                out.push(op);
            }
        });
        out
    }

    /// (new points, computations named as kept, replaced) of `Placed`
    /// decisions, and the number of `Hoisted` ones.
    fn totals(log: &MotionLog) -> (u64, u64, u64) {
        let (mut new, mut replaced, mut hoisted) = (0, 0, 0);
        for d in &log.decisions {
            match &d.action {
                Action::Placed {
                    points,
                    replaced: r,
                } => {
                    new += points.iter().filter(|p| !matches!(p, Point::In(_))).count() as u64;
                    replaced += r;
                }
                Action::Hoisted { .. } => hoisted += 1,
            }
        }
        (new, replaced, hoisted)
    }

    fn check_function(src: &str, file: &str, index: usize, run: Run) {
        let mut ctx = lockstep_registry::new_context(true);
        let Ok(m) = parse_source(&mut ctx, file, src, 1) else {
            return;
        };
        let Some(&func) = functions(&ctx, m).get(index) else {
            return;
        };
        let mut log = enabled_log();
        let mut rw = Rewriter::new(&mut ctx);
        let what = format!("{file}, function {index}, {run:?}");
        let (new, replaced, hoisted) = match run {
            Run::Lcm | Run::Scm | Run::Spec(_) => {
                let stats = match run {
                    Run::Lcm => crate::lcm::run_lcm_logged(&mut rw, func, 8, &mut log),
                    Run::Scm => crate::scm::run_scm_logged(&mut rw, func, 8, &mut log),
                    Run::Spec(mode) => {
                        run_speculative_logged(&mut rw, func, mode, 8, false, &mut log)
                    }
                    Run::Srqp(_) => unreachable!(),
                };
                let Ok(stats) = stats else { return };
                (stats.inserted, stats.replaced, 0)
            }
            Run::Srqp(variant) => {
                let opts = SrqpOptions {
                    variant,
                    speculate_loads: false,
                };
                let Ok(stats) = run_srqp_logged(&mut rw, func, opts, &mut log) else {
                    return;
                };
                (stats.inserted, stats.replaced, stats.speculated)
            }
        };
        assert_eq!(totals(&log), (new, replaced, hoisted), "{what}");
        let ctx: &Context = rw.ctx;
        for d in &log.decisions {
            let text = message(ctx, "p", func, d);
            assert!(!text.contains("a removed block"), "{what}: {text}");
            let may_speculate = matches!(
                run,
                Run::Spec(_) | Run::Srqp(Variant::SsrqpS | Variant::Ssrqp)
            );
            match &d.speculative {
                None => {}
                Some(branches) => {
                    assert!(may_speculate, "{what}: {text}");
                    assert!(!branches.is_empty(), "{what}: {text}");
                    // sscm and ssrqp cross divergent branches only.
                    if matches!(
                        run,
                        Run::Spec(SpecMode::Divergent) | Run::Srqp(Variant::Ssrqp)
                    ) {
                        assert!(branches.iter().all(|b| b.divergent), "{what}: {text}");
                    }
                }
            }
            if let Action::Hoisted { .. } = d.action {
                assert!(d.speculative.is_some(), "{what}: {text}");
            }
        }
    }

    #[test]
    fn records_match_statistics_on_the_lit_tests() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit/codemotion");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("lit test directory")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
            .collect();
        files.sort();
        let mut checked = 0;
        for path in files {
            let src = std::fs::read_to_string(&path).expect("lit test");
            let file = path.display().to_string();
            let mut ctx = lockstep_registry::new_context(true);
            let Ok(m) = parse_source(&mut ctx, &file, &src, 1) else {
                continue;
            };
            let count = functions(&ctx, m).len();
            for index in 0..count {
                for run in RUNS {
                    check_function(&src, &file, index, run);
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} runs checked");
    }

    #[test]
    fn log_follows_the_remark_filter() {
        use lockstep_pass::{AnalysisManager, RemarkFilter, Statistics};
        let mut ctx = lockstep_registry::new_context(true);
        let mut analyses = AnalysisManager::default();
        let mut stats = Statistics::default();
        for (list, on) in [
            ("", false),
            ("inline", false),
            ("code-motion", true),
            ("inline,code-motion", true),
            ("all", true),
        ] {
            let filter = RemarkFilter::parse(list);
            let cx = PassContext::new(&mut ctx, &mut analyses, &mut stats).with_remarks(&filter);
            assert_eq!(MotionLog::for_context(&cx).is_enabled(), on, "{list}");
        }
        let cx = PassContext::new(&mut ctx, &mut analyses, &mut stats);
        assert!(!MotionLog::for_context(&cx).is_enabled());
    }

    #[test]
    fn disabled_log_records_nothing() {
        let mut log = MotionLog::disabled();
        assert!(!log.is_enabled());
        log.record(Decision {
            loc: LocId::from_index(0),
            op: "arith.addi".to_string(),
            action: Action::Placed {
                points: Vec::new(),
                replaced: 0,
            },
            speculative: None,
        });
        assert!(log.decisions.is_empty());
    }
}
