// simplify-cfg: block merging, forwarding-block bypass, branch patterns and
// unreachable blocks (lockstep only: in mlir-opt these are cf patterns run
// by canonicalize, whose output differs here only by dead-op removal and by
// cf.cond_br with identical successors becoming arith.select).
// RUN: lockstep-opt %s -p 'builtin.module(func.func(simplify-cfg))' | FileCheck %s

// A block with a single predecessor ending in an unconditional branch is
// merged into it; an empty forwarding block is bypassed.
// CHECK-LABEL: func.func @merge_chain(
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @merge_chain(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %y = arith.addi %x, %x : i32
  cf.br ^bb2
^bb2:
  cf.br ^bb3(%y : i32)
^bb3(%z: i32):
  return %z : i32
}

// Forwarding blocks are bypassed with the composed operands.
// CHECK-LABEL: func.func @bypass(
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1(%arg1, %arg2 : i32, i32), ^bb1(%arg2, %arg1 : i32, i32)
// CHECK-NEXT: ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:   %2 = arith.subi %0, %1 : i32
// CHECK-NEXT:   return %2 : i32
// CHECK-NEXT: }
func.func @bypass(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.br ^bb3(%x, %b : i32, i32)
^bb2:
  cf.br ^bb3(%b, %a : i32, i32)
^bb3(%p: i32, %q: i32):
  %r = arith.subi %p, %q : i32
  return %r : i32
}

// A constant condition picks its edge (cf pattern); no dead-op removal.
// CHECK-LABEL: func.func @const_cond(
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func @const_cond(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  cf.cond_br %true, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  return %r : i32
}

// ^bb1's argument is used past the forwarding block: only the merge of
// ^bb2 into ^bb1 is possible, keeping dominance.
// CHECK-LABEL: func.func @arg_used_elsewhere(
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:   %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:   cf.br ^bb2(%1 : i32)
// CHECK-NEXT: ^bb2(%2: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   return %2 : i32
// CHECK-NEXT: }
func.func @arg_used_elsewhere(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb3(%a : i32)
^bb1(%x: i32):
  cf.br ^bb2
^bb2:
  %y = arith.addi %x, %x : i32
  cf.br ^bb3(%y : i32)
^bb3(%z: i32):
  return %z : i32
}

// Infinite loops are left alone.
// CHECK-LABEL: func.func @self_loop(
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   cf.br ^bb1
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @self_loop(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb1
^bb2:
  return
}

// cf.switch successors are bypassed too (per-case operand segments).
// CHECK-LABEL: func.func @switch(
// CHECK-NEXT:   %0 = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT:   cf.switch %arg0 : i32, [
// CHECK-NEXT:     default: ^bb2(%arg1 : i32),
// CHECK-NEXT:     0: ^bb2(%arg2 : i32),
// CHECK-NEXT:     1: ^bb1(%arg2 : i32)
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb1(%1: i32):  // pred: ^bb0
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: ^bb2(%2: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:   return %2 : i32
// CHECK-NEXT: }
func.func @switch(%f: i32, %a: i32, %b: i32) -> i32 {
  %dead = arith.muli %a, %b : i32
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    0: ^bb2,
    1: ^bb3(%b : i32)
  ]
^bb1(%x: i32):
  cf.br ^bb4(%x : i32)
^bb2:
  cf.br ^bb4(%b : i32)
^bb3(%y: i32):
  return %y : i32
^bb4(%z: i32):
  return %z : i32
}
