// The SRQP family (thesis §4.3) on graphs rebuilt from the prose of
// Figs. 4.9-4.13 (the figures are pictures), with one RUN line per variant.
//
// @fig49 (Fig. 4.9, PREQP): the load at the join ^bb3 is available from
// ^bb1 only; the join is down-safe, so srqp inserts it into ^bb2 and
// merges. The branch is on a kernel parameter (uniform), so ^bb2 is in the
// CDRND and esrqp and ssrqp do the same; ssrqp-s, blind to divergence,
// instead hoists ^bb1's load speculatively above the branch (its address
// is loaded on every path from there, so it is dereferenceable).
// @fig410 (Fig. 4.10, isReal): the query reaches ^bb4 through an empty
// loop; the loop header answers (true, false) through its back edge, which
// is not real, so nothing is inserted before the loop (the
// hoisting-through-the-loop effect); the load goes on the loop's exit edge.
// @fig411 (Fig. 4.11, conversion through i = i + 1, in the exact form
// this implementation requires: the loop is bottom-tested and A[i+1] is
// loaded on every path of an iteration): the query for A[i] crosses the
// block argument %i (becoming A[%i1] on the back edge) and the definition
// %i1 = %i + 1 (becoming A[%i + 1]), which matches the iteration's load;
// A[0] is inserted before the loop and A[i] becomes a loop-carried value.
// @fig412 (Fig. 4.12): as @fig49 with a divergent branch (thread id).
// srqp inserts into ^bb2; esrqp suppresses that (^bb2 is control dependent
// on a divergent branch, outside the CDRND) and leaves the code; ssrqp-s
// and ssrqp hoist ^bb1's load out of the divergent branch and the join's
// load becomes redundant.
// @fig413 (Fig. 4.13): a loop whose header (node 2) and node 4 branch
// divergently; node 5 loads A[i+1], node 8 loads A[i] and increments i.
// The thesis's SRQP inserts A[i+1] into nodes 3 and 6 (Fig. 4.11f), which
// reads one element past the last iteration's; here srqp and esrqp refuse
// (the loop exit is not down-safe for A[i+1]). ssrqp hoists A[i+1] to the
// header only with speculate-loads=true (the address is not proven
// dereferenceable), and then A[i] at node 8 becomes loop-carried, with A[0]
// inserted before the loop, as in Fig. 4.13c.
// @not_deref: a load on one side only is never hoisted without proof.
// @killed: a store through another argument may alias: nothing is
// available at ^bb3 (ssrqp-s, after hoisting, reloads after the store).
// @in_func: the @fig49 shape in a device.func (the other anchor).
// The SCM family (lcm, scm, spre, sscm) on the same kernels: none of them
// does the i -> i+1 conversion, so A[i] and A[i+1] stay distinct and the
// loads of @fig411 and @fig413 are not touched. lcm places @fig49's and
// @fig412's load like srqp (into ^bb2, even though @fig412's branch is
// divergent) and @fig410's on the loop's exit edge; in @fig413 it only
// merges i+1 (new in ^bb2 and ^bb5, loop-carried through block arguments)
// and hoists the invariant q+4 to the entry. scm, spre and sscm agree
// everywhere: the joins' loads of @fig49/@fig410/@fig412 are executed on
// every path, so all three compute them once in the entry (not
// speculative; ^bb1's store is through a restrict pointer), and in @fig413
// i+1 is computed once in the header. None moves @not_deref's load (no
// speculate-loads) or @killed's (the store may alias).
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(srqp)))' | FileCheck %s --check-prefix=SRQP
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(esrqp)))' | FileCheck %s --check-prefix=ESRQP
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp-s)))' | FileCheck %s --check-prefix=SSRQPS
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp)))' | FileCheck %s --check-prefix=SSRQP
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp{speculate-loads=true})))' | FileCheck %s --check-prefix=SPEC
// RUN: not lockstep-opt %s -p 'builtin.module(device.module(device.kernel(srqp{speculate-loads=true})))' 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not lockstep-opt %s -p 'builtin.module(srqp)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.func(srqp)))' | FileCheck %s --check-prefix=FUNC
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(lcm)))' | FileCheck %s --check-prefix=LCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(scm)))' | FileCheck %s --check-prefix=SCM
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(spre)))' | FileCheck %s --check-prefix=SPRE
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(sscm)))' | FileCheck %s --check-prefix=SSCM

// OPTION: no such option 'speculate-loads' for pass 'srqp'
// ANCHOR: 'srqp' runs on 'device.kernel' and 'device.func', not on

device.module @m {
// SRQP-LABEL: device.kernel @fig49
// SRQP: ^bb1:
// SRQP-NEXT: %0 = device.load %arg0
// SRQP: cf.br ^bb3(%0 : i32)
// SRQP: ^bb2:
// SRQP-NEXT: %1 = device.load %arg0
// SRQP-NEXT: cf.br ^bb3(%1 : i32)
// SRQP: ^bb3(%2: i32):
// SRQP-NEXT: device.store %2, %arg1
// ESRQP-LABEL: device.kernel @fig49
// ESRQP: ^bb2:
// ESRQP-NEXT: %1 = device.load %arg0
// ESRQP-NEXT: cf.br ^bb3(%1 : i32)
// SSRQP-LABEL: device.kernel @fig49
// SSRQP: ^bb2:
// SSRQP-NEXT: %1 = device.load %arg0
// SSRQP-NEXT: cf.br ^bb3(%1 : i32)
// SSRQPS-LABEL: device.kernel @fig49
// SSRQPS-NEXT: %0 = device.load %arg0
// SSRQPS-NEXT: cf.cond_br
// SSRQPS-NOT: device.load
// SSRQPS: device.return
  device.kernel @fig49(%p: !device.ptr<global>, %q: !device.ptr<global> {device.restrict}, %c: i1) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %v = device.load %p : !device.ptr<global> -> i32
    device.store %v, %q : i32, !device.ptr<global>
    cf.br ^bb3
  ^bb2:
    cf.br ^bb3
  ^bb3:
    %w = device.load %p : !device.ptr<global> -> i32
    device.store %w, %q : i32, !device.ptr<global>
    device.return
  }
