//! Translation out of lockstep IR, shared by `lockstep-translate` and
//! `lockstepc --emit=…`: PTX text, C and Rust launch glue, and the host
//! program as C.
//!
//! Invariants:
//! - The input module is verified before it gets here; translation never
//!   changes it (PTX is produced from a scratch copy of the device code,
//!   or printed from a `ptx.module` the module already holds).
//! - Every PTX text that leaves this module went through ptxas for each
//!   target in `$LOCKSTEP_PTXAS_CHECK` (comma-separated, e.g.
//!   `sm_80,sm_90`; the test suite sets it) and, with `verify_ptx`, for the
//!   requested target; a rejection is an error naming the PTX line.
//! - Outputs are returned, not written: the caller writes files only after
//!   everything succeeded, so a failed run leaves no partial output.

use clap::{Arg, ArgAction, ArgMatches, Command};
use lockstep_codegen::pipeline::{PtxOptions, compile_to_ptx};
use lockstep_codegen::ptxas;
use lockstep_ir::verify::{VerifyOptions, verify_first_errors};
use lockstep_ir::{Context, Diagnostic, OpId, SourceFile, SourceMgr};

/// A `.cu` file the front end compiled and the verifier accepted, with the
/// source manager diagnostics about it are rendered against.
pub struct CompiledSource {
    pub ctx: Context,
    pub module: OpId,
    pub sources: SourceMgr,
}

impl CompiledSource {
    /// Writes `ds` to stderr as `file:line:col: …` with snippets.
    pub fn report(&self, ds: &[Diagnostic]) {
        report_diagnostics(&self.ctx, &self.sources, ds);
    }
}

/// Renders `ds` against `sources` on stderr.
pub fn report_diagnostics(ctx: &Context, sources: &SourceMgr, ds: &[Diagnostic]) {
    let mut out = String::new();
    for d in ds {
        out.push_str(&sources.render(ctx.uniquer(), d));
    }
    eprint!("{out}");
}

/// Runs the front end on `text` (named `name` in diagnostics) and verifies
/// its output, as every tool that takes a `.cu` file does. Errors are
/// reported on stderr (`tool` prefixes the internal-error line) and give
/// `None`.
pub fn compile_cu(tool: &str, name: &str, text: &str) -> Option<CompiledSource> {
    load_source(
        tool,
        name,
        text,
        "the front end",
        lockstep_frontend::compile,
    )
}

/// Raises PTX `text` (named `name`) into device IR and verifies it.
pub fn import_ptx(tool: &str, name: &str, text: &str) -> Option<CompiledSource> {
    load_source(
        tool,
        name,
        text,
        "the PTX importer",
        lockstep_ptx_import::import_ptx,
    )
}

/// Is `name` a PTX file (by its extension)?
pub fn is_ptx_file(name: &str) -> bool {
    std::path::Path::new(name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ptx"))
}

/// [`import_ptx`] for a `.ptx` file, [`compile_cu`] for anything else.
pub fn compile_source(tool: &str, name: &str, text: &str) -> Option<CompiledSource> {
    if is_ptx_file(name) {
        import_ptx(tool, name, text)
    } else {
        compile_cu(tool, name, text)
    }
}

/// Builds a module from `text` with `build` and verifies it; `what` names
/// the builder in the internal error a verifier failure is.
fn load_source(
    tool: &str,
    name: &str,
    text: &str,
    what: &str,
    build: fn(&mut Context, &str, &str) -> Result<OpId, Diagnostic>,
) -> Option<CompiledSource> {
    let mut ctx = lockstep_registry::new_context(false);
    let mut sources = SourceMgr::default();
    sources.add(SourceFile::new(ctx.sym(name), text.to_string(), 1));
    let module = match build(&mut ctx, name, text) {
        Ok(m) => m,
        Err(d) => {
            report_diagnostics(&ctx, &sources, &[d]);
            return None;
        }
    };
    let verified = verify_first_errors(
        &ctx,
        module,
        VerifyOptions {
            print_op_on_diagnostic: true,
        },
    );
    if let Err(ds) = verified {
        eprintln!("{tool}: internal error: {what} produced IR that does not verify");
        report_diagnostics(&ctx, &sources, &ds);
        return None;
    }
    Some(CompiledSource {
        ctx,
        module,
        sources,
    })
}

/// What to translate the module into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmitKind {
    Ptx,
    GlueC,
    GlueRust,
    HostC,
}

