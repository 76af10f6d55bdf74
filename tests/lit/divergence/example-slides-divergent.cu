// --print-divergence on the kernels of examples/slides_divergent.cu.
// Host code has no device branches, so only the kernels' lines appear.
// RUN: lockstepc %S/../../../examples/slides_divergent.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: `v[tid] < 0.0f` loads at a thread-dependent address: divergent.
//
// CHECK: .cu:16:7: ex: divergent branch
