// IR dumps: MLIR's headers on stderr, function-level dumps print the
// function alone, module-level dumps the module; --print-ir-after-change
// skips passes that changed nothing; module scope names the anchor.

// RUN: lockstep-opt %s -o /dev/null -p 'builtin.module(canonicalize,func.func(cse))' --print-ir-before=cse --print-ir-after-all 2>&1 | FileCheck %s
// RUN: lockstep-opt %s -o /dev/null -p 'builtin.module(func.func(canonicalize,cse))' --print-ir-after-all --print-ir-after-change 2>&1 | FileCheck %s --check-prefix=CHANGE
// RUN: lockstep-opt %s -o /dev/null -p 'builtin.module(func.func(cse))' --mlir-print-ir-after=cse --mlir-print-ir-module-scope 2>&1 | FileCheck %s --check-prefix=SCOPE

// CHECK:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: module {
// CHECK:      {{^}}}{{$}}
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   %1 = arith.muli %0, %0 : i32
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: func.func @g(%arg0: i32) -> i32 {
// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @g(%arg0: i32) -> i32 {

// CHANGE-NOT:  IR Dump After Canonicalizer
// CHANGE:      // -----// IR Dump After CSE (cse) //----- //
// CHANGE-NEXT: func.func @f(
// CHANGE-NOT:  IR Dump

// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// SCOPE-NEXT: module {
// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @g) //----- //
// SCOPE-NEXT: module {

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @g(%a: i32) -> i32 {
  return %a : i32
}
