//! Kernel fusion, legality only: may two consecutive launches `K1; K2` of
//! `device.kernel`s be replaced by one launch of a kernel running K1's body
//! then K2's body in every thread?
//!
//! The caller (a future host-side pass) supplies what only the host knows:
//! which pointer parameters of K1 and K2 are the same host buffer
//! ([`FusionQuery::aliases`]) and whether both launches use the same grid and
//! block SSA values ([`FusionQuery::same_launch_dims`]). [`legality`] then
//! looks at the two kernels' bodies and returns a [`Decision`].
//!
//! Invariants:
//! - [`legality`] never panics, whatever the ops it is given (a non-kernel
//!   op, out-of-range alias indices, malformed IR): anything it cannot
//!   understand is [`Decision::NotFusible`] with a reason.
//! - `Fusible` is only returned when every dependence on a shared buffer is
//!   proven thread-local or block-local; anything not proven is refused.
//!   `barrier` is true exactly when some dependence is block-local.
//! - Launches are assumed one-dimensional in x (the subset's kernels index
//!   with `.x` only); see `docs/kfusion.md`.
//! - Resources: registers are estimated ([`registers`]) against a thread's
//!   and, when the block size is known, a block's limit; static shared
//!   memory is checked against [`SHARED_MEMORY_LIMIT`], counting a global both kernels use
//!   twice (the builder in [`fuse`] gives the second part its own copy).
//! - When K1 has a barrier, every thread must reach K1's barriers or none:
//!   a thread leaving K1 early no longer exits, so it is a live lane that
//!   skipped the barrier its warp waits at, and it would then wait at a
//!   later barrier (the seam's or one of K2's). `Fusible` is only returned
//!   when no divergent early exit can skip a K1 barrier (see
//!   `check_early_exits`).

pub mod cleanup;
pub mod fuse;
pub mod host;
mod index;
pub mod launch;
pub mod pass;
pub mod registers;

pub use pass::{KF_TRAD_INFO, KFCM_INFO, MODULE_PASSES};

/// Registers `kf-trad` and `kfcm`.
pub fn register_passes(reg: &mut lockstep_pass::PassRegistry) {
    reg.register(&KF_TRAD_INFO);
    reg.register(&KFCM_INFO);
}

use index::{Guard, Lin};
use lockstep_divergence::affine::{AffineInfo, access_address, describe};
use lockstep_divergence::uniformity::DivergenceInfo;
use lockstep_ir::attrs::AttrData;
use lockstep_ir::dominance::PostDominanceInfo;
use lockstep_ir::types::TypeData;
use lockstep_ir::{Context, OpId, ValueDef, ValueId};
use rustc_hash::FxHashSet;

/// The static shared memory a block may use without opting in to more:
/// 48 KiB is the portable limit on every CUDA architecture (larger amounts
/// need a per-kernel attribute that the subset does not have).
pub const SHARED_MEMORY_LIMIT: u64 = 48 * 1024;

/// What the host knows about the two launches.
#[derive(Clone, Debug, Default)]
pub struct FusionQuery {
    /// `(K1 parameter index, K2 parameter index)` for every pair of pointer
    /// parameters bound to the same host buffer. Parameters not listed are
    /// taken to be distinct buffers.
    pub aliases: Vec<(usize, usize)>,
    /// Whether both launches use the same grid and block dimension values.
    pub same_launch_dims: bool,
    /// Threads per block, when the launch's block dimensions are constants:
    /// the fused kernel's registers must then fit in one block's share.
    pub threads_per_block: Option<u64>,
    /// Whether the grid is one block (all grid dimensions are 1): then
    /// every thread is in the same block, so a seam barrier orders every
    /// dependence that is not thread-local.
    pub single_block: bool,
}

/// The legality verdict for fusing K1 (launched first) with K2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Fusion is legal; `barrier` says a block barrier is needed at the seam
    /// because some dependence is block-local.
    Fusible { barrier: bool },
    /// Fusion is illegal or not provably legal.
    NotFusible { reason: String },
}

