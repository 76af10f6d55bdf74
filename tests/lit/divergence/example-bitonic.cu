// --print-divergence on the kernels of examples/bitonic.cu.
// Host code has no device branches, so only the kernels' lines appear.
// RUN: lockstepc %S/../../../examples/bitonic.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: The two loop conditions `k <= NUM` and `j > 0` only involve k (2,
// doubling) and j (k/2, halving): uniform. `ixj > tid` with ixj = tid ^ j:
// divergent. `(tid & k) == 0`: divergent. The two swaps compare
// shared[tid] with shared[ixj], loads at thread-dependent addresses:
// divergent.
//
// CHECK: .cu:24:24: bitonic_sort: uniform branch
// CHECK-NEXT: .cu:25:30: bitonic_sort: uniform branch
// CHECK-NEXT: .cu:27:11: bitonic_sort: divergent branch
// CHECK-NEXT: .cu:28:13: bitonic_sort: divergent branch
// CHECK-NEXT: .cu:30:15: bitonic_sort: divergent branch
// CHECK-NEXT: .cu:37:15: bitonic_sort: divergent branch
