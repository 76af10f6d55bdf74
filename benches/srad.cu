// srad.cu — an SRAD-like anisotropic diffusion stencil in fixed point.
//
// Shows: the two-kernel time step of speckle-reducing anisotropic
// diffusion (after Rodinia's SRAD), launched STEPS times from a host loop.
// Kernel 1 computes the four neighbour differences with boundary branches
// (edge pixels mirror themselves, i.e. the difference is 0) and a
// diffusion coefficient from the local gradient and Laplacian that is
// clamped to [0, ONE] by branches; kernel 2 updates each pixel from its own
// and its south/east neighbours' coefficients, again with boundary
// branches. All arithmetic is integer fixed point (ONE = 1024), so every
// mode is bit-identical; the host repeats it and compares every pixel.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define ROWS 96
#define COLS 96
#define STEPS 8
#define BLOCK 128
#define ONE 1024
#define Q0SQ 300

__global__ void srad_coeff(const int *image, int *dn, int *ds, int *dw, int *de, int *coeff) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= ROWS * COLS) {
    return;
  }
  int r = i / COLS;
  int c = i % COLS;
  int center = image[i];
  int n = 0;
  int s = 0;
  int w = 0;
  int e = 0;
  if (r > 0) {
    n = image[i - COLS] - center;
  }
  if (r < ROWS - 1) {
    s = image[i + COLS] - center;
  }
  if (c > 0) {
    w = image[i - 1] - center;
  }
  if (c < COLS - 1) {
    e = image[i + 1] - center;
  }
  dn[i] = n;
  ds[i] = s;
  dw[i] = w;
  de[i] = e;
  // Squared gradient and Laplacian relative to the centre value (scaled
  // by ONE), then an instantaneous coefficient of variation q^2.
  int base = center > 16 ? center : 16;
  int g2 = ((n * n + s * s + w * w + e * e) * 16) / (base * base / 64 + 1);
  int lap = ((n + s + w + e) * ONE) / base;
  int qsq;
  if (lap >= 0) {
    qsq = g2 - lap / 8;
  } else {
    qsq = g2 + (-lap) / 16;
  }
  int cval;
  if (qsq <= 0) {
    cval = ONE;
  } else {
    cval = (ONE * Q0SQ) / (Q0SQ + qsq);
    if (cval < 0) {
      cval = 0;
    } else if (cval > ONE) {
      cval = ONE;
    }
  }
  coeff[i] = cval;
}

__global__ void srad_update(int *image, const int *dn, const int *ds, const int *dw, const int *de,
                            const int *coeff) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= ROWS * COLS) {
    return;
  }
  int r = i / COLS;
  int c = i % COLS;
  int cn = coeff[i];
  int cw = coeff[i];
  int cs;
  int ce;
  if (r < ROWS - 1) {
    cs = coeff[i + COLS];
  } else {
    cs = coeff[i];
  }
  if (c < COLS - 1) {
    ce = coeff[i + 1];
  } else {
    ce = coeff[i];
  }
  int divergence = cn * dn[i] + cs * ds[i] + cw * dw[i] + ce * de[i];
  // lambda = 1/8.
  int delta = divergence / (8 * ONE);
  image[i] = image[i] + delta;
}

