// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}kernel-return.cu:6:16: error: kernel function 'k' must have void return type
// CHECK-NEXT: {{^}}__global__ int k(int *a) { return 1; }
// CHECK-NEXT: {{^}}               ^
// (the snippet line and a caret under column 16)
__global__ int k(int *a) { return 1; }
int main() { return 0; }
