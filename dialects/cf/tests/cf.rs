//! Parsing, printing (pretty and generic, compared with mlir-opt 22's
//! output), verification and canonicalization patterns of the `cf` dialect.

use lockstep_cf::{CF, CondBrOp, SwitchOp, build_assert, build_br, build_cond_br, build_switch};
use lockstep_func::FUNC;
use lockstep_ir::opdef::{Arity, AttrSpec, ValueSpec, constraints};
use lockstep_ir::{Context, Dialect, InsertPoint, OpDef, OpId, Rewriter, Traits, parse_source};
use lockstep_test_support::{
    self as support, check_roundtrip, generic, parse, pretty, verify_tree,
};

/// A constant op standing in for `arith.constant`, shaped like mlir-opt's own
/// `test.constant` (no custom format, `value` is a property).
static CONSTANT: OpDef = OpDef {
    name: "test.constant",
    results: &[ValueSpec {
        name: "result",
        constraint: &constraints::ANY,
        arity: Arity::Single,
    }],
    attrs: &[AttrSpec {
        name: "value",
        constraint: &constraints::ANY_ATTR,
        optional: false,
    }],
    traits: Traits::PURE.union(Traits::CONSTANT_LIKE),
    ..OpDef::DEFAULT
};
static TEST: Dialect = Dialect {
    name: "test",
    summary: "",
    ops: &[&CONSTANT],
    materialize_constant: None,
    allows_unknown_ops: true,
};

fn new_ctx() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(&FUNC);
    ctx.register_dialect(&CF);
    ctx.register_dialect(&lockstep_arith::ARITH);
    ctx.register_dialect(&TEST);
    ctx
}

fn parse_err(src: &str) -> String {
    support::parse_error(&mut new_ctx(), src).message
}

fn verify_err(src: &str) -> String {
    support::verify_error(&mut new_ctx(), src)
}

const SRC: &str = r#"func.func @cf(%a: i32, %c: i1, %f: f32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %f : i32, f32), ^bb2(%a : i32)
^bb1(%x: i32, %y: f32):
  cf.switch %x : i32, [
    default: ^bb2(%x : i32),
    42: ^bb3,
    -7: ^bb2(%a : i32),
    0: ^bb4(%x, %y : i32, f32)
  ]
^bb2(%z: i32):
  cf.br ^bb3
^bb3:
  cf.cond_br %c, ^bb4(%a, %f : i32, f32), ^bb5 {branch_weights = array<i32: 3, 5>}
^bb4(%p: i32, %q: f32):
  cf.switch %p : i32, [
    default: ^bb5
  ]
^bb5:
  cf.assert %c, "message with \"quotes\"\n"
  return %a : i32
}
func.func @sw64(%i: i64) {
  cf.switch %i : i64, [
    default: ^bb1,
    5: ^bb1
  ]
^bb1:
  return
}
func.func @s(%i: i64, %j: i8, %k: i16, %b: i1) {
  cf.switch %i : i64, [
    default: ^bb1,
    9223372036854775807: ^bb1
  ]
^bb1:
  cf.switch %j : i8, [
    default: ^bb2,
    -1: ^bb2,
    127: ^bb2,
    300: ^bb3(%k : i16)
  ]
^bb2:
  cf.switch %k : i16, [
    default: ^bb3(%k : i16),
    7: ^bb3(%k : i16),
    7: ^bb2
  ] {sw.attr}
^bb3(%w: i16):
  cf.br ^bb4 {br.attr = 1 : i32}
^bb4:
  cf.cond_br %b weights([10, 90]), ^bb5, ^bb1 {cb.attr}
^bb5:
  cf.assert %b, "" {as.attr}
  return
}
func.func @loop(%a: i1) {
  cf.br ^bb3
^bb1:
  cf.cond_br %a, ^bb2, ^bb2
^bb2:
  cf.br ^bb1
^bb3:
  cf.cond_br %a, ^bb1, ^bb3
}
"#;

