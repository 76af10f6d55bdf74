// warp_vote.cu — warp votes and a shuffle-based warp reduction.
//
// Shows: `__ballot_sync` (which lanes see a value above a threshold),
// `__any_sync` / `__all_sync` (does any lane hold a negative value / do all
// lanes lie within bounds), and a tree sum over the warp with
// `__shfl_down_sync`, offsets 16, 8, 4, 2, 1, after which lane 0 holds the
// warp's total (in the `__device__` helper `warp_sum`). Every warp is full (n is a multiple of 32 and nothing exits
// before the warp operations), so the full mask is correct. The input is
// arranged so some warps have no negative values and some have values out
// of bounds, making every combination of vote results occur.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 1024
#define BLOCK 256
#define WARP 32
#define FULL_MASK 0xffffffffu
#define THRESHOLD 50
#define BOUND 90

// Lane 0 ends with the sum of v over the warp; other lanes hold partials.
__device__ int warp_sum(int v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) {
    v += __shfl_down_sync(FULL_MASK, v, offset);
  }
  return v;
}

__global__ void warp_stats(const int *in, int *sums, unsigned *ballots, int *flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  int warp = i / warpSize;
  int v = in[i];

  unsigned above = __ballot_sync(FULL_MASK, v > THRESHOLD);
  int any_negative = __any_sync(FULL_MASK, v < 0);
  int all_in_bounds = __all_sync(FULL_MASK, v >= -BOUND && v <= BOUND);

  int sum = warp_sum(v);

  if (lane == 0) {
    sums[warp] = sum;
    ballots[warp] = above;
    flags[warp] = any_negative * 2 + all_in_bounds;
  }
}

int main() {
  int warps = N / WARP;
  int *hin = (int *)malloc(N * sizeof(int));
  int *hsums = (int *)malloc(warps * sizeof(int));
  unsigned *hballots = (unsigned *)malloc(warps * sizeof(unsigned));
  int *hflags = (int *)malloc(warps * sizeof(int));
  unsigned seed = 4242u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    int w = i / WARP;
    int r = (int)((seed >> 16) % 100u);
    // The warp number mod 4 picks which (any_negative, all_in_bounds) pair
    // the warp produces: (0,1), (1,1), (0,0), (1,0).
    int kind = w % 4;
    if (kind == 0) {
      hin[i] = r * 9 / 10;
    } else if (kind == 1) {
      hin[i] = r - 40;
    } else if (kind == 2) {
      hin[i] = i % WARP == 5 ? BOUND + 5 : r;
    } else {
      hin[i] = i % WARP == 9 ? -BOUND - 5 : r - 20;
    }
  }

  int *din;
  int *dsums;
  unsigned *dballots;
  int *dflags;
  cudaMalloc((void **)&din, N * sizeof(int));
  cudaMalloc((void **)&dsums, warps * sizeof(int));
  cudaMalloc((void **)&dballots, warps * sizeof(unsigned));
  cudaMalloc((void **)&dflags, warps * sizeof(int));
  cudaMemcpy(din, hin, N * sizeof(int), cudaMemcpyHostToDevice);

  warp_stats<<<N / BLOCK, BLOCK>>>(din, dsums, dballots, dflags);
  cudaDeviceSynchronize();
  cudaMemcpy(hsums, dsums, warps * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(hballots, dballots, warps * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(hflags, dflags, warps * sizeof(int), cudaMemcpyDeviceToHost);

  int errors = 0;
  int seen_flags[4];
  for (int f = 0; f < 4; f++) {
    seen_flags[f] = 0;
  }
  unsigned long long checksum = 0;
  for (int w = 0; w < warps; w++) {
    int sum = 0;
    unsigned ballot = 0;
    int any_negative = 0;
    int all_in_bounds = 1;
    for (int lane = 0; lane < WARP; lane++) {
      int v = hin[w * WARP + lane];
      sum += v;
      if (v > THRESHOLD) {
        ballot |= 1u << lane;
      }
      if (v < 0) {
        any_negative = 1;
      }
      if (v < -BOUND || v > BOUND) {
        all_in_bounds = 0;
      }
    }
    int flags = any_negative * 2 + all_in_bounds;
    if (hsums[w] != sum || hballots[w] != ballot || hflags[w] != flags) {
      errors++;
    }
    seen_flags[hflags[w] & 3]++;
    checksum = checksum * 131ull + (unsigned long long)hballots[w] + (unsigned long long)(hsums[w] + 4096);
  }
  printf("warp_vote: warps=%d sum[0]=%d ballot[0]=%x flags=%d/%d/%d/%d checksum=%llu errors=%d\n",
         warps, hsums[0], hballots[0], seen_flags[0], seen_flags[1], seen_flags[2],
         seen_flags[3], checksum, errors);
  int all_kinds = seen_flags[0] > 0 && seen_flags[1] > 0 && seen_flags[2] > 0 && seen_flags[3] > 0;
  printf("%s\n", errors == 0 && all_kinds ? "PASS" : "FAIL");

  cudaFree(din);
  cudaFree(dsums);
  cudaFree(dballots);
  cudaFree(dflags);
  free(hin);
  free(hsums);
  free(hballots);
  free(hflags);
  return 0;
}
