// two_kernels.cu — a host loop that launches two kernels per iteration.
//
// Shows: a 1-D Jacobi smoothing step (`jacobi_step`, reads u, writes tmp)
// followed by an element-wise damping/copy (`damp_copy`, reads tmp, writes
// u), launched back to back ITERS times from a host `for` loop with the same
// grid (given as dim3 values). The second kernel only reads the element its own thread's
// counterpart wrote, so the pair is a candidate for kernel fusion (and the
// host loop for launch-count reduction). The host repeats the same float
// operations in the same order and compares.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 1024
#define BLOCK 128
#define ITERS 10

// Interior points average their neighbourhood; the two ends stay fixed.
__global__ void jacobi_step(const float *u, float *tmp, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (i == 0 || i == n - 1) {
      tmp[i] = u[i];
    } else {
      tmp[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
    }
  }
}

__global__ void damp_copy(const float *tmp, float *u, int n, float damping) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    u[i] = tmp[i] * damping;
  }
}

int main() {
  float *hu = (float *)malloc(N * sizeof(float));
  float *ref = (float *)malloc(N * sizeof(float));
  float *reftmp = (float *)malloc(N * sizeof(float));
  for (int i = 0; i < N; i++) {
    // A few spikes on a ramp.
    hu[i] = (float)(i % 64) + (i % 100 == 0 ? 1000.0f : 0.0f);
    ref[i] = hu[i];
  }
  float damping = 0.75f;

  float *du;
  float *dtmp;
  cudaMalloc((void **)&du, N * sizeof(float));
  cudaMalloc((void **)&dtmp, N * sizeof(float));
  cudaMemcpy(du, hu, N * sizeof(float), cudaMemcpyHostToDevice);

  dim3 grid((N + BLOCK - 1) / BLOCK);
  dim3 block(BLOCK, 1, 1);
  for (int it = 0; it < ITERS; it++) {
    jacobi_step<<<grid, block>>>(du, dtmp, N);
    damp_copy<<<grid, block>>>(dtmp, du, N, damping);
  }
  cudaDeviceSynchronize();
  cudaMemcpy(hu, du, N * sizeof(float), cudaMemcpyDeviceToHost);

  for (int it = 0; it < ITERS; it++) {
    for (int i = 0; i < N; i++) {
      if (i == 0 || i == N - 1) {
        reftmp[i] = ref[i];
      } else {
        reftmp[i] = (ref[i - 1] + ref[i] + ref[i + 1]) / 3.0f;
      }
    }
    for (int i = 0; i < N; i++) {
      ref[i] = reftmp[i] * damping;
    }
  }

  int errors = 0;
  double checksum = 0.0;
  for (int i = 0; i < N; i++) {
    // Relative tolerance, written out so the host needs no math library.
    float diff = hu[i] - ref[i];
    float mag = ref[i];
    diff = diff < 0.0f ? -diff : diff;
    mag = mag < 0.0f ? -mag : mag;
    mag = mag < 1.0f ? 1.0f : mag;
    if (diff > 1e-4f * mag) {
      errors++;
    }
    checksum += ref[i];
  }
  printf("two_kernels: n=%d iters=%d launches=%d checksum=%.3f u[100]=%.4f errors=%d\n", N,
         ITERS, 2 * ITERS, checksum, ref[100], errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(du);
  cudaFree(dtmp);
  free(hu);
  free(ref);
  free(reftmp);
  return 0;
}
