//! `parse-print`: times parse + verify + print of one file by the peer and by lockstep-opt.
//!
//! Method: one untimed warm-up run per tool (fills the page cache), then `runs` timed runs,
//! interleaved peer/ours so drift hits both alike. Each run is a child process with stdout
//! and stderr redirected (stdout to /dev/null, stderr to a temp file shown on failure) and
//! `-o /dev/null`; the parent measures wall time from spawn to reap and reads the child's
//! own peak RSS from `wait4`'s rusage (`ru_maxrss`, KiB on Linux), so figures of one child
//! never include another. A run that exits non-zero aborts the benchmark.
//!
//! Optionally `runs` more runs per tool with its timing report enabled give the parser's own
//! time (row `Parser`, the fastest run), from which parser throughput in MB/s (10^6 bytes/s)
//! is derived.

use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

/// What `parse-print` was asked to do.
pub struct Options {
    pub peer: PathBuf,
    pub ours: Option<PathBuf>,
    pub runs: usize,
    pub parser_timing: bool,
    pub file: PathBuf,
}

/// One tool under test: how to invoke it on the file.
struct Tool {
    label: &'static str,
    program: PathBuf,
    args: Vec<OsString>,
    /// Extra arguments that make the tool print a timing report with a `Parser` row.
    timing_args: Vec<OsString>,
}

/// Measurements of one run.
#[derive(Clone, Copy)]
pub(crate) struct Sample {
    pub(crate) wall: Duration,
    pub(crate) max_rss_kib: u64,
}

impl Tool {
    fn command_line(&self) -> String {
        let mut s = self.program.display().to_string();
        for a in &self.args {
            s.push(' ');
            s.push_str(&a.to_string_lossy());
        }
        s
    }
}

/// Spawn `program args`, wait for it with `wait4`, return wall time, peak RSS and stderr.
pub(crate) fn run_child(program: &Path, args: &[OsString]) -> Result<(Sample, String)> {
    let stderr_path =
        std::env::temp_dir().join(format!("lockstep-bench-{}.err", std::process::id()));
    let stderr_file = File::create(&stderr_path)
        .with_context(|| format!("creating {}", stderr_path.display()))?;
    let start = Instant::now();
    let child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr_file)
        .spawn()
        .with_context(|| format!("starting {}", program.display()))?;
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is a plain C struct for which all-zero bytes are a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `pid` is our own child, not yet reaped (std's `Child` only reaps in
        // `wait`/`try_wait`, which we never call); both out-pointers are valid for writes.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::Interrupted {
            return Err(err).context("wait4");
        }
    }
    let wall = start.elapsed();
    drop(child);
    let stderr = std::fs::read_to_string(&stderr_path).unwrap_or_default();
    let _ = std::fs::remove_file(&stderr_path);
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    if !ok {
        let how = if libc::WIFEXITED(status) {
            format!("exit code {}", libc::WEXITSTATUS(status))
        } else {
            format!("signal {}", libc::WTERMSIG(status))
        };
        bail!(
            "{} failed ({how}); stderr:\n{}",
            program.display(),
            stderr.chars().take(4000).collect::<String>()
        );
    }
    let sample = Sample {
        wall,
        max_rss_kib: u64::try_from(usage.ru_maxrss).unwrap_or(0),
    };
    Ok((sample, stderr))
}

/// First number on the timing-report row named `Parser` (seconds), if any.
fn parser_seconds(report: &str) -> Option<f64> {
    report.lines().find_map(|line| {
        let trimmed = line.trim_end();
        if !trimmed.ends_with("Parser") {
            return None;
        }
        trimmed.split_whitespace().next()?.parse().ok()
    })
}

pub(crate) fn median(sorted: &[Duration]) -> Duration {
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }
}

/// Rough op count of a pretty-printed file: one op per line that is not empty, a block
/// label, a closing brace or a comment. Exact for files made by `gen`.
fn estimate_ops(text: &str) -> usize {
    text.lines()
        .map(str::trim)
        .filter(|l| {
            !(l.is_empty() || l.starts_with('^') || l.starts_with('}') || l.starts_with("//"))
        })
        .count()
}

struct Summary {
    median: Duration,
    min: Duration,
    peak_rss_kib: u64,
    parser: Option<f64>,
}

