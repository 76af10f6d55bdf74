// timestep.cu — an explicit time-stepping simulation driven by a host loop.
//
// Shows: integer 1-D heat diffusion with a moving point source. Every step
// the host launches a `diffuse` kernel (reads u, writes next, with fixed
// boundary cells taking a divergent branch) and a `source` kernel (one
// thread adds heat where the source is this step), then swaps the two
// device pointers. Every OBSERVE steps a shared-memory reduction kernel
// measures the total heat; the host copies it back and, when it exceeds a
// limit, launches a `cool` kernel — a launch whose execution depends on
// data from the device. The arithmetic is integer (signed division by 4
// truncates the same way everywhere), so the host replay matches exactly.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 2000
#define BLOCK 128
#define STEPS 60
#define OBSERVE 10
#define SOURCE_HEAT 50000
#define HEAT_LIMIT 1992000

__global__ void diffuse(const int *u, int *next, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) {
    return;
  }
  if (i == 0 || i == n - 1) {
    next[i] = 0;
  } else {
    next[i] = u[i] + (u[i - 1] + u[i + 1] - 2 * u[i]) / 4;
  }
}

__global__ void source(int *u, int at, int heat) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    u[at] += heat;
  }
}

__global__ void total_heat(const int *u, int n, long long *total) {
  __shared__ long long partial[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  partial[t] = i < n ? (long long)u[i] : 0;
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

__global__ void cool(int *u, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    u[i] = u[i] * 3 / 4;
  }
}

int main() {
  int bytes = N * sizeof(int);
  int *hu = (int *)malloc(bytes);
  int *ref = (int *)malloc(bytes);
  int *ref_next = (int *)malloc(bytes);
  unsigned seed = 31337u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    hu[i] = (i == 0 || i == N - 1) ? 0 : (int)((seed >> 16) % 1000u);
    ref[i] = hu[i];
  }

  int *du;
  int *dnext;
  long long *dtotal;
  cudaMalloc((void **)&du, bytes);
  cudaMalloc((void **)&dnext, bytes);
  cudaMalloc((void **)&dtotal, sizeof(long long));
  cudaMemcpy(du, hu, bytes, cudaMemcpyHostToDevice);
  int grid = (N + BLOCK - 1) / BLOCK;
  int errors = 0;
  int coolings = 0;
  int launches = 0;
  unsigned long long checksum = 0;

  for (int step = 1; step <= STEPS; step++) {
    int at = 1 + (step * 97) % (N - 2);
    diffuse<<<grid, BLOCK>>>(du, dnext, N);
    source<<<1, 32>>>(dnext, at, SOURCE_HEAT);
    launches += 2;
    int *swap = du;
    du = dnext;
    dnext = swap;

    for (int i = 0; i < N; i++) {
      if (i == 0 || i == N - 1) {
        ref_next[i] = 0;
      } else {
        ref_next[i] = ref[i] + (ref[i - 1] + ref[i + 1] - 2 * ref[i]) / 4;
      }
    }
    ref_next[at] += SOURCE_HEAT;
    for (int i = 0; i < N; i++) {
      ref[i] = ref_next[i];
    }

    if (step % OBSERVE == 0) {
      long long zero = 0;
      long long total = 0;
      cudaMemcpy(dtotal, &zero, sizeof(long long), cudaMemcpyHostToDevice);
      total_heat<<<grid, BLOCK>>>(du, N, dtotal);
      launches++;
      cudaMemcpy(&total, dtotal, sizeof(long long), cudaMemcpyDeviceToHost);
      long long ref_total = 0;
      for (int i = 0; i < N; i++) {
        ref_total += ref[i];
      }
      if (total != ref_total) {
        errors++;
      }
      int cooled = 0;
      if (total > HEAT_LIMIT) {
        cool<<<grid, BLOCK>>>(du, N);
        launches++;
        coolings++;
        cooled = 1;
        for (int i = 0; i < N; i++) {
          ref[i] = ref[i] * 3 / 4;
        }
      }
      printf("step %d: heat=%lld%s\n", step, total, cooled ? " cooled" : "");
      checksum = checksum * 1000003ull + (unsigned long long)total;
    }
  }
  cudaDeviceSynchronize();
  cudaMemcpy(hu, du, bytes, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++) {
    if (hu[i] != ref[i]) {
      errors++;
    }
    checksum = checksum * 31ull + (unsigned long long)(unsigned)hu[i];
  }
  printf("timestep: n=%d steps=%d launches=%d coolings=%d checksum=%llu errors=%d\n", N, STEPS,
         launches, coolings, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(du);
  cudaFree(dnext);
  cudaFree(dtotal);
  free(hu);
  free(ref);
  free(ref_next);
  return errors == 0 ? 0 : 1;
}
