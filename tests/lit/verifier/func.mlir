// Verifier, func dialect: func.return operand count and types against the
// enclosing function, func.call operand/result counts and types against the
// callee and unknown callees, the entry block arguments of func.func against
// its function type, argument/result attribute arrays, return in a nested
// region.
// One error per split chunk, checked with --verify-diagnostics (which also
// makes mlir-opt's "see current operation" notes unnecessary); every chunk
// gives the same diagnostics with mlir-opt 22 (second RUN line). Rules where
// lockstep differs are in divergent.mlir.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics

func.func @return_type(%a: i32) -> i64 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @return_type}}
  return %a : i32
}

// -----

func.func @return_second_type(%a: i32) -> (i32, i64) {
  // expected-error @+1 {{type of return operand 1 ('i32') doesn't match function result type ('i64') in function @return_second_type}}
  return %a, %a : i32, i32
}

// -----

func.func @return_too_few() -> i32 {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@return_too_few) returns 1}}
  return
}

// -----

func.func @return_too_many(%a: i32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@return_too_many) returns 0}}
  return %a : i32
}

// -----

func.func private @callee(i32) -> i64

func.func @call_operand_type(%a: i64) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %0 = call @callee(%a) : (i64) -> i64
  return
}

// -----

func.func private @callee(i32) -> i64

func.func @call_result_type(%a: i32) {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{op result types: 'i32'}}
  // expected-note @+1 {{function result types: 'i64'}}
  %0 = call @callee(%a) : (i32) -> i32
  return
}

// -----

func.func private @callee(i32) -> i64

func.func @call_operand_count(%a: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = call @callee(%a, %a) : (i32, i32) -> i64
  return
}

// -----

func.func private @callee(i32) -> i64

func.func @call_result_count(%a: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
  call @callee(%a) : (i32) -> ()
  return
}

// -----

func.func @call_unknown_callee() {
  // expected-error @+1 {{'func.call' op 'nosuch' does not reference a valid function}}
  call @nosuch() : () -> ()
  return
}

// -----

module {
  module @inner {
    func.func private @hidden()
  }
  func.func @call_into_other_table() {
    // expected-error @+1 {{'func.call' op 'hidden' does not reference a valid function}}
    call @hidden() : () -> ()
    return
  }
}

// -----

// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "entry_arg_count"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "entry_arg_type"}> ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
"func.func"() <{arg_attrs = [{}, {}], function_type = (i32) -> (), sym_name = "arg_attrs"}> ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 0, but expected 1}}
"func.func"() <{function_type = () -> i32, res_attrs = [], sym_name = "res_attrs", sym_visibility = "private"}> ({
}) : () -> ()

// -----

func.func @return_in_nested_region(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}
