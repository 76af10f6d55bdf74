// spre against sscm where the two differ: speculation across branches the
// divergence analysis proves uniform.
// @uniform: both branches depend only on kernel parameters. a*b is
// computed on one side of the first branch and on one side of the second.
// spre treats both branches as divergent and computes a*b once in the
// entry block, adding it to the path ^bb0 -> ^bb2 -> ^bb4; sscm (and scm)
// change nothing.
// @loop: a single computation under a uniform branch in a loop does not
// move, not even for spre: like SCM, the speculative variants only move
// an expression when that makes the code hold strictly fewer
// computations (one stays one).
// @func: the same graph as @uniform in a device.func. Without call sites
// in view, its parameters may differ between threads, so both branches
// are divergent and sscm hoists like spre.
// RUN: not lockstep-opt %s -p 'builtin.module(sscm)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not lockstep-opt %s -p 'builtin.module(device.module(device.kernel(spre{speculate-loads=maybe})))' 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not lockstep-opt %s -p 'builtin.module(device.module(device.kernel(sscm{max-rounds=2 foo=1})))' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// ANCHOR: error: 'sscm' runs on 'device.kernel' and 'device.func', not on 'builtin.module'
// OPTION: error: invalid options for pass 'spre': 'maybe' value invalid for bool argument 'speculate-loads'
// UNKNOWN: error: no such option 'foo' for pass 'sscm'
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(spre),device.func(spre)))' | FileCheck %s --check-prefix=SPRE
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(sscm),device.func(sscm)))' | FileCheck %s --check-prefix=SSCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(scm),device.func(scm)))' | FileCheck %s --check-prefix=SCM

device.module @m {
  device.kernel @uniform(%a: i32, %b: i32, %u: i1, %v: i1, %out: !device.ptr<global>) {
    cf.cond_br %u, ^bb1, ^bb2
  ^bb1:
    %x = arith.muli %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb5
  ^bb2:
    cf.cond_br %v, ^bb3, ^bb4
  ^bb3:
    %y = arith.muli %a, %b : i32
    device.store %y, %out : i32, !device.ptr<global>
    cf.br ^bb5
  ^bb4:
    cf.br ^bb5
  ^bb5:
    device.return
  }
  device.kernel @loop(%a: i32, %b: i32, %n: i32, %u: i1, %out: !device.ptr<global>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^bb1(%c0 : i32)
  ^bb1(%i: i32):
    %go = arith.cmpi slt, %i, %n : i32
    cf.cond_br %go, ^bb2, ^bb5
  ^bb2:
    cf.cond_br %u, ^bb3, ^bb4
  ^bb3:
    %x = arith.muli %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb4:
    %i1 = arith.addi %i, %c1 : i32
    cf.br ^bb1(%i1 : i32)
  ^bb5:
    device.return
  }
  device.func @func(%a: i32, %b: i32, %u: i1, %v: i1, %out: !device.ptr<global>) {
    cf.cond_br %u, ^bb1, ^bb2
  ^bb1:
    %x = arith.muli %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb5
  ^bb2:
    cf.cond_br %v, ^bb3, ^bb4
  ^bb3:
    %y = arith.muli %a, %b : i32
    device.store %y, %out : i32, !device.ptr<global>
    cf.br ^bb5
  ^bb4:
    cf.br ^bb5
  ^bb5:
    device.return
  }
}

// SPRE-LABEL: device.kernel @uniform(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SPRE-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// SPRE-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb5
// SPRE-NEXT: ^bb2:  // pred: ^bb0
// SPRE-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SPRE-NEXT: ^bb3:  // pred: ^bb2
// SPRE-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb5
// SPRE-NEXT: ^bb4:  // pred: ^bb2
// SPRE-NEXT: cf.br ^bb5
// SPRE-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SPRE-NEXT: device.return
// SPRE-LABEL: device.kernel @loop(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SPRE-NEXT: %c0_i32 = arith.constant 0 : i32
// SPRE-NEXT: %c1_i32 = arith.constant 1 : i32
// SPRE-NEXT: cf.br ^bb1(%c0_i32 : i32)
// SPRE-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb4
// SPRE-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SPRE-NEXT: cf.cond_br %1, ^bb2, ^bb5
// SPRE-NEXT: ^bb2:  // pred: ^bb1
// SPRE-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SPRE-NEXT: ^bb3:  // pred: ^bb2
// SPRE-NEXT: %2 = arith.muli %arg0, %arg1 : i32
// SPRE-NEXT: device.store %2, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb4
// SPRE-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SPRE-NEXT: %3 = arith.addi %0, %c1_i32 : i32
// SPRE-NEXT: cf.br ^bb1(%3 : i32)
// SPRE-NEXT: ^bb5:  // pred: ^bb1
// SPRE-NEXT: device.return
// SPRE-LABEL: device.func @func(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SPRE-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// SPRE-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb5
// SPRE-NEXT: ^bb2:  // pred: ^bb0
// SPRE-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SPRE-NEXT: ^bb3:  // pred: ^bb2
// SPRE-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb5
// SPRE-NEXT: ^bb4:  // pred: ^bb2
// SPRE-NEXT: cf.br ^bb5
// SPRE-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SPRE-NEXT: device.return

