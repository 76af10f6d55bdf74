//! The `clang_peer` test target: `cargo test -p lockstep-tests --test clang_peer`.
//!
//! Every `examples/*.cu` must stay inside the CUDA subset lockstepc accepts
//! *and* compile unchanged with clang 22's CUDA front end, so the examples
//! are real CUDA and clang is an independent peer for lockstep's output.
//!
//! - `clang_peer::device::<stem>`: `clang-22 --cuda-device-only -S` to PTX
//!   for sm_80 must succeed, and every `__global__` function of the file
//!   must appear as a PTX `.entry`.
//! - `clang_peer::host::<stem>`: `clang-22 --cuda-host-only -fsyntax-only`
//!   must succeed.
//! - `clang_peer::run::<stem>`: the example, with its launches rewritten,
//!   built as C++ against `tests/cuda/emu.h` (a CPU emulation: one OS thread
//!   per CUDA thread, real barriers) and run; it must exit 0, print `PASS`,
//!   and print exactly `examples/expected/<stem>.out` (`LOCKSTEP_BLESS=1`
//!   rewrites that file). This is what keeps the examples *correct*, not
//!   just compilable, and the golden output is what lockstep's simulator
//!   must reproduce.
//! - `clang_peer::subset::<stem>`: a token-level lint for the parts of the
//!   subset a C++ compiler would accept anyway (no structs, templates,
//!   `std::`, switch, goto, function-like macros, other includes), plus the
//!   examples' conventions (header comment, `int main()`, PASS/FAIL line).
//!
//! There is no CUDA SDK here: `tests/cuda/prelude.h` (passed with
//! `-include`) supplies the qualifiers, dim3, the runtime API declarations
//! and the device builtins, and `tests/cuda/include/` resolves
//! `<cuda_runtime.h>`.
//!
//! Invariant: a missing clang-22 marks the clang trials ignored with a
//! `SKIPPED:` message, and fails them when `CI=true` or
//! `LOCKSTEP_REQUIRE_TOOLS=1`; it never passes them silently.

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use lockstep_tests::cuda::{self, CLANG};
use lockstep_tests::tools::{self, ToolCheck};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn tests_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn examples_dir() -> PathBuf {
    let dir = tests_dir().join("..").join("examples");
    dir.canonicalize().unwrap_or(dir)
}

fn example_files() -> Vec<PathBuf> {
    cuda::cu_files(&examples_dir())
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn clang_gate() -> Result<PathBuf, Result<Completion, Failed>> {
    match tools::check_tool(&CLANG) {
        ToolCheck::Found(p) => Ok(p),
        ToolCheck::Skip(msg) => {
            eprintln!("{msg}");
            Err(Ok(Completion::ignored_with(msg)))
        }
        ToolCheck::Fail(msg) => Err(Err(msg.into())),
    }
}

/// Runs clang; a non-zero exit fails with the full command and stderr.
fn run_clang(clang: &Path, args: &[String]) -> Result<(), Failed> {
    let out = Command::new(clang)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", clang.display()))?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "clang failed ({}):\n  {} {}\n{}",
        out.status,
        clang.display(),
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    )
    .into())
}

