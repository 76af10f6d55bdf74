// RUN: not lockstepc %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unbalanced-braces.cu:10:1: error: expected {{.*}}found end of file
// (the snippet is the empty last line)
// CHECK: {{^}}^
// (the snippet line and a caret under column 1)
int main() {
  if (1) {
    return 0;
}
