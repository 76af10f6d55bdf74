//! The seeds of each target, gathered from the repository at startup.
//!
//! - `ir`: `tests/lit/**/*.mlir`, `tests/malformed/*.mlir`,
//!   `tests/mlir-compat/**/*.mlir`, `examples/*.mlir`, and the IR the front
//!   end prints for `examples/*.cu` (device and host dialects in real use).
//! - `cuda`: `examples/*.cu`, `benches/*.cu`, `tests/lit/**/*.cu`.
//! - `ptx`: any `*.ptx` under `tests/` and `examples/`, the PTX lockstep
//!   generates in-process for `examples/*.cu` and `benches/*.cu` at `-O0` and
//!   `-O3`, and clang-22's `-O3` PTX of the same programs when clang-22 is
//!   installed (cached in the output directory).
//!
//! Invariant: the seed list depends only on the repository's files (and
//! clang's output), never on directory iteration order: `Corpus::new` sorts
//! by name.

use crate::lex::Lang;
use crate::mutate::Seed;
use crate::targets::Target;
use std::path::{Path, PathBuf};
use std::process::Command;

/// lockstep-opt's `--split-input-file` marker.
const SPLIT_MARKER: &str = "// -----";

/// The language of a target's inputs.
pub fn lang(target: Target) -> Lang {
    match target {
        Target::Ir => Lang::Ir,
        Target::Cuda | Target::SelfTest => Lang::Cuda,
        Target::Ptx | Target::PtxImport => Lang::Ptx,
    }
}

/// Files under `dir` (recursively) whose name ends in `.ext`, sorted.
fn files(dir: &Path, ext: &str, recursive: bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(rd) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            if recursive {
                out.extend(files(&p, ext, true));
            }
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
    out.sort();
    out
}

fn read_seeds(repo: &Path, paths: &[PathBuf]) -> Vec<Seed> {
    paths
        .iter()
        .filter_map(|p| {
            let text = std::fs::read(p).ok()?;
            let name = p.strip_prefix(repo).unwrap_or(p).display().to_string();
            Some(Seed { name, text })
        })
        .collect()
}

/// The programs compiled for IR and PTX seeds.
fn programs(repo: &Path) -> Vec<PathBuf> {
    let mut v = files(&repo.join("examples"), "cu", false);
    v.extend(files(&repo.join("benches"), "cu", false));
    v
}

/// What [`collect`] may use beyond the repository.
#[derive(Clone, Debug)]
pub struct SeedOptions {
    /// Use clang-22's PTX when clang-22 is installed.
    pub clang: bool,
    /// Where clang's PTX is cached.
    pub cache: PathBuf,
}

