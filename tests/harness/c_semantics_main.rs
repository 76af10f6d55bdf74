//! The `c_semantics` test target: `cargo test -p lockstep-tests --test c_semantics`.
//!
//! A differential test of lockstepc's C semantics against gcc. Seeded random
//! programs (expressions over literals of every subset type, and
//! straight-line statement sequences over locals) are compiled twice: by gcc
//! as C11 under UBSan and run, and by `lockstepc -O1 --emit=ir`, whose
//! `canonicalize` folds every printed value down to an `arith.constant`
//! operand of `host.printf`. The constants are rendered the way printf
//! would and compared with gcc's output.
//!
//! Invariants:
//! - Generation is deterministic: trial `N` always produces the same cases
//!   for the same base seed (`LOCKSTEP_CSEM_SEED`, default fixed), so a
//!   failure reproduces by name.
//! - Only programs with defined behaviour are compared: cases where UBSan
//!   fires (signed overflow, division by zero, bad shifts, out-of-range
//!   float→int) or that gcc rejects are dropped before comparison, never
//!   counted as passes.
//! - Each case prints through `printf("eK=...")`, so values are matched by
//!   marker, not by position; a value lockstepc did not fold to a constant is
//!   counted as "not folded" (e.g. an inexact `arith.truncf`, which
//!   upstream MLIR does not fold either), and the run fails unless at least
//!   `MIN_FOLD_PERCENT` of all compared values folded.
//! - Floats are compared by value (bit pattern, NaNs equal regardless of
//!   sign/payload, since x86 and IEEE folding legitimately differ there).
//! - Only constructs whose meaning is the same in C and in C++ (lockstepc
//!   reads CUDA C++) are generated: no `sizeof` of expressions (a character
//!   literal or comparison is `int` in C but `char`/`bool` in C++), no
//!   `++`/`--` on `bool`, and no loops (they do not fold at -O1).
//! - A missing gcc marks the trials ignored with a `SKIPPED:` message, or
//!   fails them when `CI=true` / `LOCKSTEP_REQUIRE_TOOLS=1`.

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use lockstep_tests::tools::{self, ToolCheck, ToolSpec};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

const GCC: ToolSpec = ToolSpec {
    tool: "gcc",
    names: &["gcc", "cc"],
    install: "Debian package gcc",
};

const EXPR_TRIALS: u64 = 40;
const EXPRS_PER_TRIAL: usize = 60;
const STMT_TRIALS: u64 = 20;
const STMT_CASES_PER_TRIAL: usize = 20;
const MIN_FOLD_PERCENT: usize = 90;
const DEFAULT_SEED: u64 = 0x5eed_c5e3;

static COMPARED: AtomicUsize = AtomicUsize::new(0);
static NOT_FOLDED: AtomicUsize = AtomicUsize::new(0);
static DROPPED_UB: AtomicUsize = AtomicUsize::new(0);
static DROPPED_GCC: AtomicUsize = AtomicUsize::new(0);
static GCC_DISAGREES: AtomicUsize = AtomicUsize::new(0);

// ---------------------------------------------------------------------------
// Random generator

/// splitmix64: tiny, seedable, good enough for test generation.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn percent(&mut self, p: u64) -> bool {
        self.below(100) < p
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
}

// ---------------------------------------------------------------------------
// C types, as C11 types them (LP64, plain char signed)

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LLong,
    ULLong,
    SizeT,
    Float,
    Double,
}

const ALL_TYPES: &[Ty] = &[
    Ty::Bool,
    Ty::Char,
    Ty::SChar,
    Ty::UChar,
    Ty::Short,
    Ty::UShort,
    Ty::Int,
    Ty::UInt,
    Ty::Long,
    Ty::ULong,
    Ty::LLong,
    Ty::ULLong,
    Ty::SizeT,
    Ty::Float,
    Ty::Double,
];

