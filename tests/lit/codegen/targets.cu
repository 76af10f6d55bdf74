// --sm chooses .target and a .version that supports it; sm_80 is the default.
// RUN: lockstepc --emit=ptx %s | FileCheck %s --check-prefix=SM80
// RUN: lockstepc --emit=ptx --sm=sm_90 %s | FileCheck %s --check-prefix=SM90
// RUN: lockstepc --emit=ptx --sm=sm_86 %s | FileCheck %s --check-prefix=SM86
// RUN: not lockstepc --emit=ptx --sm=sm_52 %s 2>&1 | FileCheck %s --check-prefix=BAD

// SM80: .version 8.0
// SM80-NEXT: .target sm_80
// SM80-NEXT: .address_size 64
// SM90: .version 8.0
// SM90-NEXT: .target sm_90
// SM86: .target sm_86
// BAD: error: unknown target 'sm_52'; valid targets: sm_70, sm_75, sm_80, sm_86, sm_89, sm_90
__global__ void k(float *x) { x[threadIdx.x] *= 2.0f; }

int main() { return 0; }
