//! lockstep-sim: a SIMT simulator that runs PTX decoded by `lockstep-ptx-reader`.
//!
//! Invariants:
//! - A `Device` owns global memory and the loaded modules; modules are decoded once at `load`.
//! - Every launch is deterministic: CTAs of kernels without global atomics run in parallel
//!   (rayon) against the memory as it was at launch plus their own writes, and their writes
//!   are merged in CTA order afterwards; kernels with global atomics run their CTAs one after
//!   another in CTA order. Inside a CTA, warps run round-robin and lanes in lane order. So
//!   memory, float atomics and counters are identical on every run and any thread count.
//! - Counters of a launch are summed over CTAs in CTA order.
//! - Undefined behaviour the simulator detects (out-of-bounds or misaligned accesses, divergent
//!   or mismatched barriers, non-uniform `bra.uni`, bad collective masks, hangs) is a `Fault`
//!   naming the kernel, PTX line, CTA, warp and lane; it never panics.
//! - A launch executes at most `SimConfig::max_warp_insts` warp instructions over all its CTAs;
//!   the CTA whose instructions go past it faults, and the other CTAs stop at their next warp
//!   turn. The count covers executed instructions only, so whether a launch faults this way
//!   depends on its total alone, never on how its CTAs interleave.

mod code;
mod decode;
mod exec;
mod memory;
mod reconverge;
mod stats;
mod timing;

pub use lockstep_ptx_reader as ptx;
pub use memory::{CONST_WINDOW, GLOBAL_BASE, LOCAL_WINDOW, SHARED_WINDOW};
pub use reconverge::{IpdomStack, NO_RECONVERGENCE, PathEntry, Reconvergence, Split};
pub use stats::{BranchCounts, BranchProfile, LaunchStats};

use code::Program;
use exec::{Cta, LaunchShape, Stop};
use memory::{DirectPort, GlobalMemory, LoggedPort};
use rayon::prelude::*;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Simulator limits and parallelism.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// Warp instructions one launch may execute, over all its CTAs, before it faults as a
    /// hang (the default is over 100 times the largest launch of `examples/` and `benches/`).
    pub max_warp_insts: u64,
    /// Warp instructions a warp runs before the next warp of its CTA gets a turn.
    pub quantum: u32,
    /// Worker threads for CTAs (0: rayon's default).
    pub threads: usize,
    /// Shared memory per CTA (static + dynamic), in bytes.
    pub max_shared_per_cta: u32,
    /// Local memory per thread, in bytes: one function's `.local` variables (and its
    /// parameter area) at load, the whole call stack's at each call. The CUDA C Programming
    /// Guide's limit for compute capability 2.0 and later (sm_80, sm_90) is 512 KiB; ptxas
    /// itself accepts a 1 GiB frame.
    pub max_local_per_thread: u32,
    /// Device memory: the bytes all live global allocations (`alloc` and `.global`
    /// variables) may hold. Host memory backs them.
    pub max_global_bytes: u64,
    /// If set, each finished CTA adds its warp instructions here, so a front end can show
    /// progress from another thread while a launch runs.
    pub progress: Option<Arc<AtomicU64>>,
    /// Run the timing model (on by default). Off, `cycles` is 0 and every other counter is
    /// unchanged; it exists to measure what the model costs.
    pub cycle_model: bool,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            max_warp_insts: DEFAULT_MAX_WARP_INSTS,
            quantum: 256,
            threads: 0,
            max_shared_per_cta: 227 * 1024,
            max_local_per_thread: 512 * 1024,
            max_global_bytes: 16 << 30,
            progress: None,
            cycle_model: true,
        }
    }
}

/// The default `SimConfig::max_warp_insts`.
pub const DEFAULT_MAX_WARP_INSTS: u64 = 100_000_000;

/// A simulated fault: undefined behaviour or an error the program caused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub kernel: String,
    pub ptx_line: u32,
    pub cta: [u32; 3],
    pub warp: u32,
    pub lane: Option<u32>,
    pub message: String,
}

