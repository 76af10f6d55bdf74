func.func @f(%a: i32, %c: i1) {
  %k = arith.constant 7 : i32
  "test.use"(%k) : (i32) -> ()
  %k2 = arith.constant 7 : i32
  "test.use"(%k2) : (i32) -> ()
  %k8 = arith.constant 8 : i32
  "test.use"(%k8) : (i32) -> ()
  scf.if %c {
    %k3 = arith.constant 5 : i32
    "test.use"(%k3) : (i32) -> ()
    %k4 = arith.constant 7 : i32
    "test.use"(%k4) : (i32) -> ()
  }
  return
}

// canonicalize hoists and merges constants as MLIR's OperationFolder does,
// locations included: a constant merged into an equal one, or hoisted out of
// a nested block, loses its location; one moved to the front of its own
// block keeps it. The function comes first so that its line numbers are the
// ones in the CHECK lines, which are mlir-opt 22's output.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(func.func(canonicalize))' --mlir-print-debuginfo | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(canonicalize))' --mlir-print-debuginfo | FileCheck %s
// CHECK: #loc2 = loc("{{.*}}canonicalize-scf-locs.mlir":1:14)
// CHECK-NEXT: #loc3 = loc("{{.*}}canonicalize-scf-locs.mlir":1:23)
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: i32 loc("{{.*}}canonicalize-scf-locs.mlir":1:14), %arg1: i1 loc("{{.*}}canonicalize-scf-locs.mlir":1:23)) {
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32 loc(#loc4)
// CHECK-NEXT:     %c8_i32 = arith.constant 8 : i32 loc(#loc5)
// CHECK-NEXT:     %c7_i32 = arith.constant 7 : i32 loc(#loc4)
// CHECK-NEXT:     "test.use"(%c7_i32) : (i32) -> () loc(#loc6)
// CHECK-NEXT:     "test.use"(%c7_i32) : (i32) -> () loc(#loc7)
// CHECK-NEXT:     "test.use"(%c8_i32) : (i32) -> () loc(#loc8)
// CHECK-NEXT:     scf.if %arg1 {
// CHECK-NEXT:       "test.use"(%c5_i32) : (i32) -> () loc(#loc10)
// CHECK-NEXT:       "test.use"(%c7_i32) : (i32) -> () loc(#loc11)
// CHECK-NEXT:     } loc(#loc9)
// CHECK-NEXT:     return loc(#loc12)
// CHECK-NEXT:   } loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}canonicalize-scf-locs.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("{{.*}}canonicalize-scf-locs.mlir":1:1)
// CHECK-NEXT: #loc4 = loc(unknown)
// CHECK-NEXT: #loc5 = loc("{{.*}}canonicalize-scf-locs.mlir":6:9)
// CHECK-NEXT: #loc6 = loc("{{.*}}canonicalize-scf-locs.mlir":3:3)
// CHECK-NEXT: #loc7 = loc("{{.*}}canonicalize-scf-locs.mlir":5:3)
// CHECK-NEXT: #loc8 = loc("{{.*}}canonicalize-scf-locs.mlir":7:3)
// CHECK-NEXT: #loc9 = loc("{{.*}}canonicalize-scf-locs.mlir":8:3)
// CHECK-NEXT: #loc10 = loc("{{.*}}canonicalize-scf-locs.mlir":10:5)
// CHECK-NEXT: #loc11 = loc("{{.*}}canonicalize-scf-locs.mlir":12:5)
// CHECK-NEXT: #loc12 = loc("{{.*}}canonicalize-scf-locs.mlir":14:3)
// CHECK-EMPTY:
