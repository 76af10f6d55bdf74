// Instruction selection of float arith ops: add/sub/mul are .rn (so ptxas
// never contracts them into an FMA) unless the op allows contraction; div
// is div.rn; remf is a - trunc(a/b)*b with one fma.rn; negf is neg;
// maxnumf/minnumf are max/min (non-NaN operand wins); maximumf/minimumf
// propagate NaN: max.NaN.f32 on sm_80+, else max + setp.nan + selp.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx{sm=sm_75})' | FileCheck %s --check-prefixes=CHECK,SM75

// SM80: ptx.module @m attributes {target = "sm_80", version = "8.0"}
// SM75: ptx.module @m attributes {target = "sm_75", version = "7.0"}
device.module @m {
  // CHECK-LABEL: ptx.entry @f32ops(f32, f32, i64)
  // CHECK:      %[[A:.*]] = ptx.ld param.f32 [param 0] : f32
  // CHECK-NEXT: %[[B:.*]] = ptx.ld param.f32 [param 1] : f32
  // CHECK:      %[[ADD:.*]] = ptx.add rn.f32 %[[A]], %[[B]] : f32
  // CHECK-NEXT: %[[SUB:.*]] = ptx.sub rn.f32 %[[ADD]], %[[B]] : f32
  // CHECK-NEXT: %[[MUL:.*]] = ptx.mul rn.f32 %[[SUB]], %[[B]] : f32
  // CHECK-NEXT: %[[DIV:.*]] = ptx.div rn.f32 %[[MUL]], %[[B]] : f32
  // CHECK-NEXT: %[[Q:.*]] = ptx.div rn.f32 %[[DIV]], %[[B]] : f32
  // CHECK-NEXT: %[[T:.*]] = ptx.cvt rzi.f32.f32 %[[Q]] : f32
  // CHECK-NEXT: %[[NT:.*]] = ptx.neg f32 %[[T]] : f32
  // CHECK-NEXT: %[[REM:.*]] = ptx.fma rn.f32 %[[NT]], %[[B]], %[[DIV]] : f32
  // CHECK-NEXT: %[[NEG:.*]] = ptx.neg f32 %[[REM]] : f32
  // CHECK-NEXT: %[[MXN:.*]] = ptx.max f32 %[[NEG]], %[[B]] : f32
  // CHECK-NEXT: %[[MNN:.*]] = ptx.min f32 %[[MXN]], %[[B]] : f32
  // SM80-NEXT:  %[[MAX:.*]] = ptx.max NaN.f32 %[[MNN]], %[[B]] : f32
  // SM80-NEXT:  %[[MIN:.*]] = ptx.min NaN.f32 %[[MAX]], %[[B]] : f32
  // SM75-NEXT:  %[[M1:.*]] = ptx.max f32 %[[MNN]], %[[B]] : f32
  // SM75-NEXT:  %[[U1:.*]] = ptx.setp nan.f32 %[[MNN]], %[[B]] : f32 -> i1
  // SM75-NEXT:  %[[N1:.*]] = ptx.add rn.f32 %[[MNN]], %[[B]] : f32
  // SM75-NEXT:  %[[MAX:.*]] = ptx.selp f32 %[[N1]], %[[M1]], %[[U1]] : f32, f32, i1 -> f32
  // SM75-NEXT:  %[[M2:.*]] = ptx.min f32 %[[MAX]], %[[B]] : f32
  // SM75-NEXT:  %[[U2:.*]] = ptx.setp nan.f32 %[[MAX]], %[[B]] : f32 -> i1
  // SM75-NEXT:  %[[N2:.*]] = ptx.add rn.f32 %[[MAX]], %[[B]] : f32
  // SM75-NEXT:  %[[MIN:.*]] = ptx.selp f32 %[[N2]], %[[M2]], %[[U2]] : f32, f32, i1 -> f32
  // Contraction allowed: plain add/mul, which ptxas may fuse.
  // CHECK-NEXT: %[[CM:.*]] = ptx.mul f32 %[[MIN]], %[[A]] : f32
  // CHECK-NEXT: %[[CA:.*]] = ptx.add f32 %[[CM]], %[[B]] : f32
  // CHECK-NEXT: ptx.st global.f32 [%{{.*}}], %[[CA]] : i64, f32
  device.kernel @f32ops(%a: f32, %b: f32, %p: !device.ptr<global>) {
    %0 = arith.addf %a, %b : f32
    %1 = arith.subf %0, %b : f32
    %2 = arith.mulf %1, %b : f32
    %3 = arith.divf %2, %b : f32
    %4 = arith.remf %3, %b : f32
    %5 = arith.negf %4 : f32
    %6 = arith.maxnumf %5, %b : f32
    %7 = arith.minnumf %6, %b : f32
    %8 = arith.maximumf %7, %b : f32
    %9 = arith.minimumf %8, %b : f32
    %10 = arith.mulf %9, %a fastmath<contract> : f32
    %11 = arith.addf %10, %b fastmath<fast> : f32
    device.store %11, %p : f32, !device.ptr<global>
    device.return
  }

  // f64: the same forms with .f64; maximumf on f64 always uses selp.
  // CHECK-LABEL: ptx.entry @f64ops(f64, f64, i64)
  // CHECK:      %[[A:.*]] = ptx.ld param.f64 [param 0] : f64
  // CHECK-NEXT: %[[B:.*]] = ptx.ld param.f64 [param 1] : f64
  // CHECK:      %[[ADD:.*]] = ptx.add rn.f64 %[[A]], %[[B]] : f64
  // CHECK-NEXT: %[[SUB:.*]] = ptx.sub rn.f64 %[[ADD]], %[[B]] : f64
  // CHECK-NEXT: %[[MUL:.*]] = ptx.mul rn.f64 %[[SUB]], %[[B]] : f64
  // CHECK-NEXT: %[[DIV:.*]] = ptx.div rn.f64 %[[MUL]], %[[B]] : f64
  // CHECK-NEXT: %[[Q:.*]] = ptx.div rn.f64 %[[DIV]], %[[B]] : f64
  // CHECK-NEXT: %[[T:.*]] = ptx.cvt rzi.f64.f64 %[[Q]] : f64
  // CHECK-NEXT: %[[NT:.*]] = ptx.neg f64 %[[T]] : f64
  // CHECK-NEXT: %[[REM:.*]] = ptx.fma rn.f64 %[[NT]], %[[B]], %[[DIV]] : f64
  // CHECK-NEXT: %[[NEG:.*]] = ptx.neg f64 %[[REM]] : f64
  // CHECK-NEXT: %[[M:.*]] = ptx.max f64 %[[NEG]], %[[B]] : f64
  // CHECK-NEXT: %[[U:.*]] = ptx.setp nan.f64 %[[NEG]], %[[B]] : f64 -> i1
  // CHECK-NEXT: %[[N:.*]] = ptx.add rn.f64 %[[NEG]], %[[B]] : f64
  // CHECK-NEXT: %[[MAX:.*]] = ptx.selp f64 %[[N]], %[[M]], %[[U]] : f64, f64, i1 -> f64
  // CHECK-NEXT: %[[MN:.*]] = ptx.min f64 %[[MAX]], %[[B]] : f64
  // CHECK-NEXT: ptx.st global.f64 [%{{.*}}], %[[MN]] : i64, f64
  device.kernel @f64ops(%a: f64, %b: f64, %p: !device.ptr<global>) {
    %0 = arith.addf %a, %b : f64
    %1 = arith.subf %0, %b : f64
    %2 = arith.mulf %1, %b : f64
    %3 = arith.divf %2, %b : f64
    %4 = arith.remf %3, %b : f64
    %5 = arith.negf %4 : f64
    %6 = arith.maximumf %5, %b : f64
    %7 = arith.minnumf %6, %b : f64
    device.store %7, %p : f64, !device.ptr<global>
    device.return
  }

  // Float constants are mov immediates of their type.
  // CHECK-LABEL: ptx.entry @constants(i64)
  // CHECK:      %[[H:.*]] = ptx.mov f32 5.000000e-01 : f32
  // CHECK-NEXT: %[[D:.*]] = ptx.mov f64 -2.500000e+00 : f64
  // CHECK-NEXT: ptx.st global.f32 [%[[P:.*]]], %[[H]] : i64, f32
  // CHECK-NEXT: ptx.st global.f64 [%[[P]] + 8], %[[D]] : i64, f64
  device.kernel @constants(%p: !device.ptr<global>) {
    %h = arith.constant 0.5 : f32
    %d = arith.constant -2.5 : f64
    %c8 = arith.constant 8 : i64
    %q = device.ptradd %p, %c8 : !device.ptr<global>, i64
    device.store %h, %p : f32, !device.ptr<global>
    device.store %d, %q : f64, !device.ptr<global>
    device.return
  }
  // Division by a power of two whose reciprocal is a normal number is a
  // multiply by that (exact) reciprocal; any other divisor (3, or 2^-128
  // whose reciprocal overflows f32) stays div.rn.
  // CHECK-LABEL: ptx.entry @divide_by_constants(f32, f64, i64)
  // CHECK: %[[HALF:.*]] = ptx.mov f32 5.000000e-01 : f32
  // CHECK: ptx.mul rn.f32 %{{.*}}, %[[HALF]] : f32
  // CHECK: %[[QUARTER:.*]] = ptx.mov f64 -2.500000e-01 : f64
  // CHECK: ptx.mul rn.f64 %{{.*}}, %[[QUARTER]] : f64
  // CHECK: ptx.div rn.f32
  // CHECK-NOT: ptx.mul
  // CHECK: ptx.div rn.f32
  device.kernel @divide_by_constants(%x: f32, %y: f64, %p: !device.ptr<global>) {
    %two = arith.constant 2.0 : f32
    %m4 = arith.constant -4.0 : f64
    %three = arith.constant 3.0 : f32
    %tiny = arith.constant 0x00200000 : f32
    %0 = arith.divf %x, %two : f32
    %1 = arith.divf %y, %m4 : f64
    %2 = arith.divf %0, %three : f32
    %3 = arith.divf %2, %tiny : f32
    %c8 = arith.constant 8 : i64
    %q = device.ptradd %p, %c8 : !device.ptr<global>, i64
    device.store %3, %p : f32, !device.ptr<global>
    device.store %1, %q : f64, !device.ptr<global>
    device.return
  }
}