// `mlir-opt t.mlir`
const PRETTY: &str = r#"module {
  func.func @cf(%arg0: i32, %arg1: i1, %arg2: f32) -> i32 {
    cf.cond_br %arg1, ^bb1(%arg0, %arg2 : i32, f32), ^bb2(%arg0 : i32)
  ^bb1(%0: i32, %1: f32):  // pred: ^bb0
    cf.switch %0 : i32, [
      default: ^bb2(%0 : i32),
      42: ^bb3,
      4294967289: ^bb2(%arg0 : i32),
      0: ^bb4(%0, %1 : i32, f32)
    ]
  ^bb2(%2: i32):  // 3 preds: ^bb0, ^bb1, ^bb1
    cf.br ^bb3
  ^bb3:  // 2 preds: ^bb1, ^bb2
    cf.cond_br %arg1 weights([3, 5]), ^bb4(%arg0, %arg2 : i32, f32), ^bb5
  ^bb4(%3: i32, %4: f32):  // 2 preds: ^bb1, ^bb3
    cf.switch %3 : i32, [
      default: ^bb5]
  ^bb5:  // 2 preds: ^bb3, ^bb4
    cf.assert %arg1, "message with \22quotes\22\0A"
    return %arg0 : i32
  }
  func.func @sw64(%arg0: i64) {
    cf.switch %arg0 : i64, [
      default: ^bb1,
      5: ^bb1
    ]
  ^bb1:  // 2 preds: ^bb0, ^bb0
    return
  }
  func.func @s(%arg0: i64, %arg1: i8, %arg2: i16, %arg3: i1) {
    cf.switch %arg0 : i64, [
      default: ^bb1,
      9223372036854775807: ^bb1
    ]
  ^bb1:  // 3 preds: ^bb0, ^bb0, ^bb4
    cf.switch %arg1 : i8, [
      default: ^bb2,
      255: ^bb2,
      127: ^bb2,
      44: ^bb3(%arg2 : i16)
    ]
  ^bb2:  // 4 preds: ^bb1, ^bb1, ^bb1, ^bb2
    cf.switch %arg2 : i16, [
      default: ^bb3(%arg2 : i16),
      7: ^bb3(%arg2 : i16),
      7: ^bb2
    ] {sw.attr}
  ^bb3(%0: i16):  // 3 preds: ^bb1, ^bb2, ^bb2
    cf.br ^bb4 {br.attr = 1 : i32}
  ^bb4:  // pred: ^bb3
    cf.cond_br %arg3 weights([10, 90]), ^bb5, ^bb1 {cb.attr}
  ^bb5:  // pred: ^bb4
    cf.assert %arg3, "" {as.attr}
    return
  }
  func.func @loop(%arg0: i1) {
    cf.br ^bb3
  ^bb1:  // 2 preds: ^bb2, ^bb3
    cf.cond_br %arg0, ^bb2, ^bb2
  ^bb2:  // 2 preds: ^bb1, ^bb1
    cf.br ^bb1
  ^bb3:  // 2 preds: ^bb0, ^bb3
    cf.cond_br %arg0, ^bb1, ^bb3
  }
}

"#;

