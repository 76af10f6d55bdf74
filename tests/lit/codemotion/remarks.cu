// --remarks=code-motion through lockstepc: the remark is located at the
// CUDA source line of the expression, and the divergent branch that
// allowed the speculation at the line of its `if`.
// RUN: lockstepc %s -O1 --device-passes=canonicalize,cse,sscm --remarks=code-motion -o /dev/null 2>&1 | FileCheck %s
// RUN: lockstepc %s -O1 --device-passes=canonicalize,cse,sscm 2>&1 | FileCheck %s --check-prefix=NONE

// NONE-NOT: remark
// NONE: device.kernel @scale
// NONE-NOT: remark

// `a * b` is computed under two thread-dependent branches; sscm computes it
// once before the first one. It is speculative on the path that takes
// neither branch, and the second `if` is the branch whose other side never
// computed it. (The first `if` needs no union: both of its sides reach a
// computation once the second branch is taken into account.)
// CHECK: remarks.cu:[[@LINE+8]]:16: remark: [code-motion] sscm: 'arith.muli' computed at the end of ^bb0; 2 redundant computations replaced in kernel @scale; speculative across the divergent branch at {{[^ ]*}}remarks.cu:[[@LINE+10]]:7 (end of ^bb2){{$}}
// CHECK-NEXT: out[t] = a * b;
// CHECK: remarks.cu:[[@LINE+6]]:8: remark: [code-motion] sscm: 'device.ptradd' computed at the end of ^bb0; 2 redundant computations replaced in kernel @scale; speculative across the divergent branch at {{[^ ]*}}remarks.cu:[[@LINE+8]]:7 (end of ^bb2){{$}}
// CHECK-NOT: remark
__global__ void scale(int *out, int a, int b) {
  int t = threadIdx.x;
  if (t < 16) {
    // The address `out + t` moves with it (its own remarks).
    out[t] = a * b;
  }
  if (t > 20) {
    out[t] = a * b + 1;
  }
}

// The same on a kernel parameter: the branches are uniform, so sscm does
// not speculate and says nothing.
__global__ void uniform(int *out, int a, int b, int n) {
  if (n < 16) {
    out[0] = a * b;
  }
  if (n > 20) {
    out[1] = a * b + 1;
  }
}
