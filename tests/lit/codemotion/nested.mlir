// lcm next to structured control flow: ops with regions are not looked
// into; the scf.if that stores kills the load as a whole, the pure one
// does not, and the computation inside the second scf.if stays.
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(lcm)))' | FileCheck %s

device.module @m {
  // An op with regions is not looked into: its stores kill loads as a
  // whole, its pure ops do not, and the computations inside stay.
  device.kernel @nested(%p: !device.ptr<global>, %a: i32, %b: i32, %c: i1) {
    %v = device.load %p : !device.ptr<global> -> i32
    scf.if %c {
      %s = arith.addi %a, %b : i32
      device.store %s, %p : i32, !device.ptr<global>
    }
    %w = device.load %p : !device.ptr<global> -> i32
    %x = arith.addi %a, %b : i32
    %y = arith.addi %a, %b : i32
    %r = scf.if %c -> (i32) {
      %z = arith.addi %a, %b : i32
      scf.yield %z : i32
    } else {
      scf.yield %a : i32
    }
    %u = device.load %p : !device.ptr<global> -> i32
    %t0 = arith.addi %v, %w : i32
    %t1 = arith.addi %x, %y : i32
    %t2 = arith.addi %r, %u : i32
    %t3 = arith.addi %t0, %t1 : i32
    %t4 = arith.addi %t3, %t2 : i32
    device.store %t4, %p : i32, !device.ptr<global>
    device.return
  }
}

// CHECK-LABEL: device.kernel @nested(%arg0: !device.ptr<global>, %arg1: i32, %arg2: i32, %arg3: i1) {
// CHECK-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// CHECK-NEXT: scf.if %arg3 {
// CHECK-NEXT: %9 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT: device.store %9, %arg0 : i32, !device.ptr<global>
// CHECK-NEXT: }
// CHECK-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// CHECK-NEXT: %2 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT: %3 = scf.if %arg3 -> (i32) {
// CHECK-NEXT: %9 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT: scf.yield %9 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %4 = arith.addi %0, %1 : i32
// CHECK-NEXT: %5 = arith.addi %2, %2 : i32
// CHECK-NEXT: %6 = arith.addi %3, %1 : i32
// CHECK-NEXT: %7 = arith.addi %4, %5 : i32
// CHECK-NEXT: %8 = arith.addi %7, %6 : i32
// CHECK-NEXT: device.store %8, %arg0 : i32, !device.ptr<global>
// CHECK-NEXT: device.return
// CHECK-NEXT: }
