// --print-divergence on the kernels of examples/fir.cu.
// Host code has no device branches, so only the kernels' lines appear.
// RUN: lockstepc %S/../../../examples/fir.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: The loop condition `i < flen`: i starts at the constant 0 and steps by 1,
// flen is a kernel argument, so every thread runs the same trip count:
// uniform. (idx = threadIdx.x only feeds addresses, not control.)
//
// CHECK: .cu:21:19: fir: uniform branch