// SRQP-LABEL: device.kernel @fig410
// SRQP: ^bb2:
// SRQP-NEXT: cf.br ^bb3
// SRQP: ^bb3:
// SRQP-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SRQP: ^bb4:
// SRQP-NEXT: %1 = device.load %arg0
// SRQP-NEXT: cf.br ^bb5(%1 : i32)
// SRQP: ^bb5(%2: i32):
// SRQP-NEXT: device.store %2, %arg1
  device.kernel @fig410(%p: !device.ptr<global>, %q: !device.ptr<global> {device.restrict}, %c: i1, %d: i1) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %v = device.load %p : !device.ptr<global> -> i32
    device.store %v, %q : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb2:
    cf.br ^bb3
  ^bb3:
    cf.cond_br %d, ^bb3, ^bb4
  ^bb4:
    %w = device.load %p : !device.ptr<global> -> i32
    device.store %w, %q : i32, !device.ptr<global>
    device.return
  }
// SRQP-LABEL: device.kernel @fig412
// SRQP: ^bb2:
// SRQP-NEXT: %3 = device.load %arg0
// SRQP-NEXT: cf.br ^bb3(%3 : i32)
// ESRQP-LABEL: device.kernel @fig412
// ESRQP: ^bb2:
// ESRQP-NEXT: cf.br ^bb3
// ESRQP: ^bb3:
// ESRQP-NEXT: %3 = device.load %arg0
// SSRQPS-LABEL: device.kernel @fig412
// SSRQPS: %2 = device.load %arg0
// SSRQPS-NEXT: cf.cond_br %1, ^bb1, ^bb2
// SSRQPS-NOT: device.load
// SSRQPS: device.return
// SSRQP-LABEL: device.kernel @fig412
// SSRQP: %2 = device.load %arg0
// SSRQP-NEXT: cf.cond_br %1, ^bb1, ^bb2
// SSRQP-NOT: device.load
// SSRQP: device.return
  device.kernel @fig412(%p: !device.ptr<global>, %q: !device.ptr<global> {device.restrict}) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c = arith.cmpi eq, %t, %c0 : i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %v = device.load %p : !device.ptr<global> -> i32
    device.store %v, %q : i32, !device.ptr<global>
    cf.br ^bb3
  ^bb2:
    cf.br ^bb3
  ^bb3:
    %w = device.load %p : !device.ptr<global> -> i32
    device.store %w, %q : i32, !device.ptr<global>
    device.return
  }
// SRQP-LABEL: device.kernel @fig411
// SRQP: %0 = arith.extsi %c0_i32
// SRQP-NEXT: %1 = arith.muli %0, %c4_i64
// SRQP-NEXT: %2 = device.ptradd %arg0, %1
// SRQP-NEXT: %3 = device.load %2
// SRQP-NEXT: cf.br ^bb1(%c0_i32, %3 : i32, i32)
// SRQP: ^bb1(%4: i32, %5: i32):
// SRQP-NOT: device.load
// SRQP: %12 = device.load %11
// SRQP-NEXT: %13 = arith.addi %5, %12
// SRQP-NOT: device.load
// SRQP: cf.cond_br %15, ^bb1(%8, %12 : i32, i32), ^bb2
  device.kernel @fig411(%p: !device.ptr<global>, %q: !device.ptr<global> {device.restrict}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i64
    cf.br ^bb1(%c0 : i32)
  ^bb1(%i: i32):
    %e = arith.extsi %i : i32 to i64
    %o = arith.muli %e, %c4 : i64
    %a = device.ptradd %p, %o : !device.ptr<global>, i64
    %x = device.load %a : !device.ptr<global> -> i32
    %i1 = arith.addi %i, %c1 : i32
    %e1 = arith.extsi %i1 : i32 to i64
    %o1 = arith.muli %e1, %c4 : i64
    %a1 = device.ptradd %p, %o1 : !device.ptr<global>, i64
    %y = device.load %a1 : !device.ptr<global> -> i32
    %s = arith.addi %x, %y : i32
    %qa = device.ptradd %q, %o : !device.ptr<global>, i64
    device.store %s, %qa : i32, !device.ptr<global>
    %c = arith.cmpi slt, %i1, %n : i32
    cf.cond_br %c, ^bb1(%i1 : i32), ^bb2
  ^bb2:
    device.return
  }
// SRQP-LABEL: device.kernel @fig413
// SRQP-COUNT-2: device.load
// SRQP-NOT: device.load
// SRQP: device.return
// ESRQP-LABEL: device.kernel @fig413
// ESRQP-COUNT-2: device.load
// ESRQP-NOT: device.load
// ESRQP: device.return
// SSRQP-LABEL: device.kernel @fig413
// SSRQP: ^bb1(%1: i32):
// SSRQP-NEXT: arith.cmpi slt
// SSRQP-NEXT: cf.cond_br
// SPEC-LABEL: device.kernel @fig413
// SPEC: %4 = device.load %3
// SPEC-NEXT: cf.br ^bb1(%c0_i32, %4 : i32, i32)
// SPEC: ^bb1(%5: i32, %6: i32):
// SPEC-NEXT: %7 = arith.cmpi slt, %0, %5
// SPEC-NEXT: %8 = arith.addi %5, %c1_i32
// SPEC-NEXT: %9 = arith.extsi %8
// SPEC-NEXT: %10 = arith.muli %9, %c4_i64
// SPEC-NEXT: %11 = device.ptradd %arg0, %10
// SPEC-NEXT: %12 = device.load %11
// SPEC-NEXT: cf.cond_br %7, ^bb2, ^bb3
// SPEC-NOT: device.load
// SPEC: device.store %17, %19
// SPEC: cf.br ^bb1(%20, %18 : i32, i32)
  device.kernel @fig413(%p: !device.ptr<global>, %q: !device.ptr<global> {device.restrict}, %n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i64
    cf.br ^bb1(%c0 : i32)
  ^bb1(%i: i32):
    %d = arith.cmpi slt, %t, %i : i32
    cf.cond_br %d, ^bb2, ^bb3
  ^bb2:
    cf.br ^bb7
  ^bb3:
    %b = arith.andi %t, %c1 : i32
    %d2 = arith.cmpi eq, %b, %c0 : i32
    cf.cond_br %d2, ^bb4, ^bb5
  ^bb4:
    %j = arith.addi %i, %c1 : i32
    %ej = arith.extsi %j : i32 to i64
    %oj = arith.muli %ej, %c4 : i64
    %aj = device.ptradd %p, %oj : !device.ptr<global>, i64
    %y = device.load %aj : !device.ptr<global> -> i32
    device.store %y, %q : i32, !device.ptr<global>
    cf.br ^bb6
  ^bb5:
    cf.br ^bb6
  ^bb6:
    cf.br ^bb7
  ^bb7:
    %e = arith.extsi %i : i32 to i64
    %o = arith.muli %e, %c4 : i64
    %a = device.ptradd %p, %o : !device.ptr<global>, i64
    %x = device.load %a : !device.ptr<global> -> i32
    %qa = device.ptradd %q, %c4 : !device.ptr<global>, i64
    device.store %x, %qa : i32, !device.ptr<global>
    %i1 = arith.addi %i, %c1 : i32
    %c = arith.cmpi slt, %i1, %n : i32
    cf.cond_br %c, ^bb8, ^bb9
  ^bb8:
    cf.br ^bb1(%i1 : i32)
  ^bb9:
    device.return
  }
