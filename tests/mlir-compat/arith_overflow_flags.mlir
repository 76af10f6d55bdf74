// overflow<...> flags: every combination, input order normalised to nsw, nuw,
// overflow<none> dropped; generic form always carries overflowFlags.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @ovf(%a: i32, %b: i32, %w: i64) -> i32 {
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.addi %0, %b overflow<nuw> : i32
  %2 = arith.addi %1, %b overflow<nsw, nuw> : i32
  %3 = arith.subi %2, %b overflow<nuw, nsw> : i32
  %4 = arith.muli %3, %b overflow<nsw> : i32
  %5 = arith.shli %4, %b overflow<nsw, nuw> : i32
  %6 = arith.addi %5, %b overflow<none> : i32
  %7 = arith.trunci %w overflow<nsw> : i64 to i32
  %8 = arith.trunci %w overflow<nuw> : i64 to i32
  %9 = arith.trunci %w : i64 to i32
  %10 = arith.addi %6, %7 : i32
  %11 = "arith.addi"(%10, %8) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  return %11 : i32
}
