// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}struct.cu:6:1: error: unsupported: struct
// CHECK-NEXT: {{^}}struct P { int x; };
// CHECK-NEXT: {{^}}^
// (the snippet line and a caret under column 1)
struct P { int x; };
int main() { return 0; }