/// How one dependence between K1 and K2 may be honoured inside one kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Dep {
    /// The same thread touches the address in both kernels: program order
    /// in that thread suffices.
    ThreadLocal,
    /// Only threads of one block touch the address: a block barrier suffices.
    BlockLocal,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Read,
    /// Stores and atomics (a read-modify-write orders like a write).
    Write,
}

/// One memory access of a kernel to one of its pointer parameters.
struct Access {
    op: OpId,
    param: usize,
    kind: Kind,
    /// Byte offset from the parameter, when it is a recognised form.
    offset: Option<Lin>,
    /// Size in bytes of the accessed value, when known.
    width: Option<i64>,
    guard: Guard,
}

/// Everything [`legality`] needs from one kernel.
struct KernelFacts {
    name: String,
    params: usize,
    accesses: Vec<Access>,
    /// Static shared globals the kernel addresses, with their sizes in bytes.
    shared: Vec<(lockstep_ir::Sym, u64)>,
}

/// Decides whether K1 followed by K2 may be fused (see the module docs).
pub fn legality(ctx: &Context, k1: OpId, k2: OpId, query: &FusionQuery) -> Decision {
    match decide(ctx, k1, k2, query) {
        Ok(barrier) => Decision::Fusible { barrier },
        Err(reason) => Decision::NotFusible { reason },
    }
}

fn decide(ctx: &Context, k1: OpId, k2: OpId, query: &FusionQuery) -> Result<bool, String> {
    if !query.same_launch_dims {
        return Err("different launch dimensions".into());
    }
    let f1 = facts(ctx, k1)?;
    let f2 = facts(ctx, k2)?;
    check_shared_memory(&f1, &f2)?;
    check_registers(ctx, k1, k2, &f1, &f2, query.threads_per_block)?;
    let mut barrier = false;
    for &(p1, p2) in &query.aliases {
        if p1 >= f1.params || p2 >= f2.params {
            return Err(format!(
                "alias pair ({p1}, {p2}) names a parameter that @{} or @{} does not have",
                f1.name, f2.name
            ));
        }
        for a1 in f1.accesses.iter().filter(|a| a.param == p1) {
            for a2 in f2.accesses.iter().filter(|a| a.param == p2) {
                if a1.kind == Kind::Read && a2.kind == Kind::Read {
                    continue;
                }
                match classify(a1, a2, query.single_block) {
                    Some(Dep::ThreadLocal) => {}
                    Some(Dep::BlockLocal) => barrier = true,
                    None => return Err(grid_wide(ctx, k1, k2, &f1, &f2, a1, a2)),
                }
            }
        }
    }
    // The fused kernel turns K1's returns into branches to the seam, so a
    // thread leaving K1 early stays alive: it would wait at the next barrier
    // instead of exiting, and while the rest of its warp is at a K1 barrier
    // it is a diverged live lane there (`bar.sync` needs the whole warp).
    if has_barrier(ctx, k1) {
        check_early_exits(ctx, k1, &f1.name)?;
    }
    Ok(barrier)
}

/// The fused kernel runs one part after the other, so its pressure is
/// estimated as the larger part's ([`registers::estimate`]); values live
/// across the seam are the ones both parts compute (merged by CSE), which
/// each part already held. It must fit a thread's 255 registers and, when
/// the block size is known, one block's 64K.
fn check_registers(
    ctx: &Context,
    k1: OpId,
    k2: OpId,
    f1: &KernelFacts,
    f2: &KernelFacts,
    threads: Option<u64>,
) -> Result<(), String> {
    let r = registers::estimate(ctx, k1).max(registers::estimate(ctx, k2));
    if r > registers::MAX_REGISTERS_PER_THREAD {
        return Err(format!(
            "the fused kernel of @{} and @{} would need about {r} registers per thread (at most {})",
            f1.name,
            f2.name,
            registers::MAX_REGISTERS_PER_THREAD
        ));
    }
    if let Some(t) = threads
        && r * t > registers::MAX_REGISTERS_PER_BLOCK
    {
        return Err(format!(
            "the fused kernel of @{} and @{} would need about {r} registers per thread, {} for a block of {t} threads (at most {})",
            f1.name,
            f2.name,
            r * t,
            registers::MAX_REGISTERS_PER_BLOCK
        ));
    }
    Ok(())
}

