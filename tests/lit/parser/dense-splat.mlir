// Parser, dense elements written as lists: all-equal elements (ints, bools,
// floats, nested) are stored and printed as a splat, as mlir-opt does; no
// elements print `dense<>` whatever the shape. Expected text is mlir-opt 22's.
// RUN: lockstep-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect | lockstep-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "test.op"() {a = dense<1> : tensor<2xi32>
// CHECK-SAME: b = dense<true> : tensor<2xi1>
// CHECK-SAME: c = dense<> : tensor<0xi32>
// CHECK-SAME: d = dense<> : tensor<0xi32>
// CHECK-SAME: e = dense<1.000000e+00> : tensor<1x2xf32>
// CHECK-SAME: f = dense<1> : tensor<1x1xi32>
// CHECK-SAME: g = dense<> : tensor<1x0xi32>
// CHECK-SAME: h = dense<[1, 2]> : tensor<2xi32>
// CHECK-SAME: i = dense<[true, false]> : vector<2xi1>
// CHECK-SAME: j = dense<-7> : vector<2x2xi8>
"test.op"() {a = dense<[1, 1]> : tensor<2xi32>, b = dense<[true, true]> : tensor<2xi1>, c = dense<> : tensor<0xi32>, d = dense<[]> : tensor<0xi32>, e = dense<[[1.0, 1.0]]> : tensor<1x2xf32>, f = dense<[[1]]> : tensor<1x1xi32>, g = dense<[[]]> : tensor<1x0xi32>, h = dense<[1, 2]> : tensor<2xi32>, i = dense<[true, false]> : vector<2xi1>, j = dense<[[-7, -7], [-7, -7]]> : vector<2x2xi8>} : () -> ()
