// fir.cu — the FIR filter of Lee et al. (CGO'13), Figure 1.
//
// Shows: each thread convolves `flen` consecutive samples with the same
// `flen` coefficients. The loop count, the coefficient loads and all the
// loop bookkeeping are uniform across the warp (scalarization candidates);
// only `samples[idx + i]` varies, with unit stride across threads (affine:
// base + 1 * tid). Like the paper's kernel it uses threadIdx.x alone, so it
// runs as a single block. Samples are small integers and coefficients
// multiples of 1/8, so every product and sum is exact in float and the
// result is the same with or without fused multiply-add.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define OUTPUTS 256
#define FLEN 16

__global__ void fir(float *samples, float *coeffs, int flen, float *results) {
  int idx = threadIdx.x;
  float result = 0;
  for (int i = 0; i < flen; i++) {
    result += coeffs[i] * samples[idx + i];
  }
  results[idx] = result;
}

int main() {
  int nsamples = OUTPUTS + FLEN - 1;
  float *hsamples = (float *)malloc(nsamples * sizeof(float));
  float *hcoeffs = (float *)malloc(FLEN * sizeof(float));
  float *hresults = (float *)malloc(OUTPUTS * sizeof(float));
  unsigned seed = 31337u;
  for (int i = 0; i < nsamples; i++) {
    seed = seed * 1664525u + 1013904223u;
    hsamples[i] = (float)((int)((seed >> 16) % 17u) - 8);
  }
  for (int i = 0; i < FLEN; i++) {
    // A symmetric low-pass shape: 1/8, 2/8, ..., 8/8, 8/8, ..., 1/8.
    int w = i < FLEN / 2 ? i + 1 : FLEN - i;
    hcoeffs[i] = (float)w / 8.0f;
  }

  float *dsamples;
  float *dcoeffs;
  float *dresults;
  cudaMalloc((void **)&dsamples, nsamples * sizeof(float));
  cudaMalloc((void **)&dcoeffs, FLEN * sizeof(float));
  cudaMalloc((void **)&dresults, OUTPUTS * sizeof(float));
  cudaMemcpy(dsamples, hsamples, nsamples * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dcoeffs, hcoeffs, FLEN * sizeof(float), cudaMemcpyHostToDevice);

  fir<<<1, OUTPUTS>>>(dsamples, dcoeffs, FLEN, dresults);
  cudaDeviceSynchronize();
  cudaMemcpy(hresults, dresults, OUTPUTS * sizeof(float), cudaMemcpyDeviceToHost);

  int errors = 0;
  double checksum = 0.0;
  for (int idx = 0; idx < OUTPUTS; idx++) {
    float expected = 0.0f;
    for (int i = 0; i < FLEN; i++) {
      expected += hcoeffs[i] * hsamples[idx + i];
    }
    if (hresults[idx] != expected) {
      errors++;
    }
    checksum += hresults[idx] * (double)(idx % 7 + 1);
  }
  printf("fir: outputs=%d flen=%d y[0]=%.3f y[255]=%.3f checksum=%.3f errors=%d\n", OUTPUTS,
         FLEN, hresults[0], hresults[OUTPUTS - 1], checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dsamples);
  cudaFree(dcoeffs);
  cudaFree(dresults);
  free(hsamples);
  free(hcoeffs);
  free(hresults);
  return 0;
}
