//! Lee et al.'s combined convergence and variance analysis (CGO'13, §3.2,
//! Fig. 3) with the early-exit refinement (§3.4).
//!
//! A block is *convergent* when all threads of the warp that entered the
//! function are there together (a barrier placed in it could not fail); a
//! value is *invariant* when it is the same for all those threads. The
//! analysis is optimistic: every block starts convergent and every value
//! invariant; a worklist of variant instructions, seeded with the
//! divergence sources of `classify` (thread and lane ids, atomics, volatile
//! loads, shuffles, local memory, unknown effects; Lee et al. list the
//! first three), propagates variance to SSA users. When a conditional
//! branch becomes variant, every block *iteratively control dependent* on
//! it (`lockstep_analysis::ControlDependence`, on the augmented CFG)
//! becomes divergent unless it holds a `device.barrier` (a programmer
//! assertion of convergence), and every instruction of a divergent block is
//! variant. Structured ops count as branches over their regions (`scf.if`
//! on its condition, `scf.for` on its bounds, `scf.while` on its
//! `scf.condition`).
//!
//! Deviations from the paper, all on the conservative side:
//! - Block arguments are the phis: an argument is variant when a value
//!   forwarded to it is, or when the block has several incoming edges, one
//!   of them leaves a variant terminator (threads may arrive by different
//!   edges) and the edges do not all forward the same value. The paper
//!   relies on phi operands defined in divergent blocks, which misses
//!   constant incoming values.
//! - Early exit: in a kernel, a variant branch with a successor that leads
//!   to a `device.return` through blocks holding nothing but their
//!   terminator propagates no divergence (the exiting threads wait at the
//!   kernel exit, Lee §3.4). Device functions return to their caller, so
//!   the refinement does not apply to them.
//!
//! Invariants: blocks and values outside the analysed device functions
//! answer divergent / variant; results are snapshots of the IR.

use crate::classify::{
    OpKind, branch_condition, device_functions, is_kernel, op_kind, region_entry,
    same_incoming_value,
};
use crate::uniformity::{callee, callee_preserves_uniformity, while_condition};
use lockstep_analysis::ControlDependence;
use lockstep_ir::{BlockId, Context, OpId, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};

/// Lee et al.'s block convergence and value variance for the device
/// functions under an op.
#[derive(Clone, Debug, Default)]
pub struct ConvergenceInfo {
    known_blocks: FxHashSet<BlockId>,
    divergent_blocks: FxHashSet<BlockId>,
    known_values: FxHashSet<ValueId>,
    variant: FxHashSet<ValueId>,
    /// Conditional branches (and structured ops) with variant control.
    variant_branches: FxHashSet<OpId>,
    /// Variant branches the early-exit refinement stopped.
    early_exits: FxHashSet<OpId>,
    functions: Vec<OpId>,
}

impl ConvergenceInfo {
    pub fn compute(ctx: &Context, root: OpId) -> Self {
        let mut info = ConvergenceInfo::default();
        let mut memo: FxHashMap<OpId, bool> = FxHashMap::default();
        for f in device_functions(ctx, root) {
            Lee::run(ctx, f, &mut info, &mut memo);
            info.functions.push(f);
        }
        info
    }

    pub fn functions(&self) -> &[OpId] {
        &self.functions
    }

    /// Are all threads that entered the function together in `b`?
    pub fn is_convergent(&self, b: BlockId) -> bool {
        self.known_blocks.contains(&b) && !self.divergent_blocks.contains(&b)
    }

    /// Is `v` the same for all threads (in Lee et al.'s sense)?
    pub fn is_invariant(&self, v: ValueId) -> bool {
        self.known_values.contains(&v) && !self.variant.contains(&v)
    }

    pub fn is_variant(&self, v: ValueId) -> bool {
        !self.is_invariant(v)
    }

    /// Is `op` a conditional branch or structured op whose control is
    /// thread-variant?
    pub fn is_variant_branch(&self, op: OpId) -> bool {
        self.variant_branches.contains(&op)
    }

    /// Did the early-exit refinement keep the blocks controlled by the
    /// variant branch `op` convergent?
    pub fn is_early_exit(&self, op: OpId) -> bool {
        self.early_exits.contains(&op)
    }
}

