//! The supervisor: hands inputs to worker processes and survives them.
//!
//! Each worker (`lockstep-fuzz worker TARGET`, see `worker`) gets one input
//! at a time over its stdin; the supervisor keeps the input it is running.
//! A reader thread per worker forwards the worker's answers to one channel.
//! The supervisor waits on that channel with the nearest deadline:
//! - an answer records the outcome and gives the worker its next input;
//! - no answer after the worker spent `timeout` of **CPU time** on the
//!   input (read from `/proc`, so a loaded machine does not turn slow inputs
//!   into hangs), or after `WALL_FACTOR` times `timeout` of wall time (a
//!   worker blocked without using the CPU): the worker is killed, the input
//!   recorded as a **hang** (with the stage it was in), and a new worker
//!   takes the next input. Where `/proc` cannot be read, wall time alone
//!   counts;
//! - the worker's stdout closes (it died: a signal, an abort, a stack
//!   overflow, memory refused by the limit): the input is recorded as an
//!   **abort** with the exit status and the end of the worker's stderr, and
//!   a new worker takes the next input.
//!
//! Invariants:
//! - Every input index in `0..runs` gets exactly one outcome, whatever the
//!   workers do; outcomes do not depend on `jobs` (inputs are generated
//!   from their index alone and each runs in a process of its own state).
//! - Workers run with an address-space limit (`setrlimit(RLIMIT_AS)`) and
//!   no core dumps, so an unbounded allocation ends the worker, not the
//!   machine.
//! - Bad inputs are saved to the output directory before the run goes on,
//!   deduplicated by kind and the first line of the message (digits
//!   folded), each with a note of its kind, message, index and mutations.

use crate::targets::{Kind, Target};
use crate::worker::{MAGIC, unescape};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

/// How to run a target.
#[derive(Clone, Debug)]
pub struct Config {
    /// The `lockstep-fuzz` executable the workers run.
    pub exe: PathBuf,
    pub target: Target,
    pub jobs: usize,
    pub timeout: Duration,
    /// Address-space limit of a worker, in bytes (0: none).
    pub mem_limit: u64,
    /// Where bad inputs, notes and worker logs go.
    pub out: PathBuf,
    /// At most this many bad inputs are saved per target.
    pub max_saved: usize,
    /// Print a progress line on stderr every `PROGRESS_EVERY`.
    pub progress: bool,
}

const PROGRESS_EVERY: Duration = Duration::from_secs(30);

/// A worker that uses little CPU on an input is still a hang after this many
/// `timeout`s of wall time.
const WALL_FACTOR: u32 = 6;

/// One generated input and how it was made (for the note).
pub struct Input {
    pub bytes: Vec<u8>,
    pub note: String,
}

/// A saved bad input.
#[derive(Clone, Debug)]
pub struct Saved {
    pub kind: Kind,
    pub index: u64,
    pub path: PathBuf,
    pub message: String,
}

/// The result of a run over one target.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub runs: u64,
    pub counts: BTreeMap<Kind, u64>,
    pub saved: Vec<Saved>,
    /// Distinct bad findings (kind + first line), saved or not.
    pub distinct: BTreeMap<(Kind, String), u64>,
    pub elapsed: Duration,
}

impl Report {
    pub fn count(&self, k: Kind) -> u64 {
        self.counts.get(&k).copied().unwrap_or(0)
    }

    /// Inputs that found a bug.
    pub fn bad(&self) -> u64 {
        Kind::ALL
            .iter()
            .filter(|k| k.is_bad())
            .map(|&k| self.count(k))
            .sum()
    }

    /// `runs=N ok=N located=N ...` on one line.
    pub fn summary(&self) -> String {
        let mut s = format!("runs={}", self.runs);
        for k in Kind::ALL {
            s.push_str(&format!(" {}={}", k.name(), self.count(k)));
        }
        s.push_str(&format!(" time={:.1}s", self.elapsed.as_secs_f64()));
        s
    }
}

enum Event {
    Stage(u64, String),
    Done(u64, Kind, String),
    Exit,
}

struct Msg {
    worker: usize,
    generation: u64,
    event: Event,
}

struct InFlight {
    index: u64,
    input: Input,
    started: Instant,
    /// The worker's CPU time when the input was handed over.
    cpu_at_start: Option<Duration>,
    /// When to look again whether the input is a hang.
    deadline: Instant,
    stage: String,
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    generation: u64,
    job: Option<InFlight>,
    stderr_path: PathBuf,
}

