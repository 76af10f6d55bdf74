// dot.cu — double-precision dot product and element-wise sqrt.
//
// Shows: `double` arithmetic on the device, a `__host__ __device__` helper
// that generates the inputs identically on both sides, a grid-stride loop
// feeding a per-block tree reduction over a `__shared__ double` array, and
// `sqrt` (the double form) in a second kernel. Inputs are multiples of 1/2,
// so every product and partial sum is exact in double and the result does
// not depend on the summation order; sqrt is correctly rounded, so the
// host's values match bit for bit.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 3000
#define BLOCK 128
#define BLOCKS 6

__host__ __device__ double input_x(long long i) {
  return (double)(i % 17) * 0.5 - 4.0;
}

__global__ void fill_and_dot(double *x, const double *y, double *partial, int n) {
  __shared__ double cache[BLOCK];
  int tid = threadIdx.x;
  double acc = 0.0;
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) {
    x[i] = input_x(i);
    acc += x[i] * y[i];
  }
  cache[tid] = acc;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (tid < s) {
      cache[tid] += cache[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) {
    partial[blockIdx.x] = cache[0];
  }
}

__global__ void hypot1(const double *x, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = sqrt(x[i] * x[i] + 1.0);
  }
}

int main() {
  double *hy = (double *)malloc(N * sizeof(double));
  double *hout = (double *)malloc(N * sizeof(double));
  double *hpartial = (double *)malloc(BLOCKS * sizeof(double));
  for (int i = 0; i < N; i++) {
    hy[i] = (double)(i % 11 - 5);
  }
  double *dx;
  double *dy;
  double *dout;
  double *dpartial;
  cudaMalloc((void **)&dx, N * sizeof(double));
  cudaMalloc((void **)&dy, N * sizeof(double));
  cudaMalloc((void **)&dout, N * sizeof(double));
  cudaMalloc((void **)&dpartial, BLOCKS * sizeof(double));
  cudaMemcpy(dy, hy, N * sizeof(double), cudaMemcpyHostToDevice);

  fill_and_dot<<<BLOCKS, BLOCK>>>(dx, dy, dpartial, N);
  hypot1<<<(N + BLOCK - 1) / BLOCK, BLOCK>>>(dx, dout, N);
  cudaDeviceSynchronize();
  cudaMemcpy(hpartial, dpartial, BLOCKS * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(hout, dout, N * sizeof(double), cudaMemcpyDeviceToHost);

  double dot = 0.0;
  for (int b = 0; b < BLOCKS; b++) {
    dot += hpartial[b];
  }
  double expected = 0.0;
  int errors = 0;
  double sum_out = 0.0;
  for (long long i = 0; i < N; i++) {
    double xi = input_x(i);
    expected += xi * hy[i];
    if (hout[i] != sqrt(xi * xi + 1.0)) {
      errors++;
    }
    sum_out += hout[i];
  }
  if (dot != expected) {
    errors++;
  }
  printf("dot: n=%d dot=%.1f expected=%.1f sum_sqrt=%e errors=%d\n", N, dot, expected, sum_out,
         errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dout);
  cudaFree(dpartial);
  free(hy);
  free(hout);
  free(hpartial);
  return 0;
}
