// inline: bottom-up over the call graph SCCs, with the canonicalize
// pipeline on each function. The CHECK lines are mlir-opt 22.1.8's
// output; NOPIPE checks a few functions with default-pipeline= (no
// canonicalization).
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(inline)' | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(inline{default-pipeline=})' | FileCheck %s --check-prefix=NOPIPE

// Every function with a body is canonicalized (the default pipeline).
// CHECK-LABEL: func.func @nocalls(
// CHECK-NEXT:   %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:   return %c3_i32 : i32
// CHECK-NEXT: }
func.func @nocalls() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  return %0 : i32
}

// Private functions nothing refers to are erased.
// NOPIPE-NOT: @dead(
// CHECK-NOT: @dead(
func.func private @dead() {
  return
}

// CHECK-NOT: @callee(
func.func private @callee(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  return %0 : i32
}

// A single-block callee becomes straight-line code; a multi-block one is
// put between the call's block and a continuation block taking its results.
// CHECK-LABEL: func.func @caller(
// CHECK-NEXT:   %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:   %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:   %1 = arith.cmpi sgt, %0, %c0_i32 : i32
// CHECK-NEXT:   cf.cond_br %1, ^bb2(%0 : i32), ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   %2 = arith.subi %c-1_i32, %arg0 : i32
// CHECK-NEXT:   cf.br ^bb2(%2 : i32)
// CHECK-NEXT: ^bb2(%3: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   return %3 : i32
// CHECK-NEXT: }
// NOPIPE-LABEL: func.func @caller(
// NOPIPE-NEXT:    %c1_i32 = arith.constant 1 : i32
// NOPIPE-NEXT:    %0 = arith.addi %arg0, %c1_i32 : i32
// NOPIPE-NEXT:    %c0_i32 = arith.constant 0 : i32
// NOPIPE-NEXT:    %1 = arith.cmpi sgt, %0, %c0_i32 : i32
// NOPIPE-NEXT:    cf.cond_br %1, ^bb1, ^bb2
// NOPIPE-NEXT:  ^bb1:  // pred: ^bb0
// NOPIPE-NEXT:    cf.br ^bb3(%0 : i32)
// NOPIPE-NEXT:  ^bb2:  // pred: ^bb0
// NOPIPE-NEXT:    %2 = arith.subi %c0_i32, %0 : i32
// NOPIPE-NEXT:    cf.br ^bb3(%2 : i32)
// NOPIPE-NEXT:  ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
// NOPIPE-NEXT:    return %3 : i32
// NOPIPE-NEXT:  }
func.func @caller(%a: i32) -> i32 {
  %0 = call @callee(%a) : (i32) -> i32
  %1 = call @multi(%0) : (i32) -> i32
  return %1 : i32
}

// CHECK-LABEL: func.func @multi(
// CHECK-NEXT:   %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:   %0 = arith.cmpi sgt, %arg0, %c0_i32 : i32
// CHECK-NEXT:   cf.cond_br %0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   %1 = arith.subi %c0_i32, %arg0 : i32
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @multi(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %p = arith.cmpi sgt, %x, %c0 : i32
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  return %x : i32
^bb2:
  %n = arith.subi %c0, %x : i32
  return %n : i32
}

