// Instruction selection of integer arith ops (convert-device-to-ptx):
// add/sub/mul.lo, mad.lo fusion of a single-use multiply into its add,
// mul.wide for products of extended i32 values, signed and unsigned
// division and remainder, the ceil/floor division expansions, min/max,
// shifts (amounts always .u32), bitwise ops, the extended ops, and the
// i8 (normalised in 16-bit registers) and i1 (predicate logic) forms.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

device.module @m {
  // CHECK-LABEL: ptx.entry @basic(i32, i32, i64)
  // CHECK:      %[[A:.*]] = ptx.ld param.u32 [param 0] : i32
  // CHECK-NEXT: %[[B:.*]] = ptx.ld param.u32 [param 1] : i32
  // CHECK-NEXT: %[[P:.*]] = ptx.ld param.u64 [param 2] : i64
  // CHECK-NEXT: %[[G:.*]] = ptx.cvta to.global.u64 %[[P]] : i64
  // CHECK-NEXT: %[[ADD:.*]] = ptx.add s32 %[[A]], %[[B]] : i32
  // CHECK-NEXT: %[[SUB:.*]] = ptx.sub s32 %[[ADD]], %[[B]] : i32
  // CHECK-NEXT: %[[MUL:.*]] = ptx.mul lo.s32 %[[SUB]], %[[A]] : i32
  // CHECK-NEXT: %[[DS:.*]] = ptx.div s32 %[[MUL]], %[[B]] : i32
  // CHECK-NEXT: %[[DU:.*]] = ptx.div u32 %[[DS]], %[[B]] : i32
  // CHECK-NEXT: %[[RS:.*]] = ptx.rem s32 %[[DU]], %[[B]] : i32
  // CHECK-NEXT: %[[RU:.*]] = ptx.rem u32 %[[RS]], %[[B]] : i32
  // CHECK-NEXT: %[[MNS:.*]] = ptx.min s32 %[[RU]], %[[B]] : i32
  // CHECK-NEXT: %[[MXS:.*]] = ptx.max s32 %[[MNS]], %[[B]] : i32
  // CHECK-NEXT: %[[MNU:.*]] = ptx.min u32 %[[MXS]], %[[B]] : i32
  // CHECK-NEXT: %[[MXU:.*]] = ptx.max u32 %[[MNU]], %[[B]] : i32
  // CHECK-NEXT: %[[AND:.*]] = ptx.and b32 %[[MXU]], %[[B]] : i32
  // CHECK-NEXT: %[[OR:.*]] = ptx.or b32 %[[AND]], %[[B]] : i32
  // CHECK-NEXT: %[[XOR:.*]] = ptx.xor b32 %[[OR]], %[[B]] : i32
  // CHECK-NEXT: %[[SHL:.*]] = ptx.shl b32 %[[XOR]], %[[B]] : i32
  // CHECK-NEXT: %[[SHRS:.*]] = ptx.shr s32 %[[SHL]], %[[B]] : i32
  // CHECK-NEXT: %[[SHRU:.*]] = ptx.shr u32 %[[SHRS]], %[[B]] : i32
  // CHECK-NEXT: ptx.st global.u32 [%[[G]]], %[[SHRU]] : i64, i32
  device.kernel @basic(%a: i32, %b: i32, %p: !device.ptr<global>) {
    %0 = arith.addi %a, %b : i32
    %1 = arith.subi %0, %b : i32
    %2 = arith.muli %1, %a : i32
    %3 = arith.divsi %2, %b : i32
    %4 = arith.divui %3, %b : i32
    %5 = arith.remsi %4, %b : i32
    %6 = arith.remui %5, %b : i32
    %7 = arith.minsi %6, %b : i32
    %8 = arith.maxsi %7, %b : i32
    %9 = arith.minui %8, %b : i32
    %10 = arith.maxui %9, %b : i32
    %11 = arith.andi %10, %b : i32
    %12 = arith.ori %11, %b : i32
    %13 = arith.xori %12, %b : i32
    %14 = arith.shli %13, %b : i32
    %15 = arith.shrsi %14, %b : i32
    %16 = arith.shrui %15, %b : i32
    device.store %16, %p : i32, !device.ptr<global>
    device.return
  }

  // 64-bit shift amounts are narrowed to .u32; 64-bit ops use .s64/.b64.
  // CHECK-LABEL: ptx.entry @wide64(i64, i64, i64)
  // CHECK:      %[[X:.*]] = ptx.ld param.u64 [param 0] : i64
  // CHECK-NEXT: %[[Y:.*]] = ptx.ld param.u64 [param 1] : i64
  // CHECK:      %[[M:.*]] = ptx.mul lo.s64 %[[X]], %[[Y]] : i64
  // CHECK-NEXT: %[[N:.*]] = ptx.cvt u32.u64 %[[Y]] : i64 -> i32
  // CHECK-NEXT: %[[S:.*]] = ptx.shl b64 %[[M]], %[[N]] : i64, i32 -> i64
  // CHECK-NEXT: %[[N2:.*]] = ptx.cvt u32.u64 %[[Y]] : i64 -> i32
  // CHECK-NEXT: %[[R:.*]] = ptx.shr s64 %[[S]], %[[N2]] : i64, i32 -> i64
  // CHECK-NEXT: %[[D:.*]] = ptx.div u64 %[[R]], %[[Y]] : i64
  // CHECK-NEXT: ptx.st global.u64
  device.kernel @wide64(%x: i64, %y: i64, %p: !device.ptr<global>) {
    %0 = arith.muli %x, %y : i64
    %1 = arith.shli %0, %y : i64
    %2 = arith.shrsi %1, %y : i64
    %3 = arith.divui %2, %y : i64
    device.store %3, %p : i64, !device.ptr<global>
    device.return
  }

  // A single-use multiply feeding an add of the same block is a mad; a
  // multiply with another use is not fused.
  // CHECK-LABEL: ptx.entry @mad(i32, i32, i32, i64)
  // CHECK:      %[[MAD:.*]] = ptx.mad lo.s32 %[[A:.*]], %[[B:.*]], %[[C:.*]] : i32
  // CHECK-NEXT: %[[M2:.*]] = ptx.mul lo.s32 %[[A]], %[[C]] : i32
  // CHECK-NEXT: %[[S2:.*]] = ptx.add s32 %[[M2]], %[[MAD]] : i32
  // CHECK-NEXT: %[[S3:.*]] = ptx.add s32 %[[S2]], %[[M2]] : i32
  // CHECK-NOT:  ptx.mul
  device.kernel @mad(%a: i32, %b: i32, %c: i32, %p: !device.ptr<global>) {
    %0 = arith.muli %a, %b : i32
    %1 = arith.addi %c, %0 : i32
    %2 = arith.muli %a, %c : i32
    %3 = arith.addi %2, %1 : i32
    %4 = arith.addi %3, %2 : i32
    device.store %4, %p : i32, !device.ptr<global>
    device.return
  }

  // Products of sign- or zero-extended i32 values (or of one and a
  // constant that fits) are mul.wide; with an add, mad.wide. A constant
  // that does not fit and mixed extensions stay mul.lo.s64.
  // CHECK-LABEL: ptx.entry @mul_wide(i32, i32, i64, i64)
  // CHECK:      %[[A:.*]] = ptx.ld param.u32 [param 0] : i32
  // CHECK-NEXT: %[[B:.*]] = ptx.ld param.u32 [param 1] : i32
  // CHECK-NEXT: %[[C:.*]] = ptx.ld param.u64 [param 2] : i64
  // CHECK:      %[[SA:.*]] = ptx.cvt s64.s32 %[[A]] : i32 -> i64
  // CHECK-NEXT: %[[UA:.*]] = ptx.cvt u64.u32 %[[A]] : i32 -> i64
  // CHECK-NEXT: %[[BIG:.*]] = ptx.mov b64 8589934592 : i64
  // CHECK-NEXT: %[[W1:.*]] = ptx.mul wide.s32 %[[A]], %[[B]] : i32 -> i64
  // CHECK-NEXT: ptx.st global.u64 [%[[P:.*]]], %[[W1]] : i64
  // CHECK-NEXT: %[[FOUR:.*]] = ptx.mov b32 4 : i32
  // CHECK-NEXT: %[[W2:.*]] = ptx.mul wide.u32 %[[A]], %[[FOUR]] : i32 -> i64
  // CHECK-NEXT: ptx.st global.u64 [%[[P]] + 8], %[[W2]] : i64
  // CHECK-NEXT: %[[W3:.*]] = ptx.mad wide.s32 %[[A]], %[[B]], %[[C]] : i32, i32, i64 -> i64
  // CHECK-NEXT: ptx.st global.u64 [%[[P]] + 16], %[[W3]] : i64
  // CHECK-NEXT: %[[L1:.*]] = ptx.mul lo.s64 %[[SA]], %[[BIG]] : i64
  // CHECK-NEXT: ptx.st global.u64 [%[[P]] + 24], %[[L1]] : i64
  // CHECK-NEXT: %[[L2:.*]] = ptx.mul lo.s64 %[[SA]], %[[UA]] : i64
  // CHECK-NEXT: ptx.st global.u64 [%[[P]] + 32], %[[L2]] : i64
  device.kernel @mul_wide(%a: i32, %b: i32, %c: i64, %p: !device.ptr<global>) {
    %sa = arith.extsi %a : i32 to i64
    %sb = arith.extsi %b : i32 to i64
    %ua = arith.extui %a : i32 to i64
    %c4 = arith.constant 4 : i64
    %big = arith.constant 8589934592 : i64
    %c8 = arith.constant 8 : i64
    %c16 = arith.constant 16 : i64
    %c24 = arith.constant 24 : i64
    %c32 = arith.constant 32 : i64
    %p8 = device.ptradd %p, %c8 : !device.ptr<global>, i64
    %p16 = device.ptradd %p8, %c8 : !device.ptr<global>, i64
    %p24 = device.ptradd %p, %c24 : !device.ptr<global>, i64
    %p32 = device.ptradd %p, %c32 : !device.ptr<global>, i64
    %0 = arith.muli %sa, %sb : i64
    device.store %0, %p : i64, !device.ptr<global>
    %1 = arith.muli %ua, %c4 : i64
    device.store %1, %p8 : i64, !device.ptr<global>
    %2 = arith.muli %sa, %sb : i64
    %3 = arith.addi %2, %c : i64
    device.store %3, %p16 : i64, !device.ptr<global>
    %4 = arith.muli %sa, %big : i64
    device.store %4, %p24 : i64, !device.ptr<global>
    %5 = arith.muli %sa, %ua : i64
    device.store %5, %p32 : i64, !device.ptr<global>
    device.return
  }

  // ceildivui: q + (r != 0); ceildivsi / floordivsi: q ± 1 when the
  // remainder is nonzero and the exact quotient is positive / negative.
  // CHECK-LABEL: ptx.entry @div_round(i32, i32, i64)
  // CHECK:      %[[Q:.*]] = ptx.div u32 %[[A:.*]], %[[B:.*]] : i32
  // CHECK-NEXT: %[[R:.*]] = ptx.rem u32 %[[A]], %[[B]] : i32
  // CHECK-NEXT: %[[Z:.*]] = ptx.mov b32 0 : i32
  // CHECK-NEXT: %[[NZ:.*]] = ptx.setp ne.b32 %[[R]], %[[Z]] : i32 -> i1
  // CHECK-NEXT: %[[ONE:.*]] = ptx.mov b32 1 : i32
  // CHECK-NEXT: %[[Q1:.*]] = ptx.add s32 %[[Q]], %[[ONE]] : i32
  // CHECK-NEXT: %[[CU:.*]] = ptx.selp b32 %[[Q1]], %[[Q]], %[[NZ]] : i32, i32, i1 -> i32
  // CHECK-NEXT: %[[QS:.*]] = ptx.div s32 %[[A]], %[[B]] : i32
  // CHECK-NEXT: %[[RS:.*]] = ptx.rem s32 %[[A]], %[[B]] : i32
  // CHECK-NEXT: %[[Z2:.*]] = ptx.mov b32 0 : i32
  // CHECK-NEXT: %[[NZ2:.*]] = ptx.setp ne.b32 %[[RS]], %[[Z2]] : i32 -> i1
  // CHECK-NEXT: %[[Z3:.*]] = ptx.mov b32 0 : i32
  // CHECK-NEXT: %[[RN:.*]] = ptx.setp lt.s32 %[[RS]], %[[Z3]] : i32 -> i1
  // CHECK-NEXT: %[[BN:.*]] = ptx.setp lt.s32 %[[B]], %[[Z3]] : i32 -> i1
  // CHECK-NEXT: %[[DIF:.*]] = ptx.xor pred %[[RN]], %[[BN]] : i1
  // CHECK-NEXT: %[[SAME:.*]] = ptx.not pred %[[DIF]] : i1
  // CHECK-NEXT: %[[ADJ:.*]] = ptx.and pred %[[NZ2]], %[[SAME]] : i1
  // CHECK-NEXT: %[[ONE2:.*]] = ptx.mov b32 1 : i32
  // CHECK-NEXT: %[[UP:.*]] = ptx.add s32 %[[QS]], %[[ONE2]] : i32
  // CHECK-NEXT: %[[CS:.*]] = ptx.selp b32 %[[UP]], %[[QS]], %[[ADJ]] : i32, i32, i1 -> i32
  // CHECK:      %[[DIF2:.*]] = ptx.xor pred
  // CHECK-NEXT: %[[ADJ2:.*]] = ptx.and pred %{{.*}}, %[[DIF2]] : i1
  // CHECK-NEXT: %[[ONE3:.*]] = ptx.mov b32 1 : i32
  // CHECK-NEXT: %[[DOWN:.*]] = ptx.sub s32 %{{.*}}, %[[ONE3]] : i32
  // CHECK-NEXT: ptx.selp b32 %[[DOWN]], %{{.*}}, %[[ADJ2]] : i32, i32, i1 -> i32
  device.kernel @div_round(%a: i32, %b: i32, %p: !device.ptr<global>) {
    %0 = arith.ceildivui %a, %b : i32
    %1 = arith.ceildivsi %a, %b : i32
    %2 = arith.floordivsi %a, %b : i32
    %3 = arith.addi %0, %1 : i32
    %4 = arith.addi %3, %2 : i32
    device.store %4, %p : i32, !device.ptr<global>
    device.return
  }

  // addui_extended: the carry is sum <u a; mul*_extended: mul.lo and mul.hi.
  // CHECK-LABEL: ptx.entry @extended(i32, i32, i64)
  // CHECK:      %[[S:.*]] = ptx.add s32 %[[A:.*]], %[[B:.*]] : i32
  // CHECK-NEXT: %[[C:.*]] = ptx.setp lo.u32 %[[S]], %[[A]] : i32 -> i1
  // CHECK-NEXT: %[[L:.*]] = ptx.mul lo.s32 %[[A]], %[[B]] : i32
  // CHECK-NEXT: %[[H:.*]] = ptx.mul hi.s32 %[[A]], %[[B]] : i32
  // CHECK-NEXT: %[[L2:.*]] = ptx.mul lo.s32 %[[A]], %[[B]] : i32
  // CHECK-NEXT: %[[H2:.*]] = ptx.mul hi.u32 %[[A]], %[[B]] : i32
  device.kernel @extended(%a: i32, %b: i32, %p: !device.ptr<global>) {
    %sum, %ov = arith.addui_extended %a, %b : i32, i1
    %lo, %hi = arith.mulsi_extended %a, %b : i32
    %ulo, %uhi = arith.mului_extended %a, %b : i32
    %ovi = arith.extui %ov : i1 to i32
    %0 = arith.addi %sum, %ovi : i32
    %1 = arith.addi %0, %lo : i32
    %2 = arith.addi %1, %hi : i32
    %3 = arith.addi %2, %ulo : i32
    %4 = arith.addi %3, %uhi : i32
    device.store %4, %p : i32, !device.ptr<global>
    device.return
  }

  // i8 lives in 16-bit registers: add/and need no normalisation; signed
  // division sign-extends the low byte first, unsigned right shifts
  // zero-extend it, and shift amounts take the low byte.
  // CHECK-LABEL: ptx.entry @bytes(i64)
  // CHECK:      %[[X:.*]] = ptx.ld global.u8 [%[[P:.*]]] : i64 -> i16
  // CHECK-NEXT: %[[Y:.*]] = ptx.ld global.u8 [%[[P]] + 1] : i64 -> i16
  // CHECK-NEXT: %[[S:.*]] = ptx.add s16 %[[X]], %[[Y]] : i16
  // CHECK-NEXT: %[[SX:.*]] = ptx.cvt s16.s8 %[[S]] : i16
  // CHECK-NEXT: %[[SY:.*]] = ptx.cvt s16.s8 %[[Y]] : i16
  // CHECK-NEXT: %[[D:.*]] = ptx.div s16 %[[SX]], %[[SY]] : i16
  // CHECK-NEXT: %[[ZD:.*]] = ptx.cvt u16.u8 %[[D]] : i16
  // CHECK-NEXT: %[[N:.*]] = ptx.cvt u32.u8 %[[Y]] : i16 -> i32
  // CHECK-NEXT: %[[SH:.*]] = ptx.shr u16 %[[ZD]], %[[N]] : i16, i32 -> i16
  // CHECK-NEXT: ptx.st global.u8 [%[[P]] + 2], %[[SH]] : i64, i16
  device.kernel @bytes(%p: !device.ptr<global>) {
    %c1 = arith.constant 1 : i64
    %c2 = arith.constant 2 : i64
    %q = device.ptradd %p, %c1 : !device.ptr<global>, i64
    %r = device.ptradd %p, %c2 : !device.ptr<global>, i64
    %x = device.load %p : !device.ptr<global> -> i8
    %y = device.load %q : !device.ptr<global> -> i8
    %0 = arith.addi %x, %y : i8
    %1 = arith.divsi %0, %y : i8
    %2 = arith.shrui %1, %y : i8
    device.store %2, %r : i8, !device.ptr<global>
    device.return
  }

  // i1 arithmetic is predicate logic.
  // CHECK-LABEL: ptx.entry @bools(i32, i32, i64)
  // CHECK:      %[[P:.*]] = ptx.setp lt.s32
  // CHECK-NEXT: %[[Q:.*]] = ptx.setp gt.s32
  // CHECK-NEXT: %[[X:.*]] = ptx.xor pred %[[P]], %[[Q]] : i1
  // CHECK-NEXT: %[[A:.*]] = ptx.and pred %[[X]], %[[Q]] : i1
  // CHECK-NEXT: %[[O:.*]] = ptx.or pred %[[A]], %[[Q]] : i1
  // CHECK-NEXT: %[[M:.*]] = ptx.and pred %[[O]], %[[P]] : i1
  // CHECK-NEXT: %[[MIN:.*]] = ptx.or pred %[[M]], %[[P]] : i1
  device.kernel @bools(%a: i32, %b: i32, %p: !device.ptr<global>) {
    %0 = arith.cmpi slt, %a, %b : i32
    %1 = arith.cmpi sgt, %a, %b : i32
    %2 = arith.addi %0, %1 : i1
    %3 = arith.andi %2, %1 : i1
    %4 = arith.ori %3, %1 : i1
    %5 = arith.muli %4, %0 : i1
    %6 = arith.minsi %5, %0 : i1
    %7 = arith.extui %6 : i1 to i32
    device.store %7, %p : i32, !device.ptr<global>
    device.return
  }
}