// SSRQPS-LABEL: device.kernel @not_deref
// SSRQPS-NEXT: cf.cond_br
// SSRQPS-NEXT: ^bb1:
// SSRQPS-NEXT: device.load
  device.kernel @not_deref(%p: !device.ptr<global>, %q: !device.ptr<global> {device.restrict}, %c: i1) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %v = device.load %p : !device.ptr<global> -> i32
    device.store %v, %q : i32, !device.ptr<global>
    cf.br ^bb2
  ^bb2:
    device.return
  }
// SRQP-LABEL: device.kernel @killed
// SRQP: ^bb3:
// SRQP-NEXT: device.load %arg0
// ESRQP-LABEL: device.kernel @killed
// ESRQP: ^bb3:
// ESRQP-NEXT: device.load %arg0
  device.kernel @killed(%p: !device.ptr<global>, %q: !device.ptr<global>, %c: i1) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %v = device.load %p : !device.ptr<global> -> i32
    device.store %v, %q : i32, !device.ptr<global>
    cf.br ^bb3
  ^bb2:
    cf.br ^bb3
  ^bb3:
    %w = device.load %p : !device.ptr<global> -> i32
    %r = arith.addi %w, %w : i32
    device.store %r, %q : i32, !device.ptr<global>
    device.return
  }
  // FUNC-LABEL: device.func @in_func
  // FUNC: ^bb2:
  // FUNC-NEXT: %1 = device.load %arg0
  // FUNC-NEXT: cf.br ^bb3(%1 : i32)
  // FUNC: ^bb3(%2: i32):
  // FUNC-NEXT: device.store %2, %arg1
  device.func @in_func(%p: !device.ptr<global>, %q: !device.ptr<global> {device.restrict}, %c: i1) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %v = device.load %p : !device.ptr<global> -> i32
    device.store %v, %q : i32, !device.ptr<global>
    cf.br ^bb3
  ^bb2:
    cf.br ^bb3
  ^bb3:
    %w = device.load %p : !device.ptr<global> -> i32
    device.store %w, %q : i32, !device.ptr<global>
    device.return
  }
}

