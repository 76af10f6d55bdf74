// scf.while with one and several carried values, no carried values,
// scf.condition with and without forwarded values; the do-region entry block
// label ^bb0(...) is printed.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @whiles(%a: i32, %lb: index) -> i32 {
  %w = scf.while (%arg = %a) : (i32) -> i32 {
    %cond = arith.cmpi slt, %arg, %a : i32
    scf.condition(%cond) %arg : i32
  } do {
  ^bb0(%arg2: i32):
    %nx = arith.addi %arg2, %a : i32
    scf.yield %nx : i32
  }
  %w2:2 = scf.while (%p = %a, %q = %lb) : (i32, index) -> (i32, index) {
    %cond = arith.cmpi slt, %p, %a : i32
    scf.condition(%cond) %p, %q : i32, index
  } do {
  ^bb0(%p2: i32, %q2: index):
    scf.yield %p2, %q2 : i32, index
  }
  %t = arith.constant true
  scf.while : () -> () {
    scf.condition(%t)
  } do {
    scf.yield
  }
  %w3 = scf.while (%x = %lb) : (index) -> i32 {
    %cond = arith.cmpi ult, %x, %lb : index
    %v = arith.index_cast %x : index to i32
    scf.condition(%cond) %v : i32
  } do {
  ^bb0(%v2: i32):
    %back = arith.index_cast %v2 : i32 to index
    scf.yield %back : index
  }
  %r = arith.addi %w, %w3 : i32
  return %r : i32
}
