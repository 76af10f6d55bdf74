// canonicalize on scf.while: MLIR 22's WhileConditionTruth, WhileCmpCond,
// WhileOpAlignBeforeArgs and WhileMoveIfDown, then the generic
// RegionBranchOpInterface patterns that drop loop-invariant, duplicated and
// unused values. The CHECK lines are mlir-opt 22's output for the same
// pipelines, top-down (the default) and bottom-up alike.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(func.func(canonicalize))' | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(canonicalize{top-down=false})' | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(canonicalize{top-down=false})' | FileCheck %s

// The condition forwarded to the after region is true there, and an
// arith.cmpi there repeating (inverting) the condition's comparison on the
// forwarded value is true (false); the constants go in front of the loop.
// CHECK-LABEL: func.func @condition_truth(
// CHECK-SAME: %arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:   %false = arith.constant false
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:     %2 = arith.cmpi slt, %arg2, %arg1 : i32
// CHECK-NEXT:     scf.condition(%2) %arg2 : i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg2: i32):
// CHECK-NEXT:     "test.use"(%true, %false) : (i1, i1) -> ()
// CHECK-NEXT:     %2 = "test.op"(%arg2) : (i32) -> i32
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:     %2 = "test.op"(%arg2) : (i32) -> i1
// CHECK-NEXT:     scf.condition(%2) %arg2 : i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg2: i32):
// CHECK-NEXT:     "test.use"(%true) : (i1) -> ()
// CHECK-NEXT:     %2 = "test.op"(%arg2) : (i32) -> i32
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @condition_truth(%a: i32, %n: i32) -> i32 {
  %0 = scf.while (%i = %a) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %c2 = arith.cmpi slt, %j, %n : i32
    %c3 = arith.cmpi sge, %j, %n : i32
    "test.use"(%c2, %c3) : (i1, i1) -> ()
    %k = "test.op"(%j) : (i32) -> i32
    scf.yield %k : i32
  }
  %1:2 = scf.while (%i = %a) : (i32) -> (i1, i32) {
    %c = "test.op"(%i) : (i32) -> i1
    scf.condition(%c) %c, %i : i1, i32
  } do {
  ^bb0(%b: i1, %j: i32):
    "test.use"(%b) : (i1) -> ()
    %k = "test.op"(%j) : (i32) -> i32
    scf.yield %k : i32
  }
  return %1#1 : i32
}

// Values that stay loop-invariant, results unused along with their
// after-region arguments, forwarded values defined outside the loop and
// duplicated forwarded values are removed (the generic
// RegionBranchOpInterface patterns of MLIR 22).
// CHECK-LABEL: func.func @invariants_and_dead_values(
// CHECK-SAME: %arg0: i32, %arg1: i32, %arg2: i1) -> (i32, i32) {
// CHECK-NEXT:   %0 = scf.while : () -> i32 {
// CHECK-NEXT:     %1 = "test.op"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:     scf.condition(%arg2) %1 : i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg3: i32):
// CHECK-NEXT:     "test.use"(%arg3, %arg1, %arg3) : (i32, i32, i32) -> ()
// CHECK-NEXT:     scf.yield
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0, %0 : i32, i32
// CHECK-NEXT: }
func.func @invariants_and_dead_values(%a: i32, %b: i32, %c: i1) -> (i32, i32) {
  %0:4 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32, i32, i32) {
    %u = "test.op"(%x, %y) : (i32, i32) -> i32
    scf.condition(%c) %u, %b, %u, %x : i32, i32, i32, i32
  } do {
  ^bb0(%p: i32, %q: i32, %r: i32, %s: i32):
    "test.use"(%p, %q, %r) : (i32, i32, i32) -> ()
    scf.yield %s, %b : i32, i32
  }
  return %0#0, %0#2 : i32, i32
}

// A condition forwarding a permutation of the before-region arguments
// forwards them in order.
// CHECK-LABEL: func.func @align_before_args(
// CHECK-SAME: %arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:   %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT:     %1 = "test.op"(%arg2, %arg3) : (i32, i32) -> i1
// CHECK-NEXT:     scf.condition(%1) %arg2, %arg3 : i32, i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg2: i32, %arg3: i32):
// CHECK-NEXT:     %1 = "test.op"(%arg3) : (i32) -> i32
// CHECK-NEXT:     %2 = "test.op"(%arg2) : (i32) -> i32
// CHECK-NEXT:     scf.yield %1, %2 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0#1 : i32
// CHECK-NEXT: }
func.func @align_before_args(%a: i32, %b: i32) -> i32 {
  %0:2 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32) {
    %c = "test.op"(%x, %y) : (i32, i32) -> i1
    scf.condition(%c) %y, %x : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = "test.op"(%p) : (i32) -> i32
    %m = "test.op"(%q) : (i32) -> i32
    scf.yield %n, %m : i32, i32
  }
  return %0#0 : i32
}

// An if on the loop condition right before scf.condition moves into the
// after region; what it used from the before region is forwarded.
// CHECK-LABEL: func.func @move_if_down(
// CHECK-SAME: %arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:     %1 = arith.cmpi slt, %arg2, %arg1 : i32
// CHECK-NEXT:     scf.condition(%1) %arg2 : i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg2: i32):
// CHECK-NEXT:     %1 = arith.addi %arg2, %c1_i32 : i32
// CHECK-NEXT:     "test.use"(%1) : (i32) -> ()
// CHECK-NEXT:     %2 = "test.op"(%1) : (i32) -> i32
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @move_if_down(%a: i32, %n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = scf.while (%i = %a) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    %v = scf.if %c -> (i32) {
      %x = arith.addi %i, %c1 : i32
      "test.use"(%x) : (i32) -> ()
      scf.yield %x : i32
    } else {
      scf.yield %i : i32
    }
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%j: i32):
    %k = "test.op"(%j) : (i32) -> i32
    scf.yield %k : i32
  }
  return %0 : i32
}

// A loop whose condition is false forwards its inits: the loop stays (its
// before region runs once), its values do not.
// CHECK-LABEL: func.func @false_condition(
// CHECK-SAME: %arg0: i32) -> i32 {
// CHECK-NEXT:   %false = arith.constant false
// CHECK-NEXT:   %0 = scf.while (%arg1 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:     "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:     scf.condition(%false) %arg1 : i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg1: i32):
// CHECK-NEXT:     %1 = "test.op"(%arg1) : (i32) -> i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @false_condition(%a: i32) -> i32 {
  %0 = scf.while (%i = %a) : (i32) -> i32 {
    %false = arith.constant false
    "test.use"(%i) : (i32) -> ()
    scf.condition(%false) %i : i32
  } do {
  ^bb0(%j: i32):
    %k = "test.op"(%j) : (i32) -> i32
    scf.yield %k : i32
  }
  return %0 : i32
}

// Nothing applies to a loop carrying a changing value.
// CHECK-LABEL: func.func @while_unchanged(
// CHECK-SAME: %arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:   %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:     %1 = arith.cmpi slt, %arg2, %arg1 : i32
// CHECK-NEXT:     scf.condition(%1) %arg2 : i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg2: i32):
// CHECK-NEXT:     %1 = "test.op"(%arg2) : (i32) -> i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @while_unchanged(%a: i32, %n: i32) -> i32 {
  %0 = scf.while (%i = %a) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %k = "test.op"(%j) : (i32) -> i32
    scf.yield %k : i32
  }
  return %0 : i32
}