/// Runs inputs `0..runs` of `generate` through `cfg.target`.
pub fn run(cfg: &Config, runs: u64, generate: &(dyn Fn(u64) -> Input + Sync)) -> Report {
    let start = Instant::now();
    let _ = std::fs::create_dir_all(cfg.out.join("workers"));
    let (tx, rx) = channel::<Msg>();
    let mut report = Report::default();
    let mut next: u64 = 0;
    let mut generation: u64 = 0;
    let jobs = cfg.jobs.max(1).min(runs.max(1) as usize);
    let mut workers: Vec<Option<Worker>> = (0..jobs).map(|_| None).collect();
    for (w, slot) in workers.iter_mut().enumerate() {
        generation += 1;
        *slot = spawn(cfg, w, generation, &tx);
        if let Some(wk) = slot.as_mut() {
            give(wk, &mut next, runs, cfg.timeout, generate);
        }
    }
    let mut done: u64 = 0;
    let mut last_progress = Instant::now();
    while done < runs {
        if cfg.progress && last_progress.elapsed() >= PROGRESS_EVERY {
            last_progress = Instant::now();
            eprintln!(
                "lockstep-fuzz: {}: {done}/{runs} inputs, {} bad, {:.0}s",
                cfg.target.name(),
                report.distinct.values().sum::<u64>(),
                start.elapsed().as_secs_f64()
            );
        }
        if workers.iter().all(Option::is_none) {
            eprintln!("lockstep-fuzz: error: no worker could be started");
            break;
        }
        let now = Instant::now();
        let wait = workers
            .iter()
            .flatten()
            .filter_map(|w| w.job.as_ref())
            .map(|j| j.deadline.saturating_duration_since(now))
            .min()
            .unwrap_or(cfg.timeout);
        let mut restart: Vec<usize> = Vec::new();
        match rx.recv_timeout(wait) {
            Ok(msg) => {
                let Some(wk) = workers[msg.worker].as_mut() else {
                    continue;
                };
                if wk.generation != msg.generation {
                    continue;
                }
                match msg.event {
                    Event::Stage(i, s) => {
                        if let Some(j) = wk.job.as_mut().filter(|j| j.index == i) {
                            j.stage = s;
                        }
                    }
                    Event::Done(i, kind, message) => {
                        if let Some(j) = wk.job.take().filter(|j| j.index == i) {
                            record(cfg, &mut report, &j, kind, &message);
                            done += 1;
                        }
                        give(wk, &mut next, runs, cfg.timeout, generate);
                    }
                    Event::Exit => {
                        let status = wk.child.wait().map(|s| describe(&s)).unwrap_or_default();
                        if let Some(j) = wk.job.take() {
                            let tail = stderr_tail(&wk.stderr_path);
                            // The last stderr line says why, when Rust said
                            // so (stack overflow, allocation failure): it
                            // goes on the first line, which deduplicates.
                            let why = tail.lines().last().unwrap_or("").trim();
                            let message = format!(
                                "worker died ({status}) in stage '{}'{}{}",
                                j.stage,
                                if why.is_empty() { "" } else { ": " },
                                why,
                            ) + &if tail.is_empty() {
                                String::new()
                            } else {
                                format!("\nits stderr ends:\n{tail}")
                            };
                            record(cfg, &mut report, &j, Kind::Abort, &message);
                            done += 1;
                        }
                        restart.push(msg.worker);
                    }
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                let now = Instant::now();
                for (w, slot) in workers.iter_mut().enumerate() {
                    let Some(wk) = slot.as_mut() else { continue };
                    let pid = wk.child.id();
                    let Some(j) = wk.job.as_mut().filter(|j| now >= j.deadline) else {
                        continue;
                    };
                    // Charge CPU time, not wall time: look again when the
                    // rest of the CPU budget could have been spent.
                    let cpu_used = j
                        .cpu_at_start
                        .zip(cpu_time(pid))
                        .map(|(a, b)| b.saturating_sub(a));
                    if let Some(used) = cpu_used
                        && used < cfg.timeout
                        && now < j.started + cfg.timeout * WALL_FACTOR
                    {
                        j.deadline =
                            (now + (cfg.timeout - used)).min(j.started + cfg.timeout * WALL_FACTOR);
                        continue;
                    }
                    let _ = wk.child.kill();
                    let _ = wk.child.wait();
                    if let Some(j) = wk.job.take() {
                        let message = format!(
                            "no result within {}s of CPU time (stage '{}')",
                            cfg.timeout.as_secs_f64(),
                            j.stage
                        );
                        record(cfg, &mut report, &j, Kind::Hang, &message);
                        done += 1;
                    }
                    restart.push(w);
                }
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
        for w in restart {
            workers[w] = None;
            if next >= runs {
                continue;
            }
            generation += 1;
            workers[w] = spawn(cfg, w, generation, &tx);
            if let Some(wk) = workers[w].as_mut() {
                give(wk, &mut next, runs, cfg.timeout, generate);
            }
        }
    }
    for wk in workers.into_iter().flatten() {
        let Worker {
            mut child, stdin, ..
        } = wk;
        drop(stdin);
        let _ = child.wait();
    }
    report.runs = done;
    report.elapsed = start.elapsed();
    report
}

/// Sends the next input to `wk` (nothing when all were handed out).
fn give(
    wk: &mut Worker,
    next: &mut u64,
    runs: u64,
    timeout: Duration,
    generate: &dyn Fn(u64) -> Input,
) {
    if *next >= runs {
        return;
    }
    let index = *next;
    *next += 1;
    let input = generate(index);
    let mut msg = format!("RUN {index} {}\n", input.bytes.len()).into_bytes();
    msg.extend_from_slice(&input.bytes);
    // A failed write means the worker died; its reader thread reports the
    // exit and the input is recorded then.
    let _ = wk.stdin.write_all(&msg).and_then(|_| wk.stdin.flush());
    let now = Instant::now();
    wk.job = Some(InFlight {
        index,
        input,
        started: now,
        cpu_at_start: cpu_time(wk.child.id()),
        deadline: now + timeout,
        stage: "start".into(),
    });
}

fn spawn(cfg: &Config, w: usize, generation: u64, tx: &Sender<Msg>) -> Option<Worker> {
    let stderr_path = cfg
        .out
        .join("workers")
        .join(format!("{}-{w}.stderr", cfg.target.name()));
    let stderr = std::fs::File::create(&stderr_path).ok()?;
    let mut cmd = Command::new(&cfg.exe);
    cmd.arg("worker")
        .arg(cfg.target.name())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        // Backtraces cost time on every caught panic; the message is enough.
        .env("RUST_BACKTRACE", "0");
    limit_resources(&mut cmd, cfg.mem_limit);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            eprintln!(
                "lockstep-fuzz: error: cannot start worker '{}': {e}",
                cfg.exe.display()
            );
            return None;
        }
    };
    let stdin = child.stdin.take()?;
    let stdout = child.stdout.take()?;
    let tx = tx.clone();
    std::thread::spawn(move || read_answers(w, generation, stdout, tx));
    Some(Worker {
        child,
        stdin,
        generation,
        job: None,
        stderr_path,
    })
}

fn read_answers(
    worker: usize,
    generation: u64,
    stdout: std::process::ChildStdout,
    tx: Sender<Msg>,
) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&line);
        let Some(rest) = text.find(MAGIC).map(|i| &text[i + MAGIC.len()..]) else {
            continue;
        };
        let rest = rest.trim_end_matches('\n');
        let mut parts = rest.splitn(4, ' ');
        let event = match (parts.next(), parts.next().and_then(|i| i.parse().ok())) {
            (Some("STAGE"), Some(i)) => {
                let tail: Vec<&str> = parts.collect();
                Event::Stage(i, tail.join(" "))
            }
            (Some("DONE"), Some(i)) => {
                let kind = parts.next().and_then(Kind::parse).unwrap_or(Kind::Internal);
                Event::Done(i, kind, unescape(parts.next().unwrap_or("")))
            }
            _ => continue,
        };
        let msg = Msg {
            worker,
            generation,
            event,
        };
        if tx.send(msg).is_err() {
            return;
        }
    }
    let _ = tx.send(Msg {
        worker,
        generation,
        event: Event::Exit,
    });
}