// Recursion through the call graph is never inlined.
// CHECK-LABEL: func.func @rec(
// CHECK-NEXT:   %0 = call @rec(%arg0) : (i32) -> i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @rec(%x: i32) -> i32 {
  %0 = call @rec(%x) : (i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: func.func @even(
// CHECK-NEXT:   %0 = call @odd(%arg0) : (i32) -> i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @even(%x: i32) -> i32 {
  %0 = call @odd(%x) : (i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: func.func @odd(
// CHECK-NEXT:   %0 = call @even(%arg0) : (i32) -> i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @odd(%x: i32) -> i32 {
  %0 = call @even(%x) : (i32) -> i32
  return %0 : i32
}

// Declarations have no body to inline.
// CHECK-LABEL: func.func private @decl(
func.func private @decl(i32) -> i32

// CHECK-LABEL: func.func @usedecl(
// CHECK-NEXT:   %0 = call @decl(%arg0) : (i32) -> i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @usedecl(%x: i32) -> i32 {
  %0 = call @decl(%x) : (i32) -> i32
  return %0 : i32
}

// Calls in inlined code are inlined too (bottom-up: @mid first).
// CHECK-NOT: @leaf(
func.func private @leaf(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}

// CHECK-NOT: @mid(
func.func private @mid(%x: i32) -> i32 {
  %0 = call @leaf(%x) : (i32) -> i32
  %1 = call @leaf(%0) : (i32) -> i32
  return %1 : i32
}

// CHECK-LABEL: func.func @top(
// CHECK-NEXT:   %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:   %1 = arith.muli %0, %0 : i32
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @top(%a: i32) -> i32 {
  %0 = call @mid(%a) : (i32) -> i32
  return %0 : i32
}

// A multi-block callee does not go into a single-block scf region.
// CHECK-LABEL: func.func @multi_in_region(
// CHECK-NEXT:   %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     %1 = func.call @branchy(%arg1) : (i32) -> i32
// CHECK-NEXT:     %2 = arith.addi %1, %1 : i32
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @multi_in_region(%c: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    %1 = func.call @branchy(%a) : (i32) -> i32
    %2 = func.call @leaf2(%1) : (i32) -> i32
    scf.yield %2 : i32
  } else {
    scf.yield %a : i32
  }
  return %0 : i32
}

// CHECK-LABEL: func.func @branchy(
// CHECK-NEXT:   %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:   %0 = arith.cmpi sgt, %arg0, %c0_i32 : i32
// CHECK-NEXT:   cf.cond_br %0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   return %c0_i32 : i32
// CHECK-NEXT: }
func.func @branchy(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %p = arith.cmpi sgt, %x, %c0 : i32
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  return %x : i32
^bb2:
  return %c0 : i32
}

// CHECK-LABEL: func.func private @leaf2(
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func private @leaf2(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}

// no_inline on the callee or on the call.
// CHECK-LABEL: func.func private @noinl(
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func private @noinl(%x: i32) -> i32 attributes {no_inline} {
  return %x : i32
}

// CHECK-LABEL: func.func @use_noinl(
// CHECK-NEXT:   %0 = call @noinl(%arg0) : (i32) -> i32
// CHECK-NEXT:   %1 = call @leaf2(%arg0) {no_inline} : (i32) -> i32
// CHECK-NEXT:   return %0, %1 : i32, i32
// CHECK-NEXT: }
func.func @use_noinl(%x: i32) -> (i32, i32) {
  %0 = call @noinl(%x) : (i32) -> i32
  %1 = call @leaf2(%x) {no_inline} : (i32) -> i32
  return %0, %1 : i32, i32
}

// A dead private function goes, but what it called is kept (as MLIR).
// CHECK-NOT: @dead_a(
func.func private @dead_a(%x: i32) -> i32 {
  %0 = call @dead_b(%x) : (i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: func.func private @dead_b(
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func private @dead_b(%x: i32) -> i32 {
  return %x : i32
}

// A callee called twice is cloned twice, then erased. A body holding an op
// of an unknown dialect cannot be inlined.
// CHECK-LABEL: func.func @twice(
// CHECK-NEXT:   %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT:   %0 = arith.muli %arg0, %c9_i32 : i32
// CHECK-NEXT:   %1 = call @opaque(%0) : (i32) -> i32
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
// NOPIPE-LABEL: func.func @twice(
// NOPIPE-NEXT:    %c3_i32 = arith.constant 3 : i32
// NOPIPE-NEXT:    %0 = arith.muli %arg0, %c3_i32 : i32
// NOPIPE-NEXT:    %c3_i32_0 = arith.constant 3 : i32
// NOPIPE-NEXT:    %1 = arith.muli %0, %c3_i32_0 : i32
// NOPIPE-NEXT:    %2 = call @opaque(%1) : (i32) -> i32
// NOPIPE-NEXT:    return %2 : i32
func.func @twice(%a: i32) -> i32 {
  %0 = call @shared(%a) : (i32) -> i32
  %1 = call @shared(%0) : (i32) -> i32
  %2 = call @opaque(%1) : (i32) -> i32
  return %2 : i32
}

// CHECK-NOT: @shared(
func.func private @shared(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = arith.muli %x, %c3 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func private @opaque(
// CHECK-NEXT:   "foo.effect"(%arg0) : (i32) -> ()
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func private @opaque(%x: i32) -> i32 {
  "foo.effect"(%x) : (i32) -> ()
  return %x : i32
}
