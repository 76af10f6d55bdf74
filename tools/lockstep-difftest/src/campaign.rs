//! Running programs under every variant and tallying the verdicts.
//!
//! Invariants:
//! - The reference is `lockstep-run -O0`. If it cannot compile the program (exit status 1 with
//!   a `file:line:col: error:` diagnostic) that is a generator failure; any other failure of
//!   the reference (fault, timeout, crash) is a fault. Either way the variants are not run.
//! - A variant whose run exits non-zero, crashes or times out is a fault; one that exits 0
//!   with a different stdout is a mismatch. A peer compiler rejecting the program is a
//!   generator failure (the generator promises programs clang and nvcc accept).
//! - Seeds are handed to `jobs` worker threads; reports are sorted by seed, so the summary
//!   does not depend on scheduling.

use crate::exec::{self, Outcome, Status, Tools};
use crate::progen;
use crate::variants::{Kind, Variant};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What a campaign runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub tools: Tools,
    pub variants: Vec<Variant>,
    pub timeout: Duration,
    pub jobs: usize,
    /// Where failing programs and their diffs are saved.
    pub out: Option<PathBuf>,
    /// Scratch directory for programs and PTX.
    pub work: PathBuf,
}

/// A variant's verdict on one program.
#[derive(Clone, Debug)]
pub enum Verdict {
    Same,
    Mismatch(String),
    Fault(String),
    /// The peer compiler rejected the program (a generator failure).
    Rejected(String),
    /// The peer compiler is not installed.
    Unavailable,
}

impl Verdict {
    pub fn is_failure(&self) -> bool {
        matches!(
            self,
            Verdict::Mismatch(_) | Verdict::Fault(_) | Verdict::Rejected(_)
        )
    }
}

/// How the reference run went.
#[derive(Clone, Debug)]
pub enum Reference {
    Ok(Outcome),
    /// lockstepc rejected the program.
    CompileError(String),
    Fault(String),
}

/// One seed's results.
#[derive(Clone, Debug)]
pub struct SeedReport {
    pub seed: u64,
    pub reference: Reference,
    pub reference_time: Duration,
    /// Per variant of the config, in order: verdict and time (compile + run for peers).
    pub verdicts: Vec<(Verdict, Duration)>,
}

fn lockstep_run(tools: &Tools, cu: &Path, flags: &[String], timeout: Duration) -> Outcome {
    let mut c = Command::new(&tools.lockstep_run);
    // Before the flags: words after a `--` among them go to the program.
    c.arg(cu).args(["--threads", "1"]).args(flags);
    exec::run(&mut c, timeout)
}

fn describe(o: &Outcome) -> String {
    let mut err = o.stderr.trim_end().to_string();
    if err.len() > 2000 {
        let mut cut = 2000;
        while !err.is_char_boundary(cut) {
            cut -= 1;
        }
        err.truncate(cut);
        err.push_str("\n[...]");
    }
    format!("{}\nstderr:\n{err}", o.status)
}

/// Runs the reference on `cu`.
pub fn run_reference(tools: &Tools, cu: &Path, timeout: Duration) -> (Reference, Duration) {
    let o = lockstep_run(tools, cu, &["-O0".to_string()], timeout);
    let t = o.elapsed;
    let r = if o.ok() {
        Reference::Ok(o)
    } else if o.status == Status::Exit(1) && o.stderr.contains(": error:") {
        Reference::CompileError(o.stderr)
    } else {
        Reference::Fault(describe(&o))
    };
    (r, t)
}

/// A line diff of two outputs (positional, enough for programs that print fixed lines).
pub fn diff(want: &str, got: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    let mut s = String::new();
    let mut shown = 0;
    for k in 0..a.len().max(b.len()) {
        let (x, y) = (a.get(k), b.get(k));
        if x != y {
            if shown == 40 {
                s.push_str("[more differences]\n");
                break;
            }
            shown += 1;
            if let Some(x) = x {
                s.push_str(&format!("-{x}\n"));
            }
            if let Some(y) = y {
                s.push_str(&format!("+{y}\n"));
            }
        }
    }
    s
}

