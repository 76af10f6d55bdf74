// canonicalize on cf: the patterns of MLIR 22's cf dialect (pass-through
// successors of cf.br/cf.cond_br/cf.switch, identical successors with
// arith.select, conditions and flags decided by the single predecessor's
// branch, truth propagation into successors, switch case pruning, true
// assertions) with folding and region simplification. The CHECK lines are
// mlir-opt 22's output for the same pipelines: prefix TD for top-down (the
// default), BU for bottom-up, where two functions come out differently.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(func.func(canonicalize))' | FileCheck %s --check-prefixes=CHECK,TD
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(canonicalize{top-down=false})' | FileCheck %s --check-prefixes=CHECK,BU
// RUN: %mlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s --check-prefixes=CHECK,TD
// RUN: %mlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(canonicalize{top-down=false})' | FileCheck %s --check-prefixes=CHECK,BU

// A branch to a block that only forwards (and has other predecessors) goes
// straight to the final destination, the forwarded block arguments replaced
// by the incoming operands.
// TD-LABEL: func.func @br_passthrough(
// TD-SAME: %arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// TD-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
// TD-NEXT: ^bb1:  // pred: ^bb0
// TD-NEXT:   "test.x"() : () -> ()
// TD-NEXT:   cf.br ^bb3(%arg1, %arg1 : i32, i32)
// TD-NEXT: ^bb2:  // pred: ^bb0
// TD-NEXT:   "test.y"() : () -> ()
// TD-NEXT:   cf.br ^bb3(%arg2, %arg1 : i32, i32)
// TD-NEXT: ^bb3(%0: i32, %1: i32):  // 2 preds: ^bb1, ^bb2
// TD-NEXT:   "test.use"(%0, %1) : (i32, i32) -> ()
// TD-NEXT:   return %0 : i32
// TD-NEXT: }
// BU-LABEL: func.func @br_passthrough(
// BU-SAME: %arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// BU-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
// BU-NEXT: ^bb1:  // pred: ^bb0
// BU-NEXT:   "test.x"() : () -> ()
// BU-NEXT:   cf.br ^bb3(%arg1 : i32)
// BU-NEXT: ^bb2:  // pred: ^bb0
// BU-NEXT:   "test.y"() : () -> ()
// BU-NEXT:   cf.br ^bb3(%arg2 : i32)
// BU-NEXT: ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// BU-NEXT:   "test.use"(%0, %arg1) : (i32, i32) -> ()
// BU-NEXT:   return %0 : i32
// BU-NEXT: }
func.func @br_passthrough(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.x"() : () -> ()
  cf.br ^bb3(%a : i32)
^bb2:
  "test.y"() : () -> ()
  cf.br ^bb3(%b : i32)
^bb3(%x: i32):
  cf.br ^bb4(%x, %a : i32, i32)
^bb4(%y: i32, %z: i32):
  "test.use"(%y, %z) : (i32, i32) -> ()
  return %y : i32
}

// Forwarding into a cycle of unconditional branches is left alone.
// CHECK-LABEL: func.func @no_passthrough_into_cycle(
// CHECK-SAME: %arg0: i1) {
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb3
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   cf.br ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb1, ^bb3
// CHECK-NEXT:   "test.x"() : () -> ()
// CHECK-NEXT:   cf.br ^bb1
// CHECK-NEXT: ^bb3:  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb2
// CHECK-NEXT: }
func.func @no_passthrough_into_cycle(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb2:
  "test.x"() : () -> ()
  cf.br ^bb1
^bb3:
  cf.br ^bb2
}

// A forwarding block whose argument has another use is not bypassed.
// CHECK-LABEL: func.func @no_passthrough_arg_used(
// CHECK-SAME: %arg0: i1, %arg1: i32, %arg2: i32) {
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg2 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 3 preds: ^bb0, ^bb0, ^bb1
// CHECK-NEXT:   "test.use"(%0) : (i32) -> ()
// CHECK-NEXT:   cf.br ^bb1(%0 : i32)
// CHECK-NEXT: }
func.func @no_passthrough_arg_used(%c: i1, %a: i32, %b: i32) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  cf.br ^bb2(%x : i32)
^bb2(%y: i32):
  "test.use"(%y) : (i32) -> ()
  cf.br ^bb1(%y : i32)
}

// cond_br successors that only forward are bypassed; the weights stay, the
// discardable attributes go with the old op.
// CHECK-LABEL: func.func @cond_br_passthrough(
// CHECK-SAME: %arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:   cf.cond_br %arg0 weights([3, 5]), ^bb2(%arg1 : i32), ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "test.y"() : () -> ()
// CHECK-NEXT:   cf.br ^bb2(%arg2 : i32)
// CHECK-NEXT: ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @cond_br_passthrough(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c weights([3, 5]), ^bb1(%a : i32), ^bb2 {test.attr}
^bb1(%x: i32):
  cf.br ^bb3(%x : i32)
