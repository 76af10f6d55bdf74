//! Verifier rejections, with mlir-opt 22's messages, and parse errors of
//! the custom formats, with its messages and columns.

mod common;

use common::{context, parse, parse_error, verify_last, verify_op};

const VALUES: &str = r#"%a = "test.x"() : () -> i32
%w = "test.x"() : () -> i64
%f = "test.x"() : () -> f32
%h = "test.x"() : () -> f16
%i = "test.x"() : () -> index
%b = "test.x"() : () -> i1
%v = "test.x"() : () -> vector<2xi32>
%vb = "test.x"() : () -> vector<2xi1>
%vb3 = "test.x"() : () -> vector<3xi1>
%s = "test.x"() : () -> si32
"#;

fn verify(op: &str) -> Result<(), String> {
    verify_last(&format!("{VALUES}{op}\n"))
}

fn rejects(op: &str, msg: &str) {
    assert_eq!(verify(op), Err(msg.to_string()), "{op}");
}

#[test]
fn every_op_of_the_corpus_verifies() {
    let mut ctx = context();
    let m = parse(&mut ctx, include_str!("data/ops.mlir"));
    for op in common::body_ops(&ctx, m) {
        if ctx.def_of(op).is_some() {
            assert_eq!(verify_op(&ctx, op), Ok(()), "{}", ctx.name_of(op));
        }
    }
    let m = parse(&mut ctx, include_str!("data/constants.mlir"));
    for op in common::body_ops(&ctx, m) {
        assert_eq!(verify_op(&ctx, op), Ok(()));
    }
}

#[test]
fn operand_constraints_use_mlir_descriptions() {
    rejects(
        r#"%0 = "arith.addf"(%a, %a) : (i32, i32) -> i32"#,
        "'arith.addf' op operand #0 must be floating-point-like, but got 'i32'",
    );
    rejects(
        r#"%0 = "arith.addi"(%f, %f) : (f32, f32) -> f32"#,
        "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'",
    );
    rejects(
        r#"%0 = "arith.addi"(%s, %s) : (si32, si32) -> si32"#,
        "'arith.addi' op operand #0 must be signless-integer-like, but got 'si32'",
    );
    rejects(
        r#"%0 = "arith.extsi"(%i) : (index) -> i64"#,
        "'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'",
    );
    rejects(
        r#"%0 = "arith.sitofp"(%f) : (f32) -> f32"#,
        "'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'",
    );
    rejects(
        r#"%0 = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32"#,
        "'arith.select' op operand #0 must be bool-like, but got 'i32'",
    );
    rejects(
        r#"%0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i32"#,
        "'arith.cmpi' op result #0 must be bool-like, but got 'i32'",
    );
    rejects(
        r#"%0 = "arith.addi"(%a, %w) : (i32, i64) -> i32"#,
        "'arith.addi' op requires the same type for all operands and results",
    );
    rejects(
        r#"%0 = "arith.cmpi"(%a, %i) <{predicate = 0 : i64}> : (i32, index) -> i1"#,
        "'arith.cmpi' op requires all operands to have the same type",
    );
}

#[test]
fn attributes_are_checked() {
    rejects(
        r#"%0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1"#,
        "'arith.cmpi' op requires attribute 'predicate'",
    );
    rejects(
        r#"%0 = "arith.cmpi"(%a, %a) <{predicate = 12 : i64}> : (i32, i32) -> i1"#,
        "'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
    );
    rejects(
        r#"%0 = "arith.cmpf"(%f, %f) <{predicate = 2 : i32}> : (f32, f32) -> i1"#,
        "'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15",
    );
    rejects(
        r#"%0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<foo>}> : (i32, i32) -> i32"#,
        "'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags",
    );
    rejects(
        r#"%0 = "arith.truncf"(%f) <{roundingmode = 7 : i32}> : (f32) -> f16"#,
        "'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode",
    );
}

