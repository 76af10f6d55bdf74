//! The command line: mlir-opt's flags with clap, plus one flag per
//! registered pass (`--cse`, `--canonicalize=max-iterations=3`).
//!
//! Invariants:
//! - Every flag has its mlir-opt spelling: `--mlir-*` aliases where mlir-opt
//!   has the prefix, and single-dash long forms (`-pass-pipeline=...`,
//!   `-split-input-file`) are accepted as LLVM's command-line parser does.
//! - Pass flags keep their command-line order in the pipeline they build,
//!   `builtin.module(pass1,pass2)`; they cannot be mixed with `-p`.

use crate::driver::{Options, VerifyDiagnostics};
use clap::{Arg, ArgAction, ArgMatches, Command};
use lockstep_ir::PrintOptions;
use lockstep_pass::{IrPrinting, PassRegistry, PassSelection, RemarkFilter, StatisticsDisplay};
use std::path::PathBuf;

/// What the command line asks for.
pub enum Action {
    Run(Box<Options>),
    ListPasses,
    ShowDialects,
}

const FLAGS: &str = "Flags";
const PASSES: &str = "Passes (each adds itself to builtin.module(...), in order)";

fn flag(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .help(help)
        .action(ArgAction::SetTrue)
        .help_heading(FLAGS)
}

fn value(name: &'static str, value_name: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .value_name(value_name)
        .help(help)
        .help_heading(FLAGS)
}

/// The clap command, with a flag for each registered pass.
pub fn command(registry: &PassRegistry) -> Command {
    let mut cmd = Command::new("lockstep-opt")
        .about("Parse, verify and transform MLIR-syntax IR (builtin, func, arith, cf, scf), like mlir-opt")
        .disable_version_flag(true)
        .arg(Arg::new("input").value_name("FILE").help("Input file, or - for stdin").default_value("-"))
        .arg(
            Arg::new("output")
                .short('o')
                .value_name("FILE")
                .help("Output file (- for stdout)")
                .default_value("-")
                .help_heading(FLAGS),
        )
        .arg(
            value("pass-pipeline", "PIPELINE", "Textual pass pipeline, e.g. 'builtin.module(func.func(cse))'")
                .short('p'),
        )
        .arg(
            value("split-input-file", "MARKER", "Split the input at marker lines and process each chunk on its own")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("// -----"),
        )
        .arg(value("output-split-marker", "MARKER", "Marker joining the outputs of split chunks").default_value("// -----"))
        .arg(
            value(
                "verify-diagnostics",
                "MODE",
                "Check diagnostics against expected-* directives (all, or only-expected to ignore unexpected ones)",
            )
            .num_args(0..=1)
            .require_equals(true)
            .default_missing_value("all")
            .value_parser(["all", "only-expected"]),
        )
        .arg(
            value("verify-each", "BOOL", "Run the verifier after each pass (default true)")
                .num_args(0..=1)
                .require_equals(true)
                .default_value("true")
                .default_missing_value("true")
                .value_parser(clap::builder::BoolishValueParser::new()),
        )
        .arg(flag("print-op-generic", "Print ops in the generic form").alias("mlir-print-op-generic"))
        .arg(flag("print-debuginfo", "Print locations").alias("mlir-print-debuginfo"))
        .arg(flag("allow-unregistered-dialect", "Accept ops of unregistered dialects"))
        .arg(
            value("print-ir-before", "PASSES", "Print IR before the passes with these arguments (comma-separated)")
                .alias("mlir-print-ir-before")
                .action(ArgAction::Append),
        )
        .arg(
            value("print-ir-after", "PASSES", "Print IR after the passes with these arguments (comma-separated)")
                .alias("mlir-print-ir-after")
                .action(ArgAction::Append),
        )
        .arg(flag("print-ir-before-all", "Print IR before each pass").alias("mlir-print-ir-before-all"))
        .arg(flag("print-ir-after-all", "Print IR after each pass").alias("mlir-print-ir-after-all"))
        .arg(
            flag("print-ir-after-change", "With --print-ir-after*, print only if the pass changed the IR")
                .alias("mlir-print-ir-after-change"),
        )
        .arg(
            flag("print-ir-module-scope", "Print the whole top-level op in IR dumps (implies --disable-threading)")
                .alias("mlir-print-ir-module-scope"),
        )
        .arg(
            value("print-ir-tree-dir", "DIR", "Write IR dumps to a file tree under DIR instead of stderr")
                .alias("mlir-print-ir-tree-dir"),
        )
        .arg(value(
            "remarks",
            "CATEGORIES",
            "Report the optimization remarks of these categories (comma-separated, e.g. code-motion; all for every one)",
        ))
        .arg(flag("timing", "Report execution times").alias("mlir-timing"))
        .arg(flag("pass-statistics", "Report pass statistics").alias("mlir-pass-statistics"))
        .arg(
            value("pass-statistics-display", "MODE", "How statistics are shown")
                .alias("mlir-pass-statistics-display")
                .value_parser(["pipeline", "list"])
                .default_value("pipeline"),
        )
        .arg(flag("disable-threading", "Run nested passes on one thread").alias("mlir-disable-threading"))
        .arg(flag("dump-pass-pipeline", "Print the pipeline that will run"))
        .arg(flag("list-passes", "List the registered passes and their options, then exit"))
        .arg(flag("show-dialects", "List the registered dialects, then exit"));
    for info in registry.passes() {
        cmd = cmd.arg(
            Arg::new(info.argument)
                .long(info.argument)
                .value_name("OPTIONS")
                .help(info.description)
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("")
                .action(ArgAction::Append)
                .help_heading(PASSES),
        );
    }
    cmd
}

