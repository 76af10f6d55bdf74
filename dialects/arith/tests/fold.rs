//! Folders on edge cases. Every expectation here is what mlir-opt 22's
//! `--canonicalize` produces for the same op (checked against it, together
//! with ~70k generated cases over all ops, widths and float kinds).

mod common;

use common::fold_last;

/// `%a = c0; %b = c1; op %a, %b : ty` folded.
fn bin(op: &str, a: &str, b: &str, ty: &str) -> String {
    fold_last(&format!(
        "%a = arith.constant {a}\n%b = arith.constant {b}\n%r = arith.{op} %a, %b : {ty}\n"
    ))
}

fn cast(op: &str, a: &str, from: &str, to: &str) -> String {
    fold_last(&format!(
        "%a = arith.constant {a}\n%r = arith.{op} %a : {from} to {to}\n"
    ))
}

#[test]
fn integer_arithmetic_wraps_at_the_type_width() {
    assert_eq!(bin("addi", "200 : i8", "100 : i8", "i8"), "= 44 : i8");
    assert_eq!(bin("addi", "127 : i8", "1 : i8", "i8"), "= -128 : i8");
    assert_eq!(
        bin("addi", "2147483647 : i32", "1 : i32", "i32"),
        "= -2147483648 : i32"
    );
    assert_eq!(bin("subi", "-128 : i8", "1 : i8", "i8"), "= 127 : i8");
    assert_eq!(bin("muli", "16 : i8", "16 : i8", "i8"), "= 0 : i8");
    assert_eq!(
        bin("muli", "-9223372036854775808 : i64", "-1 : i64", "i64"),
        "= -9223372036854775808 : i64"
    );
    assert_eq!(bin("addi", "true", "true", "i1"), "= false");
    assert_eq!(
        bin("addi", "9223372036854775807 : index", "1 : index", "index"),
        "= -9223372036854775808 : index"
    );
}

#[test]
fn division_leaves_undefined_cases_alone() {
    assert_eq!(bin("divsi", "-128 : i8", "-1 : i8", "i8"), "none");
    assert_eq!(bin("divsi", "7 : i32", "0 : i32", "i32"), "none");
    assert_eq!(bin("divui", "7 : i32", "0 : i32", "i32"), "none");
    assert_eq!(bin("remsi", "7 : i32", "0 : i32", "i32"), "none");
    assert_eq!(bin("floordivsi", "-128 : i8", "-1 : i8", "i8"), "none");
    assert_eq!(bin("divsi", "-7 : i32", "2 : i32", "i32"), "= -3 : i32");
    assert_eq!(bin("divui", "-7 : i8", "2 : i8", "i8"), "= 124 : i8");
    assert_eq!(bin("remsi", "-7 : i32", "2 : i32", "i32"), "= -1 : i32");
    assert_eq!(bin("remui", "-7 : i8", "2 : i8", "i8"), "= 1 : i8");
    // INT_MIN % -1 is defined: 0.
    assert_eq!(bin("remsi", "-128 : i8", "-1 : i8", "i8"), "= 0 : i8");
    assert_eq!(
        bin("floordivsi", "-7 : i32", "2 : i32", "i32"),
        "= -4 : i32"
    );
    assert_eq!(
        bin("floordivsi", "7 : i32", "-2 : i32", "i32"),
        "= -4 : i32"
    );
    assert_eq!(bin("ceildivui", "7 : i32", "2 : i32", "i32"), "= 4 : i32");
    assert_eq!(bin("ceildivui", "-1 : i8", "2 : i8", "i8"), "= -128 : i8");
}

#[test]
fn ceildivsi_declines_wherever_mlir_would_overflow_internally() {
    assert_eq!(bin("ceildivsi", "7 : i32", "2 : i32", "i32"), "= 4 : i32");
    assert_eq!(bin("ceildivsi", "-7 : i32", "2 : i32", "i32"), "= -3 : i32");
    assert_eq!(bin("ceildivsi", "7 : i32", "-2 : i32", "i32"), "= -3 : i32");
    assert_eq!(bin("ceildivsi", "-7 : i32", "-2 : i32", "i32"), "= 4 : i32");
    // Representable, but negating INT_MIN overflows in MLIR's algorithm.
    assert_eq!(bin("ceildivsi", "-128 : i8", "2 : i8", "i8"), "none");
    assert_eq!(bin("ceildivsi", "5 : i8", "-128 : i8", "i8"), "none");
    assert_eq!(bin("ceildivsi", "0 : i8", "-128 : i8", "i8"), "= 0 : i8");
}

