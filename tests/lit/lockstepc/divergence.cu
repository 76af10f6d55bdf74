// --print-divergence: one line per conditional branch of device code, at
// the branch condition's location.
// RUN: lockstepc %s --print-divergence | FileCheck %s
// CHECK: divergence.cu:[[@LINE+4]]:7: k: divergent branch
// CHECK: divergence.cu:[[@LINE+5]]:7: k: uniform branch
__global__ void k(int *a, int n) {
  int i = threadIdx.x;
  if (i < n)
    a[i] = 0;
  if (n > 4)
    a[0] = 1;
}
