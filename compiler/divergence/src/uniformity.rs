//! Divergence (uniformity) analysis from data and sync dependences.
//!
//! "Uniform" means warp-uniform: every active thread of one warp holds the
//! same value (for branches: every active thread takes the same successor).
//! The analysis is optimistic over a worklist: every value starts uniform
//! and is marked divergent when
//! - its op is a divergence source (`classify::OpKind::Source`), or a data
//!   op / call with a divergent operand (calls also when the callee does not
//!   preserve uniformity), or an op this crate does not know;
//! - it is an argument of a block that joins disjoint paths from a divergent
//!   branch (sync dependence; joins are found by propagating one label per
//!   successor edge through the branch's influence region — the blocks
//!   reachable from it before its immediate post-dominator — a block
//!   reached by two labels is a join), unless every incoming edge forwards
//!   the same value, uniform at those uses; or a structured op's result
//!   selected under a divergent condition (`scf.if`, `scf.while`, `scf.for`
//!   with divergent bounds);
//! - it is forwarded a divergent value (or forwarded at a divergent use) by
//!   a branch or `scf.yield`;
//! - it is defined in a loop where a divergent branch's threads reconverge
//!   only after some went round the loop again, or in an irreducible cycle
//!   entered on disjoint paths of a divergent branch.
//!
//! Temporal divergence is per use: when threads may leave a cycle (a
//! natural loop or an irreducible cycle of `LoopInfo`) in different
//! iterations — a block of it not yet reconverged from a divergent branch
//! has an edge out of it — every use outside the cycle of a value defined
//! inside it is divergent ([`DivergenceInfo::is_divergent_use`]); an
//! operand forwarded on an edge leaving the cycle is such a use (the exit
//! block's argument becomes divergent). Uses inside stay as computed.
//!
//! Invariants:
//! - Kernel arguments are uniform. A `device.func` argument is uniform when
//!   every call site passes a uniform value; callers are analysed before
//!   their callees, and a function without call sites (or on a call cycle,
//!   which does not verify) has divergent arguments. A call's results are
//!   uniform when its arguments are and its callee, analysed with uniform
//!   arguments, returns uniform values from blocks no divergent branch
//!   controls.
//! - Values that were never analysed (outside device code) answer
//!   divergent.
//! - Irreducible cycles need no special case in the join search, which
//!   works on any CFG; a divergent exit from one makes every value of the
//!   cycle divergent at its uses outside (conservative).
//! - The result is a snapshot of the IR under the op it was computed for.

