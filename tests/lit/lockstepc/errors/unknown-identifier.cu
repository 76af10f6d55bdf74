// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unknown-identifier.cu:8:14: error: use of undeclared identifier 'yy'
// CHECK-NEXT: {{^}}  return x + yy;
// CHECK-NEXT: {{^}}             ^
// (the snippet line and a caret under column 14)
int main() {
  int x = 1;
  return x + yy;
}
