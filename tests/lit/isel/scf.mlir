// Device code with structured control flow: convert-device-to-ptx lowers
// scf to cf first (convert-scf-to-cf's block structure), then selects; the
// divergence analysis runs on the lowered CFG, so the loop over a kernel
// parameter branches with uni and the if on threadIdx does not.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

device.module @m {
  // CHECK-LABEL: ptx.entry @k(i64, i64)
  // CHECK-NOT:  scf.
  // CHECK:      ptx.bra uni ^[[H:bb[0-9]+]](%{{.*}}, %{{.*}} : i64, i32)
  // CHECK-NEXT: ^[[H]](%[[I:.*]]: i64, %[[ACC:.*]]: i32):
  // CHECK-NEXT: %[[C:.*]] = ptx.setp lt.s64 %[[I]], %{{.*}} : i64 -> i1
  // CHECK-NEXT: ptx.bra uni %[[C]], ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
  // CHECK:      ^[[BODY]]:
  // CHECK:      %[[T:.*]] = ptx.mov u32 %tid.x : i32
  // CHECK:      %[[P:.*]] = ptx.setp lt.s32 %[[T]], %{{.*}} : i32 -> i1
  // CHECK-NEXT: ptx.bra %[[P]], ^{{bb[0-9]+}}, ^{{bb[0-9]+}}
  // CHECK-NOT:  scf.
  device.kernel @k(%n: index, %p: !device.ptr<global>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
      %t = device.thread_id x : i32
      %c4 = arith.constant 4 : i32
      %small = arith.cmpi slt, %t, %c4 : i32
      %v = scf.if %small -> (i32) {
        %one = arith.constant 1 : i32
        scf.yield %one : i32
      } else {
        scf.yield %t : i32
      }
      %next = arith.addi %acc, %v : i32
      scf.yield %next : i32
    }
    device.store %sum, %p : i32, !device.ptr<global>
    device.return
  }
}
