// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}pointer-types.cu:9:5: error: type error: incompatible pointer types assigning to 'int *' from 'float *'
// CHECK-NEXT: {{^}}  p = f;
// CHECK-NEXT: {{^}}    ^
// (the snippet line and a caret under column 5)
int main() {
  float *f = (float *)malloc(16);
  int *p = (int *)malloc(16);
  p = f;
  return 0;
}
