//! Device memory: global allocations, the generic-address windows, and the two ways a CTA
//! reaches global memory (directly, or through a private write log merged after the launch).
//!
//! Invariants: global allocations are disjoint, start at `GLOBAL_BASE` or above, are 256-byte
//! aligned and separated by at least 256 unmapped bytes, so a small overrun faults; the live
//! allocations never hold more than `limit` bytes in total (host memory backs them, so a size
//! the program chooses is checked before it is allocated). A generic
//! address is global exactly when it lies in no window; the shared, local and const windows
//! hold `WINDOW + space address` (local also encodes the call depth), so `cvta` is exact.
//! A CTA's write log holds the last value of each global byte it wrote (and only bytes inside
//! an allocation); replaying the logs in CTA order leaves each byte with the value of the
//! last CTA (in CTA order) that wrote it.

use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

pub const GLOBAL_BASE: u64 = 0x0000_0001_0000_0000;
pub const SHARED_WINDOW: u64 = 0x0000_1000_0000_0000;
pub const LOCAL_WINDOW: u64 = 0x0000_2000_0000_0000;
pub const CONST_WINDOW: u64 = 0x0000_3000_0000_0000;
pub const WINDOW_SIZE: u64 = 0x0000_1000_0000_0000;
/// Local-window addresses carry the call depth in these bits (`depth << LOCAL_DEPTH_SHIFT`).
pub const LOCAL_DEPTH_SHIFT: u32 = 32;

/// The global address space: a set of bounded allocations.
#[derive(Debug)]
pub struct GlobalMemory {
    allocs: BTreeMap<u64, Vec<u8>>,
    next: u64,
    /// Bytes the live allocations may hold in total (`SimConfig::max_global_bytes`).
    limit: u64,
    /// Bytes the live allocations hold.
    live: u64,
}

impl Default for GlobalMemory {
    fn default() -> Self {
        GlobalMemory::with_limit(u64::MAX)
    }
}

impl GlobalMemory {
    pub fn with_limit(limit: u64) -> GlobalMemory {
        GlobalMemory {
            allocs: BTreeMap::new(),
            next: 0,
            limit,
            live: 0,
        }
    }

    pub fn alloc(&mut self, bytes: u64) -> Result<u64, String> {
        if self.next == 0 {
            self.next = GLOBAL_BASE;
        }
        if self.live.saturating_add(bytes) > self.limit {
            return Err(format!(
                "out of device memory allocating {bytes} bytes ({} of {} bytes in use)",
                self.live, self.limit
            ));
        }
        let size = usize::try_from(bytes).map_err(|_| format!("cannot allocate {bytes} bytes"))?;
        let span = bytes
            .max(1)
            .checked_next_multiple_of(256)
            .and_then(|s| s.checked_add(256))
            .unwrap_or(u64::MAX);
        if self.next.saturating_add(span) > SHARED_WINDOW {
            return Err(format!("out of device memory allocating {bytes} bytes"));
        }
        let addr = self.next;
        self.next += span;
        self.allocs.insert(addr, vec![0; size]);
        self.live += bytes;
        Ok(addr)
    }

    pub fn free(&mut self, addr: u64) -> Result<(), String> {
        let data = self
            .allocs
            .remove(&addr)
            .ok_or_else(|| format!("free of {addr:#x}, which is not the start of an allocation"))?;
        self.live -= data.len() as u64;
        Ok(())
    }

    /// The allocation holding `addr..addr + len`: (its start, its bytes).
    fn locate(&self, addr: u64, len: usize) -> Result<(u64, &[u8]), String> {
        let (&base, data) = self
            .allocs
            .range(..=addr)
            .next_back()
            .ok_or_else(|| format!("global address {addr:#x} is not in any allocation"))?;
        Self::bounds(base, data.len(), addr, len)?;
        Ok((base, data))
    }

    fn bounds(base: u64, size: usize, addr: u64, len: usize) -> Result<(), String> {
        let off = (addr - base) as usize;
        if off + len > size {
            return Err(format!(
                "global access of {len} bytes at {addr:#x} is out of bounds of the {size}-byte allocation at {base:#x}"
            ));
        }
        Ok(())
    }

