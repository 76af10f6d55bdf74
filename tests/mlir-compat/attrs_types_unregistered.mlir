// Attribute and type syntax through unregistered ops: sorted dictionaries,
// quoted keys, unit, strings with escapes, arrays, dense, array<>, symbol refs,
// opaque dialect attrs/types, all builtin scalar types of the subset (i1-i64),
// function types, generic regions and successors on unregistered ops.
// RUN: mlir-opt %s --allow-unregistered-dialect
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-debuginfo
func.func @attrs(%x: i32) {
  "test.op"() {a = 1 : i32, b = true, c = false, d = 0.1 : f32, e = 1.0 : f64, f = "str\"q\\n\n\t\01x", g = unit, h = [1, 2, "x"], i = {k1 = 1, k2 = "v"}, j = dense<[1, 2]> : tensor<2xi32>, k = array<i32: 1, 2>, l = @foo, m = @foo::@bar, n = i32, o = 7, p = 2.5, q = array<i64>, r = array<f32: 1.0, 2.5>, s = dense<1.5> : tensor<2x2xf32>, t = [], u = {}, v = -3 : i8, w = 0x7FC00000 : f32, y = #foo.bar<"x">, z = 1 : index} : () -> ()
  "test.op"() {z = 1, a = 2, "quoted name" = 3, B = 4, _c = 5, "x.y" = 6, s.t = 7} : () -> ()
  %0 = "test.types"() : () -> (i1)
  %1:13 = "test.types"() : () -> (i1, i8, i16, i32, i64, index, f16, bf16, f32, f64, none, ui32, si32)
  %2 = "test.types"() : () -> (() -> ())
  %3 = "test.types"() : () -> ((i32) -> (i32, i64))
  %4 = "test.types"() : () -> ((i32) -> i32)
  %5 = "test.types"() : () -> (!foo.bar<"x", 1>)
  %6 = "test.types"() : () -> (tensor<?x4xf32>)
  %7 = "test.types"() : () -> (vector<4xf32>)
  %9 = "test.types"() : () -> (tuple<i32, f32>)
  %11 = "test.types"() : () -> (!foo<"opaque">)
  %12 = "test.types"() : () -> ((i32, i64) -> ((i32) -> i32))
  %13:2 = "test.two"(%x, %0) : (i32, i1) -> (f32, !foo.t)
  "foo.op"(%x, %0, %13#1) {attr = #foo.attr} : (i32, i1, !foo.t) -> ()
  "foo.region"() ({
  ^bb0(%a: i32):
    "foo.term"(%a) : (i32) -> ()
  }, {
    "foo.term"() : () -> ()
  }, {
  }) : () -> ()
  %14 = "foo.withsucc"() [^bb1] : () -> i32
^bb1:
  "foo.op"() <{prop = 1 : i32}> {disc = 2 : i32} : () -> ()
  return
}