// `mlir-opt --mlir-print-op-generic t.mlir`
const GENERIC: &str = r#""builtin.module"() ({
  "func.func"() <{function_type = (i32, i1, f32) -> i32, sym_name = "cf"}> ({
  ^bb0(%arg6: i32, %arg7: i1, %arg8: f32):
    "cf.cond_br"(%arg7, %arg6, %arg8, %arg6)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i32, f32, i32) -> ()
  ^bb1(%1: i32, %2: f32):  // pred: ^bb0
    "cf.switch"(%1, %1, %arg6, %1, %2)[^bb2, ^bb3, ^bb2, ^bb4] <{case_operand_segments = array<i32: 0, 1, 2>, case_values = dense<[42, -7, 0]> : vector<3xi32>, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i32, i32, i32, i32, f32) -> ()
  ^bb2(%3: i32):  // 3 preds: ^bb0, ^bb1, ^bb1
    "cf.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "cf.cond_br"(%arg7, %arg6, %arg8)[^bb4, ^bb5] <{branch_weights = array<i32: 3, 5>, operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i32, f32) -> ()
  ^bb4(%4: i32, %5: f32):  // 2 preds: ^bb1, ^bb3
    "cf.switch"(%4)[^bb5] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb5:  // 2 preds: ^bb3, ^bb4
    "cf.assert"(%arg7) <{msg = "message with \22quotes\22\0A"}> : (i1) -> ()
    "func.return"(%arg6) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64) -> (), sym_name = "sw64"}> ({
  ^bb0(%arg5: i64):
    "cf.switch"(%arg5)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<5> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb0
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64, i8, i16, i1) -> (), sym_name = "s"}> ({
  ^bb0(%arg1: i64, %arg2: i8, %arg3: i16, %arg4: i1):
    "cf.switch"(%arg1)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<9223372036854775807> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> ()
  ^bb1:  // 3 preds: ^bb0, ^bb0, ^bb4
    "cf.switch"(%arg2, %arg3)[^bb2, ^bb2, ^bb2, ^bb3] <{case_operand_segments = array<i32: 0, 0, 1>, case_values = dense<[-1, 127, 44]> : vector<3xi8>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i8, i16) -> ()
  ^bb2:  // 4 preds: ^bb1, ^bb1, ^bb1, ^bb2
    "cf.switch"(%arg3, %arg3, %arg3)[^bb3, ^bb3, ^bb2] <{case_operand_segments = array<i32: 1, 0>, case_values = dense<7> : vector<2xi16>, operandSegmentSizes = array<i32: 1, 1, 1>}> {sw.attr} : (i16, i16, i16) -> ()
  ^bb3(%0: i16):  // 3 preds: ^bb1, ^bb2, ^bb2
    "cf.br"()[^bb4] {br.attr = 1 : i32} : () -> ()
  ^bb4:  // pred: ^bb3
    "cf.cond_br"(%arg4)[^bb5, ^bb1] <{branch_weights = array<i32: 10, 90>, operandSegmentSizes = array<i32: 1, 0, 0>}> {cb.attr} : (i1) -> ()
  ^bb5:  // pred: ^bb4
    "cf.assert"(%arg4) <{msg = ""}> {as.attr} : (i1) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i1) -> (), sym_name = "loop"}> ({
  ^bb0(%arg0: i1):
    "cf.br"()[^bb3] : () -> ()
  ^bb1:  // 2 preds: ^bb2, ^bb3
    "cf.cond_br"(%arg0)[^bb2, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // 2 preds: ^bb1, ^bb1
    "cf.br"()[^bb1] : () -> ()
  ^bb3:  // 2 preds: ^bb0, ^bb3
    "cf.cond_br"(%arg0)[^bb1, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  }) : () -> ()
}) : () -> ()

"#;

#[test]
fn roundtrip_matches_mlir_opt() {
    check_roundtrip(new_ctx, SRC, PRETTY, GENERIC);
}

