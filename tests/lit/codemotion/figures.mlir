// lcm on graphs in the spirit of the thesis's Figs. 3.1 and 3.2 (rebuilt
// from its prose; the figures themselves are pictures, so the node numbers
// do not match). Fig. 3.1: a+b is computed on every path
// from the entry, so the earliest (Morel-Renvoise) placement is the entry;
// LCM places it as late as possible: the occurrence in ^bb1 stays, new
// computations go to the ends of ^bb3 and ^bb4, and the join's occurrence
// becomes a block argument. Fig. 3.2: hoisting out of the loop body or
// out of ^bb4 would add a computation to some path, so lcm changes nothing.
// All eight variants (one RUN line and prefix each):
// Fig. 3.1: scm, sscm and spre compute a+b once, at the end of the entry
// (the fewest insertion points: it is needed on every path, so this is not
// speculative), and all three occurrences go; lcm instead keeps ^bb1's and
// adds two (lifetime-optimal, latest). Fig. 3.2: scm and sscm change
// nothing, like lcm (all branches are uniform, so sscm is scm); only spre
// hoists a+b into the entry, out of the loop and out of ^bb4, adding it to
// the path ^bb0-^bb1-^bb3-^bb5. The SRQP family moves only loads; there
// are none here, so srqp, esrqp, ssrqp-s and ssrqp leave both kernels
// exactly as written (their checks are the unchanged IR).
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(lcm)))' | FileCheck %s --check-prefix=LCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(scm)))' | FileCheck %s --check-prefix=SCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(spre)))' | FileCheck %s --check-prefix=SPRE
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(sscm)))' | FileCheck %s --check-prefix=SSCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(srqp)))' | FileCheck %s --check-prefix=SRQP
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(esrqp)))' | FileCheck %s --check-prefix=ESRQP
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp-s)))' | FileCheck %s --check-prefix=SSRQPS
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp)))' | FileCheck %s --check-prefix=SSRQP

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

// LCM-LABEL: device.kernel @fig31(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// LCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// LCM-NEXT: ^bb1:  // pred: ^bb0
// LCM-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb5(%0 : i32)
// LCM-NEXT: ^bb2:  // pred: ^bb0
// LCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// LCM-NEXT: ^bb3:  // pred: ^bb2
// LCM-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// LCM-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: cf.br ^bb5(%1 : i32)
// LCM-NEXT: ^bb4:  // pred: ^bb2
// LCM-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: cf.br ^bb5(%2 : i32)
// LCM-NEXT: ^bb5(%3: i32):  // 3 preds: ^bb1, ^bb3, ^bb4
// LCM-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// LCM-NEXT: device.return
// LCM-LABEL: device.kernel @fig32(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// LCM-NEXT: cf.br ^bb1
// LCM-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb2
// LCM-NEXT: cf.cond_br %arg2, ^bb2, ^bb3
// LCM-NEXT: ^bb2:  // pred: ^bb1
// LCM-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb1
// LCM-NEXT: ^bb3:  // pred: ^bb1
// LCM-NEXT: cf.cond_br %arg3, ^bb4, ^bb5
// LCM-NEXT: ^bb4:  // pred: ^bb3
// LCM-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// LCM-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb5
// LCM-NEXT: ^bb5:  // 2 preds: ^bb3, ^bb4
// LCM-NEXT: device.return

// SCM-LABEL: device.kernel @fig31(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SCM-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb5(%0 : i32)
// SCM-NEXT: ^bb2:  // pred: ^bb0
// SCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SCM-NEXT: ^bb3:  // pred: ^bb2
// SCM-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb5(%0 : i32)
// SCM-NEXT: ^bb4:  // pred: ^bb2
// SCM-NEXT: cf.br ^bb5(%0 : i32)
// SCM-NEXT: ^bb5(%1: i32):  // 3 preds: ^bb1, ^bb3, ^bb4
// SCM-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: device.return
// SCM-LABEL: device.kernel @fig32(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SCM-NEXT: cf.br ^bb1
// SCM-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb2
// SCM-NEXT: cf.cond_br %arg2, ^bb2, ^bb3
// SCM-NEXT: ^bb2:  // pred: ^bb1
// SCM-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb1
// SCM-NEXT: ^bb3:  // pred: ^bb1
// SCM-NEXT: cf.cond_br %arg3, ^bb4, ^bb5
// SCM-NEXT: ^bb4:  // pred: ^bb3
// SCM-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SCM-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb5
// SCM-NEXT: ^bb5:  // 2 preds: ^bb3, ^bb4
// SCM-NEXT: device.return

