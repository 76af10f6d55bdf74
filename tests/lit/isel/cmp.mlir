// Instruction selection of comparisons and select: cmpi is setp with
// eq/ne/lt/le/gt/ge on .sN and lo/ls/hi/hs on .uN (i8 operands normalised
// in their 16-bit registers first, i1 operands compared with predicate
// logic); cmpf is setp with the ordered (eq, ...), unordered (equ, ...),
// num (ord) and nan (uno) comparisons, true/false are constants; select is
// selp (and/or/not on predicates for i1).
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

device.module @m {
  // CHECK-LABEL: ptx.entry @cmpi(i32, i32, i64, i64)
  // CHECK:      %[[A:.*]] = ptx.ld param.u32 [param 0] : i32
  // CHECK-NEXT: %[[B:.*]] = ptx.ld param.u32 [param 1] : i32
  // CHECK-NEXT: %[[X:.*]] = ptx.ld param.u64 [param 2] : i64
  // CHECK:      ptx.setp eq.s32 %[[A]], %[[B]] : i32 -> i1
  // CHECK-NEXT: ptx.setp ne.s32 %[[A]], %[[B]] : i32 -> i1
  // CHECK-NEXT: ptx.setp lt.s32 %[[A]], %[[B]] : i32 -> i1
  // CHECK-NEXT: ptx.setp le.s32 %[[A]], %[[B]] : i32 -> i1
  // CHECK-NEXT: ptx.setp gt.s32 %[[A]], %[[B]] : i32 -> i1
  // CHECK-NEXT: ptx.setp ge.s32 %[[A]], %[[B]] : i32 -> i1
  // CHECK-NEXT: ptx.setp lo.u32 %[[A]], %[[B]] : i32 -> i1
  // CHECK-NEXT: ptx.setp ls.u32 %[[A]], %[[B]] : i32 -> i1
  // CHECK-NEXT: ptx.setp hi.u32 %[[A]], %[[B]] : i32 -> i1
  // CHECK-NEXT: ptx.setp hs.u32 %[[A]], %[[B]] : i32 -> i1
  // CHECK-NEXT: ptx.setp lo.u64 %[[X]], %[[X]] : i64 -> i1
  // CHECK-NEXT: ptx.setp lt.s64 %[[X]], %[[X]] : i64 -> i1
  device.kernel @cmpi(%a: i32, %b: i32, %x: index, %p: !device.ptr<global>) {
    %0 = arith.cmpi eq, %a, %b : i32
    %1 = arith.cmpi ne, %a, %b : i32
    %2 = arith.cmpi slt, %a, %b : i32
    %3 = arith.cmpi sle, %a, %b : i32
    %4 = arith.cmpi sgt, %a, %b : i32
    %5 = arith.cmpi sge, %a, %b : i32
    %6 = arith.cmpi ult, %a, %b : i32
    %7 = arith.cmpi ule, %a, %b : i32
    %8 = arith.cmpi ugt, %a, %b : i32
    %9 = arith.cmpi uge, %a, %b : i32
    %10 = arith.cmpi ult, %x, %x : index
    %11 = arith.cmpi slt, %x, %x : index
    %r0 = arith.xori %0, %1 : i1
    %r1 = arith.xori %r0, %2 : i1
    %r2 = arith.xori %r1, %3 : i1
    %r3 = arith.xori %r2, %4 : i1
    %r4 = arith.xori %r3, %5 : i1
    %r5 = arith.xori %r4, %6 : i1
    %r6 = arith.xori %r5, %7 : i1
    %r7 = arith.xori %r6, %8 : i1
    %r8 = arith.xori %r7, %9 : i1
    %r9 = arith.xori %r8, %10 : i1
    %r10 = arith.xori %r9, %11 : i1
    %v = arith.extui %r10 : i1 to i32
    device.store %v, %p : i32, !device.ptr<global>
    device.return
  }

  // i8: signed predicates sign-extend, the others zero-extend the low byte.
  // CHECK-LABEL: ptx.entry @cmpi_i8(i64)
  // CHECK:      %[[X:.*]] = ptx.ld global.u8
  // CHECK-NEXT: %[[Y:.*]] = ptx.ld global.u8
  // CHECK-NEXT: %[[SX:.*]] = ptx.cvt s16.s8 %[[X]] : i16
  // CHECK-NEXT: %[[SY:.*]] = ptx.cvt s16.s8 %[[Y]] : i16
  // CHECK-NEXT: ptx.setp lt.s16 %[[SX]], %[[SY]] : i16 -> i1
  // CHECK-NEXT: %[[UX:.*]] = ptx.cvt u16.u8 %[[X]] : i16
  // CHECK-NEXT: %[[UY:.*]] = ptx.cvt u16.u8 %[[Y]] : i16
  // CHECK-NEXT: ptx.setp eq.s16 %[[UX]], %[[UY]] : i16 -> i1
  device.kernel @cmpi_i8(%p: !device.ptr<global>) {
    %c1 = arith.constant 1 : i64
    %q = device.ptradd %p, %c1 : !device.ptr<global>, i64
    %x = device.load %p : !device.ptr<global> -> i8
    %y = device.load %q : !device.ptr<global> -> i8
    %0 = arith.cmpi slt, %x, %y : i8
    %1 = arith.cmpi eq, %x, %y : i8
    %2 = arith.andi %0, %1 : i1
    %v = arith.extui %2 : i1 to i8
    device.store %v, %p : i8, !device.ptr<global>
    device.return
  }

  // i1 comparisons: unsigned true > false, signed true (-1) < false.
  // CHECK-LABEL: ptx.entry @cmpi_i1(i32, i64)
  // CHECK:      %[[A:.*]] = ptx.setp lt.s32
  // CHECK-NEXT: %[[B:.*]] = ptx.setp gt.s32
  // CHECK-NEXT: %[[X:.*]] = ptx.xor pred %[[A]], %[[B]] : i1
  // CHECK-NEXT: %[[EQ:.*]] = ptx.not pred %[[X]] : i1
  // CHECK-NEXT: %[[NE:.*]] = ptx.xor pred %[[A]], %[[B]] : i1
  // CHECK-NEXT: %[[NA:.*]] = ptx.not pred %[[A]] : i1
  // CHECK-NEXT: %[[ULT:.*]] = ptx.and pred %[[NA]], %[[B]] : i1
  // CHECK-NEXT: %[[NB:.*]] = ptx.not pred %[[B]] : i1
  // CHECK-NEXT: %[[SLT:.*]] = ptx.and pred %[[A]], %[[NB]] : i1
  // CHECK-NEXT: %[[NB2:.*]] = ptx.not pred %[[B]] : i1
  // CHECK-NEXT: %[[UGE:.*]] = ptx.or pred %[[A]], %[[NB2]] : i1
  // CHECK-NEXT: %[[NA2:.*]] = ptx.not pred %[[A]] : i1
  // CHECK-NEXT: %[[SGE:.*]] = ptx.or pred %[[NA2]], %[[B]] : i1
  device.kernel @cmpi_i1(%a: i32, %p: !device.ptr<global>) {
    %c0 = arith.constant 0 : i32
    %x = arith.cmpi slt, %a, %c0 : i32
    %y = arith.cmpi sgt, %a, %c0 : i32
    %0 = arith.cmpi eq, %x, %y : i1
    %1 = arith.cmpi ne, %x, %y : i1
    %2 = arith.cmpi ult, %x, %y : i1
    %3 = arith.cmpi slt, %x, %y : i1
    %4 = arith.cmpi uge, %x, %y : i1
    %5 = arith.cmpi sge, %x, %y : i1
    %r0 = arith.xori %0, %1 : i1
    %r1 = arith.xori %r0, %2 : i1
    %r2 = arith.xori %r1, %3 : i1
    %r3 = arith.xori %r2, %4 : i1
    %r4 = arith.xori %r3, %5 : i1
    %v = arith.extui %r4 : i1 to i32
    device.store %v, %p : i32, !device.ptr<global>
    device.return
  }

  // CHECK-LABEL: ptx.entry @cmpf(f32, f64, i64)
  // CHECK:      %[[A:.*]] = ptx.ld param.f32 [param 0] : f32
  // CHECK-NEXT: %[[D:.*]] = ptx.ld param.f64 [param 1] : f64
  // CHECK:      %[[F:.*]] = ptx.mov pred 0 : i1
  // CHECK-NEXT: ptx.setp eq.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp gt.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp ge.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp lt.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp le.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp ne.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp num.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp equ.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp gtu.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp geu.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp ltu.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp leu.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp neu.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: ptx.setp nan.f32 %[[A]], %[[A]] : f32 -> i1
  // CHECK-NEXT: %[[T:.*]] = ptx.mov pred {{-?1}} : i1
  // CHECK-NEXT: ptx.setp lt.f64 %[[D]], %[[D]] : f64 -> i1
  // CHECK-NEXT: ptx.setp nan.f64 %[[D]], %[[D]] : f64 -> i1
  device.kernel @cmpf(%a: f32, %d: f64, %p: !device.ptr<global>) {
    %0 = arith.cmpf false, %a, %a : f32
    %1 = arith.cmpf oeq, %a, %a : f32
    %2 = arith.cmpf ogt, %a, %a : f32
    %3 = arith.cmpf oge, %a, %a : f32
    %4 = arith.cmpf olt, %a, %a : f32
    %5 = arith.cmpf ole, %a, %a : f32
    %6 = arith.cmpf one, %a, %a : f32
    %7 = arith.cmpf ord, %a, %a : f32
    %8 = arith.cmpf ueq, %a, %a : f32
    %9 = arith.cmpf ugt, %a, %a : f32
    %10 = arith.cmpf uge, %a, %a : f32
    %11 = arith.cmpf ult, %a, %a : f32
    %12 = arith.cmpf ule, %a, %a : f32
    %13 = arith.cmpf une, %a, %a : f32
    %14 = arith.cmpf uno, %a, %a : f32
    %15 = arith.cmpf true, %a, %a : f32
    %16 = arith.cmpf olt, %d, %d : f64
    %17 = arith.cmpf uno, %d, %d : f64
    %r0 = arith.xori %0, %1 : i1
    %r1 = arith.xori %r0, %2 : i1
    %r2 = arith.xori %r1, %3 : i1
    %r3 = arith.xori %r2, %4 : i1
    %r4 = arith.xori %r3, %5 : i1
    %r5 = arith.xori %r4, %6 : i1
    %r6 = arith.xori %r5, %7 : i1
    %r7 = arith.xori %r6, %8 : i1
    %r8 = arith.xori %r7, %9 : i1
    %r9 = arith.xori %r8, %10 : i1
    %r10 = arith.xori %r9, %11 : i1
    %r11 = arith.xori %r10, %12 : i1
    %r12 = arith.xori %r11, %13 : i1
    %r13 = arith.xori %r12, %14 : i1
    %r14 = arith.xori %r13, %15 : i1
    %r15 = arith.xori %r14, %16 : i1
    %r16 = arith.xori %r15, %17 : i1
    %v = arith.extui %r16 : i1 to i32
    device.store %v, %p : i32, !device.ptr<global>
    device.return
  }

  // CHECK-LABEL: ptx.entry @select(i32, i32, f32, i64)
  // CHECK:      %[[A:.*]] = ptx.ld param.u32 [param 0] : i32
  // CHECK-NEXT: %[[B:.*]] = ptx.ld param.u32 [param 1] : i32
  // CHECK-NEXT: %[[F:.*]] = ptx.ld param.f32 [param 2] : f32
  // CHECK-NEXT: %[[PR:.*]] = ptx.ld param.u64 [param 3] : i64
  // CHECK-NEXT: %[[G:.*]] = ptx.cvta to.global.u64 %[[PR]] : i64
  // CHECK-NEXT: %[[C:.*]] = ptx.setp lt.s32 %[[A]], %[[B]] : i32 -> i1
  // CHECK-NEXT: %[[S:.*]] = ptx.selp b32 %[[A]], %[[B]], %[[C]] : i32, i32, i1 -> i32
  // CHECK-NEXT: %[[SF:.*]] = ptx.selp f32 %[[F]], %[[F]], %[[C]] : f32, f32, i1 -> f32
  // CHECK-NEXT: %[[SP:.*]] = ptx.selp b64 %[[G]], %[[G]], %[[C]] : i64, i64, i1 -> i64
  // CHECK-NEXT: %[[D:.*]] = ptx.setp eq.s32 %[[A]], %[[B]] : i32 -> i1
  // CHECK-NEXT: %[[CD:.*]] = ptx.and pred %[[C]], %[[D]] : i1
  // CHECK-NEXT: %[[NC:.*]] = ptx.not pred %[[C]] : i1
  // CHECK-NEXT: %[[NCC:.*]] = ptx.and pred %[[NC]], %[[C]] : i1
  // CHECK-NEXT: %[[SB:.*]] = ptx.or pred %[[CD]], %[[NCC]] : i1
  device.kernel @select(%a: i32, %b: i32, %f: f32, %p: !device.ptr<global>) {
    %c = arith.cmpi slt, %a, %b : i32
    %0 = arith.select %c, %a, %b : i32
    %1 = arith.select %c, %f, %f : f32
    %2 = arith.select %c, %p, %p : !device.ptr<global>
    %d = arith.cmpi eq, %a, %b : i32
    %3 = arith.select %c, %d, %c : i1
    %4 = arith.extui %3 : i1 to i32
    %5 = arith.addi %0, %4 : i32
    device.store %5, %2 : i32, !device.ptr<global>
    device.store %1, %p : f32, !device.ptr<global>
    device.return
  }
}
