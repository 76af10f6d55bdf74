// --device-ptx reads its file as lockstepc and lockstep-opt read theirs:
// bytes that are not UTF-8 become U+FFFD. In a comment that is harmless (ptxas
// accepts it too); anywhere else the reader locates it, with exit status 1.
// RUN: lockstepc %s -O3 --emit=ptx -o %t.good.ptx
// RUN: printf '// a comment with a \377 byte\n' | cat - %t.good.ptx > %t.comment.ptx
// RUN: lockstep-run %s --device-ptx %t.comment.ptx | FileCheck %s --check-prefix=COMMENT
// COMMENT: sum 496
// RUN: printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry fill(.param .u64 p)\n{\n\tret; \377\n}\n' > %t.bad.ptx
// RUN: lockstep-run %s --device-ptx %t.bad.ptx 2> %t.bad.err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=BAD < %t.bad.err
// BAD: bad.ptx:6:7: error: unsupported or malformed PTX
// BAD-NOT: UTF-8
#include <cstdio>

__global__ void fill(int *p) { p[threadIdx.x] = threadIdx.x; }

int main() {
  int *d;
  int h[32];
  cudaMalloc((void **)&d, sizeof(h));
  fill<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  int sum = 0;
  for (int i = 0; i < 32; i++)
    sum += h[i];
  printf("sum %d\n", sum);
  return 0;
}
