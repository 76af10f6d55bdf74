//! The worker process (`lockstep-fuzz worker TARGET`): runs the inputs the
//! supervisor sends, one at a time, in-process, and answers over stdout.
//!
//! Protocol (one line per message; input bytes follow their header):
//! - supervisor -> worker: `RUN <index> <length>\n` then `length` bytes;
//! - worker -> supervisor: `<MAGIC>STAGE <index> <name>\n` before each
//!   stage and `<MAGIC>DONE <index> <kind> <message>\n` at the end, the
//!   message escaped onto one line (`\\` and `\n`).
//!
//! Lines without the magic prefix are ignored, so stray output of the code
//! under test cannot be taken for an answer.
//!
//! Invariants:
//! - A panic is caught (`catch_unwind`) and answered as kind `panic` with
//!   the message the panic hook recorded; the worker goes on with the next
//!   input. Whatever kills the process (abort, stack overflow, a signal) is
//!   the supervisor's to notice.
//! - Inputs run on one thread with a large stack, as the tools run them
//!   (lockstepc and lockstep-run use 512 MB).

use crate::targets::{self, Kind, Outcome, Target};
use std::io::{BufRead, Read, Write};
use std::sync::Mutex;

/// Marks the worker's protocol lines on stdout.
pub const MAGIC: &str = "\u{1e}LSF ";

const STACK: usize = 512 << 20;

/// The last panic's message and place, recorded by the hook.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Escapes `s` onto one line.
pub fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\n', "\\n")
}

/// Inverse of [`escape`].
pub fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some(o) => out.push(o),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    // A closed pipe means the supervisor is gone: nothing left to do.
    if out
        .write_all(format!("{MAGIC}{line}\n").as_bytes())
        .and_then(|_| out.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

/// Runs the worker loop for `target` until stdin closes; the exit status.
pub fn main(target: Target) -> i32 {
    install_panic_hook();
    let worker = std::thread::Builder::new()
        .name(format!("fuzz-{}", target.name()))
        .stack_size(STACK)
        .spawn(move || serve(target));
    match worker.map(|h| h.join()) {
        Ok(Ok(())) => 0,
        _ => 1,
    }
}

/// Records panics for [`run_one`] instead of printing them.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let place = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_else(|| "<unknown>".into());
        let payload = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "<non-string payload>".into());
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = Some(format!("panicked at {place}: {payload}"));
        }
    }));
}

fn serve(target: Target) {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut header = String::new();
    loop {
        header.clear();
        match input.read_line(&mut header) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let mut parts = header.split_whitespace();
        let (Some("RUN"), Some(index), Some(len)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let Ok(len) = len.parse::<usize>() else {
            return;
        };
        let mut bytes = vec![0; len];
        if input.read_exact(&mut bytes).is_err() {
            return;
        }
        let outcome = run_one(target, index, &bytes, true);
        send(&format!(
            "DONE {index} {} {}",
            outcome.kind.name(),
            escape(&outcome.message)
        ));
    }
}

/// Runs one input, turning a panic into an outcome (with the message the
/// hook of [`install_panic_hook`] recorded); `announce` sends the stages.
pub fn run_one(target: Target, index: &str, bytes: &[u8], announce: bool) -> Outcome {
    if let Ok(mut last) = LAST_PANIC.lock() {
        *last = None;
    }
    let mut stage = |name: &str| {
        if announce {
            send(&format!("STAGE {index} {name}"));
        }
    };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        targets::run(target, bytes, &mut stage)
    }));
    r.unwrap_or_else(|_| {
        let msg = LAST_PANIC
            .lock()
            .ok()
            .and_then(|mut l| l.take())
            .unwrap_or_else(|| "panicked (no message recorded)".into());
        Outcome {
            kind: Kind::Panic,
            message: msg,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_round_trips() {
        for s in ["", "a\nb", "back\\slash\\n", "end\\", "\n\n\\\n"] {
            assert_eq!(unescape(&escape(s)), s);
            assert!(!escape(s).contains('\n'));
        }
    }
}
