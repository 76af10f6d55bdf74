// --print-divergence on the kernels of examples/slides_dec2zero.cu.
// The front end does not compile the examples' host code yet (printf
// with a non-literal %s argument), so the test keeps what precedes
// `int main`; line and column numbers are the example's own.
// RUN: sed '/^int main/,$d' %S/../../../examples/slides_dec2zero.cu > %t.cu
// RUN: lockstepc %t.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: `xIndex < n` depends on threadIdx.x: divergent. `v[xIndex] > 0`
// loads at a thread-dependent address (and the loop's trip count is that
// value): divergent. The host function init_pattern is not device code and
// is not reported.
//
// CHECK: .cu:19:7: dec2zero: divergent branch
// CHECK-NEXT: .cu:20:12: dec2zero: divergent branch
