// Speculation must not make programs fault. All kernels have the shape of
// Fig. 4.6 (see sscm.mlir: node 1 branches uniformly, nodes 4 and 6
// divergently; the expression is computed in nodes 3, 7 and 8).
// @div: a signed division by a kernel parameter may trap (divisor zero,
// or -1 on the minimum value), so neither sscm nor spre may hoist it out
// of node 4's branch; both stop at node 6 like scm (7 and 8 compute it on
// every path from there: not speculative).
// @div_const: the divisor is the constant 4, so the division may be
// speculated and sscm and spre move it to node 1.
// @load: a load of an argument pointer nobody else reads or writes on the
// path 1-2-4-5-10 is not provably dereferenceable there: without
// speculate-loads it stops at node 6; with speculate-loads=true it goes
// to node 1 (LOADS, SPRELOADS).
// @load_deref: the entry block stores to the same address first, so the
// address is dereferenceable on every path after it and sscm hoists the
// load to node 1 even without the option.
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(scm)))' | FileCheck %s --check-prefix=SCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(spre)))' | FileCheck %s --check-prefix=SPRE
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(sscm)))' | FileCheck %s --check-prefix=SSCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(sscm{speculate-loads=true})))' | FileCheck %s --check-prefix=LOADS
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(spre{speculate-loads=true})))' | FileCheck %s --check-prefix=SPRELOADS

device.module @m {
  device.kernel @div(%a: i32, %b: i32, %n: i32, %u: i1, %out: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %d4 = arith.cmpi slt, %t, %n : i32
    %d6 = arith.cmpi sgt, %t, %n : i32
    cf.cond_br %u, ^bb1, ^bb5
  ^bb1:
    cf.br ^bb3
  ^bb2:
    %x = arith.divsi %a, %n : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb3:
    cf.cond_br %d4, ^bb2, ^bb4
  ^bb4:
    cf.br ^bb9
  ^bb5:
    cf.cond_br %d6, ^bb6, ^bb7
  ^bb6:
    %y = arith.divsi %a, %n : i32
    device.store %y, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb7:
    %z = arith.divsi %a, %n : i32
    device.store %z, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb8:
    cf.br ^bb9
  ^bb9:
    device.return
  }
  device.kernel @div_const(%a: i32, %b: i32, %n: i32, %u: i1, %out: !device.ptr<global>) {
    %c4 = arith.constant 4 : i32
    %t = device.thread_id x : i32
    %d4 = arith.cmpi slt, %t, %n : i32
    %d6 = arith.cmpi sgt, %t, %n : i32
    cf.cond_br %u, ^bb1, ^bb5
  ^bb1:
    cf.br ^bb3
  ^bb2:
    %x = arith.divsi %a, %c4 : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb3:
    cf.cond_br %d4, ^bb2, ^bb4
  ^bb4:
    cf.br ^bb9
  ^bb5:
    cf.cond_br %d6, ^bb6, ^bb7
  ^bb6:
    %y = arith.divsi %a, %c4 : i32
    device.store %y, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb7:
    %z = arith.divsi %a, %c4 : i32
    device.store %z, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb8:
    cf.br ^bb9
  ^bb9:
    device.return
  }
  device.kernel @load(%p: !device.ptr<global> {device.restrict}, %n: i32, %u: i1, %out: !device.ptr<global> {device.restrict}) {
    %t = device.thread_id x : i32
    %d4 = arith.cmpi slt, %t, %n : i32
    %d6 = arith.cmpi sgt, %t, %n : i32
    cf.cond_br %u, ^bb1, ^bb5
  ^bb1:
    cf.br ^bb3
  ^bb2:
    %x = device.load %p : !device.ptr<global> -> i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb3:
    cf.cond_br %d4, ^bb2, ^bb4
  ^bb4:
    cf.br ^bb9
  ^bb5:
    cf.cond_br %d6, ^bb6, ^bb7
  ^bb6:
    %y = device.load %p : !device.ptr<global> -> i32
    device.store %y, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb7:
    %z = device.load %p : !device.ptr<global> -> i32
    device.store %z, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb8:
    cf.br ^bb9
  ^bb9:
    device.return
  }
  device.kernel @load_deref(%p: !device.ptr<global> {device.restrict}, %n: i32, %v: i32, %u: i1, %out: !device.ptr<global> {device.restrict}) {
    %t = device.thread_id x : i32
    %d4 = arith.cmpi slt, %t, %n : i32
    %d6 = arith.cmpi sgt, %t, %n : i32
    device.store %v, %p : i32, !device.ptr<global>
    cf.cond_br %u, ^bb1, ^bb5
  ^bb1:
    cf.br ^bb3
  ^bb2:
    %x = device.load %p : !device.ptr<global> -> i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb3:
    cf.cond_br %d4, ^bb2, ^bb4
  ^bb4:
    cf.br ^bb9
  ^bb5:
    cf.cond_br %d6, ^bb6, ^bb7
  ^bb6:
    %y = device.load %p : !device.ptr<global> -> i32
    device.store %y, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb7:
    %z = device.load %p : !device.ptr<global> -> i32
    device.store %z, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb8:
    cf.br ^bb9
  ^bb9:
    device.return
  }
}

