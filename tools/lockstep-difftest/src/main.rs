//! `lockstep-difftest`: generate random CUDA-subset programs (`gen SEED`), run a range of
//! them under every variant against `lockstep-run -O0` (`run --seeds A..B`), and reduce a
//! mismatching program (`reduce FILE.cu --variant V`).
//!
//! Exit status: 0 when nothing failed, 1 on any mismatch, fault or generator failure (and
//! on usage or setup errors, with a message).

use anyhow::{Context as _, Result, bail};
use clap::{Parser, Subcommand};
use lockstep_difftest::campaign::{self, Config, Reference, Verdict};
use lockstep_difftest::exec::{self, Tools};
use lockstep_difftest::variants::{self, Kind, Variant};
use lockstep_difftest::{progen, reduce};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "lockstep-difftest",
    about = "Random differential testing of lockstep against itself, clang-22 and nvcc"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(clap::Args, Clone)]
struct Common {
    /// The lockstep-run binary (default: next to this executable)
    #[arg(long, value_name = "PATH")]
    lockstep_run: Option<PathBuf>,
    /// Seconds before a compile or run is killed and counted as a fault
    #[arg(long, default_value_t = 60)]
    timeout: u64,
}

#[derive(Subcommand)]
enum Cmd {
    /// Print the program for SEED
    Gen {
        seed: u64,
        /// Print the features the program uses instead of the program
        #[arg(long)]
        features: bool,
    },
    /// Run the programs of a seed range under every variant and summarize
    Run {
        /// Seed range A..B (B excluded), or a single seed
        #[arg(long, value_name = "A..B")]
        seeds: String,
        /// Programs run in parallel (default: the number of cores)
        #[arg(long)]
        jobs: Option<usize>,
        /// Comma-separated variants (default: all)
        #[arg(long, default_value = "all")]
        variants: String,
        /// Save each failing program and its diff under DIR
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        #[command(flatten)]
        common: Common,
    },
    /// Shrink FILE while VARIANT still differs from -O0 on it
    Reduce {
        file: PathBuf,
        #[arg(long)]
        variant: String,
        /// Where the reduced program goes (default: FILE with .reduced.cu)
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Give up after this many candidates
        #[arg(long, default_value_t = 20000)]
        max_tests: usize,
        #[command(flatten)]
        common: Common,
    },
}

fn parse_seeds(s: &str) -> Result<std::ops::Range<u64>> {
    if let Some((a, b)) = s.split_once("..") {
        let a: u64 = a.trim().parse().context("seed range start")?;
        let b: u64 = b.trim().parse().context("seed range end")?;
        if b <= a {
            bail!("empty seed range {s}");
        }
        Ok(a..b)
    } else {
        let a: u64 = s.trim().parse().context("seed")?;
        Ok(a..a + 1)
    }
}

/// Finds lockstep-run and the peers the variants need; a missing peer is an error.
fn tools(common: &Common, variants: &[Variant]) -> Result<Tools> {
    let lockstep_run = exec::find_lockstep_run(common.lockstep_run.as_deref())?;
    let mut clang = None;
    let mut nvcc = None;
    if variants.iter().any(|v| v.kind == Kind::Clang) {
        clang = Some(exec::find_clang()?.context(
            "clang-22 not found on PATH or in /usr/lib/llvm-22/bin (install the Debian package clang-22, set $LOCKSTEP_CLANG, or leave `clang` out of --variants)",
        )?);
    }
    if variants.iter().any(|v| v.kind == Kind::Nvcc) {
        nvcc = Some(exec::find_nvcc()?.with_context(|| format!(
            "nvcc not found on PATH, in /usr/local/cuda/bin or the NVIDIA wheels (install {}, set $LOCKSTEP_NVCC, or leave `nvcc` out of --variants)",
            exec::NVCC_SPEC.install
        ))?);
    }
    Ok(Tools {
        lockstep_run,
        clang,
        nvcc,
    })
}

fn work_dir() -> PathBuf {
    std::env::temp_dir().join(format!("lockstep-difftest-{}", std::process::id()))
}

fn main() {
    match real_main() {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(e) => {
            eprintln!("lockstep-difftest: error: {e:#}");
            std::process::exit(1);
        }
    }
}

fn real_main() -> Result<bool> {
    let cli = Cli::parse();
    match cli.cmd {
        Cmd::Gen { seed, features } => {
            let p = progen::generate(seed);
            if features {
                println!("{:#?}", p.features);
            } else {
                print!("{}", p.text);
            }
            Ok(true)
        }
        Cmd::Run {
            seeds,
            jobs,
            variants,
            out,
            common,
        } => {
            let seeds = parse_seeds(&seeds)?;
            let variants = variants::parse_list(&variants)?;
            let cfg = Config {
                tools: tools(&common, &variants)?,
                variants,
                timeout: Duration::from_secs(common.timeout),
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                out: out.clone(),
                work: work_dir(),
            };
            let on_failure = |seed: u64, label: &str, report: &str| {
                let first = report.lines().next().unwrap_or("");
                eprintln!("seed {seed}: {label}: {first}");
                if let Some(dir) = &out
                    && let Err(e) = campaign::save_failure(dir, seed, label, report)
                {
                    eprintln!("lockstep-difftest: cannot save seed {seed}: {e}");
                }
            };
            let summary = campaign::run_seeds(&cfg, seeds, true, &on_failure);
            print!("{}", summary.render());
            Ok(!summary.failed())
        }
        Cmd::Reduce {
            file,
            variant,
            output,
            max_tests,
            common,
        } => {
            let chosen = variants::parse_list(&variant)?;
            let [v] = chosen.as_slice() else {
                bail!("--variant takes exactly one variant");
            };
            let v = v.clone();
            let tools = tools(&common, std::slice::from_ref(&v))?;
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("reading {}", file.display()))?;
            let timeout = Duration::from_secs(common.timeout);
            let work = work_dir();
            std::fs::create_dir_all(&work)?;
            let mut pred = |cand: &str| interesting(&tools, &v, &work, cand, timeout);
            if !pred(&text) {
                bail!(
                    "{}: variant {} does not differ from -O0 on this program (nothing to reduce)",
                    file.display(),
                    v.name
                );
            }
            let (reduced, stats) = reduce::reduce(&text, &mut pred, max_tests);
            let _ = std::fs::remove_dir_all(&work);
            let output = output.unwrap_or_else(|| file.with_extension("reduced.cu"));
            std::fs::write(&output, &reduced)?;
            eprintln!(
                "lockstep-difftest: {} lines -> {} lines ({} candidates tried, {} kept, {} rounds); wrote {}",
                text.lines().count(),
                reduced.lines().count(),
                stats.tests,
                stats.kept,
                stats.rounds,
                output.display()
            );
            Ok(true)
        }
    }
}

/// The reducer's predicate: the candidate compiles under lockstepc and runs at -O0 without
/// fault, a peer still accepts it, and the variant still differs (status or stdout).
fn interesting(tools: &Tools, v: &Variant, work: &Path, text: &str, timeout: Duration) -> bool {
    let cu = work.join("candidate.cu");
    if std::fs::write(&cu, text).is_err() {
        return false;
    }
    let (reference, _) = campaign::run_reference(tools, &cu, timeout);
    let Reference::Ok(r) = reference else {
        return false;
    };
    let (verdict, _) = campaign::run_variant(tools, v, &cu, &cu.with_extension(""), &r, timeout);
    matches!(verdict, Verdict::Mismatch(_) | Verdict::Fault(_))
}
