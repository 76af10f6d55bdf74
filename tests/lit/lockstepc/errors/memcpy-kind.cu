// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}memcpy-kind.cu:10:14: error: type error: destination of cudaMemcpyHostToDevice must be a device global pointer, but this is a host pointer
// CHECK-NEXT: {{^}}  cudaMemcpy(h, d, 4, cudaMemcpyHostToDevice);
// CHECK-NEXT: {{^}}             ^
// (the snippet line and a caret under column 14)
int main() {
  float *h = (float *)malloc(4);
  float *d;
  cudaMalloc(&d, 4);
  cudaMemcpy(h, d, 4, cudaMemcpyHostToDevice);
  return 0;
}
