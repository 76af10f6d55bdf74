// Integer division and remainder by a constant power of two 2^k become
// shifts and masks (C's truncating division: negative dividends are biased
// by 2^k - 1, taken from their sign bits); other divisors, and INT_MIN as a
// signed divisor, keep div/rem.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s
// RUN: lockstep-translate --ptx %s | FileCheck %s --check-prefix=PTX

device.module @m {
  // CHECK-LABEL: ptx.entry @k(i32, i16, i64)
  // CHECK:      %[[X:.*]] = ptx.ld param.u32 [param 0] : i32
  // CHECK:      %[[SIGN:.*]] = ptx.shr s32 %[[X]], %{{.*}} : i32
  // CHECK-NEXT: %[[N30:.*]] = ptx.mov b32 30 : i32
  // CHECK-NEXT: %[[BIAS:.*]] = ptx.shr u32 %[[SIGN]], %[[N30]] : i32
  // CHECK-NEXT: %[[B:.*]] = ptx.add s32 %[[X]], %[[BIAS]] : i32
  // CHECK-NEXT: %[[N2:.*]] = ptx.mov b32 2 : i32
  // CHECK-NEXT: %[[Q:.*]] = ptx.shr s32 %[[B]], %[[N2]] : i32
  // remsi by 4: q - ((q + bias) & -4)
  // CHECK:      %[[M4:.*]] = ptx.mov b32 -4 : i32
  // CHECK-NEXT: %[[MUL:.*]] = ptx.and b32 %{{.*}}, %[[M4]] : i32
  // CHECK-NEXT: %[[R:.*]] = ptx.sub s32 %[[Q]], %[[MUL]] : i32
  // divui by 4, remui by 4, divui by 2^31
  // CHECK:      ptx.shr u32 %[[R]], %{{.*}} : i32
  // CHECK:      %[[THREE:.*]] = ptx.mov b32 3 : i32
  // CHECK-NEXT: ptx.and b32 %{{.*}}, %[[THREE]] : i32
  // CHECK:      ptx.mov b32 31 : i32
  // CHECK-NEXT: ptx.shr u32
  // divsi by INT_MIN stays a division; so does divui by 3.
  // CHECK-NEXT: ptx.div s32
  // CHECK-NEXT: ptx.div u32
  // i16 remainder by 8, in 16-bit registers
  // CHECK:      ptx.shr s16 %{{.*}} : i16, i32 -> i16
  // CHECK:      ptx.mov b16 -8 : i16
  // CHECK-NOT:  ptx.rem
  // CHECK:      ptx.ret
  // PTX-NOT: {{(div|rem)}}.{{[su]}}16
  // PTX: div.s32
  // PTX-NOT: rem.
  // PTX: div.u32 {{.*}}, 3;
  device.kernel @k(%x: i32, %y: i16, %p: !device.ptr<global>) {
    %c4 = arith.constant 4 : i32
    %c3 = arith.constant 3 : i32
    %cm = arith.constant -2147483648 : i32
    %c8 = arith.constant 8 : i16
    %0 = arith.divsi %x, %c4 : i32
    %1 = arith.remsi %0, %c4 : i32
    %2 = arith.divui %1, %c4 : i32
    %3 = arith.remui %2, %c4 : i32
    %4 = arith.divui %3, %cm : i32
    %5 = arith.divsi %4, %cm : i32
    %9 = arith.divui %5, %c3 : i32
    %6 = arith.remsi %y, %c8 : i16
    %7 = arith.extsi %6 : i16 to i32
    %8 = arith.addi %9, %7 : i32
    device.store %8, %p : i32, !device.ptr<global>
    device.return
  }
  // warpSize is 32 on every target, so `lane = tid % warpSize` is a mask.
  // CHECK-LABEL: ptx.entry @lane(i64)
  // CHECK:      %[[TID:.*]] = ptx.mov u32 %tid.x : i32
  // CHECK:      %[[M31:.*]] = ptx.mov b32 31 : i32
  // CHECK-NEXT: ptx.and b32 %[[TID]], %[[M31]] : i32
  device.kernel @lane(%p: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %w = device.warp_size : i32
    %l = arith.remui %t, %w : i32
    device.store %l, %p : i32, !device.ptr<global>
    device.return
  }
}
