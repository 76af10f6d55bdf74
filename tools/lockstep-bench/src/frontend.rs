//! `frontend`: lockstepc against clang-22's CUDA front end on one `.cu` file.
//!
//! Three tools, each run as a child process with output to /dev/null, one
//! untimed warm-up each, then `runs` timed runs interleaved so drift hits
//! all alike (the same method as `parse-print`, see [`crate::run`]):
//! - `lockstepc -O0`: preprocess, parse, type-check, SSA IR, verify, print;
//! - `clang -emit-llvm -O0` (device side only): the peer doing the same job
//!   (parse, Sema, IR generation, print), the closest like-for-like;
//! - `clang -fsyntax-only` (device side only): clang's parse and Sema alone,
//!   a lower bound for any front end.
//!
//! Invariant: every figure printed was measured in this run.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Result, bail};

use crate::run::{Sample, median, run_child};

pub struct Options {
    pub ours: PathBuf,
    pub clang: PathBuf,
    /// The directory holding `prelude.h` and `include/` (tests/cuda).
    pub cuda_dir: PathBuf,
    pub runs: usize,
    pub file: PathBuf,
}

struct Tool {
    label: &'static str,
    program: PathBuf,
    args: Vec<OsString>,
}

fn clang_args(cuda_dir: &Path, file: &Path, mode: &[&str]) -> Vec<OsString> {
    let mut args: Vec<OsString> = [
        "-x",
        "cuda",
        "--cuda-device-only",
        "-nocudainc",
        "-nocudalib",
        "--cuda-gpu-arch=sm_80",
        "--cuda-feature=+ptx80",
    ]
    .iter()
    .map(OsString::from)
    .collect();
    args.extend(mode.iter().map(OsString::from));
    args.push("-include".into());
    args.push(cuda_dir.join("prelude.h").into_os_string());
    args.push("-isystem".into());
    args.push(cuda_dir.join("include").into_os_string());
    args.push(file.as_os_str().to_owned());
    args
}

pub fn frontend(opts: &Options) -> Result<()> {
    if opts.runs == 0 {
        bail!("--runs must be at least 1");
    }
    let bytes = std::fs::metadata(&opts.file)?.len();
    let tools = [
        Tool {
            label: "lockstepc -O0 (IR)",
            program: opts.ours.clone(),
            args: vec![
                opts.file.clone().into_os_string(),
                "-O0".into(),
                "-o".into(),
                "/dev/null".into(),
            ],
        },
        Tool {
            label: "clang-22 -O0 -emit-llvm",
            program: opts.clang.clone(),
            args: clang_args(
                &opts.cuda_dir,
                &opts.file,
                &["-O0", "-S", "-emit-llvm", "-o", "/dev/null"],
            ),
        },
        Tool {
            label: "clang-22 -fsyntax-only",
            program: opts.clang.clone(),
            args: clang_args(&opts.cuda_dir, &opts.file, &["-fsyntax-only"]),
        },
    ];
    for t in &tools {
        run_child(&t.program, &t.args)?;
    }
    let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); tools.len()];
    for _ in 0..opts.runs {
        for (t, s) in tools.iter().zip(samples.iter_mut()) {
            s.push(run_child(&t.program, &t.args)?.0);
        }
    }
    println!(
        "file: {} ({bytes} bytes), {} timed runs per tool",
        opts.file.display(),
        opts.runs
    );
    println!(
        "{:<26} {:>10} {:>10} {:>10} {:>9}",
        "tool", "median s", "min s", "MB/s", "peak MiB"
    );
    let mut medians = Vec::new();
    for (t, s) in tools.iter().zip(&samples) {
        let mut walls: Vec<Duration> = s.iter().map(|x| x.wall).collect();
        walls.sort();
        let med = median(&walls);
        let rss = s.iter().map(|x| x.max_rss_kib).max().unwrap_or(0);
        println!(
            "{:<26} {:>10.4} {:>10.4} {:>10.1} {:>9.1}",
            t.label,
            med.as_secs_f64(),
            walls[0].as_secs_f64(),
            bytes as f64 / 1e6 / med.as_secs_f64(),
            rss as f64 / 1024.0
        );
        medians.push(med.as_secs_f64());
    }
    println!(
        "speed-up of lockstepc (median over median; above 1 means lockstepc is faster): \
         {:.2}x over clang -emit-llvm, {:.2}x over clang -fsyntax-only",
        medians[1] / medians[0],
        medians[2] / medians[0]
    );
    Ok(())
}
