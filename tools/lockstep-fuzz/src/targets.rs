//! The fuzz targets: one input through the libraries a lockstep tool uses,
//! in-process, ending in an [`Outcome`].
//!
//! - `ir`: lockstep-opt's path: `--split-input-file`'s chunks if the input
//!   has markers (`--allow-unregistered-dialect` if the input mentions it,
//!   as the lit tests' RUN lines do), parse, verify, a small pipeline (canonicalize, cse and
//!   code motion on device kernels), print; then checks that lockstep-opt's
//!   own output verifies and parses back.
//! - `cuda`: lockstepc's path: front end, verifier, the `-O3` pipeline,
//!   PTX code generation; then checks that the IR after the pipeline
//!   verifies and the PTX reads back with lockstep's PTX reader.
//! - `ptx`: lockstep-run `--device-ptx`'s path below the host program: the
//!   PTX reader, the simulator's decode, and every kernel (up to four) run
//!   on two small CTAs with small buffers and a small instruction budget.
//! - `ptx-import`: the PTX-to-PTX optimizer's path (`lockstepc FILE.ptx
//!   -O3 --emit=ptx`): the PTX importer, the verifier (a raised module that
//!   does not verify is internal), the `-O3` pipeline, PTX code generation;
//!   then checks that the written PTX reads back.
//! - `selftest` (hidden): answers to markers in the input (`PANIC`, `HANG`,
//!   `ABORT`, `OVERFLOW`, `OOM`, `UNLOCATED`, `LOCATED`), so the supervisor's detection of
//!   each failure kind is tested for real.
//!
//! Invariants:
//! - A target never prints: diagnostics are rendered into the outcome's
//!   message exactly as the tool would print them.
//! - An error counts as located only when every error diagnostic has a
//!   `file:line:col` position with line and column >= 1 (a position in
//!   another file is accepted: IR may name its source in `loc(...)`).
//! - Before each stage a target calls `stage`, so a hang is reported with
//!   the stage it happened in.

use lockstep_ir::verify::{VerifyOptions, verify_first_errors};
use lockstep_ir::{Context, Diagnostic, OpId, PrintOptions, Severity, SourceFile, SourceMgr};
use lockstep_opt::split::split_input;
use lockstep_pass::{PassManager, PassRegistry};

/// The targets the command line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    Ir,
    Cuda,
    Ptx,
    PtxImport,
    /// Hidden: for the supervisor's own tests.
    SelfTest,
}

impl Target {
    pub const PUBLIC: [Target; 4] = [Target::Ir, Target::Cuda, Target::Ptx, Target::PtxImport];

    pub fn name(self) -> &'static str {
        match self {
            Target::Ir => "ir",
            Target::Cuda => "cuda",
            Target::Ptx => "ptx",
            Target::PtxImport => "ptx-import",
            Target::SelfTest => "selftest",
        }
    }

    pub fn parse(s: &str) -> Option<Target> {
        [
            Target::Ir,
            Target::Cuda,
            Target::Ptx,
            Target::PtxImport,
            Target::SelfTest,
        ]
        .into_iter()
        .find(|t| t.name() == s)
    }

    /// The file name diagnostics about an input use.
    pub fn input_name(self) -> &'static str {
        match self {
            Target::Ir => "input.mlir",
            Target::Cuda => "input.cu",
            Target::Ptx | Target::PtxImport => "input.ptx",
            Target::SelfTest => "input.txt",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Target::Ir => "mlir",
            Target::Cuda => "cu",
            Target::Ptx | Target::PtxImport => "ptx",
            Target::SelfTest => "input",
        }
    }
}

