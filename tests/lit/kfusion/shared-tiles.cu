// Kernels with their own `__shared__` tiles and barriers, fused three
// deep. @rev's tile is used by two parts of @fused_rev_rot_rev, so the
// third part gets its own copy of it; the intermediate @fused_rev_rot,
// fused again, is dropped. Every dependence on %a and %b is thread-local,
// so no seam barrier is added and the kernels' own barriers stay. The
// program prints the same without fusion (-O0) and with it (-O2), with a
// third of the launches.
// RUN: lockstepc %s -O2 --remarks=kfcm 2>&1 | FileCheck %s
// RUN: lockstep-run %s -O0 --stats-json %t.none.json | FileCheck %s --check-prefix=OUT
// RUN: lockstep-run %s -O2 --stats-json %t.kfcm.json | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=NINE < %t.none.json
// RUN: FileCheck %s --check-prefix=THREE < %t.kfcm.json

// CHECK: remark: [kfcm] fused @rev (line {{[0-9]+}}:5) and @rot (line {{[0-9]+}}:5) into @fused_rev_rot (every dependence is thread-local)
// CHECK: remark: [kfcm] fused @fused_rev_rot (line {{[0-9]+}}:5) and @rev (line {{[0-9]+}}:5) into @fused_rev_rot_rev (every dependence is thread-local)
// CHECK-DAG: device.shared @rev_tile[256] align 4
// CHECK-DAG: device.shared @rev_tile_fused_rev_rot_rev[256] align 4 {kfusion.copy}
// CHECK-NOT: device.kernel @fused_rev_rot(
// CHECK: device.kernel @fused_rev_rot_rev(
// CHECK-COUNT-3: device.barrier
// CHECK-NOT: device.barrier
// CHECK: device.return
// OUT: -8887590938186015738
// NINE: "totals": {"launches": 9,
// THREE: "totals": {"launches": 3,

#include <cstdio>
__global__ void rev(int *a, int n) {
  __shared__ int tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = a[i];
  __syncthreads();
  a[i] = tile[blockDim.x - 1 - threadIdx.x] + 1;
}
__global__ void rot(int *a, int *b, int n) {
  __shared__ int tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = a[i] * 2;
  __syncthreads();
  b[i] = tile[(threadIdx.x + 1) % blockDim.x];
}
int main() {
  int n = 256; int h[256];
  for (int i = 0; i < n; i++) h[i] = i * 7 % 31;
  int *a, *b;
  cudaMalloc((void **)&a, n * sizeof(int)); cudaMalloc((void **)&b, n * sizeof(int));
  cudaMemcpy(a, h, n * sizeof(int), cudaMemcpyHostToDevice);
  for (int r = 0; r < 3; r++) {
    rev<<<n / 64, 64>>>(a, n);
    rot<<<n / 64, 64>>>(a, b, n);
    rev<<<n / 64, 64>>>(b, n);
  }
  cudaMemcpy(h, b, n * sizeof(int), cudaMemcpyDeviceToHost);
  long s = 0; for (int i = 0; i < n; i++) s = s * 31 + h[i];
  printf("%ld\n", s);
  return 0;
}
