//! A small LLVM-lit-style runner: one libtest-mimic trial per test file.
//!
//! Invariants:
//! - A test is any file under the lit root with a known extension that has
//!   at least one `RUN:` line after a comment leader (`//`, `#`, `;`); its
//!   trial name is its path relative to the root with `/` separators, so
//!   cargo's name filters select tests by path.
//! - RUN lines ending in `\` continue on the next RUN line. Each complete
//!   command is substituted (`%s %S %t %T %% %mlir-opt %FileCheck-real`) and
//!   run on its own with `bash -o pipefail -c`, stdin closed, cwd = `%T`,
//!   `PATH` starting with the directory of the workspace's built binaries,
//!   and shell functions `not` and `FileCheck` defined. The first failing
//!   command fails the test; later ones are not run.
//! - Tests run in parallel: every test's `%t` is unique (derived from its
//!   relative path) and is removed before the test starts.
//! - `REQUIRES: tool[, tool]` (and use of `%mlir-opt`/`%FileCheck-real`)
//!   skips the test when a tool is missing, or fails it under CI; see `tools`.

use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use libtest_mimic::{Arguments, Completion, Failed, Trial};

use crate::tools::{self, ToolCheck};

/// File extensions that may hold lit tests.
pub const EXTENSIONS: &[&str] = &["mlir", "cu", "ptx", "ll", "c", "txt"];

/// Default per-command timeout; `LOCKSTEP_LIT_TIMEOUT` (seconds) overrides it.
const DEFAULT_TIMEOUT_SECS: u64 = 300;

/// How much of a failing command's output goes into the failure message.
const MAX_STDERR: usize = 16_000;
const MAX_STDOUT: usize = 4_000;

/// One complete RUN command (continuations joined).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunLine {
    /// 1-based line of the first `RUN:` line of the command.
    pub line: usize,
    pub command: String,
}

/// What a test file asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TestSpec {
    pub runs: Vec<RunLine>,
    pub requires: Vec<String>,
}

/// Returns the text after `KEYWORD:` if the line is a comment holding it.
fn keyword_line<'a>(line: &'a str, keyword: &str) -> Option<&'a str> {
    let t = line.trim_start();
    let body = ["//", "#", ";"]
        .iter()
        .find_map(|lead| t.strip_prefix(lead))?
        .trim_start_matches(['/', '#', ';'])
        .trim_start();
    body.strip_prefix(keyword)?.strip_prefix(':')
}

/// Extracts RUN and REQUIRES lines.
pub fn parse_test(text: &str) -> Result<TestSpec, String> {
    let mut spec = TestSpec::default();
    let mut pending: Option<RunLine> = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(req) = keyword_line(line, "REQUIRES") {
            spec.requires.extend(
                req.split([','])
                    .flat_map(|s| s.split("&&"))
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_string),
            );
            continue;
        }
        let Some(cmd) = keyword_line(line, "RUN") else {
            if let Some(p) = &pending {
                return Err(format!(
                    "RUN line {} ends with '\\' but line {} is not a RUN line",
                    p.line,
                    i + 1
                ));
            }
            continue;
        };
        let cmd = cmd.trim();
        let (part, continues) = match cmd.strip_suffix('\\') {
            Some(p) => (p.trim_end(), true),
            None => (cmd, false),
        };
        let run = match pending.take() {
            Some(mut p) => {
                if !p.command.is_empty() && !part.is_empty() {
                    p.command.push(' ');
                }
                p.command.push_str(part);
                p
            }
            None => RunLine {
                line: i + 1,
                command: part.to_string(),
            },
        };
        if continues {
            pending = Some(run);
        } else if !run.command.is_empty() {
            spec.runs.push(run);
        }
    }
    if let Some(p) = pending {
        return Err(format!("RUN line {} ends with '\\' at end of file", p.line));
    }
    Ok(spec)
}

/// The targets every PTX produced by a lit test is assembled for.
pub const PTXAS_TARGETS: &str = "sm_80,sm_90";

/// Does a RUN line of `spec` make PTX (directly or embedded in glue)?
pub fn produces_ptx(spec: &TestSpec) -> bool {
    spec.runs.iter().any(|r| {
        ["--emit=ptx", "--emit=glue", "lockstep-translate"]
            .iter()
            .any(|k| r.command.contains(k))
    })
}

/// Values for lit substitutions.
#[derive(Clone, Debug)]
pub struct Substitutions {
    /// `%s`: the test file.
    pub source: PathBuf,
    /// `%t`: unique temporary path for this test.
    pub tmp: PathBuf,
}

