// bitonic_large.cu — a bitonic sort of one array spread over several blocks.
//
// Shows: the multi-block form of bitonic sort. Each block first sorts its
// BLOCK-element slice in shared memory with alternating directions; then,
// for every merge size k > BLOCK, the host launches one global-memory
// compare-swap step per stride j >= BLOCK and finishes the strides j < BLOCK
// with a shared-memory merge kernel. The compare-swap is divergent twice:
// only the lower thread of a pair works (`ixj > i`), and the direction
// `(i & k) == 0` picks one of two near-identical bodies. The host checks
// that the result is ascending and is a permutation of the input (sum,
// xor and sum of squares of all keys agree).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 16384
#define BLOCK 256

// Sorts each block's slice; slices alternate direction so that pairs of
// neighbouring slices form bitonic sequences for the global merge.
__global__ void sort_slices(int *keys) {
  __shared__ int tile[BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * BLOCK + tid;
  tile[tid] = keys[i];
  __syncthreads();
  for (unsigned k = 2; k <= BLOCK; k *= 2) {
    for (unsigned j = k / 2; j > 0; j /= 2) {
      unsigned ixj = tid ^ j;
      if (ixj > tid) {
        // The global index decides the direction, so that for k == BLOCK
        // odd blocks sort descending.
        if ((i & k) == 0) {
          if (tile[tid] > tile[ixj]) {
            int t = tile[tid];
            tile[tid] = tile[ixj];
            tile[ixj] = t;
          }
        } else {
          if (tile[tid] < tile[ixj]) {
            int t = tile[tid];
            tile[tid] = tile[ixj];
            tile[ixj] = t;
          }
        }
      }
      __syncthreads();
    }
  }
  keys[i] = tile[tid];
}

// One compare-swap step with a stride j >= BLOCK (partners in other blocks).
__global__ void merge_global(int *keys, unsigned k, unsigned j) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned ixj = i ^ j;
  if (ixj > i) {
    int a = keys[i];
    int b = keys[ixj];
    if ((i & k) == 0) {
      if (a > b) {
        keys[i] = b;
        keys[ixj] = a;
      }
    } else {
      if (a < b) {
        keys[i] = b;
        keys[ixj] = a;
      }
    }
  }
}

// The strides j < BLOCK of merge size k, inside one block's slice.
__global__ void merge_shared(int *keys, unsigned k) {
  __shared__ int tile[BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * BLOCK + tid;
  tile[tid] = keys[i];
  __syncthreads();
  bool ascending = (i & k) == 0;
  for (unsigned j = BLOCK / 2; j > 0; j /= 2) {
    unsigned ixj = tid ^ j;
    if (ixj > tid) {
      int a = tile[tid];
      int b = tile[ixj];
      if (ascending ? a > b : a < b) {
        tile[tid] = b;
        tile[ixj] = a;
      }
    }
    __syncthreads();
  }
  keys[i] = tile[tid];
}

int main() {
  int *hkeys = (int *)malloc(N * sizeof(int));
  unsigned seed = 2024u;
  long long in_sum = 0;
  long long in_sq = 0;
  int in_xor = 0;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    hkeys[i] = (int)((seed >> 9) % 200000u) - 100000;
    in_sum += hkeys[i];
    in_sq += (long long)hkeys[i] * hkeys[i];
    in_xor ^= hkeys[i];
  }

  int *dkeys;
  cudaMalloc((void **)&dkeys, N * sizeof(int));
  cudaMemcpy(dkeys, hkeys, N * sizeof(int), cudaMemcpyHostToDevice);
  int blocks = N / BLOCK;
  int launches = 1;
  sort_slices<<<blocks, BLOCK>>>(dkeys);
  for (unsigned k = 2 * BLOCK; k <= N; k *= 2) {
    for (unsigned j = k / 2; j >= BLOCK; j /= 2) {
      merge_global<<<blocks, BLOCK>>>(dkeys, k, j);
      launches++;
    }
    merge_shared<<<blocks, BLOCK>>>(dkeys, k);
    launches++;
  }
  cudaDeviceSynchronize();
  cudaMemcpy(hkeys, dkeys, N * sizeof(int), cudaMemcpyDeviceToHost);

  int unsorted = 0;
  long long out_sum = 0;
  long long out_sq = 0;
  int out_xor = 0;
  unsigned long long checksum = 0;
  for (int i = 0; i < N; i++) {
    if (i > 0 && hkeys[i - 1] > hkeys[i]) {
      unsorted++;
    }
    out_sum += hkeys[i];
    out_sq += (long long)hkeys[i] * hkeys[i];
    out_xor ^= hkeys[i];
    checksum = checksum * 1000003ull + (unsigned long long)(hkeys[i] + 100000);
  }
  bool same_multiset = out_sum == in_sum && out_sq == in_sq && out_xor == in_xor;
  printf("bitonic_large: n=%d launches=%d min=%d max=%d checksum=%llu unsorted=%d\n", N, launches,
         hkeys[0], hkeys[N - 1], checksum, unsorted);
  bool ok = unsorted == 0 && same_multiset;
  printf("%s\n", ok ? "PASS" : "FAIL");

  cudaFree(dkeys);
  free(hkeys);
  return ok ? 0 : 1;
}
