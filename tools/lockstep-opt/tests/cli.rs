//! The `lockstep-opt` binary end to end: exit codes, outputs and flags.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_lockstep-opt");

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Out {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("lockstep-opt starts");
    {
        let mut input = child.stdin.take().expect("stdin");
        if let Some(s) = stdin {
            input.write_all(s.as_bytes()).expect("write stdin");
        }
    }
    let out = child.wait_with_output().expect("lockstep-opt finishes");
    Out {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A fresh directory for one test's files.
fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lockstep-opt-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn with_file(name: &str, file: &str, text: &str, args: &[&str]) -> (Out, PathBuf) {
    let d = tmp(name);
    std::fs::write(d.join(file), text).unwrap();
    (run_in(&d, args, None), d)
}

const TWO_FUNCS: &str = "\
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @g(%a: i32) -> i32 {
  return %a : i32
}
";

const TWO_FUNCS_OUT: &str = "\
module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = arith.addi %arg0, %arg0 : i32
    %2 = arith.muli %0, %1 : i32
    return %2 : i32
  }
  func.func @g(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}

";

#[test]
fn prints_valid_input_and_exits_0() {
    let (o, _) = with_file("valid", "in.mlir", TWO_FUNCS, &["in.mlir"]);
    assert_eq!((o.code, o.stderr.as_str()), (0, ""));
    assert_eq!(o.stdout, TWO_FUNCS_OUT);
    let o = run_in(&std::env::temp_dir(), &["-"], Some(TWO_FUNCS));
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(o.stdout, TWO_FUNCS_OUT);
    let o = run_in(&std::env::temp_dir(), &[], Some(TWO_FUNCS));
    assert_eq!(o.stdout, TWO_FUNCS_OUT, "stdin is the default input");
}

#[test]
fn errors_are_rendered_with_a_caret_and_exit_1() {
    let src = "func.func @f(%a: i32) {\n  %0 = arith.addi %a %a : i32\n  return\n}\n";
    let (o, _) = with_file("parse-error", "bad.mlir", src, &["bad.mlir"]);
    assert_eq!(o.code, 1);
    assert_eq!(o.stdout, "");
    // The parser owns the wording and exact column; the driver the shape.
    let lines: Vec<&str> = o.stderr.lines().collect();
    assert!(
        lines[0].starts_with("bad.mlir:2:2") && lines[0].contains(": error: expected ','"),
        "{}",
        o.stderr
    );
    assert_eq!(lines[1], "  %0 = arith.addi %a %a : i32");
    assert!(
        lines[2].trim_start() == "^" && lines.len() == 3,
        "{}",
        o.stderr
    );

    let src = "func.func @f(%a: i32) -> i64 {\n  return %a : i32\n}\n";
    let (o, _) = with_file("verify-error", "v.mlir", src, &["v.mlir"]);
    assert_eq!(o.code, 1);
    assert!(o.stderr.starts_with("v.mlir:2:3: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f\n  return %a : i32\n  ^\n"), "{}", o.stderr);
    assert!(
        o.stderr.contains(
            "v.mlir:2:3: note: see current operation: \"func.return\"(%arg0) : (i32) -> ()\n"
        ),
        "{}",
        o.stderr
    );

    let o = run_in(&std::env::temp_dir(), &["no/such/file.mlir"], None);
    assert_eq!(o.code, 1);
    assert_eq!(
        o.stderr,
        "cannot open input file 'no/such/file.mlir': No such file or directory\n"
    );
}

#[test]
fn output_file_and_input_safety() {
    let (o, d) = with_file(
        "output",
        "in.mlir",
        TWO_FUNCS,
        &["in.mlir", "-o", "out.mlir"],
    );
    assert_eq!((o.code, o.stdout.as_str()), (0, ""));
    assert_eq!(
        std::fs::read_to_string(d.join("out.mlir")).unwrap(),
        TWO_FUNCS_OUT
    );
    assert_eq!(
        std::fs::read_to_string(d.join("in.mlir")).unwrap(),
        TWO_FUNCS,
        "input untouched"
    );
    // Only an explicit -o may name the input.
    let o = run_in(&d, &["in.mlir", "-o", "in.mlir"], None);
    assert_eq!(o.code, 0);
    assert_eq!(
        std::fs::read_to_string(d.join("in.mlir")).unwrap(),
        TWO_FUNCS_OUT
    );
    // A failing run writes no output file, so it cannot clobber its input.
    std::fs::write(d.join("bad.mlir"), "func.func @f(\n").unwrap();
    let o = run_in(&d, &["bad.mlir", "-o", "bad.mlir"], None);
    assert_eq!(o.code, 1);
    assert_eq!(
        std::fs::read_to_string(d.join("bad.mlir")).unwrap(),
        "func.func @f(\n"
    );
    let o = run_in(&d, &["bad.mlir", "-o", "new.mlir"], None);
    assert_eq!(o.code, 1);
    assert!(!d.join("new.mlir").exists());
}

