// dct_quant.cu — an 8x8 integer DCT-like transform plus quantization.
//
// Shows: one 64-thread block per 8x8 tile of a generated image (as in JPEG
// encoders). The separable transform is two integer matrix passes through
// shared memory (rows, barrier, columns) with a fixed-point basis (cosines
// times 64, rounded), so every mode computes bit-identical results. Then
// each thread quantizes its coefficient with sign-dependent branches:
// a dead zone maps small magnitudes to 0, positive and negative values
// round away from zero separately, and large values are clamped. The host
// runs the same integer arithmetic and compares every coefficient.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define WIDTH 256
#define HEIGHT 128
#define TILE 8
#define CLAMP 1023

// basis[u * 8 + x] ~ 64 * c(u) * cos((2x + 1) u pi / 16); quant[u * 8 + v]
// is the step for coefficient (u, v).
__global__ void dct_quantize(const int *image, const int *basis, const int *quant, int *coeffs,
                             int *zeros) {
  __shared__ int pixels[TILE * TILE];
  __shared__ int rows[TILE * TILE];
  int tiles_x = WIDTH / TILE;
  int tile_x = blockIdx.x % tiles_x;
  int tile_y = blockIdx.x / tiles_x;
  int u = threadIdx.x / TILE;
  int v = threadIdx.x % TILE;
  int px = tile_x * TILE + v;
  int py = tile_y * TILE + u;
  // Level shift as in JPEG: pixels are 0..255, the transform sees -128..127.
  pixels[threadIdx.x] = image[py * WIDTH + px] - 128;
  __syncthreads();

  // Row pass: rows[y][v] = sum_x pixels[y][x] * basis[v][x] (scaled by 64).
  int acc = 0;
  for (int x = 0; x < TILE; x++) {
    acc += pixels[u * TILE + x] * basis[v * TILE + x];
  }
  rows[u * TILE + v] = acc / 64;
  __syncthreads();

  // Column pass: coefficient (u, v) = sum_y basis[u][y] * rows[y][v].
  int c = 0;
  for (int y = 0; y < TILE; y++) {
    c += basis[u * TILE + y] * rows[y * TILE + v];
  }
  c = c / 512;

  int q = quant[u * TILE + v];
  int level;
  if (c > -q / 2 && c < q / 2) {
    // Dead zone.
    level = 0;
    atomicAdd(zeros, 1);
  } else if (c >= 0) {
    level = (c + q / 2) / q;
    if (level > CLAMP) {
      level = CLAMP;
    }
  } else {
    level = -((-c + q / 2) / q);
    if (level < -CLAMP) {
      level = -CLAMP;
    }
  }
  coeffs[blockIdx.x * TILE * TILE + threadIdx.x] = level;
}

