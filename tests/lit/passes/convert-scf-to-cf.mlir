// convert-scf-to-cf: the block structure of MLIR's SCFToControlFlow
// patterns. The CHECK lines are mlir-opt 22.1.8's output.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(convert-scf-to-cf)' | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(func.func(convert-scf-to-cf))' | FileCheck %s

// scf.if with results: condition block, then/else blocks, a continuation
// block with one argument per result, then the rest of the block.
// CHECK-LABEL: func.func @if_results(
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   %0 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:   cf.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb3(%arg2 : i32)
// CHECK-NEXT: ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:   cf.br ^bb4
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @if_results(%c: i1, %a: i32, %b: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  return %0 : i32
}

// Without results or else, the rest of the block is the continuation.
// CHECK-LABEL: func.func @if_no_else(
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:   cf.br ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @if_no_else(%c: i1, %a: i32) {
  scf.if %c {
    "test.use"(%a) : (i32) -> ()
  }
  return
}

// scf.for: the body's entry becomes the header testing iv < ub.
// CHECK-LABEL: func.func @for_iter_args(
// CHECK-NEXT:   cf.br ^bb1(%arg0, %arg3 : index, i32)
// CHECK-NEXT: ^bb1(%0: index, %1: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   %2 = arith.cmpi slt, %0, %arg1 : index
// CHECK-NEXT:   cf.cond_br %2, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   %3 = arith.addi %1, %1 : i32
// CHECK-NEXT:   %4 = arith.addi %0, %arg2 : index
// CHECK-NEXT:   cf.br ^bb1(%4, %3 : index, i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @for_iter_args(%lb: index, %ub: index, %st: index, %init: i32) -> i32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (i32) {
    %n = arith.addi %acc, %acc : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// unsignedCmp selects ult.
// CHECK-LABEL: func.func @for_unsigned(
// CHECK-NEXT:   cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   %1 = arith.cmpi ult, %0, %arg1 : i32
// CHECK-NEXT:   cf.cond_br %1, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   "test.use"(%0) : (i32) -> ()
// CHECK-NEXT:   %2 = arith.addi %0, %arg2 : i32
// CHECK-NEXT:   cf.br ^bb1(%2 : i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @for_unsigned(%lb: i32, %ub: i32, %st: i32) {
  scf.for unsigned %i = %lb to %ub step %st : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  return
}

// scf.while: before region is the header, after region the body.
// CHECK-LABEL: func.func @while_loop(
// CHECK-NEXT:   cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT:   %1 = arith.cmpi slt, %0, %c10_i32 : i32
// CHECK-NEXT:   cf.cond_br %1, ^bb2(%0 : i32), ^bb3
// CHECK-NEXT: ^bb2(%2: i32):  // pred: ^bb1
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   %3 = arith.addi %2, %c1_i32 : i32
// CHECK-NEXT:   cf.br ^bb1(%3 : i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @while_loop(%init: i32) -> i32 {
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c10 = arith.constant 10 : i32
    %p = arith.cmpi slt, %x, %c10 : i32
    scf.condition(%p) %x : i32
  } do {
  ^bb0(%y: i32):
    %c1 = arith.constant 1 : i32
    %n = arith.addi %y, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// A do-while (the after region only forwards) loops on the header itself.
// CHECK-LABEL: func.func @do_while(
// CHECK-NEXT:   cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT:   %1 = arith.addi %0, %c10_i32 : i32
// CHECK-NEXT:   %2 = arith.cmpi slt, %1, %c10_i32 : i32
// CHECK-NEXT:   cf.cond_br %2, ^bb1(%1 : i32), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @do_while(%init: i32) -> i32 {
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c10 = arith.constant 10 : i32
    %n = arith.addi %x, %c10 : i32
    %p = arith.cmpi slt, %n, %c10 : i32
    scf.condition(%p) %n : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %r : i32
}

// Several values, in a different order on each side.
// CHECK-LABEL: func.func @while_multi(
// CHECK-NEXT:   cf.br ^bb1(%arg0, %arg1 : i32, f32)
// CHECK-NEXT: ^bb1(%0: i32, %1: f32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:   %2 = arith.cmpi sgt, %0, %c0_i32 : i32
// CHECK-NEXT:   cf.cond_br %2, ^bb2(%1, %0 : f32, i32), ^bb3
// CHECK-NEXT: ^bb2(%3: f32, %4: i32):  // pred: ^bb1
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   %5 = arith.subi %4, %c1_i32 : i32
// CHECK-NEXT:   cf.br ^bb1(%5, %3 : i32, f32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT:   return %0, %1 : i32, f32
// CHECK-NEXT: }
func.func @while_multi(%a: i32, %b: f32) -> (i32, f32) {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, f32) -> (f32, i32) {
    %c = arith.constant 0 : i32
    %p = arith.cmpi sgt, %x, %c : i32
    scf.condition(%p) %y, %x : f32, i32
  } do {
  ^bb0(%f: f32, %i: i32):
    %c1 = arith.constant 1 : i32
    %n = arith.subi %i, %c1 : i32
    scf.yield %n, %f : i32, f32
  }
  return %r#1, %r#0 : i32, f32
}

