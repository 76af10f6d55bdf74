//! Cleanup of a fused kernel: threading of repeated guards (the second
//! part's `if (i < n)` re-tests the first part's condition), store-to-load
//! forwarding (the thesis's
//! `t = rlt1` of Fig. 5.1, which turns K2's reload of K1's output into the
//! value K1 stored) and removal of stores to buffers the host proved dead.
//!
//! Invariants:
//! - Everything here reasons about one thread: a forwarded load reads what
//!   the same thread stored, so it is only done when no other thread can
//!   have written the address in between. Any `device.barrier` between the
//!   store and the load (the seam barrier in particular) blocks forwarding,
//!   since a barrier is exactly where other threads' writes become visible.
//!   Atomics, calls, volatile accesses and every op whose memory effects are
//!   not known block it too; stores block it unless the alias analysis of
//!   `lockstep-codemotion` proves them disjoint from the load.
//! - A load is forwarded only from a store through the *same SSA address*
//!   of the same type that dominates it; callers run `cse` first so that the
//!   two parts' identical address computations are one value
//!   ([`cleanup_fused_kernel`] does).
//! - Only loads and stores directly in the kernel's body blocks are
//!   considered; ops nested in structured regions are only seen as
//!   potential clobbers.
//! - Dead-store elimination never removes a store whose buffer might still
//!   be read inside the kernel (a load or atomic that may alias it) or whose
//!   pointer escapes (stored, passed to a call or a block argument, or used
//!   by any op this module does not understand). Volatile stores are kept.
//! - Guard threading only redirects an edge into a block that holds nothing
//!   but `cf.cond_br %c` (no arguments, no barrier) when `%c` is known on
//!   that edge, because the edge leaves a `cf.cond_br` on the same `%c` or
//!   a block entered only through one; every thread then takes the same
//!   path as before, one test earlier.
//! - Bad input (not a kernel, out-of-range parameter) is a located
//!   diagnostic; nothing panics.

use lockstep_codemotion::alias::{AliasAnalysis, MemLoc};
use lockstep_ir::dominance::DominanceInfo;
use lockstep_ir::{BlockId, Context, Diagnostic, OpId, Rewriter, ValueId};
use lockstep_transforms::canonicalize::Canonicalize;
use lockstep_transforms::cse::eliminate_common_subexpressions;
use lockstep_transforms::effects::is_memory_effect_free;
use lockstep_transforms::greedy::apply_patterns_greedily_op;
use rustc_hash::FxHashSet;

/// What [`cleanup_fused_kernel`] did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CleanupStats {
    /// Ops removed by CSE (merged or dead).
    pub cse: u64,
    /// Loads replaced by the value stored before them.
    pub forwarded: u64,
    /// Stores to dead buffers, and stores overwritten before any read,
    /// removed.
    pub dead_stores: u64,
}

fn kernel_body(ctx: &Context, kernel: OpId) -> Result<Vec<BlockId>, Diagnostic> {
    if !ctx.is_live_op(kernel) || ctx.name_of(kernel) != "device.kernel" {
        let what = if ctx.is_live_op(kernel) {
            ctx.name_of(kernel)
        } else {
            "an erased op"
        };
        return Err(Diagnostic::error(
            ctx.loc(kernel),
            format!("kernel fusion cleanup: '{what}' is not a device.kernel"),
        ));
    }
    Ok(ctx
        .regions(kernel)
        .first()
        .map(|&r| ctx.region_blocks(r).to_vec())
        .unwrap_or_default())
}

fn is_volatile(ctx: &Context, op: OpId) -> bool {
    ctx.attr_of(op, "volatile").is_some()
}

/// The location a load or store touches.
fn access_loc(ctx: &Context, aa: &AliasAnalysis, op: OpId) -> Option<MemLoc> {
    match ctx.name_of(op) {
        "device.load" => {
            let addr = *ctx.operands(op).first()?;
            let ty = ctx.value_type(*ctx.results(op).first()?);
            Some(aa.location(ctx, addr, Some(ty)))
        }
        "device.store" => {
            let (&v, &addr) = (ctx.operands(op).first()?, ctx.operands(op).get(1)?);
            Some(aa.location(ctx, addr, Some(ctx.value_type(v))))
        }
        _ => None,
    }
}

