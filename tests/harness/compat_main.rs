//! MLIR-compatibility, round-trip and malformed-input suites for `lockstep-opt`.
//!
//! - `compat::<file>::<n>`: each `// RUN: mlir-opt %s FLAGS` line of
//!   `tests/mlir-compat/*.mlir` runs once with the real mlir-opt 22 and once
//!   with lockstep-opt (flags mapped to lockstep's spelling); exit status,
//!   stdout and stderr must be byte-identical. When the run succeeds, the
//!   real mlir-opt must also accept what lockstep printed.
//! - `roundtrip::<file>`: for every `.mlir` file of the test tree that
//!   lockstep-opt accepts, `print(parse(print(x))) == print(x)` holds in the
//!   pretty and the generic form, and generic input prints back as the same
//!   pretty output.
//! - `malformed::<file>`: every file in `tests/malformed/` makes lockstep-opt
//!   exit with status 1 and a located diagnostic (`file:line:col: error:` and
//!   a caret line), never a panic; mlir-opt must reject the file as well, so
//!   the corpus stays honest.
//! - `nesting::*`: inputs nested tens of thousands of levels deep end in a
//!   diagnostic, not a stack overflow.
//! - `mutation::<file>`: deterministic byte-level mutations of every corpus
//!   file, run through a pipeline of passes: lockstep-opt exits 0 or 1 and
//!   never panics, whatever the input.
//!
//! Invariant: a missing mlir-opt skips the compat trials loudly, and fails
//! them when tools are required (CI).

use libtest_mimic::{Arguments, Failed, Trial};
use lockstep_tests::tools::{self, ToolCheck};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn tests_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The directory holding the workspace's binaries (target/<profile>/).
fn bin_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("current_exe");
    let deps = exe.parent().expect("test binary has a parent directory");
    if deps.file_name().is_some_and(|n| n == "deps") {
        deps.parent().unwrap_or(deps).to_path_buf()
    } else {
        deps.to_path_buf()
    }
}

fn lockstep_opt() -> PathBuf {
    bin_dir().join("lockstep-opt")
}

fn sorted_files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == ext))
            .collect(),
        Err(_) => Vec::new(),
    };
    v.sort();
    v
}

fn all_mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            all_mlir_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

fn run(cmd: &mut Command, stdin: Option<&[u8]>) -> Result<Output, Failed> {
    use std::io::Write;
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    })
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if let Some(data) = stdin {
        let mut pipe = child.stdin.take().ok_or("no stdin pipe")?;
        pipe.write_all(data)
            .map_err(|e| format!("writing stdin: {e}"))?;
    }
    child
        .wait_with_output()
        .map_err(|e| format!("waiting for {cmd:?}: {e}").into())
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Shows the first differing line of two outputs.
fn first_difference(what: &str, ours: &str, theirs: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
    let i = a
        .iter()
        .zip(&b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    format!(
        "{what} differs at line {}:\n  lockstep: {:?}\n  mlir-opt: {:?}\n--- full lockstep {what} ---\n{ours}\n--- full mlir-opt {what} ---\n{theirs}",
        i + 1,
        a.get(i).unwrap_or(&"<end>"),
        b.get(i).unwrap_or(&"<end>")
    )
}

// ----- compat -----

/// mlir-opt flag spelling → lockstep-opt spelling.
fn map_flag(flag: &str) -> String {
    if let Some(rest) = flag.strip_prefix("--mlir-") {
        return format!("--{rest}");
    }
    if let Some(rest) = flag.strip_prefix("-pass-pipeline=") {
        return format!("--pass-pipeline={rest}");
    }
    flag.to_string()
}

/// Splits a RUN line's flags like a shell would for our simple corpus:
/// whitespace-separated words with single-quoted segments.
fn shell_words(s: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in s.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(cur);
    }
    words
}

