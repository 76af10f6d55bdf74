// The refined insertion rule of esrqp, ssrqp-s and ssrqp (beyond the
// thesis, see docs/code-motion.md): an insertion outside the CDRND is kept
// when, for every divergent branch, all the insertions of the load and the
// existing loads supplying its value hang below the same one of its
// successors. (@fig412 in srqp.mlir, an insertion beside the other side's
// load, stays suppressed.)
//
// @one_sided (the benches/bfs.cu shape): the loop header reloads %p every
// iteration because a store through %q (which may alias) on one side of a
// divergent branch kills it. srqp inserts the load before the loop and
// after the store (^bb3, control dependent on the divergent branch, so
// outside the CDRND); the thesis's ESRQP suppresses that. The insertion
// is the only one below that branch: a split warp issues it once instead
// of reloading in the header, so the refined rule keeps it.
// @two_sided (the thesis's Fig. 4.11f case): both successors of the
// divergent branch in ^bb6 store, so srqp inserts into both ^bb7 and ^bb8;
// a split warp would issue two loads where the header issued one. The
// refined rule still suppresses it: the header keeps its load.
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(srqp)))' | FileCheck %s --check-prefix=SRQP
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(esrqp)))' | FileCheck %s --check-prefix=REFINED
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp)))' | FileCheck %s --check-prefix=REFINED
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(ssrqp-s)))' | FileCheck %s --check-prefix=REFINED
// RUN: lockstep-opt %s -p 'builtin.module(device.module(device.kernel(esrqp)))' --pass-statistics 2>&1 | FileCheck %s --check-prefix=STATS

// STATS: 1 num-refined
// STATS: 2 num-suppressed

// SRQP-LABEL: device.kernel @one_sided
// SRQP: %1 = device.load %arg0
// SRQP-NEXT: cf.br ^bb1(%c0_i32, %1 : i32, i32)
// SRQP: ^bb3:
// SRQP-NEXT: device.store
// SRQP-NEXT: %6 = device.load %arg0
// SRQP-NEXT: cf.br ^bb4(%6 : i32)
// SRQP-LABEL: device.kernel @two_sided
// SRQP: ^bb5:
// SRQP-NEXT: device.store
// SRQP-NEXT: device.load %arg0
// SRQP: ^bb6:
// SRQP-NEXT: device.store
// SRQP-NEXT: device.load %arg0

// REFINED-LABEL: device.kernel @one_sided
// REFINED: %1 = device.load %arg0
// REFINED-NEXT: cf.br ^bb1(%c0_i32, %1 : i32, i32)
// REFINED: ^bb1(%2: i32, %3: i32):
// REFINED-NEXT: arith.cmpi slt, %2, %3
// REFINED: ^bb3:
// REFINED-NEXT: device.store
// REFINED-NEXT: %6 = device.load %arg0
// REFINED-NEXT: cf.br ^bb4(%6 : i32)
// REFINED-LABEL: device.kernel @two_sided
// REFINED-NEXT: arith.constant
// REFINED-NEXT: arith.constant
// REFINED-NEXT: device.thread_id
// REFINED-NEXT: cf.br ^bb1(%c0_i32 : i32)
// REFINED: ^bb1(%1: i32):
// REFINED-NEXT: %2 = device.load %arg0
// REFINED: ^bb5:
// REFINED-NEXT: device.store
// REFINED-NEXT: cf.br ^bb7
// REFINED: ^bb6:
// REFINED-NEXT: device.store
// REFINED-NEXT: cf.br ^bb7

device.module @m {
  device.kernel @one_sided(%p: !device.ptr<global>, %q: !device.ptr<global>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %tid = device.thread_id x : i32
    cf.br ^bb1(%c0 : i32)
  ^bb1(%i: i32):
    %lim = device.load %p : !device.ptr<global> -> i32
    %lt = arith.cmpi slt, %i, %lim : i32
    cf.cond_br %lt, ^bb2, ^bb5
  ^bb2:
    %c = arith.cmpi slt, %i, %tid : i32
    cf.cond_br %c, ^bb3, ^bb4
  ^bb3:
    device.store %i, %q : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb4:
    %i1 = arith.addi %i, %c1 : i32
    cf.br ^bb1(%i1 : i32)
  ^bb5:
    device.return
  }
  device.kernel @two_sided(%p: !device.ptr<global>, %q: !device.ptr<global>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %tid = device.thread_id x : i32
    cf.br ^bb1(%c0 : i32)
  ^bb1(%i: i32):
    %lim = device.load %p : !device.ptr<global> -> i32
    %lt = arith.cmpi slt, %i, %lim : i32
    cf.cond_br %lt, ^bb2, ^bb5
  ^bb2:
    %c = arith.cmpi slt, %i, %tid : i32
    cf.cond_br %c, ^bb3, ^bb6
  ^bb3:
    cf.br ^bb4
  ^bb6:
    %d = arith.cmpi sgt, %i, %tid : i32
    cf.cond_br %d, ^bb7, ^bb8
  ^bb7:
    device.store %i, %q : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb8:
    device.store %c1, %q : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb4:
    %i1 = arith.addi %i, %c1 : i32
    cf.br ^bb1(%i1 : i32)
  ^bb5:
    device.return
  }
}
