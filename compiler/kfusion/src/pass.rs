//! The host passes `kf-trad` (fuse launches adjacent in the program, no
//! motion) and `kfcm` (kf-trad's adjacent fusions first, then BKF then FKF
//! per launch statement in reverse post-order, repeated until nothing
//! changes: thesis §5.2.3).
//!
//! Both anchor on the top-level module, because fusing creates kernels in a
//! `device.module` beside the host functions. Both declare
//! [`Pass::changes_kernels`].
//!
//! Invariants:
//! - A launch moves only where [`crate::host`]'s predicates allow, and only
//!   when the move fuses it (BKF) or sinks it to a different point (FKF);
//!   every path keeps at most as many launches as before. Since `kfcm`
//!   starts from `kf-trad`'s result, it never launches more often.
//! - Two launches become one only when [`crate::launch::check`] (legality
//!   on both kernels plus the host facts) says so.
//! - Remarks (`--remarks=kfcm` / `--remarks=kf-trad`) give every candidate
//!   pair with its decision and reason, and for a launch with no
//!   candidate, what stopped it.

use crate::host::launch_pointers;
use crate::host::{
    BkfPlacement, FkfPlacement, Local, Point, Stmt, StmtGraph, bkf_placement, down_safety,
    fkf_placement, kill_reason, sinkability,
};
use crate::launch::{Fuser, Verdict, check, dead_after, kernel_name, kernel_of};
use lockstep_analysis::cfg::{CfgView, Node};
use lockstep_ir::diag::file_line_col;
use lockstep_ir::{BlockId, Context, Diagnostic, OpId, Rewriter};
use lockstep_pass::{Pass, PassContext, PassInfo};
use rustc_hash::FxHashSet;

/// The passes of this crate that work on whole modules; the `-O` pipelines
/// place them outside the per-function host list (`lockstep-opt`'s levels).
pub const MODULE_PASSES: &[&str] = &["kf-trad", "kfcm"];

/// Rounds of KFCM over one function before it stops, in case second-order
/// effects keep enabling each other.
const MAX_ROUNDS: usize = 16;

pub static KF_TRAD_INFO: PassInfo = PassInfo {
    argument: "kf-trad",
    description: "Traditional kernel fusion: fuse launches adjacent in the program, without code motion",
    options: &[],
    create: |_| Ok(Box::new(KernelFusion { motion: false })),
};

pub static KFCM_INFO: PassInfo = PassInfo {
    argument: "kfcm",
    description: "Kernel fusion based on code motion (BKF and FKF on the host CFG)",
    options: &[],
    create: |_| Ok(Box::new(KernelFusion { motion: true })),
};

/// `kf-trad` (`motion: false`) and `kfcm`.
pub struct KernelFusion {
    pub motion: bool,
}

/// Counts for `--pass-statistics`.
#[derive(Default)]
struct Counts {
    fused: u64,
    inserted: u64,
    kernels: u64,
}

impl Pass for KernelFusion {
    fn argument(&self) -> &'static str {
        if self.motion { "kfcm" } else { "kf-trad" }
    }
    fn name(&self) -> &'static str {
        if self.motion {
            "KernelFusionCodeMotion"
        } else {
            "TraditionalKernelFusion"
        }
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn changes_kernels(&self) -> bool {
        true
    }
    fn run(&mut self, module: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let category = self.argument();
        let remarks = cx.remarks_enabled(category);
        let funcs: Vec<OpId> = cx
            .ctx
            .collect_pre(module)
            .into_iter()
            .filter(|&op| cx.ctx.name_of(op) == "func.func" && !cx.ctx.regions(op).is_empty())
            .collect();
        let mut fuser = Fuser::default();
        let mut counts = Counts::default();
        let mut notes: Vec<(lockstep_ir::LocId, String)> = Vec::new();
        for f in funcs {
            let Some(&body) = cx.ctx.regions(f).first() else {
                continue;
            };
            if cx.ctx.region_blocks(body).is_empty() {
                continue;
            }
            let mut run = Run {
                fuser: &mut fuser,
                counts: &mut counts,
                notes: &mut notes,
                remarks,
            };
            if self.motion {
                run.kfcm(cx.ctx, body)?;
            } else {
                run.trad(cx.ctx, body)?;
            }
        }
        counts.kernels = drop_unlaunched(cx.ctx, module, &fuser.created);
        for (loc, msg) in notes {
            cx.emit_optimization_remark(category, loc, msg);
        }
        cx.stats
            .add("num-fused", "Pairs of launches fused", counts.fused);
        cx.stats.add(
            "num-inserted",
            "Launches inserted as compensation code",
            counts.inserted,
        );
        cx.stats
            .add("num-kernels", "Fused kernels created", counts.kernels);
        if counts.fused == 0 && counts.inserted == 0 {
            cx.mark_all_preserved();
        }
        Ok(())
    }
}

