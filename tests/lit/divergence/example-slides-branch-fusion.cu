// --print-divergence on the kernels of examples/slides_branch_fusion.cu.
// Host code has no device branches, so only the kernels' lines appear.
// RUN: lockstepc %S/../../../examples/slides_branch_fusion.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: `y != 0.0f` with y = u[tid], a load at a thread-dependent address:
// divergent.
//
// CHECK: .cu:20:7: exampleKernel: divergent branch
