//! The `poly` example dialect through lockstep's real machinery: parsing its
//! custom format, printing both forms, verification, canonicalization by the
//! registered pass pipeline (its folder and pattern), and lowering.

use lockstep_example_dsl::{POLY, evaluate, lower_to_arith};
use lockstep_ir::{Context, OpId, PrintOptions, Rewriter, parse_source, print_op};
use lockstep_pass::{PassManager, PassRegistry};

fn context() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(&lockstep_func::FUNC);
    ctx.register_dialect(&lockstep_arith::ARITH);
    ctx.register_dialect(&POLY);
    ctx
}

fn parse(ctx: &mut Context, src: &str) -> OpId {
    let m = parse_source(ctx, "poly.mlir", src, 1)
        .unwrap_or_else(|d| panic!("parse error: {}", d.message));
    lockstep_ir::verify::verify(ctx, m).unwrap_or_else(|e| panic!("verifier: {}", e[0].message));
    m
}

fn run(ctx: &mut Context, m: OpId, pipeline: &str) {
    let mut reg = PassRegistry::new();
    lockstep_transforms::register_all(&mut reg);
    let mut pm =
        PassManager::parse(pipeline, &reg).unwrap_or_else(|_| panic!("bad pipeline {pipeline}"));
    let out = pm.run(ctx, m);
    assert!(
        !out.failed,
        "pipeline failed: {:?}",
        out.diagnostics.first().map(|d| &d.message)
    );
}

const SRC: &str = "func.func @p(%x: i64) -> i64 {
  %0 = poly.eval %x [1, 2, 3] : i64
  return %0 : i64
}
";

#[test]
fn custom_format_round_trips_in_both_forms() {
    let mut ctx = context();
    let m = parse(&mut ctx, SRC);
    let pretty = print_op(&ctx, m, PrintOptions::default());
    assert_eq!(
        pretty,
        "module {\n  func.func @p(%arg0: i64) -> i64 {\n    %0 = poly.eval %arg0 [1, 2, 3] : i64\n    return %0 : i64\n  }\n}\n\n"
    );
    let generic = print_op(
        &ctx,
        m,
        PrintOptions {
            generic: true,
            ..Default::default()
        },
    );
    assert!(
        generic.contains("%0 = \"poly.eval\"(%arg0) <{coeffs = [1, 2, 3]}> : (i64) -> i64"),
        "{generic}"
    );
    let mut again = context();
    let m2 = parse(&mut again, &generic);
    assert_eq!(print_op(&again, m2, PrintOptions::default()), pretty);
}

#[test]
fn verifier_and_parser_reject_bad_input() {
    let mut ctx = context();
    let bad =
        "func.func @p(%x: i64) -> i64 {\n  %0 = poly.eval %x [] : i64\n  return %0 : i64\n}\n";
    let m = parse_source(&mut ctx, "bad.mlir", bad, 1).expect("parses");
    let errs = lockstep_ir::verify::verify(&ctx, m).expect_err("empty coefficient list must fail");
    assert!(
        errs[0]
            .message
            .contains("requires at least one coefficient"),
        "{}",
        errs[0].message
    );

    let mut ctx = context();
    let bad_ty =
        "func.func @p(%x: i32) -> i32 {\n  %0 = poly.eval %x [1] : i32\n  return %0 : i32\n}\n";
    let m = parse_source(&mut ctx, "bad.mlir", bad_ty, 1).expect("parses");
    let errs = lockstep_ir::verify::verify(&ctx, m).expect_err("i32 operand must fail");
    assert!(
        errs[0].message.contains("64-bit signless integer"),
        "{}",
        errs[0].message
    );

    let mut ctx = context();
    let err = parse_source(
        &mut ctx,
        "bad.mlir",
        "func.func @p(%x: i64) {\n  %0 = poly.eval %x [\"a\"] : i64\n}\n",
        1,
    )
    .expect_err("string coefficients are a parse error");
    assert!(err.message.contains("integer"), "{}", err.message);
}

#[test]
fn canonicalize_uses_the_dialect_folder_and_pattern() {
    let mut ctx = context();
    let src = "func.func @k() -> (i64, i64) {
  %c2 = arith.constant 2 : i64
  %0 = poly.eval %c2 [1, 2, 3] : i64
  %y = arith.addi %c2, %c2 : i64
  %1 = poly.eval %y [7] : i64
  return %0, %1 : i64, i64
}
";
    let m = parse(&mut ctx, src);
    run(&mut ctx, m, "builtin.module(func.func(canonicalize))");
    let out = print_op(&ctx, m, PrintOptions::default());
    // 1 + 2*2 + 3*4 = 17 folded through `fold`; [7] through the pattern.
    assert!(
        out.contains(&format!("arith.constant {} : i64", evaluate(&[1, 2, 3], 2))),
        "{out}"
    );
    assert!(out.contains("arith.constant 7 : i64"), "{out}");
    assert!(!out.contains("poly.eval"), "{out}");
}

#[test]
fn lowering_to_arith_computes_horner() {
    let mut ctx = context();
    let m = parse(&mut ctx, SRC);
    lower_to_arith(&mut Rewriter::new(&mut ctx), m);
    lockstep_ir::verify::verify(&ctx, m)
        .unwrap_or_else(|e| panic!("lowered IR fails to verify: {}", e[0].message));
    let out = print_op(&ctx, m, PrintOptions::default());
    // ((3 * x) + 2) * x + 1
    let expected = "    %c3_i64 = arith.constant 3 : i64
    %c2_i64 = arith.constant 2 : i64
    %0 = arith.muli %c3_i64, %arg0 : i64
    %1 = arith.addi %0, %c2_i64 : i64
    %c1_i64 = arith.constant 1 : i64
    %2 = arith.muli %1, %arg0 : i64
    %3 = arith.addi %2, %c1_i64 : i64
    return %3 : i64";
    assert!(out.contains(expected), "{out}");
    // And the lowered form folds to the same value as the dialect's folder.
    let mut ctx2 = context();
    let src = "func.func @k() -> i64 {\n  %c5 = arith.constant 5 : i64\n  %0 = poly.eval %c5 [1, 2, 3] : i64\n  return %0 : i64\n}\n";
    let m2 = parse(&mut ctx2, src);
    lower_to_arith(&mut Rewriter::new(&mut ctx2), m2);
    run(&mut ctx2, m2, "builtin.module(func.func(canonicalize))");
    let out2 = print_op(&ctx2, m2, PrintOptions::default());
    assert!(
        out2.contains(&format!("arith.constant {} : i64", evaluate(&[1, 2, 3], 5))),
        "{out2}"
    );
}
