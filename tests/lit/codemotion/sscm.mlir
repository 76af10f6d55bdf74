// sscm against lcm, scm and spre on the thesis's Fig. 4.6, rebuilt from
// its prose (the figure is a picture; node numbers are block numbers plus
// one). Node 1 branches uniformly (on a kernel parameter) to nodes 2 and
// 6; node 4 (reached through node 2) branches divergently (on the thread
// id) to node 3, which computes a+b, and to node 5 (path 1-2-4-5-10);
// node 6 branches divergently to nodes 7 and 8, which both compute a+b.
// The IR is already what LCM makes of Fig. 4.6a (Fig. 4.6b): lcm leaves it
// alone. scm stops at node 6: it computes a+b once at the exit of ^bb5 and
// keeps node 3's copy (three computations become two), since the path
// 1-2-4-5-10 never computes a+b. sscm takes the union at the divergent
// node 4, which makes the exits of nodes 4 and 2 and then of node 1
// down-safe, and computes a+b once at the end of ^bb0 (node 1), removing
// nodes 3, 7 and 8. spre does the same here.
// @fig46_uniform: the same graph with node 4's branch on a kernel
// parameter (uniform). sscm must not speculate across it and ends exactly
// like scm; spre, blind to divergence, still hoists to node 1 and so adds
// a+b to the path 1-2-4-5-10 of warps that all go that way.
// The SRQP family (srqp, esrqp, ssrqp-s, ssrqp) moves only loads; these
// kernels have none, so all four leave the IR exactly as written (like
// lcm), which their checks pin down, while sscm hoists to node 1.
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(lcm)))' | FileCheck %s --check-prefix=LCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(scm)))' | FileCheck %s --check-prefix=SCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(spre)))' | FileCheck %s --check-prefix=SPRE
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(sscm)))' | FileCheck %s --check-prefix=SSCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(srqp)))' | FileCheck %s --check-prefix=SRQP
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(esrqp)))' | FileCheck %s --check-prefix=ESRQP
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp-s)))' | FileCheck %s --check-prefix=SSRQPS
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp)))' | FileCheck %s --check-prefix=SSRQP