// Nested ops are lowered outside in.
// CHECK-LABEL: func.func @nested(
// CHECK-NEXT:   cf.br ^bb1(%arg1 : index)
// CHECK-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb5
// CHECK-NEXT:   %1 = arith.cmpi slt, %0, %arg2 : index
// CHECK-NEXT:   cf.cond_br %1, ^bb2, ^bb6
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   cf.cond_br %arg0, ^bb3, ^bb4
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT:   %2 = arith.addi %0, %0 : index
// CHECK-NEXT:   cf.br ^bb5
// CHECK-NEXT: ^bb4:  // pred: ^bb2
// CHECK-NEXT:   %3 = arith.muli %0, %0 : index
// CHECK-NEXT:   cf.br ^bb5
// CHECK-NEXT: ^bb5:  // 2 preds: ^bb3, ^bb4
// CHECK-NEXT:   %4 = arith.addi %0, %arg3 : index
// CHECK-NEXT:   cf.br ^bb1(%4 : index)
// CHECK-NEXT: ^bb6:  // pred: ^bb1
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @nested(%c: i1, %lb: index, %ub: index, %st: index) {
  scf.for %i = %lb to %ub step %st {
    scf.if %c {
      %s = arith.addi %i, %i : index
    } else {
      %t = arith.muli %i, %i : index
    }
  }
  return
}

// CHECK-LABEL: func.func @nested_for(
// CHECK-NEXT:   cf.br ^bb1(%arg0, %arg3 : index, f32)
// CHECK-NEXT: ^bb1(%0: index, %1: f32):  // 2 preds: ^bb0, ^bb5
// CHECK-NEXT:   %2 = arith.cmpi slt, %0, %arg1 : index
// CHECK-NEXT:   cf.cond_br %2, ^bb2, ^bb6
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   cf.br ^bb3(%0, %1 : index, f32)
// CHECK-NEXT: ^bb3(%3: index, %4: f32):  // 2 preds: ^bb2, ^bb4
// CHECK-NEXT:   %5 = arith.cmpi slt, %3, %arg1 : index
// CHECK-NEXT:   cf.cond_br %5, ^bb4, ^bb5
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT:   %6 = arith.addf %4, %4 : f32
// CHECK-NEXT:   %7 = arith.addi %3, %arg2 : index
// CHECK-NEXT:   cf.br ^bb3(%7, %6 : index, f32)
// CHECK-NEXT: ^bb5:  // pred: ^bb3
// CHECK-NEXT:   %8 = arith.addi %0, %arg2 : index
// CHECK-NEXT:   cf.br ^bb1(%8, %4 : index, f32)
// CHECK-NEXT: ^bb6:  // pred: ^bb1
// CHECK-NEXT:   return %1 : f32
// CHECK-NEXT: }
func.func @nested_for(%lb: index, %ub: index, %st: index, %v: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %v) -> (f32) {
    %r2 = scf.for %j = %i to %ub step %st iter_args(%acc2 = %acc) -> (f32) {
      %s = arith.addf %acc2, %acc2 : f32
      scf.yield %s : f32
    }
    scf.yield %r2 : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @if_in_while(
// CHECK-NEXT:   cf.br ^bb1(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb6
// CHECK-NEXT:   %1 = arith.cmpi slt, %0, %arg1 : i32
// CHECK-NEXT:   cf.cond_br %1, ^bb2(%0 : i32), ^bb7
// CHECK-NEXT: ^bb2(%2: i32):  // pred: ^bb1
// CHECK-NEXT:   cf.cond_br %arg0, ^bb3, ^bb4
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT:   %3 = arith.addi %2, %2 : i32
// CHECK-NEXT:   cf.br ^bb5(%3 : i32)
// CHECK-NEXT: ^bb4:  // pred: ^bb2
// CHECK-NEXT:   cf.br ^bb5(%2 : i32)
// CHECK-NEXT: ^bb5(%4: i32):  // 2 preds: ^bb3, ^bb4
// CHECK-NEXT:   cf.br ^bb6
// CHECK-NEXT: ^bb6:  // pred: ^bb5
// CHECK-NEXT:   cf.br ^bb1(%4 : i32)
// CHECK-NEXT: ^bb7:  // pred: ^bb1
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @if_in_while(%c: i1, %a: i32) -> i32 {
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %p = arith.cmpi slt, %x, %a : i32
    scf.condition(%p) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = scf.if %c -> i32 {
      %t = arith.addi %y, %y : i32
      scf.yield %t : i32
    } else {
      scf.yield %y : i32
    }
    scf.yield %n : i32
  }
  return %r : i32
}
