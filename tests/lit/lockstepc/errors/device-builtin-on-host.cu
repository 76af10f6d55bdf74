// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-builtin-on-host.cu:7:10: error: 'threadIdx' is only available in device code
// CHECK-NEXT: {{^}}  return threadIdx.x;
// CHECK-NEXT: {{^}}         ^
// (the snippet line and a caret under column 10)
int main() {
  return threadIdx.x;
}