// SCM-LABEL: device.kernel @div(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SCM-NEXT: %0 = device.thread_id x : i32
// SCM-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SCM-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SCM-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: cf.br ^bb3
// SCM-NEXT: ^bb2:  // pred: ^bb3
// SCM-NEXT: %3 = arith.divsi %arg0, %arg2 : i32
// SCM-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb4
// SCM-NEXT: ^bb3:  // pred: ^bb1
// SCM-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SCM-NEXT: cf.br ^bb9
// SCM-NEXT: ^bb5:  // pred: ^bb0
// SCM-NEXT: %4 = arith.divsi %arg0, %arg2 : i32
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
// SCM-LABEL: device.kernel @div_const(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SCM-NEXT: %c4_i32 = arith.constant 4 : i32
// SCM-NEXT: %0 = device.thread_id x : i32
// SCM-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SCM-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SCM-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: cf.br ^bb3
// SCM-NEXT: ^bb2:  // pred: ^bb3
// SCM-NEXT: %3 = arith.divsi %arg0, %c4_i32 : i32
// SCM-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb4
// SCM-NEXT: ^bb3:  // pred: ^bb1
// SCM-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SCM-NEXT: cf.br ^bb9
// SCM-NEXT: ^bb5:  // pred: ^bb0
// SCM-NEXT: %4 = arith.divsi %arg0, %c4_i32 : i32
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
// SCM-LABEL: device.kernel @load(%arg0: !device.ptr<global> {device.restrict}, %arg1: i32, %arg2: i1, %arg3: !device.ptr<global> {device.restrict}) {
// SCM-NEXT: %0 = device.thread_id x : i32
// SCM-NEXT: %1 = arith.cmpi slt, %0, %arg1 : i32
// SCM-NEXT: %2 = arith.cmpi sgt, %0, %arg1 : i32
// SCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb5
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: cf.br ^bb3
// SCM-NEXT: ^bb2:  // pred: ^bb3
// SCM-NEXT: %3 = device.load %arg0 : !device.ptr<global> -> i32
// SCM-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb4
// SCM-NEXT: ^bb3:  // pred: ^bb1
// SCM-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SCM-NEXT: cf.br ^bb9
// SCM-NEXT: ^bb5:  // pred: ^bb0
// SCM-NEXT: %4 = device.load %arg0 : !device.ptr<global> -> i32
// SCM-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SCM-NEXT: ^bb6:  // pred: ^bb5
// SCM-NEXT: device.store %4, %arg3 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb8
// SCM-NEXT: ^bb7:  // pred: ^bb5
// SCM-NEXT: device.store %4, %arg3 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb8
// SCM-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SCM-NEXT: cf.br ^bb9
// SCM-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SCM-NEXT: device.return
// SCM-LABEL: device.kernel @load_deref(%arg0: !device.ptr<global> {device.restrict}, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global> {device.restrict}) {
// SCM-NEXT: %0 = device.thread_id x : i32
// SCM-NEXT: %1 = arith.cmpi slt, %0, %arg1 : i32
// SCM-NEXT: %2 = arith.cmpi sgt, %0, %arg1 : i32
// SCM-NEXT: device.store %arg2, %arg0 : i32, !device.ptr<global>
// SCM-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: cf.br ^bb3
// SCM-NEXT: ^bb2:  // pred: ^bb3
// SCM-NEXT: %3 = device.load %arg0 : !device.ptr<global> -> i32
// SCM-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb4
// SCM-NEXT: ^bb3:  // pred: ^bb1
// SCM-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SCM-NEXT: cf.br ^bb9
// SCM-NEXT: ^bb5:  // pred: ^bb0
// SCM-NEXT: %4 = device.load %arg0 : !device.ptr<global> -> i32
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

