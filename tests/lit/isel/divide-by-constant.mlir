// Integer division and remainder by a constant power of two 2^k become
// shifts and masks (C's truncating division: negative dividends are biased
// by 2^k - 1, taken from their sign bits); other constants multiply by a
// "magic" reciprocal (mul.hi) and shift, with a sign correction for signed
// division and `x - q*d` (mad.lo) for the remainder. Only INT_MIN as a
// signed divisor (and 0, 1, -1) keeps div/rem.
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
  // divsi by INT_MIN stays a division; divui by 3 is mul.hi by 0xAAAAAAAB
  // and a shift by 1.
  // CHECK-NEXT: ptx.div s32
  // CHECK-NEXT: ptx.mov b32 -1431655765 : i32
  // CHECK-NEXT: ptx.mul hi.u32
  // CHECK-NEXT: ptx.mov b32 1 : i32
  // CHECK-NEXT: ptx.shr u32
  // i16 remainder by 8, in 16-bit registers
  // CHECK:      ptx.shr s16 %{{.*}} : i16, i32 -> i16
  // CHECK:      ptx.mov b16 -8 : i16
  // CHECK-NOT:  ptx.rem
  // CHECK:      ptx.ret
  // PTX-LABEL: .entry k(
  // PTX-NOT: {{(div|rem)}}.{{[su]}}16
  // PTX: div.s32 {{.*}}, -2147483648;
  // PTX-NOT: rem.
  // PTX: mul.hi.u32 {{.*}}, -1431655765;
  // PTX-NOT: {{(div|rem)}}.
  // PTX: ret;
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
  // Magic numbers (Hacker's Delight's table): signed /7 is 0x92492493,
  // which mul.hi.s32 reads as negative, so the dividend is added back;
  // the quotient of a negative dividend gets 1 added (its sign bit); a
  // negative divisor negates the quotient as (x >> 31) - t.
  // CHECK-LABEL: ptx.entry @magic(i32, i32, i64, i16, i64)
  // CHECK:      %[[X:.*]] = ptx.ld param.u32 [param 0] : i32
  // CHECK-NEXT: %[[U:.*]] = ptx.ld param.u32 [param 1] : i32
  // CHECK-NEXT: %[[Y:.*]] = ptx.ld param.u64 [param 2] : i64
  // CHECK-NEXT: %[[Z:.*]] = ptx.ld param.u16 [param 3] : i16
  // x / 7
  // CHECK:      %[[M7:.*]] = ptx.mov b32 -1840700269 : i32
  // CHECK-NEXT: %[[H:.*]] = ptx.mul hi.s32 %[[X]], %[[M7]] : i32
  // CHECK-NEXT: %[[HX:.*]] = ptx.add s32 %[[H]], %[[X]] : i32
  // CHECK-NEXT: %[[N2:.*]] = ptx.mov b32 2 : i32
  // CHECK-NEXT: %[[T:.*]] = ptx.shr s32 %[[HX]], %[[N2]] : i32
  // CHECK-NEXT: %[[N31:.*]] = ptx.mov b32 31 : i32
  // CHECK-NEXT: %[[NEG:.*]] = ptx.shr u32 %[[X]], %[[N31]] : i32
  // CHECK-NEXT: %[[Q7:.*]] = ptx.add s32 %[[T]], %[[NEG]] : i32
  // x % -7: q = (x >> 31) - t, then x - q * -7 as one mad.lo
  // CHECK:      ptx.mul hi.s32 %[[X]]
  // CHECK:      %[[MASK:.*]] = ptx.shr s32 %[[X]], %{{.*}} : i32
  // CHECK-NEXT: %[[QM7:.*]] = ptx.sub s32 %[[MASK]], %{{.*}} : i32
  // CHECK-NEXT: %[[P7:.*]] = ptx.mov b32 7 : i32
  // CHECK-NEXT: %[[R:.*]] = ptx.mad lo.s32 %[[QM7]], %[[P7]], %[[X]] : i32
  // u / 10 (unsigned): 0xCCCCCCCD, shift 3
  // CHECK-NEXT: %[[M10:.*]] = ptx.mov b32 -858993459 : i32
  // CHECK-NEXT: %[[HU:.*]] = ptx.mul hi.u32 %[[U]], %[[M10]] : i32
  // CHECK-NEXT: %[[N3:.*]] = ptx.mov b32 3 : i32
  // CHECK-NEXT: ptx.shr u32 %[[HU]], %[[N3]] : i32
  // y % 17 on i64 (C's `i % 17` with a 64-bit i): mul.hi.s64, then mad.lo.s64
  // CHECK-NEXT: %[[M17:.*]] = ptx.mov b64 8680820740569200761 : i64
  // CHECK-NEXT: %[[HY:.*]] = ptx.mul hi.s64 %[[Y]], %[[M17]] : i64
  // CHECK:      ptx.shr s64 %[[HY]]
  // CHECK:      ptx.shr u64 %[[Y]]
  // CHECK:      %[[Q17:.*]] = ptx.add s64
  // CHECK-NEXT: %[[C17:.*]] = ptx.mov b64 -17 : i64
  // CHECK-NEXT: ptx.mad lo.s64 %[[Q17]], %[[C17]], %[[Y]] : i64
  // i16 / 7: widened to 32 bits, where one mul.hi needs no shift
  // CHECK-NEXT: %[[ZW:.*]] = ptx.cvt s32.s16 %[[Z]] : i16 -> i32
  // CHECK-NEXT: %[[M7W:.*]] = ptx.mov b32 613566757 : i32
  // CHECK-NEXT: %[[HZ:.*]] = ptx.mul hi.s32 %[[ZW]], %[[M7W]] : i32
  // CHECK:      %[[QZ:.*]] = ptx.add s32 %[[HZ]], %{{.*}} : i32
  // CHECK-NEXT: ptx.cvt u16.u32 %[[QZ]] : i32 -> i16
  // floordivsi by 7: s ^ ((x ^ s) / 7) with s the sign mask
  // CHECK-NEXT: %[[N31F:.*]] = ptx.mov b32 31 : i32
  // CHECK-NEXT: %[[S:.*]] = ptx.shr s32 %[[X]], %[[N31F]] : i32
  // CHECK-NEXT: %[[XS:.*]] = ptx.xor b32 %[[X]], %[[S]] : i32
  // CHECK:      ptx.mul hi.u32 %[[XS]]
  // CHECK:      ptx.xor b32 %{{.*}}, %[[S]] : i32
  // ceildivui by 10: q + min(r, 1)
  // CHECK:      ptx.mad lo.s32
  // CHECK-NEXT: %[[ONE:.*]] = ptx.mov b32 1 : i32
  // CHECK-NEXT: ptx.min u32 %{{.*}}, %[[ONE]] : i32
  // CHECK-NOT:  ptx.{{div|rem}}
  // CHECK:      ptx.ret
  // PTX-LABEL: .entry magic(
  // PTX-NOT: {{(div|rem)}}.
  // PTX: mul.hi.s32 {{.*}}, -1840700269;
  // PTX-NOT: {{(div|rem)}}.
  // PTX: mad.lo.s32 {{.*}}, 7, {{.*}};
  // PTX-NOT: {{(div|rem)}}.
  // PTX: mul.hi.u32 {{.*}}, -858993459;
  // PTX-NOT: {{(div|rem)}}.
  // PTX: mul.hi.s64 {{.*}}, 8680820740569200761;
  // PTX-NOT: {{(div|rem)}}.
  // PTX: mad.lo.s64 {{.*}}, -17, {{.*}};
  // PTX-NOT: {{(div|rem)}}.
  // PTX: ret;
  device.kernel @magic(%x: i32, %u: i32, %y: i64, %z: i16, %p: !device.ptr<global>) {
    %c7 = arith.constant 7 : i32
    %cm7 = arith.constant -7 : i32
    %c10 = arith.constant 10 : i32
    %c17 = arith.constant 17 : i64
    %c7h = arith.constant 7 : i16
    %0 = arith.divsi %x, %c7 : i32
    %1 = arith.remsi %x, %cm7 : i32
    %2 = arith.divui %u, %c10 : i32
    %3 = arith.remsi %y, %c17 : i64
    %4 = arith.divsi %z, %c7h : i16
    %5 = arith.floordivsi %x, %c7 : i32
    %6 = arith.ceildivui %u, %c10 : i32
    %s0 = arith.addi %0, %1 : i32
    %s1 = arith.addi %s0, %2 : i32
    %s2 = arith.addi %s1, %5 : i32
    %s3 = arith.addi %s2, %6 : i32
    %w = arith.extsi %4 : i16 to i32
    %s4 = arith.addi %s3, %w : i32
    device.store %s4, %p : i32, !device.ptr<global>
    device.store %3, %p : i64, !device.ptr<global>
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