use crate::classify::{
    OpKind, ancestor_block_in, branch_condition, device_functions, incoming_operands, is_kernel,
    op_kind, ops_in_block_deep, region_entry, same_incoming_value,
};
use lockstep_analysis::LoopInfo;
use lockstep_analysis::cfg::{CfgView, Node, RegionCfg};
use lockstep_ir::attrs::AttrData;
use lockstep_ir::dominance::{PostDomParent, PostDominanceInfo};
use lockstep_ir::{BlockId, Context, OpId, RegionId, Traits, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// Which values, uses, branches and blocks are divergent in the device
/// functions under an op. See the module doc for the rules.
#[derive(Clone, Debug, Default)]
pub struct DivergenceInfo {
    known: FxHashSet<ValueId>,
    divergent: FxHashSet<ValueId>,
    divergent_uses: FxHashSet<(OpId, u32)>,
    /// Conditional branches (`cf.cond_br`, `cf.switch`, `scf.if`,
    /// `scf.condition`, `scf.for`) with their classification.
    branches: FxHashMap<OpId, bool>,
    /// Blocks in the influence region of a divergent branch (or nested in
    /// a structured op with a divergent condition): not every thread of the
    /// warp that reached the branch runs them.
    divergent_blocks: FxHashSet<BlockId>,
    joins: FxHashSet<BlockId>,
    functions: Vec<OpId>,
    /// Functions whose values are in this result (the others are only
    /// listed in `functions` once `compute` finishes).
    analysed: FxHashSet<OpId>,
}

impl DivergenceInfo {
    /// Analyses every `device.kernel` and `device.func` at or under `root`.
    pub fn compute(ctx: &Context, root: OpId) -> Self {
        let mut info = DivergenceInfo::default();
        let mut memo = FxHashMap::default();
        let functions = device_functions(ctx, root);
        let calls = device_calls(ctx, &functions);
        for f in callers_first(&functions, &calls) {
            let uniform_args = if is_kernel(ctx, f) {
                vec![true; entry_arg_count(ctx, f)]
            } else {
                call_site_uniformity(ctx, f, &calls, &info)
            };
            analyze_function(ctx, f, &uniform_args, &mut info, &mut memo);
        }
        info.functions = functions;
        info
    }

    fn functions_seen(&self, f: OpId) -> bool {
        self.analysed.contains(&f)
    }

    /// The functions analysed, in pre-order.
    pub fn functions(&self) -> &[OpId] {
        &self.functions
    }

    /// May `v` differ between the active threads of a warp? Values never
    /// analysed are divergent.
    pub fn is_divergent(&self, v: ValueId) -> bool {
        !self.known.contains(&v) || self.divergent.contains(&v)
    }

    pub fn is_uniform(&self, v: ValueId) -> bool {
        !self.is_divergent(v)
    }

    /// Is operand `index` of `op` divergent where `op` reads it? This adds
    /// temporal divergence to [`is_divergent`](Self::is_divergent).
    pub fn is_divergent_use(&self, ctx: &Context, op: OpId, index: usize) -> bool {
        match ctx.operands(op).get(index) {
            Some(&v) => self.is_divergent(v) || self.divergent_uses.contains(&(op, index as u32)),
            None => true,
        }
    }

    /// Is `op` a conditional branch (`cf.cond_br`, `cf.switch`, `scf.if`,
    /// the `scf.condition` of an `scf.while`, or `scf.for` whose trip count
    /// may differ) whose active threads may go different ways? `scf.while`
    /// answers for its `scf.condition`. Ops that are not conditional
    /// branches of analysed code answer false.
    pub fn is_divergent_branch(&self, ctx: &Context, op: OpId) -> bool {
        let op = if ctx.name_of(op) == "scf.while" {
            match while_condition(ctx, op) {
                Some(c) => c,
                None => return true,
            }
        } else {
            op
        };
        self.branches.get(&op).copied().unwrap_or(false)
    }

    /// Is `op` a conditional branch this analysis classified?
    pub fn is_conditional_branch(&self, op: OpId) -> bool {
        self.branches.contains_key(&op)
    }

    /// Is `b` (or a block enclosing it) run by only part of the threads
    /// that ran the enclosing branch: in the influence region of a
    /// divergent branch, or in a structured op with a divergent condition?
    pub fn is_divergent_block(&self, ctx: &Context, b: BlockId) -> bool {
        let mut cur = Some(b);
        while let Some(x) = cur {
            if self.divergent_blocks.contains(&x) {
                return true;
            }
            cur = ctx.block_parent_op(x).and_then(|op| {
                if crate::classify::is_device_function(ctx, op) {
                    None
                } else {
                    ctx.parent_block(op)
                }
            });
        }
        false
    }

    /// Is `b` a join of disjoint paths from a divergent branch (so that its
    /// arguments are divergent)?
    pub fn is_divergent_join(&self, b: BlockId) -> bool {
        self.joins.contains(&b)
    }
}

impl lockstep_pass::Analysis for DivergenceInfo {
    const NAME: &'static str = "DivergenceInfo";
    fn compute(ctx: &Context, op: OpId) -> Self {
        DivergenceInfo::compute(ctx, op)
    }
}

/// The `scf.condition` ending the `before` region of an `scf.while`.
pub fn while_condition(ctx: &Context, op: OpId) -> Option<OpId> {
    let r = *ctx.regions(op).first()?;
    let b = *ctx.region_blocks(r).last()?;
    ctx.terminator(b)
        .filter(|&t| ctx.name_of(t) == "scf.condition")
}

/// The callee of a `device.call`, if it resolves.
pub fn callee(ctx: &Context, call: OpId) -> Option<OpId> {
    let a = ctx.attr_of(call, "callee")?;
    let AttrData::SymbolRef { root, nested } = ctx.attr_data(a) else {
        return None;
    };
    if !nested.is_empty() {
        return None;
    }
    lockstep_ir::symbol::lookup_nearest(ctx, call, *root)
}

/// Does the device function `func` return uniform values whenever its
/// arguments are uniform (see [`DivergenceInfo`])?
pub fn callee_preserves_uniformity(ctx: &Context, func: OpId) -> bool {
    preserves_uniformity(ctx, func, &mut CalleeMemo::default())
}

/// Memo of "does this device function preserve uniformity"; `None` while
/// its analysis runs (a recursive call answers no).
type CalleeMemo = FxHashMap<OpId, Option<bool>>;

fn entry_arg_count(ctx: &Context, func: OpId) -> usize {
    region_entry(ctx, func, 0).map_or(0, |b| ctx.block_args(b).len())
}

/// The `device.call`s under `functions` whose callee is a function in
/// `functions`, as (caller, call, callee).
fn device_calls(ctx: &Context, functions: &[OpId]) -> Vec<(OpId, OpId, OpId)> {
    let mut calls = Vec::new();
    for &f in functions {
        ctx.walk_pre(f, &mut |op| {
            if op_kind(ctx, op) == OpKind::Call
                && let Some(g) = callee(ctx, op)
                && functions.contains(&g)
            {
                calls.push((f, op, g));
            }
        });
    }
    calls
}

/// `functions` ordered so that every caller comes before its callees, so a
/// device function is analysed after all its call sites. Functions on a
/// call cycle (only in IR that does not verify) come last, in their
/// original order, and see no call sites analysed before them.
fn callers_first(functions: &[OpId], calls: &[(OpId, OpId, OpId)]) -> Vec<OpId> {
    let mut pending: FxHashMap<OpId, usize> = functions.iter().map(|&f| (f, 0)).collect();
    for &(caller, _, g) in calls {
        if caller != g {
            *pending.entry(g).or_default() += 1;
        }
    }
    let mut order = Vec::with_capacity(functions.len());
    let mut ready: Vec<OpId> = functions
        .iter()
        .rev()
        .copied()
        .filter(|f| pending[f] == 0)
        .collect();
    while let Some(f) = ready.pop() {
        order.push(f);
        for &(caller, _, g) in calls.iter().rev() {
            if caller == f && g != f {
                let n = pending.entry(g).or_default();
                *n -= 1;
                if *n == 0 {
                    ready.push(g);
                }
            }
        }
    }
    let placed: FxHashSet<OpId> = order.iter().copied().collect();
    order.extend(functions.iter().filter(|f| !placed.contains(f)));
    order
}

/// Which arguments of the device function `func` are uniform: those that
/// every call site passes a uniform value (uniform among the threads that
/// make the call, which are the threads that run the callee). A function
/// with no analysed call site gets divergent arguments.
fn call_site_uniformity(
    ctx: &Context,
    func: OpId,
    calls: &[(OpId, OpId, OpId)],
    info: &DivergenceInfo,
) -> Vec<bool> {
    let n = entry_arg_count(ctx, func);
    let sites: Vec<OpId> = calls
        .iter()
        .filter(|&&(caller, _, g)| g == func && caller != func && info.functions_seen(caller))
        .map(|&(_, call, _)| call)
        .collect();
    if sites.is_empty() {
        return vec![false; n];
    }
    (0..n)
        .map(|i| {
            sites
                .iter()
                .all(|&call| i < ctx.operands(call).len() && !info.is_divergent_use(ctx, call, i))
        })
        .collect()
}

fn analyze_function(
    ctx: &Context,
    func: OpId,
    uniform_args: &[bool],
    info: &mut DivergenceInfo,
    memo: &mut CalleeMemo,
) {
    let pdom = PostDominanceInfo::compute(ctx, func);
    let loops = LoopInfo::compute(ctx, func);
    let mut s = Solver {
        ctx,
        pdom: &pdom,
        loops: &loops,
        info,
        memo,
        work: Vec::new(),
        queued: FxHashSet::default(),
        cfgs: FxHashMap::default(),
    };
    let mut ops = Vec::new();
    for &r in ctx.regions(func) {
        for &b in ctx.region_blocks(r) {
            for &a in ctx.block_args(b) {
                s.info.known.insert(a);
            }
            ops.extend(ops_in_block_deep(ctx, b));
        }
    }
    for &op in &ops {
        s.info.known.extend(ctx.results(op).iter().copied());
        for &r in ctx.regions(op) {
            for &b in ctx.region_blocks(r) {
                s.info.known.extend(ctx.block_args(b).iter().copied());
            }
        }
    }
    if let Some(entry) = region_entry(ctx, func, 0) {
        for (i, &a) in ctx.block_args(entry).iter().enumerate() {
            if !uniform_args.get(i).copied().unwrap_or(false) {
                s.mark(a);
            }
        }
    }
    s.info.analysed.insert(func);
    for &op in ops.iter().rev() {
        s.push(op);
    }
    while let Some(op) = s.work.pop() {
        s.queued.remove(&op);
        s.visit(op);
    }
}

/// Does `func`, analysed with uniform arguments, return uniform values from
/// blocks that no divergent branch controls?
fn preserves_uniformity(ctx: &Context, func: OpId, memo: &mut CalleeMemo) -> bool {
    match memo.get(&func) {
        Some(Some(r)) => return *r,
        Some(None) => return false,
        None => {}
    }
    memo.insert(func, None);
    let mut sub = DivergenceInfo::default();
    analyze_function(
        ctx,
        func,
        &vec![true; entry_arg_count(ctx, func)],
        &mut sub,
        memo,
    );
    let mut ok = true;
    ctx.walk_pre(func, &mut |op| {
        if op != func && ctx.has_trait(op, Traits::RETURN_LIKE) && ctx.parent_op(op) == Some(func) {
            let in_divergent = ctx
                .parent_block(op)
                .is_some_and(|b| sub.is_divergent_block(ctx, b));
            if in_divergent || ctx.operands(op).iter().any(|&v| sub.is_divergent(v)) {
                ok = false;
            }
        }
    });
    memo.insert(func, Some(ok));
    ok
}

struct Solver<'a> {
    ctx: &'a Context,
    pdom: &'a PostDominanceInfo,
    loops: &'a LoopInfo,
    info: &'a mut DivergenceInfo,
    memo: &'a mut CalleeMemo,
    work: Vec<OpId>,
    queued: FxHashSet<OpId>,
    cfgs: FxHashMap<RegionId, Rc<RegionCfg>>,
}

