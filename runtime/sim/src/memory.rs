//! Device memory: global allocations, the generic-address windows, and the two ways a CTA
//! reaches global memory (directly, or through a private write log merged after the launch).
//!
//! Invariants: global allocations are disjoint, start at `GLOBAL_BASE` or above, are 256-byte
//! aligned and separated by at least 256 unmapped bytes, so a small overrun faults. A generic
//! address is global exactly when it lies in no window; the shared, local and const windows
//! hold `WINDOW + space address` (local also encodes the call depth), so `cvta` is exact.

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

    fn locate(&self, addr: u64, len: usize) -> Result<(u64, usize), String> {
        let (&base, data) = self
            .allocs
            .range(..=addr)
            .next_back()
            .ok_or_else(|| format!("global address {addr:#x} is not in any allocation"))?;
        let off = (addr - base) as usize;
        if off + len > data.len() {
            return Err(format!(
                "global access of {len} bytes at {addr:#x} is out of bounds of the {}-byte allocation at {base:#x}",
                data.len()
            ));
        }
        Ok((base, off))
    }

    pub fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), String> {
        let (base, off) = self.locate(addr, out.len())?;
        out.copy_from_slice(&self.allocs[&base][off..off + out.len()]);
        Ok(())
    }

    pub fn write(&mut self, addr: u64, bytes: &[u8]) -> Result<(), String> {
        let (base, off) = self.locate(addr, bytes.len())?;
        let data = self
            .allocs
            .get_mut(&base)
            .expect("located allocation exists");
        data[off..off + bytes.len()].copy_from_slice(bytes);
        Ok(())
    }

    pub fn check(&self, addr: u64, len: usize) -> Result<(), String> {
        self.locate(addr, len).map(|_| ())
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

/// Private access for CTAs that run in parallel: reads see memory as it was at launch plus
/// this CTA's own writes; writes go to a log of 8-byte words (bytes + which bytes are
/// written) that `apply` replays in CTA order after the launch. Used only for kernels without
/// global atomics, where no CTA may observe another CTA's writes within one launch.
pub struct LoggedPort<'a> {
    pub base: &'a GlobalMemory,
    pub log: FxHashMap<u64, ([u8; 8], u8)>,
}

impl LoggedPort<'_> {
    pub fn apply(log: FxHashMap<u64, ([u8; 8], u8)>, memory: &mut GlobalMemory) {
        let mut words: Vec<_> = log.into_iter().collect();
        words.sort_unstable_by_key(|(word, _)| *word);
        for (word, (bytes, written)) in words {
            for i in 0..8 {
                if written & (1 << i) != 0 {
                    // Bounds were checked when the store was logged.
                    let _ = memory.write(word * 8 + i as u64, &bytes[i..i + 1]);
                }
            }
        }
    }
}

impl GlobalPort for LoggedPort<'_> {
    fn load(&mut self, addr: u64, out: &mut [u8]) -> Result<(), String> {
        self.base.read(addr, out)?;
        if self.log.is_empty() {
            return Ok(());
        }
        for (i, byte) in out.iter_mut().enumerate() {
            let a = addr + i as u64;
            if let Some((bytes, written)) = self.log.get(&(a / 8))
                && written & (1 << (a % 8)) != 0
            {
                *byte = bytes[(a % 8) as usize];
            }
        }
        Ok(())
    }

    fn store(&mut self, addr: u64, bytes: &[u8]) -> Result<(), String> {
        self.base.check(addr, bytes.len())?;
        for (i, &byte) in bytes.iter().enumerate() {
            let a = addr + i as u64;
            let entry = self.log.entry(a / 8).or_insert(([0; 8], 0));
            entry.0[(a % 8) as usize] = byte;
            entry.1 |= 1 << (a % 8);
        }
        Ok(())
    }
}
