// Found by the campaign (seed 1518): nvcc -O3 compiles a dot product of shorts and bytes to
// `dp2a.lo.s32.s32`, which the PTX reader refused. It must now give -O0's output.
#include <cstdio>

// Byte and short dot products: nvcc -O3 turns these into dp4a and dp2a.
__global__ void dots(const unsigned *a, const unsigned *b, int *out) {
  int i = threadIdx.x;
  unsigned x = a[i], y = b[i];
  int acc = i;
  for (int k = 0; k < 4; k++)
    acc += (int)(signed char)(x >> (8 * k)) * (int)(unsigned char)(y >> (8 * k));
  out[2 * i] = acc;
  int acc2 = -i;
  for (int k = 0; k < 2; k++)
    acc2 += (int)(short)(x >> (16 * k)) * (int)(signed char)(y >> (16 + 8 * k));
  out[2 * i + 1] = acc2;
}

int main() {
  const int n = 64;
  unsigned ha[n], hb[n];
  int hout[2 * n];
  for (int i = 0; i < n; i++) {
    ha[i] = (unsigned)i * 2654435761u;
    hb[i] = (unsigned)(i + 7) * 2246822519u;
  }
  unsigned *da, *db;
  int *dout;
  cudaMalloc((void **)&da, sizeof(ha));
  cudaMalloc((void **)&db, sizeof(hb));
  cudaMalloc((void **)&dout, sizeof(hout));
  cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice);
  cudaMemcpy(db, hb, sizeof(hb), cudaMemcpyHostToDevice);
  dots<<<1, n>>>(da, db, dout);
  cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost);
  long long sum = 0;
  for (int i = 0; i < 2 * n; i++) sum = sum * 31 + hout[i];
  printf("%d %d %d %d %lld\n", hout[0], hout[1], hout[2 * n - 2], hout[2 * n - 1], sum);
  return 0;
}