    pub fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), String> {
        let (base, data) = self.locate(addr, out.len())?;
        let off = (addr - base) as usize;
        copy_small(out, &data[off..off + out.len()]);
        Ok(())
    }

    pub fn write(&mut self, addr: u64, bytes: &[u8]) -> Result<(), String> {
        let (&base, data) = self
            .allocs
            .range_mut(..=addr)
            .next_back()
            .ok_or_else(|| format!("global address {addr:#x} is not in any allocation"))?;
        Self::bounds(base, data.len(), addr, bytes.len())?;
        let off = (addr - base) as usize;
        copy_small(&mut data[off..off + bytes.len()], bytes);
        Ok(())
    }
}

/// `dst.copy_from_slice(src)` with the common access sizes as fixed-size copies: a copy of a
/// length known only at run time is a call into the C library, slower than the access.
#[inline(always)]
pub fn copy_small(dst: &mut [u8], src: &[u8]) {
    fn fixed<const N: usize>(dst: &mut [u8], src: &[u8]) {
        let d: &mut [u8; N] = dst.try_into().expect("N bytes");
        *d = src[..N].try_into().expect("N bytes");
    }
    match dst.len() {
        4 => fixed::<4>(dst, src),
        8 => fixed::<8>(dst, src),
        1 => fixed::<1>(dst, src),
        2 => fixed::<2>(dst, src),
        _ => dst.copy_from_slice(src),
    }
}

/// `flags.fill(true)`, with the common access sizes as fixed-size stores (see `copy_small`).
#[inline(always)]
pub fn set_small(flags: &mut [bool]) {
    fn fixed<const N: usize>(flags: &mut [bool]) {
        let f: &mut [bool; N] = flags.try_into().expect("N flags");
        *f = [true; N];
    }
    match flags.len() {
        4 => fixed::<4>(flags),
        8 => fixed::<8>(flags),
        _ => flags.fill(true),
    }
}

/// How one CTA reads and writes global memory during a launch.
pub trait GlobalPort {
    fn load(&mut self, addr: u64, out: &mut [u8]) -> Result<(), String>;
    fn store(&mut self, addr: u64, bytes: &[u8]) -> Result<(), String>;

    /// A warp's aligned `size`-byte loads (`size` 4 or 8) at `addrs` for the lanes in `exec`,
    /// zero-extended into `out`, exactly as `load` lane by lane would read them, when every
    /// lane is inside one allocation. Returns false, having changed nothing, when it cannot
    /// tell that (or does not know how), so the caller falls back to `load` per lane.
    fn load_row(&mut self, addrs: &[u64; 32], exec: u32, size: usize, out: &mut [u64; 32]) -> bool {
        let _ = (addrs, exec, size, out);
        false
    }

    /// A warp's aligned `size`-byte stores (`size` 4 or 8) of `vals` at `addrs` for the
    /// lanes in `exec`, in lane order, exactly as `store` lane by lane; false, having changed
    /// nothing, under the same conditions as `load_row`.
    fn store_row(&mut self, addrs: &[u64; 32], exec: u32, size: usize, vals: &[u64; 32]) -> bool {
        let _ = (addrs, exec, size, vals);
        false
    }
}

/// The lowest and highest address of the lanes in `exec` (which is not empty).
#[inline(always)]
fn span(addrs: &[u64; 32], exec: u32) -> (u64, u64) {
    let (mut lo, mut hi) = (u64::MAX, 0);
    for (l, &a) in addrs.iter().enumerate() {
        if exec >> l & 1 != 0 {
            lo = lo.min(a);
            hi = hi.max(a);
        }
    }
    (lo, hi)
}

/// Direct access: CTAs run one after another in CTA order.
pub struct DirectPort<'a>(pub &'a mut GlobalMemory);

