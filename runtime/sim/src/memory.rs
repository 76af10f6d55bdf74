//! Device memory: global allocations, the generic-address windows, and the two ways a CTA
//! reaches global memory (directly, or through a private write log merged after the launch).
//!
//! Invariants: global allocations are disjoint, start at `GLOBAL_BASE` or above, are 256-byte
//! aligned and separated by at least 256 unmapped bytes, so a small overrun faults. A generic
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
#[derive(Default, Debug)]
pub struct GlobalMemory {
    allocs: BTreeMap<u64, Vec<u8>>,
    next: u64,
}

impl GlobalMemory {
    pub fn alloc(&mut self, bytes: u64) -> Result<u64, String> {
        if self.next == 0 {
            self.next = GLOBAL_BASE;
        }
        let size = usize::try_from(bytes).map_err(|_| format!("cannot allocate {bytes} bytes"))?;
        let span = bytes.max(1).div_ceil(256) * 256 + 256;
        if self.next + span > SHARED_WINDOW {
            return Err(format!("out of device memory allocating {bytes} bytes"));
        }
        let addr = self.next;
        self.next += span;
        self.allocs.insert(addr, vec![0; size]);
        Ok(addr)
    }

    pub fn free(&mut self, addr: u64) -> Result<(), String> {
        self.allocs
            .remove(&addr)
            .map(|_| ())
            .ok_or_else(|| format!("free of {addr:#x}, which is not the start of an allocation"))
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

    fn page_mut(&mut self, page: u64) -> &mut LogPage {
        if self.find(page).is_none() {
            let i = self.pages.len() as u32;
            self.pages.push(LogPage {
                page,
                bytes: [0; LOG_PAGE as usize],
                written: [0; LOG_PAGE as usize / 64],
            });
            self.index.insert(page, i);
            self.last = Some((page, i));
        }
        self.find(page).expect("the page exists")
    }
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
                for k in 0..n {
                    if p.written[(at + k) / 64] >> ((at + k) % 64) & 1 != 0 {
                        out[i + k] = p.bytes[at + k];
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
            for b in at..at + n {
                p.written[b / 64] |= 1 << (b % 64);
            }
            i += n;
        }
        Ok(())
    }
}
