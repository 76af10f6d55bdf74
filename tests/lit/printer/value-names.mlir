// Printer, value and block naming (pretty form): constants named by value
// and type (`%c1_i32`, `%c-3_i64`, `%c0` for index, `%true`/`%false`, `%cst`
// for floats and dense), one collision counter per function shared by all
// names (`%c1_i32_0`, `%c0_1`, `%cst_2`), constants not consuming `%N`,
// extended arith results named individually; `%argN` for function arguments
// continuing into nested regions; all ops of a region numbered before its
// nested regions; sibling regions restoring the counters; every function a
// fresh scope; block labels `^bbN` by position, non-entry block arguments
// numbered as values, predecessor comments. Input names are never kept.
// Expected text is mlir-opt 22's.
// RUN: lockstep-opt %s | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | lockstep-opt | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s

// CHECK-LABEL: func.func @constants(%arg0: i32, %arg1: index) -> i32 {
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c0_1 = arith.constant 0 : index
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %false = arith.constant false
// CHECK-NEXT:   %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   %cst_2 = arith.constant 2.500000e+00 : f64
// CHECK-NEXT:   %c-3_i64 = arith.constant -3 : i64
// CHECK-NEXT:   %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT:   %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:   %1 = arith.addi %0, %c1_i32_0 : i32
// CHECK-NEXT:   %c123456789012_i64 = arith.constant 123456789012 : i64
// CHECK-NEXT:   %cst_3 = arith.constant dense<1> : vector<4xi32>
// CHECK-NEXT:   %c-1 = arith.constant -1 : index
// CHECK-NEXT:   %true_4 = arith.constant true
// CHECK-NEXT:   %2 = arith.index_cast %c0 : index to i32
// CHECK-NEXT:   %3 = arith.addi %1, %2 : i32
// CHECK-NEXT:   return %3 : i32
// CHECK-NEXT: }
func.func @constants(%a: i32, %b: index) -> i32 {
  %x = arith.constant 1 : i32
  %y = arith.constant 1 : i32
  %z = arith.constant 0 : index
  %w = arith.constant 0 : index
  %t = arith.constant true
  %f = arith.constant false
  %c = arith.constant 1.0 : f32
  %d = arith.constant 2.5 : f64
  %n = arith.constant -3 : i64
  %i8 = arith.constant 1 : i8
  %r = arith.addi %a, %x : i32
  %s = arith.addi %r, %y : i32
  %big = arith.constant 123456789012 : i64
  %v = arith.constant dense<1> : vector<4xi32>
  %ci = arith.constant -1 : index
  %t2 = arith.constant true
  %u = arith.index_cast %z : index to i32
  %sum = arith.addi %s, %u : i32
  return %sum : i32
}

// CHECK-LABEL: func.func @fresh_scope() -> i32 {
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   return %c1_i32 : i32
// CHECK-NEXT: }
func.func @fresh_scope() -> i32 {
  %x = arith.constant 1 : i32
  %c0 = arith.constant 0 : index
  return %x : i32
}

// CHECK-LABEL: func.func @extended(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:   %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT:   %low, %high = arith.mului_extended %arg0, %arg1 : i32
// CHECK-NEXT:   %low_0, %high_1 = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT:   %0 = arith.addi %sum, %low : i32
// CHECK-NEXT:   %1 = arith.addi %low_0, %high_1 : i32
// CHECK-NEXT:   return %0, %1 : i32, i32
// CHECK-NEXT: }
func.func @extended(%a: i32, %b: i32) -> (i32, i32) {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mului_extended %a, %b : i32
  %l2, %h2 = arith.mulsi_extended %a, %b : i32
  %x = arith.addi %s, %l : i32
  %y = arith.addi %l2, %h2 : i32
  return %x, %y : i32, i32
}

