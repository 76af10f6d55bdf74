//! `lockstep-filecheck`: LLVM FileCheck's command line over the `filecheck`
//! crate. Reads the program output on stdin (or `--input-file`).
//!
//! Invariants: never panics on any arguments, check file or input; exits 0
//! when the input matches, 1 on a mismatch, 2 on a usage, I/O or check-file
//! error, always with a message on stderr for non-zero exits.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use lockstep_tests::check::{self, Outcome, args};

fn read_file(path: &str) -> Result<String, String> {
    let bytes = if path == "-" {
        let mut buf = Vec::new();
        io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        buf
    } else {
        std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?
    };
    // Tool output is expected to be UTF-8; a stray byte should not turn a
    // check into a usage error, so it becomes U+FFFD instead.
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn main() -> ExitCode {
    let outcome = run();
    let mut err = io::stderr().lock();
    match &outcome {
        Outcome::Pass => {}
        Outcome::Mismatch(m) | Outcome::Error(m) => {
            let _ = err.write_all(m.as_bytes());
            if !m.ends_with('\n') {
                let _ = err.write_all(b"\n");
            }
        }
    }
    let _ = err.flush();
    ExitCode::from(outcome.exit_code() as u8)
}

fn run() -> Outcome {
    let opts = match args::parse_args(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(args::UsageError(m)) => return Outcome::Error(format!("lockstep-filecheck: {m}")),
    };
    let check_text = match read_file(&opts.check_file) {
        Ok(t) => t,
        Err(m) => return Outcome::Error(format!("lockstep-filecheck: {m}")),
    };
    let (input_name, input) = match opts.input_file.as_deref() {
        Some(p) if p != "-" => (p.to_string(), read_file(p)),
        _ => ("<stdin>".to_string(), read_file("-")),
    };
    let input = match input {
        Ok(t) => t,
        Err(m) => return Outcome::Error(format!("lockstep-filecheck: {m}")),
    };
    check::run(&opts, &opts.check_file, &check_text, &input_name, &input)
}