#[cfg(unix)]
fn limit_resources(cmd: &mut Command, mem_limit: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs in the child between fork and exec and only
    // calls setrlimit, which is async-signal-safe.
    unsafe {
        cmd.pre_exec(move || {
            let core = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::setrlimit(libc::RLIMIT_CORE, &core);
            if mem_limit > 0 {
                let mem = libc::rlimit {
                    rlim_cur: mem_limit as libc::rlim_t,
                    rlim_max: mem_limit as libc::rlim_t,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &mem) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
}

#[cfg(not(unix))]
fn limit_resources(_cmd: &mut Command, _mem_limit: u64) {}

fn describe(s: &std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = s.signal() {
            let name = match sig {
                libc::SIGABRT => "SIGABRT",
                libc::SIGSEGV => "SIGSEGV",
                libc::SIGKILL => "SIGKILL",
                libc::SIGBUS => "SIGBUS",
                libc::SIGILL => "SIGILL",
                libc::SIGFPE => "SIGFPE",
                _ => "signal",
            };
            return format!("killed by {name} ({sig})");
        }
    }
    match s.code() {
        Some(c) => format!("exit status {c}"),
        None => "unknown status".into(),
    }
}

/// The last lines of a worker's stderr (why it died, when Rust said so).
fn stderr_tail(path: &Path) -> String {
    let text = std::fs::read(path).unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(5)..].join("\n")
}

/// The deduplication key: the kind and the message's first line with
/// digit runs folded (sizes and indices vary between inputs of one bug).
fn dedup_key(kind: Kind, message: &str) -> (Kind, String) {
    let first = message.lines().next().unwrap_or("");
    let mut key = String::with_capacity(first.len());
    let mut in_digits = false;
    for c in first.chars() {
        if c.is_ascii_digit() {
            if !in_digits {
                key.push('#');
            }
            in_digits = true;
        } else {
            key.push(c);
            in_digits = false;
        }
    }
    (kind, key)
}

fn record(cfg: &Config, report: &mut Report, job: &InFlight, kind: Kind, message: &str) {
    *report.counts.entry(kind).or_default() += 1;
    if !kind.is_bad() {
        return;
    }
    let key = dedup_key(kind, message);
    let seen = report.distinct.entry(key).or_default();
    *seen += 1;
    if *seen > 1 || report.saved.len() >= cfg.max_saved {
        return;
    }
    let stem = format!(
        "{}-{}-{:03}",
        cfg.target.name(),
        kind.name(),
        report.saved.len()
    );
    let path = cfg.out.join(format!("{stem}.{}", cfg.target.extension()));
    let note = cfg.out.join(format!("{stem}.txt"));
    let text = format!(
        "kind: {}\ntarget: {}\ninput index: {}\n{}\nmessage:\n{}\n",
        kind.name(),
        cfg.target.name(),
        job.index,
        job.input.note,
        message
    );
    let _ = std::fs::write(&path, &job.input.bytes);
    let _ = std::fs::write(&note, text);
    report.saved.push(Saved {
        kind,
        index: job.index,
        path,
        message: message.to_string(),
    });
}

/// The distinct bad findings of `report`, one line each with their count.
pub fn findings(report: &Report) -> Vec<String> {
    let mut v: Vec<String> = report
        .distinct
        .iter()
        .map(|((k, first), n)| format!("{:>6} x {}: {first}", n, k.name()))
        .collect();
    v.sort();
    v
}

/// Kinds a report found, for tests.
pub fn kinds_found(report: &Report) -> BTreeSet<Kind> {
    report
        .counts
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(k, _)| *k)
        .collect()
}

/// The CPU time (user + system) process `pid` has used, from
/// `/proc/PID/stat`; `None` where that cannot be read.
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces; fields after it are plain.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the whole line.
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    (hz > 0).then(|| Duration::from_secs_f64(ticks as f64 / hz as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dedup_folds_numbers_and_keeps_the_first_line() {
        let a = dedup_key(
            Kind::Panic,
            "index out of bounds: the len is 3 but the index is 7\nmore",
        );
        let b = dedup_key(
            Kind::Panic,
            "index out of bounds: the len is 12 but the index is 70",
        );
        assert_eq!(a, b);
        assert_ne!(
            a,
            dedup_key(
                Kind::Hang,
                "index out of bounds: the len is 3 but the index is 7"
            )
        );
    }

    #[test]
    fn cpu_time_counts_work_not_waiting() {
        // Measured on child processes: this process's own CPU time includes
        // whatever the other tests' threads do.
        let used = |script: &str| {
            let mut child = Command::new("sh").args(["-c", script]).spawn().unwrap();
            std::thread::sleep(Duration::from_millis(600));
            let used = cpu_time(child.id());
            let _ = child.kill();
            let _ = child.wait();
            used
        };
        let Some(waiting) = used("sleep 5") else {
            // No /proc: the supervisor falls back to wall time.
            return;
        };
        let spinning = used("while :; do :; done").unwrap();
        assert!(
            waiting < Duration::from_millis(30),
            "sleeping used {waiting:?} of CPU"
        );
        assert!(
            spinning >= Duration::from_millis(60),
            "spinning used only {spinning:?}"
        );
    }
}
