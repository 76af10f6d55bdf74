// device dialect: every op in its pretty form — device.module, device.shared,
// device.kernel, device.func (definition and declaration), device.return,
// device.call, the special registers, addressof, dynamic_shared, alloca,
// ptradd, addrspace_cast, load/store (plain and volatile, with a discardable
// attribute), barrier, vote (any, ballot), shuffle, atomic, atomic_cas, and
// !device.ptr types of several address spaces.
// The output must survive a pretty and a generic round trip unchanged.
// RUN: lockstep-opt %s | FileCheck %s
// RUN: lockstep-opt %s | lockstep-opt | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | lockstep-opt | FileCheck %s

// CHECK: module {
// CHECK-NEXT: device.module @kernels {
// CHECK-NEXT:   device.shared @tile[1024] align 4
// CHECK-NEXT:   device.kernel @vecadd(%arg0: !device.ptr<global>, %arg1: i32) {
// CHECK-NEXT:     %0 = device.thread_id x : i32
// CHECK-NEXT:     %1 = device.block_id y : i32
// CHECK-NEXT:     %2 = device.block_dim z : i32
// CHECK-NEXT:     %3 = device.grid_dim x : i32
// CHECK-NEXT:     %4 = device.lane_id : i32
// CHECK-NEXT:     %5 = device.warp_size : i32
// CHECK-NEXT:     %6 = device.addressof @tile : !device.ptr<shared>
// CHECK-NEXT:     %7 = device.dynamic_shared : !device.ptr<shared>
// CHECK-NEXT:     %8 = device.alloca 64 align 4 : !device.ptr<local>
// CHECK-NEXT:     %9 = arith.extsi %0 : i32 to i64
// CHECK-NEXT:     %10 = device.ptradd %arg0, %9 : !device.ptr<global>, i64
// CHECK-NEXT:     %11 = device.addrspace_cast %6 : !device.ptr<shared> to !device.ptr<generic>
// CHECK-NEXT:     %12 = device.load %10 : !device.ptr<global> -> f32
// CHECK-NEXT:     %13 = device.load volatile %10 {foo = 1 : i32} : !device.ptr<global> -> i32
// CHECK-NEXT:     device.store %12, %10 : f32, !device.ptr<global>
// CHECK-NEXT:     device.store volatile %13, %6 : i32, !device.ptr<shared>
// CHECK-NEXT:     device.barrier
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %14 = device.vote any %c-1_i32, %true : i1
// CHECK-NEXT:     %15 = device.vote ballot %c-1_i32, %true : i32
// CHECK-NEXT:     %16 = device.shuffle down %c-1_i32, %12, %4, %5 : f32
// CHECK-NEXT:     %17 = device.atomic add %10, %12 : !device.ptr<global>, f32
// CHECK-NEXT:     %18 = device.atomic_cas %6, %c-1_i32, %arg1 : !device.ptr<shared>, i32
// CHECK-NEXT:     %19 = device.call @helper(%12) : (f32) -> f32
// CHECK-NEXT:     device.return
// CHECK-NEXT:   }
// CHECK-NEXT:   device.func @helper(%arg0: f32) -> f32 {
// CHECK-NEXT:     %0 = math.sqrt %arg0 : f32
// CHECK-NEXT:     device.return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   device.func private @ext(i32) -> i32
// CHECK-NEXT: }
// CHECK-NEXT: }

device.module @kernels {
  device.shared @tile[1024] align 4
  device.kernel @vecadd(%a: !device.ptr<global>, %n: i32) {
    %t = device.thread_id x : i32
    %b = device.block_id y : i32
    %bd = device.block_dim z : i32
    %gd = device.grid_dim x : i32
    %l = device.lane_id : i32
    %w = device.warp_size : i32
    %s = device.addressof @tile : !device.ptr<shared>
    %ds = device.dynamic_shared : !device.ptr<shared>
    %loc = device.alloca 64 align 4 : !device.ptr<local>
    %off = arith.extsi %t : i32 to i64
    %q = device.ptradd %a, %off : !device.ptr<global>, i64
    %g = device.addrspace_cast %s : !device.ptr<shared> to !device.ptr<generic>
    %v = device.load %q : !device.ptr<global> -> f32
    %v2 = device.load volatile %q {foo = 1 : i32} : !device.ptr<global> -> i32
    device.store %v, %q : f32, !device.ptr<global>
    device.store volatile %v2, %s : i32, !device.ptr<shared>
    device.barrier
    %true = arith.constant true
    %m = arith.constant -1 : i32
    %any = device.vote any %m, %true : i1
    %bal = device.vote ballot %m, %true : i32
    %sh = device.shuffle down %m, %v, %l, %w : f32
    %old = device.atomic add %q, %v : !device.ptr<global>, f32
    %old2 = device.atomic_cas %s, %m, %n : !device.ptr<shared>, i32
    %r = device.call @helper(%v) : (f32) -> f32
    device.return
  }
  device.func @helper(%x: f32) -> f32 {
    %y = math.sqrt %x : f32
    device.return %y : f32
  }
  device.func private @ext(i32) -> i32
}
