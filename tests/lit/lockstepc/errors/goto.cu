// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}goto.cu:7:3: error: unsupported: goto
// CHECK-NEXT: {{^}}  goto out;
// CHECK-NEXT: {{^}}  ^
// (the snippet line and a caret under column 3)
int main() {
  goto out;
out:
  return 0;
}
