// canonicalize on scf.if: MLIR 22's patterns (IfOp::fold swapping the regions
// of an if on a negated condition, CombineIfs, CombineNestedIfs,
// ConditionPropagation, ConvertTrivialIfToSelect, RemoveEmptyElseBranch,
// RemoveStaticCondition, ReplaceIfYieldWithConditionOrValue, then the generic
// RegionBranchOpInterface patterns that drop unused results) with folding and
// region simplification. The CHECK lines are mlir-opt 22's output for the same
// pipelines: prefix TD for top-down (the default), BU for bottom-up, where a
// function comes out differently.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(func.func(canonicalize))' | FileCheck %s --check-prefixes=CHECK,TD
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(canonicalize{top-down=false})' | FileCheck %s --check-prefixes=CHECK,BU
// RUN: %mlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s --check-prefixes=CHECK,TD
// RUN: %mlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(canonicalize{top-down=false})' | FileCheck %s --check-prefixes=CHECK,BU

// A constant condition inlines the taken region; false without an else
// region erases the op.
// CHECK-LABEL: func.func @static_condition(
// CHECK-SAME: %arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = "test.op"() : () -> i32
// CHECK-NEXT:   %1 = "test.op"(%0) : (i32) -> i32
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @static_condition(%a: i32) -> i32 {
  %true = arith.constant true
  %false = arith.constant false
  %0 = scf.if %true -> (i32) {
    %x = "test.op"() : () -> i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  scf.if %false {
    "test.use"(%a) : (i32) -> ()
  }
  %1 = scf.if %false -> (i32) {
    scf.yield %a : i32
  } else {
    %y = "test.op"(%0) : (i32) -> i32
    scf.yield %y : i32
  }
  return %1 : i32
}

// Results yielded from outside both regions become arith.select (or the
// value itself when both sides agree); the if keeps the others.
// CHECK-LABEL: func.func @trivial_if_to_select(
// CHECK-SAME: %arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
// CHECK-NEXT:   %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:   %1 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     %2 = "test.op"() : () -> i32
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %2 = "test.op"() : () -> i32
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0, %1, %arg2 : i32, i32, i32
// CHECK-NEXT: }
func.func @trivial_if_to_select(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32) {
  %0:3 = scf.if %c -> (i32, i32, i32) {
    %x = "test.op"() : () -> i32
    scf.yield %a, %x, %b : i32, i32, i32
  } else {
    %y = "test.op"() : () -> i32
    scf.yield %b, %y, %b : i32, i32, i32
  }
  return %0#0, %0#1, %0#2 : i32, i32, i32
}

// Uses of the condition inside the regions become true/false constants.
// CHECK-LABEL: func.func @condition_propagation(
// CHECK-SAME: %arg0: i1) {
// CHECK-NEXT:   %false = arith.constant false
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     "test.use"(%true) : (i1) -> ()
// CHECK-NEXT:     "test.use"(%true) : (i1) -> ()
// CHECK-NEXT:   } else {
// CHECK-NEXT:     "test.use"(%false) : (i1) -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @condition_propagation(%c: i1) {
  scf.if %c {
    "test.use"(%c) : (i1) -> ()
    scf.if %c {
      "test.use"(%c) : (i1) -> ()
    }
  } else {
    "test.use"(%c) : (i1) -> ()
  }
  return
}

// Adjacent ifs on the same condition, or on its negation, are merged; uses
// of the first one's results in the second see the yielded values.
// CHECK-LABEL: func.func @combine_ifs(
// CHECK-SAME: %arg0: i1, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:   %0:2 = scf.if %arg0 -> (i32, i32) {
// CHECK-NEXT:     %1 = "test.op"() : () -> i32
// CHECK-NEXT:     %2 = "test.op"(%1) : (i32) -> i32
// CHECK-NEXT:     scf.yield %1, %2 : i32, i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %1 = "test.op"() : () -> i32
// CHECK-NEXT:     "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:     scf.yield %1, %1 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0#0, %0#1 : i32, i32
// CHECK-NEXT: }
func.func @combine_ifs(%c: i1, %a: i32) -> (i32, i32) {
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  %0 = scf.if %c -> (i32) {
    %x = "test.op"() : () -> i32
    scf.yield %x : i32
  } else {
    %y = "test.op"() : () -> i32
    scf.yield %y : i32
  }
  %1 = scf.if %c -> (i32) {
    %z = "test.op"(%0) : (i32) -> i32
    scf.yield %z : i32
  } else {
    scf.yield %0 : i32
  }
  scf.if %nc {
    "test.use"(%a) : (i32) -> ()
  }
  return %0, %1 : i32, i32
}

