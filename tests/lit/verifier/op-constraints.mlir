// Verifier, generic per-op constraints (the ODS-generated part of each op's
// verifier), triggered through the generic form: operand and result counts,
// operand and result type constraints, required attributes and attribute
// constraints, same-type and same-shape traits, region and successor counts,
// operand segment sizes.
// One error per split chunk, checked with --verify-diagnostics (which also
// makes mlir-opt's "see current operation" notes unnecessary); every chunk
// gives the same diagnostics with mlir-opt 22 (second RUN line). Rules where
// lockstep differs are in divergent.mlir.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics

func.func @same_operands_and_result_type(%a: i32, %b: i64) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %x = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @same_type_vectors(%a: vector<4xi32>, %b: vector<2xi32>) {
  // expected-error @+1 {{'arith.muli' op requires the same type for all operands and results}}
  %x = "arith.muli"(%a, %b) : (vector<4xi32>, vector<2xi32>) -> vector<4xi32>
  return
}

// -----

func.func @select_condition(%a: i32) {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @select_same_type(%c: i1, %a: i32, %b: i64) {
  // expected-error @+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @cmpi_result_type(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i32
  return
}

// -----

func.func @cmpi_result_shape(%a: vector<4xi32>) {
  // expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<2xi1>
  return
}

// -----

func.func @missing_attribute(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

func.func @constant_missing_value() {
  // expected-error @+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @constant_type_mismatch() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

func.func @constant_non_typed_value() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = "str"}> : () -> i32
  return
}

// -----

func.func @too_few_operands(%a: i32) {
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return
}

// -----

func.func @unexpected_operand(%a: i32) {
  // expected-error @+1 {{'arith.constant' op requires zero operands}}
  %0 = "arith.constant"(%a) <{value = 1 : i32}> : (i32) -> i32
  return
}

// -----

func.func @no_result(%a: i32) {
  // expected-error @+1 {{'arith.addi' op requires one result}}
  "arith.addi"(%a, %a) : (i32, i32) -> ()
  return
}

// -----

func.func @unexpected_result(%a: i1) {
  // expected-error @+1 {{'cf.assert' op requires zero results}}
  %0 = "cf.assert"(%a) <{msg = "m"}> : (i1) -> i32
  return
}

// -----

func.func @assert_missing_msg(%a: i1) {
  // expected-error @+1 {{'cf.assert' op requires attribute 'msg'}}
  "cf.assert"(%a) : (i1) -> ()
  return
}

// -----

func.func @unexpected_region(%a: i32) {
  // expected-error @+1 {{'arith.addi' op requires zero regions}}
  %0 = "arith.addi"(%a, %a) ({
  }) : (i32, i32) -> i32
  return
}

// -----

func.func @missing_region(%c: i1) {
  // expected-error @+1 {{'scf.if' op expected 2 regions}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @unexpected_successor() {
  // expected-error @+1 {{'func.return' op requires 0 successors but found 1}}
  "func.return"()[^bb1] : () -> ()
^bb1:
  return
}

// -----

func.func @missing_successor() {
  // expected-error @+1 {{'cf.br' op requires 1 successor but found 0}}
  "cf.br"() : () -> ()
}

// -----

func.func @segment_sizes_mismatch(%c: i1, %a: i32) {
  // expected-error @+1 {{'cf.cond_br' op operand count (2) does not match with the total size (3) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c, %a)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32) -> ()
^bb1:
  return
}

// -----

func.func @segment_sizes_missing(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] : (i1) -> ()
^bb1:
  return
}

// -----

func.func @func_missing_type() {
  // expected-error @+1 {{'func.func' op requires attribute 'function_type'}}
  "func.func"() <{sym_name = "f"}> ({
  }) : () -> ()
  return
}

// -----

func.func @call_missing_callee() {
  // expected-error @+1 {{'func.call' op requires attribute 'callee'}}
  "func.call"() : () -> ()
  return
}

// -----

// Only the first failing constraint of an op is reported, as mlir-opt does.
func.func @first_constraint_only(%a: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

// The same-type trait is not checked after a failed constraint.
func.func @trait_after_failed_constraint(%a: i32, %b: f32) {
  // expected-error @+1 {{'arith.addi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%a, %b) : (i32, f32) -> i32
  return
}

// -----

// Only the first failing op of a function is reported.
func.func @first_op_only(%a: i64) {
  // expected-error @+1 {{'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %a : i64 to i32
  %1 = arith.trunci %0 : i32 to i64
  return
}
