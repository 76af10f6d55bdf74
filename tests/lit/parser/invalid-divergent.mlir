// Parser errors where lockstep's diagnostic differs from mlir-opt 22's (text
// or line). Each expected-* directive holds lockstep's CURRENT diagnostic and
// is marked `// BUG:` with what mlir-opt reports instead, so that fixing the
// message means updating this file (and moving the chunk to the matching
// invalid-*.mlir file, whose chunks are all checked against mlir-opt too).
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @pretty_wrong_operand_count(%a: i32) {
  // BUG: mlir-opt: "custom op 'func.return' number of operands and types do not match: got 2 operands and 1 types"
  // expected-error @+1 {{custom op 'func.return' 2 operands present, but expected 1}}
  func.return %a, %a : i32
}

// -----

// BUG: mlir-opt: error "region entry argument '%a' is already in use" and
// note "previously referenced here".
// expected-error @+2 {{redefinition of SSA value '%a'}}
// expected-note @+1 {{previously defined here}}
func.func @argument_reused(%a: i32, %a: i32) {
  return
}

// -----

func.func @block_arg_list_unclosed() {
  cf.br ^bb1
// BUG: mlir-opt: "expected ')'"
// expected-error @+1 {{expected ',' or ')', found '%y'}}
^bb1(%x: i32 %y: i32):
  return
}

// -----

func.func @region_not_closed() {
  "test.region"() ({
    "test.op"() : () -> ()
  // BUG: mlir-opt: "expected ')' to end region list"
  // expected-error @+1 {{expected ',' or ')', found ':'}}
  } : () -> ()
  return
}

// -----

func.func @unbalanced_paren() {
  // BUG: mlir-opt: "expected ')' to end operand list"
  // expected-error @+1 {{expected SSA operand, found ':'}}
  "test.op"( : () -> ()
  return
}

// -----

func.func @unbalanced_brace() {
  // BUG: mlir-opt: "expected '}' in attribute dictionary"
  // expected-error @+1 {{expected ',' or '}', found ':'}}
  "test.op"() {a = {b = 1} : () -> ()
  return
}

// -----

func.func @unbalanced_angle() {
  // BUG: mlir-opt: "unbalanced '<' character in pretty dialect name"
  // expected-error @+1 {{unbalanced '<' in dialect attribute or type}}
  "test.op"() {a = #foo.bar<"x"} : () -> ()
  return
}

// -----

// BUG: mlir-opt: "attribute names with a '.' are reserved for dialect-defined names"
// expected-error @+1 {{expected operation name in quotes, found '#a.b'}}
#a.b = 1

// -----

// BUG: mlir-opt: "expected 'x' in dimension list"
// expected-error @+1 {{expected non-function type, found '4'}}
"test.op"() : () -> (tensor<4i32>)

// -----

// BUG: mlir-opt: "expected non-function type" (`?` is not a vector dimension)
// expected-error @+1 {{vector types must have static shape}}
"test.op"() : () -> (vector<?xi32>)

// -----

// BUG: mlir-opt: "integer bitwidth is limited to 16777215 bits"; widths
// 65..16777215 are valid in mlir-opt, lockstep supports at most 64.
// expected-error @+1 {{invalid integer width}}
"test.op"() : () -> (i16777216)

// -----

// BUG: mlir-opt accepts the type `i0`.
// expected-error @+1 {{invalid integer width}}
%0 = "test.op"() : () -> i0

// -----

func.func @custom_op_of_unknown_dialect() {
  // BUG: mlir-opt: "Dialect `foo' not found for custom op 'foo.op' " with a
  // note listing the available dialects.
  // expected-error @+1 {{custom op 'foo.op' is unknown}}
  foo.op
  return
}
