// && and || evaluate their right operand only when needed: a conditional
// branch on the left operand, a join block argument for the result. The
// branch is located at its condition.
// RUN: lockstepc %s --print-debuginfo | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK: %[[C:.*]] = arith.cmpi sgt, %arg0
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: cf.cond_br %[[C]], ^bb1, ^bb2(%[[FALSE]] : i1) loc(#[[LOC:loc[0-9]*]])
// CHECK: ^bb1:
// CHECK: call @g(%arg0)
// CHECK: ^bb2(%{{.*}}: i1
// CHECK: #[[LOC]] = loc("{{.*}}short-circuit.cu":17:7)
int g(int x) { return x * 2; }
int f(int a) {
  int r = 0;
  if ((a > 0) && g(a) > 4)
    r = 1;
  return r;
}