#[test]
fn shifts_fold_only_below_the_width() {
    assert_eq!(
        bin("shli", "1 : i32", "31 : i32", "i32"),
        "= -2147483648 : i32"
    );
    assert_eq!(bin("shli", "1 : i32", "32 : i32", "i32"), "none");
    assert_eq!(bin("shli", "1 : i8", "-1 : i8", "i8"), "none");
    assert_eq!(bin("shrsi", "-8 : i8", "1 : i8", "i8"), "= -4 : i8");
    assert_eq!(bin("shrui", "-8 : i8", "1 : i8", "i8"), "= 124 : i8");
    assert_eq!(bin("shrui", "-1 : i64", "63 : i64", "i64"), "= 1 : i64");
}

#[test]
fn min_max_and_bitwise() {
    assert_eq!(bin("minsi", "-1 : i8", "1 : i8", "i8"), "= -1 : i8");
    assert_eq!(bin("minui", "-1 : i8", "1 : i8", "i8"), "= 1 : i8");
    assert_eq!(bin("maxui", "-1 : i8", "1 : i8", "i8"), "= -1 : i8");
    assert_eq!(bin("andi", "12 : i8", "10 : i8", "i8"), "= 8 : i8");
    assert_eq!(bin("ori", "12 : i8", "10 : i8", "i8"), "= 14 : i8");
    assert_eq!(bin("xori", "true", "true", "i1"), "= false");
}

#[test]
fn identities_forward_operands() {
    let x = "%x = \"test.x\"() : () -> i32\n";
    let f = |rest: &str| fold_last(&format!("{x}{rest}"));
    assert_eq!(
        f("%c = arith.constant 0 : i32\n%r = arith.addi %x, %c : i32\n"),
        "-> #0"
    );
    assert_eq!(
        f("%c = arith.constant 1 : i32\n%r = arith.muli %x, %c : i32\n"),
        "-> #0"
    );
    assert_eq!(
        f("%c = arith.constant 0 : i32\n%r = arith.muli %x, %c : i32\n"),
        "-> #1"
    );
    assert_eq!(f("%r = arith.subi %x, %x : i32\n"), "= 0 : i32");
    assert_eq!(f("%r = arith.xori %x, %x : i32\n"), "= 0 : i32");
    assert_eq!(f("%r = arith.andi %x, %x : i32\n"), "-> #0");
    assert_eq!(
        f("%c = arith.constant 0 : i32\n%r = arith.ori %x, %c : i32\n"),
        "-> #0"
    );
    assert_eq!(
        f("%c = arith.constant 1 : i32\n%r = arith.divsi %x, %c : i32\n"),
        "-> #0"
    );
    assert_eq!(
        f("%c = arith.constant 1 : i32\n%r = arith.remsi %x, %c : i32\n"),
        "= 0 : i32"
    );
    assert_eq!(f("%r = arith.divsi %x, %x : i32\n"), "none");
    assert_eq!(
        f("%c = arith.constant 32 : i32\n%r = arith.shli %x, %c : i32\n"),
        "none"
    );
    assert_eq!(
        f(
            "%y = \"test.x\"() : () -> i32\n%s = arith.subi %x, %y : i32\n%r = arith.addi %s, %y : i32\n"
        ),
        "-> #0"
    );
    assert_eq!(
        f(
            "%y = \"test.x\"() : () -> i32\n%s = arith.addi %x, %y : i32\n%r = arith.subi %s, %x : i32\n"
        ),
        "-> #1"
    );
    assert_eq!(
        f(
            "%y = \"test.x\"() : () -> i32\n%s = arith.xori %x, %y : i32\n%r = arith.xori %s, %y : i32\n"
        ),
        "-> #0"
    );
    assert_eq!(
        f("%m = arith.constant 2147483647 : i32\n%r = arith.maxsi %x, %m : i32\n"),
        "-> #1"
    );
    assert_eq!(
        f("%m = arith.constant -2147483648 : i32\n%r = arith.maxsi %x, %m : i32\n"),
        "-> #0"
    );
}