impl Solver<'_> {
    fn push(&mut self, op: OpId) {
        if self.queued.insert(op) {
            self.work.push(op);
        }
    }

    fn mark(&mut self, v: ValueId) {
        if self.info.divergent.insert(v) {
            let users: Vec<OpId> = self.ctx.uses(v).iter().map(|u| u.op).collect();
            for u in users {
                self.push(u);
            }
        }
    }

    fn mark_use(&mut self, op: OpId, index: u32) {
        if self.info.divergent_uses.insert((op, index)) {
            self.push(op);
        }
    }

    fn mark_results(&mut self, op: OpId) {
        for &r in self.ctx.results(op) {
            self.mark(r);
        }
    }

    fn mark_region_args(&mut self, r: RegionId) {
        for &b in self.ctx.region_blocks(r) {
            for &a in self.ctx.block_args(b) {
                self.mark(a);
            }
        }
    }

    fn operand_divergent(&self, op: OpId, i: usize) -> bool {
        self.info.is_divergent_use(self.ctx, op, i)
    }

    fn any_operand_divergent(&self, op: OpId) -> bool {
        (0..self.ctx.operands(op).len()).any(|i| self.operand_divergent(op, i))
    }

    fn mark_regions_divergent(&mut self, op: OpId) {
        for &r in self.ctx.regions(op) {
            for &b in self.ctx.region_blocks(r) {
                self.info.divergent_blocks.insert(b);
            }
        }
    }

    /// Records the classification of a branch; true when it just became
    /// divergent.
    fn set_branch(&mut self, op: OpId, divergent: bool) -> bool {
        let e = self.info.branches.entry(op).or_insert(false);
        if divergent && !*e {
            *e = true;
            return true;
        }
        false
    }

    fn visit(&mut self, op: OpId) {
        let ctx = self.ctx;
        match ctx.name_of(op) {
            "scf.if" => {
                let div = self.operand_divergent(op, 0);
                if self.set_branch(op, div) {
                    self.mark_results(op);
                    self.mark_regions_divergent(op);
                }
            }
            "scf.for" => {
                let n = ctx.operands(op).len();
                if n < 3 {
                    self.mark_results(op);
                    return;
                }
                let body = region_entry(ctx, op, 0);
                let args: Vec<ValueId> =
                    body.map(|b| ctx.block_args(b).to_vec()).unwrap_or_default();
                if (self.operand_divergent(op, 0) || self.operand_divergent(op, 2))
                    && let Some(&iv) = args.first()
                {
                    self.mark(iv);
                }
                let bounds = (0..3).any(|i| self.operand_divergent(op, i));
                if self.set_branch(op, bounds) {
                    self.mark_results(op);
                    self.mark_regions_divergent(op);
                }
                for k in 0..n - 3 {
                    if self.operand_divergent(op, 3 + k) {
                        if let Some(&a) = args.get(1 + k) {
                            self.mark(a);
                        }
                        if let Some(&r) = ctx.results(op).get(k) {
                            self.mark(r);
                        }
                    }
                }
            }
            "scf.while" => {
                let before = region_entry(ctx, op, 0);
                let args: Vec<ValueId> = before
                    .map(|b| ctx.block_args(b).to_vec())
                    .unwrap_or_default();
                for (k, &a) in args.iter().enumerate() {
                    if self.operand_divergent(op, k) {
                        self.mark(a);
                    }
                }
            }
            "scf.yield" => self.visit_yield(op),
            "scf.condition" => {
                let Some(parent) = ctx.parent_op(op) else {
                    return;
                };
                if self.set_branch(op, self.operand_divergent(op, 0)) {
                    self.mark_results(parent);
                    self.mark_regions_divergent(parent);
                }
                let after = region_entry(ctx, parent, 1);
                let args: Vec<ValueId> = after
                    .map(|b| ctx.block_args(b).to_vec())
                    .unwrap_or_default();
                for k in 1..ctx.operands(op).len() {
                    if self.operand_divergent(op, k) {
                        if let Some(&a) = args.get(k - 1) {
                            self.mark(a);
                        }
                        if let Some(&r) = ctx.results(parent).get(k - 1) {
                            self.mark(r);
                        }
                    }
                }
            }
            _ if !ctx.successors(op).is_empty() => self.visit_terminator(op),
            _ => self.visit_value_op(op),
        }
    }

    fn visit_yield(&mut self, op: OpId) {
        let ctx = self.ctx;
        let Some(parent) = ctx.parent_op(op) else {
            return;
        };
        let n = ctx.operands(op).len();
        match ctx.name_of(parent) {
            "scf.if" => {
                for k in 0..n {
                    if self.operand_divergent(op, k)
                        && let Some(&r) = ctx.results(parent).get(k)
                    {
                        self.mark(r);
                    }
                }
            }
            "scf.for" => {
                let body = region_entry(ctx, parent, 0);
                for k in 0..n {
                    if self.operand_divergent(op, k) {
                        if let Some(b) = body
                            && let Some(&a) = ctx.block_args(b).get(k + 1)
                        {
                            self.mark(a);
                        }
                        if let Some(&r) = ctx.results(parent).get(k) {
                            self.mark(r);
                        }
                    }
                }
            }
            "scf.while" => {
                let before = region_entry(ctx, parent, 0);
                for k in 0..n {
                    if self.operand_divergent(op, k)
                        && let Some(b) = before
                        && let Some(&a) = ctx.block_args(b).get(k)
                    {
                        self.mark(a);
                    }
                }
            }
            _ => {
                if self.any_operand_divergent(op) {
                    self.mark_results(parent);
                }
            }
        }
    }

    fn visit_value_op(&mut self, op: OpId) {
        let ctx = self.ctx;
        if !ctx.regions(op).is_empty() {
            // A region op this analysis does not model: assume the worst
            // for what flows out of it and into its blocks.
            self.mark_results(op);
            for &r in ctx.regions(op) {
                self.mark_region_args(r);
            }
            return;
        }
        if ctx.results(op).is_empty() {
            return;
        }
        let div = match op_kind(ctx, op) {
            OpKind::Source => true,
            OpKind::Uniform => false,
            OpKind::Data => self.any_operand_divergent(op),
            OpKind::Call => {
                self.any_operand_divergent(op)
                    || match callee(ctx, op) {
                        Some(f) if crate::classify::is_device_function(ctx, f) => {
                            !preserves_uniformity(ctx, f, self.memo)
                        }
                        _ => true,
                    }
            }
        };
        if div {
            self.mark_results(op);
        }
    }

    fn visit_terminator(&mut self, op: OpId) {
        let ctx = self.ctx;
        // Values forwarded to successor arguments.
        let hook = ctx.def_of(op).and_then(|d| d.successor_operands);
        for (i, &succ) in ctx.successors(op).iter().enumerate() {
            let args = ctx.block_args(succ).to_vec();
            match hook {
                Some(f) => {
                    let range = f(ctx, op, i);
                    for (k, idx) in range.enumerate() {
                        if self.operand_divergent(op, idx)
                            && let Some(&a) = args.get(k)
                        {
                            self.mark(a);
                        }
                    }
                }
                None => {
                    for a in args {
                        self.mark(a);
                    }
                }
            }
        }
        if ctx.successors(op).len() < 2 {
            return;
        }
        let div = match branch_condition(ctx, op) {
            Some(_) => self.operand_divergent(op, 0),
            // A multi-way terminator this analysis does not know.
            None => ctx.def_of(op).is_none() || self.any_operand_divergent(op),
        };
        if self.set_branch(op, div)
            && let Some(b) = ctx.parent_block(op)
        {
            self.divergent_branch(b);
        }
    }

    /// The CFG of `region`, built once per function.
    fn cfg(&mut self, region: RegionId) -> Rc<RegionCfg> {
        let ctx = self.ctx;
        self.cfgs
            .entry(region)
            .or_insert_with(|| Rc::new(RegionCfg::new(ctx, region)))
            .clone()
    }

    /// Applies sync dependence, temporal divergence and divergent entry
    /// into irreducible cycles for the divergent branch ending block `b`.
    fn divergent_branch(&mut self, b: BlockId) {
        let ctx = self.ctx;
        let Some(region) = ctx.block_parent(b) else {
            return;
        };
        let cfg = self.cfg(region);
        let Some(bn) = cfg.node(b) else {
            return;
        };
        let lp = match self.pdom.ipdom(b) {
            Some(PostDomParent::Block(p)) => cfg.node(p),
            _ => None,
        };
        // The influence region: reachable from b before the post-dominator.
        let mut in_ir = vec![false; cfg.num_nodes()];
        let mut stack: Vec<Node> = cfg.succs(bn).to_vec();
        while let Some(x) = stack.pop() {
            if Some(x) == lp || in_ir[x as usize] {
                continue;
            }
            in_ir[x as usize] = true;
            stack.extend_from_slice(cfg.succs(x));
        }
        for (n, _) in in_ir.iter().enumerate().filter(|e| *e.1) {
            self.info.divergent_blocks.insert(cfg.block(n as Node));
        }
        let joins = find_joins(&cfg, bn, lp, &in_ir);
        for &j in &joins {
            self.info.joins.insert(j);
            for (k, &a) in ctx.block_args(j).iter().enumerate() {
                if !self.same_uniform_incoming(j, k) {
                    self.mark(a);
                }
            }
        }
        self.temporal(&cfg, bn, &in_ir);
        self.cross_iteration(&cfg, bn, lp, &in_ir);
        self.divergent_cycle_entries(&cfg, b, &joins);
    }

    /// A divergent branch whose threads reconverge inside a cycle (at the
    /// post-dominator `lp`) only after some of them went around it again:
    /// its influence region holds the loop header (or, for an irreducible
    /// cycle, an entry or the branch itself). Threads from different
    /// iterations then run on together, so every value the cycle defines
    /// may differ between them: loop-carried values, but also votes and
    /// loads that would otherwise be uniform.
    fn cross_iteration(&mut self, cfg: &RegionCfg, bn: Node, lp: Option<Node>, in_ir: &[bool]) {
        let ctx = self.ctx;
        let Some(lp) = lp else { return };
        let b = cfg.block(bn);
        let mut cycles: Vec<Vec<bool>> = Vec::new();
        let mut l = self.loops.loop_of(b);
        while let Some(id) = l {
            let lo = self.loops.get(id);
            let member = membership(cfg, lo.blocks());
            let crosses = cfg.node(lo.header()).is_some_and(|h| in_ir[h as usize]);
            if member[lp as usize] && crosses {
                cycles.push(member);
            }
            l = lo.parent();
        }
        for cyc in self.loops.irreducible_cycles(cfg.region()) {
            let member = membership(cfg, cyc);
            if !member[bn as usize] || !member[lp as usize] {
                continue;
            }
            let entry = cfg.entry();
            let crosses = (0..cfg.num_nodes() as Node).any(|x| {
                member[x as usize]
                    && in_ir[x as usize]
                    && (x == bn
                        || Some(x) == entry
                        || cfg.preds(x).iter().any(|&p| !member[p as usize]))
            });
            if crosses {
                cycles.push(member);
            }
        }
        for member in cycles {
            for v in cycle_defs(ctx, cfg, &member) {
                self.mark(v);
            }
        }
    }

    /// Does every incoming edge of `j` forward one and the same value to
    /// argument `k`, uniform at each of those uses? Then threads arriving
    /// by different edges still agree on the argument.
    fn same_uniform_incoming(&self, j: BlockId, k: usize) -> bool {
        if same_incoming_value(self.ctx, j, k).is_none() {
            return false;
        }
        incoming_operands(self.ctx, j, k)
            .is_some_and(|slots| slots.iter().all(|&(op, i)| !self.operand_divergent(op, i)))
    }

    /// Temporal divergence. A cycle containing `b` is left divergently when
    /// threads may leave it in different iterations: some block of it from
    /// which the divergent branch's threads have not yet reconverged (`b`
    /// or a block of the influence region `in_ir` inside the cycle) has an
    /// edge out of it. This covers exits taken by a uniform branch that
    /// only part of the threads reach.
    fn temporal(&mut self, cfg: &RegionCfg, bn: Node, in_ir: &[bool]) {
        let b = cfg.block(bn);
        let mut cycles: Vec<Vec<bool>> = Vec::new();
        let mut l = self.loops.loop_of(b);
        while let Some(id) = l {
            let lp = self.loops.get(id);
            let member = membership(cfg, lp.blocks());
            if exits_divergently(cfg, bn, in_ir, &member) {
                cycles.push(member);
            }
            l = lp.parent();
        }
        for cyc in self.loops.irreducible_cycles(cfg.region()) {
            let member = membership(cfg, cyc);
            if member[bn as usize] && exits_divergently(cfg, bn, in_ir, &member) {
                cycles.push(member);
            }
        }
        for member in cycles {
            self.cycle_exit_divergence(cfg, &member);
        }
    }

    /// Marks divergent every use outside the cycle `member` of a value
    /// defined inside it. A value forwarded on an edge leaving the cycle is
    /// used outside it (the exit block's argument observes it after the
    /// thread left), even though the terminator sits inside.
    fn cycle_exit_divergence(&mut self, cfg: &RegionCfg, member: &[bool]) {
        let ctx = self.ctx;
        let region = cfg.region();
        let inside = |blk: BlockId| {
            ancestor_block_in(ctx, blk, region)
                .and_then(|a| cfg.node(a))
                .is_some_and(|n| member[n as usize])
        };
        for v in cycle_defs(ctx, cfg, member) {
            let uses: Vec<(OpId, u32)> = ctx.uses(v).iter().map(|u| (u.op, u.index)).collect();
            for (user, idx) in uses {
                let outside = match ctx.parent_block(user) {
                    None => true,
                    Some(ub) if !inside(ub) => true,
                    Some(ub) => {
                        ctx.block_parent(ub) == Some(region)
                            && forwarded_to(ctx, user, idx as usize)
                                .and_then(|succ| cfg.node(succ))
                                .is_some_and(|s| !member[s as usize])
                    }
                };
                if outside {
                    self.mark_use(user, idx);
                }
            }
        }
    }

    /// An irreducible cycle that does not contain the divergent branch in
    /// `b` but holds one of its joins is entered by threads on disjoint
    /// paths, possibly at different entries: nothing makes them run its
    /// iterations together, so every value it defines is divergent (what
    /// a vote inside computes, for one).
    fn divergent_cycle_entries(&mut self, cfg: &RegionCfg, b: BlockId, joins: &[BlockId]) {
        let ctx = self.ctx;
        let mut defs = Vec::new();
        for cyc in self.loops.irreducible_cycles(cfg.region()) {
            if cyc.contains(&b) || !joins.iter().any(|j| cyc.contains(j)) {
                continue;
            }
            defs.extend(cycle_defs(ctx, cfg, &membership(cfg, cyc)));
        }
        for v in defs {
            self.mark(v);
        }
    }
}

