//! `lockstepc FILE.cu [-O0|-O1|-O2|-O3] [--emit=ir|ptx|glue-c|glue-rust|host-c]
//! [--sm=sm_80] [-g] [--verify-ptx] [-o OUT]`: compiles a CUDA-subset file to
//! lockstep IR, runs a pass pipeline over it, and writes the IR or one of
//! `lockstep-translate`'s translations (PTX, launch glue, host C).
//!
//! Invariants:
//! - The command line is lockstep-opt's (`lockstep_opt::cli`: the IR
//!   printing, timing and pass flags, `-p`) plus the compiler's own flags;
//!   nothing is parsed twice.
//! - The front end's output is verified before any pass runs; a verifier
//!   failure there is an internal error (exit status 1), never a panic.
//! - Diagnostics go to stderr as `file:line:col: error: msg` with the source
//!   line and a caret; the exit status is 1 on any error.
//! - The work runs on a thread with a large stack; a panic (a bug) becomes
//!   `internal error` and exit status 1 (`lockstep_opt::tool`, shared with
//!   lockstep-opt, as are reading and writing files and `--timing`).

use clap::{Arg, ArgAction, ArgMatches, Command};
use lockstep_ir::{Context, Diagnostic, print_op};
use lockstep_opt::cli;
use lockstep_opt::driver::Options;
use lockstep_opt::levels::optimization_pipeline;
use lockstep_opt::tool::{self, Parsed, Times};
use lockstep_pass::PassRegistry;
use lockstep_translate::{EmitKind, TranslateError, TranslateOptions, translate, write_outputs};
use std::process::ExitCode;
use std::time::Instant;

const STACK: usize = 512 << 20;

/// Output kinds of `--emit`.
const EMIT_KINDS: &[&str] = &["ir", "ptx", "glue-c", "glue-rust", "host-c"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    tool::run_worker("lockstepc", STACK, move || real_main(args))
}

fn command(registry: &PassRegistry) -> Command {
    let cmd = cli::command(registry)
        .name("lockstepc")
        .bin_name("lockstepc")
        .about("Compile a CUDA-subset .cu file (host and device code) to lockstep IR")
        .mut_arg("input", |a| a.help("Input .cu file, or - for stdin"))
        .arg(
            Arg::new("opt-level")
                .short('O')
                .value_name("LEVEL")
                .help("Optimization level: -O0 (default), -O1, -O2 or -O3")
                .value_parser(["0", "1", "2", "3"])
                .default_value("0"),
        )
        .arg(
            Arg::new("emit")
                .long("emit")
                .value_name("KIND")
                .require_equals(true)
                .help("What to write: ir (default), ptx, glue-c (FILE.c and FILE.h), glue-rust or host-c"),
        )
        .arg(
            Arg::new("device-passes")
                .long("device-passes")
                .value_name("LIST")
                .help("Passes to run on each device kernel and function, replacing the -O default (e.g. 'canonicalize,cse'); at -O1 and above device functions are inlined first"),
        )
        .arg(
            Arg::new("host-passes")
                .long("host-passes")
                .value_name("LIST")
                .help("Passes to run on each host function, replacing the -O default"),
        )
        .arg(
            Arg::new("print-divergence")
                .long("print-divergence")
                .action(ArgAction::SetTrue)
                .help("Print one line per conditional branch in device code: divergent or uniform"),
        );
    lockstep_translate::codegen_args(cmd)
}

struct Extra {
    opt_level: u8,
    emit: Option<String>,
    device_passes: Option<String>,
    host_passes: Option<String>,
    print_divergence: bool,
    translate: TranslateOptions,
}

fn extra(m: &ArgMatches) -> Result<Extra, String> {
    let emit = m.get_one::<String>("emit").cloned();
    if let Some(e) = &emit
        && !EMIT_KINDS.contains(&e.as_str())
    {
        return Err(format!(
            "unknown --emit kind '{e}'; valid kinds: {}",
            EMIT_KINDS.join(", ")
        ));
    }
    Ok(Extra {
        opt_level: m
            .get_one::<String>("opt-level")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0),
        emit,
        device_passes: m.get_one::<String>("device-passes").cloned(),
        host_passes: m.get_one::<String>("host-passes").cloned(),
        print_divergence: m.get_flag("print-divergence"),
        translate: lockstep_translate::codegen_options(m)?,
    })
}

fn real_main(args: Vec<String>) -> u8 {
    let registry = lockstep_registry::new_registry();
    let (opts, matches) = match tool::parse_command_line(command(&registry), args, &registry) {
        Parsed::Run(opts, matches) => (opts, matches),
        Parsed::Exit(code) => return code,
        Parsed::Error(msg) => {
            eprintln!("lockstepc: error: {msg}");
            return 1;
        }
    };
    let ex = match extra(&matches) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("lockstepc: error: {msg}");
            return 1;
        }
    };
    run(&opts, &ex, &registry)
}