/// Does `op` contain a `device.barrier` (at any depth)?
fn has_barrier(ctx: &Context, op: OpId) -> bool {
    let mut found = false;
    ctx.walk_pre(op, &mut |o| found |= ctx.name_of(o) == "device.barrier");
    found
}

/// Refuses K1 when a thread could leave it while another thread of its
/// block still has a K1 barrier ahead: in the fused kernel the leaver
/// would wait at the seam (or a K2) barrier, pairing barriers wrongly.
///
/// A conditional branch of K1's body from which a barrier block is
/// reachable is accepted when its condition is block-uniform (the
/// divergence analysis says warp-uniform and no `device.vote`, the one
/// warp-uniform but block-varying source, feeds it), or when every such
/// barrier block post-dominates the branch (then no thread can get past
/// the barrier by leaving). Branches nested in structured ops cannot exit
/// the kernel and are not looked at.
fn check_early_exits(ctx: &Context, k1: OpId, name: &str) -> Result<(), String> {
    let Some(&body) = ctx.regions(k1).first() else {
        return Ok(());
    };
    let blocks = ctx.region_blocks(body);
    let with_barrier: FxHashSet<lockstep_ir::BlockId> = blocks
        .iter()
        .copied()
        .filter(|&b| ctx.block_ops(b).any(|o| has_barrier(ctx, o)))
        .collect();
    let info = DivergenceInfo::compute(ctx, k1);
    let pdom = PostDominanceInfo::compute(ctx, k1);
    for &b in blocks {
        let Some(t) = ctx.terminator(b) else { continue };
        if ctx.succ_blocks(b).len() < 2 {
            continue;
        }
        // Barrier blocks reachable from the branch.
        let mut seen = FxHashSet::default();
        let mut work: Vec<_> = ctx.succ_blocks(b).to_vec();
        let mut ahead = Vec::new();
        while let Some(x) = work.pop() {
            if !seen.insert(x) {
                continue;
            }
            if with_barrier.contains(&x) {
                ahead.push(x);
            }
            work.extend_from_slice(ctx.succ_blocks(x));
        }
        if ahead.is_empty()
            || ahead.iter().all(|&x| pdom.post_dominates(x, b))
            || block_uniform_branch(ctx, &info, t)
        {
            continue;
        }
        return Err(format!(
            "@{name} has a barrier that threads leaving early would not reach: its threads could wait at different barriers after fusion"
        ));
    }
    Ok(())
}

/// Do all threads of a block take the same successor of terminator `t`?
fn block_uniform_branch(ctx: &Context, info: &DivergenceInfo, t: OpId) -> bool {
    if info.is_divergent_branch(ctx, t) || !info.is_conditional_branch(t) {
        return false;
    }
    // Warp-uniform is not block-uniform for votes; look for one among
    // everything the branch reads (through block arguments too).
    let mut seen = FxHashSet::default();
    let mut work: Vec<ValueId> = ctx.operands(t).to_vec();
    while let Some(v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        match ctx.value_def(v) {
            ValueDef::Result { op, .. } => {
                let mut vote = false;
                ctx.walk_pre(op, &mut |o| vote |= ctx.name_of(o) == "device.vote");
                if vote {
                    return false;
                }
                work.extend_from_slice(ctx.operands(op));
            }
            ValueDef::BlockArg { block, .. } => {
                for u in ctx.block_preds(block) {
                    work.extend_from_slice(ctx.operands(u.op));
                }
            }
        }
    }
    true
}

/// The reason for a refused dependence, naming the buffer and both indices.
fn grid_wide(
    ctx: &Context,
    k1: OpId,
    k2: OpId,
    f1: &KernelFacts,
    f2: &KernelFacts,
    a1: &Access,
    a2: &Access,
) -> String {
    // The project's affine analysis is per kernel; its description is
    // appended so that the remark matches what `test-affine` would print.
    let show = |k: OpId, a: &Access| {
        let form = match (&a.offset, a.width) {
            (Some(l), Some(w)) => l.describe_elements(w),
            _ => "unknown".to_string(),
        };
        let info = AffineInfo::compute(ctx, k);
        let aff = info
            .access(ctx, a.op)
            .map_or_else(|| "unknown".into(), |x| describe(ctx, x));
        format!("{form}; {aff}")
    };
    format!(
        "dependence on %arg{} of @{} (%arg{} of @{}) is grid-wide (index {} in @{}, {} in @{})",
        a1.param,
        f1.name,
        a2.param,
        f2.name,
        show(k1, a1),
        f1.name,
        show(k2, a2),
        f2.name
    )
}

