//! The `ptxas_examples` test target: `cargo test -p lockstep-tests --test ptxas_examples`.
//!
//! Every `examples/*.cu` goes through the real toolchain end to end:
//! `lockstepc -O<level> --emit=ptx --sm=<target>` and NVIDIA's `ptxas` for
//! that target, for -O0 and -O3 and for sm_80 and sm_90, plus -O3 with
//! `-g` (the `.loc`/`.file` form) for sm_80. Each PTX must assemble and must
//! hold one `.entry` per `__global__` function of the source.
//!
//! Invariant: a missing ptxas marks the trials ignored with a `SKIPPED:`
//! message, and fails them when `CI=true` or `LOCKSTEP_REQUIRE_TOOLS=1`
//! (scripts/test installs the `nvidia-cuda-nvcc` wheel); it never passes
//! them silently.

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use lockstep_tests::tools::{self, ToolCheck};
use std::path::{Path, PathBuf};
use std::process::Command;

fn examples_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples");
    dir.canonicalize().unwrap_or(dir)
}

fn example_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(examples_dir())
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "cu"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn lockstepc() -> PathBuf {
    lockstep_tests::lit::Config::for_test_target(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_lockstep-filecheck"),
    )
    .bin_dir
    .join("lockstepc")
}

/// The names of the `__global__` functions of a source file.
fn kernel_names(source: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = source;
    while let Some(i) = rest.find("__global__") {
        rest = &rest[i + "__global__".len()..];
        if let Some(open) = rest.find('(') {
            let head = rest[..open].trim_end();
            let name: String = head
                .chars()
                .rev()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            if !name.is_empty() {
                names.push(name);
            }
        }
    }
    names
}

fn trial(file: PathBuf, level: &str, sm: &str, debug: bool) -> Result<Completion, Failed> {
    let ptxas = match tools::check_tool(&tools::PTXAS) {
        ToolCheck::Found(p) => p,
        ToolCheck::Skip(msg) => {
            eprintln!("{msg}");
            return Ok(Completion::ignored_with(msg));
        }
        ToolCheck::Fail(msg) => return Err(msg.into()),
    };
    let lockstepc = lockstepc();
    if !lockstepc.is_file() {
        return Err(format!(
            "{} not found: build the binaries first (`cargo build --workspace --bins`)",
            lockstepc.display()
        )
        .into());
    }
    let mut cmd = Command::new(&lockstepc);
    cmd.arg(&file)
        .arg(format!("-O{level}"))
        .arg("--emit=ptx")
        .arg(format!("--sm={sm}"));
    if debug {
        cmd.arg("-g");
    }
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {}: {e}", lockstepc.display()))?;
    if !out.status.success() {
        return Err(format!(
            "lockstepc failed on {}:\n{}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        )
        .into());
    }
    let ptx = String::from_utf8_lossy(&out.stdout).into_owned();
    let source = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    for k in kernel_names(&source) {
        if !ptx.contains(&format!(".entry {k}(")) {
            return Err(format!("no `.entry {k}(` in the PTX of {}", file.display()).into());
        }
    }
    if debug && !(ptx.contains(".file") && ptx.contains(".loc")) {
        return Err("-g PTX has no .file/.loc directives".into());
    }
    check_with_ptxas(&ptxas, &ptx, sm)?;
    Ok(Completion::Completed)
}

fn check_with_ptxas(ptxas: &Path, ptx: &str, sm: &str) -> Result<(), Failed> {
    let dir = std::env::temp_dir();
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let stem = format!(
        "lockstep-ptxas-examples-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    );
    let input = dir.join(format!("{stem}.ptx"));
    let output = dir.join(format!("{stem}.cubin"));
    std::fs::write(&input, ptx).map_err(|e| format!("{}: {e}", input.display()))?;
    let out = Command::new(ptxas)
        .arg(format!("-arch={sm}"))
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", ptxas.display()))?;
    let _ = std::fs::remove_file(&output);
    let _ = std::fs::remove_file(&input);
    if out.status.success() {
        return Ok(());
    }
    let numbered: String = ptx
        .lines()
        .enumerate()
        .map(|(i, l)| format!("{:5} {l}\n", i + 1))
        .collect();
    Err(format!(
        "ptxas -arch={sm} rejected the PTX:\n{}\n{numbered}",
        String::from_utf8_lossy(&out.stderr)
    )
    .into())
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = vec![Trial::test("ptxas_examples::kernel-names", || {
        let got = kernel_names("__global__ void a(int x) {}\n__global__  void  b_2 (float *p) {}");
        if got == ["a", "b_2"] {
            Ok(())
        } else {
            Err(format!("kernel_names gave {got:?}").into())
        }
    })];
    let files = example_files();
    if files.is_empty() {
        trials.push(Trial::test("ptxas_examples::examples-present", || {
            Err("no examples/*.cu found".into())
        }));
    }
    for file in files {
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        for level in ["0", "3"] {
            for sm in ["sm_80", "sm_90"] {
                let f = file.clone();
                trials.push(Trial::ignorable_test(
                    format!("ptxas_examples::{stem}::O{level}::{sm}"),
                    move || trial(f, level, sm, false),
                ));
            }
        }
        trials.push(Trial::ignorable_test(
            format!("ptxas_examples::{stem}::O3::sm_80::g"),
            move || trial(file, "3", "sm_80", true),
        ));
    }
    libtest_mimic::run(&args, trials).exit();
}
