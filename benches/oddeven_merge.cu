// oddeven_merge.cu — Batcher's odd-even merge sort, one segment per block.
//
// Shows: the odd-even merge network run in shared memory, one thread per
// element. For every stage (p, k) the thread owning element x compares it
// with x + k only if x lies in the first half of a 2k-wide group after the
// offset k % p and both elements belong to the same 2p-wide merge; the test
// is data-independent but divergent, and most threads idle in late stages.
// Loop bounds are uniform, so every `__syncthreads()` is reached by all.
// The host sorts each segment by insertion sort and compares.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define NUM 256
#define SEGMENTS 32

__global__ void oddeven_merge_sort(int *values) {
  __shared__ int shared[NUM];
  unsigned x = threadIdx.x;
  int *segment = values + blockIdx.x * NUM;
  shared[x] = segment[x];
  __syncthreads();
  for (unsigned p = 1; p < NUM; p += p) {
    for (unsigned k = p; k >= 1; k /= 2) {
      unsigned j = k % p;
      if (x >= j && x + k < NUM) {
        unsigned offset = x - j;
        if (offset % (2 * k) < k && x / (2 * p) == (x + k) / (2 * p)) {
          int a = shared[x];
          int b = shared[x + k];
          if (a > b) {
            shared[x] = b;
            shared[x + k] = a;
          }
        }
      }
      __syncthreads();
    }
  }
  segment[x] = shared[x];
}

int main() {
  int total = NUM * SEGMENTS;
  int *hvalues = (int *)malloc(total * sizeof(int));
  int *hexpected = (int *)malloc(total * sizeof(int));
  unsigned seed = 99u;
  for (int i = 0; i < total; i++) {
    seed = seed * 1103515245u + 12345u;
    hvalues[i] = (int)((seed >> 8) % 65536u) - 32768;
  }

  for (int s = 0; s < SEGMENTS; s++) {
    int *seg = hexpected + s * NUM;
    for (int i = 0; i < NUM; i++) {
      int v = hvalues[s * NUM + i];
      int j = i - 1;
      while (j >= 0 && seg[j] > v) {
        seg[j + 1] = seg[j];
        j--;
      }
      seg[j + 1] = v;
    }
  }

  int *dvalues;
  cudaMalloc((void **)&dvalues, total * sizeof(int));
  cudaMemcpy(dvalues, hvalues, total * sizeof(int), cudaMemcpyHostToDevice);
  oddeven_merge_sort<<<SEGMENTS, NUM>>>(dvalues);
  cudaDeviceSynchronize();
  cudaMemcpy(hvalues, dvalues, total * sizeof(int), cudaMemcpyDeviceToHost);

  int errors = 0;
  unsigned long long checksum = 0;
  for (int i = 0; i < total; i++) {
    if (hvalues[i] != hexpected[i]) {
      errors++;
    }
    checksum = checksum * 31ull + (unsigned long long)(hvalues[i] + 32768);
  }
  printf("oddeven_merge: segments=%d num=%d first=%d last=%d checksum=%llu errors=%d\n", SEGMENTS,
         NUM, hvalues[0], hvalues[total - 1], checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dvalues);
  free(hvalues);
  free(hexpected);
  return errors == 0 ? 0 : 1;
}