/// The types the brief names; literals and variables are drawn from these.
const MAIN_TYPES: &[Ty] = &[
    Ty::Bool,
    Ty::Char,
    Ty::Int,
    Ty::UInt,
    Ty::LLong,
    Ty::ULLong,
    Ty::SizeT,
    Ty::Float,
    Ty::Double,
];

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::Bool => "bool",
            Ty::Char => "char",
            Ty::SChar => "signed char",
            Ty::UChar => "unsigned char",
            Ty::Short => "short",
            Ty::UShort => "unsigned short",
            Ty::Int => "int",
            Ty::UInt => "unsigned",
            Ty::Long => "long",
            Ty::ULong => "unsigned long",
            Ty::LLong => "long long",
            Ty::ULLong => "unsigned long long",
            Ty::SizeT => "size_t",
            Ty::Float => "float",
            Ty::Double => "double",
        }
    }
    fn is_float(self) -> bool {
        matches!(self, Ty::Float | Ty::Double)
    }
    /// (bits, signed, conversion rank) of an integer type.
    fn int_info(self) -> (u32, bool, u32) {
        match self {
            Ty::Bool => (1, false, 0),
            Ty::Char | Ty::SChar => (8, true, 1),
            Ty::UChar => (8, false, 1),
            Ty::Short => (16, true, 2),
            Ty::UShort => (16, false, 2),
            Ty::Int => (32, true, 3),
            Ty::UInt => (32, false, 3),
            Ty::Long => (64, true, 4),
            Ty::ULong | Ty::SizeT => (64, false, 4),
            Ty::LLong => (64, true, 5),
            Ty::ULLong => (64, false, 5),
            Ty::Float | Ty::Double => (0, true, 99),
        }
    }
    fn promoted(self) -> Ty {
        if !self.is_float() && self.int_info().2 < 3 {
            Ty::Int
        } else {
            self
        }
    }
    fn to_unsigned(self) -> Ty {
        match self {
            Ty::Int => Ty::UInt,
            Ty::Long => Ty::ULong,
            Ty::LLong => Ty::ULLong,
            t => t,
        }
    }
    /// The usual arithmetic conversions.
    fn common(a: Ty, b: Ty) -> Ty {
        if a == Ty::Double || b == Ty::Double {
            return Ty::Double;
        }
        if a == Ty::Float || b == Ty::Float {
            return Ty::Float;
        }
        let (a, b) = (a.promoted(), b.promoted());
        let (ab, asg, ar) = a.int_info();
        let (bb, bsg, br) = b.int_info();
        if asg == bsg {
            return if ar >= br { a } else { b };
        }
        let (u, ur, s, sb, sr) = if asg {
            (b, br, a, ab, ar)
        } else {
            (a, ar, b, bb, br)
        };
        let ub = if asg { bb } else { ab };
        if ur >= sr {
            u
        } else if sb > ub {
            s
        } else {
            s.to_unsigned()
        }
    }
    /// The printf conversion for a value of this type (after promotion).
    fn format(self) -> &'static str {
        match self.promoted() {
            Ty::Int => "%d",
            Ty::UInt => "%u",
            Ty::Long | Ty::LLong => "%lld",
            Ty::ULong | Ty::SizeT | Ty::ULLong => "%llu",
            _ => "%.17g",
        }
    }
}

// ---------------------------------------------------------------------------
// Expression and statement generation

struct Gen<'a> {
    rng: &'a mut Rng,
    /// Variables in scope (statement programs only).
    vars: Vec<(String, Ty)>,
}

struct E {
    text: String,
    ty: Ty,
}

