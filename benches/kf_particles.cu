// kf_particles.cu — particles bouncing in a box, stepped by a host loop.
//
// Shows: fixed-point 2-D particles (positions and velocities in 1/256 units)
// under gravity in a box with reflecting walls. Every step the host launches
//     advance<<<>>>                      pos += vel, gravity on vy
//     if (step % RESCALE == 0) rescale    friction: vel = vel * 15 / 16
//     bound<<<>>>                        reflect at the walls
// and every OBSERVE steps it measures the kinetic energy with a reduction
// kernel whose result is copied back; when the energy is above a limit the
// host launches `cool`, a launch that depends on data from the device.
// All the per-particle kernels touch only their own particle (same global
// thread id, same `i < n` guard), so advance, rescale and bound are pairwise
// fusible without a barrier; but rescale runs only on some steps, so
// advance and bound are never adjacent in the source and only code motion
// (sinking advance or hoisting bound into the branch, with a compensation
// launch on the other path) exposes the fusions. The energy kernel's result
// goes through memory the host reads back (a device-to-host copy), and the
// reset of its accumulator is a host-to-device copy: launches cannot move
// across those copies. Arithmetic is integer (signed division truncates the
// same way on host and device), so the host replay is exact.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 4096
#define BLOCK 128
#define STEPS 48
#define RESCALE 3
#define OBSERVE 8
#define BOX 65536
#define GRAVITY 9
#define ENERGY_LIMIT 600000000ll

__global__ void advance(int *px, int *py, const int *vx, int *vy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int v = vy[i] - GRAVITY;
    vy[i] = v;
    px[i] = px[i] + vx[i];
    py[i] = py[i] + v;
  }
}

__global__ void rescale(int *vx, int *vy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    vx[i] = vx[i] * 15 / 16;
    vy[i] = vy[i] * 15 / 16;
  }
}

// Reflection without branches around the stores: a coordinate that left
// [0, BOX) is mirrored back in and the velocity component flips sign.
__global__ void bound(int *px, int *py, int *vx, int *vy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int x = px[i];
    int y = py[i];
    int lowx = (int)(x < 0);
    int highx = (int)(x >= BOX);
    int lowy = (int)(y < 0);
    int highy = (int)(y >= BOX);
    px[i] = x + lowx * (-2 * x) + highx * (2 * (BOX - 1) - 2 * x);
    py[i] = y + lowy * (-2 * y) + highy * (2 * (BOX - 1) - 2 * y);
    vx[i] = vx[i] * (1 - 2 * (lowx | highx));
    vy[i] = vy[i] * (1 - 2 * (lowy | highy));
  }
}

__global__ void energy(const int *vx, const int *vy, int n, long long *total) {
  __shared__ long long partial[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  long long e = 0;
  if (i < n) {
    e = (long long)vx[i] * vx[i] + (long long)vy[i] * vy[i];
  }
  partial[t] = e;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (t < s) {
      partial[t] += partial[t + s];
    }
    __syncthreads();
  }
  if (t == 0) {
    atomicAdd((unsigned long long *)total, (unsigned long long)partial[0]);
  }
}

__global__ void cool(int *vx, int *vy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    vx[i] = vx[i] * 3 / 4;
    vy[i] = vy[i] * 3 / 4;
  }
}

