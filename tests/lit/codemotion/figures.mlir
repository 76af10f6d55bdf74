// lcm on graphs in the spirit of the thesis's Figs. 3.1 and 3.2 (rebuilt
// from its prose; the figures themselves are pictures, so the node numbers
// do not match). Fig. 3.1: a+b is computed on every path
// from the entry, so the earliest (Morel-Renvoise) placement is the entry;
// LCM places it as late as possible: the occurrence in ^bb1 stays, new
// computations go to the ends of ^bb3 and ^bb4, and the join's occurrence
// becomes a block argument. Fig. 3.2: hoisting out of the loop body or
// out of ^bb4 would add a computation to some path, so lcm changes nothing.
// RUN: lockstep-opt %s -p 'builtin.module(device.module(device.kernel(lcm)))' | FileCheck %s

device.module @m {
  // Thesis Fig. 3.1-style: a+b is needed on every path from the entry, so
  // the earliest placement is the entry; LCM places it as late as
  // possible: kept in ^bb1, new in ^bb3 and ^bb4, and the join's
  // occurrence becomes a block argument.
  device.kernel @fig31(%a: i32, %b: i32, %c0: i1, %c1: i1, %out: !device.ptr<global>) {
    cf.cond_br %c0, ^bb1, ^bb2
  ^bb1:
    %x = arith.addi %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb5
  ^bb2:
    cf.cond_br %c1, ^bb3, ^bb4
  ^bb3:
    device.store %a, %out : i32, !device.ptr<global>
    cf.br ^bb5
  ^bb4:
    cf.br ^bb5
  ^bb5:
    %y = arith.addi %a, %b : i32
    device.store %y, %out : i32, !device.ptr<global>
    device.return
  }
  // Thesis Fig. 3.2-style: hoisting a+b out of the loop body or out of
  // ^bb4 into the entry would be speculative; LCM leaves it alone.
  device.kernel @fig32(%a: i32, %b: i32, %c0: i1, %c1: i1, %out: !device.ptr<global>) {
    cf.br ^bb1
  ^bb1:
    cf.cond_br %c0, ^bb2, ^bb3
  ^bb2:
    %x = arith.addi %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb1
  ^bb3:
    cf.cond_br %c1, ^bb4, ^bb5
  ^bb4:
    %y = arith.addi %a, %b : i32
    device.store %y, %out : i32, !device.ptr<global>
    cf.br ^bb5
  ^bb5:
    device.return
  }
}

// CHECK-LABEL: device.kernel @fig31(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// CHECK-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// CHECK-NEXT: cf.br ^bb5(%0 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// CHECK-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: cf.br ^bb5(%1 : i32)
// CHECK-NEXT: ^bb4:  // pred: ^bb2
// CHECK-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: cf.br ^bb5(%2 : i32)
// CHECK-NEXT: ^bb5(%3: i32):  // 3 preds: ^bb1, ^bb3, ^bb4
// CHECK-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// CHECK-NEXT: device.return
// CHECK-LABEL: device.kernel @fig32(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: cf.cond_br %arg2, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: cf.cond_br %arg3, ^bb4, ^bb5
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// CHECK-NEXT: cf.br ^bb5
// CHECK-NEXT: ^bb5:  // 2 preds: ^bb3, ^bb4
// CHECK-NEXT: device.return
