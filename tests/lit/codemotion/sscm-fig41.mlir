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
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(lcm)))' | FileCheck %s --check-prefix=LCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(scm)))' | FileCheck %s --check-prefix=SCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(spre)))' | FileCheck %s --check-prefix=SPRE
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(sscm)))' | FileCheck %s --check-prefix=SSCM

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
