// histogram.cu — histogram with atomics on shared and global memory.
//
// Shows: per-block bins in `__shared__` memory cleared cooperatively,
// `atomicAdd` on shared bins from a grid-stride loop, then one global
// `atomicAdd` per non-empty bin to merge the blocks, plus `atomicMax` on a
// global word for the largest key seen. Many threads hit the same few bins
// (the input is skewed), so the atomics really contend. The result does not
// depend on the order the atomics happen in.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 8192
#define NBINS 64
#define BLOCKS 8
#define THREADS 128

__global__ void histogram(const unsigned *keys, int n, unsigned *bins, unsigned *max_key) {
  __shared__ unsigned sbins[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) {
    sbins[b] = 0;
  }
  __syncthreads();

  unsigned local_max = 0;
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    unsigned key = keys[i];
    atomicAdd(&sbins[key], 1u);
    local_max = key > local_max ? key : local_max;
  }
  atomicMax(max_key, local_max);
  __syncthreads();

  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) {
    if (sbins[b] != 0) {
      atomicAdd(&bins[b], sbins[b]);
    }
  }
}

int main() {
  unsigned *hkeys = (unsigned *)malloc(N * sizeof(unsigned));
  unsigned *hbins = (unsigned *)malloc(NBINS * sizeof(unsigned));
  unsigned *expected = (unsigned *)malloc(NBINS * sizeof(unsigned));
  for (int b = 0; b < NBINS; b++) {
    hbins[b] = 0;
    expected[b] = 0;
  }
  unsigned seed = 99u;
  unsigned expected_max = 0;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    unsigned r = (seed >> 10) % (NBINS * NBINS);
    // Skewed: taking a product's high part favours low bins.
    unsigned key = (r / NBINS) * (r % NBINS) / NBINS;
    hkeys[i] = key;
    expected[key]++;
    if (key > expected_max) {
      expected_max = key;
    }
  }

  unsigned *dkeys;
  unsigned *dbins;
  unsigned *dmax;
  unsigned zero = 0;
  cudaMalloc((void **)&dkeys, N * sizeof(unsigned));
  cudaMalloc((void **)&dbins, NBINS * sizeof(unsigned));
  cudaMalloc((void **)&dmax, sizeof(unsigned));
  cudaMemcpy(dkeys, hkeys, N * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(dbins, hbins, NBINS * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(dmax, &zero, sizeof(unsigned), cudaMemcpyHostToDevice);

  histogram<<<BLOCKS, THREADS>>>(dkeys, N, dbins, dmax);
  cudaDeviceSynchronize();
  unsigned got_max = 0;
  cudaMemcpy(hbins, dbins, NBINS * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(&got_max, dmax, sizeof(unsigned), cudaMemcpyDeviceToHost);

  int errors = 0;
  unsigned total = 0;
  unsigned long long checksum = 0;
  for (int b = 0; b < NBINS; b++) {
    if (hbins[b] != expected[b]) {
      errors++;
    }
    total += hbins[b];
    checksum += (unsigned long long)hbins[b] * (unsigned long long)(b + 1);
  }
  if (got_max != expected_max) {
    errors++;
  }
  printf("histogram: n=%d bins=%d total=%u bin0=%u max_key=%u checksum=%llu errors=%d\n", N,
         NBINS, total, hbins[0], got_max, checksum, errors);
  printf("%s\n", errors == 0 && total == (unsigned)N ? "PASS" : "FAIL");

  cudaFree(dkeys);
  cudaFree(dbins);
  cudaFree(dmax);
  free(hkeys);
  free(hbins);
  free(expected);
  return 0;
}
