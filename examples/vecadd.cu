// vecadd.cu — element-wise vector add with a bounds check.
//
// Shows: the canonical `i = blockIdx.x * blockDim.x + threadIdx.x` index and
// an `if (i < n)` guard; n is not a multiple of the block size, so the last
// block has idle threads. The output buffer has a guard zone after element n
// that must stay untouched. Values are small integers stored as floats, so
// the sums are exact and the checksum is the same on every compiler. The
// kernel is `extern "C"` (unmangled name) with `__restrict__` pointers.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 1000
#define GUARD 64
#define BLOCK 128

extern "C" __global__ void vecadd(const float *__restrict__ a, const float *__restrict__ b,
                                  float *__restrict__ c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i] = a[i] + b[i];
  }
}

int main() {
  int total = N + GUARD;
  size_t bytes = N * sizeof(float);
  size_t total_bytes = total * sizeof(float);
  float *ha = (float *)malloc(bytes);
  float *hb = (float *)malloc(bytes);
  float *hc = (float *)malloc(total_bytes);
  unsigned seed = 12345u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    ha[i] = (float)((int)(seed >> 16) % 1000);
    seed = seed * 1664525u + 1013904223u;
    hb[i] = (float)((int)(seed >> 16) % 1000 - 500);
  }
  for (int i = 0; i < total; i++) {
    hc[i] = -1.0f;
  }

  float *da;
  float *db;
  float *dc;
  cudaMalloc((void **)&da, bytes);
  cudaMalloc((void **)&db, bytes);
  cudaMalloc((void **)&dc, total_bytes);
  cudaMemcpy(da, ha, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(db, hb, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, hc, total_bytes, cudaMemcpyHostToDevice);

  int blocks = (N + BLOCK - 1) / BLOCK;
  vecadd<<<blocks, BLOCK>>>(da, db, dc, N);
  cudaDeviceSynchronize();
  cudaMemcpy(hc, dc, total_bytes, cudaMemcpyDeviceToHost);

  int errors = 0;
  double checksum = 0.0;
  for (int i = 0; i < N; i++) {
    if (hc[i] != ha[i] + hb[i]) {
      errors++;
    }
    checksum += hc[i];
  }
  for (int i = N; i < total; i++) {
    if (hc[i] != -1.0f) {
      errors++;
    }
  }
  printf("vecadd: n=%d blocks=%d checksum=%.1f errors=%d\n", N, blocks, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  free(ha);
  free(hb);
  free(hc);
  return 0;
}
