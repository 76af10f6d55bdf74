// scf.for: no iter_args, one and several iter_args, empty body, integer
// induction variable (two spaces before the type colon), unsigned, nesting.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @fors(%lb: index, %ub: index, %st: index, %a: i32) -> i32 {
  scf.for %i = %lb to %ub step %st {
    %u = arith.index_cast %i : index to i32
  }
  %s = scf.for %i = %lb to %ub step %st iter_args(%acc = %a) -> (i32) {
    %u = arith.index_cast %i : index to i32
    %n = arith.addi %acc, %u : i32
    scf.yield %n : i32
  }
  %s2:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %s) -> (i32, i32) {
    scf.yield %y, %x : i32, i32
  }
  scf.for %i = %lb to %ub step %st {
  }
  %fi = scf.for %i = %a to %a step %a iter_args(%acc = %a) -> (i32) : i32 {
    scf.yield %acc : i32
  }
  scf.for %i = %a to %a step %a : i32 {
    %z = arith.addi %i, %i : i32
  }
  scf.for unsigned %i = %lb to %ub step %st {
  }
  %outer = scf.for %i = %lb to %ub step %st iter_args(%o = %s2#1) -> (i32) {
    %inner = scf.for %j = %lb to %ub step %st iter_args(%p = %o) -> (i32) {
      %q = arith.addi %p, %o : i32
      scf.yield %q : i32
    }
    scf.yield %inner : i32
  }
  %r = arith.addi %outer, %fi : i32
  return %r : i32
}
