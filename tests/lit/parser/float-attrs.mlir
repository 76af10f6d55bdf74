// Parser, float attributes: decimal literals with a dot (with and without
// exponent, `2.`), hexadecimal bit patterns of the type's width (NaN, inf,
// denormals), every float type (f16, bf16, f32, f64), untyped floats default
// to f64; printed in the shortest form that round-trips (`%.6e`, then
// APFloat's shortest digits, then hex bits). Expected text is mlir-opt 22's.
// RUN: lockstep-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect | lockstep-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @f() {
func.func @f() {
  // Untyped floats are f64.
  // CHECK-NEXT: "test.attr"() {v = 2.500000e+00 : f64} : () -> ()
  "test.attr"() {v = 2.5} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -5.000000e-01 : f64} : () -> ()
  "test.attr"() {v = -0.5} : () -> ()
  // Decimal forms.
  // CHECK-NEXT: "test.attr"() {v = 1.000000e-01 : f32} : () -> ()
  "test.attr"() {v = 0.1 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 1.000000e+00 : f64} : () -> ()
  "test.attr"() {v = 1.0 : f64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -0.000000e+00 : f32} : () -> ()
  "test.attr"() {v = -0.0 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 0.000000e+00 : f64} : () -> ()
  "test.attr"() {v = 0.0 : f64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 2.000000e+00 : f32} : () -> ()
  "test.attr"() {v = 2. : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 1.500000e+03 : f32} : () -> ()
  "test.attr"() {v = 1.5e3 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 1.000000e-02 : f64} : () -> ()
  "test.attr"() {v = 1.e-2 : f64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 1.000000e+10 : f64} : () -> ()
  "test.attr"() {v = 1.0E10 : f64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 1.000000e+30 : f32} : () -> ()
  "test.attr"() {v = 1.0e+30 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 1.000000e+02 : f32} : () -> ()
  "test.attr"() {v = 100.0 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -1.500000e+00 : f16} : () -> ()
  "test.attr"() {v = -1.5 : f16} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 6.550400e+04 : f16} : () -> ()
  "test.attr"() {v = 65504.0 : f16} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 3.140630e+00 : bf16} : () -> ()
  "test.attr"() {v = 3.140625 : bf16} : () -> ()
  // Values whose %.6e form does not round-trip.
  // CHECK-NEXT: "test.attr"() {v = 0.333333343 : f32} : () -> ()
  "test.attr"() {v = 0.333333333 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 0.30000000000000004 : f64} : () -> ()
  "test.attr"() {v = 0.30000000000000004 : f64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 3.40282347E+38 : f32} : () -> ()
  "test.attr"() {v = 3.40282347E+38 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 123456.789 : f32} : () -> ()
  "test.attr"() {v = 123456.789 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 2.2250738585072014E-308 : f64} : () -> ()
  "test.attr"() {v = 2.2250738585072014E-308 : f64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 4.940660e-324 : f64} : () -> ()
  "test.attr"() {v = 4.9406564584124654E-324 : f64} : () -> ()
  // Integer-valued floats with 7 or more digits print as hex bits.
  // CHECK-NEXT: "test.attr"() {v = 0x4B3C614E : f32} : () -> ()
  "test.attr"() {v = 12345678.0 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 0x4B800000 : f32} : () -> ()
  "test.attr"() {v = 16777216.0 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 0x4132D68700000000 : f64} : () -> ()
  "test.attr"() {v = 1234567.0 : f64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 0xCB3C614E : f32} : () -> ()
  "test.attr"() {v = -12345678.0 : f32} : () -> ()
  // Hexadecimal bit patterns.
  // CHECK-NEXT: "test.attr"() {v = 0x7FC00000 : f32} : () -> ()
  "test.attr"() {v = 0x7FC00000 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 0x7F800000 : f32} : () -> ()
  "test.attr"() {v = 0x7F800000 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 0xFF800000 : f32} : () -> ()
  "test.attr"() {v = 0xFF800000 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 1.401300e-45 : f32} : () -> ()
  "test.attr"() {v = 0x00000001 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 1.000000e+00 : f32} : () -> ()
  "test.attr"() {v = 0x3F800000 : f32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 1.000000e+00 : f16} : () -> ()
  "test.attr"() {v = 0x3C00 : f16} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 0x7E00 : f16} : () -> ()
  "test.attr"() {v = 0x7E00 : f16} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 9.997550e-02 : f16} : () -> ()
  "test.attr"() {v = 0x2E66 : f16} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 1.000000e+00 : bf16} : () -> ()
  "test.attr"() {v = 0x3F80 : bf16} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 0x7FF8000000000000 : f64} : () -> ()
  "test.attr"() {v = 0x7FF8000000000000 : f64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 4.940660e-324 : f64} : () -> ()
  "test.attr"() {v = 0x0000000000000001 : f64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 0x4B3C614E : f32} : () -> ()
  "test.attr"() {v = 0x4B3C614E : f32} : () -> ()
  // CHECK-NEXT: return
  return
}
