// Integer, index and i1 constants: signed printing of each width, hex input,
// extreme values, bool forms, names with negative values.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @ints() {
  %0 = arith.constant 0 : i32
  %1 = arith.constant -1 : i32
  %2 = arith.constant 4294967295 : i32
  %3 = arith.constant 2147483648 : i32
  %4 = arith.constant 9223372036854775807 : i64
  %5 = arith.constant -9223372036854775808 : i64
  %6 = arith.constant 18446744073709551615 : i64
  %7 = arith.constant 255 : i8
  %8 = arith.constant -128 : i8
  %9 = arith.constant 1 : i1
  %10 = arith.constant 0 : i1
  %11 = arith.constant true
  %12 = arith.constant false
  %13 = arith.constant 7 : index
  %14 = arith.constant -5 : index
  %15 = arith.constant 0x10 : i32
  %16 = arith.constant 65535 : i16
  %18 = arith.constant 0 : index
  %19 = arith.constant 0 : index
  %20 = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %21 = arith.constant dense<7> : vector<2xi64>
  return
}