#[test]
fn split_input_file_keeps_line_numbers() {
    let src = "\
func.func @a() {
  return
}

// -----

func.func @b(%x: i32) -> i32 {
  %0 = arith.addi %x, %x i32
  return %0 : i32
}
// -----
func.func @c() {
  return
}
";
    let (o, _) = with_file("split", "s.mlir", src, &["--split-input-file", "s.mlir"]);
    assert_eq!(o.code, 1);
    let lines: Vec<&str> = o.stderr.lines().collect();
    assert!(
        lines[0].starts_with("s.mlir:8:25: error: expected ':'"),
        "{}",
        o.stderr
    );
    assert_eq!(
        lines[1..],
        ["  %0 = arith.addi %x, %x i32", "                        ^"]
    );
    assert_eq!(
        o.stdout,
        "module {\n  func.func @a() {\n    return\n  }\n}\n\n// -----\n// -----\nmodule {\n  func.func @c() {\n    return\n  }\n}\n\n"
    );
    // Without the flag, the markers are comments.
    let fixed = src.replace("%x, %x i32", "%x, %x : i32");
    let (o, _) = with_file("nosplit", "s.mlir", &fixed, &["s.mlir"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(o.stdout.matches("func.func").count(), 3);
}

#[test]
fn verify_diagnostics_matches_directives() {
    let ok = "\
func.func @t(%a: i32, %b: i64) -> i32 {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}

// -----

func.func @ok() {
  return
}

// -----

func.func @w(%a: i32) {
  // expected-error @below {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}
";
    let (o, _) = with_file(
        "vd-ok",
        "ok.mlir",
        ok,
        &["--split-input-file", "--verify-diagnostics", "ok.mlir"],
    );
    assert_eq!((o.code, o.stderr.as_str()), (0, ""));
    assert_eq!(
        o.stdout,
        "// -----\nmodule {\n  func.func @ok() {\n    return\n  }\n}\n\n// -----\n"
    );

    let bad = "\
func.func @fine() {
  // expected-error @+1 {{never produced}}
  return
}

// -----

func.func @x(%a: i64) {
  %0 = arith.extsi %a : i64 to i32
  return
}
";
    let (o, _) = with_file(
        "vd-bad",
        "bad.mlir",
        bad,
        &["--split-input-file", "--verify-diagnostics", "bad.mlir"],
    );
    assert_eq!(o.code, 1);
    assert_eq!(
        o.stderr,
        "\
bad.mlir:2:6: error: expected error \"never produced\" was not produced
  // expected-error @+1 {{never produced}}
     ^~~~~~~~~~~~~~
bad.mlir:9:8: error: unexpected error: 'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible
  %0 = arith.extsi %a : i64 to i32
       ^
"
    );
    // only-expected ignores the unexpected one.
    let o = run_in(
        &tmp("vd-only"),
        &[
            "--split-input-file",
            "--verify-diagnostics=only-expected",
            "-",
        ],
        Some(
            &bad.replace("@+1 {{never produced}}", "@+1 {{}}")
                .replace("  // expected-error @+1 {{}}\n", ""),
        ),
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
}

#[test]
fn pipeline_errors_point_into_the_pipeline() {
    let (o, _) = with_file(
        "pipe-err",
        "in.mlir",
        TWO_FUNCS,
        &["in.mlir", "-p", "builtin.module(func.func(csx))"],
    );
    assert_eq!(o.code, 1);
    assert_eq!(
        o.stderr,
        "pass-pipeline:1:26: error: 'csx' does not refer to a registered pass or pass pipeline; did you mean 'cse'?\n\
         builtin.module(func.func(csx))\n                         ^\n"
    );
    let (o, _) = with_file(
        "opt-err",
        "in.mlir",
        TWO_FUNCS,
        &[
            "in.mlir",
            "-p",
            "builtin.module(canonicalize{max-iteration=3})",
        ],
    );
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.starts_with(
            "pass-pipeline:1:29: error: no such option 'max-iteration' for pass 'canonicalize'; did you mean 'max-iterations'?\n"
        ),
        "{}",
        o.stderr
    );
    let (o, _) = with_file(
        "root-err",
        "in.mlir",
        TWO_FUNCS,
        &["in.mlir", "-p", "func.func(cse)"],
    );
    assert_eq!(o.code, 1);
    assert_eq!(
        o.stderr,
        "in.mlir:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op\n"
    );
    let (o, _) = with_file(
        "mixed",
        "in.mlir",
        TWO_FUNCS,
        &["in.mlir", "-p", "builtin.module(cse)", "--cse"],
    );
    assert_eq!(o.code, 1);
    assert_eq!(
        o.stderr,
        "<unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options\n"
    );
}

#[test]
fn passes_run_and_pipelines_dump() {
    let cse_out = "\
module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = arith.muli %0, %0 : i32
    return %1 : i32
  }
  func.func @g(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}

";
    for args in [
        vec!["in.mlir", "-p", "builtin.module(func.func(cse))"],
        vec!["in.mlir", "-pass-pipeline=builtin.module(func.func(cse))"],
        vec!["in.mlir", "--cse"],
        vec!["in.mlir", "-p", "cse"],
    ] {
        let (o, _) = with_file("cse", "in.mlir", TWO_FUNCS, &args);
        assert_eq!((o.code, o.stderr.as_str()), (0, ""), "{args:?}");
        assert_eq!(o.stdout, cse_out, "{args:?}");
    }
    let (o, _) = with_file(
        "dump",
        "in.mlir",
        TWO_FUNCS,
        &[
            "in.mlir",
            "-o",
            "/dev/null",
            "-p",
            "builtin.module(func.func(cse,canonicalize),cse)",
            "--dump-pass-pipeline",
        ],
    );
    assert_eq!(o.code, 0);
    assert_eq!(
        o.stderr,
        "Pass Manager with 2 passes:\nbuiltin.module(\n  func.func(\n    cse,\n    canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}\n  ),\n  cse\n)\n\n"
    );
    let (o, _) = with_file(
        "dump-flags",
        "in.mlir",
        TWO_FUNCS,
        &[
            "in.mlir",
            "-o",
            "/dev/null",
            "--canonicalize=max-iterations=3",
            "--cse",
            "--dump-pass-pipeline",
        ],
    );
    assert!(
        o.stderr.starts_with(
            "Pass Manager with 2 passes:\nbuiltin.module(\n  canonicalize{  max-iterations=3 "
        ),
        "{}",
        o.stderr
    );
}

