// slides_regpress.cu — "variable sharing" from Pereira's slides.
//
// Shows: `regPress1` keeps four rotating constants a, b, c, d in registers;
// they are uniform (every thread holds the same values), so
// `regPress2` moves two of them to shared memory, updated by thread 0 only,
// to relieve register pressure. The slides' regPress2 lets thread 0 rotate
// the shared values while other threads may still read them; this version
// adds the barrier that makes it race-free (and keeps the shared pair in a
// small static array). The launch covers exactly WIDTH threads in one block,
// so every thread takes the `tid < Width` branch and reaches each barrier.
// Both kernels must produce the same output, also equal to the host's.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define WIDTH 64

__global__ void regPress1(float *In, float *Out, int Width) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < Width) {
    Out[tid] = 0.0f;
    float a = 2.0f, b = 3.0f, c = 5.0f, d = 7.0f;
    for (int k = tid; k < Width * Width; k += Width) {
      Out[tid] += In[k] / (a - b);
      Out[tid] -= In[k] / (c - d);
      float aux = a;
      a = b;
      b = c;
      c = d;
      d = aux;
    }
  }
}

__global__ void regPress2(float *In, float *Out, int Width) {
  __shared__ float common[2];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < Width) {
    float c = 5.0f;
    float d = 7.0f;
    if (threadIdx.x == 0) {
      common[0] = 2.0f;
      common[1] = 3.0f;
    }
    __syncthreads();
    Out[tid] = 0.0f;
    for (int k = tid; k < Width * Width; k += Width) {
      Out[tid] += In[k] / (common[0] - common[1]);
      Out[tid] -= In[k] / (c - d);
      float aux = common[0];
      // Everyone has read the old pair before thread 0 rotates it.
      __syncthreads();
      if (threadIdx.x == 0) {
        common[0] = common[1];
        common[1] = c;
      }
      __syncthreads();
      c = d;
      d = aux;
    }
  }
}

int main() {
  int cells = WIDTH * WIDTH;
  float *hin = (float *)malloc(cells * sizeof(float));
  float *out1 = (float *)malloc(WIDTH * sizeof(float));
  float *out2 = (float *)malloc(WIDTH * sizeof(float));
  float *expected = (float *)malloc(WIDTH * sizeof(float));
  for (int k = 0; k < cells; k++) {
    hin[k] = (float)((k * 7) % 23 - 11);
  }
  for (int tid = 0; tid < WIDTH; tid++) {
    float acc = 0.0f;
    float a = 2.0f, b = 3.0f, c = 5.0f, d = 7.0f;
    for (int k = tid; k < cells; k += WIDTH) {
      acc += hin[k] / (a - b);
      acc -= hin[k] / (c - d);
      float aux = a;
      a = b;
      b = c;
      c = d;
      d = aux;
    }
    expected[tid] = acc;
  }

  float *din;
  float *dout;
  cudaMalloc((void **)&din, cells * sizeof(float));
  cudaMalloc((void **)&dout, WIDTH * sizeof(float));
  cudaMemcpy(din, hin, cells * sizeof(float), cudaMemcpyHostToDevice);
  regPress1<<<1, WIDTH>>>(din, dout, WIDTH);
  cudaDeviceSynchronize();
  cudaMemcpy(out1, dout, WIDTH * sizeof(float), cudaMemcpyDeviceToHost);
  regPress2<<<1, WIDTH>>>(din, dout, WIDTH);
  cudaDeviceSynchronize();
  cudaMemcpy(out2, dout, WIDTH * sizeof(float), cudaMemcpyDeviceToHost);

  int errors = 0;
  double checksum = 0.0;
  for (int tid = 0; tid < WIDTH; tid++) {
    if (out1[tid] != expected[tid] || out2[tid] != expected[tid]) {
      errors++;
    }
    checksum += out1[tid];
  }
  printf("slides_regpress: width=%d out[0]=%.4f out[63]=%.4f checksum=%.4f errors=%d\n", WIDTH,
         out1[0], out1[WIDTH - 1], checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");
  cudaFree(din);
  cudaFree(dout);
  free(hin);
  free(out1);
  free(out2);
  free(expected);
  return 0;
}
