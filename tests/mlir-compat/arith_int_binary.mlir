// Every integer binary arith op, on i32, index and vector operands;
// extended-result ops that name their results individually.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @int_ops(%a: i32, %b: i32, %i: index, %v: vector<4xi32>) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %0, %b : i32
  %2 = arith.muli %1, %b : i32
  %3 = arith.divsi %2, %b : i32
  %4 = arith.divui %3, %b : i32
  %5 = arith.ceildivsi %4, %b : i32
  %6 = arith.floordivsi %5, %b : i32
  %7 = arith.remsi %6, %b : i32
  %8 = arith.remui %7, %b : i32
  %9 = arith.shli %8, %b : i32
  %10 = arith.shrsi %9, %b : i32
  %11 = arith.shrui %10, %b : i32
  %12 = arith.andi %11, %b : i32
  %13 = arith.ori %12, %b : i32
  %14 = arith.xori %13, %b : i32
  %15 = arith.minsi %14, %b : i32
  %16 = arith.maxsi %15, %b : i32
  %17 = arith.minui %16, %b : i32
  %18 = arith.maxui %17, %b : i32
  %19 = arith.ceildivui %18, %b : i32
  %20 = arith.addi %i, %i : index
  %21 = arith.muli %20, %i : index
  %22 = arith.addi %v, %v : vector<4xi32>
  %sum, %ov = arith.addui_extended %a, %b : i32, i1
  %lo, %hi = arith.mului_extended %a, %b : i32
  %slo, %shi = arith.mulsi_extended %a, %b : i32
  %23 = arith.addi %19, %sum : i32
  return %23 : i32
}
func.func @widths(%a: i1, %b: i8, %c: i16, %d: i64) -> i1 {
  %0 = arith.xori %a, %a : i1
  %1 = arith.addi %b, %b : i8
  %2 = arith.muli %c, %c : i16
  %3 = arith.subi %d, %d : i64
  return %0 : i1
}
