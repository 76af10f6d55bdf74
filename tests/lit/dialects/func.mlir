// func dialect: func.func (definitions, declarations, visibilities, argument
// and result attributes, function attributes, function-typed arguments),
// func.call (both spellings, zero/one/many results, recursion), func.return.
// The CHECK lines are mlir-opt 22's output for this file; they must also hold
// after a pretty and a generic round trip.
// RUN: lockstep-opt %s | FileCheck %s
// RUN: lockstep-opt %s | lockstep-opt | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | lockstep-opt | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s

// CHECK-LABEL: func.func private @decl(i32) -> i32{{$}}
func.func private @decl(i32) -> i32

// CHECK-LABEL: func.func private @decl_named(i32, i64) -> (i32, i64){{$}}
func.func private @decl_named(%arg0: i32, %unused: i64) -> (i32, i64)

// CHECK-LABEL: func.func private @noargs(){{$}}
func.func private @noargs()

// CHECK-LABEL: func.func nested @nested_decl(index) -> index{{$}}
func.func nested @nested_decl(index) -> index

// CHECK-LABEL: func.func private @takes_fn((i32) -> i32, () -> ()) -> ((f32) -> f32){{$}}
func.func private @takes_fn((i32) -> i32, () -> ()) -> ((f32) -> f32)

// CHECK-LABEL: func.func private @decl_attrs(i32 {test.a}, i64) -> (i32 {test.b}){{$}}
func.func private @decl_attrs(i32 {test.a}, i64) -> (i32 {test.b})

// CHECK-LABEL: func.func public @pub() {
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func public @pub() {
  return
}

// CHECK-LABEL: func.func nested @nest() {
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func nested @nest() {
  func.return
}

// CHECK-LABEL: func.func @attrs(%arg0: i32 {test.flag, test.foo = 3 : i64}, %arg1: f32) -> (i32 {test.res = "r"}, f32) attributes {test.fattr, test.num = 7 : i64} {
// CHECK-NEXT:   return %arg0, %arg1 : i32, f32
// CHECK-NEXT: }
func.func @attrs(%a: i32 {test.flag, test.foo = 3 : i64}, %b: f32) -> (i32 {test.res = "r"}, f32) attributes {test.fattr = unit, test.num = 7 : i64} {
  return %a, %b : i32, f32
}

// CHECK-LABEL: func.func @single_res_attr(%arg0: i32) -> (i32 {test.x}) {
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func @single_res_attr(%a: i32) -> (i32 {test.x}) {
  return %a : i32
}

// CHECK-LABEL: func.func @only_fn_attrs() attributes {test.arr = [1, 2], test.str = "s"} {
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @only_fn_attrs() attributes {test.str = "s", test.arr = [1, 2]} {
  return
}

// CHECK-LABEL: func.func @calls(%arg0: i32) -> (i32, i64) {
// CHECK-NEXT:   %0 = call @decl(%arg0) : (i32) -> i32
// CHECK-NEXT:   %1 = arith.extsi %0 : i32 to i64
// CHECK-NEXT:   %2:2 = call @decl_named(%0, %1) : (i32, i64) -> (i32, i64)
// CHECK-NEXT:   call @noargs() : () -> ()
// CHECK-NEXT:   %3:2 = call @calls(%2#0) : (i32) -> (i32, i64)
// CHECK-NEXT:   return %3#0, %2#1 : i32, i64
// CHECK-NEXT: }
func.func @calls(%a: i32) -> (i32, i64) {
  %0 = call @decl(%a) : (i32) -> i32
  %e = arith.extsi %0 : i32 to i64
  %1:2 = func.call @decl_named(%0, %e) : (i32, i64) -> (i32, i64)
  call @noargs() : () -> ()
  %2:2 = call @calls(%1#0) : (i32) -> (i32, i64)
  return %2#0, %1#1 : i32, i64
}

// CHECK-LABEL: func.func @fn_value(%arg0: (i32) -> i32, %arg1: () -> ()) -> ((f32) -> f32) {
// CHECK-NEXT:   %0 = call @takes_fn(%arg0, %arg1) : ((i32) -> i32, () -> ()) -> ((f32) -> f32)
// CHECK-NEXT:   return %0 : (f32) -> f32
// CHECK-NEXT: }
func.func @fn_value(%f: (i32) -> i32, %h: () -> ()) -> ((f32) -> f32) {
  %g = call @takes_fn(%f, %h) : ((i32) -> i32, () -> ()) -> ((f32) -> f32)
  return %g : (f32) -> f32
}

// CHECK-LABEL: func.func @multi_block(%arg0: i1) -> i32 {
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   return %c1_i32 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:   return %c2_i32 : i32
// CHECK-NEXT: }
func.func @multi_block(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.constant 1 : i32
  return %0 : i32
^bb2:
  %1 = arith.constant 2 : i32
  func.return %1 : i32
}