/// What [`interferes`] asks about a location.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Concern {
    /// Could the op change what a load of the location reads?
    Clobber,
    /// Could the op read what a store to the location wrote?
    Observe,
}

/// Whether `op` (or anything nested in it) clobbers or observes `loc` (see
/// [`Concern`]). Either way barriers, atomics, calls, volatile accesses and
/// ops with unknown effects count: they order the thread against others.
fn interferes(ctx: &Context, aa: &AliasAnalysis, op: OpId, loc: &MemLoc, concern: Concern) -> bool {
    let aliases = |o: OpId| access_loc(ctx, aa, o).is_none_or(|l| aa.may_alias(&l, loc));
    let mut hit = false;
    ctx.walk_pre(op, &mut |o| {
        if hit {
            return;
        }
        hit = match ctx.name_of(o) {
            "device.load" => is_volatile(ctx, o) || (concern == Concern::Observe && aliases(o)),
            "device.store" => is_volatile(ctx, o) || (concern == Concern::Clobber && aliases(o)),
            "device.barrier" | "device.atomic" | "device.atomic_cas" | "device.call" => true,
            // Ops with regions are looked into by the walk itself.
            _ if !ctx.regions(o).is_empty() => false,
            _ => !is_memory_effect_free(ctx, o),
        };
    });
    hit
}

fn clobbers(ctx: &Context, aa: &AliasAnalysis, op: OpId, loc: &MemLoc) -> bool {
    interferes(ctx, aa, op, loc, Concern::Clobber)
}

/// Within one thread and one block: a store followed by another store to the
/// same SSA address with a value of the same type, with nothing in between
/// that may read the address or publish it to other threads (loads that may
/// alias, barriers, atomics, calls, unknown effects), is dead. Fused kernels
/// have these when both parts write the same element (`tone[i] = f(x)` in
/// K1, `tone[i] = g(tone[i])` in K2 after forwarding). Returns how many
/// stores were removed.
pub fn eliminate_overwritten_stores(
    rw: &mut Rewriter<'_>,
    kernel: OpId,
) -> Result<u64, Diagnostic> {
    let blocks = kernel_body(rw.ctx, kernel)?;
    let aa = AliasAnalysis::new(rw.ctx, kernel);
    let mut dead = Vec::new();
    for b in blocks {
        let ctx = &*rw.ctx;
        for store in ctx.block_ops(b) {
            if ctx.name_of(store) != "device.store" || is_volatile(ctx, store) {
                continue;
            }
            let (Some(&value), Some(&addr)) =
                (ctx.operands(store).first(), ctx.operands(store).get(1))
            else {
                continue;
            };
            let Some(loc) = access_loc(ctx, &aa, store) else {
                continue;
            };
            let mut cur = ctx.next_op(store);
            while let Some(o) = cur {
                if ctx.name_of(o) == "device.store"
                    && ctx.operands(o).get(1) == Some(&addr)
                    && ctx.operands(o).first().map(|&v| ctx.value_type(v))
                        == Some(ctx.value_type(value))
                {
                    dead.push(store);
                    break;
                }
                if interferes(ctx, &aa, o, &loc, Concern::Observe) {
                    break;
                }
                cur = ctx.next_op(o);
            }
        }
    }
    for &st in &dead {
        rw.erase_op(st);
    }
    Ok(dead.len() as u64)
}

/// Blocks reachable from `from`'s successors (forward) or reaching `from`
/// (backward) without entering `stop`.
fn reach(ctx: &Context, from: BlockId, stop: BlockId, forward: bool) -> FxHashSet<BlockId> {
    let mut seen = FxHashSet::default();
    let next = |b: BlockId| -> Vec<BlockId> {
        if forward {
            ctx.succ_blocks(b).to_vec()
        } else {
            ctx.pred_blocks(b).to_vec()
        }
    };
    let mut work: Vec<BlockId> = next(from);
    while let Some(b) = work.pop() {
        if b == stop || !seen.insert(b) {
            continue;
        }
        work.extend(next(b));
    }
    seen
}

