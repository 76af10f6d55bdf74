// Verifier and parser diagnostics as printed without --verify-diagnostics:
// `FILE:LINE:COL: error: MESSAGE`, the source line and a caret under the
// column; verifier errors get a "see current operation" note with the op in
// generic form (function-local numbering; on the following lines for an op
// with regions); other notes at their own location with their source line;
// exit status 1. Text from mlir-opt 22.
// RUN: not lockstep-opt %s --split-input-file 2>&1 | FileCheck %s --strict-whitespace
// RUN: not %mlir-opt %s --split-input-file 2>&1 | FileCheck %s --strict-whitespace

// CHECK:      diagnostic-output.mlir:[[@LINE+7]]:8: error: 'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible
// CHECK-NEXT: {{^}}  %0 = arith.extsi %a : i64 to i32{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NEXT: diagnostic-output.mlir:[[@LINE+4]]:8: note: see current operation: %0 = "arith.extsi"(%arg1) : (i64) -> i32
// A note at the location of the previous diagnostic has no source line.
// CHECK-NOT:  {{^}}  %0 = arith.extsi
func.func @cast(%x: i32, %a: i64) {
  %0 = arith.extsi %a : i64 to i32
  return
}

// -----

// CHECK:      diagnostic-output.mlir:[[@LINE+11]]:8: error: 'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs
// CHECK-NEXT: {{^}}  %0 = scf.if %c -> (i32) {{\{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NEXT: diagnostic-output.mlir:[[@LINE+8]]:8: note: see current operation: {{$}}
// CHECK-NEXT: {{^}}%0 = "scf.if"(%arg0) ({{\{$}}
// CHECK-NEXT: {{^}}  "scf.yield"(%arg1, %arg1) : (i32, i32) -> (){{$}}
// CHECK-NEXT: {{^}}}, {{\{$}}
// CHECK-NEXT: {{^}}  "scf.yield"(%arg1) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}}) : (i1) -> i32{{$}}
// CHECK-NEXT: diagnostic-output.mlir:[[@LINE+3]]:5: note: region branch point
func.func @region(%c: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    scf.yield %a, %a : i32, i32
  } else {
    scf.yield %a : i32
  }
  return %0 : i32
}

// -----

// A parse error has no "see current operation" note.
// CHECK:      diagnostic-output.mlir:[[@LINE+5]]:14: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}  return %a, %zz : i32, i32{{$}}
// CHECK-NEXT: {{^}}             ^{{$}}
// CHECK-NOT:  note:
func.func @parse(%a: i32) -> (i32, i32) {
  return %a, %zz : i32, i32
}
