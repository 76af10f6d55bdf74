// --print-divergence on the kernels of examples/slides_divergent.cu.
// The front end does not compile the examples' host code yet (printf
// with a non-literal %s argument), so the test keeps what precedes
// `int main`; line and column numbers are the example's own.
// RUN: sed '/^int main/,$d' %S/../../../examples/slides_divergent.cu > %t.cu
// RUN: lockstepc %t.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: `v[tid] < 0.0f` loads at a thread-dependent address: divergent.
//
// CHECK: .cu:16:7: ex: divergent branch
