//! `lockstep-translate (--ptx|--glue-c|--glue-rust|--host-c) FILE.mlir [-o OUT]`:
//! lockstep's `mlir-translate`. Reads lockstep IR, verifies it, and writes
//! it out of the IR: PTX text, launch glue or the host program as C.
//! `lockstep-translate --import-ptx FILE.ptx` goes the other way: it raises
//! PTX into device IR (`lockstep-ptx-import`) and prints it.
//!
//! Invariants:
//! - Input that does not parse or verify is reported as
//!   `file:line:col: error: …` with a snippet, exit status 1; so is any op
//!   the lowering cannot handle.
//! - `--ptx` on a module that already holds `ptx.module`s (lowered by
//!   lockstep-opt's passes) only prints them; on device-level IR it runs
//!   the lowering pipeline first, as `lockstepc --emit=ptx` does.
//! - Outputs are written only after the whole translation succeeded.

use clap::{Arg, ArgAction, ArgGroup, Command};
use lockstep_ir::verify::{VerifyOptions, verify_first_errors};
use lockstep_ir::{Context, Diagnostic, SourceFile, SourceMgr};
use lockstep_opt::tool;
use lockstep_translate::{EmitKind, TranslateError, translate, write_outputs};
use std::process::ExitCode;

const STACK: usize = 512 << 20;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    tool::run_worker("lockstep-translate", STACK, move || real_main(args))
}

fn command() -> Command {
    let cmd = Command::new("lockstep-translate")
        .about("Translate lockstep IR to PTX, C or Rust launch glue, or host C")
        .arg(
            Arg::new("input")
                .default_value("-")
                .help("Input .mlir file, or - for stdin"),
        )
        .arg(
            Arg::new("output")
                .short('o')
                .value_name("FILE")
                .default_value("-")
                .help("Output file (the C glue's header goes next to it as FILE.h)"),
        )
        .arg(
            Arg::new("allow-unregistered-dialect")
                .long("allow-unregistered-dialect")
                .action(ArgAction::SetTrue)
                .help("Accept ops of unregistered dialects"),
        );
    let mut cmd = lockstep_translate::codegen_args(cmd);
    let mut ids = Vec::new();
    for (name, _) in EmitKind::ALL {
        let help = match *name {
            "ptx" => "Translate device code to PTX",
            "glue-c" => "Write C launch glue on the CUDA driver API (FILE and FILE.h)",
            "glue-rust" => "Write a Rust launch-glue module on cudarc",
            _ => "Write the host program as C calling the C glue",
        };
        cmd = cmd.arg(
            Arg::new(*name)
                .long(*name)
                .action(ArgAction::SetTrue)
                .help(help),
        );
        ids.push(*name);
    }
    cmd = cmd.arg(
        Arg::new("import-ptx")
            .long("import-ptx")
            .action(ArgAction::SetTrue)
            .help("Raise a PTX file into device IR and print it"),
    );
    ids.push("import-ptx");
    cmd.group(ArgGroup::new("translation").args(ids).required(true))
}

/// `--import-ptx`: the raised module, printed.
fn import(name: &str, text: &str, output: &str) -> u8 {
    let Some(src) = lockstep_translate::import_ptx("lockstep-translate", name, text) else {
        return 1;
    };
    let ir = lockstep_ir::print_op(&src.ctx, src.module, Default::default());
    if let Err(msg) = tool::write_output(output, &ir) {
        eprintln!("lockstep-translate: error: {msg}");
        return 1;
    }
    0
}

fn real_main(args: Vec<String>) -> u8 {
    let m = match command().try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return u8::from(e.use_stderr());
        }
    };
    let kind = EmitKind::ALL
        .iter()
        .find(|(n, _)| m.get_flag(n))
        .map(|(_, k)| *k)
        .unwrap_or(EmitKind::Ptx);
    let opts = match lockstep_translate::codegen_options(&m) {
        Ok(o) => o,
        Err(msg) => {
            eprintln!("lockstep-translate: error: {msg}");
            return 1;
        }
    };
    let input = m.get_one::<String>("input").cloned().unwrap_or_default();
    let output = m.get_one::<String>("output").cloned().unwrap_or_default();
    let (name, text) = match tool::read_input(&input) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("lockstep-translate: error: {msg}");
            return 1;
        }
    };
    if m.get_flag("import-ptx") {
        return import(&name, &text, &output);
    }
    let mut ctx = lockstep_registry::new_context(m.get_flag("allow-unregistered-dialect"));
    let mut sources = SourceMgr::default();
    sources.add(SourceFile::new(ctx.sym(&name), text.clone(), 1));
    let report = |ctx: &Context, ds: &[Diagnostic]| {
        let mut out = String::new();
        for d in ds {
            out.push_str(&sources.render(ctx.uniquer(), d));
        }
        eprint!("{out}");
    };
    let module = match lockstep_ir::parse_source(&mut ctx, &name, &text, 1) {
        Ok(m) => m,
        Err(d) => {
            report(&ctx, &[d]);
            return 1;
        }
    };
    if let Err(ds) = verify_first_errors(
        &ctx,
        module,
        VerifyOptions {
            print_op_on_diagnostic: true,
        },
    ) {
        report(&ctx, &ds);
        return 1;
    }
    let outputs = match translate(&mut ctx, module, kind, &opts, &output) {
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
    if let Err(msg) = write_outputs(&output, &outputs) {
        eprintln!("lockstep-translate: error: {msg}");
        return 1;
    }
    0
}
