//! `host-loop`: how long `lockstep-run` takes on host-only work, two loops over a million
//! elements (`programs/host_loop.cu`), at -O0 and -O3, with the same program built natively
//! by clang++-22 -O0 as the peer in the same run.
//!
//! Each figure is the wall time of a child process from spawn to exit (lockstep-run's time
//! includes compiling the program); the fastest and the median of `runs` timed runs are
//! reported after one untimed warm-up run. All three must print the same checksum.

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const PROGRAM: &str = include_str!("../programs/host_loop.cu");

/// Runs `cmd` once: (stdout, seconds).
fn timed(cmd: &mut Command) -> Result<(String, f64)> {
    let start = Instant::now();
    let out = cmd.output().with_context(|| format!("running {cmd:?}"))?;
    let secs = start.elapsed().as_secs_f64();
    if !out.status.success() {
        bail!(
            "{cmd:?} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok((String::from_utf8_lossy(&out.stdout).into_owned(), secs))
}

fn measure(label: &str, runs: usize, mut make: impl FnMut() -> Command) -> Result<String> {
    let (expected, _) = timed(&mut make())?;
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs.max(1) {
        let (out, secs) = timed(&mut make())?;
        if out != expected {
            bail!("{label}: output changed between runs");
        }
        times.push(secs);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{label:24} fastest {:.3} s  median {:.3} s  output {}",
        times[0],
        times[(times.len() - 1) / 2],
        expected.trim()
    );
    Ok(expected)
}

pub fn host_loop(lockstep_run: &Path, clangxx: &Path, runs: usize) -> Result<()> {
    let dir = std::env::temp_dir().join(format!("lockstep-bench-host-loop-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let source = dir.join("host_loop.cu");
    std::fs::write(&source, PROGRAM)?;
    let native: PathBuf = dir.join("host_loop");
    let built = Command::new(clangxx)
        .args(["-x", "c++", "-O0", "-o"])
        .arg(&native)
        .arg(&source)
        .status()
        .with_context(|| format!("running {}", clangxx.display()))?;
    if !built.success() {
        bail!("{} could not build the peer", clangxx.display());
    }
    println!("host loop over 1,000,000 elements; wall time per process, {runs} runs");
    let mut outputs = Vec::new();
    for level in ["-O0", "-O3"] {
        outputs.push(measure(&format!("lockstep-run {level}"), runs, || {
            let mut c = Command::new(lockstep_run);
            c.arg(level).arg(&source);
            c
        })?);
    }
    outputs.push(measure("native clang++-22 -O0", runs, || {
        Command::new(&native)
    })?);
    let _ = std::fs::remove_dir_all(&dir);
    if outputs.iter().any(|o| *o != outputs[0]) {
        bail!("the runs disagree: {outputs:?}");
    }
    Ok(())
}
