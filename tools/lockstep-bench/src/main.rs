//! `lockstep-bench`: benchmarks of lockstep's tools against their peers.
//!
//! Subcommands:
//! - `cuda-gen` and `frontend`: a generated `.cu` file, and lockstepc against clang-22's CUDA
//!   front end on it (see [`frontend`]).
//! - `gen` writes the benchmark module (deterministic for a given seed and size; see [`module_gen`]).
//! - `parse-print` runs the peer (`mlir-opt`) and, when given and present, `lockstep-opt` on
//!   one file, N interleaved times each, single-threaded, output to `/dev/null`, and prints
//!   wall time (median, min) and peak RSS per tool plus the ratios (see [`run`]).
//!
//! - `host-loop` times `lockstep-run` on host-only work against a native build (see
//!   [`host_loop`]).
//! - `sim` times the PTX simulator on an ALU/branch loop and a memory/barrier loop in warp
//!   instructions per second (wall clock and per CPU-second)
//!   (see [`sim`]).
//!
//! Invariant: every figure printed is measured in this process run; nothing is cached or
//! estimated except the op count of a file given to `parse-print`, which is labelled as an
//! estimate.

mod cuda_gen;
mod frontend;
mod host_loop;
mod module_gen;
mod phases;
mod run;
mod sim;

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "lockstep-bench",
    about = "Parse/verify/print benchmark: lockstep-opt vs mlir-opt"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Generate the benchmark module (func/arith/cf, in mlir-opt's own pretty form).
    Gen {
        /// Number of func.func ops.
        #[arg(long, default_value_t = 200)]
        funcs: usize,
        /// Arith ops per function (terminators come on top).
        #[arg(long, default_value_t = 500)]
        ops: usize,
        /// If/else diamonds (cf.cond_br + two cf.br with block arguments) per function.
        #[arg(long, default_value_t = 3)]
        diamonds: usize,
        /// PRNG seed; the same seed and sizes always give the same bytes.
        #[arg(long, default_value_t = 0x10C5_7E9)]
        seed: u64,
        /// Output file.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
    },
    /// Time parse + verify + print of FILE by the peer and by lockstep-opt.
    ParsePrint {
        /// Path to mlir-opt (the peer).
        #[arg(long)]
        peer: PathBuf,
        /// Path to lockstep-opt; skipped (peer only) if absent or missing on disk.
        #[arg(long)]
        ours: Option<PathBuf>,
        /// Timed runs per tool (after one untimed warm-up run each).
        #[arg(long, default_value_t = 5)]
        runs: usize,
        /// Skip the extra runs per tool that read the parser time from its timing report.
        #[arg(long)]
        no_parser_timing: bool,
        /// The .mlir file to process.
        file: PathBuf,
    },
    /// Generate a CUDA-subset source file for the front-end benchmark.
    CudaGen {
        /// Number of kernels.
        #[arg(long, default_value_t = 40)]
        kernels: usize,
        /// Statements per kernel.
        #[arg(long, default_value_t = 400)]
        statements: usize,
        /// PRNG seed; the same seed and sizes always give the same bytes.
        #[arg(long, default_value_t = 0x10C5_7E9)]
        seed: u64,
        /// Output file.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
    },
    /// Time lockstepc -O0 against clang-22's CUDA front end on FILE.
    Frontend {
        /// Path to lockstepc.
        #[arg(long)]
        ours: PathBuf,
        /// Path to clang-22 (the peer).
        #[arg(long, default_value = "clang-22")]
        clang: PathBuf,
        /// Directory with clang's CUDA prelude.h and include/ (tests/cuda).
        #[arg(long, default_value = "tests/cuda")]
        cuda_dir: PathBuf,
        /// Timed runs per tool (after one untimed warm-up run each).
        #[arg(long, default_value_t = 5)]
        runs: usize,
        /// The .cu file to compile.
        file: PathBuf,
    },
    /// Time lockstep's parse, verify and print phases apart (in process).
    Phases {
        /// Repetitions per phase; the fastest is reported.
        #[arg(long, default_value_t = 5)]
        runs: usize,
        /// The .mlir file to process.
        file: PathBuf,
    },
    /// Time lockstep-run on a host loop over a million elements, against a native build.
    HostLoop {
        /// The lockstep-run binary.
        #[arg(long, default_value = "target/release/lockstep-run")]
        ours: PathBuf,
        /// The C++ compiler that builds the native peer.
        #[arg(long, default_value = "clang++-22")]
        clangxx: PathBuf,
        /// Timed runs per variant (after one untimed warm-up run).
        #[arg(long, default_value_t = 5)]
        runs: usize,
    },
    /// Time the PTX simulator (every counter on) in warp instructions per second, on an ALU
    /// loop and a memory loop.
    Sim {
        /// Worker thread counts to measure, comma separated.
        #[arg(long, value_delimiter = ',', default_value = "1,2")]
        threads: Vec<usize>,
        /// Timed runs per thread count (after one untimed warm-up run).
        #[arg(long, default_value_t = 7)]
        runs: usize,
        /// Loop iterations per thread of the ALU loop (2000 gives 5.1 M warp instructions; the
        /// memory loop runs an eighth as many, about 1.8 M warp instructions).
        #[arg(long, default_value_t = 2000)]
        iterations: u32,
    },
}

fn main() -> Result<()> {
    match Cli::parse().command {
        Command::Gen {
            funcs,
            ops,
            diamonds,
            seed,
            output,
        } => {
            let config = module_gen::Config {
                funcs,
                ops_per_func: ops,
                diamonds,
                seed,
            };
            let module = module_gen::generate(&config);
            std::fs::write(&output, &module.text)
                .with_context(|| format!("writing {}", output.display()))?;
            eprintln!(
                "wrote {}: {} bytes, {} funcs, {} ops (incl. module, funcs, terminators)",
                output.display(),
                module.text.len(),
                funcs,
                module.op_count
            );
            Ok(())
        }
        Command::ParsePrint {
            peer,
            ours,
            runs,
            no_parser_timing,
            file,
        } => run::parse_print(&run::Options {
            peer,
            ours,
            runs,
            parser_timing: !no_parser_timing,
            file,
        }),
        Command::Phases { runs, file } => phases::phases(&file, runs),
        Command::HostLoop {
            ours,
            clangxx,
            runs,
        } => host_loop::host_loop(&ours, &clangxx, runs),
        Command::Sim {
            threads,
            runs,
            iterations,
        } => sim::sim(&threads, runs, iterations),
        Command::CudaGen {
            kernels,
            statements,
            seed,
            output,
        } => {
            let text = cuda_gen::generate(&cuda_gen::Config {
                kernels,
                statements,
                seed,
            });
            std::fs::write(&output, &text)
                .with_context(|| format!("writing {}", output.display()))?;
            eprintln!(
                "wrote {}: {} bytes, {kernels} kernels",
                output.display(),
                text.len()
            );
            Ok(())
        }
        Command::Frontend {
            ours,
            clang,
            cuda_dir,
            runs,
            file,
        } => frontend::frontend(&frontend::Options {
            ours,
            clang,
            cuda_dir,
            runs,
            file,
        }),
    }
}
