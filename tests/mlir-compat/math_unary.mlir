// math dialect ops (sqrt, rsqrt, exp, log, sin, cos, absf, floor, ceil) on
// f32, f64 and vectors, fastmath flags, discardable attributes, generic form,
// locations, and the folds lockstep implements (absf, floor, ceil, sqrt of
// non-negative constants) under canonicalize.
// RUN: mlir-opt %s --allow-unregistered-dialect
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-debuginfo
// RUN: mlir-opt %s --allow-unregistered-dialect --canonicalize
func.func @unary(%x: f32, %y: f64, %v: vector<4xf32>) -> f32 {
  %0 = math.sqrt %x : f32
  %1 = math.rsqrt %0 fastmath<fast> : f32
  %2 = math.exp %1 fastmath<nnan,ninf> : f32
  %3 = math.log %2 : f32
  %4 = math.sin %3 : f32
  %5 = math.cos %4 fastmath<contract,afn> : f32
  %6 = math.absf %y : f64
  %7 = math.floor %6 : f64
  %8 = math.ceil %7 {tag = 1 : i32} : f64
  %9 = math.sqrt %8 fastmath<none> : f64
  %10 = math.absf %v : vector<4xf32>
  "test.use"(%9, %10) : (f64, vector<4xf32>) -> ()
  return %5 : f32
}

func.func @folds() -> (f32, f64, f32, f64, f32) {
  %a = arith.constant -2.5 : f32
  %b = arith.constant 2.5 : f64
  %c = arith.constant 16.0 : f32
  %0 = math.absf %a : f32
  %1 = math.floor %b : f64
  %2 = math.ceil %a : f32
  %3 = math.ceil %b : f64
  %4 = math.sqrt %c : f32
  return %0, %1, %2, %3, %4 : f32, f64, f32, f64, f32
}