#[test]
fn ir_printing_flags() {
    let (o, _) = with_file(
        "after-all",
        "in.mlir",
        TWO_FUNCS,
        &[
            "in.mlir",
            "-o",
            "/dev/null",
            "-p",
            "builtin.module(func.func(cse))",
            "--mlir-print-ir-after-all",
        ],
    );
    assert_eq!(o.code, 0);
    assert_eq!(
        o.stderr,
        "\
// -----// IR Dump After CSE (cse) //----- //
func.func @f(%arg0: i32) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}

// -----// IR Dump After CSE (cse) //----- //
func.func @g(%arg0: i32) -> i32 {
  return %arg0 : i32
}

"
    );
    let (o, _) = with_file(
        "before-change",
        "in.mlir",
        TWO_FUNCS,
        &[
            "in.mlir",
            "-o",
            "/dev/null",
            "-p",
            "builtin.module(func.func(cse,canonicalize))",
            "--print-ir-before=canonicalize",
            "--print-ir-after-all",
            "--print-ir-after-change",
        ],
    );
    let headers: Vec<&str> = o
        .stderr
        .lines()
        .filter(|l| l.starts_with("// -----//"))
        .collect();
    assert_eq!(
        headers,
        vec![
            "// -----// IR Dump After CSE (cse) //----- //",
            "// -----// IR Dump Before Canonicalizer (canonicalize) //----- //",
            "// -----// IR Dump Before Canonicalizer (canonicalize) //----- //",
        ]
    );
    let (o, _) = with_file(
        "module-scope",
        "in.mlir",
        TWO_FUNCS,
        &[
            "in.mlir",
            "-o",
            "/dev/null",
            "-p",
            "builtin.module(func.func(cse))",
            "--print-ir-after=cse",
            "--print-ir-module-scope",
        ],
    );
    assert!(o.stderr.starts_with(
        "// -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //\nmodule {\n"
    ));
    assert_eq!(o.stderr.matches("module {").count(), 2);

    let (o, d) = with_file(
        "tree",
        "in.mlir",
        TWO_FUNCS,
        &[
            "in.mlir",
            "-o",
            "/dev/null",
            "-p",
            "builtin.module(canonicalize,func.func(cse))",
            "--print-ir-after-all",
            "--print-ir-tree-dir=dumps",
        ],
    );
    assert_eq!((o.code, o.stderr.as_str()), (0, ""));
    let m = d.join("dumps/builtin_module_no-symbol-name");
    assert!(m.join("0_canonicalize.mlir").is_file());
    let f = std::fs::read_to_string(m.join("func_func_f/0_0_cse.mlir")).unwrap();
    assert!(
        f.starts_with("// -----// IR Dump After CSE (cse) //----- //\nfunc.func @f("),
        "{f}"
    );
    assert!(m.join("func_func_g/0_0_cse.mlir").is_file());
}

