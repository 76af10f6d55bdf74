// Canonical SESE regions and the program structure tree (children
// indented under their parent). Boundaries are edges: 'start' is the edge
// from START into the entry, '^bbX#k->^bbY' a CFG edge (slot k), '^bbX->end'
// the edge from an exiting block to END. Checked by hand.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-sese)' -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: sese regions of 'func.func' @thesis_fig_4_1 region #0:
// CHECK-NEXT:   region start -> ^bb6->end blocks=[^bb0, ^bb1, ^bb2, ^bb3, ^bb4, ^bb5, ^bb6]
// CHECK-NEXT:     region ^bb0#0->^bb1 -> ^bb4#0->^bb6 blocks=[^bb1, ^bb2, ^bb3, ^bb4]
// CHECK-NEXT:       region ^bb1#0->^bb2 -> ^bb2#0->^bb4 blocks=[^bb2]
// CHECK-NEXT:       region ^bb1#1->^bb3 -> ^bb3#0->^bb4 blocks=[^bb3]
// CHECK-NEXT:     region ^bb0#1->^bb5 -> ^bb5#0->^bb6 blocks=[^bb5]
// CHECK-LABEL: sese regions of 'func.func' @loop region #0:
// CHECK-NEXT:   region start -> ^bb0#0->^bb1 blocks=[^bb0]
// CHECK-NEXT:   region ^bb0#0->^bb1 -> ^bb1#1->^bb3 blocks=[^bb1, ^bb2]
// CHECK-NEXT:     region ^bb1#0->^bb2 -> ^bb2#0->^bb1 blocks=[^bb2]
// CHECK-NEXT:   region ^bb1#1->^bb3 -> ^bb3->end blocks=[^bb3]
// CHECK-LABEL: sese regions of 'func.func' @early_return region #0:
// CHECK-NEXT:   region start -> ^bb0#0->^bb1 blocks=[^bb0]
// CHECK-NEXT:   region ^bb2#0->^bb3 -> ^bb3->end blocks=[^bb3]
// CHECK-NEXT:   region ^bb1#1->^bb4 -> ^bb4->end blocks=[^bb4]
// CHECK-LABEL: sese regions of 'func.func' @chain region #0:
// CHECK-NEXT:   region ^bb0#0->^bb1 -> ^bb1#0->^bb5 blocks=[^bb1]
// CHECK-NEXT:   region ^bb2#0->^bb3 -> ^bb3#0->^bb5 blocks=[^bb3]
// CHECK-LABEL: sese regions of 'func.func' @two_diamonds region #0:
// CHECK-NEXT:   region start -> ^bb6->end blocks=[^bb0, ^bb1, ^bb2, ^bb3, ^bb4, ^bb5, ^bb6]
// CHECK-NEXT:     region ^bb0#0->^bb1 -> ^bb1#0->^bb3 blocks=[^bb1]
// CHECK-NEXT:     region ^bb0#1->^bb2 -> ^bb2#0->^bb3 blocks=[^bb2]
// CHECK-NEXT:     region ^bb3#0->^bb4 -> ^bb4#0->^bb6 blocks=[^bb4]
// CHECK-NEXT:     region ^bb3#1->^bb5 -> ^bb5#0->^bb6 blocks=[^bb5]
// CHECK-LABEL: sese regions of 'func.func' @nested region #0:
// CHECK-NEXT:   region start -> ^bb0#0->^bb1 blocks=[^bb0]
// CHECK-NEXT:   region ^bb0#0->^bb1 -> ^bb6->end blocks=[^bb1, ^bb2, ^bb3, ^bb4, ^bb5, ^bb6]
// CHECK-LABEL: sese regions of 'func.func' @irreducible region #0:
// CHECK-NEXT:   region start -> ^bb1#1->^bb3 blocks=[^bb0, ^bb1, ^bb2]
// CHECK-NEXT:   region ^bb1#1->^bb3 -> ^bb3#0->^bb4 blocks=[^bb3]
// CHECK-NEXT:   region ^bb3#0->^bb4 -> ^bb7#1->^bb8 blocks=[^bb4, ^bb5, ^bb6, ^bb7]
// CHECK-NEXT:   region ^bb7#1->^bb8 -> ^bb8->end blocks=[^bb8]
// CHECK-LABEL: sese regions of 'func.func' @no_exit region #0:

// CFG of the thesis's Figure 4.1a: node 1 branches to 2 and 6, node 2 to
// 3 and 4, which join at 5; 5 and 6 join at 7 (nodes k -> ^bb(k-1)).
func.func @thesis_fig_4_1(%p: i1, %q: i1) {
  cf.cond_br %p, ^bb1, ^bb5
^bb1:
  cf.cond_br %q, ^bb2, ^bb3
^bb2:
  cf.br ^bb4
^bb3:
  cf.br ^bb4
^bb4:
  cf.br ^bb6
^bb5:
  cf.br ^bb6
^bb6:
  return
}

// A while loop.
func.func @loop(%c: i1) {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  cf.br ^bb1
^bb3:
  return
}

// An early return inside a loop: several exits.
func.func @early_return(%c: i1, %d: i1) {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb2, ^bb4
^bb2:
  cf.cond_br %d, ^bb3, ^bb1
^bb3:
  return
^bb4:
  return
}

// A switch-like chain of two-way branches, and a real switch.
func.func @chain(%a: i1, %b: i1, %x: i32) {
  cf.cond_br %a, ^bb1, ^bb2
^bb1:
  cf.br ^bb5
^bb2:
  cf.cond_br %b, ^bb3, ^bb4
^bb3:
  cf.br ^bb5
^bb4:
  cf.switch %x : i32, [
    default: ^bb5,
    0: ^bb6,
    1: ^bb6
  ]
^bb5:
  return
^bb6:
  return
}

// Two diamonds sharing ^bb3 (the first join is the second branch): no edge
// separates them, so only the arms and the whole body are regions.
func.func @two_diamonds(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  cf.cond_br %c, ^bb4, ^bb5
^bb4:
  cf.br ^bb6
^bb5:
  cf.br ^bb6
^bb6:
  return
}

// Two nested loops; the inner one has two latches, and both loops have
// several exits.
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

// Irreducible: the cycle ^bb1 <-> ^bb2 is entered at both blocks, so it is
// reported and is not a loop. The enclosing natural loop at ^bb4 contains
// another irreducible cycle.
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

// No block reaches an exit: no edge is post-dominated, so no region.
func.func @no_exit(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
^bb3:
  cf.br ^bb3
}