// SPRE-LABEL: device.kernel @div(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SPRE-NEXT: %0 = device.thread_id x : i32
// SPRE-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SPRE-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SPRE-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: cf.br ^bb3
// SPRE-NEXT: ^bb2:  // pred: ^bb3
// SPRE-NEXT: %3 = arith.divsi %arg0, %arg2 : i32
// SPRE-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb4
// SPRE-NEXT: ^bb3:  // pred: ^bb1
// SPRE-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SPRE-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SPRE-NEXT: cf.br ^bb9
// SPRE-NEXT: ^bb5:  // pred: ^bb0
// SPRE-NEXT: %4 = arith.divsi %arg0, %arg2 : i32
// SPRE-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SPRE-NEXT: ^bb6:  // pred: ^bb5
// SPRE-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb8
// SPRE-NEXT: ^bb7:  // pred: ^bb5
// SPRE-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb8
// SPRE-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SPRE-NEXT: cf.br ^bb9
// SPRE-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SPRE-NEXT: device.return
// SPRE-LABEL: device.kernel @div_const(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SPRE-NEXT: %c4_i32 = arith.constant 4 : i32
// SPRE-NEXT: %0 = device.thread_id x : i32
// SPRE-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SPRE-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SPRE-NEXT: %3 = arith.divsi %arg0, %c4_i32 : i32
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
// SPRE-LABEL: device.kernel @load(%arg0: !device.ptr<global> {device.restrict}, %arg1: i32, %arg2: i1, %arg3: !device.ptr<global> {device.restrict}) {
// SPRE-NEXT: %0 = device.thread_id x : i32
// SPRE-NEXT: %1 = arith.cmpi slt, %0, %arg1 : i32
// SPRE-NEXT: %2 = arith.cmpi sgt, %0, %arg1 : i32
// SPRE-NEXT: cf.cond_br %arg2, ^bb1, ^bb5
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: cf.br ^bb3
// SPRE-NEXT: ^bb2:  // pred: ^bb3
// SPRE-NEXT: %3 = device.load %arg0 : !device.ptr<global> -> i32
// SPRE-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb4
// SPRE-NEXT: ^bb3:  // pred: ^bb1
// SPRE-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SPRE-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SPRE-NEXT: cf.br ^bb9
// SPRE-NEXT: ^bb5:  // pred: ^bb0
// SPRE-NEXT: %4 = device.load %arg0 : !device.ptr<global> -> i32
// SPRE-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SPRE-NEXT: ^bb6:  // pred: ^bb5
// SPRE-NEXT: device.store %4, %arg3 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb8
// SPRE-NEXT: ^bb7:  // pred: ^bb5
// SPRE-NEXT: device.store %4, %arg3 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb8
// SPRE-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SPRE-NEXT: cf.br ^bb9
// SPRE-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SPRE-NEXT: device.return
// SPRE-LABEL: device.kernel @load_deref(%arg0: !device.ptr<global> {device.restrict}, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global> {device.restrict}) {
// SPRE-NEXT: %0 = device.thread_id x : i32
// SPRE-NEXT: %1 = arith.cmpi slt, %0, %arg1 : i32
// SPRE-NEXT: %2 = arith.cmpi sgt, %0, %arg1 : i32
// SPRE-NEXT: device.store %arg2, %arg0 : i32, !device.ptr<global>
// SPRE-NEXT: %3 = device.load %arg0 : !device.ptr<global> -> i32
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

