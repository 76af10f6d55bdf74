// math dialect: every op lockstep registers (sqrt, rsqrt, exp, log, sin,
// cos, absf, floor, ceil) on f32 and f64, with and without fastmath flags
// (`none` is not printed), and a discardable attribute.
// The CHECK lines are mlir-opt 22's output; they must also hold after a
// pretty and a generic round trip.
// RUN: lockstep-opt %s | FileCheck %s
// RUN: lockstep-opt %s | lockstep-opt | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | lockstep-opt | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT:   func.func @unary(%arg0: f32, %arg1: f64) -> f32 {
// CHECK-NEXT:     %0 = math.sqrt %arg0 : f32
// CHECK-NEXT:     %1 = math.rsqrt %0 fastmath<fast> : f32
// CHECK-NEXT:     %2 = math.exp %1 fastmath<nnan,ninf> : f32
// CHECK-NEXT:     %3 = math.log %2 : f32
// CHECK-NEXT:     %4 = math.sin %3 : f32
// CHECK-NEXT:     %5 = math.cos %4 fastmath<contract> : f32
// CHECK-NEXT:     %6 = math.absf %arg1 : f64
// CHECK-NEXT:     %7 = math.floor %6 : f64
// CHECK-NEXT:     %8 = math.ceil %7 {tag = 1 : i32} : f64
// CHECK-NEXT:     %9 = math.sqrt %8 : f64
// CHECK-NEXT:     return %5 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @unary(%x: f32, %y: f64) -> f32 {
  %0 = math.sqrt %x : f32
  %1 = math.rsqrt %0 fastmath<fast> : f32
  %2 = math.exp %1 fastmath<nnan,ninf> : f32
  %3 = math.log %2 : f32
  %4 = math.sin %3 : f32
  %5 = math.cos %4 fastmath<contract> : f32
  %6 = math.absf %y : f64
  %7 = math.floor %6 : f64
  %8 = math.ceil %7 {tag = 1 : i32} : f64
  %9 = math.sqrt %8 fastmath<none> : f64
  return %5 : f32
}
