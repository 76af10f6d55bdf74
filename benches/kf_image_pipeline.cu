// kf_image_pipeline.cu — per-frame image stages: point operations, a blur and
// a per-row mirror test.
//
// Shows: a host loop over FRAMES greyscale frames of W x H pixels (one thread
// per pixel on a one-dimensional grid, one block per row). Each frame runs
//   brightness -> curve -> threshold   point operations, adjacent launches,
//                                      each reading only its own pixel: the
//                                      classic fusion chain;
//   blur                               3x3 box filter on the thresholded
//                                      image: reads neighbouring pixels that
//                                      other threads wrote, a grid-wide
//                                      dependence, so it must not fuse with
//                                      threshold;
//   mirror -> symmetry                 mirror writes each row reversed
//                                      (`m[bid*bdim + bdim-1-tid]`), symmetry
//                                      reads `m[bid*bdim + tid]`: the data
//                                      stays in the block's own row, so the
//                                      pair fuses with a barrier at the seam.
// The brightness output lives in a scratch buffer that is allocated per frame
// and freed right after curve, its last reader: once brightness and curve are
// fused, the store to it is dead. The blurred frame is copied back between
// blur and mirror (the host checks it), which also keeps those two apart. The
// curve is a fixed-point gamma-like map, so all arithmetic is integer and the
// host replay is exact.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define W 128
#define H 32
#define BLOCK 128
#define FRAMES 5

__global__ void brightness(const int *img, int *bright, int n, int offset) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    bright[i] = min(max(img[i] + offset, 0), 255);
  }
}

// y = x * (512 - x) / 256: 0 -> 0, 255 -> 255, brightening the mid-tones
// like a gamma below one.
__global__ void curve(const int *bright, int *tone, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int x = bright[i];
    tone[i] = (x * (512 - x)) >> 8;
  }
}

// Pixels at or above the level saturate, the rest are darkened. Written
// without a conditional expression so that the store stays in the block of
// the `i < n` guard, where the fusion analysis compares guards.
__global__ void threshold(int *tone, int n, int level) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int x = tone[i];
    int dark = (int)(x < level);
    tone[i] = dark * (x >> 2) + (1 - dark) * 255;
  }
}

// Box filter over the 3x3 neighbourhood clamped to the image.
__global__ void blur(const int *tone, int *out, int w, int h) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < w * h) {
    int x = i % w;
    int y = i / w;
    int sum = 0;
    for (int dy = -1; dy <= 1; dy++) {
      int yy = min(max(y + dy, 0), h - 1);
      for (int dx = -1; dx <= 1; dx++) {
        int xx = min(max(x + dx, 0), w - 1);
        sum += tone[yy * w + xx];
      }
    }
    out[i] = sum / 9;
  }
}

// One block per row: each thread stores its pixel at the mirrored column.
__global__ void mirror(const int *out, int *mirrored) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  mirrored[blockIdx.x * blockDim.x + blockDim.x - 1 - threadIdx.x] = out[i];
}

__global__ void symmetry(const int *out, const int *mirrored, int *diff) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int d = out[i] - mirrored[blockIdx.x * blockDim.x + threadIdx.x];
  diff[i] = max(d, -d);
}

int main() {
  int n = W * H;
  int bytes = n * sizeof(int);
  int *img = (int *)malloc(bytes);
  int *hblur = (int *)malloc(bytes);
  int *hdiff = (int *)malloc(bytes);
  int *rtone = (int *)malloc(bytes);
  int *rblur = (int *)malloc(bytes);
  // A smooth diagonal ramp plus noise, so thresholding leaves shapes.
  unsigned seed = 8086u;
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) {
      seed = seed * 1664525u + 1013904223u;
      img[y * W + x] = (x + 3 * y) % 200 + (int)((seed >> 24) % 56u);
    }
  }

  int *dimg;
  int *dtone;
  int *dblur;
  int *dmirror;
  int *ddiff;
  cudaMalloc((void **)&dimg, bytes);
  cudaMalloc((void **)&dtone, bytes);
  cudaMalloc((void **)&dblur, bytes);
  cudaMalloc((void **)&dmirror, bytes);
  cudaMalloc((void **)&ddiff, bytes);
  cudaMemcpy(dimg, img, bytes, cudaMemcpyHostToDevice);
  int grid = n / BLOCK;

  int errors = 0;
  unsigned long long checksum = 0;
  for (int frame = 0; frame < FRAMES; frame++) {
    int offset = frame * 23 - 40;
    int level = 150 + frame * 10;
    int *dbright;
    cudaMalloc((void **)&dbright, bytes);
    brightness<<<grid, BLOCK>>>(dimg, dbright, n, offset);
    curve<<<grid, BLOCK>>>(dbright, dtone, n);
    cudaFree(dbright);
    threshold<<<grid, BLOCK>>>(dtone, n, level);
    blur<<<grid, BLOCK>>>(dtone, dblur, W, H);
    cudaMemcpy(hblur, dblur, bytes, cudaMemcpyDeviceToHost);
    mirror<<<grid, BLOCK>>>(dblur, dmirror);
    symmetry<<<grid, BLOCK>>>(dblur, dmirror, ddiff);
    cudaMemcpy(hdiff, ddiff, bytes, cudaMemcpyDeviceToHost);

    // Host reference for this frame.
    for (int i = 0; i < n; i++) {
      int b = img[i] + offset;
      b = b < 0 ? 0 : (b > 255 ? 255 : b);
      int t = (b * (512 - b)) >> 8;
      rtone[i] = t >= level ? 255 : t >> 2;
    }
    for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
        int sum = 0;
        for (int dy = -1; dy <= 1; dy++) {
          int yy = y + dy;
          yy = yy < 0 ? 0 : (yy > H - 1 ? H - 1 : yy);
          for (int dx = -1; dx <= 1; dx++) {
            int xx = x + dx;
            xx = xx < 0 ? 0 : (xx > W - 1 ? W - 1 : xx);
            sum += rtone[yy * W + xx];
          }
        }
        rblur[y * W + x] = sum / 9;
      }
    }
    int frame_errors = 0;
    int asymmetry = 0;
    for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
        int i = y * W + x;
        int d = rblur[i] - rblur[y * W + (W - 1 - x)];
        d = d < 0 ? -d : d;
        asymmetry += d;
        if (hblur[i] != rblur[i] || hdiff[i] != d) {
          frame_errors++;
        }
      }
    }
    errors += frame_errors;
    printf("frame %d: offset=%d level=%d blur[300]=%d asymmetry=%d\n", frame, offset, level,
           hblur[300], asymmetry);
    checksum = checksum * 1000003ull + (unsigned long long)asymmetry;
    for (int i = 0; i < n; i += 7) {
      checksum = checksum * 31ull + (unsigned long long)hblur[i];
    }
  }

  printf("kf_image_pipeline: %dx%d frames=%d launches=%d checksum=%llu errors=%d\n", W, H, FRAMES,
         6 * FRAMES, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dimg);
  cudaFree(dtone);
  cudaFree(dblur);
  cudaFree(dmirror);
  cudaFree(ddiff);
  free(img);
  free(hblur);
  free(hdiff);
  free(rtone);
  free(rblur);
  return errors == 0 ? 0 : 1;
}
