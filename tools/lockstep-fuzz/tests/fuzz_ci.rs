//! The fuzz loop in CI: a few thousand inputs per target (scale with
//! `LOCKSTEP_FUZZ_RUNS`, pick the run seed with `LOCKSTEP_FUZZ_SEED`), one
//! worker per test (the four tests run side by side). Fails on any panic,
//! hang, abort, unlocated diagnostic or broken internal check, and prints
//! the saved inputs with their messages.

use lockstep_fuzz::mutate::Corpus;
use lockstep_fuzz::seeds::{self, SeedOptions};
use lockstep_fuzz::supervisor::Config;
use lockstep_fuzz::targets::{Kind, Target};
use std::path::PathBuf;
use std::time::Duration;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn fuzz(target: Target) {
    let runs = env_u64("LOCKSTEP_FUZZ_RUNS", 2000);
    let seed = env_u64("LOCKSTEP_FUZZ_SEED", 1);
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let out = tmp.join(format!("fuzz-ci-{}", target.name()));
    let _ = std::fs::remove_dir_all(&out);
    let opts = SeedOptions {
        clang: true,
        cache: tmp.join("fuzz-ci-clang-ptx"),
    };
    let corpus = Corpus::new(
        seeds::lang(target),
        seeds::collect(lockstep_fuzz::default_repo(), target, &opts),
    );
    let cfg = Config {
        exe: PathBuf::from(env!("CARGO_BIN_EXE_lockstep-fuzz")),
        target,
        jobs: 1,
        // Debug builds are slow; a real hang never ends.
        timeout: Duration::from_secs(60),
        mem_limit: 4 << 30,
        out: out.clone(),
        max_saved: 50,
        progress: false,
    };
    let r = lockstep_fuzz::fuzz(&cfg, &corpus, seed, runs);
    println!("{}: seed={seed} {}", target.name(), r.summary());
    let mut failures = String::new();
    for s in &r.saved {
        failures.push_str(&format!(
            "--- {} (input {}, {}):\n{}\n--- input:\n{}\n",
            s.path.display(),
            s.index,
            s.kind.name(),
            s.message,
            String::from_utf8_lossy(&std::fs::read(&s.path).unwrap_or_default())
                .chars()
                .take(4000)
                .collect::<String>()
        ));
    }
    assert_eq!(r.runs, runs, "{}", r.summary());
    assert_eq!(r.bad(), 0, "{}\n{failures}", r.summary());
    // The loop is not trivially refusing everything, nor accepting it.
    assert!(r.count(Kind::Ok) > 0, "{}", r.summary());
    assert!(r.count(Kind::Located) > 0, "{}", r.summary());
}

#[test]
fn ir() {
    fuzz(Target::Ir);
}

#[test]
fn cuda() {
    fuzz(Target::Cuda);
}

#[test]
fn ptx() {
    fuzz(Target::Ptx);
}

#[test]
fn ptx_import() {
    fuzz(Target::PtxImport);
}
