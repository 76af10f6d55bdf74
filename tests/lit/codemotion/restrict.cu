// `__restrict__` from the CUDA source reaches code motion: the front end
// marks restrict pointer parameters `device.restrict`, and alias analysis
// then knows a store through one argument cannot overwrite what another
// points to. So lcm moves the loop-invariant load `a[0]` out of a loop that
// stores through `b` when the parameters are restrict, and leaves it in the
// loop otherwise. (A do-while body runs at least once, so the load is
// down-safe before the loop and lcm may place it there.)
// RUN: lockstepc %s -O1 --device-passes=canonicalize,cse,lcm | FileCheck %s
// RUN: lockstepc %s -O1 --device-passes=canonicalize,cse | FileCheck %s --check-prefix=NOLCM

// Both parameters restrict: the load is computed once, before the loop.
// CHECK-LABEL: device.kernel @both(
// CHECK-SAME: %arg0: !device.ptr<global> {device.restrict}
// CHECK: %[[V:[0-9]+]] = device.load %arg0 : !device.ptr<global> -> i32
// CHECK-NEXT: cf.br ^bb1
// CHECK: ^bb1(%[[I:[0-9]+]]: i32):
// CHECK-NOT: device.load
// CHECK: arith.addi %[[V]], %[[I]] : i32
// CHECK-NOT: device.load
// CHECK: device.return
// Before lcm the load is in the loop body (lcm is what moves it).
// NOLCM-LABEL: device.kernel @both(
// NOLCM: ^bb1(
// NOLCM: device.load %arg0
// NOLCM: device.return
__global__ void both(const int *__restrict__ a, int *__restrict__ b, int n) {
  int i = 0;
  do {
    b[i] = a[0] + i;
    i++;
  } while (i < n);
}

// One restrict parameter is enough: the other cannot point into it.
// CHECK-LABEL: device.kernel @one(
// CHECK: device.load %arg0
// CHECK-NEXT: cf.br ^bb1
// CHECK: ^bb1(
// CHECK-NOT: device.load
// CHECK: device.return
__global__ void one(const int *a, int *__restrict__ b, int n) {
  int i = 0;
  do {
    b[i] = a[0] + i;
    i++;
  } while (i < n);
}

// Without restrict, `b[i]` may be `a[0]`: the store kills the load's
// availability on the back edge, so the load stays in the loop.
// CHECK-LABEL: device.kernel @plain(
// CHECK-NOT: device.load
// CHECK: ^bb1(
// CHECK: device.load %arg0 : !device.ptr<global> -> i32
// CHECK: device.store
// CHECK: cf.cond_br
// CHECK: device.return
__global__ void plain(const int *a, int *b, int n) {
  int i = 0;
  do {
    b[i] = a[0] + i;
    i++;
  } while (i < n);
}

// Restrict on an inner pointer level only (`a` points to restrict
// pointers): the parameters themselves may alias, the load stays.
// CHECK-LABEL: device.kernel @inner(
// CHECK-NOT: device.load
// CHECK: ^bb1(
// CHECK: device.load %arg0 : !device.ptr<global> -> !device.ptr<global>
// CHECK: device.store
// CHECK: device.return
__global__ void inner(int *__restrict__ *a, int **b, int n) {
  int i = 0;
  do {
    b[i] = a[0];
    i++;
  } while (i < n);
}
