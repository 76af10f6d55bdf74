//! `sim`: the simulator's speed in warp instructions per second, every counter on, on two
//! workloads (64 CTAs × 256 threads each):
//! - `spin`: the ALU/branch loop of `runtime/sim/examples/spin.ptx` (5.1 M warp instructions
//!   at the default 2000 iterations);
//! - `exchange`: the memory loop of `runtime/sim/examples/exchange.ptx`, coalesced global
//!   loads and stores, a shared-memory exchange between two barriers and a branch that splits
//!   every warp, at an eighth of the iterations (about as many warp instructions).
//!
//! Each run is a fresh launch on a fresh device; the untimed first run warms caches and the
//! thread pool. The fastest and the median timed runs are reported: on a shared machine the
//! fastest is the least disturbed by other load. Beside wall-clock rates, each line gives the
//! rate per CPU-second of the whole process over the launch (all worker threads), the best of
//! the runs: that is the per-core figure. Each workload also runs once more on one thread with
//! the cycle model off (`SimConfig::cycle_model`), the model's cost.

use anyhow::{Result, anyhow, bail};
use lockstep_sim::{Device, SimConfig};
use std::time::Instant;

const SPIN_PTX: &str = include_str!("../../../runtime/sim/examples/spin.ptx");
const EXCHANGE_PTX: &str = include_str!("../../../runtime/sim/examples/exchange.ptx");
const GRID: u32 = 64;
const BLOCK: u32 = 256;

#[derive(Clone, Copy)]
enum Workload {
    Spin,
    Exchange,
}

impl Workload {
    fn name(self) -> &'static str {
        match self {
            Workload::Spin => "spin",
            Workload::Exchange => "exchange",
        }
    }

    fn what(self) -> &'static str {
        match self {
            Workload::Spin => "ALU/branch loop",
            Workload::Exchange => "global ld/st, shared exchange, 2 bar.sync, divergent branch",
        }
    }

    /// Loop iterations for the `--iterations` given (which counts spin iterations).
    fn iterations(self, spin_iterations: u32) -> u32 {
        match self {
            Workload::Spin => spin_iterations,
            // An exchange iteration is about eight times the warp instructions of a spin one.
            Workload::Exchange => (spin_iterations / 8).max(1),
        }
    }
}

/// CPU time of this process so far (every thread), in seconds.
fn process_cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for clock_gettime to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    if rc != 0 {
        return f64::NAN;
    }
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// One launch of `workload`: (warp instructions executed, wall seconds, process CPU seconds).
fn launch_once(
    workload: Workload,
    threads: usize,
    iterations: u32,
    cycle_model: bool,
) -> Result<(u64, f64, f64)> {
    let mut dev = Device::new(SimConfig {
        threads,
        cycle_model,
        ..SimConfig::default()
    });
    let (file, text) = match workload {
        Workload::Spin => ("spin.ptx", SPIN_PTX),
        Workload::Exchange => ("exchange.ptx", EXCHANGE_PTX),
    };
    let module = dev
        .load_ptx(file, text)
        .map_err(|e| anyhow!("{file} does not load: {e:?}"))?;
    let words = u64::from(GRID * BLOCK);
    let alloc = |dev: &mut Device| {
        dev.alloc(words * 4)
            .map_err(|e| anyhow!("allocating a buffer: {e:?}"))
    };
    let out = alloc(&mut dev)?;
    let mut params = vec![out.to_le_bytes().to_vec()];
    if let Workload::Exchange = workload {
        let input = alloc(&mut dev)?;
        let bytes: Vec<u8> = (0..words as u32)
            .flat_map(|i| i.wrapping_mul(2654435761).to_le_bytes())
            .collect();
        dev.write(input, &bytes)
            .map_err(|e| anyhow!("writing the input: {e:?}"))?;
        params.insert(0, input.to_le_bytes().to_vec());
    }
    params.push(iterations.to_le_bytes().to_vec());
    let start = Instant::now();
    let cpu_start = process_cpu_seconds();
    let stats = dev
        .launch(
            module,
            workload.name(),
            [GRID, 1, 1],
            [BLOCK, 1, 1],
            0,
            &params,
        )
        .map_err(|e| anyhow!("the {} kernel faulted: {e:?}", workload.name()))?;
    let wall = start.elapsed().as_secs_f64();
    Ok((stats.inst_executed, wall, process_cpu_seconds() - cpu_start))
}

pub fn sim(threads: &[usize], runs: usize, iterations: u32) -> Result<()> {
    if threads.is_empty() {
        bail!("no thread counts given");
    }
    for workload in [Workload::Spin, Workload::Exchange] {
        let n = workload.iterations(iterations);
        println!(
            "simulator throughput, workload {}: {}, {GRID} CTAs x {BLOCK} threads, {n} \
             iterations; fastest and median of {} runs",
            workload.name(),
            workload.what(),
            runs.max(1)
        );
        // Every counter and the cycle model on, at each thread count; then one thread with
        // the cycle model off, which shows what the model costs.
        let configs = threads
            .iter()
            .map(|&t| (t, true))
            .chain(std::iter::once((1, false)));
        for (t, cycle_model) in configs {
            launch_once(workload, t, n, cycle_model)?;
            let mut rates = Vec::with_capacity(runs.max(1));
            let mut cpu_rate = 0.0f64;
            let mut insts = 0;
            for _ in 0..runs.max(1) {
                let (count, secs, cpu) = launch_once(workload, t, n, cycle_model)?;
                insts = count;
                rates.push(count as f64 / secs / 1e6);
                cpu_rate = cpu_rate.max(count as f64 / cpu / 1e6);
            }
            rates.sort_by(f64::total_cmp);
            // The 50 M target is the ALU/branch loop's with everything on.
            let target = match workload {
                Workload::Spin if cycle_model => "   [target >= 50 per core]",
                _ => "",
            };
            let model = if cycle_model { "on " } else { "off" };
            println!(
                "{:8} threads {t:2} cycle model {model}  {insts} warp-inst  best {:6.1}  median \
                 {:6.1} M warp-inst/s  per CPU-second {cpu_rate:6.1}{target}",
                workload.name(),
                rates[rates.len() - 1],
                rates[(rates.len() - 1) / 2]
            );
        }
    }
    Ok(())
}