// SSCM-LABEL: device.kernel @uniform(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SSCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// SSCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb5
// SSCM-NEXT: ^bb2:  // pred: ^bb0
// SSCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SSCM-NEXT: ^bb3:  // pred: ^bb2
// SSCM-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// SSCM-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb5
// SSCM-NEXT: ^bb4:  // pred: ^bb2
// SSCM-NEXT: cf.br ^bb5
// SSCM-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SSCM-NEXT: device.return
// SSCM-LABEL: device.kernel @loop(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SSCM-NEXT: %c0_i32 = arith.constant 0 : i32
// SSCM-NEXT: %c1_i32 = arith.constant 1 : i32
// SSCM-NEXT: cf.br ^bb1(%c0_i32 : i32)
// SSCM-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb4
// SSCM-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SSCM-NEXT: cf.cond_br %1, ^bb2, ^bb5
// SSCM-NEXT: ^bb2:  // pred: ^bb1
// SSCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SSCM-NEXT: ^bb3:  // pred: ^bb2
// SSCM-NEXT: %2 = arith.muli %arg0, %arg1 : i32
// SSCM-NEXT: device.store %2, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb4
// SSCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SSCM-NEXT: %3 = arith.addi %0, %c1_i32 : i32
// SSCM-NEXT: cf.br ^bb1(%3 : i32)
// SSCM-NEXT: ^bb5:  // pred: ^bb1
// SSCM-NEXT: device.return
// SSCM-LABEL: device.func @func(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SSCM-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// SSCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb5
// SSCM-NEXT: ^bb2:  // pred: ^bb0
// SSCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SSCM-NEXT: ^bb3:  // pred: ^bb2
// SSCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb5
// SSCM-NEXT: ^bb4:  // pred: ^bb2
// SSCM-NEXT: cf.br ^bb5
// SSCM-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SSCM-NEXT: device.return

// SCM-LABEL: device.kernel @uniform(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// SCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb5
// SCM-NEXT: ^bb2:  // pred: ^bb0
// SCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SCM-NEXT: ^bb3:  // pred: ^bb2
// SCM-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// SCM-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb5
// SCM-NEXT: ^bb4:  // pred: ^bb2
// SCM-NEXT: cf.br ^bb5
// SCM-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SCM-NEXT: device.return
// SCM-LABEL: device.kernel @loop(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SCM-NEXT: %c0_i32 = arith.constant 0 : i32
// SCM-NEXT: %c1_i32 = arith.constant 1 : i32
// SCM-NEXT: cf.br ^bb1(%c0_i32 : i32)
// SCM-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb4
// SCM-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SCM-NEXT: cf.cond_br %1, ^bb2, ^bb5
// SCM-NEXT: ^bb2:  // pred: ^bb1
// SCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SCM-NEXT: ^bb3:  // pred: ^bb2
// SCM-NEXT: %2 = arith.muli %arg0, %arg1 : i32
// SCM-NEXT: device.store %2, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb4
// SCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SCM-NEXT: %3 = arith.addi %0, %c1_i32 : i32
// SCM-NEXT: cf.br ^bb1(%3 : i32)
// SCM-NEXT: ^bb5:  // pred: ^bb1
// SCM-NEXT: device.return
// SCM-LABEL: device.func @func(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i1, %arg4: !device.ptr<global>) {
// SCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// SCM-NEXT: device.store %0, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb5
// SCM-NEXT: ^bb2:  // pred: ^bb0
// SCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SCM-NEXT: ^bb3:  // pred: ^bb2
// SCM-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// SCM-NEXT: device.store %1, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb5
// SCM-NEXT: ^bb4:  // pred: ^bb2
// SCM-NEXT: cf.br ^bb5
// SCM-NEXT: ^bb5:  // 3 preds: ^bb1, ^bb3, ^bb4
// SCM-NEXT: device.return