/// Compiles (for a peer) and runs `variant` on `cu`, and compares it with `reference`.
/// `stem` names the scratch PTX file.
pub fn run_variant(
    tools: &Tools,
    variant: &Variant,
    cu: &Path,
    stem: &Path,
    reference: &Outcome,
    timeout: Duration,
) -> (Verdict, Duration) {
    let start = Instant::now();
    let outcome = match &variant.kind {
        Kind::Lockstep(flags) => lockstep_run(tools, cu, flags, timeout),
        Kind::Clang | Kind::Nvcc => {
            let ptx = stem.with_extension(format!("{}.ptx", variant.name));
            let cmd = match (&variant.kind, &tools.clang, &tools.nvcc) {
                (Kind::Clang, Some(clang), _) => exec::clang_command(clang, cu, &ptx),
                (Kind::Nvcc, _, Some(nvcc)) => exec::nvcc_command(nvcc, cu, &ptx),
                _ => return (Verdict::Unavailable, start.elapsed()),
            };
            let mut cmd = cmd;
            let compiled = exec::run(&mut cmd, timeout);
            if !compiled.ok() {
                return (
                    Verdict::Rejected(format!(
                        "{} could not compile the program: {}",
                        variant.name,
                        describe(&compiled)
                    )),
                    start.elapsed(),
                );
            }
            let flags = [
                "-O3".to_string(),
                "--device-ptx".to_string(),
                ptx.to_string_lossy().into_owned(),
            ];
            let o = lockstep_run(tools, cu, &flags, timeout);
            let _ = std::fs::remove_file(&ptx);
            o
        }
    };
    let elapsed = start.elapsed();
    let verdict = if !outcome.ok() {
        Verdict::Fault(format!(
            "variant {}: {}\nstdout diff (-O0 vs variant):\n{}",
            variant.name,
            describe(&outcome),
            diff(&reference.stdout, &outcome.stdout)
        ))
    } else if outcome.stdout != reference.stdout {
        Verdict::Mismatch(format!(
            "variant {}: stdout differs from -O0:\n{}",
            variant.name,
            diff(&reference.stdout, &outcome.stdout)
        ))
    } else {
        Verdict::Same
    };
    (verdict, elapsed)
}

/// Generates and runs one seed.
pub fn run_seed(cfg: &Config, seed: u64) -> SeedReport {
    let cu = cfg.work.join(format!("seed-{seed}.cu"));
    let program = progen::generate(seed);
    let _ = std::fs::write(&cu, &program.text);
    let report = run_file(cfg, seed, &cu);
    let _ = std::fs::remove_file(&cu);
    report
}

/// Runs an existing program file (its report carries `seed` as a label).
pub fn run_file(cfg: &Config, seed: u64, cu: &Path) -> SeedReport {
    let (reference, reference_time) = run_reference(&cfg.tools, cu, cfg.timeout);
    let mut verdicts = Vec::new();
    if let Reference::Ok(r) = &reference {
        let stem = cu.with_extension("");
        for v in &cfg.variants {
            verdicts.push(run_variant(&cfg.tools, v, cu, &stem, r, cfg.timeout));
        }
    }
    SeedReport {
        seed,
        reference,
        reference_time,
        verdicts,
    }
}

/// Per-variant tallies.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub runs: u64,
    pub mismatches: u64,
    pub faults: u64,
    pub rejected: u64,
    pub unavailable: u64,
    pub time: Duration,
}

/// The whole campaign's tallies.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub programs: u64,
    pub reference: Tally,
    /// Programs lockstepc could not compile.
    pub compile_failures: u64,
    pub variants: Vec<(String, Tally)>,
    pub wall: Duration,
}

impl Summary {
    /// An empty summary with a row for each of `cfg`'s variants, in order.
    pub fn for_variants(cfg: &Config) -> Summary {
        Summary {
            variants: cfg
                .variants
                .iter()
                .map(|v| (v.name.clone(), Tally::default()))
                .collect(),
            ..Summary::default()
        }
    }

    pub fn runs(&self) -> u64 {
        self.reference.runs + self.variants.iter().map(|(_, t)| t.runs).sum::<u64>()
    }
    pub fn mismatches(&self) -> u64 {
        self.variants.iter().map(|(_, t)| t.mismatches).sum()
    }
    pub fn faults(&self) -> u64 {
        self.reference.faults + self.variants.iter().map(|(_, t)| t.faults).sum::<u64>()
    }
    /// lockstepc compile failures plus peer rejections.
    pub fn generator_failures(&self) -> u64 {
        self.compile_failures + self.variants.iter().map(|(_, t)| t.rejected).sum::<u64>()
    }
    pub fn failed(&self) -> bool {
        self.mismatches() + self.faults() + self.generator_failures() > 0
    }