impl Gen<'_> {
    fn literal(&mut self, ty: Ty) -> E {
        let r = &mut *self.rng;
        let small = r.below(20);
        let text = match ty {
            Ty::Bool => r.pick(&["true", "false"]).to_string(),
            Ty::Char => {
                // Character literals are `int` in C and `char` in C++; both
                // promote to the same value, so only the cast fixes the type.
                let lit = r.pick(&[
                    "'a'", "'Z'", "'0'", "'\\n'", "'\\t'", "'\\0'", "'\\\\'", "'\\''", "'\\x7f'",
                    "'\\xff'", "'\\x80'", "'\\101'", "' '",
                ]);
                if r.percent(50) {
                    lit.to_string()
                } else {
                    format!("(char){lit}")
                }
            }
            Ty::Int => match r.below(10) {
                0 => r
                    .pick(&[
                        "2147483647",
                        "0x7fffffff",
                        "017",
                        "0x7f",
                        "65535",
                        "46341",
                        "0",
                    ])
                    .to_string(),
                1 => format!("{}", r.below(100_000)),
                _ => format!("{small}"),
            },
            Ty::UInt => match r.below(6) {
                0 => r
                    .pick(&[
                        "0xffffffffu",
                        "4294967295u",
                        "0x80000000",
                        "3000000000u",
                        "0U",
                    ])
                    .to_string(),
                _ => format!("{small}{}", r.pick(&["u", "U"])),
            },
            Ty::LLong => match r.below(6) {
                0 => r
                    .pick(&[
                        "9223372036854775807LL",
                        "5000000000",
                        "0x100000000",
                        "4294967296ll",
                        "1l",
                    ])
                    .to_string(),
                _ => format!("{small}{}", r.pick(&["ll", "LL", "l", "L"])),
            },
            Ty::ULLong => match r.below(6) {
                0 => r
                    .pick(&[
                        "0xffffffffffffffffULL",
                        "18446744073709551615ull",
                        "0x8000000000000000",
                        "4294967296ul",
                    ])
                    .to_string(),
                _ => format!("{small}{}", r.pick(&["ull", "ULL", "ul", "lu"])),
            },
            Ty::SizeT => match r.below(3) {
                0 => format!("sizeof({})", r.pick(ALL_TYPES).name()),
                _ => format!("(size_t){small}"),
            },
            Ty::Float => r
                .pick(&[
                    "1.5f",
                    "0.1f",
                    "3e5f",
                    "1e-3f",
                    "2.5e10f",
                    "0.0f",
                    "3.4028235e38f",
                    "1e-45f",
                    "16777217.0f",
                    "7.0f",
                    "0.33333334f",
                    "100.25f",
                    "2.f",
                ])
                .to_string(),
            Ty::Double => r
                .pick(&[
                    "0.1",
                    "2.5",
                    "1e300",
                    "1e-310",
                    "3.",
                    ".5e-3",
                    "1.7976931348623157e308",
                    "9007199254740993.0",
                    "123.456",
                    "7.0",
                    "0.0",
                    "1e10",
                    "4.9e-324",
                ])
                .to_string(),
            other => format!("({}){small}", other.name()),
        };
        // Literal types per C (character literals are `int`, hex literals
        // may be unsigned or long); the cast-less form matters only for
        // picking the printf conversion.
        let lit_ty = if text.starts_with('\'') {
            Ty::Int
        } else if ty == Ty::UInt && text == "0x80000000" {
            Ty::UInt
        } else if ty == Ty::LLong && !text.to_ascii_lowercase().contains("ll") {
            Ty::Long
        } else if ty == Ty::ULLong
            && (text.ends_with("ul") || text.ends_with("lu") || text == "0x8000000000000000")
        {
            Ty::ULong
        } else {
            ty
        };
        E { text, ty: lit_ty }
    }

    fn leaf(&mut self) -> E {
        if !self.vars.is_empty() && self.rng.percent(60) {
            let (n, t) = self.rng.pick(&self.vars).clone();
            if self.rng.percent(10) {
                return E {
                    text: format!("sizeof({n})"),
                    ty: Ty::SizeT,
                };
            }
            return E { text: n, ty: t };
        }
        let t = *self.rng.pick(MAIN_TYPES);
        self.literal(t)
    }

    fn int_expr(&mut self, depth: u32) -> E {
        let e = self.expr(depth);
        if e.ty.is_float() {
            let t = *self
                .rng
                .pick(&[Ty::Int, Ty::UInt, Ty::LLong, Ty::ULLong, Ty::Char]);
            E {
                text: format!("({})({})", t.name(), e.text),
                ty: t,
            }
        } else {
            e
        }
    }

    /// A shift amount: usually a small literal so that few shifts are UB.
    fn shift_amount(&mut self, depth: u32) -> E {
        if self.rng.percent(70) {
            let n = self.rng.below(34);
            E {
                text: format!("{n}{}", self.rng.pick(&["", "u", "ll"])),
                ty: Ty::Int,
            }
        } else {
            self.int_expr(depth)
        }
    }

    fn expr(&mut self, depth: u32) -> E {
        if depth == 0 || self.rng.percent(15) {
            return self.leaf();
        }
        let d = depth - 1;
        match self.rng.below(16) {
            0..=3 => {
                let op = *self.rng.pick(&["+", "-", "*", "/"]);
                let a = self.expr(d);
                let b = self.expr(d);
                E {
                    text: format!("({} {op} {})", a.text, b.text),
                    ty: Ty::common(a.ty, b.ty),
                }
            }
            4 | 5 => {
                let op = *self.rng.pick(&["%", "&", "|", "^"]);
                let a = self.int_expr(d);
                let b = self.int_expr(d);
                E {
                    text: format!("({} {op} {})", a.text, b.text),
                    ty: Ty::common(a.ty, b.ty),
                }
            }
            6 => {
                let op = *self.rng.pick(&["<<", ">>"]);
                let a = self.int_expr(d);
                let b = self.shift_amount(d);
                E {
                    text: format!("({} {op} {})", a.text, b.text),
                    ty: a.ty.promoted(),
                }
            }
            7 => {
                let op = *self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]);
                let a = self.expr(d);
                let b = self.expr(d);
                E {
                    text: format!("({} {op} {})", a.text, b.text),
                    ty: Ty::Int,
                }
            }
            8 => {
                let op = *self.rng.pick(&["&&", "||"]);
                let a = self.expr(d);
                let b = self.expr(d);
                E {
                    text: format!("({} {op} {})", a.text, b.text),
                    ty: Ty::Int,
                }
            }
            9 => {
                let a = self.expr(d);
                match self.rng.below(4) {
                    0 => E {
                        text: format!("(!{})", a.text),
                        ty: Ty::Int,
                    },
                    1 => E {
                        text: format!("(+{})", a.text),
                        ty: a.ty.promoted(),
                    },
                    2 if !a.ty.is_float() => E {
                        text: format!("(~{})", a.text),
                        ty: a.ty.promoted(),
                    },
                    _ => E {
                        text: format!("(-{})", a.text),
                        ty: a.ty.promoted(),
                    },
                }
            }
            10 => {
                let c = self.expr(d);
                let a = self.expr(d);
                let b = self.expr(d);
                E {
                    text: format!("({} ? {} : {})", c.text, a.text, b.text),
                    ty: Ty::common(a.ty, b.ty),
                }
            }
            11 => {
                let a = self.expr(d);
                let b = self.expr(d);
                E {
                    text: format!("({}, {})", a.text, b.text),
                    ty: b.ty,
                }
            }
            _ => {
                let t = *self.rng.pick(ALL_TYPES);
                let a = self.expr(d);
                E {
                    text: format!("({}){}", t.name(), a.text),
                    ty: t,
                }
            }
        }
    }
}

