// Float arith ops on f16/bf16/f32/f64 and fastmath flags (canonical order,
// no spaces, all flags -> fast, none dropped).
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @float_ops(%a: f32, %b: f32, %d: f64, %h: f16, %bf: bf16) -> f32 {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %0, %b : f32
  %2 = arith.mulf %1, %b : f32
  %3 = arith.divf %2, %b : f32
  %4 = arith.remf %3, %b : f32
  %5 = arith.negf %4 : f32
  %6 = arith.maximumf %5, %b : f32
  %7 = arith.minimumf %6, %b : f32
  %8 = arith.maxnumf %7, %b : f32
  %9 = arith.minnumf %8, %b : f32
  %10 = arith.addf %9, %b fastmath<fast> : f32
  %11 = arith.mulf %10, %b fastmath<nnan, ninf> : f32
  %12 = arith.subf %11, %b fastmath<contract, nsz, reassoc> : f32
  %13 = arith.negf %12 fastmath<afn> : f32
  %14 = arith.divf %13, %b fastmath<none> : f32
  %15 = arith.addf %14, %b fastmath<nnan,ninf,nsz,arcp,contract,afn,reassoc> : f32
  %16 = arith.addf %d, %d : f64
  %17 = arith.mulf %h, %h : f16
  %18 = arith.subf %bf, %bf : bf16
  %19 = arith.addf %15, %b fastmath<arcp> : f32
  %20 = arith.remf %16, %16 fastmath<reassoc> : f64
  return %19 : f32
}
