// Deep nesting ends in a diagnostic, not a stack overflow.
// RUN: python3 -c "print('int main() { return ' + '(' * 100000 + '1' + ')' * 100000 + '; }')" > %t.cu
// RUN: not lockstepc %t.cu 2>&1 | FileCheck %s
// CHECK: error: nesting too deep: more than 200 levels of brackets
// RUN: python3 -c "print('int main() { int x = 1; return x' + ' + x' * 50000 + '; }')" > %t2.cu
// RUN: lockstepc %t2.cu -O1 | FileCheck %s --check-prefix=LONG
// LONG: func.func @main
