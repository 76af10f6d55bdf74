// --device-ptx checks operand register classes against the instruction's
// type, as ptxas does: a .pred register as an add.s32 source, a .b16 where
// .f32 is needed and a .b32 register as setp's result are each a located
// error naming the operand and the classes that would do, with exit status 1.
// RUN: printf '%%s\n' '.version 8.0' '.target sm_80' '.address_size 64' '.visible .entry fill(.param .u64 p)' '{' '.reg .pred %p<2>;' '.reg .b32 %r<4>;' 'add.s32 %r1, %p1, %r2;' 'ret;' '}' > %t.pred.ptx
// RUN: not lockstep-run %s --device-ptx %t.pred.ptx 2>&1 | FileCheck %s --check-prefix=PRED
// PRED: pred.ptx:8:14: error: '%p1' is a .pred register, but source operand 1 of 'add.s32' must be a 32-bit integer register (.b32, .u32 or .s32)
// PRED-NEXT: {{^}}add.s32 %r1, %p1, %r2;
// PRED-NEXT: {{^}}             ^
// PRED-NOT: lockstep-run: error:
// RUN: printf '%%s\n' '.version 8.0' '.target sm_80' '.address_size 64' '.visible .entry fill(.param .u64 p)' '{' '.reg .b16 %rs<2>;' '.reg .f32 %f<4>;' 'add.f32 %f1, %f2, %rs1;' 'ret;' '}' > %t.b16.ptx
// RUN: not lockstep-run %s --device-ptx %t.b16.ptx 2>&1 | FileCheck %s --check-prefix=B16
// B16: b16.ptx:8:19: error: '%rs1' is a .b16 register, but source operand 2 of 'add.f32' must be a .f32 or .b32 register
// RUN: printf '%%s\n' '.version 8.0' '.target sm_80' '.address_size 64' '.visible .entry fill(.param .u64 p)' '{' '.reg .b32 %r<4>;' 'setp.lt.s32 %r1, %r2, %r3;' 'ret;' '}' > %t.setp.ptx
// RUN: not lockstep-run %s --device-ptx %t.setp.ptx 2>&1 | FileCheck %s --check-prefix=SETP
// SETP: setp.ptx:7:13: error: '%r1' is a .b32 register, but the result of 'setp.lt.s32' must be a .pred register
// A wider register where ptxas allows one (cvt, ld, st) still runs.
// RUN: printf '%%s\n' '.version 8.0' '.target sm_80' '.address_size 64' '.visible .entry fill(.param .u64 p)' '{' '.reg .b32 %r<4>;' '.reg .b64 %rd<4>;' 'ld.param.u64 %rd1, [p];' 'cvta.to.global.u64 %rd2, %rd1;' 'mov.u32 %r1, %%tid.x;' 'cvt.u64.u32 %rd3, %r1;' 'shl.b64 %rd3, %rd3, 2;' 'add.s64 %rd2, %rd2, %rd3;' 'st.global.u8 [%rd2], %r1;' 'ret;' '}' > %t.wide.ptx
// RUN: lockstep-run %s --device-ptx %t.wide.ptx | FileCheck %s --check-prefix=WIDE
// WIDE: sum 496
#include <cstdio>

__global__ void fill(int *p) { p[threadIdx.x] = threadIdx.x; }

int main() {
  int *d;
  int h[32];
  cudaMalloc((void **)&d, sizeof(h));
  for (int i = 0; i < 32; i++)
    h[i] = 0;
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
  fill<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  int sum = 0;
  for (int i = 0; i < 32; i++)
    sum += h[i];
  printf("sum %d\n", sum);
  return 0;
}
