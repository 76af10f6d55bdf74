// Every arith cast, with the optional overflow/fastmath flags where allowed.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @casts(%a: i32, %f: f32, %d: f64, %i: index, %b: i1, %h: f16) {
  %0 = arith.extsi %a : i32 to i64
  %1 = arith.extui %a : i32 to i64
  %2 = arith.trunci %0 : i64 to i16
  %3 = arith.sitofp %a : i32 to f32
  %4 = arith.uitofp %a : i32 to f64
  %5 = arith.fptosi %f : f32 to i32
  %6 = arith.fptoui %d : f64 to i64
  %7 = arith.extf %f : f32 to f64
  %8 = arith.truncf %d : f64 to f32
  %9 = arith.bitcast %f : f32 to i32
  %10 = arith.bitcast %a : i32 to f32
  %11 = arith.index_cast %a : i32 to index
  %12 = arith.index_cast %i : index to i64
  %13 = arith.index_castui %a : i32 to index
  %14 = arith.index_castui %i : index to i32
  %15 = arith.extui %b : i1 to i32
  %16 = arith.trunci %a overflow<nsw> : i32 to i8
  %17 = arith.truncf %d fastmath<fast> : f64 to f32
  %18 = arith.extf %f fastmath<nnan> : f32 to f64
  %19 = arith.extf %h : f16 to f32
  %20 = arith.bitcast %h : f16 to i16
  %21 = arith.sitofp %b : i1 to f16
  return
}
