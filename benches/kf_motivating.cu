// kf_motivating.cu — four kernels across branches and joins, shaped like the
// thesis's Fig. 5.3a (the motivating CFG of kernel fusion by code motion).
//
// Shows: a host loop of rounds over three device buffers d1, d2, d3:
//
//     a = f(round)                        host value K1 and K2 take
//     if (round is a "seed" round)  K1(d1, a)
//     K2(d1, d2, a)                       after the join
//     K3(d2, d3)                          3-point stencil on d2
//     if (round % 3 != 0) {
//       b = g(round, a)                   host value only K4 takes
//       K4(d3, d1, b)
//     }
//
// K1 -> K2 is thread-local on d1 (and d1/d2 are written and read at the same
// index), but K1 runs only on some rounds, so K2 must be hoisted into the
// branch to meet it (backward fusion, with K2 as compensation on the other
// path); K1 cannot be sunk to K2 because the join has a path without K1.
// K2 -> K3 is a grid-wide dependence (K3 reads d2[i-1] and d2[i+1]) and must
// never fuse. K3 -> K4 is thread-local on d3 (and K4 writes d1, which K3 does
// not touch), but K4 cannot be hoisted to K3: it sits in a branch and its
// argument b is computed inside that branch. Sinking K3 past the computation
// of b (which K3 does not use) into both arms makes it adjacent to K4
// (forward fusion, with K3 as compensation on the else path). The only
// launches adjacent in the source, K2 and K3, may not fuse, so traditional
// fusion finds nothing.
// All arithmetic is unsigned and wraps the same way on host and device.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 4096
#define BLOCK 128
#define ROUNDS 18

__global__ void seed_stage(unsigned *d1, int n, unsigned a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned x = d1[i] ^ (a * 2654435761u);
    d1[i] = (x << 5) ^ (x >> 3) ^ (unsigned)i;
  }
}

__global__ void mix_stage(const unsigned *d1, unsigned *d2, int n, unsigned a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    d2[i] = d2[i] * 33u + (d1[i] >> (a & 7u)) + a;
  }
}

// Each point combines its two neighbours (clamped at the ends), so a thread
// reads values that other threads' counterparts in mix_stage wrote. The
// clamping uses min/max rather than a branch so the store to d3 stays under
// the plain `i < n` guard that fold_stage's load has too.
__global__ void stencil_stage(const unsigned *d2, unsigned *d3, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int l = max(i - 1, 0);
    int r = min(i + 1, n - 1);
    d3[i] = d2[l] + 2u * d2[i] + (d2[r] >> 1);
  }
}

__global__ void fold_stage(const unsigned *d3, unsigned *d1, int n, unsigned b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned x = d3[i] + b;
    d1[i] = d1[i] ^ (x * 0x9E3779B1u) ^ (x >> 11);
  }
}

int main() {
  int bytes = N * sizeof(unsigned);
  unsigned *r1 = (unsigned *)malloc(bytes);
  unsigned *r2 = (unsigned *)malloc(bytes);
  unsigned *r3 = (unsigned *)malloc(bytes);
  unsigned *h1 = (unsigned *)malloc(bytes);
  unsigned *h2 = (unsigned *)malloc(bytes);
  unsigned seed = 2025u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    r1[i] = seed;
    seed = seed * 1664525u + 1013904223u;
    r2[i] = seed >> 4;
    r3[i] = 0u;
  }

  unsigned *d1;
  unsigned *d2;
  unsigned *d3;
  cudaMalloc((void **)&d1, bytes);
  cudaMalloc((void **)&d2, bytes);
  cudaMalloc((void **)&d3, bytes);
  cudaMemcpy(d1, r1, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d2, r2, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d3, r3, bytes, cudaMemcpyHostToDevice);
  int grid = (N + BLOCK - 1) / BLOCK;

  int launches = 0;
  for (int round = 0; round < ROUNDS; round++) {
    unsigned a = (unsigned)(round * 7 + 3) & 15u;
    if (round % 4 == 0 || round % 4 == 3) {
      seed_stage<<<grid, BLOCK>>>(d1, N, a);
      launches++;
    }
    mix_stage<<<grid, BLOCK>>>(d1, d2, N, a);
    stencil_stage<<<grid, BLOCK>>>(d2, d3, N);
    launches += 2;
    if (round % 3 != 0) {
      unsigned b = a * 1000u + (unsigned)round * (unsigned)round;
      fold_stage<<<grid, BLOCK>>>(d3, d1, N, b);
      launches++;
    }
  }
  cudaDeviceSynchronize();
  cudaMemcpy(h1, d1, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(h2, d2, bytes, cudaMemcpyDeviceToHost);

  // Host reference: the same rounds, buffer by buffer.
  for (int round = 0; round < ROUNDS; round++) {
    unsigned a = (unsigned)(round * 7 + 3) & 15u;
    if (round % 4 == 0 || round % 4 == 3) {
      for (int i = 0; i < N; i++) {
        unsigned x = r1[i] ^ (a * 2654435761u);
        r1[i] = (x << 5) ^ (x >> 3) ^ (unsigned)i;
      }
    }
    for (int i = 0; i < N; i++) {
      r2[i] = r2[i] * 33u + (r1[i] >> (a & 7u)) + a;
    }
    for (int i = 0; i < N; i++) {
      int l = i > 0 ? i - 1 : 0;
      int r = i < N - 1 ? i + 1 : N - 1;
      r3[i] = r2[l] + 2u * r2[i] + (r2[r] >> 1);
    }
    if (round % 3 != 0) {
      unsigned b = a * 1000u + (unsigned)round * (unsigned)round;
      for (int i = 0; i < N; i++) {
        unsigned x = r3[i] + b;
        r1[i] = r1[i] ^ (x * 0x9E3779B1u) ^ (x >> 11);
      }
    }
  }

  int errors = 0;
  unsigned long long checksum = 0;
  for (int i = 0; i < N; i++) {
    if (h1[i] != r1[i] || h2[i] != r2[i]) {
      errors++;
    }
    checksum = checksum * 1000003ull + (unsigned long long)h1[i];
    checksum = checksum * 31ull + (unsigned long long)h2[i];
  }
  printf("kf_motivating: n=%d rounds=%d launches=%d d1[5]=%u checksum=%llu errors=%d\n", N, ROUNDS,
         launches, h1[5], checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(d1);
  cudaFree(d2);
  cudaFree(d3);
  free(r1);
  free(r2);
  free(r3);
  free(h1);
  free(h2);
  return errors == 0 ? 0 : 1;
}
