// scm against lcm. @fig44 is the shape of the thesis's Fig. 4.4 after LCM
// (node numbers are block numbers plus one): a+b in ^bb2 and in both
// successors of ^bb5. LCM has nothing to remove (no path computes it
// twice); SCM inserts it once at the exit of ^bb5 (node 6) and removes the
// two below, keeping ^bb2's: three computations become two. It does not
// go up to the entry (node 1), whose exit is not down-safe: the path
// ^bb0 -> ^bb1 -> ^bb3 -> ^bb4 -> ^bb9 never computes it. @hoist: every
// path computes a*b once, so SCM keeps one computation at the end of the
// entry block.
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(scm)))' | FileCheck %s --check-prefix=SCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(lcm)))' | FileCheck %s --check-prefix=LCM

device.module @m {
  device.kernel @fig44(%a: i32, %b: i32, %c0: i1, %c1: i1, %c2: i1, %out: !device.ptr<global>) {
    cf.cond_br %c0, ^bb1, ^bb2
  ^bb1:
    cf.cond_br %c1, ^bb3, ^bb5
  ^bb2:
    %x = arith.addi %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb9
  ^bb3:
    cf.br ^bb4
  ^bb4:
    cf.br ^bb9
  ^bb5:
    cf.cond_br %c2, ^bb6, ^bb7
  ^bb6:
    %y = arith.addi %a, %b : i32
    device.store %y, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb7:
    %z = arith.addi %a, %b : i32
    device.store %z, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb8:
    cf.br ^bb9
  ^bb9:
    device.return
  }
  device.kernel @hoist(%a: i32, %b: i32, %c0: i1, %c1: i1, %out: !device.ptr<global>) {
    cf.cond_br %c0, ^bb1, ^bb2
  ^bb1:
    %x = arith.muli %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb5
  ^bb2:
    device.store %a, %out : i32, !device.ptr<global>
    cf.cond_br %c1, ^bb3, ^bb4
  ^bb3:
    %y = arith.muli %a, %b : i32
    device.store %y, %out : i32, !device.ptr<global>
    cf.br ^bb5
  ^bb4:
    %z = arith.muli %a, %b : i32
    device.store %z, %out : i32, !device.ptr<global>
    cf.br ^bb5
  ^bb5:
    device.return
  }
}

// SCM-LABEL: device.kernel @fig44(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// SCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb5
// SCM-NEXT: ^bb2:  // pred: ^bb0
// SCM-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SCM-NEXT: device.store %0, %arg5 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb9
// SCM-NEXT: ^bb3:  // pred: ^bb1
// SCM-NEXT: cf.br ^bb4
// SCM-NEXT: ^bb4:  // pred: ^bb3
// SCM-NEXT: cf.br ^bb9
// SCM-NEXT: ^bb5:  // pred: ^bb1
// SCM-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SCM-NEXT: cf.cond_br %arg4, ^bb6, ^bb7
// SCM-NEXT: ^bb6:  // pred: ^bb5
// SCM-NEXT: device.store %1, %arg5 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb8
// SCM-NEXT: ^bb7:  // pred: ^bb5
// SCM-NEXT: device.store %1, %arg5 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb8
// SCM-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SCM-NEXT: cf.br ^bb9
// SCM-NEXT: ^bb9:  // 3 preds: ^bb2, ^bb4, ^bb8
// SCM-NEXT: device.return
// SCM-LABEL: device.kernel @hoist(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SCM-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// SCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb5
// SCM-NEXT: ^bb2:  // pred: ^bb0
// SCM-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SCM-NEXT: ^bb3:  // pred: ^bb2
// SCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb5
// SCM-NEXT: ^bb4:  // pred: ^bb2
// SCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb5
// SCM-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SCM-NEXT: device.return

// LCM-LABEL: device.kernel @fig44(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// LCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// LCM-NEXT: ^bb1:  // pred: ^bb0
// LCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb5
// LCM-NEXT: ^bb2:  // pred: ^bb0
// LCM-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %0, %arg5 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb9
// LCM-NEXT: ^bb3:  // pred: ^bb1
// LCM-NEXT: cf.br ^bb4
// LCM-NEXT: ^bb4:  // pred: ^bb3
// LCM-NEXT: cf.br ^bb9
// LCM-NEXT: ^bb5:  // pred: ^bb1
// LCM-NEXT: cf.cond_br %arg4, ^bb6, ^bb7
// LCM-NEXT: ^bb6:  // pred: ^bb5
// LCM-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %1, %arg5 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb8
// LCM-NEXT: ^bb7:  // pred: ^bb5
// LCM-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb8
// LCM-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// LCM-NEXT: cf.br ^bb9
// LCM-NEXT: ^bb9:  // 3 preds: ^bb2, ^bb4, ^bb8
// LCM-NEXT: device.return
// LCM-LABEL: device.kernel @hoist(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// LCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// LCM-NEXT: ^bb1:  // pred: ^bb0
// LCM-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// LCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb5
// LCM-NEXT: ^bb2:  // pred: ^bb0
// LCM-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// LCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// LCM-NEXT: ^bb3:  // pred: ^bb2
// LCM-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// LCM-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb5
// LCM-NEXT: ^bb4:  // pred: ^bb2
// LCM-NEXT: %2 = arith.muli %arg0, %arg1 : i32
// LCM-NEXT: device.store %2, %arg4 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb5
// LCM-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// LCM-NEXT: device.return
