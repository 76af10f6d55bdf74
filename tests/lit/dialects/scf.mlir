// scf dialect: scf.if (no results with the implicit yield elided, else
// branches, one and several results), scf.for (no iter_args, iter_args,
// empty body, integer induction variable, unsigned, nesting), scf.while
// (carried values, none, different before/after types), scf.condition,
// scf.yield. (scf.execute_region and scf.index_switch are not registered in
// lockstep yet.)
// The CHECK lines are mlir-opt 22's output for this file; they must also hold
// after a pretty and a generic round trip.
// RUN: lockstep-opt %s | FileCheck %s
// RUN: lockstep-opt %s | lockstep-opt | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | lockstep-opt | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s

// CHECK-LABEL: func.func @ifs(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     %3 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     %3 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %3 = arith.subi %arg1, %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:   } else {
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.if %arg0 -> (i32, f32) {
// CHECK-NEXT:     %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     scf.yield %arg1, %cst : i32, f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %cst = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:     scf.yield %0, %cst : i32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %2 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     %3 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:       %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:       scf.yield %c5_i32 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %1#0 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.yield %3 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %2 : i32
// CHECK-NEXT: }
func.func @ifs(%c: i1, %a: i32) -> i32 {
  scf.if %c {
    %t = arith.addi %a, %a : i32
  }
  scf.if %c {
    %t = arith.addi %a, %a : i32
    scf.yield
  } else {
    %e = arith.subi %a, %a : i32
  }
  scf.if %c {
  } else {
  }
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  %r2:2 = scf.if %c -> (i32, f32) {
    %f = arith.constant 1.0 : f32
    scf.yield %a, %f : i32, f32
  } else {
    %g = arith.constant 2.0 : f32
    scf.yield %r, %g : i32, f32
  }
  %n = scf.if %c -> i32 {
    %inner = scf.if %c -> (i32) {
      %k = arith.constant 5 : i32
      scf.yield %k : i32
    } else {
      scf.yield %r2#0 : i32
    }
    scf.yield %inner : i32
  } else {
    scf.yield %a : i32
  }
  return %n : i32
}

// CHECK-LABEL: func.func @fors(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) -> i32 {
// CHECK-NEXT:   scf.for %arg4 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:     %5 = arith.index_cast %arg4 : index to i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (i32) {
// CHECK-NEXT:     %5 = arith.index_cast %arg4 : index to i32
// CHECK-NEXT:     %6 = arith.addi %arg5, %5 : i32
// CHECK-NEXT:     scf.yield %6 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3, %arg6 = %0) -> (i32, i32) {
// CHECK-NEXT:     scf.yield %arg6, %arg5 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for %arg4 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:   }
// CHECK-NEXT:   %2 = scf.for %arg4 = %arg3 to %arg3 step %arg3 iter_args(%arg5 = %arg3) -> (i32)  : i32 {
// CHECK-NEXT:     scf.yield %arg5 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for %arg4 = %arg3 to %arg3 step %arg3  : i32 {
// CHECK-NEXT:     %5 = arith.addi %arg4, %arg4 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for unsigned %arg4 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:   }
// CHECK-NEXT:   %3 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %1#1) -> (i32) {
// CHECK-NEXT:     %5 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg5) -> (i32) {
// CHECK-NEXT:       %6 = arith.addi %arg7, %arg5 : i32
// CHECK-NEXT:       scf.yield %6 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.yield %5 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %4 = arith.addi %3, %2 : i32
// CHECK-NEXT:   return %4 : i32
// CHECK-NEXT: }
func.func @fors(%lb: index, %ub: index, %st: index, %a: i32) -> i32 {
  scf.for %i = %lb to %ub step %st {
    %u = arith.index_cast %i : index to i32
  }
  %s = scf.for %i = %lb to %ub step %st iter_args(%acc = %a) -> (i32) {
    %u = arith.index_cast %i : index to i32
    %n = arith.addi %acc, %u : i32
    scf.yield %n : i32
  }
  %s2:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %s) -> (i32, i32) {
    scf.yield %y, %x : i32, i32
  }
  scf.for %i = %lb to %ub step %st {
  }
  %fi = scf.for %i = %a to %a step %a iter_args(%acc = %a) -> (i32) : i32 {
    scf.yield %acc : i32
  }
  scf.for %i = %a to %a step %a : i32 {
    %z = arith.addi %i, %i : i32
  }
  scf.for unsigned %i = %lb to %ub step %st {
  }
  %outer = scf.for %i = %lb to %ub step %st iter_args(%o = %s2#1) -> (i32) {
    %inner = scf.for %j = %lb to %ub step %st iter_args(%p = %o) -> (i32) {
      %q = arith.addi %p, %o : i32
      scf.yield %q : i32
    }
    scf.yield %inner : i32
  }
  %r = arith.addi %outer, %fi : i32
  return %r : i32
}