// SPRE-LABEL: device.kernel @fig31(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SPRE-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SPRE-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb5(%0 : i32)
// SPRE-NEXT: ^bb2:  // pred: ^bb0
// SPRE-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SPRE-NEXT: ^bb3:  // pred: ^bb2
// SPRE-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb5(%0 : i32)
// SPRE-NEXT: ^bb4:  // pred: ^bb2
// SPRE-NEXT: cf.br ^bb5(%0 : i32)
// SPRE-NEXT: ^bb5(%1: i32):  // 3 preds: ^bb1, ^bb3, ^bb4
// SPRE-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: device.return
// SPRE-LABEL: device.kernel @fig32(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SPRE-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SPRE-NEXT: cf.br ^bb1
// SPRE-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb2
// SPRE-NEXT: cf.cond_br %arg2, ^bb2, ^bb3
// SPRE-NEXT: ^bb2:  // pred: ^bb1
// SPRE-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb1
// SPRE-NEXT: ^bb3:  // pred: ^bb1
// SPRE-NEXT: cf.cond_br %arg3, ^bb4, ^bb5
// SPRE-NEXT: ^bb4:  // pred: ^bb3
// SPRE-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb5
// SPRE-NEXT: ^bb5:  // 2 preds: ^bb3, ^bb4
// SPRE-NEXT: device.return

// SSCM-LABEL: device.kernel @fig31(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SSCM-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SSCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb5(%0 : i32)
// SSCM-NEXT: ^bb2:  // pred: ^bb0
// SSCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SSCM-NEXT: ^bb3:  // pred: ^bb2
// SSCM-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb5(%0 : i32)
// SSCM-NEXT: ^bb4:  // pred: ^bb2
// SSCM-NEXT: cf.br ^bb5(%0 : i32)
// SSCM-NEXT: ^bb5(%1: i32):  // 3 preds: ^bb1, ^bb3, ^bb4
// SSCM-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: device.return
// SSCM-LABEL: device.kernel @fig32(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SSCM-NEXT: cf.br ^bb1
// SSCM-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb2
// SSCM-NEXT: cf.cond_br %arg2, ^bb2, ^bb3
// SSCM-NEXT: ^bb2:  // pred: ^bb1
// SSCM-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SSCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb1
// SSCM-NEXT: ^bb3:  // pred: ^bb1
// SSCM-NEXT: cf.cond_br %arg3, ^bb4, ^bb5
// SSCM-NEXT: ^bb4:  // pred: ^bb3
// SSCM-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SSCM-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb5
// SSCM-NEXT: ^bb5:  // 2 preds: ^bb3, ^bb4
// SSCM-NEXT: device.return

// SRQP-LABEL: device.kernel @fig31(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SRQP-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SRQP-NEXT: ^bb1:  // pred: ^bb0
// SRQP-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb5
// SRQP-NEXT: ^bb2:  // pred: ^bb0
// SRQP-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SRQP-NEXT: ^bb3:  // pred: ^bb2
// SRQP-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb5
// SRQP-NEXT: ^bb4:  // pred: ^bb2
// SRQP-NEXT: cf.br ^bb5
// SRQP-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SRQP-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SRQP-NEXT: device.return
// SRQP-LABEL: device.kernel @fig32(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SRQP-NEXT: cf.br ^bb1
// SRQP-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb2
// SRQP-NEXT: cf.cond_br %arg2, ^bb2, ^bb3
// SRQP-NEXT: ^bb2:  // pred: ^bb1
// SRQP-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb1
// SRQP-NEXT: ^bb3:  // pred: ^bb1
// SRQP-NEXT: cf.cond_br %arg3, ^bb4, ^bb5
// SRQP-NEXT: ^bb4:  // pred: ^bb3
// SRQP-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SRQP-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SRQP-NEXT: cf.br ^bb5
// SRQP-NEXT: ^bb5:  // 2 preds: ^bb3, ^bb4
// SRQP-NEXT: device.return