/// Tools that `%name` substitutions stand for.
const TOOL_SUBSTITUTIONS: &[(&str, &tools::ToolSpec)] = &[
    ("%mlir-opt", &tools::MLIR_OPT),
    ("%FileCheck-real", &tools::FILECHECK),
];

/// Expands substitutions in `cmd`. `tool` resolves a tool substitution to a
/// path or to an error (missing tool). Unknown `%x` stays as is, like lit,
/// so MLIR value names such as `%0` survive.
pub fn substitute(
    cmd: &str,
    subs: &Substitutions,
    tool: &mut dyn FnMut(&tools::ToolSpec) -> Result<PathBuf, String>,
) -> Result<String, String> {
    let dir = |p: &Path| p.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut out = String::with_capacity(cmd.len());
    let mut rest = cmd;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if let Some(after) = tail.strip_prefix("%%") {
            out.push('%');
            rest = after;
            continue;
        }
        if let Some((name, spec)) = TOOL_SUBSTITUTIONS.iter().find(|(n, _)| tail.starts_with(n)) {
            out.push_str(&tool(spec)?.to_string_lossy());
            rest = &tail[name.len()..];
            continue;
        }
        let value = match tail.as_bytes().get(1) {
            Some(b's') => Some(subs.source.clone()),
            Some(b'S') => Some(dir(&subs.source)),
            Some(b't') => Some(subs.tmp.clone()),
            Some(b'T') => Some(dir(&subs.tmp)),
            _ => None,
        };
        match value {
            Some(v) => {
                out.push_str(&v.to_string_lossy());
                rest = &tail[2..];
            }
            None => {
                out.push('%');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    Ok(out)
}

/// Single-quotes `s` for bash.
fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// Shell functions every RUN line sees. `not` follows LLVM's `not`: success
/// iff the command ran and exited non-zero; a crash (signal), a Rust panic
/// (101) or a command that could not be run (126/127) is not an expected
/// failure.
fn prelude(filecheck: &Path) -> String {
    format!(
        r#"not() {{
  if [ "$#" -eq 0 ]; then echo "not: missing command" >&2; return 2; fi
  "$@"
  local rc=$?
  case "$rc" in
    0) return 1 ;;
    101) echo "not: '$1' panicked (exit status 101); a panic is not an expected failure" >&2; return 1 ;;
    126|127) echo "not: '$1' could not be run (exit status $rc)" >&2; return 1 ;;
  esac
  if [ "$rc" -ge 128 ]; then
    echo "not: '$1' was killed by signal $((rc - 128)); a crash is not an expected failure" >&2
    return 1
  fi
  return 0
}}
FileCheck() {{
  if [ -n "${{LOCKSTEP_FILECHECK:-}}" ]; then
    if [ -f "$LOCKSTEP_FILECHECK" ] && [ -x "$LOCKSTEP_FILECHECK" ]; then
      "$LOCKSTEP_FILECHECK" "$@"
      return
    fi
    echo "FileCheck: LOCKSTEP_FILECHECK='$LOCKSTEP_FILECHECK' is not an executable file" >&2
    return 2
  fi
  {} "$@"
}}
"#,
        shell_quote(&filecheck.to_string_lossy())
    )
}

/// Where things are, fixed for a whole run.
#[derive(Clone, Debug)]
pub struct Config {
    /// Directory searched for tests (`tests/lit`).
    pub root: PathBuf,
    /// Directory with the workspace's built binaries (prefixed to PATH).
    pub bin_dir: PathBuf,
    /// The `lockstep-filecheck` binary.
    pub filecheck: PathBuf,
    /// Root of the per-test temporary paths.
    pub tmp_root: PathBuf,
    pub timeout: Duration,
}