struct Run<'a> {
    fuser: &'a mut Fuser,
    counts: &'a mut Counts,
    /// Remarks, as (location, message); the location is taken when the
    /// remark is made, since the op may be erased by a later step.
    notes: &'a mut Vec<(lockstep_ir::LocId, String)>,
    remarks: bool,
}

/// A remark about a launch, rendered while its ops are still alive.
struct Note {
    at: OpId,
    text: String,
}

impl Run<'_> {
    fn note(&mut self, ctx: &Context, n: Note) {
        if self.remarks {
            self.notes.push((ctx.loc(n.at), n.text));
        }
    }

    /// `kf-trad`: in each block, a launch and the next one are fused when
    /// nothing between them stops the second from moving up (no motion
    /// across blocks), repeatedly, so chains fuse into one launch.
    fn trad(&mut self, ctx: &mut Context, body: lockstep_ir::RegionId) -> Result<(), Diagnostic> {
        let blocks: Vec<BlockId> = ctx.region_blocks(body).to_vec();
        for b in blocks {
            let mut prev: Option<OpId> = None;
            let mut op = ctx.first_op(b);
            while let Some(cur) = op {
                op = ctx.next_op(cur);
                if ctx.name_of(cur) != "host.launch" {
                    continue;
                }
                let Some(first) = prev else {
                    prev = Some(cur);
                    continue;
                };
                // Adjacent: nothing between the two may stop the second.
                let mut between = ctx.next_op(first);
                let mut blocker = None;
                while let Some(x) = between
                    && x != cur
                {
                    if let Some(r) = kill_reason(ctx, x, cur) {
                        blocker = Some((x, r));
                        break;
                    }
                    between = ctx.next_op(x);
                }
                if let Some((x, r)) = blocker {
                    let text = format!(
                        "not fused: {} and {} are not adjacent: {r} ({})",
                        launch_label(ctx, first),
                        launch_label(ctx, cur),
                        where_is(ctx, x)
                    );
                    self.note(ctx, Note { at: cur, text });
                    prev = Some(cur);
                    continue;
                }
                match check(ctx, first, cur) {
                    Ok(v) => {
                        let g = StmtGraph::new(ctx, body);
                        let dead = dead_values(ctx, &g, first, cur, &[]);
                        let (l1, l2) = (launch_label(ctx, first), launch_label(ctx, cur));
                        let mut rw = Rewriter::new(ctx);
                        let fused = self.fuser.fuse(&mut rw, first, first, cur, &v, &dead)?;
                        rw.erase_op(cur);
                        self.counts.fused += 1;
                        let text = fused_text(&l1, &l2, &fused.name, &v);
                        self.note(
                            ctx,
                            Note {
                                at: fused.launch,
                                text,
                            },
                        );
                        prev = Some(fused.launch);
                    }
                    Err(reason) => {
                        let text = format!(
                            "not fused: {} and {}: {reason}",
                            launch_label(ctx, first),
                            launch_label(ctx, cur)
                        );
                        self.note(ctx, Note { at: cur, text });
                        prev = Some(cur);
                    }
                }
            }
        }
        Ok(())
    }

    /// `kfcm`: BKF, then FKF when BKF fused nothing, for each launch in
    /// reverse post-order; rounds repeat until nothing changes.
    fn kfcm(&mut self, ctx: &mut Context, body: lockstep_ir::RegionId) -> Result<(), Diagnostic> {
        // Adjacent launches are fused first, as kf-trad does. Every later
        // step keeps each path's launch count or lowers it, so KFCM never
        // launches more often than kf-trad; visiting launches in reverse
        // post-order alone could hoist a launch away from its adjacent
        // partner on one path to fuse it on another.
        self.trad(ctx, body)?;
        for _ in 0..MAX_ROUNDS {
            let mut changed = false;
            // The graph is rebuilt only after a change.
            let mut graph = Some(StmtGraph::new(ctx, body));
            let order = graph
                .as_ref()
                .map(|g| g.launches_in_rpo(ctx))
                .unwrap_or_default();
            // Launches looked at and left alone: their remarks are given
            // once, in the last round.
            let mut refused: Vec<Note> = Vec::new();
            for launch in order {
                // An erased launch's slot may hold a new op by now.
                if !ctx.is_live_op(launch) || ctx.name_of(launch) != "host.launch" {
                    continue;
                }
                let g = graph.take().unwrap_or_else(|| StmtGraph::new(ctx, body));
                let mut log = Vec::new();
                if self.bkf(ctx, &g, launch, &mut log)? {
                    changed = true;
                    continue;
                }
                if self.fkf(ctx, &g, launch, &mut log)? {
                    changed = true;
                    continue;
                }
                if log.is_empty() {
                    log.extend(self.why_alone(ctx, &g, launch));
                }
                refused.extend(log);
                graph = Some(g);
            }
            if !changed {
                for n in refused {
                    self.note(ctx, n);
                }
                return Ok(());
            }
        }
        Ok(())
    }

    /// Backward kernel fusion of `launch`: hoist it to launches it can
    /// follow on every path, fuse there, compensate elsewhere.
    fn bkf(
        &mut self,
        ctx: &mut Context,
        g: &StmtGraph,
        launch: OpId,
        log: &mut Vec<Note>,
    ) -> Result<bool, Diagnostic> {
        let Some(l) = Local::new(ctx, g, launch) else {
            return Ok(false);
        };
        let dsafe = down_safety(g, &l);
        // XFusible (Fig. 5.6), restricted to legal pairs.
        let mut xfusible = vec![false; g.num_nodes()];
        let mut verdicts: Vec<(Node, OpId, Verdict)> = Vec::new();
        for n in 0..g.num_nodes() as Node {
            let Stmt::Op(other) = g.stmt(n) else { continue };
            if other == launch || ctx.name_of(other) != "host.launch" || !dsafe.1[n as usize] {
                continue;
            }
            match check(ctx, other, launch) {
                Ok(v) => {
                    xfusible[n as usize] = true;
                    verdicts.push((n, other, v));
                }
                Err(reason) => log.push(Note {
                    at: launch,
                    text: format!(
                        "not fused: {} could be hoisted to {}, but {reason}",
                        launch_label(ctx, launch),
                        launch_label(ctx, other)
                    ),
                }),
            }
        }
        if verdicts.is_empty() {
            return Ok(false);
        }
        let BkfPlacement { nlatest, xlatest } = bkf_placement(g, &l, &dsafe, &xfusible);
        let mut inserts: Vec<Point> = Vec::new();
        for n in 0..g.num_nodes() as Node {
            if nlatest[n as usize] {
                inserts.extend(g.entry_points(ctx, n));
            }
            if xlatest[n as usize] && !xfusible[n as usize] {
                inserts.extend(g.exit_points(ctx, n));
            }
        }
        let moved = launch_label(ctx, launch);
        let fusions: Vec<(OpId, Verdict, bool)> = verdicts
            .into_iter()
            .filter(|(n, _, _)| xlatest[*n as usize])
            .map(|(_, other, v)| (other, v, false))
            .collect();
        self.apply(ctx, g, launch, &moved, inserts, fusions, "hoisted")
    }

    /// Forward kernel fusion of `launch`: sink it to launches it can
    /// precede, fuse there, and leave it at the latest points elsewhere.
    fn fkf(
        &mut self,
        ctx: &mut Context,
        g: &StmtGraph,
        launch: OpId,
        log: &mut Vec<Note>,
    ) -> Result<bool, Diagnostic> {
        let Some(l) = Local::new(ctx, g, launch) else {
            return Ok(false);
        };
        let sink = sinkability(g, &l);
        let FkfPlacement { ninsert, xinsert } = fkf_placement(g, &l, &sink);
        let mut inserts: Vec<Point> = Vec::new();
        // The same points as (node, at its exit), for the look-ahead below.
        let mut insert_nodes: Vec<(Node, bool)> = Vec::new();
        let mut fusions: Vec<(OpId, Verdict, bool)> = Vec::new();
        for n in 0..g.num_nodes() as Node {
            if ninsert[n as usize] {
                // NFusable (Fig. 5.12), restricted to legal pairs.
                if let Stmt::Op(other) = g.stmt(n)
                    && other != launch
                    && ctx.name_of(other) == "host.launch"
                {
                    match check(ctx, launch, other) {
                        Ok(v) => {
                            fusions.push((other, v, true));
                            continue;
                        }
                        Err(reason) => log.push(Note {
                            at: launch,
                            text: format!(
                                "not fused: {} could be sunk to {}, but {reason}",
                                launch_label(ctx, launch),
                                launch_label(ctx, other)
                            ),
                        }),
                    }
                }
                inserts.extend(g.entry_points(ctx, n));
                insert_nodes.push((n, false));
            }
            if xinsert[n as usize] {
                inserts.extend(g.exit_points(ctx, n));
                insert_nodes.push((n, true));
            }
        }
        if fusions.is_empty() {
            // A sink that fuses nothing only helps when it moves the launch
            // to where a later BKF can fuse another launch with it (the
            // second-order effect of §5.2.3); any other sink is churn.
            let here: Vec<Point> = std::iter::once(Point::Before(launch))
                .chain(ctx.next_op(launch).map(Point::Before))
                .collect();
            inserts.sort();
            inserts.dedup();
            if inserts.is_empty() || (inserts.len() == 1 && here.contains(&inserts[0])) {
                return Ok(false);
            }
            if !enables_hoisting(ctx, g, launch, &insert_nodes) {
                return Ok(false);
            }
        }
        let moved = launch_label(ctx, launch);
        self.apply(ctx, g, launch, &moved, inserts, fusions, "sunk")
    }

    /// Inserts copies of `launch` at `inserts`, fuses it with each launch
    /// of `fusions` (`moved_first`: the moved launch runs first), and
    /// erases the original.
    #[allow(clippy::too_many_arguments)]
    fn apply(
        &mut self,
        ctx: &mut Context,
        g: &StmtGraph,
        launch: OpId,
        moved: &str,
        mut inserts: Vec<Point>,
        fusions: Vec<(OpId, Verdict, bool)>,
        how: &str,
    ) -> Result<bool, Diagnostic> {
        inserts.sort();
        inserts.dedup();
        // Liveness is decided on the unchanged function.
        let deads: Vec<Vec<lockstep_ir::ValueId>> = fusions
            .iter()
            .map(|(other, _, _)| dead_values(ctx, g, *other, launch, &inserts))
            .collect();
        if fusions.is_empty() {
            // A sink that fuses nothing yet: a later hoisting may fuse there.
            let n = inserts.len();
            self.note(
                ctx,
                Note {
                    at: launch,
                    text: format!(
                        "{moved} {how} to {n} later point{} (nothing fused yet)",
                        if n == 1 { "" } else { "s" }
                    ),
                },
            );
        }
        let mut rw = Rewriter::new(ctx);
        let edges: Vec<lockstep_analysis::cfg::CfgEdge> = inserts
            .iter()
            .filter_map(|p| match p {
                Point::OnEdge(e) => Some(*e),
                Point::Before(_) => None,
            })
            .collect();
        let slots: Vec<(OpId, usize)> = edges
            .iter()
            .filter_map(|e| Some((rw.ctx.terminator(e.from)?, e.succ_index as usize)))
            .collect();
        if slots.len() != edges.len() {
            return Err(Diagnostic::error(
                rw.ctx.loc(launch),
                "kernel fusion: an edge leaves a block without a terminator",
            ));
        }
        let edge_blocks = lockstep_transforms::split_critical_edges::split_edges_with_br(
            &mut rw, &slots, launch,
        )?;
        let mut compensation = 0u64;
        for p in &inserts {
            let before = match p {
                Point::Before(op) => *op,
                Point::OnEdge(e) => {
                    let i = edges.iter().position(|x| x == e).expect("edge listed");
                    rw.ctx
                        .terminator(edge_blocks[i])
                        .expect("a split edge's block ends in a branch")
                }
            };
            if before == launch {
                // The launch stays where it is on this path.
                continue;
            }
            rw.set_insertion_point_before(before);
            let mut map = lockstep_transforms::clone::IrMapping::default();
            lockstep_transforms::clone::clone_op(&mut rw, launch, &mut map);
            compensation += 1;
        }
        self.counts.inserted += compensation;
        // Fusing replaces launches, so it comes after every insertion point
        // (all taken from the unchanged function) has been used.
        let mut fused_texts = Vec::new();
        for ((other, v, moved_first), dead) in fusions.iter().zip(&deads) {
            let (first, second) = if *moved_first {
                (launch, *other)
            } else {
                (*other, launch)
            };
            let (l1, l2) = (launch_label(rw.ctx, first), launch_label(rw.ctx, second));
            let fused = self.fuser.fuse(&mut rw, *other, first, second, v, dead)?;
            self.counts.fused += 1;
            fused_texts.push((fused.launch, fused_text(&l1, &l2, &fused.name, v)));
        }
        if !inserts.contains(&Point::Before(launch)) {
            rw.erase_op(launch);
        }

        for (at, text) in fused_texts {
            let extra = if compensation > 0 {
                format!(
                    "; {moved} {how}, with {compensation} compensation launch{} on other paths",
                    if compensation == 1 { "" } else { "es" }
                )
            } else {
                format!("; {moved} {how}")
            };
            self.note(
                ctx,
                Note {
                    at,
                    text: format!("{text}{extra}"),
                },
            );
        }
        Ok(true)
    }

    /// Why a launch with no candidate was left alone, given as a pair with
    /// the nearest launch above it on its single-predecessor chain: what
    /// stops it from being hoisted there, and what stops that launch from
    /// being sunk to it. `None` when no launch lies above it.
    fn why_alone(&self, ctx: &Context, g: &StmtGraph, launch: OpId) -> Option<Note> {
        let start = g.node_of(launch)?;
        let mut n = start;
        let mut hoist_stop: Option<(OpId, String)> = None;
        // Bounded: a cycle of single-predecessor statements is unreachable.
        let mut steps = g.num_nodes();
        let prev = loop {
            let [p] = g.preds(n) else { return None };
            steps = steps.checked_sub(1)?;
            n = *p;
            if let Stmt::Op(op) = g.stmt(n) {
                if ctx.name_of(op) == "host.launch" {
                    break op;
                }
                if hoist_stop.is_none()
                    && let Some(r) = kill_reason(ctx, op, launch)
                {
                    hoist_stop = Some((op, r));
                }
            }
        };
        // Follow the earlier launch down while the way is unique.
        let mut sink_stop: Option<(OpId, String)> = None;
        let mut m = n;
        let mut steps = g.num_nodes();
        while let [s] = g.succs(m)
            && steps > 0
        {
            steps -= 1;
            m = *s;
            if let Stmt::Op(op) = g.stmt(m) {
                if op == launch {
                    break;
                }
                if let Some(r) = kill_reason(ctx, op, prev) {
                    sink_stop = Some((op, r));
                    break;
                }
            }
        }
        let (this, that) = (launch_label(ctx, launch), launch_label(ctx, prev));
        let hoist = match &hoist_stop {
            Some((x, r)) => format!(
                "{this} cannot be hoisted to {that}: {r} ({})",
                where_is(ctx, *x)
            ),
            None => format!("{this} does not follow {that} on every path"),
        };
        let sink = match &sink_stop {
            Some((x, r)) => format!("{that} cannot be sunk to it: {r} ({})", where_is(ctx, *x)),
            None => format!("{that} does not reach it on every path"),
        };
        Some(Note {
            at: launch,
            text: format!("not fused: {hoist}; {sink}"),
        })
    }
}

