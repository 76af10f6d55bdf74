// --print-divergence on the kernels of examples/slides_saxpy.cu.
// Host code has no device branches, so only the kernels' lines appear.
// RUN: lockstepc %S/../../../examples/slides_saxpy.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: `i < n` with i derived from threadIdx.x: divergent (alpha and n are
// uniform kernel arguments, but the comparison is not).
//
// CHECK: .cu:17:7: saxpy: divergent branch
