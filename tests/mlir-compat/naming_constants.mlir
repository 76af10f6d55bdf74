// SSA names chosen for constants (%c1_i32, %c0, %true, %false, %cst) and the
// shared collision counter (_0, _1, ...); constants do not consume %N numbers.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @consts(%a: i32, %b: index) -> i32 {
  %x = arith.constant 1 : i32
  %y = arith.constant 1 : i32
  %z = arith.constant 0 : index
  %w = arith.constant 0 : index
  %t = arith.constant true
  %f = arith.constant false
  %c = arith.constant 1.0 : f32
  %d = arith.constant 2.5 : f64
  %n = arith.constant -3 : i64
  %i8 = arith.constant 1 : i8
  %r = arith.addi %a, %x : i32
  %s = arith.addi %r, %y : i32
  %big = arith.constant 123456789012 : i64
  %v = arith.constant dense<1> : vector<4xi32>
  %ci = arith.constant -1 : index
  %t2 = arith.constant true
  %u = arith.index_cast %z : index to i32
  %sum = arith.addi %s, %u : i32
  return %sum : i32
}
func.func @fresh_scope() -> i32 {
  %x = arith.constant 1 : i32
  %c0 = arith.constant 0 : index
  return %x : i32
}
