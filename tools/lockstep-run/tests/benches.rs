//! The benchmark suite end to end: every `benches/*.cu` prints exactly
//! `benches/expected/<stem>.out` and exits with status 0 under
//! `lockstep-run -O0`, `-O3`, and `-O3 --device-ptx` with clang-22's PTX.
//!
//! Invariants: a `.cu` without an expected output is a failure (a program
//! cannot join the suite unchecked); without clang-22 the PTX run is
//! skipped loudly on stderr, except under `CI=true`, where it fails.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn bench_programs() -> Vec<PathBuf> {
    let mut programs: Vec<PathBuf> = std::fs::read_dir(repo().join("benches"))
        .expect("benches/ exists")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "cu"))
        .collect();
    programs.sort();
    assert!(!programs.is_empty(), "no benches/*.cu found");
    programs
}

fn stem(cu: &Path) -> String {
    cu.file_stem().unwrap().to_string_lossy().into_owned()
}

fn expected_output(cu: &Path) -> Result<String, String> {
    let path = repo()
        .join("benches/expected")
        .join(format!("{}.out", stem(cu)));
    std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Runs `lockstep-run <cu> <flags>`; `None` when the output matches.
fn mismatch(cu: &Path, flags: &[String]) -> Option<String> {
    let want = match expected_output(cu) {
        Ok(text) => text,
        Err(e) => return Some(format!("missing expected output: {e}")),
    };
    let out = Command::new(env!("CARGO_BIN_EXE_lockstep-run"))
        .arg(cu)
        .args(flags)
        .output()
        .expect("lockstep-run starts");
    let got = String::from_utf8_lossy(&out.stdout);
    if out.status.code() == Some(0) && got == want {
        return None;
    }
    Some(format!(
        "{} {}: status {:?}\nstdout:\n{got}\nexpected:\n{want}\nstderr:\n{}",
        cu.display(),
        flags.join(" "),
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    ))
}

#[test]
fn benches_print_expected_output_at_o0_and_o3() {
    let mut failures = Vec::new();
    for cu in bench_programs() {
        for level in ["-O0", "-O3"] {
            failures.extend(mismatch(&cu, &[level.to_string()]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}

fn clang_available() -> bool {
    if Command::new("clang-22").arg("--version").output().is_ok() {
        return true;
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "clang-22 is required under CI=true (Debian package clang-22)"
    );
    eprintln!("SKIPPED: clang-22 not found; the benches --device-ptx check did not run");
    false
}

#[test]
fn benches_run_with_clang_ptx() {
    if !clang_available() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("lockstep-run-benches-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cuda = repo().join("tests/cuda");
    let mut failures = Vec::new();
    for cu in bench_programs() {
        let ptx = dir.join(format!("{}.ptx", stem(&cu)));
        let out = Command::new("clang-22")
            .args(["-x", "cuda", "-nocudainc", "-nocudalib"])
            .args(["--cuda-gpu-arch=sm_80", "--cuda-device-only"])
            .args(["--cuda-feature=+ptx80", "-O3", "-S", "-include"])
            .arg(cuda.join("prelude.h"))
            .arg("-isystem")
            .arg(cuda.join("include"))
            .arg(&cu)
            .arg("-o")
            .arg(&ptx)
            .output()
            .expect("clang-22 starts");
        if !out.status.success() {
            failures.push(format!(
                "clang-22 failed on {}:\n{}",
                cu.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        }
        let flags = [
            "-O3".to_string(),
            "--device-ptx".to_string(),
            ptx.to_string_lossy().into_owned(),
        ];
        failures.extend(mismatch(&cu, &flags));
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}