^bb2:
  "test.y"() : () -> ()
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  return %r : i32
}

// Both successors the same block with the same operands: an unconditional
// branch.
// CHECK-LABEL: func.func @same_succ_same_operands(
// CHECK-SAME: %arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:   "test.x"() : () -> ()
// CHECK-NEXT:   "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:   return %arg1 : i32
// CHECK-NEXT: }
func.func @same_succ_same_operands(%c: i1, %a: i32) -> i32 {
  "test.x"() : () -> ()
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return %x : i32
}

// Both successors the same block with different operands, and this block
// its only predecessor: selects for the operands that differ.
// CHECK-LABEL: func.func @same_succ_select(
// CHECK-SAME: %arg0: i1, %arg1: i32, %arg2: i32, %arg3: f32, %arg4: f32) -> (i32, i32, f32) {
// CHECK-NEXT:   "test.x"() : () -> ()
// CHECK-NEXT:   %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:   %1 = arith.select %arg0, %arg3, %arg4 : f32
// CHECK-NEXT:   "test.use"(%0, %arg1, %1) : (i32, i32, f32) -> ()
// CHECK-NEXT:   return %0, %arg1, %1 : i32, i32, f32
// CHECK-NEXT: }
func.func @same_succ_select(%c: i1, %a: i32, %b: i32, %f: f32, %g: f32) -> (i32, i32, f32) {
  "test.x"() : () -> ()
  cf.cond_br %c, ^bb1(%a, %a, %f : i32, i32, f32), ^bb1(%b, %a, %g : i32, i32, f32)
^bb1(%x: i32, %y: i32, %z: f32):
  "test.use"(%x, %y, %z) : (i32, i32, f32) -> ()
  return %x, %y, %z : i32, i32, f32
}

// Different operands, but the block has another predecessor: no select.
// CHECK-LABEL: func.func @same_succ_other_pred(
// CHECK-SAME: %arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg2 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 3 preds: ^bb0, ^bb0, ^bb1
// CHECK-NEXT:   %1 = "test.step"(%0) : (i32) -> i32
// CHECK-NEXT:   %2 = "test.cond"(%1) : (i32) -> i1
// CHECK-NEXT:   cf.cond_br %2, ^bb1(%1 : i32), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @same_succ_other_pred(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  %y = "test.step"(%x) : (i32) -> i32
  %d = "test.cond"(%y) : (i32) -> i1
  cf.cond_br %d, ^bb1(%y : i32), ^bb2
^bb2:
  return %y : i32
}

// A cond_br on the condition its single predecessor just branched on: the
// side is known.
// CHECK-LABEL: func.func @same_condition(
// CHECK-SAME: %arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "test.x"() : () -> ()
// CHECK-NEXT:   "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:   return %arg1 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   "test.y"() : () -> ()
// CHECK-NEXT:   "test.z"() : () -> ()
// CHECK-NEXT:   return %arg1 : i32
// CHECK-NEXT: }
func.func @same_condition(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.x"() : () -> ()
  cf.cond_br %c, ^bb3(%a : i32), ^bb4
^bb2:
  "test.y"() : () -> ()
  cf.cond_br %c, ^bb3(%b : i32), ^bb4
^bb3(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return %x : i32
^bb4:
  "test.z"() : () -> ()
  return %a : i32
}

// Two predecessors: nothing is known about the condition.
// CHECK-LABEL: func.func @same_condition_two_preds(
// CHECK-SAME: %arg0: i1, %arg1: i1, %arg2: i32) -> i32 {
// CHECK-NEXT:   cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "test.x"() : () -> ()
// CHECK-NEXT:   cf.cond_br %arg0, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   "test.y"() : () -> ()
// CHECK-NEXT:   cf.cond_br %arg0, ^bb3, ^bb4
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:   "test.z"() : () -> ()
// CHECK-NEXT:   return %arg2 : i32
// CHECK-NEXT: ^bb4:  // pred: ^bb2
// CHECK-NEXT:   return %arg2 : i32
// CHECK-NEXT: }
func.func @same_condition_two_preds(%c: i1, %d: i1, %a: i32) -> i32 {
  cf.cond_br %d, ^bb1, ^bb2
^bb1:
  "test.x"() : () -> ()
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  "test.y"() : () -> ()
  cf.cond_br %c, ^bb3, ^bb4
^bb3:
  "test.z"() : () -> ()
  return %a : i32
^bb4:
  return %a : i32
}

// In a successor reached only through this branch, the condition is a
// constant; one constant per side, none inside nested regions.
// CHECK-LABEL: func.func @truth_propagation(
// CHECK-SAME: %arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "test.use"(%true) : (i1) -> ()
// CHECK-NEXT:   "test.use"(%true, %true) : (i1, i1) -> ()
// CHECK-NEXT:   "test.region"() ({
// CHECK-NEXT:     "test.use"(%arg0) : (i1) -> ()
// CHECK-NEXT:     "test.term"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   return %arg1 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   return %arg2 : i32
// CHECK-NEXT: }
func.func @truth_propagation(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.use"(%c) : (i1) -> ()
  "test.use"(%c, %c) : (i1, i1) -> ()
  "test.region"() ({
    "test.use"(%c) : (i1) -> ()
    "test.term"() : () -> ()
  }) : () -> ()
  return %a : i32
^bb2:
  %s = arith.select %c, %a, %b : i32
  return %s : i32
}

// The condition forwarded to a single-predecessor successor becomes a
// constant there; a successor with two predecessors keeps it.
// CHECK-LABEL: func.func @truth_propagation_operand(
// CHECK-SAME: %arg0: i1, %arg1: i1) {
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %false = arith.constant false
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "test.x"() : () -> ()
// CHECK-NEXT:   cf.br ^bb3(%true : i1)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   "test.y"() : () -> ()
// CHECK-NEXT:   cf.cond_br %arg1, ^bb3(%false : i1), ^bb4
// CHECK-NEXT: ^bb3(%0: i1):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:   "test.use"(%0, %arg0) : (i1, i1) -> ()
// CHECK-NEXT:   cf.br ^bb4
// CHECK-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @truth_propagation_operand(%c: i1, %d: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.x"() : () -> ()
  cf.br ^bb3(%c : i1)
^bb2:
  "test.y"() : () -> ()
  cf.cond_br %d, ^bb3(%c : i1), ^bb4
^bb3(%x: i1):
  "test.use"(%x, %c) : (i1, i1) -> ()
  cf.br ^bb4
^bb4:
  return
}