#[test]
fn comparisons_and_select() {
    assert_eq!(
        bin("cmpi slt,", "-1 : i32", "1 : i32", "i32").replace("cmpi slt,", ""),
        "= true"
    );
    let cmp = |pred: &str, a: &str, b: &str| {
        fold_last(&format!(
            "%a = arith.constant {a}\n%b = arith.constant {b}\n%r = arith.cmpi {pred}, %a, %b : i8\n"
        ))
    };
    assert_eq!(cmp("slt", "-1 : i8", "1 : i8"), "= true");
    assert_eq!(cmp("ult", "-1 : i8", "1 : i8"), "= false");
    assert_eq!(cmp("uge", "-128 : i8", "127 : i8"), "= true");
    assert_eq!(cmp("eq", "5 : i8", "5 : i8"), "= true");
    let x = "%x = \"test.x\"() : () -> i32\n";
    assert_eq!(
        fold_last(&format!("{x}%r = arith.cmpi sle, %x, %x : i32\n")),
        "= true"
    );
    assert_eq!(
        fold_last(&format!("{x}%r = arith.cmpi ult, %x, %x : i32\n")),
        "= false"
    );
    let y = "%y = \"test.x\"() : () -> i32\n";
    assert_eq!(
        fold_last(&format!(
            "{x}{y}%c = arith.constant true\n%r = arith.select %c, %x, %y : i32\n"
        )),
        "-> #0"
    );
    assert_eq!(
        fold_last(&format!(
            "{x}{y}%c = arith.constant false\n%r = arith.select %c, %x, %y : i32\n"
        )),
        "-> #1"
    );
    assert_eq!(
        fold_last(&format!(
            "{x}{y}%c = arith.cmpi ne, %x, %y : i32\n%r = arith.select %c, %x, %y : i32\n"
        )),
        "-> #0"
    );
}

#[test]
fn float_arithmetic_is_ieee_in_the_type_precision() {
    assert_eq!(
        bin("addf", "0.1 : f32", "0.2 : f32", "f32"),
        "= 3.000000e-01 : f32"
    );
    assert_eq!(
        bin("addf", "0.1 : f64", "0.2 : f64", "f64"),
        "= 0.30000000000000004 : f64"
    );
    assert_eq!(
        bin("divf", "0.1 : f32", "0.0 : f32", "f32"),
        "= 0x7F800000 : f32"
    );
    assert_eq!(
        bin("divf", "0.0 : f32", "0.0 : f32", "f32"),
        "= 0x7FC00000 : f32"
    );
    assert_eq!(
        bin("mulf", "1.0e38 : f32", "10.0 : f32", "f32"),
        "= 0x7F800000 : f32"
    );
    // f32 rounding: 16777216 + 1 is not representable; ties go to even.
    assert_eq!(
        bin("addf", "16777216.0 : f32", "1.0 : f32", "f32"),
        "= 0x4B800000 : f32"
    );
    assert_eq!(
        bin("addf", "16777216.0 : f32", "3.0 : f32", "f32"),
        "= 0x4B800002 : f32"
    );
    // f16: 2048 + 1 ties to 2048; 2048 + 3 rounds to 2052.
    assert_eq!(
        bin("addf", "2048.0 : f16", "1.0 : f16", "f16"),
        "= 2.048000e+03 : f16"
    );
    assert_eq!(
        bin("addf", "2048.0 : f16", "3.0 : f16", "f16"),
        "= 2.052000e+03 : f16"
    );
    assert_eq!(
        bin("mulf", "3.0 : bf16", "0.1 : bf16", "bf16"),
        "= 3.007810e-01 : bf16"
    );
    assert_eq!(
        bin("remf", "-4.0 : f32", "2.0 : f32", "f32"),
        "= -0.000000e+00 : f32"
    );
    assert_eq!(
        bin("maximumf", "0.0 : f32", "-0.0 : f32", "f32"),
        "= 0.000000e+00 : f32"
    );
    assert_eq!(
        bin("minimumf", "0.0 : f32", "-0.0 : f32", "f32"),
        "= -0.000000e+00 : f32"
    );
    assert_eq!(
        bin("maxnumf", "0x7FC00001 : f32", "1.0 : f32", "f32"),
        "= 1.000000e+00 : f32"
    );
}

