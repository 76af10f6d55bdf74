// photon_mc.cu — Monte Carlo photon transport through a slab, fixed point.
//
// Shows: one photon per thread random-walking through a 1-D slab with an
// integer xorshift generator seeded from the thread's global id. Each step
// moves by a random length along the current direction cosine, deposits a
// fixed share of the weight in a depth bin (`atomicAdd`), and may end the
// walk in four data-dependent ways: leaving through the front (reflected)
// or the back (transmitted), losing Russian roulette, or running out of
// steps. Lanes of a warp leave the loop at different iterations. Position,
// direction and weight are fixed-point integers, so the host reference
// replays every photon bit-exactly.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define PHOTONS 8192
#define THREADS 128
#define MAX_STEPS 22
#define SLAB 262144
#define DEPTH_BINS 4
#define START_WEIGHT 65536u
#define MIN_WEIGHT 2048u
#define ABSORB 64u
#define REFLECTED 0
#define TRANSMITTED 1
#define KILLED 2
#define LOST 3

__host__ __device__ unsigned xorshift(unsigned s) {
  s ^= s << 13;
  s ^= s >> 17;
  s ^= s << 5;
  return s;
}

__host__ __device__ unsigned photon_seed(unsigned id) {
  unsigned s = (id + 1u) * 2654435761u;
  return s == 0u ? 1u : s;
}

__global__ void photon_mc(unsigned *outcome_count, unsigned *outcome_weight, unsigned *deposit,
                          unsigned *total_steps) {
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned rng = photon_seed(id);
  int z = 0;
  int dz = 65536;
  unsigned w = START_WEIGHT;
  int outcome = LOST;
  int step = 0;
  for (; step < MAX_STEPS; step++) {
    rng = xorshift(rng);
    long long len = (long long)((rng >> 16) + 1u) * 2;
    z += (int)((len * dz) >> 16);
    if (z < 0) {
      outcome = REFLECTED;
      break;
    }
    if (z >= SLAB) {
      outcome = TRANSMITTED;
      break;
    }
    unsigned dep = (w * ABSORB) >> 8;
    w -= dep;
    atomicAdd(&deposit[z >> 16], dep);
    if (w < MIN_WEIGHT) {
      rng = xorshift(rng);
      if ((rng & 7u) != 0u) {
        outcome = KILLED;
        break;
      }
      w = w << 3;
    }
    rng = xorshift(rng);
    dz = (int)(rng >> 15) - 65536;
  }
  atomicAdd(&outcome_count[outcome], 1u);
  if (outcome != KILLED) {
    atomicAdd(&outcome_weight[outcome], w);
  }
  atomicAdd(total_steps, (unsigned)step);
}

int main() {
  unsigned hcount[4];
  unsigned hweight[4];
  unsigned hdeposit[DEPTH_BINS];
  unsigned hsteps = 0;
  unsigned rcount[4];
  unsigned rweight[4];
  unsigned rdeposit[DEPTH_BINS];
  unsigned rsteps = 0;
  for (int k = 0; k < 4; k++) {
    hcount[k] = 0;
    hweight[k] = 0;
    rcount[k] = 0;
    rweight[k] = 0;
  }
  for (int k = 0; k < DEPTH_BINS; k++) {
    hdeposit[k] = 0;
    rdeposit[k] = 0;
  }

  // Host reference: the same walk, photon after photon.
  for (unsigned id = 0; id < PHOTONS; id++) {
    unsigned rng = photon_seed(id);
    int z = 0;
    int dz = 65536;
    unsigned w = START_WEIGHT;
    int outcome = LOST;
    int step = 0;
    while (step < MAX_STEPS) {
      rng = xorshift(rng);
      long long len = (long long)((rng >> 16) + 1u) * 2;
      z += (int)((len * dz) >> 16);
      if (z < 0) {
        outcome = REFLECTED;
        break;
      }
      if (z >= SLAB) {
        outcome = TRANSMITTED;
        break;
      }
      unsigned dep = (w * ABSORB) >> 8;
      w -= dep;
      rdeposit[z >> 16] += dep;
      if (w < MIN_WEIGHT) {
        rng = xorshift(rng);
        if ((rng & 7u) != 0u) {
          outcome = KILLED;
          break;
        }
        w = w << 3;
      }
      rng = xorshift(rng);
      dz = (int)(rng >> 15) - 65536;
      step++;
    }
    rcount[outcome]++;
    if (outcome != KILLED) {
      rweight[outcome] += w;
    }
    rsteps += (unsigned)step;
  }

  unsigned *dcount;
  unsigned *dweight;
  unsigned *ddeposit;
  unsigned *dsteps;
  cudaMalloc((void **)&dcount, 4 * sizeof(unsigned));
  cudaMalloc((void **)&dweight, 4 * sizeof(unsigned));
  cudaMalloc((void **)&ddeposit, DEPTH_BINS * sizeof(unsigned));
  cudaMalloc((void **)&dsteps, sizeof(unsigned));
  cudaMemcpy(dcount, hcount, 4 * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(dweight, hweight, 4 * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(ddeposit, hdeposit, DEPTH_BINS * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(dsteps, &hsteps, sizeof(unsigned), cudaMemcpyHostToDevice);
  photon_mc<<<PHOTONS / THREADS, THREADS>>>(dcount, dweight, ddeposit, dsteps);
  cudaDeviceSynchronize();
  cudaMemcpy(hcount, dcount, 4 * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(hweight, dweight, 4 * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(hdeposit, ddeposit, DEPTH_BINS * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(&hsteps, dsteps, sizeof(unsigned), cudaMemcpyDeviceToHost);

  int errors = 0;
  unsigned long long checksum = 0;
  for (int k = 0; k < 4; k++) {
    if (hcount[k] != rcount[k] || hweight[k] != rweight[k]) {
      errors++;
    }
    checksum = checksum * 31ull + (unsigned long long)hcount[k];
    checksum = checksum * 31ull + (unsigned long long)hweight[k];
  }
  for (int k = 0; k < DEPTH_BINS; k++) {
    if (hdeposit[k] != rdeposit[k]) {
      errors++;
    }
    checksum = checksum * 31ull + (unsigned long long)hdeposit[k];
  }
  if (hsteps != rsteps) {
    errors++;
  }
  printf("photon_mc: photons=%d reflected=%u transmitted=%u killed=%u lost=%u steps=%u "
         "checksum=%llu errors=%d\n",
         PHOTONS, hcount[REFLECTED], hcount[TRANSMITTED], hcount[KILLED], hcount[LOST], hsteps,
         checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dcount);
  cudaFree(dweight);
  cudaFree(ddeposit);
  cudaFree(dsteps);
  return errors == 0 ? 0 : 1;
}
