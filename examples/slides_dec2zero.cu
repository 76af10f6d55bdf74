// slides_dec2zero.cu — "the kernels of Samuel": input-dependent divergence.
//
// Shows: `dec2zero` counts every element down to zero, one step per loop
// trip, so a warp runs as many trips as its largest element and the cost
// depends on how the values are spread over the lanes. The host runs it on
// the slides' five initializations (decreasing, constant, alternating,
// pseudo-random, half/half): their sums are nearly equal, their divergence
// is not. Each run must leave all zeros.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 1024
#define BLOCK 256
#define PATTERNS 5

__global__ void dec2zero(int *v, int n) {
  int xIndex = blockIdx.x * blockDim.x + threadIdx.x;
  if (xIndex < n) {
    while (v[xIndex] > 0) {
      v[xIndex]--;
    }
  }
}

// Fills `data` with initialization number `pattern` (0..4).
void init_pattern(int *data, int size, int pattern) {
  unsigned seed = 555u;
  for (int i = 0; i < size; i++) {
    if (pattern == 0) {
      data[i] = size - i - 1;
    } else if (pattern == 1) {
      data[i] = size / 2;
    } else if (pattern == 2) {
      data[i] = i % 2 ? size : 0;
    } else if (pattern == 3) {
      seed = seed * 1664525u + 1013904223u;
      data[i] = (int)((seed >> 16) % (unsigned)size);
    } else {
      data[i] = i < size / 2 ? 0 : size;
    }
  }
}

int main() {
  int *hv = (int *)malloc(N * sizeof(int));
  int *dv;
  cudaMalloc((void **)&dv, N * sizeof(int));
  int errors = 0;
  for (int p = 0; p < PATTERNS; p++) {
    init_pattern(hv, N, p);
    long long before = 0;
    for (int i = 0; i < N; i++) {
      before += hv[i];
    }
    cudaMemcpy(dv, hv, N * sizeof(int), cudaMemcpyHostToDevice);
    dec2zero<<<(N + BLOCK - 1) / BLOCK, BLOCK>>>(dv, N);
    cudaDeviceSynchronize();
    cudaMemcpy(hv, dv, N * sizeof(int), cudaMemcpyDeviceToHost);
    int nonzero = 0;
    for (int i = 0; i < N; i++) {
      if (hv[i] != 0) {
        nonzero++;
      }
    }
    errors += nonzero;
    printf("slides_dec2zero: pattern=%d sum_before=%lld nonzero_after=%d\n", p, before, nonzero);
  }
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");
  cudaFree(dv);
  free(hv);
  return 0;
}