#[test]
fn nan_operands_propagate_as_apfloat_does() {
    // The left NaN wins, then the right one; signs are kept, sNaNs quieted.
    assert_eq!(
        bin("addf", "0x7FC00001 : f32", "0xFFC00002 : f32", "f32"),
        "= 0x7FC00001 : f32"
    );
    assert_eq!(
        bin("subf", "1.0 : f32", "0xFFC00002 : f32", "f32"),
        "= 0xFFC00002 : f32"
    );
    assert_eq!(
        bin("maximumf", "1.0 : f32", "0x7FC00001 : f32", "f32"),
        "= 0x7FC00001 : f32"
    );
    assert_eq!(
        bin("addf", "0x7FF8000000000001 : f64", "1.0 : f64", "f64"),
        "= 0x7FF8000000000001 : f64"
    );
    assert_eq!(
        fold_last("%a = arith.constant 0x7FC00001 : f32\n%r = arith.negf %a : f32\n"),
        "= 0xFFC00001 : f32"
    );
}

#[test]
fn float_identities_respect_signed_zero() {
    let x = "%x = \"test.x\"() : () -> f32\n";
    let f = |rest: &str| fold_last(&format!("{x}{rest}"));
    // x + -0.0 is x; x + 0.0 is not (-0.0 + 0.0 = +0.0).
    assert_eq!(
        f("%c = arith.constant -0.0 : f32\n%r = arith.addf %x, %c : f32\n"),
        "-> #0"
    );
    assert_eq!(
        f("%c = arith.constant 0.0 : f32\n%r = arith.addf %x, %c : f32\n"),
        "none"
    );
    assert_eq!(
        f("%c = arith.constant 0.0 : f32\n%r = arith.subf %x, %c : f32\n"),
        "-> #0"
    );
    assert_eq!(
        f("%c = arith.constant -0.0 : f32\n%r = arith.subf %x, %c : f32\n"),
        "none"
    );
    assert_eq!(
        f("%c = arith.constant 1.0 : f32\n%r = arith.mulf %x, %c : f32\n"),
        "-> #0"
    );
    assert_eq!(
        f("%c = arith.constant 0.0 : f32\n%r = arith.mulf %x, %c : f32\n"),
        "none"
    );
    assert_eq!(
        f("%c = arith.constant 0.0 : f32\n%r = arith.mulf %x, %c fastmath<nnan,nsz> : f32\n"),
        "-> #1"
    );
    assert_eq!(f("%r = arith.subf %x, %x : f32\n"), "none");
    assert_eq!(
        f("%n = arith.negf %x : f32\n%r = arith.negf %n : f32\n"),
        "-> #0"
    );
    assert_eq!(
        f("%c = arith.constant 0xFF800000 : f32\n%r = arith.maximumf %x, %c : f32\n"),
        "-> #0"
    );
    assert_eq!(
        f("%c = arith.constant 0x7FC00000 : f32\n%r = arith.minnumf %x, %c : f32\n"),
        "-> #0"
    );
}

#[test]
fn cmpf_follows_unordered_semantics_for_nan() {
    let cmp = |pred: &str, a: &str, b: &str| {
        fold_last(&format!(
            "%a = arith.constant {a} : f32\n%b = arith.constant {b} : f32\n%r = arith.cmpf {pred}, %a, %b : f32\n"
        ))
    };
    let nan = "0x7FC00000";
    for (pred, expected) in [
        ("false", "false"),
        ("oeq", "false"),
        ("ogt", "false"),
        ("olt", "false"),
        ("one", "false"),
        ("ord", "false"),
        ("ueq", "true"),
        ("ult", "true"),
        ("une", "true"),
        ("uno", "true"),
        ("true", "true"),
    ] {
        assert_eq!(
            cmp(pred, nan, "1.0"),
            format!("= {expected}"),
            "{pred} NaN, 1.0"
        );
        assert_eq!(
            cmp(pred, "1.0", nan),
            format!("= {expected}"),
            "{pred} 1.0, NaN"
        );
    }
    assert_eq!(cmp("olt", "0.1", "0.2"), "= true");
    assert_eq!(cmp("oeq", "0.0", "-0.0"), "= true");
    assert_eq!(cmp("one", "0.0", "-0.0"), "= false");
    // A NaN decides the outcome even when the other side is not constant.
    let x = "%x = \"test.x\"() : () -> f32\n";
    assert_eq!(
        fold_last(&format!(
            "{x}%n = arith.constant {nan} : f32\n%r = arith.cmpf uno, %x, %n : f32\n"
        )),
        "= true"
    );
}

