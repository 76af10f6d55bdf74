// Numbering across nested regions: parent region first, nested regions continue
// from the parent's counters, sibling regions restore them; nested block
// arguments continue the %argN count; generic form numbers LIFO without reset.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @a(%lb: index, %c: i1) -> i32 {
  %k = arith.constant 1 : i32
  %1 = scf.if %c -> i32 {
    %k1 = arith.constant 1 : i32
    %k2 = arith.constant 1 : i32
    %x = scf.for %i = %lb to %lb step %lb iter_args(%acc = %k1) -> (i32) {
      %k3 = arith.constant 1 : i32
      %5 = arith.addi %acc, %k3 : i32
      scf.yield %5 : i32
    }
    %y = arith.addi %x, %k2 : i32
    scf.yield %y : i32
  } else {
    %k1 = arith.constant 1 : i32
    scf.yield %k1 : i32
  }
  %4 = scf.for %i = %lb to %lb step %lb iter_args(%acc = %1) -> (i32) {
    %k3 = arith.constant 1 : i32
    %5 = arith.addi %acc, %k3 : i32
    scf.yield %5 : i32
  }
  %q = scf.for %i = %lb to %lb step %lb iter_args(%acc = %1) -> (i32) {
    %k3 = arith.constant 1 : i32
    %5 = arith.addi %acc, %k3 : i32
    scf.yield %5 : i32
  }
  %k4 = arith.constant 1 : i32
  %6 = arith.addi %4, %k4 : i32
  %7 = arith.addi %6, %q : i32
  return %7 : i32
}
func.func @b() -> i32 {
  %k = arith.constant 1 : i32
  return %k : i32
}
