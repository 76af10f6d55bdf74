// Memory a PTX module asks for is checked before the simulator allocates
// it: over the limit is an error located at the declaration, exit status 1.
// 1 GiB of local memory per thread (it used to allocate 32 GiB per warp and
// abort); sm_80's limit is 512 KiB.
// RUN: printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry fill(.param .u64 p)\n{\n\t.local .align 4 .b8 depot[1073741824];\n\tret;\n}\n' > %t.local.ptx
// RUN: not lockstep-run %s --device-ptx %t.local.ptx 2>&1 | FileCheck %s --check-prefix=LOCAL
// LOCAL: local.ptx:6:22: error: 'depot' brings the local memory of fill per thread to 1073741824 bytes, over the limit of 524288
// LOCAL-NEXT: {{^}}	.local .align 4 .b8 depot[1073741824];
// LOCAL-NOT: device fault
// 2^32 + 8 bytes of shared memory (it used to wrap to 8 bytes and run).
// RUN: printf '.version 8.0\n.target sm_80\n.address_size 64\n.shared .align 4 .b8 sh[4294967304];\n.visible .entry fill(.param .u64 p)\n{\n\tret;\n}\n' > %t.shared.ptx
// RUN: not lockstep-run %s --device-ptx %t.shared.ptx 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: shared.ptx:4:22: error: 'sh' brings static shared memory per CTA to 4294967304 bytes, over the limit of 232448
// A size whose product overflows u64.
// RUN: printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry fill(.param .u64 p)\n{\n\t.local .b32 t[4294967296][4294967296];\n\tret;\n}\n' > %t.wrap.ptx
// RUN: not lockstep-run %s --device-ptx %t.wrap.ptx 2>&1 | FileCheck %s --check-prefix=WRAP
// WRAP: wrap.ptx:6:{{[0-9]+}}: error: array too large
// At the limit, the program runs.
// RUN: printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry fill(.param .u64 p)\n{\n\t.local .align 4 .b8 depot[524288];\n\tret;\n}\n' > %t.ok.ptx
// RUN: lockstep-run %s --device-ptx %t.ok.ptx | FileCheck %s --check-prefix=OK
// OK: ran
#include <cstdio>

__global__ void fill(int *p) { p[threadIdx.x] = threadIdx.x; }

int main() {
  int *d;
  cudaMalloc((void **)&d, 32 * sizeof(int));
  fill<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  printf("ran\n");
  return 0;
}
