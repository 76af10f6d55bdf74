// --split-input-file: chunks printed separately and joined by the marker line;
// implicit module locations point after the marker; line numbers are the
// original file's.
// RUN: mlir-opt %s --split-input-file
// RUN: mlir-opt %s --split-input-file --mlir-print-debuginfo
// RUN: mlir-opt %s --split-input-file --mlir-print-op-generic
// RUN: mlir-opt %s
func.func @a() {
  return
}

// -----

func.func @b(%x: i32) -> i32 {
  %c = arith.constant 1 : i32
  %0 = arith.addi %x, %c : i32
  return %0 : i32
}
// -----
module @named {
  func.func @c() {
    return
  }
}