impl Fault {
    fn host(message: String) -> Fault {
        Fault {
            kernel: String::new(),
            ptx_line: 0,
            cta: [0; 3],
            warp: 0,
            lane: None,
            message,
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kernel.is_empty() {
            return write!(f, "device error: {}", self.message);
        }
        write!(
            f,
            "device fault in kernel {} at PTX line {}, CTA ({}, {}, {}), warp {}",
            self.kernel, self.ptx_line, self.cta[0], self.cta[1], self.cta[2], self.warp
        )?;
        if let Some(lane) = self.lane {
            write!(f, ", lane {lane}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for Fault {}

/// A module loaded on a `Device`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ModuleId(pub u32);

/// The simulated GPU: global memory and loaded modules.
pub struct Device {
    config: SimConfig,
    global: GlobalMemory,
    modules: Vec<Program>,
    /// Conditional-branch counts per module, function and instruction, summed over launches.
    profile: Vec<Vec<Vec<BranchCounts>>>,
    pool: Option<rayon::ThreadPool>,
}

impl Device {
    pub fn new(config: SimConfig) -> Device {
        let pool = (config.threads > 0)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(config.threads)
                    .build()
                    .ok()
            })
            .flatten();
        Device {
            global: GlobalMemory::with_limit(config.max_global_bytes),
            config,
            modules: Vec::new(),
            profile: Vec::new(),
            pool,
        }
    }

    fn limits(&self) -> decode::Limits {
        decode::Limits {
            shared: u64::from(self.config.max_shared_per_cta),
            local: u64::from(self.config.max_local_per_thread),
            global: self.config.max_global_bytes,
        }
    }

    /// Decodes `module` once; instructions the simulator cannot run fault when reached. A
    /// module whose memory exceeds the limits (`SimConfig`) is refused before anything is
    /// allocated.
    pub fn load(&mut self, module: ptx::Module) -> Result<ModuleId, Fault> {
        decode::check_limits(&module, &self.limits()).map_err(|e| Fault::host(e.message))?;
        Ok(self.load_checked(&module))
    }

    fn load_checked(&mut self, module: &ptx::Module) -> ModuleId {
        let program = decode::decode(module, &mut self.global);
        self.profile.push(vec![Vec::new(); program.funcs.len()]);
        self.modules.push(program);
        ModuleId(self.modules.len() as u32 - 1)
    }

    /// Reads PTX text and loads it; a declaration over a limit is an error located at it.
    pub fn load_ptx(&mut self, file: &str, text: &str) -> Result<ModuleId, ptx::PtxError> {
        let module = ptx::read_ptx(file, text)?;
        if let Err(e) = decode::check_limits(&module, &self.limits()) {
            let pos = match e.at {
                decode::LimitAt::Decl(pos) => pos,
                decode::LimitAt::Line(line) => text
                    .split_inclusive('\n')
                    .take(line.saturating_sub(1) as usize)
                    .map(str::len)
                    .sum(),
            };
            return Err(ptx::PtxError::at(file, text, pos, e.message));
        }
        let id = self.load_checked(&module);
        self.modules[id.0 as usize].ptx_file = file.to_string();
        Ok(id)
    }

    /// Kernel names of a loaded module, in file order.
    pub fn kernels(&self, m: ModuleId) -> Vec<String> {
        self.modules.get(m.0 as usize).map_or_else(Vec::new, |p| {
            p.kernels
                .iter()
                .map(|&k| p.funcs[k as usize].name.clone())
                .collect()
        })
    }

    /// Instructions of a loaded module the simulator cannot execute, as
    /// `function:PTX line: reason` (they fault only when reached).
    pub fn unsupported(&self, m: ModuleId) -> Vec<String> {
        let Some(p) = self.modules.get(m.0 as usize) else {
            return Vec::new();
        };
        p.funcs
            .iter()
            .flat_map(|f| {
                f.insts
                    .iter()
                    .zip(&f.line_of)
                    .filter_map(move |(inst, line)| match &inst.op {
                        code::Op::Unsupported(why) => Some(format!("{}:{line}: {why}", f.name)),
                        _ => None,
                    })
            })
            .collect()
    }

    /// Every conditional branch that ran since the last `clear_profile`, in module, function
    /// and instruction order.
    pub fn branch_profile(&self) -> Vec<BranchProfile> {
        let mut out = Vec::new();
        for (prog, funcs) in self.modules.iter().zip(&self.profile) {
            for (func, counts) in prog.funcs.iter().zip(funcs) {
                for (pc, c) in counts.iter().enumerate().filter(|(_, c)| c.warp_visits > 0) {
                    let source = func
                        .locs
                        .get(pc)
                        .copied()
                        .flatten()
                        .map(|(file, line, col)| {
                            let name = prog
                                .files
                                .iter()
                                .find(|(i, _)| *i == file)
                                .map_or_else(String::new, |(_, n)| n.clone());
                            (name, line, col)
                        });
                    out.push(BranchProfile {
                        function: func.name.clone(),
                        ptx_file: prog.ptx_file.clone(),
                        ptx_line: func.line_of.get(pc).copied().unwrap_or(0),
                        source,
                        counts: *c,
                    });
                }
            }
        }
        out
    }

    pub fn clear_profile(&mut self) {
        for funcs in &mut self.profile {
            funcs.iter_mut().for_each(Vec::clear);
        }
    }

    pub fn alloc(&mut self, bytes: u64) -> Result<u64, Fault> {
        self.global.alloc(bytes).map_err(Fault::host)
    }

    pub fn free(&mut self, addr: u64) -> Result<(), Fault> {
        self.global.free(addr).map_err(Fault::host)
    }

    pub fn write(&mut self, addr: u64, bytes: &[u8]) -> Result<(), Fault> {
        self.global.write(addr, bytes).map_err(Fault::host)
    }

    pub fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), Fault> {
        self.global.read(addr, out).map_err(Fault::host)
    }

    /// Runs `kernel` of module `m`; `params` holds each kernel parameter's bytes in order.
    pub fn launch(
        &mut self,
        m: ModuleId,
        kernel: &str,
        grid: [u32; 3],
        block: [u32; 3],
        dynamic_shared: u32,
        params: &[Vec<u8>],
    ) -> Result<LaunchStats, Fault> {
        let prog = self
            .modules
            .get(m.0 as usize)
            .ok_or_else(|| Fault::host(format!("unknown module {}", m.0)))?;
        let kernel_idx = *prog
            .kernels
            .iter()
            .find(|&&k| prog.funcs[k as usize].name == kernel)
            .ok_or_else(|| Fault::host(format!("no kernel named {kernel} in the loaded PTX")))?;
        let func = &prog.funcs[kernel_idx as usize];
        let launch_fault = |message: String| Fault {
            kernel: kernel.to_string(),
            ..Fault::host(message)
        };
        if params.len() != func.params.len() {
            return Err(launch_fault(format!(
                "kernel takes {} parameters, launch passes {}",
                func.params.len(),
                params.len()
            )));
        }
        let mut buffer = vec![0u8; func.param_bytes as usize];
        for (i, (&(at, size), bytes)) in func.params.iter().zip(params).enumerate() {
            if bytes.len() != size as usize {
                return Err(launch_fault(format!(
                    "parameter {i} is {size} bytes, launch passes {}",
                    bytes.len()
                )));
            }
            buffer[at as usize..(at + size) as usize].copy_from_slice(bytes);
        }
        let threads: u64 = block.iter().map(|&d| u64::from(d)).product();
        // CUDA's grid limits (x < 2^31, y and z <= 65535) also bound the per-CTA results kept.
        if threads == 0
            || threads > 1024
            || grid.contains(&0)
            || grid[0] > i32::MAX as u32
            || grid[1] > 65535
            || grid[2] > 65535
        {
            return Err(launch_fault(format!(
                "invalid launch configuration: grid {grid:?}, block {block:?}"
            )));
        }
        // Every CTA executes at least one warp instruction: more CTAs than the budget cannot
        // finish, and are refused before their per-CTA state is allocated.
        let cta_count: u64 = grid.iter().map(|&d| u64::from(d)).product();
        if cta_count > self.config.max_warp_insts {
            return Err(launch_fault(format!(
                "the launch's {cta_count} CTAs exceed its budget of {} warp instructions",
                self.config.max_warp_insts
            )));
        }
        if u64::from(prog.dynamic_shared_at) + u64::from(dynamic_shared)
            > u64::from(self.config.max_shared_per_cta)
        {
            return Err(launch_fault(format!(
                "CTA needs {} bytes of shared memory, the limit is {}",
                u64::from(prog.dynamic_shared_at) + u64::from(dynamic_shared),
                self.config.max_shared_per_cta
            )));
        }
        let shape = LaunchShape {
            kernel: kernel_idx,
            grid,
            block,
            dynamic_shared,
            params: &buffer,
            budget: self.config.max_warp_insts,
            executed: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            max_local: u64::from(self.config.max_local_per_thread),
            quantum: self.config.quantum.max(1),
            cycle_model: self.config.cycle_model,
        };
        let model = IpdomStack;
        let ctas: Vec<[u32; 3]> = (0..grid[2])
            .flat_map(|z| (0..grid[1]).flat_map(move |y| (0..grid[0]).map(move |x| [x, y, z])))
            .collect();
        let mut total = LaunchStats {
            launches: 1,
            ..LaunchStats::default()
        };
        let mut times = Vec::with_capacity(ctas.len());
        let warps_per_cta = threads.div_ceil(32);
        let shared_per_cta = u64::from(prog.dynamic_shared_at) + u64::from(dynamic_shared);
        let progress = self.config.progress.as_deref();
        let sequential = ctas.len() == 1 || prog.funcs.iter().any(|f| f.has_global_atomics);
        if sequential {
            for &ctaid in &ctas {
                let mut cta = Cta::new(prog, &shape, &model, ctaid, DirectPort(&mut self.global));
                cta.run().map_err(|s| match s {
                    Stop::Fault(f) => f,
                    // Only a fault stops CTAs, and it ends this loop first.
                    Stop::Cancelled => launch_fault("launch stopped".into()),
                })?;
                report_progress(progress, &cta.stats);
                total.add(&cta.stats);
                times.push(cta.time);
                merge_profile(&mut self.profile[m.0 as usize], &cta.profile);
            }
            if self.config.cycle_model {
                total.cycles = timing::kernel_cycles(&times, warps_per_cta, shared_per_cta);
            }
            return Ok(total);
        }
        let global = &self.global;
        let run_all = || {
            ctas.par_iter()
                .map(|&ctaid| {
                    let port = LoggedPort::new(global);
                    let mut cta = Cta::new(prog, &shape, &model, ctaid, port);
                    cta.run()?;
                    report_progress(progress, &cta.stats);
                    Ok((cta.stats, cta.time, cta.profile, cta.global.log))
                })
                .collect::<Vec<Result<_, Stop>>>()
        };
        let results = match &self.pool {
            Some(pool) => pool.install(run_all),
            None => run_all(),
        };
        // The first fault in CTA order; CTAs cancelled by another's budget fault report none.
        if let Some(fault) = results.iter().find_map(|r| match r {
            Err(Stop::Fault(f)) => Some(f.clone()),
            _ => None,
        }) {
            return Err(fault);
        }
        let mut logs = Vec::with_capacity(results.len());
        for r in results {
            let Ok((stats, time, profile, log)) = r else {
                return Err(launch_fault("launch stopped".into()));
            };
            total.add(&stats);
            times.push(time);
            merge_profile(&mut self.profile[m.0 as usize], &profile);
            logs.push(log);
        }
        for log in logs {
            LoggedPort::apply(log, &mut self.global);
        }
        if self.config.cycle_model {
            total.cycles = timing::kernel_cycles(&times, warps_per_cta, shared_per_cta);
        }
        Ok(total)
    }
}

fn report_progress(progress: Option<&AtomicU64>, stats: &LaunchStats) {
    if let Some(p) = progress {
        p.fetch_add(stats.inst_executed, Ordering::Relaxed);
    }
}

fn merge_profile(into: &mut [Vec<BranchCounts>], from: &[Vec<BranchCounts>]) {
    for (dst, src) in into.iter_mut().zip(from) {
        if src.is_empty() {
            continue;
        }
        if dst.is_empty() {
            dst.resize(src.len(), BranchCounts::default());
        }
        for (d, s) in dst.iter_mut().zip(src) {
            d.add(s);
        }
    }
}
