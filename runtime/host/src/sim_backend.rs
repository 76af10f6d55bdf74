//! The default backend: lockstep-sim's `Device`, recording every launch's
//! counters.
//!
//! Invariants:
//! - Kernels are found by name across the loaded modules (exactly, else by
//!   their Itanium-mangled name, see [`resolve_kernel`]); a name
//!   defined by two modules is an error at load time, so a launch never
//!   picks between two kernels silently.
//! - Every successful launch appends one [`LaunchRecord`], in launch order;
//!   the simulator is synchronous, so `synchronize` has nothing to wait for.
//! - A simulator fault that names a kernel is a [`BackendError::Fault`];
//!   host-side device errors (bad copy, unknown kernel) are
//!   [`BackendError::Error`].

use crate::backend::{Backend, BackendError, LaunchRequest, resolve_kernel};
use lockstep_sim::{BranchProfile, Device, Fault, LaunchStats, ModuleId, SimConfig};

/// One launch and its counters.
#[derive(Clone, Debug)]
pub struct LaunchRecord {
    pub kernel: String,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub stats: LaunchStats,
}

/// The simulator as a [`Backend`].
pub struct SimBackend {
    device: Device,
    kernels: Vec<(String, ModuleId)>,
    pub launches: Vec<LaunchRecord>,
}

impl SimBackend {
    pub fn new(config: SimConfig) -> SimBackend {
        SimBackend {
            device: Device::new(config),
            kernels: Vec::new(),
            launches: Vec::new(),
        }
    }

    /// Every conditional branch that ran, with its counts summed over all
    /// launches (the `--profile` data).
    pub fn branch_profile(&self) -> Vec<BranchProfile> {
        self.device.branch_profile()
    }

    /// The sum of every launch's counters.
    pub fn totals(&self) -> LaunchStats {
        let mut t = LaunchStats::default();
        for l in &self.launches {
            t.add(&l.stats);
        }
        t
    }
}

fn device_error(f: Fault) -> BackendError {
    if f.kernel.is_empty() {
        BackendError::Error(f.message)
    } else {
        BackendError::Fault(f.to_string())
    }
}

impl Backend for SimBackend {
    fn load_ptx(&mut self, file: &str, ptx: &str) -> Result<(), BackendError> {
        let id = self
            .device
            .load_ptx(file, ptx)
            .map_err(|e| BackendError::Located(e.to_string()))?;
        for k in self.device.kernels(id) {
            if self.kernels.iter().any(|(n, _)| *n == k) {
                return Err(BackendError::Error(format!(
                    "{file}: kernel '{k}' is already defined by another loaded PTX module"
                )));
            }
            self.kernels.push((k, id));
        }
        Ok(())
    }
    fn alloc(&mut self, bytes: u64) -> Result<u64, BackendError> {
        self.device.alloc(bytes).map_err(device_error)
    }
    fn free(&mut self, addr: u64) -> Result<(), BackendError> {
        self.device.free(addr).map_err(device_error)
    }
    fn copy_to_device(&mut self, dst: u64, src: &[u8]) -> Result<(), BackendError> {
        self.device.write(dst, src).map_err(device_error)
    }
    fn copy_to_host(&mut self, dst: &mut [u8], src: u64) -> Result<(), BackendError> {
        self.device.read(src, dst).map_err(device_error)
    }
    fn copy_device_to_device(
        &mut self,
        dst: u64,
        src: u64,
        bytes: u64,
    ) -> Result<(), BackendError> {
        let len = usize::try_from(bytes)
            .map_err(|_| BackendError::Error(format!("copy of {bytes} bytes is too large")))?;
        let mut buf = vec![0u8; len];
        self.device.read(src, &mut buf).map_err(device_error)?;
        self.device.write(dst, &buf).map_err(device_error)
    }
    fn launch(&mut self, l: &LaunchRequest<'_>) -> Result<(), BackendError> {
        let (name, module) = resolve_kernel(&self.kernels, l.kernel)?;
        let stats = self
            .device
            .launch(module, &name, l.grid, l.block, l.dynamic_shared, l.args)
            .map_err(device_error)?;
        self.launches.push(LaunchRecord {
            kernel: name,
            grid: l.grid,
            block: l.block,
            stats,
        });
        Ok(())
    }
    fn synchronize(&mut self) -> Result<(), BackendError> {
        Ok(())
    }
}