pub fn parse_print(opts: &Options) -> Result<()> {
    if opts.runs == 0 {
        bail!("--runs must be at least 1");
    }
    let text = std::fs::read_to_string(&opts.file)
        .with_context(|| format!("reading {}", opts.file.display()))?;
    let bytes = text.len();
    let file: OsString = opts.file.clone().into_os_string();
    let out = |s: &str| OsString::from(s);

    let mut tools = vec![Tool {
        label: "mlir-opt",
        program: opts.peer.clone(),
        args: vec![
            file.clone(),
            out("-o"),
            out("/dev/null"),
            out("--mlir-disable-threading"),
        ],
        timing_args: vec![out("--mlir-timing")],
    }];
    match &opts.ours {
        Some(p) if p.exists() => tools.push(Tool {
            label: "lockstep-opt",
            program: p.clone(),
            args: vec![
                file.clone(),
                out("-o"),
                out("/dev/null"),
                out("--disable-threading"),
            ],
            timing_args: vec![out("--timing")],
        }),
        Some(p) => eprintln!("note: {} not found; running the peer only", p.display()),
        None => {}
    }

    // Warm-up (also checks that every tool accepts the file).
    for t in &tools {
        run_child(&t.program, &t.args).with_context(|| format!("warm-up run of {}", t.label))?;
    }
    let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); tools.len()];
    for _ in 0..opts.runs {
        for (t, s) in tools.iter().zip(samples.iter_mut()) {
            s.push(run_child(&t.program, &t.args)?.0);
        }
    }
    let mut summaries = Vec::new();
    for (t, s) in tools.iter().zip(&samples) {
        let mut walls: Vec<Duration> = s.iter().map(|x| x.wall).collect();
        walls.sort();
        // The fastest of several timing runs: one run is too exposed to
        // whatever else the machine is doing.
        let parser = if opts.parser_timing {
            let mut args = t.args.clone();
            args.extend(t.timing_args.iter().cloned());
            let mut best: Option<f64> = None;
            for _ in 0..opts.runs.max(1) {
                match run_child(&t.program, &args) {
                    Ok((_, report)) => {
                        if let Some(p) = parser_seconds(&report) {
                            best = Some(best.map_or(p, |b| b.min(p)));
                        }
                    }
                    Err(e) => {
                        eprintln!("note: timing run of {} failed: {e:#}", t.label);
                        break;
                    }
                }
            }
            best
        } else {
            None
        };
        summaries.push(Summary {
            median: median(&walls),
            min: walls[0],
            peak_rss_kib: s.iter().map(|x| x.max_rss_kib).max().unwrap_or(0),
            parser,
        });
    }

    println!(
        "file: {} ({} bytes = {:.2} MB, ~{} ops)",
        opts.file.display(),
        bytes,
        bytes as f64 / 1e6,
        estimate_ops(&text)
    );
    println!(
        "runs: {} timed per tool after 1 warm-up, interleaved; single-threaded; output to /dev/null",
        opts.runs
    );
    println!();
    println!(
        "{:<13} {:>10} {:>10} {:>13} {:>11} {:>11}",
        "tool", "median s", "min s", "peak RSS MiB", "parser s", "parse MB/s"
    );
    for (t, s) in tools.iter().zip(&summaries) {
        let (ps, mbs) = match s.parser {
            Some(p) if p > 0.0 => (format!("{p:.4}"), format!("{:.1}", bytes as f64 / 1e6 / p)),
            _ => ("n/a".to_string(), "n/a".to_string()),
        };
        println!(
            "{:<13} {:>10.4} {:>10.4} {:>13.1} {:>11} {:>11}",
            t.label,
            s.median.as_secs_f64(),
            s.min.as_secs_f64(),
            s.peak_rss_kib as f64 / 1024.0,
            ps,
            mbs
        );
    }
    println!();
    for t in &tools {
        println!("{:<13} {}", t.label, t.command_line());
    }
    if let [peer, ours] = summaries.as_slice() {
        println!();
        println!(
            "speed-up (mlir-opt / lockstep-opt): median {:.2}x, min {:.2}x   [target >= 3x]",
            peer.median.as_secs_f64() / ours.median.as_secs_f64(),
            peer.min.as_secs_f64() / ours.min.as_secs_f64()
        );
        println!(
            "peak memory (lockstep-opt / mlir-opt): {:.2}   [target <= 0.50]",
            ours.peak_rss_kib as f64 / peer.peak_rss_kib.max(1) as f64
        );
        if let Some(p) = ours.parser.filter(|p| *p > 0.0) {
            println!(
                "lockstep parser: {:.1} MB/s   [target >= 50 MB/s]",
                bytes as f64 / 1e6 / p
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_parser_row_of_mlir_timing_report() {
        let report = "\
===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
  Total Execution Time: 0.3911 seconds

  ----Wall Time----  ----Name----
    0.1520 ( 38.9%)  Parser
    0.0400 ( 10.2%)  Output
    0.3911 (100.0%)  Total
";
        assert_eq!(parser_seconds(report), Some(0.1520));
        assert_eq!(parser_seconds("nothing here"), None);
    }

    #[test]
    fn median_of_even_and_odd() {
        let d = |ms| Duration::from_millis(ms);
        assert_eq!(median(&[d(1), d(2), d(9)]), d(2));
        assert_eq!(median(&[d(1), d(3), d(5), d(9)]), d(4));
    }

    #[test]
    fn measures_a_child_and_reports_failure() {
        let (s, _) = run_child(Path::new("/bin/true"), &[]).expect("true runs");
        assert!(s.max_rss_kib > 0);
        assert!(run_child(Path::new("/bin/false"), &[]).is_err());
    }
}