// SSCM-LABEL: device.kernel @div(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SSCM-NEXT: %0 = device.thread_id x : i32
// SSCM-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SSCM-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SSCM-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: cf.br ^bb3
// SSCM-NEXT: ^bb2:  // pred: ^bb3
// SSCM-NEXT: %3 = arith.divsi %arg0, %arg2 : i32
// SSCM-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb4
// SSCM-NEXT: ^bb3:  // pred: ^bb1
// SSCM-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SSCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SSCM-NEXT: cf.br ^bb9
// SSCM-NEXT: ^bb5:  // pred: ^bb0
// SSCM-NEXT: %4 = arith.divsi %arg0, %arg2 : i32
// SSCM-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SSCM-NEXT: ^bb6:  // pred: ^bb5
// SSCM-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb8
// SSCM-NEXT: ^bb7:  // pred: ^bb5
// SSCM-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb8
// SSCM-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SSCM-NEXT: cf.br ^bb9
// SSCM-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SSCM-NEXT: device.return
// SSCM-LABEL: device.kernel @div_const(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SSCM-NEXT: %c4_i32 = arith.constant 4 : i32
// SSCM-NEXT: %0 = device.thread_id x : i32
// SSCM-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SSCM-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SSCM-NEXT: %3 = arith.divsi %arg0, %c4_i32 : i32
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
// SSCM-LABEL: device.kernel @load(%arg0: !device.ptr<global> {device.restrict}, %arg1: i32, %arg2: i1, %arg3: !device.ptr<global> {device.restrict}) {
// SSCM-NEXT: %0 = device.thread_id x : i32
// SSCM-NEXT: %1 = arith.cmpi slt, %0, %arg1 : i32
// SSCM-NEXT: %2 = arith.cmpi sgt, %0, %arg1 : i32
// SSCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb5
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: cf.br ^bb3
// SSCM-NEXT: ^bb2:  // pred: ^bb3
// SSCM-NEXT: %3 = device.load %arg0 : !device.ptr<global> -> i32
// SSCM-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb4
// SSCM-NEXT: ^bb3:  // pred: ^bb1
// SSCM-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SSCM-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SSCM-NEXT: cf.br ^bb9
// SSCM-NEXT: ^bb5:  // pred: ^bb0
// SSCM-NEXT: %4 = device.load %arg0 : !device.ptr<global> -> i32
// SSCM-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SSCM-NEXT: ^bb6:  // pred: ^bb5
// SSCM-NEXT: device.store %4, %arg3 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb8
// SSCM-NEXT: ^bb7:  // pred: ^bb5
// SSCM-NEXT: device.store %4, %arg3 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb8
// SSCM-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SSCM-NEXT: cf.br ^bb9
// SSCM-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SSCM-NEXT: device.return
// SSCM-LABEL: device.kernel @load_deref(%arg0: !device.ptr<global> {device.restrict}, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global> {device.restrict}) {
// SSCM-NEXT: %0 = device.thread_id x : i32
// SSCM-NEXT: %1 = arith.cmpi slt, %0, %arg1 : i32
// SSCM-NEXT: %2 = arith.cmpi sgt, %0, %arg1 : i32
// SSCM-NEXT: device.store %arg2, %arg0 : i32, !device.ptr<global>
// SSCM-NEXT: %3 = device.load %arg0 : !device.ptr<global> -> i32
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