#[test]
fn constants_must_match_their_type() {
    rejects(
        r#"%0 = "arith.constant"() <{value = 1 : i64}> : () -> i32"#,
        "'arith.constant' op failed to verify that all of {value, result} have same type",
    );
    rejects(
        r#"%0 = "arith.constant"() <{value = dense<1> : vector<2xi32>}> : () -> vector<3xi32>"#,
        "'arith.constant' op failed to verify that all of {value, result} have same type",
    );
    rejects(
        r#"%0 = "arith.constant"() <{value = 1 : si32}> : () -> si32"#,
        "'arith.constant' op integer return type must be signless",
    );
    rejects(
        r#"%0 = arith.constant "x""#,
        "'arith.constant' op value must be an integer, float, or elements attribute",
    );
    assert_eq!(
        verify(r#"%0 = "arith.constant"() <{value = 1 : index}> : () -> index"#),
        Ok(())
    );
}

#[test]
fn casts_check_widths_and_shapes() {
    let incompatible = |op: &str, from: &str, to: &str| {
        rejects(
            &format!(r#"%0 = "arith.{op}"(%{}) : ({from}) -> {to}"#, var(from)),
            &format!(
                "'arith.{op}' op operand type '{from}' and result type '{to}' are cast incompatible"
            ),
        )
    };
    fn var(ty: &str) -> &'static str {
        match ty {
            "i32" => "a",
            "i64" => "w",
            "f32" => "f",
            "f16" => "h",
            "index" => "i",
            _ => "b",
        }
    }
    incompatible("extsi", "i32", "i32");
    incompatible("extui", "i32", "i16");
    incompatible("trunci", "i32", "i64");
    incompatible("extf", "f32", "f16");
    incompatible("extf", "f16", "bf16");
    incompatible("truncf", "f32", "f64");
    incompatible("bitcast", "f32", "i64");
    incompatible("index_cast", "i32", "i64");
    incompatible("index_castui", "i32", "i32");
    incompatible("extui", "i1", "i1");
    rejects(
        r#"%0 = "arith.extsi"(%v) : (vector<2xi32>) -> i64"#,
        "'arith.extsi' op requires the same shape for all operands and results",
    );
    assert_eq!(
        verify(r#"%0 = "arith.bitcast"(%v) : (vector<2xi32>) -> vector<2xf32>"#),
        Ok(())
    );
    assert_eq!(verify(r#"%0 = "arith.extf"(%h) : (f16) -> f32"#), Ok(()));
}

#[test]
fn comparisons_select_and_extended_ops() {
    rejects(
        r#"%0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> vector<2xi1>"#,
        "'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands",
    );
    rejects(
        r#"%0 = "arith.select"(%b, %a, %a) : (i1, i32, i32) -> i64"#,
        "'arith.select' op failed to verify that all of {true_value, false_value, result} have same type",
    );
    rejects(
        r#"%0 = "arith.select"(%vb3, %v, %v) : (vector<3xi1>, vector<2xi32>, vector<2xi32>) -> vector<2xi32>"#,
        "'arith.select' op failed to verify that condition is signless i1 or has matching shape",
    );
    rejects(
        r#"%0 = "arith.select"(%vb, %a, %a) : (vector<2xi1>, i32, i32) -> i32"#,
        "'arith.select' op failed to verify that condition is signless i1 or has matching shape",
    );
    assert_eq!(
        verify(
            r#"%0 = "arith.select"(%vb, %v, %v) : (vector<2xi1>, vector<2xi32>, vector<2xi32>) -> vector<2xi32>"#
        ),
        Ok(())
    );
    rejects(
        r#"%0:2 = "arith.addui_extended"(%a, %a) : (i32, i32) -> (i64, i1)"#,
        "'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type",
    );
    rejects(
        r#"%0:2 = "arith.addui_extended"(%v, %v) : (vector<2xi32>, vector<2xi32>) -> (vector<2xi32>, i1)"#,
        "'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar",
    );
    rejects(
        r#"%0:2 = "arith.mului_extended"(%a, %a) : (i32, i32) -> (i32, i64)"#,
        "'arith.mului_extended' op failed to verify that all of {lhs, rhs, low, high} have same type",
    );
}

fn check_parse_error(op: &str, msg: &str, col: u32) {
    let (m, line, c) = parse_error(&format!("{VALUES}%0 = {op}\n"));
    assert_eq!((m.as_str(), line, c), (msg, 11, col), "{op}");
}

#[test]
fn custom_format_parse_errors() {
    check_parse_error(
        "arith.cmpi foo, %a, %a : i32",
        "custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]",
        17,
    );
    check_parse_error(
        "arith.cmpf 3, %f, %f : f32",
        "custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]",
        17,
    );
    check_parse_error(
        "arith.addi %a, %a overflow<foo> : i32",
        "custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw",
        33,
    );
    check_parse_error(
        "arith.addi %a, %a overflow<> : i32",
        "custom op 'arith.addi' expected valid keyword or string",
        33,
    );
    check_parse_error(
        "arith.addf %f, %f fastmath<foo> : f32",
        "custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast",
        33,
    );
    check_parse_error(
        "arith.extsi %a : i32 i64",
        "custom op 'arith.extsi' expected 'to'",
        27,
    );
    check_parse_error(
        "arith.select %b, %a : i32",
        "custom op 'arith.select' expected 3 operands",
        19,
    );
    check_parse_error(
        "arith.constant 300 : i8",
        "integer constant out of range for attribute",
        21,
    );
    let (m, _, c) = parse_error(&format!("{VALUES}%0 = arith.addi %a, %w : i32\n"));
    assert_eq!(
        (m.as_str(), c),
        (
            "use of value '%w' expects different type than prior uses: 'i32' vs 'i64'",
            21
        )
    );
}
