// Verifier, cf dialect: successor operand counts and types of cf.br,
// cf.cond_br and cf.switch against the target block arguments, cf.cond_br
// condition type, branch weights (count, all zero), cf.switch case values
// against case destinations and operand segments, flag type.
// One error per split chunk, checked with --verify-diagnostics (which also
// makes mlir-opt's "see current operation" notes unnecessary); every chunk
// gives the same diagnostics with mlir-opt 22 (second RUN line). Rules where
// lockstep differs are in divergent.mlir.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics

func.func @br_too_many(%a: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func @br_too_few() {
  // expected-error @+1 {{branch has 0 operands for successor #0, but target block has 1}}
  cf.br ^bb1
^bb1(%x: i32):
  return
}

// -----

func.func @br_type(%a: i64) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i64)
^bb1(%x: i32):
  return
}

// -----

func.func @cond_br_false_dest(%c: i1, %a: i32) {
  // expected-error @+1 {{branch has 0 operands for successor #1, but target block has 1}}
  cf.cond_br %c, ^bb1(%a : i32), ^bb1
^bb1(%x: i32):
  return
}

// -----

func.func @cond_br_second_arg_type(%c: i1, %a: i32, %b: i64) {
  // expected-error @+1 {{type mismatch for bb argument #1 of successor #0}}
  cf.cond_br %c, ^bb1(%a, %b : i32, i64), ^bb2
^bb1(%x: i32, %y: i32):
  return
^bb2:
  return
}

// -----

func.func @cond_br_condition_type(%c: i32) {
  // expected-error @+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_weights_count(%c: i1) {
  // expected-error @+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  cf.cond_br %c, ^bb1, ^bb1 {branch_weights = array<i32: 1, 2, 3>}
^bb1:
  return
}

// -----

func.func @cond_br_weights_zero(%c: i1) {
  // expected-error @+1 {{branch weights cannot all be zero}}
  cf.cond_br %c weights([0, 0]), ^bb1, ^bb1
^bb1:
  return
}

// -----

func.func @switch_default_operands(%f: i32, %a: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    1: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_case_operands(%f: i32, %a: i64) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #1}}
  cf.switch %f : i32, [
    default: ^bb1(%f : i32),
    1: ^bb1(%a : i64)
  ]
^bb1(%x: i32):
  return
}

// -----

func.func @switch_case_values_count(%f: i32) {
  // expected-error @+1 {{'cf.switch' op number of case values (1) should match number of case destinations (2)}}
  "cf.switch"(%f)[^bb1, ^bb1, ^bb1] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<5> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_flag_type(%f: f32) {
  // expected-error @+1 {{'cf.switch' op operand #0 must be integer, but got 'f32'}}
  "cf.switch"(%f)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (f32) -> ()
^bb1:
  return
}

// -----

func.func @assert_condition(%c: i32) {
  // expected-error @+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%c) <{msg = "m"}> : (i32) -> ()
  return
}