int main() {
  int npix = ROWS * COLS;
  int *himage = (int *)malloc(npix * sizeof(int));
  int *ref = (int *)malloc(npix * sizeof(int));
  int *rn = (int *)malloc(npix * sizeof(int));
  int *rs = (int *)malloc(npix * sizeof(int));
  int *rw = (int *)malloc(npix * sizeof(int));
  int *re = (int *)malloc(npix * sizeof(int));
  int *rc = (int *)malloc(npix * sizeof(int));
  unsigned seed = 31337u;
  for (int r = 0; r < ROWS; r++) {
    for (int c = 0; c < COLS; c++) {
      seed = seed * 1664525u + 1013904223u;
      // A bright disc on a dark background with multiplicative speckle.
      int dr = r - ROWS / 2;
      int dc = c - COLS / 2;
      int clean = (dr * dr + dc * dc < 900) ? 2000 : 600;
      int speckle = 768 + (int)((seed >> 16) % 512u);
      himage[r * COLS + c] = clean * speckle / 1024;
      ref[r * COLS + c] = himage[r * COLS + c];
    }
  }

  int *dimage;
  int *dn;
  int *ds;
  int *dw;
  int *de;
  int *dcoeff;
  cudaMalloc((void **)&dimage, npix * sizeof(int));
  cudaMalloc((void **)&dn, npix * sizeof(int));
  cudaMalloc((void **)&ds, npix * sizeof(int));
  cudaMalloc((void **)&dw, npix * sizeof(int));
  cudaMalloc((void **)&de, npix * sizeof(int));
  cudaMalloc((void **)&dcoeff, npix * sizeof(int));
  cudaMemcpy(dimage, himage, npix * sizeof(int), cudaMemcpyHostToDevice);
  int blocks = (npix + BLOCK - 1) / BLOCK;
  for (int step = 0; step < STEPS; step++) {
    srad_coeff<<<blocks, BLOCK>>>(dimage, dn, ds, dw, de, dcoeff);
    srad_update<<<blocks, BLOCK>>>(dimage, dn, ds, dw, de, dcoeff);
  }
  cudaDeviceSynchronize();
  cudaMemcpy(himage, dimage, npix * sizeof(int), cudaMemcpyDeviceToHost);

  // Host reference: the same two phases with the same integer arithmetic.
  for (int step = 0; step < STEPS; step++) {
    for (int i = 0; i < npix; i++) {
      int r = i / COLS;
      int c = i % COLS;
      int center = ref[i];
      int n = r > 0 ? ref[i - COLS] - center : 0;
      int s = r < ROWS - 1 ? ref[i + COLS] - center : 0;
      int w = c > 0 ? ref[i - 1] - center : 0;
      int e = c < COLS - 1 ? ref[i + 1] - center : 0;
      rn[i] = n;
      rs[i] = s;
      rw[i] = w;
      re[i] = e;
      int base = center > 16 ? center : 16;
      int g2 = ((n * n + s * s + w * w + e * e) * 16) / (base * base / 64 + 1);
      int lap = ((n + s + w + e) * ONE) / base;
      int qsq = lap >= 0 ? g2 - lap / 8 : g2 + (-lap) / 16;
      int cval = ONE;
      if (qsq > 0) {
        cval = (ONE * Q0SQ) / (Q0SQ + qsq);
        cval = cval < 0 ? 0 : (cval > ONE ? ONE : cval);
      }
      rc[i] = cval;
    }
    for (int i = 0; i < npix; i++) {
      int r = i / COLS;
      int c = i % COLS;
      int cs = r < ROWS - 1 ? rc[i + COLS] : rc[i];
      int ce = c < COLS - 1 ? rc[i + 1] : rc[i];
      int divergence = rc[i] * rn[i] + cs * rs[i] + rc[i] * rw[i] + ce * re[i];
      ref[i] = ref[i] + divergence / (8 * ONE);
    }
  }

  int errors = 0;
  long long sum = 0;
  int lo = himage[0];
  int hi = himage[0];
  unsigned long long checksum = 0;
  for (int i = 0; i < npix; i++) {
    if (himage[i] != ref[i]) {
      errors++;
    }
    sum += himage[i];
    lo = himage[i] < lo ? himage[i] : lo;
    hi = himage[i] > hi ? himage[i] : hi;
    checksum = checksum * 1000003ull + (unsigned long long)himage[i];
  }
  printf("srad: %dx%d steps=%d sum=%lld min=%d max=%d checksum=%llu errors=%d\n", ROWS, COLS, STEPS,
         sum, lo, hi, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dimage);
  cudaFree(dn);
  cudaFree(ds);
  cudaFree(dw);
  cudaFree(de);
  cudaFree(dcoeff);
  free(himage);
  free(ref);
  free(rn);
  free(rs);
  free(rw);
  free(re);
  free(rc);
  return errors == 0 ? 0 : 1;
}
