//! The device side of the runtime as a trait, so the host interpreter runs
//! unchanged on the SIMT simulator or on a real GPU.
//!
//! Invariants:
//! - Device addresses are plain `u64`s the backend hands out; the host
//!   interpreter never dereferences them, it only passes them back.
//! - Kernel arguments are passed as one little-endian byte vector per
//!   `.param`, in declaration order, sized by the IR type of the argument
//!   (`i32`/`f32` 4 bytes, `i64`/`f64`/pointers 8, `i8`/`i1` 1, `i16` 2).
//! - A backend reports a simulated fault (undefined behaviour in a kernel)
//!   as [`BackendError::Fault`], and any other failure (unknown kernel,
//!   bad copy) as [`BackendError::Error`]; the runtime turns the first into
//!   exit status 2.

use std::fmt;

/// Why a backend call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackendError {
    /// The device detected undefined behaviour; the text is the full report.
    Fault(String),
    /// Any other failure.
    Error(String),
    /// A diagnostic about the user's input that already names its `file:line:col` and shows
    /// the offending line (a PTX file the reader rejects), printed as it is.
    Located(String),
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackendError::Fault(m) | BackendError::Error(m) | BackendError::Located(m) => {
                f.write_str(m)
            }
        }
    }
}

/// One kernel launch.
#[derive(Clone, Debug)]
pub struct LaunchRequest<'a> {
    pub kernel: &'a str,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_shared: u32,
    pub args: &'a [Vec<u8>],
}

/// What the host runtime needs from a device.
pub trait Backend {
    /// Makes the kernels of a PTX text launchable by name.
    fn load_ptx(&mut self, file: &str, ptx: &str) -> Result<(), BackendError>;
    fn alloc(&mut self, bytes: u64) -> Result<u64, BackendError>;
    fn free(&mut self, addr: u64) -> Result<(), BackendError>;
    fn copy_to_device(&mut self, dst: u64, src: &[u8]) -> Result<(), BackendError>;
    fn copy_to_host(&mut self, dst: &mut [u8], src: u64) -> Result<(), BackendError>;
    fn copy_device_to_device(&mut self, dst: u64, src: u64, bytes: u64)
    -> Result<(), BackendError>;
    fn launch(&mut self, launch: &LaunchRequest<'_>) -> Result<(), BackendError>;
    fn synchronize(&mut self) -> Result<(), BackendError>;
}

/// The loaded kernel a launch of `kernel` runs, with what the backend keeps beside its name
/// (its module): the one of that exact name, else the one whose Itanium-mangled name is a
/// global-namespace function named `kernel` (`_Z12bitonic_sortPi` for `bitonic_sort`), as
/// clang names the kernels of a C++ program. Two such overloads are an error rather than a
/// guess.
pub fn resolve_kernel<T: Copy>(
    loaded: &[(String, T)],
    kernel: &str,
) -> Result<(String, T), BackendError> {
    if let Some((n, t)) = loaded.iter().find(|(n, _)| n == kernel) {
        return Ok((n.clone(), *t));
    }
    let prefix = format!("_Z{}{kernel}", kernel.len());
    let mangled: Vec<&(String, T)> = loaded
        .iter()
        .filter(|(n, _)| n.starts_with(&prefix))
        .collect();
    match mangled.as_slice() {
        [(n, t)] => Ok((n.clone(), *t)),
        [] => Err(BackendError::Error(format!(
            "launch of '{kernel}': no loaded PTX defines this kernel"
        ))),
        many => Err(BackendError::Error(format!(
            "launch of '{kernel}': the loaded PTX defines {} overloads ({})",
            many.len(),
            many.iter()
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// A backend for programs without device work: every device call fails.
#[derive(Default, Debug)]
pub struct NoDevice;

impl NoDevice {
    fn refuse<T>(what: &str) -> Result<T, BackendError> {
        Err(BackendError::Error(format!(
            "{what}: this run has no device backend"
        )))
    }
}

impl Backend for NoDevice {
    fn load_ptx(&mut self, _file: &str, _ptx: &str) -> Result<(), BackendError> {
        Ok(())
    }
    fn alloc(&mut self, _bytes: u64) -> Result<u64, BackendError> {
        Self::refuse("device allocation")
    }
    fn free(&mut self, _addr: u64) -> Result<(), BackendError> {
        Self::refuse("device free")
    }
    fn copy_to_device(&mut self, _dst: u64, _src: &[u8]) -> Result<(), BackendError> {
        Self::refuse("copy to the device")
    }
    fn copy_to_host(&mut self, _dst: &mut [u8], _src: u64) -> Result<(), BackendError> {
        Self::refuse("copy from the device")
    }
    fn copy_device_to_device(
        &mut self,
        _dst: u64,
        _src: u64,
        _bytes: u64,
    ) -> Result<(), BackendError> {
        Self::refuse("device-to-device copy")
    }
    fn launch(&mut self, launch: &LaunchRequest<'_>) -> Result<(), BackendError> {
        Self::refuse(&format!("launch of '{}'", launch.kernel))
    }
    fn synchronize(&mut self) -> Result<(), BackendError> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernels_resolve_by_exact_then_mangled_name() {
        let loaded: Vec<(String, usize)> =
            ["vecadd", "_Z12bitonic_sortPi", "_Z1fPi", "_Z1fPf", "_Z2fgi"]
                .iter()
                .enumerate()
                .map(|(i, n)| (n.to_string(), i))
                .collect();
        let r = |k| resolve_kernel(&loaded, k).map(|(name, _)| name);
        assert_eq!(r("vecadd").unwrap(), "vecadd");
        assert_eq!(r("bitonic_sort").unwrap(), "_Z12bitonic_sortPi");
        assert_eq!(r("fg").unwrap(), "_Z2fgi");
        // The name comes with what was stored beside it.
        assert_eq!(resolve_kernel(&loaded, "fg").unwrap().1, 4);
        assert!(r("f").unwrap_err().to_string().contains("2 overloads"));
        assert!(
            r("bitonic")
                .unwrap_err()
                .to_string()
                .contains("no loaded PTX")
        );
    }
}
