// Instruction selection of control flow: cf.br is bra.uni; cf.cond_br is a
// conditional bra, with uni ONLY when the divergence analysis proves the
// branch uniform (conditions from kernel parameters and block indices,
// not from thread indices); block arguments stay on the ptx blocks and
// branches forward them; cf.switch is a setp.eq/bra chain (uni iff the
// switch is uniform); cf.assert branches to a block holding trap;
// unreachable blocks are dropped.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

device.module @m {
  // A kernel parameter and blockIdx are uniform: bra uni. threadIdx is
  // not: plain bra.
  // CHECK-LABEL: ptx.entry @uniformity(i32, i64)
  // CHECK:      %[[PU:.*]] = ptx.setp gt.s32 %[[N:.*]], %{{.*}} : i32 -> i1
  // CHECK-NEXT: ptx.bra uni %[[PU]], ^[[A:bb[0-9]+]], ^[[B:bb[0-9]+]]
  // CHECK:      ^[[A]]:
  // CHECK-NEXT: %[[BID:.*]] = ptx.mov u32 %ctaid.x : i32
  // CHECK-NEXT: %[[PB:.*]] = ptx.setp lt.s32 %[[BID]], %[[N]] : i32 -> i1
  // CHECK-NEXT: ptx.bra uni %[[PB]], ^[[C:bb[0-9]+]], ^[[B]]
  // CHECK:      ^[[C]]:
  // CHECK-NEXT: %[[TID:.*]] = ptx.mov u32 %tid.x : i32
  // CHECK-NEXT: %[[PT:.*]] = ptx.setp lt.s32 %[[TID]], %[[N]] : i32 -> i1
  // CHECK-NEXT: ptx.bra %[[PT]], ^[[D:bb[0-9]+]], ^[[B]]
  // A uniform condition inside the divergent region is still uniform.
  // CHECK:      ^[[D]]:
  // CHECK-NEXT: %[[PN:.*]] = ptx.setp eq.s32 %[[N]], %{{.*}} : i32 -> i1
  // CHECK-NEXT: ptx.bra uni %[[PN]], ^[[E:bb[0-9]+]], ^[[B]]
  // CHECK:      ^[[E]]:
  // CHECK:      ptx.bra uni ^[[B]]
  // CHECK:      ^[[B]]:
  // CHECK-NEXT: ptx.ret
  device.kernel @uniformity(%n: i32, %p: !device.ptr<global>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %0 = arith.cmpi sgt, %n, %c0 : i32
    cf.cond_br %0, ^a, ^exit
  ^a:
    %bid = device.block_id x : i32
    %1 = arith.cmpi slt, %bid, %n : i32
    cf.cond_br %1, ^b, ^exit
  ^b:
    %tid = device.thread_id x : i32
    %2 = arith.cmpi slt, %tid, %n : i32
    cf.cond_br %2, ^c, ^exit
  ^c:
    %3 = arith.cmpi eq, %n, %c1 : i32
    cf.cond_br %3, ^d, ^exit
  ^d:
    device.store %tid, %p : i32, !device.ptr<global>
    cf.br ^exit
  ^exit:
    device.return
  ^dead:
    device.store %c0, %p : i32, !device.ptr<global>
    cf.br ^exit
  }

  // Loops: block arguments are kept, back edges forward registers. The
  // uniform loop's exit branch is uni, the thread-dependent one is not.
  // CHECK-LABEL: ptx.entry @loops(i32, i64)
  // CHECK:      ptx.bra uni ^[[H:bb[0-9]+]](%[[Z:.*]] : i32)
  // CHECK-NEXT: ^[[H]](%[[I:.*]]: i32):
  // CHECK-NEXT: %[[C:.*]] = ptx.setp lt.s32 %[[I]], %[[N:.*]] : i32 -> i1
  // CHECK-NEXT: ptx.bra uni %[[C]], ^[[BODY:bb[0-9]+]], ^[[NEXT:bb[0-9]+]]
  // CHECK:      ^[[BODY]]:
  // CHECK:      %[[I1:.*]] = ptx.add s32 %[[I]], %{{.*}} : i32
  // CHECK-NEXT: ptx.bra uni ^[[H]](%[[I1]] : i32)
  // CHECK:      ^[[NEXT]]:
  // CHECK:      ptx.bra uni ^[[H2:bb[0-9]+]](%{{.*}} : i32)
  // CHECK-NEXT: ^[[H2]](%[[J:.*]]: i32):
  // CHECK-NEXT: %[[C2:.*]] = ptx.setp lt.s32 %[[J]], %{{.*}} : i32 -> i1
  // CHECK-NEXT: ptx.bra %[[C2]], ^[[BODY2:bb[0-9]+]], ^{{bb[0-9]+}}
  device.kernel @loops(%n: i32, %p: !device.ptr<global>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):
    %0 = arith.cmpi slt, %i, %n : i32
    cf.cond_br %0, ^body, ^next
  ^body:
    %i1 = arith.addi %i, %c1 : i32
    cf.br ^h(%i1 : i32)
  ^next:
    %tid = device.thread_id x : i32
    cf.br ^h2(%c0 : i32)
  ^h2(%j: i32):
    %1 = arith.cmpi slt, %j, %tid : i32
    cf.cond_br %1, ^body2, ^exit
  ^body2:
    %j1 = arith.addi %j, %c1 : i32
    cf.br ^h2(%j1 : i32)
  ^exit:
    device.store %i, %p : i32, !device.ptr<global>
    device.return
  }

  // cf.switch: a chain of compares; the last one falls through to the
  // default. Operands are forwarded on every edge.
  // CHECK-LABEL: ptx.entry @switches(i32, i64)
  // CHECK:      %[[F:.*]] = ptx.ld param.u32 [param 0] : i32
  // CHECK:      %[[K1:.*]] = ptx.mov b32 1 : i32
  // CHECK-NEXT: %[[E1:.*]] = ptx.setp eq.s32 %[[F]], %[[K1]] : i32 -> i1
  // CHECK-NEXT: ptx.bra uni %[[E1]], ^[[ONE:bb[0-9]+]](%[[F]] : i32), ^[[NEXT:bb[0-9]+]]
  // CHECK-NEXT: ^[[NEXT]]:
  // CHECK-NEXT: %[[K5:.*]] = ptx.mov b32 5 : i32
  // CHECK-NEXT: %[[E5:.*]] = ptx.setp eq.s32 %[[F]], %[[K5]] : i32 -> i1
  // CHECK-NEXT: ptx.bra uni %[[E5]], ^[[FIVE:bb[0-9]+]], ^[[DEF:bb[0-9]+]](%[[F]] : i32)
  // A switch on threadIdx: no uni.
  // CHECK:      %[[T:.*]] = ptx.mov u32 %tid.x : i32
  // CHECK:      %[[E0:.*]] = ptx.setp eq.s32 %[[T]], %{{.*}} : i32 -> i1
  // CHECK-NEXT: ptx.bra %[[E0]], ^[[ONE]](%[[T]] : i32), ^[[DEF]](%[[T]] : i32)
  device.kernel @switches(%f: i32, %p: !device.ptr<global>) {
    cf.switch %f : i32, [
      default: ^def(%f : i32),
      1: ^one(%f : i32),
      5: ^five
    ]
  ^one(%a: i32):
    cf.br ^def(%a : i32)
  ^five:
    %t = device.thread_id x : i32
    cf.switch %t : i32, [
      default: ^def(%t : i32),
      0: ^one(%t : i32)
    ]
  ^def(%v: i32):
    device.store %v, %p : i32, !device.ptr<global>
    device.return
  }

  // cf.assert: @!cond bra to a trap block; uni when the condition is
  // uniform.
  // CHECK-LABEL: ptx.entry @asserts(i32)
  // CHECK:      %[[C:.*]] = ptx.setp gt.s32
  // CHECK-NEXT: ptx.bra uni not %[[C]], ^[[TRAP:bb[0-9]+]], ^[[CONT:bb[0-9]+]]
  // CHECK-NEXT: ^[[CONT]]:
  // CHECK-NEXT: %[[T:.*]] = ptx.mov u32 %tid.x : i32
  // CHECK-NEXT: %[[D:.*]] = ptx.setp lt.s32 %[[T]]
  // CHECK-NEXT: ptx.bra not %[[D]], ^[[TRAP2:bb[0-9]+]], ^[[CONT2:bb[0-9]+]]
  // CHECK-NEXT: ^[[CONT2]]:
  // CHECK-NEXT: ptx.ret
  // CHECK-NEXT: ^[[TRAP2]]:
  // CHECK-NEXT: ptx.trap
  // CHECK-NEXT: ^[[TRAP]]:
  // CHECK-NEXT: ptx.trap
  device.kernel @asserts(%n: i32) {
    %c0 = arith.constant 0 : i32
    %0 = arith.cmpi sgt, %n, %c0 : i32
    cf.assert %0, "n must be positive"
    %t = device.thread_id x : i32
    %1 = arith.cmpi slt, %t, %n : i32
    cf.assert %1, "thread out of range"
    device.return
  }
}