/// Classifies one dependence; `None` when neither local kind is proven.
/// In a single-block launch nothing is grid-wide: a dependence is
/// thread-local when both offsets are the same injective form of
/// `threadIdx.x`, and block-local otherwise.
fn classify(a1: &Access, a2: &Access, single_block: bool) -> Option<Dep> {
    if single_block {
        let same_thread = match (&a1.offset, &a2.offset, a1.width, a2.width) {
            (Some(o1), Some(o2), Some(w1), Some(w2)) => {
                let (o1, o2) = (o1.in_single_block(), o2.in_single_block());
                o1 == o2
                    && o1.thread_id_stride().is_some_and(|c| w1 <= c && w2 <= c)
                    && a1.guard.comparable_with(&a2.guard)
            }
            _ => false,
        };
        return Some(if same_thread {
            Dep::ThreadLocal
        } else {
            Dep::BlockLocal
        });
    }
    let (o1, o2) = (a1.offset.as_ref()?, a2.offset.as_ref()?);
    let (w1, w2) = (a1.width?, a2.width?);
    // Thread-local: the same injective function of the global thread id,
    // with each thread's bytes `[c*gid + k, c*gid + k + c)` disjoint from
    // its neighbours' (so both widths must fit in the stride c).
    if o1 == o2
        && let Some(c) = o1.global_id_stride()
        && w1 <= c
        && w2 <= c
        && a1.guard.comparable_with(&a2.guard)
    {
        return Some(Dep::ThreadLocal);
    }
    // Block-local: both stay in `[e*bid*bdim, e*(bid+1)*bdim)`, the block's
    // own slice of elements of size e.
    let e1 = o1.block_slice()?;
    let e2 = o2.block_slice()?;
    (e1 == e2 && w1 <= e1 && w2 <= e1).then_some(Dep::BlockLocal)
}

/// Collects the accesses of a kernel and refuses what cannot be reasoned
/// about.
fn facts(ctx: &Context, k: OpId) -> Result<KernelFacts, String> {
    if ctx.name_of(k) != "device.kernel" {
        return Err(format!("'{}' is not a device.kernel", ctx.name_of(k)));
    }
    let name = lockstep_ir::symbol::symbol_name(ctx, k)
        .map_or_else(|| "?".to_string(), |s| ctx.str(s).to_string());
    let entry = ctx
        .regions(k)
        .first()
        .and_then(|&r| ctx.entry_block(r))
        .ok_or_else(|| format!("@{name} has no body"))?;
    let params = ctx.block_args(entry).len();
    let pdom = PostDominanceInfo::compute(ctx, k);
    let mut accesses = Vec::new();
    let mut shared_symbols = FxHashSet::default();
    let mut problem: Option<String> = None;
    ctx.walk_pre(k, &mut |op| {
        if problem.is_some() {
            return;
        }
        match ctx.name_of(op) {
            // A callee's accesses are not visible here.
            "device.call" => {
                problem = Some(format!("@{name} calls a device function"));
                return;
            }
            // Its size is a launch argument the device side cannot see.
            "device.dynamic_shared" => {
                problem = Some(format!("@{name} uses dynamic shared memory"));
                return;
            }
            "device.addressof" => {
                if let Some(AttrData::SymbolRef { root, .. }) =
                    ctx.attr_of(op, "symbol").map(|a| ctx.attr_data(a))
                {
                    shared_symbols.insert(*root);
                }
            }
            _ => {}
        }
        let Some(addr) = access_address(ctx, op) else {
            return;
        };
        let kind = if ctx.name_of(op) == "device.load" {
            Kind::Read
        } else {
            Kind::Write
        };
        let (root, offset) = pointer_offset(ctx, entry, addr);
        match root {
            Root::Param(param) => accesses.push(Access {
                op,
                param,
                kind,
                offset,
                width: access_width(ctx, op),
                guard: index::guard_of(ctx, entry, &pdom, op),
            }),
            // Per-launch storage: a separate launch never sees it.
            Root::Local => {}
            Root::Unknown => {
                problem = Some(format!(
                    "@{name} accesses memory through a pointer not derived from a parameter"
                ));
            }
        }
    });
    if let Some(p) = problem {
        return Err(p);
    }
    let mut shared = Vec::new();
    if !shared_symbols.is_empty() {
        let table = ctx
            .parent_op(k)
            .ok_or_else(|| format!("@{name} is not inside a device.module"))?;
        for s in shared_symbols {
            let size = lockstep_ir::symbol::lookup_symbol_in(ctx, table, s)
                .filter(|&g| ctx.name_of(g) == "device.shared")
                .and_then(|g| ctx.attr_of(g, "size"))
                .and_then(|a| ctx.attr_data(a).as_int())
                .and_then(|n| u64::try_from(n).ok())
                .ok_or_else(|| format!("size of shared global @{} is unknown", ctx.str(s)))?;
            shared.push((s, size));
        }
    }
    Ok(KernelFacts {
        name,
        params,
        accesses,
        shared,
    })
}

