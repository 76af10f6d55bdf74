// Instruction selection of math ops: sqrt.rn, abs, cvt.rmi/rpi (floor,
// ceil) for f32 and f64; rsqrt.approx.f32 and, for f64, div.rn(1,
// sqrt.rn(x)); exp/log/sin/cos on f32 through ex2.approx/lg2.approx (with
// the log2(e) and ln(2) scale factors) and sin/cos.approx.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

device.module @m {
  // CHECK-LABEL: ptx.entry @f32(f32, i64)
  // CHECK:      %[[X:.*]] = ptx.ld param.f32 [param 0] : f32
  // CHECK:      %[[SQ:.*]] = ptx.sqrt rn.f32 %[[X]] : f32
  // CHECK-NEXT: %[[RS:.*]] = ptx.rsqrt approx.f32 %[[SQ]] : f32
  // CHECK-NEXT: %[[AB:.*]] = ptx.abs f32 %[[RS]] : f32
  // CHECK-NEXT: %[[FL:.*]] = ptx.cvt rmi.f32.f32 %[[AB]] : f32
  // CHECK-NEXT: %[[CE:.*]] = ptx.cvt rpi.f32.f32 %[[FL]] : f32
  // CHECK-NEXT: %[[L2E:.*]] = ptx.mov f32 1.44269502 : f32
  // CHECK-NEXT: %[[SC:.*]] = ptx.mul rn.f32 %[[CE]], %[[L2E]] : f32
  // CHECK-NEXT: %[[EX:.*]] = ptx.ex2 approx.f32 %[[SC]] : f32
  // CHECK-NEXT: %[[LG:.*]] = ptx.lg2 approx.f32 %[[EX]] : f32
  // CHECK-NEXT: %[[LN2:.*]] = ptx.mov f32 0.693147182 : f32
  // CHECK-NEXT: %[[LN:.*]] = ptx.mul rn.f32 %[[LG]], %[[LN2]] : f32
  // CHECK-NEXT: %[[SI:.*]] = ptx.sin approx.f32 %[[LN]] : f32
  // CHECK-NEXT: %[[CO:.*]] = ptx.cos approx.f32 %[[SI]] : f32
  // CHECK-NEXT: ptx.st global.f32 [%{{.*}}], %[[CO]] : i64, f32
  device.kernel @f32(%x: f32, %p: !device.ptr<global>) {
    %0 = math.sqrt %x : f32
    %1 = math.rsqrt %0 : f32
    %2 = math.absf %1 : f32
    %3 = math.floor %2 : f32
    %4 = math.ceil %3 : f32
    %5 = math.exp %4 : f32
    %6 = math.log %5 : f32
    %7 = math.sin %6 : f32
    %8 = math.cos %7 : f32
    device.store %8, %p : f32, !device.ptr<global>
    device.return
  }

  // CHECK-LABEL: ptx.entry @f64(f64, i64)
  // CHECK:      %[[X:.*]] = ptx.ld param.f64 [param 0] : f64
  // CHECK:      %[[SQ:.*]] = ptx.sqrt rn.f64 %[[X]] : f64
  // CHECK-NEXT: %[[R:.*]] = ptx.sqrt rn.f64 %[[SQ]] : f64
  // CHECK-NEXT: %[[ONE:.*]] = ptx.mov f64 1.000000e+00 : f64
  // CHECK-NEXT: %[[RS:.*]] = ptx.div rn.f64 %[[ONE]], %[[R]] : f64
  // CHECK-NEXT: %[[AB:.*]] = ptx.abs f64 %[[RS]] : f64
  // CHECK-NEXT: %[[FL:.*]] = ptx.cvt rmi.f64.f64 %[[AB]] : f64
  // CHECK-NEXT: %[[CE:.*]] = ptx.cvt rpi.f64.f64 %[[FL]] : f64
  // CHECK-NEXT: ptx.st global.f64 [%{{.*}}], %[[CE]] : i64, f64
  device.kernel @f64(%x: f64, %p: !device.ptr<global>) {
    %0 = math.sqrt %x : f64
    %1 = math.rsqrt %0 : f64
    %2 = math.absf %1 : f64
    %3 = math.floor %2 : f64
    %4 = math.ceil %3 : f64
    device.store %4, %p : f64, !device.ptr<global>
    device.return
  }
}
