// sb3_r.cu — CFM synthetic benchmark SB3-R: sb3's shape, different sides.
//
// Shows: the "random" variant of SB3 (Saumya et al., CGO'22): the same
// control flow as sb3.cu (odd-even divergent diamond, two data-dependent
// if-then regions on each side), but both if-then bodies of the `else` side
// run different instructions from the `then` side's, so the regions only
// partly align. Inputs live in shared memory while they are updated. All
// arithmetic is unsigned and wraps, so the result is exact everywhere.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 4096
#define THREADS 128
#define OUTER 4
#define INNER 8

__global__ void sb3_r(unsigned *a, unsigned *b, unsigned *p, unsigned *q) {
  __shared__ unsigned sa[THREADS];
  __shared__ unsigned sb[THREADS];
  __shared__ unsigned sp[THREADS];
  __shared__ unsigned sq[THREADS];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  sa[t] = a[g];
  sb[t] = b[g];
  sp[t] = p[g];
  sq[t] = q[g];
  __syncthreads();
  for (int o = 0; o < OUTER; o++) {
    for (int i = 0; i < INNER; i++) {
      if (((t + o + i) & 1) == 0) {
        unsigned x = sa[t];
        unsigned y = sb[t];
        x = x * 2654435761u + y;
        if ((x & 16u) != 0u) {
          y = y ^ (x >> 13);
          y = y * 2246822519u + 1u;
        }
        x = x + (y << 3);
        if ((y & 512u) != 0u) {
          x = x ^ (y >> 7);
          x = x * 3266489917u;
        }
        y = y + x;
        sa[t] = x;
        sb[t] = y;
      } else {
        unsigned x = sp[t];
        unsigned y = sq[t];
        x = x * 2654435761u + y;
        if ((x & 16u) != 0u) {
          y = (y + (x << 7)) ^ 0x85ebca6bu;
          y = y - (y >> 9) * 5u;
        }
        x = x + (y << 3);
        if ((y & 512u) != 0u) {
          x = (x + 0x27d4eb2fu) ^ (y << 2);
          x = x * 374761393u - y;
        }
        y = y + x;
        sp[t] = x;
        sq[t] = y;
      }
    }
  }
  __syncthreads();
  a[g] = sa[t];
  b[g] = sb[t];
  p[g] = sp[t];
  q[g] = sq[t];
}

int main() {
  int bytes = N * sizeof(unsigned);
  unsigned *ha = (unsigned *)malloc(bytes);
  unsigned *hb = (unsigned *)malloc(bytes);
  unsigned *hp = (unsigned *)malloc(bytes);
  unsigned *hq = (unsigned *)malloc(bytes);
  unsigned *ra = (unsigned *)malloc(bytes);
  unsigned *rb = (unsigned *)malloc(bytes);
  unsigned *rp = (unsigned *)malloc(bytes);
  unsigned *rq = (unsigned *)malloc(bytes);
  unsigned seed = 2022u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    ha[i] = seed;
    seed = seed * 1664525u + 1013904223u;
    hb[i] = seed;
    seed = seed * 1664525u + 1013904223u;
    hp[i] = seed;
    seed = seed * 1664525u + 1013904223u;
    hq[i] = seed;
    ra[i] = ha[i];
    rb[i] = hb[i];
    rp[i] = hp[i];
    rq[i] = hq[i];
  }

  // Host reference: the same loops, one element at a time.
  for (int g = 0; g < N; g++) {
    int t = g % THREADS;
    for (int o = 0; o < OUTER; o++) {
      for (int i = 0; i < INNER; i++) {
        if (((t + o + i) & 1) == 0) {
          unsigned x = ra[g];
          unsigned y = rb[g];
          x = x * 2654435761u + y;
          if ((x & 16u) != 0u) {
            y = y ^ (x >> 13);
            y = y * 2246822519u + 1u;
          }
          x = x + (y << 3);
          if ((y & 512u) != 0u) {
            x = x ^ (y >> 7);
            x = x * 3266489917u;
          }
          y = y + x;
          ra[g] = x;
          rb[g] = y;
        } else {
          unsigned x = rp[g];
          unsigned y = rq[g];
          x = x * 2654435761u + y;
          if ((x & 16u) != 0u) {
            y = (y + (x << 7)) ^ 0x85ebca6bu;
            y = y - (y >> 9) * 5u;
          }
          x = x + (y << 3);
          if ((y & 512u) != 0u) {
            x = (x + 0x27d4eb2fu) ^ (y << 2);
            x = x * 374761393u - y;
          }
          y = y + x;
          rp[g] = x;
          rq[g] = y;
        }
      }
    }
  }

  unsigned *da;
  unsigned *db;
  unsigned *dp;
  unsigned *dq;
  cudaMalloc((void **)&da, bytes);
  cudaMalloc((void **)&db, bytes);
  cudaMalloc((void **)&dp, bytes);
  cudaMalloc((void **)&dq, bytes);
  cudaMemcpy(da, ha, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(db, hb, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dp, hp, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dq, hq, bytes, cudaMemcpyHostToDevice);
  sb3_r<<<N / THREADS, THREADS>>>(da, db, dp, dq);
  cudaDeviceSynchronize();
  cudaMemcpy(ha, da, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(hb, db, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(hp, dp, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(hq, dq, bytes, cudaMemcpyDeviceToHost);

  int errors = 0;
  unsigned long long checksum = 0;
  for (int i = 0; i < N; i++) {
    if (ha[i] != ra[i] || hb[i] != rb[i] || hp[i] != rp[i] || hq[i] != rq[i]) {
      errors++;
    }
    checksum += (unsigned long long)(ha[i] ^ hb[i]) + (unsigned long long)(hp[i] ^ hq[i]) * 3ull;
  }
  printf("sb3_r: n=%d outer=%d inner=%d a0=%u q0=%u checksum=%llu errors=%d\n", N, OUTER, INNER,
         ha[0], hq[0], checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(da);
  cudaFree(db);
  cudaFree(dp);
  cudaFree(dq);
  free(ha);
  free(hb);
  free(hp);
  free(hq);
  free(ra);
  free(rb);
  free(rp);
  free(rq);
  return errors == 0 ? 0 : 1;
}
