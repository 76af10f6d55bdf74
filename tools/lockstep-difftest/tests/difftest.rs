//! The random differential tester, tested: generated programs are deterministic, cover every
//! feature, compile under lockstepc's front end; the reducer shrinks a program while an
//! artificial property holds; and a sample of programs agrees under every variant (the CI
//! campaign; `LOCKSTEP_DIFFTEST_SEEDS=N` runs N programs instead of the default).
//!
//! Invariants: clang-22 and nvcc follow the test harness's policy (`lockstep_tests::tools`):
//! missing locally, their variants are skipped with a `SKIPPED:` line; missing under
//! `CI=true` / `LOCKSTEP_REQUIRE_TOOLS=1`, the test fails.

use lockstep_difftest::campaign::{self, Config};
use lockstep_difftest::exec::{self, NVCC_SPEC, Tools};
use lockstep_difftest::progen::{Features, generate};
use lockstep_difftest::{reduce, variants};
use lockstep_tests::cuda::CLANG;
use lockstep_tests::tools::require_tool;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

/// The lockstep-run the campaigns use: `$LOCKSTEP_DIFFTEST_LOCKSTEP_RUN`, else this
/// checkout's release build, built on demand (a debug lockstep-run compiles about ten times
/// slower, which would not fit a few hundred programs times twenty variants in a CI run; the
/// release profile has its own build lock, so cargo can build it from inside `cargo test`).
fn lockstep_run() -> PathBuf {
    static PATH: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    PATH.get_or_init(|| {
        if let Some(p) = std::env::var_os("LOCKSTEP_DIFFTEST_LOCKSTEP_RUN") {
            return PathBuf::from(p);
        }
        // This test runs from <target>/<profile>/deps/.
        let exe = std::env::current_exe().expect("test executable");
        let target = exe.ancestors().nth(3).expect("target dir").to_path_buf();
        let cargo = option_env!("CARGO").unwrap_or("cargo");
        let status = Command::new(cargo)
            .args([
                "build",
                "--release",
                "-p",
                "lockstep-run",
                "--bin",
                "lockstep-run",
            ])
            .env("CARGO_TARGET_DIR", &target)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .expect("cargo starts");
        assert!(
            status.success(),
            "cargo build --release -p lockstep-run failed"
        );
        let p = target.join("release").join("lockstep-run");
        assert!(p.is_file(), "{} missing after the build", p.display());
        p
    })
    .clone()
}

fn compiles(text: &str) -> Result<(), String> {
    let mut ctx = lockstep_registry::new_context(false);
    lockstep_frontend::compile(&mut ctx, "gen.cu", text)
        .map(|_| ())
        .map_err(|d| format!("{d:?}"))
}

#[test]
fn programs_are_deterministic_per_seed() {
    for seed in [0u64, 1, 7, 123_456, u64::MAX] {
        assert_eq!(generate(seed).text, generate(seed).text, "seed {seed}");
    }
    // Different seeds give different programs.
    let texts: std::collections::HashSet<String> = (0..20).map(|s| generate(s).text).collect();
    assert_eq!(texts.len(), 20);
}

