// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}builtin-arg-count.cu:7:3: error: too few arguments to function call 'atomicAdd', expected 2, have 1
// CHECK-NEXT: {{^}}  atomicAdd(a);
// CHECK-NEXT: {{^}}  ^
// (the snippet line and a caret under column 3)
__global__ void k(int *a) {
  atomicAdd(a);
}
int main() { return 0; }
