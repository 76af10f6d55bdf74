//! Executing one CTA: warps of 32 lanes, round-robin scheduling, barriers, calls, and the
//! per-instruction semantics.
//!
//! Invariants: a warp's lanes that exist and have not exited are `live`; every path mask on
//! every frame's stack is a subset of `live`. Each warp runs until it blocks at a barrier,
//! finishes, or uses its quantum; a barrier releases when every unfinished warp waits at it
//! with all its live lanes. Lanes are visited in increasing lane order, so atomics and
//! shared-memory races resolve the same way on every run. Registers hold raw bits; readers
//! truncate and extend them to the instruction type. A warp's turn runs `Fast` instructions
//! in `burst`, with its frame fetched once, and everything else in `step`; both change
//! registers, counters, clocks, profile and paths identically, instruction by instruction, so
//! which one runs an instruction never shows in any result.

use crate::Fault;
use crate::code::{
    Addr, AtomOp, Base, BinOp, Cmp, F32Op, Fast, Func, Inst, IntOp, Kind, Op, Program, Round,
    ShflMode, Space, Src, Sreg, Ty, UnOp, Val, VoteMode,
};
use crate::memory::{
    CONST_WINDOW, GlobalPort, LOCAL_DEPTH_SHIFT, LOCAL_WINDOW, SHARED_WINDOW, WINDOW_SIZE,
    copy_small, set_small,
};
use crate::reconverge::{PathEntry, Reconvergence, Split};
use crate::stats::{BranchCounts, LaunchStats};
use crate::timing::{self, CtaTime};
use smallvec::SmallVec;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A CTA reports its executed warp instructions to the launch's counter once this many have
/// accumulated (and when it finishes): one atomic add per several warp turns.
const REPORT_EVERY: u64 = 4096;

/// Why a CTA stopped early.
#[derive(Debug)]
pub enum Stop {
    /// Undefined behaviour in this CTA, or the launch's budget ran out here.
    Fault(Fault),
    /// Another CTA exhausted the launch's budget; its fault is the launch's.
    Cancelled,
}

impl From<Fault> for Stop {
    fn from(f: Fault) -> Stop {
        Stop::Fault(f)
    }
}

/// The (address, bytes) each lane of one memory instruction accessed, in lane order.
type Touched = SmallVec<[(u64, usize); 32]>;

/// The launch geometry and limits every CTA shares.
pub struct LaunchShape<'a> {
    pub kernel: u32,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_shared: u32,
    pub params: &'a [u8],
    /// Warp instructions the whole launch may execute (`SimConfig::max_warp_insts`).
    pub budget: u64,
    /// Warp instructions the launch's CTAs have reported so far; each CTA adds its count in
    /// batches of at least `REPORT_EVERY` and when it finishes, so the total only ever counts
    /// executed instructions and exceeds `budget` exactly when the launch does.
    pub executed: AtomicU64,
    /// Set by the CTA that exhausts the budget: the others stop at their next warp turn.
    pub stop: AtomicBool,
    /// Local memory of one thread's call stack (`SimConfig::max_local_per_thread`).
    pub max_local: u64,
    pub quantum: u32,
    /// Whether the timing model runs (`SimConfig::cycle_model`).
    pub cycle_model: bool,
}

struct Frame {
    func: u32,
    regs: Vec<u64>,
    stack: Vec<PathEntry>,
    params: Vec<u8>,
    local: Vec<u8>,
    /// Which bytes of `local` were written: reading others is reported.
    local_written: Vec<bool>,
    /// The call instruction's return copies, applied to the caller when this frame ends.
    call_pc: u32,
    /// Cycle at which each register's latest value is ready (the scoreboard).
    ready: Vec<u64>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum WarpState {
    Ready,
    AtBarrier(u64),
    Done,
}

struct Warp {
    id: u32,
    live: u32,
    frames: Vec<Frame>,
    state: WarpState,
    /// The warp's clock in the timing model.
    time: u64,
}

enum Step {
    Continue,
    Blocked,
    Finished,
}

fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(l)
        }
    })
}

fn trunc(v: u64, bits: u8) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

fn sext(v: u64, bits: u8) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        let s = 64 - u32::from(bits);
        ((v << s) as i64) >> s
    }
}

/// Register bits read as `ty`: truncated, and sign-extended for signed types.
fn ext(v: u64, ty: Ty) -> u64 {
    if ty.kind == Kind::Signed {
        sext(v, ty.bits) as u64
    } else {
        trunc(v, ty.bits)
    }
}

/// `ext` for all 32 lanes into `out`, with the type's tests hoisted out of the lane loop
/// (filling the caller's row avoids copying a returned one).
fn ext_row(row: &[u64; 32], ty: Ty, out: &mut [u64; 32]) {
    if ty.bits == 0 || ty.bits > 64 {
        for (o, &v) in out.iter_mut().zip(row) {
            *o = ext(v, ty);
        }
        return;
    }
    let unused = 64 - u32::from(ty.bits);
    if ty.kind == Kind::Signed {
        for (o, &v) in out.iter_mut().zip(row) {
            *o = (((v << unused) as i64) >> unused) as u64;
        }
    } else {
        for (o, &v) in out.iter_mut().zip(row) {
            *o = (v << unused) >> unused;
        }
    }
}

fn f32_of(v: u64) -> f32 {
    f32::from_bits(v as u32)
}
fn f64_of(v: u64) -> f64 {
    f64::from_bits(v)
}

fn float_op(
    ty: Ty,
    a: u64,
    b: u64,
    f32op: impl Fn(f32, f32) -> f32,
    f64op: impl Fn(f64, f64) -> f64,
) -> u64 {
    if ty.bits == 32 {
        u64::from(f32op(f32_of(a), f32_of(b)).to_bits())
    } else {
        f64op(f64_of(a), f64_of(b)).to_bits()
    }
}

fn bin(op: BinOp, ty: Ty, a: u64, b: u64) -> Result<u64, String> {
    if ty.kind == Kind::Float {
        return Ok(match op {
            BinOp::Add => float_op(ty, a, b, |x, y| x + y, |x, y| x + y),
            BinOp::Sub => float_op(ty, a, b, |x, y| x - y, |x, y| x - y),
            BinOp::MulLo => float_op(ty, a, b, |x, y| x * y, |x, y| x * y),
            BinOp::Div => float_op(ty, a, b, |x, y| x / y, |x, y| x / y),
            BinOp::Min => float_op(ty, a, b, f32::min, f64::min),
            BinOp::Max => float_op(ty, a, b, f32::max, f64::max),
            _ => return Err(format!("{op:?} is not defined on floats")),
        });
    }
    let bits = ty.bits;
    let signed = ty.kind == Kind::Signed;
    let (a, b) = (ext(a, ty), ext(b, ty));
    let (sa, sb) = (a as i64, b as i64);
    Ok(match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::MulLo => a.wrapping_mul(b),
        BinOp::MulHi => {
            if signed {
                ((i128::from(sa) * i128::from(sb)) >> bits) as u64
            } else {
                ((u128::from(a) * u128::from(b)) >> bits) as u64
            }
        }
        BinOp::Div | BinOp::Rem => {
            if b == 0 || trunc(b, bits) == 0 {
                return Err("integer division by zero".into());
            }
            match (op, signed) {
                (BinOp::Div, true) => sa.wrapping_div(sb) as u64,
                (BinOp::Div, false) => a / b,
                (_, true) => sa.wrapping_rem(sb) as u64,
                _ => a % b,
            }
        }
        BinOp::Min => {
            if signed {
                sa.min(sb) as u64
            } else {
                a.min(b)
            }
        }
        BinOp::Max => {
            if signed {
                sa.max(sb) as u64
            } else {
                a.max(b)
            }
        }
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl | BinOp::Shr => {
            // The shift amount is an unsigned 32-bit value; amounts past the width clamp.
            let amount = trunc(b, 32).min(u64::from(bits)) as u32;
            match op {
                BinOp::Shl if amount >= u32::from(bits) => 0,
                BinOp::Shl => a << amount,
                _ if signed => (sa >> amount.min(63)) as u64,
                _ if amount >= 64 => 0,
                _ => a >> amount,
            }
        }
    })
}

/// `bin` for all 32 lanes; the common integer operations run as tight loops. Division and
/// remainder of integers are not handled here (their faults depend on the active lanes).
fn bin_row(
    op: BinOp,
    ty: Ty,
    a: &[u64; 32],
    b: &[u64; 32],
    out: &mut [u64; 32],
) -> Result<(), String> {
    macro_rules! lanewise {
        ($f:expr) => {{
            for l in 0..32 {
                out[l] = $f(a[l], b[l]);
            }
            return Ok(());
        }};
    }
    if ty.kind != Kind::Float && ty.kind != Kind::Signed {
        match op {
            BinOp::Add => lanewise!(|x: u64, y: u64| x.wrapping_add(y)),
            BinOp::Sub => lanewise!(|x: u64, y: u64| x.wrapping_sub(y)),
            BinOp::MulLo => lanewise!(|x: u64, y: u64| x.wrapping_mul(y)),
            BinOp::And => lanewise!(|x: u64, y: u64| x & y),
            BinOp::Or => lanewise!(|x: u64, y: u64| x | y),
            BinOp::Xor => lanewise!(|x: u64, y: u64| x ^ y),
            _ => {}
        }
    }
    if ty.kind == Kind::Signed {
        // Low bits of add/sub/mul do not depend on signedness; readers re-extend.
        match op {
            BinOp::Add => lanewise!(|x: u64, y: u64| x.wrapping_add(y)),
            BinOp::Sub => lanewise!(|x: u64, y: u64| x.wrapping_sub(y)),
            BinOp::MulLo => lanewise!(|x: u64, y: u64| x.wrapping_mul(y)),
            _ => {}
        }
    }
    if ty.kind == Kind::Float && ty.bits == 32 {
        match op {
            BinOp::Add => lanewise!(|x: u64, y: u64| u64::from((f32_of(x) + f32_of(y)).to_bits())),
            BinOp::Sub => lanewise!(|x: u64, y: u64| u64::from((f32_of(x) - f32_of(y)).to_bits())),
            BinOp::MulLo => {
                lanewise!(|x: u64, y: u64| u64::from((f32_of(x) * f32_of(y)).to_bits()))
            }
            _ => {}
        }
    }
    for l in 0..32 {
        out[l] = bin(op, ty, a[l], b[l])?;
    }
    Ok(())
}

fn un(op: UnOp, ty: Ty, a: u64) -> Result<u64, String> {
    if ty.kind == Kind::Float {
        let f = |g: fn(f32) -> f32, h: fn(f64) -> f64| {
            if ty.bits == 32 {
                u64::from(g(f32_of(a)).to_bits())
            } else {
                h(f64_of(a)).to_bits()
            }
        };
        return Ok(match op {
            UnOp::Neg => f(|x| -x, |x| -x),
            UnOp::Abs => f(f32::abs, f64::abs),
            UnOp::Sqrt => f(f32::sqrt, f64::sqrt),
            UnOp::Rcp => f(|x| 1.0 / x, |x| 1.0 / x),
            UnOp::Rsqrt => f(|x| 1.0 / x.sqrt(), |x| 1.0 / x.sqrt()),
            UnOp::Sin => f(f32::sin, f64::sin),
            UnOp::Cos => f(f32::cos, f64::cos),
            UnOp::Ex2 => f(f32::exp2, f64::exp2),
            UnOp::Lg2 => f(f32::log2, f64::log2),
            _ => return Err(format!("{op:?} is not defined on floats")),
        });
    }
    let bits = ty.bits;
    let v = ext(a, ty);
    Ok(match op {
        UnOp::Neg => v.wrapping_neg(),
        UnOp::Abs => (v as i64).wrapping_abs() as u64,
        UnOp::Not => !v,
        UnOp::Popc => u64::from(trunc(v, bits).count_ones()),
        UnOp::Clz => u64::from(trunc(v, bits).leading_zeros() - (64 - u32::from(bits))),
        UnOp::Brev => trunc(v, bits).reverse_bits() >> (64 - u32::from(bits)),
        UnOp::Cnot => u64::from(trunc(v, bits) == 0),
        _ => return Err(format!("{op:?} is not defined on integers")),
    })
}

