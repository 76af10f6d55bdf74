// host dialect: every op in its pretty form — device_alloc, alloc, memcpy
// (two kinds), alloca, ptradd, load, store, launch (index dims; i32 dims with a
// discardable attribute), synchronize, printf (with and without arguments;
// escapes print as \0A), device_free, free, and the !host.ptr type.
// The output must survive a pretty and a generic round trip unchanged.
// RUN: lockstep-opt %s | FileCheck %s
// RUN: lockstep-opt %s | lockstep-opt | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | lockstep-opt | FileCheck %s

// CHECK: module {
// CHECK-NEXT: device.module @kernels {
// CHECK-NEXT:   device.kernel @vecadd(%arg0: !device.ptr<global>, %arg1: i32) {
// CHECK-NEXT:     device.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: i32) {
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:   %c4096_i64 = arith.constant 4096 : i64
// CHECK-NEXT:   %0 = host.device_alloc %c4096_i64 : !device.ptr<global>
// CHECK-NEXT:   %1 = host.alloc %c4096_i64 : !host.ptr
// CHECK-NEXT:   host.memcpy host_to_device %0, %1, %c4096_i64 : !device.ptr<global>, !host.ptr
// CHECK-NEXT:   %2 = host.alloca 64 align 8 : !host.ptr
// CHECK-NEXT:   %3 = host.ptradd %2, %c4096_i64 : !host.ptr, i64
// CHECK-NEXT:   %4 = host.load %3 : !host.ptr -> i32
// CHECK-NEXT:   host.store %4, %3 : i32, !host.ptr
// CHECK-NEXT:   host.launch @kernels::@vecadd blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size %c0_i32 args(%0 : !device.ptr<global>, %arg0 : i32)
// CHECK-NEXT:   host.launch @kernels::@vecadd blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0) : i32 dynamic_shared_memory_size %c0_i32 args(%0 : !device.ptr<global>, %arg0 : i32) {x}
// CHECK-NEXT:   host.synchronize
// CHECK-NEXT:   host.printf "n = %d\0A", %arg0 : i32
// CHECK-NEXT:   host.printf "hi\0A"
// CHECK-NEXT:   host.memcpy device_to_host %1, %0, %c4096_i64 : !host.ptr, !device.ptr<global>
// CHECK-NEXT:   host.device_free %0 : !device.ptr<global>
// CHECK-NEXT:   host.free %1 : !host.ptr
// CHECK-NEXT:   return
// CHECK-NEXT: }
// CHECK-NEXT: }

device.module @kernels {
  device.kernel @vecadd(%a: !device.ptr<global>, %n: i32) {
    device.return
  }
}
func.func @main(%n: i32) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : i32
  %bytes = arith.constant 4096 : i64
  %d = host.device_alloc %bytes : !device.ptr<global>
  %h = host.alloc %bytes : !host.ptr
  host.memcpy host_to_device %d, %h, %bytes : !device.ptr<global>, !host.ptr
  %a = host.alloca 64 align 8 : !host.ptr
  %q = host.ptradd %a, %bytes : !host.ptr, i64
  %v = host.load %q : !host.ptr -> i32
  host.store %v, %q : i32, !host.ptr
  host.launch @kernels::@vecadd blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size %c0 args(%d : !device.ptr<global>, %n : i32)
  host.launch @kernels::@vecadd blocks in (%n, %n, %n) threads in (%n, %n, %n) : i32 dynamic_shared_memory_size %c0 args(%d : !device.ptr<global>, %n : i32) {x}
  host.synchronize
  host.printf "n = %d\0A", %n : i32
  host.printf "hi\n"
  host.memcpy device_to_host %h, %d, %bytes : !host.ptr, !device.ptr<global>
  host.device_free %d : !device.ptr<global>
  host.free %h : !host.ptr
  return
}
