// speculate-loads=true lets ssrqp hoist a load out of a divergent branch
// without proof that the address is dereferenceable; here every thread's
// a[i] is in bounds, so the program must run on the simulator with no fault
// and print what it prints without code motion. Without the opt-in the load
// stays behind its branch.
// RUN: lockstepc %s -O1 '--device-passes=canonicalize,cse,ssrqp{speculate-loads=true},canonicalize,cse' --remarks=code-motion -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: speculate-loads.cu:[[@LINE+18]]:10: remark: [code-motion] ssrqp: 'device.load' hoisted to the end of ^bb0 from ^bb1; 1 occurrence moved in kernel @pick; speculative across the divergent branch at {{.*}}speculate-loads.cu:[[@LINE+17]]:7
// RUN: lockstepc %s -O1 '--device-passes=canonicalize,cse,ssrqp,canonicalize,cse' --remarks=code-motion -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=SAFE
// SAFE-NOT: speculative across
// RUN: lockstep-run %s -O1 '--device-passes=canonicalize,cse,ssrqp{speculate-loads=true},canonicalize,cse' --stats-json %t.spec.json | FileCheck %s --check-prefix=OUT
// RUN: lockstep-run %s -O1 --stats-json %t.base.json | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=SPECSTATS < %t.spec.json
// RUN: FileCheck %s --check-prefix=BASESTATS < %t.base.json
// OUT: sum 408128 errors 0
// Each warp loads a[i] once, before the first branch, instead of once
// behind each of the two divergent branches.
// SPECSTATS: "totals": {"launches": 1, "inst_executed": 192,
// BASESTATS: "totals": {"launches": 1, "inst_executed": 224,
#include <cstdio>

__global__ void pick(const int *a, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = 1;
  if (threadIdx.x & 1)
    v = a[i] * 3;
  if (threadIdx.x & 2)
    v = v + a[i];
  out[i] = v;
}
int main() {
  const int n = 256;
  int h[n], r[n];
  for (int i = 0; i < n; i++)
    h[i] = i * 7 - 100;
  int *a, *out;
  cudaMalloc((void **)&a, sizeof(h));
  cudaMalloc((void **)&out, sizeof(r));
  cudaMemcpy(a, h, sizeof(h), cudaMemcpyHostToDevice);
  pick<<<n / 64, 64>>>(a, out);
  cudaMemcpy(r, out, sizeof(r), cudaMemcpyDeviceToHost);
  int errors = 0;
  long long sum = 0;
  for (int i = 0; i < n; i++) {
    int v = 1;
    if (i & 1)
      v = h[i] * 3;
    if (i & 2)
      v = v + h[i];
    errors += r[i] != v;
    sum += r[i];
  }
  printf("sum %lld errors %d\n", sum, errors);
  return errors != 0;
}
