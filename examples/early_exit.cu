// early_exit.cu — threads leave early, the rest stays convergent.
//
// Shows: Lee et al. §3.4. In `hash_rounds` out-of-range threads `return`
// at the top; what follows is a loop with a uniform trip count and a
// barrier-free body, so after the exit every still-running thread of a warp
// executes it together (the exited lanes wait at the kernel exit). n is not
// a multiple of the block size, so one warp really has exited lanes. The
// second kernel is the paper's own shape, `if (threadIdx.x <= 3) { S1 }`,
// where S1 is convergent among the threads that run it. The hash step is a
// `__host__ __device__` function shared by the kernel and the host check.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 1000
#define BLOCK 128
#define ROUNDS 24
#define SMALL_BLOCK 32
#define ACTIVE_LIMIT 3

__host__ __device__ unsigned hash_step(unsigned x) {
  return x * 1103515245u + 12345u;
}

__global__ void hash_rounds(const unsigned *in, unsigned *out, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) {
    return;
  }
  unsigned x = in[i];
  unsigned acc = 0;
  for (int r = 0; r < rounds; r++) {
    x = hash_step(x);
    acc ^= x >> 7;
    acc = (acc << 3) | (acc >> 29);
  }
  out[i] = acc;
}

// Only threads 0..ACTIVE_LIMIT of each block do any work.
__global__ void first_threads(int *out) {
  if (threadIdx.x <= ACTIVE_LIMIT) {
    int v = 0;
    for (int k = 0; k <= (int)threadIdx.x; k++) {
      v += (k + 1) * (int)blockIdx.x + k;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
  }
}

int main() {
  unsigned *hin = (unsigned *)malloc(N * sizeof(unsigned));
  unsigned *hout = (unsigned *)malloc(N * sizeof(unsigned));
  for (int i = 0; i < N; i++) {
    hin[i] = (unsigned)i * 2654435761u;
  }
  int blocks = (N + BLOCK - 1) / BLOCK;

  unsigned *din;
  unsigned *dout;
  cudaMalloc((void **)&din, N * sizeof(unsigned));
  cudaMalloc((void **)&dout, N * sizeof(unsigned));
  cudaMemcpy(din, hin, N * sizeof(unsigned), cudaMemcpyHostToDevice);
  hash_rounds<<<blocks, BLOCK>>>(din, dout, N, ROUNDS);

  int small_total = 4 * SMALL_BLOCK;
  int *hsmall = (int *)malloc(small_total * sizeof(int));
  for (int i = 0; i < small_total; i++) {
    hsmall[i] = -1;
  }
  int *dsmall;
  cudaMalloc((void **)&dsmall, small_total * sizeof(int));
  cudaMemcpy(dsmall, hsmall, small_total * sizeof(int), cudaMemcpyHostToDevice);
  first_threads<<<4, SMALL_BLOCK>>>(dsmall);
  cudaDeviceSynchronize();
  cudaMemcpy(hout, dout, N * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(hsmall, dsmall, small_total * sizeof(int), cudaMemcpyDeviceToHost);

  int errors = 0;
  unsigned long long checksum = 0;
  for (int i = 0; i < N; i++) {
    unsigned x = hin[i];
    unsigned acc = 0;
    for (int r = 0; r < ROUNDS; r++) {
      x = hash_step(x);
      acc ^= x >> 7;
      acc = (acc << 3) | (acc >> 29);
    }
    if (hout[i] != acc) {
      errors++;
    }
    checksum += hout[i];
  }
  for (int b = 0; b < 4; b++) {
    for (int t = 0; t < SMALL_BLOCK; t++) {
      int expected = -1;
      if (t <= ACTIVE_LIMIT) {
        expected = 0;
        for (int k = 0; k <= t; k++) {
          expected += (k + 1) * b + k;
        }
      }
      if (hsmall[b * SMALL_BLOCK + t] != expected) {
        errors++;
      }
      checksum += (unsigned long long)(hsmall[b * SMALL_BLOCK + t] + 1);
    }
  }
  printf("early_exit: n=%d blocks=%d rounds=%d out[0]=%u out[999]=%u checksum=%llu errors=%d\n",
         N, blocks, ROUNDS, hout[0], hout[N - 1], checksum, errors);
  bool ok = errors == 0;
  printf("%s\n", ok ? "PASS" : "FAIL");

  cudaFree(din);
  cudaFree(dout);
  cudaFree(dsmall);
  free(hin);
  free(hout);
  free(hsmall);
  return 0;
}