fn compare(cmp: Cmp, ty: Ty, a: u64, b: u64) -> bool {
    if ty.kind == Kind::Float {
        let (x, y) = if ty.bits == 32 {
            (f64::from(f32_of(a)), f64::from(f32_of(b)))
        } else {
            (f64_of(a), f64_of(b))
        };
        let unordered = x.is_nan() || y.is_nan();
        return match cmp {
            Cmp::Eq => x == y,
            Cmp::Ne => !unordered && x != y,
            Cmp::Lt => x < y,
            Cmp::Le => x <= y,
            Cmp::Gt => x > y,
            Cmp::Ge => x >= y,
            Cmp::Equ => unordered || x == y,
            Cmp::Neu => unordered || x != y,
            Cmp::Ltu => unordered || x < y,
            Cmp::Leu => unordered || x <= y,
            Cmp::Gtu => unordered || x > y,
            Cmp::Geu => unordered || x >= y,
            Cmp::Num => !unordered,
            Cmp::Nan => unordered,
            Cmp::Lo | Cmp::Ls | Cmp::Hi | Cmp::Hs => false,
        };
    }
    let (ua, ub) = (trunc(a, ty.bits), trunc(b, ty.bits));
    let (sa, sb) = (sext(a, ty.bits), sext(b, ty.bits));
    let signed = ty.kind == Kind::Signed;
    match cmp {
        Cmp::Eq | Cmp::Equ => ua == ub,
        Cmp::Ne | Cmp::Neu => ua != ub,
        Cmp::Lt | Cmp::Ltu => {
            if signed {
                sa < sb
            } else {
                ua < ub
            }
        }
        Cmp::Le | Cmp::Leu => {
            if signed {
                sa <= sb
            } else {
                ua <= ub
            }
        }
        Cmp::Gt | Cmp::Gtu => {
            if signed {
                sa > sb
            } else {
                ua > ub
            }
        }
        Cmp::Ge | Cmp::Geu => {
            if signed {
                sa >= sb
            } else {
                ua >= ub
            }
        }
        Cmp::Lo => ua < ub,
        Cmp::Ls => ua <= ub,
        Cmp::Hi => ua > ub,
        Cmp::Hs => ua >= ub,
        Cmp::Num => true,
        Cmp::Nan => false,
    }
}

/// `compare` for all 32 lanes into `out`; integer comparisons run as tight loops on
/// pre-extended values.
fn compare_row(cmp: Cmp, ty: Ty, a: &[u64; 32], b: &[u64; 32], out: &mut [u64; 32]) {
    if ty.kind == Kind::Float {
        for l in 0..32 {
            out[l] = u64::from(compare(cmp, ty, a[l], b[l]));
        }
        return;
    }
    let signed = ty.kind == Kind::Signed && !matches!(cmp, Cmp::Lo | Cmp::Ls | Cmp::Hi | Cmp::Hs);
    // 32-bit keys are the common case: narrower lanes compare faster.
    if ty.bits == 32 {
        return if signed {
            let x: [i32; 32] = std::array::from_fn(|l| a[l] as u32 as i32);
            let y: [i32; 32] = std::array::from_fn(|l| b[l] as u32 as i32);
            compare_keys(cmp, &x, &y, out)
        } else {
            let x: [u32; 32] = std::array::from_fn(|l| a[l] as u32);
            let y: [u32; 32] = std::array::from_fn(|l| b[l] as u32);
            compare_keys(cmp, &x, &y, out)
        };
    }
    if signed {
        let x: [i64; 32] = std::array::from_fn(|l| sext(a[l], ty.bits));
        let y: [i64; 32] = std::array::from_fn(|l| sext(b[l], ty.bits));
        compare_keys(cmp, &x, &y, out)
    } else {
        let x: [u64; 32] = std::array::from_fn(|l| trunc(a[l], ty.bits));
        let y: [u64; 32] = std::array::from_fn(|l| trunc(b[l], ty.bits));
        compare_keys(cmp, &x, &y, out)
    }
}

#[inline(always)]
fn compare_keys<T: Ord + Copy>(cmp: Cmp, x: &[T; 32], y: &[T; 32], out: &mut [u64; 32]) {
    macro_rules! lanewise {
        ($op:tt) => {
            for l in 0..32 {
                out[l] = u64::from(x[l] $op y[l]);
            }
        };
    }
    match cmp {
        Cmp::Eq | Cmp::Equ => lanewise!(==),
        Cmp::Ne | Cmp::Neu => lanewise!(!=),
        Cmp::Lt | Cmp::Ltu | Cmp::Lo => lanewise!(<),
        Cmp::Le | Cmp::Leu | Cmp::Ls => lanewise!(<=),
        Cmp::Gt | Cmp::Gtu | Cmp::Hi => lanewise!(>),
        Cmp::Ge | Cmp::Geu | Cmp::Hs => lanewise!(>=),
        Cmp::Num => out.fill(1),
        Cmp::Nan => out.fill(0),
    }
}

/// Register `r`'s 32 lanes in a frame's register file.
#[inline(always)]
fn reg_row(regs: &[u64], r: u32) -> &[u64; 32] {
    regs[r as usize * 32..r as usize * 32 + 32]
        .try_into()
        .expect("32 lanes")
}

/// The distinct `UNIT`-byte blocks that the accesses `addrs` touch, in increasing order, in
/// `keys` when they fit (one block per access: aligned accesses within a block) and in a
/// new vector otherwise.
fn blocks<'k, const UNIT: u64>(addrs: &[(u64, usize)], keys: &'k mut [u64; 64]) -> BlockList<'k> {
    // One pass: keys of accesses within one block each, without adjacent repeats; lanes
    // mostly access increasing addresses, and then the keys are already distinct and sorted.
    let mut len = 0;
    let mut sorted = true;
    let mut one_each = addrs.len() <= keys.len();
    if one_each {
        for &(a, n) in addrs {
            if n == 0 || a % UNIT + n as u64 > UNIT {
                one_each = false;
                break;
            }
            let k = a / UNIT;
            if len > 0 && k <= keys[len - 1] {
                if k == keys[len - 1] {
                    continue;
                }
                sorted = false;
            }
            keys[len] = k;
            len += 1;
        }
    }
    if !one_each {
        let mut all: Vec<u64> = addrs
            .iter()
            .flat_map(|&(a, n)| (a / UNIT)..=((a + n as u64 - 1) / UNIT))
            .collect();
        all.sort_unstable();
        all.dedup();
        return BlockList::Many(all);
    }
    let keys = &mut keys[..len];
    if sorted {
        return BlockList::Few(keys);
    }
    keys.sort_unstable();
    let mut distinct = 0;
    for i in 0..keys.len() {
        if distinct == 0 || keys[i] != keys[distinct - 1] {
            keys[distinct] = keys[i];
            distinct += 1;
        }
    }
    BlockList::Few(&keys[..distinct])
}

enum BlockList<'k> {
    Few(&'k [u64]),
    Many(Vec<u64>),
}

impl BlockList<'_> {
    fn len(&self) -> usize {
        self.iter().len()
    }

    fn iter(&self) -> std::slice::Iter<'_, u64> {
        match self {
            BlockList::Few(k) => k.iter(),
            BlockList::Many(v) => v.iter(),
        }
    }
}

/// The first `size` bytes of `bytes` (at most 8) as a little-endian word, zero-extended;
/// the common sizes read exactly their bytes, so the read forwards from the store that
/// filled them.
#[inline(always)]
fn le_word(bytes: &[u8], size: usize) -> u64 {
    match size {
        4 => u64::from(u32::from_le_bytes(bytes[..4].try_into().expect("4 bytes"))),
        8 => u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes")),
        _ => {
            let mut word = [0u8; 8];
            let n = size.min(8);
            word[..n].copy_from_slice(&bytes[..n]);
            u64::from_le_bytes(word)
        }
    }
}

/// Lanes per chunk of the fast path: each chunk loads its operands before it stores its
/// result, so a destination that is also a source is read before it is overwritten, and
/// the chunk is small enough to stay in vector registers.
const CHUNK: usize = 8;

/// Chunks per register row.
const ROW_CHUNKS: usize = 32 / CHUNK;

#[inline(always)]
fn load_chunk(regs: &[[u64; CHUNK]], s: Src, c: usize) -> [u64; CHUNK] {
    match s {
        Src::Reg(r) => regs[r as usize * ROW_CHUNKS + c],
        Src::Imm(i) => [i; CHUNK],
    }
}

/// Writes chunk `c` of results into register `d` for the lanes in `exec` only.
#[inline(always)]
fn store_chunk(regs: &mut [[u64; CHUNK]], d: u32, c: usize, vals: [u64; CHUNK], exec: u32) {
    let dst = &mut regs[d as usize * ROW_CHUNKS + c];
    if exec == u32::MAX {
        *dst = vals;
    } else {
        // A branch-free blend vectorizes; the per-lane test does not.
        for i in 0..CHUNK {
            let keep = u64::from(exec >> (c * CHUNK + i) & 1).wrapping_sub(1);
            dst[i] = (dst[i] & keep) | (vals[i] & !keep);
        }
    }
}

/// `d = f(a, b)` lane by lane, in place in the register file.
#[inline(always)]
fn map2(regs: &mut [u64], d: u32, a: Src, b: Src, exec: u32, f: impl Fn(u64, u64) -> u64) {
    let regs = regs.as_chunks_mut::<CHUNK>().0;
    for c in 0..ROW_CHUNKS {
        let (x, y) = (load_chunk(regs, a, c), load_chunk(regs, b, c));
        store_chunk(regs, d, c, std::array::from_fn(|i| f(x[i], y[i])), exec);
    }
}

/// `d = f(a, b, c)` lane by lane, in place in the register file.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn map3(
    regs: &mut [u64],
    d: u32,
    a: Src,
    b: Src,
    c: Src,
    exec: u32,
    f: impl Fn(u64, u64, u64) -> u64,
) {
    let regs = regs.as_chunks_mut::<CHUNK>().0;
    for k in 0..ROW_CHUNKS {
        let (x, y, z) = (
            load_chunk(regs, a, k),
            load_chunk(regs, b, k),
            load_chunk(regs, c, k),
        );
        store_chunk(
            regs,
            d,
            k,
            std::array::from_fn(|i| f(x[i], y[i], z[i])),
            exec,
        );
    }
}

/// `setp` on the fast path: the same keys as `compare_row`, compared in place.
#[inline(always)]
fn fast_setp(regs: &mut [u64], cmp: Cmp, ty: Ty, d: u32, a: Src, b: Src, exec: u32) {
    macro_rules! by_cmp {
        ($key:expr) => {{
            let key = $key;
            match cmp {
                Cmp::Eq | Cmp::Equ => map2(regs, d, a, b, exec, |x, y| u64::from(key(x) == key(y))),
                Cmp::Ne | Cmp::Neu => map2(regs, d, a, b, exec, |x, y| u64::from(key(x) != key(y))),
                Cmp::Lt | Cmp::Ltu | Cmp::Lo => {
                    map2(regs, d, a, b, exec, |x, y| u64::from(key(x) < key(y)))
                }
                Cmp::Le | Cmp::Leu | Cmp::Ls => {
                    map2(regs, d, a, b, exec, |x, y| u64::from(key(x) <= key(y)))
                }
                Cmp::Gt | Cmp::Gtu | Cmp::Hi => {
                    map2(regs, d, a, b, exec, |x, y| u64::from(key(x) > key(y)))
                }
                Cmp::Ge | Cmp::Geu | Cmp::Hs => {
                    map2(regs, d, a, b, exec, |x, y| u64::from(key(x) >= key(y)))
                }
                Cmp::Num => map2(regs, d, a, b, exec, |_, _| 1),
                Cmp::Nan => map2(regs, d, a, b, exec, |_, _| 0),
            }
        }};
    }
    if ty.kind == Kind::Float {
        return map2(regs, d, a, b, exec, |x, y| {
            u64::from(compare(cmp, ty, x, y))
        });
    }
    let signed = ty.kind == Kind::Signed && !matches!(cmp, Cmp::Lo | Cmp::Ls | Cmp::Hi | Cmp::Hs);
    let bits = ty.bits;
    match (bits, signed) {
        (32, true) => by_cmp!(|v: u64| v as u32 as i32),
        (32, false) => by_cmp!(|v: u64| v as u32),
        (_, true) => by_cmp!(|v: u64| sext(v, bits)),
        (_, false) => by_cmp!(|v: u64| trunc(v, bits)),
    }
}