/// Applies the ops' canonicalization patterns by hand until none applies.
fn canonicalize(ctx: &mut Context, root: OpId) -> usize {
    let mut applied = 0;
    loop {
        let mut changed = false;
        for op in ctx.collect_pre(root) {
            if !ctx.is_live_op(op) {
                continue;
            }
            let Some(def) = ctx.def_of(op) else { continue };
            for pat in def.canonicalize {
                assert!(pat.root().is_some_and(|r| std::ptr::eq(r, def)));
                let mut rw = Rewriter::new(ctx);
                if pat.match_and_rewrite(op, &mut rw) {
                    applied += 1;
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            return applied;
        }
    }
}

const CANON_SRC: &str = r#"func.func @f(%a: i32, %b: i32) -> i32 {
  %t = "test.constant"() {value = true} : () -> i1
  %f = "test.constant"() {value = false} : () -> i1
  cf.cond_br %t, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  cf.cond_br %f, ^bb3(%a : i32), ^bb2(%x : i32)
^bb2(%y: i32):
  return %y : i32
^bb3(%z: i32):
  return %z : i32
}
func.func @g(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  cf.cond_br %c, ^bb2(%x : i32), ^bb2(%a : i32)
^bb2(%y: i32):
  return %y : i32
}
func.func @s(%a: i32, %b: i32, %p: i1) {
  %t = "test.constant"() {value = true} : () -> i1
  %k = "test.constant"() {value = -1 : i8} : () -> i8
  %n = "test.constant"() {value = 3 : i8} : () -> i8
  cf.switch %k : i8, [
    default: ^bb1,
    255: ^bb2(%a : i32),
    4: ^bb1
  ]
^bb1:
  cf.switch %n : i8, [
    default: ^bb3,
    1: ^bb2(%a : i32)
  ]
^bb2(%x: i32):
  cf.switch %a : i32, [
    default: ^bb3
  ]
^bb3:
  cf.switch %a : i32, [
    default: ^bb4(%a : i32),
    1: ^bb4(%a : i32),
    2: ^bb5,
    3: ^bb4(%b : i32)
  ]
^bb4(%z: i32):
  cf.assert %t, "never fires"
  cf.assert %p, "kept"
  return
^bb5:
  return
}
"#;

// The expected IR, written by hand, printed by mlir-opt.
const CANON_WANT: &str = r#"module {
  func.func @f(%arg0: i32, %arg1: i32) -> i32 {
    %0 = "test.constant"() <{value = true}> : () -> i1
    %1 = "test.constant"() <{value = false}> : () -> i1
    cf.br ^bb1(%arg0 : i32)
  ^bb1(%2: i32):  // pred: ^bb0
    cf.br ^bb2(%2 : i32)
  ^bb2(%3: i32):  // pred: ^bb1
    return %3 : i32
  ^bb3(%4: i32):  // no predecessors
    return %4 : i32
  }
  func.func @g(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
    cf.br ^bb1(%arg1 : i32)
  ^bb1(%0: i32):  // pred: ^bb0
    %1 = arith.select %arg0, %0, %arg1 : i32
    cf.br ^bb2(%1 : i32)
  ^bb2(%2: i32):  // pred: ^bb1
    return %2 : i32
  }
  func.func @s(%arg0: i32, %arg1: i32, %arg2: i1) {
    %0 = "test.constant"() <{value = true}> : () -> i1
    %1 = "test.constant"() <{value = -1 : i8}> : () -> i8
    %2 = "test.constant"() <{value = 3 : i8}> : () -> i8
    cf.br ^bb2(%arg0 : i32)
  ^bb1:  // no predecessors
    cf.br ^bb3
  ^bb2(%3: i32):  // pred: ^bb0
    cf.br ^bb3
  ^bb3:  // 2 preds: ^bb1, ^bb2
    cf.switch %arg0 : i32, [
      default: ^bb4(%arg0 : i32),
      2: ^bb5,
      3: ^bb4(%arg1 : i32)
    ]
  ^bb4(%4: i32):  // 2 preds: ^bb3, ^bb3
    cf.assert %arg2, "kept"
    return
  ^bb5:  // pred: ^bb3
    return
  }
}

"#;

#[test]
fn canonicalization_patterns() {
    let mut ctx = new_ctx();
    let m = parse(&mut ctx, CANON_SRC);
    let applied = canonicalize(&mut ctx, m);
    verify_tree(&ctx, m).unwrap_or_else(|d| panic!("verifier: {}", d.message));
    assert_eq!(pretty(&ctx, m), CANON_WANT);
    // cond_br true, cond_br false, identical successors, a select for
    // differing operands to one block, the case of the first switch that
    // matches its default dropped (MLIR tries that before the constant
    // flag), two constant switches, switch with only a default, dropped
    // cases, true assert.
    assert_eq!(applied, 10);
    // A fixpoint: nothing more applies.
    assert_eq!(canonicalize(&mut ctx, m), 0);
}