impl EmitKind {
    /// The `--emit=` spellings (`lockstepc`); `lockstep-translate` takes
    /// them as `--ptx`, `--glue-c`, … flags.
    pub const ALL: &'static [(&'static str, EmitKind)] = &[
        ("ptx", EmitKind::Ptx),
        ("glue-c", EmitKind::GlueC),
        ("glue-rust", EmitKind::GlueRust),
        ("host-c", EmitKind::HostC),
    ];

    pub fn parse(s: &str) -> Option<EmitKind> {
        Self::ALL.iter().find(|(n, _)| *n == s).map(|(_, k)| *k)
    }
}

/// How to translate.
#[derive(Clone, Debug)]
pub struct TranslateOptions {
    /// `sm_70` … `sm_90`.
    pub sm: String,
    /// `.file`/`.loc` in the PTX (`-g`).
    pub debug_info: bool,
    /// Assemble the PTX with ptxas for `sm` and fail on rejection.
    pub verify_ptx: bool,
}

impl Default for TranslateOptions {
    fn default() -> Self {
        TranslateOptions {
            sm: ptxas::DEFAULT_TARGET.to_string(),
            debug_info: false,
            verify_ptx: false,
        }
    }
}

/// One output text; `extension` replaces the output file's extension for
/// the secondary outputs (the C glue's header).
#[derive(Clone, Debug)]
pub struct OutputFile {
    pub extension: Option<&'static str>,
    pub text: String,
}

/// Why translation failed.
#[derive(Debug)]
pub enum TranslateError {
    /// A problem located in the input.
    Diag(Diagnostic),
    /// A problem with no input location (ptxas rejected the PTX, a flag).
    Message(String),
}

impl From<Diagnostic> for TranslateError {
    fn from(d: Diagnostic) -> Self {
        TranslateError::Diag(d)
    }
}

/// Adds the code-generation flags both tools take: `--sm=TARGET`, `-g`,
/// `--verify-ptx`.
pub fn codegen_args(cmd: Command) -> Command {
    cmd.arg(
        Arg::new("sm")
            .long("sm")
            .value_name("TARGET")
            .require_equals(true)
            .default_value(ptxas::DEFAULT_TARGET)
            .help("PTX target: sm_70, sm_75, sm_80, sm_86, sm_89 or sm_90"),
    )
    .arg(
        Arg::new("debug-info")
            .short('g')
            .action(ArgAction::SetTrue)
            .help("Emit .file/.loc source locations in the PTX"),
    )
    .arg(
        Arg::new("verify-ptx")
            .long("verify-ptx")
            .action(ArgAction::SetTrue)
            .help("Assemble the PTX with ptxas for the target and report any rejection with its PTX line"),
    )
}

/// The options [`codegen_args`] parsed; an unknown target is an error.
pub fn codegen_options(m: &ArgMatches) -> Result<TranslateOptions, String> {
    let sm = m.get_one::<String>("sm").cloned().unwrap_or_default();
    check_target(&sm)?;
    Ok(TranslateOptions {
        sm,
        debug_info: m.get_flag("debug-info"),
        verify_ptx: m.get_flag("verify-ptx"),
    })
}