/// The seeds of `target`.
pub fn collect(repo: &Path, target: Target, opts: &SeedOptions) -> Vec<Seed> {
    match target {
        Target::Ir => {
            let mut paths = files(&repo.join("tests/lit"), "mlir", true);
            paths.extend(files(&repo.join("tests/malformed"), "mlir", false));
            paths.extend(files(&repo.join("tests/mlir-compat"), "mlir", true));
            paths.extend(files(&repo.join("examples"), "mlir", false));
            let mut seeds = Vec::new();
            // Split files also give each chunk as a seed of its own: most
            // chunks are valid alone, and a valid input reaches further.
            for s in read_seeds(repo, &paths) {
                let text = String::from_utf8_lossy(&s.text).into_owned();
                let chunks: Vec<&str> = text.split(SPLIT_MARKER).collect();
                if chunks.len() > 1 {
                    for (k, c) in chunks.iter().enumerate() {
                        seeds.push(Seed {
                            name: format!("{}#{k}", s.name),
                            text: c.as_bytes().to_vec(),
                        });
                    }
                }
                seeds.push(s);
            }
            for p in files(&repo.join("examples"), "cu", false) {
                if let Some(ir) = std::fs::read_to_string(&p)
                    .ok()
                    .and_then(|t| front_end_ir(&t))
                {
                    seeds.push(Seed {
                        name: format!("{} (front end IR)", p.display()),
                        text: ir.into_bytes(),
                    });
                }
            }
            seeds
        }
        Target::Cuda => {
            let mut paths = programs(repo);
            paths.extend(files(&repo.join("tests/lit"), "cu", true));
            read_seeds(repo, &paths)
        }
        Target::Ptx | Target::PtxImport => {
            let mut paths = files(&repo.join("tests"), "ptx", true);
            paths.extend(files(&repo.join("examples"), "ptx", true));
            let mut seeds = read_seeds(repo, &paths);
            for p in programs(repo) {
                let Ok(text) = std::fs::read_to_string(&p) else {
                    continue;
                };
                let stem = p.strip_prefix(repo).unwrap_or(&p).display().to_string();
                for level in [0, 3] {
                    if let Some(ptx) = lockstep_ptx(&text, level) {
                        seeds.push(Seed {
                            name: format!("{stem} (lockstep -O{level})"),
                            text: ptx.into_bytes(),
                        });
                    }
                }
                if opts.clang
                    && let Some(ptx) = clang_ptx(repo, &p, &opts.cache)
                {
                    seeds.push(Seed {
                        name: format!("{stem} (clang-22 -O3)"),
                        text: ptx,
                    });
                }
            }
            seeds
        }
        Target::SelfTest => vec![Seed {
            name: "selftest".into(),
            text: b"selftest input\n".to_vec(),
        }],
    }
}

/// The front end's IR for a `.cu` text, printed as lockstepc prints it.
fn front_end_ir(text: &str) -> Option<String> {
    let mut ctx = lockstep_registry::new_context(false);
    let m = lockstep_frontend::compile(&mut ctx, "seed.cu", text).ok()?;
    Some(lockstep_ir::print_op(
        &ctx,
        m,
        lockstep_ir::PrintOptions::default(),
    ))
}

/// lockstep's PTX for a `.cu` text at `-O<level>`.
fn lockstep_ptx(text: &str, level: u8) -> Option<String> {
    let mut ctx = lockstep_registry::new_context(false);
    let m = lockstep_frontend::compile(&mut ctx, "seed.cu", text).ok()?;
    if let Some(p) = lockstep_opt::levels::optimization_pipeline(level, None, None) {
        let registry = lockstep_registry::new_registry();
        let mut pm = lockstep_pass::PassManager::parse(&p, &registry).ok()?;
        pm.threading = false;
        if pm.run(&mut ctx, m).failed {
            return None;
        }
    }
    let opts = lockstep_codegen::pipeline::PtxOptions {
        sm: "sm_80".into(),
        debug_info: level == 0,
    };
    let ptx = lockstep_codegen::pipeline::compile_to_ptx(&mut ctx, m, &opts).ok()?;
    (!ptx.trim().is_empty()).then_some(ptx)
}

/// clang-22's device PTX for `file` (REFERENCE §4's command), cached.
fn clang_ptx(repo: &Path, file: &Path, cache: &Path) -> Option<Vec<u8>> {
    let stem = file.file_stem()?.to_string_lossy().into_owned();
    let dir = file.parent()?.file_name()?.to_string_lossy().into_owned();
    let cached = cache.join(format!("{dir}-{stem}.clang.ptx"));
    if let Ok(t) = std::fs::read(&cached) {
        return Some(t);
    }
    let cuda = repo.join("tests/cuda");
    let out = Command::new("clang-22")
        .args([
            "-x",
            "cuda",
            "--cuda-device-only",
            "-nocudainc",
            "-nocudalib",
            "--cuda-gpu-arch=sm_80",
            "--cuda-feature=+ptx80",
            "-O3",
            "-S",
            "-include",
        ])
        .arg(cuda.join("prelude.h"))
        .arg("-isystem")
        .arg(cuda.join("include"))
        .arg(file)
        .arg("-o")
        .arg("-")
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() || out.stdout.is_empty() {
        return None;
    }
    let _ = std::fs::create_dir_all(cache);
    let _ = std::fs::write(&cached, &out.stdout);
    Some(out.stdout)
}
