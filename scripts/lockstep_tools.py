"""Shared by the report scripts in scripts/ (ptx-vs-clang, sim-vs-clang,
code-motion-eval).

Tool lookup, the clang-22 CUDA device command, subprocess running, one
simulator run with its counters, and the report-header helpers, so every
report compiles clang's side and reads the simulator the same way.

Invariants:
- Lookup never guesses silently: an environment override that does not name
  an executable file is an error (MissingTool), not a fallback.
- `run` never raises on a tool failure; it returns (ok, stdout, stderr).
- `clang_cmd` is REFERENCE §4's command with the prelude flags of
  tests/harness/clang_peer_main.rs; changing it changes every report.
"""

import json
import math
import os
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CUDA_DIR = REPO / "tests" / "cuda"
TOOL_TIMEOUT_S = 300
RUN_TIMEOUT_S = 600
ERROR_QUOTE_CHARS = 300


class MissingTool(Exception):
    pass


def executable(path):
    return path is not None and os.path.isfile(path) and os.access(path, os.X_OK)


def from_env(var, tool):
    """An env override must point at a working file; a wrong one is an error."""
    value = os.environ.get(var)
    if not value:
        return None
    if not executable(value):
        raise MissingTool(f"{tool}: ${var}={value} is not an executable file")
    return value


def nvidia_bin_dir():
    """The bin/ of the `nvidia` PyPI packages (nvidia-cuda-nvcc etc.), if installed."""
    try:
        import nvidia  # noqa: F401  (only its install path is used)
    except ImportError:
        return None
    for root in getattr(nvidia, "__path__", []):
        cand = Path(root) / "cu13" / "bin"
        if cand.is_dir():
            return cand
    return None


def find_cuda_tool(name, env_var):
    found = from_env(env_var, name)
    if found:
        return found
    nv = nvidia_bin_dir()
    if nv and executable(str(nv / name)):
        return str(nv / name)
    found = shutil.which(name)
    if found:
        return found
    cand = f"/usr/local/cuda/bin/{name}"
    return cand if executable(cand) else None


def find_clang():
    found = from_env("LOCKSTEP_CLANG", "clang-22")
    if found:
        return found
    found = shutil.which("clang-22")
    if found:
        return found
    cand = "/usr/lib/llvm-22/bin/clang"
    if executable(cand):
        return cand
    raise MissingTool("clang-22 not found (install the Debian package clang-22, or set $LOCKSTEP_CLANG)")


def find_release_binary(name, env_var, package):
    """$env_var, then $CARGO_TARGET_DIR/release/name, then <repo>/target/release/name."""
    found = from_env(env_var, name)
    if found:
        return found
    cands = []
    if os.environ.get("CARGO_TARGET_DIR"):
        cands.append(Path(os.environ["CARGO_TARGET_DIR"]) / "release" / name)
    cands.append(REPO / "target" / "release" / name)
    for cand in cands:
        if executable(str(cand)):
            return str(cand)
    raise MissingTool(
        f"{name} not found (run `cargo build --release -p {package}`, or set ${env_var}); looked in "
        + ", ".join(str(c) for c in cands)
    )


def run(cmd, cwd=None):
    """Runs cmd; returns (ok, stdout, stderr) and never raises on tool failure."""
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=TOOL_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return False, "", f"timed out after {TOOL_TIMEOUT_S} s"
    except OSError as e:
        return False, "", str(e)
    return p.returncode == 0, p.stdout, p.stderr


def version_line(cmd, pick_last):
    ok, out, err = run(cmd)
    lines = [l.strip() for l in (out or err).splitlines() if l.strip()]
    if not lines:
        return "(no version output)"
    return lines[-1] if pick_last else lines[0]


def clang_cmd(clang, sm, cu, ptx):
    """clang-22's CUDA device compile to PTX at -O3, with the SDK-free prelude."""
    return [
        clang, "-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib",
        f"--cuda-gpu-arch={sm}", "--cuda-feature=+ptx80", "-O3", "-S",
        "-include", str(CUDA_DIR / "prelude.h"), "-isystem", str(CUDA_DIR / "include"),
        str(cu), "-o", str(ptx),
    ]  # fmt: skip


def geomean(ratios):
    return math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else None


def rel(path):
    try:
        return str(Path(path).resolve().relative_to(REPO))
    except ValueError:
        return str(path)


def shown_cmd(cmd):
    """A command for a report: the tool's basename, repository paths made relative."""
    return " ".join([Path(cmd[0]).name] + [rel(a) if os.path.isabs(str(a)) else str(a) for a in cmd[1:]])


def git_state():
    ok, head, _ = run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"])
    if not ok:
        return "unknown (not a git checkout)"
    ok, status, _ = run(["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"])
    dirty = ok and status.strip()
    return head.strip() + (" with uncommitted changes" if dirty else "")


def quote_error(text, workdir):
    """The first error lines of a tool's stderr, fit for one markdown table cell."""
    # The scratch path changes every run; backticks would break the code span.
    text = text.replace(str(workdir) + os.sep, "").replace("`", "'").strip() or "(no error output)"
    lines = [l for l in text.splitlines() if "error" in l.lower()] or text.splitlines()
    return " / ".join(l.strip() for l in lines[:3])[:ERROR_QUOTE_CHARS]


def metrics_from_stats(path):
    """The whole-program figures of a `lockstep-run --stats-json` file (its totals)."""
    totals = json.loads(path.read_text())["totals"]
    return {
        "inst_executed": totals["inst_executed"],
        "warp_execution_efficiency": totals["warp_execution_efficiency"],
        "transactions": totals["gld_transactions"] + totals["gst_transactions"],
        "gld_transactions": totals["gld_transactions"],
        "branch": totals["branch"],
        "divergent_branch": totals["divergent_branch"],
        "cycles": totals["cycles"],
        "launches": totals.get("launches"),
    }


def simulate(cmd, stats_json, workdir):
    """One lockstep-run; returns {"status", "stdout", "metrics" or None, "error"}."""
    try:
        p = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return {"status": None, "stdout": "", "metrics": None, "error": f"timed out after {RUN_TIMEOUT_S} s"}
    result = {"status": p.returncode, "stdout": p.stdout, "metrics": None, "error": None}
    if stats_json.is_file():
        try:
            result["metrics"] = metrics_from_stats(stats_json)
        except (ValueError, KeyError) as e:
            result["error"] = f"unreadable stats JSON: {e}"
    if p.returncode != 0:
        result["error"] = f"exit {p.returncode}: {quote_error(p.stderr, workdir)}"
    elif result["metrics"] is None and result["error"] is None:
        result["error"] = "no stats JSON written"
    return result
