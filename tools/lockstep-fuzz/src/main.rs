//! `lockstep-fuzz [--targets ir,cuda,ptx,ptx-import] [--runs N] [--seed S] [--jobs N]
//! [--timeout SECS] [--mem-limit MB] [--out DIR] [--repo DIR] [--no-clang]`:
//! the fuzz loop over lockstep's readers; `lockstep-fuzz replay TARGET FILE`
//! runs one saved input in-process and prints its outcome;
//! `lockstep-fuzz worker TARGET` is the worker process (internal).
//!
//! Invariants:
//! - Exit status 0 when no input of any target found a bug (panic, hang,
//!   abort, unlocated diagnostic, broken internal check), 1 otherwise or on
//!   a usage error.
//! - The summary (one line per target, then the distinct findings) goes to
//!   stdout and to `OUT/summary.txt`.

use clap::{Arg, ArgAction, ArgMatches, Command};
use lockstep_fuzz::mutate::Corpus;
use lockstep_fuzz::seeds::{self, SeedOptions};
use lockstep_fuzz::supervisor::{self, Config};
use lockstep_fuzz::targets::{Kind, Target};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

fn command() -> Command {
    let target_arg = || {
        Arg::new("target").required(true).value_parser([
            "ir",
            "cuda",
            "ptx",
            "ptx-import",
            "selftest",
        ])
    };
    Command::new("lockstep-fuzz")
        .about("Grammar-aware mutation fuzzing of lockstep's IR, CUDA and PTX readers")
        .args_conflicts_with_subcommands(true)
        .arg(
            Arg::new("targets")
                .long("targets")
                .value_name("LIST")
                .default_value("ir,cuda,ptx,ptx-import")
                .help("Comma-separated targets: ir (lockstep-opt), cuda (lockstepc -O3 to PTX), ptx (PTX reader + simulator)"),
        )
        .arg(
            Arg::new("runs")
                .long("runs")
                .value_name("N")
                .value_parser(clap::value_parser!(u64))
                .default_value("1000")
                .help("Inputs per target"),
        )
        .arg(
            Arg::new("seed")
                .long("seed")
                .value_name("S")
                .value_parser(clap::value_parser!(u64))
                .default_value("1")
                .help("Run seed: input i of a target is the same for the same seed"),
        )
        .arg(
            Arg::new("jobs")
                .long("jobs")
                .short('j')
                .value_name("N")
                .value_parser(clap::value_parser!(usize))
                .help("Worker processes (default: the number of cores)"),
        )
        .arg(
            Arg::new("timeout")
                .long("timeout")
                .value_name("SECS")
                .value_parser(clap::value_parser!(f64))
                .default_value("10")
                .help("An input without a result after this long is a hang"),
        )
        .arg(
            Arg::new("mem-limit")
                .long("mem-limit")
                .value_name("MB")
                .value_parser(clap::value_parser!(u64))
                .default_value("4096")
                .help("Address-space limit of each worker in MiB (0: none)"),
        )
        .arg(
            Arg::new("out")
                .long("out")
                .short('o')
                .value_name("DIR")
                .default_value("fuzz-out")
                .help("Where bad inputs, their notes, worker logs and the summary go"),
        )
        .arg(
            Arg::new("repo")
                .long("repo")
                .value_name("DIR")
                .help("The lockstep repository to take seeds from (default: the one this was built from)"),
        )
        .arg(
            Arg::new("no-clang")
                .long("no-clang")
                .action(ArgAction::SetTrue)
                .help("Do not add clang-22's PTX to the PTX seeds"),
        )
        .subcommand(
            Command::new("replay")
                .about("Run one input file through a target in-process and print the outcome")
                .arg(target_arg())
                .arg(Arg::new("file").required(true)),
        )
        .subcommand(
            Command::new("gen")
                .about("Write input INDEX of a run (same --seed) to stdout, with its note on stderr")
                .arg(target_arg())
                .arg(
                    Arg::new("index")
                        .required(true)
                        .value_parser(clap::value_parser!(u64)),
                )
                .arg(
                    Arg::new("seed")
                        .long("seed")
                        .value_parser(clap::value_parser!(u64))
                        .default_value("1"),
                )
                .arg(Arg::new("repo").long("repo"))
                .arg(
                    Arg::new("no-clang")
                        .long("no-clang")
                        .action(ArgAction::SetTrue),
                )
                .arg(Arg::new("out").long("out").default_value("fuzz-out")),
        )
        .subcommand(
            Command::new("worker")
                .hide(true)
                .about("Internal: the worker process")
                .arg(target_arg()),
        )
}

fn target_of(m: &ArgMatches) -> Target {
    m.get_one::<String>("target")
        .and_then(|t| Target::parse(t))
        .unwrap_or(Target::SelfTest)
}

fn main() -> ExitCode {
    let m = command().get_matches();
    match m.subcommand() {
        Some(("worker", sub)) => ExitCode::from(lockstep_fuzz::worker::main(target_of(sub)) as u8),
        Some(("replay", sub)) => replay(target_of(sub), sub),
        Some(("gen", sub)) => generate(target_of(sub), sub),
        _ => match fuzz(&m) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::from(1),
            Err(e) => {
                eprintln!("lockstep-fuzz: error: {e:#}");
                ExitCode::from(1)
            }
        },
    }
}

