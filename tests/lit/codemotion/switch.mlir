// lcm through cf.switch: the join's occurrence is partially redundant; the
// two critical switch edges receive new blocks that compute it, and the
// merged value is forwarded next to the existing successor operands.
// RUN: lockstep-opt %s --verify-each -p 'builtin.module(device.module(device.kernel(lcm)))' | FileCheck %s

device.module @m {
  device.kernel @switch(%a: i32, %b: i32, %f: i32, %out: !device.ptr<global>) {
    cf.switch %f : i32, [
      default: ^bb3(%a : i32),
      0: ^bb1,
      1: ^bb3(%b : i32)
    ]
  ^bb1:
    %x = arith.muli %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb3(%x : i32)
  ^bb3(%r: i32):
    %y = arith.muli %a, %b : i32
    %s = arith.addi %r, %y : i32
    device.store %s, %out : i32, !device.ptr<global>
    device.return
  }
}

// CHECK-LABEL: device.kernel @switch(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !device.ptr<global>) {
// CHECK-NEXT: cf.switch %arg2 : i32, [
// CHECK-NEXT: default: ^bb1(%arg0 : i32),
// CHECK-NEXT: 0: ^bb3,
// CHECK-NEXT: 1: ^bb2(%arg1 : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: cf.br ^bb4(%0, %1 : i32, i32)
// CHECK-NEXT: ^bb2(%2: i32):  // pred: ^bb0
// CHECK-NEXT: %3 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: cf.br ^bb4(%2, %3 : i32, i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb0
// CHECK-NEXT: %4 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: device.store %4, %arg3 : i32, !device.ptr<global>
// CHECK-NEXT: cf.br ^bb4(%4, %4 : i32, i32)
// CHECK-NEXT: ^bb4(%5: i32, %6: i32):  // 3 preds: ^bb1, ^bb2, ^bb3
// CHECK-NEXT: %7 = arith.addi %5, %6 : i32
// CHECK-NEXT: device.store %7, %arg3 : i32, !device.ptr<global>
// CHECK-NEXT: device.return
