// canonicalize: folding, constant uniquing/hoisting, dead code, region
// simplification and CFG patterns under the greedy driver. The CHECK lines
// are mlir-opt 22.1.8's output for the same pipeline.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(func.func(canonicalize))' | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(canonicalize{top-down=false})' | FileCheck %s

// Constants fold through a chain of ops; the result is one constant.
// CHECK-LABEL: func.func @fold_chain(
// CHECK-NEXT:   %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT:   return %c9_i32 : i32
// CHECK-NEXT: }
func.func @fold_chain() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}

// Constants move to the entry block's front (each one met before the others
// goes first); an equal one later is replaced by the first.
// CHECK-LABEL: func.func @hoist_and_dedup(
// CHECK-NEXT:   %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:   %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   %1 = arith.muli %0, %c7_i32 : i32
// CHECK-NEXT:   %2 = arith.divsi %1, %c5_i32 : i32
// CHECK-NEXT:   %3 = arith.remsi %2, %c7_i32 : i32
// CHECK-NEXT:   return %1, %2, %3 : i32, i32, i32
// CHECK-NEXT: }
func.func @hoist_and_dedup(%a: i32) -> (i32, i32, i32) {
  %0 = arith.addi %a, %a : i32
  %c7 = arith.constant 7 : i32
  %1 = arith.muli %0, %c7 : i32
  %c5 = arith.constant 5 : i32
  %c7_0 = arith.constant 7 : i32
  %2 = arith.divsi %1, %c5 : i32
  %3 = arith.remsi %2, %c7_0 : i32
  return %1, %2, %3 : i32, i32, i32
}

// Constants in nested regions are hoisted to the function's entry block.
// CHECK-LABEL: func.func @nested_constants(
// CHECK-NEXT:   %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:   %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:   %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     %1 = arith.divsi %arg1, %c3_i32 : i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %1 = arith.divsi %arg1, %c4_i32 : i32
// CHECK-NEXT:     %2 = arith.divsi %1, %c3_i32 : i32
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @nested_constants(%c: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    %c3 = arith.constant 3 : i32
    %1 = arith.divsi %a, %c3 : i32
    scf.yield %1 : i32
  } else {
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %2 = arith.divsi %a, %c4 : i32
    %3 = arith.divsi %2, %c3 : i32
    scf.yield %3 : i32
  }
  return %0 : i32
}

// Unused ops without memory effects go; x + 0 folds to x.
// CHECK-LABEL: func.func @dead_code(
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func @dead_code(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  %c0 = arith.constant 0 : i32
  %2 = arith.addi %a, %c0 : i32
  return %2 : i32
}

// A call may have side effects: it stays even if unused.
// CHECK-LABEL: func.func private @effect(
func.func private @effect(i32)

// CHECK-LABEL: func.func @effects_stay(
// CHECK-NEXT:   call @effect(%arg0) : (i32) -> ()
// CHECK-NEXT:   "test.effect"(%arg0) : (i32) -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @effects_stay(%a: i32) {
  call @effect(%a) : (i32) -> ()
  %0 = arith.divsi %a, %a : i32
  "test.effect"(%a) : (i32) -> ()
  return
}

// x + 0.0 is not x for x = -0.0: no unsafe float folding.
// CHECK-LABEL: func.func @no_float_reassoc(
// CHECK-NEXT:   %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %0 = arith.addf %arg0, %cst : f32
// CHECK-NEXT:   %1 = arith.mulf %arg0, %arg0 : f32
// CHECK-NEXT:   return %0, %1 : f32, f32
// CHECK-NEXT: }
func.func @no_float_reassoc(%x: f32) -> (f32, f32) {
  %c0 = arith.constant 0.0 : f32
  %0 = arith.addf %x, %c0 : f32
  %1 = arith.mulf %x, %x : f32
  return %0, %1 : f32, f32
}

// Unreachable blocks are erased (their code may be self-referential).
// CHECK-LABEL: func.func @unreachable(
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func @unreachable(%a: i32) -> i32 {
  return %a : i32
^bb1:
  %0 = arith.addi %0, %0 : i32
  cf.br ^bb2(%0 : i32)
^bb2(%1: i32):
  return %1 : i32
}

// Region simplification drops block arguments nothing live uses, with the
// operands forwarded to them.
// CHECK-LABEL: func.func @dead_block_args(
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   "test.use"(%0) : (i32) -> ()
// CHECK-NEXT:   cf.br ^bb1(%0 : i32)
// CHECK-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @dead_block_args(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb2(%b, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  "test.use"(%x) : (i32) -> ()
  cf.br ^bb1(%x, %y : i32, i32)
^bb2(%z: i32, %w: i32):
  return %z : i32
}

// A block with a single predecessor merges into it; forwarding blocks are
// bypassed.
// CHECK-LABEL: func.func @merge_chain(
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @merge_chain(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %y = arith.addi %x, %x : i32
  cf.br ^bb2
^bb2:
  cf.br ^bb3(%y : i32)
^bb3(%z: i32):
  return %z : i32
}

// CHECK-LABEL: func.func @loop_forwarding(
// CHECK-NEXT:   cf.br ^bb1(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   %1 = "test.step"(%0) : (i32) -> i32
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1(%1 : i32), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @loop_forwarding(%c: i1, %a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %y = "test.step"(%x) : (i32) -> i32
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  cf.br ^bb1(%y : i32)
^bb3:
  return %y : i32
}

// A branch on a constant takes its edge; the dead side disappears.
// CHECK-LABEL: func.func @const_cond(
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func @const_cond(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  cf.cond_br %true, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  return %r : i32
}

// scf.if on a constant is replaced by the taken region.
// CHECK-LABEL: func.func @scf_if_const(
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @scf_if_const(%a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  %0 = scf.if %t -> (i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  return %0 : i32
}
