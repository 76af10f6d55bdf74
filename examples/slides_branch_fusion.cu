// slides_branch_fusion.cu — the branch-fusion example from Pereira's slides.
//
// Shows: a divergent `if/else` whose two sides share a long common
// instruction sequence (load v[tid], x*x, multiply by c1, a division, x*c2,
// an add, the store) — the input of branch fusion / control-flow melding by
// sequence alignment. Which side a thread takes depends on u[tid], which is
// zero for an irregular subset of threads. All values are chosen so every
// intermediate is exact in float (x and the constants are small integers, y
// a power of two), so fused multiply-add cannot change the result.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 512
#define BLOCK 128

__global__ void exampleKernel(float *u, float *v, float c1, float c2) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float y = u[tid];
  if (y != 0.0f) {
    float x = v[tid];
    v[tid] = c1 * x * x * x / y * y + c2 * x;
  } else {
    float x = v[tid];
    v[tid] = c1 * x * x / 2.0f + c2 * x * x;
  }
}

int main() {
  float *hu = (float *)malloc(N * sizeof(float));
  float *hv = (float *)malloc(N * sizeof(float));
  float *expected = (float *)malloc(N * sizeof(float));
  float c1 = 3.0f;
  float c2 = -2.0f;
  unsigned seed = 808u;
  int zeros = 0;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    unsigned r = seed >> 16;
    // y in {0, 1, 2, 4, 8}; x in -8..8.
    int e = (int)(r % 5u);
    hu[i] = e == 0 ? 0.0f : (float)(1 << (e - 1));
    hv[i] = (float)((int)((r / 5u) % 17u) - 8);
    if (e == 0) {
      zeros++;
    }
    float y = hu[i];
    float x = hv[i];
    if (y != 0.0f) {
      expected[i] = c1 * x * x * x / y * y + c2 * x;
    } else {
      expected[i] = c1 * x * x / 2.0f + c2 * x * x;
    }
  }

  float *du;
  float *dv;
  cudaMalloc((void **)&du, N * sizeof(float));
  cudaMalloc((void **)&dv, N * sizeof(float));
  cudaMemcpy(du, hu, N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dv, hv, N * sizeof(float), cudaMemcpyHostToDevice);
  exampleKernel<<<N / BLOCK, BLOCK>>>(du, dv, c1, c2);
  cudaDeviceSynchronize();
  cudaMemcpy(hv, dv, N * sizeof(float), cudaMemcpyDeviceToHost);

  int errors = 0;
  double checksum = 0.0;
  for (int i = 0; i < N; i++) {
    if (hv[i] != expected[i]) {
      errors++;
    }
    checksum += hv[i];
  }
  printf("slides_branch_fusion: n=%d else_side=%d checksum=%.1f errors=%d\n", N, zeros, checksum,
         errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");
  cudaFree(du);
  cudaFree(dv);
  free(hu);
  free(hv);
  free(expected);
  return 0;
}