/// How one input ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Accepted and processed to the end.
    Ok,
    /// Refused with located error diagnostics.
    Located,
    /// A simulated device fault at a PTX line (the program's own undefined
    /// behaviour or budget; lockstep-run's exit status 2).
    Fault,
    /// An error without a usable location.
    Unlocated,
    /// A checked invariant broke: the front end's or a pipeline's IR does
    /// not verify, printed IR does not parse back, lockstep's own PTX does
    /// not read back.
    Internal,
    /// A Rust panic (caught).
    Panic,
    /// No result within the timeout; the worker was killed.
    Hang,
    /// The worker died (signal, stack overflow, out of memory).
    Abort,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::Ok,
        Kind::Located,
        Kind::Fault,
        Kind::Unlocated,
        Kind::Internal,
        Kind::Panic,
        Kind::Hang,
        Kind::Abort,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Ok => "ok",
            Kind::Located => "located",
            Kind::Fault => "fault",
            Kind::Unlocated => "unlocated",
            Kind::Internal => "internal",
            Kind::Panic => "panic",
            Kind::Hang => "hang",
            Kind::Abort => "abort",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// A kind that is a bug in lockstep (the fuzz loop's failures).
    pub fn is_bad(self) -> bool {
        matches!(
            self,
            Kind::Unlocated | Kind::Internal | Kind::Panic | Kind::Hang | Kind::Abort
        )
    }
}

/// The end of one input: its kind and the message the tool would print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub kind: Kind,
    pub message: String,
}

impl Outcome {
    fn ok() -> Outcome {
        Outcome {
            kind: Kind::Ok,
            message: String::new(),
        }
    }

    fn new(kind: Kind, message: impl Into<String>) -> Outcome {
        Outcome {
            kind,
            message: message.into(),
        }
    }
}

/// Runs `input` through `target`; `stage` is told each stage's name first.
pub fn run(target: Target, input: &[u8], stage: &mut dyn FnMut(&str)) -> Outcome {
    // Every tool reads its input this way (invalid UTF-8 becomes U+FFFD).
    let text = String::from_utf8_lossy(input);
    match target {
        Target::Ir => run_ir(&text, stage),
        Target::Cuda => run_cuda(&text, stage),
        Target::Ptx => run_ptx(&text, stage),
        Target::PtxImport => run_compiler(
            &text,
            stage,
            Target::PtxImport,
            "PTX import",
            lockstep_ptx_import::import_ptx,
        ),
        Target::SelfTest => run_selftest(&text, stage),
    }
}

/// Classifies the diagnostics of a failed step: located when every error
/// has a position, else unlocated; the message is the rendered text.
fn diagnosed(ctx: &Context, sources: &SourceMgr, name: &str, ds: &[Diagnostic]) -> Outcome {
    diagnosed_in(ctx, sources, name, ds, false)
}

/// [`diagnosed`], where `unknown_allowed` (the input itself wrote
/// `loc(unknown)`) accepts an error at an unknown location: the tool
/// honours the location it was given, as mlir-opt does.
fn diagnosed_in(
    ctx: &Context,
    sources: &SourceMgr,
    name: &str,
    ds: &[Diagnostic],
    unknown_allowed: bool,
) -> Outcome {
    let mut text = String::new();
    for d in ds {
        text.push_str(&sources.render(ctx.uniquer(), d));
    }
    let located = |d: &Diagnostic| match lockstep_ir::diag::file_line_col(ctx.uniquer(), d.loc) {
        Some((f, line, col)) => ctx.str(f) != name || (line >= 1 && col >= 1),
        None => unknown_allowed,
    };
    let errors: Vec<&Diagnostic> = ds
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    if errors.is_empty() {
        return Outcome::new(
            Kind::Unlocated,
            format!("failed without an error diagnostic\n{text}"),
        );
    }
    match errors.iter().find(|d| !located(d)) {
        Some(d) => Outcome::new(Kind::Unlocated, format!("unlocated: {}\n{text}", d.message)),
        None => Outcome::new(Kind::Located, text),
    }
}

fn verifier(ctx: &Context, op: OpId) -> Result<(), Vec<Diagnostic>> {
    verify_first_errors(
        ctx,
        op,
        VerifyOptions {
            print_op_on_diagnostic: true,
        },
    )
}

/// The `ir` target's pipeline: what lockstep-opt runs for
/// `-p 'builtin.module(func.func(canonicalize,cse),device.module(...))'`.
pub const IR_PIPELINE: &str = "builtin.module(func.func(canonicalize,cse),device.module(device.kernel(canonicalize,cse,sscm,ssrqp,canonicalize),device.func(canonicalize,cse)))";

