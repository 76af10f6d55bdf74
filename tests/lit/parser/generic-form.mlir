// Parser, generic op syntax: every registered dialect's ops (builtin, func,
// arith, cf, scf) written as `"name"(operands)[successors] <{properties}>
// ({regions}) {attributes} : type`, with an explicit entry block label,
// operandSegmentSizes, discardable attributes on registered ops, and
// successors; all printed back in their pretty form (text from mlir-opt 22).
// RUN: lockstep-opt %s | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s

// CHECK-LABEL: module attributes {test.module_attr = 1 : i32} {
"builtin.module"() ({
// CHECK-NEXT:   func.func private @decl(i32) -> i32
  "func.func"() <{function_type = (i32) -> i32, sym_name = "decl", sym_visibility = "private"}> ({
  }) : () -> ()
// CHECK-NEXT:   func.func @g(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c3_i32 overflow<nsw, nuw> {test.note = "kept"} : i32
// CHECK-NEXT:     %1 = arith.cmpi sgt, %0, %arg0 : i32
// CHECK-NEXT:     cf.cond_br %1, ^bb1(%0 : i32), ^bb2(%arg0 : i32)
// CHECK-NEXT:   ^bb1(%2: i32):  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb2(%2 : i32)
// CHECK-NEXT:   ^bb2(%3: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     cf.switch %3 : i32, [
// CHECK-NEXT:       default: ^bb3,
// CHECK-NEXT:       7: ^bb4(%3 : i32)
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb3:  // pred: ^bb2
// CHECK-NEXT:     cf.assert %arg1, "msg"
// CHECK-NEXT:     %4 = call @decl(%3) : (i32) -> i32
// CHECK-NEXT:     cf.br ^bb4(%4 : i32)
// CHECK-NEXT:   ^bb4(%5: i32):  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT:     return %5 : i32
// CHECK-NEXT:   }
  "func.func"() <{function_type = (i32, i1) -> i32, sym_name = "g"}> ({
  ^bb0(%arg0: i32, %arg1: i1):
    %0 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %1 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<nsw, nuw>}> {test.note = "kept"} : (i32, i32) -> i32
    %2 = "arith.cmpi"(%1, %arg0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%2, %1, %arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
  ^bb1(%3: i32):
    "cf.br"(%3)[^bb2] : (i32) -> ()
  ^bb2(%4: i32):
    "cf.switch"(%4, %4)[^bb3, ^bb4] <{case_operand_segments = array<i32: 1>, case_values = dense<7> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
  ^bb3:
    "cf.assert"(%arg1) <{msg = "msg"}> : (i1) -> ()
    %5 = "func.call"(%4) <{callee = @decl}> : (i32) -> i32
    "cf.br"(%5)[^bb4] : (i32) -> ()
  ^bb4(%6: i32):
    "func.return"(%6) : (i32) -> ()
  }) : () -> ()
// CHECK-NEXT:   func.func @h(%arg0: f32, %arg1: i1, %arg2: index) -> f32 attributes {test.fn_attr} {
// CHECK-NEXT:     %0 = arith.addf %arg0, %arg0 fastmath<nnan,contract> : f32
// CHECK-NEXT:     %1 = scf.if %arg1 -> (f32) {
// CHECK-NEXT:       scf.yield %0 : f32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %4 = arith.mulf %0, %0 : f32
// CHECK-NEXT:       scf.yield %4 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     %2 = scf.for %arg3 = %arg2 to %arg2 step %arg2 iter_args(%arg4 = %1) -> (f32) {
// CHECK-NEXT:       scf.yield %arg4 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     %3 = scf.while (%arg3 = %2) : (f32) -> f32 {
// CHECK-NEXT:       scf.condition(%arg1) %arg3 : f32
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg3: f32):
// CHECK-NEXT:       scf.yield %arg3 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %3 : f32
// CHECK-NEXT:   }
  "func.func"() <{function_type = (f32, i1, index) -> f32, sym_name = "h"}> ({
  ^bb0(%arg0: f32, %c: i1, %i: index):
    %0 = "arith.addf"(%arg0, %arg0) <{fastmath = #arith.fastmath<nnan,contract>}> : (f32, f32) -> f32
    %1 = "scf.if"(%c) ({
      "scf.yield"(%0) : (f32) -> ()
    }, {
      %2 = "arith.mulf"(%0, %0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "scf.yield"(%2) : (f32) -> ()
    }) : (i1) -> f32
    %3 = "scf.for"(%i, %i, %i, %1) ({
    ^bb0(%iv: index, %acc: f32):
      "scf.yield"(%acc) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    %4 = "scf.while"(%3) ({
    ^bb0(%b: f32):
      "scf.condition"(%c, %b) : (i1, f32) -> ()
    }, {
    ^bb0(%a: f32):
      "scf.yield"(%a) : (f32) -> ()
    }) : (f32) -> f32
    "func.return"(%4) : (f32) -> ()
  }) {test.fn_attr} : () -> ()
// CHECK-NEXT: }
}) {test.module_attr = 1 : i32} : () -> ()
