// Scalar locals are SSA values even at -O0: a loop counter is a block
// argument of the loop header, never an alloca; the output re-parses.
// RUN: lockstepc %s | FileCheck %s
// RUN: lockstepc %s | lockstep-opt | FileCheck %s
// RUN: lockstepc %s -O1 | lockstep-opt > /dev/null

// CHECK-LABEL: func.func @sum(%arg0: i32) -> i32
// CHECK-NOT: alloca
// CHECK: cf.br ^bb1(%{{.*}}, %{{.*}} : i32, i32)
// CHECK: ^bb1(%[[I:.*]]: i32, %[[S:.*]]: i32):
// CHECK: arith.cmpi slt, %[[I]], %arg0 : i32
// CHECK: arith.addi %[[S]], %[[I]] : i32
// CHECK: return
int sum(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += i;
  return s;
}

// An address-taken local lives in memory.
// CHECK-LABEL: func.func @main() -> i32
// CHECK: host.alloca 4 align 4 : !host.ptr
int main() {
  int x = 3;
  int *p = &x;
  *p = sum(4);
  return x;
}