// LOADS-LABEL: device.kernel @div(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// LOADS-NEXT: %0 = device.thread_id x : i32
// LOADS-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// LOADS-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// LOADS-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// LOADS-NEXT: ^bb1:  // pred: ^bb0
// LOADS-NEXT: cf.br ^bb3
// LOADS-NEXT: ^bb2:  // pred: ^bb3
// LOADS-NEXT: %3 = arith.divsi %arg0, %arg2 : i32
// LOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// LOADS-NEXT: cf.br ^bb4
// LOADS-NEXT: ^bb3:  // pred: ^bb1
// LOADS-NEXT: cf.cond_br %1, ^bb2, ^bb4
// LOADS-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// LOADS-NEXT: cf.br ^bb9
// LOADS-NEXT: ^bb5:  // pred: ^bb0
// LOADS-NEXT: %4 = arith.divsi %arg0, %arg2 : i32
// LOADS-NEXT: cf.cond_br %2, ^bb6, ^bb7
// LOADS-NEXT: ^bb6:  // pred: ^bb5
// LOADS-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// LOADS-NEXT: cf.br ^bb8
// LOADS-NEXT: ^bb7:  // pred: ^bb5
// LOADS-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// LOADS-NEXT: cf.br ^bb8
// LOADS-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// LOADS-NEXT: cf.br ^bb9
// LOADS-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// LOADS-NEXT: device.return
// LOADS-LABEL: device.kernel @div_const(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// LOADS-NEXT: %c4_i32 = arith.constant 4 : i32
// LOADS-NEXT: %0 = device.thread_id x : i32
// LOADS-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// LOADS-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// LOADS-NEXT: %3 = arith.divsi %arg0, %c4_i32 : i32
// LOADS-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// LOADS-NEXT: ^bb1:  // pred: ^bb0
// LOADS-NEXT: cf.br ^bb3
// LOADS-NEXT: ^bb2:  // pred: ^bb3
// LOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// LOADS-NEXT: cf.br ^bb4
// LOADS-NEXT: ^bb3:  // pred: ^bb1
// LOADS-NEXT: cf.cond_br %1, ^bb2, ^bb4
// LOADS-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// LOADS-NEXT: cf.br ^bb9
// LOADS-NEXT: ^bb5:  // pred: ^bb0
// LOADS-NEXT: cf.cond_br %2, ^bb6, ^bb7
// LOADS-NEXT: ^bb6:  // pred: ^bb5
// LOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// LOADS-NEXT: cf.br ^bb8
// LOADS-NEXT: ^bb7:  // pred: ^bb5
// LOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// LOADS-NEXT: cf.br ^bb8
// LOADS-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// LOADS-NEXT: cf.br ^bb9
// LOADS-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// LOADS-NEXT: device.return
// LOADS-LABEL: device.kernel @load(%arg0: !device.ptr<global> {device.restrict}, %arg1: i32, %arg2: i1, %arg3: !device.ptr<global> {device.restrict}) {
// LOADS-NEXT: %0 = device.thread_id x : i32
// LOADS-NEXT: %1 = arith.cmpi slt, %0, %arg1 : i32
// LOADS-NEXT: %2 = arith.cmpi sgt, %0, %arg1 : i32
// LOADS-NEXT: %3 = device.load %arg0 : !device.ptr<global> -> i32
// LOADS-NEXT: cf.cond_br %arg2, ^bb1, ^bb5
// LOADS-NEXT: ^bb1:  // pred: ^bb0
// LOADS-NEXT: cf.br ^bb3
// LOADS-NEXT: ^bb2:  // pred: ^bb3
// LOADS-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// LOADS-NEXT: cf.br ^bb4
// LOADS-NEXT: ^bb3:  // pred: ^bb1
// LOADS-NEXT: cf.cond_br %1, ^bb2, ^bb4
// LOADS-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// LOADS-NEXT: cf.br ^bb9
// LOADS-NEXT: ^bb5:  // pred: ^bb0
// LOADS-NEXT: cf.cond_br %2, ^bb6, ^bb7
// LOADS-NEXT: ^bb6:  // pred: ^bb5
// LOADS-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// LOADS-NEXT: cf.br ^bb8
// LOADS-NEXT: ^bb7:  // pred: ^bb5
// LOADS-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// LOADS-NEXT: cf.br ^bb8
// LOADS-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// LOADS-NEXT: cf.br ^bb9
// LOADS-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// LOADS-NEXT: device.return
// LOADS-LABEL: device.kernel @load_deref(%arg0: !device.ptr<global> {device.restrict}, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global> {device.restrict}) {
// LOADS-NEXT: %0 = device.thread_id x : i32
// LOADS-NEXT: %1 = arith.cmpi slt, %0, %arg1 : i32
// LOADS-NEXT: %2 = arith.cmpi sgt, %0, %arg1 : i32
// LOADS-NEXT: device.store %arg2, %arg0 : i32, !device.ptr<global>
// LOADS-NEXT: %3 = device.load %arg0 : !device.ptr<global> -> i32
// LOADS-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// LOADS-NEXT: ^bb1:  // pred: ^bb0
// LOADS-NEXT: cf.br ^bb3
// LOADS-NEXT: ^bb2:  // pred: ^bb3
// LOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// LOADS-NEXT: cf.br ^bb4
// LOADS-NEXT: ^bb3:  // pred: ^bb1
// LOADS-NEXT: cf.cond_br %1, ^bb2, ^bb4
// LOADS-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// LOADS-NEXT: cf.br ^bb9
// LOADS-NEXT: ^bb5:  // pred: ^bb0
// LOADS-NEXT: cf.cond_br %2, ^bb6, ^bb7
// LOADS-NEXT: ^bb6:  // pred: ^bb5
// LOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// LOADS-NEXT: cf.br ^bb8
// LOADS-NEXT: ^bb7:  // pred: ^bb5
// LOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// LOADS-NEXT: cf.br ^bb8
// LOADS-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// LOADS-NEXT: cf.br ^bb9
// LOADS-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// LOADS-NEXT: device.return

