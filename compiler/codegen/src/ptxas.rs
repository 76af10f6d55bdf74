//! Running NVIDIA's real `ptxas` over PTX text: finding the binary, and
//! turning its complaints into diagnostics that point at the PTX line.
//!
//! Invariants:
//! - `ptxas` is found, in order, from `$LOCKSTEP_PTXAS`, the PyPI wheel
//!   `nvidia-cuda-nvcc` (`nvidia/cu13/bin/ptxas` next to python3's
//!   site-packages), then `$PATH`; the answer is computed once per process.
//! - Nothing the caller passed is written anywhere but a fresh file in the
//!   temporary directory, removed afterwards.
//! - Failures carry ptxas's own message and, when it names one, the PTX line
//!   (1-based) with its text.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// The targets lockstep emits PTX for, with the `.version` each gets.
pub const TARGETS: &[(&str, &str)] = &[
    ("sm_70", "7.0"),
    ("sm_75", "7.0"),
    ("sm_80", "8.0"),
    ("sm_86", "8.0"),
    ("sm_89", "8.0"),
    ("sm_90", "8.0"),
];

/// The default target (`--sm`).
pub const DEFAULT_TARGET: &str = "sm_80";

/// The PTX ISA version lockstep writes for `sm`, if `sm` is a known target.
pub fn version_for(sm: &str) -> Option<&'static str> {
    TARGETS.iter().find(|(t, _)| *t == sm).map(|(_, v)| *v)
}

/// The path of NVIDIA's `ptxas`, or `None` when it is not installed.
pub fn find_ptxas() -> Option<&'static Path> {
    static PTXAS: OnceLock<Option<PathBuf>> = OnceLock::new();
    PTXAS.get_or_init(|| find_nvidia_tool("ptxas")).as_deref()
}

/// Finds one of the CUDA command-line tools (`ptxas`, `nvdisasm`,
/// `cuobjdump`) the way [`find_ptxas`] does; `$LOCKSTEP_<TOOL>` overrides.
pub fn find_nvidia_tool(tool: &str) -> Option<PathBuf> {
    let var = format!("LOCKSTEP_{}", tool.to_ascii_uppercase());
    if let Some(p) = std::env::var_os(&var) {
        let p = PathBuf::from(p);
        return p.is_file().then_some(p);
    }
    if let Some(dir) = nvidia_wheel_dir() {
        let p = dir.join("cu13").join("bin").join(tool);
        if p.is_file() {
            return Some(p);
        }
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(tool))
            .find(|p| p.is_file())
    })
}

/// The `nvidia` namespace package the CUDA wheels install into.
pub fn nvidia_wheel_dir() -> Option<&'static Path> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        let out = Command::new("python3")
            .args(["-c", "import nvidia; print(list(nvidia.__path__)[0])"])
            .output()
            .ok()?;
        if !out.status.success() {
            return None;
        }
        let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        dir.is_dir().then_some(dir)
    })
    .as_deref()
}

/// What a successful ptxas run reports.
#[derive(Debug, Clone)]
pub struct PtxasOutput {
    /// ptxas's stderr (the `-v` resource lines when asked for).
    pub info: String,
    /// The cubin, when the caller asked to keep it.
    pub cubin: Option<Vec<u8>>,
}

/// Why ptxas rejected the PTX (or could not be run).
#[derive(Debug, Clone)]
pub struct PtxasFailure {
    /// ptxas's messages, or why it could not run.
    pub message: String,
    /// The first PTX line ptxas blamed (1-based), with its text.
    pub line: Option<(usize, String)>,
}

impl std::fmt::Display for PtxasFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message.trim_end())?;
        if let Some((n, text)) = &self.line {
            write!(f, "\n  PTX line {n}: {}", text.trim())?;
        }
        Ok(())
    }
}

