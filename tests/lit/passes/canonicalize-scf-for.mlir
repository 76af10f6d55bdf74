// canonicalize on scf.for: MLIR 22's SimplifyTrivialLoops (static trip counts
// of zero, one, or more with an empty body, as constantTripCount computes
// them) and the generic RegionBranchOpInterface patterns that drop forwarded,
// duplicated and unused iter_args. The CHECK lines are mlir-opt 22's output
// for the same pipelines, top-down (the default) and bottom-up alike.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(func.func(canonicalize))' | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(canonicalize{top-down=false})' | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(canonicalize{top-down=false})' | FileCheck %s

// A loop with equal bounds, or a constant trip count of zero (including a
// zero or negative step), is replaced by its inits.
// CHECK-LABEL: func.func @zero_trips(
// CHECK-SAME: %arg0: i32, %arg1: index) -> (i32, i32, i32) {
// CHECK-NEXT:   return %arg0, %arg0, %arg0 : i32, i32, i32
// CHECK-NEXT: }
func.func @zero_trips(%a: i32, %n: index) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %0 = scf.for %i = %n to %n step %c1 iter_args(%x = %a) -> (i32) {
    %y = "test.op"(%x) : (i32) -> i32
    scf.yield %y : i32
  }
  %1 = scf.for %i = %c4 to %c0 step %c1 iter_args(%x = %a) -> (i32) {
    %y = "test.op"(%x) : (i32) -> i32
    scf.yield %y : i32
  }
  %lb = arith.constant 0 : i32
  %ub = arith.constant 10 : i32
  %s = arith.constant -2 : i32
  %2 = scf.for %i = %lb to %ub step %s iter_args(%x = %a) -> (i32) : i32 {
    %y = "test.op"(%x) : (i32) -> i32
    scf.yield %y : i32
  }
  return %0, %1, %2 : i32, i32, i32
}

// A single iteration is inlined with the induction variable at the lower
// bound. Bounds compare as `unsigned` says: from -1 (255) to 2 runs no
// iteration unsigned, one signed.
// CHECK-LABEL: func.func @one_trip(
// CHECK-SAME: %arg0: i32) -> (i32, i32) {
// CHECK-NEXT:   %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %0 = "test.op"(%arg0, %c0) : (i32, index) -> i32
// CHECK-NEXT:   %1 = "test.op"(%0, %c-1_i8) : (i32, i8) -> i32
// CHECK-NEXT:   return %arg0, %1 : i32, i32
// CHECK-NEXT: }
func.func @one_trip(%a: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %0 = scf.for %i = %c0 to %c3 step %c5 iter_args(%x = %a) -> (i32) {
    %y = "test.op"(%x, %i) : (i32, index) -> i32
    scf.yield %y : i32
  }
  %lb = arith.constant -1 : i8
  %ub = arith.constant 2 : i8
  %s = arith.constant 100 : i8
  %1 = scf.for unsigned %i = %lb to %ub step %s iter_args(%x = %a) -> (i32) : i8 {
    %y = "test.op"(%x, %i) : (i32, i8) -> i32
    scf.yield %y : i32
  }
  %2 = scf.for %i = %lb to %ub step %s iter_args(%x = %0) -> (i32) : i8 {
    %y = "test.op"(%x, %i) : (i32, i8) -> i32
    scf.yield %y : i32
  }
  return %1, %2 : i32, i32
}

