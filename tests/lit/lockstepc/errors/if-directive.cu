// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}if-directive.cu:6:1: error: unsupported: preprocessor directive '#ifdef'
// CHECK-NEXT: {{^}}#ifdef DEBUG
// CHECK-NEXT: {{^}}^
// (the snippet line and a caret under column 1)
#ifdef DEBUG
#endif
int main() { return 0; }