/// Membership of `blocks` as a vector over the nodes of `cfg`.
fn membership(cfg: &RegionCfg, blocks: &[BlockId]) -> Vec<bool> {
    let mut m = vec![false; cfg.num_nodes()];
    for &x in blocks {
        if let Some(n) = cfg.node(x) {
            m[n as usize] = true;
        }
    }
    m
}

/// Does a block of the cycle `member` that the branch in `bn` has not yet
/// reconverged from (`bn` itself or one in `in_ir`) have an edge out of the
/// cycle?
fn exits_divergently(cfg: &RegionCfg, bn: Node, in_ir: &[bool], member: &[bool]) -> bool {
    (0..cfg.num_nodes() as Node)
        .filter(|&x| x == bn || (in_ir[x as usize] && member[x as usize]))
        .any(|x| cfg.succs(x).iter().any(|&s| !member[s as usize]))
}

/// Every value defined in the cycle `member`: block arguments and the
/// results of ops at any depth.
fn cycle_defs(ctx: &Context, cfg: &RegionCfg, member: &[bool]) -> Vec<ValueId> {
    let mut defs = Vec::new();
    for (n, _) in member.iter().enumerate().filter(|e| *e.1) {
        let d = cfg.block(n as Node);
        defs.extend(ctx.block_args(d).iter().copied());
        for op in ops_in_block_deep(ctx, d) {
            defs.extend(ctx.results(op).iter().copied());
        }
    }
    defs
}

