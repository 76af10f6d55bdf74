//! The cycle estimate: a stated, PTX-level timing model (docs/simulator.md).
//!
//! Invariants: costs are pure functions of the decoded instruction (and, for memory, of the
//! counters of the access), so cycles are as deterministic as the other counters. Each warp
//! has its own clock and a per-register scoreboard; an instruction issues when its warp is
//! free and its source registers are ready, occupies its warp for `issue` cycles, and its
//! results are ready `latency` cycles after issue. A barrier releases every waiting warp at
//! the latest arrival plus `BARRIER_LATENCY`. A kernel's cycles combine CTA critical paths and
//! scheduler issue limits per SM (see `kernel_cycles`). This is an approximation of an
//! A100-like GPU from PTX, not a measurement: no caches, no register bank conflicts, no
//! ptxas optimizations.

use crate::code::{Addr, Base, BinOp, Op, UnOp, Val};
use smallvec::SmallVec;

/// Streaming multiprocessors.
pub const SMS: u64 = 108;
/// Warp schedulers per SM; each issues one warp instruction per cycle.
pub const SCHEDULERS_PER_SM: u64 = 4;
/// Resident warps and CTAs per SM.
pub const MAX_WARPS_PER_SM: u64 = 64;
pub const MAX_CTAS_PER_SM: u64 = 32;
/// Shared memory per SM, bytes.
pub const SHARED_PER_SM: u64 = 164 * 1024;
/// Fixed cost of one kernel launch (about 5 µs at 1.41 GHz).
pub const LAUNCH_OVERHEAD: u64 = 7000;
pub const BARRIER_LATENCY: u64 = 20;
/// Load latencies by state space (no cache model: global loads pay an L2-like latency).
pub const GLOBAL_LOAD_LATENCY: u64 = 200;
pub const LOCAL_LOAD_LATENCY: u64 = 200;
pub const SHARED_LOAD_LATENCY: u64 = 28;
pub const CONST_LOAD_LATENCY: u64 = 34;
pub const PARAM_LOAD_LATENCY: u64 = 4;
pub const ATOMIC_LATENCY: u64 = 250;
/// Extra cycles per additional global sector or shared wavefront of one access.
pub const PER_EXTRA_TRANSACTION: u64 = 4;

fn push_val(v: &Val, out: &mut SmallVec<[u32; 4]>) {
    if let Val::Reg(r) = v {
        out.push(*r);
    }
}

fn push_addr(a: &Addr, out: &mut SmallVec<[u32; 4]>) {
    if let Base::Reg(r) = a.base {
        out.push(r);
    }
}

/// Registers read and written by `op` (and its guard).
pub fn registers(op: &Op, guard: Option<(u32, bool)>) -> (SmallVec<[u32; 4]>, SmallVec<[u32; 4]>) {
    let mut r = SmallVec::new();
    let mut w = SmallVec::new();
    if let Some((p, _)) = guard {
        r.push(p);
    }
    match op {
        Op::Mov { d, a } | Op::Un { d, a, .. } | Op::Cvt { d, a, .. } | Op::Cvta { d, a, .. } => {
            push_val(a, &mut r);
            w.push(*d);
        }
        Op::Bin { d, a, b, .. } | Op::MulWide { d, a, b, .. } | Op::Setp { d, a, b, .. } => {
            push_val(a, &mut r);
            push_val(b, &mut r);
            w.push(*d);
        }
        Op::Mad { d, a, b, c, .. } | Op::Fma { d, a, b, c, .. } | Op::Shf { d, a, b, c, .. } => {
            for v in [a, b, c] {
                push_val(v, &mut r);
            }
            w.push(*d);
        }
        Op::Selp { d, a, b, p, .. } => {
            for v in [a, b, p] {
                push_val(v, &mut r);
            }
            w.push(*d);
        }
        Op::Ld { d, addr, .. } => {
            push_addr(addr, &mut r);
            w.extend(d.iter().copied());
        }
        Op::St { src, addr, .. } => {
            push_addr(addr, &mut r);
            for v in src {
                push_val(v, &mut r);
            }
        }
        Op::Atom { d, addr, b, c, .. } => {
            push_addr(addr, &mut r);
            push_val(b, &mut r);
            if let Some(c) = c {
                push_val(c, &mut r);
            }
            w.extend(d.iter().copied());
        }
        Op::Bar { id } => push_val(id, &mut r),
        Op::Vote { d, a, mask, .. } => {
            push_val(a, &mut r);
            push_val(mask, &mut r);
            w.push(*d);
        }
        Op::Shfl {
            d,
            p,
            a,
            b,
            c,
            mask,
            ..
        } => {
            for v in [a, b, c, mask] {
                push_val(v, &mut r);
            }
            w.push(*d);
            w.extend(p.iter().copied());
        }
        Op::Activemask { d } => w.push(*d),
        Op::Bfe { d, a, pos, len, .. } => {
            for v in [a, pos, len] {
                push_val(v, &mut r);
            }
            w.push(*d);
        }
        Op::Bfi {
            d, a, b, pos, len, ..
        } => {
            for v in [a, b, pos, len] {
                push_val(v, &mut r);
            }
            w.push(*d);
        }
        Op::Prmt { d, a, b, c } | Op::Dot { d, a, b, c, .. } => {
            for v in [a, b, c] {
                push_val(v, &mut r);
            }
            w.push(*d);
        }
        Op::Copysign { d, a, b, .. } => {
            push_val(a, &mut r);
            push_val(b, &mut r);
            w.push(*d);
        }
        Op::Pack { d, parts, .. } => {
            for v in parts {
                push_val(v, &mut r);
            }
            w.push(*d);
        }
        Op::Unpack { d, a, .. } => {
            push_val(a, &mut r);
            w.extend(d.iter().copied());
        }
        Op::Bra { .. }
        | Op::Call { .. }
        | Op::Ret
        | Op::Exit
        | Op::Trap
        | Op::Nop
        | Op::Unsupported(_) => {}
    }
    (r, w)
}