impl GlobalPort for DirectPort<'_> {
    fn load(&mut self, addr: u64, out: &mut [u8]) -> Result<(), String> {
        self.0.read(addr, out)
    }
    fn store(&mut self, addr: u64, bytes: &[u8]) -> Result<(), String> {
        self.0.write(addr, bytes)
    }

    fn load_row(&mut self, addrs: &[u64; 32], exec: u32, size: usize, out: &mut [u64; 32]) -> bool {
        if exec == 0 {
            return false;
        }
        let (lo, hi) = span(addrs, exec);
        // Allocations are disjoint, so a span inside one holds every lane's access.
        let Ok((base, data)) = self.0.locate(lo, (hi - lo) as usize + size) else {
            return false;
        };
        for (l, v) in out.iter_mut().enumerate() {
            if exec >> l & 1 != 0 {
                let off = (addrs[l] - base) as usize;
                *v = word_at(&data[off..], size);
            }
        }
        true
    }

    fn store_row(&mut self, addrs: &[u64; 32], exec: u32, size: usize, vals: &[u64; 32]) -> bool {
        if exec == 0 {
            return false;
        }
        let (lo, hi) = span(addrs, exec);
        let Some((&base, data)) = self.0.allocs.range_mut(..=lo).next_back() else {
            return false;
        };
        if GlobalMemory::bounds(base, data.len(), lo, (hi - lo) as usize + size).is_err() {
            return false;
        }
        for (l, &v) in vals.iter().enumerate() {
            if exec >> l & 1 != 0 {
                let off = (addrs[l] - base) as usize;
                copy_small(&mut data[off..off + size], &v.to_le_bytes()[..size]);
            }
        }
        true
    }
}

/// The first `size` bytes (4 or 8) of `bytes` as a little-endian word, zero-extended.
#[inline(always)]
fn word_at(bytes: &[u8], size: usize) -> u64 {
    if size == 4 {
        u64::from(u32::from_le_bytes(bytes[..4].try_into().expect("4 bytes")))
    } else {
        u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"))
    }
}

/// Bytes per page of a `WriteLog`: a warp's coalesced access mostly falls in one page.
const LOG_PAGE: u64 = 256;

/// One page of a `WriteLog`: the bytes written and which of them were.
#[derive(Debug)]
struct LogPage {
    page: u64,
    bytes: [u8; LOG_PAGE as usize],
    written: [u64; LOG_PAGE as usize / 64],
}

/// A CTA's global writes: the last value of every byte it wrote, by 256-byte page.
#[derive(Debug, Default)]
pub struct WriteLog {
    pages: Vec<LogPage>,
    /// Page number → index in `pages`.
    index: FxHashMap<u64, u32>,
    /// The last page touched (page number, index): consecutive lanes mostly hit it again.
    last: Option<(u64, u32)>,
    /// Bytes from `lo` to `hi` (exclusive) cover every logged byte, so loads outside them
    /// (mostly loads of buffers the CTA does not write) skip the page look-ups.
    lo: u64,
    hi: u64,
}

impl WriteLog {
    /// Whether no logged byte can lie in `addr..addr + len`.
    fn misses(&self, addr: u64, len: usize) -> bool {
        self.pages.is_empty() || addr >= self.hi || addr + len as u64 <= self.lo
    }

    fn find(&mut self, page: u64) -> Option<&mut LogPage> {
        let at = match self.last {
            Some((p, i)) if p == page => i,
            _ => {
                let i = *self.index.get(&page)?;
                self.last = Some((page, i));
                i
            }
        };
        Some(&mut self.pages[at as usize])
    }

    /// The page `page`, created empty if the CTA has not written it yet; one look-up.
    fn page_mut(&mut self, page: u64) -> &mut LogPage {
        let at = match self.last {
            Some((p, i)) if p == page => i,
            _ => {
                let i = match self.index.get(&page) {
                    Some(&i) => i,
                    None => {
                        let i = self.pages.len() as u32;
                        self.pages.push(LogPage {
                            page,
                            bytes: [0; LOG_PAGE as usize],
                            written: [0; LOG_PAGE as usize / 64],
                        });
                        self.index.insert(page, i);
                        i
                    }
                };
                self.last = Some((page, i));
                i
            }
        };
        &mut self.pages[at as usize]
    }
}

