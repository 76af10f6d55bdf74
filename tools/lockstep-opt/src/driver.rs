//! What lockstep-opt does with its options, mirroring mlir-opt's
//! `MlirOptMain`: read the input, split it if asked, and for each chunk
//! parse, verify, run the pipeline and print; then report timing.
//!
//! Invariants:
//! - Diagnostics are rendered on stderr as `file:line:col: error: msg` with
//!   the source line and a caret, in the original file's numbering (also
//!   for split chunks); IR dumps and reports go to stderr too.
//! - The output is written once, after every chunk was processed, to stdout
//!   or to the `-o` file; the input file is never written unless `-o` names
//!   it, and an output file is only written when the run succeeded. A chunk
//!   that failed contributes no output (its separator stays).
//! - The exit status is 0 iff every chunk succeeded: no error diagnostic
//!   (or, with `--verify-diagnostics`, every diagnostic matched).
//! - One pass manager serves all chunks, so statistics and timing
//!   accumulate over the whole input as in mlir-opt.

use crate::expect::{self, Reporter};
use crate::split::{Chunk, split_input};
use crate::tool::{self, Times};
use lockstep_ir::verify::{VerifyOptions, verify_first_errors};
use lockstep_ir::{
    Context, Diagnostic, LocData, OpId, OperationState, Rewriter, Severity, SourceFile, SourceMgr,
    print_op,
};
use lockstep_pass::{IrPrinting, PassManager, PassRegistry, RemarkFilter, StatisticsDisplay};
use std::time::Instant;

/// `--verify-diagnostics[=MODE]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VerifyDiagnostics {
    All,
    /// Unexpected diagnostics are ignored; expected ones must appear.
    OnlyExpected,
}

/// Everything a run needs to know, parsed from the command line.
#[derive(Clone, Debug)]
pub struct Options {
    pub input: String,
    pub output: String,
    pub pipeline: Option<String>,
    pub split_marker: Option<String>,
    pub output_split_marker: String,
    pub verify_diagnostics: Option<VerifyDiagnostics>,
    pub verify_each: bool,
    pub allow_unregistered: bool,
    pub ir_printing: IrPrinting,
    pub timing: bool,
    /// Optimization-remark categories (`--remarks=`).
    pub remarks: RemarkFilter,
    pub statistics: Option<StatisticsDisplay>,
    pub threading: bool,
    pub dump_pipeline: bool,
}

/// A context with every dialect lockstep-opt knows.
pub fn new_context(allow_unregistered: bool) -> Context {
    lockstep_registry::new_context(allow_unregistered)
}

/// Every pass lockstep-opt knows.
pub fn new_registry() -> PassRegistry {
    lockstep_registry::new_registry()
}

// Like mlir-opt, report the first error of each function (or other
// isolated op) rather than every consequence of it.
fn verify_plain(ctx: &Context, op: OpId) -> Result<(), Vec<Diagnostic>> {
    verify_first_errors(
        ctx,
        op,
        VerifyOptions {
            print_op_on_diagnostic: false,
        },
    )
}

fn verify_noted(ctx: &Context, op: OpId) -> Result<(), Vec<Diagnostic>> {
    verify_first_errors(
        ctx,
        op,
        VerifyOptions {
            print_op_on_diagnostic: true,
        },
    )
}

fn err(msg: &str) {
    eprint!("{msg}");
}

/// Runs lockstep-opt; returns the exit status.
pub fn run(opts: &Options, registry: &PassRegistry) -> i32 {
    let start = Instant::now();
    let mut pm = match tool::pass_manager(opts.pipeline.as_deref(), opts, registry) {
        Ok(pm) => pm,
        Err(e) => {
            err(&format!("{e}\n"));
            return 1;
        }
    };
    if let Some(pm) = &mut pm {
        pm.verifier = if opts.verify_diagnostics.is_some() {
            verify_plain
        } else {
            verify_noted
        };
    }

    let (name, mut text) = match tool::read_input(&opts.input) {
        Ok(x) => x,
        Err(msg) => {
            err(&format!("{msg}\n"));
            return 1;
        }
    };
    let chunks = match &opts.split_marker {
        Some(m) => split_input(&text, m),
        // The whole buffer, moved rather than copied.
        None => vec![Chunk::whole(std::mem::take(&mut text))],
    };
    let whole: &str = match &opts.split_marker {
        Some(_) => &text,
        None => &chunks[0].text,
    };

    let mut times = Times::default();
    let mut outputs: Vec<String> = Vec::new();
    let mut ok = true;
    for chunk in &chunks {
        let r = process_chunk(chunk, &name, whole, opts, pm.as_mut(), &mut times);
        ok &= r.ok;
        outputs.push(r.output.unwrap_or_default());
    }
    let out = if outputs.len() == 1 {
        outputs.pop().unwrap_or_default()
    } else {
        outputs.join(&format!("{}\n", opts.output_split_marker))
    };

    // Like mlir-opt, a failed run keeps no output file (stdout still gets
    // what succeeded), so a failing `-o input.mlir` cannot clobber the input.
    let output_start = Instant::now();
    if (ok || opts.output == "-")
        && let Err(msg) = tool::write_output(&opts.output, &out)
    {
        err(&format!("{msg}\n"));
        ok = false;
    }
    times.output += output_start.elapsed();

    if opts.timing {
        err(&tool::timing_report(
            opts.threading,
            pm.as_ref(),
            &times,
            start,
        ));
    }
    i32::from(!ok)
}

