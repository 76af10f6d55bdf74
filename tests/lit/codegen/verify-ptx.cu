// --verify-ptx assembles the PTX with ptxas for the target and reports a
// rejection with ptxas's message (the pinned ptxas, CUDA 13, no longer
// knows sm_70; the PTX itself is fine for later targets).
// RUN: lockstepc --emit=ptx --verify-ptx %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=OK < %t.ptx
// RUN: not lockstepc --emit=ptx --sm=sm_70 --verify-ptx %s -o %t.70.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.70.ptx

// OK: .entry k(
// CHECK: error: ptxas rejected the PTX for sm_70: ptxas fatal {{.*}}sm_70
__global__ void k(int *x) { x[threadIdx.x] = 1; }

int main() { return 0; }
