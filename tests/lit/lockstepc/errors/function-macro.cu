// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}function-macro.cu:6:1: error: unsupported: function-like macro 'SQ'
// CHECK-NEXT: {{^}}#define SQ(x) ((x) * (x))
// CHECK-NEXT: {{^}}^
// (the snippet line and a caret under column 1)
#define SQ(x) ((x) * (x))
int main() { return SQ(2); }