/// Runs a fast-path ALU instruction (not `Fast::Bra`/`Fast::Slow`) for the lanes in `exec`.
#[inline(always)]
fn fast_alu(fast: Fast, regs: &mut [u64], exec: u32) {
    let f32_bits = |v: f32| u64::from(v.to_bits());
    match fast {
        Fast::Mov { d, a } => map2(regs, d, a, a, exec, |x, _| x),
        Fast::Int { op, d, a, b } => match op {
            IntOp::Add => map2(regs, d, a, b, exec, u64::wrapping_add),
            IntOp::Sub => map2(regs, d, a, b, exec, u64::wrapping_sub),
            IntOp::Mul => map2(regs, d, a, b, exec, u64::wrapping_mul),
            IntOp::And => map2(regs, d, a, b, exec, |x, y| x & y),
            IntOp::Or => map2(regs, d, a, b, exec, |x, y| x | y),
            IntOp::Xor => map2(regs, d, a, b, exec, |x, y| x ^ y),
        },
        Fast::F32 { op, d, a, b } => match op {
            F32Op::Add => map2(regs, d, a, b, exec, |x, y| f32_bits(f32_of(x) + f32_of(y))),
            F32Op::Sub => map2(regs, d, a, b, exec, |x, y| f32_bits(f32_of(x) - f32_of(y))),
            F32Op::Mul => map2(regs, d, a, b, exec, |x, y| f32_bits(f32_of(x) * f32_of(y))),
        },
        Fast::MadLo { ty, d, a, b, c } => {
            // The low product's bits do not depend on extension; readers re-extend.
            if ty.bits == 0 || ty.bits > 64 {
                map3(regs, d, a, b, c, exec, |x, y, z| {
                    x.wrapping_mul(y).wrapping_add(ext(z, ty))
                })
            } else if ty.kind == Kind::Signed {
                let unused = 64 - u32::from(ty.bits);
                map3(regs, d, a, b, c, exec, |x, y, z| {
                    x.wrapping_mul(y)
                        .wrapping_add((((z << unused) as i64) >> unused) as u64)
                })
            } else {
                let unused = 64 - u32::from(ty.bits);
                map3(regs, d, a, b, c, exec, |x, y, z| {
                    x.wrapping_mul(y).wrapping_add((z << unused) >> unused)
                })
            }
        }
        Fast::Fma32 { d, a, b, c } => map3(regs, d, a, b, c, exec, |x, y, z| {
            f32_bits(f32_of(x).mul_add(f32_of(y), f32_of(z)))
        }),
        Fast::Setp { cmp, ty, d, a, b } => fast_setp(regs, cmp, ty, d, a, b, exec),
        Fast::Selp { d, a, b, p } => map3(
            regs,
            d,
            a,
            b,
            p,
            exec,
            |x, y, q| if q & 1 != 0 { x } else { y },
        ),
        Fast::Bra { .. } | Fast::Slow => unreachable!("not an ALU instruction"),
    }
}

/// The guard's lanes: bit 0 of each lane of predicate register `p`, negated if asked.
#[inline(always)]
fn guard_mask(regs: &[u64], guard: Option<(u32, bool)>, active: u32) -> u32 {
    match guard {
        None => active,
        Some((p, neg)) => {
            let row = reg_row(regs, p);
            let mut m = 0u32;
            for (l, v) in row.iter().enumerate() {
                m |= ((v & 1) as u32) << l;
            }
            if neg { active & !m } else { active & m }
        }
    }
}

/// `bfe`: bits `pos..pos+len` of `a`; signed types replicate the field's top bit.
fn bfe(ty: Ty, a: u64, pos: u64, len: u64) -> u64 {
    let msb = u64::from(ty.bits) - 1;
    let (pos, len) = (pos & 0xff, len & 0xff);
    let a = trunc(a, ty.bits);
    let sbit = if ty.kind == Kind::Signed && len > 0 {
        (a >> (pos + len - 1).min(msb)) & 1
    } else {
        0
    };
    let mut d = 0u64;
    for i in 0..=msb {
        let bit = if i < len && pos + i <= msb {
            (a >> (pos + i)) & 1
        } else {
            sbit
        };
        d |= bit << i;
    }
    d
}

fn round_float(x: f64, round: Round) -> f64 {
    match round {
        Round::Nearest | Round::Default => x.round_ties_even(),
        Round::Zero => x.trunc(),
        Round::Down => x.floor(),
        Round::Up => x.ceil(),
    }
}

/// The value of register bits `a` read as integer type `ty` (chopped to its width, then
/// sign- or zero-extended), exactly: i128 holds every s64 and u64 value.
fn int_value(a: u64, ty: Ty) -> i128 {
    if ty.kind == Kind::Signed {
        i128::from(sext(a, ty.bits))
    } else {
        i128::from(trunc(a, ty.bits))
    }
}

/// The range of integer type `ty`: MININT..=MAXINT of its width and signedness.
fn int_range(ty: Ty) -> (i128, i128) {
    let bits = u32::from(ty.bits.clamp(1, 64));
    if ty.kind == Kind::Signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    }
}

/// An integer result of type `dty` as register bits. The PTX ISA ("Operand Size Exceeding
/// Instruction-Type Size") extends a result to the destination register's width: sign
/// extension for a signed type, zero extension otherwise. Registers hold 64 bits and every
/// reader chops to its own type, so extending to 64 bits is right for any register width.
fn int_result(v: i128, dty: Ty) -> u64 {
    ext(v as u64, dty)
}

/// `x` rounded to an f32 in direction `round` (`as` rounds to nearest even; the directed
/// modes step one ulp from it when it lies on the wrong side of `x`).
fn f32_rounded(x: f64, round: Round) -> f32 {
    let n = x as f32;
    if x.is_nan() || f64::from(n) == x {
        return n;
    }
    match directed_step(round, f64::from(n) > x, x > 0.0) {
        Some(UlpStep::Down) => n.next_down(),
        Some(UlpStep::Up) => n.next_up(),
        None => n,
    }
}

enum UlpStep {
    Down,
    Up,
}

/// The one-ulp step a directed rounding takes from the nearest-even result, which lies
/// `above` the exact value or below it; `positive` is the exact value's sign. `None` keeps it.
fn directed_step(round: Round, above: bool, positive: bool) -> Option<UlpStep> {
    match round {
        Round::Zero if above == positive => Some(if above { UlpStep::Down } else { UlpStep::Up }),
        Round::Down if above => Some(UlpStep::Down),
        Round::Up if !above => Some(UlpStep::Up),
        _ => None,
    }
}

/// Integer `v` (any s64/u64 value) rounded to an f64 in direction `round`.
fn f64_of_int(v: i128, round: Round) -> f64 {
    let n = v as f64;
    // `n` is at most 2^64 in magnitude, so it converts back to i128 exactly.
    let back = n as i128;
    if back == v {
        return n;
    }
    match directed_step(round, back > v, v > 0) {
        Some(UlpStep::Down) => n.next_down(),
        Some(UlpStep::Up) => n.next_up(),
        None => n,
    }
}

/// Integer `v` rounded to an f32 in direction `round`. Below 2^53 the f64 is exact and one
/// rounding follows; above, rounding through an f64 would round twice, so the 24 leading bits
/// are kept and rounded on the integer itself.
fn f32_of_int(v: i128, round: Round) -> f32 {
    // Exact in f64 (|v| < 2^53): one rounding step.
    if v.unsigned_abs() < 1 << 53 {
        return f32_rounded(v as f64, round);
    }
    // Otherwise round on the integer directly: keep the 24 leading bits.
    let neg = v < 0;
    let m = v.unsigned_abs();
    let shift = 128 - m.leading_zeros() - 24;
    let q = m >> shift;
    let rem = m & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    let up = match round {
        Round::Nearest | Round::Default => rem > half || (rem == half && q & 1 == 1),
        Round::Zero => false,
        Round::Down => neg && rem != 0,
        Round::Up => !neg && rem != 0,
    };
    let q = q + u128::from(up);
    let mag = (q as f64) * 2f64.powi(shift as i32);
    (if neg { -mag } else { mag }) as f32
}

/// `dp4a` (`pair: None`) or `dp2a` (`pair: Some(hi)`) of one lane, per the PTX ISA: the
/// elements of `a` (four bytes, or two 16-bit halves) times bytes of `b` (all four, or the low
/// or high pair), each element sign- or zero-extended by its operand's type, summed into `c`
/// modulo 2^32; the result is kept sign-extended when either type is signed.
fn dot(a_signed: bool, b_signed: bool, pair: Option<bool>, a: u64, b: u64, c: u64) -> u64 {
    let elem = |v: u64, i: u32, bits: u32, signed: bool| -> i64 {
        let raw = (v >> (i * bits)) & ((1 << bits) - 1);
        if signed && raw >> (bits - 1) != 0 {
            raw as i64 - (1i64 << bits)
        } else {
            raw as i64
        }
    };
    let mut sum = c as u32;
    match pair {
        None => {
            for i in 0..4 {
                let p = elem(a, i, 8, a_signed) * elem(b, i, 8, b_signed);
                sum = sum.wrapping_add(p as u32);
            }
        }
        Some(hi) => {
            let base = if hi { 2 } else { 0 };
            for i in 0..2 {
                let p = elem(a, i, 16, a_signed) * elem(b, base + i, 8, b_signed);
                sum = sum.wrapping_add(p as u32);
            }
        }
    }
    if a_signed || b_signed {
        i64::from(sum as i32) as u64
    } else {
        u64::from(sum)
    }
}

/// `cvt` (PTX ISA, "cvt"), for every pair of integer and f32/f64 types:
/// - integer to integer: the source is read as `sty`; `.sat` clamps it to `dty`'s
///   MININT..MAXINT, otherwise it is chopped to `dty`'s width; the result is extended to the
///   register as `dty` says (see `int_result`);
/// - float to integer: rounded as asked, NaN gives 0, and the result is always clamped to
///   `dty`'s range (`.sat` is redundant there), then extended the same way;
/// - integer to float and float to float: rounded to the destination in the asked direction;
///   `.rni`-style rounding of a float to the same width rounds to an integral value; `.sat`
///   clamps a float result to [0, 1] (NaN gives 0).
fn cvt(dty: Ty, sty: Ty, round: Round, sat: bool, a: u64) -> u64 {
    match (dty.kind == Kind::Float, sty.kind == Kind::Float) {
        (false, false) => {
            let v = int_value(a, sty);
            let v = if sat {
                let (lo, hi) = int_range(dty);
                v.clamp(lo, hi)
            } else {
                v
            };
            int_result(v, dty)
        }
        (true, false) => {
            let v = int_value(a, sty);
            let x = if dty.bits == 32 {
                f64::from(f32_of_int(v, round))
            } else {
                f64_of_int(v, round)
            };
            float_result(dty, sat, x)
        }
        (false, true) => {
            let x = if sty.bits == 32 {
                f64::from(f32_of(a))
            } else {
                f64_of(a)
            };
            let r = round_float(
                x,
                if round == Round::Default {
                    Round::Zero
                } else {
                    round
                },
            );
            if r.is_nan() {
                return 0;
            }
            let (lo, hi) = int_range(dty);
            // Every f64 beyond the i128 range saturates in `as`, then in the clamp.
            int_result((r as i128).clamp(lo, hi), dty)
        }
        (true, true) => {
            let x = if sty.bits == 32 {
                f64::from(f32_of(a))
            } else {
                f64_of(a)
            };
            let x = if round != Round::Default && sty.bits == dty.bits {
                round_float(x, round)
            } else {
                x
            };
            if dty.bits == 32 && sty.bits == 64 {
                // Narrowing rounds in the asked direction (nearest by default).
                let n = f64::from(f32_rounded(x, round));
                return float_result(dty, sat, n);
            }
            float_result(dty, sat, x)
        }
    }
}

