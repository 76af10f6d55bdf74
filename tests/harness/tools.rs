//! Locating optional external tools (mlir-opt, LLVM FileCheck, ptxas).
//!
//! Invariants:
//! - A tool is looked up in `PATH` first, then in `/usr/lib/llvm-22/bin`
//!   (where Debian's versioned LLVM packages install unversioned names), then
//!   `/usr/local/cuda/bin` for CUDA tools, then the `bin/` of the NVIDIA PyPI
//!   wheels (`nvidia/cu13/bin` next to python3's site-packages); only
//!   executable regular files count.
//! - Missing tools never pass silently: locally the test is skipped with a
//!   loud `SKIPPED: <tool> not found (install <pkg>)` line on stderr; when
//!   `CI=true` or `LOCKSTEP_REQUIRE_TOOLS=1` the test fails instead, naming
//!   the package to install.

use std::path::{Path, PathBuf};

/// Extra directories searched after `PATH`.
pub const EXTRA_DIRS: &[&str] = &["/usr/lib/llvm-22/bin", "/usr/local/cuda/bin"];

/// An external tool a test may need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolSpec {
    /// The name used in `REQUIRES:` lines and messages.
    pub tool: &'static str,
    /// Executable names to try, in order.
    pub names: &'static [&'static str],
    /// Where to get it, for the skip/fail message.
    pub install: &'static str,
}

pub const MLIR_OPT: ToolSpec = ToolSpec {
    tool: "mlir-opt",
    names: &["mlir-opt", "mlir-opt-22"],
    install: "Debian package mlir-22-tools",
};

pub const FILECHECK: ToolSpec = ToolSpec {
    tool: "FileCheck",
    names: &["FileCheck", "FileCheck-22"],
    install: "Debian package llvm-22-tools",
};

pub const PTXAS: ToolSpec = ToolSpec {
    tool: "ptxas",
    names: &["ptxas"],
    install: "PyPI package nvidia-cuda-nvcc (scripts/test installs it)",
};

pub const KNOWN: &[ToolSpec] = &[MLIR_OPT, FILECHECK, PTXAS];

/// The spec for a `REQUIRES:` name, if it is a known tool.
pub fn known_tool(name: &str) -> Option<&'static ToolSpec> {
    KNOWN
        .iter()
        .find(|s| s.tool.eq_ignore_ascii_case(name) || s.names.contains(&name))
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    p.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

/// The `bin/` directory of the NVIDIA PyPI wheels, if python3 has them.
pub fn nvidia_wheel_bin() -> Option<&'static Path> {
    static DIR: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let out = std::process::Command::new("python3")
            .args(["-c", "import nvidia; print(list(nvidia.__path__)[0])"])
            .output()
            .ok()?;
        let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()).join("cu13/bin");
        (out.status.success() && dir.is_dir()).then_some(dir)
    })
    .as_deref()
}

/// Searches `PATH`, then `EXTRA_DIRS`, then the NVIDIA wheels' `bin/`, for
/// the first of `names` that exists.
pub fn find_tool(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path)
        .chain(EXTRA_DIRS.iter().map(PathBuf::from))
        .chain(nvidia_wheel_bin().map(Path::to_path_buf))
        .collect();
    for name in names {
        for dir in &dirs {
            let cand = dir.join(name);
            if is_executable(&cand) {
                return Some(cand);
            }
        }
    }
    None
}

/// True when missing tools must fail tests (`CI=true`, `LOCKSTEP_REQUIRE_TOOLS=1`).
pub fn tools_required() -> bool {
    let truthy = |v: &str| {
        std::env::var(v)
            .map(|s| matches!(s.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes"))
            .unwrap_or(false)
    };
    truthy("CI") || truthy("LOCKSTEP_REQUIRE_TOOLS")
}

/// What to do about a tool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToolCheck {
    Found(PathBuf),
    /// Skip the test; the message is the `SKIPPED: ...` line.
    Skip(String),
    /// Fail the test with this message.
    Fail(String),
}

/// Decides found/skip/fail for a tool given whether it was found; split out
/// so the policy is testable without touching the real environment.
pub fn decide(tool: &str, install: &str, found: Option<PathBuf>, required: bool) -> ToolCheck {
    match found {
        Some(p) => ToolCheck::Found(p),
        None if required => ToolCheck::Fail(format!(
            "required tool `{tool}` not found on PATH or in {} (install {install}); CI=true or LOCKSTEP_REQUIRE_TOOLS=1 makes missing tools an error",
            EXTRA_DIRS.join(", "),
        )),
        None => ToolCheck::Skip(format!("SKIPPED: {tool} not found (install {install})")),
    }
}

/// Looks `spec` up and applies the CI policy, without printing or panicking.
pub fn check_tool(spec: &ToolSpec) -> ToolCheck {
    decide(
        spec.tool,
        spec.install,
        find_tool(spec.names),
        tools_required(),
    )
}

/// Like `check_tool` for a `REQUIRES:` name, which may be any executable.
pub fn check_tool_named(name: &str) -> ToolCheck {
    match known_tool(name) {
        Some(spec) => check_tool(spec),
        None => decide(
            name,
            &format!("a package that provides `{name}`"),
            find_tool(&[name]),
            tools_required(),
        ),
    }
}

/// For `#[test]` functions that need a tool:
/// `let Some(mlir_opt) = require_tool(&tools::MLIR_OPT) else { return };`
/// Prints the `SKIPPED` line and returns `None` locally; panics (fails the
/// test) under CI.
pub fn require_tool(spec: &ToolSpec) -> Option<PathBuf> {
    match check_tool(spec) {
        ToolCheck::Found(p) => Some(p),
        ToolCheck::Skip(msg) => {
            eprintln!("{msg}");
            None
        }
        ToolCheck::Fail(msg) => panic!("{msg}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_coreutils() {
        assert!(find_tool(&["definitely-not-a-tool-xyz", "sh"]).is_some());
        assert!(find_tool(&["definitely-not-a-tool-xyz"]).is_none());
    }

    #[test]
    fn skip_locally_fail_in_ci() {
        match decide(MLIR_OPT.tool, MLIR_OPT.install, None, false) {
            ToolCheck::Skip(m) => {
                assert_eq!(
                    m,
                    "SKIPPED: mlir-opt not found (install Debian package mlir-22-tools)"
                )
            }
            other => panic!("{other:?}"),
        }
        match decide(PTXAS.tool, PTXAS.install, None, true) {
            ToolCheck::Fail(m) => assert!(m.contains("PyPI package nvidia-cuda-nvcc"), "{m}"),
            other => panic!("{other:?}"),
        }
        let p = PathBuf::from("/x/mlir-opt");
        assert_eq!(
            decide(MLIR_OPT.tool, MLIR_OPT.install, Some(p.clone()), true),
            ToolCheck::Found(p)
        );
    }

    #[test]
    fn known_names() {
        assert_eq!(known_tool("mlir-opt"), Some(&MLIR_OPT));
        assert_eq!(known_tool("filecheck"), Some(&FILECHECK));
        assert_eq!(known_tool("cc"), None);
    }
}