fn compat_trial(
    mlir_opt: Option<PathBuf>,
    file: PathBuf,
    flags: Vec<String>,
) -> Result<(), Failed> {
    let Some(mlir_opt) = mlir_opt else {
        return Ok(());
    };
    let dir = file.parent().ok_or("file without directory")?;
    let name = file.file_name().ok_or("file without name")?;
    // Both tools run from the file's directory so locations print the same name.
    let theirs = run(
        Command::new(&mlir_opt)
            .current_dir(dir)
            .arg(name)
            .args(&flags),
        None,
    )?;
    let ours_flags: Vec<String> = flags.iter().map(|f| map_flag(f)).collect();
    let ours = run(
        Command::new(lockstep_opt())
            .current_dir(dir)
            .arg(name)
            .args(&ours_flags),
        None,
    )?;
    if ours.status.code() != theirs.status.code() {
        return Err(format!(
            "exit status: lockstep {:?}, mlir-opt {:?}\nlockstep stderr:\n{}\nmlir-opt stderr:\n{}",
            ours.status.code(),
            theirs.status.code(),
            text(&ours.stderr),
            text(&theirs.stderr)
        )
        .into());
    }
    let (os, ts) = (text(&ours.stdout), text(&theirs.stdout));
    if os != ts {
        return Err(first_difference("stdout", &os, &ts).into());
    }
    let (oe, te) = (text(&ours.stderr), text(&theirs.stderr));
    if oe != te {
        return Err(first_difference("stderr", &oe, &te).into());
    }
    // What lockstep prints, mlir-opt reads.
    if ours.status.success()
        && !os.is_empty()
        && !flags.iter().any(|f| f.starts_with("--split-input-file"))
    {
        let mut cmd = Command::new(&mlir_opt);
        cmd.arg("-").arg("-o").arg("/dev/null");
        if flags.iter().any(|f| f == "--allow-unregistered-dialect") {
            cmd.arg("--allow-unregistered-dialect");
        }
        let back = run(&mut cmd, Some(os.as_bytes()))?;
        if !back.status.success() {
            return Err(format!(
                "mlir-opt rejects lockstep's output:\n{}",
                text(&back.stderr)
            )
            .into());
        }
    }
    Ok(())
}

fn compat_trials() -> Vec<Trial> {
    let mlir_opt = match tools::check_tool(&tools::MLIR_OPT) {
        ToolCheck::Found(p) => Some(p),
        ToolCheck::Skip(msg) => {
            eprintln!("{msg}");
            None
        }
        ToolCheck::Fail(msg) => {
            return vec![Trial::test("compat::mlir-opt-missing", move || {
                Err(msg.clone().into())
            })];
        }
    };
    let mut trials = Vec::new();
    for file in sorted_files(&tests_dir().join("mlir-compat"), "mlir") {
        let content = std::fs::read_to_string(&file).unwrap_or_default();
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        for (n, line) in content
            .lines()
            .filter_map(|l| l.split_once("// RUN: mlir-opt %s"))
            .map(|(_, f)| f)
            .enumerate()
        {
            let flags = shell_words(line);
            let (m, f) = (mlir_opt.clone(), file.clone());
            let trial = Trial::test(format!("compat::{stem}::{n}"), move || {
                compat_trial(m, f, flags)
            });
            trials.push(trial.with_ignored_flag(mlir_opt.is_none()));
        }
    }
    trials
}

// ----- round trip -----

fn roundtrip_trial(file: PathBuf) -> Result<(), Failed> {
    let content = std::fs::read_to_string(&file).map_err(|e| format!("{e}"))?;
    let mut base: Vec<&str> = Vec::new();
    if content.contains("--allow-unregistered-dialect") || content.contains("allow-unregistered") {
        base.push("--allow-unregistered-dialect");
    }
    if content.contains("// -----") {
        base.push("--split-input-file");
    }
    let opt = |input: &[u8], extra: &[&str]| -> Result<Output, Failed> {
        run(
            Command::new(lockstep_opt())
                .arg("-")
                .args(&base)
                .args(extra),
            Some(input),
        )
    };
    let first = opt(content.as_bytes(), &[])?;
    if !first.status.success() {
        // Files of expected diagnostics do not print IR; nothing to round-trip.
        return Ok(());
    }
    let pretty = first.stdout;
    let again = opt(&pretty, &[])?;
    if again.stdout != pretty {
        return Err(
            first_difference("pretty re-print", &text(&again.stdout), &text(&pretty)).into(),
        );
    }
    let generic = opt(content.as_bytes(), &["--print-op-generic"])?.stdout;
    let generic_again = opt(&generic, &["--print-op-generic"])?;
    if generic_again.stdout != generic {
        return Err(first_difference(
            "generic re-print",
            &text(&generic_again.stdout),
            &text(&generic),
        )
        .into());
    }
    let pretty_from_generic = opt(&generic, &[])?;
    if pretty_from_generic.stdout != pretty {
        return Err(first_difference(
            "pretty from generic",
            &text(&pretty_from_generic.stdout),
            &text(&pretty),
        )
        .into());
    }
    Ok(())
}