#[test]
fn timing_and_statistics_reports() {
    let (o, _) = with_file(
        "timing",
        "in.mlir",
        TWO_FUNCS,
        &[
            "in.mlir",
            "-o",
            "/dev/null",
            "-p",
            "builtin.module(func.func(cse,canonicalize))",
            "--mlir-timing",
            "--disable-threading",
        ],
    );
    assert_eq!(o.code, 0);
    let lines: Vec<&str> = o.stderr.lines().collect();
    assert_eq!(
        lines[1],
        "                         ... Execution time report ..."
    );
    assert!(lines[3].starts_with("  Total Execution Time: "));
    assert_eq!(lines[5], "  ----Wall Time----  ----Name----");
    let names: Vec<&str> = lines[6..].iter().map(|l| &l[21..]).collect();
    assert_eq!(
        names,
        vec![
            "Parser",
            "'func.func' Pipeline",
            "  CSE",
            "    (A) DominanceInfo",
            "  Canonicalizer",
            "Output",
            "Rest",
            "Total"
        ]
    );

    let (o, _) = with_file(
        "timing-mt",
        "in.mlir",
        TWO_FUNCS,
        &[
            "in.mlir",
            "-o",
            "/dev/null",
            "-p",
            "builtin.module(func.func(cse))",
            "--timing",
        ],
    );
    assert!(
        o.stderr
            .contains("  ----User Time----  ----Wall Time----  ----Name----\n")
    );

    let (o, _) = with_file(
        "stats",
        "in.mlir",
        TWO_FUNCS,
        &[
            "in.mlir",
            "-o",
            "/dev/null",
            "-p",
            "builtin.module(func.func(cse))",
            "--pass-statistics",
        ],
    );
    assert_eq!(
        o.stderr,
        "\
===-------------------------------------------------------------------------===
                         ... Pass statistics report ...
===-------------------------------------------------------------------------===
'func.func' Pipeline
  CSE
    (S) 1 num-cse'd - Number of operations CSE'd
    (S) 0 num-dce'd - Number of operations DCE'd

"
    );
}