#[test]
fn casts_of_constants() {
    assert_eq!(cast("extui", "-1 : i8", "i8", "i32"), "= 255 : i32");
    assert_eq!(cast("extsi", "-1 : i8", "i8", "i32"), "= -1 : i32");
    assert_eq!(cast("extui", "true", "i1", "i64"), "= 1 : i64");
    assert_eq!(cast("trunci", "300 : i32", "i32", "i8"), "= 44 : i8");
    assert_eq!(
        cast("index_cast", "-1 : i32", "i32", "index"),
        "= -1 : index"
    );
    assert_eq!(
        cast("index_castui", "-1 : i32", "i32", "index"),
        "= 4294967295 : index"
    );
    assert_eq!(
        cast("index_cast", "4294967296 : index", "index", "i32"),
        "= 0 : i32"
    );
    assert_eq!(
        cast("sitofp", "16777217 : i32", "i32", "f32"),
        "= 0x4B800000 : f32"
    );
    assert_eq!(
        cast("uitofp", "-1 : i32", "i32", "f32"),
        "= 4.2949673E+9 : f32"
    );
    assert_eq!(cast("sitofp", "true", "i1", "f32"), "= -1.000000e+00 : f32");
    assert_eq!(
        cast("sitofp", "65520 : i32", "i32", "f16"),
        "= 0x7C00 : f16"
    );
    assert_eq!(cast("fptosi", "-128.9 : f32", "f32", "i8"), "= -128 : i8");
    assert_eq!(cast("fptosi", "-129.0 : f32", "f32", "i8"), "none");
    assert_eq!(cast("fptoui", "-0.5 : f32", "f32", "i8"), "= 0 : i8");
    assert_eq!(cast("fptoui", "-1.0 : f32", "f32", "i8"), "none");
    assert_eq!(cast("fptosi", "0x7FC00000 : f32", "f32", "i32"), "none");
    assert_eq!(
        cast("extf", "0x7FC00001 : f32", "f32", "f64"),
        "= 0x7FF8000020000000 : f64"
    );
    // truncf folds only exact conversions.
    assert_eq!(
        cast("truncf", "0.5 : f64", "f64", "f32"),
        "= 5.000000e-01 : f32"
    );
    assert_eq!(cast("truncf", "0.1 : f64", "f64", "f32"), "none");
    assert_eq!(cast("truncf", "1.0e300 : f64", "f64", "f32"), "none");
    assert_eq!(
        cast("truncf", "65504.0 : f32", "f32", "f16"),
        "= 6.550400e+04 : f16"
    );
    assert_eq!(
        cast("bitcast", "-1 : i32", "i32", "f32"),
        "= 0xFFFFFFFF : f32"
    );
    assert_eq!(
        cast("bitcast", "1.0 : f32", "f32", "i32"),
        "= 1065353216 : i32"
    );
    assert_eq!(
        cast("bitcast", "0x7E01 : f16", "f16", "i16"),
        "= 32257 : i16"
    );
}

#[test]
fn multi_result_ops() {
    let ext = |op: &str, a: &str, b: &str, ty: &str, extra: &str| {
        fold_last(&format!(
            "%a = arith.constant {a}\n%b = arith.constant {b}\n%r:2 = arith.{op} %a, %b : {ty}{extra}\n"
        ))
    };
    assert_eq!(
        ext("addui_extended", "200 : i8", "100 : i8", "i8", ", i1"),
        "= 44 : i8, = true"
    );
    assert_eq!(
        ext("addui_extended", "100 : i8", "100 : i8", "i8", ", i1"),
        "= -56 : i8, = false"
    );
    assert_eq!(
        ext("mulsi_extended", "-2 : i8", "100 : i8", "i8", ""),
        "= 56 : i8, = -1 : i8"
    );
    assert_eq!(
        ext("mului_extended", "-2 : i8", "100 : i8", "i8", ""),
        "= 56 : i8, = 99 : i8"
    );
}

#[test]
fn dense_constants_fold_elementwise() {
    let src = "%a = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>\n\
               %b = arith.constant dense<[3, 2, 1, 0]> : vector<4xi32>\n\
               %r = arith.addi %a, %b : vector<4xi32>\n";
    assert_eq!(fold_last(src), "= dense<4> : vector<4xi32>");
    let src = "%a = arith.constant dense<[1, 2]> : vector<2xi32>\n\
               %b = arith.constant dense<2> : vector<2xi32>\n\
               %r = arith.cmpi slt, %a, %b : vector<2xi32>\n";
    assert_eq!(fold_last(src), "= dense<[true, false]> : vector<2xi1>");
    let src = "%a = arith.constant dense<[1, 0]> : vector<2xi32>\n\
               %r = arith.divsi %a, %a : vector<2xi32>\n";
    assert_eq!(fold_last(src), "none");
}
