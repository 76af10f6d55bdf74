// --print-divergence on the kernels of examples/slides_branch_fusion.cu.
// The front end does not compile the examples' host code yet (printf
// with a non-literal %s argument), so the test keeps what precedes
// `int main`; line and column numbers are the example's own.
// RUN: sed '/^int main/,$d' %S/../../../examples/slides_branch_fusion.cu > %t.cu
// RUN: lockstepc %t.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: `y != 0.0f` with y = u[tid], a load at a thread-dependent address:
// divergent.
//
// CHECK: .cu:20:7: exampleKernel: divergent branch
