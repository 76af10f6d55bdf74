// bitonic.cu — bitonic sort in shared memory (lockstep's main demo).
//
// Shows: the classic kernel from the divergence literature. Each block sorts
// its own NUM-element segment: nested k/j loops, partner `ixj = tid ^ j`,
// and a compare-exchange whose direction depends on `(tid & k) == 0`. The
// `ixj > tid` test and the direction test are divergent branches with
// similar bodies (the target of branch fusion / control-flow melding); the
// loop bounds are uniform, so the `__syncthreads()` is reached by all.
// The host checks that every segment is sorted and is a permutation of its
// input (by comparing with its own insertion sort).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define NUM 256
#define SEGMENTS 4

__global__ void bitonic_sort(int *values) {
  __shared__ int shared[NUM];
  const unsigned tid = threadIdx.x;
  int *segment = values + blockIdx.x * NUM;
  shared[tid] = segment[tid];
  __syncthreads();
  for (unsigned k = 2; k <= NUM; k *= 2) {
    for (unsigned j = k / 2; j > 0; j /= 2) {
      unsigned ixj = tid ^ j;
      if (ixj > tid) {
        if ((tid & k) == 0) {
          // Ascending pair.
          if (shared[tid] > shared[ixj]) {
            int tmp = shared[tid];
            shared[tid] = shared[ixj];
            shared[ixj] = tmp;
          }
        } else {
          // Descending pair.
          if (shared[tid] < shared[ixj]) {
            int tmp = shared[tid];
            shared[tid] = shared[ixj];
            shared[ixj] = tmp;
          }
        }
      }
      __syncthreads();
    }
  }
  segment[tid] = shared[tid];
}

int main() {
  int total = NUM * SEGMENTS;
  int *hvalues = (int *)malloc(total * sizeof(int));
  int *hexpected = (int *)malloc(total * sizeof(int));
  unsigned seed = 7u;
  for (int i = 0; i < total; i++) {
    seed = seed * 1664525u + 1013904223u;
    hvalues[i] = (int)((seed >> 12) % 10000u) - 5000;
  }

  // Host reference: insertion sort of each segment.
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
  bitonic_sort<<<SEGMENTS, NUM>>>(dvalues);
  cudaDeviceSynchronize();
  cudaMemcpy(hvalues, dvalues, total * sizeof(int), cudaMemcpyDeviceToHost);

  int errors = 0;
  unsigned long long checksum = 0;
  for (int i = 0; i < total; i++) {
    if (hvalues[i] != hexpected[i]) {
      errors++;
    }
    checksum = checksum * 31ull + (unsigned long long)(hvalues[i] + 5000);
  }
  printf("bitonic: segments=%d num=%d min=%d max=%d checksum=%llu errors=%d\n", SEGMENTS, NUM,
         hvalues[0], hvalues[NUM - 1], checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dvalues);
  free(hvalues);
  free(hexpected);
  return 0;
}
