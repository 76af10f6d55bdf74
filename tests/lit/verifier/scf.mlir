// Verifier, scf dialect: scf.yield operand counts and types against the
// parent's results (scf.if, scf.for, scf.while after-region), scf.if results
// without an else region and region arguments, scf.for induction variable
// (missing, type), init and iter_arg counts and types, scf.while
// before/after region arguments, scf.condition operands, init types and
// condition types. (lockstep accepts scf.for bounds of different types, which
// mlir-opt rejects; not tested here.)
// One error per split chunk, checked with --verify-diagnostics (which also
// makes mlir-opt's "see current operation" notes unnecessary); every chunk
// gives the same diagnostics with mlir-opt 22 (second RUN line). Rules where
// lockstep differs are in divergent.mlir.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics

func.func @if_yield_count(%c: i1, %a: i32) -> i32 {
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

func.func @if_yield_type(%c: i1, %a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %0 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    // expected-note @+1 {{region branch point}}
    scf.yield %b : i64
  }
  return %0 : i32
}

// -----

func.func @if_results_without_else(%c: i1, %a: i32) -> i32 {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %0 = "scf.if"(%c) ({
    "scf.yield"(%a) : (i32) -> ()
  }, {
  }) : (i1) -> i32
  return %0 : i32
}

// -----

func.func @if_condition_type(%c: i32) {
  // expected-error @+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @for_yield_count(%i: index, %a: i32) -> i32 {
  // expected-error @+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %0 = scf.for %iv = %i to %i step %i iter_args(%x = %a) -> (i32) {
    // expected-note @+1 {{region branch point}}
    "scf.yield"() : () -> ()
  }
  return %0 : i32
}

// -----

func.func @for_yield_type(%i: index, %a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'i64'}}
  %0 = scf.for %iv = %i to %i step %i iter_args(%x = %a) -> (i32) {
    scf.yield %b : i64
  }
  return %0 : i32
}

// -----

func.func @for_induction_type(%i: index) {
  // expected-error @+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%i, %i, %i) ({
  ^bb0(%iv: i32):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_missing_induction(%i: index) {
  // mlir-opt 22 reports the missing induction variable this way (sic).
  // expected-error @+1 {{'scf.for' op different number of inits and region iter_args: 0 != 18446744073709551615}}
  "scf.for"(%i, %i, %i) ({
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_init_count(%i: index, %a: i32) {
  // expected-error @+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  %0:2 = "scf.for"(%i, %i, %i, %a) ({
  ^bb0(%iv: index, %x: i32):
    "scf.yield"(%x) : (i32) -> ()
  }) : (index, index, index, i32) -> (i32, i32)
  return
}

// -----

func.func @for_init_type(%i: index, %a: i32) {
  // expected-error @+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'i32' != 'i64'}}
  %0 = "scf.for"(%i, %i, %i, %a) ({
  ^bb0(%iv: index, %x: i64):
    "scf.yield"(%x) : (i64) -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @while_condition_count(%a: i32) -> i32 {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %0 = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.constant true
    // expected-note @+1 {{region branch point}}
    scf.condition(%c) %x, %x : i32, i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %0 : i32
}

// -----

func.func @while_after_args(%a: i32) -> i32 {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: region branch point has 1 operands, but region successor needs 2 inputs}}
  %0 = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.constant true
    // expected-note @+1 {{region branch point}}
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32, %z: i32):
    scf.yield %y : i32
  }
  return %0 : i32
}

// -----

func.func @while_yield_type(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %0 = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    // expected-note @+1 {{region branch point}}
    scf.yield %b : i64
  }
  return %0 : i32
}

// -----

func.func @while_init_type(%a: i64) {
  // expected-error @+2 {{'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  // expected-note @+1 {{region branch point}}
  %0 = "scf.while"(%a) ({
  ^bb0(%x: i32):
    %c = arith.constant true
    "scf.condition"(%c, %x) : (i1, i32) -> ()
  }, {
  ^bb0(%y: i32):
    "scf.yield"(%y) : (i32) -> ()
  }) : (i64) -> i32
  return
}

// -----

func.func @condition_type(%a: i32) {
  %0 = scf.while (%x = %a) : (i32) -> i32 {
    // expected-error @+1 {{'scf.condition' op operand #0 must be 1-bit signless integer, but got 'i32'}}
    "scf.condition"(%x, %x) : (i32, i32) -> ()
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return
}

// -----

func.func @if_region_arguments(%c: i1) {
  // expected-error @+1 {{'scf.if' op region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%x: i32):
    "scf.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  return
}
