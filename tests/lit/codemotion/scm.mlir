// scm against lcm. @fig44 is the shape of the thesis's Fig. 4.4 after LCM
// (node numbers are block numbers plus one): a+b in ^bb2 and in both
// successors of ^bb5. LCM has nothing to remove (no path computes it
// twice); SCM inserts it once at the exit of ^bb5 (node 6) and removes the
// two below, keeping ^bb2's: three computations become two. It does not
// go up to the entry (node 1), whose exit is not down-safe: the path
// ^bb0 -> ^bb1 -> ^bb3 -> ^bb4 -> ^bb9 never computes it. @hoist: every
// path computes a*b once, so SCM keeps one computation at the end of the
// entry block.
// All eight variants, one RUN line and prefix each. sscm ends exactly like
// scm on both kernels: every branch is on a kernel parameter (uniform), so
// its exit down-safety is scm's intersection everywhere. spre, blind to
// divergence and speculating, hoists @fig44's a+b to the entry (node 1),
// adding it to the path through ^bb3/^bb4, and removes all three
// occurrences; on @hoist it ends like scm (one computation in the entry).
// lcm leaves both kernels unchanged. The SRQP family moves only loads and
// there are none: srqp, esrqp, ssrqp-s and ssrqp leave the IR unchanged.
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(scm)))' | FileCheck %s --check-prefix=SCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(lcm)))' | FileCheck %s --check-prefix=LCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(spre)))' | FileCheck %s --check-prefix=SPRE
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(sscm)))' | FileCheck %s --check-prefix=SSCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(srqp)))' | FileCheck %s --check-prefix=SRQP
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(esrqp)))' | FileCheck %s --check-prefix=ESRQP
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp-s)))' | FileCheck %s --check-prefix=SSRQPS
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp)))' | FileCheck %s --check-prefix=SSRQP

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

// SPRE-LABEL: device.kernel @fig44(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// SPRE-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SPRE-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: cf.cond_br %arg3, ^bb3, ^bb5
// SPRE-NEXT: ^bb2:  // pred: ^bb0
// SPRE-NEXT: device.store %0, %arg5 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb9
// SPRE-NEXT: ^bb3:  // pred: ^bb1
// SPRE-NEXT: cf.br ^bb4
// SPRE-NEXT: ^bb4:  // pred: ^bb3
// SPRE-NEXT: cf.br ^bb9
// SPRE-NEXT: ^bb5:  // pred: ^bb1
// SPRE-NEXT: cf.cond_br %arg4, ^bb6, ^bb7
// SPRE-NEXT: ^bb6:  // pred: ^bb5
// SPRE-NEXT: device.store %0, %arg5 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb8
// SPRE-NEXT: ^bb7:  // pred: ^bb5
// SPRE-NEXT: device.store %0, %arg5 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb8
// SPRE-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SPRE-NEXT: cf.br ^bb9
// SPRE-NEXT: ^bb9:  // 3 preds: ^bb2, ^bb4, ^bb8
// SPRE-NEXT: device.return
// SPRE-LABEL: device.kernel @hoist(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SPRE-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// SPRE-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb5
// SPRE-NEXT: ^bb2:  // pred: ^bb0
// SPRE-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SPRE-NEXT: ^bb3:  // pred: ^bb2
// SPRE-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb5
// SPRE-NEXT: ^bb4:  // pred: ^bb2
// SPRE-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb5
// SPRE-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SPRE-NEXT: device.return

