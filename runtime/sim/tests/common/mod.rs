//! Helpers shared by the simulator's integration tests: the PTX header, a device with a small
//! instruction budget, running one kernel of a PTX text, and moving u32/f32 buffers and kernel
//! parameters.
// Each test crate includes this module and uses only part of it.
#![allow(dead_code)]

use lockstep_sim::{Device, Fault, LaunchStats, SimConfig};

pub const HEADER: &str = ".version 8.0\n.target sm_80\n.address_size 64\n";

pub fn device() -> Device {
    Device::new(SimConfig {
        max_warp_insts: 100_000,
        ..SimConfig::default()
    })
}

pub fn u32s(dev: &Device, addr: u64, n: usize) -> Vec<u32> {
    let mut bytes = vec![0u8; n * 4];
    dev.read(addr, &mut bytes).unwrap();
    bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

pub fn f32s(dev: &Device, addr: u64, n: usize) -> Vec<f32> {
    u32s(dev, addr, n).into_iter().map(f32::from_bits).collect()
}

pub fn upload_u32(dev: &mut Device, values: &[u32]) -> u64 {
    let addr = dev.alloc(values.len() as u64 * 4).unwrap();
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    dev.write(addr, &bytes).unwrap();
    addr
}

pub fn run(
    ptx: &str,
    kernel: &str,
    grid: u32,
    block: u32,
    params: &[Vec<u8>],
) -> (Device, Result<LaunchStats, Fault>) {
    let mut dev = device();
    let text = format!("{HEADER}{ptx}");
    let m = dev
        .load_ptx("test.ptx", &text)
        .unwrap_or_else(|e| panic!("{e}"));
    let r = dev.launch(m, kernel, [grid, 1, 1], [block, 1, 1], 0, params);
    (dev, r)
}

pub fn p64(v: u64) -> Vec<u8> {
    v.to_le_bytes().to_vec()
}
pub fn p32(v: u32) -> Vec<u8> {
    v.to_le_bytes().to_vec()
}
