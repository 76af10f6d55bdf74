//! A real-GPU backend over cudarc's driver API (cargo feature `cuda`). It
//! launches the same PTX the simulator runs; it builds without a CUDA
//! toolkit (the driver is loaded at run time) and works only where a
//! driver and a GPU exist.
//!
//! Invariants:
//! - One CUDA context (device 0) is bound to the calling thread when the
//!   backend is created; every call is synchronous (copies are `_sync`,
//!   launches go to the legacy default stream and `synchronize` waits for
//!   the context), so host code sees results in program order as on the
//!   simulator.
//! - Kernel names resolve as on the simulator ([`resolve_kernel`]): the
//!   names come from the PTX text, read with lockstep-ptx-reader.
//! - Driver errors are [`BackendError::Error`]s naming the call; the driver
//!   reports kernel faults as errors too (there is no simulated fault).

use crate::backend::{Backend, BackendError, LaunchRequest, resolve_kernel};
use cudarc::driver::{CudaContext, CudaFunction, CudaModule, result, sys};
use std::sync::Arc;

/// The CUDA driver as a [`Backend`].
pub struct CudaBackend {
    context: Arc<CudaContext>,
    modules: Vec<Arc<CudaModule>>,
    /// (kernel name, index into `modules`).
    kernels: Vec<(String, usize)>,
    functions: Vec<(String, CudaFunction)>,
}

fn driver(what: &str, e: result::DriverError) -> BackendError {
    BackendError::Error(format!("CUDA driver: {what} failed: {e:?}"))
}

impl CudaBackend {
    /// Device 0 of the machine's driver.
    pub fn new() -> Result<CudaBackend, BackendError> {
        // cudarc panics when it cannot load libcuda: ask first.
        // SAFETY: only tries to open the driver library.
        if !unsafe { sys::is_culib_present() } {
            return Err(BackendError::Error(
                "CUDA driver: libcuda could not be loaded (no NVIDIA driver on this machine)"
                    .into(),
            ));
        }
        let context = CudaContext::new(0).map_err(|e| driver("creating a context", e))?;
        context
            .bind_to_thread()
            .map_err(|e| driver("binding the context", e))?;
        Ok(CudaBackend {
            context,
            modules: Vec::new(),
            kernels: Vec::new(),
            functions: Vec::new(),
        })
    }

    fn function(&mut self, kernel: &str) -> Result<sys::CUfunction, BackendError> {
        let (name, module) = resolve_kernel(&self.kernels, kernel)?;
        if let Some((_, f)) = self.functions.iter().find(|(n, _)| *n == name) {
            return Ok(f.cu_function());
        }
        let f = self.modules[module]
            .load_function(&name)
            .map_err(|e| driver(&format!("loading kernel '{name}'"), e))?;
        let raw = f.cu_function();
        self.functions.push((name, f));
        Ok(raw)
    }
}

impl Backend for CudaBackend {
    fn load_ptx(&mut self, file: &str, ptx: &str) -> Result<(), BackendError> {
        let names: Vec<String> = lockstep_sim::ptx::read_ptx(file, ptx)
            .map_err(|e| BackendError::Located(e.to_string()))?
            .kernels
            .into_iter()
            .map(|k| k.name)
            .collect();
        let module = self
            .context
            .load_module(cudarc::nvrtc::Ptx::from_src(ptx))
            .map_err(|e| driver(&format!("loading {file}"), e))?;
        self.modules.push(module);
        for n in names {
            self.kernels.push((n, self.modules.len() - 1));
        }
        Ok(())
    }
    fn alloc(&mut self, bytes: u64) -> Result<u64, BackendError> {
        // SAFETY: the context is bound to this thread (see `new`).
        unsafe { result::malloc_sync(bytes.max(1) as usize) }.map_err(|e| driver("cuMemAlloc", e))
    }
    fn free(&mut self, addr: u64) -> Result<(), BackendError> {
        // SAFETY: the driver checks that `addr` is a live allocation.
        unsafe { result::free_sync(addr) }.map_err(|e| driver("cuMemFree", e))
    }
    fn copy_to_device(&mut self, dst: u64, src: &[u8]) -> Result<(), BackendError> {
        // SAFETY: synchronous copy of bytes; the driver checks the range.
        unsafe { result::memcpy_htod_sync(dst, src) }.map_err(|e| driver("cuMemcpyHtoD", e))
    }
    fn copy_to_host(&mut self, dst: &mut [u8], src: u64) -> Result<(), BackendError> {
        // SAFETY: synchronous copy of bytes into a live host buffer.
        unsafe { result::memcpy_dtoh_sync(dst, src) }.map_err(|e| driver("cuMemcpyDtoH", e))
    }
    fn copy_device_to_device(
        &mut self,
        dst: u64,
        src: u64,
        bytes: u64,
    ) -> Result<(), BackendError> {
        // SAFETY: synchronous byte copy; the driver checks both ranges.
        unsafe { result::memcpy_dtod_sync(dst, src, bytes as usize) }
            .map_err(|e| driver("cuMemcpyDtoD", e))
    }
    fn launch(&mut self, l: &LaunchRequest<'_>) -> Result<(), BackendError> {
        let f = self.function(l.kernel)?;
        // cuLaunchKernel reads each parameter through a pointer to its bytes,
        // sized by the kernel's .param declaration; `args` holds exactly those
        // bytes and outlives the (synchronized) launch.
        let mut args: Vec<Vec<u8>> = l.args.to_vec();
        let mut params: Vec<*mut std::ffi::c_void> =
            args.iter_mut().map(|a| a.as_mut_ptr().cast()).collect();
        // SAFETY: `f` comes from a loaded module of this context, the
        // parameter pointers are valid for the call, and the launch is
        // synchronized before `args` is dropped.
        unsafe {
            result::launch_kernel(
                f,
                (l.grid[0], l.grid[1], l.grid[2]),
                (l.block[0], l.block[1], l.block[2]),
                l.dynamic_shared,
                std::ptr::null_mut(),
                &mut params,
            )
        }
        .map_err(|e| driver(&format!("launching '{}'", l.kernel), e))?;
        result::ctx::synchronize().map_err(|e| driver(&format!("running '{}'", l.kernel), e))
    }
    fn synchronize(&mut self) -> Result<(), BackendError> {
        result::ctx::synchronize().map_err(|e| driver("cuCtxSynchronize", e))
    }
}
