"""Shared by the report scripts in scripts/ (ptx-vs-clang, sim-vs-clang,
code-motion-eval, kfcm-eval, ptx-opt-eval).

Tool lookup, the clang-22 and nvcc device commands, subprocess running, one
simulator run with its counters, a child process's CPU time, static PTX
instruction counts, and the report-header helpers, so every report compiles
the peers' side, counts PTX and reads the simulator the same way.

Invariants:
- Lookup never guesses silently: an environment override that does not name
  an executable file is an error (MissingTool), not a fallback.
- `run` never raises on a tool failure; it returns (ok, stdout, stderr).
- `clang_cmd` is REFERENCE §4's command with the prelude flags of
  tests/harness/clang_peer_main.rs; `nvcc_ptx_cmd` is the flags
  lockstep-difftest gives nvcc; changing either changes every report.
- `kernel_cycles` is the simulator's `cycles` less LAUNCH_OVERHEAD_CYCLES
  per launch (runtime/sim/src/timing.rs; the stats JSON has no separate
  field for it); the two must change together.
"""

import json
import math
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CUDA_DIR = REPO / "tests" / "cuda"
TOOL_TIMEOUT_S = 300
RUN_TIMEOUT_S = 600
ERROR_QUOTE_CHARS = 300
# The timing model's fixed charge per kernel launch (LAUNCH_OVERHEAD in
# runtime/sim/src/timing.rs): a launch's cycles are this plus its slowest SM.
LAUNCH_OVERHEAD_CYCLES = 7000


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


# The thesis's code-motion variants (Figs. 4.7 and 4.14-4.17), in its order.
CODE_MOTION_VARIANTS = ("lcm", "scm", "spre", "sscm", "srqp", "esrqp", "ssrqp-s", "ssrqp")


def code_motion_passes(variant):
    """The device pass list that measures one code-motion variant.

    -O3's device list (OPTIMIZING_DEVICE_PASSES in tools/lockstep-opt/src/
    levels.rs) with `variant` as its code motion: after canonicalization and
    cleaned up by the same passes; a `+` joins passes run one after the other,
    so `sscm+ssrqp` is exactly -O3.
    """
    return f"canonicalize,cse,{variant.replace('+', ',')},canonicalize,cse"


def nvcc_ptx_cmd(nvcc, sm, cu, ptx, flags=()):
    """nvcc's -O3 device compile to PTX (lockstep-difftest's flags), `flags` (-I, -D, ...) first."""
    return [nvcc, *flags, "-ptx", "-O3", f"-arch={sm}", "-w", str(cu), "-o", str(ptx)]


def ptxas_version(ptxas):
    """The release line (`... release 13.5, V13.5.37`) and the last (build) line."""
    ok, out, err = run([ptxas, "--version"])
    lines = [l.strip() for l in (out or err).splitlines() if l.strip()]
    if not lines:
        return "(no version output)"
    release = [l for l in lines[:-1] if "release" in l]
    return "; ".join(release[:1] + lines[-1:])


def child_times(cmd, stdin_path=None, cwd=None):
    """Runs cmd with output discarded: {"wall", "cpu" (user + system, s), "rss_mib"}, or None on failure."""
    stdin = open(stdin_path, "rb") if stdin_path is not None else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
    except OSError:
        return None
    finally:
        if stdin_path is not None:
            stdin.close()
    if os.waitstatus_to_exitcode(status) != 0:
        return None
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss_mib": usage.ru_maxrss / 1024.0}


def geomean(ratios):
    return math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else None