/// The runs of bytes `at..at + n` of a page that each lie in one word of its `written`
/// bitmap: (word, first bit, length, mask of the run's bits). Whole words at a time, so an access
/// costs one bit operation per word instead of one per byte.
#[inline(always)]
fn bit_runs(at: usize, n: usize) -> impl Iterator<Item = (usize, usize, usize, u64)> {
    let end = at + n;
    let mut b = at;
    std::iter::from_fn(move || {
        if b >= end {
            return None;
        }
        let (word, off) = (b / 64, b % 64);
        let k = (64 - off).min(end - b);
        let mask = if k == 64 {
            u64::MAX
        } else {
            ((1u64 << k) - 1) << off
        };
        b += k;
        Some((word, off, k, mask))
    })
}

/// Private access for CTAs that run in parallel: reads see memory as it was at launch plus
/// this CTA's own writes; writes go to a log (bytes + which bytes are written) that `apply`
/// replays in CTA order after the launch. Used only for kernels without global atomics,
/// where no CTA may observe another CTA's writes within one launch.
pub struct LoggedPort<'a> {
    pub base: &'a GlobalMemory,
    pub log: WriteLog,
    /// The allocation of the last access (start, bytes): warps mostly touch one buffer at a
    /// time, so this skips most allocation look-ups.
    last: Option<(u64, &'a [u8])>,
}

impl<'a> LoggedPort<'a> {
    pub fn new(base: &'a GlobalMemory) -> Self {
        LoggedPort {
            base,
            log: WriteLog::default(),
            last: None,
        }
    }

    /// The bytes of the allocation holding `addr..addr + len`, and `addr`'s offset in them.
    #[inline]
    fn locate(&mut self, addr: u64, len: usize) -> Result<(&'a [u8], usize), String> {
        // Allocations are disjoint, so the one holding `addr` is the one the full look-up
        // finds, and its bounds error is the same.
        if let Some((base, data)) = self.last
            && addr >= base
            && addr - base < data.len() as u64
        {
            GlobalMemory::bounds(base, data.len(), addr, len)?;
            return Ok((data, (addr - base) as usize));
        }
        let (base, data) = self.base.locate(addr, len)?;
        self.last = Some((base, data));
        Ok((data, (addr - base) as usize))
    }

    /// Writes every logged byte into `memory`. Each byte was bounds-checked when it was
    /// logged, and a run of written bytes never spans two allocations (they are separated by
    /// unmapped bytes), so each run is one write.
    pub fn apply(log: WriteLog, memory: &mut GlobalMemory) {
        for p in &log.pages {
            let mut i = 0;
            while i < LOG_PAGE as usize {
                if p.written[i / 64] >> (i % 64) & 1 == 0 {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < LOG_PAGE as usize && p.written[i / 64] >> (i % 64) & 1 != 0 {
                    i += 1;
                }
                let _ = memory.write(p.page * LOG_PAGE + start as u64, &p.bytes[start..i]);
            }
        }
    }
}

impl GlobalPort for LoggedPort<'_> {
    fn load(&mut self, addr: u64, out: &mut [u8]) -> Result<(), String> {
        let (data, off) = self.locate(addr, out.len())?;
        copy_small(out, &data[off..off + out.len()]);
        if self.log.misses(addr, out.len()) {
            return Ok(());
        }
        let mut i = 0;
        while i < out.len() {
            let a = addr + i as u64;
            let at = (a % LOG_PAGE) as usize;
            let n = (LOG_PAGE as usize - at).min(out.len() - i);
            if let Some(p) = self.log.find(a / LOG_PAGE) {
                for (word, off, len, mask) in bit_runs(at, n) {
                    let bits = p.written[word] & mask;
                    // Byte `b` of the page is at `out[b - at + i]`.
                    let first = word * 64 + off;
                    let dst = &mut out[first - at + i..first - at + i + len];
                    if bits == mask {
                        copy_small(dst, &p.bytes[first..first + len]);
                    } else if bits != 0 {
                        for (k, d) in dst.iter_mut().enumerate() {
                            if bits >> (off + k) & 1 != 0 {
                                *d = p.bytes[first + k];
                            }
                        }
                    }
                }
            }
            i += n;
        }
        Ok(())
    }