// CHECK-LABEL: func.func @whiles(%arg0: i32, %arg1: index) -> i32 {
// CHECK-NEXT:   %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:     %4 = arith.cmpi slt, %arg2, %arg0 : i32
// CHECK-NEXT:     scf.condition(%4) %arg2 : i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg2: i32):
// CHECK-NEXT:     %4 = arith.addi %arg2, %arg0 : i32
// CHECK-NEXT:     scf.yield %4 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, index) -> (i32, index) {
// CHECK-NEXT:     %4 = arith.cmpi slt, %arg2, %arg0 : i32
// CHECK-NEXT:     scf.condition(%4) %arg2, %arg3 : i32, index
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg2: i32, %arg3: index):
// CHECK-NEXT:     scf.yield %arg2, %arg3 : i32, index
// CHECK-NEXT:   }
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   scf.while : () -> () {
// CHECK-NEXT:     scf.condition(%true)
// CHECK-NEXT:   } do {
// CHECK-NEXT:     scf.yield
// CHECK-NEXT:   }
// CHECK-NEXT:   %2 = scf.while (%arg2 = %arg1) : (index) -> i32 {
// CHECK-NEXT:     %4 = arith.cmpi ult, %arg2, %arg1 : index
// CHECK-NEXT:     %5 = arith.index_cast %arg2 : index to i32
// CHECK-NEXT:     scf.condition(%4) %5 : i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg2: i32):
// CHECK-NEXT:     %4 = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT:     scf.yield %4 : index
// CHECK-NEXT:   }
// CHECK-NEXT:   %3 = arith.addi %0, %2 : i32
// CHECK-NEXT:   return %3 : i32
// CHECK-NEXT: }
func.func @whiles(%a: i32, %lb: index) -> i32 {
  %w = scf.while (%arg = %a) : (i32) -> i32 {
    %cond = arith.cmpi slt, %arg, %a : i32
    scf.condition(%cond) %arg : i32
  } do {
  ^bb0(%arg2: i32):
    %nx = arith.addi %arg2, %a : i32
    scf.yield %nx : i32
  }
  %w2:2 = scf.while (%p = %a, %q = %lb) : (i32, index) -> (i32, index) {
    %cond = arith.cmpi slt, %p, %a : i32
    scf.condition(%cond) %p, %q : i32, index
  } do {
  ^bb0(%p2: i32, %q2: index):
    scf.yield %p2, %q2 : i32, index
  }
  %t = arith.constant true
  scf.while : () -> () {
    scf.condition(%t)
  } do {
    scf.yield
  }
  %w3 = scf.while (%x = %lb) : (index) -> i32 {
    %cond = arith.cmpi ult, %x, %lb : index
    %v = arith.index_cast %x : index to i32
    scf.condition(%cond) %v : i32
  } do {
  ^bb0(%v2: i32):
    %back = arith.index_cast %v2 : i32 to index
    scf.yield %back : index
  }
  %r = arith.addi %w, %w3 : i32
  return %r : i32
}
