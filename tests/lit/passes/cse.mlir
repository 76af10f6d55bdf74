// cse: dominance-scoped value numbering. Expected output matches
// `mlir-opt -p 'builtin.module(func.func(cse))'` (22.1.8) on this file.
// RUN: lockstep-opt %s -p 'builtin.module(func.func(cse))' | FileCheck %s
// RUN: lockstep-opt %s -p 'builtin.module(cse)' | FileCheck %s

// CHECK-LABEL: func.func @simple(
// CHECK-NEXT:    [[A:%.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    [[M:%.*]] = arith.muli [[A]], [[A]] : i32
// CHECK-NEXT:    return [[M]] : i32
func.func @simple(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

// Commutative ops match with swapped operands; subi is not commutative.
// CHECK-LABEL: func.func @commutative(
// CHECK-NEXT:    [[A:%.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    [[S1:%.*]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    [[S2:%.*]] = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT:    [[M1:%.*]] = arith.muli [[A]], [[A]] : i32
// CHECK-NEXT:    [[M2:%.*]] = arith.muli [[S1]], [[S2]] : i32
// CHECK-NEXT:    [[R:%.*]] = arith.addi [[M1]], [[M2]] : i32
// CHECK-NEXT:    return [[R]] : i32
func.func @commutative(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.subi %b, %a : i32
  %4 = arith.muli %0, %1 : i32
  %5 = arith.muli %2, %3 : i32
  %6 = arith.addi %4, %5 : i32
  return %6 : i32
}

// Equal constants merge; a different type is a different constant.
// CHECK-LABEL: func.func @constants(
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT:    return %c1_i32, %c1_i32, %c1_i64 : i32, i32, i64
func.func @constants() -> (i32, i32, i64) {
  %c1 = arith.constant 1 : i32
  %c1_0 = arith.constant 1 : i32
  %c1_1 = arith.constant 1 : i64
  return %c1, %c1_0, %c1_1 : i32, i32, i64
}

// Attributes are part of the identity.
// CHECK-LABEL: func.func @attributes_differ(
// CHECK-NEXT:    arith.addi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT:    arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:    arith.cmpi sgt, %arg0, %arg1 : i32
// CHECK-NEXT:    return
func.func @attributes_differ(%a: i32, %b: i32) -> (i32, i32, i1, i1) {
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sgt, %a, %b : i32
  return %0, %1, %2, %3 : i32, i32, i1, i1
}

// An op in a nested region reuses a dominating op outside it; sibling
// regions and later ops outside do not share what the regions computed.
// CHECK-LABEL: func.func @nested_reuse(
// CHECK-NEXT:    [[A:%.*]] = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:    [[IF:%.*]] = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      [[M1:%.*]] = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT:      [[S:%.*]] = arith.addi [[A]], [[M1]] : i32
// CHECK-NEXT:      scf.yield [[S]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      [[M2:%.*]] = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT:      scf.yield [[M2]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    [[M3:%.*]] = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT:    [[T:%.*]] = arith.addi [[IF]], [[M3]] : i32
// CHECK-NEXT:    [[R:%.*]] = arith.addi [[T]], [[A]] : i32
// CHECK-NEXT:    return [[R]] : i32
func.func @nested_reuse(%c: i1, %a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = scf.if %c -> (i32) {
    %2 = arith.addi %a, %b : i32
    %3 = arith.muli %a, %b : i32
    %4 = arith.addi %2, %3 : i32
    scf.yield %4 : i32
  } else {
    %5 = arith.muli %a, %b : i32
    scf.yield %5 : i32
  }
  %6 = arith.muli %a, %b : i32
  %7 = arith.addi %1, %6 : i32
  %8 = arith.addi %7, %0 : i32
  return %8 : i32
}

// Across blocks only dominating ops are reused; an op unused after the
// replacement is erased.
// CHECK-LABEL: func.func @dominance(
// CHECK-NEXT:    [[M:%.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    [[A1:%.*]] = arith.addi %arg1, [[M]] : i32
// CHECK-NEXT:    cf.br ^bb3([[A1]] : i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    [[S1:%.*]] = arith.subi %arg1, %arg1 : i32
// CHECK-NEXT:    cf.br ^bb3([[S1]] : i32)
// CHECK-NEXT:  ^bb3([[X:%.*]]: i32):
// CHECK-NEXT:    [[A2:%.*]] = arith.addi %arg1, [[M]] : i32
// CHECK-NEXT:    [[S2:%.*]] = arith.subi %arg1, %arg1 : i32
// CHECK-NEXT:    [[T:%.*]] = arith.addi [[X]], [[A2]] : i32
// CHECK-NEXT:    [[R:%.*]] = arith.addi [[T]], [[S2]] : i32
// CHECK-NEXT:    return [[R]] : i32
func.func @dominance(%c: i1, %a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.muli %a, %a : i32
  %2 = arith.addi %a, %1 : i32
  cf.br ^bb3(%2 : i32)
^bb2:
  %3 = arith.addi %a, %0 : i32
  %4 = arith.subi %a, %a : i32
  cf.br ^bb3(%4 : i32)
^bb3(%5: i32):
  %6 = arith.addi %a, %0 : i32
  %7 = arith.subi %a, %a : i32
  %8 = arith.addi %5, %6 : i32
  %9 = arith.addi %8, %7 : i32
  return %9 : i32
}

// Calls may have side effects: never merged.
// CHECK-LABEL: func.func @calls_stay(
// CHECK-NEXT:    [[C1:%.*]] = call @effect(%arg0) : (i32) -> i32
// CHECK-NEXT:    [[C2:%.*]] = call @effect(%arg0) : (i32) -> i32
// CHECK-NEXT:    arith.addi [[C1]], [[C2]] : i32
func.func private @effect(i32) -> i32
func.func @calls_stay(%a: i32) -> i32 {
  %0 = call @effect(%a) : (i32) -> i32
  %1 = call @effect(%a) : (i32) -> i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

// Ops that are dead when visited are erased; their operands are only
// erased if they were dead already (one sweep, as MLIR).
// CHECK-LABEL: func.func @dead_ops(
// CHECK-NEXT:    arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %arg0 : i32
func.func @dead_ops(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  return %a : i32
}

// Region ops without side effects are compared structurally.
// CHECK-LABEL: func.func @regions(
// CHECK-NEXT:    [[IF:%.*]] = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      [[X:%.*]] = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:      scf.yield [[X]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    [[R:%.*]] = arith.addi [[IF]], [[IF]] : i32
// CHECK-NEXT:    return [[R]] : i32
func.func @regions(%c: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  }
  %1 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  }
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