/// One independently checked unit: source lines inside `main`, and the
/// markers/types of the values it prints.
#[derive(Clone)]
struct Case {
    lines: Vec<String>,
    prints: Vec<(String, Ty)>,
}

fn print_line(marker: &str, ty: Ty, expr: &str) -> String {
    format!("printf(\"{marker}={}\\n\", {expr});", ty.format())
}

fn expr_case(rng: &mut Rng, idx: usize) -> Case {
    let mut g = Gen {
        rng,
        vars: Vec::new(),
    };
    let depth = 1 + g.rng.below(4) as u32;
    let e = g.expr(depth);
    let marker = format!("e{idx}");
    Case {
        lines: vec![print_line(&marker, e.ty, &e.text)],
        prints: vec![(marker, e.ty)],
    }
}

fn stmt_case(rng: &mut Rng, idx: usize) -> Case {
    let mut g = Gen {
        rng,
        vars: Vec::new(),
    };
    let mut lines = vec!["{".to_string()];
    let nvars = 2 + g.rng.below(3) as usize;
    for i in 0..nvars {
        let t = *g.rng.pick(MAIN_TYPES);
        let init = g.expr(2);
        lines.push(format!("  {} v{i} = {};", t.name(), init.text));
        g.vars.push((format!("v{i}"), t));
    }
    let nstmts = 3 + g.rng.below(5);
    for _ in 0..nstmts {
        let s = stmt(&mut g, true);
        lines.push(format!("  {s}"));
    }
    let mut prints = Vec::new();
    for (i, (n, t)) in g.vars.iter().enumerate() {
        let marker = format!("e{idx}_{i}");
        lines.push(format!("  {}", print_line(&marker, *t, n)));
        prints.push((marker, *t));
    }
    lines.push("}".to_string());
    Case { lines, prints }
}

