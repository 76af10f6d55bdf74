// slides_bitonic_select.cu — bitonic sort after branch fusion (Pereira's
// slides, "second optimization").
//
// Shows: the same sort as bitonic.cu, but the two direction-dependent
// compare-exchange branches are fused: the direction only selects which of
// the pair is `b` (should hold the smaller value) and which is `a`, via two
// selects, leaving a single compare-and-swap. This is what branch fusion
// or control-flow melding should turn bitonic.cu's kernel into; the output
// must be identical.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define NUM 256
#define SEGMENTS 2

__global__ void bitonic_sort_select(int *values) {
  __shared__ int sh[NUM];
  const unsigned tid = threadIdx.x;
  int *segment = values + blockIdx.x * NUM;
  sh[tid] = segment[tid];
  __syncthreads();
  for (unsigned k = 2; k <= NUM; k *= 2) {
    for (unsigned j = k / 2; j > 0; j /= 2) {
      unsigned ixj = tid ^ j;
      if (ixj > tid) {
        int p = (tid & k) == 0;
        unsigned b = p ? tid : ixj;
        unsigned a = p ? ixj : tid;
        if (sh[b] > sh[a]) {
          int tmp = sh[b];
          sh[b] = sh[a];
          sh[a] = tmp;
        }
      }
      __syncthreads();
    }
  }
  segment[tid] = sh[tid];
}

int main() {
  int total = NUM * SEGMENTS;
  int *hvalues = (int *)malloc(total * sizeof(int));
  int *counts = (int *)malloc(1000 * sizeof(int));
  for (int v = 0; v < 1000; v++) {
    counts[v] = 0;
  }
  unsigned seed = 1u;
  for (int i = 0; i < total; i++) {
    seed = seed * 1664525u + 1013904223u;
    hvalues[i] = (int)((seed >> 16) % 1000u);
    counts[hvalues[i]]++;
  }

  int *dvalues;
  cudaMalloc((void **)&dvalues, total * sizeof(int));
  cudaMemcpy(dvalues, hvalues, total * sizeof(int), cudaMemcpyHostToDevice);
  bitonic_sort_select<<<SEGMENTS, NUM>>>(dvalues);
  cudaDeviceSynchronize();
  cudaMemcpy(hvalues, dvalues, total * sizeof(int), cudaMemcpyDeviceToHost);

  // Each segment ascending, and the multiset of values unchanged.
  int errors = 0;
  unsigned long long checksum = 0;
  for (int i = 0; i < total; i++) {
    if (i % NUM != 0 && hvalues[i - 1] > hvalues[i]) {
      errors++;
    }
    if (hvalues[i] < 0 || hvalues[i] >= 1000) {
      errors++;
    } else {
      counts[hvalues[i]]--;
    }
    checksum = checksum * 31ull + (unsigned long long)hvalues[i];
  }
  for (int v = 0; v < 1000; v++) {
    if (counts[v] != 0) {
      errors++;
    }
  }
  printf("slides_bitonic_select: segments=%d num=%d first=%d last=%d checksum=%llu errors=%d\n",
         SEGMENTS, NUM, hvalues[0], hvalues[total - 1], checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");
  cudaFree(dvalues);
  free(hvalues);
  free(counts);
  return 0;
}