fn roundtrip_trials() -> Vec<Trial> {
    let mut files = Vec::new();
    all_mlir_files(&tests_dir().join("lit"), &mut files);
    all_mlir_files(&tests_dir().join("mlir-compat"), &mut files);
    let root = tests_dir();
    files
        .into_iter()
        .map(|f| {
            let name = f.strip_prefix(&root).unwrap_or(&f).display().to_string();
            Trial::test(format!("roundtrip::{name}"), move || roundtrip_trial(f))
        })
        .collect()
}

// ----- malformed -----

fn malformed_trial(file: PathBuf, mlir_opt: Option<PathBuf>) -> Result<(), Failed> {
    let dir = file.parent().ok_or("file without directory")?;
    let name = file
        .file_name()
        .ok_or("file without name")?
        .to_string_lossy()
        .into_owned();
    let out = run(
        Command::new(lockstep_opt()).current_dir(dir).arg(&name),
        None,
    )?;
    let err = text(&out.stderr);
    if out.status.code() != Some(1) {
        return Err(format!(
            "expected exit status 1, got {:?}; stderr:\n{err}",
            out.status.code()
        )
        .into());
    }
    if err.contains("panicked") || err.contains("internal error") {
        return Err(format!("lockstep-opt crashed:\n{err}").into());
    }
    let located = err.lines().any(|l| {
        l.strip_prefix(&format!("{name}:")).is_some_and(|rest| {
            let mut parts = rest.splitn(3, ':');
            let line_ok = parts.next().is_some_and(|p| p.parse::<u32>().is_ok());
            let col_ok = parts.next().is_some_and(|p| p.parse::<u32>().is_ok());
            line_ok && col_ok && parts.next().is_some_and(|p| p.starts_with(" error:"))
        })
    });
    if !located {
        return Err(format!("no `{name}:line:col: error:` diagnostic in:\n{err}").into());
    }
    if !err.lines().any(|l| l.trim() == "^") {
        return Err(format!("diagnostic without a caret snippet:\n{err}").into());
    }
    if !out.stdout.is_empty() {
        return Err(format!("printed output despite the error:\n{}", text(&out.stdout)).into());
    }
    if let Some(m) = mlir_opt {
        let theirs = run(
            Command::new(m)
                .current_dir(dir)
                .arg(&name)
                .arg("-o")
                .arg("/dev/null"),
            None,
        )?;
        if theirs.status.success() {
            return Err(
                "mlir-opt accepts this file: it does not belong in the malformed corpus".into(),
            );
        }
    }
    Ok(())
}

fn malformed_trials() -> Vec<Trial> {
    let mlir_opt = tools::find_tool(tools::MLIR_OPT.names);
    sorted_files(&tests_dir().join("malformed"), "mlir")
        .into_iter()
        .map(|f| {
            let stem = f
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let m = mlir_opt.clone();
            Trial::test(format!("malformed::{stem}"), move || malformed_trial(f, m))
        })
        .collect()
}

// ----- nesting -----

fn nesting_trial(input: String) -> Result<(), Failed> {
    let out = run(
        Command::new(lockstep_opt())
            .arg("-")
            .arg("--allow-unregistered-dialect"),
        Some(input.as_bytes()),
    )?;
    let err = text(&out.stderr);
    if out.status.code() != Some(1)
        || !err.contains("<stdin>:1:")
        || !err.contains("nesting is too deep")
    {
        return Err(format!(
            "expected a nesting diagnostic and exit 1, got {:?}:\n{err}",
            out.status.code()
        )
        .into());
    }
    Ok(())
}

