//! Parse → print of every arith op, pretty and generic, compared with the
//! verbatim output of mlir-opt 22 on the same input (the `.expected` files
//! under `tests/data` and the strings below were produced by mlir-opt).

mod common;

use common::{context, parse, print, roundtrip};

const OPS: &str = include_str!("data/ops.mlir");
const OPS_PRETTY: &str = include_str!("data/ops.pretty.expected");
const OPS_GENERIC: &str = include_str!("data/ops.generic.expected");
const CONSTANTS: &str = include_str!("data/constants.mlir");
const CONSTANTS_PRETTY: &str = include_str!("data/constants.pretty.expected");
const CONSTANTS_GENERIC: &str = include_str!("data/constants.generic.expected");
const FLOATS: &str = include_str!("data/floats.mlir");
const FLOATS_GENERIC: &str = include_str!("data/floats.generic.expected");

/// Compares line by line first, so a failure names the first differing line.
fn assert_same(got: &str, expected: &str) {
    for (i, (g, e)) in got.lines().zip(expected.lines()).enumerate() {
        assert_eq!(g, e, "line {} differs", i + 1);
    }
    assert_eq!(got, expected);
}

#[test]
fn every_op_prints_like_mlir_opt_in_pretty_form() {
    assert_same(&roundtrip(OPS, false), OPS_PRETTY);
}

#[test]
fn every_op_prints_like_mlir_opt_in_generic_form() {
    assert_same(&roundtrip(OPS, true), OPS_GENERIC);
}

#[test]
fn printed_forms_parse_back_to_the_same_ir() {
    // pretty -> pretty, generic -> generic, and across forms.
    assert_same(&roundtrip(OPS_PRETTY, false), OPS_PRETTY);
    assert_same(&roundtrip(OPS_GENERIC, true), OPS_GENERIC);
    assert_same(&roundtrip(OPS_GENERIC, false), OPS_PRETTY);
    assert_same(&roundtrip(OPS_PRETTY, true), OPS_GENERIC);
}

#[test]
fn constants_print_like_mlir_opt() {
    assert_same(&roundtrip(CONSTANTS, false), CONSTANTS_PRETTY);
    assert_same(&roundtrip(CONSTANTS, true), CONSTANTS_GENERIC);
    assert_same(&roundtrip(CONSTANTS_PRETTY, false), CONSTANTS_PRETTY);
    assert_same(&roundtrip(CONSTANTS_GENERIC, false), CONSTANTS_PRETTY);
}

#[test]
fn float_attributes_print_digit_for_digit() {
    assert_same(&roundtrip(FLOATS, true), FLOATS_GENERIC);
    assert_same(&roundtrip(FLOATS_GENERIC, true), FLOATS_GENERIC);
}

#[test]
fn result_names_follow_mlir() {
    let src = r#"%a = "test.x"() : () -> i32
%0 = arith.constant 42 : i32
%1 = arith.constant 42 : i32
%2 = arith.constant 0 : index
%3 = arith.constant -1 : index
%4 = arith.constant true
%5 = arith.constant false
%6 = arith.constant 1.5 : f32
%7 = arith.constant dense<1> : vector<2xi32>
%8:2 = arith.addui_extended %a, %0 : i32, i1
%9:2 = arith.mului_extended %a, %a : i32
%10:2 = arith.mulsi_extended %a, %a : i32
%11 = arith.addi %8#0, %9#1 : i32
"#;
    let expected = r#"module {
  %0 = "test.x"() : () -> i32
  %c42_i32 = arith.constant 42 : i32
  %c42_i32_0 = arith.constant 42 : i32
  %c0 = arith.constant 0 : index
  %c-1 = arith.constant -1 : index
  %true = arith.constant true
  %false = arith.constant false
  %cst = arith.constant 1.500000e+00 : f32
  %cst_1 = arith.constant dense<1> : vector<2xi32>
  %sum, %overflow = arith.addui_extended %0, %c42_i32 : i32, i1
  %low, %high = arith.mului_extended %0, %0 : i32
  %low_2, %high_3 = arith.mulsi_extended %0, %0 : i32
  %1 = arith.addi %sum, %high : i32
}

"#;
    assert_eq!(roundtrip(src, false), expected);
    let generic = roundtrip(src, true);
    assert!(
        generic.contains("%9:2 = \"arith.addui_extended\"(%0, %1) : (i32, i32) -> (i32, i1)"),
        "{generic}"
    );
}

#[test]
fn generic_input_gets_default_properties_and_canonical_flags() {
    let src = r#""test.f"() ({
^bb0(%x: i32, %y: f32):
  %0 = "arith.addi"(%x, %x) <{overflowFlags = #arith.overflow<nuw, nsw>}> : (i32, i32) -> i32
  %1 = "arith.mulf"(%y, %y) <{fastmath = #arith.fastmath<afn,arcp,contract,nsz,ninf,nnan,reassoc>}> : (f32, f32) -> f32
  %2 = "arith.cmpf"(%y, %y) <{predicate = 13 : i64}> : (f32, f32) -> i1
  %3 = "arith.subi"(%x, %x) : (i32, i32) -> i32
  %4 = "arith.trunci"(%x) : (i32) -> i8
  %5 = "arith.negf"(%y) : (f32) -> f32
  "test.end"() : () -> ()
}) : () -> ()
"#;
    let pretty = r#"module {
  "test.f"() ({
  ^bb0(%arg0: i32, %arg1: f32):
    %0 = arith.addi %arg0, %arg0 overflow<nsw, nuw> : i32
    %1 = arith.mulf %arg1, %arg1 fastmath<fast> : f32
    %2 = arith.cmpf une, %arg1, %arg1 : f32
    %3 = arith.subi %arg0, %arg0 : i32
    %4 = arith.trunci %arg0 : i32 to i8
    %5 = arith.negf %arg1 : f32
    "test.end"() : () -> ()
  }) : () -> ()
}

"#;
    let generic = r#""builtin.module"() ({
  "test.f"() ({
  ^bb0(%arg0: i32, %arg1: f32):
    %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
    %1 = "arith.mulf"(%arg1, %arg1) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %2 = "arith.cmpf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 13 : i64}> : (f32, f32) -> i1
    %3 = "arith.subi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %4 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i8
    %5 = "arith.negf"(%arg1) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    "test.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

"#;
    assert_eq!(roundtrip(src, false), pretty);
    assert_eq!(roundtrip(src, true), generic);
}

#[test]
fn ops_built_by_hand_carry_default_properties() {
    let mut ctx = context();
    let m = parse(&mut ctx, "%x = \"test.x\"() : () -> f32\n");
    let x = ctx.result(common::body_ops(&ctx, m)[0], 0);
    let block = ctx.entry_block(ctx.region(m, 0)).expect("body");
    let loc = ctx.unknown_loc();
    let mut rw = lockstep_ir::Rewriter::new(&mut ctx);
    rw.set_insertion_point_to_end(block);
    let s = lockstep_arith::build_binary(&mut rw, &lockstep_arith::ADDF, x, x, loc);
    lockstep_arith::build_binary(&mut rw, &lockstep_arith::DIVF, s, x, loc);
    let out = print(&ctx, m, true);
    assert!(
        out.contains(
            r#""arith.addf"(%0, %0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32"#
        ),
        "{out}"
    );
    assert!(
        out.contains(r#""arith.divf"(%1, %0) <{fastmath = #arith.fastmath<none>}>"#),
        "{out}"
    );
}
