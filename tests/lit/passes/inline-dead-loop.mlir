// The path by which `lockstepc -O1` hung on generated programs: the
// callee's own canonicalization sends its guard straight to the loop
// header (no forwarding block left), and once the call is inlined with a
// constant that fails the guard, the inliner's canonicalize folds the guard
// in the middle of an iteration. The loop's header merges into its latch
// and `%j = addi %i, 5` is reassociated against the resulting cycle
// `%next = addi %next, 1` forever (mlir-opt 22 still hangs on this file).
// The greedy driver leaves the unreachable loop alone and erases it.
// RUN: lockstep-opt %s --inline 2>&1 | FileCheck %s --implicit-check-not=warning

// CHECK-LABEL: module {
// CHECK-NEXT:    func.func private @sink(i32)
// CHECK-NEXT:    func.func @caller() {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func private @sink(i32)

func.func private @fill(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %c100 = arith.constant 100 : i32
  %pos = arith.cmpi sgt, %n, %c0 : i32
  cf.cond_br %pos, ^bb1(%c0 : i32), ^bb3
^bb1(%i: i32):
  %lt = arith.cmpi slt, %i, %c100 : i32
  cf.cond_br %lt, ^bb2, ^bb3
^bb2:
  %j = arith.addi %i, %c5 : i32
  func.call @sink(%j) : (i32) -> ()
  %next = arith.addi %i, %c1 : i32
  cf.br ^bb1(%next : i32)
^bb3:
  return
}

func.func @caller() {
  %c0 = arith.constant 0 : i32
  func.call @fill(%c0) : (i32) -> ()
  return
}