fn nesting_trials() -> Vec<Trial> {
    const DEPTH: usize = 50_000;
    let regions = format!("{}{}", "\"t.op\"() ({".repeat(DEPTH), "})".repeat(DEPTH));
    let arrays = format!(
        "\"t.op\"() {{a = {}{}}} : () -> ()",
        "[".repeat(DEPTH),
        "]".repeat(DEPTH)
    );
    let types = format!(
        "\"t.op\"() : () -> {}i32{}",
        "tuple<".repeat(DEPTH),
        ">".repeat(DEPTH)
    );
    vec![
        Trial::test("nesting::regions", move || nesting_trial(regions)),
        Trial::test("nesting::attributes", move || nesting_trial(arrays)),
        Trial::test("nesting::types", move || nesting_trial(types)),
    ]
}

// ----- mutations -----

/// A small deterministic generator (64-bit LCG); the suite must be repeatable.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Text fragments that tend to reach deep parser and verifier paths.
const SPLICES: &[&str] = &[
    "%0", "^bb1", "{", "}", "(", ")", "<", ">", ":", ",", "->", "\"", "i1", "index", "loc(", "#x",
    "!t", "@f", "-", "0x", "1.0", "[", "]",
];

fn mutate(original: &[u8], rng: &mut Lcg) -> Vec<u8> {
    const POOL: &[u8] = b" %^@#!{}()<>:,=\"0123456789abcdefi";
    let mut v = original.to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(v.len() + 1);
        match rng.below(4) {
            0 => {
                let end = (at + 1 + rng.below(16)).min(v.len());
                v.drain(at..end);
            }
            1 => {
                let s = SPLICES[rng.below(SPLICES.len())];
                v.splice(at..at, s.bytes());
            }
            2 => {
                let from = rng.below(v.len());
                let end = (from + 1 + rng.below(40)).min(v.len());
                let chunk: Vec<u8> = v[from..end].to_vec();
                v.splice(at..at, chunk);
            }
            _ => {
                if at < v.len() {
                    v[at] = POOL[rng.below(POOL.len())];
                }
            }
        }
    }
    v
}

fn mutation_trial(file: PathBuf, seed: u64) -> Result<(), Failed> {
    let mutants: usize = std::env::var("LOCKSTEP_MUTANTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let seed = seed
        ^ std::env::var("LOCKSTEP_MUTATION_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
    let original = std::fs::read(&file).map_err(|e| format!("{e}"))?;
    let mut rng = Lcg(seed);
    for i in 0..mutants {
        let input = mutate(&original, &mut rng);
        let out = run(
            Command::new(lockstep_opt())
                .arg("-")
                .arg("--allow-unregistered-dialect")
                .arg("-p")
                .arg("builtin.module(inline,func.func(canonicalize,cse,simplify-cfg),symbol-dce)"),
            Some(&input),
        )?;
        let err = text(&out.stderr);
        let code = out.status.code();
        if !matches!(code, Some(0 | 1))
            || err.contains("panicked")
            || err.contains("internal error")
        {
            return Err(format!(
                "mutant #{i} (seed {seed}) made lockstep-opt exit with {code:?}:\n{err}\n--- input ---\n{}",
                String::from_utf8_lossy(&input)
            )
            .into());
        }
        if code == Some(1) && !err.contains("error") {
            return Err(
                format!("mutant #{i} (seed {seed}) failed without a diagnostic:\n{err}").into(),
            );
        }
    }
    Ok(())
}

/// `LOCKSTEP_MUTANTS` and `LOCKSTEP_MUTATION_SEED` widen the search locally.
fn mutation_trials() -> Vec<Trial> {
    sorted_files(&tests_dir().join("mlir-compat"), "mlir")
        .into_iter()
        .enumerate()
        .map(|(i, f)| {
            let stem = f
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            Trial::test(format!("mutation::{stem}"), move || {
                mutation_trial(f, 0x9e37_79b9_7f4a_7c15 ^ i as u64)
            })
        })
        .collect()
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = compat_trials();
    trials.extend(roundtrip_trials());
    trials.extend(malformed_trials());
    trials.extend(nesting_trials());
    trials.extend(mutation_trials());
    libtest_mimic::run(&args, trials).exit();
}
