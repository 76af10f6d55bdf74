// Instruction selection of casts: extsi/extui/trunci/index_cast(ui) are
// cvt between widths (i1 → selp of -1/1 and 0; → i1: and 1 then setp.ne;
// i16 → i8 is the same 16-bit register), int→float cvt.rn, float→int
// cvt.rzi, extf cvt.f64.f32, truncf cvt.rn (or its roundingmode), bitcast
// mov.b32/mov.b64 between integer and float registers.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

device.module @m {
  // CHECK-LABEL: ptx.entry @ints(i32, i64)
  // CHECK:      %[[A:.*]] = ptx.ld param.u32 [param 0] : i32
  // CHECK:      %[[S64:.*]] = ptx.cvt s64.s32 %[[A]] : i32 -> i64
  // CHECK-NEXT: %[[U64:.*]] = ptx.cvt u64.u32 %[[A]] : i32 -> i64
  // CHECK-NEXT: %[[T16:.*]] = ptx.cvt u16.u32 %[[A]] : i32 -> i16
  // CHECK-NEXT: %[[T8:.*]] = ptx.cvt u16.u32 %[[A]] : i32 -> i16
  // CHECK-NEXT: %[[S8_32:.*]] = ptx.cvt s32.s8 %[[T8]] : i16 -> i32
  // CHECK-NEXT: %[[U8_64:.*]] = ptx.cvt u64.u8 %[[T8]] : i16 -> i64
  // CHECK-NEXT: %[[S8_16:.*]] = ptx.cvt s16.s8 %[[T8]] : i16
  // CHECK-NEXT: %[[S16_64:.*]] = ptx.cvt s64.s16 %[[T16]] : i16 -> i64
  // CHECK-NEXT: %[[T32:.*]] = ptx.cvt u32.u64 %[[S64]] : i64 -> i32
  // CHECK-NEXT: %[[ONE:.*]] = ptx.mov b32 1 : i32
  // CHECK-NEXT: %[[BIT:.*]] = ptx.and b32 %[[A]], %[[ONE]] : i32
  // CHECK-NEXT: %[[Z:.*]] = ptx.mov b32 0 : i32
  // CHECK-NEXT: %[[B:.*]] = ptx.setp ne.b32 %[[BIT]], %[[Z]] : i32 -> i1
  // CHECK-NEXT: %[[M1:.*]] = ptx.mov b32 -1 : i32
  // CHECK-NEXT: %[[Z2:.*]] = ptx.mov b32 0 : i32
  // CHECK-NEXT: %[[BS:.*]] = ptx.selp b32 %[[M1]], %[[Z2]], %[[B]] : i32, i32, i1 -> i32
  // CHECK-NEXT: %[[P1:.*]] = ptx.mov b64 1 : i64
  // CHECK-NEXT: %[[Z3:.*]] = ptx.mov b64 0 : i64
  // CHECK-NEXT: %[[BU:.*]] = ptx.selp b64 %[[P1]], %[[Z3]], %[[B]] : i64, i64, i1 -> i64
  // index_cast sign-extends, index_castui zero-extends; to a narrower
  // type both truncate.
  // CHECK-NEXT: %[[IX:.*]] = ptx.cvt s64.s32 %[[A]] : i32 -> i64
  // CHECK-NEXT: %[[IXU:.*]] = ptx.cvt u64.u32 %[[A]] : i32 -> i64
  // CHECK-NEXT: %[[BACK:.*]] = ptx.cvt u32.u64 %[[IX]] : i64 -> i32
  device.kernel @ints(%a: i32, %p: !device.ptr<global>) {
    %0 = arith.extsi %a : i32 to i64
    %1 = arith.extui %a : i32 to i64
    %2 = arith.trunci %a : i32 to i16
    %3 = arith.trunci %a : i32 to i8
    %4 = arith.extsi %3 : i8 to i32
    %5 = arith.extui %3 : i8 to i64
    %6 = arith.extsi %3 : i8 to i16
    %7 = arith.extsi %2 : i16 to i64
    %8 = arith.trunci %0 : i64 to i32
    %9 = arith.trunci %a : i32 to i1
    %10 = arith.extsi %9 : i1 to i32
    %11 = arith.extui %9 : i1 to i64
    %12 = arith.index_cast %a : i32 to index
    %13 = arith.index_castui %a : i32 to index
    %14 = arith.index_cast %12 : index to i32
    %15 = arith.trunci %6 : i16 to i8
    %r0 = arith.addi %0, %1 : i64
    %r1 = arith.addi %r0, %5 : i64
    %r2 = arith.addi %r1, %7 : i64
    %r3 = arith.addi %r2, %11 : i64
    %i = arith.index_cast %13 : index to i64
    %r4 = arith.addi %r3, %i : i64
    device.store %r4, %p : i64, !device.ptr<global>
    %s0 = arith.addi %4, %8 : i32
    %s1 = arith.addi %s0, %10 : i32
    %s2 = arith.addi %s1, %14 : i32
    device.store %s2, %p : i32, !device.ptr<global>
    device.store %15, %p : i8, !device.ptr<global>
    device.return
  }

  // CHECK-LABEL: ptx.entry @floats(i32, i64, f32, f64, i64)
  // CHECK:      %[[A:.*]] = ptx.ld param.u32 [param 0] : i32
  // CHECK-NEXT: %[[X:.*]] = ptx.ld param.u64 [param 1] : i64
  // CHECK-NEXT: %[[F:.*]] = ptx.ld param.f32 [param 2] : f32
  // CHECK-NEXT: %[[D:.*]] = ptx.ld param.f64 [param 3] : f64
  // CHECK:      ptx.cvt rn.f32.s32 %[[A]] : i32 -> f32
  // CHECK-NEXT: ptx.cvt rn.f64.u32 %[[A]] : i32 -> f64
  // CHECK-NEXT: ptx.cvt rn.f32.u64 %[[X]] : i64 -> f32
  // CHECK-NEXT: ptx.cvt rzi.s32.f32 %[[F]] : f32 -> i32
  // CHECK-NEXT: ptx.cvt rzi.u64.f64 %[[D]] : f64 -> i64
  // CHECK-NEXT: ptx.cvt rzi.s16.f32 %[[F]] : f32 -> i16
  // CHECK-NEXT: %[[EXT:.*]] = ptx.cvt f64.f32 %[[F]] : f32 -> f64
  // CHECK-NEXT: ptx.cvt rn.f32.f64 %[[D]] : f64 -> f32
  // CHECK-NEXT: ptx.cvt rz.f32.f64 %[[D]] : f64 -> f32
  // CHECK-NEXT: ptx.cvt rm.f32.f64 %[[D]] : f64 -> f32
  // CHECK-NEXT: ptx.mov b32 %[[F]] : f32 -> i32
  // CHECK-NEXT: ptx.mov b64 %[[X]] : i64 -> f64
  // i1 sources convert through a 0/-1 (signed) or 0/1 (unsigned) i32.
  // CHECK:      %[[C:.*]] = ptx.setp lt.s32
  // CHECK:      %[[CI:.*]] = ptx.selp b32 %{{.*}}, %{{.*}}, %[[C]] : i32, i32, i1 -> i32
  // CHECK-NEXT: ptx.cvt rn.f32.s32 %[[CI]] : i32 -> f32
  // CHECK:      %[[CU:.*]] = ptx.selp b32 %{{.*}}, %{{.*}}, %[[C]] : i32, i32, i1 -> i32
  // CHECK-NEXT: ptx.cvt rn.f32.u32 %[[CU]] : i32 -> f32
  device.kernel @floats(%a: i32, %x: i64, %f: f32, %d: f64, %p: !device.ptr<global>) {
    %0 = arith.sitofp %a : i32 to f32
    %1 = arith.uitofp %a : i32 to f64
    %2 = arith.uitofp %x : i64 to f32
    %3 = arith.fptosi %f : f32 to i32
    %4 = arith.fptoui %d : f64 to i64
    %5 = arith.fptosi %f : f32 to i8
    %6 = arith.extf %f : f32 to f64
    %7 = arith.truncf %d : f64 to f32
    %8 = arith.truncf %d toward_zero : f64 to f32
    %9 = arith.truncf %d downward : f64 to f32
    %10 = arith.bitcast %f : f32 to i32
    %11 = arith.bitcast %x : i64 to f64
    %c0 = arith.constant 0 : i32
    %c = arith.cmpi slt, %a, %c0 : i32
    %12 = arith.sitofp %c : i1 to f32
    %13 = arith.uitofp %c : i1 to f32
    %f0 = arith.addf %0, %2 : f32
    %f1 = arith.addf %f0, %7 : f32
    %f2 = arith.addf %f1, %8 : f32
    %f3 = arith.addf %f2, %9 : f32
    %f4 = arith.addf %f3, %12 : f32
    %f5 = arith.addf %f4, %13 : f32
    device.store %f5, %p : f32, !device.ptr<global>
    %d0 = arith.addf %1, %6 : f64
    %d1 = arith.addf %d0, %11 : f64
    device.store %d1, %p : f64, !device.ptr<global>
    %i0 = arith.addi %3, %10 : i32
    device.store %i0, %p : i32, !device.ptr<global>
    device.store %4, %p : i64, !device.ptr<global>
    device.store %5, %p : i8, !device.ptr<global>
    device.return
  }
}
