// pipeline_stages.cu — a host pipeline of small kernels with optional stages.
//
// Shows: element-wise kernels chained by the host, where some launches sit
// inside host branches: a stage switched by the configuration bits, a loop
// of rounds that picks one of two kernels by the round number and clamps
// only on some rounds, and a stage chosen from data read back from the
// device (a count kernel's result decides between halving and doubling).
// Three configurations run so every branch is taken. Consecutive launches
// over the same array are kernel-fusion candidates; the ones inside
// branches need code motion first. The host replays the same pipeline on
// its own copy with unsigned wrapping arithmetic, so the check is exact.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 5000
#define BLOCK 128
#define ROUNDS 6
#define CONFIGS 3
#define CLAMP_LIMIT 3000000000u
#define THRESHOLD 2147483648u

__global__ void scale_stage(unsigned *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    v[i] = v[i] * 3u + 1u;
  }
}

__global__ void offset_stage(unsigned *v, int n, unsigned offset) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    v[i] = v[i] + offset + (unsigned)i;
  }
}

__global__ void mix_stage(unsigned *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned x = v[i];
    x ^= x >> 7;
    v[i] = x * 2654435761u;
  }
}

__global__ void square_stage(unsigned *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned x = v[i];
    v[i] = (x * x) ^ (x >> 3);
  }
}

__global__ void clamp_stage(unsigned *v, int n, unsigned limit) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] > limit) {
    v[i] = limit;
  }
}

__global__ void count_stage(const unsigned *v, int n, unsigned threshold, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] > threshold) {
    atomicAdd(count, 1u);
  }
}

__global__ void halve_stage(unsigned *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    v[i] = v[i] >> 1;
  }
}

__global__ void double_stage(unsigned *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    v[i] = (v[i] << 1) | 1u;
  }
}

__global__ void reduce_stage(const unsigned *v, int n, unsigned *sum, unsigned *bits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(sum, v[i]);
    atomicXor(bits, v[i]);
  }
}

int main() {
  unsigned *input = (unsigned *)malloc(N * sizeof(unsigned));
  unsigned *hv = (unsigned *)malloc(N * sizeof(unsigned));
  unsigned *ref = (unsigned *)malloc(N * sizeof(unsigned));
  unsigned seed = 777u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    input[i] = seed;
  }

  unsigned *dv;
  unsigned *dcount;
  unsigned *dsum;
  unsigned *dbits;
  cudaMalloc((void **)&dv, N * sizeof(unsigned));
  cudaMalloc((void **)&dcount, sizeof(unsigned));
  cudaMalloc((void **)&dsum, sizeof(unsigned));
  cudaMalloc((void **)&dbits, sizeof(unsigned));
  int grid = (N + BLOCK - 1) / BLOCK;
  int errors = 0;
  int total_launches = 0;
  unsigned long long checksum = 0;

  for (int config = 0; config < CONFIGS; config++) {
    unsigned zero = 0;
    int launches = 0;
    cudaMemcpy(dv, input, N * sizeof(unsigned), cudaMemcpyHostToDevice);
    cudaMemcpy(dcount, &zero, sizeof(unsigned), cudaMemcpyHostToDevice);
    cudaMemcpy(dsum, &zero, sizeof(unsigned), cudaMemcpyHostToDevice);
    cudaMemcpy(dbits, &zero, sizeof(unsigned), cudaMemcpyHostToDevice);

    scale_stage<<<grid, BLOCK>>>(dv, N);
    launches++;
    if ((config & 1) != 0) {
      offset_stage<<<grid, BLOCK>>>(dv, N, 12345u * (unsigned)config);
      launches++;
    }
    for (int r = 0; r < ROUNDS; r++) {
      if (r % 3 == config % 3) {
        square_stage<<<grid, BLOCK>>>(dv, N);
      } else {
        mix_stage<<<grid, BLOCK>>>(dv, N);
      }
      launches++;
      if ((config & 2) != 0 || r == ROUNDS - 1) {
        clamp_stage<<<grid, BLOCK>>>(dv, N, CLAMP_LIMIT);
        launches++;
      }
    }
    count_stage<<<grid, BLOCK>>>(dv, N, THRESHOLD, dcount);
    launches++;
    unsigned count = 0;
    cudaMemcpy(&count, dcount, sizeof(unsigned), cudaMemcpyDeviceToHost);
    if (count > (unsigned)(N / 2)) {
      halve_stage<<<grid, BLOCK>>>(dv, N);
    } else {
      double_stage<<<grid, BLOCK>>>(dv, N);
    }
    launches++;
    reduce_stage<<<grid, BLOCK>>>(dv, N, dsum, dbits);
    launches++;
    cudaDeviceSynchronize();
    unsigned sum = 0;
    unsigned bits = 0;
    cudaMemcpy(hv, dv, N * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(&sum, dsum, sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(&bits, dbits, sizeof(unsigned), cudaMemcpyDeviceToHost);

    // Host reference: the same stages in the same order.
    for (int i = 0; i < N; i++) {
      ref[i] = input[i] * 3u + 1u;
      if ((config & 1) != 0) {
        ref[i] = ref[i] + 12345u * (unsigned)config + (unsigned)i;
      }
    }
    for (int r = 0; r < ROUNDS; r++) {
      for (int i = 0; i < N; i++) {
        unsigned x = ref[i];
        if (r % 3 == config % 3) {
          x = (x * x) ^ (x >> 3);
        } else {
          x ^= x >> 7;
          x = x * 2654435761u;
        }
        if (((config & 2) != 0 || r == ROUNDS - 1) && x > CLAMP_LIMIT) {
          x = CLAMP_LIMIT;
        }
        ref[i] = x;
      }
    }
    unsigned ref_count = 0;
    for (int i = 0; i < N; i++) {
      if (ref[i] > THRESHOLD) {
        ref_count++;
      }
    }
    unsigned ref_sum = 0;
    unsigned ref_bits = 0;
    for (int i = 0; i < N; i++) {
      if (ref_count > (unsigned)(N / 2)) {
        ref[i] = ref[i] >> 1;
      } else {
        ref[i] = (ref[i] << 1) | 1u;
      }
      ref_sum += ref[i];
      ref_bits ^= ref[i];
      if (hv[i] != ref[i]) {
        errors++;
      }
    }
    if (count != ref_count || sum != ref_sum || bits != ref_bits) {
      errors++;
    }
    printf("config %d: launches=%d count=%u %s sum=%u xor=%u\n", config, launches, count,
           count > (unsigned)(N / 2) ? "halved" : "doubled", sum, bits);
    total_launches += launches;
    checksum = checksum * 1000003ull + (unsigned long long)sum;
    checksum = checksum * 1000003ull + (unsigned long long)bits;
  }

  printf("pipeline_stages: n=%d configs=%d launches=%d checksum=%llu errors=%d\n", N, CONFIGS,
         total_launches, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dv);
  cudaFree(dcount);
  cudaFree(dsum);
  cudaFree(dbits);
  free(input);
  free(hv);
  free(ref);
  return errors == 0 ? 0 : 1;
}
