// Printer, generic form (--print-op-generic): `"name"(operands)[successors]
// <{properties}> ({regions}) {attributes} : type` for every dialect's ops;
// properties always present where mlir-opt prints them (overflowFlags,
// fastmath, operandSegmentSizes, case segments), function declarations as an
// empty region `({` `})`, entry block labels printed when the entry block has
// arguments, the implicit scf.yield and the empty else region of scf.if,
// discardable attributes after the regions; one value counter and one
// argument counter for the whole module with regions numbered last-first.
// Expected text is mlir-opt 22's; the output parses back to the same text.
// RUN: lockstep-opt %s --print-op-generic | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | lockstep-opt --print-op-generic | FileCheck %s
// RUN: %mlir-opt %s --mlir-print-op-generic | FileCheck %s

// CHECK:      {{^}}"builtin.module"() ({
// CHECK-NEXT:   "func.func"() <{function_type = (i32) -> (i32, i64), sym_name = "decl", sym_visibility = "private"}> ({
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "func.func"() <{function_type = (i32, f32, i1) -> i32, sym_name = "arith"}> ({
// CHECK-NEXT:   ^bb0(%arg9: i32, %arg10: f32, %arg11: i1):
// CHECK-NEXT:     %5 = "arith.constant"() <{value = 3 : i32}> : () -> i32
// CHECK-NEXT:     %6 = "arith.addi"(%arg9, %5) <{overflowFlags = #arith.overflow<nsw>}> {test.note} : (i32, i32) -> i32
// CHECK-NEXT:     %7 = "arith.mulf"(%arg10, %arg10) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// CHECK-NEXT:     %8 = "arith.cmpf"(%7, %arg10) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
// CHECK-NEXT:     %9 = "arith.select"(%arg11, %6, %arg9) : (i1, i32, i32) -> i32
// CHECK-NEXT:     %10 = "arith.extsi"(%9) : (i32) -> i64
// CHECK-NEXT:     %11 = "arith.trunci"(%10) <{overflowFlags = #arith.overflow<none>}> : (i64) -> i32
// CHECK-NEXT:     %12:2 = "func.call"(%11) <{callee = @decl}> : (i32) -> (i32, i64)
// CHECK-NEXT:     %13:2 = "arith.addui_extended"(%12#0, %arg9) : (i32, i32) -> (i32, i1)
// CHECK-NEXT:     "func.return"(%13#0) : (i32) -> ()
// CHECK-NEXT:   }) {test.fn} : () -> ()
// CHECK-NEXT:   "func.func"() <{function_type = (i32, i1) -> (), sym_name = "cf"}> ({
// CHECK-NEXT:   ^bb0(%arg7: i32, %arg8: i1):
// CHECK-NEXT:     "cf.cond_br"(%arg8, %arg7)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
// CHECK-NEXT:   ^bb1(%3: i32):  // pred: ^bb0
// CHECK-NEXT:     "cf.switch"(%3, %3)[^bb2, ^bb3] <{case_operand_segments = array<i32: 1>, case_values = dense<5> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
// CHECK-NEXT:   ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     "cf.assert"(%arg8) <{msg = "msg"}> : (i1) -> ()
// CHECK-NEXT:     "cf.br"(%arg7)[^bb3] : (i32) -> ()
// CHECK-NEXT:   ^bb3(%4: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     "func.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "func.func"() <{function_type = (i1, index, i32) -> i32, sym_name = "scf"}> ({
// CHECK-NEXT:   ^bb0(%arg0: i1, %arg1: index, %arg2: i32):
// CHECK-NEXT:     "scf.if"(%arg0) ({
// CHECK-NEXT:       %2 = "arith.addi"(%arg2, %arg2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT:       "scf.yield"() : () -> ()
// CHECK-NEXT:     }, {
// CHECK-NEXT:     }) : (i1) -> ()
// CHECK-NEXT:     %0 = "scf.for"(%arg1, %arg1, %arg1, %arg2) ({
// CHECK-NEXT:     ^bb0(%arg5: index, %arg6: i32):
// CHECK-NEXT:       "scf.yield"(%arg6) : (i32) -> ()
// CHECK-NEXT:     }) : (index, index, index, i32) -> i32
// CHECK-NEXT:     %1 = "scf.while"(%0) ({
// CHECK-NEXT:     ^bb0(%arg4: i32):
// CHECK-NEXT:       "scf.condition"(%arg0, %arg4) : (i1, i32) -> ()
// CHECK-NEXT:     }, {
// CHECK-NEXT:     ^bb0(%arg3: i32):
// CHECK-NEXT:       "scf.yield"(%arg3) : (i32) -> ()
// CHECK-NEXT:     }) : (i32) -> i32
// CHECK-NEXT:     "func.return"(%1) : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: {{^}}}) {test.module} : () -> ()
// CHECK-EMPTY:
// CHECK-NOT: {{.}}

module attributes {test.module} {
  func.func private @decl(i32) -> (i32, i64)
  func.func @arith(%a: i32, %f: f32, %c: i1) -> i32 attributes {test.fn} {
    %k = arith.constant 3 : i32
    %0 = arith.addi %a, %k overflow<nsw> {test.note} : i32
    %1 = arith.mulf %f, %f fastmath<fast> : f32
    %2 = arith.cmpf olt, %1, %f : f32
    %3 = arith.select %c, %0, %a : i32
    %4 = arith.extsi %3 : i32 to i64
    %5 = arith.trunci %4 : i64 to i32
    %6:2 = call @decl(%5) : (i32) -> (i32, i64)
    %s, %o = arith.addui_extended %6#0, %a : i32, i1
    return %s : i32
  }
  func.func @cf(%a: i32, %c: i1) {
    cf.cond_br %c, ^bb1(%a : i32), ^bb2
  ^bb1(%x: i32):
    cf.switch %x : i32, [
      default: ^bb2,
      5: ^bb3(%x : i32)
    ]
  ^bb2:
    cf.assert %c, "msg"
    cf.br ^bb3(%a : i32)
  ^bb3(%y: i32):
    return
  }
  func.func @scf(%c: i1, %lb: index, %a: i32) -> i32 {
    scf.if %c {
      %u = arith.addi %a, %a : i32
    }
    %0 = scf.for %i = %lb to %lb step %lb iter_args(%acc = %a) -> (i32) {
      scf.yield %acc : i32
    }
    %1 = scf.while (%x = %0) : (i32) -> i32 {
      scf.condition(%c) %x : i32
    } do {
    ^bb0(%y: i32):
      scf.yield %y : i32
    }
    return %1 : i32
  }
}