// LCM-LABEL: device.kernel @fig49(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1) {
// LCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// LCM-NEXT: ^bb1:  // pred: ^bb0
// LCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// LCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb3(%0 : i32)
// LCM-NEXT: ^bb2:  // pred: ^bb0
// LCM-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// LCM-NEXT: cf.br ^bb3(%1 : i32)
// LCM-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// LCM-NEXT: device.store %2, %arg1 : i32, !device.ptr<global>
// LCM-NEXT: device.return
// LCM-LABEL: device.kernel @fig410(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1, %arg3: i1) {
// LCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// LCM-NEXT: ^bb1:  // pred: ^bb0
// LCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// LCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb5(%0 : i32)
// LCM-NEXT: ^bb2:  // pred: ^bb0
// LCM-NEXT: cf.br ^bb3
// LCM-NEXT: ^bb3:  // 2 preds: ^bb2, ^bb3
// LCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// LCM-NEXT: ^bb4:  // pred: ^bb3
// LCM-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// LCM-NEXT: cf.br ^bb5(%1 : i32)
// LCM-NEXT: ^bb5(%2: i32):  // 2 preds: ^bb1, ^bb4
// LCM-NEXT: device.store %2, %arg1 : i32, !device.ptr<global>
// LCM-NEXT: device.return
// LCM-LABEL: device.kernel @fig412(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}) {
// LCM-NEXT: %0 = device.thread_id x : i32
// LCM-NEXT: %c0_i32 = arith.constant 0 : i32
// LCM-NEXT: %1 = arith.cmpi eq, %0, %c0_i32 : i32
// LCM-NEXT: cf.cond_br %1, ^bb1, ^bb2
// LCM-NEXT: ^bb1:  // pred: ^bb0
// LCM-NEXT: %2 = device.load %arg0 : !device.ptr<global> -> i32
// LCM-NEXT: device.store %2, %arg1 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb3(%2 : i32)
// LCM-NEXT: ^bb2:  // pred: ^bb0
// LCM-NEXT: %3 = device.load %arg0 : !device.ptr<global> -> i32
// LCM-NEXT: cf.br ^bb3(%3 : i32)
// LCM-NEXT: ^bb3(%4: i32):  // 2 preds: ^bb1, ^bb2
// LCM-NEXT: device.store %4, %arg1 : i32, !device.ptr<global>
// LCM-NEXT: device.return
// LCM-LABEL: device.kernel @fig411(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i32) {
// LCM-NEXT: %c0_i32 = arith.constant 0 : i32
// LCM-NEXT: %c1_i32 = arith.constant 1 : i32
// LCM-NEXT: %c4_i64 = arith.constant 4 : i64
// LCM-NEXT: cf.br ^bb1(%c0_i32 : i32)
// LCM-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// LCM-NEXT: %1 = arith.extsi %0 : i32 to i64
// LCM-NEXT: %2 = arith.muli %1, %c4_i64 : i64
// LCM-NEXT: %3 = device.ptradd %arg0, %2 : !device.ptr<global>, i64
// LCM-NEXT: %4 = device.load %3 : !device.ptr<global> -> i32
// LCM-NEXT: %5 = arith.addi %0, %c1_i32 : i32
// LCM-NEXT: %6 = arith.extsi %5 : i32 to i64
// LCM-NEXT: %7 = arith.muli %6, %c4_i64 : i64
// LCM-NEXT: %8 = device.ptradd %arg0, %7 : !device.ptr<global>, i64
// LCM-NEXT: %9 = device.load %8 : !device.ptr<global> -> i32
// LCM-NEXT: %10 = arith.addi %4, %9 : i32
// LCM-NEXT: %11 = device.ptradd %arg1, %2 : !device.ptr<global>, i64
// LCM-NEXT: device.store %10, %11 : i32, !device.ptr<global>
// LCM-NEXT: %12 = arith.cmpi slt, %5, %arg2 : i32
// LCM-NEXT: cf.cond_br %12, ^bb1(%5 : i32), ^bb2
// LCM-NEXT: ^bb2:  // pred: ^bb1
// LCM-NEXT: device.return
// LCM-LABEL: device.kernel @fig413(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i32) {
// LCM-NEXT: %0 = device.thread_id x : i32
// LCM-NEXT: %c0_i32 = arith.constant 0 : i32
// LCM-NEXT: %c1_i32 = arith.constant 1 : i32
// LCM-NEXT: %c4_i64 = arith.constant 4 : i64
// LCM-NEXT: %1 = device.ptradd %arg1, %c4_i64 : !device.ptr<global>, i64
// LCM-NEXT: cf.br ^bb1(%c0_i32 : i32)
// LCM-NEXT: ^bb1(%2: i32):  // 2 preds: ^bb0, ^bb8
// LCM-NEXT: %3 = arith.cmpi slt, %0, %2 : i32
// LCM-NEXT: cf.cond_br %3, ^bb2, ^bb3
// LCM-NEXT: ^bb2:  // pred: ^bb1
// LCM-NEXT: %4 = arith.addi %2, %c1_i32 : i32
// LCM-NEXT: cf.br ^bb7(%4 : i32)
// LCM-NEXT: ^bb3:  // pred: ^bb1
// LCM-NEXT: %5 = arith.andi %0, %c1_i32 : i32
// LCM-NEXT: %6 = arith.cmpi eq, %5, %c0_i32 : i32
// LCM-NEXT: cf.cond_br %6, ^bb4, ^bb5
// LCM-NEXT: ^bb4:  // pred: ^bb3
// LCM-NEXT: %7 = arith.addi %2, %c1_i32 : i32
// LCM-NEXT: %8 = arith.extsi %7 : i32 to i64
// LCM-NEXT: %9 = arith.muli %8, %c4_i64 : i64
// LCM-NEXT: %10 = device.ptradd %arg0, %9 : !device.ptr<global>, i64
// LCM-NEXT: %11 = device.load %10 : !device.ptr<global> -> i32
// LCM-NEXT: device.store %11, %arg1 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb6(%7 : i32)
// LCM-NEXT: ^bb5:  // pred: ^bb3
// LCM-NEXT: %12 = arith.addi %2, %c1_i32 : i32
// LCM-NEXT: cf.br ^bb6(%12 : i32)
// LCM-NEXT: ^bb6(%13: i32):  // 2 preds: ^bb4, ^bb5
// LCM-NEXT: cf.br ^bb7(%13 : i32)
// LCM-NEXT: ^bb7(%14: i32):  // 2 preds: ^bb2, ^bb6
// LCM-NEXT: %15 = arith.extsi %2 : i32 to i64
// LCM-NEXT: %16 = arith.muli %15, %c4_i64 : i64
// LCM-NEXT: %17 = device.ptradd %arg0, %16 : !device.ptr<global>, i64
// LCM-NEXT: %18 = device.load %17 : !device.ptr<global> -> i32
// LCM-NEXT: device.store %18, %1 : i32, !device.ptr<global>
// LCM-NEXT: %19 = arith.cmpi slt, %14, %arg2 : i32
// LCM-NEXT: cf.cond_br %19, ^bb8, ^bb9
// LCM-NEXT: ^bb8:  // pred: ^bb7
// LCM-NEXT: cf.br ^bb1(%14 : i32)
// LCM-NEXT: ^bb9:  // pred: ^bb7
// LCM-NEXT: device.return
// LCM-LABEL: device.kernel @not_deref(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1) {
// LCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// LCM-NEXT: ^bb1:  // pred: ^bb0
// LCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// LCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb2
// LCM-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// LCM-NEXT: device.return
// LCM-LABEL: device.kernel @killed(%arg0: !device.ptr<global>, %arg1: !device.ptr<global>, %arg2: i1) {
// LCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// LCM-NEXT: ^bb1:  // pred: ^bb0
// LCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// LCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb3
// LCM-NEXT: ^bb2:  // pred: ^bb0
// LCM-NEXT: cf.br ^bb3
// LCM-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// LCM-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// LCM-NEXT: %2 = arith.addi %1, %1 : i32
// LCM-NEXT: device.store %2, %arg1 : i32, !device.ptr<global>
// LCM-NEXT: device.return
// LCM-LABEL: device.func @in_func(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1) {
// LCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// LCM-NEXT: ^bb1:  // pred: ^bb0
// LCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// LCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// LCM-NEXT: cf.br ^bb3
// LCM-NEXT: ^bb2:  // pred: ^bb0
// LCM-NEXT: cf.br ^bb3
// LCM-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// LCM-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// LCM-NEXT: device.store %1, %arg1 : i32, !device.ptr<global>
// LCM-NEXT: device.return

