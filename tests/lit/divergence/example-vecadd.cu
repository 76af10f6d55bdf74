// --print-divergence on the kernels of examples/vecadd.cu.
// Host code has no device branches, so only the kernels' lines appear.
// RUN: lockstepc %S/../../../examples/vecadd.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: The guard `if (i < n)` compares i = blockIdx.x * blockDim.x + threadIdx.x
// with a kernel argument: i depends on threadIdx.x, so the branch is divergent.
//
// CHECK: .cu:20:7: vecadd: divergent branch
