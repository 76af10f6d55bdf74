// dce: dead ops, unreachable blocks and dead block arguments (lockstep
// only; equal to the region simplification canonicalize runs, without
// patterns or folding). KEEP checks remove-dead-args=false.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(func.func(dce))' | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(dce)' | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(func.func(dce{remove-dead-args=false}))' | FileCheck %s --check-prefix=KEEP

// Unused ops without memory effects go, transitively.
// CHECK-LABEL: func.func @dead_pure(
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func @dead_pure(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  %c5 = arith.constant 5 : i32
  return %a : i32
}

// CHECK-LABEL: func.func private @f(
func.func private @f(i32)

// CHECK-LABEL: func.func private @g(
func.func private @g(i32) -> i32

// Calls, unregistered ops and regions holding them stay even unused; a
// region op whose body has no effects goes.
// CHECK-LABEL: func.func @effects_stay(
// CHECK-NEXT:   call @f(%arg1) : (i32) -> ()
// CHECK-NEXT:   %0 = call @g(%arg1) : (i32) -> i32
// CHECK-NEXT:   "test.op"(%arg1) : (i32) -> ()
// CHECK-NEXT:   %1 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     %2 = func.call @g(%arg1) : (i32) -> i32
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @effects_stay(%c: i1, %a: i32) {
  call @f(%a) : (i32) -> ()
  %0 = call @g(%a) : (i32) -> i32
  "test.op"(%a) : (i32) -> ()
  %1 = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %2 = scf.if %c -> (i32) {
    %y = func.call @g(%a) : (i32) -> i32
    scf.yield %y : i32
  } else {
    scf.yield %a : i32
  }
  return
}

// Unreachable blocks go, even with side effects and cycles.
// CHECK-LABEL: func.func @unreachable(
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func @unreachable(%a: i32) -> i32 {
  return %a : i32
^bb1:
  %0 = arith.addi %0, %0 : i32
  cf.br ^bb2(%0 : i32)
^bb2(%1: i32):
  call @f(%1) : (i32) -> ()
  cf.br ^bb1
}

// A loop-carried value that only feeds itself is dead: the argument, its
// forwarded operands and its computation go.
// CHECK-LABEL: func.func @dead_loop_arg(
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   %1 = arith.cmpi slt, %0, %arg0 : i32
// CHECK-NEXT:   %2 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT:   cf.cond_br %1, ^bb1(%2 : i32), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
// KEEP-LABEL: func.func @dead_loop_arg(
// KEEP-NEXT:    %c1_i32 = arith.constant 1 : i32
// KEEP-NEXT:    cf.br ^bb1(%arg0, %arg0 : i32, i32)
// KEEP-NEXT:  ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb1
// KEEP-NEXT:    %2 = arith.muli %1, %1 : i32
func.func @dead_loop_arg(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%a, %a : i32, i32)
^bb1(%i: i32, %d: i32):
  %n = arith.muli %d, %d : i32
  %p = arith.cmpi slt, %i, %a : i32
  %i2 = arith.addi %i, %c1 : i32
  cf.cond_br %p, ^bb1(%i2, %n : i32, i32), ^bb2
^bb2:
  return %i : i32
}