/// Whether some other launch could be hoisted to one of the points
/// `launch` would sink to (down-safe there) and fused after it.
fn enables_hoisting(ctx: &Context, g: &StmtGraph, launch: OpId, points: &[(Node, bool)]) -> bool {
    // Only the first launch on some path from a point can be down-safe
    // there (launches kill each other), so only those are asked.
    let mut others: Vec<OpId> = Vec::new();
    let mut seen = FxHashSet::default();
    let mut work: Vec<Node> = points
        .iter()
        .flat_map(|&(n, exit)| if exit { g.succs(n).to_vec() } else { vec![n] })
        .collect();
    while let Some(n) = work.pop() {
        if !seen.insert(n) {
            continue;
        }
        if let Stmt::Op(op) = g.stmt(n)
            && op != launch
            && ctx.name_of(op) == "host.launch"
        {
            others.push(op);
            continue;
        }
        work.extend_from_slice(g.succs(n));
    }
    others.into_iter().any(|other| {
        let Some(l) = Local::new(ctx, g, other) else {
            return false;
        };
        let (ndsafe, xdsafe) = down_safety(g, &l);
        let reachable = points.iter().any(|&(n, exit)| {
            if exit {
                xdsafe[n as usize]
            } else {
                ndsafe[n as usize]
            }
        });
        reachable && check(ctx, launch, other).is_ok()
    })
}

