// The thesis's Fig. 4.1, rebuilt from its prose (node numbers are block
// numbers plus one): nodes 1 and 2 branch divergently (on the thread id);
// a+b is computed on one side of node 2 (node 3) and again at the final
// join (node 7), where it is partially redundant. PRE (lcm) removes the
// redundancy as in Fig. 4.1b: it keeps node 3's computation and inserts
// new ones into the other side of each divergent branch (nodes 4 and 6),
// so a diverged warp now runs a+b on both sides of both branches. scm,
// sscm and spre compute it once, at the end of node 1, before both
// divergent branches (the placement is not even speculative here, since
// node 7 computes it on every path).
// The SRQP family (srqp, esrqp, ssrqp-s, ssrqp) moves only loads; there
// are none here, so all four leave the IR exactly as written: a+b stays in
// node 3 and node 7, unlike every SCM-family variant.
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(lcm)))' | FileCheck %s --check-prefix=LCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(scm)))' | FileCheck %s --check-prefix=SCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(spre)))' | FileCheck %s --check-prefix=SPRE
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(sscm)))' | FileCheck %s --check-prefix=SSCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(srqp)))' | FileCheck %s --check-prefix=SRQP
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(esrqp)))' | FileCheck %s --check-prefix=ESRQP
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp-s)))' | FileCheck %s --check-prefix=SSRQPS
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp)))' | FileCheck %s --check-prefix=SSRQP

device.module @m {
  device.kernel @fig41(%a: i32, %b: i32, %n: i32, %out: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %p = arith.cmpi slt, %t, %n : i32
    %q = arith.cmpi sgt, %t, %a : i32
    cf.cond_br %p, ^bb1, ^bb5
  ^bb1:
    cf.cond_br %q, ^bb2, ^bb3
  ^bb2:
    %x = arith.addi %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb3:
    cf.br ^bb4
  ^bb4:
    cf.br ^bb6
  ^bb5:
    cf.br ^bb6
  ^bb6:
    %y = arith.addi %a, %b : i32
    device.store %y, %out : i32, !device.ptr<global>
    device.return
  }
}

// LCM-LABEL: device.kernel @fig41(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !device.ptr<global>) {
// LCM-NEXT: %0 = device.thread_id x : i32
// LCM-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// LCM-NEXT: %2 = arith.cmpi sgt, %0, %arg0 : i32
// LCM-NEXT: cf.cond_br %1, ^bb1, ^bb5
// LCM-NEXT: ^bb1:  // pred: ^bb0
// LCM-NEXT: cf.cond_br %2, ^bb2, ^bb3
// LCM-NEXT: ^bb2:  // pred: ^bb1
// LCM-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb4(%3 : i32)
// LCM-NEXT: ^bb3:  // pred: ^bb1
// LCM-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: cf.br ^bb4(%4 : i32)
// LCM-NEXT: ^bb4(%5: i32):  // 2 preds: ^bb2, ^bb3
// LCM-NEXT: cf.br ^bb6(%5 : i32)
// LCM-NEXT: ^bb5:  // pred: ^bb0
// LCM-NEXT: %6 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: cf.br ^bb6(%6 : i32)
// LCM-NEXT: ^bb6(%7: i32):  // 2 preds: ^bb4, ^bb5
// LCM-NEXT: device.store %7, %arg3 : i32, !device.ptr<global>
// LCM-NEXT: device.return

