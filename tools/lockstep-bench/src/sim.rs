//! `sim`: the simulator's speed in warp instructions per second, every counter on, on the
//! ALU/branch loop of `runtime/sim/examples/spin.ptx` (64 CTAs × 256 threads, 5.1 M warp
//! instructions by default).
//!
//! Each run is a fresh launch on a fresh device; the untimed first run warms caches and the
//! thread pool. The fastest and the median timed runs are reported: on a shared machine the
//! fastest is the least disturbed by other load.

use anyhow::{Result, anyhow, bail};
use lockstep_sim::{Device, SimConfig};
use std::time::Instant;

const SPIN_PTX: &str = include_str!("../../../runtime/sim/examples/spin.ptx");
const GRID: u32 = 64;
const BLOCK: u32 = 256;

/// One launch of the spin kernel: (warp instructions executed, seconds).
fn launch_once(threads: usize, iterations: u32) -> Result<(u64, f64)> {
    let mut dev = Device::new(SimConfig {
        threads,
        ..SimConfig::default()
    });
    let module = dev
        .load_ptx("spin.ptx", SPIN_PTX)
        .map_err(|e| anyhow!("spin.ptx does not load: {e:?}"))?;
    let out = dev
        .alloc(u64::from(GRID * BLOCK) * 4)
        .map_err(|e| anyhow!("allocating the output: {e:?}"))?;
    let params = [
        out.to_le_bytes().to_vec(),
        iterations.to_le_bytes().to_vec(),
    ];
    let start = Instant::now();
    let stats = dev
        .launch(module, "spin", [GRID, 1, 1], [BLOCK, 1, 1], 0, &params)
        .map_err(|e| anyhow!("the spin kernel faulted: {e:?}"))?;
    Ok((stats.inst_executed, start.elapsed().as_secs_f64()))
}

pub fn sim(threads: &[usize], runs: usize, iterations: u32) -> Result<()> {
    if threads.is_empty() {
        bail!("no thread counts given");
    }
    println!(
        "simulator throughput: spin loop, {GRID} CTAs x {BLOCK} threads, {iterations} iterations; \
         fastest and median of {} runs",
        runs.max(1)
    );
    for &t in threads {
        launch_once(t, iterations)?;
        let mut rates = Vec::with_capacity(runs.max(1));
        let mut insts = 0;
        for _ in 0..runs.max(1) {
            let (n, secs) = launch_once(t, iterations)?;
            insts = n;
            rates.push(n as f64 / secs / 1e6);
        }
        rates.sort_by(f64::total_cmp);
        println!(
            "threads {t:2}  {insts} warp-inst  best {:6.1}  median {:6.1} M warp-inst/s   \
             [target >= 50 per core]",
            rates[rates.len() - 1],
            rates[(rates.len() - 1) / 2]
        );
    }
    Ok(())
}