/// (issue interval, result latency) of an instruction; loads get their latency from the
/// access at run time (`load_latency`).
pub fn cost(op: &Op) -> (u16, u16) {
    let wide = |bits: u8| bits == 64;
    match op {
        Op::Bin {
            op: BinOp::Div | BinOp::Rem,
            ty,
            ..
        } => {
            if ty.kind == crate::code::Kind::Float {
                if wide(ty.bits) { (16, 60) } else { (8, 39) }
            } else {
                (16, 60)
            }
        }
        Op::Bin { ty, .. } | Op::Fma { ty, .. } | Op::Mad { ty, .. } | Op::MulWide { ty, .. }
            if ty.kind == crate::code::Kind::Float && wide(ty.bits) =>
        {
            (4, 8)
        }
        Op::Bin {
            op: BinOp::MulHi,
            ty,
            ..
        }
        | Op::Mad { ty, .. }
        | Op::MulWide { ty, .. }
            if wide(ty.bits) =>
        {
            (4, 8)
        }
        Op::Un {
            op: UnOp::Sqrt | UnOp::Rcp | UnOp::Rsqrt | UnOp::Sin | UnOp::Cos | UnOp::Ex2 | UnOp::Lg2,
            ..
        } => (8, 20),
        Op::Cvt { dty, sty, .. } if wide(dty.bits) || wide(sty.bits) => (4, 8),
        Op::Vote { .. } | Op::Shfl { .. } => (2, 24),
        Op::Bra { .. } => (2, 0),
        Op::Call { .. } | Op::Ret => (4, 0),
        Op::St { .. } => (4, 0),
        Op::Atom { .. } => (4, ATOMIC_LATENCY as u16),
        _ => (2, 4),
    }
}

/// Latency of a load from `space` whose warp access took `transactions` sectors or wavefronts.
pub fn load_latency(space: crate::code::Space, transactions: u64) -> u64 {
    use crate::code::Space;
    let extra = transactions.saturating_sub(1) * PER_EXTRA_TRANSACTION;
    match space {
        Space::Global | Space::Generic => GLOBAL_LOAD_LATENCY + extra,
        Space::Shared => SHARED_LOAD_LATENCY + extra,
        Space::Local => LOCAL_LOAD_LATENCY,
        Space::Const => CONST_LOAD_LATENCY,
        Space::Param => PARAM_LOAD_LATENCY,
    }
}

/// One CTA's timing result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CtaTime {
    /// The latest warp clock at the end (the CTA's critical path).
    pub span: u64,
    /// Issue cycles summed over its warp instructions.
    pub issue: u64,
}

/// Kernel cycles: CTAs go to SMs round-robin in CTA order; an SM runs its CTAs in waves of
/// as many as fit (warps, CTA slots, shared memory); a wave lasts as long as its longest CTA,
/// and an SM is never faster than its schedulers can issue. The kernel takes the slowest SM
/// plus the launch overhead.
pub fn kernel_cycles(ctas: &[CtaTime], warps_per_cta: u64, shared_per_cta: u64) -> u64 {
    let by_warps = MAX_WARPS_PER_SM / warps_per_cta.max(1);
    let by_shared = SHARED_PER_SM
        .checked_div(shared_per_cta)
        .unwrap_or(MAX_CTAS_PER_SM);
    let resident = by_warps.min(by_shared).clamp(1, MAX_CTAS_PER_SM) as usize;
    let mut slowest = 0;
    for sm in 0..SMS as usize {
        let mine: Vec<CtaTime> = ctas
            .iter()
            .skip(sm)
            .step_by(SMS as usize)
            .copied()
            .collect();
        if mine.is_empty() {
            break;
        }
        let latency_bound: u64 = mine
            .chunks(resident)
            .map(|wave| wave.iter().map(|c| c.span).max().unwrap_or(0))
            .sum();
        let issue_bound = mine
            .iter()
            .map(|c| c.issue)
            .sum::<u64>()
            .div_ceil(SCHEDULERS_PER_SM);
        slowest = slowest.max(latency_bound.max(issue_bound));
    }
    LAUNCH_OVERHEAD + slowest
}