// SSCM-LABEL: device.kernel @fig44(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// SSCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb5
// SSCM-NEXT: ^bb2:  // pred: ^bb0
// SSCM-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SSCM-NEXT: device.store %0, %arg5 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb9
// SSCM-NEXT: ^bb3:  // pred: ^bb1
// SSCM-NEXT: cf.br ^bb4
// SSCM-NEXT: ^bb4:  // pred: ^bb3
// SSCM-NEXT: cf.br ^bb9
// SSCM-NEXT: ^bb5:  // pred: ^bb1
// SSCM-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SSCM-NEXT: cf.cond_br %arg4, ^bb6, ^bb7
// SSCM-NEXT: ^bb6:  // pred: ^bb5
// SSCM-NEXT: device.store %1, %arg5 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb8
// SSCM-NEXT: ^bb7:  // pred: ^bb5
// SSCM-NEXT: device.store %1, %arg5 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb8
// SSCM-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SSCM-NEXT: cf.br ^bb9
// SSCM-NEXT: ^bb9:  // 3 preds: ^bb2, ^bb4, ^bb8
// SSCM-NEXT: device.return
// SSCM-LABEL: device.kernel @hoist(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SSCM-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// SSCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb5
// SSCM-NEXT: ^bb2:  // pred: ^bb0
// SSCM-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SSCM-NEXT: ^bb3:  // pred: ^bb2
// SSCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb5
// SSCM-NEXT: ^bb4:  // pred: ^bb2
// SSCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb5
// SSCM-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SSCM-NEXT: device.return

// SRQP-LABEL: device.kernel @fig44(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// SRQP-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SRQP-NEXT: ^bb1:  // pred: ^bb0
// SRQP-NEXT: cf.cond_br %arg3, ^bb3, ^bb5
// SRQP-NEXT: ^bb2:  // pred: ^bb0
// SRQP-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %0, %arg5 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb9
// SRQP-NEXT: ^bb3:  // pred: ^bb1
// SRQP-NEXT: cf.br ^bb4
// SRQP-NEXT: ^bb4:  // pred: ^bb3
// SRQP-NEXT: cf.br ^bb9
// SRQP-NEXT: ^bb5:  // pred: ^bb1
// SRQP-NEXT: cf.cond_br %arg4, ^bb6, ^bb7
// SRQP-NEXT: ^bb6:  // pred: ^bb5
// SRQP-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %1, %arg5 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb8
// SRQP-NEXT: ^bb7:  // pred: ^bb5
// SRQP-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb8
// SRQP-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SRQP-NEXT: cf.br ^bb9
// SRQP-NEXT: ^bb9:  // 3 preds: ^bb2, ^bb4, ^bb8
// SRQP-NEXT: device.return
// SRQP-LABEL: device.kernel @hoist(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SRQP-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SRQP-NEXT: ^bb1:  // pred: ^bb0
// SRQP-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// SRQP-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb5
// SRQP-NEXT: ^bb2:  // pred: ^bb0
// SRQP-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// SRQP-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SRQP-NEXT: ^bb3:  // pred: ^bb2
// SRQP-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// SRQP-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb5
// SRQP-NEXT: ^bb4:  // pred: ^bb2
// SRQP-NEXT: %2 = arith.muli %arg0, %arg1 : i32
// SRQP-NEXT: device.store %2, %arg4 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb5
// SRQP-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SRQP-NEXT: device.return

// ESRQP-LABEL: device.kernel @fig44(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// ESRQP-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// ESRQP-NEXT: ^bb1:  // pred: ^bb0
// ESRQP-NEXT: cf.cond_br %arg3, ^bb3, ^bb5
// ESRQP-NEXT: ^bb2:  // pred: ^bb0
// ESRQP-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %0, %arg5 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb9
// ESRQP-NEXT: ^bb3:  // pred: ^bb1
// ESRQP-NEXT: cf.br ^bb4
// ESRQP-NEXT: ^bb4:  // pred: ^bb3
// ESRQP-NEXT: cf.br ^bb9
// ESRQP-NEXT: ^bb5:  // pred: ^bb1
// ESRQP-NEXT: cf.cond_br %arg4, ^bb6, ^bb7
// ESRQP-NEXT: ^bb6:  // pred: ^bb5
// ESRQP-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %1, %arg5 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb8
// ESRQP-NEXT: ^bb7:  // pred: ^bb5
// ESRQP-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb8
// ESRQP-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// ESRQP-NEXT: cf.br ^bb9
// ESRQP-NEXT: ^bb9:  // 3 preds: ^bb2, ^bb4, ^bb8
// ESRQP-NEXT: device.return
// ESRQP-LABEL: device.kernel @hoist(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// ESRQP-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// ESRQP-NEXT: ^bb1:  // pred: ^bb0
// ESRQP-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb5
// ESRQP-NEXT: ^bb2:  // pred: ^bb0
// ESRQP-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// ESRQP-NEXT: ^bb3:  // pred: ^bb2
// ESRQP-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb5
// ESRQP-NEXT: ^bb4:  // pred: ^bb2
// ESRQP-NEXT: %2 = arith.muli %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %2, %arg4 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb5
// ESRQP-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// ESRQP-NEXT: device.return