/// Accepts LLVM's single-dash long flags: `-split-input-file` becomes
/// `--split-input-file` when the name is a long flag of `cmd`.
pub fn normalize_args(cmd: &Command, args: Vec<String>) -> Vec<String> {
    let longs: Vec<String> = cmd
        .get_arguments()
        .filter_map(|a| {
            a.get_long().map(|l| {
                std::iter::once(l.to_string())
                    .chain(a.get_all_aliases().into_iter().flatten().map(String::from))
            })
        })
        .flatten()
        .collect();
    let mut out = Vec::with_capacity(args.len());
    let mut rest_positional = false;
    for (i, a) in args.into_iter().enumerate() {
        if i == 0 || rest_positional {
            out.push(a);
            continue;
        }
        if a == "--" {
            rest_positional = true;
            out.push(a);
            continue;
        }
        let single = a.len() > 2 && a.starts_with('-') && !a.starts_with("--");
        let name = a.get(1..).unwrap_or("").split('=').next().unwrap_or("");
        if single && longs.iter().any(|l| l == name) {
            out.push(format!("-{a}"));
        } else {
            out.push(a);
        }
    }
    out
}

/// Turns parsed arguments into an action, or an error message.
pub fn options(m: &ArgMatches, registry: &PassRegistry) -> Result<Action, String> {
    if m.get_flag("list-passes") {
        return Ok(Action::ListPasses);
    }
    if m.get_flag("show-dialects") {
        return Ok(Action::ShowDialects);
    }
    // Pass flags, in command-line order.
    let mut pass_flags: Vec<(usize, String)> = Vec::new();
    for info in registry.passes() {
        if let (Some(idx), Some(vals)) = (
            m.indices_of(info.argument),
            m.get_many::<String>(info.argument),
        ) {
            for (i, v) in idx.zip(vals) {
                let item = if v.is_empty() {
                    info.argument.to_string()
                } else {
                    format!("{}{{{v}}}", info.argument)
                };
                pass_flags.push((i, item));
            }
        }
    }
    pass_flags.sort();
    let explicit = m.get_one::<String>("pass-pipeline").cloned();
    let pipeline = match (explicit, pass_flags.is_empty()) {
        (Some(_), false) => {
            return Err(
                "'-pass-pipeline' option can't be used with individual pass options".into(),
            );
        }
        (Some(p), true) => Some(p),
        (None, false) => {
            let items: Vec<String> = pass_flags.into_iter().map(|(_, s)| s).collect();
            Some(format!("builtin.module({})", items.join(",")))
        }
        (None, true) => None,
    };

    let print = PrintOptions {
        generic: m.get_flag("print-op-generic"),
        debug_info: m.get_flag("print-debuginfo"),
    };
    let mut ir = IrPrinting {
        print,
        ..IrPrinting::default()
    };
    if m.get_flag("print-ir-before-all") {
        ir.before = PassSelection::All;
    } else if let Some(lists) = m.get_many::<String>("print-ir-before") {
        lists.for_each(|l| ir.before.add_list(l));
    }
    if m.get_flag("print-ir-after-all") {
        ir.after = PassSelection::All;
    } else if let Some(lists) = m.get_many::<String>("print-ir-after") {
        lists.for_each(|l| ir.after.add_list(l));
    }
    ir.after_change = m.get_flag("print-ir-after-change");
    ir.module_scope = m.get_flag("print-ir-module-scope");
    ir.tree_dir = m.get_one::<String>("print-ir-tree-dir").map(PathBuf::from);

    let output = m
        .get_one::<String>("output")
        .cloned()
        .unwrap_or_else(|| "-".into());
    Ok(Action::Run(Box::new(Options {
        input: m
            .get_one::<String>("input")
            .cloned()
            .unwrap_or_else(|| "-".into()),
        output,
        pipeline,
        split_marker: m.get_one::<String>("split-input-file").cloned(),
        output_split_marker: m
            .get_one::<String>("output-split-marker")
            .cloned()
            .unwrap_or_else(|| "// -----".into()),
        verify_diagnostics: m.get_one::<String>("verify-diagnostics").map(|v| {
            if v == "only-expected" {
                VerifyDiagnostics::OnlyExpected
            } else {
                VerifyDiagnostics::All
            }
        }),
        verify_each: m.get_one::<bool>("verify-each").copied().unwrap_or(true),
        allow_unregistered: m.get_flag("allow-unregistered-dialect"),
        ir_printing: ir,
        timing: m.get_flag("timing"),
        remarks: m
            .get_one::<String>("remarks")
            .map(|l| RemarkFilter::parse(l))
            .unwrap_or_default(),
        statistics: m.get_flag("pass-statistics").then(|| {
            match m
                .get_one::<String>("pass-statistics-display")
                .map(String::as_str)
            {
                Some("list") => StatisticsDisplay::List,
                _ => StatisticsDisplay::Pipeline,
            }
        }),
        threading: !m.get_flag("disable-threading"),
        dump_pipeline: m.get_flag("dump-pass-pipeline"),
    })))
}