// ESRQP-LABEL: device.kernel @fig31(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// ESRQP-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// ESRQP-NEXT: ^bb1:  // pred: ^bb0
// ESRQP-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb5
// ESRQP-NEXT: ^bb2:  // pred: ^bb0
// ESRQP-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// ESRQP-NEXT: ^bb3:  // pred: ^bb2
// ESRQP-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb5
// ESRQP-NEXT: ^bb4:  // pred: ^bb2
// ESRQP-NEXT: cf.br ^bb5
// ESRQP-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// ESRQP-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// ESRQP-NEXT: device.return
// ESRQP-LABEL: device.kernel @fig32(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// ESRQP-NEXT: cf.br ^bb1
// ESRQP-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb2
// ESRQP-NEXT: cf.cond_br %arg2, ^bb2, ^bb3
// ESRQP-NEXT: ^bb2:  // pred: ^bb1
// ESRQP-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb1
// ESRQP-NEXT: ^bb3:  // pred: ^bb1
// ESRQP-NEXT: cf.cond_br %arg3, ^bb4, ^bb5
// ESRQP-NEXT: ^bb4:  // pred: ^bb3
// ESRQP-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// ESRQP-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// ESRQP-NEXT: cf.br ^bb5
// ESRQP-NEXT: ^bb5:  // 2 preds: ^bb3, ^bb4
// ESRQP-NEXT: device.return

// SSRQPS-LABEL: device.kernel @fig31(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SSRQPS-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSRQPS-NEXT: ^bb1:  // pred: ^bb0
// SSRQPS-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb5
// SSRQPS-NEXT: ^bb2:  // pred: ^bb0
// SSRQPS-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SSRQPS-NEXT: ^bb3:  // pred: ^bb2
// SSRQPS-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb5
// SSRQPS-NEXT: ^bb4:  // pred: ^bb2
// SSRQPS-NEXT: cf.br ^bb5
// SSRQPS-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SSRQPS-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SSRQPS-NEXT: device.return
// SSRQPS-LABEL: device.kernel @fig32(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SSRQPS-NEXT: cf.br ^bb1
// SSRQPS-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb2
// SSRQPS-NEXT: cf.cond_br %arg2, ^bb2, ^bb3
// SSRQPS-NEXT: ^bb2:  // pred: ^bb1
// SSRQPS-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb1
// SSRQPS-NEXT: ^bb3:  // pred: ^bb1
// SSRQPS-NEXT: cf.cond_br %arg3, ^bb4, ^bb5
// SSRQPS-NEXT: ^bb4:  // pred: ^bb3
// SSRQPS-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SSRQPS-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SSRQPS-NEXT: cf.br ^bb5
// SSRQPS-NEXT: ^bb5:  // 2 preds: ^bb3, ^bb4
// SSRQPS-NEXT: device.return

// SSRQP-LABEL: device.kernel @fig31(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SSRQP-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSRQP-NEXT: ^bb1:  // pred: ^bb0
// SSRQP-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb5
// SSRQP-NEXT: ^bb2:  // pred: ^bb0
// SSRQP-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SSRQP-NEXT: ^bb3:  // pred: ^bb2
// SSRQP-NEXT: device.store %arg0, %arg4 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb5
// SSRQP-NEXT: ^bb4:  // pred: ^bb2
// SSRQP-NEXT: cf.br ^bb5
// SSRQP-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SSRQP-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SSRQP-NEXT: device.return
// SSRQP-LABEL: device.kernel @fig32(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SSRQP-NEXT: cf.br ^bb1
// SSRQP-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb2
// SSRQP-NEXT: cf.cond_br %arg2, ^bb2, ^bb3
// SSRQP-NEXT: ^bb2:  // pred: ^bb1
// SSRQP-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb1
// SSRQP-NEXT: ^bb3:  // pred: ^bb1
// SSRQP-NEXT: cf.cond_br %arg3, ^bb4, ^bb5
// SSRQP-NEXT: ^bb4:  // pred: ^bb3
// SSRQP-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// SSRQP-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SSRQP-NEXT: cf.br ^bb5
// SSRQP-NEXT: ^bb5:  // 2 preds: ^bb3, ^bb4
// SSRQP-NEXT: device.return
