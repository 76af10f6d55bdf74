// Explicit named module with attributes, nested module, functions inside.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
module @outer attributes {test.flag, test.level = 2 : i32} {
  func.func @f() {
    return
  }
  module @inner {
    func.func private @g(i32) -> i32
  }
  module {
  }
}