// SCM-LABEL: device.kernel @fig41(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !device.ptr<global>) {
// SCM-NEXT: %0 = device.thread_id x : i32
// SCM-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SCM-NEXT: %2 = arith.cmpi sgt, %0, %arg0 : i32
// SCM-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SCM-NEXT: cf.cond_br %1, ^bb1, ^bb5
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: cf.cond_br %2, ^bb2, ^bb3
// SCM-NEXT: ^bb2:  // pred: ^bb1
// SCM-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb4(%3 : i32)
// SCM-NEXT: ^bb3:  // pred: ^bb1
// SCM-NEXT: cf.br ^bb4(%3 : i32)
// SCM-NEXT: ^bb4(%4: i32):  // 2 preds: ^bb2, ^bb3
// SCM-NEXT: cf.br ^bb6(%4 : i32)
// SCM-NEXT: ^bb5:  // pred: ^bb0
// SCM-NEXT: cf.br ^bb6(%3 : i32)
// SCM-NEXT: ^bb6(%5: i32):  // 2 preds: ^bb4, ^bb5
// SCM-NEXT: device.store %5, %arg3 : i32, !device.ptr<global>
// SCM-NEXT: device.return

// SPRE-LABEL: device.kernel @fig41(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !device.ptr<global>) {
// SPRE-NEXT: %0 = device.thread_id x : i32
// SPRE-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SPRE-NEXT: %2 = arith.cmpi sgt, %0, %arg0 : i32
// SPRE-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SPRE-NEXT: cf.cond_br %1, ^bb1, ^bb5
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: cf.cond_br %2, ^bb2, ^bb3
// SPRE-NEXT: ^bb2:  // pred: ^bb1
// SPRE-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb4(%3 : i32)
// SPRE-NEXT: ^bb3:  // pred: ^bb1
// SPRE-NEXT: cf.br ^bb4(%3 : i32)
// SPRE-NEXT: ^bb4(%4: i32):  // 2 preds: ^bb2, ^bb3
// SPRE-NEXT: cf.br ^bb6(%4 : i32)
// SPRE-NEXT: ^bb5:  // pred: ^bb0
// SPRE-NEXT: cf.br ^bb6(%3 : i32)
// SPRE-NEXT: ^bb6(%5: i32):  // 2 preds: ^bb4, ^bb5
// SPRE-NEXT: device.store %5, %arg3 : i32, !device.ptr<global>
// SPRE-NEXT: device.return

// SSCM-LABEL: device.kernel @fig41(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !device.ptr<global>) {
// SSCM-NEXT: %0 = device.thread_id x : i32
// SSCM-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SSCM-NEXT: %2 = arith.cmpi sgt, %0, %arg0 : i32
// SSCM-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SSCM-NEXT: cf.cond_br %1, ^bb1, ^bb5
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: cf.cond_br %2, ^bb2, ^bb3
// SSCM-NEXT: ^bb2:  // pred: ^bb1
// SSCM-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb4(%3 : i32)
// SSCM-NEXT: ^bb3:  // pred: ^bb1
// SSCM-NEXT: cf.br ^bb4(%3 : i32)
// SSCM-NEXT: ^bb4(%4: i32):  // 2 preds: ^bb2, ^bb3
// SSCM-NEXT: cf.br ^bb6(%4 : i32)
// SSCM-NEXT: ^bb5:  // pred: ^bb0
// SSCM-NEXT: cf.br ^bb6(%3 : i32)
// SSCM-NEXT: ^bb6(%5: i32):  // 2 preds: ^bb4, ^bb5
// SSCM-NEXT: device.store %5, %arg3 : i32, !device.ptr<global>
// SSCM-NEXT: device.return

// SRQP-LABEL: device.kernel @fig41(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !device.ptr<global>) {
// SRQP-NEXT: %0 = device.thread_id x : i32
// SRQP-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SRQP-NEXT: %2 = arith.cmpi sgt, %0, %arg0 : i32
// SRQP-NEXT: cf.cond_br %1, ^bb1, ^bb5
// SRQP-NEXT: ^bb1:  // pred: ^bb0
// SRQP-NEXT: cf.cond_br %2, ^bb2, ^bb3
// SRQP-NEXT: ^bb2:  // pred: ^bb1
// SRQP-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb4
// SRQP-NEXT: ^bb3:  // pred: ^bb1
// SRQP-NEXT: cf.br ^bb4
// SRQP-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SRQP-NEXT: cf.br ^bb6
// SRQP-NEXT: ^bb5:  // pred: ^bb0
// SRQP-NEXT: cf.br ^bb6
// SRQP-NEXT: ^bb6:  // 2 preds: ^bb4, ^bb5
// SRQP-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %4, %arg3 : i32, !device.ptr<global>
// SRQP-NEXT: device.return

