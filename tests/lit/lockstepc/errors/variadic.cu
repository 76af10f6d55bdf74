// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}variadic.cu:6:14: error: unsupported: variadic function
// CHECK-NEXT: {{^}}int f(int n, ...) { return n; }
// CHECK-NEXT: {{^}}             ^
// (the snippet line and a caret under column 14)
int f(int n, ...) { return n; }
int main() { return 0; }