/// Checks `--sm` before any work.
pub fn check_target(sm: &str) -> Result<(), String> {
    if ptxas::version_for(sm).is_some() {
        return Ok(());
    }
    let known: Vec<&str> = ptxas::TARGETS.iter().map(|(t, _)| *t).collect();
    Err(format!(
        "unknown target '{sm}'; valid targets: {}",
        known.join(", ")
    ))
}

/// Translates `module` into `kind`. `output_name` is the primary output's
/// file name (`-` for stdout), used to name the C glue's header and in
/// ptxas error messages.
pub fn translate(
    ctx: &mut Context,
    module: OpId,
    kind: EmitKind,
    opts: &TranslateOptions,
    output_name: &str,
) -> Result<Vec<OutputFile>, TranslateError> {
    check_target(&opts.sm).map_err(TranslateError::Message)?;
    if kind != EmitKind::Ptx && !lowered_modules(ctx, module).is_empty() {
        // The glue's typed signatures come from the device-level kernels,
        // which lowering replaced.
        return Err(TranslateError::Diag(Diagnostic::error(
            ctx.loc(module),
            "launch glue and host C need the device-level IR (a 'device.module'); this module was already lowered to 'ptx.module'",
        )));
    }
    if kind == EmitKind::HostC {
        let header = host_glue_header(output_name);
        let text = lockstep_glue::emit_host_c(ctx, module, &header)?;
        return Ok(vec![OutputFile {
            extension: None,
            text,
        }]);
    }
    let ptx = ptx_text(ctx, module, opts, output_name)?;
    Ok(match kind {
        EmitKind::Ptx => vec![OutputFile {
            extension: None,
            text: ptx,
        }],
        EmitKind::GlueC => {
            let header = header_name(output_name);
            let glue = lockstep_glue::emit_c_glue(ctx, module, &ptx, &header)?;
            // On stdout the header comes first, as it would be read.
            vec![
                OutputFile {
                    extension: Some("h"),
                    text: glue.header,
                },
                OutputFile {
                    extension: None,
                    text: glue.source,
                },
            ]
        }
        EmitKind::GlueRust => vec![OutputFile {
            extension: None,
            text: lockstep_glue::emit_rust_glue(ctx, module, &ptx)?,
        }],
        EmitKind::HostC => unreachable!("handled above"),
    })
}

/// The header the C glue's source and the host C include: the output's
/// file name with `.h`, or `lockstep_glue.h` on stdout.
pub fn header_name(output_name: &str) -> String {
    if output_name == "-" {
        return "lockstep_glue.h".to_string();
    }
    let path = std::path::Path::new(output_name);
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "lockstep_glue".to_string());
    format!("{stem}.h")
}

/// The glue header the host C of `app.c` includes: `app_glue.h`, which
/// `--emit=glue-c -o app_glue.c` writes (`lockstep_glue.h` on stdout, as
/// for the glue itself).
pub fn host_glue_header(output_name: &str) -> String {
    if output_name == "-" {
        return header_name(output_name);
    }
    let stem = std::path::Path::new(output_name)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "lockstep".to_string());
    format!("{stem}_glue.h")
}

/// The PTX of `module`: printed from the `ptx.module`s it holds when it
/// was lowered already (lockstep-opt's pipeline), else lowered from its
/// device code; then checked with ptxas as the options and the
/// environment ask.
pub fn ptx_text(
    ctx: &mut Context,
    module: OpId,
    opts: &TranslateOptions,
    output_name: &str,
) -> Result<String, TranslateError> {
    let lowered = lowered_modules(ctx, module);
    let emit_opts = lockstep_ptx::emit::EmitOptions {
        debug_info: opts.debug_info,
    };
    let ptx = if lowered.is_empty() {
        compile_to_ptx(
            ctx,
            module,
            &PtxOptions {
                sm: opts.sm.clone(),
                debug_info: opts.debug_info,
            },
        )?
    } else {
        let mut text = String::new();
        for m in lowered {
            text.push_str(&lockstep_ptx::emit::emit_module(ctx, m, &emit_opts)?);
        }
        text
    };
    let mut targets: Vec<String> = std::env::var("LOCKSTEP_PTXAS_CHECK")
        .unwrap_or_default()
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    // PTX for a target assembles for that GPU and later ones only.
    let own = sm_number(&ptx_target(&ptx).unwrap_or_default());
    targets.retain(|t| sm_number(t) >= own);
    if opts.verify_ptx && !targets.contains(&opts.sm) {
        targets.insert(0, opts.sm.clone());
    }
    if !targets.is_empty() {
        verify_with_ptxas(&ptx, &targets, output_name).map_err(TranslateError::Message)?;
    }
    Ok(ptx)
}

