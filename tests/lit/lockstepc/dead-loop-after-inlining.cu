// `lockstepc -O1/-O2/-O3` used to hang on programs like this one (18 of
// 3,640 generated programs): once `fill` is inlined with n = 0, the
// inliner's canonicalize folds the guard, the loop becomes unreachable in
// the middle of an iteration, its header merges into its latch, and
// reassociating `i + 5` against the cycle `i = i + 1` went on forever. The
// greedy driver now leaves unreachable code alone; the dead loop goes and
// the live one stays. No warning: the rewrite converges.
// RUN: lockstepc -O1 %s 2>&1 | FileCheck %s --implicit-check-not=warning
// RUN: lockstepc -O2 %s 2>&1 | FileCheck %s --implicit-check-not=warning
// RUN: lockstepc -O3 %s 2>&1 | FileCheck %s --implicit-check-not=warning

__device__ void fill(int *out, int n) {
  if (n > 0) {
    for (int i = 0; i < 100; i++) {
      out[i + 5] = i;
    }
  }
}

// CHECK-LABEL: device.kernel @dead(
// CHECK-NEXT:    device.return
// CHECK-NEXT:  }
__global__ void dead(int *out) { fill(out, 0); }

// The same helper with a value known only at run time keeps its loop.
// CHECK-LABEL: device.kernel @live(
// CHECK-NOT:     device.kernel
// CHECK:         arith.cmpi sgt
// CHECK:         cf.cond_br
// CHECK:         arith.cmpi slt
// CHECK:         device.store
// CHECK:         device.return
__global__ void live(int *out, int n) { fill(out, n); }

int main() { return 0; }