// A lone nested if becomes one if on arith.andi; a value the outer if
// yields from outside becomes an arith.select on the outer condition.
// TD-LABEL: func.func @combine_nested_ifs(
// TD-SAME: %arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32) -> (i32, i32) {
// TD-NEXT:   %0 = arith.andi %arg0, %arg1 : i1
// TD-NEXT:   scf.if %0 {
// TD-NEXT:     "test.use"(%arg2) : (i32) -> ()
// TD-NEXT:   }
// TD-NEXT:   %1 = arith.andi %arg0, %arg1 : i1
// TD-NEXT:   %2 = arith.select %arg0, %arg2, %arg3 : i32
// TD-NEXT:   %3 = scf.if %1 -> (i32) {
// TD-NEXT:     %4 = "test.op"() : () -> i32
// TD-NEXT:     scf.yield %4 : i32
// TD-NEXT:   } else {
// TD-NEXT:     scf.yield %arg3 : i32
// TD-NEXT:   }
// TD-NEXT:   return %3, %2 : i32, i32
// TD-NEXT: }
// BU-LABEL: func.func @combine_nested_ifs(
// BU-SAME: %arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32) -> (i32, i32) {
// BU-NEXT:   %0 = arith.select %arg0, %arg2, %arg3 : i32
// BU-NEXT:   %1 = arith.andi %arg0, %arg1 : i1
// BU-NEXT:   %2 = scf.if %1 -> (i32) {
// BU-NEXT:     "test.use"(%arg2) : (i32) -> ()
// BU-NEXT:     %3 = "test.op"() : () -> i32
// BU-NEXT:     scf.yield %3 : i32
// BU-NEXT:   } else {
// BU-NEXT:     scf.yield %arg3 : i32
// BU-NEXT:   }
// BU-NEXT:   return %2, %0 : i32, i32
// BU-NEXT: }
func.func @combine_nested_ifs(%c: i1, %d: i1, %a: i32, %b: i32) -> (i32, i32) {
  scf.if %c {
    scf.if %d {
      "test.use"(%a) : (i32) -> ()
    }
  }
  %0:2 = scf.if %c -> (i32, i32) {
    %1 = scf.if %d -> (i32) {
      %x = "test.op"() : () -> i32
      scf.yield %x : i32
    } else {
      scf.yield %b : i32
    }
    scf.yield %1, %a : i32, i32
  } else {
    scf.yield %b, %b : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}

// An else region that only yields is dropped, unused results are removed,
// and an if testing a negation swaps its regions (IfOp::fold).
// CHECK-LABEL: func.func @else_results_negation(
// CHECK-SAME: %arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:   %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:     %1 = "test.op"() : () -> i32
// CHECK-NEXT:     %2 = "test.op"() : () -> i32
// CHECK-NEXT:     %3 = "test.op"(%2) : (i32) -> i32
// CHECK-NEXT:     scf.yield %3 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %1 = "test.op"() : () -> i32
// CHECK-NEXT:     %2 = "test.op"() : () -> i32
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @else_results_negation(%c: i1, %a: i32) -> i32 {
  scf.if %c {
    "test.use"(%a) : (i32) -> ()
  } else {
  }
  %0:2 = scf.if %c -> (i32, i32) {
    %x = "test.op"() : () -> i32
    %y = "test.op"() : () -> i32
    scf.yield %x, %y : i32, i32
  } else {
    %z = "test.op"() : () -> i32
    scf.yield %z, %z : i32, i32
  }
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  %1 = scf.if %n -> (i32) {
    %x = "test.op"() : () -> i32
    scf.yield %x : i32
  } else {
    %y = "test.op"(%0#1) : (i32) -> i32
    scf.yield %y : i32
  }
  return %1 : i32
}

// Results yielding true/false are the condition, false/true its negation;
// a result yielding one value on both sides is that value.
// CHECK-LABEL: func.func @yield_condition_or_value(
// CHECK-SAME: %arg0: i1, %arg1: i32) -> (i1, i1, i32) {
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:   } else {
// CHECK-NEXT:     "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   return %arg0, %0, %arg1 : i1, i1, i32
// CHECK-NEXT: }
func.func @yield_condition_or_value(%c: i1, %a: i32) -> (i1, i1, i32) {
  %0:3 = scf.if %c -> (i1, i1, i32) {
    %t = arith.constant true
    %f = arith.constant false
    "test.use"(%a) : (i32) -> ()
    scf.yield %t, %f, %a : i1, i1, i32
  } else {
    %t = arith.constant true
    %f = arith.constant false
    "test.use"(%a) : (i32) -> ()
    scf.yield %f, %t, %a : i1, i1, i32
  }
  return %0#0, %0#1, %0#2 : i1, i1, i32
}

// Nothing applies to an if whose results come from its regions.
// CHECK-LABEL: func.func @if_unchanged(
// CHECK-SAME: %arg0: i1) -> i32 {
// CHECK-NEXT:   %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     %1 = "test.op"() : () -> i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %1 = "test.op"() : () -> i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @if_unchanged(%c: i1) -> i32 {
  %0 = scf.if %c -> (i32) {
    %x = "test.op"() : () -> i32
    scf.yield %x : i32
  } else {
    %y = "test.op"() : () -> i32
    scf.yield %y : i32
  }
  return %0 : i32
}