/// The nearest store before `load` along its dominator chain whose address
/// is the load's, if no clobber is met first.
fn dominating_store(
    ctx: &Context,
    dom: &DominanceInfo,
    aa: &AliasAnalysis,
    load: OpId,
    loc: &MemLoc,
) -> Option<OpId> {
    let addr = *ctx.operands(load).first()?;
    let mut cur = ctx.prev_op(load);
    let mut block = ctx.parent_block(load)?;
    loop {
        while let Some(o) = cur {
            if ctx.name_of(o) == "device.store" && ctx.operands(o).get(1) == Some(&addr) {
                return (!is_volatile(ctx, o)).then_some(o);
            }
            if clobbers(ctx, aa, o, loc) {
                return None;
            }
            cur = ctx.prev_op(o);
        }
        block = dom.idom(block)?;
        cur = ctx.last_op(block);
    }
}

/// Is there a clobber on some path from just after `store` to just before
/// `load` that does not pass `store` again?
fn path_is_clear(ctx: &Context, aa: &AliasAnalysis, store: OpId, load: OpId, loc: &MemLoc) -> bool {
    let (Some(sb), Some(lb)) = (ctx.parent_block(store), ctx.parent_block(load)) else {
        return false;
    };
    let clear_between = |mut cur: Option<OpId>, end: Option<OpId>| {
        while cur != end {
            let Some(o) = cur else { break };
            if clobbers(ctx, aa, o, loc) {
                return false;
            }
            cur = ctx.next_op(o);
        }
        true
    };
    if sb == lb {
        // The store was found walking back from the load in this block.
        return clear_between(ctx.next_op(store), Some(load));
    }
    if !clear_between(ctx.next_op(store), None) || !clear_between(ctx.first_op(lb), Some(load)) {
        return false;
    }
    // Blocks some store-to-load path runs through entirely.
    let fwd = reach(ctx, sb, sb, true);
    let bwd = reach(ctx, lb, sb, false);
    fwd.intersection(&bwd)
        .all(|&b| ctx.block_ops(b).all(|o| !clobbers(ctx, aa, o, loc)))
}

/// Within one thread: a `device.load` whose address is the same SSA value
/// (after CSE) as a dominating `device.store` of the same type, with no
/// possibly-aliasing write, atomic, call or barrier on any path between
/// them, is replaced by the stored value. Returns how many loads were
/// forwarded.
pub fn forward_stores(rw: &mut Rewriter<'_>, kernel: OpId) -> Result<u64, Diagnostic> {
    let blocks = kernel_body(rw.ctx, kernel)?;
    let dom = DominanceInfo::compute(rw.ctx, kernel);
    let aa = AliasAnalysis::new(rw.ctx, kernel);
    let loads: Vec<OpId> = blocks
        .iter()
        .flat_map(|&b| rw.ctx.block_ops(b))
        .filter(|&o| rw.ctx.name_of(o) == "device.load" && !is_volatile(rw.ctx, o))
        .collect();
    let mut count = 0;
    for load in loads {
        let ctx = &*rw.ctx;
        let (Some(loc), Some(&result)) = (access_loc(ctx, &aa, load), ctx.results(load).first())
        else {
            continue;
        };
        let Some(store) = dominating_store(ctx, &dom, &aa, load, &loc) else {
            continue;
        };
        let value: ValueId = ctx.operand(store, 0);
        if ctx.value_type(value) != ctx.value_type(result)
            || !path_is_clear(ctx, &aa, store, load, &loc)
        {
            continue;
        }
        rw.replace_all_uses_with(result, value);
        rw.erase_op(load);
        count += 1;
    }
    Ok(count)
}