// SCM-LABEL: device.kernel @fig49(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1) {
// SCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb3(%0 : i32)
// SCM-NEXT: ^bb2:  // pred: ^bb0
// SCM-NEXT: cf.br ^bb3(%0 : i32)
// SCM-NEXT: ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// SCM-NEXT: device.store %1, %arg1 : i32, !device.ptr<global>
// SCM-NEXT: device.return
// SCM-LABEL: device.kernel @fig410(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1, %arg3: i1) {
// SCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb5(%0 : i32)
// SCM-NEXT: ^bb2:  // pred: ^bb0
// SCM-NEXT: cf.br ^bb3
// SCM-NEXT: ^bb3:  // 2 preds: ^bb2, ^bb3
// SCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SCM-NEXT: ^bb4:  // pred: ^bb3
// SCM-NEXT: cf.br ^bb5(%0 : i32)
// SCM-NEXT: ^bb5(%1: i32):  // 2 preds: ^bb1, ^bb4
// SCM-NEXT: device.store %1, %arg1 : i32, !device.ptr<global>
// SCM-NEXT: device.return
// SCM-LABEL: device.kernel @fig412(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}) {
// SCM-NEXT: %0 = device.thread_id x : i32
// SCM-NEXT: %c0_i32 = arith.constant 0 : i32
// SCM-NEXT: %1 = arith.cmpi eq, %0, %c0_i32 : i32
// SCM-NEXT: %2 = device.load %arg0 : !device.ptr<global> -> i32
// SCM-NEXT: cf.cond_br %1, ^bb1, ^bb2
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: device.store %2, %arg1 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb3(%2 : i32)
// SCM-NEXT: ^bb2:  // pred: ^bb0
// SCM-NEXT: cf.br ^bb3(%2 : i32)
// SCM-NEXT: ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
// SCM-NEXT: device.store %3, %arg1 : i32, !device.ptr<global>
// SCM-NEXT: device.return
// SCM-LABEL: device.kernel @fig411(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i32) {
// SCM-NEXT: %c0_i32 = arith.constant 0 : i32
// SCM-NEXT: %c1_i32 = arith.constant 1 : i32
// SCM-NEXT: %c4_i64 = arith.constant 4 : i64
// SCM-NEXT: cf.br ^bb1(%c0_i32 : i32)
// SCM-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// SCM-NEXT: %1 = arith.extsi %0 : i32 to i64
// SCM-NEXT: %2 = arith.muli %1, %c4_i64 : i64
// SCM-NEXT: %3 = device.ptradd %arg0, %2 : !device.ptr<global>, i64
// SCM-NEXT: %4 = device.load %3 : !device.ptr<global> -> i32
// SCM-NEXT: %5 = arith.addi %0, %c1_i32 : i32
// SCM-NEXT: %6 = arith.extsi %5 : i32 to i64
// SCM-NEXT: %7 = arith.muli %6, %c4_i64 : i64
// SCM-NEXT: %8 = device.ptradd %arg0, %7 : !device.ptr<global>, i64
// SCM-NEXT: %9 = device.load %8 : !device.ptr<global> -> i32
// SCM-NEXT: %10 = arith.addi %4, %9 : i32
// SCM-NEXT: %11 = device.ptradd %arg1, %2 : !device.ptr<global>, i64
// SCM-NEXT: device.store %10, %11 : i32, !device.ptr<global>
// SCM-NEXT: %12 = arith.cmpi slt, %5, %arg2 : i32
// SCM-NEXT: cf.cond_br %12, ^bb1(%5 : i32), ^bb2
// SCM-NEXT: ^bb2:  // pred: ^bb1
// SCM-NEXT: device.return
// SCM-LABEL: device.kernel @fig413(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i32) {
// SCM-NEXT: %0 = device.thread_id x : i32
// SCM-NEXT: %c0_i32 = arith.constant 0 : i32
// SCM-NEXT: %c1_i32 = arith.constant 1 : i32
// SCM-NEXT: %c4_i64 = arith.constant 4 : i64
// SCM-NEXT: %1 = device.ptradd %arg1, %c4_i64 : !device.ptr<global>, i64
// SCM-NEXT: cf.br ^bb1(%c0_i32 : i32)
// SCM-NEXT: ^bb1(%2: i32):  // 2 preds: ^bb0, ^bb8
// SCM-NEXT: %3 = arith.cmpi slt, %0, %2 : i32
// SCM-NEXT: %4 = arith.addi %2, %c1_i32 : i32
// SCM-NEXT: cf.cond_br %3, ^bb2, ^bb3
// SCM-NEXT: ^bb2:  // pred: ^bb1
// SCM-NEXT: cf.br ^bb7(%4 : i32)
// SCM-NEXT: ^bb3:  // pred: ^bb1
// SCM-NEXT: %5 = arith.andi %0, %c1_i32 : i32
// SCM-NEXT: %6 = arith.cmpi eq, %5, %c0_i32 : i32
// SCM-NEXT: cf.cond_br %6, ^bb4, ^bb5
// SCM-NEXT: ^bb4:  // pred: ^bb3
// SCM-NEXT: %7 = arith.extsi %4 : i32 to i64
// SCM-NEXT: %8 = arith.muli %7, %c4_i64 : i64
// SCM-NEXT: %9 = device.ptradd %arg0, %8 : !device.ptr<global>, i64
// SCM-NEXT: %10 = device.load %9 : !device.ptr<global> -> i32
// SCM-NEXT: device.store %10, %arg1 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb6(%4 : i32)
// SCM-NEXT: ^bb5:  // pred: ^bb3
// SCM-NEXT: cf.br ^bb6(%4 : i32)
// SCM-NEXT: ^bb6(%11: i32):  // 2 preds: ^bb4, ^bb5
// SCM-NEXT: cf.br ^bb7(%11 : i32)
// SCM-NEXT: ^bb7(%12: i32):  // 2 preds: ^bb2, ^bb6
// SCM-NEXT: %13 = arith.extsi %2 : i32 to i64
// SCM-NEXT: %14 = arith.muli %13, %c4_i64 : i64
// SCM-NEXT: %15 = device.ptradd %arg0, %14 : !device.ptr<global>, i64
// SCM-NEXT: %16 = device.load %15 : !device.ptr<global> -> i32
// SCM-NEXT: device.store %16, %1 : i32, !device.ptr<global>
// SCM-NEXT: %17 = arith.cmpi slt, %12, %arg2 : i32
// SCM-NEXT: cf.cond_br %17, ^bb8, ^bb9
// SCM-NEXT: ^bb8:  // pred: ^bb7
// SCM-NEXT: cf.br ^bb1(%12 : i32)
// SCM-NEXT: ^bb9:  // pred: ^bb7
// SCM-NEXT: device.return
// SCM-LABEL: device.kernel @not_deref(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1) {
// SCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb2
// SCM-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// SCM-NEXT: device.return
// SCM-LABEL: device.kernel @killed(%arg0: !device.ptr<global>, %arg1: !device.ptr<global>, %arg2: i1) {
// SCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb3
// SCM-NEXT: ^bb2:  // pred: ^bb0
// SCM-NEXT: cf.br ^bb3
// SCM-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// SCM-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// SCM-NEXT: %2 = arith.addi %1, %1 : i32
// SCM-NEXT: device.store %2, %arg1 : i32, !device.ptr<global>
// SCM-NEXT: device.return
// SCM-LABEL: device.func @in_func(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1) {
// SCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SCM-NEXT: ^bb1:  // pred: ^bb0
// SCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SCM-NEXT: cf.br ^bb3
// SCM-NEXT: ^bb2:  // pred: ^bb0
// SCM-NEXT: cf.br ^bb3
// SCM-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// SCM-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// SCM-NEXT: device.store %1, %arg1 : i32, !device.ptr<global>
// SCM-NEXT: device.return