fn pass_manager(pipeline: &str, registry: &PassRegistry) -> Result<PassManager, Outcome> {
    let mut pm = PassManager::parse(pipeline, registry)
        .map_err(|e| Outcome::new(Kind::Internal, format!("pipeline does not parse: {e}")))?;
    // The harness checks the result itself; one thread per worker.
    pm.verify_each = false;
    pm.threading = false;
    pm.verifier = verifier;
    Ok(pm)
}

fn run_ir(text: &str, stage: &mut dyn FnMut(&str)) -> Outcome {
    let name = Target::Ir.input_name();
    let registry = lockstep_registry::new_registry();
    let mut pm = match pass_manager(IR_PIPELINE, &registry) {
        Ok(pm) => pm,
        Err(o) => return o,
    };
    stage("split");
    let chunks = split_input(text, "// -----");
    let mut result = Outcome::ok();
    // Like the lit tests the seeds come from: a RUN line asking for
    // unregistered dialects (kept by most mutants) allows them.
    let unregistered = text.contains("--allow-unregistered-dialect");
    let unknown_written = writes_unknown_loc(text);
    for chunk in &chunks {
        let mut ctx = lockstep_registry::new_context(unregistered);
        let mut sources = SourceMgr::default();
        sources.add(SourceFile::new(ctx.sym(name), text.to_string(), 1));
        stage("parse");
        let m = match chunk.parse(&mut ctx, name) {
            Ok(m) => m,
            Err(d) => {
                result = worst(
                    result,
                    diagnosed_in(&ctx, &sources, name, &[d], unknown_written),
                );
                continue;
            }
        };
        let m = match chunk.start {
            Some((line, col)) => {
                lockstep_opt::driver::relocate_implicit_module(&mut ctx, m, name, line, col)
            }
            None => m,
        };
        stage("verify");
        if let Err(ds) = verifier(&ctx, m) {
            result = worst(
                result,
                diagnosed_in(&ctx, &sources, name, &ds, unknown_written),
            );
            continue;
        }
        stage("pipeline");
        let r = pm.run(&mut ctx, m);
        if r.failed {
            result = worst(
                result,
                diagnosed_in(&ctx, &sources, name, &r.diagnostics, unknown_written),
            );
            continue;
        }
        stage("verify after the pipeline");
        if let Err(ds) = verifier(&ctx, m) {
            let o = diagnosed_in(&ctx, &sources, name, &ds, unknown_written);
            result = worst(
                result,
                Outcome::new(
                    Kind::Internal,
                    format!("the pipeline's output does not verify:\n{}", o.message),
                ),
            );
            continue;
        }
        stage("print");
        let printed = lockstep_ir::print_op(&ctx, m, PrintOptions::default());
        stage("parse the output");
        let mut again = lockstep_registry::new_context(unregistered);
        if let Err(d) = lockstep_ir::parse_source(&mut again, "output.mlir", &printed, 1) {
            let mut out_sources = SourceMgr::default();
            out_sources.add(SourceFile::new(
                again.sym("output.mlir"),
                printed.clone(),
                1,
            ));
            let msg = out_sources.render(again.uniquer(), &d);
            result = worst(
                result,
                Outcome::new(
                    Kind::Internal,
                    format!("lockstep-opt's output does not parse back:\n{msg}"),
                ),
            );
        }
        // The process ends soon; freeing op by op is not what is tested.
        std::mem::forget(again);
    }
    result
}

/// Whether IR text spells an unknown location (`loc(unknown)`, also inside
/// `fused[...]`, `callsite(...)` or an alias): the word `unknown` outside
/// comments and strings.
fn writes_unknown_loc(text: &str) -> bool {
    use crate::lex::{Class, Lang, lex};
    lex(Lang::Ir, text.as_bytes()).iter().any(|t| {
        t.class != Class::Comment
            && t.class != Class::Str
            && &text.as_bytes()[t.start..t.end] == b"unknown"
    })
}

/// The more interesting of two outcomes (a bug over an error over success).
fn worst(a: Outcome, b: Outcome) -> Outcome {
    if b.kind > a.kind { b } else { a }
}

fn run_cuda(text: &str, stage: &mut dyn FnMut(&str)) -> Outcome {
    run_compiler(
        text,
        stage,
        Target::Cuda,
        "front end",
        lockstep_frontend::compile,
    )
}

