//! lockstep-fuzz: a stable-Rust, grammar-aware mutation fuzz loop over
//! lockstep's three readers (IR, CUDA, PTX) and what runs after them.
//!
//! - [`lex`] and [`vocab`]: the lexical grammar and vocabulary of each
//!   input language.
//! - [`mutate`]: the seeded, deterministic, grammar-aware mutator.
//! - [`seeds`]: seeds from the repository (and generated PTX).
//! - [`targets`]: one input through a tool's libraries, in-process, ending
//!   in an outcome (ok, located error, fault, or a bug kind).
//! - [`worker`] and [`supervisor`]: worker processes run inputs and catch
//!   panics; the supervisor detects hangs and deaths, restarts workers,
//!   counts outcomes and saves bad inputs.
//!
//! Invariant: a run is reproducible from `(target, seed, index)`: input
//! `index` is `Corpus::mutant(seed, index)` of the target's corpus, and
//! `lockstep-fuzz replay` runs a saved input again in-process.

pub mod lex;
pub mod mutate;
pub mod seeds;
pub mod supervisor;
pub mod targets;
pub mod vocab;
pub mod worker;

use mutate::Corpus;
use std::path::Path;
use supervisor::{Config, Input, Report};

/// Fuzzes `cfg.target` with inputs `0..runs` of run seed `seed`, mutated
/// from `corpus`.
pub fn fuzz(cfg: &Config, corpus: &Corpus, seed: u64, runs: u64) -> Report {
    let generate = |index: u64| {
        let m = corpus.mutant(seed, index);
        Input {
            note: format!(
                "run seed: {seed}\nfrom seed file: {}\nmutations:\n  {}",
                corpus.seeds[m.seed.min(corpus.seeds.len().saturating_sub(1))].name,
                m.ops.join("\n  ")
            ),
            bytes: m.bytes,
        }
    };
    supervisor::run(cfg, runs, &generate)
}

/// The repository this crate was built from (the default `--repo`).
pub fn default_repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}
