// reduction.cu — shared-memory tree reductions, static and dynamic.
//
// Shows: a static `__shared__` array, `__syncthreads()` in a loop whose
// stride halves each step (`if (tid < s)` is divergent, the barrier after it
// is not), and the same kernel written with `extern __shared__` memory sized
// by the third launch argument. The static version leaves per-block partial
// sums for the host; the dynamic version reduces its own partials with a
// second, single-block launch. Both must equal the host's sum.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 4000
#define BLOCK 256
#define FINAL_BLOCK 32

// One partial sum per block, in a fixed-size shared array.
__global__ void reduce_static(const int *in, int *partial, int n) {
  __shared__ int sdata[BLOCK];
  unsigned tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) {
    partial[blockIdx.x] = sdata[0];
  }
}

// The same tree over dynamically sized shared memory (blockDim.x ints,
// blockDim.x a power of two).
__global__ void reduce_dynamic(const int *in, int *partial, int n) {
  extern __shared__ int sdyn[];
  unsigned tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdyn[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdyn[tid] += sdyn[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) {
    partial[blockIdx.x] = sdyn[0];
  }
}

int main() {
  int blocks = (N + BLOCK - 1) / BLOCK;
  int *hin = (int *)malloc(N * sizeof(int));
  int *hpartial = (int *)malloc(blocks * sizeof(int));
  unsigned seed = 2024u;
  long long expected = 0;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    hin[i] = (int)((seed >> 8) % 2001u) - 1000;
    expected += hin[i];
  }

  int *din;
  int *dpartial;
  int *dtotal;
  cudaMalloc((void **)&din, N * sizeof(int));
  cudaMalloc((void **)&dpartial, blocks * sizeof(int));
  cudaMalloc((void **)&dtotal, sizeof(int));
  cudaMemcpy(din, hin, N * sizeof(int), cudaMemcpyHostToDevice);

  // Static shared memory; the host adds the partial sums.
  reduce_static<<<blocks, BLOCK>>>(din, dpartial, N);
  cudaDeviceSynchronize();
  cudaMemcpy(hpartial, dpartial, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  long long sum_static = 0;
  for (int b = 0; b < blocks; b++) {
    sum_static += hpartial[b];
  }

  // Dynamic shared memory; a second launch reduces the partial sums.
  reduce_dynamic<<<blocks, BLOCK, BLOCK * sizeof(int)>>>(din, dpartial, N);
  reduce_dynamic<<<1, FINAL_BLOCK, FINAL_BLOCK * sizeof(int)>>>(dpartial, dtotal, blocks);
  cudaDeviceSynchronize();
  int sum_dynamic = 0;
  cudaMemcpy(&sum_dynamic, dtotal, sizeof(int), cudaMemcpyDeviceToHost);

  int ok = sum_static == expected && (long long)sum_dynamic == expected;
  printf("reduction: n=%d blocks=%d expected=%lld static=%lld dynamic=%d\n", N, blocks,
         expected, sum_static, sum_dynamic);
  printf("%s\n", ok ? "PASS" : "FAIL");

  cudaFree(din);
  cudaFree(dpartial);
  cudaFree(dtotal);
  free(hin);
  free(hpartial);
  return 0;
}
