// --print-divergence on the kernels of examples/fir.cu.
// The front end does not compile the examples' host code yet (printf
// with a non-literal %s argument), so the test keeps what precedes
// `int main`; line and column numbers are the example's own.
// RUN: sed '/^int main/,$d' %S/../../../examples/fir.cu > %t.cu
// RUN: lockstepc %t.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: The loop condition `i < flen`: i starts at the constant 0 and steps by 1,
// flen is a kernel argument, so every thread runs the same trip count:
// uniform. (idx = threadIdx.x only feeds addresses, not control.)
//
// CHECK: .cu:21:19: fir: uniform branch
