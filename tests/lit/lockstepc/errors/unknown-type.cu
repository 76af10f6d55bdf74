// A vector type outside the subset reads as an unknown type name at its
// first token, not as a missing ';' after it.
// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unknown-type.cu:8:3: error: unknown type name 'float4'
// CHECK-NEXT: {{^}}  float4 v;
// CHECK-NEXT: {{^}}  ^
__global__ void k(float *a) {
  float4 v;
}
int main() { return 0; }
