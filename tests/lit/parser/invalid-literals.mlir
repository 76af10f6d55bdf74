// Parser errors in literals and types: integer widths, integer values out of
// range for their type (signless, signed, unsigned, untyped), float literals
// without a dot, dense elements without a shaped type or a type.
// One error per split chunk, checked with --verify-diagnostics; every chunk
// gives the same diagnostics with mlir-opt 22 (second RUN line). Cases where
// lockstep's diagnostic differs are in invalid-divergent.mlir.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{invalid integer width}}
"test.op"() {a = 1 : i99999999999} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = 256 : i8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = -129 : i8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = 2 : i1} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = 18446744073709551616 : i64} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = 99999999999999999999999} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = 128 : si8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = 256 : ui8} : () -> ()

// -----

func.func @constant_out_of_range() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 300 : i8
  return
}

// -----

func.func @float_without_dot() {
  // expected-error @+1 {{custom op 'e30' is unknown (tried 'func.e30' as well)}}
  %0 = arith.constant 1e30 : f32
  return
}

// -----

// expected-error @+1 {{must be a shaped type}}
"test.op"() {a = dense<[1, 2]> : i32} : () -> ()

// -----

// expected-error @+1 {{expected ':'}}
"test.op"() {a = dense<[1, 2]>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range}}
"test.op"() {a = array<i8: 300>} : () -> ()