// The difference of `%lb` and `arith.addi %lb, c` counts when the add has
// the no-wrap flag matching the comparison.
// CHECK-LABEL: func.func @computed_trip_count(
// CHECK-SAME: %arg0: i32, %arg1: index) -> (i32, i32) {
// CHECK-NEXT:   %c4 = arith.constant 4 : index
// CHECK-NEXT:   %c8 = arith.constant 8 : index
// CHECK-NEXT:   %0 = "test.op"(%arg0, %arg1) : (i32, index) -> i32
// CHECK-NEXT:   %1 = arith.addi %arg1, %c4 : index
// CHECK-NEXT:   %2 = scf.for %arg2 = %arg1 to %1 step %c8 iter_args(%arg3 = %arg0) -> (i32) {
// CHECK-NEXT:     %3 = "test.op"(%arg3, %arg2) : (i32, index) -> i32
// CHECK-NEXT:     scf.yield %3 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0, %2 : i32, i32
// CHECK-NEXT: }
func.func @computed_trip_count(%a: i32, %lb: index) -> (i32, i32) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %ub = arith.addi %lb, %c4 overflow<nsw> : index
  %0 = scf.for %i = %lb to %ub step %c8 iter_args(%x = %a) -> (i32) {
    %y = "test.op"(%x, %i) : (i32, index) -> i32
    scf.yield %y : i32
  }
  %ub2 = arith.addi %lb, %c4 : index
  %1 = scf.for %i = %lb to %ub2 step %c8 iter_args(%x = %a) -> (i32) {
    %y = "test.op"(%x, %i) : (i32, index) -> i32
    scf.yield %y : i32
  }
  return %0, %1 : i32, i32
}

// An empty loop running more than once yields what it yields from outside.
// CHECK-LABEL: func.func @empty_body(
// CHECK-SAME: %arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:   return %arg1 : i32
// CHECK-NEXT: }
func.func @empty_body(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %0 = scf.for %i = %c0 to %c9 step %c1 iter_args(%x = %a) -> (i32) {
    scf.yield %b : i32
  }
  return %0 : i32
}

// Iter_args yielded unchanged, fed their init again, unused, or
// duplicating another one are dropped (the generic RegionBranchOpInterface
// patterns of MLIR 22).
// CHECK-LABEL: func.func @iter_args(
// CHECK-SAME: %arg0: i32, %arg1: i32, %arg2: index, %arg3: index, %arg4: index) -> (i32, i32, i32, i32, i32) {
// CHECK-NEXT:   %0 = scf.for %arg5 = %arg2 to %arg3 step %arg4 iter_args(%arg6 = %arg0) -> (i32) {
// CHECK-NEXT:     "test.use"(%arg0, %arg1) : (i32, i32) -> ()
// CHECK-NEXT:     %1 = "test.op"(%arg6, %arg6) : (i32, i32) -> i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %arg0, %arg1, %0, %0, %0 : i32, i32, i32, i32, i32
// CHECK-NEXT: }
func.func @iter_args(%a: i32, %b: i32, %lb: index, %ub: index, %s: index) -> (i32, i32, i32, i32, i32) {
  %0:5 = scf.for %i = %lb to %ub step %s iter_args(%x = %a, %y = %b, %z = %a, %u = %a, %w = %a) -> (i32, i32, i32, i32, i32) {
    "test.use"(%x, %y) : (i32, i32) -> ()
    %n = "test.op"(%u, %w) : (i32, i32) -> i32
    scf.yield %x, %b, %n, %n, %n : i32, i32, i32, i32, i32
  }
  return %0#0, %0#1, %0#3, %0#4, %0#4 : i32, i32, i32, i32, i32
}

// A loop whose count is unknown keeps its carried values.
// CHECK-LABEL: func.func @for_unchanged(
// CHECK-SAME: %arg0: i32, %arg1: index, %arg2: index, %arg3: index) -> i32 {
// CHECK-NEXT:   %0 = scf.for %arg4 = %arg1 to %arg2 step %arg3 iter_args(%arg5 = %arg0) -> (i32) {
// CHECK-NEXT:     %1 = "test.op"(%arg5, %arg4) : (i32, index) -> i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @for_unchanged(%a: i32, %lb: index, %ub: index, %s: index) -> i32 {
  %0 = scf.for %i = %lb to %ub step %s iter_args(%x = %a) -> (i32) {
    %y = "test.op"(%x, %i) : (i32, index) -> i32
    scf.yield %y : i32
  }
  return %0 : i32
}
