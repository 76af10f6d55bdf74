// Parser, integer attributes: decimal, hexadecimal and negative literals,
// every integer type lockstep supports (i1..i64 signless, signed, unsigned,
// index), values printed back in signed decimal of their width (`255 : i8` is
// -1), untyped integers default to i64, `true`/`false` and `1 : i1`.
// Expected text is mlir-opt 22's.
// RUN: lockstep-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect | lockstep-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @f() {
func.func @f() {
  // Booleans are i1 integers.
  // CHECK-NEXT: "test.attr"() {v = true} : () -> ()
  "test.attr"() {v = true} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = false} : () -> ()
  "test.attr"() {v = false} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = true} : () -> ()
  "test.attr"() {v = 1 : i1} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = false} : () -> ()
  "test.attr"() {v = 0 : i1} : () -> ()
  // Untyped integers are i64.
  // CHECK-NEXT: "test.attr"() {v = 42 : i64} : () -> ()
  "test.attr"() {v = 42} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -42 : i64} : () -> ()
  "test.attr"() {v = -42} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 42 : i64} : () -> ()
  "test.attr"() {v = 0x2A} : () -> ()
  // Decimal, hexadecimal (digits in either case), negative, leading zeros.
  // CHECK-NEXT: "test.attr"() {v = 7 : i32} : () -> ()
  "test.attr"() {v = 7 : i32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 16 : i32} : () -> ()
  "test.attr"() {v = 0x10 : i32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 255 : i32} : () -> ()
  "test.attr"() {v = 0xff : i32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -16 : i32} : () -> ()
  "test.attr"() {v = -0x10 : i32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 12 : i32} : () -> ()
  "test.attr"() {v = 00012 : i32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -7 : i16} : () -> ()
  "test.attr"() {v = -7 : i16} : () -> ()
  // Unsigned values wrap to the signed value of the width.
  // CHECK-NEXT: "test.attr"() {v = -1 : i8} : () -> ()
  "test.attr"() {v = 255 : i8} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -128 : i8} : () -> ()
  "test.attr"() {v = 128 : i8} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -128 : i8} : () -> ()
  "test.attr"() {v = -128 : i8} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -1 : i32} : () -> ()
  "test.attr"() {v = 4294967295 : i32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -2147483648 : i32} : () -> ()
  "test.attr"() {v = 2147483648 : i32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -2147483648 : i32} : () -> ()
  "test.attr"() {v = -2147483648 : i32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -1 : i64} : () -> ()
  "test.attr"() {v = 18446744073709551615 : i64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -1 : i64} : () -> ()
  "test.attr"() {v = 0xFFFFFFFFFFFFFFFF : i64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -9223372036854775808 : i64} : () -> ()
  "test.attr"() {v = -9223372036854775808 : i64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 9223372036854775807 : i64} : () -> ()
  "test.attr"() {v = 9223372036854775807 : i64} : () -> ()
  // Odd widths.
  // CHECK-NEXT: "test.attr"() {v = 3 : i3} : () -> ()
  "test.attr"() {v = 3 : i3} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -4 : i3} : () -> ()
  "test.attr"() {v = -4 : i3} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -1 : i3} : () -> ()
  "test.attr"() {v = 7 : i3} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 1 : i17} : () -> ()
  "test.attr"() {v = 1 : i17} : () -> ()
  // Signed and unsigned types.
  // CHECK-NEXT: "test.attr"() {v = -3 : si8} : () -> ()
  "test.attr"() {v = -3 : si8} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 127 : si8} : () -> ()
  "test.attr"() {v = 127 : si8} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 255 : ui8} : () -> ()
  "test.attr"() {v = 255 : ui8} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 0 : ui64} : () -> ()
  "test.attr"() {v = 0 : ui64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 18446744073709551615 : ui64} : () -> ()
  "test.attr"() {v = 18446744073709551615 : ui64} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -1 : si64} : () -> ()
  "test.attr"() {v = -1 : si64} : () -> ()
  // index.
  // CHECK-NEXT: "test.attr"() {v = 0 : index} : () -> ()
  "test.attr"() {v = 0 : index} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = -1 : index} : () -> ()
  "test.attr"() {v = -1 : index} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = 9223372036854775807 : index} : () -> ()
  "test.attr"() {v = 9223372036854775807 : index} : () -> ()
  // CHECK-NEXT: return
  return
}
