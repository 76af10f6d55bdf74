//! The progress line of long simulations: a spinner on stderr with the warp instructions
//! simulated so far and their rate.
//!
//! Invariants:
//! - Nothing is drawn unless stderr is a terminal (indicatif hides its stderr target
//!   otherwise), and nothing before `delay` has passed, so short runs and piped runs print
//!   nothing extra.
//! - The line is cleared before `finish` returns, so diagnostics and the `--stats` table that
//!   follow start on a clean line; program output written through [`Suspending`] is printed
//!   with the line lifted out of the way.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long a run goes before the line appears; `LOCKSTEP_PROGRESS_DELAY_MS` overrides it
/// (the tests set 0).
const DEFAULT_DELAY: Duration = Duration::from_millis(1000);
const TICK: Duration = Duration::from_millis(100);

pub struct Progress {
    /// Warp instructions of finished CTAs; the simulator adds to it (`SimConfig::progress`).
    pub counter: Arc<AtomicU64>,
    bar: ProgressBar,
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    pub fn start() -> Progress {
        let delay = std::env::var("LOCKSTEP_PROGRESS_DELAY_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .map_or(DEFAULT_DELAY, Duration::from_millis);
        let counter = Arc::new(AtomicU64::new(0));
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = {
            let (counter, bar) = (counter.clone(), bar.clone());
            std::thread::spawn(move || {
                if stopped.recv_timeout(delay) != Err(RecvTimeoutError::Timeout) {
                    return;
                }
                if let Ok(style) = ProgressStyle::with_template(
                    "{spinner} {elapsed} simulated {msg} warp instructions",
                ) {
                    bar.set_style(style);
                }
                bar.set_draw_target(ProgressDrawTarget::stderr());
                let started = std::time::Instant::now();
                loop {
                    let n = counter.load(Ordering::Relaxed);
                    let rate = n as f64 / started.elapsed().as_secs_f64().max(1e-3) / 1e6;
                    bar.set_message(format!("{} ({rate:.1} M/s)", grouped(n)));
                    bar.tick();
                    if stopped.recv_timeout(TICK) != Err(RecvTimeoutError::Timeout) {
                        return;
                    }
                }
            })
        };
        Progress {
            counter,
            bar,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// A writer for the program's stdout that lifts the progress line while it writes.
    pub fn suspending<W: Write>(&self, inner: W) -> Suspending<W> {
        Suspending {
            bar: self.bar.clone(),
            inner,
        }
    }

    /// Stops the ticker and clears the line.
    pub fn finish(mut self) {
        self.stop_thread();
    }

    fn stop_thread(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop_thread();
    }
}

/// `1234567` as `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Writes through to `inner` with the progress line suspended.
pub struct Suspending<W: Write> {
    bar: ProgressBar,
    inner: W,
}

impl<W: Write> Write for Suspending<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let (bar, inner) = (&self.bar, &mut self.inner);
        bar.suspend(|| inner.write(buf))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        let (bar, inner) = (&self.bar, &mut self.inner);
        bar.suspend(|| inner.flush())
    }
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1234567), "1,234,567");
    }
}