/// The stores through parameter `param` (and pointers derived from it), or
/// `None` when the pointer is used in any other way.
fn stores_through(ctx: &Context, param: ValueId) -> Option<Vec<OpId>> {
    let mut stores = Vec::new();
    let mut seen = FxHashSet::default();
    let mut work = vec![param];
    while let Some(p) = work.pop() {
        if !seen.insert(p) {
            continue;
        }
        for u in ctx.uses(p) {
            let o = u.op;
            match (ctx.name_of(o), u.index) {
                ("device.ptradd" | "device.addrspace_cast", 0) => {
                    work.extend(ctx.results(o).iter().copied());
                }
                ("device.store", 1) => stores.push(o),
                // Read, stored elsewhere, passed on, or not understood.
                _ => return None,
            }
        }
    }
    Some(stores)
}

/// May some op of the kernel read the buffer at `loc` (or do something
/// whose effects are not known)?
fn buffer_may_be_read(ctx: &Context, aa: &AliasAnalysis, kernel: OpId, loc: &MemLoc) -> bool {
    let mut hit = false;
    ctx.walk_pre(kernel, &mut |o| {
        if hit || o == kernel {
            return;
        }
        hit = match ctx.name_of(o) {
            "device.load" => access_loc(ctx, aa, o).is_none_or(|l| aa.may_alias(&l, loc)),
            "device.atomic" | "device.atomic_cas" => ctx
                .operands(o)
                .first()
                .is_none_or(|&a| aa.may_alias(&aa.location(ctx, a, None), loc)),
            "device.call" => true,
            // Writes, synchronisation and per-thread storage read nothing
            // of a global buffer.
            "device.store" | "device.barrier" | "device.alloca" | "device.vote"
            | "device.shuffle" | "device.return" => false,
            _ if !ctx.regions(o).is_empty() => false,
            _ => !is_memory_effect_free(ctx, o),
        };
    });
    hit
}

/// Removes every store through fused parameter `param` (pointers derived
/// from it by ptradd/addrspace_cast) when the kernel has no remaining load,
/// atomic or call that may read that buffer and the pointer does not escape
/// (is not stored to memory or passed to a call). The host proved the
/// buffer is dead after the launch. Returns how many stores were removed.
pub fn eliminate_dead_stores(
    rw: &mut Rewriter<'_>,
    kernel: OpId,
    dead_params: &[usize],
) -> Result<u64, Diagnostic> {
    let blocks = kernel_body(rw.ctx, kernel)?;
    let params: Vec<ValueId> = blocks
        .first()
        .map(|&b| rw.ctx.block_args(b).to_vec())
        .unwrap_or_default();
    if let Some(&bad) = dead_params.iter().find(|&&p| p >= params.len()) {
        return Err(Diagnostic::error(
            rw.ctx.loc(kernel),
            format!(
                "kernel fusion cleanup: dead parameter {bad} does not exist (the kernel has {} parameters)",
                params.len()
            ),
        ));
    }
    let aa = AliasAnalysis::new(rw.ctx, kernel);
    let mut to_erase: Vec<OpId> = Vec::new();
    let mut done = FxHashSet::default();
    for &p in dead_params {
        if !done.insert(p) {
            continue;
        }
        let ctx = &*rw.ctx;
        let param = params[p];
        if lockstep_device::ptr_space(ctx, ctx.value_type(param)).is_none() {
            continue;
        }
        let Some(stores) = stores_through(ctx, param) else {
            continue;
        };
        // The whole buffer: no offset or size, so it overlaps any access
        // that may reach the same base.
        let whole = aa.location(ctx, param, None);
        if buffer_may_be_read(ctx, &aa, kernel, &whole) {
            continue;
        }
        to_erase.extend(stores.into_iter().filter(|&s| !is_volatile(ctx, s)));
    }
    let n = to_erase.len() as u64;
    for s in to_erase {
        rw.erase_op(s);
    }
    Ok(n)
}