/// The patterns that look at neighbouring blocks: pass-through successors,
/// conditions and flags decided by the single predecessor, truth
/// propagation.
const CANON_SRC2: &str = r#"func.func @p(%c: i1, %d: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c weights([1, 2]), ^bb1, ^bb2
^bb1:
  "test.use"(%c) : (i1) -> ()
  cf.cond_br %c, ^bb3(%a : i32), ^bb4
^bb2:
  cf.cond_br %d, ^bb5(%b : i32), ^bb4
^bb3(%x: i32):
  cf.br ^bb6(%x : i32)
^bb4:
  cf.br ^bb6(%a : i32)
^bb5(%y: i32):
  cf.br ^bb6(%y : i32)
^bb6(%z: i32):
  return %z : i32
}
func.func @q(%f: i32, %a: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb3
  ]
^bb1:
  cf.switch %f : i32, [
    default: ^bb4,
    1: ^bb5(%a : i32),
    3: ^bb4
  ]
^bb2:
  cf.switch %f : i32, [
    default: ^bb4,
    1: ^bb5(%a : i32)
  ]
^bb3:
  cf.br ^bb5(%a : i32)
^bb4:
  return
^bb5(%v: i32):
  "test.use"(%v) : (i32) -> ()
  cf.br ^bb4
}
"#;

const CANON_WANT2: &str = r#"module {
  func.func @p(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32) -> i32 {
    %true = arith.constant true
    cf.cond_br %arg0 weights([1, 2]), ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    "test.use"(%true) : (i1) -> ()
    cf.br ^bb3(%arg2 : i32)
  ^bb2:  // pred: ^bb0
    cf.cond_br %arg1, ^bb6(%arg3 : i32), ^bb6(%arg2 : i32)
  ^bb3(%0: i32):  // pred: ^bb1
    cf.br ^bb6(%0 : i32)
  ^bb4:  // no predecessors
    cf.br ^bb6(%arg2 : i32)
  ^bb5(%1: i32):  // no predecessors
    cf.br ^bb6(%1 : i32)
  ^bb6(%2: i32):  // 5 preds: ^bb2, ^bb2, ^bb3, ^bb4, ^bb5
    return %2 : i32
  }
  func.func @q(%arg0: i32, %arg1: i32) {
    cf.switch %arg0 : i32, [
      default: ^bb4,
      1: ^bb5(%arg1 : i32),
      2: ^bb5(%arg1 : i32)
    ]
  ^bb1:  // no predecessors
    cf.br ^bb4
  ^bb2:  // no predecessors
    cf.br ^bb5(%arg1 : i32)
  ^bb3:  // no predecessors
    cf.br ^bb5(%arg1 : i32)
  ^bb4:  // 3 preds: ^bb0, ^bb1, ^bb5
    return
  ^bb5(%0: i32):  // 4 preds: ^bb0, ^bb0, ^bb2, ^bb3
    "test.use"(%0) : (i32) -> ()
    cf.br ^bb4
  }
}

"#;

#[test]
fn block_neighbourhood_patterns() {
    let mut ctx = new_ctx();
    ctx.allow_unregistered = true;
    let m = parse(&mut ctx, CANON_SRC2);
    canonicalize(&mut ctx, m);
    verify_tree(&ctx, m).unwrap_or_else(|d| panic!("verifier: {}", d.message));
    assert_eq!(pretty(&ctx, m), CANON_WANT2);
    assert_eq!(canonicalize(&mut ctx, m), 0);
}

