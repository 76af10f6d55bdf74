//! Shared by the glue crate's integration tests: the examples compiled at
//! lockstepc's optimization levels, and the external pieces the C checks
//! need (gcc, CUDA headers, libcuda), each found or loudly skipped.
//!
//! Invariant: a missing `cuda.h` fails the calling test when `CI` or
//! `LOCKSTEP_REQUIRE_TOOLS` is set, and otherwise makes it print
//! `SKIPPED: cuda.h not found ...` and return; it never passes silently.

#![allow(dead_code)]

use lockstep_ir::{Context, OpId};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn repo_root() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    dir.canonicalize().unwrap_or(dir)
}

/// Every `examples/*.cu`, sorted.
pub fn example_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(repo_root().join("examples"))
        .expect("examples/ is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    v.sort();
    assert!(v.len() >= 10, "expected the examples, found {v:?}");
    v
}

pub fn stem(p: &Path) -> String {
    p.file_stem().unwrap().to_string_lossy().into_owned()
}

/// lockstepc's pass pipeline for an optimization level (`None` for -O0).
pub fn pipeline(opt_level: u32) -> Option<&'static str> {
    (opt_level > 0).then_some(
        "builtin.module(device.module(device.kernel(canonicalize,cse),device.func(canonicalize,cse)),func.func(canonicalize,cse))",
    )
}

/// `file` through the front end and the -O`opt_level` pipeline.
pub fn compile_example(file: &Path, opt_level: u32) -> (Context, OpId) {
    let src = std::fs::read_to_string(file).unwrap();
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    compile_source(&name, &src, opt_level)
}

pub fn compile_source(name: &str, src: &str, opt_level: u32) -> (Context, OpId) {
    let mut ctx = lockstep_registry::new_context(false);
    let module = lockstep_frontend::compile(&mut ctx, name, src)
        .unwrap_or_else(|d| panic!("{name}: front end failed: {}", d.message));
    if let Some(p) = pipeline(opt_level) {
        let registry = lockstep_registry::new_registry();
        let mut pm = lockstep_pass::PassManager::parse(p, &registry).expect("pipeline parses");
        let outcome = pm.run(&mut ctx, module);
        assert!(
            !outcome.failed,
            "{name}: -O{opt_level} failed: {:?}",
            outcome
                .diagnostics
                .iter()
                .map(|d| &d.message)
                .collect::<Vec<_>>()
        );
    }
    (ctx, module)
}

/// Parses MLIR text into a fresh context with every dialect.
pub fn parse_mlir(src: &str) -> (Context, OpId) {
    let mut ctx = lockstep_registry::new_context(false);
    let m = lockstep_ir::parse_source(&mut ctx, "t.mlir", src, 1)
        .unwrap_or_else(|d| panic!("parse error: {}", d.message));
    (ctx, m)
}

/// Missing tools fail instead of skipping (`CI`, `LOCKSTEP_REQUIRE_TOOLS`):
/// the test harness's policy.
pub use lockstep_tests::tools::tools_required;

/// The directory holding `cuda.h`: `LOCKSTEP_CUDA_INCLUDE`, the NVIDIA PyPI
/// wheels' `cu13/include`, or `/usr/local/cuda/include`.
pub fn cuda_include_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("LOCKSTEP_CUDA_INCLUDE") {
        let dir = PathBuf::from(dir);
        return dir.join("cuda.h").is_file().then_some(dir);
    }
    let wheel = Command::new("python3")
        .args(["-c", "import nvidia; print(list(nvidia.__path__)[0])"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()).join("cu13/include"));
    wheel
        .into_iter()
        .chain([PathBuf::from("/usr/local/cuda/include")])
        .find(|d| d.join("cuda.h").is_file())
}

/// `cuda_include_dir()`, or `None` after printing the skip line; panics
/// (fails the test) when tools are required.
pub fn cuda_include_or_skip(test: &str) -> Option<PathBuf> {
    match cuda_include_dir() {
        Some(d) => Some(d),
        None if tools_required() => panic!(
            "cuda.h not found (CI requires it): install the PyPI wheels nvidia-cuda-runtime \
             nvidia-cuda-crt (scripts/test does) or set LOCKSTEP_CUDA_INCLUDE"
        ),
        None => {
            eprintln!(
                "SKIPPED: cuda.h not found; {test} did not compile the generated C \
                 (pip install nvidia-cuda-runtime nvidia-cuda-crt, or set LOCKSTEP_CUDA_INCLUDE)"
            );
            None
        }
    }
}

/// Path of the real driver library, if this machine has a GPU driver.
pub fn libcuda() -> Option<PathBuf> {
    let from_ldconfig = ["ldconfig", "/sbin/ldconfig"].iter().find_map(|tool| {
        let out = Command::new(tool).arg("-p").output().ok()?;
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.trim_start().starts_with("libcuda.so.1 "))
            .find_map(|l| l.rsplit("=> ").next().map(|p| PathBuf::from(p.trim())))
    });
    from_ldconfig.filter(|p| p.is_file()).or_else(|| {
        [
            "/usr/lib/x86_64-linux-gnu/libcuda.so.1",
            "/usr/lib64/libcuda.so.1",
            "/usr/lib/wsl/lib/libcuda.so.1",
        ]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
    })
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lockstep-glue-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The C compiler flags every generated file must pass.
pub const STRICT: &[&str] = &["-std=c11", "-Wall", "-Wextra", "-Werror"];

/// Runs gcc with `args`; `Err` carries the command and its diagnostics.
pub fn gcc(args: &[&str]) -> Result<(), String> {
    let out = Command::new("gcc")
        .args(args)
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "gcc {}\n{}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

pub fn run(exe: &Path, env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(exe);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()))
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The hand-written PTX of examples/vecadd.cu's kernel (for real-GPU runs).
pub fn vecadd_ptx() -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/vecadd.ptx"))
        .unwrap()
}

/// A stand-in PTX text: the glue must not care what it says.
pub fn placeholder_ptx(stem: &str) -> String {
    format!("// placeholder PTX for {stem}: \"quoted\" \\ back??=slash\n.version 8.0\n")
}
