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

// -----

// expected-error @+1 {{hexadecimal float literal should not have a leading minus}}
"test.op"() {a = -0x7FC00000 : f32} : () -> ()

// -----

// expected-error @+1 {{hexadecimal float constant out of range for type}}
"test.op"() {a = 0x7FC000001 : f32} : () -> ()

// -----

// expected-error @+1 {{hexadecimal float constant out of range for type}}
"test.op"() {a = 0x1FFFF : f16} : () -> ()

// -----

// expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note @+1 {{add a trailing dot to make the literal a float}}
"test.op"() {a = 1 : f32} : () -> ()

// -----

// expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"test.op"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error @+1 {{inferred shape of elements literal ([2, 2]) does not match type ([4])}}
"test.op"() {a = dense<[[1, 2], [3, 4]]> : tensor<4xi32>} : () -> ()

// -----

// expected-error @+1 {{inferred shape of elements literal ([0]) does not match type ([0, 2])}}
"test.op"() {a = dense<[]> : tensor<0x2xi32>} : () -> ()

// -----

// expected-error @+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"test.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"test.op"() {a = dense<[[1, 2], 3]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"test.op"() {a = dense<[1, 2]> : tensor<?xi32>} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"test.op"() {a = dense<1> : tensor<?xi32>} : () -> ()

// -----

// expected-error @+1 {{floating point value not valid for specified type}}
"test.op"() {a = 1.0 : i32} : () -> ()

// -----

// expected-error @+1 {{floating point value not valid for specified type}}
"test.op"() {a = 1.0 : index} : () -> ()

// -----

// expected-error @+1 {{integer literal not valid for specified type}}
"test.op"() {a = 1 : none} : () -> ()

// -----

// expected-error @+1 {{negative integer literal not valid for unsigned integer type}}
"test.op"() {a = -1 : ui8} : () -> ()

// -----

// expected-error @+1 {{expected integer elements, but parsed floating-point}}
"test.op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected integer literal}}
"test.op"() {a = array<i32: 1.5>} : () -> ()

// -----

// expected-error @+1 {{expected integer or float type, got: 'tensor<2xi32>'}}
"test.op"() {a = array<tensor<2xi32>: 1>} : () -> ()

// -----

// expected-error @+1 {{undefined symbol alias id 'nope'}}
"test.op"() {a = #nope} : () -> ()
