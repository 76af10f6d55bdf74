// --print-divergence on the kernels of examples/early_exit.cu.
// Host code has no device branches, so only the kernels' lines appear.
// RUN: lockstepc %S/../../../examples/early_exit.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: hash_rounds: `if (i >= n)` depends on threadIdx.x: divergent. The
// `for (r = 0; r < rounds; r++)` condition depends only on the constant
// start and a kernel argument: uniform, even though it runs after some
// threads returned (uniform = all *active* threads agree).
// first_threads: `if (threadIdx.x <= ACTIVE_LIMIT)` is divergent, and so is
// `k <= (int)threadIdx.x`, a bound that differs per thread.
//
// CHECK: .cu:27:7: hash_rounds: divergent branch
// CHECK-NEXT: .cu:32:19: hash_rounds: uniform branch
// CHECK-NEXT: .cu:42:7: first_threads: divergent branch
// CHECK-NEXT: .cu:44:21: first_threads: divergent branch