/// The `.target` of a PTX text (`sm_80`).
fn ptx_target(ptx: &str) -> Option<String> {
    ptx.lines().find_map(|l| {
        let rest = l.trim().strip_prefix(".target")?;
        Some(
            rest.split([',', ' ', '\t'])
                .find(|w| !w.is_empty())?
                .to_string(),
        )
    })
}

/// `80` for `sm_80`; 0 when it is not an `sm_NN` name.
fn sm_number(sm: &str) -> u32 {
    sm.strip_prefix("sm_")
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The `ptx.module`s directly inside `module`.
fn lowered_modules(ctx: &Context, module: OpId) -> Vec<OpId> {
    ctx.regions(module)
        .iter()
        .flat_map(|&r| ctx.region_blocks(r).iter())
        .flat_map(|&b| ctx.block_ops(b))
        .filter(|&op| ctx.isa(op, &lockstep_ptx::MODULE))
        .collect()
}

/// Assembles `ptx` for each target; the error quotes ptxas and the PTX
/// line it blamed, as `NAME:LINE:1: error: …` with the line below.
pub fn verify_with_ptxas(ptx: &str, targets: &[String], output_name: &str) -> Result<(), String> {
    let Some(tool) = ptxas::find_ptxas() else {
        return Err(
            "cannot validate PTX: ptxas not found (install the PyPI wheel nvidia-cuda-nvcc, or set LOCKSTEP_PTXAS)"
                .to_string(),
        );
    };
    let name = if output_name == "-" {
        "<stdout>.ptx"
    } else {
        output_name
    };
    for sm in targets {
        if let Err(f) = ptxas::assemble(tool, ptx, sm, false, false) {
            let first = f
                .message
                .lines()
                .find(|l| l.contains("error"))
                .unwrap_or_else(|| f.message.lines().next().unwrap_or("ptxas failed"))
                .trim()
                .to_string();
            let mut msg = match &f.line {
                Some((n, text)) => format!(
                    "{name}:{n}:1: error: ptxas rejected the PTX for {sm}: {first}\n{text}\n^"
                ),
                None => format!("{name}: error: ptxas rejected the PTX for {sm}: {first}"),
            };
            let rest: Vec<&str> = f.message.lines().filter(|l| l.trim() != first).collect();
            if !rest.is_empty() {
                msg.push('\n');
                msg.push_str(&rest.join("\n"));
            }
            return Err(msg);
        }
    }
    Ok(())
}

/// Writes `outputs` to `path` (`-`: stdout, one after the other); an
/// output with an extension goes next to `path` with that extension.
/// Nothing is written unless every file can be.
pub fn write_outputs(path: &str, outputs: &[OutputFile]) -> Result<(), String> {
    if path == "-" {
        let all: String = outputs.iter().map(|o| o.text.as_str()).collect();
        return lockstep_opt::tool::write_output("-", &all);
    }
    for o in outputs {
        let target = match o.extension {
            Some(ext) => std::path::Path::new(path)
                .with_extension(ext)
                .to_string_lossy()
                .into_owned(),
            None => path.to_string(),
        };
        lockstep_opt::tool::write_output(&target, &o.text)?;
    }
    Ok(())
}
