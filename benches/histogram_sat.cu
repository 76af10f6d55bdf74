// histogram_sat.cu — saturating histogram: counts clamp at a maximum.
//
// Shows: an `atomicCAS` retry loop that increments a shared-memory bin only
// while it is below SAT_MAX, so the number of trips per thread depends on
// how many lanes hit the same bin at once (data-dependent loop exits inside
// a divergent region). Increments that find a full bin are counted with
// `atomicAdd` as dropped. The per-block bins are then merged into global
// bins with the same saturating CAS loop. The final bin value is
// min(count, SAT_MAX) and the dropped count is the sum over blocks of
// max(block count - SAT_MAX, 0), neither of which depends on the order in
// which the atomics happen, so the host can check both exactly.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 65536
#define NBINS 64
#define BLOCKS 8
#define THREADS 128
#define SAT_MAX 400u

__device__ unsigned saturating_increment(unsigned *bin, unsigned amount) {
  unsigned old = *bin;
  while (old < SAT_MAX) {
    unsigned wanted = old + amount;
    if (wanted > SAT_MAX) {
      wanted = SAT_MAX;
    }
    unsigned seen = atomicCAS(bin, old, wanted);
    if (seen == old) {
      return amount - (wanted - old);
    }
    old = seen;
  }
  return amount;
}

__global__ void histogram_sat(const unsigned *keys, int n, unsigned *bins, unsigned *dropped) {
  __shared__ unsigned sbins[NBINS];
  __shared__ unsigned sdropped;
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) {
    sbins[b] = 0;
  }
  if (threadIdx.x == 0) {
    sdropped = 0;
  }
  __syncthreads();

  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    unsigned lost = saturating_increment(&sbins[keys[i]], 1u);
    if (lost != 0u) {
      atomicAdd(&sdropped, lost);
    }
  }
  __syncthreads();

  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) {
    if (sbins[b] != 0u) {
      saturating_increment(&bins[b], sbins[b]);
    }
  }
  if (threadIdx.x == 0) {
    atomicAdd(dropped, sdropped);
  }
}

int main() {
  unsigned *hkeys = (unsigned *)malloc(N * sizeof(unsigned));
  unsigned *hbins = (unsigned *)malloc(NBINS * sizeof(unsigned));
  unsigned *total_count = (unsigned *)malloc(NBINS * sizeof(unsigned));
  unsigned *block_count = (unsigned *)malloc(BLOCKS * NBINS * sizeof(unsigned));
  for (int b = 0; b < NBINS; b++) {
    hbins[b] = 0;
    total_count[b] = 0;
  }
  for (int b = 0; b < BLOCKS * NBINS; b++) {
    block_count[b] = 0;
  }
  unsigned seed = 4242u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    unsigned r = (seed >> 8) % (NBINS * NBINS);
    // Skewed toward low bins, so low bins saturate and high bins do not.
    unsigned key = (r / NBINS) * (r % NBINS) / NBINS;
    hkeys[i] = key;
    total_count[key]++;
    // The grid-stride loop gives element i to block (i / THREADS) % BLOCKS.
    block_count[((i / THREADS) % BLOCKS) * NBINS + key]++;
  }
  unsigned expected_dropped = 0;
  for (int b = 0; b < BLOCKS * NBINS; b++) {
    if (block_count[b] > SAT_MAX) {
      expected_dropped += block_count[b] - SAT_MAX;
    }
  }

  unsigned *dkeys;
  unsigned *dbins;
  unsigned *ddropped;
  unsigned zero = 0;
  cudaMalloc((void **)&dkeys, N * sizeof(unsigned));
  cudaMalloc((void **)&dbins, NBINS * sizeof(unsigned));
  cudaMalloc((void **)&ddropped, sizeof(unsigned));
  cudaMemcpy(dkeys, hkeys, N * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(dbins, hbins, NBINS * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(ddropped, &zero, sizeof(unsigned), cudaMemcpyHostToDevice);

  histogram_sat<<<BLOCKS, THREADS>>>(dkeys, N, dbins, ddropped);
  cudaDeviceSynchronize();
  unsigned got_dropped = 0;
  cudaMemcpy(hbins, dbins, NBINS * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(&got_dropped, ddropped, sizeof(unsigned), cudaMemcpyDeviceToHost);

  int errors = 0;
  int saturated = 0;
  unsigned long long checksum = 0;
  for (int b = 0; b < NBINS; b++) {
    unsigned want = total_count[b] < SAT_MAX ? total_count[b] : SAT_MAX;
    if (hbins[b] != want) {
      errors++;
    }
    if (hbins[b] == SAT_MAX) {
      saturated++;
    }
    checksum += (unsigned long long)hbins[b] * (unsigned long long)(b + 1);
  }
  if (got_dropped != expected_dropped) {
    errors++;
  }
  printf("histogram_sat: n=%d bins=%d max=%u saturated=%d dropped=%u checksum=%llu errors=%d\n",
         N, NBINS, SAT_MAX, saturated, got_dropped, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dkeys);
  cudaFree(dbins);
  cudaFree(ddropped);
  free(hkeys);
  free(hbins);
  free(total_count);
  free(block_count);
  return errors == 0 ? 0 : 1;
}
