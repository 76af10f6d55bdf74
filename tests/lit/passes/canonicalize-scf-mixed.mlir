// canonicalize on scf ops where the greedy driver's bookkeeping shows: which
// ops an erasure queues, the order of use lists, and IR that WhileMoveIfDown
// leaves invalid for later patterns to repair. The CHECK lines are mlir-opt
// 22's output for the same pipelines: prefix TD for top-down (the default), BU
// for bottom-up, where a function comes out differently.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(func.func(canonicalize))' | FileCheck %s --check-prefixes=CHECK,TD
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(canonicalize{top-down=false})' | FileCheck %s --check-prefixes=CHECK,BU
// RUN: %mlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s --check-prefixes=CHECK,TD
// RUN: %mlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(canonicalize{top-down=false})' | FileCheck %s --check-prefixes=CHECK,BU

// After a dead scf.if inside an if is erased, MLIR queues the definers of
// the erased ops' operands together with their ancestors: the outer if is
// revisited and combined with the nested one before the next if merges.
// CHECK-LABEL: func.func @revisit_after_erasure(
// CHECK-SAME: %arg0: i1, %arg1: i1, %arg2: i32) -> i32 {
// CHECK-NEXT:   %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:   %0 = arith.select %arg0, %arg2, %c0_i32 : i32
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     %1 = arith.addi %arg2, %arg2 : i32
// CHECK-NEXT:     scf.if %arg1 {
// CHECK-NEXT:       "test.use"(%1) : (i32) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @revisit_after_erasure(%c: i1, %d: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    scf.if %c {
      %x = arith.addi %a, %a : i32
      scf.if %d {
        "test.use"(%x) : (i32) -> ()
      }
    } else {
    }
    %r:2 = scf.if %c -> (i32, i1) {
      %k = arith.constant 2 : i32
      scf.yield %k, %d : i32, i1
    } else {
      %n = arith.ori %c, %d : i1
      scf.yield %a, %n : i32, i1
    }
    scf.yield %r#0 : i32
  } else {
    scf.yield %a : i32
  }
  %1:2 = scf.if %c -> (i32, i32) {
    scf.yield %a, %a : i32, i32
  } else {
    %s = arith.subi %a, %a : i32
    scf.yield %s, %a : i32, i32
  }
  return %1#0 : i32
}

// Uses are visited newest first, as MLIR's use lists hold them: the else
// region's use of the condition (parsed last) gets its constant first.
// CHECK-LABEL: func.func @use_order(
// CHECK-SAME: %arg0: i1) {
// CHECK-NEXT:   %false = arith.constant false
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     "test.use"(%true) : (i1) -> ()
// CHECK-NEXT:     "test.use"(%true) : (i1) -> ()
// CHECK-NEXT:     "test.use"(%true) : (i1) -> ()
// CHECK-NEXT:   } else {
// CHECK-NEXT:     "test.use"(%false) : (i1) -> ()
// CHECK-NEXT:     "test.use"(%false) : (i1) -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @use_order(%c: i1) {
  scf.if %c {
    "test.use"(%c) : (i1) -> ()
  } else {
    "test.use"(%c) : (i1) -> ()
  }
  scf.if %c {
    "test.use"(%c) : (i1) -> ()
    "test.use"(%c) : (i1) -> ()
  } else {
    "test.use"(%c) : (i1) -> ()
  }
  return
}

// WhileMoveIfDown gives the after region a value of the before region (the
// before argument the if yields), which it cannot see; MLIR's later patterns
// make the loop valid again by forwarding that value, then finding it
// invariant.
// TD-LABEL: func.func @move_if_down_repaired(
// TD-SAME: %arg0: i32, %arg1: i32, %arg2: index, %arg3: index) -> i32 {
// TD-NEXT:   scf.while : () -> () {
// TD-NEXT:     %0 = arith.cmpi ult, %arg2, %arg3 : index
// TD-NEXT:     scf.condition(%0)
// TD-NEXT:   } do {
// TD-NEXT:     "test.use"(%arg3) : (index) -> ()
// TD-NEXT:     "test.use"(%arg0) : (i32) -> ()
// TD-NEXT:     scf.yield
// TD-NEXT:   }
// TD-NEXT:   return %arg1 : i32
// TD-NEXT: }
// BU-LABEL: func.func @move_if_down_repaired(
// BU-SAME: %arg0: i32, %arg1: i32, %arg2: index, %arg3: index) -> i32 {
// BU-NEXT:   %0 = scf.while (%arg4 = %arg0) : (i32) -> i32 {
// BU-NEXT:     %1 = arith.cmpi ult, %arg2, %arg3 : index
// BU-NEXT:     %2 = arith.select %1, %arg4, %arg1 : i32
// BU-NEXT:     scf.condition(%1) %2 : i32
// BU-NEXT:   } do {
// BU-NEXT:   ^bb0(%arg4: i32):
// BU-NEXT:     "test.use"(%arg3) : (index) -> ()
// BU-NEXT:     "test.use"(%arg4) : (i32) -> ()
// BU-NEXT:     scf.yield %arg4 : i32
// BU-NEXT:   }
// BU-NEXT:   return %0 : i32
// BU-NEXT: }
func.func @move_if_down_repaired(%a: i32, %b: i32, %x: index, %n: index) -> i32 {
  %0 = scf.while (%i = %a) : (i32) -> i32 {
    %c = arith.cmpi ult, %x, %n : index
    %v = scf.if %c -> (i32) {
      "test.use"(%n) : (index) -> ()
      scf.yield %i : i32
    } else {
      scf.yield %b : i32
    }
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%j: i32):
    "test.use"(%j) : (i32) -> ()
    scf.yield %j : i32
  }
  return %0 : i32
}