struct ChunkResult {
    ok: bool,
    output: Option<String>,
}

fn process_chunk(
    chunk: &Chunk,
    name: &str,
    whole: &str,
    opts: &Options,
    pm: Option<&mut PassManager>,
    times: &mut Times,
) -> ChunkResult {
    let mut ctx = new_context(opts.allow_unregistered);

    let parse_start = Instant::now();
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let mut failed = false;
    let mut module = match chunk.parse(&mut ctx, name) {
        Ok(m) => Some(m),
        Err(d) => {
            diagnostics.push(d);
            failed = true;
            None
        }
    };
    if let (Some(m), Some((line, col))) = (module, chunk.start) {
        module = Some(relocate_implicit_module(&mut ctx, m, name, line, col));
    }
    if let Some(m) = module {
        let verified = if opts.verify_diagnostics.is_some() {
            verify_plain(&ctx, m)
        } else {
            verify_noted(&ctx, m)
        };
        if let Err(ds) = verified {
            diagnostics.extend(ds);
            failed = true;
        }
    }
    times.parser += parse_start.elapsed();

    if let (Some(m), false, Some(pm)) = (module, failed, pm) {
        let r = pm.run(&mut ctx, m);
        diagnostics.extend(r.diagnostics);
        failed |= r.failed;
        if let Some(display) = opts.statistics {
            err(&pm.statistics_report(display));
        }
    }
    failed |= diagnostics.iter().any(|d| d.severity == Severity::Error);

    let output = match (module, failed) {
        (Some(m), false) => {
            let t = Instant::now();
            let text = print_op(&ctx, m, opts.ir_printing.print);
            times.output += t.elapsed();
            Some(text)
        }
        _ => None,
    };

    let directives = opts
        .verify_diagnostics
        .map(|_| expect::parse_directives(&chunk.text, chunk.first_line, chunk.first_col));
    // The sources only serve to render diagnostics (or directives that
    // did not match): copy the text only then, so that a split buffer
    // whose chunks are all quiet is not copied once per chunk.
    let mut sources = SourceMgr::default();
    let to_render = !diagnostics.is_empty()
        || directives
            .as_ref()
            .is_some_and(|(e, errs)| !e.is_empty() || !errs.is_empty());
    if to_render {
        sources.add(SourceFile::new(ctx.sym(name), whole.to_string(), 1));
    }
    let ok = match (opts.verify_diagnostics, directives) {
        (Some(mode), Some((mut expected, directive_errors))) => {
            let mut report = String::new();
            let rep = Reporter {
                file: name,
                uniq: ctx.uniquer(),
                sources: &sources,
            };
            let ok = expect::check(
                &diagnostics,
                &mut expected,
                &directive_errors,
                mode == VerifyDiagnostics::OnlyExpected,
                &rep,
                &mut report,
            );
            err(&report);
            ok
        }
        _ => {
            let mut report = String::new();
            for d in &diagnostics {
                report.push_str(&sources.render(ctx.uniquer(), d));
            }
            err(&report);
            !failed
        }
    };
    ChunkResult { ok, output }
}

/// mlir-opt locates the implicit module of a chunk after a split marker at
/// the end of that marker; the parser gives implicit modules `:0:0`.
pub fn relocate_implicit_module(
    ctx: &mut Context,
    m: OpId,
    name: &str,
    line: u32,
    col: u32,
) -> OpId {
    if !matches!(
        ctx.loc_data(ctx.loc(m)),
        LocData::FileLineCol {
            line: 0,
            col: 0,
            ..
        }
    ) {
        return m;
    }
    let loc = ctx.file_loc(name, line, col);
    let op_name = ctx.op_name("builtin.module");
    let attrs = ctx.attrs(m).to_vec();
    let old_region = ctx.region(m, 0);
    let mut rw = Rewriter::new(ctx);
    let region = rw.new_region();
    let mut st = OperationState::new(op_name, loc).regions(&[region]);
    st.attrs = attrs;
    let new = rw.create(st);
    rw.inline_region_before(old_region, region, 0);
    rw.erase_op(m);
    new
}