/// `--list-passes`: each pass with its description, then its options.
pub fn list_passes(registry: &PassRegistry) -> String {
    let mut out = String::from("Passes:\n");
    for info in registry.passes() {
        out.push_str(&format!(
            "  {:<56}-   {}\n",
            format!("--{}", info.argument),
            info.description
        ));
        for o in info.options {
            let name = format!("--{}=<{}>", o.name, o.kind);
            let default = if o.default.is_empty() {
                String::new()
            } else {
                format!(" (default: {})", o.default)
            };
            out.push_str(&format!("    {name:<54}- {}{default}\n", o.description));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockstep_pass::{Pass, PassContext, PassInfo};

    struct P;
    impl Pass for P {
        fn argument(&self) -> &'static str {
            "p1"
        }
        fn name(&self) -> &'static str {
            "P1"
        }
        fn run(
            &mut self,
            _: lockstep_ir::OpId,
            _: &mut PassContext<'_>,
        ) -> Result<(), lockstep_ir::Diagnostic> {
            Ok(())
        }
    }
    static P1: PassInfo = PassInfo {
        argument: "p1",
        description: "first",
        options: &[lockstep_pass::OptionSpec {
            name: "k",
            description: "a knob",
            kind: "uint",
            default: "3",
        }],
        create: |_| Ok(Box::new(P)),
    };
    static P2: PassInfo = PassInfo {
        argument: "p2",
        description: "second",
        options: &[],
        create: |_| Ok(Box::new(P)),
    };

    fn reg() -> PassRegistry {
        let mut r = PassRegistry::new();
        r.register(&P1);
        r.register(&P2);
        r
    }

    fn parse(args: &[&str]) -> Result<Action, String> {
        let r = reg();
        let cmd = command(&r);
        let args = normalize_args(&cmd, args.iter().map(|s| s.to_string()).collect());
        let m = cmd.try_get_matches_from(args).map_err(|e| e.to_string())?;
        options(&m, &r)
    }

    fn run_opts(args: &[&str]) -> Options {
        match parse(args) {
            Ok(Action::Run(o)) => *o,
            Ok(_) => panic!("not a run"),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn pass_flags_build_a_pipeline_in_order() {
        let o = run_opts(&["x", "--p2", "f.mlir", "--p1=k=4", "--p2"]);
        assert_eq!(o.pipeline.as_deref(), Some("builtin.module(p2,p1{k=4},p2)"));
        assert_eq!(o.input, "f.mlir");
        assert!(parse(&["x", "--p1", "-p", "builtin.module()"]).is_err());
    }

    #[test]
    fn mlir_spellings_are_accepted() {
        let o = run_opts(&[
            "x",
            "-pass-pipeline=builtin.module(p1)",
            "-split-input-file",
            "--mlir-print-ir-after-all",
            "--mlir-print-op-generic",
            "--mlir-disable-threading",
            "-o",
            "out.mlir",
        ]);
        assert_eq!(o.pipeline.as_deref(), Some("builtin.module(p1)"));
        assert_eq!(o.split_marker.as_deref(), Some("// -----"));
        assert_eq!(o.ir_printing.after, PassSelection::All);
        assert!(o.ir_printing.print.generic && !o.threading);
        assert_eq!(o.output, "out.mlir");
        let o = run_opts(&[
            "x",
            "--print-ir-before=p1,p2",
            "--print-ir-before",
            "p3",
            "--verify-each=false",
        ]);
        assert_eq!(
            o.ir_printing.before,
            PassSelection::Only(vec!["p1".into(), "p2".into(), "p3".into()])
        );
        assert!(!o.verify_each);
        assert_eq!(o.input, "-");
    }

    #[test]
    fn list_passes_shows_options() {
        let text = list_passes(&reg());
        assert!(text.starts_with("Passes:\n  --p1 "));
        assert!(text.contains("-   first\n    --k=<uint> "));
        assert!(text.contains("- a knob (default: 3)\n"));
    }
}