/// Erases the fused kernels of `created` that no launch in `module` names
/// any more (a fused kernel fused again, e.g. `fused_a_b` inside
/// `fused_a_b_c`), then the builder's shared-memory copies nothing
/// addresses any more; the kernels the program came with stay, whoever may
/// launch them. Returns how many fused kernels remain.
fn drop_unlaunched(ctx: &mut Context, module: OpId, created: &[OpId]) -> u64 {
    let mut launched = FxHashSet::default();
    ctx.walk_pre(module, &mut |op| {
        if ctx.name_of(op) == "host.launch"
            && let Some(k) = kernel_of(ctx, op)
        {
            launched.insert(k);
        }
    });
    let dead: Vec<OpId> = created
        .iter()
        .copied()
        .filter(|&k| ctx.is_live_op(k) && !launched.contains(&k))
        .collect();
    let mut rw = Rewriter::new(ctx);
    for &k in &dead {
        rw.erase_op(k);
    }
    let ctx = &*rw.ctx;
    let mut addressed = FxHashSet::default();
    let mut copies = Vec::new();
    ctx.walk_pre(module, &mut |op| match ctx.name_of(op) {
        "device.addressof" => {
            if let Some(lockstep_ir::attrs::AttrData::SymbolRef { root, .. }) =
                ctx.attr_of(op, "symbol").map(|a| ctx.attr_data(a))
            {
                addressed.insert(*root);
            }
        }
        "device.shared" if ctx.attr_of(op, crate::fuse::SHARED_COPY_ATTR).is_some() => {
            copies.push(op);
        }
        _ => {}
    });
    let unused: Vec<OpId> = copies
        .into_iter()
        .filter(|&g| {
            lockstep_ir::symbol::symbol_name(ctx, g).is_none_or(|s| !addressed.contains(&s))
        })
        .collect();
    for g in unused {
        rw.erase_op(g);
    }
    created.iter().filter(|&&k| rw.ctx.is_live_op(k)).count() as u64
}

