// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}function-pointer.cu:8:7: error: unsupported: function pointer
// CHECK-NEXT: {{^}}  int (*g)(int) = f;
// CHECK-NEXT: {{^}}      ^
// (the snippet line and a caret under column 7)
int f(int x) { return x; }
int main() {
  int (*g)(int) = f;
  return 0;
}
