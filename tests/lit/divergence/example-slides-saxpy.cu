// --print-divergence on the kernels of examples/slides_saxpy.cu.
// The front end does not compile the examples' host code yet (printf
// with a non-literal %s argument), so the test keeps what precedes
// `int main`; line and column numbers are the example's own.
// RUN: sed '/^int main/,$d' %S/../../../examples/slides_saxpy.cu > %t.cu
// RUN: lockstepc %t.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: `i < n` with i derived from threadIdx.x: divergent (alpha and n are
// uniform kernel arguments, but the comparison is not).
//
// CHECK: .cu:17:7: saxpy: divergent branch
