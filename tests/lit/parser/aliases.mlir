// Parser, attribute and type aliases: `#name = attr` and `!name = type`
// definitions at the top of the file, used in attribute dictionaries, types,
// function signatures, other aliases and dense/vector element types; names
// with underscores, dollars and digits. Aliases are resolved, not printed back.
// Location aliases are covered by locations.mlir. Expected text is mlir-opt 22's.
// RUN: lockstep-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect --print-op-generic | lockstep-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect | FileCheck %s

#int = 42 : i32
#arr = [1, "two", #int]
#dict = {x = #arr, y}
#sym_ref = @some::@sym
#opaque$1 = #foo.bar<"x">
!i = i32
!vec = vector<4x!i>
!fn = (!i, !vec) -> !i
!tup = tuple<!fn, !foo.t<1>>
!opq = !foo.ty<"payload">

// CHECK-LABEL: func.func @f() {
func.func @f() {
  // CHECK-NEXT: "test.attr"() {v = 42 : i32} : () -> ()
  "test.attr"() {v = #int} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = [1, "two", 42 : i32]} : () -> ()
  "test.attr"() {v = #arr} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = {x = [1, "two", 42 : i32], y}} : () -> ()
  "test.attr"() {v = #dict} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = @some::@sym} : () -> ()
  "test.attr"() {v = #sym_ref} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = #foo.bar<"x">} : () -> ()
  "test.attr"() {v = #opaque$1} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = i32} : () -> ()
  "test.attr"() {v = !i} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = vector<4xi32>} : () -> ()
  "test.attr"() {v = !vec} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = (i32, vector<4xi32>) -> i32} : () -> ()
  "test.attr"() {v = !fn} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = tuple<(i32, vector<4xi32>) -> i32, !foo.t<1>>} : () -> ()
  "test.attr"() {v = !tup} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = !foo.ty<"payload">} : () -> ()
  "test.attr"() {v = !opq} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = dense<[1, 2, 3, 4]> : vector<4xi32>} : () -> ()
  "test.attr"() {v = dense<[1, 2, 3, 4]> : !vec} : () -> ()
  // CHECK-NEXT{LITERAL}: %0:3 = "test.types"() {a = 42 : i32, b = [[1, "two", 42 : i32], {x = [1, "two", 42 : i32], y}]} : () -> (i32, vector<4xi32>, tuple<(i32, vector<4xi32>) -> i32, !foo.t<1>>)
  %0:3 = "test.types"() {a = #int, b = [#arr, #dict]} : () -> (!i, !vec, !tup)
  // CHECK-NEXT: "test.use"(%0#0, %0#1) : (i32, vector<4xi32>) -> ()
  "test.use"(%0#0, %0#1) : (!i, vector<4xi32>) -> ()
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func private @signature(i32, vector<4xi32>) -> ((i32, vector<4xi32>) -> i32) attributes {a = 42 : i32}{{$}}
func.func private @signature(%a: !i, %b: !vec) -> !fn attributes {a = #int}