fn repo_of(m: &ArgMatches) -> PathBuf {
    m.get_one::<String>("repo")
        .map(PathBuf::from)
        .unwrap_or_else(|| lockstep_fuzz::default_repo().to_path_buf())
}

fn seed_options(m: &ArgMatches) -> SeedOptions {
    let out = PathBuf::from(m.get_one::<String>("out").cloned().unwrap_or_default());
    SeedOptions {
        clang: !m.get_flag("no-clang"),
        cache: out.join("clang-ptx"),
    }
}

fn generate(target: Target, m: &ArgMatches) -> ExitCode {
    let index = m.get_one::<u64>("index").copied().unwrap_or(0);
    let seed = m.get_one::<u64>("seed").copied().unwrap_or(1);
    let corpus = Corpus::new(
        seeds::lang(target),
        seeds::collect(&repo_of(m), target, &seed_options(m)),
    );
    let mutant = corpus.mutant(seed, index);
    if let Some(s) = corpus.seeds.get(mutant.seed) {
        eprintln!("from seed file: {}", s.name);
    }
    eprintln!("mutations:\n  {}", mutant.ops.join("\n  "));
    let mut out = std::io::stdout().lock();
    let _ = std::io::Write::write_all(&mut out, &mutant.bytes);
    ExitCode::SUCCESS
}

fn replay(target: Target, m: &ArgMatches) -> ExitCode {
    let file = m.get_one::<String>("file").cloned().unwrap_or_default();
    let bytes = match std::fs::read(&file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("lockstep-fuzz: error: cannot read '{file}': {e}");
            return ExitCode::from(1);
        }
    };
    lockstep_fuzz::worker::install_panic_hook();
    // The tools run their work on a 512 MB stack; so does the replay.
    let o = std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || lockstep_fuzz::worker::run_one(target, "0", &bytes, false))
        .and_then(|h| {
            h.join()
                .map_err(|_| std::io::Error::other("the replay thread died"))
        });
    let o = match o {
        Ok(o) => o,
        Err(e) => {
            eprintln!("lockstep-fuzz: error: {e}");
            return ExitCode::from(1);
        }
    };
    println!("{}", o.kind.name());
    if !o.message.is_empty() {
        println!("{}", o.message.trim_end());
    }
    ExitCode::from(u8::from(o.kind.is_bad()))
}

fn fuzz(m: &ArgMatches) -> anyhow::Result<bool> {
    let targets: Vec<Target> = m
        .get_one::<String>("targets")
        .map(String::as_str)
        .unwrap_or("")
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            Target::parse(s.trim()).ok_or_else(|| {
                anyhow::anyhow!("unknown target '{s}'; valid targets: ir, cuda, ptx")
            })
        })
        .collect::<anyhow::Result<_>>()?;
    let runs = m.get_one::<u64>("runs").copied().unwrap_or(1000);
    let seed = m.get_one::<u64>("seed").copied().unwrap_or(1);
    let jobs = m
        .get_one::<usize>("jobs")
        .copied()
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let timeout = m.get_one::<f64>("timeout").copied().unwrap_or(10.0);
    let out = PathBuf::from(m.get_one::<String>("out").cloned().unwrap_or_default());
    let repo = repo_of(m);
    std::fs::create_dir_all(&out)?;
    let seed_opts = seed_options(m);
    let mut summary = String::new();
    let mut clean = true;
    for target in targets {
        let started = std::time::Instant::now();
        let corpus = Corpus::new(
            seeds::lang(target),
            seeds::collect(&repo, target, &seed_opts),
        );
        if corpus.seeds.is_empty() {
            anyhow::bail!(
                "no seeds for target '{}' under {}",
                target.name(),
                repo.display()
            );
        }
        eprintln!(
            "lockstep-fuzz: {}: {} seeds ({:.1}s), {runs} inputs, seed {seed}, {jobs} jobs",
            target.name(),
            corpus.seeds.len(),
            started.elapsed().as_secs_f64()
        );
        let cfg = Config {
            exe: std::env::current_exe()?,
            target,
            jobs,
            timeout: Duration::from_secs_f64(timeout),
            mem_limit: m.get_one::<u64>("mem-limit").copied().unwrap_or(4096) << 20,
            out: out.clone(),
            max_saved: 200,
            progress: true,
        };
        let report = lockstep_fuzz::fuzz(&cfg, &corpus, seed, runs);
        let line = format!("{}: seed={seed} {}", target.name(), report.summary());
        println!("{line}");
        summary.push_str(&line);
        summary.push('\n');
        for f in supervisor::findings(&report) {
            println!("  {f}");
            summary.push_str(&format!("  {f}\n"));
        }
        for s in &report.saved {
            let line = format!(
                "  saved {} ({}, input {})",
                s.path.display(),
                s.kind.name(),
                s.index
            );
            println!("{line}");
            summary.push_str(&line);
            summary.push('\n');
        }
        clean &= report.bad() == 0 && report.count(Kind::Ok) + report.bad() <= report.runs;
    }
    std::fs::write(out.join("summary.txt"), summary)?;
    Ok(clean)
}