#[test]
fn a_sample_covers_every_feature() {
    let mut seen = Features::default();
    let mut votes = 0;
    for seed in 0..200 {
        let f = generate(seed).features;
        votes += f.votes as usize;
        seen.votes |= f.votes;
        seen.shuffles |= f.shuffles;
        seen.atomics |= f.atomics;
        seen.shared_atomics |= f.shared_atomics;
        seen.barriers |= f.barriers;
        seen.narrow |= f.narrow;
        seen.long |= f.long;
        seen.host_loops |= f.host_loops;
        seen.host_branches |= f.host_branches;
        seen.early_return |= f.early_return;
        seen.divergent_loops |= f.divergent_loops;
        seen.helpers |= f.helpers;
        seen.local_arrays |= f.local_arrays;
        seen.floats |= f.floats;
        seen.division |= f.division;
        seen.shifts |= f.shifts;
        seen.compound |= f.compound;
    }
    let all = Features {
        votes: true,
        shuffles: true,
        atomics: true,
        shared_atomics: true,
        barriers: true,
        narrow: true,
        long: true,
        host_loops: true,
        host_branches: true,
        early_return: true,
        divergent_loops: true,
        helpers: true,
        local_arrays: true,
        floats: true,
        division: true,
        shifts: true,
        compound: true,
    };
    assert_eq!(seen, all);
    // Not just once: warp votes appear in a good share of programs.
    assert!(votes >= 20, "only {votes} of 200 programs vote");
    // The features are visible in the text too.
    let text: String = (0..50).map(|s| generate(s).text).collect();
    for needle in [
        "__ballot_sync",
        "__shfl_",
        "__syncthreads();",
        "atomicAdd(",
        "atomicCAS(",
        "unsigned char",
        "short",
        "for (int r",
        "if (",
        "return;",
        "cudaMemcpyDeviceToDevice",
        "warpSize",
    ] {
        assert!(text.contains(needle), "no `{needle}` in 50 programs");
    }
}

#[test]
fn programs_compile_under_lockstepc() {
    for seed in 0..40 {
        let p = generate(seed);
        if let Err(e) = compiles(&p.text) {
            panic!(
                "seed {seed}: lockstepc rejects the program: {e}\n{}",
                p.text
            );
        }
    }
}

/// The reducer against an artificial predicate: the program must keep one particular
/// statement and still compile. The result is much smaller, keeps the statement, compiles,
/// and every line the predicate does not need is gone.
#[test]
fn reducer_shrinks_while_an_artificial_property_holds() {
    let text = generate(11).text;
    // A statement from a kernel body: the first atomic, or else the first store.
    let marker = text
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("atomic"))
        .or_else(|| {
            text.lines()
                .map(str::trim)
                .find(|l| l.starts_with("if (gid < n)"))
        })
        .expect("a kernel statement")
        .to_string();
    let mut pred = |cand: &str| cand.lines().any(|l| l.trim() == marker) && compiles(cand).is_ok();
    assert!(pred(&text));
    let (reduced, stats) = reduce::reduce(&text, &mut pred, 5000);
    assert!(pred(&reduced), "the result must satisfy the predicate");
    let (before, after) = (text.lines().count(), reduced.lines().count());
    assert!(
        after * 3 < before,
        "{before} -> {after} lines ({stats:?}):\n{reduced}"
    );
    // Host statements the predicate does not need are gone.
    assert!(!reduced.contains("printf"), "{reduced}");
    assert!(!reduced.contains("cudaMemcpy"), "{reduced}");
    assert!(stats.kept > 0 && stats.tests >= stats.kept);
}

