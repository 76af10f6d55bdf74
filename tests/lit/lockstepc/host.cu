// Host code: malloc/cudaMalloc, memcpy kinds, launches with dim3 and
// integer configurations, printf argument promotion.
// RUN: lockstepc %s | FileCheck %s
// RUN: lockstepc %s | lockstep-opt > /dev/null
#include <cstdio>
#include <cuda_runtime.h>
#define N 64

__global__ void k(float *a, int n) {}

// CHECK-LABEL: func.func @main() -> i32
int main() {
  // CHECK: host.alloc %{{.*}} : !host.ptr
  float *h = (float *)malloc(N * sizeof(float));
  float *d;
  // CHECK: %[[D:.*]] = host.device_alloc %{{.*}} : !device.ptr<global>
  cudaMalloc((void **)&d, N * sizeof(float));
  // CHECK: host.memcpy host_to_device %[[D]], %{{.*}}, %{{.*}} : !device.ptr<global>, !host.ptr
  cudaMemcpy(d, h, N * sizeof(float), cudaMemcpyHostToDevice);
  dim3 grid(2, 3);
  // CHECK: host.launch @kernels::@k blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) : i32 dynamic_shared_memory_size %{{.*}} args(%[[D]] : !device.ptr<global>, %{{.*}} : i32)
  k<<<grid, 32, 128>>>(d, N);
  // CHECK: host.synchronize
  cudaDeviceSynchronize();
  // CHECK: host.memcpy device_to_host
  cudaMemcpy(h, d, N * sizeof(float), cudaMemcpyDeviceToHost);
  // CHECK: arith.extf %{{.*}} : f32 to f64
  // CHECK: host.printf "h[0] = %f, n = %d, done\0A", %{{.*}}, %{{.*}} : f64, i32
  printf("h[0] = %f, n = %d, %s\n", h[0], N, "done");
  // CHECK: host.device_free
  cudaFree(d);
  // CHECK: host.free
  free(h);
  return 0;
}
