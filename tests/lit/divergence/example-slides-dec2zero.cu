// --print-divergence on the kernels of examples/slides_dec2zero.cu.
// Host code has no device branches, so only the kernels' lines appear.
// RUN: lockstepc %S/../../../examples/slides_dec2zero.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: `xIndex < n` depends on threadIdx.x: divergent. `v[xIndex] > 0`
// loads at a thread-dependent address (and the loop's trip count is that
// value): divergent. The host function init_pattern is not device code and
// is not reported.
//
// CHECK: .cu:19:7: dec2zero: divergent branch
// CHECK-NEXT: .cu:20:12: dec2zero: divergent branch
