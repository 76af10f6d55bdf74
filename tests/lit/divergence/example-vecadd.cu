// --print-divergence on the kernels of examples/vecadd.cu.
// The front end does not compile the examples' host code yet (printf
// with a non-literal %s argument), so the test keeps what precedes
// `int main`; line and column numbers are the example's own.
// RUN: sed '/^int main/,$d' %S/../../../examples/vecadd.cu > %t.cu
// RUN: lockstepc %t.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: The guard `if (i < n)` compares i = blockIdx.x * blockDim.x + threadIdx.x
// with a kernel argument: i depends on threadIdx.x, so the branch is divergent.
//
// CHECK: .cu:20:7: vecadd: divergent branch