/// A float result of `cvt` as register bits; `x` is already representable in `dty`.
fn float_result(dty: Ty, sat: bool, x: f64) -> u64 {
    let x = if sat {
        if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) }
    } else {
        x
    };
    if dty.bits == 32 {
        u64::from((x as f32).to_bits())
    } else {
        x.to_bits()
    }
}

/// The innermost loop of `func` around instruction `pc`: (header, backward branch), the
/// shortest span `target..=branch` of a `bra` that jumps back to or before `pc` from at or
/// after it.
fn innermost_loop(func: &Func, pc: u32) -> Option<(u32, u32)> {
    func.insts
        .iter()
        .enumerate()
        .filter_map(|(b, inst)| match inst.op {
            Op::Bra { target, .. } if target <= pc && pc <= b as u32 => Some((target, b as u32)),
            _ => None,
        })
        .min_by_key(|&(head, back)| back - head)
}

/// A CTA's state and everything its instructions touch.
pub struct Cta<'a, G: GlobalPort, R: Reconvergence> {
    prog: &'a Program,
    shape: &'a LaunchShape<'a>,
    model: &'a R,
    ctaid: [u32; 3],
    shared: Vec<u8>,
    /// Which bytes of `shared` were written: reading others is reported.
    shared_written: Vec<bool>,
    warps: Vec<Warp>,
    pub global: G,
    pub stats: LaunchStats,
    pub time: CtaTime,
    /// The latency of the load the current instruction made, if any.
    load_latency: Option<u64>,
    /// Conditional-branch counts per function and instruction (allocated on first use).
    pub profile: Vec<Vec<BranchCounts>>,
    /// The last active mask counted and its lane count: masks change rarely, so most
    /// instructions skip the population count (slow without a `popcnt` instruction).
    counted_mask: u32,
    counted_lanes: u64,
    /// How much of `stats.inst_executed` was added to `LaunchShape::executed`.
    reported: u64,
}

impl<'a, G: GlobalPort, R: Reconvergence> Cta<'a, G, R> {
    pub fn new(
        prog: &'a Program,
        shape: &'a LaunchShape<'a>,
        model: &'a R,
        ctaid: [u32; 3],
        global: G,
    ) -> Self {
        let threads = shape.block.iter().map(|&d| d as usize).product::<usize>();
        let kernel = &prog.funcs[shape.kernel as usize];
        let warps = (0..threads.div_ceil(32))
            .map(|w| {
                let count = (threads - w * 32).min(32);
                let live = if count == 32 {
                    u32::MAX
                } else {
                    (1u32 << count) - 1
                };
                let pb = kernel.param_bytes as usize;
                let mut params = vec![0u8; pb * 32];
                for lane in 0..32 {
                    params[lane * pb..lane * pb + shape.params.len().min(pb)]
                        .copy_from_slice(&shape.params[..shape.params.len().min(pb)]);
                }
                Warp {
                    id: w as u32,
                    live,
                    frames: vec![Frame {
                        func: shape.kernel,
                        regs: vec![0; kernel.num_regs as usize * 32],
                        stack: vec![PathEntry {
                            pc: 0,
                            mask: live,
                            rpc: crate::reconverge::NO_RECONVERGENCE,
                        }],
                        params,
                        local: vec![0; kernel.local_bytes as usize * 32],
                        local_written: vec![false; kernel.local_bytes as usize * 32],
                        call_pc: 0,
                        ready: vec![0; kernel.num_regs as usize],
                    }],
                    state: WarpState::Ready,
                    time: 0,
                }
            })
            .collect();
        let shared = vec![0u8; prog.dynamic_shared_at as usize + shape.dynamic_shared as usize];
        let shared_written = vec![false; shared.len()];
        Cta {
            prog,
            shape,
            model,
            ctaid,
            shared,
            shared_written,
            warps,
            global,
            stats: LaunchStats::default(),
            profile: vec![Vec::new(); prog.funcs.len()],
            time: CtaTime::default(),
            load_latency: None,
            counted_mask: 0,
            counted_lanes: 0,
            reported: 0,
        }
    }

    fn fault(&self, w: usize, lane: Option<u32>, message: String) -> Fault {
        let warp = &self.warps[w];
        let (name, line) = match warp.frames.last() {
            Some(f) => {
                let func = &self.prog.funcs[f.func as usize];
                let pc = f.stack.last().map_or(0, |e| e.pc) as usize;
                (
                    func.name.clone(),
                    func.line_of.get(pc).copied().unwrap_or(0),
                )
            }
            None => (self.prog.funcs[self.shape.kernel as usize].name.clone(), 0),
        };
        Fault {
            kernel: name,
            ptx_line: line,
            cta: self.ctaid,
            warp: warp.id,
            lane,
            message,
        }
    }

    /// Runs the CTA to completion, or until it faults or another CTA exhausts the launch's
    /// budget.
    pub fn run(&mut self) -> Result<(), Stop> {
        loop {
            let mut all_done = true;
            for w in 0..self.warps.len() {
                if self.warps[w].state == WarpState::Ready {
                    // Every instruction, fast or general, counts once against the quantum.
                    let mut left = self.shape.quantum;
                    while left > 0 {
                        left -= self.burst(w, left);
                        if left == 0 {
                            break;
                        }
                        left -= 1;
                        match self.step(w)? {
                            Step::Continue => {}
                            Step::Blocked | Step::Finished => break,
                        }
                    }
                    self.report(w, false)?;
                }
                all_done &= self.warps[w].state == WarpState::Done;
            }
            if all_done {
                self.report(self.warps.len().saturating_sub(1), true)?;
                self.time.span = self.warps.iter().map(|w| w.time).max().unwrap_or(0);
                return Ok(());
            }
            if self.warps.iter().any(|w| w.state == WarpState::Ready) {
                continue;
            }
            // Every unfinished warp waits at a barrier: they must wait at the same one.
            let mut ids = self.warps.iter().filter_map(|w| match w.state {
                WarpState::AtBarrier(id) => Some(id),
                _ => None,
            });
            let first = ids.next().expect("an unfinished warp waits");
            if let Some(other) = ids.find(|&id| id != first) {
                let w = self
                    .warps
                    .iter()
                    .position(|w| w.state == WarpState::AtBarrier(other))
                    .unwrap_or(0);
                return Err(Stop::Fault(self.fault(
                    w,
                    None,
                    format!("warps wait at different barriers ({first} and {other}): deadlock"),
                )));
            }
            self.stats.barriers += 1;
            let release = self
                .warps
                .iter()
                .filter(|w| w.state != WarpState::Done)
                .map(|w| w.time)
                .max()
                .unwrap_or(0)
                + timing::BARRIER_LATENCY;
            for w in &mut self.warps {
                if w.state != WarpState::Done {
                    w.state = WarpState::Ready;
                    w.time = release;
                }
            }
        }
    }

    /// Adds this CTA's new warp instructions to the launch's count (in batches, and always
    /// when `done`), faults at warp `w` if that exhausts the budget, and stops if another CTA
    /// did. Only executed instructions are counted, so a launch within its budget never
    /// faults here, whatever the interleaving of its CTAs.
    fn report(&mut self, w: usize, done: bool) -> Result<(), Stop> {
        let delta = self.stats.inst_executed - self.reported;
        if delta >= REPORT_EVERY || (done && delta > 0) {
            self.reported = self.stats.inst_executed;
            let total = self.shape.executed.fetch_add(delta, Ordering::Relaxed) + delta;
            if total > self.shape.budget {
                self.shape.stop.store(true, Ordering::Relaxed);
                let mut fault = self.budget_fault(w);
                if done {
                    fault.message += "; it ran out as this CTA finished";
                }
                return Err(Stop::Fault(fault));
            }
        }
        if self.shape.stop.load(Ordering::Relaxed) {
            return Err(Stop::Cancelled);
        }
        Ok(())
    }

    /// The fault for an exhausted budget at warp `w`: its current instruction, and the
    /// innermost loop around it (in the innermost frame that is in one), with the loop's
    /// `.loc` source line when the PTX has one.
    fn budget_fault(&self, w: usize) -> Fault {
        let mut message = format!(
            "the launch's budget of {} warp instructions is exhausted (a hang?; raise it with \
             SimConfig::max_warp_insts or lockstep-run --max-warp-insts=N)",
            self.shape.budget
        );
        for frame in self.warps[w].frames.iter().rev() {
            let func = &self.prog.funcs[frame.func as usize];
            let Some(pc) = frame.stack.last().map(|e| e.pc) else {
                continue;
            };
            let Some((head, back)) = innermost_loop(func, pc) else {
                continue;
            };
            let line = |pc: u32| func.line_of.get(pc as usize).copied().unwrap_or(0);
            message += &format!(
                "; the warp is in the loop at PTX lines {}-{} of {}",
                line(head),
                line(back),
                func.name
            );
            let loc = [head, back]
                .iter()
                .find_map(|&pc| func.locs.get(pc as usize).copied().flatten());
            if let Some((file, src_line, _)) = loc {
                let name = self
                    .prog
                    .files
                    .iter()
                    .find(|(i, _)| *i == file)
                    .map_or("?", |(_, n)| n.as_str());
                message += &format!(" (source {name}:{src_line})");
            }
            break;
        }
        self.fault(w, None, message)
    }

    fn sreg(&self, w: usize, lane: usize, s: Sreg, active: u32) -> u64 {
        let b = self.shape.block;
        let linear = self.warps[w].id as usize * 32 + lane;
        let tid = [
            linear % b[0] as usize,
            (linear / b[0] as usize) % b[1] as usize,
            linear / (b[0] as usize * b[1] as usize),
        ];
        let lane_bit = 1u64 << lane;
        let _ = active;
        match s {
            Sreg::Tid(d) => tid[d as usize % 3] as u64,
            Sreg::Ntid(d) => u64::from(b[d as usize % 3]),
            Sreg::Ctaid(d) => u64::from(self.ctaid[d as usize % 3]),
            Sreg::Nctaid(d) => u64::from(self.shape.grid[d as usize % 3]),
            Sreg::LaneId => lane as u64,
            Sreg::WarpId => u64::from(self.warps[w].id),
            Sreg::NWarpId => self.warps.len() as u64,
            Sreg::SmId => 0,
            Sreg::Clock | Sreg::Clock64 => self.stats.inst_executed,
            Sreg::LaneMaskEq => lane_bit,
            Sreg::LaneMaskLt => lane_bit - 1,
            Sreg::LaneMaskLe => (lane_bit << 1) - 1,
            Sreg::LaneMaskGt => trunc(!((lane_bit << 1) - 1), 32),
            Sreg::LaneMaskGe => trunc(!(lane_bit - 1), 32),
        }
    }

    fn val(&self, w: usize, lane: usize, v: Val) -> u64 {
        match v {
            Val::Reg(r) => self.warps[w]
                .frames
                .last()
                .map_or(0, |f| f.regs[r as usize * 32 + lane]),
            Val::Imm(i) => i,
            Val::Sreg(s) => self.sreg(w, lane, s, 0),
        }
    }

    fn set(&mut self, w: usize, lane: usize, r: u32, v: u64) {
        if let Some(f) = self.warps[w].frames.last_mut() {
            f.regs[r as usize * 32 + lane] = v;
        }
    }