/// A scratch directory unique to this process and example.
fn scratch_dir(name: &str) -> Result<PathBuf, Failed> {
    let dir =
        std::env::temp_dir().join(format!("lockstep-clang-peer-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

fn device_trial(file: PathBuf) -> Result<Completion, Failed> {
    let clang = match clang_gate() {
        Ok(p) => p,
        Err(done) => return done,
    };
    let source = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let dir = scratch_dir(&stem(&file))?;
    let ptx = dir.join("out.ptx");
    let result = cuda::compile_device_ptx(&clang, &file, &ptx)
        .map_err(Failed::from)
        .and_then(|()| {
            let text = std::fs::read_to_string(&ptx)
                .map_err(|e| format!("clang succeeded but left no PTX: {e}"))?;
            check_entries(&source, &text)
        });
    let _ = std::fs::remove_dir_all(&dir);
    result.map(|()| Completion::Completed)
}

/// Every kernel of the source must be a PTX entry (names are mangled, so a
/// kernel matches an entry whose name contains it).
fn check_entries(source: &str, ptx: &str) -> Result<(), Failed> {
    let entries: Vec<&str> = ptx
        .lines()
        .filter_map(|l| l.split_once(".entry").map(|(_, rest)| rest.trim()))
        .collect();
    let kernels = kernel_names(source);
    if kernels.is_empty() {
        return Err("no __global__ function found in the example".into());
    }
    let missing: Vec<&String> = kernels
        .iter()
        .filter(|k| !entries.iter().any(|e| e.contains(k.as_str())))
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!("kernels without a PTX .entry: {missing:?}; entries: {entries:?}").into())
    }
}

/// Names of `__global__` functions: the identifier before the first `(`
/// after each `__global__`.
fn kernel_names(source: &str) -> Vec<String> {
    let code = strip_comments_and_literals(source);
    code.split("__global__")
        .skip(1)
        .filter_map(|rest| {
            let head = rest.split('(').next()?;
            let name = head.split_whitespace().last()?;
            Some(name.trim_start_matches('*').to_string())
        })
        .filter(|n| !n.is_empty())
        .collect()
}

fn host_trial(file: PathBuf) -> Result<Completion, Failed> {
    let clang = match clang_gate() {
        Ok(p) => p,
        Err(done) => return done,
    };
    let mut args = cuda::common_args();
    args.extend(["--cuda-host-only", "-fsyntax-only"].map(String::from));
    args.push(file.to_string_lossy().into_owned());
    run_clang(&clang, &args).map(|()| Completion::Completed)
}

/// Rewrites CUDA-only syntax into calls the emulator header provides:
/// `k<<<cfg>>>(args);` becomes `lockstep_emu_launch(k, lockstep_emu_cfg(cfg),
/// args);` and `extern __shared__ T x[];` a pointer to the dynamic buffer.
/// Line structure is kept so compiler messages point at the example's lines.
fn emulation_source(source: &str) -> String {
    let launch = regex::Regex::new(r"(?s)(\w+)\s*<<<(.*?)>>>\s*\((.*?)\)\s*;")
        .expect("launch pattern is valid");
    let dynamic = regex::Regex::new(r"extern\s+__shared__\s+(\w[\w\s]*?)\s+(\w+)\s*\[\s*\]\s*;")
        .expect("extern shared pattern is valid");
    let text = source.replace("#include <cuda_runtime.h>", "");
    let text = dynamic.replace_all(&text, "$1 *$2 = ($1 *)lockstep_emu_dyn_shared;");
    launch
        .replace_all(&text, |c: &regex::Captures| {
            let args = c[3].trim();
            let sep = if args.is_empty() { "" } else { ", " };
            format!(
                "lockstep_emu_launch({}, lockstep_emu_cfg({}){sep}{args});",
                &c[1], &c[2]
            )
        })
        .into_owned()
}

/// How long one emulated example may run before it counts as hung (a
/// barrier deadlock, an endless loop).
const RUN_TIMEOUT: Duration = Duration::from_secs(120);

fn run_trial(file: PathBuf) -> Result<Completion, Failed> {
    let clang = match clang_gate() {
        Ok(p) => p,
        Err(done) => return done,
    };
    let name = stem(&file);
    let source = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let dir = scratch_dir(&format!("run-{name}"))?;
    let result = build_and_run(&clang, &dir, &file, &source).and_then(|stdout| {
        check_run_output(
            &examples_dir().join("expected").join(format!("{name}.out")),
            &stdout,
        )
    });
    let _ = std::fs::remove_dir_all(&dir);
    result.map(|()| Completion::Completed)
}

fn build_and_run(clang: &Path, dir: &Path, file: &Path, source: &str) -> Result<String, Failed> {
    let cpp = dir.join("prog.cpp");
    let exe = dir.join("prog");
    // The #line keeps diagnostics pointing at the example itself.
    let text = format!(
        "#line 1 \"{}\"\n{}",
        file.display(),
        emulation_source(source)
    );
    std::fs::write(&cpp, text).map_err(|e| format!("{}: {e}", cpp.display()))?;
    let emu = tests_dir().join("cuda").join("emu.h");
    let args: Vec<String> = [
        "-x",
        "c++",
        "-std=c++17",
        "-O1",
        "-w",
        "-pthread",
        "-include",
        &emu.to_string_lossy(),
        &cpp.to_string_lossy(),
        "-o",
        &exe.to_string_lossy(),
        "-lstdc++",
        "-lm",
    ]
    .map(String::from)
    .to_vec();
    run_clang(clang, &args)?;
    let out_path = dir.join("stdout.txt");
    let out_file =
        std::fs::File::create(&out_path).map_err(|e| format!("{}: {e}", out_path.display()))?;
    let mut child = Command::new(&exe)
        .stdin(Stdio::null())
        .stdout(out_file)
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run the emulated program: {e}"))?;
    let deadline = Instant::now() + RUN_TIMEOUT;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(20)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "the emulated program ran longer than {}s (deadlock at a barrier?)",
                    RUN_TIMEOUT.as_secs()
                )
                .into());
            }
            Err(e) => return Err(format!("waiting for the emulated program: {e}").into()),
        }
    };
    let stdout = std::fs::read_to_string(&out_path).unwrap_or_default();
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        use std::io::Read;
        let _ = e.read_to_string(&mut stderr);
    }
    if !status.success() {
        return Err(format!(
            "the emulated program exited with {status}\nstdout:\n{stdout}\nstderr:\n{stderr}"
        )
        .into());
    }
    Ok(stdout)
}