/// A compiler driver's path from `build` (the front end or the PTX
/// importer) through the `-O3` pipeline to PTX that must read back.
fn run_compiler(
    text: &str,
    stage: &mut dyn FnMut(&str),
    target: Target,
    what: &str,
    build: fn(&mut Context, &str, &str) -> Result<OpId, Diagnostic>,
) -> Outcome {
    let name = target.input_name();
    let registry = lockstep_registry::new_registry();
    let pipeline = lockstep_opt::levels::optimization_pipeline(3, None, None).unwrap_or_default();
    let mut pm = match pass_manager(&pipeline, &registry) {
        Ok(pm) => pm,
        Err(o) => return o,
    };
    let mut ctx = lockstep_registry::new_context(false);
    let mut sources = SourceMgr::default();
    sources.add(SourceFile::new(ctx.sym(name), text.to_string(), 1));
    stage(what);
    let m = match build(&mut ctx, name, text) {
        Ok(m) => m,
        Err(d) => return diagnosed(&ctx, &sources, name, &[d]),
    };
    stage("verify");
    if let Err(ds) = verifier(&ctx, m) {
        let o = diagnosed(&ctx, &sources, name, &ds);
        return Outcome::new(
            Kind::Internal,
            format!(
                "the {what} produced IR that does not verify:\n{}",
                o.message
            ),
        );
    }
    stage("-O3 pipeline");
    let r = pm.run(&mut ctx, m);
    if r.failed {
        return diagnosed(&ctx, &sources, name, &r.diagnostics);
    }
    stage("verify after -O3");
    if let Err(ds) = verifier(&ctx, m) {
        let o = diagnosed(&ctx, &sources, name, &ds);
        return Outcome::new(
            Kind::Internal,
            format!("the -O3 pipeline's output does not verify:\n{}", o.message),
        );
    }
    stage("PTX codegen");
    let opts = lockstep_codegen::pipeline::PtxOptions {
        sm: "sm_80".into(),
        debug_info: false,
    };
    let ptx = match lockstep_codegen::pipeline::compile_to_ptx(&mut ctx, m, &opts) {
        Ok(p) => p,
        Err(d) => return diagnosed(&ctx, &sources, name, &[d]),
    };
    stage("read the PTX back");
    if !ptx.trim().is_empty()
        && let Err(e) = lockstep_ptx_reader::read_ptx("output.ptx", &ptx)
    {
        return Outcome::new(
            Kind::Internal,
            format!("lockstep's PTX does not read back:\n{e}"),
        );
    }
    std::mem::forget(ctx);
    Outcome::ok()
}

/// The instruction budget of one launch in the `ptx` target: small, so a
/// looping kernel ends in a budget fault quickly.
pub const PTX_BUDGET: u64 = 40_000;

fn run_ptx(text: &str, stage: &mut dyn FnMut(&str)) -> Outcome {
    use lockstep_sim::{Device, SimConfig};
    let name = Target::Ptx.input_name();
    stage("read");
    let located = |e: lockstep_ptx_reader::PtxError| {
        let kind = if e.file == name && e.line >= 1 && e.col >= 1 {
            Kind::Located
        } else {
            Kind::Unlocated
        };
        Outcome::new(kind, e.to_string())
    };
    // The reader alone first, for the kernels' parameters; then the
    // simulator's own loading (limits located at their declaration, then
    // decode), as lockstep-run loads PTX.
    let module = match lockstep_ptx_reader::read_ptx(name, text) {
        Ok(m) => m,
        Err(e) => return located(e),
    };
    let kernels: Vec<(String, Vec<u32>)> = module
        .kernels
        .iter()
        .take(4)
        .map(|k| (k.name.clone(), k.params.iter().map(|p| p.size).collect()))
        .collect();
    drop(module);
    stage("load and decode");
    let mut dev = Device::new(SimConfig {
        max_warp_insts: PTX_BUDGET,
        threads: 1,
        ..SimConfig::default()
    });
    let id = match dev.load_ptx(name, text) {
        Ok(id) => id,
        Err(e) => return located(e),
    };
    let mut result = Outcome::ok();
    for (kernel, sizes) in kernels {
        stage("launch");
        let mut params = Vec::new();
        for size in sizes {
            // Pointers (8 bytes) get a 4 KiB zeroed buffer; 4-byte values a
            // small count; anything else zero bytes.
            let bytes = match size {
                8 => match dev.alloc(4096) {
                    Ok(addr) => addr.to_le_bytes().to_vec(),
                    Err(f) => return Outcome::new(Kind::Internal, format!("alloc: {f}")),
                },
                4 => 64u32.to_le_bytes().to_vec(),
                n => vec![0; n as usize],
            };
            params.push(bytes);
        }
        match dev.launch(id, &kernel, [2, 1, 1], [64, 1, 1], 0, &params) {
            Ok(_) => {}
            Err(f) if f.ptx_line >= 1 => {
                result = worst(result, Outcome::new(Kind::Fault, f.to_string()));
            }
            Err(f) => {
                result = worst(
                    result,
                    // The fault's own message first: it deduplicates.
                    Outcome::new(
                        Kind::Unlocated,
                        format!("fault without a PTX line: {}\n{f}", f.message),
                    ),
                );
            }
        }
    }
    result
}