/// The successor that terminator `op` forwards operand `idx` to, if it is a
/// successor operand.
fn forwarded_to(ctx: &Context, op: OpId, idx: usize) -> Option<BlockId> {
    let f = ctx.def_of(op).and_then(|d| d.successor_operands)?;
    ctx.successors(op)
        .iter()
        .enumerate()
        .find(|&(slot, _)| f(ctx, op, slot).contains(&idx))
        .map(|(_, &s)| s)
}

/// The blocks where disjoint paths from the successors of node `b` meet,
/// within the influence region `in_ir` and its post-dominator `lp`.
///
/// Each successor edge starts a path labelled by its target; a block whose
/// incoming paths carry different labels is a join and labels its own
/// outgoing paths. Labels stop at `lp`. The fixed point is reached in a few
/// rounds on reducible CFGs; a bounded number of rounds keeps irreducible
/// ones finite (if the bound is hit, every block with several predecessors
/// counts as a join). Joins are returned in region order.
pub fn find_joins(g: &RegionCfg, b: Node, lp: Option<Node>, in_ir: &[bool]) -> Vec<BlockId> {
    let succs = g.succs(b);
    let order: Vec<Node> = (0..g.num_nodes() as Node)
        .filter(|&x| in_ir[x as usize] || Some(x) == lp)
        .collect();
    let mut joins = vec![false; g.num_nodes()];
    for (i, &s) in succs.iter().enumerate() {
        if succs[..i].contains(&s) {
            joins[s as usize] = true;
        }
    }
    let mut label: Vec<Option<Node>> = vec![None; g.num_nodes()];
    let max_rounds = order.len() * 2 + 4;
    let mut converged = false;
    for _ in 0..max_rounds {
        let mut changed = false;
        for &x in &order {
            let mut seen: Option<Node> = None;
            let mut differ = false;
            let mut add = |l: Node| match seen {
                None => seen = Some(l),
                Some(s) if s != l => differ = true,
                _ => {}
            };
            if succs.contains(&x) {
                add(x);
            }
            for &p in g.preds(x) {
                if p == b || Some(p) == lp {
                    continue;
                }
                if let Some(l) = label[p as usize] {
                    add(l);
                }
            }
            if differ {
                joins[x as usize] = true;
            }
            let new = if joins[x as usize] { Some(x) } else { seen };
            if new.is_some() && label[x as usize] != new {
                label[x as usize] = new;
                changed = true;
            }
        }
        if !changed {
            converged = true;
            break;
        }
    }
    if !converged {
        for &x in &order {
            if g.preds(x).len() > 1 {
                joins[x as usize] = true;
            }
        }
    }
    order
        .into_iter()
        .filter(|&x| joins[x as usize])
        .map(|x| g.block(x))
        .collect()
}
