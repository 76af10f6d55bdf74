//! Measures simulator speed in warp instructions per second on an ALU/branch loop
//! (`spin.ptx`), once: `cargo run --release -p lockstep-sim --example throughput [THREADS]`.
//! `lockstep-bench sim` repeats it and reports the best and median runs.
use lockstep_sim::{Device, SimConfig};
use std::time::Instant;

/// An ALU/branch loop: each thread runs `n` iterations of five instructions.
const PTX: &str = include_str!("spin.ptx");

fn main() {
    let threads: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let mut dev = Device::new(SimConfig {
        threads,
        ..SimConfig::default()
    });
    let m = dev.load_ptx("spin.ptx", PTX).expect("valid PTX");
    let (grid, block, n) = (64u32, 256u32, 2000u32);
    let out = dev.alloc(u64::from(grid * block) * 4).expect("alloc");
    let start = Instant::now();
    let stats = dev
        .launch(
            m,
            "spin",
            [grid, 1, 1],
            [block, 1, 1],
            0,
            &[out.to_le_bytes().to_vec(), n.to_le_bytes().to_vec()],
        )
        .expect("runs");
    let secs = start.elapsed().as_secs_f64();
    println!(
        "threads={threads} inst_executed={} time={secs:.3}s rate={:.1} M warp-inst/s",
        stats.inst_executed,
        stats.inst_executed as f64 / secs / 1e6
    );
}
