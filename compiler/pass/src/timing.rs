//! Timing data and the report printed by `--timing`, in the shape of
//! MLIR's `-mlir-timing` (tree display):
//!
//! ```text
//! ===-------------------------------------------------------------------------===
//!                          ... Execution time report ...
//! ===-------------------------------------------------------------------------===
//!   Total Execution Time: 0.0013 seconds
//!
//!   ----Wall Time----  ----Name----
//!     0.0007 ( 52.6%)  Parser
//!     0.0001 (  5.8%)  'func.func' Pipeline
//!     0.0000 (  3.7%)    CSE
//!     0.0000 (  0.2%)      (A) DominanceInfo
//!     0.0001 (  8.3%)  Output
//!     0.0003 ( 22.5%)  Rest
//!     0.0013 (100.0%)  Total
//! ```
//!
//! With threading on, a `----User Time----` column comes first.
//!
//! Invariants:
//! - Wall time of a row is elapsed time as a user would measure it: for a
//!   pass run on several anchors in parallel it is the largest per-thread
//!   sum (MLIR merges thread timers the same way); user time is the sum over
//!   all threads. Without threading the two are equal.
//! - Rows are listed in pipeline order; `Rest` is the total minus the
//!   top-level rows (never negative).

use std::fmt::Write;
use std::time::Duration;

/// Accumulated time of one row.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeAcc {
    pub wall: Duration,
    pub user: Duration,
}

impl TimeAcc {
    /// Time spent on one thread: wall and user are the same.
    pub fn single(d: Duration) -> Self {
        TimeAcc { wall: d, user: d }
    }

    pub fn add(&mut self, o: TimeAcc) {
        self.wall += o.wall;
        self.user += o.user;
    }
}

/// One line of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimingRow {
    pub name: String,
    /// Nesting depth; each level indents the name by two spaces.
    pub depth: usize,
    pub time: TimeAcc,
}

/// The rows of a report, plus whether to show the user-time column.
#[derive(Clone, Debug, Default)]
pub struct TimingReport {
    pub rows: Vec<TimingRow>,
    pub threaded: bool,
}

const RULE: &str =
    "===-------------------------------------------------------------------------===";

/// The three-line banner MLIR puts above its reports, title centred in 80 columns.
pub fn banner(title: &str) -> String {
    let pad = 80usize.saturating_sub(title.len()) / 2;
    format!("{RULE}\n{}{title}\n{RULE}\n", " ".repeat(pad))
}

impl TimingReport {
    pub fn new(threaded: bool) -> Self {
        TimingReport {
            rows: Vec::new(),
            threaded,
        }
    }

    pub fn push(&mut self, name: impl Into<String>, depth: usize, time: TimeAcc) {
        self.rows.push(TimingRow {
            name: name.into(),
            depth,
            time,
        });
    }

    /// The report, with `Rest` and `Total` rows computed from `total`.
    pub fn render(&self, total: TimeAcc) -> String {
        let mut top = TimeAcc::default();
        for r in self.rows.iter().filter(|r| r.depth == 0) {
            top.add(r.time);
        }
        let rest = TimeAcc {
            wall: total.wall.saturating_sub(top.wall),
            user: total.user.saturating_sub(top.user),
        };
        let mut out = banner("... Execution time report ...");
        let _ = writeln!(
            out,
            "  Total Execution Time: {:.4} seconds\n",
            total.wall.as_secs_f64()
        );
        if self.threaded {
            out.push_str("  ----User Time----  ----Wall Time----  ----Name----\n");
        } else {
            out.push_str("  ----Wall Time----  ----Name----\n");
        }
        let mut line = |t: TimeAcc, depth: usize, name: &str| {
            if self.threaded {
                column(&mut out, t.user, total.user);
            }
            column(&mut out, t.wall, total.wall);
            let _ = writeln!(out, "  {}{name}", "  ".repeat(depth));
        };
        for r in &self.rows {
            line(r.time, r.depth, &r.name);
        }
        line(rest, 0, "Rest");
        line(total, 0, "Total");
        out
    }
}

fn column(out: &mut String, t: Duration, total: Duration) {
    let pct = if total.is_zero() {
        0.0
    } else {
        100.0 * t.as_secs_f64() / total.as_secs_f64()
    };
    let _ = write!(out, "  {:8.4} ({:5.1}%)", t.as_secs_f64(), pct);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> TimeAcc {
        TimeAcc::single(Duration::from_micros(n * 100))
    }

    #[test]
    fn single_column_shape() {
        let mut r = TimingReport::new(false);
        r.push("Parser", 0, ms(7));
        r.push("'func.func' Pipeline", 0, ms(1));
        r.push("CSE", 1, ms(1));
        r.push("(A) DominanceInfo", 2, ms(0));
        let text = r.render(ms(13));
        let expected = "\
===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
  Total Execution Time: 0.0013 seconds

  ----Wall Time----  ----Name----
    0.0007 ( 53.8%)  Parser
    0.0001 (  7.7%)  'func.func' Pipeline
    0.0001 (  7.7%)    CSE
    0.0000 (  0.0%)      (A) DominanceInfo
    0.0005 ( 38.5%)  Rest
    0.0013 (100.0%)  Total
";
        assert_eq!(text, expected);
    }

    #[test]
    fn two_columns_when_threaded() {
        let mut r = TimingReport::new(true);
        r.push(
            "CSE",
            0,
            TimeAcc {
                wall: Duration::from_millis(1),
                user: Duration::from_millis(3),
            },
        );
        let text = r.render(TimeAcc {
            wall: Duration::from_millis(2),
            user: Duration::from_millis(4),
        });
        assert!(text.contains("  ----User Time----  ----Wall Time----  ----Name----\n"));
        assert!(
            text.contains("    0.0030 ( 75.0%)    0.0010 ( 50.0%)  CSE\n"),
            "{text}"
        );
        assert!(
            text.contains("    0.0010 ( 25.0%)    0.0010 ( 50.0%)  Rest\n"),
            "{text}"
        );
    }
}
