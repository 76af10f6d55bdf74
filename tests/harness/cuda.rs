//! Compiling CUDA with clang-22 as the independent peer, the one way every
//! test does it (REFERENCE §4): no CUDA SDK, `tests/cuda/prelude.h` passed
//! with `-include`, `tests/cuda/include/` for `<cuda_runtime.h>`.
//!
//! Invariant: a missing clang-22 goes through [`crate::tools`]' policy
//! (skip loudly locally, fail under `CI=true`/`LOCKSTEP_REQUIRE_TOOLS=1`).

use crate::tools::ToolSpec;
use std::path::{Path, PathBuf};
use std::process::Command;

pub const CLANG: ToolSpec = ToolSpec {
    tool: "clang-22",
    names: &["clang-22"],
    install: "Debian package clang-22",
};

/// `tests/cuda`: the prelude and the stub headers.
pub fn cuda_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cuda")
}

/// Flags shared by clang's device and host sides: CUDA without an SDK, our
/// prelude and stubs, sm_80.
pub fn common_args() -> Vec<String> {
    let cuda = cuda_dir();
    vec![
        "-x".into(),
        "cuda".into(),
        "-nocudainc".into(),
        "-nocudalib".into(),
        "--cuda-gpu-arch=sm_80".into(),
        "-include".into(),
        cuda.join("prelude.h").to_string_lossy().into_owned(),
        "-isystem".into(),
        cuda.join("include").to_string_lossy().into_owned(),
    ]
}

/// The arguments that compile `source`'s device code to PTX (`-O3`, PTX ISA
/// 8.0) into `out`.
pub fn device_ptx_args(source: &Path, out: &Path) -> Vec<String> {
    let mut args = common_args();
    args.extend(
        [
            "--cuda-device-only",
            "--cuda-feature=+ptx80",
            "-O3",
            "-S",
            "-o",
        ]
        .map(String::from),
    );
    args.push(out.to_string_lossy().into_owned());
    args.push(source.to_string_lossy().into_owned());
    args
}

/// Compiles `source`'s device code to PTX in `out` with `clang`; the error
/// holds the command and clang's stderr.
pub fn compile_device_ptx(clang: &Path, source: &Path, out: &Path) -> Result<(), String> {
    let args = device_ptx_args(source, out);
    let result = Command::new(clang)
        .args(&args)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", clang.display()))?;
    if result.status.success() {
        return Ok(());
    }
    Err(format!(
        "clang failed ({}):\n  {} {}\n{}",
        result.status,
        clang.display(),
        args.join(" "),
        String::from_utf8_lossy(&result.stderr)
    ))
}

/// The `*.cu` files of `dir`, sorted.
pub fn cu_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "cu"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}