#[test]
fn switch_printed_unsigned_i64_parses_back_unlike_mlir() {
    let src = "func.func @s(%i: i64) {\n  cf.switch %i : i64, [\n    default: ^bb1,\n    -1: ^bb1\n  ]\n^bb1:\n  return\n}\n";
    let mut ctx = new_ctx();
    let m = parse(&mut ctx, src);
    let out = pretty(&ctx, m);
    assert!(out.contains("      18446744073709551615: ^bb1\n"), "{out}");
    // mlir-opt 22 prints this but rejects it ("integer value too large");
    // lockstep reads its own output back to the same IR.
    let mut ctx2 = new_ctx();
    let m2 = parse(&mut ctx2, &out);
    assert_eq!(pretty(&ctx2, m2), out);
    assert!(generic(&ctx2, m2).contains("case_values = dense<-1> : vector<1xi64>"));
    // Values wider than the flag are truncated, as MLIR does.
    let src = "func.func @s(%j: i8) {\n  cf.switch %j : i8, [\n    default: ^bb1,\n    300: ^bb1,\n    9223372036854775807: ^bb1\n  ]\n^bb1:\n  return\n}\n";
    let mut ctx = new_ctx();
    let m = parse(&mut ctx, src);
    assert!(generic(&ctx, m).contains("case_values = dense<[44, -1]> : vector<2xi8>"));
    assert!(pretty(&ctx, m).contains("      44: ^bb1,\n      255: ^bb1\n    ]"));
}

#[test]
fn parse_errors_match_mlir() {
    assert_eq!(
        parse_err(
            "func.func @c(%i: index) {\n  cf.switch %i : index, [\n    default: ^bb1\n  ]\n^bb1:\n  return\n}\n"
        ),
        "custom op 'cf.switch' invalid kind of type specified: expected builtin.integer, but found 'index'"
    );
    assert_eq!(
        parse_err(
            "func.func @f(%c: i1) {\n  cf.cond_br %c weights([1, 5000000000]), ^bb1, ^bb1\n^bb1:\n  return\n}\n"
        ),
        "custom op 'cf.cond_br' integer value too large"
    );
    assert!(
        parse_err("func.func @f(%c: i1) {\n  cf.cond_br %c, ^bb2(), ^bb2\n^bb2:\n  return\n}\n")
            .starts_with("expected ':'")
    );
    assert_eq!(
        parse_err(
            "func.func @f(%a: i32) {\n  cf.br ^bb1(%a, %a : i32)\n^bb1(%x: i32):\n  return\n}\n"
        ),
        "custom op 'cf.br' 2 operands present, but expected 1"
    );
    assert_eq!(
        parse_err("func.func @f(%a: i32) {\n  cf.assert %a, \"m\"\n  return\n}\n"),
        "use of value '%a' expects different type than prior uses: 'i1' vs 'i32'"
    );
}