device.module @m {
  device.kernel @fig46(%a: i32, %b: i32, %n: i32, %u: i1, %out: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %d4 = arith.cmpi slt, %t, %n : i32
    %d6 = arith.cmpi sgt, %t, %n : i32
    cf.cond_br %u, ^bb1, ^bb5
  ^bb1:
    cf.br ^bb3
  ^bb2:
    %x = arith.addi %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb3:
    cf.cond_br %d4, ^bb2, ^bb4
  ^bb4:
    cf.br ^bb9
  ^bb5:
    cf.cond_br %d6, ^bb6, ^bb7
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
  device.kernel @fig46_uniform(%a: i32, %b: i32, %n: i32, %u: i1, %u4: i1, %out: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %d6 = arith.cmpi sgt, %t, %n : i32
    cf.cond_br %u, ^bb1, ^bb5
  ^bb1:
    cf.br ^bb3
  ^bb2:
    %x = arith.addi %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb3:
    cf.cond_br %u4, ^bb2, ^bb4
  ^bb4:
    cf.br ^bb9
  ^bb5:
    cf.cond_br %d6, ^bb6, ^bb7
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
}

// LCM-LABEL: device.kernel @fig46(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// LCM-NEXT: %0 = device.thread_id x : i32
// LCM-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// LCM-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// LCM-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// LCM-NEXT: ^bb1:  // pred: ^bb0
// LCM-NEXT: cf.br ^bb3
// LCM-NEXT: ^bb2:  // pred: ^bb3
// LCM-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb4
// LCM-NEXT: ^bb3:  // pred: ^bb1
// LCM-NEXT: cf.cond_br %1, ^bb2, ^bb4
// LCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// LCM-NEXT: cf.br ^bb9
// LCM-NEXT: ^bb5:  // pred: ^bb0
// LCM-NEXT: cf.cond_br %2, ^bb6, ^bb7
// LCM-NEXT: ^bb6:  // pred: ^bb5
// LCM-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb8
// LCM-NEXT: ^bb7:  // pred: ^bb5
// LCM-NEXT: %5 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %5, %arg4 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb8
// LCM-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// LCM-NEXT: cf.br ^bb9
// LCM-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// LCM-NEXT: device.return
// LCM-LABEL: device.kernel @fig46_uniform(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// LCM-NEXT: %0 = device.thread_id x : i32
// LCM-NEXT: %1 = arith.cmpi sgt, %0, %arg2 : i32
// LCM-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// LCM-NEXT: ^bb1:  // pred: ^bb0
// LCM-NEXT: cf.br ^bb3
// LCM-NEXT: ^bb2:  // pred: ^bb3
// LCM-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb4
// LCM-NEXT: ^bb3:  // pred: ^bb1
// LCM-NEXT: cf.cond_br %arg4, ^bb2, ^bb4
// LCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// LCM-NEXT: cf.br ^bb9
// LCM-NEXT: ^bb5:  // pred: ^bb0
// LCM-NEXT: cf.cond_br %1, ^bb6, ^bb7
// LCM-NEXT: ^bb6:  // pred: ^bb5
// LCM-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %3, %arg5 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb8
// LCM-NEXT: ^bb7:  // pred: ^bb5
// LCM-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %4, %arg5 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb8
// LCM-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// LCM-NEXT: cf.br ^bb9
// LCM-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// LCM-NEXT: device.return

// SCM-LABEL: device.kernel @fig46(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SCM-NEXT: %0 = device.thread_id x : i32
// SCM-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SCM-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SCM-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: cf.br ^bb3
// SCM-NEXT: ^bb2:  // pred: ^bb3
// SCM-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SCM-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb4
// SCM-NEXT: ^bb3:  // pred: ^bb1
// SCM-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SCM-NEXT: cf.br ^bb9
// SCM-NEXT: ^bb5:  // pred: ^bb0
// SCM-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// SCM-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SCM-NEXT: ^bb6:  // pred: ^bb5
// SCM-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb8
// SCM-NEXT: ^bb7:  // pred: ^bb5
// SCM-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb8
// SCM-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SCM-NEXT: cf.br ^bb9
// SCM-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SCM-NEXT: device.return
// SCM-LABEL: device.kernel @fig46_uniform(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// SCM-NEXT: %0 = device.thread_id x : i32
// SCM-NEXT: %1 = arith.cmpi sgt, %0, %arg2 : i32
// SCM-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: cf.br ^bb3
// SCM-NEXT: ^bb2:  // pred: ^bb3
// SCM-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// SCM-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb4
// SCM-NEXT: ^bb3:  // pred: ^bb1
// SCM-NEXT: cf.cond_br %arg4, ^bb2, ^bb4
// SCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SCM-NEXT: cf.br ^bb9
// SCM-NEXT: ^bb5:  // pred: ^bb0
// SCM-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SCM-NEXT: cf.cond_br %1, ^bb6, ^bb7
// SCM-NEXT: ^bb6:  // pred: ^bb5
// SCM-NEXT: device.store %3, %arg5 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb8
// SCM-NEXT: ^bb7:  // pred: ^bb5
// SCM-NEXT: device.store %3, %arg5 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb8
// SCM-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SCM-NEXT: cf.br ^bb9
// SCM-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SCM-NEXT: device.return

// SPRE-LABEL: device.kernel @fig46(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SPRE-NEXT: %0 = device.thread_id x : i32
// SPRE-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SPRE-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SPRE-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SPRE-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: cf.br ^bb3
// SPRE-NEXT: ^bb2:  // pred: ^bb3
// SPRE-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb4
// SPRE-NEXT: ^bb3:  // pred: ^bb1
// SPRE-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SPRE-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SPRE-NEXT: cf.br ^bb9
// SPRE-NEXT: ^bb5:  // pred: ^bb0
// SPRE-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SPRE-NEXT: ^bb6:  // pred: ^bb5
// SPRE-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb8
// SPRE-NEXT: ^bb7:  // pred: ^bb5
// SPRE-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb8
// SPRE-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SPRE-NEXT: cf.br ^bb9
// SPRE-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SPRE-NEXT: device.return
// SPRE-LABEL: device.kernel @fig46_uniform(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// SPRE-NEXT: %0 = device.thread_id x : i32
// SPRE-NEXT: %1 = arith.cmpi sgt, %0, %arg2 : i32
// SPRE-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// SPRE-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: cf.br ^bb3
// SPRE-NEXT: ^bb2:  // pred: ^bb3
// SPRE-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb4
// SPRE-NEXT: ^bb3:  // pred: ^bb1
// SPRE-NEXT: cf.cond_br %arg4, ^bb2, ^bb4
// SPRE-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SPRE-NEXT: cf.br ^bb9
// SPRE-NEXT: ^bb5:  // pred: ^bb0
// SPRE-NEXT: cf.cond_br %1, ^bb6, ^bb7
// SPRE-NEXT: ^bb6:  // pred: ^bb5
// SPRE-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb8
// SPRE-NEXT: ^bb7:  // pred: ^bb5
// SPRE-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb8
// SPRE-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SPRE-NEXT: cf.br ^bb9
// SPRE-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SPRE-NEXT: device.return

// SSCM-LABEL: device.kernel @fig46(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SSCM-NEXT: %0 = device.thread_id x : i32
// SSCM-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SSCM-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SSCM-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SSCM-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: cf.br ^bb3
// SSCM-NEXT: ^bb2:  // pred: ^bb3
// SSCM-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb4
// SSCM-NEXT: ^bb3:  // pred: ^bb1
// SSCM-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SSCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SSCM-NEXT: cf.br ^bb9
// SSCM-NEXT: ^bb5:  // pred: ^bb0
// SSCM-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SSCM-NEXT: ^bb6:  // pred: ^bb5
// SSCM-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb8
// SSCM-NEXT: ^bb7:  // pred: ^bb5
// SSCM-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb8
// SSCM-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SSCM-NEXT: cf.br ^bb9
// SSCM-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SSCM-NEXT: device.return
// SSCM-LABEL: device.kernel @fig46_uniform(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// SSCM-NEXT: %0 = device.thread_id x : i32
// SSCM-NEXT: %1 = arith.cmpi sgt, %0, %arg2 : i32
// SSCM-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: cf.br ^bb3
// SSCM-NEXT: ^bb2:  // pred: ^bb3
// SSCM-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// SSCM-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb4
// SSCM-NEXT: ^bb3:  // pred: ^bb1
// SSCM-NEXT: cf.cond_br %arg4, ^bb2, ^bb4
// SSCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SSCM-NEXT: cf.br ^bb9
// SSCM-NEXT: ^bb5:  // pred: ^bb0
// SSCM-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SSCM-NEXT: cf.cond_br %1, ^bb6, ^bb7
// SSCM-NEXT: ^bb6:  // pred: ^bb5
// SSCM-NEXT: device.store %3, %arg5 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb8
// SSCM-NEXT: ^bb7:  // pred: ^bb5
// SSCM-NEXT: device.store %3, %arg5 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb8
// SSCM-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SSCM-NEXT: cf.br ^bb9
// SSCM-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SSCM-NEXT: device.return

// SRQP-LABEL: device.kernel @fig46(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SRQP-NEXT: %0 = device.thread_id x : i32
// SRQP-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SRQP-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SRQP-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SRQP-NEXT: ^bb1:  // pred: ^bb0
// SRQP-NEXT: cf.br ^bb3
// SRQP-NEXT: ^bb2:  // pred: ^bb3
// SRQP-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb4
// SRQP-NEXT: ^bb3:  // pred: ^bb1
// SRQP-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SRQP-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SRQP-NEXT: cf.br ^bb9
// SRQP-NEXT: ^bb5:  // pred: ^bb0
// SRQP-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SRQP-NEXT: ^bb6:  // pred: ^bb5
// SRQP-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb8
// SRQP-NEXT: ^bb7:  // pred: ^bb5
// SRQP-NEXT: %5 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %5, %arg4 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb8
// SRQP-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SRQP-NEXT: cf.br ^bb9
// SRQP-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SRQP-NEXT: device.return
// SRQP-LABEL: device.kernel @fig46_uniform(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// SRQP-NEXT: %0 = device.thread_id x : i32
// SRQP-NEXT: %1 = arith.cmpi sgt, %0, %arg2 : i32
// SRQP-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SRQP-NEXT: ^bb1:  // pred: ^bb0
// SRQP-NEXT: cf.br ^bb3
// SRQP-NEXT: ^bb2:  // pred: ^bb3
// SRQP-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb4
// SRQP-NEXT: ^bb3:  // pred: ^bb1
// SRQP-NEXT: cf.cond_br %arg4, ^bb2, ^bb4
// SRQP-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SRQP-NEXT: cf.br ^bb9
// SRQP-NEXT: ^bb5:  // pred: ^bb0
// SRQP-NEXT: cf.cond_br %1, ^bb6, ^bb7
// SRQP-NEXT: ^bb6:  // pred: ^bb5
// SRQP-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %3, %arg5 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb8
// SRQP-NEXT: ^bb7:  // pred: ^bb5
// SRQP-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %4, %arg5 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb8
// SRQP-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SRQP-NEXT: cf.br ^bb9
// SRQP-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SRQP-NEXT: device.return

// ESRQP-LABEL: device.kernel @fig46(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// ESRQP-NEXT: %0 = device.thread_id x : i32
// ESRQP-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// ESRQP-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// ESRQP-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// ESRQP-NEXT: ^bb1:  // pred: ^bb0
// ESRQP-NEXT: cf.br ^bb3
// ESRQP-NEXT: ^bb2:  // pred: ^bb3
// ESRQP-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb4
// ESRQP-NEXT: ^bb3:  // pred: ^bb1
// ESRQP-NEXT: cf.cond_br %1, ^bb2, ^bb4
// ESRQP-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// ESRQP-NEXT: cf.br ^bb9
// ESRQP-NEXT: ^bb5:  // pred: ^bb0
// ESRQP-NEXT: cf.cond_br %2, ^bb6, ^bb7
// ESRQP-NEXT: ^bb6:  // pred: ^bb5
// ESRQP-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb8
// ESRQP-NEXT: ^bb7:  // pred: ^bb5
// ESRQP-NEXT: %5 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %5, %arg4 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb8
// ESRQP-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// ESRQP-NEXT: cf.br ^bb9
// ESRQP-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// ESRQP-NEXT: device.return
// ESRQP-LABEL: device.kernel @fig46_uniform(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// ESRQP-NEXT: %0 = device.thread_id x : i32
// ESRQP-NEXT: %1 = arith.cmpi sgt, %0, %arg2 : i32
// ESRQP-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// ESRQP-NEXT: ^bb1:  // pred: ^bb0
// ESRQP-NEXT: cf.br ^bb3
// ESRQP-NEXT: ^bb2:  // pred: ^bb3
// ESRQP-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb4
// ESRQP-NEXT: ^bb3:  // pred: ^bb1
// ESRQP-NEXT: cf.cond_br %arg4, ^bb2, ^bb4
// ESRQP-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// ESRQP-NEXT: cf.br ^bb9
// ESRQP-NEXT: ^bb5:  // pred: ^bb0
// ESRQP-NEXT: cf.cond_br %1, ^bb6, ^bb7
// ESRQP-NEXT: ^bb6:  // pred: ^bb5
// ESRQP-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %3, %arg5 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb8
// ESRQP-NEXT: ^bb7:  // pred: ^bb5
// ESRQP-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %4, %arg5 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb8
// ESRQP-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// ESRQP-NEXT: cf.br ^bb9
// ESRQP-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// ESRQP-NEXT: device.return

// SSRQPS-LABEL: device.kernel @fig46(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SSRQPS-NEXT: %0 = device.thread_id x : i32
// SSRQPS-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SSRQPS-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SSRQPS-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SSRQPS-NEXT: ^bb1:  // pred: ^bb0
// SSRQPS-NEXT: cf.br ^bb3
// SSRQPS-NEXT: ^bb2:  // pred: ^bb3
// SSRQPS-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb4
// SSRQPS-NEXT: ^bb3:  // pred: ^bb1
// SSRQPS-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SSRQPS-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SSRQPS-NEXT: cf.br ^bb9
// SSRQPS-NEXT: ^bb5:  // pred: ^bb0
// SSRQPS-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SSRQPS-NEXT: ^bb6:  // pred: ^bb5
// SSRQPS-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb8
// SSRQPS-NEXT: ^bb7:  // pred: ^bb5
// SSRQPS-NEXT: %5 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %5, %arg4 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb8
// SSRQPS-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SSRQPS-NEXT: cf.br ^bb9
// SSRQPS-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SSRQPS-NEXT: device.return
// SSRQPS-LABEL: device.kernel @fig46_uniform(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// SSRQPS-NEXT: %0 = device.thread_id x : i32
// SSRQPS-NEXT: %1 = arith.cmpi sgt, %0, %arg2 : i32
// SSRQPS-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SSRQPS-NEXT: ^bb1:  // pred: ^bb0
// SSRQPS-NEXT: cf.br ^bb3
// SSRQPS-NEXT: ^bb2:  // pred: ^bb3
// SSRQPS-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb4
// SSRQPS-NEXT: ^bb3:  // pred: ^bb1
// SSRQPS-NEXT: cf.cond_br %arg4, ^bb2, ^bb4
// SSRQPS-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SSRQPS-NEXT: cf.br ^bb9
// SSRQPS-NEXT: ^bb5:  // pred: ^bb0
// SSRQPS-NEXT: cf.cond_br %1, ^bb6, ^bb7
// SSRQPS-NEXT: ^bb6:  // pred: ^bb5
// SSRQPS-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %3, %arg5 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb8
// SSRQPS-NEXT: ^bb7:  // pred: ^bb5
// SSRQPS-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %4, %arg5 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb8
// SSRQPS-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SSRQPS-NEXT: cf.br ^bb9
// SSRQPS-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SSRQPS-NEXT: device.return

// SSRQP-LABEL: device.kernel @fig46(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SSRQP-NEXT: %0 = device.thread_id x : i32
// SSRQP-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SSRQP-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SSRQP-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SSRQP-NEXT: ^bb1:  // pred: ^bb0
// SSRQP-NEXT: cf.br ^bb3
// SSRQP-NEXT: ^bb2:  // pred: ^bb3
// SSRQP-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb4
// SSRQP-NEXT: ^bb3:  // pred: ^bb1
// SSRQP-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SSRQP-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SSRQP-NEXT: cf.br ^bb9
// SSRQP-NEXT: ^bb5:  // pred: ^bb0
// SSRQP-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SSRQP-NEXT: ^bb6:  // pred: ^bb5
// SSRQP-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb8
// SSRQP-NEXT: ^bb7:  // pred: ^bb5
// SSRQP-NEXT: %5 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %5, %arg4 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb8
// SSRQP-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SSRQP-NEXT: cf.br ^bb9
// SSRQP-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SSRQP-NEXT: device.return
// SSRQP-LABEL: device.kernel @fig46_uniform(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// SSRQP-NEXT: %0 = device.thread_id x : i32
// SSRQP-NEXT: %1 = arith.cmpi sgt, %0, %arg2 : i32
// SSRQP-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SSRQP-NEXT: ^bb1:  // pred: ^bb0
// SSRQP-NEXT: cf.br ^bb3
// SSRQP-NEXT: ^bb2:  // pred: ^bb3
// SSRQP-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb4
// SSRQP-NEXT: ^bb3:  // pred: ^bb1
// SSRQP-NEXT: cf.cond_br %arg4, ^bb2, ^bb4
// SSRQP-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SSRQP-NEXT: cf.br ^bb9
// SSRQP-NEXT: ^bb5:  // pred: ^bb0
// SSRQP-NEXT: cf.cond_br %1, ^bb6, ^bb7
// SSRQP-NEXT: ^bb6:  // pred: ^bb5
// SSRQP-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %3, %arg5 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb8
// SSRQP-NEXT: ^bb7:  // pred: ^bb5
// SSRQP-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %4, %arg5 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb8
// SSRQP-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SSRQP-NEXT: cf.br ^bb9
// SSRQP-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SSRQP-NEXT: device.return
