//! Measures simulator speed in warp instructions per second, once, on the ALU/branch loop of
//! `spin.ptx` or the memory loop of `exchange.ptx`:
//! `cargo run --release -p lockstep-sim --example throughput [THREADS] [spin|exchange]`.
//! `lockstep-bench sim` repeats both and reports the best and median runs.
use lockstep_sim::{Device, SimConfig};
use std::time::Instant;

/// An ALU/branch loop: each thread runs `n` iterations of five instructions.
const SPIN: &str = include_str!("spin.ptx");
/// Global loads and stores, a shared-memory exchange between barriers and a divergent branch.
const EXCHANGE: &str = include_str!("exchange.ptx");

fn main() {
    let mut args = std::env::args().skip(1);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let workload = args.next().unwrap_or_else(|| "spin".to_string());
    let mut dev = Device::new(SimConfig {
        threads,
        ..SimConfig::default()
    });
    let (grid, block) = (64u32, 256u32);
    let words = u64::from(grid * block);
    let out = dev.alloc(words * 4).expect("alloc");
    let (m, n, params) = match workload.as_str() {
        "exchange" => {
            let input = dev.alloc(words * 4).expect("alloc");
            let n = 250u32;
            let params = vec![
                input.to_le_bytes().to_vec(),
                out.to_le_bytes().to_vec(),
                n.to_le_bytes().to_vec(),
            ];
            (dev.load_ptx("exchange.ptx", EXCHANGE), n, params)
        }
        _ => {
            let n = 2000u32;
            let params = vec![out.to_le_bytes().to_vec(), n.to_le_bytes().to_vec()];
            (dev.load_ptx("spin.ptx", SPIN), n, params)
        }
    };
    let m = m.expect("valid PTX");
    let kernel = if workload == "exchange" {
        "exchange"
    } else {
        "spin"
    };
    let start = Instant::now();
    let stats = dev
        .launch(m, kernel, [grid, 1, 1], [block, 1, 1], 0, &params)
        .expect("runs");
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{kernel}: threads={threads} iterations={n} inst_executed={} time={secs:.3}s rate={:.1} M warp-inst/s",
        stats.inst_executed,
        stats.inst_executed as f64 / secs / 1e6
    );
}
