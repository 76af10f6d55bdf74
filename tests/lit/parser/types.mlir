// Parser, types: every builtin type lockstep supports (signless, signed and
// unsigned integers of any width up to 64, index, f16/bf16/f32/f64, none,
// function types with zero/one/many inputs and results and nested function
// types, tuple, vector, ranked tensor with dynamic dims and 0-d tensors),
// opaque dialect types `!d.x<...>` and `!d<"...">`; as op result types and
// inside type attributes. Expected text is mlir-opt 22's.
// RUN: lockstep-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect | lockstep-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @f() {
func.func @f() {
  // Integers, index, floats, none.
  // CHECK-NEXT: %0:16 = "test.types"() : () -> (i1, i2, i8, i16, i32, i33, i64, si8, si64, ui1, ui32, index, f16, bf16, f32, f64)
  %0:16 = "test.types"() : () -> (i1, i2, i8, i16, i32, i33, i64, si8, si64, ui1, ui32, index, f16, bf16, f32, f64)
  // CHECK-NEXT: %1 = "test.types"() : () -> none
  %1 = "test.types"() : () -> none
  // Function types: a single function-typed result is parenthesised.
  // CHECK-NEXT: %2 = "test.types"() : () -> (() -> ())
  %2 = "test.types"() : () -> (() -> ())
  // CHECK-NEXT: %3 = "test.types"() : () -> ((i32) -> i32)
  %3 = "test.types"() : () -> ((i32) -> i32)
  // CHECK-NEXT: %4 = "test.types"() : () -> ((i32, i64) -> (i32, i64))
  %4 = "test.types"() : () -> ((i32, i64) -> (i32, i64))
  // CHECK-NEXT: %5 = "test.types"() : () -> ((i32) -> ((f32) -> f32))
  %5 = "test.types"() : () -> ((i32) -> ((f32) -> f32))
  // CHECK-NEXT: %6 = "test.types"() : () -> (((i32) -> i32) -> ())
  %6 = "test.types"() : () -> (((i32) -> i32) -> ())
  // Container types.
  // CHECK-NEXT: %7:4 = "test.types"() : () -> (tuple<>, tuple<i32>, tuple<i32, tuple<f32, index>>, tuple<() -> ()>)
  %7:4 = "test.types"() : () -> (tuple<>, tuple<i32>, tuple<i32, tuple<f32, index>>, tuple<() -> ()>)
  // CHECK-NEXT: %8:4 = "test.types"() : () -> (vector<4xf32>, vector<1x2x3xbf16>, vector<2xindex>, vector<4xi1>)
  %8:4 = "test.types"() : () -> (vector<4xf32>, vector<1x2x3xbf16>, vector<2xindex>, vector<4xi1>)
  // CHECK-NEXT: %9:5 = "test.types"() : () -> (tensor<f32>, tensor<4xi32>, tensor<?x4xf32>, tensor<?x?xindex>, tensor<0x2xvector<4xf32>>)
  %9:5 = "test.types"() : () -> (tensor<f32>, tensor<4xi32>, tensor<?x4xf32>, tensor<?x?xindex>, tensor<0x2xvector<4xf32>>)
  // Opaque dialect types.
  // CHECK-NEXT: %10:5 = "test.types"() : () -> (!foo.bar, !foo.bar<"x", 1>, !foo<"opaque">, !foo.nested<a<b>, "s>">, tensor<2x!foo.elem>)
  %10:5 = "test.types"() : () -> (!foo.bar, !foo.bar<"x", 1>, !foo<"opaque">, !foo.nested<a<b>, "s>">, tensor<2x!foo.elem>)
  // Types in type attributes and operand types.
  // CHECK-NEXT: "test.types"() {t = tuple<i32, !foo.t>, u = (index) -> none} : () -> ()
  "test.types"() {t = tuple<i32, !foo.t>, u = (index) -> none} : () -> ()
  // CHECK-NEXT: "test.use"(%0#2, %2, %10#1) : (i8, () -> (), !foo.bar<"x", 1>) -> ()
  "test.use"(%0#2, %2, %10#1) : (i8, () -> (), !foo.bar<"x", 1>) -> ()
  // CHECK-NEXT: return
  return
}