// ESRQP-LABEL: device.kernel @fig41(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !device.ptr<global>) {
// ESRQP-NEXT: %0 = device.thread_id x : i32
// ESRQP-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// ESRQP-NEXT: %2 = arith.cmpi sgt, %0, %arg0 : i32
// ESRQP-NEXT: cf.cond_br %1, ^bb1, ^bb5
// ESRQP-NEXT: ^bb1:  // pred: ^bb0
// ESRQP-NEXT: cf.cond_br %2, ^bb2, ^bb3
// ESRQP-NEXT: ^bb2:  // pred: ^bb1
// ESRQP-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb4
// ESRQP-NEXT: ^bb3:  // pred: ^bb1
// ESRQP-NEXT: cf.br ^bb4
// ESRQP-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// ESRQP-NEXT: cf.br ^bb6
// ESRQP-NEXT: ^bb5:  // pred: ^bb0
// ESRQP-NEXT: cf.br ^bb6
// ESRQP-NEXT: ^bb6:  // 2 preds: ^bb4, ^bb5
// ESRQP-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %4, %arg3 : i32, !device.ptr<global>
// ESRQP-NEXT: device.return

// SSRQPS-LABEL: device.kernel @fig41(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !device.ptr<global>) {
// SSRQPS-NEXT: %0 = device.thread_id x : i32
// SSRQPS-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SSRQPS-NEXT: %2 = arith.cmpi sgt, %0, %arg0 : i32
// SSRQPS-NEXT: cf.cond_br %1, ^bb1, ^bb5
// SSRQPS-NEXT: ^bb1:  // pred: ^bb0
// SSRQPS-NEXT: cf.cond_br %2, ^bb2, ^bb3
// SSRQPS-NEXT: ^bb2:  // pred: ^bb1
// SSRQPS-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb4
// SSRQPS-NEXT: ^bb3:  // pred: ^bb1
// SSRQPS-NEXT: cf.br ^bb4
// SSRQPS-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SSRQPS-NEXT: cf.br ^bb6
// SSRQPS-NEXT: ^bb5:  // pred: ^bb0
// SSRQPS-NEXT: cf.br ^bb6
// SSRQPS-NEXT: ^bb6:  // 2 preds: ^bb4, ^bb5
// SSRQPS-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %4, %arg3 : i32, !device.ptr<global>
// SSRQPS-NEXT: device.return

// SSRQP-LABEL: device.kernel @fig41(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !device.ptr<global>) {
// SSRQP-NEXT: %0 = device.thread_id x : i32
// SSRQP-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SSRQP-NEXT: %2 = arith.cmpi sgt, %0, %arg0 : i32
// SSRQP-NEXT: cf.cond_br %1, ^bb1, ^bb5
// SSRQP-NEXT: ^bb1:  // pred: ^bb0
// SSRQP-NEXT: cf.cond_br %2, ^bb2, ^bb3
// SSRQP-NEXT: ^bb2:  // pred: ^bb1
// SSRQP-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb4
// SSRQP-NEXT: ^bb3:  // pred: ^bb1
// SSRQP-NEXT: cf.br ^bb4
// SSRQP-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SSRQP-NEXT: cf.br ^bb6
// SSRQP-NEXT: ^bb5:  // pred: ^bb0
// SSRQP-NEXT: cf.br ^bb6
// SSRQP-NEXT: ^bb6:  // 2 preds: ^bb4, ^bb5
// SSRQP-NEXT: %4 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %4, %arg3 : i32, !device.ptr<global>
// SSRQP-NEXT: device.return
