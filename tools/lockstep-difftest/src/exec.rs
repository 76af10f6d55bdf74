//! Running one tool under a timeout, and finding the tools.
//!
//! Invariants: a child that outlives its timeout is killed (by its own pid) and reported as
//! [`Status::Timeout`], never waited for; stdout and stderr are drained while the child runs,
//! so a chatty child cannot block on a full pipe. Tool lookup follows the tests' rules
//! (`lockstep_tests::tools::find_tool`: `PATH`, `/usr/lib/llvm-22/bin`, `/usr/local/cuda/bin`,
//! the NVIDIA wheels' `bin/`), with `$LOCKSTEP_CLANG` / `$LOCKSTEP_NVCC` as overrides as in
//! scripts/lockstep_tools.py.

use anyhow::{Context as _, Result, bail};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a child ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Exit(i32),
    /// Killed by a signal (a crash).
    Signal,
    Timeout,
    /// Could not be started.
    Spawn(String),
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Status::Exit(c) => write!(f, "exit status {c}"),
            Status::Signal => write!(f, "killed by a signal"),
            Status::Timeout => write!(f, "timed out"),
            Status::Spawn(e) => write!(f, "could not start: {e}"),
        }
    }
}

/// One finished run.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub status: Status,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
}

impl Outcome {
    pub fn ok(&self) -> bool {
        self.status == Status::Exit(0)
    }
}

/// Runs `cmd` to completion or until `timeout`.
pub fn run(cmd: &mut Command, timeout: Duration) -> Outcome {
    let start = Instant::now();
    let mut child = match cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            return Outcome {
                status: Status::Spawn(e.to_string()),
                stdout: String::new(),
                stderr: String::new(),
                elapsed: start.elapsed(),
            };
        }
    };
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            String::from_utf8_lossy(&buf).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let err = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let mut pause = Duration::from_millis(1);
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s.code().map_or(Status::Signal, Status::Exit),
            Ok(None) if start.elapsed() >= timeout => {
                let _ = child.kill();
                let _ = child.wait();
                break Status::Timeout;
            }
            Ok(None) => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(20));
            }
            Err(e) => break Status::Spawn(e.to_string()),
        }
    };
    Outcome {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
        elapsed: start.elapsed(),
    }
}

/// The external programs a campaign needs.
#[derive(Clone, Debug)]
pub struct Tools {
    pub lockstep_run: PathBuf,
    pub clang: Option<PathBuf>,
    pub nvcc: Option<PathBuf>,
}

pub const NVCC_SPEC: lockstep_tests::tools::ToolSpec = lockstep_tests::tools::ToolSpec {
    tool: "nvcc",
    names: &["nvcc"],
    install: "PyPI packages nvidia-cuda-nvcc, nvidia-cuda-runtime and nvidia-cuda-crt (scripts/test installs them)",
};

fn from_env(var: &str) -> Result<Option<PathBuf>> {
    match std::env::var_os(var) {
        Some(v) if !v.is_empty() => {
            let p = PathBuf::from(v);
            if p.is_file() {
                Ok(Some(p))
            } else {
                bail!("${var}={} is not a file", p.display())
            }
        }
        _ => Ok(None),
    }
}

/// `lockstep-run`: `explicit`, else next to this executable (or its parent, for test
/// binaries in `target/*/deps`).
pub fn find_lockstep_run(explicit: Option<&Path>) -> Result<PathBuf> {
    if let Some(p) = explicit {
        if p.is_file() {
            return Ok(p.to_path_buf());
        }
        bail!("--lockstep-run {}: no such file", p.display());
    }
    let exe = std::env::current_exe().context("locating this executable")?;
    let mut looked = Vec::new();
    for dir in exe.ancestors().skip(1).take(2) {
        let cand = dir.join("lockstep-run");
        if cand.is_file() {
            return Ok(cand);
        }
        looked.push(cand.display().to_string());
    }
    bail!(
        "lockstep-run not found (looked at {}); build it with `cargo build -p lockstep-run` or pass --lockstep-run PATH",
        looked.join(", ")
    )
}

pub fn find_clang() -> Result<Option<PathBuf>> {
    Ok(from_env("LOCKSTEP_CLANG")?.or_else(|| lockstep_tests::tools::find_tool(&["clang-22"])))
}

pub fn find_nvcc() -> Result<Option<PathBuf>> {
    Ok(from_env("LOCKSTEP_NVCC")?.or_else(|| lockstep_tests::tools::find_tool(&["nvcc"])))
}

/// The command that compiles `cu`'s device code to PTX `out` with clang-22 -O3 (the oracle's
/// command: `lockstep_tests::cuda::device_ptx_args`).
pub fn clang_command(clang: &Path, cu: &Path, out: &Path) -> Command {
    let mut c = Command::new(clang);
    c.args(lockstep_tests::cuda::device_ptx_args(cu, out));
    c
}

/// The command that compiles `cu`'s device code to PTX `out` with nvcc -O3 for sm_80
/// (REFERENCE §9: nvcc takes the programs unmodified, no prelude).
pub fn nvcc_command(nvcc: &Path, cu: &Path, out: &Path) -> Command {
    let mut c = Command::new(nvcc);
    c.args(["-ptx", "-O3", "-arch=sm_80", "-w"])
        .arg(cu)
        .arg("-o")
        .arg(out);
    c
}
