// Parser, SSA values and blocks: forward references to values defined in a
// later (dominating) block and in unreachable blocks, forward references to
// blocks, multi-result ops bound as `%0:3`, as several names `%x, %y, %z` and
// as groups `%a:2, %b`, uses `%0#1` and `%0` (= `%0#0`), value names with
// `_ . $ -` and digits; all renumbered by the printer (mlir-opt 22's text).
// RUN: lockstep-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect | lockstep-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @fwd_values(%arg0: i1) -> i32 {
// CHECK-NEXT:   cf.br ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb2
// CHECK-NEXT:   %0 = arith.addi %c1_i32, %1#1 : i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   %1:2 = "test.two"() : () -> (i32, i32)
// CHECK-NEXT:   cf.br ^bb1
// CHECK-NEXT: }
func.func @fwd_values(%c: i1) -> i32 {
  cf.br ^bb2
^bb1:
  %s = arith.addi %v, %w#1 : i32
  return %s : i32
^bb2:
  %v = arith.constant 1 : i32
  %w:2 = "test.two"() : () -> (i32, i32)
  cf.br ^bb1
}

// CHECK-LABEL: func.func @multi_results() -> (i32, i32, i32) {
// CHECK-NEXT:   %0:3 = "test.three"() : () -> (i32, i32, i32)
// CHECK-NEXT:   %1:3 = "test.three"() : () -> (i32, i32, i32)
// CHECK-NEXT:   %2:3 = "test.three"() : () -> (i32, i32, i32)
// CHECK-NEXT:   %3:3 = "test.three"() : () -> (i32, i32, i32)
// CHECK-NEXT:   "test.use"(%0#0, %0#1, %0#2, %1#0, %1#2, %2#2, %3#2, %3#0) : (i32, i32, i32, i32, i32, i32, i32, i32) -> ()
// CHECK-NEXT:   return %0#1, %0#2, %2#1 : i32, i32, i32
// CHECK-NEXT: }
func.func @multi_results() -> (i32, i32, i32) {
  %a:2, %b = "test.three"() : () -> (i32, i32, i32)
  %x, %y, %z = "test.three"() : () -> (i32, i32, i32)
  %p, %q:2 = "test.three"() : () -> (i32, i32, i32)
  %0:3 = "test.three"() : () -> (i32, i32, i32)
  "test.use"(%a#0, %a#1, %b, %x, %z, %q#1, %0#2, %0) : (i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  return %a#1, %b, %q#0 : i32, i32, i32
}

// CHECK-LABEL: func.func @names(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: i32) -> i32 {
// CHECK-NEXT:   %0 = "test.use"(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5) : (i32, i32, i32, i32, i32, i32) -> i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @names(%arg0: i32, %_x: i32, %a.b: i32, %c$d: i32, %9: i32, %-: i32) -> i32 {
  %r = "test.use"(%arg0, %_x, %a.b, %c$d, %9, %-) : (i32, i32, i32, i32, i32, i32) -> i32
  return %r : i32
}

// CHECK-LABEL: func.func @fwd_blocks(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:   cf.cond_br %arg0, ^bb2(%arg1 : i32), ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @fwd_blocks(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^exit(%a : i32), ^mid
^mid:
  cf.br ^exit(%a : i32)
^exit(%r: i32):
  return %r : i32
}

// CHECK-LABEL: func.func @unreachable_blocks(%arg0: i32) -> i32 {
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: ^bb1:  // pred: ^bb2
// CHECK-NEXT:   %0 = arith.addi %c3_i32, %c3_i32 : i32
// CHECK-NEXT:   cf.br ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:   cf.br ^bb1
// CHECK-NEXT: }
func.func @unreachable_blocks(%a: i32) -> i32 {
  return %a : i32
^dead:
  %x = arith.addi %y, %y : i32
  cf.br ^dead2
^dead2:
  %y = arith.constant 3 : i32
  cf.br ^dead
}