// SPRE-LABEL: device.kernel @fig49(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1) {
// SPRE-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SPRE-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb3(%0 : i32)
// SPRE-NEXT: ^bb2:  // pred: ^bb0
// SPRE-NEXT: cf.br ^bb3(%0 : i32)
// SPRE-NEXT: ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// SPRE-NEXT: device.store %1, %arg1 : i32, !device.ptr<global>
// SPRE-NEXT: device.return
// SPRE-LABEL: device.kernel @fig410(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1, %arg3: i1) {
// SPRE-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SPRE-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb5(%0 : i32)
// SPRE-NEXT: ^bb2:  // pred: ^bb0
// SPRE-NEXT: cf.br ^bb3
// SPRE-NEXT: ^bb3:  // 2 preds: ^bb2, ^bb3
// SPRE-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SPRE-NEXT: ^bb4:  // pred: ^bb3
// SPRE-NEXT: cf.br ^bb5(%0 : i32)
// SPRE-NEXT: ^bb5(%1: i32):  // 2 preds: ^bb1, ^bb4
// SPRE-NEXT: device.store %1, %arg1 : i32, !device.ptr<global>
// SPRE-NEXT: device.return
// SPRE-LABEL: device.kernel @fig412(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}) {
// SPRE-NEXT: %0 = device.thread_id x : i32
// SPRE-NEXT: %c0_i32 = arith.constant 0 : i32
// SPRE-NEXT: %1 = arith.cmpi eq, %0, %c0_i32 : i32
// SPRE-NEXT: %2 = device.load %arg0 : !device.ptr<global> -> i32
// SPRE-NEXT: cf.cond_br %1, ^bb1, ^bb2
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: device.store %2, %arg1 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb3(%2 : i32)
// SPRE-NEXT: ^bb2:  // pred: ^bb0
// SPRE-NEXT: cf.br ^bb3(%2 : i32)
// SPRE-NEXT: ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
// SPRE-NEXT: device.store %3, %arg1 : i32, !device.ptr<global>
// SPRE-NEXT: device.return
// SPRE-LABEL: device.kernel @fig411(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i32) {
// SPRE-NEXT: %c0_i32 = arith.constant 0 : i32
// SPRE-NEXT: %c1_i32 = arith.constant 1 : i32
// SPRE-NEXT: %c4_i64 = arith.constant 4 : i64
// SPRE-NEXT: cf.br ^bb1(%c0_i32 : i32)
// SPRE-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// SPRE-NEXT: %1 = arith.extsi %0 : i32 to i64
// SPRE-NEXT: %2 = arith.muli %1, %c4_i64 : i64
// SPRE-NEXT: %3 = device.ptradd %arg0, %2 : !device.ptr<global>, i64
// SPRE-NEXT: %4 = device.load %3 : !device.ptr<global> -> i32
// SPRE-NEXT: %5 = arith.addi %0, %c1_i32 : i32
// SPRE-NEXT: %6 = arith.extsi %5 : i32 to i64
// SPRE-NEXT: %7 = arith.muli %6, %c4_i64 : i64
// SPRE-NEXT: %8 = device.ptradd %arg0, %7 : !device.ptr<global>, i64
// SPRE-NEXT: %9 = device.load %8 : !device.ptr<global> -> i32
// SPRE-NEXT: %10 = arith.addi %4, %9 : i32
// SPRE-NEXT: %11 = device.ptradd %arg1, %2 : !device.ptr<global>, i64
// SPRE-NEXT: device.store %10, %11 : i32, !device.ptr<global>
// SPRE-NEXT: %12 = arith.cmpi slt, %5, %arg2 : i32
// SPRE-NEXT: cf.cond_br %12, ^bb1(%5 : i32), ^bb2
// SPRE-NEXT: ^bb2:  // pred: ^bb1
// SPRE-NEXT: device.return
// SPRE-LABEL: device.kernel @fig413(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i32) {
// SPRE-NEXT: %0 = device.thread_id x : i32
// SPRE-NEXT: %c0_i32 = arith.constant 0 : i32
// SPRE-NEXT: %c1_i32 = arith.constant 1 : i32
// SPRE-NEXT: %c4_i64 = arith.constant 4 : i64
// SPRE-NEXT: %1 = device.ptradd %arg1, %c4_i64 : !device.ptr<global>, i64
// SPRE-NEXT: cf.br ^bb1(%c0_i32 : i32)
// SPRE-NEXT: ^bb1(%2: i32):  // 2 preds: ^bb0, ^bb8
// SPRE-NEXT: %3 = arith.cmpi slt, %0, %2 : i32
// SPRE-NEXT: %4 = arith.addi %2, %c1_i32 : i32
// SPRE-NEXT: cf.cond_br %3, ^bb2, ^bb3
// SPRE-NEXT: ^bb2:  // pred: ^bb1
// SPRE-NEXT: cf.br ^bb7(%4 : i32)
// SPRE-NEXT: ^bb3:  // pred: ^bb1
// SPRE-NEXT: %5 = arith.andi %0, %c1_i32 : i32
// SPRE-NEXT: %6 = arith.cmpi eq, %5, %c0_i32 : i32
// SPRE-NEXT: cf.cond_br %6, ^bb4, ^bb5
// SPRE-NEXT: ^bb4:  // pred: ^bb3
// SPRE-NEXT: %7 = arith.extsi %4 : i32 to i64
// SPRE-NEXT: %8 = arith.muli %7, %c4_i64 : i64
// SPRE-NEXT: %9 = device.ptradd %arg0, %8 : !device.ptr<global>, i64
// SPRE-NEXT: %10 = device.load %9 : !device.ptr<global> -> i32
// SPRE-NEXT: device.store %10, %arg1 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb6(%4 : i32)
// SPRE-NEXT: ^bb5:  // pred: ^bb3
// SPRE-NEXT: cf.br ^bb6(%4 : i32)
// SPRE-NEXT: ^bb6(%11: i32):  // 2 preds: ^bb4, ^bb5
// SPRE-NEXT: cf.br ^bb7(%11 : i32)
// SPRE-NEXT: ^bb7(%12: i32):  // 2 preds: ^bb2, ^bb6
// SPRE-NEXT: %13 = arith.extsi %2 : i32 to i64
// SPRE-NEXT: %14 = arith.muli %13, %c4_i64 : i64
// SPRE-NEXT: %15 = device.ptradd %arg0, %14 : !device.ptr<global>, i64
// SPRE-NEXT: %16 = device.load %15 : !device.ptr<global> -> i32
// SPRE-NEXT: device.store %16, %1 : i32, !device.ptr<global>
// SPRE-NEXT: %17 = arith.cmpi slt, %12, %arg2 : i32
// SPRE-NEXT: cf.cond_br %17, ^bb8, ^bb9
// SPRE-NEXT: ^bb8:  // pred: ^bb7
// SPRE-NEXT: cf.br ^bb1(%12 : i32)
// SPRE-NEXT: ^bb9:  // pred: ^bb7
// SPRE-NEXT: device.return
// SPRE-LABEL: device.kernel @not_deref(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1) {
// SPRE-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SPRE-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb2
// SPRE-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// SPRE-NEXT: device.return
// SPRE-LABEL: device.kernel @killed(%arg0: !device.ptr<global>, %arg1: !device.ptr<global>, %arg2: i1) {
// SPRE-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SPRE-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb3
// SPRE-NEXT: ^bb2:  // pred: ^bb0
// SPRE-NEXT: cf.br ^bb3
// SPRE-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// SPRE-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// SPRE-NEXT: %2 = arith.addi %1, %1 : i32
// SPRE-NEXT: device.store %2, %arg1 : i32, !device.ptr<global>
// SPRE-NEXT: device.return
// SPRE-LABEL: device.func @in_func(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1) {
// SPRE-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SPRE-NEXT: ^bb1:  // pred: ^bb0
// SPRE-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SPRE-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SPRE-NEXT: cf.br ^bb3
// SPRE-NEXT: ^bb2:  // pred: ^bb0
// SPRE-NEXT: cf.br ^bb3
// SPRE-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// SPRE-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// SPRE-NEXT: device.store %1, %arg1 : i32, !device.ptr<global>
// SPRE-NEXT: device.return

