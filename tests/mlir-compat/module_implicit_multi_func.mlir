// Implicit module, several functions: per-function numbering in pretty form,
// module-wide LIFO numbering in generic form, blank lines dropped.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @first(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32

  %1 = arith.muli %0, %b : i32
  return %1 : i32
}

func.func @second(%x: i64) -> i64 {
  %0 = arith.subi %x, %x : i64
  return %0 : i64
}
func.func @third() {
  return
}
func.func @fourth(%p: f32) -> f32 {
  %0 = arith.negf %p : f32
  return %0 : f32
}
