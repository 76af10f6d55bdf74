// A loop whose only entry is a branch on a constant becomes unreachable in
// the middle of a canonicalize iteration. Its header then has one
// predecessor left, its latch, and merges into it: the header's block
// argument is replaced by the latch's value, and the addi chain becomes a
// use-def cycle (`%a = addi %b, 1`, `%b = addi %a, 2`), which MLIR allows
// in unreachable code. Reassociating `%d = addi %a, 5` against the cycle
// (AddIAddConstant) used to go on forever, growing the IR (mlir-opt 22
// still does). The greedy driver now leaves unreachable code alone and
// erases it; test-convergence fails the pass if it does not converge.
// RUN: lockstep-opt %s --canonicalize=test-convergence=true 2>&1 | FileCheck %s --implicit-check-not=warning
// RUN: lockstep-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence=true top-down=false}))' 2>&1 | FileCheck %s --implicit-check-not=warning

func.func private @sink(i32)

// The cycle through the header's block argument and a cf.cond_br latch
// edge: two addi ops.
// CHECK-LABEL: func.func @two_op_cycle(
// CHECK-NEXT:    return %arg0 : i32
// CHECK-NEXT:  }
func.func @two_op_cycle(%x: i32, %c: i1) -> i32 {
  %false = arith.constant false
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  cf.cond_br %false, ^bb1(%x : i32), ^bb3
^bb1(%p: i32):
  %a = arith.addi %p, %c1 : i32
  %d = arith.addi %a, %c5 : i32
  func.call @sink(%d) : (i32) -> ()
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  %b = arith.addi %a, %c2 : i32
  cf.br ^bb1(%b : i32)
^bb3:
  return %x : i32
}

// Three addi ops across three blocks joined by cf.br: the cycle forms once
// the body's blocks have merged too.
// CHECK-LABEL: func.func @three_op_cycle(
// CHECK-NEXT:    return %arg0 : i32
// CHECK-NEXT:  }
func.func @three_op_cycle(%x: i32, %c: i1) -> i32 {
  %false = arith.constant false
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  cf.cond_br %false, ^bb1(%x : i32), ^bb4
^bb1(%p: i32):
  %a = arith.addi %p, %c1 : i32
  cf.cond_br %c, ^bb2, ^bb4
^bb2:
  %b = arith.addi %a, %c2 : i32
  cf.br ^bb3
^bb3:
  %e = arith.addi %b, %c3 : i32
  %d = arith.addi %e, %c7 : i32
  func.call @sink(%d) : (i32) -> ()
  cf.br ^bb1(%e : i32)
^bb4:
  return %x : i32
}

// The same loop behind a live branch keeps its shape: only unreachable
// code is left alone.
// CHECK-LABEL: func.func @live_loop(
// CHECK:         cf.cond_br %arg1, ^bb1(%arg0 : i32), ^bb3
// CHECK-NEXT:  ^bb1(%[[P:.*]]: i32):
// CHECK-NEXT:    %[[D:.*]] = arith.addi %[[P]], %c6_i32 : i32
// CHECK-NEXT:    call @sink(%[[D]])
// CHECK-NEXT:    cf.cond_br %arg1, ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[B:.*]] = arith.addi %[[P]], %c3_i32 : i32
// CHECK-NEXT:    cf.br ^bb1(%[[B]] : i32)
func.func @live_loop(%x: i32, %c: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  cf.cond_br %c, ^bb1(%x : i32), ^bb3
^bb1(%p: i32):
  %a = arith.addi %p, %c1 : i32
  %d = arith.addi %a, %c5 : i32
  func.call @sink(%d) : (i32) -> ()
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  %b = arith.addi %a, %c2 : i32
  cf.br ^bb1(%b : i32)
^bb3:
  return %x : i32
}