fn run_selftest(text: &str, stage: &mut dyn FnMut(&str)) -> Outcome {
    stage("selftest");
    if text.contains("PANIC") {
        panic!("selftest panic on marker");
    }
    if text.contains("HANG") {
        stage("selftest hang");
        #[allow(clippy::empty_loop)]
        loop {
            std::hint::spin_loop();
        }
    }
    if text.contains("ABORT") {
        std::process::abort();
    }
    if text.contains("OVERFLOW") {
        return Outcome::new(Kind::Ok, format!("{}", recurse(u64::MAX)));
    }
    if text.contains("OOM") {
        // Memory the limit refuses: the allocation fails and Rust aborts.
        let v: Vec<u8> = vec![1; 64 << 30];
        std::hint::black_box(&v);
    }
    if text.contains("UNLOCATED") {
        return Outcome::new(Kind::Unlocated, "<unknown>:0: error: selftest");
    }
    if text.contains("LOCATED") {
        return Outcome::new(Kind::Located, "input.txt:1:1: error: selftest");
    }
    Outcome::ok()
}

/// Unbounded recursion with a large frame, for the selftest's stack
/// overflow (`black_box` keeps the frame and the recursion).
fn recurse(n: u64) -> u64 {
    let frame = std::hint::black_box([n; 512]);
    if n == 0 {
        return 0;
    }
    frame[3].wrapping_add(recurse(std::hint::black_box(n - 1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_text(t: Target, s: &str) -> Outcome {
        run(t, s.as_bytes(), &mut |_| {})
    }

    #[test]
    fn ir_outcomes() {
        let ok = run_text(
            Target::Ir,
            "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n",
        );
        assert_eq!(ok.kind, Kind::Ok, "{}", ok.message);
        let bad = run_text(Target::Ir, "func.func @f() {\n  return `\n}\n");
        assert_eq!(bad.kind, Kind::Located, "{}", bad.message);
        assert!(bad.message.starts_with("input.mlir:2:"), "{}", bad.message);
    }

    #[test]
    fn cuda_outcomes() {
        let ok = run_text(
            Target::Cuda,
            "__global__ void k(int *p) { p[threadIdx.x] = 1; }\nint main() { return 0; }\n",
        );
        assert_eq!(ok.kind, Kind::Ok, "{}", ok.message);
        let bad = run_text(Target::Cuda, "int main() { return x; }\n");
        assert_eq!(bad.kind, Kind::Located, "{}", bad.message);
        assert!(bad.message.starts_with("input.cu:1:"), "{}", bad.message);
    }

    #[test]
    fn ptx_outcomes() {
        let bad = run_text(
            Target::Ptx,
            ".version 8.0\n.target sm_80\n.address_size 64\nbogus\n",
        );
        assert_eq!(bad.kind, Kind::Located, "{}", bad.message);
        assert!(bad.message.starts_with("input.ptx:4:"), "{}", bad.message);
        let spin = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n$L1:\n\tbra.uni $L1;\n}\n";
        let o = run_text(Target::Ptx, spin);
        assert_eq!(o.kind, Kind::Fault, "{}", o.message);
    }
}