// A switch with only a default is an unconditional branch.
// CHECK-LABEL: func.func @switch_only_default(
// CHECK-SAME: %arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:   "test.x"() : () -> ()
// CHECK-NEXT:   "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:   return %arg1 : i32
// CHECK-NEXT: }
func.func @switch_only_default(%f: i32, %a: i32) -> i32 {
  "test.x"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return %x : i32
}

// Cases that go where the default goes, with the same operands, are dropped.
// CHECK-LABEL: func.func @switch_drop_default_cases(
// CHECK-SAME: %arg0: i32, %arg1: i32, %arg2: i32) {
// CHECK-NEXT:   cf.switch %arg0 : i32, [
// CHECK-NEXT:     default: ^bb1(%arg1 : i32),
// CHECK-NEXT:     2: ^bb2,
// CHECK-NEXT:     3: ^bb1(%arg2 : i32)
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:   "test.use"(%0) : (i32) -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   "test.x"() : () -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @switch_drop_default_cases(%f: i32, %a: i32, %b: i32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    1: ^bb1(%a : i32),
    2: ^bb2,
    3: ^bb1(%b : i32),
    4: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return
^bb2:
  "test.x"() : () -> ()
  return
}

// A switch on a constant takes the matching case, or the default.
// CHECK-LABEL: func.func @switch_const(
// CHECK-SAME: %arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:   "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:   "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:   return %arg1, %arg1 : i32, i32
// CHECK-NEXT: }
func.func @switch_const(%a: i32, %b: i32) -> (i32, i32) {
  %c2 = arith.constant 2 : i8
  %c9 = arith.constant -1 : i8
  cf.switch %c2 : i8, [
    default: ^bb1(%a : i32),
    2: ^bb1(%b : i32)
  ]
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  cf.switch %c9 : i8, [
    default: ^bb2(%a : i32),
    255: ^bb2(%b : i32),
    3: ^bb3
  ]
^bb2(%y: i32):
  "test.use"(%y) : (i32) -> ()
  return %x, %y : i32, i32
^bb3:
  return %a, %a : i32, i32
}

// Switch successors that only forward are bypassed, default included.
// CHECK-LABEL: func.func @switch_passthrough(
// CHECK-SAME: %arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:   cf.switch %arg0 : i32, [
// CHECK-NEXT:     default: ^bb2(%arg1 : i32),
// CHECK-NEXT:     5: ^bb2(%arg2 : i32),
// CHECK-NEXT:     7: ^bb1
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "test.x"() : () -> ()
// CHECK-NEXT:   cf.br ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb2(%0: i32):  // 3 preds: ^bb0, ^bb0, ^bb1
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @switch_passthrough(%f: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1,
    5: ^bb2(%b : i32),
    7: ^bb3
  ]
^bb1:
  cf.br ^bb4(%a : i32)
^bb2(%x: i32):
  cf.br ^bb4(%x : i32)