impl lockstep_pass::Analysis for ConvergenceInfo {
    const NAME: &'static str = "ConvergenceInfo";
    fn compute(ctx: &Context, op: OpId) -> Self {
        ConvergenceInfo::compute(ctx, op)
    }
}

struct Lee<'a> {
    ctx: &'a Context,
    info: &'a mut ConvergenceInfo,
    memo: &'a mut FxHashMap<OpId, bool>,
    cd: ControlDependence,
    kernel: bool,
    variant_ops: FxHashSet<OpId>,
    work: Vec<OpId>,
    queued: FxHashSet<OpId>,
}

impl Lee<'_> {
    fn run(
        ctx: &Context,
        func: OpId,
        info: &mut ConvergenceInfo,
        memo: &mut FxHashMap<OpId, bool>,
    ) {
        let mut regions = Vec::new();
        let mut ops = Vec::new();
        ctx.walk_pre(func, &mut |op| {
            if op != func {
                ops.push(op);
            }
            regions.extend(ctx.regions(op).iter().copied());
        });
        for &r in &regions {
            for &b in ctx.region_blocks(r) {
                info.known_blocks.insert(b);
                info.known_values.extend(ctx.block_args(b).iter().copied());
            }
        }
        for &op in &ops {
            info.known_values.extend(ctx.results(op).iter().copied());
        }
        let cd = ControlDependence::compute(ctx, func);
        let mut lee = Lee {
            ctx,
            info,
            memo,
            cd,
            kernel: is_kernel(ctx, func),
            variant_ops: FxHashSet::default(),
            work: Vec::new(),
            queued: FxHashSet::default(),
        };
        if !lee.kernel
            && let Some(entry) = region_entry(ctx, func, 0)
        {
            for &a in ctx.block_args(entry) {
                lee.mark(a);
            }
        }
        for &op in ops.iter().rev() {
            lee.push(op);
        }
        while let Some(op) = lee.work.pop() {
            lee.queued.remove(&op);
            lee.visit(op);
        }
    }

    fn push(&mut self, op: OpId) {
        if self.queued.insert(op) {
            self.work.push(op);
        }
    }

    fn mark(&mut self, v: ValueId) {
        if self.info.variant.insert(v) {
            let users: Vec<OpId> = self.ctx.uses(v).iter().map(|u| u.op).collect();
            for u in users {
                self.push(u);
            }
        }
    }

    fn variant(&self, v: ValueId) -> bool {
        self.info.variant.contains(&v)
    }

    fn any_operand_variant(&self, op: OpId) -> bool {
        self.ctx.operands(op).iter().any(|&v| self.variant(v))
    }

    fn in_divergent_block(&self, op: OpId) -> bool {
        self.ctx
            .parent_block(op)
            .is_some_and(|b| self.info.divergent_blocks.contains(&b))
    }

    fn has_barrier(&self, b: BlockId) -> bool {
        self.ctx
            .block_ops(b)
            .any(|op| self.ctx.name_of(op) == "device.barrier")
    }

    /// Marks `b` divergent (unless it holds a barrier): its arguments and
    /// every instruction in it become variant.
    fn diverge_block(&mut self, b: BlockId) {
        if self.has_barrier(b) || !self.info.divergent_blocks.insert(b) {
            return;
        }
        for &a in self.ctx.block_args(b) {
            self.mark(a);
        }
        let ops: Vec<OpId> = self.ctx.block_ops(b).collect();
        for op in ops {
            self.push(op);
        }
    }

    fn diverge_regions(&mut self, op: OpId) {
        for &r in self.ctx.regions(op) {
            for &b in self.ctx.region_blocks(r) {
                self.diverge_block(b);
            }
        }
    }

    fn mark_results(&mut self, op: OpId) {
        for &r in self.ctx.results(op) {
            self.mark(r);
        }
    }

    fn visit(&mut self, op: OpId) {
        let ctx = self.ctx;
        let in_div = self.in_divergent_block(op);
        let name = ctx.name_of(op);
        let control_variant = match name {
            "scf.if" => ctx.operands(op).first().is_some_and(|&c| self.variant(c)),
            "scf.for" => ctx.operands(op).iter().take(3).any(|&v| self.variant(v)),
            "scf.condition" => ctx.operands(op).first().is_some_and(|&c| self.variant(c)),
            _ if ctx.successors(op).len() >= 2 => match branch_condition(ctx, op) {
                Some(c) => self.variant(c),
                None => true,
            },
            _ => false,
        };
        let variant = in_div || control_variant;
        if variant && !self.variant_ops.insert(op) {
            // Already propagated; only forwarded values may have changed.
            self.forward(op, true);
            return;
        }
        match name {
            "scf.if" | "scf.for" => {
                if variant {
                    self.info.variant_branches.insert(op);
                    self.mark_results(op);
                    self.diverge_regions(op);
                }
                if name == "scf.for" {
                    let body = region_entry(ctx, op, 0);
                    if let Some(b) = body
                        && let Some(&iv) = ctx.block_args(b).first()
                        && (ctx.operands(op).first().is_some_and(|&v| self.variant(v))
                            || ctx.operands(op).get(2).is_some_and(|&v| self.variant(v)))
                    {
                        self.mark(iv);
                    }
                }
                self.forward_inits(op);
            }
            "scf.while" => {
                if variant {
                    self.mark_results(op);
                }
                self.forward_inits(op);
            }
            "scf.condition" => {
                if variant && let Some(parent) = ctx.parent_op(op) {
                    self.info.variant_branches.insert(op);
                    self.info.variant_branches.insert(parent);
                    self.mark_results(parent);
                    self.diverge_regions(parent);
                }
                self.forward(op, variant);
            }
            "scf.yield" => self.forward(op, variant),
            _ if !ctx.successors(op).is_empty() => {
                if control_variant || (variant && ctx.successors(op).len() >= 2) {
                    self.info.variant_branches.insert(op);
                    self.propagate_branch(op);
                }
                self.forward(op, variant);
            }
            _ => {
                let v = variant
                    || !ctx.regions(op).is_empty()
                    || match op_kind(ctx, op) {
                        OpKind::Source => true,
                        OpKind::Uniform => false,
                        OpKind::Data => self.any_operand_variant(op),
                        OpKind::Call => self.any_operand_variant(op) || !self.callee_ok(op),
                    };
                if v {
                    self.variant_ops.insert(op);
                    self.mark_results(op);
                    if !ctx.regions(op).is_empty() && !ctx.results(op).is_empty() {
                        self.diverge_regions(op);
                    }
                }
            }
        }
    }

    fn callee_ok(&mut self, op: OpId) -> bool {
        let Some(f) = callee(self.ctx, op) else {
            return false;
        };
        if !crate::classify::is_device_function(self.ctx, f) {
            return false;
        }
        *self
            .memo
            .entry(f)
            .or_insert_with(|| callee_preserves_uniformity(self.ctx, f))
    }

    /// `scf.for` / `scf.while` initial values to their region arguments
    /// (and, for `scf.for`, results).
    fn forward_inits(&mut self, op: OpId) {
        let ctx = self.ctx;
        let (skip, arg_off) = if ctx.name_of(op) == "scf.for" {
            (3, 1)
        } else {
            (0, 0)
        };
        let entry = region_entry(ctx, op, 0);
        let Some(b) = entry else { return };
        let args = ctx.block_args(b).to_vec();
        for (k, &v) in ctx.operands(op).iter().enumerate().skip(skip) {
            if self.variant(v) {
                if let Some(&a) = args.get(k - skip + arg_off) {
                    self.mark(a);
                }
                if skip == 3
                    && let Some(&r) = ctx.results(op).get(k - skip)
                {
                    self.mark(r);
                }
            }
        }
    }

    /// Forwards operands of a terminator to what they define: successor
    /// arguments, or the parent's results and region arguments. A variant
    /// terminator makes all of them variant.
    fn forward(&mut self, op: OpId, variant: bool) {
        let ctx = self.ctx;
        let ops = ctx.operands(op).to_vec();
        let name = ctx.name_of(op);
        if name == "scf.yield" || name == "scf.condition" {
            let Some(parent) = ctx.parent_op(op) else {
                return;
            };
            let vals: &[ValueId] = if name == "scf.condition" {
                ops.get(1..).unwrap_or(&[])
            } else {
                &ops
            };
            let mut targets: Vec<Vec<ValueId>> = vec![Vec::new(); vals.len()];
            let entry_args = |i: usize| -> Vec<ValueId> {
                ctx.regions(parent)
                    .get(i)
                    .and_then(|&r| ctx.entry_block(r))
                    .map(|b| ctx.block_args(b).to_vec())
                    .unwrap_or_default()
            };
            match (ctx.name_of(parent), name) {
                ("scf.if", _) => {
                    for (k, t) in targets.iter_mut().enumerate() {
                        t.extend(ctx.results(parent).get(k));
                    }
                }
                ("scf.for", _) => {
                    let a = entry_args(0);
                    for (k, t) in targets.iter_mut().enumerate() {
                        t.extend(ctx.results(parent).get(k));
                        t.extend(a.get(k + 1));
                    }
                }
                ("scf.while", "scf.condition") => {
                    let a = entry_args(1);
                    for (k, t) in targets.iter_mut().enumerate() {
                        t.extend(ctx.results(parent).get(k));
                        t.extend(a.get(k));
                    }
                }
                ("scf.while", _) => {
                    let a = entry_args(0);
                    for (k, t) in targets.iter_mut().enumerate() {
                        t.extend(a.get(k));
                    }
                }
                _ => {
                    if variant || vals.iter().any(|&v| self.variant(v)) {
                        self.mark_results(parent);
                    }
                    return;
                }
            }
            for (k, t) in targets.into_iter().enumerate() {
                if variant || self.variant(vals[k]) {
                    for v in t {
                        self.mark(v);
                    }
                }
            }
            return;
        }
        let hook = ctx.def_of(op).and_then(|d| d.successor_operands);
        for (i, &succ) in ctx.successors(op).iter().enumerate() {
            let args = ctx.block_args(succ).to_vec();
            // Several incoming edges and a variant one: the argument
            // depends on the edge each thread took, unless every edge
            // forwards the same value.
            let multi = ctx.block_preds(succ).len() > 1;
            let Some(f) = hook else {
                for a in args {
                    self.mark(a);
                }
                continue;
            };
            for (k, idx) in f(ctx, op, i).enumerate() {
                let Some(&a) = args.get(k) else { continue };
                let by_edge = variant && multi && same_incoming_value(ctx, succ, k).is_none();
                if by_edge || ops.get(idx).is_some_and(|&v| self.variant(v)) {
                    self.mark(a);
                }
            }
        }
    }

    /// A variant conditional branch: its iterated control-dependence
    /// successors become divergent, unless the early-exit refinement
    /// applies.
    fn propagate_branch(&mut self, op: OpId) {
        let ctx = self.ctx;
        let Some(b) = ctx.parent_block(op) else {
            return;
        };
        if self.kernel && self.exits_early(b) {
            self.info.early_exits.insert(op);
            return;
        }
        let mut seen: FxHashSet<BlockId> = FxHashSet::default();
        let mut stack: Vec<BlockId> = self.cd.controlled_by_branch(ctx, b);
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            self.diverge_block(x);
            stack.extend(self.cd.controlled_by_branch(ctx, x));
        }
    }

    /// Does a successor of `b` lead to a `device.return` through blocks
    /// that hold nothing but their terminator?
    fn exits_early(&self, b: BlockId) -> bool {
        let ctx = self.ctx;
        ctx.succ_blocks(b).iter().any(|&s| {
            let mut cur = s;
            for _ in 0..64 {
                let Some(t) = ctx.terminator(cur) else {
                    return false;
                };
                if ctx.first_op(cur) != Some(t) {
                    return false;
                }
                if ctx.name_of(t) == "device.return" {
                    return true;
                }
                match (ctx.name_of(t), ctx.successors(t)) {
                    ("cf.br", [next]) => cur = *next,
                    _ => return false,
                }
            }
            false
        })
    }
}

/// The `scf.condition` of a while loop, for callers that report it.
pub fn condition_of(ctx: &Context, while_op: OpId) -> Option<OpId> {
    while_condition(ctx, while_op)
}
