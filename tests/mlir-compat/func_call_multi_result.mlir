// func.call / call in both spellings, multi-result values %0:2 and %0#1,
// return of several values, recursion.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func private @ext(i32) -> (i32, i32)
func.func @multi(%a: i32) -> (i32, i32) {
  %0:2 = call @ext(%a) : (i32) -> (i32, i32)
  %1 = arith.addi %0#0, %0#1 : i32
  %r:2 = func.call @multi(%1) : (i32) -> (i32, i32)
  return %r#1, %1 : i32, i32
}
func.func @void_call() {
  func.call @void_call() : () -> ()
  call @void_call() : () -> ()
  func.return
}
func.func @single(%x: f64) -> f64 {
  %y = call @single(%x) : (f64) -> f64
  return %y : f64
}
