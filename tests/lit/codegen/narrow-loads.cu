// A short or signed char loaded and widened to int in the same block is one
// load into the 32-bit register (ld.s16/ld.s8 sign-extend, ld.u16/ld.u8
// zero-extend), not a 16-bit load and a cvt. ptxas checks the result.
// RUN: lockstepc %s -O1 --emit=ptx --verify-ptx | FileCheck %s
// RUN: lockstep-run %s -O1 | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: .entry widen(
// CHECK-DAG: ld.global.s16 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK-DAG: ld.global.s8 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK-DAG: ld.global.u16 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK-NOT: cvt.{{[su]}}32.{{[su]}}{{8|16}}
// CHECK: ret;
// OUT: 110178752
#include <cstdio>

__global__ void widen(const short *a, const signed char *b,
                      const unsigned short *c, int *out) {
  int i = threadIdx.x;
  out[i] = a[i] + b[i] + c[i];
}

int main() {
  short h[64];
  signed char g[64];
  unsigned short u[64];
  int r[64];
  for (int i = 0; i < 64; i++) {
    h[i] = (short)(i * 1000 - 30000);
    g[i] = (signed char)(i * 5 - 100);
    u[i] = (unsigned short)(i * 1000 + 1000);
  }
  short *a;
  signed char *b;
  unsigned short *c;
  int *out;
  cudaMalloc((void **)&a, sizeof(h));
  cudaMalloc((void **)&b, sizeof(g));
  cudaMalloc((void **)&c, sizeof(u));
  cudaMalloc((void **)&out, sizeof(r));
  cudaMemcpy(a, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemcpy(b, g, sizeof(g), cudaMemcpyHostToDevice);
  cudaMemcpy(c, u, sizeof(u), cudaMemcpyHostToDevice);
  widen<<<1, 64>>>(a, b, c, out);
  cudaMemcpy(r, out, sizeof(r), cudaMemcpyDeviceToHost);
  long s = 0;
  for (int i = 0; i < 64; i++)
    s += (long)r[i] * (i + 1);
  printf("%ld\n", s);
  return 0;
}
