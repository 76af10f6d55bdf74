// Float constants: 6-digit scientific form, shortest round-trip fallback,
// hex fallback (NaN, inf, large integer-valued), -0.0, f16/bf16/f64.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @floats() {
  %0 = arith.constant 0.1 : f32
  %1 = arith.constant 0.1 : f64
  %2 = arith.constant 1.0 : f32
  %3 = arith.constant 1.0e30 : f32
  %4 = arith.constant 1.0e30 : f64
  %5 = arith.constant -0.0 : f32
  %6 = arith.constant 0.0 : f64
  %7 = arith.constant 0x7FC00000 : f32
  %8 = arith.constant 0x7F800000 : f32
  %9 = arith.constant 0xFF800000 : f32
  %10 = arith.constant 0x7FF8000000000000 : f64
  %11 = arith.constant 0x7FF0000000000000 : f64
  %12 = arith.constant 3.40282347E+38 : f32
  %13 = arith.constant 1.5 : f16
  %14 = arith.constant 1.5 : bf16
  %15 = arith.constant 0x7E00 : f16
  %16 = arith.constant 123456.789 : f32
  %17 = arith.constant 1.0e-10 : f64
  %18 = arith.constant 2. : f32
  %19 = arith.constant 0x00000001 : f32
  %20 = arith.constant 12345678.0 : f32
  %21 = arith.constant 0.3 : f64
  %22 = arith.constant -2.5e-3 : f32
  %23 = arith.constant 0.33333334 : f32
  %24 = arith.constant 0.333333333333333314829616256247 : f64
  %25 = arith.constant 1073741824.0 : f32
  %26 = arith.constant 1.0e-5 : f32
  %27 = arith.constant 1234567.0 : f32
  %28 = arith.constant 1234567.0 : f64
  %29 = arith.constant 2.2250738585072014e-308 : f64
  %30 = arith.constant 4.9e-324 : f64
  %31 = arith.constant -12345678.0 : f32
  %32 = arith.constant 0.1 : f16
  %33 = arith.constant 3.14 : bf16
  %34 = arith.constant 65504.0 : f16
  %35 = arith.constant 0.30000000000000004 : f64
  %36 = arith.constant dense<0.0> : vector<2xf32>
  %37 = arith.constant dense<[1.0, 0.1, -2.5]> : vector<3xf64>
  %38 = arith.constant 0xFFC00000 : f32
  return
}
