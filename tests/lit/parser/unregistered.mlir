// Parser, unregistered operations with --allow-unregistered-dialect: at the
// top level and in functions, with results, multi-results, opaque attributes
// and types, properties and discardable attributes, several regions with
// entry block arguments or no block, a block without terminator, successors,
// and a region whose values are used before their definition (regions of
// unregistered ops are not checked for dominance). They always print in
// generic form (mlir-opt 22's text).
// RUN: lockstep-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect --print-op-generic | lockstep-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect | FileCheck %s

"foo.toplevel"() {a = 1 : i32} : () -> ()
// CHECK-LABEL: func.func @unregistered(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = "foo.op"(%arg0) : (i32) -> i1
// CHECK-NEXT:   %1:2 = "foo.two"(%arg0, %0) {attr = #foo.attr, t = !foo.t} : (i32, i1) -> (f32, !foo.t)
// CHECK-NEXT:   "foo.sink"(%arg0, %0, %1#1) : (i32, i1, !foo.t) -> ()
// CHECK-NEXT:   "foo.props"() <{other = "p", prop = 1 : i32}> {disc = 2 : i32} : () -> ()
// CHECK-NEXT:   %2 = "foo.region"(%arg0) ({
// CHECK-NEXT:   ^bb0(%arg1: i32):
// CHECK-NEXT:     %4 = arith.addi %arg1, %arg0 : i32
// CHECK-NEXT:     "foo.yield"(%4) : (i32) -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:     "foo.yield"(%arg0) : (i32) -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:   }) : (i32) -> i32
// CHECK-NEXT:   "foo.noterminator"() ({
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   %3 = "foo.withsucc"(%2)[^bb1, ^bb2] : (i32) -> i32
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "foo.br"(%3)[^bb2] : (i32) -> ()
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   "foo.return"(%arg0) : (i32) -> ()
// CHECK-NEXT: }
func.func @unregistered(%x: i32) -> i32 {
  %0 = "foo.op"(%x) : (i32) -> i1
  %1:2 = "foo.two"(%x, %0) {attr = #foo.attr, t = !foo.t} : (i32, i1) -> (f32, !foo.t)
  "foo.sink"(%x, %0, %1#1) : (i32, i1, !foo.t) -> ()
  "foo.props"() <{prop = 1 : i32, other = "p"}> {disc = 2 : i32} : () -> ()
  %2 = "foo.region"(%x) ({
  ^bb0(%a: i32):
    %in = arith.addi %a, %x : i32
    "foo.yield"(%in) : (i32) -> ()
  }, {
    "foo.yield"(%x) : (i32) -> ()
  }, {
  }) : (i32) -> i32
  "foo.noterminator"() ({
    %k = arith.constant 1 : i32
  }) : () -> ()
  %3 = "foo.withsucc"(%2) [^bb1, ^bb2] : (i32) -> i32
^bb1:
  "foo.br"(%3)[^bb2] : (i32) -> ()
^bb2:
  "foo.return"(%x) : (i32) -> ()
}

// CHECK-LABEL: func.func @unregistered_graph() {
// CHECK-NEXT:   "foo.graph"() ({
// CHECK-NEXT:     %0 = "foo.use"(%1) : (i32) -> i32
// CHECK-NEXT:     %1 = "foo.def"() : () -> i32
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @unregistered_graph() {
  "foo.graph"() ({
    %a = "foo.use"(%b) : (i32) -> i32
    %b = "foo.def"() : () -> i32
  }) : () -> ()
  return
}

