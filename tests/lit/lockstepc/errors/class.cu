// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}class.cu:6:1: error: unsupported: class
// CHECK-NEXT: {{^}}class C {};
// CHECK-NEXT: {{^}}^
// (the snippet line and a caret under column 1)
class C {};
int main() { return 0; }
