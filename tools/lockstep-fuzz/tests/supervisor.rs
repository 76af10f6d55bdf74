//! The supervisor really detects each failure kind: the hidden `selftest`
//! target panics, loops, aborts, overflows its stack or allocates beyond
//! the memory limit on marker inputs, and the loop must count each one,
//! save it with a note, and go on with the next input in a new worker.

use lockstep_fuzz::supervisor::{self, Config, Input};
use lockstep_fuzz::targets::{Kind, Target};
use std::path::PathBuf;
use std::time::Duration;

const INPUTS: &[&str] = &[
    "fine",
    "a PANIC here",
    "fine again",
    "HANG forever",
    "LOCATED error",
    "ABORT now",
    "UNLOCATED error",
    "OVERFLOW the stack",
    "OOM please",
    "fine at the end",
];

fn config(out: &str, jobs: usize) -> Config {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(out);
    let _ = std::fs::remove_dir_all(&out);
    Config {
        exe: PathBuf::from(env!("CARGO_BIN_EXE_lockstep-fuzz")),
        target: Target::SelfTest,
        jobs,
        // Generous: the stack overflow touches 512 MB of stack, slow on a loaded machine.
        timeout: Duration::from_secs(10),
        mem_limit: 2 << 30,
        out,
        max_saved: 100,
        progress: false,
    }
}

fn generate(i: u64) -> Input {
    Input {
        bytes: INPUTS[i as usize].as_bytes().to_vec(),
        note: format!("selftest input {i}"),
    }
}

fn check(jobs: usize) {
    let cfg = config(&format!("selftest-{jobs}"), jobs);
    let r = supervisor::run(&cfg, INPUTS.len() as u64, &generate);
    let summary = r.summary();
    assert_eq!(r.runs, INPUTS.len() as u64, "{summary}");
    assert_eq!(r.count(Kind::Ok), 3, "{summary}");
    assert_eq!(r.count(Kind::Located), 1, "{summary}");
    assert_eq!(r.count(Kind::Unlocated), 1, "{summary}");
    assert_eq!(r.count(Kind::Panic), 1, "{summary}");
    assert_eq!(r.count(Kind::Hang), 1, "{summary}");
    // abort(), the stack overflow and the refused allocation.
    assert_eq!(r.count(Kind::Abort), 3, "{summary}");
    assert_eq!(r.bad(), 6, "{summary}");

    // Each bad input is saved once, with its bytes and a note.
    let by_index = |i: u64| {
        r.saved
            .iter()
            .find(|s| s.index == i)
            .unwrap_or_else(|| panic!("input {i} not saved: {:?}", r.saved))
    };
    let panic = by_index(1);
    assert_eq!(panic.kind, Kind::Panic);
    assert!(
        panic.message.contains("selftest panic on marker"),
        "{}",
        panic.message
    );
    assert!(panic.message.contains("targets.rs:"), "{}", panic.message);
    assert_eq!(std::fs::read(&panic.path).unwrap(), INPUTS[1].as_bytes());
    let note = std::fs::read_to_string(panic.path.with_extension("txt")).unwrap();
    assert!(
        note.contains("kind: panic") && note.contains("selftest input 1"),
        "{note}"
    );

    let hang = by_index(3);
    assert_eq!(hang.kind, Kind::Hang);
    assert!(
        hang.message.contains("stage 'selftest hang'"),
        "{}",
        hang.message
    );

    let abort = by_index(5);
    assert_eq!(abort.kind, Kind::Abort);
    assert!(abort.message.contains("SIGABRT"), "{}", abort.message);

    let overflow = by_index(7);
    assert_eq!(overflow.kind, Kind::Abort);
    assert!(
        overflow.message.contains("overflowed its stack"),
        "{}",
        overflow.message
    );

    let oom = by_index(8);
    assert_eq!(oom.kind, Kind::Abort);
    assert!(oom.message.contains("memory allocation"), "{}", oom.message);

    assert_eq!(by_index(6).kind, Kind::Unlocated);
}

#[test]
fn one_worker_detects_every_failure_kind() {
    check(1);
}

#[test]
fn three_workers_detect_every_failure_kind() {
    check(3);
}

#[test]
fn the_binary_exits_with_failure_and_writes_the_summary() {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("selftest-cli");
    let _ = std::fs::remove_dir_all(&out);
    // The selftest corpus is one seed without markers: every input is fine.
    let ok = std::process::Command::new(env!("CARGO_BIN_EXE_lockstep-fuzz"))
        .args([
            "--targets",
            "selftest",
            "--runs",
            "30",
            "--jobs",
            "2",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&ok.stdout);
    assert!(ok.status.success(), "{stdout}");
    assert!(
        stdout.contains("selftest: seed=1 runs=30 ok=30"),
        "{stdout}"
    );
    let summary = std::fs::read_to_string(out.join("summary.txt")).unwrap();
    assert!(summary.contains("runs=30"), "{summary}");

    // A saved panic replays as a panic, with exit status 1.
    let file = out.join("panic.txt");
    std::fs::write(&file, "PANIC").unwrap();
    let replay = std::process::Command::new(env!("CARGO_BIN_EXE_lockstep-fuzz"))
        .args(["replay", "selftest"])
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&replay.stdout);
    assert_eq!(replay.status.code(), Some(1), "{stdout}");
    assert!(stdout.starts_with("panic\npanicked at"), "{stdout}");
}
