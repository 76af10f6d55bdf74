// The analyses on a device.kernel body (values as printed: %0 is the
// thread id, %2 the loop's block argument, %3 the incremented value).
// Checked by hand.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-loops,test-print-control-dependence,test-print-liveness,test-print-sese)' -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: loops of 'device.kernel' @k region #0:
// CHECK-NEXT:   loop ^bb2 depth=1 blocks=[^bb2] latches=[^bb2] exiting=[^bb2] exits=[^bb3] exit-edges=[^bb2->^bb3] preheader=^bb1
// CHECK-NEXT:   reducible
// CHECK-LABEL: control dependence of 'device.kernel' @k region #0:
// CHECK-NEXT:   ^bb0: deps=[start] iterated=[start] controls=[^bb1, ^bb2]
// CHECK-NEXT:   ^bb1: deps=[^bb0#0->^bb1] iterated=[start, ^bb0#0->^bb1] controls=[]
// CHECK-NEXT:   ^bb2: deps=[^bb0#0->^bb1, ^bb2#0->^bb2] iterated=[start, ^bb0#0->^bb1, ^bb2#0->^bb2] controls=[^bb2]
// CHECK-NEXT:   ^bb3: deps=[start] iterated=[start] controls=[]
// CHECK-LABEL: liveness of 'device.kernel' @k region #0:
// CHECK-NEXT:   ^bb0: in=[] out=[%0, %arg0]
// CHECK-NEXT:   ^bb1: in=[%0, %arg0] out=[%0, %arg0]
// CHECK-NEXT:   ^bb2: in=[%arg0] out=[%3, %arg0]
// CHECK-NEXT:   ^bb3: in=[] out=[]
// CHECK-LABEL: sese regions of 'device.kernel' @k region #0:
// CHECK-NEXT:   region start -> ^bb3->end blocks=[^bb0, ^bb1, ^bb2, ^bb3]
// CHECK-NEXT:     region ^bb0#0->^bb1 -> ^bb1#0->^bb2 blocks=[^bb1]
// CHECK-NEXT:     region ^bb1#0->^bb2 -> ^bb2#1->^bb3 blocks=[^bb2]

// A device kernel: an ordinary region with cf branches and device.return.
device.module @kernels {
  device.kernel @k(%n: i32) {
    %t = device.thread_id x : i32
    %c = arith.cmpi slt, %t, %n : i32
    cf.cond_br %c, ^bb1, ^bb3
  ^bb1:
    cf.br ^bb2(%t : i32)
  ^bb2(%i: i32):
    %one = arith.constant 1 : i32
    %next = arith.addi %i, %one : i32
    %d = arith.cmpi slt, %next, %n : i32
    cf.cond_br %d, ^bb2(%next : i32), ^bb3
  ^bb3:
    device.return
  }
}