    fn store(&mut self, addr: u64, bytes: &[u8]) -> Result<(), String> {
        self.locate(addr, bytes.len())?;
        if !bytes.is_empty() {
            let log = &mut self.log;
            let end = addr + bytes.len() as u64;
            if log.pages.is_empty() {
                (log.lo, log.hi) = (addr, end);
            } else {
                (log.lo, log.hi) = (log.lo.min(addr), log.hi.max(end));
            }
        }
        let mut i = 0;
        while i < bytes.len() {
            let a = addr + i as u64;
            let at = (a % LOG_PAGE) as usize;
            let n = (LOG_PAGE as usize - at).min(bytes.len() - i);
            let p = self.log.page_mut(a / LOG_PAGE);
            copy_small(&mut p.bytes[at..at + n], &bytes[i..i + n]);
            for (word, _, _, mask) in bit_runs(at, n) {
                p.written[word] |= mask;
            }
            i += n;
        }
        Ok(())
    }

    fn load_row(&mut self, addrs: &[u64; 32], exec: u32, size: usize, out: &mut [u64; 32]) -> bool {
        if exec == 0 {
            return false;
        }
        let (lo, hi) = span(addrs, exec);
        // Allocations are disjoint, so a span inside one holds every lane's access.
        let Ok((data, lo_off)) = self.locate(lo, (hi - lo) as usize + size) else {
            return false;
        };
        let log = &mut self.log;
        let logged = !log.misses(lo, (hi - lo) as usize + size);
        for (l, v) in out.iter_mut().enumerate() {
            if exec >> l & 1 == 0 {
                continue;
            }
            let a = addrs[l];
            let off = lo_off + (a - lo) as usize;
            let mut word = word_at(&data[off..], size);
            if logged
                && !log.misses(a, size)
                && let Some(p) = log.find(a / LOG_PAGE)
            {
                // Aligned, so the access lies in one page and one word of its bitmap.
                let at = (a % LOG_PAGE) as usize;
                let mask = (u64::MAX >> (64 - size)) << (at % 64);
                let bits = p.written[at / 64] & mask;
                if bits != 0 {
                    let mine = word_at(&p.bytes[at..], size);
                    // Byte k of the access comes from the log when its bit is set.
                    let mut sel = 0u64;
                    for k in 0..size {
                        if bits >> (at % 64 + k) & 1 != 0 {
                            sel |= 0xff << (8 * k);
                        }
                    }
                    word = (word & !sel) | (mine & sel);
                }
            }
            *v = word;
        }
        true
    }

    fn store_row(&mut self, addrs: &[u64; 32], exec: u32, size: usize, vals: &[u64; 32]) -> bool {
        if exec == 0 {
            return false;
        }
        let (lo, hi) = span(addrs, exec);
        if self.locate(lo, (hi - lo) as usize + size).is_err() {
            return false;
        }
        let log = &mut self.log;
        let end = hi + size as u64;
        if log.pages.is_empty() {
            (log.lo, log.hi) = (lo, end);
        } else {
            (log.lo, log.hi) = (log.lo.min(lo), log.hi.max(end));
        }
        for (l, &v) in vals.iter().enumerate() {
            if exec >> l & 1 == 0 {
                continue;
            }
            let a = addrs[l];
            // Aligned, so the access lies in one page and one word of its bitmap.
            let at = (a % LOG_PAGE) as usize;
            let p = log.page_mut(a / LOG_PAGE);
            copy_small(&mut p.bytes[at..at + size], &v.to_le_bytes()[..size]);
            p.written[at / 64] |= (u64::MAX >> (64 - size)) << (at % 64);
        }
        true
    }
}
