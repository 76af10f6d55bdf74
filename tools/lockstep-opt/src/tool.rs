//! What every lockstep command-line tool shares (lockstep-opt, lockstepc):
//! the worker thread, the informational flags, input and output files, the
//! pass manager built from the flags, and the timing report.
//!
//! Invariants:
//! - The work runs on a thread with a large stack, so deep nesting cannot
//!   overflow it; a panic (a bug) is reported as `TOOL: internal error`
//!   and gives exit status 1.
//! - The input is read as text whatever its bytes (invalid UTF-8 becomes
//!   U+FFFD); the output goes to stdout or a file, and the callers write
//!   a file only after a successful run, so a failing `-o input` cannot
//!   clobber the input.
//! - Error messages carry no tool prefix and no trailing newline: each
//!   tool words its own error line.

use crate::cli::{self, Action};
use crate::driver::Options;
use clap::{ArgMatches, Command};
use lockstep_pass::{PassManager, PassRegistry, PipelineError, TimeAcc, TimingReport};
use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Runs `work` on a thread named `tool` with a `stack`-byte stack and
/// turns its result (or a panic) into the process exit status.
pub fn run_worker(
    tool: &'static str,
    stack: usize,
    work: impl FnOnce() -> u8 + Send + 'static,
) -> ExitCode {
    std::panic::set_hook(Box::new(move |info| {
        eprintln!("{tool}: internal error: {info}");
    }));
    let worker = std::thread::Builder::new()
        .name(tool.into())
        .stack_size(stack)
        .spawn(work);
    let code = match worker {
        Ok(handle) => handle.join().unwrap_or(1),
        Err(e) => {
            eprintln!("{tool}: cannot start the worker thread: {e}");
            1
        }
    };
    ExitCode::from(code)
}

/// What a command line asks of a tool once the flags that only print
/// something were handled.
pub enum Parsed {
    /// Run with these options; the matches hold the tool's own flags.
    Run(Box<Options>, ArgMatches),
    /// Nothing left to do (`--help`, `--list-passes`, a clap usage error
    /// clap already printed): exit with this status.
    Exit(u8),
    /// A bad flag value; the caller prints the message and exits with 1.
    Error(String),
}

/// Parses `args` with `cmd` (built on [`cli::command`]) and answers
/// `--help`, `--list-passes` and `--show-dialects` on stdout.
pub fn parse_command_line(cmd: Command, args: Vec<String>, registry: &PassRegistry) -> Parsed {
    let args = cli::normalize_args(&cmd, args);
    let matches = match cmd.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            // `--help` is not an error; clap knows which is which.
            let _ = e.print();
            return Parsed::Exit(u8::from(e.use_stderr()));
        }
    };
    match cli::options(&matches, registry) {
        Ok(Action::Run(opts)) => Parsed::Run(opts, matches),
        Ok(Action::ListPasses) => {
            print!("{}", cli::list_passes(registry));
            Parsed::Exit(0)
        }
        Ok(Action::ShowDialects) => {
            let ctx = lockstep_registry::new_context(false);
            let mut names: Vec<&str> = ctx.registry().dialects().iter().map(|d| d.name).collect();
            names.sort_unstable();
            println!("Available Dialects: {}", names.join(", "));
            Parsed::Exit(0)
        }
        Err(msg) => Parsed::Error(msg),
    }
}

/// The pass manager for `pipeline` (none without one), set up from the
/// flags; `--dump-pass-pipeline` prints it on stderr.
pub fn pass_manager(
    pipeline: Option<&str>,
    opts: &Options,
    registry: &PassRegistry,
) -> Result<Option<PassManager>, PipelineError> {
    let mut pm = pipeline
        .map(|p| PassManager::parse(p, registry))
        .transpose()?;
    if opts.dump_pipeline {
        let shown = pm.as_ref().map_or_else(
            || PassManager::new("builtin.module").dump_pipeline(),
            |p| p.dump_pipeline(),
        );
        eprint!("{shown}");
    }
    if let Some(pm) = &mut pm {
        pm.verify_each = opts.verify_each;
        pm.threading = opts.threading;
        pm.ir_printing = opts.ir_printing.clone();
        pm.timing = opts.timing;
        pm.remarks = opts.remarks.clone();
    }
    Ok(pm)
}

/// The name diagnostics use for the input (`<stdin>` for `-`), and its text.
pub fn read_input(path: &str) -> Result<(String, String), String> {
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        return Ok(("<stdin>".to_string(), utf8_text(bytes)));
    }
    let mut f = std::fs::File::open(path)
        .map_err(|e| format!("cannot open input file '{path}': {}", io_msg(&e)))?;
    f.read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read input file '{path}': {}", io_msg(&e)))?;
    Ok((path.to_string(), utf8_text(bytes)))
}

/// The bytes as text, without a copy when they are valid UTF-8 (the usual
/// case); invalid sequences become U+FFFD.
fn utf8_text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Writes `text` to stdout (`-`) or to the file `path`.
pub fn write_output(path: &str, text: &str) -> Result<(), String> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        // A closed pipe (`| head`) is not an error worth reporting.
        let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
        return Ok(());
    }
    std::fs::write(path, text)
        .map_err(|e| format!("cannot open output file '{path}': {}", io_msg(&e)))
}

/// `No such file or directory`, without Rust's ` (os error 2)`.
fn io_msg(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// Time spent outside the pass manager, for the timing report.
#[derive(Default)]
pub struct Times {
    /// Reading the input into IR: parsing (or the front end) and verifying.
    pub parser: Duration,
    /// Printing and writing the output.
    pub output: Duration,
}

/// The `--timing` report: the parser, the passes, the output; the total is
/// the wall time since `start`, and the user time adds what threads spent
/// beyond the wall time.
pub fn timing_report(
    threading: bool,
    pm: Option<&PassManager>,
    times: &Times,
    start: Instant,
) -> String {
    let mut report = TimingReport::new(threading);
    report.push("Parser", 0, TimeAcc::single(times.parser));
    if let Some(pm) = pm {
        report.rows.extend(pm.timing_rows());
    }
    report.push("Output", 0, TimeAcc::single(times.output));
    let total = start.elapsed();
    let user = report
        .rows
        .iter()
        .filter(|r| r.depth == 0)
        .map(|r| r.time.user.saturating_sub(r.time.wall))
        .sum::<Duration>();
    report.render(TimeAcc {
        wall: total,
        user: total + user,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_messages_drop_the_os_error_number() {
        let e = read_input("/nonexistent/lockstep/input.mlir").unwrap_err();
        assert_eq!(
            e,
            "cannot open input file '/nonexistent/lockstep/input.mlir': No such file or directory"
        );
        let e = write_output("/nonexistent/lockstep/out.mlir", "").unwrap_err();
        assert!(e.starts_with("cannot open output file"), "{e}");
        assert!(!e.contains("os error"), "{e}");
    }

    #[test]
    fn invalid_utf8_becomes_replacement_characters() {
        assert_eq!(utf8_text(b"a\xffb".to_vec()), "a\u{fffd}b");
        assert_eq!(utf8_text(b"plain".to_vec()), "plain");
    }

    #[test]
    fn timing_report_has_parser_and_output_rows() {
        let times = Times {
            parser: Duration::from_millis(1),
            output: Duration::from_millis(2),
        };
        let r = timing_report(false, None, &times, Instant::now());
        assert!(r.contains("Parser"), "{r}");
        assert!(r.contains("Output"), "{r}");
    }
}