int main() {
  int bytes = N * sizeof(int);
  int *hpx = (int *)malloc(bytes);
  int *hpy = (int *)malloc(bytes);
  int *hvx = (int *)malloc(bytes);
  int *hvy = (int *)malloc(bytes);
  int *rpx = (int *)malloc(bytes);
  int *rpy = (int *)malloc(bytes);
  int *rvx = (int *)malloc(bytes);
  int *rvy = (int *)malloc(bytes);
  unsigned seed = 1234567u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    rpx[i] = (int)((seed >> 8) % (unsigned)BOX);
    seed = seed * 1664525u + 1013904223u;
    rpy[i] = (int)((seed >> 8) % (unsigned)BOX);
    seed = seed * 1664525u + 1013904223u;
    rvx[i] = (int)((seed >> 16) % 2001u) - 1000;
    seed = seed * 1664525u + 1013904223u;
    rvy[i] = (int)((seed >> 16) % 2001u) - 1000;
  }

  int *px;
  int *py;
  int *vx;
  int *vy;
  long long *dtotal;
  cudaMalloc((void **)&px, bytes);
  cudaMalloc((void **)&py, bytes);
  cudaMalloc((void **)&vx, bytes);
  cudaMalloc((void **)&vy, bytes);
  cudaMalloc((void **)&dtotal, sizeof(long long));
  cudaMemcpy(px, rpx, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(py, rpy, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(vx, rvx, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(vy, rvy, bytes, cudaMemcpyHostToDevice);
  int grid = (N + BLOCK - 1) / BLOCK;

  int errors = 0;
  int launches = 0;
  int coolings = 0;
  unsigned long long checksum = 0;
  for (int step = 1; step <= STEPS; step++) {
    advance<<<grid, BLOCK>>>(px, py, vx, vy, N);
    launches++;
    if (step % RESCALE == 0) {
      rescale<<<grid, BLOCK>>>(vx, vy, N);
      launches++;
    }
    bound<<<grid, BLOCK>>>(px, py, vx, vy, N);
    launches++;

    // The same step on the host.
    for (int i = 0; i < N; i++) {
      rvy[i] = rvy[i] - GRAVITY;
      rpx[i] = rpx[i] + rvx[i];
      rpy[i] = rpy[i] + rvy[i];
      if (step % RESCALE == 0) {
        rvx[i] = rvx[i] * 15 / 16;
        rvy[i] = rvy[i] * 15 / 16;
      }
      if (rpx[i] < 0) {
        rpx[i] = -rpx[i];
        rvx[i] = -rvx[i];
      } else if (rpx[i] >= BOX) {
        rpx[i] = 2 * (BOX - 1) - rpx[i];
        rvx[i] = -rvx[i];
      }
      if (rpy[i] < 0) {
        rpy[i] = -rpy[i];
        rvy[i] = -rvy[i];
      } else if (rpy[i] >= BOX) {
        rpy[i] = 2 * (BOX - 1) - rpy[i];
        rvy[i] = -rvy[i];
      }
    }

    if (step % OBSERVE == 0) {
      long long zero = 0;
      long long total = 0;
      cudaMemcpy(dtotal, &zero, sizeof(long long), cudaMemcpyHostToDevice);
      energy<<<grid, BLOCK>>>(vx, vy, N, dtotal);
      launches++;
      cudaMemcpy(&total, dtotal, sizeof(long long), cudaMemcpyDeviceToHost);
      long long ref_total = 0;
      for (int i = 0; i < N; i++) {
        ref_total += (long long)rvx[i] * rvx[i] + (long long)rvy[i] * rvy[i];
      }
      if (total != ref_total) {
        errors++;
      }
      int cooled = 0;
      if (total > ENERGY_LIMIT) {
        cool<<<grid, BLOCK>>>(vx, vy, N);
        launches++;
        coolings++;
        cooled = 1;
        for (int i = 0; i < N; i++) {
          rvx[i] = rvx[i] * 3 / 4;
          rvy[i] = rvy[i] * 3 / 4;
        }
      }
      printf("step %d: energy=%lld%s\n", step, total, cooled ? " cooled" : "");
      checksum = checksum * 1000003ull + (unsigned long long)total;
    }
  }
  cudaDeviceSynchronize();
  cudaMemcpy(hpx, px, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(hpy, py, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(hvx, vx, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(hvy, vy, bytes, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++) {
    if (hpx[i] != rpx[i] || hpy[i] != rpy[i] || hvx[i] != rvx[i] || hvy[i] != rvy[i]) {
      errors++;
    }
    checksum = checksum * 31ull + (unsigned long long)(unsigned)hpx[i];
    checksum = checksum * 31ull + (unsigned long long)(unsigned)hpy[i];
  }
  printf("kf_particles: n=%d steps=%d launches=%d coolings=%d checksum=%llu errors=%d\n", N, STEPS,
         launches, coolings, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(px);
  cudaFree(py);
  cudaFree(vx);
  cudaFree(vy);
  cudaFree(dtotal);
  free(hpx);
  free(hpy);
  free(hvx);
  free(hvy);
  free(rpx);
  free(rpy);
  free(rvx);
  free(rvy);
  return errors == 0 ? 0 : 1;
}