    /// The value of `v` in every lane (inactive lanes too: their results are discarded).
    #[inline]
    fn row(&self, w: usize, v: Val) -> [u64; 32] {
        match v {
            Val::Reg(r) => {
                let regs = &self.warps[w].frames.last().expect("executing frame").regs;
                regs[r as usize * 32..r as usize * 32 + 32]
                    .try_into()
                    .expect("32 lanes")
            }
            Val::Imm(i) => [i; 32],
            Val::Sreg(s) => std::array::from_fn(|l| self.sreg(w, l, s, 0)),
        }
    }

    /// Like `row`, but borrows register rows in place; `scratch` holds other values.
    #[inline(always)]
    fn row_ref<'s>(&'s self, w: usize, v: Val, scratch: &'s mut [u64; 32]) -> &'s [u64; 32] {
        match v {
            Val::Reg(r) => {
                let regs = &self.warps[w].frames.last().expect("executing frame").regs;
                regs[r as usize * 32..r as usize * 32 + 32]
                    .try_into()
                    .expect("32 lanes")
            }
            Val::Imm(i) => {
                scratch.fill(i);
                scratch
            }
            Val::Sreg(s) => {
                for (l, slot) in scratch.iter_mut().enumerate() {
                    *slot = self.sreg(w, l, s, 0);
                }
                scratch
            }
        }
    }

    /// Writes `vals` into register `d` for the lanes in `exec` only.
    #[inline(always)]
    fn write_row(&mut self, w: usize, d: u32, vals: &[u64; 32], exec: u32) {
        let regs = &mut self.warps[w]
            .frames
            .last_mut()
            .expect("executing frame")
            .regs;
        let dst = &mut regs[d as usize * 32..d as usize * 32 + 32];
        if exec == u32::MAX {
            dst.copy_from_slice(vals);
        } else {
            // A branch-free blend vectorizes; the per-lane test does not.
            for (l, (slot, &v)) in dst.iter_mut().zip(vals).enumerate() {
                let keep = u64::from(exec >> l & 1).wrapping_sub(1);
                *slot = (*slot & keep) | (v & !keep);
            }
        }
    }

    fn address(&self, w: usize, lane: usize, a: Addr) -> u64 {
        let base = match a.base {
            Base::Reg(r) => self.val(w, lane, Val::Reg(r)),
            Base::Abs(x) => x,
        };
        base.wrapping_add(a.offset as u64)
    }

    /// `address` for every lane, reading the base register's row once.
    fn address_row(&self, w: usize, a: Addr) -> [u64; 32] {
        let mut out = match a.base {
            Base::Reg(r) => *reg_row(
                &self.warps[w].frames.last().expect("executing frame").regs,
                r,
            ),
            Base::Abs(x) => [x; 32],
        };
        for v in &mut out {
            *v = v.wrapping_add(a.offset as u64);
        }
        out
    }

    /// Resolves a generic address to its space and the address in that space.
    fn classify(&self, space: Space, addr: u64) -> (Space, u64) {
        if space != Space::Generic {
            return (space, addr);
        }
        if (SHARED_WINDOW..SHARED_WINDOW + WINDOW_SIZE).contains(&addr) {
            (Space::Shared, addr - SHARED_WINDOW)
        } else if (LOCAL_WINDOW..LOCAL_WINDOW + WINDOW_SIZE).contains(&addr) {
            (Space::Local, addr - LOCAL_WINDOW)
        } else if (CONST_WINDOW..CONST_WINDOW + WINDOW_SIZE).contains(&addr) {
            (Space::Const, addr - CONST_WINDOW)
        } else {
            (Space::Global, addr)
        }
    }

    /// `classify` for one lane's access of `bytes` bytes (a power of two) at `a`, which must
    /// be aligned to its size: a misaligned address is lane `lane`'s fault, named by `what`
    /// (`load`, `store`, `atomic`).
    fn classify_aligned(
        &self,
        space: Space,
        a: u64,
        bytes: usize,
        lane: usize,
        what: &str,
    ) -> Result<(Space, u64), (Option<u32>, String)> {
        let (sp, sa) = self.classify(space, a);
        if sa % bytes.next_power_of_two() as u64 != 0 {
            return Err((
                Some(lane as u32),
                format!("misaligned {bytes}-byte {what} at {a:#x}"),
            ));
        }
        Ok((sp, sa))
    }

    /// Bytes at `addr` in `space` for `lane`: reads into `out` (`write = false`) or writes
    /// `out`. Global and shared accesses stay inline in the memory instructions' lane loops.
    #[inline(always)]
    fn access(
        &mut self,
        w: usize,
        lane: usize,
        space: Space,
        addr: u64,
        out: &mut [u8],
        write: bool,
    ) -> Result<(), String> {
        match space {
            Space::Global | Space::Generic => {
                if write {
                    self.global.store(addr, out)
                } else {
                    self.global.load(addr, out)
                }
            }
            Space::Shared => {
                let len = out.len();
                let end = addr
                    .checked_add(len as u64)
                    .filter(|&e| e <= self.shared.len() as u64);
                let Some(end) = end else {
                    return Err(format!(
                        "shared access of {len} bytes at {addr:#x} is out of bounds of {} bytes",
                        self.shared.len()
                    ));
                };
                let r = addr as usize..end as usize;
                if write {
                    copy_small(&mut self.shared[r.clone()], out);
                    set_small(&mut self.shared_written[r]);
                } else {
                    if let Some(i) = self.shared_written[r.clone()].iter().position(|&b| !b) {
                        return Err(format!(
                            "read of uninitialized shared memory at {:#x}",
                            addr + i as u64
                        ));
                    }
                    copy_small(out, &self.shared[r])
                }
                Ok(())
            }
            _ => self.access_other(w, lane, space, addr, out, write),
        }
    }

    /// `access` for the const, local and parameter spaces.
    #[inline(never)]
    fn access_other(
        &mut self,
        w: usize,
        lane: usize,
        space: Space,
        addr: u64,
        out: &mut [u8],
        write: bool,
    ) -> Result<(), String> {
        let len = out.len();
        let local_slice = |bytes: &mut Vec<u8>,
                           per_lane: usize,
                           at: u64|
         -> Result<std::ops::Range<usize>, String> {
            let _ = bytes;
            if at as usize + len > per_lane {
                Err(format!(
                    "access of {len} bytes at offset {at:#x} is out of bounds of {per_lane} bytes"
                ))
            } else {
                Ok(lane * per_lane + at as usize..lane * per_lane + at as usize + len)
            }
        };
        match space {
            Space::Global | Space::Generic | Space::Shared => {
                unreachable!("`access` handles global and shared memory")
            }
            Space::Const => {
                let c = &self.prog.constants;
                if addr as usize + len > c.len() {
                    return Err(format!("const access at {addr:#x} is out of bounds"));
                }
                if write {
                    return Err("store to .const space".into());
                }
                out.copy_from_slice(&c[addr as usize..addr as usize + len]);
                Ok(())
            }
            Space::Local | Space::Param => {
                let warp = &mut self.warps[w];
                let (depth, at) = if space == Space::Local && addr >> LOCAL_DEPTH_SHIFT != 0 {
                    (
                        (addr >> LOCAL_DEPTH_SHIFT) as usize - 1,
                        addr & ((1 << LOCAL_DEPTH_SHIFT) - 1),
                    )
                } else {
                    (warp.frames.len() - 1, addr)
                };
                let frame = warp
                    .frames
                    .get_mut(depth)
                    .ok_or("local address of a returned call frame")?;
                let func = &self.prog.funcs[frame.func as usize];
                let (bytes, per_lane) = if space == Space::Local {
                    (&mut frame.local, func.local_bytes as usize)
                } else {
                    (&mut frame.params, func.param_bytes as usize)
                };
                let r = local_slice(bytes, per_lane, at)?;
                if write {
                    bytes[r.clone()].copy_from_slice(out);
                    if space == Space::Local {
                        frame.local_written[r].fill(true);
                    }
                } else {
                    if space == Space::Local && frame.local_written[r.clone()].contains(&false) {
                        return Err(format!("read of uninitialized local memory at {at:#x}"));
                    }
                    out.copy_from_slice(&bytes[r])
                }
                Ok(())
            }
        }
    }

    /// The active lanes' addresses of a scalar 4- or 8-byte `ld`/`st` of `ty` at `addr` in
    /// the global or shared space, when every one of them is aligned: only then can the whole
    /// row be checked before anything is read or written.
    fn row_access(
        &self,
        w: usize,
        space: Space,
        ty: Ty,
        addr: Addr,
        exec: u32,
    ) -> Option<[u64; 32]> {
        let size = ty.bytes() as u64;
        if exec == 0 || !matches!(space, Space::Global | Space::Shared) || !matches!(size, 4 | 8) {
            return None;
        }
        let addrs = self.address_row(w, addr);
        let misaligned = lanes(exec).fold(0, |m, l| m | addrs[l]) % size;
        (misaligned == 0).then_some(addrs)
    }

    /// Whether every active lane's `size`-byte shared access at `addrs` is in bounds (and,
    /// for a load, initialized): then none of them faults.
    fn shared_row_ok(&self, addrs: &[u64; 32], exec: u32, size: usize, load: bool) -> bool {
        let len = self.shared.len() as u64;
        lanes(exec).all(|l| {
            let a = addrs[l];
            a.checked_add(size as u64).is_some_and(|e| e <= len)
                && (!load
                    || self.shared_written[a as usize..a as usize + size]
                        .iter()
                        .all(|&b| b))
        })
    }

    /// The fast form of a scalar `ld.global`/`ld.shared` of 4 or 8 bytes: when no active lane
    /// can fault (all aligned, in bounds and, in shared memory, initialized), the row is read
    /// at once and the registers, counters and latency change exactly as the per-lane loop
    /// would change them. Otherwise it changes nothing and returns false, and the per-lane
    /// loop runs and reports the first faulting lane as before.
    fn load_row_fast(
        &mut self,
        w: usize,
        space: Space,
        ty: Ty,
        d: u32,
        addr: Addr,
        exec: u32,
    ) -> bool {
        let Some(addrs) = self.row_access(w, space, ty, addr, exec) else {
            return false;
        };
        let size = ty.bytes() as usize;
        let mut vals = [0u64; 32];
        if space == Space::Global {
            if !self.global.load_row(&addrs, exec, size, &mut vals) {
                return false;
            }
        } else {
            if !self.shared_row_ok(&addrs, exec, size, true) {
                return false;
            }
            for l in lanes(exec) {
                vals[l] = le_word(&self.shared[addrs[l] as usize..], size);
            }
        }
        for l in lanes(exec) {
            vals[l] = ext(vals[l], ty);
        }
        self.write_row(w, d, &vals, exec);
        self.count_row(space, &addrs, exec, size, false);
        true
    }

    /// The fast form of a scalar `st.global`/`st.shared` of 4 or 8 bytes; see `load_row_fast`.
    /// Lanes store in lane order, so the highest lane writing an address leaves its value.
    fn store_row_fast(
        &mut self,
        w: usize,
        space: Space,
        ty: Ty,
        src: Val,
        addr: Addr,
        exec: u32,
    ) -> bool {
        let Some(addrs) = self.row_access(w, space, ty, addr, exec) else {
            return false;
        };
        let size = ty.bytes() as usize;
        let vals = self.row(w, src);
        if space == Space::Global {
            if !self.global.store_row(&addrs, exec, size, &vals) {
                return false;
            }
        } else {
            if !self.shared_row_ok(&addrs, exec, size, false) {
                return false;
            }
            for l in lanes(exec) {
                let r = addrs[l] as usize..addrs[l] as usize + size;
                copy_small(&mut self.shared[r.clone()], &vals[l].to_le_bytes()[..size]);
                set_small(&mut self.shared_written[r]);
            }
        }
        self.count_row(space, &addrs, exec, size, true);
        true
    }