/// The device pointers of `fused_at` and `moved` whose buffers are dead
/// after the fused launch that replaces `fused_at`.
fn dead_values(
    ctx: &Context,
    g: &StmtGraph,
    fused_at: OpId,
    moved: OpId,
    copies: &[Point],
) -> Vec<lockstep_ir::ValueId> {
    let Some(at) = g.node_of(fused_at) else {
        return Vec::new();
    };
    let mut values: Vec<lockstep_ir::ValueId> = launch_pointers(ctx, fused_at);
    values.extend(launch_pointers(ctx, moved));
    values.sort();
    values.dedup();
    values.retain(|&v| dead_after(ctx, g, at, v, moved, copies));
    values
}

/// `@kernel (line:col)` for a launch.
fn launch_label(ctx: &Context, launch: OpId) -> String {
    let name = kernel_of(ctx, launch).map_or_else(|| "?".into(), |k| kernel_name(ctx, k));
    format!("@{name} ({})", where_is(ctx, launch))
}

fn where_is(ctx: &Context, op: OpId) -> String {
    match file_line_col(ctx.uniquer(), ctx.loc(op)) {
        Some((_, line, col)) => format!("line {line}:{col}"),
        None => ctx.name_of(op).to_string(),
    }
}

fn fused_text(first: &str, second: &str, name: &str, v: &Verdict) -> String {
    let seam = if v.barrier {
        "a dependence is block-local, so a barrier sits at the seam"
    } else {
        "every dependence is thread-local"
    };
    format!("fused {first} and {second} into @{name} ({seam})")
}
