// Parser errors about SSA values: undefined names, redefinitions of results,
// arguments and block arguments, types of uses differing from earlier uses,
// result counts bound by `%0:N` and name groups, result numbers `%0#N`,
// operand type list lengths in generic form.
// One error per split chunk, checked with --verify-diagnostics; every chunk
// gives the same diagnostics with mlir-opt 22 (second RUN line). Cases where
// lockstep's diagnostic differs are in invalid-divergent.mlir.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @undefined(%a: i32) -> i32 {
  // lockstep appends the name ('%zz'), mlir-opt 22 does not.
  // expected-error @+1 {{use of undeclared SSA value name}}
  %0 = arith.addi %a, %zz : i32
  return %0 : i32
}

// -----

func.func @undefined_generic() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  "test.use"(%x) : (i32) -> ()
  return
}

// -----

func.func @redefinition(%a: i32) -> i32 {
  // expected-note @+1 {{previously defined here}}
  %0 = arith.addi %a, %a : i32
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}

// -----

// expected-note @+1 {{previously defined here}}
func.func @redefine_argument(%a: i32) {
  // expected-error @+1 {{redefinition of SSA value '%a'}}
  %a = arith.constant 1 : i32
  return
}

// -----

func.func @redefine_block_argument() {
  cf.br ^bb1
// expected-error @+2 {{redefinition of SSA value '%x'}}
// expected-note @+1 {{previously defined here}}
^bb1(%x: i32, %x: i32):
  return
}

// -----

func.func @use_type_mismatch(%a: i32, %b: i64) -> i32 {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}

// -----

func.func @use_type_mismatch_generic(%a: i32) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  "test.use"(%a) : (i64) -> ()
  return
}

// -----

func.func @too_many_names() {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %0:2 = "test.op"() : () -> (i32)
  return
}

// -----

func.func @too_few_names() {
  // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = "test.op"() : () -> (i32, i32)
  return
}

// -----

func.func @too_many_name_groups() {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %0, %1 = "test.op"() : () -> (i32)
  return
}

// -----

func.func @bad_result_number() {
  %0:2 = "test.op"() : () -> (i32, i32)
  // expected-error @+1 {{reference to invalid result number}}
  "test.use"(%0#2) : (i32) -> ()
  return
}

// -----

func.func @result_number_of_single_result() {
  %0 = "test.op"() : () -> (i32)
  // expected-error @+1 {{reference to invalid result number}}
  "test.use"(%0#1) : (i32) -> ()
  return
}

// -----

func.func @forward_ref_never_defined() {
  cf.br ^bb1
^bb1:
  // expected-error @+1 {{use of undeclared SSA value name}}
  "test.use"(%later) : (i32) -> ()
  return
}

// -----

func.func @wrong_operand_type_count(%a: i32) {
  // expected-error @+1 {{expected 2 operand types but had 1}}
  "test.use"(%a, %a) : (i32) -> ()
  return
}

// -----

func.func @wrong_operand_type_count2(%a: i32) {
  // mlir-opt 22 says "expected 1 operand type  but had 2" (two spaces),
  // lockstep "expected 1 operand type but had 2": only the tail is checked.
  // expected-error @+1 {{but had 2}}
  "test.use"(%a) : (i32, i32) -> ()
  return
}

// -----

func.func @zero_results() {
  // expected-error @+1 {{expected named operation to have at least 1 result}}
  %0:0 = "test.op"() : () -> ()
  return
}

// -----

func.func @huge_result_count() {
  // expected-error @+1 {{operation defines 2 results but was provided 99999999999 to bind}}
  %0:99999999999 = "test.op"() : () -> (i32, i32)
  return
}

// -----

func.func @result_number_in_definition() {
  // expected-error @+1 {{expected '=' after SSA name}}
  %0#1 = "test.op"() : () -> (i32, i32)
  return
}

// -----

func.func @numeric_name_then_letters() {
  // `%4b` is `%4` then `b`: a numeric name is digits only.
  // expected-error @+1 {{expected '=' after SSA name}}
  %4b = "test.op"() : () -> i32
  return
}

// -----

func.func @numeric_name_then_x() {
  // expected-error @+1 {{expected '=' after SSA name}}
  %0x = "test.op"() : () -> i32
  return
}

// -----

func.func @forward_ref_type_mismatch() {
  // expected-note @+1 {{previously used here with type 'i32'}}
  "test.use"(%x) : (i32) -> ()
  // expected-error @+1 {{definition of SSA value '%x#0' has type 'i64'}}
  %x = "test.op"() : () -> (i64)
  return
}

// -----

func.func @undeclared_name_not_repeated() {
  // expected-error-re @+1 {{use of undeclared SSA value name{{$}}}}
  "test.use"(%nope) : (i32) -> ()
  return
}
