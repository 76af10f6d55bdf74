// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}launch-arg-count.cu:10:3: error: too few arguments to kernel launch 'k', expected 2, have 1
// CHECK-NEXT: {{^}}  k<<<1, 32>>>(d);
// CHECK-NEXT: {{^}}  ^
// (the snippet line and a caret under column 3)
__global__ void k(int *a, int n) {}
int main() {
  int *d;
  cudaMalloc(&d, 4);
  k<<<1, 32>>>(d);
  return 0;
}
