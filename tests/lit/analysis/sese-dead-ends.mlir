// SESE regions around infinite loops, unreachable blocks and ops with
// regions (each region's CFG separately). A block that cannot reach an
// exit is in the regions of its immediate dominator: an endless loop
// entered from two sibling arms belongs to their parent only. Edges in or
// into endless loops bound nothing. Checked by hand.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(test-print-sese)' -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: sese regions of 'func.func' @endless_from_both_arms region #0:
// CHECK-NEXT:   region start -> ^bb4->end blocks=[^bb0, ^bb1, ^bb2, ^bb3, ^bb4]
// CHECK-NEXT:     region ^bb0#0->^bb1 -> ^bb1#0->^bb4 blocks=[^bb1]
// CHECK-NEXT:     region ^bb0#1->^bb2 -> ^bb2#0->^bb4 blocks=[^bb2]
// CHECK-NOT: blocks=
func.func @endless_from_both_arms(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.cond_br %c, ^bb4, ^bb3
^bb2:
  cf.cond_br %c, ^bb4, ^bb3
^bb3:
  cf.br ^bb3
^bb4:
  return
}

// CHECK-LABEL: sese regions of 'func.func' @endless_from_one_arm region #0:
// CHECK-NEXT:   region start -> ^bb5->end blocks=[^bb0, ^bb1, ^bb2, ^bb3, ^bb4, ^bb5]
// CHECK-NEXT:     region ^bb0#0->^bb1 -> ^bb1#0->^bb5 blocks=[^bb1, ^bb3, ^bb4]
// CHECK-NEXT:     region ^bb0#1->^bb2 -> ^bb2#0->^bb5 blocks=[^bb2]
// CHECK-NOT: blocks=
func.func @endless_from_one_arm(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.cond_br %c, ^bb5, ^bb3
^bb2:
  cf.br ^bb5
^bb3:
  cf.br ^bb4
^bb4:
  cf.br ^bb3
^bb5:
  return
}

// The op's region is a chain around a self-loop; it does not nest in the
// function's regions.
// CHECK-LABEL: sese regions of 'func.func' @nested_op region #0:
// CHECK-NEXT:   region start -> ^bb3->end blocks=[^bb0, ^bb1, ^bb2, ^bb3]
// CHECK-NEXT:     region ^bb0#0->^bb1 -> ^bb1#0->^bb3 blocks=[^bb1]
// CHECK-NEXT:     region ^bb0#1->^bb2 -> ^bb2#0->^bb3 blocks=[^bb2]
// CHECK-NEXT: sese regions of 'test.op' region #0:
// CHECK-NEXT:   region start -> ^bb0#0->^bb1 blocks=[^bb0]
// CHECK-NEXT:   region ^bb0#0->^bb1 -> ^bb1#1->^bb2 blocks=[^bb1]
// CHECK-NEXT:   region ^bb1#1->^bb2 -> ^bb2->end blocks=[^bb2]
func.func @nested_op(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.op"() ({
    "test.br"() [^bb1] : () -> ()
  ^bb1:
    "test.br"() [^bb1, ^bb2] : () -> ()
  ^bb2:
    "test.end"() : () -> ()
  }) : () -> ()
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  return
}

// ^bb1 is unreachable: in no region, and its edge bounds nothing.
// CHECK-LABEL: sese regions of 'func.func' @unreachable region #0:
// CHECK-NEXT:   region start -> ^bb0#0->^bb2 blocks=[^bb0]
// CHECK-NEXT:   region ^bb0#0->^bb2 -> ^bb2->end blocks=[^bb2]
// CHECK-NOT: blocks=
func.func @unreachable(%c: i1) {
  cf.br ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  return
}