// SSRQPS-LABEL: device.kernel @fig44(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// SSRQPS-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSRQPS-NEXT: ^bb1:  // pred: ^bb0
// SSRQPS-NEXT: cf.cond_br %arg3, ^bb3, ^bb5
// SSRQPS-NEXT: ^bb2:  // pred: ^bb0
// SSRQPS-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %0, %arg5 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb9
// SSRQPS-NEXT: ^bb3:  // pred: ^bb1
// SSRQPS-NEXT: cf.br ^bb4
// SSRQPS-NEXT: ^bb4:  // pred: ^bb3
// SSRQPS-NEXT: cf.br ^bb9
// SSRQPS-NEXT: ^bb5:  // pred: ^bb1
// SSRQPS-NEXT: cf.cond_br %arg4, ^bb6, ^bb7
// SSRQPS-NEXT: ^bb6:  // pred: ^bb5
// SSRQPS-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %1, %arg5 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb8
// SSRQPS-NEXT: ^bb7:  // pred: ^bb5
// SSRQPS-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb8
// SSRQPS-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SSRQPS-NEXT: cf.br ^bb9
// SSRQPS-NEXT: ^bb9:  // 3 preds: ^bb2, ^bb4, ^bb8
// SSRQPS-NEXT: device.return
// SSRQPS-LABEL: device.kernel @hoist(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SSRQPS-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSRQPS-NEXT: ^bb1:  // pred: ^bb0
// SSRQPS-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb5
// SSRQPS-NEXT: ^bb2:  // pred: ^bb0
// SSRQPS-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SSRQPS-NEXT: ^bb3:  // pred: ^bb2
// SSRQPS-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb5
// SSRQPS-NEXT: ^bb4:  // pred: ^bb2
// SSRQPS-NEXT: %2 = arith.muli %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %2, %arg4 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb5
// SSRQPS-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SSRQPS-NEXT: device.return

// SSRQP-LABEL: device.kernel @fig44(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: i1, %arg5: !device.ptr<global>) {
// SSRQP-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSRQP-NEXT: ^bb1:  // pred: ^bb0
// SSRQP-NEXT: cf.cond_br %arg3, ^bb3, ^bb5
// SSRQP-NEXT: ^bb2:  // pred: ^bb0
// SSRQP-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %0, %arg5 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb9
// SSRQP-NEXT: ^bb3:  // pred: ^bb1
// SSRQP-NEXT: cf.br ^bb4
// SSRQP-NEXT: ^bb4:  // pred: ^bb3
// SSRQP-NEXT: cf.br ^bb9
// SSRQP-NEXT: ^bb5:  // pred: ^bb1
// SSRQP-NEXT: cf.cond_br %arg4, ^bb6, ^bb7
// SSRQP-NEXT: ^bb6:  // pred: ^bb5
// SSRQP-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %1, %arg5 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb8
// SSRQP-NEXT: ^bb7:  // pred: ^bb5
// SSRQP-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %2, %arg5 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb8
// SSRQP-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SSRQP-NEXT: cf.br ^bb9
// SSRQP-NEXT: ^bb9:  // 3 preds: ^bb2, ^bb4, ^bb8
// SSRQP-NEXT: device.return
// SSRQP-LABEL: device.kernel @hoist(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SSRQP-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSRQP-NEXT: ^bb1:  // pred: ^bb0
// SSRQP-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb5
// SSRQP-NEXT: ^bb2:  // pred: ^bb0
// SSRQP-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SSRQP-NEXT: ^bb3:  // pred: ^bb2
// SSRQP-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb5
// SSRQP-NEXT: ^bb4:  // pred: ^bb2
// SSRQP-NEXT: %2 = arith.muli %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %2, %arg4 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb5
// SSRQP-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SSRQP-NEXT: device.return