#[test]
fn cli_prints_the_same_program_twice_and_rejects_bad_seeds() {
    let exe = env!("CARGO_BIN_EXE_lockstep-difftest");
    let a = Command::new(exe).args(["gen", "42"]).output().unwrap();
    let b = Command::new(exe).args(["gen", "42"]).output().unwrap();
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(String::from_utf8_lossy(&a.stdout), generate(42).text);
    let bad = Command::new(exe)
        .args(["run", "--seeds", "5..2"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("empty seed range"));
    let bad = Command::new(exe)
        .args(["run", "--seeds", "0..1", "--variants", "O7"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown variant `O7`"));
}

/// The CLI end to end on two programs and two variants: a summary line per variant, the
/// totals, exit status 0.
#[test]
fn cli_runs_a_small_campaign() {
    let exe = env!("CARGO_BIN_EXE_lockstep-difftest");
    let out = Command::new(exe)
        .args([
            "run",
            "--seeds",
            "0..2",
            "--jobs",
            "2",
            "--variants",
            "O3,kfcm",
        ])
        .arg("--lockstep-run")
        .arg(lockstep_run())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("\nO3 "), "{stdout}");
    assert!(stdout.contains("\nkfcm "), "{stdout}");
    assert!(
        stdout.contains("total: programs 2, runs 6, mismatches 0, faults 0, generator failures 0"),
        "{stdout}"
    );
}

/// The verdicts are real: a variant whose output differs is a mismatch, one whose exit
/// status differs is a fault (lockstep-run passes the words after `--` to `main`, so a
/// variant with an extra argument changes `argc`).
#[test]
fn differing_variants_are_reported() {
    let dir =
        std::env::temp_dir().join(format!("lockstep-difftest-verdict-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cu = dir.join("argc.cu");
    std::fs::write(
        &cu,
        "#include <cstdio>\nint main(int argc, char **argv) {\n  printf(\"argc %d\\n\", argc);\n  return argc > 2 ? 3 : 0;\n}\n",
    )
    .unwrap();
    let tools = Tools {
        lockstep_run: lockstep_run(),
        clang: None,
        nvcc: None,
    };
    let timeout = Duration::from_secs(60);
    let (reference, _) = campaign::run_reference(&tools, &cu, timeout);
    let campaign::Reference::Ok(r) = reference else {
        panic!("the reference failed: {reference:?}");
    };
    assert_eq!(r.stdout, "argc 1\n");
    let variant = |name: &str, flags: &[&str]| variants::Variant {
        name: name.into(),
        kind: variants::Kind::Lockstep(flags.iter().map(|s| s.to_string()).collect()),
    };
    let stem = dir.join("argc");
    let (same, _) =
        campaign::run_variant(&tools, &variant("O3", &["-O3"]), &cu, &stem, &r, timeout);
    assert!(matches!(same, campaign::Verdict::Same), "{same:?}");
    let (v, _) = campaign::run_variant(
        &tools,
        &variant("one", &["--", "x"]),
        &cu,
        &stem,
        &r,
        timeout,
    );
    match v {
        campaign::Verdict::Mismatch(m) => assert!(m.contains("-argc 1\n+argc 2"), "{m}"),
        other => panic!("expected a mismatch, got {other:?}"),
    }
    let (v, _) = campaign::run_variant(
        &tools,
        &variant("two", &["--", "x", "y"]),
        &cu,
        &stem,
        &r,
        timeout,
    );
    match v {
        campaign::Verdict::Fault(m) => assert!(m.contains("exit status 3"), "{m}"),
        other => panic!("expected a fault, got {other:?}"),
    }
    // A generator failure: lockstepc rejects the program.
    std::fs::write(&cu, "int main() { return y; }\n").unwrap();
    let (reference, _) = campaign::run_reference(&tools, &cu, timeout);
    assert!(
        matches!(reference, campaign::Reference::CompileError(_)),
        "{reference:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every variant (peers as available under the tool policy) with the release lockstep-run.
fn ci_config(tag: &str) -> Config {
    let clang = require_tool(&CLANG);
    let nvcc = require_tool(&NVCC_SPEC);
    let variants: Vec<_> = variants::all()
        .into_iter()
        .filter(|v| match v.kind {
            variants::Kind::Clang => clang.is_some(),
            variants::Kind::Nvcc => nvcc.is_some(),
            variants::Kind::Lockstep(_) => true,
        })
        .collect();
    Config {
        tools: Tools {
            lockstep_run: lockstep_run(),
            clang,
            nvcc,
        },
        variants,
        timeout: Duration::from_secs(120),
        jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
        out: None,
        work: std::env::temp_dir().join(format!(
            "lockstep-difftest-test-{tag}-{}",
            std::process::id()
        )),
    }
}

/// The programs kept in `tests/programs/` (what the campaign once found, reduced or
/// rewritten) agree with -O0 under every variant.
#[test]
fn kept_programs_agree_under_every_variant() {
    let cfg = ci_config("kept");
    std::fs::create_dir_all(&cfg.work).unwrap();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "cu"))
        .collect();
    programs.sort();
    assert!(!programs.is_empty(), "no programs in {}", dir.display());
    let mut failures = Vec::new();
    for src in &programs {
        // Peers' PTX is written next to the program: work on a copy.
        let cu = cfg.work.join(src.file_name().unwrap());
        std::fs::copy(src, &cu).unwrap();
        let report = campaign::run_file(&cfg, 0, &cu);
        let mut summary = campaign::Summary::for_variants(&cfg);
        for (label, text) in campaign::tally(&cfg, &mut summary, &report) {
            failures.push(format!("{} ({label}):\n{text}", src.display()));
        }
        assert!(!summary.failed(), "{}", summary.render());
    }
    // The dp2a program still exercises what it was kept for.
    if let Some(nvcc) = &cfg.tools.nvcc {
        let cu = cfg.work.join("nvcc-dp2a.cu");
        let ptx = cfg.work.join("nvcc-dp2a.check.ptx");
        let out = exec::run(&mut exec::nvcc_command(nvcc, &cu, &ptx), cfg.timeout);
        assert!(out.ok(), "nvcc failed on {}", cu.display());
        let text = std::fs::read_to_string(&ptx).unwrap();
        assert!(text.contains("dp2a."), "nvcc no longer emits dp2a:\n{text}");
    }
    let _ = std::fs::remove_dir_all(&cfg.work);
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}

/// Seeds 4874 and 6068 once made programs with undefined behaviour: a `return` after a
/// divergent `break` in the same loop body counted as a uniform exit, so a full-mask
/// `__ballot_sync`/`__shfl_sync` after the loop ran with lanes gone (the simulator's -O0
/// run faulted on the mask). They must now run clean under every variant.
#[test]
fn seeds_with_a_return_after_a_divergent_break_are_well_defined() {
    let cfg = ci_config("divergent-break");
    for seed in [4874, 6068] {
        let (summary, failures) = run_seeds(&cfg, seed..seed + 1);
        assert!(
            failures.is_empty() && !summary.failed(),
            "seed {seed}:\n{}\n{}",
            summary.render(),
            failures.join("\n---\n")
        );
    }
    let _ = std::fs::remove_dir_all(&cfg.work);
}

/// Runs `seeds` under `cfg`: the summary and every report, labelled by seed and variant.
fn run_seeds(cfg: &Config, seeds: std::ops::Range<u64>) -> (campaign::Summary, Vec<String>) {
    let failures = std::sync::Mutex::new(Vec::new());
    let record = |seed: u64, label: &str, report: &str| {
        failures
            .lock()
            .unwrap()
            .push(format!("seed {seed} ({label}):\n{report}"));
    };
    let summary = campaign::run_seeds(cfg, seeds, false, &record);
    (summary, failures.into_inner().unwrap())
}

/// The CI campaign: a sample of programs under every variant (peers as available under the
/// tool policy); any mismatch, fault or generator failure fails, with every report.
#[test]
fn random_programs_agree_under_every_variant() {
    let seeds: u64 = std::env::var("LOCKSTEP_DIFFTEST_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_SEEDS);
    let cfg = ci_config("campaign");
    let (summary, failures) = run_seeds(&cfg, 0..seeds);
    eprintln!("{}", summary.render());
    assert!(
        failures.is_empty() && !summary.failed(),
        "{}\n{}",
        summary.render(),
        failures.join("\n---\n")
    );
    assert_eq!(summary.programs, seeds);
    assert_eq!(summary.runs(), seeds * (1 + cfg.variants.len() as u64));
}

/// Programs the CI campaign runs by default: each costs twenty runs (about 1.2 CPU-seconds
/// with a release lockstep-run, most of it nvcc), so this takes about three minutes on two
/// cores.
const DEFAULT_SEEDS: u64 = 300;