def parse_programs(spec):
    """`a.cu,b.cu`: each path taken as given, else relative to the repository."""
    progs = []
    for item in (s.strip() for s in spec.split(",")):
        if not item:
            continue
        p = Path(item)
        cand = p if p.is_file() else REPO / p
        if not cand.is_file():
            raise ValueError(f"no such program: {item}")
        progs.append(cand.resolve())
    if not progs:
        raise ValueError("--programs names no program")
    return progs


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
    """The whole-program figures of a `lockstep-run --stats-json` file (its totals).

    `kernel_cycles` is `cycles` without the fixed launch charge: the per-launch
    entries' cycles less LAUNCH_OVERHEAD_CYCLES each, summed.
    """
    stats = json.loads(path.read_text())
    totals = stats["totals"]
    return {
        "inst_executed": totals["inst_executed"],
        "warp_execution_efficiency": totals["warp_execution_efficiency"],
        "branch_efficiency": totals["branch_efficiency"],
        "transactions": totals["gld_transactions"] + totals["gst_transactions"],
        "gld_transactions": totals["gld_transactions"],
        "branch": totals["branch"],
        "divergent_branch": totals["divergent_branch"],
        "cycles": totals["cycles"],
        "kernel_cycles": sum(k["cycles"] - LAUNCH_OVERHEAD_CYCLES for k in stats["kernels"]),
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


# ------------------------------------------------------------- PTX listings


def ptx_without_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def ptx_functions(ptx):
    """{symbol: (kind, body)} for every `.entry`/`.func` definition (not declarations)."""
    text = ptx_without_comments(ptx)
    funcs = {}
    for m in re.finditer(r"\.(entry|func)\s+(?:\([^)]*\)\s*)?([A-Za-z_$%][\w$%]*)", text):
        kind, name = m.group(1), m.group(2)
        i = m.end()
        # Skip the parameter list, then require a body (a `;` means a declaration).
        depth = 0
        while i < len(text):
            c = text[i]
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
            elif depth == 0 and c in "{;":
                break
            i += 1
        if i >= len(text) or text[i] != "{":
            continue
        start, depth = i, 0
        while i < len(text):
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        funcs[name] = (kind, text[start + 1 : i])
    return funcs


LABEL_OR_BRACE = re.compile(r"^(?:\s+|[{}]|[A-Za-z_$%][\w$%]*\s*:)")


def ptx_statements(body):
    """The instruction statements of a function body, each stripped, guard included.

    Not statements: directives (`.reg`, `.param`, `.local`, `.loc`, `.pragma`, ...),
    labels, scope braces and comments. A statement is `;`-terminated, so a line
    holding two instructions gives two.
    """
    # Directives without a `;` (`.loc`, `.file`) would otherwise glue onto the
    # next statement and hide it.
    lines = [l for l in body.splitlines() if not (l.strip().startswith(".") and ";" not in l)]
    out = []
    for stmt in "\n".join(lines).split(";")[:-1]:
        while True:
            m = LABEL_OR_BRACE.match(stmt)
            if not m or not m.group(0):
                break
            stmt = stmt[m.end() :]
        if stmt and not stmt.startswith("."):
            out.append(" ".join(stmt.split()))
    return out


def count_ptx_instructions(body):
    """Instruction statements in a function body (see `ptx_statements`)."""
    return len(ptx_statements(body))


def ptx_opcode(stmt):
    """`add.s32 %r1, ...` -> `add`; a guard (`@%p1 bra ...`) is skipped."""
    words = stmt.split()
    if words and words[0].startswith("@"):
        words = words[1:]
    return words[0].split(".")[0] if words else ""


# ------------------------------------------------------ ptxas and SASS listings


def parse_ptxas_info(stderr):
    """{symbol: {"regs": N, "stack": B, "spill_st": B, "spill_ld": B}} from `ptxas -v`."""
    info, current = {}, None
    for line in stderr.splitlines():
        m = re.search(r"Compiling (?:entry )?function '([^']+)'", line) or re.search(
            r"Function properties for (\S+)", line
        )
        if m:
            current = m.group(1)
            info.setdefault(current, {})
            continue
        if current is None:
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m:
            info[current].update(stack=int(m.group(1)), spill_st=int(m.group(2)), spill_ld=int(m.group(3)))
        m = re.search(r"Used (\d+) registers", line)
        if m:
            info[current]["regs"] = int(m.group(1))
    return info


SASS_INSTR = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+([^;]*?)\s*;")


def trim_sass_padding(instrs, labels_at):
    """Drops the alignment padding after the code: trailing NOPs and the
    branch-to-self that ptxas puts after the last EXIT/RET."""
    while instrs and instrs[-1][1] == "NOP":
        instrs.pop()
    if instrs:
        addr, text = instrs[-1]
        m = re.fullmatch(r"BRA\s+(?:0x([0-9a-f]+)|`\((\S+)\))", text)
        if m and (
            (m.group(1) is not None and int(m.group(1), 16) == int(addr, 16))
            or (m.group(2) is not None and m.group(2) in labels_at.get(addr, ()))
        ):
            instrs.pop()
    return len(instrs)


def parse_sass(listing, kind):
    """{symbol: static instruction count} from `cuobjdump -sass` or `nvdisasm -c`."""
    funcs, current, labels_at, pending = {}, None, {}, []

    def finish():
        if current is not None:
            funcs[current] = trim_sass_padding(funcs[current], labels_at)

    for line in listing.splitlines():
        if kind == "cuobjdump":
            m = re.match(r"\s*Function : (\S+)", line)
        else:
            m = re.match(r"\s*\.section\s+\.text\.([^,\s]+)", line)
        if m:
            finish()
            current, labels_at, pending = m.group(1), {}, []
            funcs[current] = []
            continue
        if current is None:
            continue
        m = re.match(r"^([.$A-Za-z_][\w.$]*):\s*$", line)
        if m:
            pending.append(m.group(1))
            continue
        m = SASS_INSTR.match(line)
        if m:
            addr, text = m.group(1), re.sub(r"\s+", " ", m.group(2).strip())
            labels_at[addr] = pending
            pending = []
            funcs[current].append((addr, text))
    finish()
    return funcs