fn bless() -> bool {
    std::env::var("LOCKSTEP_BLESS").is_ok_and(|v| v == "1")
}

fn check_run_output(expected_path: &Path, stdout: &str) -> Result<(), Failed> {
    let lines: Vec<&str> = stdout.lines().collect();
    if !lines.contains(&"PASS") || lines.contains(&"FAIL") {
        return Err(format!("the example does not report PASS:\n{stdout}").into());
    }
    if bless() {
        return std::fs::write(expected_path, stdout)
            .map_err(|e| format!("{}: {e}", expected_path.display()).into());
    }
    let expected = std::fs::read_to_string(expected_path).map_err(|e| {
        format!(
            "{}: {e}; run with LOCKSTEP_BLESS=1 to record this output:\n{stdout}",
            expected_path.display()
        )
    })?;
    if expected == stdout {
        Ok(())
    } else {
        Err(format!(
            "output differs from {}\n--- expected\n{expected}--- got\n{stdout}",
            expected_path.display()
        )
        .into())
    }
}

/// Blanks comments and the contents of string/char literals (keeping line
/// structure), so the lint and the kernel scan only see code.
fn strip_comments_and_literals(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                if b[i] == b'\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 2;
            out.push(' ');
        } else if c == b'"' || c == b'\'' {
            out.push(c as char);
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            out.push(c as char);
            i += 1;
        } else {
            // Only ASCII is significant to the scans; keep the rest verbatim.
            let ch = src[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

const ALLOWED_INCLUDES: &[&str] = &["<cstdio>", "<cstdlib>", "<cuda_runtime.h>"];

/// Words outside the subset (C++ features lockstepc does not implement).
const FORBIDDEN_WORDS: &[&str] = &[
    "struct",
    "class",
    "union",
    "enum",
    "typedef",
    "template",
    "typename",
    "namespace",
    "using",
    "switch",
    "case",
    "goto",
    "new",
    "delete",
    "operator",
    "virtual",
    "auto",
    "static",
    "std",
];

fn subset_lint(file: &Path, source: &str) -> Vec<String> {
    let name = file
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut problems = Vec::new();
    let first = source.lines().next().unwrap_or("");
    if !first.starts_with(&format!("// {name}")) {
        problems.push(format!(
            "line 1: header comment must start with `// {name}`"
        ));
    }
    for needle in ["int main()", "\"PASS\"", "\"FAIL\""] {
        if !source.contains(needle) {
            problems.push(format!("missing `{needle}`"));
        }
    }
    let code = strip_comments_and_literals(source);
    for (n, line) in code.lines().enumerate() {
        let at = n + 1;
        let t = line.trim_start();
        if let Some(directive) = t.strip_prefix('#') {
            let directive = directive.trim_start();
            if let Some(inc) = directive.strip_prefix("include") {
                let inc = inc.trim();
                if !ALLOWED_INCLUDES.contains(&inc) {
                    problems.push(format!("line {at}: `#include {inc}` is not allowed"));
                }
            } else if let Some(def) = directive.strip_prefix("define") {
                let def = def.trim_start();
                let name_len = def
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(def.len());
                if def[name_len..].starts_with('(') {
                    problems.push(format!("line {at}: function-like macros are not allowed"));
                }
                if def[name_len..].trim().is_empty() {
                    problems.push(format!("line {at}: `#define` needs a constant value"));
                }
            } else {
                problems.push(format!("line {at}: only #include and #define are allowed"));
            }
            continue;
        }
        let words = line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
        for w in words {
            if FORBIDDEN_WORDS.contains(&w) {
                problems.push(format!(
                    "line {at}: `{w}` is outside the lockstep CUDA subset"
                ));
            }
        }
    }
    problems
}

fn subset_trial(file: PathBuf) -> Result<(), Failed> {
    let source = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let problems = subset_lint(&file, &source);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}:\n  {}", file.display(), problems.join("\n  ")).into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let files = example_files();
    let mut trials = self_tests();
    if files.is_empty() {
        let dir = examples_dir();
        trials.push(Trial::test("clang_peer::examples-present", move || {
            Err(format!("no .cu files in {}", dir.display()).into())
        }));
    }
    for file in files {
        let s = stem(&file);
        let f = file.clone();
        trials.push(Trial::ignorable_test(
            format!("clang_peer::device::{s}"),
            move || device_trial(f),
        ));
        let f = file.clone();
        trials.push(Trial::ignorable_test(
            format!("clang_peer::host::{s}"),
            move || host_trial(f),
        ));
        let f = file.clone();
        trials.push(Trial::ignorable_test(
            format!("clang_peer::run::{s}"),
            move || run_trial(f),
        ));
        trials.push(Trial::test(format!("clang_peer::subset::{s}"), move || {
            subset_trial(file)
        }));
    }
    libtest_mimic::run(&args, trials).exit();
}

// ----- self-tests of the scanners (this target has no libtest harness, so
// they run as trials too) -----

fn ensure(cond: bool, what: &str) -> Result<(), Failed> {
    if cond { Ok(()) } else { Err(what.into()) }
}

fn self_tests() -> Vec<Trial> {
    vec![
        Trial::test("clang_peer::self::strip_comments_and_literals", || {
            let s = "int a; // struct\n/* template\n */ printf(\"std::x %d\", 'c');\n";
            let code = strip_comments_and_literals(s);
            ensure(
                !code.contains("struct") && !code.contains("template") && !code.contains("std"),
                &format!("comment or literal text survived: {code:?}"),
            )?;
            ensure(code.lines().count() == 3, "line structure changed")?;
            ensure(code.contains("printf(\"\", '')"), &format!("{code:?}"))
        }),
        Trial::test("clang_peer::self::kernel_names", || {
            let src = "__global__ void k1(int *a) {}\n__global__ void\nk2 (float *b) {}\n";
            let names = kernel_names(src);
            ensure(names == ["k1", "k2"], &format!("{names:?}"))
        }),
        Trial::test("clang_peer::self::lint", || {
            let bad = "// t.cu — x\n#include <vector>\n#define SQ(x) ((x)*(x))\n#if 1\nstruct S { int a; };\nint main() { printf(\"PASS\"); printf(\"FAIL\"); }\n";
            let p = subset_lint(Path::new("t.cu"), bad);
            for needle in ["<vector>", "function-like", "only #include", "`struct`"] {
                ensure(
                    p.iter().any(|m| m.contains(needle)),
                    &format!("no `{needle}` problem in {p:?}"),
                )?;
            }
            let good = "// t.cu — x\n#include <cstdio>\n#define N 4\nint main() { printf(\"PASS\"); printf(\"FAIL\"); }\n";
            let p = subset_lint(Path::new("t.cu"), good);
            ensure(p.is_empty(), &format!("good file rejected: {p:?}"))
        }),
        Trial::test("clang_peer::self::emulation_source", || {
            let src = "#include <cuda_runtime.h>\nextern __shared__ unsigned int buf[];\nk<<<(n + 1) / 2, dim3(4, 4), 8 * sizeof(int)>>>(a, f(b));\nz<<<1, 1>>>();\n";
            let out = emulation_source(src);
            let want = "\nunsigned int *buf = (unsigned int *)lockstep_emu_dyn_shared;\nlockstep_emu_launch(k, lockstep_emu_cfg((n + 1) / 2, dim3(4, 4), 8 * sizeof(int)), a, f(b));\nlockstep_emu_launch(z, lockstep_emu_cfg(1, 1));\n";
            ensure(out == want, &format!("got:\n{out}"))
        }),
        Trial::test("clang_peer::self::entries", || {
            let src = "__global__ void vecadd(float *a) {}";
            ensure(
                check_entries(src, ".visible .entry _Z6vecaddPf(").is_ok(),
                "entry not found",
            )?;
            ensure(
                check_entries(src, ".visible .func _Z6vecaddPf(").is_err(),
                "a .func counted as an entry",
            )
        }),
    ]
}
