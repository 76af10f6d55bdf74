// A split marker in the middle of a line splits there, as in mlir-opt, and
// diagnostics in the chunks after it keep the original line and column
// (a chunk is no longer padded with spaces up to its first column: the
// parser adds the chunk's first-line offset instead, so splitting stays
// linear). Columns count bytes: the "é" before `baz` takes two.
// RUN: not lockstep-opt --split-input-file %s 2>&1 | FileCheck %s
// RUN: not lockstep-opt --split-input-file --verify-diagnostics %s 2>&1 | FileCheck %s --check-prefix=VERIFY

// CHECK: split-marker-mid-line.mlir:[[#@LINE+7]]:68: error: expected SSA operand
// CHECK-NEXT: {{^}}func.func @a() { return } {{.*= foo$}}
// CHECK: split-marker-mid-line.mlir:[[#@LINE+5]]:124: error: custom op 'baz' is unknown
// CHECK: split-marker-mid-line.mlir:[[#@LINE+4]]:144: error: custom op 'foo' is unknown
// CHECK: split-marker-mid-line.mlir:[[#@LINE+8]]:8: error: custom op 'qux' is unknown
// VERIFY: split-marker-mid-line.mlir:[[#@LINE+2]]:68: error: unexpected error: expected SSA operand
// VERIFY: split-marker-mid-line.mlir:[[#@LINE+1]]:124: error: unexpected error: custom op 'baz' is unknown
func.func @a() { return } // ----- func.func @b() { %x = arith.addi } // ----- func.func @d() attributes {s = "é"} { %w = baz } // ----- %y = foo
  %t = zzz
// -----
func.func @e() {
  // A multi-byte "é" on an earlier line moves no column.
  %q = qux
}
// -----
func.func @ok() {
  return
}
// CHECK-NOT: error
