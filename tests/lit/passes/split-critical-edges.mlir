// split-critical-edges: a new block on each edge from a block with several
// successors to a block with several predecessors (lockstep only).
// RUN: lockstep-opt %s -p 'builtin.module(func.func(split-critical-edges))' | FileCheck %s

// The false edge of ^bb0 to the join block is critical.
// CHECK-LABEL: func.func @diamond_shortcut(
// CHECK-NEXT:   cf.cond_br %arg0, ^bb2, ^bb1(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb3(%arg2 : i32)
// CHECK-NEXT: ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @diamond_shortcut(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2(%a : i32)
^bb1:
  cf.br ^bb2(%b : i32)
^bb2(%x: i32):
  return %x : i32
}

// Two edges from one branch to one block: both are split, each new block
// taking the operands of its edge.
// CHECK-LABEL: func.func @same_target(
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb3(%1 : i32)
// CHECK-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:   return %2 : i32
// CHECK-NEXT: }
func.func @same_target(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}

// The back edge of a loop whose header has two predecessors.
// CHECK-LABEL: func.func @loop(
// CHECK-NEXT:   cf.br ^bb1(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:   cf.cond_br %arg0, ^bb2(%1 : i32), ^bb3
// CHECK-NEXT: ^bb2(%2: i32):  // pred: ^bb1
// CHECK-NEXT:   cf.br ^bb1(%2 : i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @loop(%c: i1, %a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %y = arith.addi %x, %x : i32
  cf.cond_br %c, ^bb1(%y : i32), ^bb2
^bb2:
  return %y : i32
}

// Any terminator with several successors, here cf.switch.
// CHECK-LABEL: func.func @switch(
// CHECK-NEXT:   cf.switch %arg0 : i32, [
// CHECK-NEXT:     default: ^bb1(%arg1 : i32),
// CHECK-NEXT:     3: ^bb2
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb3(%arg0 : i32)
// CHECK-NEXT: ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @switch(%f: i32, %a: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    3: ^bb2
  ]
^bb2:
  cf.br ^bb1(%f : i32)
^bb1(%x: i32):
  return %x : i32
}

// Nothing to split.
// CHECK-LABEL: func.func @no_critical(
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb3
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @no_critical(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  return
}