// CHECK-LABEL: func.func @nested_regions(%arg0: index, %arg1: i1) -> i32 {
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   %0 = scf.if %arg1 -> (i32) {
// CHECK-NEXT:     %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT:     %c1_i32_2 = arith.constant 1 : i32
// CHECK-NEXT:     %3 = scf.for %arg2 = %arg0 to %arg0 step %arg0 iter_args(%arg3 = %c1_i32_1) -> (i32) {
// CHECK-NEXT:       %c1_i32_3 = arith.constant 1 : i32
// CHECK-NEXT:       %5 = arith.addi %arg3, %c1_i32_3 : i32
// CHECK-NEXT:       scf.yield %5 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %4 = arith.addi %3, %c1_i32_2 : i32
// CHECK-NEXT:     scf.yield %4 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT:     scf.yield %c1_i32_1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1 = scf.for %arg2 = %arg0 to %arg0 step %arg0 iter_args(%arg3 = %0) -> (i32) {
// CHECK-NEXT:     %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT:     %3 = arith.addi %arg3, %c1_i32_1 : i32
// CHECK-NEXT:     scf.yield %3 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:   %2 = arith.addi %1, %c1_i32_0 : i32
// CHECK-NEXT:   return %2 : i32
// CHECK-NEXT: }
func.func @nested_regions(%lb: index, %c: i1) -> i32 {
  %k = arith.constant 1 : i32
  %1 = scf.if %c -> i32 {
    %k1 = arith.constant 1 : i32
    %k2 = arith.constant 1 : i32
    %x = scf.for %i = %lb to %lb step %lb iter_args(%acc = %k1) -> (i32) {
      %k3 = arith.constant 1 : i32
      %5 = arith.addi %acc, %k3 : i32
      scf.yield %5 : i32
    }
    %y = arith.addi %x, %k2 : i32
    scf.yield %y : i32
  } else {
    %k1 = arith.constant 1 : i32
    scf.yield %k1 : i32
  }
  %4 = scf.for %i = %lb to %lb step %lb iter_args(%acc = %1) -> (i32) {
    %k3 = arith.constant 1 : i32
    %5 = arith.addi %acc, %k3 : i32
    scf.yield %5 : i32
  }
  %k4 = arith.constant 1 : i32
  %6 = arith.addi %4, %k4 : i32
  return %6 : i32
}

// CHECK-LABEL: func.func @regions_after_blocks(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:   %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     %3 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:     scf.yield %3 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   cf.br ^bb1(%0 : i32)
// CHECK-NEXT: ^bb1(%1: i32):  // pred: ^bb0
// CHECK-NEXT:   %2 = arith.addi %1, %1 : i32
// CHECK-NEXT:   return %2 : i32
// CHECK-NEXT: }
func.func @regions_after_blocks(%c: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> i32 {
    %k = arith.addi %a, %a : i32
    scf.yield %k : i32
  } else {
    scf.yield %a : i32
  }
  cf.br ^bb1(%0 : i32)
^bb1(%x: i32):
  %y = arith.addi %x, %x : i32
  return %y : i32
}

// CHECK-LABEL: func.func @while_args(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = scf.while (%arg1 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:     %1 = arith.cmpi slt, %arg1, %arg0 : i32
// CHECK-NEXT:     scf.condition(%1) %arg1 : i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg1: i32):
// CHECK-NEXT:     %1 = arith.addi %arg1, %arg0 : i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @while_args(%a: i32) -> i32 {
  %w = scf.while (%arg = %a) : (i32) -> i32 {
    %cond = arith.cmpi slt, %arg, %a : i32
    scf.condition(%cond) %arg : i32
  } do {
  ^bb0(%arg2: i32):
    %nx = arith.addi %arg2, %a : i32
    scf.yield %nx : i32
  }
  return %w : i32
}

// CHECK-LABEL: func.func @blocks(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT:   %0 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:   cf.cond_br %0, ^bb1(%arg0 : i32), ^bb2
// CHECK-NEXT: ^bb1(%1: i32):  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb3(%1, %arg1 : i32, i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   %2 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:   cf.br ^bb3(%2, %2 : i32, i32)
// CHECK-NEXT: ^bb3(%3: i32, %4: i32):  // 3 preds: ^bb1, ^bb2, ^bb4
// CHECK-NEXT:   %5 = arith.addi %3, %4 : i32
// CHECK-NEXT:   return %5 : i32
// CHECK-NEXT: ^bb4:  // no predecessors
// CHECK-NEXT:   cf.br ^bb3(%arg0, %arg0 : i32, i32)
// CHECK-NEXT: }
func.func @blocks(%a: i32, %b: i32, %c: i1) -> i32 {
  %cmp = arith.cmpi slt, %a, %b : i32
  cf.cond_br %cmp, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.br ^bb3(%x, %b : i32, i32)
^bb2:
  %y = arith.addi %a, %b : i32
  cf.br ^bb3(%y, %y : i32, i32)
^bb3(%p: i32, %q: i32):
  %r = arith.addi %p, %q : i32
  return %r : i32
^bb4:
  cf.br ^bb3(%a, %a : i32, i32)
}

// CHECK-LABEL: func.func @preds(%arg0: i1) {
// CHECK-NEXT:   cf.br ^bb3
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT:   cf.cond_br %arg0, ^bb2, ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb1, ^bb1
// CHECK-NEXT:   cf.br ^bb1
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb0, ^bb3
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb3
// CHECK-NEXT: }
func.func @preds(%c: i1) {
  cf.br ^start
^loop:
  cf.cond_br %c, ^body, ^body
^body:
  cf.br ^loop
^start:
  cf.cond_br %c, ^loop, ^start
}