fn run(opts: &Options, ex: &Extra, registry: &PassRegistry) -> u8 {
    let start = Instant::now();
    let pipeline = match &opts.pipeline {
        Some(p) => Some(p.clone()),
        None => optimization_pipeline(
            ex.opt_level,
            ex.device_passes.as_deref(),
            ex.host_passes.as_deref(),
        ),
    };
    let mut pm = match tool::pass_manager(pipeline.as_deref(), opts, registry) {
        Ok(pm) => pm,
        Err(e) => {
            eprintln!("lockstepc: error: {e}");
            return 1;
        }
    };

    let (name, text) = match tool::read_input(&opts.input) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("lockstepc: error: {msg}");
            return 1;
        }
    };
    let mut times = Times::default();
    let parse_start = Instant::now();
    let Some(cu) = lockstep_translate::compile_source("lockstepc", &name, &text) else {
        return 1;
    };
    let lockstep_translate::CompiledSource {
        mut ctx,
        module,
        sources,
    } = cu;
    let report = |ctx: &Context, ds: &[Diagnostic]| {
        lockstep_translate::report_diagnostics(ctx, &sources, ds)
    };
    times.parser = parse_start.elapsed();
    if let Some(pm) = &mut pm {
        let r = pm.run(&mut ctx, module);
        if !r.diagnostics.is_empty() {
            report(&ctx, &r.diagnostics);
        }
        if let Some(display) = opts.statistics {
            eprint!("{}", pm.statistics_report(display));
        }
        if r.failed {
            return 1;
        }
    }

    let output_start = Instant::now();
    if let Some(kind) = ex.emit.as_deref().and_then(EmitKind::parse) {
        let outputs = match translate(&mut ctx, module, kind, &ex.translate, &opts.output) {
            Ok(o) => o,
            Err(TranslateError::Diag(d)) => {
                report(&ctx, &[d]);
                return 1;
            }
            Err(TranslateError::Message(msg)) => {
                eprintln!("{msg}");
                return 1;
            }
        };
        if let Err(msg) = write_outputs(&opts.output, &outputs) {
            eprintln!("lockstepc: error: {msg}");
            return 1;
        }
        std::mem::forget(ctx);
        return 0;
    }
    let mut out = String::new();
    if ex.print_divergence {
        for r in lockstep_divergence::branch_report(&ctx, module) {
            let pos = lockstep_ir::diag::file_line_col(ctx.uniquer(), r.loc)
                .map(|(f, l, c)| format!("{}:{l}:{c}", ctx.str(f)))
                .unwrap_or_else(|| "<unknown>".to_string());
            let kind = if r.divergent { "divergent" } else { "uniform" };
            out.push_str(&format!("{pos}: {}: {kind} branch\n", r.function));
        }
    }
    // With --print-divergence alone only the report is written; --emit=ir
    // adds the IR, annotated with the analysis' results.
    let emit_ir = match (&ex.emit, ex.print_divergence) {
        (Some(_), true) => {
            lockstep_divergence::annotate(&mut ctx, module);
            true
        }
        (Some(_), false) | (None, false) => true,
        (None, true) => false,
    };
    if emit_ir {
        let ir = print_op(&ctx, module, opts.ir_printing.print);
        // The IR is most of the output: move it rather than copy it.
        if out.is_empty() {
            out = ir;
        } else {
            out.push_str(&ir);
        }
    }
    if let Err(msg) = tool::write_output(&opts.output, &out) {
        eprintln!("lockstepc: error: {msg}");
        return 1;
    }
    times.output = output_start.elapsed();
    if opts.timing {
        eprint!(
            "{}",
            tool::timing_report(opts.threading, pm.as_ref(), &times, start)
        );
    }
    // The process ends now: leave the IR to the OS instead of freeing it
    // op by op (what clang's -disable-free does).
    std::mem::forget(ctx);
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep_opt::levels::{DEFAULT_HOST_PASSES, OPTIMIZING_DEVICE_PASSES, default_pipeline};
    use lockstep_pass::PassManager;

    #[test]
    fn pipelines_nest_per_function_kind() {
        assert_eq!(default_pipeline("", "", false), None);
        assert_eq!(
            default_pipeline("cse", "canonicalize", false).as_deref(),
            Some(
                "builtin.module(device.module(device.kernel(cse),device.func(cse)),func.func(canonicalize))"
            )
        );
        // Inlining runs on the whole device module, before the
        // per-function passes.
        assert_eq!(
            default_pipeline("cse", "canonicalize", true).as_deref(),
            Some(
                "builtin.module(device.module(inline,device.kernel(cse),device.func(cse)),func.func(canonicalize))"
            )
        );
        assert_eq!(
            default_pipeline("", "", true).as_deref(),
            Some("builtin.module(device.module(inline))")
        );
        let reg = lockstep_registry::new_registry();
        let p = default_pipeline(OPTIMIZING_DEVICE_PASSES, DEFAULT_HOST_PASSES, true).unwrap();
        assert!(PassManager::parse(&p, &reg).is_ok());
    }

    #[test]
    fn emit_kinds_are_checked() {
        let reg = lockstep_registry::new_registry();
        let m = command(&reg)
            .try_get_matches_from(["lockstepc", "x.cu", "--emit=asm"])
            .unwrap();
        let e = extra(&m).err().unwrap();
        assert!(e.contains("valid kinds: ir, ptx, glue-c"), "{e}");
        let m = command(&reg)
            .try_get_matches_from(["lockstepc", "x.cu", "-O2"])
            .unwrap();
        assert_eq!(extra(&m).unwrap().opt_level, 2);
    }
}
