// Parser errors about operations: unknown custom ops (with and without a
// dialect prefix), unregistered dialects without --allow-unregistered-dialect,
// unknown ops of a registered dialect, malformed custom forms of registered
// ops (enum keywords, flags, weights, switch flag type, inferred attributes),
// registered ops in generic form with wrong operand/result/region/successor
// counts, missing attributes or operand segments.
// One error per split chunk, checked with --verify-diagnostics; every chunk
// gives the same diagnostics with mlir-opt 22 (second RUN line). Cases where
// lockstep's diagnostic differs are in invalid-divergent.mlir.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics

func.func @unknown_dialect_op() {
  // expected-error @+1 {{custom op 'arith.frobnicate' is unknown}}
  arith.frobnicate
  return
}

// -----

func.func @unknown_bare_op() {
  // expected-error @+1 {{custom op 'frobnicate' is unknown (tried 'func.frobnicate' as well)}}
  frobnicate
  return
}

// -----

func.func @not_an_op() {
  // expected-error @+1 {{custom op 'arith.mulhisi' is unknown}}
  %0 = arith.mulhisi
  return
}

// -----

func.func @unregistered_dialect() {
  // expected-error @+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
  "foo.op"() : () -> ()
  return
}

// -----

// expected-error @+1 {{operation being parsed with an unregistered dialect}}
"foo.toplevel"() : () -> ()

// -----

func.func @cmpi_bad_predicate(%a: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @cmpf_bad_predicate(%a: f32) {
  // expected-error @+1 {{custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %0 = arith.cmpf slt, %a, %a : f32
  return
}

// -----

func.func @uitofp_nneg(%a: i32) {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.uitofp %a nneg : i32 to f32
  return
}

// -----

func.func @weights_after_successors(%c: i1) {
  // expected-error @+1 {{custom op 'weights' is unknown (tried 'func.weights' as well)}}
  cf.cond_br %c, ^bb1, ^bb1 weights([1, 2])
^bb1:
  return
}

// -----

func.func @switch_on_index(%i: index) {
  // expected-error @+1 {{custom op 'cf.switch' invalid kind of type specified: expected builtin.integer, but found 'index'}}
  cf.switch %i : index, [
    default: ^bb1
  ]
^bb1:
  return
}

// -----

// expected-error @+1 {{'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @visibility_attr() attributes {sym_visibility = "private"} {
  return
}

// -----

func.func @generic_too_few_operands(%a: i32) {
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return
}

// -----

func.func @generic_too_many_operands(%a: i32) {
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 3}}
  %0 = "arith.addi"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @generic_no_result(%a: i32) {
  // expected-error @+1 {{'arith.addi' op requires one result}}
  "arith.addi"(%a, %a) : (i32, i32) -> ()
  return
}

// -----

func.func @generic_two_results(%a: i32) {
  // expected-error @+1 {{'arith.addi' op requires one result}}
  %0:2 = "arith.addi"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @generic_missing_attribute() {
  // expected-error @+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @generic_unexpected_region(%a: i32) {
  // expected-error @+1 {{'arith.addi' op requires zero regions}}
  %0 = "arith.addi"(%a, %a) ({
  }) : (i32, i32) -> i32
  return
}

// -----

func.func @generic_unexpected_successor(%a: i32) {
  // expected-error @+1 {{'func.return' op requires 0 successors but found 1}}
  "func.return"()[^bb1] : () -> ()
^bb1:
  return
}

// -----

func.func @generic_missing_successor() {
  // expected-error @+1 {{'cf.br' op requires 1 successor but found 0}}
  "cf.br"() : () -> ()
}

// -----

func.func @generic_condbr_segments(%c: i1, %a: i32) {
  // expected-error @+1 {{'cf.cond_br' op operand count (2) does not match with the total size (3) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c, %a)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32) -> ()
^bb1:
  return
}