/// A side-effecting statement over the variables of `g`; side effects never
/// touch a variable twice between sequence points.
fn stmt(g: &mut Gen, allow_if: bool) -> String {
    let n = g.vars.len();
    let vi = g.rng.below(n as u64) as usize;
    let (v, vt) = g.vars[vi].clone();
    let others: Vec<(String, Ty)> = g
        .vars
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != vi)
        .map(|(_, x)| x.clone())
        .collect();
    let incdec = |g: &mut Gen, name: &str| -> String {
        match g.rng.below(4) {
            0 => format!("{name}++"),
            1 => format!("{name}--"),
            2 => format!("++{name}"),
            _ => format!("--{name}"),
        }
    };
    let compound = |g: &mut Gen, name: &str, t: Ty| -> String {
        if t.is_float() || g.rng.percent(50) {
            let op = *g.rng.pick(&["+=", "-=", "*=", "/="]);
            let e = g.expr(2);
            format!("{name} {op} {}", e.text)
        } else if g.rng.percent(30) {
            let op = *g.rng.pick(&["<<=", ">>="]);
            let e = g.shift_amount(1);
            format!("{name} {op} {}", e.text)
        } else {
            let op = *g.rng.pick(&["%=", "&=", "|=", "^="]);
            let e = g.int_expr(2);
            format!("{name} {op} {}", e.text)
        }
    };
    match g.rng.below(if allow_if { 8 } else { 6 }) {
        0 | 1 => format!("{};", compound(g, &v, vt)),
        2 if vt != Ty::Bool => format!("{};", incdec(g, &v)),
        3 if vt != Ty::Bool && !others.is_empty() => {
            let (w, _) = g.rng.pick(&others).clone();
            format!("{w} = {};", incdec(g, &v))
        }
        4 => {
            let c = g.expr(2);
            let op = *g.rng.pick(&["&&", "||"]);
            format!("{} {op} ({});", c.text, compound(g, &v, vt))
        }
        5 if others.len() >= 2 => {
            let (w, _) = others[0].clone();
            let (u, ut) = others[1].clone();
            let c = g.expr(2);
            let a = if vt == Ty::Bool {
                format!("({v} = {})", g.expr(1).text)
            } else {
                incdec(g, &v)
            };
            let b = if ut == Ty::Bool {
                format!("({u} = {})", g.expr(1).text)
            } else {
                incdec(g, &u)
            };
            format!("{w} = {} ? {a} : {b};", c.text)
        }
        6 | 7 => {
            let c = g.expr(2);
            let a = stmt(g, false);
            let b = stmt(g, false);
            if g.rng.percent(30) {
                format!("if ({}) {{ {a} }}", c.text)
            } else {
                format!("if ({}) {a} else {{ {b} }}", c.text)
            }
        }
        _ => {
            let e = g.expr(2);
            if !others.is_empty() && g.rng.percent(40) {
                let (w, _) = g.rng.pick(&others).clone();
                let f = g.expr(1);
                format!("{w} = ({v} = {}, {});", e.text, f.text)
            } else {
                format!("{v} = {};", e.text)
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Programs

/// The source of `cases` and, per source line (1-based index), the case it
/// belongs to.
fn render(cases: &[(usize, Case)]) -> (String, Vec<Option<usize>>) {
    let mut src = String::new();
    let mut owner = vec![None];
    let mut push = |src: &mut String, line: &str, who: Option<usize>| {
        src.push_str(line);
        src.push('\n');
        owner.push(who);
    };
    for l in [
        "#include <stdio.h>",
        "#include <stddef.h>",
        "#include <stdbool.h>",
        "int main() {",
    ] {
        push(&mut src, l, None);
    }
    for (id, c) in cases {
        for l in &c.lines {
            push(&mut src, &format!("  {l}"), Some(*id));
        }
    }
    push(&mut src, "  return 0;", None);
    push(&mut src, "}", None);
    (src, owner)
}

/// Cases named by `file:LINE:COL: <kind>` lines of a tool's stderr.
fn cases_at(stderr: &str, kinds: &[&str], owner: &[Option<usize>]) -> Vec<usize> {
    let mut out = Vec::new();
    for l in stderr.lines() {
        if !kinds.iter().any(|k| l.contains(k)) {
            continue;
        }
        let mut parts = l.split(':');
        let _file = parts.next();
        if let Some(Ok(line)) = parts.next().map(|s| s.trim().parse::<usize>())
            && let Some(Some(id)) = owner.get(line)
            && !out.contains(id)
        {
            out.push(*id);
        }
    }
    out
}

struct Tools {
    gcc: PathBuf,
    /// The tiebreaker when gcc and lockstepc disagree (gcc has bugs too).
    clang: Option<PathBuf>,
    lockstepc: PathBuf,
}

/// Forced on the C compiler only (`-include`): unbuffered stdout, so a
/// crash the sanitizer misses still shows which cases completed.
const UNBUFFERED_H: &str = "#include <stdio.h>\n__attribute__((constructor)) static void csem_unbuffered(void) { setvbuf(stdout, NULL, _IONBF, 0); }\n";

fn run(cmd: &mut Command) -> Result<std::process::Output, Failed> {
    cmd.output()
        .map_err(|e| format!("cannot run {cmd:?}: {e}").into())
}

/// Compiles with gcc (UBSan; `recover` keeps running after a report) and
/// runs; returns (compiled, exit ok, stdout, stderr).
fn gcc_run(
    cc: &Path,
    dir: &Path,
    src: &str,
    recover: bool,
) -> Result<(bool, bool, String, String), Failed> {
    let file = dir.join("case.cu");
    let exe = dir.join("case.bin");
    let header = dir.join("unbuffered.h");
    std::fs::write(&file, src).map_err(|e| format!("{}: {e}", file.display()))?;
    std::fs::write(&header, UNBUFFERED_H).map_err(|e| format!("{}: {e}", header.display()))?;
    let mut cmd = Command::new(cc);
    cmd.args([
        "-x",
        "c",
        "-std=c11",
        "-w",
        "-O0",
        "-fno-fast-math",
        "-ffp-contract=off",
    ])
    .arg("-include")
    .arg(&header)
    .arg("-fsanitize=undefined,float-cast-overflow")
    .arg(if recover {
        "-fsanitize-recover=all"
    } else {
        "-fno-sanitize-recover=all"
    })
    .arg("-o")
    .arg(&exe)
    .arg(&file);
    let out = run(&mut cmd)?;
    if !out.status.success() {
        return Ok((
            false,
            false,
            String::new(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        ));
    }
    let out = run(Command::new(&exe).env("UBSAN_OPTIONS", "print_stacktrace=0"))?;
    Ok((
        true,
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

fn lockstepc_ir(tools: &Tools, dir: &Path, src: &str) -> Result<(bool, String, String), Failed> {
    let file = dir.join("case.cu");
    std::fs::write(&file, src).map_err(|e| format!("{}: {e}", file.display()))?;
    let out = run(Command::new(&tools.lockstepc)
        .args(["-O1", "--emit=ir"])
        .arg(&file))?;
    Ok((
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

// ---------------------------------------------------------------------------
// Reading lockstepc's IR

/// An `arith.constant` as printed: value text and type.
struct Const {
    value: String,
    ty: String,
}

/// marker → (conversion, Some(constant) or None if the operand is not one).
fn parse_ir(ir: &str) -> HashMap<String, (String, Option<Const>)> {
    let mut consts: HashMap<String, Const> = HashMap::new();
    let mut out = HashMap::new();
    for line in ir.lines() {
        let l = line.trim();
        if let Some((name, rest)) = l.split_once(" = arith.constant ") {
            if let Some((value, ty)) = rest.rsplit_once(" : ") {
                consts.insert(
                    name.to_string(),
                    Const {
                        value: value.trim().to_string(),
                        ty: ty.trim().to_string(),
                    },
                );
            }
            continue;
        }
        let Some(rest) = l.strip_prefix("host.printf \"") else {
            continue;
        };
        let Some((fmt, args)) = rest.split_once('"') else {
            continue;
        };
        let Some((marker, conv)) = fmt.split_once('=') else {
            continue;
        };
        let conv = conv.trim_end_matches("\\0A").to_string();
        let operand = args
            .trim_start_matches(',')
            .split(':')
            .next()
            .unwrap_or("")
            .trim()
            .to_string();
        let c = consts.remove(&operand).map(|c| {
            // Constants may be used twice (CSE); keep them available.
            let copy = Const {
                value: c.value.clone(),
                ty: c.ty.clone(),
            };
            consts.insert(operand.clone(), c);
            copy
        });
        out.insert(marker.to_string(), (conv, c));
    }
    out
}

fn parse_int(s: &str) -> Option<i128> {
    match s {
        "true" => Some(1),
        "false" => Some(0),
        _ => s.parse().ok(),
    }
}

fn parse_float_const(c: &Const) -> Option<f64> {
    if let Some(hex) = c.value.strip_prefix("0x") {
        let bits = u64::from_str_radix(hex, 16).ok()?;
        return Some(match c.ty.as_str() {
            "f32" => f32::from_bits(bits as u32) as f64,
            _ => f64::from_bits(bits),
        });
    }
    c.value.parse().ok()
}

fn parse_c_float(s: &str) -> Option<f64> {
    match s.trim() {
        "inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        "nan" | "-nan" => Some(f64::NAN),
        t => t.parse().ok(),
    }
}

/// Whether lockstepc's constant, printed with `conv`, gives gcc's text.
fn same_value(conv: &str, c: &Const, gcc: &str) -> Result<bool, String> {
    let bad = || format!("cannot read constant `{} : {}`", c.value, c.ty);
    let mine = match conv {
        "%d" => (parse_int(&c.value).ok_or_else(bad)? as i32).to_string(),
        "%u" => (parse_int(&c.value).ok_or_else(bad)? as u32).to_string(),
        "%lld" => (parse_int(&c.value).ok_or_else(bad)? as i64).to_string(),
        "%llu" => (parse_int(&c.value).ok_or_else(bad)? as u64).to_string(),
        "%.17g" => {
            let a = parse_float_const(c).ok_or_else(bad)?;
            let b = parse_c_float(gcc).ok_or_else(|| format!("cannot read gcc's `{gcc}`"))?;
            return Ok((a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits());
        }
        other => return Err(format!("unexpected conversion `{other}`")),
    };
    Ok(mine == gcc.trim())
}

// ---------------------------------------------------------------------------
// A trial

fn scratch_dir(name: &str) -> Result<PathBuf, Failed> {
    let dir = std::env::temp_dir().join(format!("lockstep-csem-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

fn base_seed() -> u64 {
    std::env::var("LOCKSTEP_CSEM_SEED")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(DEFAULT_SEED)
}

fn trial(tools: &Tools, name: &str, cases: Vec<Case>) -> Result<(), Failed> {
    let dir = scratch_dir(name)?;
    let result = check_cases(tools, &dir, cases);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn check_cases(tools: &Tools, dir: &Path, cases: Vec<Case>) -> Result<(), Failed> {
    let mut live: Vec<(usize, Case)> = cases.into_iter().enumerate().collect();
    let mut failures: Vec<String> = Vec::new();
    // Drop what gcc rejects or UBSan reports; the recovering build finds all
    // reports in one run, the non-recovering one confirms the rest is clean.
    let mut rounds = 0;
    let gcc_out = loop {
        rounds += 1;
        if rounds > 40 || live.is_empty() {
            return Err(format!("no usable cases left after {rounds} rounds").into());
        }
        let (src, owner) = render(&live);
        let recover = rounds == 1;
        let (compiled, ok, stdout, stderr) = gcc_run(&tools.gcc, dir, &src, recover)?;
        let (kind, counter) = if !compiled {
            // gcc 12 has an internal compiler error on some comma/ternary
            // mixes; that is gcc rejecting the case, not lockstepc's fault.
            (
                &[": error:", ": internal compiler error:"][..],
                &DROPPED_GCC,
            )
        } else {
            (&[": runtime error:"][..], &DROPPED_UB)
        };
        let mut bad = cases_at(&stderr, kind, &owner);
        if compiled && ok && bad.is_empty() {
            break stdout;
        }
        if compiled && !ok && bad.is_empty() {
            // A crash UBSan did not report (gcc misses e.g. some unsigned
            // `%` by zero): the first case that did not finish printing.
            bad.extend(
                live.iter()
                    .find(|(_, c)| {
                        c.prints
                            .iter()
                            .any(|(m, _)| !stdout.lines().any(|l| l.starts_with(&format!("{m}="))))
                    })
                    .map(|(id, _)| *id),
            );
        }
        if bad.is_empty() {
            return Err(format!(
                "gcc {} without naming a case line:\n{src}\n{stderr}",
                if compiled {
                    "run failed"
                } else {
                    "rejected the program"
                }
            )
            .into());
        }
        counter.fetch_add(bad.len(), Ordering::Relaxed);
        live.retain(|(id, _)| !bad.contains(id));
    };
    let gcc_vals: HashMap<&str, &str> = gcc_out.lines().filter_map(|l| l.split_once('=')).collect();

    // lockstepc must accept everything gcc accepts; a rejection is a
    // failure, but the other cases are still checked.
    let ir = loop {
        let (src, owner) = render(&live);
        let (ok, ir, stderr) = lockstepc_ir(tools, dir, &src)?;
        if ok {
            break ir;
        }
        let bad = cases_at(&stderr, &[": error:"], &owner);
        if bad.is_empty() {
            return Err(format!("lockstepc failed:\n{src}\n{stderr}").into());
        }
        for id in &bad {
            if let Some((_, c)) = live.iter().find(|(i, _)| i == id) {
                failures.push(format!(
                    "lockstepc rejected a case gcc accepts:\n{}\n{stderr}",
                    c.lines.join("\n")
                ));
            }
        }
        live.retain(|(id, _)| !bad.contains(id));
        if live.is_empty() {
            return Err(failures.join("\n\n").into());
        }
    };
    let got = parse_ir(&ir);

    let (mut compared, mut not_folded) = (0usize, 0usize);
    let mut mismatched: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (id, case) in &live {
        for (marker, ty) in &case.prints {
            let Some(g) = gcc_vals.get(marker.as_str()) else {
                failures.push(format!("gcc printed no `{marker}`"));
                continue;
            };
            compared += 1;
            match got.get(marker) {
                None => failures.push(format!("no host.printf for `{marker}` in the IR")),
                Some((_, None)) => {
                    not_folded += 1;
                    if std::env::var_os("LOCKSTEP_CSEM_VERBOSE").is_some() {
                        eprintln!("not folded: `{marker}` of\n{}", case.lines.join("\n"));
                    }
                }
                Some((conv, Some(c))) => {
                    if conv != ty.format() {
                        failures.push(format!(
                            "`{marker}`: format became `{conv}`, expected `{}`",
                            ty.format()
                        ));
                    }
                    match same_value(conv, c, g) {
                        Ok(true) => {}
                        Ok(false) => mismatched.entry(*id).or_default().push(format!(
                            "`{marker}`: gcc printed {g}, lockstepc folded to `{} : {}`",
                            c.value, c.ty
                        )),
                        Err(e) => failures.push(format!("`{marker}`: {e}")),
                    }
                }
            }
        }
    }
    COMPARED.fetch_add(compared, Ordering::Relaxed);
    NOT_FOLDED.fetch_add(not_folded, Ordering::Relaxed);

    for (id, what) in &mismatched {
        let Some((_, case)) = live.iter().find(|(i, _)| i == id) else {
            continue;
        };
        // The minimal program: just this case, with both compilers' views.
        let one = vec![(*id, case.clone())];
        let (src, _) = render(&one);
        let gcc_text = gcc_run(&tools.gcc, dir, &src, false)
            .map(|(_, _, out, err)| format!("{out}{err}"))
            .unwrap_or_else(|e| format!("{e:?}"));
        // gcc is not infallible: when clang agrees with lockstepc on every
        // disputed value, it is reported as a gcc disagreement, not a failure.
        let clang_text = match &tools.clang {
            Some(clang) => gcc_run(clang, dir, &src, false)
                .map(|(_, _, out, err)| format!("{out}{err}"))
                .unwrap_or_else(|e| format!("{e:?}")),
            None => String::new(),
        };
        let clang_vals: HashMap<&str, &str> = clang_text
            .lines()
            .filter_map(|l| l.split_once('='))
            .collect();
        let clang_agrees = !clang_text.is_empty()
            && case
                .prints
                .iter()
                .all(|(m, _)| match (clang_vals.get(m.as_str()), got.get(m)) {
                    (Some(v), Some((conv, Some(c)))) => same_value(conv, c, v) == Ok(true),
                    _ => false,
                });
        if clang_agrees {
            GCC_DISAGREES.fetch_add(1, Ordering::Relaxed);
            eprintln!(
                "note: gcc disagrees with lockstepc and clang (a gcc bug?): {}\n--- program ---\n{src}--- gcc output ---\n{gcc_text}--- clang output ---\n{clang_text}",
                what.join("; ")
            );
            continue;
        }
        let ir_text = lockstepc_ir(tools, dir, &src)
            .map(|(_, ir, err)| format!("{ir}{err}"))
            .unwrap_or_else(|e| format!("{e:?}"));
        failures.push(format!(
            "MISMATCH: {}\n--- program ---\n{src}--- gcc output ---\n{gcc_text}--- lockstepc -O1 --emit=ir ---\n{ir_text}",
            what.join("; ")
        ));
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n\n").into())
    }
}

fn gate(tools: &Result<Tools, ToolCheck>) -> Result<&Tools, Result<Completion, Failed>> {
    match tools {
        Ok(t) => Ok(t),
        Err(ToolCheck::Skip(msg)) => {
            eprintln!("{msg}");
            Err(Ok(Completion::ignored_with(msg.clone())))
        }
        Err(ToolCheck::Fail(msg)) => Err(Err(msg.clone().into())),
        Err(ToolCheck::Found(_)) => Err(Err("unreachable tool state".into())),
    }
}

fn find_tools() -> Result<Tools, ToolCheck> {
    let gcc = match tools::check_tool(&GCC) {
        ToolCheck::Found(p) => p,
        other => return Err(other),
    };
    let config = lockstep_tests::lit::Config::for_test_target(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_lockstep-filecheck"),
    );
    let lockstepc = config.bin_dir.join("lockstepc");
    if !lockstepc.is_file() {
        return Err(ToolCheck::Fail(format!(
            "{} not found: build it first with `cargo build --bins` (same CARGO_TARGET_DIR)",
            lockstepc.display()
        )));
    }
    let clang = tools::find_tool(&["clang-22", "clang"]);
    Ok(Tools {
        gcc,
        clang,
        lockstepc,
    })
}

fn main() {
    let args = Arguments::from_args();
    let tools = std::sync::Arc::new(find_tools());
    let seed = base_seed();
    let mut trials = vec![Trial::test("c_semantics::type_model", || {
        // The generator's C typing decides the printf conversions; check it
        // on the cases that differ between naive and C11 rules.
        let cases = [
            (Ty::Char, Ty::Bool, Ty::Int),
            (Ty::Int, Ty::UInt, Ty::UInt),
            (Ty::UInt, Ty::LLong, Ty::LLong),
            (Ty::LLong, Ty::SizeT, Ty::ULLong),
            (Ty::UShort, Ty::Short, Ty::Int),
            (Ty::ULLong, Ty::Float, Ty::Float),
            (Ty::Float, Ty::Double, Ty::Double),
        ];
        for (a, b, want) in cases {
            let got = Ty::common(a, b);
            if got.format() != want.format() {
                return Err(format!("common({a:?}, {b:?}) = {got:?}, want {want:?}").into());
            }
        }
        Ok(())
    })];
    for (kind, count, per) in [
        ("expr", EXPR_TRIALS, EXPRS_PER_TRIAL),
        ("stmt", STMT_TRIALS, STMT_CASES_PER_TRIAL),
    ] {
        for n in 0..count {
            let tools = tools.clone();
            let name = format!("c_semantics::{kind}::{n:02}");
            let tag = format!("{kind}-{n}");
            trials.push(Trial::ignorable_test(name, move || {
                let t = match gate(&tools) {
                    Ok(t) => t,
                    Err(done) => return done,
                };
                let mut rng =
                    Rng(seed ^ (n + 1).wrapping_mul(0x1000_0000_01b3) ^ kind.len() as u64);
                let cases: Vec<Case> = (0..per)
                    .map(|i| {
                        if kind == "expr" {
                            expr_case(&mut rng, i)
                        } else {
                            stmt_case(&mut rng, i)
                        }
                    })
                    .collect();
                trial(t, &tag, cases).map(|()| Completion::Completed)
            }));
        }
    }
    let conclusion = libtest_mimic::run(&args, trials);
    let compared = COMPARED.load(Ordering::Relaxed);
    if compared > 0 {
        let nf = NOT_FOLDED.load(Ordering::Relaxed);
        let mut s = String::new();
        let _ = write!(
            s,
            "c_semantics: {compared} values compared with gcc, {} folded, {nf} not folded; dropped {} cases for UB, {} rejected by gcc; {} cases where gcc alone disagreed (clang sided with lockstepc)",
            compared - nf,
            DROPPED_UB.load(Ordering::Relaxed),
            DROPPED_GCC.load(Ordering::Relaxed),
            GCC_DISAGREES.load(Ordering::Relaxed)
        );
        eprintln!("{s}");
        // Below this many values one trial's luck decides; the check is
        // about the whole run testing something, not about a sample.
        let folded = compared - nf;
        if compared >= 200 && folded * 100 < compared * MIN_FOLD_PERCENT {
            eprintln!(
                "c_semantics: FAILED: only {folded} of {compared} values folded to constants (need {MIN_FOLD_PERCENT}%): the test is not testing lockstepc's semantics"
            );
            std::process::exit(101);
        }
    }
    conclusion.exit()
}
