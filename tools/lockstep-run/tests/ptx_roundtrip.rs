//! The PTX importer's round trip on whole programs: every `examples/*.cu` and
//! `benches/*.cu` is compiled to PTX by nvcc (`-ptx -O3 -arch sm_80`) and by
//! clang-22 (the oracle's device command), and run by `lockstep-run` with
//! those kernels three ways: as they are (`--device-ptx`), raised and written
//! back with no pass in between (`--optimize-device-ptx=`, the identity), and
//! raised, optimized with the -O3 device passes and written back
//! (`--optimize-device-ptx`).
//!
//! Invariants:
//! - All three runs of a program print the same stdout and exit with the same
//!   status; the baseline itself exits with 0 and prints
//!   `<dir>/expected/<stem>.out`, so three identical failures cannot pass.
//! - A failure names the program, the compiler and the mode, with the
//!   command's stderr.
//! - A missing nvcc or clang-22 follows the harness's policy
//!   (`lockstep_tests::tools`): skipped with a loud message locally, a
//!   failure under `CI=true` or `LOCKSTEP_REQUIRE_TOOLS=1`. `$LOCKSTEP_NVCC`
//!   names an nvcc explicitly, as for lockstep-difftest.
//! - At most two programs run at once (the CI machines have two cores).

use lockstep_tests::cuda::{CLANG, compile_device_ptx, cu_files};
use lockstep_tests::tools::{ToolSpec, require_tool};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

const NVCC: ToolSpec = ToolSpec {
    tool: "nvcc",
    names: &["nvcc"],
    install: "PyPI packages nvidia-cuda-nvcc, nvidia-cuda-runtime and nvidia-cuda-crt (scripts/test installs them)",
};

/// Concurrent programs: each is one `lockstep-run` process at a time.
const WORKERS: usize = 2;

/// The runs compared, by name: the `lockstep-run` flags after `--device-ptx X.ptx`.
const MODES: [(&str, &[&str]); 3] = [
    ("baseline", &[]),
    ("identity", &["--optimize-device-ptx="]),
    ("-O3", &["--optimize-device-ptx"]),
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[derive(Clone, Copy)]
enum Compiler<'a> {
    Nvcc(&'a Path),
    Clang(&'a Path),
}

impl Compiler<'_> {
    fn name(&self) -> &'static str {
        match self {
            Compiler::Nvcc(_) => "nvcc",
            Compiler::Clang(_) => "clang-22",
        }
    }

    /// Compiles `cu`'s device code to `ptx`; the error holds the command's output.
    fn compile(&self, cu: &Path, ptx: &Path) -> Result<(), String> {
        match *self {
            Compiler::Clang(clang) => compile_device_ptx(clang, cu, ptx),
            Compiler::Nvcc(nvcc) => {
                // REFERENCE §9: nvcc takes the programs unmodified, no prelude.
                let out = Command::new(nvcc)
                    .args(["-ptx", "-O3", "-arch", "sm_80", "-w"])
                    .arg(cu)
                    .arg("-o")
                    .arg(ptx)
                    .output()
                    .map_err(|e| format!("cannot run {}: {e}", nvcc.display()))?;
                if out.status.success() {
                    return Ok(());
                }
                Err(format!(
                    "nvcc failed ({}) on {}:\n{}",
                    out.status,
                    cu.display(),
                    String::from_utf8_lossy(&out.stderr)
                ))
            }
        }
    }
}

fn nvcc() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("LOCKSTEP_NVCC").filter(|v| !v.is_empty()) {
        let p = PathBuf::from(p);
        assert!(p.is_file(), "$LOCKSTEP_NVCC={} is not a file", p.display());
        return Some(p);
    }
    require_tool(&NVCC)
}

fn run(cu: &Path, ptx: &Path, flags: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lockstep-run"))
        .arg(cu)
        .arg("--device-ptx")
        .arg(ptx)
        .args(flags)
        .output()
        .expect("lockstep-run starts")
}

fn describe(what: &str, out: &Output) -> String {
    format!(
        "{what}: status {:?}\n--- stdout ---\n{}--- stderr ---\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Compiles `cu` with `compiler` into `scratch` and runs it in every mode;
/// the failures, each naming the program, the compiler and the mode.
fn check(compiler: Compiler<'_>, cu: &Path, scratch: &Path) -> Vec<String> {
    let dir = cu
        .parent()
        .and_then(Path::file_name)
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = cu.file_stem().unwrap().to_string_lossy().into_owned();
    let program = format!("{dir}/{stem}.cu");
    let ptx = scratch.join(format!("{}-{dir}-{stem}.ptx", compiler.name()));
    if let Err(e) = compiler.compile(cu, &ptx) {
        return vec![format!("{program} ({}): {e}", compiler.name())];
    }
    let mut failures = Vec::new();
    let runs: Vec<(&str, Output)> = MODES
        .iter()
        .map(|(mode, flags)| (*mode, run(cu, &ptx, flags)))
        .collect();
    let (_, base) = &runs[0];
    let expected = cu
        .parent()
        .unwrap()
        .join("expected")
        .join(format!("{stem}.out"));
    match std::fs::read(&expected) {
        Ok(want) if base.status.code() == Some(0) && base.stdout == want => {}
        Ok(want) => failures.push(format!(
            "{program} ({}, baseline): not status 0 with {}\n{}--- expected stdout ---\n{}",
            compiler.name(),
            expected.display(),
            describe("baseline", base),
            String::from_utf8_lossy(&want)
        )),
        Err(e) => failures.push(format!("{program}: {}: {e}", expected.display())),
    }
    for (mode, out) in &runs[1..] {
        if out.status.code() != base.status.code() || out.stdout != base.stdout {
            failures.push(format!(
                "{program} ({}, {mode}): differs from the baseline run\n{}\n{}",
                compiler.name(),
                describe(mode, out),
                describe("baseline", base)
            ));
        }
    }
    failures
}

#[test]
fn nvcc_and_clang_ptx_round_trip_through_the_importer() {
    let nvcc = nvcc();
    let clang = require_tool(&CLANG);
    let mut compilers = Vec::new();
    if let Some(p) = &nvcc {
        compilers.push(Compiler::Nvcc(p));
    }
    if let Some(p) = &clang {
        compilers.push(Compiler::Clang(p));
    }
    if compilers.is_empty() {
        return;
    }
    let mut programs = cu_files(&repo().join("examples"));
    programs.extend(cu_files(&repo().join("benches")));
    assert!(
        programs.len() > 20,
        "examples/ and benches/ hold the programs"
    );
    let jobs: Vec<(Compiler<'_>, &Path)> = compilers
        .iter()
        .flat_map(|c| programs.iter().map(move |p| (*c, p.as_path())))
        .collect();

    let scratch =
        std::env::temp_dir().join(format!("lockstep-ptx-roundtrip-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..WORKERS {
            s.spawn(|| {
                while let Some(&(compiler, cu)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let f = check(compiler, cu, &scratch);
                    failures.lock().unwrap().extend(f);
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&scratch);
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} program runs failed:\n{}",
        failures.len(),
        jobs.len(),
        failures.join("\n---\n")
    );
    eprintln!(
        "{} programs x {} compilers, each the same under {}",
        programs.len(),
        compilers.len(),
        MODES.map(|(m, _)| m).join(", ")
    );
}
