//! What `lockstep-run` reports about a run: the counters as JSON (`--stats-json`) and as a
//! table (`--stats`), and the per-branch profile as JSON (`--profile`).
//!
//! Invariants:
//! - Counters keep nvprof's names, in `LaunchStats::named` order, everywhere.
//! - Per-kernel figures are sums over that kernel's launches, kernels in the order of their
//!   first launch; ratios are recomputed from the sums, never averaged.
//! - The output depends only on the records, so it is the same on every run.

use lockstep_runtime::LaunchRecord;
use lockstep_sim::{BranchProfile, LaunchStats};

/// A JSON number; ratios of empty counters are never NaN, but stay valid
/// JSON if one ever is.
fn json_number(v: f64) -> String {
    if v.is_finite() {
        format!("{v}")
    } else {
        "null".to_string()
    }
}

fn json_counters(s: &LaunchStats, skip_launches: bool) -> String {
    s.named()
        .into_iter()
        .filter(|(n, _)| !(skip_launches && *n == "launches"))
        .map(|(n, v)| format!("\"{n}\": {}", json_number(v)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `{"branches": [{"function", "ptx_file", "ptx_line", "source":
/// {"file", "line", "col"} | null, "warp_visits", "lanes_taken",
/// "lanes_not_taken", "divergent_visits"}, ...]}`, one entry per
/// conditional branch that ran, summed over launches.
pub fn profile_json(branches: &[BranchProfile]) -> String {
    let mut s = String::from("{\n  \"branches\": [");
    for (i, b) in branches.iter().enumerate() {
        s.push_str(if i == 0 { "\n    " } else { ",\n    " });
        let source = match &b.source {
            Some((file, line, col)) => format!(
                "{{\"file\": {}, \"line\": {line}, \"col\": {col}}}",
                json_string(file)
            ),
            None => "null".to_string(),
        };
        let c = &b.counts;
        s.push_str(&format!(
            "{{\"function\": {}, \"ptx_file\": {}, \"ptx_line\": {}, \"source\": {source}, \"warp_visits\": {}, \"lanes_taken\": {}, \"lanes_not_taken\": {}, \"divergent_visits\": {}}}",
            json_string(&b.function),
            json_string(&b.ptx_file),
            b.ptx_line,
            c.warp_visits,
            c.lanes_taken,
            c.lanes_not_taken,
            c.divergent_visits
        ));
    }
    s.push_str("\n  ]\n}\n");
    s
}

/// Each kernel's counters summed over its launches, kernels in first-launch order.
pub fn by_kernel(launches: &[LaunchRecord]) -> Vec<(&str, LaunchStats)> {
    let mut out: Vec<(&str, LaunchStats)> = Vec::new();
    for l in launches {
        match out.iter_mut().find(|(k, _)| *k == l.kernel) {
            Some((_, sum)) => sum.add(&l.stats),
            None => out.push((&l.kernel, l.stats)),
        }
    }
    out
}

/// `{"launches": N, "kernels": [{"name", "grid", "block", counters...}],
/// "by_kernel": [{"name", counters..., "launches"}], "totals": {counters..., "launches"}}`:
/// `kernels` has one entry per launch, `by_kernel` one per kernel.
pub fn stats_json(launches: &[LaunchRecord], totals: &LaunchStats) -> String {
    let mut s = format!("{{\n  \"launches\": {},\n  \"kernels\": [", launches.len());
    for (i, l) in launches.iter().enumerate() {
        s.push_str(if i == 0 { "\n    " } else { ",\n    " });
        s.push_str(&format!(
            "{{\"name\": {}, \"grid\": [{}, {}, {}], \"block\": [{}, {}, {}], {}}}",
            json_string(&l.kernel),
            l.grid[0],
            l.grid[1],
            l.grid[2],
            l.block[0],
            l.block[1],
            l.block[2],
            json_counters(&l.stats, true)
        ));
    }
    s.push_str("\n  ],\n  \"by_kernel\": [");
    for (i, (name, sum)) in by_kernel(launches).iter().enumerate() {
        s.push_str(if i == 0 { "\n    " } else { ",\n    " });
        s.push_str(&format!(
            "{{\"name\": {}, {}}}",
            json_string(name),
            json_counters(sum, false)
        ));
    }
    s.push_str(&format!(
        "\n  ],\n  \"totals\": {{{}}}\n}}\n",
        json_counters(totals, false)
    ));
    s
}

/// One column per kernel (its launches summed) and a total column, one counter per line,
/// as nvprof summarizes metrics per kernel.
pub fn stats_table(launches: &[LaunchRecord], totals: &LaunchStats) -> String {
    let cell = |n: &str, v: f64| {
        if n.ends_with("efficiency") {
            format!("{:.1}%", v * 100.0)
        } else {
            format!("{v}")
        }
    };
    let column = |label: &str, stats: &LaunchStats| -> (String, Vec<String>) {
        (
            label.to_string(),
            stats.named().into_iter().map(|(n, v)| cell(n, v)).collect(),
        )
    };
    let mut columns: Vec<(String, Vec<String>)> = by_kernel(launches)
        .iter()
        .map(|(k, sum)| column(k, sum))
        .collect();
    columns.push(column("total", totals));
    let names: Vec<&str> = totals.named().into_iter().map(|(n, _)| n).collect();
    let label_w = names.iter().map(|n| n.len()).max().unwrap_or(0);
    let widths: Vec<usize> = columns
        .iter()
        .map(|(l, cells)| cells.iter().chain([l]).map(String::len).max().unwrap_or(0))
        .collect();
    let mut s = String::from("== lockstep-run: simulator counters (simulated, per kernel) ==\n");
    s.push_str(&format!("{:label_w$}", "kernel"));
    for ((l, _), w) in columns.iter().zip(&widths) {
        s.push_str(&format!("  {l:>w$}"));
    }
    s.push('\n');
    for (k, n) in names.iter().enumerate() {
        s.push_str(&format!("{n:label_w$}"));
        for ((_, cells), w) in columns.iter().zip(&widths) {
            s.push_str(&format!("  {:>w$}", cells[k]));
        }
        s.push('\n');
    }
    s
}
