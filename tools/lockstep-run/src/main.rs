//! `lockstep-run FILE.cu [-O0..-O3] [--device-passes=LIST] [--host-passes=LIST]
//! [--sm=sm_80] [--stats] [--stats-json OUT.json] [--device-ptx OTHER.ptx]
//! [--profile OUT.json] [--threads N] [--max-warp-insts=N] [--backend=sim|cuda]
//! [-- ARGS...]`:
//! compiles a CUDA-subset program with lockstepc's pipeline, reads the PTX
//! of its kernels, and runs `main` with the host runtime, launching the
//! kernels on the SIMT simulator. The words after `--` are the program's
//! arguments: a `main(int argc, char **argv)` gets them after `argv[0]`,
//! the input path, as a process would.
//!
//! Invariants:
//! - The program's stdout is written exactly as it prints it, and nothing
//!   else goes to stdout; diagnostics, fault reports and the `--stats`
//!   table go to stderr.
//! - Exit status: `main`'s own status (low 8 bits) when the program runs to
//!   the end; 2 for a simulated device fault; 1 for any compile or runtime
//!   error (a located diagnostic with the source line).
//! - `-O` levels build the same pipelines as lockstepc
//!   (`lockstep_opt::levels`), so `lockstep-run -O3` runs what `lockstepc
//!   -O3 --emit=ptx` prints.
//! - `--device-ptx` takes the kernels, by name, from another PTX file (e.g.
//!   clang's) instead of compiling the program's own device code. That file
//!   holds the original kernels, so this mode runs no pass that creates,
//!   renames or removes kernels: the -O pipelines drop such passes, an
//!   explicit pass list naming one is an error, and the kernels are compared
//!   before and after the passes.
//! - Files are read as lockstepc and lockstep-opt read them
//!   (`lockstep_opt::tool::read_input`): a missing or unreadable path is an
//!   error naming it, and bytes that are not UTF-8 become U+FFFD, so they are
//!   located by the reader that meets them (in a comment they are harmless,
//!   as for ptxas).
//! - A program without `main` is an error located at the end of its file.
//! - Long runs show a progress line on stderr when it is a terminal
//!   (`progress`); piped runs print nothing extra.

mod progress;
mod report;

use clap::{Arg, ArgAction, ArgMatches, Command};
use lockstep_ir::{Context, Diagnostic};
use lockstep_opt::levels::{optimization_pipeline, pass_name, split_pass_list};
use lockstep_pass::PassManager;
use lockstep_runtime::{Backend, HostProgram, RunError, RunOptions, SimBackend, run_main};
use lockstep_sim::SimConfig;
use lockstep_translate::{TranslateError, TranslateOptions};
use std::io::Write;
use std::process::ExitCode;

const STACK: usize = 512 << 20;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    lockstep_opt::tool::run_worker("lockstep-run", STACK, move || real_main(args))
}

