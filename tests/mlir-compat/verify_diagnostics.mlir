// --verify-diagnostics with typical verifier and parser errors: every
// diagnostic (including notes) is expected, so mlir-opt exits 0 and prints
// only the valid chunk between the marker line separators.
// RUN: mlir-opt %s --split-input-file --verify-diagnostics
func.func @type_mismatch(%a: i32, %b: i64) -> i32 {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}

// -----

func.func @missing_terminator() {
  // expected-error @+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32}}
  %c = arith.constant 1 : i32
}

// -----

func.func @dominance(%a: i32) -> i32 {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %0 = arith.addi %1, %a : i32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %1 = arith.addi %a, %a : i32
  return %0 : i32
}

// -----

func.func @succ_count(%a: i32) {
  // expected-error @below {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func @yield_count(%c: i1, %a: i32) -> i32 {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %0 = scf.if %c -> (i32) {
    // expected-note @+1 {{region branch point}}
    scf.yield %a, %a : i32, i32
  } else {
    scf.yield %a : i32
  }
  return %0 : i32
}

// -----

func.func @valid(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}

// -----

func.func @undefined(%a: i32) -> i32 {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %0 = arith.addi %a, %zz : i32
  return %0 : i32
}

// -----

func.func @redef(%a: i32) -> i32 {
  // expected-note @+1 {{previously defined here}}
  %0 = arith.addi %a, %a : i32
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}

// -----

func.func @unexpected_token(%a: i32) -> i32 {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.addi %a, %a i32
  return %0 : i32
}

// -----

func.func @return_type(%a: i32) -> i64 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @return_type}}
  return %a : i32
}

// -----

func.func @successor_type(%a: i64) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i64)
^bb1(%x: i32):
  return
}

// -----

func.func @cast_incompatible(%a: i64) {
  // expected-error-re @+1 {{'arith.extsi' op operand type '{{.*}}' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %a : i64 to i32
  return
}

// -----

func.func @generic_mismatch(%a: i32, %b: i64) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %x = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @undefined_block() {
  // expected-error @+1 {{reference to an undefined block}}
  cf.br ^bb9
}
