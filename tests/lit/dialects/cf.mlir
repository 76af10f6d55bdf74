// cf dialect: cf.br and cf.cond_br with and without block arguments and with
// branch weights (attribute and `weights(...)` spellings), cf.switch (default
// with arguments, positive, negative and zero cases printed unsigned,
// default-only, i8/i64 flags), cf.assert with escapes in the message.
// The CHECK lines are mlir-opt 22's output for this file; they must also hold
// after a pretty and a generic round trip.
// RUN: lockstep-opt %s | FileCheck %s
// RUN: lockstep-opt %s | lockstep-opt | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | lockstep-opt | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s

// CHECK-LABEL: func.func @branches(%arg0: i32, %arg1: i1, %arg2: f32) -> i32 {
// CHECK-NEXT:   cf.cond_br %arg1, ^bb1(%arg0, %arg2 : i32, f32), ^bb2(%arg0 : i32)
// CHECK-NEXT: ^bb1(%0: i32, %1: f32):  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb2(%0 : i32)
// CHECK-NEXT: ^bb2(%2: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   cf.br ^bb3
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb2, ^bb4
// CHECK-NEXT:   cf.cond_br %arg1 weights([3, 5]), ^bb4(%2, %arg2 : i32, f32), ^bb5
// CHECK-NEXT: ^bb4(%3: i32, %4: f32):  // pred: ^bb3
// CHECK-NEXT:   cf.cond_br %arg1 weights([10, 90]), ^bb3, ^bb5
// CHECK-NEXT: ^bb5:  // 2 preds: ^bb3, ^bb4
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func @branches(%a: i32, %c: i1, %f: f32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %f : i32, f32), ^bb2(%a : i32)
^bb1(%x: i32, %y: f32):
  cf.br ^bb2(%x : i32)
^bb2(%z: i32):
  cf.br ^bb3
^bb3:
  cf.cond_br %c, ^bb4(%z, %f : i32, f32), ^bb5 {branch_weights = array<i32: 3, 5>}
^bb4(%p: i32, %q: f32):
  cf.cond_br %c weights([10, 90]), ^bb3, ^bb5
^bb5:
  return %a : i32
}

// CHECK-LABEL: func.func @loop(%arg0: index) -> index {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   cf.br ^bb1(%c0 : index)
// CHECK-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   %1 = arith.cmpi slt, %0, %arg0 : index
// CHECK-NEXT:   cf.cond_br %1, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   %2 = arith.addi %0, %c1 : index
// CHECK-NEXT:   cf.br ^bb1(%2 : index)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT:   return %0 : index
// CHECK-NEXT: }
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

// CHECK-LABEL: func.func @switch(%arg0: i32, %arg1: f32) -> i32 {
// CHECK-NEXT:   cf.br ^bb1(%arg0, %arg1 : i32, f32)
// CHECK-NEXT: ^bb1(%0: i32, %1: f32):  // pred: ^bb0
// CHECK-NEXT:   cf.switch %0 : i32, [
// CHECK-NEXT:     default: ^bb2(%0 : i32),
// CHECK-NEXT:     42: ^bb3,
// CHECK-NEXT:     4294967289: ^bb2(%arg0 : i32),
// CHECK-NEXT:     0: ^bb4(%0, %1 : i32, f32)
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb2(%2: i32):  // 2 preds: ^bb1, ^bb1
// CHECK-NEXT:   cf.br ^bb3
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:   cf.br ^bb4(%arg0, %arg1 : i32, f32)
// CHECK-NEXT: ^bb4(%3: i32, %4: f32):  // 2 preds: ^bb1, ^bb3
// CHECK-NEXT:   cf.switch %3 : i32, [
// CHECK-NEXT:     default: ^bb5]
// CHECK-NEXT: ^bb5:  // pred: ^bb4
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func @switch(%a: i32, %f: f32) -> i32 {
  cf.br ^bb1(%a, %f : i32, f32)
^bb1(%x: i32, %y: f32):
  cf.switch %x : i32, [
    default: ^bb2(%x : i32),
    42: ^bb3,
    -7: ^bb2(%a : i32),
    0: ^bb4(%x, %y : i32, f32)
  ]
^bb2(%z: i32):
  cf.br ^bb3
^bb3:
  cf.br ^bb4(%a, %f : i32, f32)
^bb4(%p: i32, %q: f32):
  cf.switch %p : i32, [
    default: ^bb5
  ]
^bb5:
  return %a : i32
}

// CHECK-LABEL: func.func @switch_widths(%arg0: i64, %arg1: i8) {
// CHECK-NEXT:   cf.switch %arg0 : i64, [
// CHECK-NEXT:     default: ^bb1,
// CHECK-NEXT:     5: ^bb1,
// CHECK-NEXT:     9223372036854775807: ^bb2
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:   cf.switch %arg1 : i8, [
// CHECK-NEXT:     default: ^bb2,
// CHECK-NEXT:     255: ^bb2,
// CHECK-NEXT:     127: ^bb2
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb2:  // 4 preds: ^bb0, ^bb1, ^bb1, ^bb1
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @switch_widths(%i: i64, %j: i8) {
  cf.switch %i : i64, [
    default: ^bb1,
    5: ^bb1,
    9223372036854775807: ^bb2
  ]
^bb1:
  cf.switch %j : i8, [
    default: ^bb2,
    -1: ^bb2,
    127: ^bb2
  ]
^bb2:
  return
}

// CHECK-LABEL: func.func @assert(%arg0: i1) {
// CHECK-NEXT:   cf.assert %arg0, "plain"
// CHECK-NEXT:   cf.assert %arg0, "message with \22quotes\22 and a newline\0A and \\ backslash"
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @assert(%c: i1) {
  cf.assert %c, "plain"
  cf.assert %c, "message with \"quotes\" and a newline\n and \\ backslash"
  return
}