// SPRELOADS-LABEL: device.kernel @div(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SPRELOADS-NEXT: %0 = device.thread_id x : i32
// SPRELOADS-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SPRELOADS-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SPRELOADS-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SPRELOADS-NEXT: ^bb1:  // pred: ^bb0
// SPRELOADS-NEXT: cf.br ^bb3
// SPRELOADS-NEXT: ^bb2:  // pred: ^bb3
// SPRELOADS-NEXT: %3 = arith.divsi %arg0, %arg2 : i32
// SPRELOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SPRELOADS-NEXT: cf.br ^bb4
// SPRELOADS-NEXT: ^bb3:  // pred: ^bb1
// SPRELOADS-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SPRELOADS-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SPRELOADS-NEXT: cf.br ^bb9
// SPRELOADS-NEXT: ^bb5:  // pred: ^bb0
// SPRELOADS-NEXT: %4 = arith.divsi %arg0, %arg2 : i32
// SPRELOADS-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SPRELOADS-NEXT: ^bb6:  // pred: ^bb5
// SPRELOADS-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// SPRELOADS-NEXT: cf.br ^bb8
// SPRELOADS-NEXT: ^bb7:  // pred: ^bb5
// SPRELOADS-NEXT: device.store %4, %arg4 : i32, !device.ptr<global>
// SPRELOADS-NEXT: cf.br ^bb8
// SPRELOADS-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SPRELOADS-NEXT: cf.br ^bb9
// SPRELOADS-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SPRELOADS-NEXT: device.return
// SPRELOADS-LABEL: device.kernel @div_const(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global>) {
// SPRELOADS-NEXT: %c4_i32 = arith.constant 4 : i32
// SPRELOADS-NEXT: %0 = device.thread_id x : i32
// SPRELOADS-NEXT: %1 = arith.cmpi slt, %0, %arg2 : i32
// SPRELOADS-NEXT: %2 = arith.cmpi sgt, %0, %arg2 : i32
// SPRELOADS-NEXT: %3 = arith.divsi %arg0, %c4_i32 : i32
// SPRELOADS-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SPRELOADS-NEXT: ^bb1:  // pred: ^bb0
// SPRELOADS-NEXT: cf.br ^bb3
// SPRELOADS-NEXT: ^bb2:  // pred: ^bb3
// SPRELOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SPRELOADS-NEXT: cf.br ^bb4
// SPRELOADS-NEXT: ^bb3:  // pred: ^bb1
// SPRELOADS-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SPRELOADS-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SPRELOADS-NEXT: cf.br ^bb9
// SPRELOADS-NEXT: ^bb5:  // pred: ^bb0
// SPRELOADS-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SPRELOADS-NEXT: ^bb6:  // pred: ^bb5
// SPRELOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SPRELOADS-NEXT: cf.br ^bb8
// SPRELOADS-NEXT: ^bb7:  // pred: ^bb5
// SPRELOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SPRELOADS-NEXT: cf.br ^bb8
// SPRELOADS-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SPRELOADS-NEXT: cf.br ^bb9
// SPRELOADS-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SPRELOADS-NEXT: device.return
// SPRELOADS-LABEL: device.kernel @load(%arg0: !device.ptr<global> {device.restrict}, %arg1: i32, %arg2: i1, %arg3: !device.ptr<global> {device.restrict}) {
// SPRELOADS-NEXT: %0 = device.thread_id x : i32
// SPRELOADS-NEXT: %1 = arith.cmpi slt, %0, %arg1 : i32
// SPRELOADS-NEXT: %2 = arith.cmpi sgt, %0, %arg1 : i32
// SPRELOADS-NEXT: %3 = device.load %arg0 : !device.ptr<global> -> i32
// SPRELOADS-NEXT: cf.cond_br %arg2, ^bb1, ^bb5
// SPRELOADS-NEXT: ^bb1:  // pred: ^bb0
// SPRELOADS-NEXT: cf.br ^bb3
// SPRELOADS-NEXT: ^bb2:  // pred: ^bb3
// SPRELOADS-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// SPRELOADS-NEXT: cf.br ^bb4
// SPRELOADS-NEXT: ^bb3:  // pred: ^bb1
// SPRELOADS-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SPRELOADS-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SPRELOADS-NEXT: cf.br ^bb9
// SPRELOADS-NEXT: ^bb5:  // pred: ^bb0
// SPRELOADS-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SPRELOADS-NEXT: ^bb6:  // pred: ^bb5
// SPRELOADS-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// SPRELOADS-NEXT: cf.br ^bb8
// SPRELOADS-NEXT: ^bb7:  // pred: ^bb5
// SPRELOADS-NEXT: device.store %3, %arg3 : i32, !device.ptr<global>
// SPRELOADS-NEXT: cf.br ^bb8
// SPRELOADS-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SPRELOADS-NEXT: cf.br ^bb9
// SPRELOADS-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SPRELOADS-NEXT: device.return
// SPRELOADS-LABEL: device.kernel @load_deref(%arg0: !device.ptr<global> {device.restrict}, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: !device.ptr<global> {device.restrict}) {
// SPRELOADS-NEXT: %0 = device.thread_id x : i32
// SPRELOADS-NEXT: %1 = arith.cmpi slt, %0, %arg1 : i32
// SPRELOADS-NEXT: %2 = arith.cmpi sgt, %0, %arg1 : i32
// SPRELOADS-NEXT: device.store %arg2, %arg0 : i32, !device.ptr<global>
// SPRELOADS-NEXT: %3 = device.load %arg0 : !device.ptr<global> -> i32
// SPRELOADS-NEXT: cf.cond_br %arg3, ^bb1, ^bb5
// SPRELOADS-NEXT: ^bb1:  // pred: ^bb0
// SPRELOADS-NEXT: cf.br ^bb3
// SPRELOADS-NEXT: ^bb2:  // pred: ^bb3
// SPRELOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SPRELOADS-NEXT: cf.br ^bb4
// SPRELOADS-NEXT: ^bb3:  // pred: ^bb1
// SPRELOADS-NEXT: cf.cond_br %1, ^bb2, ^bb4
// SPRELOADS-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// SPRELOADS-NEXT: cf.br ^bb9
// SPRELOADS-NEXT: ^bb5:  // pred: ^bb0
// SPRELOADS-NEXT: cf.cond_br %2, ^bb6, ^bb7
// SPRELOADS-NEXT: ^bb6:  // pred: ^bb5
// SPRELOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SPRELOADS-NEXT: cf.br ^bb8
// SPRELOADS-NEXT: ^bb7:  // pred: ^bb5
// SPRELOADS-NEXT: device.store %3, %arg4 : i32, !device.ptr<global>
// SPRELOADS-NEXT: cf.br ^bb8
// SPRELOADS-NEXT: ^bb8:  // 2 preds: ^bb6, ^bb7
// SPRELOADS-NEXT: cf.br ^bb9
// SPRELOADS-NEXT: ^bb9:  // 2 preds: ^bb4, ^bb8
// SPRELOADS-NEXT: device.return