fn command() -> Command {
    Command::new("lockstep-run")
        .about("Compile a CUDA-subset .cu program and run it on the SIMT simulator")
        .after_help(
            "Program arguments follow '--': `lockstep-run app.cu -O3 -- 1024 fast` runs \
             main(int argc, char **argv) with argc = 3 and argv = {\"app.cu\", \"1024\", \"fast\"}.",
        )
        .arg(Arg::new("input").required(true).help("Input .cu file"))
        .arg(
            Arg::new("opt-level")
                .short('O')
                .value_name("LEVEL")
                .help("Optimization level: -O0 (default), -O1, -O2 or -O3")
                .value_parser(["0", "1", "2", "3"])
                .default_value("0"),
        )
        .arg(
            Arg::new("device-passes")
                .long("device-passes")
                .value_name("LIST")
                .help("Passes to run on each device kernel and function, replacing the -O default"),
        )
        .arg(
            Arg::new("host-passes")
                .long("host-passes")
                .value_name("LIST")
                .help("Passes to run on each host function, replacing the -O default"),
        )
        .arg(
            Arg::new("sm")
                .long("sm")
                .value_name("TARGET")
                .default_value("sm_80")
                .help("PTX target (sm_70 ... sm_90)"),
        )
        .arg(
            Arg::new("stats")
                .long("stats")
                .action(ArgAction::SetTrue)
                .help("Print the simulator's counters per launch and in total (stderr)"),
        )
        .arg(
            Arg::new("stats-json")
                .long("stats-json")
                .value_name("OUT.json")
                .help("Write the counters per launch and in total as JSON"),
        )
        .arg(
            Arg::new("profile")
                .long("profile")
                .value_name("OUT.json")
                .help("Write the per-branch profile (warp visits, lanes taken and not taken, divergent visits) as JSON"),
        )
        .arg(
            Arg::new("threads")
                .long("threads")
                .value_name("N")
                .value_parser(clap::value_parser!(usize))
                .help("Simulator worker threads for CTAs (default: one per core); results do not depend on it"),
        )
        .arg(
            Arg::new("max-warp-insts")
                .long("max-warp-insts")
                .value_name("N")
                .value_parser(clap::value_parser!(u64).range(1..))
                .help(format!(
                    "Warp instructions one launch may execute, over all its CTAs, before the simulator \
                     reports a hang (default {})",
                    lockstep_sim::DEFAULT_MAX_WARP_INSTS
                )),
        )
        .arg(
            Arg::new("backend")
                .long("backend")
                .value_name("NAME")
                .value_parser(["sim", "cuda"])
                .default_value("sim")
                .help("Where kernels run: sim (the SIMT simulator) or cuda (a real GPU; needs the 'cuda' feature and a driver)"),
        )
        .arg(
            Arg::new("device-ptx")
                .long("device-ptx")
                .value_name("OTHER.ptx")
                .help("Take the kernels, by name, from this PTX file instead of compiling them"),
        )
        .arg(
            Arg::new("optimize-device-ptx")
                .long("optimize-device-ptx")
                .value_name("PASSES")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value(lockstep_opt::levels::OPTIMIZING_DEVICE_PASSES)
                .requires("device-ptx")
                .help(format!(
                    "Raise the --device-ptx kernels into device IR, run these device passes on them                      (default: the -O3 list, {}; empty: none, the import/export identity) and run                      the PTX written back",
                    lockstep_opt::levels::OPTIMIZING_DEVICE_PASSES
                )),
        )
        .arg(
            Arg::new("args")
                .num_args(0..)
                .last(true)
                .value_name("ARGS")
                .allow_hyphen_values(true)
                .help("The program's arguments, after '--': main(int argc, char **argv) gets them after argv[0], the input path"),
        )
}

struct Options {
    input: String,
    opt_level: u8,
    device_passes: Option<String>,
    host_passes: Option<String>,
    sm: String,
    stats: bool,
    stats_json: Option<String>,
    profile: Option<String>,
    threads: usize,
    max_warp_insts: u64,
    device_ptx: Option<String>,
    /// The device passes `--optimize-device-ptx` runs on the raised
    /// `--device-ptx` kernels.
    optimize_device_ptx: Option<String>,
    cuda: bool,
    /// The program's arguments (after `--`), without `argv[0]`.
    args: Vec<String>,
}

fn options(m: &ArgMatches) -> Result<Options, String> {
    let sm = m.get_one::<String>("sm").cloned().unwrap_or_default();
    lockstep_translate::check_target(&sm)?;
    Ok(Options {
        input: m.get_one::<String>("input").cloned().unwrap_or_default(),
        opt_level: m
            .get_one::<String>("opt-level")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0),
        device_passes: m.get_one::<String>("device-passes").cloned(),
        host_passes: m.get_one::<String>("host-passes").cloned(),
        sm,
        stats: m.get_flag("stats"),
        stats_json: m.get_one::<String>("stats-json").cloned(),
        profile: m.get_one::<String>("profile").cloned(),
        threads: m.get_one::<usize>("threads").copied().unwrap_or(0),
        max_warp_insts: m
            .get_one::<u64>("max-warp-insts")
            .copied()
            .unwrap_or(lockstep_sim::DEFAULT_MAX_WARP_INSTS),
        device_ptx: m.get_one::<String>("device-ptx").cloned(),
        optimize_device_ptx: m.get_one::<String>("optimize-device-ptx").cloned(),
        cuda: m.get_one::<String>("backend").is_some_and(|b| b == "cuda"),
        args: m
            .get_many::<String>("args")
            .map(|v| v.cloned().collect())
            .unwrap_or_default(),
    })
}

/// `--optimize-device-ptx`: `ptx` raised into device IR, `passes` run on
/// each kernel and function (after inlining, when there are any), and the
/// result written back as PTX with its `.loc` lines. Errors are reported
/// on stderr and give `None`.
fn optimize_ptx(name: &str, ptx: &str, passes: &str, sm: &str) -> Option<String> {
    let mut src = lockstep_translate::import_ptx("lockstep-run", name, ptx)?;
    let registry = lockstep_registry::new_registry();
    let inline = !passes.trim().is_empty();
    if let Some(p) = lockstep_opt::levels::default_pipeline(passes, "", inline) {
        let mut pm = match PassManager::parse(&p, &registry) {
            Ok(pm) => pm,
            Err(e) => {
                eprintln!("lockstep-run: error: --optimize-device-ptx: {e}");
                return None;
            }
        };
        let r = pm.run(&mut src.ctx, src.module);
        if !r.diagnostics.is_empty() {
            src.report(&r.diagnostics);
        }
        if r.failed {
            return None;
        }
    }
    let topts = TranslateOptions {
        sm: sm.to_string(),
        debug_info: true,
        ..TranslateOptions::default()
    };
    match lockstep_translate::ptx_text(&mut src.ctx, src.module, &topts, name) {
        Ok(t) => Some(t),
        Err(TranslateError::Diag(d)) => {
            src.report(&[d]);
            None
        }
        Err(TranslateError::Message(msg)) => {
            eprintln!("{msg}");
            None
        }
    }
}

