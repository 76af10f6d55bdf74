// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}recursion.cu:6:42: error: unsupported: recursion in device code ('f' calls 'f')
// CHECK-NEXT: {{^}}__device__ int f(int x) { return x > 0 ? f(x - 1) : 0; }
// CHECK-NEXT: {{^}}                                         ^
// (the snippet line and a caret under column 40)
__device__ int f(int x) { return x > 0 ? f(x - 1) : 0; }
__global__ void k(int *a) { a[0] = f(3); }
int main() { return 0; }
