// cf.br and cf.cond_br with and without block arguments, several arguments of
// different types, branch weights, loops back to earlier blocks.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @cf(%a: i32, %c: i1, %f: f32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %f : i32, f32), ^bb2(%a : i32)
^bb1(%x: i32, %y: f32):
  cf.br ^bb2(%x : i32)
^bb2(%z: i32):
  cf.br ^bb3
^bb3:
  cf.cond_br %c, ^bb4(%z, %f : i32, f32), ^bb5 {branch_weights = array<i32: 3, 5>}
^bb4(%p: i32, %q: f32):
  %n = arith.addi %p, %a : i32
  cf.cond_br %c weights([10, 90]), ^bb3, ^bb5
^bb5:
  return %a : i32
}
func.func @loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0 : index)
^header(%i: index):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  return %i : index
}
