// Parser errors where lockstep's diagnostic differs from mlir-opt 22's (text
// or line). Each expected-* directive holds lockstep's CURRENT diagnostic and
// is marked `// BUG:` with what mlir-opt reports instead, so that fixing the
// message means updating this file (and moving the chunk to the matching
// invalid-*.mlir file, whose chunks are all checked against mlir-opt too).
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @zero_results() {
  // BUG: mlir-opt: "expected named operation to have at least 1 result" (col 6)
  // expected-error @+1 {{expected a positive number of results}}
  %0:0 = "test.op"() : () -> ()
  return
}

// -----

func.func @huge_result_count() {
  // BUG: mlir-opt: "operation defines 2 results but was provided 99999999999 to bind"
  // expected-error @+1 {{expected a positive number of results}}
  %0:99999999999 = "test.op"() : () -> (i32, i32)
  return
}

// -----

func.func @result_number_in_definition() {
  // BUG: mlir-opt: "expected '=' after SSA name"
  // expected-error @+1 {{expected '=', found '#1'}}
  %0#1 = "test.op"() : () -> (i32, i32)
  return
}

// -----

func.func @forward_ref_type_mismatch() {
  // BUG: mlir-opt: error "definition of SSA value '%x#0' has type 'i64'" plus a
  // note "previously used here with type 'i32'" at the use on the next line.
  "test.use"(%x) : (i32) -> ()
  // expected-error @+1 {{definition of SSA value '%x#0' has type 'i64' but it was used before with type 'i32'}}
  %x = "test.op"() : () -> (i64)
  return
}

// -----

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

func.func @block_label_without_colon() {
  cf.br ^bb1
// BUG: mlir-opt: "expected ':' after block name" at the end of the next line.
^bb1(%x: i32)
  // expected-error @+1 {{expected ':', found 'return'}}
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

func.func @stray_character() {
  // BUG: mlir-opt: "unexpected character"
  // expected-error @+1 {{expected operation name in quotes, found invalid token '~'}}
  ~
  return
}

// -----

func.func @stray_backtick() {
  // BUG: mlir-opt: "unexpected character"
  // expected-error @+1 {{expected attribute value, found invalid token '`'}}
  "test.op"() {a = `x} : () -> ()
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

func.func @unknown_escape() {
  // BUG: mlir-opt: "unknown escape in string literal" (at the backslash)
  // expected-error @+1 {{invalid escape sequence in string literal}}
  "test.op"() {a = "bad\q"} : () -> ()
  return
}

// -----

func.func @single_hex_digit_escape() {
  // BUG: mlir-opt: "unknown escape in string literal" (at the backslash)
  // expected-error @+1 {{invalid escape sequence in string literal}}
  "test.op"() {a = "bad\4"} : () -> ()
  return
}

// -----

func.func @unterminated_string() {
  // BUG: mlir-opt: "expected '"' in string literal" (at the end of the line)
  // expected-error @+1 {{expected attribute value, found invalid token}}
  "test.op"() {a = "unterminated} : () -> ()
  return
}

// -----

func.func @newline_in_string() {
  // BUG: mlir-opt: "expected '"' in string literal"
  // expected-error @+1 {{expected attribute value, found invalid token}}
  "test.op"() {a = "new
line"} : () -> ()
  return
}

// -----

func.func @symbol_without_name() {
  // BUG: mlir-opt: "@ identifier expected to start with letter or '_'"
  // expected-error @+1 {{expected attribute value, found invalid token '@'}}
  "test.op"() {a = @} : () -> ()
  return
}

// -----

// BUG: mlir-opt: "attribute names with a '.' are reserved for dialect-defined names"
// expected-error @+1 {{expected operation name in quotes, found '#a.b'}}
#a.b = 1

// -----

func.func @missing_op_name() {
  // BUG: mlir-opt: "expected operation name in quotes" on THIS line (just
  // after the `=`), not at the `}` on the next line.
  %0 =
// expected-error @+1 {{expected operation name in quotes, found '}'}}
}

// -----

func.func @missing_colon_before_newline(%a: i32) -> i32 {
  // BUG: mlir-opt: "expected ':'" on THIS line (just after `%a`), not at the
  // next token.
  %0 = arith.addi %a, %a
  // expected-error @+1 {{expected ':', found 'return'}}
  return %0 : i32
}

// -----

// BUG: mlir-opt: "floating point value not valid for specified type" (at the type)
// expected-error @+1 {{expected integer value}}
"test.op"() {a = 1.0 : i32} : () -> ()

// -----

// BUG: mlir-opt: "floating point value not valid for specified type" (at the type)
// expected-error @+1 {{expected integer value}}
"test.op"() {a = 1.0 : index} : () -> ()

// -----

// BUG: mlir-opt: "integer literal not valid for specified type"
// expected-error @+1 {{invalid type for a numeric literal}}
"test.op"() {a = 1 : none} : () -> ()

// -----

// BUG: mlir-opt: "negative integer literal not valid for unsigned integer type"
// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = -1 : ui8} : () -> ()

// -----

// BUG: mlir-opt: "expected integer elements, but parsed floating-point"
// expected-error @+1 {{expected integer value}}
"test.op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()

// -----

// BUG: mlir-opt: "expected integer literal"
// expected-error @+1 {{expected integer value}}
"test.op"() {a = array<i32: 1.5>} : () -> ()

// -----

// BUG: mlir-opt: "expected integer or float type, got: 'tensor<2xi32>'"
// expected-error @+1 {{invalid type for a numeric literal}}
"test.op"() {a = array<tensor<2xi32>: 1>} : () -> ()

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