    fn count_memory(&mut self, space: Space, addrs: &[(u64, usize)], store: bool, atomic: bool) {
        if addrs.is_empty() {
            return;
        }
        match space {
            Space::Global => {
                let mut keys = [0u64; 64];
                let n = blocks::<32>(addrs, &mut keys).len() as u64;
                let bytes = addrs.iter().map(|&(_, n)| n as u64).sum::<u64>();
                self.record_global(n, bytes, store, atomic);
            }
            Space::Shared => {
                let mut keys = [0u64; 64];
                let words = blocks::<4>(addrs, &mut keys);
                let mut per_bank = [0u32; 32];
                for &w in words.iter() {
                    per_bank[(w % 32) as usize] += 1;
                }
                let wavefronts = u64::from(per_bank.iter().copied().max().unwrap_or(1).max(1));
                self.record_shared(wavefronts, store, atomic);
            }
            _ => {
                if !store && !atomic {
                    self.load_latency = Some(timing::load_latency(space, 1));
                }
            }
        }
    }

    /// Counts a global request of `n` sectors and `bytes` requested bytes.
    fn record_global(&mut self, n: u64, bytes: u64, store: bool, atomic: bool) {
        if atomic {
            self.stats.atomic_transactions += n;
        } else if store {
            self.stats.gst_requests += 1;
            self.stats.gst_transactions += n;
        } else {
            self.stats.gld_requests += 1;
            self.stats.gld_transactions += n;
            self.load_latency = Some(timing::load_latency(Space::Global, n));
            self.stats.gld_requested_bytes += bytes;
        }
    }

    /// Counts a shared request of `wavefronts` wavefronts.
    fn record_shared(&mut self, wavefronts: u64, store: bool, atomic: bool) {
        if atomic {
            self.stats.atomic_transactions += wavefronts;
        } else if store {
            self.stats.shared_store_requests += 1;
            self.stats.shared_store_wavefronts += wavefronts;
        } else {
            self.stats.shared_load_requests += 1;
            self.stats.shared_load_wavefronts += wavefronts;
            self.load_latency = Some(timing::load_latency(Space::Shared, wavefronts));
        }
        self.stats.shared_bank_conflicts += wavefronts - 1;
    }

    /// `count_memory` for the aligned `size`-byte (4 or 8) accesses of a row fast form, by
    /// the lanes in `exec` (not empty). Lanes mostly access non-decreasing addresses, and
    /// then each access lies in one sector (or, for 4 bytes, one shared word), so the
    /// distinct ones are counted in one pass without a list or a sort; anything else goes
    /// through `count_memory`.
    fn count_row(&mut self, space: Space, addrs: &[u64; 32], exec: u32, size: usize, store: bool) {
        // Sectors of 32 bytes, shared words of 4: a shift, as a division by a run-time
        // divisor would cost more than the rest of the count.
        let shift = if space == Space::Global { 5 } else { 2 };
        if size as u64 <= 1 << shift {
            // The active lanes' blocks, in lane order; a full warp needs no compaction.
            let mut keys = [0u64; 32];
            let accesses = if exec == u32::MAX {
                for (k, &a) in keys.iter_mut().zip(addrs) {
                    *k = a >> shift;
                }
                32
            } else {
                let mut m = 0;
                for l in lanes(exec) {
                    keys[m] = addrs[l] >> shift;
                    m += 1;
                }
                m
            };
            let keys = &keys[..accesses];
            // Without branches: whether the blocks never decrease, and where a new one starts.
            let mut sorted = true;
            let mut distinct = 1u64;
            for i in 1..keys.len() {
                sorted &= keys[i] >= keys[i - 1];
                distinct += u64::from(keys[i] != keys[i - 1]);
            }
            if sorted {
                if space == Space::Global {
                    self.record_global(distinct, accesses as u64 * size as u64, store, false);
                } else {
                    let mut per_bank = [0u32; 32];
                    per_bank[(keys[0] % 32) as usize] += 1;
                    for i in 1..keys.len() {
                        per_bank[(keys[i] % 32) as usize] += u32::from(keys[i] != keys[i - 1]);
                    }
                    let wavefronts = u64::from(per_bank.iter().copied().max().unwrap_or(1).max(1));
                    self.record_shared(wavefronts, store, false);
                }
                return;
            }
        }
        let touched: Touched = lanes(exec).map(|l| (addrs[l], size)).collect();
        self.count_memory(space, &touched, store, false);
    }

    /// Removes `lanes` from every path of the warp's current frame (or all frames).
    fn retire(&mut self, w: usize, gone: u32, all_frames: bool) {
        let model = self.model;
        let warp = &mut self.warps[w];
        let n = warp.frames.len();
        for (i, f) in warp.frames.iter_mut().enumerate() {
            if all_frames || i + 1 == n {
                for e in &mut f.stack {
                    e.mask &= !gone;
                }
                model.settle(&mut f.stack);
            }
        }
    }

    /// Pops finished call frames; returns whether the warp is finished.
    #[inline(always)]
    fn unwind(&mut self, w: usize) -> bool {
        // The common case, a frame with a path left, stays inline in the step.
        let model = self.model;
        if let Some(top) = self.warps[w].frames.last_mut() {
            model.settle(&mut top.stack);
            if !top.stack.is_empty() {
                return false;
            }
        }
        self.unwind_frames(w)
    }

    #[inline(never)]
    fn unwind_frames(&mut self, w: usize) -> bool {
        loop {
            let model = self.model;
            let warp = &mut self.warps[w];
            let Some(top) = warp.frames.last_mut() else {
                return true;
            };
            model.settle(&mut top.stack);
            if !top.stack.is_empty() {
                return false;
            }
            if warp.frames.len() == 1 {
                warp.frames.clear();
                warp.state = WarpState::Done;
                return true;
            }
            let callee = warp.frames.pop().expect("checked non-empty");
            let caller = warp.frames.last_mut().expect("a caller frame");
            let caller_func = &self.prog.funcs[caller.func as usize];
            let callee_func = &self.prog.funcs[callee.func as usize];
            if let Op::Call { rets, .. } = &caller_func.insts[callee.call_pc as usize].op {
                let (cp, ep) = (
                    caller_func.param_bytes as usize,
                    callee_func.param_bytes as usize,
                );
                let mask = caller.stack.last().map_or(0, |e| e.mask);
                for lane in lanes(mask) {
                    for c in rets {
                        let (src, dst) =
                            (lane * ep + c.callee as usize, lane * cp + c.caller as usize);
                        caller.params[dst..dst + c.bytes as usize]
                            .copy_from_slice(&callee.params[src..src + c.bytes as usize]);
                    }
                }
            }
        }
    }

    /// Runs up to `max` fast-path instructions of warp `w` with its frame fetched once, and
    /// returns how many ran. It stops before anything the general `step` must do: a `Slow`
    /// instruction, a fault (budget, end of code, non-uniform `bra.uni`) or a finished frame.
    /// Counters, clocks, profile and stack change exactly as `step` would change them.
    fn burst(&mut self, w: usize, max: u32) -> u32 {
        let prog = self.prog;
        let model = self.model;
        let budget = self.shape.budget;
        let cycle_model = self.shape.cycle_model;
        let stats = &mut self.stats;
        let time = &mut self.time;
        let warp = &mut self.warps[w];
        let Some(frame) = warp.frames.last_mut() else {
            return 0;
        };
        model.settle(&mut frame.stack);
        let func_idx = frame.func as usize;
        let func = &prog.funcs[func_idx];
        let mut n = 0;
        while n < max {
            let Some(&PathEntry {
                pc, mask: active, ..
            }) = frame.stack.last()
            else {
                break;
            };
            let Some(inst) = func.insts.get(pc as usize) else {
                break;
            };
            if inst.fast == Fast::Slow || stats.inst_executed >= budget {
                break;
            }
            let exec = guard_mask(&frame.regs, inst.guard, active);
            if let Fast::Bra { uni: true, .. } = inst.fast
                && exec != 0
                && exec != active
            {
                break;
            }
            stats.inst_executed += 1;
            if active != self.counted_mask {
                self.counted_mask = active;
                self.counted_lanes = u64::from(active.count_ones());
            }
            stats.thread_inst_executed += self.counted_lanes;
            stats.not_predicated_off_thread_inst_executed += if exec == active {
                self.counted_lanes
            } else {
                u64::from(exec.count_ones())
            };
            let mut start = warp.time;
            if cycle_model {
                for &r in &inst.reads {
                    start = start.max(frame.ready[r as usize]);
                }
            }
            if let Fast::Bra { target, .. } = inst.fast {
                stats.branch += 1;
                let (taken, not_taken) = (exec, active & !exec);
                if inst.guard.is_some() {
                    let counts = &mut self.profile[func_idx];
                    if counts.is_empty() {
                        counts.resize(func.insts.len(), BranchCounts::default());
                    }
                    counts[pc as usize].record(taken, not_taken);
                }
                if not_taken == 0 {
                    frame.stack.last_mut().expect("executing path").pc = target;
                } else if taken == 0 {
                    frame.stack.last_mut().expect("executing path").pc = pc + 1;
                } else {
                    stats.divergent_branch += 1;
                    model.split(
                        &mut frame.stack,
                        Split {
                            pc,
                            target,
                            taken,
                            next: pc + 1,
                            fallthrough: not_taken,
                            ipdom: func.ipdom[pc as usize],
                        },
                    );
                }
            } else {
                fast_alu(inst.fast, &mut frame.regs, exec);
                frame.stack.last_mut().expect("executing path").pc = pc + 1;
            }
            if cycle_model {
                time.issue += u64::from(inst.issue);
                warp.time = start + u64::from(inst.issue);
                for &r in &inst.writes {
                    frame.ready[r as usize] = start + u64::from(inst.latency);
                }
            }
            model.settle(&mut frame.stack);
            n += 1;
        }
        n
    }

    /// Executes one warp instruction of warp `w`.
    fn step(&mut self, w: usize) -> Result<Step, Fault> {
        if self.unwind(w) {
            return Ok(Step::Finished);
        }
        let prog = self.prog;
        let (func_idx, entry) = {
            let f = self.warps[w]
                .frames
                .last()
                .expect("unwound warp has a frame");
            (f.func, *f.stack.last().expect("unwound frame has a path"))
        };
        let func: &Func = &prog.funcs[func_idx as usize];
        let pc = entry.pc as usize;
        let Some(inst) = func.insts.get(pc) else {
            return Err(self.fault(
                w,
                None,
                format!("execution ran past the end of {}", func.name),
            ));
        };
        let active = entry.mask;
        self.stats.inst_executed += 1;
        if active != self.counted_mask {
            self.counted_mask = active;
            self.counted_lanes = u64::from(active.count_ones());
        }
        let active_lanes = self.counted_lanes;
        self.stats.thread_inst_executed += active_lanes;
        if self.stats.inst_executed > self.shape.budget {
            // This CTA alone went past the launch's budget.
            self.shape.stop.store(true, Ordering::Relaxed);
            return Err(self.budget_fault(w));
        }
        let exec = match inst.guard {
            None => active,
            Some((p, neg)) => {
                // A guard is always a register: read its row in place.
                let regs = &self.warps[w].frames.last().expect("executing frame").regs;
                let row = &regs[p as usize * 32..p as usize * 32 + 32];
                let m = row
                    .iter()
                    .enumerate()
                    .fold(0u32, |m, (l, v)| m | (((v & 1) as u32) << l));
                if neg { active & !m } else { active & m }
            }
        };
        // Unguarded instructions (most of them) execute every active lane: no second count.
        self.stats.not_predicated_off_thread_inst_executed += if exec == active {
            active_lanes
        } else {
            u64::from(exec.count_ones())
        };
        let next = |cta: &mut Self| {
            if let Some(e) = cta.warps[w]
                .frames
                .last_mut()
                .and_then(|f| f.stack.last_mut())
            {
                e.pc += 1;
            }
            let model = cta.model;
            if let Some(f) = cta.warps[w].frames.last_mut() {
                model.settle(&mut f.stack);
            }
        };
        let start = {
            let warp = &self.warps[w];
            let ready = &warp.frames.last().expect("executing frame").ready;
            inst.reads
                .iter()
                .fold(warp.time, |t, &r| t.max(ready[r as usize]))
        };
        self.load_latency = None;
        let result = self.exec(w, inst, func, pc as u32, active, exec);
        if result.is_ok() && self.shape.cycle_model {
            self.time.issue += u64::from(inst.issue);
            let latency = self.load_latency.unwrap_or(u64::from(inst.latency));
            let warp = &mut self.warps[w];
            warp.time = start + u64::from(inst.issue);
            if let Some(frame) = warp.frames.last_mut() {
                for &r in &inst.writes {
                    frame.ready[r as usize] = start + latency;
                }
            }
        }
        match result {
            Ok(Some(step)) => Ok(step),
            Ok(None) => {
                next(self);
                Ok(Step::Continue)
            }
            Err((lane, msg)) => Err(self.fault(w, lane, msg)),
        }
    }