#[test]
fn listing_and_help() {
    let o = run_in(&std::env::temp_dir(), &["--list-passes"], None);
    assert_eq!(o.code, 0);
    assert!(o.stdout.starts_with("Passes:\n"));
    assert!(o.stdout.contains("  --cse "));
    assert!(o.stdout.contains("-   Eliminate common sub-expressions\n"));
    assert!(o.stdout.contains("    --max-iterations=<long>"));
    let o = run_in(&std::env::temp_dir(), &["--help"], None);
    assert_eq!(o.code, 0);
    for needle in [
        "--pass-pipeline",
        "--split-input-file",
        "--verify-diagnostics",
        "--print-ir-tree-dir",
        "--canonicalize",
        "Eliminate common sub-expressions",
    ] {
        assert!(
            o.stdout.contains(needle),
            "--help lacks {needle}:\n{}",
            o.stdout
        );
    }
    let o = run_in(&std::env::temp_dir(), &["--no-such-flag"], None);
    assert_eq!(o.code, 1);
    let o = run_in(&std::env::temp_dir(), &["--show-dialects"], None);
    assert_eq!(
        o.stdout,
        "Available Dialects: arith, builtin, cf, device, func, host, math, ptx, scf\n"
    );
}

#[test]
fn print_flags_and_unregistered_ops() {
    let src = "func.func @f() {\n  \"foo.op\"() : () -> ()\n  return\n}\n";
    let (o, _) = with_file("unreg", "u.mlir", src, &["u.mlir"]);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr
            .contains("operation being parsed with an unregistered dialect")
    );
    let (o, _) = with_file(
        "unreg-ok",
        "u.mlir",
        src,
        &[
            "u.mlir",
            "--allow-unregistered-dialect",
            "--print-op-generic",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("\"foo.op\"() : () -> ()"));
    assert!(o.stdout.starts_with("\"builtin.module\"() ({"));
    let (o, _) = with_file(
        "debuginfo",
        "in.mlir",
        TWO_FUNCS,
        &["in.mlir", "--mlir-print-debuginfo"],
    );
    assert_eq!(o.code, 0);
    assert!(o.stdout.contains("loc("), "{}", o.stdout);
    let (o, _) = with_file(
        "verify-each",
        "in.mlir",
        TWO_FUNCS,
        &["in.mlir", "--cse", "--verify-each=false"],
    );
    assert_eq!(o.code, 0);
}

#[test]
fn threading_does_not_change_anything() {
    let mut src = String::new();
    for i in 0..60 {
        src.push_str(&format!(
            "func.func @f{i}(%a: i32, %c: i1) -> i32 {{\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  %k = arith.constant {i} : i32\n  %2 = arith.muli %0, %1 : i32\n  %3 = arith.addi %2, %k : i32\n  cf.cond_br %c, ^bb1, ^bb2\n^bb1:\n  return %3 : i32\n^bb2:\n  return %2 : i32\n}}\n"
        ));
    }
    let args = [
        "in.mlir",
        "-p",
        "builtin.module(func.func(cse,canonicalize),cse,func.func(canonicalize))",
        "--print-ir-after-all",
        "--print-ir-before=cse",
        "--pass-statistics",
    ];
    let (threaded, _) = with_file("mt", "in.mlir", &src, &args);
    let mut single_args = args.to_vec();
    single_args.push("--disable-threading");
    let (single, _) = with_file("st", "in.mlir", &src, &single_args);
    assert_eq!(threaded.code, 0, "{}", threaded.stderr);
    assert_eq!(single.code, 0);
    assert_eq!(threaded.stdout, single.stdout);
    assert_eq!(threaded.stderr, single.stderr);
}

#[test]
fn hostile_input_never_panics() {
    let deep = format!(
        "func.func @f() {{\n{}{}  return\n}}\n",
        "  scf.execute_region {\n".repeat(5000),
        "  }\n".repeat(5000)
    );
    let brackets = format!(
        "func.func @f() attributes {{a = {}1{}}} {{\n  return\n}}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let bytes: String = (0..4000u32)
        .map(|i| char::from_u32((i * 7919) % 0x2FF + 1).unwrap_or('x'))
        .collect();
    for (name, src) in [
        ("deep", deep),
        ("brackets", brackets),
        ("bytes", bytes),
        ("empty", String::new()),
    ] {
        for extra in [
            &[][..],
            &["--split-input-file", "--verify-diagnostics"][..],
            &["-p", "builtin.module(canonicalize,cse)"][..],
        ] {
            let mut args = vec!["in.mlir"];
            args.extend_from_slice(extra);
            let (o, _) = with_file(&format!("hostile-{name}"), "in.mlir", &src, &args);
            assert!(o.code == 0 || o.code == 1, "{name}: exit {}", o.code);
            assert!(!o.stderr.contains("internal error"), "{name}: {}", o.stderr);
        }
    }
}
