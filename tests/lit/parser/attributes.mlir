// Parser, attribute kinds other than scalars: arrays (empty, nested,
// heterogeneous), dictionaries (sorted by key, unit entries printed bare,
// quoted and dotted keys), unit, type attributes, dense elements (splat,
// lists, nested, i1, floats, 0-d, index), dense arrays `array<T: ...>`,
// symbol references (flat, nested, quoted), opaque dialect attributes
// `#d.x<...>` and `#d<"...">`. Expected text is mlir-opt 22's.
// RUN: lockstep-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect | lockstep-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @f() {
func.func @f() {
  // Arrays.
  // CHECK-NEXT: "test.attr"() {v = []} : () -> ()
  "test.attr"() {v = []} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = [1, 2, 3]} : () -> ()
  "test.attr"() {v = [1, 2, 3]} : () -> ()
  // CHECK-NEXT{LITERAL}: "test.attr"() {v = [[1], [2, [3]], []]} : () -> ()
  "test.attr"() {v = [[1], [2, [3]], []]} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = [1 : i8, "two", 3.000000e+00 : f32, unit, i32, @sym, [true]]} : () -> ()
  "test.attr"() {v = [1 : i8, "two", 3.0 : f32, unit, i32, @sym, [true]]} : () -> ()
  // Dictionaries and unit.
  // CHECK-NEXT: "test.attr"() {v = {}} : () -> ()
  "test.attr"() {v = {}} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = {a = 1 : i64, b = 2 : i64}} : () -> ()
  "test.attr"() {v = {b = 2, a = 1}} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = {flag, k = {n = [unit]}}} : () -> ()
  "test.attr"() {v = {k = {n = [unit]}, flag}} : () -> ()
  // CHECK-NEXT: "test.attr"() {v} : () -> ()
  "test.attr"() {v = unit} : () -> ()
  // CHECK-NEXT: "test.attr"() {B = 4 : i64, _c = 5 : i64, a = 2 : i64, "quoted name" = 3 : i64, s.t = 7 : i64, u, x.y = 6 : i64, z = 1 : i64} : () -> ()
  "test.attr"() {z = 1, a = 2, "quoted name" = 3, B = 4, _c = 5, "x.y" = 6, s.t = 7, u = unit} : () -> ()
  // CHECK-NEXT: "test.attr"() : () -> ()
  "test.attr"() : () -> ()
  // CHECK-NEXT: "test.attr"() : () -> ()
  "test.attr"() {} : () -> ()
  // Type attributes.
  // CHECK-NEXT: "test.attr"() {v = i32} : () -> ()
  "test.attr"() {v = i32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = index} : () -> ()
  "test.attr"() {v = index} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = (i32, f32) -> i1} : () -> ()
  "test.attr"() {v = (i32, f32) -> i1} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = vector<4xf32>} : () -> ()
  "test.attr"() {v = vector<4xf32>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = tuple<i32, tensor<2xf16>>} : () -> ()
  "test.attr"() {v = tuple<i32, tensor<2xf16>>} : () -> ()
  // Dense elements.
  // CHECK-NEXT: "test.attr"() {v = dense<7> : vector<4xi32>} : () -> ()
  "test.attr"() {v = dense<7> : vector<4xi32>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = dense<[1, 2, 3]> : tensor<3xi32>} : () -> ()
  "test.attr"() {v = dense<[1, 2, 3]> : tensor<3xi32>} : () -> ()
  // CHECK-NEXT{LITERAL}: "test.attr"() {v = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>} : () -> ()
  "test.attr"() {v = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = dense<1.500000e+00> : vector<2x2xf32>} : () -> ()
  "test.attr"() {v = dense<1.5> : vector<2x2xf32>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = dense<[5.000000e-01, -1.000000e+00]> : tensor<2xf64>} : () -> ()
  "test.attr"() {v = dense<[0.5, -1.0]> : tensor<2xf64>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = dense<[0x7FC00000, 1.000000e+00]> : tensor<2xf32>} : () -> ()
  "test.attr"() {v = dense<[0x7FC00000, 1.0]> : tensor<2xf32>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = dense<true> : vector<4xi1>} : () -> ()
  "test.attr"() {v = dense<true> : vector<4xi1>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = dense<[true, false]> : tensor<2xi1>} : () -> ()
  "test.attr"() {v = dense<[true, false]> : tensor<2xi1>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = dense<5> : tensor<i32>} : () -> ()
  "test.attr"() {v = dense<5> : tensor<i32>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = dense<-1> : tensor<2xi8>} : () -> ()
  "test.attr"() {v = dense<-1> : tensor<2xi8>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = dense<-1> : tensor<2xi8>} : () -> ()
  "test.attr"() {v = dense<255> : tensor<2xi8>} : () -> ()
  // CHECK-NEXT{LITERAL}: "test.attr"() {v = dense<[[1], [2]]> : vector<2x1xi16>} : () -> ()
  "test.attr"() {v = dense<[[1], [2]]> : vector<2x1xi16>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = dense<3> : tensor<1xindex>} : () -> ()
  "test.attr"() {v = dense<3> : tensor<1xindex>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = dense<[1.000000e+00, 2.000000e+00]> : vector<2xf16>} : () -> ()
  "test.attr"() {v = dense<[1.0, 2.0]> : vector<2xf16>} : () -> ()
  // Dense arrays.
  // CHECK-NEXT: "test.attr"() {v = array<i32: 1, -2, 3>} : () -> ()
  "test.attr"() {v = array<i32: 1, -2, 3>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = array<i64>} : () -> ()
  "test.attr"() {v = array<i64>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = array<i1: true, false>} : () -> ()
  "test.attr"() {v = array<i1: true, false>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = array<i8: 127, -128>} : () -> ()
  "test.attr"() {v = array<i8: 127, -128>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = array<i16: 1>} : () -> ()
  "test.attr"() {v = array<i16: 1>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = array<f32: 1.000000e+00, 2.500000e+00>} : () -> ()
  "test.attr"() {v = array<f32: 1.0, 2.5>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = array<f64: -5.000000e-01>} : () -> ()
  "test.attr"() {v = array<f64: -0.5>} : () -> ()
  // Symbol references.
  // CHECK-NEXT: "test.attr"() {v = @foo} : () -> ()
  "test.attr"() {v = @foo} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = @foo::@bar::@baz} : () -> ()
  "test.attr"() {v = @foo::@bar::@baz} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = @"quoted sym"} : () -> ()
  "test.attr"() {v = @"quoted sym"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = @_under.score$} : () -> ()
  "test.attr"() {v = @_under.score$} : () -> ()
  // Opaque dialect attributes.
  // CHECK-NEXT: "test.attr"() {v = #foo.bar<"x", [1, 2]>} : () -> ()
  "test.attr"() {v = #foo.bar<"x", [1, 2]>} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = #foo.plain} : () -> ()
  "test.attr"() {v = #foo.plain} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = #foo<"opaque">} : () -> ()
  "test.attr"() {v = #foo<"opaque">} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = #foo.nested<a<b<c>>, "s>">} : () -> ()
  "test.attr"() {v = #foo.nested<a<b<c>>, "s>">} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = [#foo.a, #foo.b<1>]} : () -> ()
  "test.attr"() {v = [#foo.a, #foo.b<1>]} : () -> ()
  // CHECK-NEXT: return
  return
}
