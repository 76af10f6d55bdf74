// Parser errors about tokens and punctuation: missing `:` and `,`, unbalanced
// `[`/`<`, missing function types and attribute values, empty and duplicate
// dictionary keys, undefined and redefined attribute/type aliases, unknown
// type keywords, trailing garbage after the last op.
// One error per split chunk, checked with --verify-diagnostics; every chunk
// gives the same diagnostics with mlir-opt 22 (second RUN line). Cases where
// lockstep's diagnostic differs are in invalid-divergent.mlir.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @missing_colon(%a: i32) -> i32 {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.addi %a, %a i32
  return %0 : i32
}

// -----

func.func @missing_comma(%a: i32) -> i32 {
  // expected-error @+1 {{expected ','}}
  %0 = arith.addi %a %a : i32
  return %0 : i32
}

// -----

func.func @unbalanced_square() {
  // expected-error @+1 {{expected ',' or ']'}}
  "test.op"() {a = [1, 2} : () -> ()
  return
}

// -----

func.func @unbalanced_angle_in_type() {
  // expected-error @+1 {{expected '>'}}
  "test.op"() : () -> (vector<4xi32)
  return
}

// -----

func.func @missing_function_type(%a: i32) {
  // expected-error @+1 {{expected function type}}
  "test.use"(%a) : i32
  return
}

// -----

func.func @bad_attribute_value() {
  // expected-error @+1 {{expected attribute value}}
  "test.op"() {a = } : () -> ()
  return
}

// -----

func.func @empty_attribute_name() {
  // expected-error @+1 {{expected valid attribute name}}
  "test.op"() {"" = 1} : () -> ()
  return
}

// -----

func.func @duplicate_key() {
  // expected-error @+1 {{duplicate key 'a' in dictionary attribute}}
  "test.op"() {a = 1, a = 2} : () -> ()
  return
}

// -----

func.func @undefined_attribute_alias() {
  // expected-error @+1 {{undefined symbol alias id 'nope'}}
  "test.op"() {a = #nope} : () -> ()
  return
}

// -----

func.func @undefined_type_alias() {
  // expected-error @+1 {{undefined symbol alias id 'nope'}}
  "test.op"() : () -> (!nope)
  return
}

// -----

// expected-error @+2 {{redefinition of attribute alias id 'a'}}
#a = 1
#a = 2

// -----

// expected-error @+2 {{redefinition of type alias id 't'}}
!t = i32
!t = i64

// -----

func.func @unknown_type() {
  // expected-error @+1 {{expected non-function type}}
  "test.op"() : () -> (int32)
  return
}

// -----

func.func @trailing_garbage() {
  return
}
// expected-error @+1 {{custom op 'garbage' is unknown}}
garbage
