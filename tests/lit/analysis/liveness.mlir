// Live-in / live-out values per block, named as the printer names them
// (block arguments of later blocks are numbered: in @diamond %1 is %x and
// %2 is %y). Forwarded successor operands are live-out of the branching
// block only; block arguments are never live-in of their block; uses in
// nested regions count in the enclosing block. Checked by hand.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(test-print-liveness)' -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: liveness of 'func.func' @diamond region #0:
// CHECK-NEXT:   ^bb0: in=[] out=[%0, %arg1]
// CHECK-NEXT:   ^bb1: in=[%0] out=[%0, %1]
// CHECK-NEXT:   ^bb2: in=[%0, %arg1] out=[%0, %arg1]
// CHECK-NEXT:   ^bb3: in=[%0] out=[]
// CHECK-LABEL: liveness of 'func.func' @loop region #0:
// CHECK-NEXT:   ^bb0: in=[] out=[%arg0, %arg1, %c0_i32, %c1_i32]
// CHECK-NEXT:   ^bb1: in=[%arg0, %arg1, %c1_i32] out=[%0, %arg0, %arg1, %c1_i32]
// CHECK-NEXT:   ^bb2: in=[%0, %arg0, %arg1, %c1_i32] out=[%2, %arg0, %arg1, %c1_i32]
// CHECK-NEXT:   ^bb3: in=[%0, %arg1] out=[]
// CHECK-LABEL: liveness of 'func.func' @early_return region #0:
// CHECK-NEXT:   ^bb0: in=[] out=[%arg1, %arg2]
// CHECK-NEXT:   ^bb1: in=[%arg1] out=[]
// CHECK-NEXT:   ^bb2: in=[%arg2] out=[]

// A diamond forwarding values to a join block argument.
func.func @diamond(%c: i1, %a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  cf.cond_br %c, ^bb1(%0 : i32), ^bb2
^bb1(%x: i32):
  cf.br ^bb3(%x : i32)
^bb2:
  cf.br ^bb3(%a : i32)
^bb3(%y: i32):
  %1 = arith.addi %y, %0 : i32
  return %1 : i32
}

// A loop: the induction variable is a block argument, the bound is live
// around the loop, the sum is only live on the exit path.
func.func @loop(%n: i32, %s: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %cmp = arith.cmpi slt, %i, %n : i32
  cf.cond_br %cmp, ^bb2, ^bb3
^bb2:
  %next = arith.addi %i, %c1 : i32
  cf.br ^bb1(%next : i32)
^bb3:
  %r = arith.addi %i, %s : i32
  return %r : i32
}

// Early return, and a use inside a nested region.
func.func @early_return(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  "test.wrap"() ({
    "test.use"(%b) : (i32) -> ()
  }) : () -> ()
  return %b : i32
}
