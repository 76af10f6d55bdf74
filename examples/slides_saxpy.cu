// slides_saxpy.cu — SAXPY from Pereira's slides ("the thread id is always
// divergent").
//
// Shows: `y = alpha * x + y` under an `if (i < n)` guard. `i` derives from
// threadIdx.x, so it and the guard are divergent; `alpha` and `n` are
// kernel parameters and stay uniform. Inputs are small integers and alpha
// is 2, so the result is exact with or without fused multiply-add.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 777
#define BLOCK 256

__global__ void saxpy(int n, float alpha, float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = alpha * x[i] + y[i];
}

int main() {
  float *hx = (float *)malloc(N * sizeof(float));
  float *hy = (float *)malloc(N * sizeof(float));
  float *expected = (float *)malloc(N * sizeof(float));
  float alpha = 2.0f;
  for (int i = 0; i < N; i++) {
    hx[i] = (float)(i % 50 - 25);
    hy[i] = (float)(i % 13);
    expected[i] = alpha * hx[i] + hy[i];
  }
  float *dx;
  float *dy;
  cudaMalloc((void **)&dx, N * sizeof(float));
  cudaMalloc((void **)&dy, N * sizeof(float));
  cudaMemcpy(dx, hx, N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, hy, N * sizeof(float), cudaMemcpyHostToDevice);
  saxpy<<<(N + BLOCK - 1) / BLOCK, BLOCK>>>(N, alpha, dx, dy);
  cudaDeviceSynchronize();
  cudaMemcpy(hy, dy, N * sizeof(float), cudaMemcpyDeviceToHost);

  int errors = 0;
  double checksum = 0.0;
  for (int i = 0; i < N; i++) {
    if (hy[i] != expected[i]) {
      errors++;
    }
    checksum += hy[i] * (double)(i % 3 + 1);
  }
  printf("slides_saxpy: n=%d alpha=%.1f checksum=%.1f errors=%d\n", N, alpha, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");
  cudaFree(dx);
  cudaFree(dy);
  free(hx);
  free(hy);
  free(expected);
  return 0;
}
