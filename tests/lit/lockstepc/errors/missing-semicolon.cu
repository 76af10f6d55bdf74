// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing-semicolon.cu:7:12: error: expected ';' before 'return'
// CHECK-NEXT: {{^}}  int x = 1
// CHECK-NEXT: {{^}}           ^
// (the snippet line and a caret under column 12)
int main() {
  int x = 1
  return x;
}
