// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}switch.cu:8:3: error: unsupported: switch statement
// CHECK-NEXT: {{^}}  switch (x) { default: break; }
// CHECK-NEXT: {{^}}  ^
// (the snippet line and a caret under column 3)
int main() {
  int x = 1;
  switch (x) { default: break; }
  return 0;
}