impl Config {
    /// Config for the `lit` test target: `manifest_dir` and `filecheck` come
    /// from `env!("CARGO_MANIFEST_DIR")` / `env!("CARGO_BIN_EXE_...")`.
    pub fn for_test_target(manifest_dir: &str, filecheck: &str) -> Config {
        let filecheck = PathBuf::from(filecheck);
        // The test binary lives in target/<profile>/deps/, the workspace's
        // binaries one level up.
        let exe = std::env::current_exe().ok();
        let bin_dir = exe
            .as_deref()
            .and_then(Path::parent)
            .map(|d| {
                if d.file_name().is_some_and(|n| n == "deps") {
                    d.parent().unwrap_or(d).to_path_buf()
                } else {
                    d.to_path_buf()
                }
            })
            .or_else(|| filecheck.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        let timeout = std::env::var("LOCKSTEP_LIT_TIMEOUT")
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(DEFAULT_TIMEOUT_SECS);
        Config {
            root: Path::new(manifest_dir).join("lit"),
            tmp_root: bin_dir.join("lit-tmp"),
            bin_dir,
            filecheck,
            timeout: Duration::from_secs(timeout),
        }
    }
}

/// All candidate files under `root`, sorted for a stable order.
pub fn discover(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| EXTENSIONS.contains(&x))
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn trial_name(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// Builds one trial per test file under `config.root`.
pub fn trials(config: &Config) -> Vec<Trial> {
    let mut out = Vec::new();
    for path in discover(&config.root) {
        let name = trial_name(&config.root, &path);
        let text = match std::fs::read(&path) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => {
                let msg = format!("cannot read {}: {e}", path.display());
                out.push(Trial::test(name, move || Err(msg.into())));
                continue;
            }
        };
        let spec = match parse_test(&text) {
            Ok(s) if s.runs.is_empty() => continue,
            Ok(s) => s,
            Err(e) => {
                let msg = format!("{}: {e}", path.display());
                out.push(Trial::test(name, move || Err(msg.into())));
                continue;
            }
        };
        let cfg = config.clone();
        let rel = name.clone();
        out.push(Trial::ignorable_test(name, move || {
            run_test(&cfg, &rel, &path, &spec)
        }));
    }
    out
}

/// Turns a tool check into "go on", "skip" or "fail".
fn tool_gate(check: ToolCheck) -> Result<Result<PathBuf, Completion>, Failed> {
    match check {
        ToolCheck::Found(p) => Ok(Ok(p)),
        ToolCheck::Skip(msg) => {
            eprintln!("{msg}");
            Ok(Err(Completion::ignored_with(msg)))
        }
        ToolCheck::Fail(msg) => Err(msg.into()),
    }
}

fn tail(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut start = s.len() - max;
    while !s.is_char_boundary(start) {
        start += 1;
    }
    format!("[... {} bytes cut ...]\n{}", start, &s[start..])
}

/// Runs one test file.
pub fn run_test(
    config: &Config,
    rel: &str,
    path: &Path,
    spec: &TestSpec,
) -> Result<Completion, Failed> {
    for req in &spec.requires {
        if let Err(skip) = tool_gate(tools::check_tool_named(req))? {
            return Ok(skip);
        }
    }
    // Every PTX a test produces is assembled by ptxas for both targets
    // (the tools do it when LOCKSTEP_PTXAS_CHECK is set), so such a test
    // needs ptxas as if it said `REQUIRES: ptxas`.
    let ptxas = if produces_ptx(spec) {
        match tool_gate(tools::check_tool(&tools::PTXAS))? {
            Ok(p) => Some(p),
            Err(skip) => return Ok(skip),
        }
    } else {
        None
    };
    let source = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let tmp_dir = config
        .tmp_root
        .join(Path::new(rel).parent().unwrap_or(Path::new("")))
        .join("Output");
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = tmp_dir.join(format!("{file_name}.tmp"));
    std::fs::create_dir_all(&tmp_dir)
        .map_err(|e| format!("cannot create {}: {e}", tmp_dir.display()))?;
    // Stale output from an earlier run must not make a test pass.
    let _ = std::fs::remove_dir_all(&tmp);
    let _ = std::fs::remove_file(&tmp);
    let subs = Substitutions { source, tmp };

    let mut commands = Vec::with_capacity(spec.runs.len());
    let mut skipped = None;
    for run in &spec.runs {
        let mut gate = |t: &tools::ToolSpec| -> Result<PathBuf, String> {
            match tools::check_tool(t) {
                ToolCheck::Found(p) => Ok(p),
                ToolCheck::Skip(msg) => {
                    skipped = Some(msg.clone());
                    Err(msg)
                }
                ToolCheck::Fail(msg) => Err(msg),
            }
        };
        match substitute(&run.command, &subs, &mut gate) {
            Ok(c) => commands.push((run.line, c)),
            Err(msg) => {
                if let Some(skip) = skipped.take() {
                    eprintln!("{skip}");
                    return Ok(Completion::ignored_with(skip));
                }
                return Err(format!("RUN at line {}: {msg}", run.line).into());
            }
        }
    }

    let path_var = {
        let old = std::env::var_os("PATH").unwrap_or_default();
        let dirs = std::iter::once(config.bin_dir.clone()).chain(std::env::split_paths(&old));
        std::env::join_paths(dirs).map_err(|e| format!("bad PATH: {e}"))?
    };
    let prelude = prelude(&config.filecheck);
    for (i, (line, cmd)) in commands.iter().enumerate() {
        let script = format!("{prelude}{cmd}\n");
        let mut child = Command::new("bash");
        child
            .arg("-o")
            .arg("pipefail")
            .arg("-c")
            .arg(&script)
            .env("PATH", &path_var)
            .current_dir(&tmp_dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(p) = &ptxas {
            child
                .env("LOCKSTEP_PTXAS", p)
                .env("LOCKSTEP_PTXAS_CHECK", PTXAS_TARGETS);
        }
        let result =
            run_with_timeout(child, config.timeout).map_err(|e| format!("cannot run bash: {e}"))?;
        if result.status == Some(0) {
            continue;
        }
        let mut msg = String::new();
        let _ = writeln!(msg, "lit test {rel} failed ({})", path.display());
        let _ = writeln!(
            msg,
            "RUN at line {line} (command {} of {}):",
            i + 1,
            commands.len()
        );
        let _ = writeln!(msg, "  {cmd}");
        match result.status {
            Some(code) => {
                let _ = writeln!(msg, "exit status: {code}");
            }
            None if result.timed_out => {
                let _ = writeln!(
                    msg,
                    "timed out after {}s (LOCKSTEP_LIT_TIMEOUT)",
                    config.timeout.as_secs()
                );
            }
            None => {
                let _ = writeln!(msg, "killed by a signal");
            }
        }
        if result.status == Some(127) {
            let _ = writeln!(
                msg,
                "hint: a command was not found; PATH starts with {} (build the workspace binaries first, e.g. `cargo build --workspace`)",
                config.bin_dir.display()
            );
        }
        let _ = writeln!(msg, "--- stderr ---\n{}", tail(&result.stderr, MAX_STDERR));
        if !result.stdout.is_empty() {
            let _ = writeln!(msg, "--- stdout ---\n{}", tail(&result.stdout, MAX_STDOUT));
        }
        return Err(msg.into());
    }
    Ok(Completion::Completed)
}

struct RunResult {
    /// Exit code, or None if killed by a signal.
    status: Option<i32>,
    timed_out: bool,
    stdout: String,
    stderr: String,
}

fn run_with_timeout(mut cmd: Command, timeout: Duration) -> std::io::Result<RunResult> {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    // Own process group, so a timeout kills the whole pipeline.
    cmd.process_group(0);
    let mut child = cmd.spawn()?;
    let reader = |src: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut s) = src {
                let _ = s.read_to_end(&mut buf);
            }
            String::from_utf8_lossy(&buf).into_owned()
        })
    };
    let out = reader(
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let err = reader(
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(st) = child.try_wait()? {
            break st;
        }
        if start.elapsed() > timeout {
            timed_out = true;
            let _ = Command::new("kill")
                .arg("-KILL")
                .arg("--")
                .arg(format!("-{}", child.id()))
                .status();
            break child.wait()?;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    Ok(RunResult {
        status: status
            .code()
            .or_else(|| status.signal().map(|s| 128 + s))
            .filter(|_| !timed_out),
        timed_out,
        stdout,
        stderr,
    })
}

/// Entry point of the `lit` test target.
pub fn main(config: Config) -> ! {
    let args = Arguments::from_args();
    libtest_mimic::run(&args, trials(&config)).exit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_run_lines_with_continuations() {
        let spec = parse_test(
            "// RUN: echo a \\\n// RUN:   | cat\n# RUN: true\n; RUN: false\n// REQUIRES: mlir-opt, FileCheck\nint x; // RUN: not-a-run-line\n",
        )
        .unwrap();
        assert_eq!(
            spec.runs,
            vec![
                RunLine {
                    line: 1,
                    command: "echo a | cat".into()
                },
                RunLine {
                    line: 3,
                    command: "true".into()
                },
                RunLine {
                    line: 4,
                    command: "false".into()
                },
            ]
        );
        assert_eq!(spec.requires, vec!["mlir-opt", "FileCheck"]);
        assert!(parse_test("// RUN: a \\\n").is_err());
        assert!(parse_test("// RUN: a \\\nint x;\n").is_err());
    }

    #[test]
    fn substitutes_like_lit() {
        let subs = Substitutions {
            source: PathBuf::from("/r/lit/a/t.mlir"),
            tmp: PathBuf::from("/tmp/x/Output/t.mlir.tmp"),
        };
        let mut no_tool =
            |_: &tools::ToolSpec| -> Result<PathBuf, String> { Err("missing".into()) };
        assert_eq!(
            substitute("cat %s %S %t.o %T 100%% %0 %arg", &subs, &mut no_tool).unwrap(),
            "cat /r/lit/a/t.mlir /r/lit/a /tmp/x/Output/t.mlir.tmp.o /tmp/x/Output 100% %0 %arg"
        );
        assert!(substitute("%mlir-opt %s", &subs, &mut no_tool).is_err());
        let mut tool = |t: &tools::ToolSpec| -> Result<PathBuf, String> {
            Ok(PathBuf::from(format!("/bin/{}", t.tool)))
        };
        assert_eq!(
            substitute("%mlir-opt %s | %FileCheck-real %s", &subs, &mut tool).unwrap(),
            "/bin/mlir-opt /r/lit/a/t.mlir | /bin/FileCheck /r/lit/a/t.mlir"
        );
    }

    fn expect_failure(r: Result<Completion, Failed>) -> Failed {
        match r {
            Err(e) => e,
            Ok(_) => panic!("expected the test to fail"),
        }
    }

    fn scratch_config(tag: &str) -> (Config, PathBuf) {
        let base =
            std::env::temp_dir().join(format!("lockstep-lit-unit-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(base.join("lit")).unwrap();
        let config = Config {
            root: base.join("lit"),
            bin_dir: base.join("bin"),
            filecheck: PathBuf::from("/bin/false"),
            tmp_root: base.join("tmp"),
            timeout: Duration::from_secs(60),
        };
        (config, base)
    }

    #[test]
    fn failure_reports_run_line_status_and_stderr() {
        let (config, base) = scratch_config("fail");
        let path = config.root.join("t.txt");
        let text = "# RUN: true\n# RUN: echo to-stdout; echo oops-%%s >&2; exit 3\n";
        std::fs::write(&path, text).unwrap();
        let spec = parse_test(text).unwrap();
        let err = expect_failure(run_test(&config, "t.txt", &path, &spec));
        let msg = err.message().unwrap_or_default().to_string();
        assert!(msg.contains("RUN at line 2 (command 2 of 2):"), "{msg}");
        assert!(
            msg.contains("  echo to-stdout; echo oops-%s >&2; exit 3"),
            "{msg}"
        );
        assert!(msg.contains("exit status: 3"), "{msg}");
        assert!(msg.contains("--- stderr ---\noops-%s"), "{msg}");
        assert!(msg.contains("--- stdout ---\nto-stdout"), "{msg}");
        let _ = std::fs::remove_dir_all(base);
    }

    #[test]
    fn timeout_kills_the_pipeline() {
        let (mut config, base) = scratch_config("timeout");
        config.timeout = Duration::from_millis(200);
        let path = config.root.join("t.txt");
        let text = "# RUN: sleep 30 | cat\n";
        std::fs::write(&path, text).unwrap();
        let start = Instant::now();
        let err = expect_failure(run_test(
            &config,
            "t.txt",
            &path,
            &parse_test(text).unwrap(),
        ));
        assert!(start.elapsed() < Duration::from_secs(10));
        assert!(
            err.message().unwrap_or_default().contains("timed out"),
            "{err:?}"
        );
        let _ = std::fs::remove_dir_all(base);
    }

    #[test]
    fn missing_required_tool_skips_or_fails() {
        let (config, base) = scratch_config("requires");
        let path = config.root.join("t.txt");
        let text = "# REQUIRES: lockstep-no-such-tool-xyz\n# RUN: false\n";
        std::fs::write(&path, text).unwrap();
        let r = run_test(&config, "t.txt", &path, &parse_test(text).unwrap());
        if tools::tools_required() {
            let err = expect_failure(r);
            assert!(
                err.message()
                    .unwrap_or_default()
                    .contains("lockstep-no-such-tool-xyz")
            );
        } else {
            assert!(matches!(r, Ok(Completion::Ignored { .. })));
        }
        let _ = std::fs::remove_dir_all(base);
    }

    #[test]
    fn quoting() {
        assert_eq!(shell_quote("a'b"), r"'a'\''b'");
    }
}
