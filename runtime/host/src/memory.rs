//! Host memory: byte-addressed allocations with bounds.
//!
//! Invariants:
//! - Every allocation lives at its own base address, at least 16-aligned,
//!   with an unmapped gap of at least 16 bytes before the next one, so an
//!   access just past the end of one allocation never lands in another.
//! - Address 0 is never mapped: a null pointer access is an error.
//! - An access is valid only when it lies entirely inside one live
//!   allocation; errors are returned as messages, the caller locates them.
//! - Host addresses start high (`HOST_BASE`) so they are easy to tell
//!   apart from device addresses in reports.

use std::collections::BTreeMap;

const HOST_BASE: u64 = 0x7f00_0000_0000;
const GAP: u64 = 64;

/// All live host allocations.
#[derive(Default, Debug)]
pub struct HostMemory {
    blocks: BTreeMap<u64, Vec<u8>>,
    next: u64,
}

impl HostMemory {
    pub fn new() -> Self {
        HostMemory {
            blocks: BTreeMap::new(),
            next: HOST_BASE,
        }
    }

    /// A zero-filled block of `bytes` bytes aligned to `align` (at least 16).
    pub fn alloc(&mut self, bytes: u64, align: u64) -> Result<u64, String> {
        if bytes > (1 << 36) {
            return Err(format!("host allocation of {bytes} bytes is too large"));
        }
        let align = align.max(16).next_power_of_two();
        let base = self.next.max(HOST_BASE).div_ceil(align) * align;
        self.next = base + bytes.max(1) + GAP;
        self.blocks.insert(base, vec![0; bytes as usize]);
        Ok(base)
    }

    /// Frees the block starting at `addr`; `free(NULL)` does nothing, as in C.
    pub fn free(&mut self, addr: u64) -> Result<(), String> {
        if addr == 0 {
            return Ok(());
        }
        match self.blocks.remove(&addr) {
            Some(_) => Ok(()),
            None => Err(format!(
                "free of {addr:#x}, which is not the start of a live host allocation"
            )),
        }
    }

    fn locate(&self, addr: u64, len: u64) -> Result<(u64, usize), String> {
        if let Some((&base, block)) = self.blocks.range(..=addr).next_back() {
            let offset = addr - base;
            if offset
                .checked_add(len)
                .is_some_and(|end| end <= block.len() as u64)
            {
                return Ok((base, offset as usize));
            }
            if offset < block.len() as u64 + GAP {
                return Err(format!(
                    "host access of {len} bytes at {addr:#x} is out of bounds of the {}-byte allocation at {base:#x}",
                    block.len()
                ));
            }
        }
        if addr == 0 {
            return Err(format!("host access of {len} bytes through a null pointer"));
        }
        Err(format!(
            "host access of {len} bytes at {addr:#x} is not inside a live host allocation"
        ))
    }

    /// The `len` bytes at `addr`.
    pub fn bytes(&self, addr: u64, len: u64) -> Result<&[u8], String> {
        let (base, off) = self.locate(addr, len)?;
        Ok(&self.blocks[&base][off..off + len as usize])
    }

    /// The `len` bytes at `addr`, writable.
    pub fn bytes_mut(&mut self, addr: u64, len: u64) -> Result<&mut [u8], String> {
        let (base, off) = self.locate(addr, len)?;
        let block = self.blocks.get_mut(&base).expect("located block exists");
        Ok(&mut block[off..off + len as usize])
    }

    /// Reads a little-endian value of `size` bytes (1, 2, 4 or 8).
    pub fn read(&self, addr: u64, size: u64) -> Result<u64, String> {
        let b = self.bytes(addr, size)?;
        let mut buf = [0u8; 8];
        buf[..b.len()].copy_from_slice(b);
        Ok(u64::from_le_bytes(buf))
    }

    /// Writes the low `size` bytes of `value`, little-endian.
    pub fn write(&mut self, addr: u64, size: u64, value: u64) -> Result<(), String> {
        let b = self.bytes_mut(addr, size)?;
        b.copy_from_slice(&value.to_le_bytes()[..size as usize]);
        Ok(())
    }

    /// Copies within host memory (`memmove` semantics).
    pub fn copy(&mut self, dst: u64, src: u64, len: u64) -> Result<(), String> {
        let data = self.bytes(src, len)?.to_vec();
        self.bytes_mut(dst, len)?.copy_from_slice(&data);
        Ok(())
    }

    /// The NUL-terminated string at `addr` (for `%s`).
    pub fn c_string(&self, addr: u64) -> Result<Vec<u8>, String> {
        let (base, off) = self.locate(addr, 1)?;
        let block = &self.blocks[&base][off..];
        match block.iter().position(|&c| c == 0) {
            Some(n) => Ok(block[..n].to_vec()),
            None => Err(format!(
                "string at {addr:#x} has no terminating NUL inside its allocation"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_checked() {
        let mut m = HostMemory::new();
        let a = m.alloc(8, 8).unwrap();
        let b = m.alloc(4, 4).unwrap();
        assert!(b >= a + 8 + 16);
        m.write(a + 4, 4, 0xdead_beef).unwrap();
        assert_eq!(m.read(a + 4, 4).unwrap(), 0xdead_beef);
        assert_eq!(m.read(a, 4).unwrap(), 0);
        let e = m.read(a + 6, 4).unwrap_err();
        assert!(e.contains("out of bounds of the 8-byte allocation"), "{e}");
        assert!(m.read(0, 4).unwrap_err().contains("null pointer"));
        m.free(a).unwrap();
        assert!(m.read(a, 4).unwrap_err().contains("not inside a live"));
        assert!(m.free(a).is_err());
        assert!(m.free(0).is_ok());
    }

    #[test]
    fn alignment_and_strings() {
        let mut m = HostMemory::new();
        let a = m.alloc(3, 64).unwrap();
        assert_eq!(a % 64, 0);
        m.bytes_mut(a, 3).unwrap().copy_from_slice(b"hi\0");
        assert_eq!(m.c_string(a).unwrap(), b"hi");
        m.write(a + 2, 1, b'!' as u64).unwrap();
        assert!(m.c_string(a).is_err());
    }
}
