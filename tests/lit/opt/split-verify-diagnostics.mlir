// RUN: lockstep-opt %s --split-input-file --verify-diagnostics
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: not lockstep-opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=ERR

// Each chunk is parsed and checked on its own, with the file's own line
// numbers; chunks that failed as expected print nothing, their separators
// remain.

// The separator is spelled with a regex here: written out, it would split
// this file.
// CHECK:      {{^}}//{{ }}-----{{$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @ok() {
// CHECK:      {{^}}//{{ }}-----{{$}}
// CHECK-NOT:  module

// ERR: split-verify-diagnostics.mlir:[[@LINE+4]]:3: error: branch has 1 operands for successor #0, but target block has 0

func.func @succ(%a: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func @ok() {
  return
}

// -----

func.func @wrong(%a: i64) {
  // expected-error @below {{are cast incompatible}}
  %0 = arith.extsi %a : i64 to i32
  return
}