// SSCM-LABEL: device.kernel @fig49(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1) {
// SSCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SSCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb3(%0 : i32)
// SSCM-NEXT: ^bb2:  // pred: ^bb0
// SSCM-NEXT: cf.br ^bb3(%0 : i32)
// SSCM-NEXT: ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// SSCM-NEXT: device.store %1, %arg1 : i32, !device.ptr<global>
// SSCM-NEXT: device.return
// SSCM-LABEL: device.kernel @fig410(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1, %arg3: i1) {
// SSCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SSCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb5(%0 : i32)
// SSCM-NEXT: ^bb2:  // pred: ^bb0
// SSCM-NEXT: cf.br ^bb3
// SSCM-NEXT: ^bb3:  // 2 preds: ^bb2, ^bb3
// SSCM-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// SSCM-NEXT: ^bb4:  // pred: ^bb3
// SSCM-NEXT: cf.br ^bb5(%0 : i32)
// SSCM-NEXT: ^bb5(%1: i32):  // 2 preds: ^bb1, ^bb4
// SSCM-NEXT: device.store %1, %arg1 : i32, !device.ptr<global>
// SSCM-NEXT: device.return
// SSCM-LABEL: device.kernel @fig412(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}) {
// SSCM-NEXT: %0 = device.thread_id x : i32
// SSCM-NEXT: %c0_i32 = arith.constant 0 : i32
// SSCM-NEXT: %1 = arith.cmpi eq, %0, %c0_i32 : i32
// SSCM-NEXT: %2 = device.load %arg0 : !device.ptr<global> -> i32
// SSCM-NEXT: cf.cond_br %1, ^bb1, ^bb2
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: device.store %2, %arg1 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb3(%2 : i32)
// SSCM-NEXT: ^bb2:  // pred: ^bb0
// SSCM-NEXT: cf.br ^bb3(%2 : i32)
// SSCM-NEXT: ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
// SSCM-NEXT: device.store %3, %arg1 : i32, !device.ptr<global>
// SSCM-NEXT: device.return
// SSCM-LABEL: device.kernel @fig411(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i32) {
// SSCM-NEXT: %c0_i32 = arith.constant 0 : i32
// SSCM-NEXT: %c1_i32 = arith.constant 1 : i32
// SSCM-NEXT: %c4_i64 = arith.constant 4 : i64
// SSCM-NEXT: cf.br ^bb1(%c0_i32 : i32)
// SSCM-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// SSCM-NEXT: %1 = arith.extsi %0 : i32 to i64
// SSCM-NEXT: %2 = arith.muli %1, %c4_i64 : i64
// SSCM-NEXT: %3 = device.ptradd %arg0, %2 : !device.ptr<global>, i64
// SSCM-NEXT: %4 = device.load %3 : !device.ptr<global> -> i32
// SSCM-NEXT: %5 = arith.addi %0, %c1_i32 : i32
// SSCM-NEXT: %6 = arith.extsi %5 : i32 to i64
// SSCM-NEXT: %7 = arith.muli %6, %c4_i64 : i64
// SSCM-NEXT: %8 = device.ptradd %arg0, %7 : !device.ptr<global>, i64
// SSCM-NEXT: %9 = device.load %8 : !device.ptr<global> -> i32
// SSCM-NEXT: %10 = arith.addi %4, %9 : i32
// SSCM-NEXT: %11 = device.ptradd %arg1, %2 : !device.ptr<global>, i64
// SSCM-NEXT: device.store %10, %11 : i32, !device.ptr<global>
// SSCM-NEXT: %12 = arith.cmpi slt, %5, %arg2 : i32
// SSCM-NEXT: cf.cond_br %12, ^bb1(%5 : i32), ^bb2
// SSCM-NEXT: ^bb2:  // pred: ^bb1
// SSCM-NEXT: device.return
// SSCM-LABEL: device.kernel @fig413(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i32) {
// SSCM-NEXT: %0 = device.thread_id x : i32
// SSCM-NEXT: %c0_i32 = arith.constant 0 : i32
// SSCM-NEXT: %c1_i32 = arith.constant 1 : i32
// SSCM-NEXT: %c4_i64 = arith.constant 4 : i64
// SSCM-NEXT: %1 = device.ptradd %arg1, %c4_i64 : !device.ptr<global>, i64
// SSCM-NEXT: cf.br ^bb1(%c0_i32 : i32)
// SSCM-NEXT: ^bb1(%2: i32):  // 2 preds: ^bb0, ^bb8
// SSCM-NEXT: %3 = arith.cmpi slt, %0, %2 : i32
// SSCM-NEXT: %4 = arith.addi %2, %c1_i32 : i32
// SSCM-NEXT: cf.cond_br %3, ^bb2, ^bb3
// SSCM-NEXT: ^bb2:  // pred: ^bb1
// SSCM-NEXT: cf.br ^bb7(%4 : i32)
// SSCM-NEXT: ^bb3:  // pred: ^bb1
// SSCM-NEXT: %5 = arith.andi %0, %c1_i32 : i32
// SSCM-NEXT: %6 = arith.cmpi eq, %5, %c0_i32 : i32
// SSCM-NEXT: cf.cond_br %6, ^bb4, ^bb5
// SSCM-NEXT: ^bb4:  // pred: ^bb3
// SSCM-NEXT: %7 = arith.extsi %4 : i32 to i64
// SSCM-NEXT: %8 = arith.muli %7, %c4_i64 : i64
// SSCM-NEXT: %9 = device.ptradd %arg0, %8 : !device.ptr<global>, i64
// SSCM-NEXT: %10 = device.load %9 : !device.ptr<global> -> i32
// SSCM-NEXT: device.store %10, %arg1 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb6(%4 : i32)
// SSCM-NEXT: ^bb5:  // pred: ^bb3
// SSCM-NEXT: cf.br ^bb6(%4 : i32)
// SSCM-NEXT: ^bb6(%11: i32):  // 2 preds: ^bb4, ^bb5
// SSCM-NEXT: cf.br ^bb7(%11 : i32)
// SSCM-NEXT: ^bb7(%12: i32):  // 2 preds: ^bb2, ^bb6
// SSCM-NEXT: %13 = arith.extsi %2 : i32 to i64
// SSCM-NEXT: %14 = arith.muli %13, %c4_i64 : i64
// SSCM-NEXT: %15 = device.ptradd %arg0, %14 : !device.ptr<global>, i64
// SSCM-NEXT: %16 = device.load %15 : !device.ptr<global> -> i32
// SSCM-NEXT: device.store %16, %1 : i32, !device.ptr<global>
// SSCM-NEXT: %17 = arith.cmpi slt, %12, %arg2 : i32
// SSCM-NEXT: cf.cond_br %17, ^bb8, ^bb9
// SSCM-NEXT: ^bb8:  // pred: ^bb7
// SSCM-NEXT: cf.br ^bb1(%12 : i32)
// SSCM-NEXT: ^bb9:  // pred: ^bb7
// SSCM-NEXT: device.return
// SSCM-LABEL: device.kernel @not_deref(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1) {
// SSCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SSCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb2
// SSCM-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// SSCM-NEXT: device.return
// SSCM-LABEL: device.kernel @killed(%arg0: !device.ptr<global>, %arg1: !device.ptr<global>, %arg2: i1) {
// SSCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SSCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb3
// SSCM-NEXT: ^bb2:  // pred: ^bb0
// SSCM-NEXT: cf.br ^bb3
// SSCM-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// SSCM-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// SSCM-NEXT: %2 = arith.addi %1, %1 : i32
// SSCM-NEXT: device.store %2, %arg1 : i32, !device.ptr<global>
// SSCM-NEXT: device.return
// SSCM-LABEL: device.func @in_func(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: i1) {
// SSCM-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// SSCM-NEXT: ^bb1:  // pred: ^bb0
// SSCM-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// SSCM-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// SSCM-NEXT: cf.br ^bb3
// SSCM-NEXT: ^bb2:  // pred: ^bb0
// SSCM-NEXT: cf.br ^bb3
// SSCM-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// SSCM-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// SSCM-NEXT: device.store %1, %arg1 : i32, !device.ptr<global>
// SSCM-NEXT: device.return