/// Runs the whole cleanup on one fused kernel: `cse`, store-to-load
/// forwarding, dead-store elimination for `dead_params`, `canonicalize`.
pub fn cleanup_fused_kernel(
    ctx: &mut Context,
    kernel: OpId,
    dead_params: &[usize],
) -> Result<CleanupStats, Diagnostic> {
    kernel_body(ctx, kernel)?;
    let canon = Canonicalize::default();
    let patterns = canon.patterns(ctx);
    let mut cse = 0;
    let mut run_cse = |ctx: &mut Context| {
        let dom = DominanceInfo::compute(ctx, kernel);
        let r = eliminate_common_subexpressions(&mut Rewriter::new(ctx), &dom, kernel);
        cse += r.num_cse + r.num_dce;
    };
    // The seam and the second part's entry become one block, and the two
    // parts' index computations one value, before guards are compared.
    run_cse(ctx);
    apply_patterns_greedily_op(ctx, kernel, &patterns, &canon.config);
    if thread_repeated_guards(&mut Rewriter::new(ctx), kernel)? > 0 {
        // Merges each guarded first-part block with the second part's
        // block under the same guard, so the store dominates the reload.
        apply_patterns_greedily_op(ctx, kernel, &patterns, &canon.config);
        run_cse(ctx);
    }
    let forwarded = forward_stores(&mut Rewriter::new(ctx), kernel)?;
    let dead_stores = eliminate_dead_stores(&mut Rewriter::new(ctx), kernel, dead_params)?
        + eliminate_overwritten_stores(&mut Rewriter::new(ctx), kernel)?;
    apply_patterns_greedily_op(ctx, kernel, &patterns, &canon.config);
    Ok(CleanupStats {
        cse,
        forwarded,
        dead_stores,
    })
}

/// The value of `cond` on the edge from `from` into `to`, when the edge
/// itself or the only way into `from` decides it.
fn known_on_edge(ctx: &Context, from: BlockId, to: BlockId, cond: ValueId) -> Option<bool> {
    let decided_by = |t: OpId, target: BlockId| -> Option<bool> {
        if ctx.name_of(t) != "cf.cond_br" || ctx.operands(t).first() != Some(&cond) {
            return None;
        }
        let succ = ctx.successors(t);
        match (succ.first() == Some(&target), succ.get(1) == Some(&target)) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        }
    };
    let t = ctx.terminator(from)?;
    if let Some(v) = decided_by(t, to) {
        return Some(v);
    }
    if ctx.name_of(t) != "cf.br" {
        return None;
    }
    let [p] = ctx.block_preds(from) else {
        return None;
    };
    decided_by(p.op, from)
}

/// Redirects edges into blocks that only re-test a condition already known
/// on the edge (see the module invariants). Returns how many edges moved.
pub fn thread_repeated_guards(rw: &mut Rewriter<'_>, kernel: OpId) -> Result<u64, Diagnostic> {
    let blocks = kernel_body(rw.ctx, kernel)?;
    let mut moved = 0;
    for j in blocks {
        let ctx = &*rw.ctx;
        if !ctx.is_live_block(j) || !ctx.block_args(j).is_empty() {
            continue;
        }
        let Some(t) = ctx.terminator(j) else { continue };
        if ctx.first_op(j) != Some(t) || ctx.name_of(t) != "cf.cond_br" {
            continue;
        }
        // Successors taking operands would need them forwarded; the fused
        // guards never do.
        if ctx.operands(t).len() != 1 {
            continue;
        }
        let cond = ctx.operands(t)[0];
        let (yes, no) = (ctx.successors(t)[0], ctx.successors(t)[1]);
        let edges: Vec<(OpId, usize, bool)> = ctx
            .block_preds(j)
            .iter()
            .filter_map(|u| {
                let from = ctx.parent_block(u.op)?;
                if ctx.name_of(u.op) != "cf.br" && ctx.name_of(u.op) != "cf.cond_br" {
                    return None;
                }
                let slot = ctx.successors(u.op).iter().position(|&s| s == j)?;
                // Both slots of one branch to `j` would be ambiguous.
                if ctx.successors(u.op).iter().filter(|&&s| s == j).count() != 1 {
                    return None;
                }
                let known = known_on_edge(ctx, from, j, cond)?;
                Some((u.op, slot, known))
            })
            .collect();
        for (op, slot, known) in edges {
            rw.set_successor(op, slot, if known { yes } else { no });
            moved += 1;
        }
    }
    Ok(moved)
}