/// Assembles `ptx` for `sm` (e.g. `sm_80`) with `ptxas`. `verbose` adds
/// `-v` (register and memory usage in [`PtxasOutput::info`]); `keep_cubin`
/// returns the object.
pub fn assemble(
    ptxas: &Path,
    ptx: &str,
    sm: &str,
    verbose: bool,
    keep_cubin: bool,
) -> Result<PtxasOutput, PtxasFailure> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let stem = format!(
        "lockstep-ptxas-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    let dir = std::env::temp_dir();
    let input = dir.join(format!("{stem}.ptx"));
    let output = dir.join(format!("{stem}.cubin"));
    let fail = |message: String| PtxasFailure {
        message,
        line: None,
    };
    std::fs::write(&input, ptx)
        .map_err(|e| fail(format!("cannot write {}: {e}", input.display())))?;
    let mut cmd = Command::new(ptxas);
    cmd.arg(format!("-arch={sm}"));
    if verbose {
        cmd.arg("-v");
    }
    cmd.arg(&input).arg("-o").arg(&output);
    let result = cmd.output();
    let _ = std::fs::remove_file(&input);
    let out = match result {
        Ok(o) => o,
        Err(e) => {
            let _ = std::fs::remove_file(&output);
            return Err(fail(format!("cannot run {}: {e}", ptxas.display())));
        }
    };
    let cubin = if keep_cubin {
        std::fs::read(&output).ok()
    } else {
        None
    };
    let _ = std::fs::remove_file(&output);
    let stderr = String::from_utf8_lossy(&out.stderr).replace(&*input.to_string_lossy(), "<ptx>");
    if out.status.success() {
        return Ok(PtxasOutput {
            info: stderr,
            cubin,
        });
    }
    let line = blamed_line(&stderr).and_then(|n| {
        ptx.lines()
            .nth(n.checked_sub(1)?)
            .map(|text| (n, text.to_string()))
    });
    Err(PtxasFailure {
        message: stderr,
        line,
    })
}

/// The line number in the first `…, line N; error …` message.
fn blamed_line(stderr: &str) -> Option<usize> {
    stderr.lines().find_map(|l| {
        let rest = &l[l.find(", line ")? + 7..];
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        digits.parse().ok()
    })
}

/// Per-kernel resource usage parsed from `ptxas -v` output: (kernel name,
/// registers).
pub fn registers_per_kernel(info: &str) -> Vec<(String, u32)> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for l in info.lines() {
        if let Some(i) = l.find("Compiling entry function '") {
            let rest = &l[i + "Compiling entry function '".len()..];
            current = rest.split('\'').next().map(str::to_string);
        } else if let (Some(k), Some(i)) = (&current, l.find("Used ")) {
            let n: String = l[i + 5..]
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            if l[i..].contains("registers")
                && let Ok(n) = n.parse()
            {
                out.push((k.clone(), n));
                current = None;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_blamed_line() {
        let msg = "ptxas <ptx>, line 12; error   : Arguments mismatch for instruction 'add'\nptxas fatal   : Ptx assembly aborted due to errors\n";
        assert_eq!(blamed_line(msg), Some(12));
        assert_eq!(blamed_line("ptxas fatal: nope"), None);
    }

    #[test]
    fn parses_register_counts() {
        let info = "ptxas info    : 0 bytes gmem\nptxas info    : Compiling entry function 'vecadd' for 'sm_80'\nptxas info    : Function properties for vecadd\n    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\nptxas info    : Used 10 registers, 380 bytes cmem[0]\n";
        assert_eq!(registers_per_kernel(info), vec![("vecadd".to_string(), 10)]);
    }

    #[test]
    fn every_target_has_a_version() {
        assert_eq!(version_for("sm_80"), Some("8.0"));
        assert_eq!(version_for("sm_90"), Some("8.0"));
        assert_eq!(version_for("sm_52"), None);
    }

    /// Runs only where ptxas is installed; `tests/` holds the CI-enforced
    /// ptxas checks.
    #[test]
    fn reports_the_offending_line() {
        let Some(ptxas) = find_ptxas() else {
            eprintln!("SKIPPED: ptxas not found (install the nvidia-cuda-nvcc wheel)");
            return;
        };
        let good =
            ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\tret;\n}\n";
        assert!(assemble(ptxas, good, "sm_80", true, false).is_ok());
        let bad = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tadd.s32 %r1, %r1, %q;\n\tret;\n}\n";
        let err = assemble(ptxas, bad, "sm_80", false, false).unwrap_err();
        let (line, text) = err.line.clone().expect("ptxas names a line");
        assert_eq!(line, 7, "{err}");
        assert!(text.contains("add.s32"), "{err}");
    }
}
