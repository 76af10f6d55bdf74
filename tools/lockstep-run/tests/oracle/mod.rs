//! The simulator oracle shared by the `run` (examples/) and `benches`
//! (benches/) tests: every program of a suite directory must exit with
//! status 0 and print exactly `<dir>/expected/<stem>.out` under the given
//! `lockstep-run` flags, and under `-O3 --device-ptx` with clang-22's PTX.
//! The code-motion variants of issue 6 run the same way, each alone on the
//! -O1 device list, so a pass that changes any program's output, or makes a
//! speculated access fault on the simulator, fails here.
//!
//! Invariants: a program without an expected output is a failure (nothing
//! joins a suite unchecked); a missing clang-22 follows the test harness's
//! policy (`lockstep_tests::tools`: skipped loudly, failed under CI).

use lockstep_tests::cuda::{CLANG, compile_device_ptx, cu_files};
use lockstep_tests::tools::require_tool;
use std::path::{Path, PathBuf};
use std::process::Command;

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.cu` programs of `repo()/dir`, sorted; at least one.
pub fn programs(dir: &str) -> Vec<PathBuf> {
    let programs = cu_files(&repo().join(dir));
    assert!(!programs.is_empty(), "no {dir}/*.cu found");
    programs
}

fn stem(cu: &Path) -> String {
    cu.file_stem().unwrap().to_string_lossy().into_owned()
}

pub fn expected_output(cu: &Path) -> Result<String, String> {
    let dir = cu.parent().unwrap_or(Path::new("."));
    let path = dir.join("expected").join(format!("{}.out", stem(cu)));
    std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Runs `lockstep-run <cu> <flags>`; `None` when it exits with 0 and prints
/// the expected output.
pub fn mismatch(cu: &Path, flags: &[String]) -> Option<String> {
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

/// Every program of `dir` at -O0 and -O3; asserts there is no mismatch.
pub fn check_at_o0_and_o3(dir: &str) {
    let mut failures = Vec::new();
    for cu in programs(dir) {
        for level in ["-O0", "-O3"] {
            failures.extend(mismatch(&cu, &[level.to_string()]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}

/// Every program of `dir` with its kernels taken from clang-22's `-O3` PTX
/// (`--device-ptx`); asserts there is no mismatch.
pub fn check_with_clang_ptx(dir: &str) {
    let Some(clang) = require_tool(&CLANG) else {
        return;
    };
    let scratch = std::env::temp_dir().join(format!(
        "lockstep-run-{}-{}",
        dir.replace('/', "-"),
        std::process::id()
    ));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut failures = Vec::new();
    for cu in programs(dir) {
        let ptx = scratch.join(format!("{}.ptx", stem(&cu)));
        if let Err(e) = compile_device_ptx(&clang, &cu, &ptx) {
            failures.push(e);
            continue;
        }
        let flags = [
            "-O3".to_string(),
            "--device-ptx".to_string(),
            ptx.to_string_lossy().into_owned(),
        ];
        failures.extend(mismatch(&cu, &flags));
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}

/// The safe code-motion variants (they never add an evaluation to a path).
pub const SAFE_MOTION: &[&str] = &["lcm", "scm", "srqp", "esrqp"];
/// The speculative variants: they hoist only what cannot fault.
pub const SPECULATIVE_MOTION: &[&str] = &["spre", "sscm", "ssrqp-s", "ssrqp"];
/// The speculative variants with the `speculate-loads=true` opt-in, which trusts every hoisted
/// load to stay in bounds, as the thesis trusts the GPU.
pub const TRUSTING_MOTION: &[&str] = &[
    "spre{speculate-loads=true}",
    "sscm{speculate-loads=true}",
    "ssrqp-s{speculate-loads=true}",
    "ssrqp{speculate-loads=true}",
];

fn motion_flags(variant: &str) -> [String; 2] {
    [
        "-O1".to_string(),
        format!("--device-passes=canonicalize,cse,{variant},canonicalize,cse"),
    ]
}

/// Like [`check_code_motion`] for the opt-in variants, which may hoist a load out of the bounds
/// check that guarded it: each run must print the expected output, or stop with a simulated
/// fault that reports the bad access (exit status 2). A wrong output, or any other failure, is
/// a mismatch. Returns how many runs faulted.
pub fn check_trusting_code_motion(dir: &str, variants: &[&str]) -> usize {
    let mut failures = Vec::new();
    let mut faulted = 0;
    for cu in programs(dir) {
        for v in variants {
            let Some(report) = mismatch(&cu, &motion_flags(v)) else {
                continue;
            };
            if report.contains("status Some(2)") && report.contains("device fault in kernel") {
                faulted += 1;
            } else {
                failures.push(report);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
    faulted
}

/// Every program of `dir` with each pass of `variants` added to the -O1 device list (the
/// pass manager verifies the IR after each pass); asserts there is no mismatch.
pub fn check_code_motion(dir: &str, variants: &[&str]) {
    let mut failures = Vec::new();
    for cu in programs(dir) {
        for v in variants {
            failures.extend(mismatch(&cu, &motion_flags(v)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}

/// The kernel-fusion variants of issue 7, as `--host-passes` lists on -O1: no fusion,
/// traditional fusion of adjacent launches, and KFCM.
pub const FUSION: &[&str] = &[
    "canonicalize,cse",
    "canonicalize,cse,kf-trad",
    "canonicalize,cse,kfcm",
];

/// Dynamic launch counts of one program under each of [`FUSION`], in that order.
pub type LaunchCounts = [u64; 3];

/// Every program of `dir` under each fusion variant: each run must print the expected
/// output, and no variant may launch more often than the one before it in [`FUSION`]
/// (KFCM never worse than kf-trad, kf-trad never worse than no fusion). Returns each
/// program's stem with its launch counts.
pub fn check_kernel_fusion(dir: &str) -> Vec<(String, LaunchCounts)> {
    let scratch = std::env::temp_dir().join(format!(
        "lockstep-run-fusion-{}-{}",
        dir.replace('/', "-"),
        std::process::id()
    ));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut failures = Vec::new();
    let mut counts = Vec::new();
    for cu in programs(dir) {
        let mut launches: LaunchCounts = [0; 3];
        for (k, v) in FUSION.iter().enumerate() {
            let json = scratch.join(format!("{}-{k}.json", stem(&cu)));
            let flags = [
                "-O1".to_string(),
                format!("--host-passes={v}"),
                "--stats-json".to_string(),
                json.to_string_lossy().into_owned(),
            ];
            if let Some(m) = mismatch(&cu, &flags) {
                failures.push(m);
                continue;
            }
            match launches_in(&json) {
                Ok(n) => launches[k] = n,
                Err(e) => failures.push(format!("{}: {e}", cu.display())),
            }
        }
        if launches[2] > launches[1] || launches[1] > launches[0] {
            failures.push(format!(
                "{}: launches none/kf-trad/kfcm = {launches:?}: a fusion pass added launches",
                cu.display()
            ));
        }
        counts.push((stem(&cu), launches));
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
    counts
}

/// `totals.launches` of a `--stats-json` file.
pub fn launches_in(json: &Path) -> Result<u64, String> {
    let text = std::fs::read_to_string(json).map_err(|e| format!("{}: {e}", json.display()))?;
    // The report is flat enough to read the one field without a JSON parser.
    let totals = text
        .find("\"totals\"")
        .ok_or("no \"totals\" in the stats report")?;
    let rest = &text[totals..];
    let at = rest
        .find("\"launches\":")
        .ok_or("no \"launches\" in the totals")?;
    let digits: String = rest[at + "\"launches\":".len()..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits
        .parse()
        .map_err(|e| format!("bad launch count {digits:?}: {e}"))
}
