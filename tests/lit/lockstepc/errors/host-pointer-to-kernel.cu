// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}host-pointer-to-kernel.cu:9:15: error: type error: kernel argument must be a device pointer, but this is a host pointer
// CHECK-NEXT: {{^}}  k<<<1, 1>>>(h);
// CHECK-NEXT: {{^}}              ^
// (the snippet line and a caret under column 15)
__global__ void k(float *a) {}
int main() {
  float *h = (float *)malloc(4);
  k<<<1, 1>>>(h);
  return 0;
}