int main() {
  // Fixed-point DCT basis: round(64 * c(u) * cos((2x+1) u pi / 16)), with
  // c(0) = 1/sqrt(2) and c(u) = 1 otherwise.
  int hbasis[64] = {45, 45,  45,  45,  45,  45,  45,  45,  63, 53,  36,  12,  -12, -36, -53, -63,
                    59, 24,  -24, -59, -59, -24, 24,  59,  53, -12, -63, -36, 36,  63,  12,  -53,
                    45, -45, -45, 45,  45,  -45, -45, 45,  36, -63, 12,  53,  -53, -12, 63,  -36,
                    24, -59, 59,  -24, -24, 59,  -59, 24,  12, -36, 53,  -63, 63,  -53, 36,  -12};
  int hquant[64];
  for (int u = 0; u < TILE; u++) {
    for (int v = 0; v < TILE; v++) {
      hquant[u * TILE + v] = 8 + 3 * (u + v) + ((u * v) % 5);
    }
  }
  int npix = WIDTH * HEIGHT;
  int *himage = (int *)malloc(npix * sizeof(int));
  unsigned seed = 12345u;
  for (int y = 0; y < HEIGHT; y++) {
    for (int x = 0; x < WIDTH; x++) {
      seed = seed * 1664525u + 1013904223u;
      // Smooth gradients plus noise and a few hard edges.
      int base = (x * 2 + y * 3) % 256;
      int noise = (int)((seed >> 20) % 32u) - 16;
      int edge = ((x / 24 + y / 20) % 2) * 60;
      int p = base / 2 + noise + edge + 40;
      himage[y * WIDTH + x] = p < 0 ? 0 : (p > 255 ? 255 : p);
    }
  }

  int ntiles = (WIDTH / TILE) * (HEIGHT / TILE);
  int ncoeffs = ntiles * TILE * TILE;
  int *hcoeffs = (int *)malloc(ncoeffs * sizeof(int));
  int hzeros = 0;

  int *dimage;
  int *dbasis;
  int *dquant;
  int *dcoeffs;
  int *dzeros;
  cudaMalloc((void **)&dimage, npix * sizeof(int));
  cudaMalloc((void **)&dbasis, 64 * sizeof(int));
  cudaMalloc((void **)&dquant, 64 * sizeof(int));
  cudaMalloc((void **)&dcoeffs, ncoeffs * sizeof(int));
  cudaMalloc((void **)&dzeros, sizeof(int));
  cudaMemcpy(dimage, himage, npix * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dbasis, hbasis, 64 * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dquant, hquant, 64 * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dzeros, &hzeros, sizeof(int), cudaMemcpyHostToDevice);
  dct_quantize<<<ntiles, TILE * TILE>>>(dimage, dbasis, dquant, dcoeffs, dzeros);
  cudaDeviceSynchronize();
  cudaMemcpy(hcoeffs, dcoeffs, ncoeffs * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&hzeros, dzeros, sizeof(int), cudaMemcpyDeviceToHost);

  // Host reference with the same integer arithmetic.
  int errors = 0;
  int ref_zeros = 0;
  int rows[64];
  long long checksum = 0;
  int max_level = 0;
  for (int t = 0; t < ntiles; t++) {
    int tile_x = t % (WIDTH / TILE);
    int tile_y = t / (WIDTH / TILE);
    for (int y = 0; y < TILE; y++) {
      for (int v = 0; v < TILE; v++) {
        int acc = 0;
        for (int x = 0; x < TILE; x++) {
          int p = himage[(tile_y * TILE + y) * WIDTH + tile_x * TILE + x] - 128;
          acc += p * hbasis[v * TILE + x];
        }
        rows[y * TILE + v] = acc / 64;
      }
    }
    for (int u = 0; u < TILE; u++) {
      for (int v = 0; v < TILE; v++) {
        int c = 0;
        for (int y = 0; y < TILE; y++) {
          c += hbasis[u * TILE + y] * rows[y * TILE + v];
        }
        c = c / 512;
        int q = hquant[u * TILE + v];
        int level = 0;
        if (c > -q / 2 && c < q / 2) {
          ref_zeros++;
        } else if (c >= 0) {
          level = (c + q / 2) / q;
          level = level > CLAMP ? CLAMP : level;
        } else {
          level = -((-c + q / 2) / q);
          level = level < -CLAMP ? -CLAMP : level;
        }
        int got = hcoeffs[t * 64 + u * TILE + v];
        if (got != level) {
          errors++;
        }
        checksum = checksum * 7 + got + (u * TILE + v);
        checksum = checksum % 1000000007;
        int mag = got < 0 ? -got : got;
        max_level = mag > max_level ? mag : max_level;
      }
    }
  }
  if (hzeros != ref_zeros) {
    errors++;
  }
  printf("dct_quant: tiles=%d zeros=%d max_level=%d checksum=%lld errors=%d\n", ntiles, hzeros,
         max_level, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dimage);
  cudaFree(dbasis);
  cudaFree(dquant);
  cudaFree(dcoeffs);
  cudaFree(dzeros);
  free(himage);
  free(hcoeffs);
  return errors == 0 ? 0 : 1;
}