    /// Executes `inst`; `Ok(None)` means "advance to the next instruction".
    #[allow(clippy::too_many_arguments)]
    fn exec(
        &mut self,
        w: usize,
        inst: &Inst,
        func: &Func,
        pc: u32,
        active: u32,
        exec: u32,
    ) -> Result<Option<Step>, (Option<u32>, String)> {
        let at = |lane: usize| move |m: String| (Some(lane as u32), m);
        match &inst.op {
            Op::Nop => {}
            Op::Unsupported(msg) => return Err((None, msg.clone())),
            Op::Mov { d, a } => {
                let v = self.row(w, *a);
                self.write_row(w, *d, &v, exec);
            }
            Op::Bin { op, ty, d, a, b } => {
                let (mut s1, mut s2) = ([0u64; 32], [0u64; 32]);
                let (x, y) = (self.row_ref(w, *a, &mut s1), self.row_ref(w, *b, &mut s2));
                let mut out = [0u64; 32];
                if matches!(op, BinOp::Div | BinOp::Rem) && ty.kind != Kind::Float {
                    for lane in lanes(exec) {
                        out[lane] = bin(*op, *ty, x[lane], y[lane]).map_err(at(lane))?;
                    }
                } else {
                    bin_row(*op, *ty, x, y, &mut out).map_err(|m| (None, m))?;
                }
                self.write_row(w, *d, &out, exec);
            }
            Op::MulWide { ty, d, a, b } => {
                let (mut s1, mut s2) = ([0u64; 32], [0u64; 32]);
                let (x, y) = (self.row_ref(w, *a, &mut s1), self.row_ref(w, *b, &mut s2));
                let out: [u64; 32] =
                    std::array::from_fn(|l| ext(x[l], *ty).wrapping_mul(ext(y[l], *ty)));
                self.write_row(w, *d, &out, exec);
            }
            Op::Mad {
                hi,
                wide,
                ty,
                d,
                a,
                b,
                c,
            } => {
                let (mut s1, mut s2, mut s3) = ([0u64; 32], [0u64; 32], [0u64; 32]);
                let (x, y, z) = (
                    self.row_ref(w, *a, &mut s1),
                    self.row_ref(w, *b, &mut s2),
                    self.row_ref(w, *c, &mut s3),
                );
                let mut out = [0u64; 32];
                if *wide {
                    let (mut ex, mut ey) = ([0u64; 32], [0u64; 32]);
                    ext_row(x, *ty, &mut ex);
                    ext_row(y, *ty, &mut ey);
                    for l in 0..32 {
                        out[l] = ex[l].wrapping_mul(ey[l]).wrapping_add(z[l]);
                    }
                } else if !*hi && ty.kind != Kind::Float {
                    // The low product's bits do not depend on extension; readers re-extend.
                    ext_row(z, *ty, &mut out);
                    for l in 0..32 {
                        out[l] = x[l].wrapping_mul(y[l]).wrapping_add(out[l]);
                    }
                } else {
                    let op = if *hi { BinOp::MulHi } else { BinOp::MulLo };
                    bin_row(op, *ty, x, y, &mut out).map_err(|m| (None, m))?;
                    for l in 0..32 {
                        out[l] = out[l].wrapping_add(ext(z[l], *ty));
                    }
                }
                self.write_row(w, *d, &out, exec);
            }
            Op::Fma { ty, d, a, b, c } => {
                let (mut s1, mut s2, mut s3) = ([0u64; 32], [0u64; 32], [0u64; 32]);
                let (x, y, z) = (
                    self.row_ref(w, *a, &mut s1),
                    self.row_ref(w, *b, &mut s2),
                    self.row_ref(w, *c, &mut s3),
                );
                let out: [u64; 32] = if ty.bits == 32 {
                    std::array::from_fn(|l| {
                        u64::from(f32_of(x[l]).mul_add(f32_of(y[l]), f32_of(z[l])).to_bits())
                    })
                } else {
                    std::array::from_fn(|l| {
                        f64_of(x[l]).mul_add(f64_of(y[l]), f64_of(z[l])).to_bits()
                    })
                };
                self.write_row(w, *d, &out, exec);
            }
            Op::Un { op, ty, d, a } => {
                let x = self.row(w, *a);
                let mut out = [0u64; 32];
                for lane in lanes(exec) {
                    out[lane] = un(*op, *ty, x[lane]).map_err(at(lane))?;
                }
                self.write_row(w, *d, &out, exec);
            }
            Op::Setp { cmp, ty, d, a, b } => {
                let (mut s1, mut s2) = ([0u64; 32], [0u64; 32]);
                let (x, y) = (self.row_ref(w, *a, &mut s1), self.row_ref(w, *b, &mut s2));
                let mut out = [0u64; 32];
                compare_row(*cmp, *ty, x, y, &mut out);
                self.write_row(w, *d, &out, exec);
            }
            Op::Selp { d, a, b, p, .. } => {
                let (mut s1, mut s2, mut s3) = ([0u64; 32], [0u64; 32], [0u64; 32]);
                let (x, y, q) = (
                    self.row_ref(w, *a, &mut s1),
                    self.row_ref(w, *b, &mut s2),
                    self.row_ref(w, *p, &mut s3),
                );
                let out: [u64; 32] =
                    std::array::from_fn(|l| if q[l] & 1 != 0 { x[l] } else { y[l] });
                self.write_row(w, *d, &out, exec);
            }
            Op::Cvt {
                dty,
                sty,
                round,
                sat,
                d,
                a,
            } => {
                let x = self.row(w, *a);
                let out: [u64; 32] = std::array::from_fn(|l| cvt(*dty, *sty, *round, *sat, x[l]));
                self.write_row(w, *d, &out, exec);
            }
            Op::Cvta { to, space, d, a } => {
                let depth = self.warps[w].frames.len() as u64;
                let window = match space {
                    Space::Shared => SHARED_WINDOW,
                    Space::Local => LOCAL_WINDOW + (depth << LOCAL_DEPTH_SHIFT),
                    Space::Const => CONST_WINDOW,
                    _ => 0,
                };
                for lane in lanes(exec) {
                    let x = self.val(w, lane, *a);
                    let v = if *to {
                        if *space == Space::Local {
                            x.wrapping_sub(LOCAL_WINDOW)
                        } else {
                            x.wrapping_sub(window)
                        }
                    } else {
                        x.wrapping_add(window)
                    };
                    self.set(w, lane, *d, v);
                }
            }
            Op::Ld { space, ty, d, addr } => {
                if d.len() == 1 && self.load_row_fast(w, *space, *ty, d[0], *addr, exec) {
                    return Ok(None);
                }
                let size = ty.bytes() as usize;
                let total = size * d.len();
                let mut touched: Touched = SmallVec::new();
                let mut resolved = *space;
                let addrs = self.address_row(w, *addr);
                // Results go to the registers after the loop: a fault ends the launch, so
                // no one sees the lanes a faulting load would have written before it.
                let mut rows = [[0u64; 32]; 4];
                let rows_fit = d.len() <= rows.len();
                for lane in lanes(exec) {
                    let (sp, sa) =
                        self.classify_aligned(*space, addrs[lane], total, lane, "load")?;
                    resolved = sp;
                    let mut buf = [0u8; 32];
                    self.access(w, lane, sp, sa, &mut buf[..total], false)
                        .map_err(at(lane))?;
                    for (i, &r) in d.iter().enumerate() {
                        let v = ext(le_word(&buf[i * size..], size), *ty);
                        if rows_fit {
                            rows[i][lane] = v;
                        } else {
                            self.set(w, lane, r, v);
                        }
                    }
                    touched.push((sa, total));
                }
                if rows_fit {
                    for (row, &r) in rows.iter().zip(d.iter()) {
                        self.write_row(w, r, row, exec);
                    }
                }
                self.count_memory(resolved, &touched, false, false);
            }
            Op::St {
                space,
                ty,
                src,
                addr,
            } => {
                if src.len() == 1 && self.store_row_fast(w, *space, *ty, src[0], *addr, exec) {
                    return Ok(None);
                }
                let size = ty.bytes() as usize;
                let total = size * src.len();
                let mut touched: Touched = SmallVec::new();
                let mut resolved = *space;
                let addrs = self.address_row(w, *addr);
                let values: SmallVec<[[u64; 32]; 4]> =
                    src.iter().map(|v| self.row(w, *v)).collect();
                for lane in lanes(exec) {
                    let (sp, sa) =
                        self.classify_aligned(*space, addrs[lane], total, lane, "store")?;
                    resolved = sp;
                    // Each element is written as a whole word, in order, so the next
                    // element (or the end of `buf[..total]`) cuts off the bytes past its
                    // size; elements wider than 8 bytes keep the rest zero.
                    let mut buf = [0u8; 40];
                    for (i, row) in values.iter().enumerate() {
                        buf[i * size..i * size + 8].copy_from_slice(&row[lane].to_le_bytes());
                    }
                    self.access(w, lane, sp, sa, &mut buf[..total], true)
                        .map_err(at(lane))?;
                    touched.push((sa, total));
                }
                self.count_memory(resolved, &touched, true, false);
            }
            Op::Atom {
                space,
                op,
                ty,
                d,
                addr,
                b,
                c,
            } => {
                let size = ty.bytes() as usize;
                let mut touched: Touched = SmallVec::new();
                let mut resolved = *space;
                for lane in lanes(exec) {
                    let a = self.address(w, lane, *addr);
                    let (sp, sa) = self.classify_aligned(*space, a, size, lane, "atomic")?;
                    resolved = sp;
                    let mut buf = [0u8; 8];
                    self.access(w, lane, sp, sa, &mut buf[..size], false)
                        .map_err(at(lane))?;
                    let old = u64::from_le_bytes(buf);
                    let x = self.val(w, lane, *b);
                    let new = match op {
                        AtomOp::Add => bin(BinOp::Add, *ty, old, x),
                        AtomOp::Min => bin(BinOp::Min, *ty, old, x),
                        AtomOp::Max => bin(BinOp::Max, *ty, old, x),
                        AtomOp::And => Ok(old & x),
                        AtomOp::Or => Ok(old | x),
                        AtomOp::Xor => Ok(old ^ x),
                        AtomOp::Exch => Ok(x),
                        AtomOp::Cas => {
                            let y = c.map_or(0, |c| self.val(w, lane, c));
                            Ok(if trunc(old, ty.bits) == trunc(x, ty.bits) {
                                y
                            } else {
                                old
                            })
                        }
                        AtomOp::Inc => Ok(if trunc(old, ty.bits) >= trunc(x, ty.bits) {
                            0
                        } else {
                            old + 1
                        }),
                        AtomOp::Dec => {
                            let (o, v) = (trunc(old, ty.bits), trunc(x, ty.bits));
                            Ok(if o == 0 || o > v { v } else { o - 1 })
                        }
                    }
                    .map_err(at(lane))?;
                    let mut bytes = new.to_le_bytes();
                    self.access(w, lane, sp, sa, &mut bytes[..size], true)
                        .map_err(at(lane))?;
                    if let Some(d) = d {
                        self.set(w, lane, *d, ext(old, *ty));
                    }
                    touched.push((sa, size));
                }
                self.count_memory(resolved, &touched, false, true);
            }
            Op::Bar { id } => {
                if exec == 0 {
                    return Ok(None);
                }
                let live = self.warps[w].live;
                if exec != live {
                    return Err((
                        None,
                        format!(
                            "bar.sync reached by part of a warp (lanes {exec:#010x} of live lanes {live:#010x}): divergent barrier"
                        ),
                    ));
                }
                let id = self.val(w, exec.trailing_zeros() as usize, *id);
                self.warps[w].state = WarpState::AtBarrier(id);
                if let Some(e) = self.warps[w]
                    .frames
                    .last_mut()
                    .and_then(|f| f.stack.last_mut())
                {
                    e.pc += 1;
                }
                return Ok(Some(Step::Blocked));
            }
            Op::Vote { mode, d, a, mask } => {
                if exec == 0 {
                    return Ok(None);
                }
                let members = trunc(self.val(w, exec.trailing_zeros() as usize, *mask), 32) as u32;
                if members & !exec != 0 {
                    return Err((
                        None,
                        format!(
                            "vote.sync member mask {members:#010x} is not a subset of the executing lanes {exec:#010x}"
                        ),
                    ));
                }
                let mut ballot = 0u32;
                for lane in lanes(exec & members) {
                    if self.val(w, lane, *a) & 1 != 0 {
                        ballot |= 1 << lane;
                    }
                }
                let group = exec & members;
                for lane in lanes(exec) {
                    let v = match mode {
                        VoteMode::Ballot => u64::from(ballot),
                        VoteMode::All => u64::from(ballot == group),
                        VoteMode::Any => u64::from(ballot != 0),
                        VoteMode::Uni => u64::from(ballot == 0 || ballot == group),
                    };
                    self.set(w, lane, *d, v);
                }
            }
            Op::Shfl {
                mode,
                d,
                p,
                a,
                b,
                c,
                mask,
            } => {
                if exec == 0 {
                    return Ok(None);
                }
                let members = trunc(self.val(w, exec.trailing_zeros() as usize, *mask), 32) as u32;
                if members & !exec != 0 {
                    return Err((
                        None,
                        format!(
                            "shfl.sync member mask {members:#010x} is not a subset of the executing lanes {exec:#010x}"
                        ),
                    ));
                }
                let mut results = [(0u64, false); 32];
                for lane in lanes(exec) {
                    let bval = (self.val(w, lane, *b) & 31) as i64;
                    let cv = self.val(w, lane, *c);
                    let cval = (cv & 31) as i64;
                    let segmask = ((cv >> 8) & 31) as i64;
                    let l = lane as i64;
                    let max_lane = (l & segmask) | (cval & !segmask);
                    let min_lane = l & segmask;
                    let (j, ok) = match mode {
                        ShflMode::Up => (l - bval, l - bval >= max_lane),
                        ShflMode::Down => (l + bval, l + bval <= max_lane),
                        ShflMode::Bfly => (l ^ bval, (l ^ bval) <= max_lane),
                        ShflMode::Idx => {
                            let j = min_lane | (bval & !segmask);
                            (j, j <= max_lane)
                        }
                    };
                    let src = if ok { j as usize } else { lane };
                    results[lane] = (self.val(w, src, *a), ok);
                }
                for lane in lanes(exec) {
                    self.set(w, lane, *d, results[lane].0);
                    if let Some(p) = p {
                        self.set(w, lane, *p, u64::from(results[lane].1));
                    }
                }
            }
            Op::Shf {
                left,
                wrap,
                d,
                a,
                b,
                c,
            } => {
                for lane in lanes(exec) {
                    let joined =
                        (trunc(self.val(w, lane, *b), 32) << 32) | trunc(self.val(w, lane, *a), 32);
                    let n = trunc(self.val(w, lane, *c), 32);
                    let n = if *wrap { n & 31 } else { n.min(32) };
                    let v = if *left {
                        (joined << n) >> 32
                    } else {
                        joined >> n
                    };
                    self.set(w, lane, *d, trunc(v, 32));
                }
            }
            Op::Bfe { ty, d, a, pos, len } => {
                for lane in lanes(exec) {
                    let v = bfe(
                        *ty,
                        self.val(w, lane, *a),
                        self.val(w, lane, *pos),
                        self.val(w, lane, *len),
                    );
                    self.set(w, lane, *d, v);
                }
            }
            Op::Bfi {
                ty,
                d,
                a,
                b,
                pos,
                len,
            } => {
                for lane in lanes(exec) {
                    let msb = u64::from(ty.bits) - 1;
                    let (pos, len) = (
                        self.val(w, lane, *pos) & 0xff,
                        self.val(w, lane, *len) & 0xff,
                    );
                    let (x, mut f) = (self.val(w, lane, *a), trunc(self.val(w, lane, *b), ty.bits));
                    for i in 0..len {
                        if pos + i > msb {
                            break;
                        }
                        f = (f & !(1 << (pos + i))) | (((x >> i) & 1) << (pos + i));
                    }
                    self.set(w, lane, *d, f);
                }
            }
            Op::Prmt { d, a, b, c } => {
                for lane in lanes(exec) {
                    let joined =
                        (trunc(self.val(w, lane, *b), 32) << 32) | trunc(self.val(w, lane, *a), 32);
                    let sel = self.val(w, lane, *c);
                    let mut out = 0u64;
                    for n in 0..4 {
                        let s = (sel >> (4 * n)) & 0xf;
                        let byte = (joined >> (8 * (s & 7))) & 0xff;
                        let byte = if s & 8 != 0 {
                            if byte & 0x80 != 0 { 0xff } else { 0 }
                        } else {
                            byte
                        };
                        out |= byte << (8 * n);
                    }
                    self.set(w, lane, *d, out);
                }
            }
            Op::Dot {
                a_signed,
                b_signed,
                pair,
                d,
                a,
                b,
                c,
            } => {
                for lane in lanes(exec) {
                    let (x, y) = (self.val(w, lane, *a), self.val(w, lane, *b));
                    let acc = self.val(w, lane, *c);
                    self.set(w, lane, *d, dot(*a_signed, *b_signed, *pair, x, y, acc));
                }
            }
            Op::Copysign { ty, d, a, b } => {
                for lane in lanes(exec) {
                    let (x, y) = (self.val(w, lane, *a), self.val(w, lane, *b));
                    let sign = 1u64 << (ty.bits - 1);
                    self.set(w, lane, *d, (trunc(y, ty.bits) & !sign) | (x & sign));
                }
            }
            Op::Pack {
                d,
                parts,
                elem_bits,
            } => {
                for lane in lanes(exec) {
                    let mut v = 0u64;
                    for (i, p) in parts.iter().enumerate() {
                        v |= trunc(self.val(w, lane, *p), *elem_bits)
                            << (i as u32 * u32::from(*elem_bits));
                    }
                    self.set(w, lane, *d, v);
                }
            }
            Op::Unpack { d, a, elem_bits } => {
                for lane in lanes(exec) {
                    let v = self.val(w, lane, *a);
                    for (i, r) in d.iter().enumerate() {
                        self.set(
                            w,
                            lane,
                            *r,
                            trunc(v >> (i as u32 * u32::from(*elem_bits)), *elem_bits),
                        );
                    }
                }
            }
            Op::Activemask { d } => {
                for lane in lanes(exec) {
                    self.set(w, lane, *d, u64::from(active));
                }
            }
            Op::Bra { target, uni } => {
                if active == 0 {
                    return Ok(None);
                }
                self.stats.branch += 1;
                let taken = exec;
                let not_taken = active & !exec;
                if inst.guard.is_some() {
                    let counts = &mut self.profile
                        [self.warps[w].frames.last().expect("executing frame").func as usize];
                    if counts.is_empty() {
                        counts.resize(func.insts.len(), BranchCounts::default());
                    }
                    counts[pc as usize].record(taken, not_taken);
                }
                let model = self.model;
                let frame = self.warps[w].frames.last_mut().expect("executing frame");
                if not_taken == 0 {
                    frame.stack.last_mut().expect("executing path").pc = *target;
                } else if taken == 0 {
                    frame.stack.last_mut().expect("executing path").pc = pc + 1;
                } else {
                    if *uni {
                        return Err((
                            None,
                            format!(
                                "bra.uni with a non-uniform predicate: lanes {taken:#010x} of {active:#010x} take it"
                            ),
                        ));
                    }
                    self.stats.divergent_branch += 1;
                    model.split(
                        &mut frame.stack,
                        Split {
                            pc,
                            target: *target,
                            taken,
                            next: pc + 1,
                            fallthrough: not_taken,
                            ipdom: func.ipdom[pc as usize],
                        },
                    );
                }
                model.settle(&mut frame.stack);
                return Ok(Some(Step::Continue));
            }
            Op::Call {
                func: callee, args, ..
            } => {
                if exec != active {
                    return Err((None, "predicated call is not supported".into()));
                }
                let callee_func = &self.prog.funcs[*callee as usize];
                if callee_func.insts.is_empty() {
                    return Err((
                        None,
                        format!("call of {}, which has no body", callee_func.name),
                    ));
                }
                // Checked before anything of the new frame is allocated.
                let stack_local: u64 = self.warps[w]
                    .frames
                    .iter()
                    .map(|f| u64::from(self.prog.funcs[f.func as usize].local_bytes))
                    .sum::<u64>()
                    + u64::from(callee_func.local_bytes);
                if stack_local > self.shape.max_local {
                    return Err((
                        None,
                        format!(
                            "the call of {} needs {stack_local} bytes of local memory per \
                             thread for the call stack, over the limit of {}",
                            callee_func.name, self.shape.max_local
                        ),
                    ));
                }
                let (cp, ep) = (func.param_bytes as usize, callee_func.param_bytes as usize);
                let mut params = vec![0u8; ep * 32];
                let caller = self.warps[w].frames.last_mut().expect("executing frame");
                for lane in lanes(exec) {
                    for a in args {
                        let (src, dst) =
                            (lane * cp + a.caller as usize, lane * ep + a.callee as usize);
                        params[dst..dst + a.bytes as usize]
                            .copy_from_slice(&caller.params[src..src + a.bytes as usize]);
                    }
                }
                caller.stack.last_mut().expect("executing path").pc = pc + 1;
                if self.warps[w].frames.len() > 64 {
                    return Err((None, "call depth exceeds 64 (recursion?)".into()));
                }
                self.warps[w].frames.push(Frame {
                    func: *callee,
                    regs: vec![0; callee_func.num_regs as usize * 32],
                    stack: vec![PathEntry {
                        pc: 0,
                        mask: exec,
                        rpc: crate::reconverge::NO_RECONVERGENCE,
                    }],
                    params,
                    local: vec![0; callee_func.local_bytes as usize * 32],
                    local_written: vec![false; callee_func.local_bytes as usize * 32],
                    call_pc: pc,
                    ready: vec![0; callee_func.num_regs as usize],
                });
                return Ok(Some(Step::Continue));
            }
            Op::Ret | Op::Exit => {
                let kernel_level = self.warps[w].frames.len() == 1;
                if matches!(inst.op, Op::Exit) || kernel_level {
                    self.warps[w].live &= !exec;
                    self.retire(w, exec, true);
                } else {
                    self.retire(w, exec, false);
                }
                if exec != active {
                    // The lanes that stay continue after the guarded return.
                    if let Some(e) = self.warps[w]
                        .frames
                        .last_mut()
                        .and_then(|f| f.stack.last_mut())
                        && e.pc == pc
                    {
                        e.pc += 1;
                    }
                }
                let finished = self.unwind(w);
                return Ok(Some(if finished {
                    Step::Finished
                } else {
                    Step::Continue
                }));
            }
            Op::Trap => {
                if exec != 0 {
                    return Err((Some(exec.trailing_zeros()), "trap executed".into()));
                }
            }
        }
        Ok(None)
    }
}
