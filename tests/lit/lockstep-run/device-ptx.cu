// --device-ptx takes the kernels from another PTX file. A file the reader
// rejects is a located diagnostic (the PTX's file:line:col and line) with
// exit status 1; a file without the launched kernel fails at the launch.
// RUN: printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry fill(.param .u64 p)\n{\n\tfoo.bar;\n\tret;\n}\n' > %t.bad.ptx
// RUN: not lockstep-run %s --device-ptx %t.bad.ptx 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: bad.ptx:6:2: error: unsupported instruction 'foo'
// BAD-NEXT: {{^}}	foo.bar;
// BAD-NEXT: {{^}}	^
// BAD-NOT: lockstep-run: error:
// RUN: printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry other()\n{\n\tret;\n}\n' > %t.other.ptx
// RUN: not lockstep-run %s --device-ptx %t.other.ptx 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: device-ptx.cu:[[@LINE+12]]:3: error: 'host.launch' launch of 'fill': no loaded PTX defines this kernel
// RUN: lockstepc %s -O3 --emit=ptx -o %t.good.ptx
// RUN: lockstep-run %s --device-ptx %t.good.ptx | FileCheck %s --check-prefix=GOOD
// GOOD: sum 496
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
