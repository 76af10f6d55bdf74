// slides_divergent.cu — the "divergent CFG" kernel from Pereira's slides.
//
// Shows: the smallest data-dependent divergent branch. Threads whose element
// is negative halve it, the others zero it; signs alternate in irregular
// runs, so most warps take both sides. Halving and zeroing are exact, so the
// host compares bit for bit.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 512
#define BLOCK 64

__global__ void ex(float *v) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (v[tid] < 0.0f) {
    v[tid] /= 2;
  } else {
    v[tid] = 0.0f;
  }
}

int main() {
  float *hv = (float *)malloc(N * sizeof(float));
  float *orig = (float *)malloc(N * sizeof(float));
  unsigned seed = 17u;
  int negatives = 0;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    int r = (int)((seed >> 16) % 201u) - 100;
    hv[i] = (float)r;
    orig[i] = hv[i];
    if (r < 0) {
      negatives++;
    }
  }

  float *dv;
  cudaMalloc((void **)&dv, N * sizeof(float));
  cudaMemcpy(dv, hv, N * sizeof(float), cudaMemcpyHostToDevice);
  ex<<<N / BLOCK, BLOCK>>>(dv);
  cudaDeviceSynchronize();
  cudaMemcpy(hv, dv, N * sizeof(float), cudaMemcpyDeviceToHost);

  int errors = 0;
  double checksum = 0.0;
  for (int i = 0; i < N; i++) {
    float expected = orig[i] < 0.0f ? orig[i] / 2 : 0.0f;
    if (hv[i] != expected) {
      errors++;
    }
    checksum += hv[i];
  }
  printf("slides_divergent: n=%d negatives=%d checksum=%.1f errors=%d\n", N, negatives, checksum,
         errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dv);
  free(hv);
  free(orig);
  return 0;
}
