// Instruction selection of atomics: atom.{space}.{op}.{type} with add
// .uN/.f32, sub as add of the negation, min/max .sN, umin/umax .uN,
// exch/and/or/xor .bN; an atomic whose result is unused is red (except
// exch, which has no red form); atomic_cas is atom.cas.bN; generic
// pointers have no space; constant offsets fold into the address.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

device.module @m {
  device.shared @bins[64] align 4

  // CHECK-LABEL: ptx.entry @kinds(i64, i32, i64)
  // CHECK:      %[[G:.*]] = ptx.cvta to.global.u64
  // CHECK-NEXT: %[[V:.*]] = ptx.ld param.u32 [param 1] : i32
  // CHECK-NEXT: %[[X:.*]] = ptx.ld param.u64 [param 2] : i64
  // CHECK-NEXT: %[[A0:.*]] = ptx.atom global.add.u32 [%[[G]]], %[[V]] : i64, i32 -> i32
  // CHECK-NEXT: %[[NV:.*]] = ptx.neg s32 %[[V]] : i32
  // CHECK-NEXT: %[[A1:.*]] = ptx.atom global.add.u32 [%[[G]] + 4], %[[NV]] : i64, i32 -> i32
  // CHECK-NEXT: %[[A2:.*]] = ptx.atom global.min.s32 [%[[G]]], %[[V]] : i64, i32 -> i32
  // CHECK-NEXT: %[[A3:.*]] = ptx.atom global.max.s32 [%[[G]]], %[[V]] : i64, i32 -> i32
  // CHECK-NEXT: %[[A4:.*]] = ptx.atom global.min.u32 [%[[G]]], %[[V]] : i64, i32 -> i32
  // CHECK-NEXT: %[[A5:.*]] = ptx.atom global.max.u32 [%[[G]]], %[[V]] : i64, i32 -> i32
  // CHECK-NEXT: %[[A6:.*]] = ptx.atom global.exch.b32 [%[[G]]], %[[V]] : i64, i32 -> i32
  // CHECK-NEXT: %[[A7:.*]] = ptx.atom global.and.b32 [%[[G]]], %[[V]] : i64, i32 -> i32
  // CHECK-NEXT: %[[A8:.*]] = ptx.atom global.or.b32 [%[[G]]], %[[V]] : i64, i32 -> i32
  // CHECK-NEXT: %[[A9:.*]] = ptx.atom global.xor.b32 [%[[G]]], %[[V]] : i64, i32 -> i32
  // CHECK-NEXT: %[[B0:.*]] = ptx.atom global.add.u64 [%[[G]] + 8], %[[X]] : i64
  // CHECK-NEXT: %[[NX:.*]] = ptx.neg s64 %[[X]] : i64
  // CHECK-NEXT: %[[B1:.*]] = ptx.atom global.add.u64 [%[[G]] + 8], %[[NX]] : i64
  // CHECK-NEXT: %[[B2:.*]] = ptx.atom global.min.s64 [%[[G]] + 8], %[[X]] : i64
  // CHECK-NEXT: %[[B3:.*]] = ptx.atom global.max.u64 [%[[G]] + 8], %[[X]] : i64
  // CHECK-NEXT: %[[B4:.*]] = ptx.atom global.exch.b64 [%[[G]] + 8], %[[X]] : i64
  // CHECK-NEXT: %[[B5:.*]] = ptx.atom global.and.b64 [%[[G]] + 8], %[[X]] : i64
  // CHECK-NEXT: %[[C0:.*]] = ptx.atom global.cas.b32 [%[[G]]], %[[V]], %[[A0]] : i64, i32, i32 -> i32
  // CHECK-NEXT: %[[C1:.*]] = ptx.atom global.cas.b64 [%[[G]] + 8], %[[X]], %[[B0]] : i64
  device.kernel @kinds(%p: !device.ptr<global>, %v: i32, %x: i64) {
    %c4 = arith.constant 4 : i64
    %c8 = arith.constant 8 : i64
    %p4 = device.ptradd %p, %c4 : !device.ptr<global>, i64
    %p8 = device.ptradd %p, %c8 : !device.ptr<global>, i64
    %0 = device.atomic add %p, %v : !device.ptr<global>, i32
    %1 = device.atomic sub %p4, %v : !device.ptr<global>, i32
    %2 = device.atomic min %p, %v : !device.ptr<global>, i32
    %3 = device.atomic max %p, %v : !device.ptr<global>, i32
    %4 = device.atomic umin %p, %v : !device.ptr<global>, i32
    %5 = device.atomic umax %p, %v : !device.ptr<global>, i32
    %6 = device.atomic exch %p, %v : !device.ptr<global>, i32
    %7 = device.atomic and %p, %v : !device.ptr<global>, i32
    %8 = device.atomic or %p, %v : !device.ptr<global>, i32
    %9 = device.atomic xor %p, %v : !device.ptr<global>, i32
    %10 = device.atomic add %p8, %x : !device.ptr<global>, i64
    %11 = device.atomic sub %p8, %x : !device.ptr<global>, i64
    %12 = device.atomic min %p8, %x : !device.ptr<global>, i64
    %13 = device.atomic umax %p8, %x : !device.ptr<global>, i64
    %14 = device.atomic exch %p8, %x : !device.ptr<global>, i64
    %15 = device.atomic and %p8, %x : !device.ptr<global>, i64
    %16 = device.atomic_cas %p, %v, %0 : !device.ptr<global>, i32
    %17 = device.atomic_cas %p8, %x, %10 : !device.ptr<global>, i64
    %s0 = arith.addi %1, %2 : i32
    %s1 = arith.addi %s0, %3 : i32
    %s2 = arith.addi %s1, %4 : i32
    %s3 = arith.addi %s2, %5 : i32
    %s4 = arith.addi %s3, %6 : i32
    %s5 = arith.addi %s4, %7 : i32
    %s6 = arith.addi %s5, %8 : i32
    %s7 = arith.addi %s6, %9 : i32
    %s8 = arith.addi %s7, %16 : i32
    device.store %s8, %p : i32, !device.ptr<global>
    %t0 = arith.addi %11, %12 : i64
    %t1 = arith.addi %t0, %13 : i64
    %t2 = arith.addi %t1, %14 : i64
    %t3 = arith.addi %t2, %15 : i64
    %t4 = arith.addi %t3, %17 : i64
    device.store %t4, %p8 : i64, !device.ptr<global>
    device.return
  }

  // Unused results: red; f32 add/exch; shared and generic pointers (a
  // shared variable's own accesses address it by name).
  // CHECK-LABEL: ptx.entry @spaces(i64, f32)
  // CHECK:      %[[G:.*]] = ptx.cvta to.global.u64
  // CHECK-NEXT: %[[F:.*]] = ptx.ld param.f32 [param 1] : f32
  // CHECK-NEXT: %[[S:.*]] = ptx.mov u64 @bins : i64
  // CHECK-NEXT: %[[ONE:.*]] = ptx.mov b32 1 : i32
  // CHECK-NEXT: ptx.red shared.add.u32 [@bins + 12], %[[ONE]] : i32
  // CHECK-NEXT: %[[N1:.*]] = ptx.neg s32 %[[ONE]] : i32
  // CHECK-NEXT: ptx.red shared.add.u32 [@bins], %[[N1]] : i32
  // CHECK-NEXT: ptx.red global.max.s32 [%[[G]]], %[[ONE]] : i64, i32
  // CHECK-NEXT: ptx.red global.add.f32 [%[[G]]], %[[F]] : i64, f32
  // CHECK-NEXT: %[[E:.*]] = ptx.atom global.exch.b32 [%[[G]]], %[[F]] : i64, f32 -> f32
  // CHECK-NEXT: %[[GS:.*]] = ptx.cvta shared.u64 %[[S]] : i64
  // CHECK-NEXT: %[[O:.*]] = ptx.atom add.f32 [%[[GS]]], %[[F]] : i64, f32 -> f32
  // CHECK-NEXT: ptx.red or.b32 [%[[GS]]], %[[ONE]] : i64, i32
  device.kernel @spaces(%p: !device.ptr<global>, %f: f32) {
    %s = device.addressof @bins : !device.ptr<shared>
    %one = arith.constant 1 : i32
    %c12 = arith.constant 12 : i32
    %s12 = device.ptradd %s, %c12 : !device.ptr<shared>, i32
    %0 = device.atomic add %s12, %one : !device.ptr<shared>, i32
    %1 = device.atomic sub %s, %one : !device.ptr<shared>, i32
    %2 = device.atomic max %p, %one : !device.ptr<global>, i32
    %3 = device.atomic add %p, %f : !device.ptr<global>, f32
    %4 = device.atomic exch %p, %f : !device.ptr<global>, f32
    %g = device.addrspace_cast %s : !device.ptr<shared> to !device.ptr<generic>
    %5 = device.atomic add %g, %f : !device.ptr<generic>, f32
    %6 = device.atomic or %g, %one : !device.ptr<generic>, i32
    %7 = arith.addf %4, %5 : f32
    device.store %7, %p : f32, !device.ptr<global>
    device.return
  }
}
