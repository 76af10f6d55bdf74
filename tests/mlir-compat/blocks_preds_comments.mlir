// Block labels ^bbN by position, block arguments numbered as values,
// predecessor comments (1 pred, N preds sorted, duplicates, no predecessors).
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @f(%a: i32, %b: i32, %c: i1) -> i32 {
  %cmp = arith.cmpi slt, %a, %b : i32
  cf.cond_br %cmp, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.br ^bb3(%x, %b : i32, i32)
^bb2:
  %y = arith.addi %a, %b : i32
  cf.br ^bb3(%y, %y : i32, i32)
^bb3(%p: i32, %q: i32):
  %r = arith.addi %p, %q : i32
  return %r : i32
^bb4:
  cf.br ^bb3(%a, %a : i32, i32)
}
func.func @loops(%c: i1) {
  cf.br ^bb3
^bb1:
  cf.cond_br %c, ^bb2, ^bb2
^bb2:
  cf.br ^bb1
^bb3:
  cf.cond_br %c, ^bb1, ^bb3
}
func.func @noargs_multi_block() {
  cf.br ^bb1
^bb1:
  return
}