fn real_main(args: Vec<String>) -> u8 {
    let matches = match command().try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    match options(&matches) {
        Ok(o) => run(&o),
        Err(msg) => {
            eprintln!("lockstep-run: error: {msg}");
            1
        }
    }
}

fn run(o: &Options) -> u8 {
    let (name, text) = match lockstep_opt::tool::read_input(&o.input) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("lockstep-run: error: {msg}");
            return 1;
        }
    };
    // Another file's kernels: read first, so a bad path fails before compiling.
    let device_ptx = match &o.device_ptx {
        Some(path) => match lockstep_opt::tool::read_input(path) {
            Ok(x) => Some(x),
            Err(msg) => {
                eprintln!("lockstep-run: error: {msg}");
                return 1;
            }
        },
        None => None,
    };
    let device_ptx = match (device_ptx, &o.optimize_device_ptx) {
        (Some((ptx_name, ptx)), Some(passes)) => {
            match optimize_ptx(&ptx_name, &ptx, passes, &o.sm) {
                Some(out) => Some((format!("{ptx_name} (optimized)"), out)),
                None => return 1,
            }
        }
        (x, _) => x,
    };
    let Some(cu) = lockstep_translate::compile_cu("lockstep-run", &name, &text) else {
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
    let registry = lockstep_registry::new_registry();
    let pipeline = optimization_pipeline(
        o.opt_level,
        o.device_passes.as_deref(),
        o.host_passes.as_deref(),
    );
    // Host code runs on the interpreter, which takes unstructured control
    // flow only.
    let lower_host = "builtin.module(func.func(convert-scf-to-cf))".to_string();
    // --device-ptx runs against the original kernels: remember them to compare after.
    let kernels_before = o.device_ptx.is_some().then(|| kernel_names(&ctx, module));
    for p in pipeline.iter().chain(std::iter::once(&lower_host)) {
        let mut pm = match PassManager::parse(p, &registry) {
            Ok(pm) => pm,
            Err(e) => {
                eprintln!("lockstep-run: error: {e}");
                return 1;
            }
        };
        if o.device_ptx.is_some() {
            // Passes the -O level brought in are dropped; one the user named is an error.
            let dropped = pm.remove_kernel_changing_passes();
            let named = |pass: &str| {
                [&o.device_passes, &o.host_passes]
                    .into_iter()
                    .flatten()
                    .flat_map(|list| split_pass_list(list))
                    .any(|item| pass_name(&item) == pass)
            };
            if let Some(pass) = dropped.into_iter().find(|p| named(p)) {
                eprintln!(
                    "lockstep-run: error: pass '{pass}' creates, renames or removes kernels, \
                     so it cannot run with --device-ptx, which takes the original kernels"
                );
                return 1;
            }
        }
        let r = pm.run(&mut ctx, module);
        if !r.diagnostics.is_empty() {
            report(&ctx, &r.diagnostics);
        }
        if r.failed {
            return 1;
        }
    }

    if let Some(kernels_before) = &kernels_before {
        let after = kernel_names(&ctx, module);
        if after != *kernels_before {
            eprintln!(
                "lockstep-run: error: the passes changed the kernels ({} before, {} after), \
                 but --device-ptx takes the original kernels",
                kernels_before.join(", "),
                after.join(", ")
            );
            return 1;
        }
    }

    let (ptx_name, ptx) = match device_ptx {
        Some(x) => x,
        None => {
            // The profile maps branches, and fault reports hangs, to source lines through
            // `.loc` (it changes no instruction and no counter).
            let topts = TranslateOptions {
                sm: o.sm.clone(),
                debug_info: true,
                ..TranslateOptions::default()
            };
            let ptx_name = format!("{name}.ptx");
            match lockstep_translate::ptx_text(&mut ctx, module, &topts, &ptx_name) {
                Ok(t) => (ptx_name, t),
                Err(TranslateError::Diag(d)) => {
                    report(&ctx, &[d]);
                    return 1;
                }
                Err(TranslateError::Message(msg)) => {
                    eprintln!("{msg}");
                    return 1;
                }
            }
        }
    };

    let program = match HostProgram::decode(&ctx, module) {
        Ok(p) => p,
        Err(d) => {
            report(&ctx, &[d]);
            return 1;
        }
    };
    if program.function("main").is_none() {
        let (line, col) = end_of_text(&text);
        let loc = ctx.file_loc(&name, line, col);
        report(
            &ctx,
            &[Diagnostic::error(
                loc,
                "the program has no 'main' function to run",
            )],
        );
        return 1;
    }
    let progress = progress::Progress::start();
    let mut sim = SimBackend::new(SimConfig {
        threads: o.threads,
        max_warp_insts: o.max_warp_insts,
        progress: Some(progress.counter.clone()),
        ..SimConfig::default()
    });
    let mut gpu = match real_gpu(o.cuda) {
        Ok(g) => g,
        Err(msg) => {
            eprintln!("lockstep-run: error: {msg}");
            return 1;
        }
    };
    let backend: &mut dyn Backend = match gpu.as_deref_mut() {
        Some(g) => g,
        None => &mut sim,
    };
    // A program without kernels has no PTX to load.
    if !ptx.trim().is_empty()
        && let Err(e) = backend.load_ptx(&ptx_name, &ptx)
    {
        match e {
            lockstep_runtime::BackendError::Located(diag) => eprintln!("{diag}"),
            e => eprintln!("lockstep-run: error: {e}"),
        }
        return 1;
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(progress.suspending(stdout.lock()));
    let argv: Vec<String> = std::iter::once(name.clone())
        .chain(o.args.iter().cloned())
        .collect();
    let result = run_main(
        &ctx,
        &program,
        backend,
        RunOptions {
            stdout: &mut out,
            args: &argv,
        },
    );
    let _ = out.flush();
    drop(out);
    progress.finish();
    let status = match result {
        Ok(code) => (code & 0xff) as u8,
        Err(RunError::Fault(msg)) => {
            eprintln!("lockstep-run: {msg}");
            2
        }
        Err(RunError::Error(d)) => {
            report(&ctx, &[d]);
            1
        }
        Err(RunError::Message(msg)) => {
            eprintln!("lockstep-run: error: {msg}");
            1
        }
    };
    // Counters come from the simulator only; a GPU run records none.
    if o.stats {
        eprint!("{}", report::stats_table(&sim.launches, &sim.totals()));
    }
    if let Some(path) = &o.stats_json
        && let Err(e) = std::fs::write(path, report::stats_json(&sim.launches, &sim.totals()))
    {
        eprintln!("lockstep-run: error: cannot write '{path}': {e}");
        return 1;
    }
    if let Some(path) = &o.profile
        && let Err(e) = std::fs::write(path, report::profile_json(&sim.branch_profile()))
    {
        eprintln!("lockstep-run: error: cannot write '{path}': {e}");
        return 1;
    }
    // The process ends now: leave the IR to the OS.
    std::mem::forget(ctx);
    status
}

/// The 1-based line and column just past the last character of `text` that
/// is not a line break (1:1 for an empty file).
fn end_of_text(text: &str) -> (u32, u32) {
    let body = text.trim_end_matches(['\n', '\r']);
    let line = body.matches('\n').count() as u32 + 1;
    let last = body.rsplit('\n').next().unwrap_or("");
    (line, last.chars().count() as u32 + 1)
}

/// The real-GPU backend when `--backend=cuda` asks for it.
#[cfg(feature = "cuda")]
fn real_gpu(cuda: bool) -> Result<Option<Box<dyn Backend>>, String> {
    if !cuda {
        return Ok(None);
    }
    let b = lockstep_runtime::cuda_backend::CudaBackend::new().map_err(|e| e.to_string())?;
    Ok(Some(Box::new(b)))
}

#[cfg(not(feature = "cuda"))]
fn real_gpu(cuda: bool) -> Result<Option<Box<dyn Backend>>, String> {
    if cuda {
        return Err("--backend=cuda needs lockstep-run built with the 'cuda' feature".into());
    }
    Ok(None)
}

/// The names of the kernels of every `device.module` in `module`, in IR order.
fn kernel_names(ctx: &Context, module: lockstep_ir::OpId) -> Vec<String> {
    let mut names = Vec::new();
    let children = |op| lockstep_glue::kernels::top_level_ops(ctx, op);
    for dev in children(module) {
        if !ctx.isa(dev, &lockstep_device::MODULE) {
            continue;
        }
        for op in children(dev) {
            if let Some(f) = lockstep_device::FunctionOp::from_op(ctx, op)
                && f.is_kernel(ctx)
            {
                names.push(f.name(ctx).to_string());
            }
        }
    }
    names
}
