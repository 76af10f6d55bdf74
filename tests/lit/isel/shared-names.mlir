// Instruction selection: the extern shared array for device.dynamic_shared
// gets a fresh name when a device symbol already has the default one.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

// CHECK-LABEL: ptx.module @n
// CHECK-NEXT: ptx.shared @__dynamic_shared {align = 8 : i64, size = 16 : i64}
// CHECK-NEXT: ptx.shared @__dynamic_shared_1 {align = 16 : i64, extern}
// CHECK:      ptx.mov u64 @__dynamic_shared_1 : i64
device.module @n {
  device.shared @__dynamic_shared[16] align 8
  device.kernel @k() {
    %d = device.dynamic_shared : !device.ptr<shared>
    %c = arith.constant 7 : i32
    device.store %c, %d : i32, !device.ptr<shared>
    device.return
  }
}
