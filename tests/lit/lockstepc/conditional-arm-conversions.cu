// Regression (found by the c_semantics differential test): the arms of
// `?:` get the usual arithmetic conversions even when their types are only
// known after lowering them (comma, unary minus of a comparison, ...);
// each arm converts at its own end. These used to be rejected with
// "incompatible operand types".
// RUN: lockstepc %s | FileCheck %s
// RUN: lockstepc -O1 %s | FileCheck %s --check-prefix=FOLD

#include <stdio.h>

// CHECK-LABEL: func.func @arms
double arms(int c, float x, unsigned u) {
  // CHECK: cf.cond_br
  // CHECK: arith.extf %arg1 : f32 to f64
  // CHECK-NEXT: cf.br ^[[JOIN:bb[0-9]+]](%{{.*}} : f64)
  // CHECK: arith.constant 2.000000e+00 : f64
  // CHECK: ^[[JOIN]](%{{.*}}: f64)
  return c ? (u, x) : (x, 2.0);
}

// FOLD-LABEL: func.func @main
int main() {
  // gcc prints 4294967295 and -1.
  // FOLD-DAG: %[[M1:.*]] = arith.constant -1 : i32
  // FOLD-DAG: %[[MF:.*]] = arith.constant -1.000000e+00 : f64
  // FOLD: host.printf "%u\0A", %[[M1]] : i32
  // FOLD: host.printf "%.17g\0A", %[[MF]] : f64
  printf("%u\n", 1 ? (0, -1) : (0, 1u));
  printf("%.17g\n", 0 ? (1, 0.5f) : -(3 > 2));
  return 0;
}