^bb3:
  "test.x"() : () -> ()
  cf.br ^bb4(%a : i32)
^bb4(%r: i32):
  return %r : i32
}

// A switch reached only through a case of a switch on the same flag: the
// flag is known.
// CHECK-LABEL: func.func @switch_same_flag_case(
// CHECK-SAME: %arg0: i32, %arg1: i32) {
// CHECK-NEXT:   cf.switch %arg0 : i32, [
// CHECK-NEXT:     default: ^bb3,
// CHECK-NEXT:     1: ^bb1,
// CHECK-NEXT:     2: ^bb2
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "test.one"() : () -> ()
// CHECK-NEXT:   "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   "test.two"() : () -> ()
// CHECK-NEXT:   "test.five"() : () -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: ^bb3:  // pred: ^bb0
// CHECK-NEXT:   "test.default"() : () -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @switch_same_flag_case(%f: i32, %a: i32) {
  cf.switch %f : i32, [
    default: ^bb3,
    1: ^bb1,
    2: ^bb2
  ]
^bb1:
  "test.one"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb3,
    1: ^bb4(%a : i32),
    2: ^bb5
  ]
^bb2:
  "test.two"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb5,
    1: ^bb4(%a : i32),
    3: ^bb3
  ]
^bb3:
  "test.default"() : () -> ()
  return
^bb4(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return
^bb5:
  "test.five"() : () -> ()
  return
}

// A switch reached only through the default of a switch on the same flag
// loses the cases that switch sends elsewhere.
// CHECK-LABEL: func.func @switch_same_flag_default(
// CHECK-SAME: %arg0: i32) {
// CHECK-NEXT:   cf.switch %arg0 : i32, [
// CHECK-NEXT:     default: ^bb1,
// CHECK-NEXT:     1: ^bb2,
// CHECK-NEXT:     2: ^bb3
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "test.default"() : () -> ()
// CHECK-NEXT:   cf.switch %arg0 : i32, [
// CHECK-NEXT:     default: ^bb3,
// CHECK-NEXT:     3: ^bb4
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   "test.one"() : () -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   "test.three"() : () -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: ^bb4:  // pred: ^bb1
// CHECK-NEXT:   "test.four"() : () -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @switch_same_flag_default(%f: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb3
  ]
^bb1:
  "test.default"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb3,
    1: ^bb4,
    2: ^bb4,
    3: ^bb4
  ]
^bb2:
  "test.one"() : () -> ()
  return
^bb3:
  "test.three"() : () -> ()
  return
^bb4:
  "test.four"() : () -> ()
  return
}

// assert true can never fire.
// CHECK-LABEL: func.func @assert_true(
// CHECK-SAME: %arg0: i1) {
// CHECK-NEXT:   cf.assert %arg0, "kept"
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @assert_true(%c: i1) {
  %true = arith.constant true
  cf.assert %true, "never"
  cf.assert %c, "kept"
  return
}

// Region DCE drops a forwarded case operand with its segment; dropping
// block arguments alone does not start another iteration (as in MLIR, the
// now identical cases stay).
// TD-LABEL: func.func @switch_dead_case_operand(
// TD-SAME: %arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1) {
// TD-NEXT:   cf.switch %arg0 : i32, [
// TD-NEXT:     default: ^bb1,
// TD-NEXT:     4: ^bb1,
// TD-NEXT:     5: ^bb2
// TD-NEXT:   ]
// TD-NEXT: ^bb1:  // 3 preds: ^bb0, ^bb0, ^bb1
// TD-NEXT:   cf.br ^bb1
// TD-NEXT: ^bb2:  // pred: ^bb0
// TD-NEXT:   "test.x"() : () -> ()
// TD-NEXT:   return
// TD-NEXT: }
// BU-LABEL: func.func @switch_dead_case_operand(
// BU-SAME: %arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1) {
// BU-NEXT:   cf.switch %arg0 : i32, [
// BU-NEXT:     default: ^bb1,
// BU-NEXT:     5: ^bb2
// BU-NEXT:   ]
// BU-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// BU-NEXT:   cf.br ^bb1
// BU-NEXT: ^bb2:  // pred: ^bb0
// BU-NEXT:   "test.x"() : () -> ()
// BU-NEXT:   return
// BU-NEXT: }
func.func @switch_dead_case_operand(%f: i32, %a: i32, %b: i32, %c: i1) {
  cf.switch %f : i32, [
    default: ^bb1(%a, %c : i32, i1),
    4: ^bb1(%b, %c : i32, i1),
    5: ^bb2(%b : i32)
  ]
^bb1(%x: i32, %y: i1):
  cf.br ^bb1(%x, %y : i32, i1)
^bb2(%z: i32):
  "test.x"() : () -> ()
  return
}
