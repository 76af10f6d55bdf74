// --device-ptx takes the original kernels by name, so no kernel fusion may
// run with it: -O3 (whose host list has kfcm) drops the pass and launches
// both original kernels from the given PTX; naming kfcm or kf-trad
// explicitly is an error, exit status 1. Without --device-ptx, -O3 fuses the
// two launches into one and prints the same.
// RUN: lockstepc %s -O0 --emit=ptx -o %t.ptx
// RUN: lockstep-run %s -O3 --device-ptx %t.ptx --stats-json %t.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=TWO < %t.json
// RUN: lockstep-run %s -O3 --stats-json %t.fused.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=ONE < %t.fused.json
// RUN: not lockstep-run %s -O3 --host-passes=canonicalize,kfcm --device-ptx %t.ptx 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: not lockstep-run %s -O1 --host-passes=kf-trad --device-ptx %t.ptx 2>&1 | FileCheck %s --check-prefix=NAMED-TRAD

// CHECK: sum 1488
// TWO: "launches": 2,
// ONE: "launches": 1,
// NAMED: lockstep-run: error: pass 'kfcm' creates, renames or removes kernels, so it cannot run with --device-ptx, which takes the original kernels
// NAMED-TRAD: lockstep-run: error: pass 'kf-trad' creates, renames or removes kernels
#include <cstdio>

__global__ void fill(int *p) { p[threadIdx.x] = threadIdx.x; }
__global__ void triple(int *p) { p[threadIdx.x] = p[threadIdx.x] * 3; }

int main() {
  int *d;
  int h[32];
  cudaMalloc((void **)&d, sizeof(h));
  fill<<<1, 32>>>(d);
  triple<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  int sum = 0;
  for (int i = 0; i < 32; i++)
    sum += h[i];
  printf("sum %d\n", sum);
  return 0;
}