#[test]
fn verifier_messages() {
    let cases: &[(&str, &str)] = &[
        (
            "func.func @a(%x: i32) {\n  cf.br ^bb1(%x : i32)\n^bb1:\n  return\n}\n",
            "branch has 1 operands for successor #0, but target block has 0",
        ),
        (
            "func.func @b(%x: i32) {\n  cf.br ^bb1(%x : i32)\n^bb1(%y: i64):\n  return\n}\n",
            "type mismatch for bb argument #0 of successor #0",
        ),
        (
            "func.func @c(%x: i32, %c: i1) {\n  cf.cond_br %c, ^bb1, ^bb1(%x : i32)\n^bb1:\n  return\n}\n",
            "branch has 1 operands for successor #1, but target block has 0",
        ),
        (
            "func.func @d(%x: i32) {\n  cf.switch %x : i32, [\n    default: ^bb1,\n    1: ^bb1(%x : i32)\n  ]\n^bb1:\n  return\n}\n",
            "branch has 1 operands for successor #1, but target block has 0",
        ),
        (
            "func.func @w(%c: i1) {\n  cf.cond_br %c weights([1, 2, 3]), ^bb1, ^bb1\n^bb1:\n  return\n}\n",
            "expects number of branch weights to match number of successors: 3 vs 2",
        ),
        (
            "func.func @z(%c: i1) {\n  cf.cond_br %c, ^bb1, ^bb1 {branch_weights = array<i32: 0, 0>}\n^bb1:\n  return\n}\n",
            "branch weights cannot all be zero",
        ),
        (
            "func.func @f(%x: i32) {\n  \"cf.switch\"(%x)[^bb1] <{case_values = dense<[1, 2]> : vector<2xi32>, case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}\n",
            "'cf.switch' op number of case values (2) should match number of case destinations (0)",
        ),
        (
            "func.func @g(%x: i32) {\n  \"cf.switch\"(%x)[^bb1, ^bb1, ^bb1] <{case_values = dense<[1, 2]> : vector<2xi64>, case_operand_segments = array<i32: 0, 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}\n",
            "'cf.switch' op 'flag' type ('i32') should match case value type ('i64')",
        ),
        (
            "func.func @h(%x: i32) {\n  \"cf.switch\"(%x)[^bb1, ^bb1] <{case_values = dense<[1, 2]> : vector<2xi32>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}\n",
            "'cf.switch' op number of case values (2) should match number of case destinations (1)",
        ),
        (
            "func.func @i(%x: i32) {\n  \"cf.switch\"(%x)[^bb1, ^bb1] <{case_values = dense<[1]> : vector<1xi32>, case_operand_segments = array<i32: 1>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}\n",
            "'cf.switch' op caseOperands count (0) does not match with the total size (1) specified in attribute 'case_operand_segments'",
        ),
        // mlir-opt crashes on this one; lockstep reports it.
        (
            "func.func @e(%x: i32) {\n  \"cf.switch\"(%x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}\n",
            "'cf.switch' op number of case values (0) should match number of case destinations (1)",
        ),
        (
            "func.func @j(%x: i32) {\n  \"cf.switch\"(%x)[^bb1, ^bb1, ^bb1] <{case_values = dense<[1, 2]> : vector<2xi32>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}\n",
            "'cf.switch' op expects one 'case_operand_segments' entry per case destination, but has 1 for 2",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(&verify_err(src), want, "for {src}");
    }
}

#[test]
fn successor_operand_ranges() {
    let mut ctx = new_ctx();
    let m = parse(
        &mut ctx,
        "func.func @f(%c: i1, %a: i32, %b: f32) {\n  cf.cond_br %c, ^bb1(%a, %b : i32, f32), ^bb2(%a : i32)\n^bb1(%x: i32, %y: f32):\n  cf.switch %x : i32, [\n    default: ^bb2(%x : i32),\n    4: ^bb1(%a, %y : i32, f32),\n    5: ^bb2(%a : i32)\n  ]\n^bb2(%z: i32):\n  return\n}\n",
    );
    let f = ctx
        .first_op(ctx.entry_block(ctx.region(m, 0)).unwrap())
        .unwrap();
    let blocks = ctx.region_blocks(ctx.region(f, 0)).to_vec();
    let args0 = ctx.block_args(blocks[0]).to_vec();
    let args1 = ctx.block_args(blocks[1]).to_vec();
    let cb = CondBrOp::from_op(&ctx, ctx.last_op(blocks[0]).unwrap()).unwrap();
    assert_eq!(cb.condition(&ctx), Some(args0[0]));
    assert_eq!(cb.true_operands(&ctx), &args0[1..3]);
    assert_eq!(cb.false_operands(&ctx), &args0[1..2]);
    assert_eq!(cb.weights(&ctx), None);
    let sw = SwitchOp::from_op(&ctx, ctx.last_op(blocks[1]).unwrap()).unwrap();
    assert_eq!(sw.case_values(&ctx), vec![4, 5]);
    assert_eq!(sw.num_cases(&ctx), 2);
    assert_eq!(sw.default_operands(&ctx), &[args1[0]]);
    assert_eq!(sw.case_operands(&ctx, 0), &[args0[1], args1[1]]);
    assert_eq!(sw.case_operands(&ctx, 1), &[args0[1]]);
    assert_eq!(sw.case_dest(&ctx, 1), Some(blocks[2]));
    assert!(sw.case_operands(&ctx, 2).is_empty());
}

#[test]
fn builders_match_parsed_ir() {
    let want = "func.func @f(%c: i1, %a: i32) {\n  cf.cond_br %c, ^bb1(%a : i32), ^bb2\n^bb1(%x: i32):\n  cf.switch %x : i32, [\n    default: ^bb2,\n    3: ^bb1(%x : i32),\n    3: ^bb2\n  ]\n^bb2:\n  cf.assert %c, \"ok\"\n  cf.br ^bb1(%a : i32)\n}\n";
    let mut ctx = new_ctx();
    let expected_module = parse(&mut ctx, want);
    let expected = (
        pretty(&ctx, expected_module),
        generic(&ctx, expected_module),
    );

    let mut ctx = new_ctx();
    let m = parse(&mut ctx, "func.func @f(%c: i1, %a: i32) {\n  return\n}\n");
    let f = ctx
        .first_op(ctx.entry_block(ctx.region(m, 0)).unwrap())
        .unwrap();
    let body = ctx.region(f, 0);
    let entry = ctx.entry_block(body).unwrap();
    let (c, a) = (ctx.block_args(entry)[0], ctx.block_args(entry)[1]);
    let (loc, i32t) = (ctx.unknown_loc(), ctx.common.i32);
    {
        let mut rw = Rewriter::new(&mut ctx);
        let ret = rw.ctx().first_op(entry).unwrap();
        rw.erase_op(ret);
        rw.create_block(body, &[i32t], Some(loc));
        rw.create_block(body, &[], Some(loc));
        let blocks = rw.ctx().region_blocks(body).to_vec();
        let x = rw.ctx().block_args(blocks[1])[0];
        rw.set_insertion_point(InsertPoint::BlockEnd(blocks[0]));
        build_cond_br(&mut rw, c, blocks[1], &[a], blocks[2], &[], loc);
        rw.set_insertion_point(InsertPoint::BlockEnd(blocks[1]));
        build_switch(
            &mut rw,
            x,
            blocks[2],
            &[],
            &[(3, blocks[1], &[x]), (3, blocks[2], &[])],
            loc,
        );
        rw.set_insertion_point(InsertPoint::BlockEnd(blocks[2]));
        build_assert(&mut rw, c, "ok", loc);
        build_br(&mut rw, blocks[1], &[a], loc);
    }
    verify_tree(&ctx, m).unwrap_or_else(|d| panic!("verifier: {}", d.message));
    assert_eq!((pretty(&ctx, m), generic(&ctx, m)), expected);
}

/// Every prefix of the sources, and each of them with a token deleted, must
/// give a located error or IR that verifies or not — never a panic — and
/// whatever parses must print in both forms.
#[test]
fn truncated_and_mangled_input_never_panics() {
    let srcs = [SRC, PRETTY, GENERIC, CANON_SRC, CANON_SRC2];
    for src in srcs {
        let mut cuts: Vec<usize> = (0..src.len())
            .filter(|&i| src.is_char_boundary(i))
            .step_by(3)
            .collect();
        cuts.push(src.len());
        for cut in cuts {
            for text in [
                src[..cut].to_string(),
                format!("{}{}", &src[..cut], &src[(cut + 2).min(src.len())..]),
            ] {
                let mut ctx = new_ctx();
                ctx.allow_unregistered = true;
                if let Ok(m) = parse_source(&mut ctx, "t.mlir", &text, 1) {
                    let verified = verify_tree(&ctx, m).is_ok();
                    let _ = pretty(&ctx, m);
                    let _ = generic(&ctx, m);
                    // Patterns, like MLIR's, run on verified IR only (an
                    // unverified use across regions could outlive its value).
                    if verified {
                        canonicalize(&mut ctx, m);
                        verify_tree(&ctx, m)
                            .unwrap_or_else(|d| panic!("after canonicalize: {}", d.message));
                        let _ = pretty(&ctx, m);
                    }
                }
            }
        }
    }
}