    /// The table and the totals line.
    pub fn render(&self) -> String {
        let mut s = format!(
            "{:<22} {:>7} {:>10} {:>7} {:>9} {:>8}\n",
            "variant", "runs", "mismatches", "faults", "rejected", "ms/run"
        );
        let row = |name: &str, t: &Tally| {
            let ms = if t.runs == 0 {
                0.0
            } else {
                t.time.as_secs_f64() * 1000.0 / t.runs as f64
            };
            let mut line = format!(
                "{name:<22} {:>7} {:>10} {:>7} {:>9} {ms:>8.1}",
                t.runs, t.mismatches, t.faults, t.rejected
            );
            if t.unavailable > 0 {
                line.push_str(&format!("  ({} skipped: tool missing)", t.unavailable));
            }
            line.push('\n');
            line
        };
        s.push_str(&row("O0 (reference)", &self.reference));
        for (name, t) in &self.variants {
            s.push_str(&row(name, t));
        }
        s.push_str(&format!(
            "total: programs {}, runs {}, mismatches {}, faults {}, generator failures {} ({} lockstepc, {} peer), {:.1} s\n",
            self.programs,
            self.runs(),
            self.mismatches(),
            self.faults(),
            self.generator_failures(),
            self.compile_failures,
            self.generator_failures() - self.compile_failures,
            self.wall.as_secs_f64()
        ));
        s
    }
}

/// Adds `r` to `summary`; returns the failure reports of the seed as (label, text).
pub fn tally(cfg: &Config, summary: &mut Summary, r: &SeedReport) -> Vec<(String, String)> {
    if summary.variants.is_empty() {
        *summary = Summary::for_variants(cfg);
    }
    summary.programs += 1;
    summary.reference.runs += 1;
    summary.reference.time += r.reference_time;
    let mut failures = Vec::new();
    match &r.reference {
        Reference::Ok(_) => {}
        Reference::CompileError(e) => {
            summary.compile_failures += 1;
            failures.push((
                "lockstepc".to_string(),
                format!("lockstepc rejected the program:\n{e}"),
            ));
        }
        Reference::Fault(e) => {
            summary.reference.faults += 1;
            failures.push(("O0".to_string(), format!("the -O0 reference failed: {e}")));
        }
    }
    for ((name, t), (verdict, time)) in summary.variants.iter_mut().zip(&r.verdicts) {
        match verdict {
            Verdict::Unavailable => {
                t.unavailable += 1;
                continue;
            }
            Verdict::Same => {}
            Verdict::Mismatch(m) => {
                t.mismatches += 1;
                failures.push((name.clone(), m.clone()));
            }
            Verdict::Fault(m) => {
                t.faults += 1;
                failures.push((name.clone(), m.clone()));
            }
            Verdict::Rejected(m) => {
                t.rejected += 1;
                failures.push((name.clone(), m.clone()));
            }
        }
        t.runs += 1;
        t.time += *time;
    }
    failures
}

/// Runs `seeds` under `cfg`, calling `on_failure(seed, label, report)` for every failure as
/// seeds finish (in completion order) and returning the summary.
pub fn run_seeds(
    cfg: &Config,
    seeds: std::ops::Range<u64>,
    progress: bool,
    on_failure: &(dyn Fn(u64, &str, &str) + Sync),
) -> Summary {
    let start = Instant::now();
    let _ = std::fs::create_dir_all(&cfg.work);
    let next = AtomicU64::new(seeds.start);
    let reports = Mutex::new(Vec::new());
    let done = AtomicU64::new(0);
    let total = seeds.end.saturating_sub(seeds.start);
    std::thread::scope(|s| {
        for _ in 0..cfg.jobs.max(1) {
            s.spawn(|| {
                loop {
                    let seed = next.fetch_add(1, Ordering::Relaxed);
                    if seed >= seeds.end {
                        break;
                    }
                    let r = run_seed(cfg, seed);
                    let mut scratch = Summary::default();
                    for (label, text) in tally(cfg, &mut scratch, &r) {
                        on_failure(seed, &label, &text);
                    }
                    reports.lock().unwrap().push(r);
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if progress && (n.is_multiple_of(100) || n == total) {
                        eprintln!(
                            "lockstep-difftest: {n}/{total} programs, {:.0} s",
                            start.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    let mut reports = reports.into_inner().unwrap();
    reports.sort_by_key(|r| r.seed);
    let mut summary = Summary::for_variants(cfg);
    for r in &reports {
        tally(cfg, &mut summary, r);
    }
    summary.wall = start.elapsed();
    let _ = std::fs::remove_dir(&cfg.work);
    summary
}

/// Saves a failing program and its report under `dir`: `seed-N.cu` and `seed-N.LABEL.txt`.
pub fn save_failure(dir: &Path, seed: u64, label: &str, report: &str) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let cu = dir.join(format!("seed-{seed}.cu"));
    if !cu.exists() {
        std::fs::write(&cu, progen::generate(seed).text)?;
    }
    let label: String = label
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    std::fs::write(dir.join(format!("seed-{seed}.{label}.txt")), report)
}
