// transpose.cu — 2-D matrix transpose, naive and through a shared tile.
//
// Shows: 2-D launches (`dim3` grid and block, threadIdx.y / blockIdx.y),
// bounds checks in both dimensions (the matrix is not a multiple of the
// tile), and the classic shared-memory tile: a block reads a TILE x TILE
// tile with coalesced loads, waits at `__syncthreads()`, and writes it back
// transposed, also coalesced. The tile rows are padded by one element so
// the column-wise reads hit distinct shared-memory banks. `transpose_naive`
// does the same with strided global stores, for comparison of memory
// metrics. Values are integers stored as floats: the copy is exact.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define WIDTH 100
#define HEIGHT 72
#define TILE 16
#define PADDED (TILE + 1)

__global__ void transpose_naive(const float *in, float *out, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    out[x * height + y] = in[y * width + x];
  }
}

__global__ void transpose_tiled(const float *in, float *out, int width, int height) {
  __shared__ float tile[TILE * PADDED];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < width && y < height) {
    tile[threadIdx.y * PADDED + threadIdx.x] = in[y * width + x];
  }
  __syncthreads();
  // Swap the block coordinates; threadIdx.x still runs along a row of `out`.
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < height && y < width) {
    out[y * height + x] = tile[threadIdx.x * PADDED + threadIdx.y];
  }
}

int main() {
  int cells = WIDTH * HEIGHT;
  float *hin = (float *)malloc(cells * sizeof(float));
  float *hout = (float *)malloc(cells * sizeof(float));
  for (int i = 0; i < cells; i++) {
    hin[i] = (float)((i * 37) % 1009);
  }
  float *din;
  float *dout;
  cudaMalloc((void **)&din, cells * sizeof(float));
  cudaMalloc((void **)&dout, cells * sizeof(float));
  cudaMemcpy(din, hin, cells * sizeof(float), cudaMemcpyHostToDevice);

  dim3 block(TILE, TILE);
  dim3 grid((WIDTH + TILE - 1) / TILE, (HEIGHT + TILE - 1) / TILE, 1);
  int errors = 0;
  double checksum = 0.0;
  for (int variant = 0; variant < 2; variant++) {
    for (int i = 0; i < cells; i++) {
      hout[i] = -1.0f;
    }
    cudaMemcpy(dout, hout, cells * sizeof(float), cudaMemcpyHostToDevice);
    if (variant == 0) {
      transpose_naive<<<grid, block>>>(din, dout, WIDTH, HEIGHT);
    } else {
      transpose_tiled<<<grid, block>>>(din, dout, WIDTH, HEIGHT);
    }
    cudaDeviceSynchronize();
    cudaMemcpy(hout, dout, cells * sizeof(float), cudaMemcpyDeviceToHost);
    // out is HEIGHT wide and WIDTH tall: out[x][y] = in[y][x].
    for (int y = 0; y < HEIGHT; y++) {
      for (int x = 0; x < WIDTH; x++) {
        float got = hout[x * HEIGHT + y];
        if (got != hin[y * WIDTH + x]) {
          errors++;
        }
        checksum += got * (double)((x + 2 * y) % 5 + 1);
      }
    }
  }
  printf("transpose: %dx%d tile=%d grid=%ux%u checksum=%.1f errors=%d\n", WIDTH, HEIGHT, TILE,
         grid.x, grid.y, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");
  cudaFree(din);
  cudaFree(dout);
  free(hin);
  free(hout);
  return 0;
}
