// Instruction selection of shared memory: each device.shared becomes a
// module-level ptx.shared of the same name, size and alignment;
// addressof is a mov.u64 of it (a shared-window address, used with
// ld/st.shared); dynamic_shared creates one extern ptx.shared per module
// (align 16) before the first function, shared by every kernel; a
// generic cast of a shared pointer is cvta.shared.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

// CHECK-LABEL: ptx.module @m
// CHECK-NEXT: ptx.shared @tile {align = 4 : i64, size = 1024 : i64}
// CHECK-NEXT: ptx.shared @flags {align = 1 : i64, size = 32 : i64}
// CHECK-NEXT: ptx.shared @__dynamic_shared {align = 16 : i64, extern}
// CHECK-NEXT: ptx.entry @k1(i32)
device.module @m {
  device.shared @tile[1024] align 4
  device.shared @flags[32]

  // CHECK:      %[[T:.*]] = ptx.mov u64 @tile : i64
  // CHECK-NEXT: %[[TID:.*]] = ptx.mov u32 %tid.x : i32
  // CHECK-NEXT: %[[FOUR:.*]] = ptx.mov b32 4 : i32
  // CHECK-NEXT: %[[OFF:.*]] = ptx.mul wide.u32 %[[TID]], %[[FOUR]] : i32 -> i64
  // CHECK-NEXT: %[[A:.*]] = ptx.add s64 %[[T]], %[[OFF]] : i64
  // CHECK-NEXT: ptx.st shared.u32 [%[[A]]], %[[V:.*]] : i64, i32
  // CHECK-NEXT: %[[D:.*]] = ptx.mov u64 @__dynamic_shared : i64
  // CHECK-NEXT: %[[W:.*]] = ptx.ld shared.u32 [%[[A]]] : i64 -> i32
  // CHECK-NEXT: ptx.st shared.u32 [%[[D]] + 8], %[[W]] : i64, i32
  // CHECK-NEXT: %[[F:.*]] = ptx.mov u64 @flags : i64
  // CHECK-NEXT: %[[G:.*]] = ptx.cvta shared.u64 %[[F]] : i64
  // CHECK-NEXT: %[[ONE:.*]] = ptx.mov b16 1 : i16
  // CHECK-NEXT: ptx.st u8 [%[[G]]], %[[ONE]] : i64, i16
  device.kernel @k1(%v: i32) {
    %t = device.addressof @tile : !device.ptr<shared>
    %tid = device.thread_id x : i32
    %i = arith.extui %tid : i32 to i64
    %c4 = arith.constant 4 : i64
    %off = arith.muli %i, %c4 : i64
    %a = device.ptradd %t, %off : !device.ptr<shared>, i64
    device.store %v, %a : i32, !device.ptr<shared>
    %d = device.dynamic_shared : !device.ptr<shared>
    %w = device.load %a : !device.ptr<shared> -> i32
    %c8 = arith.constant 8 : i64
    %d8 = device.ptradd %d, %c8 : !device.ptr<shared>, i64
    device.store %w, %d8 : i32, !device.ptr<shared>
    %f = device.addressof @flags : !device.ptr<shared>
    %g = device.addrspace_cast %f : !device.ptr<shared> to !device.ptr<generic>
    %one = arith.constant 1 : i8
    device.store %one, %g : i8, !device.ptr<generic>
    device.return
  }

  // The second kernel reuses the module's extern array.
  // CHECK-LABEL: ptx.entry @k2()
  // CHECK:      ptx.mov u64 @__dynamic_shared : i64
  // CHECK-NOT:  ptx.shared
  device.kernel @k2() {
    %d = device.dynamic_shared : !device.ptr<shared>
    %c = arith.constant 7 : i32
    device.store %c, %d : i32, !device.ptr<shared>
    device.return
  }
}