enum Root {
    Param(usize),
    /// Shared memory or a stack slot of the launch itself.
    Local,
    Unknown,
}

/// Follows `ptradd`/`addrspace_cast` back to the pointer's root, summing the
/// byte offsets.
fn pointer_offset(
    ctx: &Context,
    entry: lockstep_ir::BlockId,
    mut p: ValueId,
) -> (Root, Option<Lin>) {
    let mut offset = Some(Lin::constant(0));
    // The chain is finite in valid SSA; the bound keeps malformed IR finite.
    for _ in 0..256 {
        match ctx.value_def(p) {
            ValueDef::BlockArg { block, index } if block == entry => {
                return (Root::Param(index as usize), offset);
            }
            ValueDef::BlockArg { .. } => return (Root::Unknown, None),
            ValueDef::Result { op, .. } => match ctx.name_of(op) {
                "device.ptradd" => {
                    let ops = ctx.operands(op);
                    let (Some(&base), Some(&off)) = (ops.first(), ops.get(1)) else {
                        return (Root::Unknown, None);
                    };
                    let l = index::lin_of(ctx, off);
                    offset = match (offset, l) {
                        (Some(a), Some(b)) => a.add(&b),
                        _ => None,
                    };
                    p = base;
                }
                "device.addrspace_cast" => match ctx.operands(op).first() {
                    Some(&b) => p = b,
                    None => return (Root::Unknown, None),
                },
                "device.addressof" | "device.alloca" => return (Root::Local, None),
                _ => return (Root::Unknown, None),
            },
        }
    }
    (Root::Unknown, None)
}

/// Size in bytes of the value a memory access reads or writes.
fn access_width(ctx: &Context, op: OpId) -> Option<i64> {
    let v = match ctx.name_of(op) {
        "device.store" => *ctx.operands(op).first()?,
        _ => *ctx.results(op).first()?,
    };
    let bits = match ctx.type_data(ctx.value_type(v)) {
        TypeData::Integer { width, .. } => *width,
        TypeData::Float(k) => k.width(),
        _ => return None,
    };
    // Sub-byte values still occupy a byte.
    Some(i64::from(bits.div_ceil(8).max(1)))
}

/// Checks the combined static shared memory of both kernels; a global
/// addressed by both counts twice, because the fused-kernel builder gives
/// the second part its own copy (`fuse::build_fused_kernel`).
fn check_shared_memory(f1: &KernelFacts, f2: &KernelFacts) -> Result<(), String> {
    let total: u64 = (f1.shared.iter().chain(&f2.shared)).fold(0, |t, &(_, n)| t.saturating_add(n));
    if total > SHARED_MEMORY_LIMIT {
        return Err(format!(
            "combined static shared memory of @{} and @{} is {total} bytes, over the {SHARED_MEMORY_LIMIT}-byte limit",
            f1.name, f2.name
        ));
    }
    Ok(())
}
