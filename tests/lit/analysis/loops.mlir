// Natural loops, the loop nest and irreducible cycles.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(test-print-loops)' -o /dev/null 2>&1 | FileCheck %s

// Two nested loops; the inner one has two latches, and both loops have
// several exits.
// CHECK-LABEL: loops of 'func.func' @nested region #0:
// CHECK-NEXT:   loop ^bb1 depth=1 blocks=[^bb1, ^bb2, ^bb3, ^bb4, ^bb5] latches=[^bb5] exiting=[^bb3, ^bb5] exits=[^bb6] exit-edges=[^bb3->^bb6, ^bb5->^bb6] preheader=^bb0
// CHECK-NEXT:     loop ^bb2 depth=2 blocks=[^bb2, ^bb3, ^bb4] latches=[^bb3, ^bb4] exiting=[^bb3, ^bb4] exits=[^bb5, ^bb6] exit-edges=[^bb3->^bb6, ^bb4->^bb5] preheader=^bb1
// CHECK-NEXT:   reducible
func.func @nested(%c: i1) {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.cond_br %c, ^bb3, ^bb4
^bb3:
  cf.cond_br %c, ^bb2, ^bb6
^bb4:
  cf.cond_br %c, ^bb2, ^bb5
^bb5:
  cf.cond_br %c, ^bb1, ^bb6
^bb6:
  return
}

// A loop whose body returns early from two places, and a sibling loop
// after it. Both edges of the entry go to the first header: the entry is
// still its preheader.
// CHECK-LABEL: loops of 'func.func' @multi_exit region #0:
// CHECK-NEXT:   loop ^bb1 depth=1 blocks=[^bb1, ^bb2, ^bb3] latches=[^bb3] exiting=[^bb1, ^bb2, ^bb3] exits=[^bb4, ^bb5, ^bb6] exit-edges=[^bb1->^bb4, ^bb2->^bb5, ^bb3->^bb6] preheader=^bb0
// CHECK-NEXT:   loop ^bb6 depth=1 blocks=[^bb6] latches=[^bb6] exiting=[^bb6] exits=[^bb7] exit-edges=[^bb6->^bb7] preheader=none
// CHECK-NEXT:   reducible
func.func @multi_exit(%c: i1, %d: i1) {
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  cf.cond_br %c, ^bb2, ^bb4
^bb2:
  cf.cond_br %d, ^bb3, ^bb5
^bb3:
  cf.cond_br %c, ^bb1, ^bb6
^bb4:
  return
^bb5:
  return
^bb6:
  cf.cond_br %d, ^bb6, ^bb7
^bb7:
  return
}

// Infinite loops: no exits; a self loop is its own latch.
// CHECK-LABEL: loops of 'func.func' @infinite region #0:
// CHECK-NEXT:   loop ^bb1 depth=1 blocks=[^bb1, ^bb2] latches=[^bb2] exiting=[] exits=[] exit-edges=[] preheader=none
// CHECK-NEXT:   loop ^bb3 depth=1 blocks=[^bb3] latches=[^bb3] exiting=[] exits=[] exit-edges=[] preheader=none
// CHECK-NEXT:   reducible
func.func @infinite(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
^bb3:
  cf.br ^bb3
}

// Irreducible: the cycle ^bb1 <-> ^bb2 is entered at both blocks, so it is
// reported and is not a loop. The enclosing natural loop at ^bb4 contains
// another irreducible cycle.
// CHECK-LABEL: loops of 'func.func' @irreducible region #0:
// CHECK-NEXT:   loop ^bb4 depth=1 blocks=[^bb4, ^bb5, ^bb6, ^bb7] latches=[^bb7] exiting=[^bb7] exits=[^bb8] exit-edges=[^bb7->^bb8] preheader=^bb3
// CHECK-NEXT:   irreducible cycle [^bb1, ^bb2]
// CHECK-NEXT:   irreducible cycle [^bb5, ^bb6]
func.func @irreducible(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  cf.br ^bb1
^bb3:
  cf.br ^bb4
^bb4:
  cf.cond_br %c, ^bb5, ^bb6
^bb5:
  cf.cond_br %c, ^bb6, ^bb7
^bb6:
  cf.cond_br %c, ^bb5, ^bb7
^bb7:
  cf.cond_br %c, ^bb4, ^bb8
^bb8:
  return
}

// No loops: a diamond and a switch.
// CHECK-LABEL: loops of 'func.func' @switch region #0:
// CHECK-NEXT:   no loops
// CHECK-NEXT:   reducible
func.func @switch(%x: i32) {
  cf.switch %x : i32, [
    default: ^bb3,
    0: ^bb1,
    1: ^bb2
  ]
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  return
}

// A loop in a region nested in a loop body is its own nest.
// CHECK-LABEL: loops of 'func.func' @nested_region region #0:
// CHECK-NEXT:   loop ^bb1 depth=1 blocks=[^bb1] latches=[^bb1] exiting=[^bb1] exits=[^bb2] exit-edges=[^bb1->^bb2] preheader=^bb0
// CHECK-NEXT:   reducible
// CHECK-NEXT: loops of 'test.region' region #0:
// CHECK-NEXT:   loop ^bb1 depth=1 blocks=[^bb1, ^bb2] latches=[^bb2] exiting=[^bb2] exits=[^bb3] exit-edges=[^bb2->^bb3] preheader=^bb0
// CHECK-NEXT:   reducible
// CHECK-NOT: loops of
func.func @nested_region(%c: i1) {
  cf.br ^bb1
^bb1:
  "test.region"() ({
    cf.br ^bb1
  ^bb1:
    cf.br ^bb2
  ^bb2:
    cf.cond_br %c, ^bb1, ^bb3
  ^bb3:
    "test.done"() : () -> ()
  }) : () -> ()
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}

// A function without control flow is not reported.
func.func @straight() {
  return
}
