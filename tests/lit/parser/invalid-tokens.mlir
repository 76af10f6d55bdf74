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

// -----

func.func @stray_character() {
  // expected-error @+1 {{unexpected character}}
  ~
  return
}

// -----

func.func @stray_backtick() {
  // expected-error @+1 {{unexpected character}}
  "test.op"() {a = `x} : () -> ()
  return
}

// -----

func.func @unknown_escape() {
  // expected-error @+1 {{unknown escape in string literal}}
  "test.op"() {a = "bad\q"} : () -> ()
  return
}

// -----

func.func @single_hex_digit_escape() {
  // expected-error @+1 {{unknown escape in string literal}}
  "test.op"() {a = "bad\4"} : () -> ()
  return
}

// -----

func.func @unterminated_string() {
  // expected-error @+1 {{expected '"' in string literal}}
  "test.op"() {a = "unterminated} : () -> ()
  return
}

// -----

func.func @newline_in_string() {
  // expected-error @+1 {{expected '"' in string literal}}
  "test.op"() {a = "new
line"} : () -> ()
  return
}

// -----

func.func @symbol_without_name() {
  // expected-error @+1 {{@ identifier expected to start with letter or '_'}}
  "test.op"() {a = @} : () -> ()
  return
}

// -----

func.func @symbol_starting_with_digit() {
  // expected-error @+1 {{@ identifier expected to start with letter or '_'}}
  "test.op"() {a = @1} : () -> ()
  return
}

// -----

func.func @empty_ssa_name() {
  // expected-error @+1 {{invalid SSA name}}
  "test.op"(%) : () -> ()
  return
}

// -----

func.func @empty_block_name() {
  // expected-error @+1 {{invalid block name}}
  "test.op"()[^] : () -> ()
  return
}

// -----

// expected-error @+1 {{invalid attribute name}}
"test.op"() {a = #} : () -> ()

// -----

// expected-error @+1 {{invalid type identifier}}
"test.op"() {a = !} : () -> ()

// -----

func.func @missing_op_name() {
  // The error is at the end of this line, not at the `}` on the next.
  // expected-error @+1 {{expected operation name in quotes}}
  %0 =
}

// -----

func.func @missing_colon_before_newline(%a: i32) -> i32 {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.addi %a, %a // a comment
  return %0 : i32
}

// -----

// expected-error @+1 {{unregistered operation 'arith.frobnicate' found in dialect ('arith') that does not allow unknown operations}}
"arith.frobnicate"() : () -> ()

// -----

"test.op"() ({
  // expected-error @+1 {{expected location instance}}
  "test.op"() : () -> () loc(fused[1])
}) : () -> ()
