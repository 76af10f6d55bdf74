// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}template.cu:6:1: error: unsupported: template
// CHECK-NEXT: {{^}}template <int N> int f() { return N; }
// CHECK-NEXT: {{^}}^
// (the snippet line and a caret under column 1)
template <int N> int f() { return N; }
int main() { return 0; }
