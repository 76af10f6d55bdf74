// --print-divergence on the kernels of examples/slides_bitonic_select.cu.
// Host code has no device branches, so only the kernels' lines appear.
// RUN: lockstepc %S/../../../examples/slides_bitonic_select.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: As in bitonic.cu: both loop conditions are uniform and
// `ixj > tid` is divergent. The two selects `p ? tid : ixj` and
// `p ? ixj : tid` are lowered to branches on p = (tid & k) == 0, which
// depends on threadIdx.x: divergent. `sh[b] > sh[a]` loads at
// thread-dependent addresses: divergent.
//
// CHECK: .cu:23:24: bitonic_sort_select: uniform branch
// CHECK-NEXT: .cu:24:30: bitonic_sort_select: uniform branch
// CHECK-NEXT: .cu:26:11: bitonic_sort_select: divergent branch
// CHECK-NEXT: .cu:28:22: bitonic_sort_select: divergent branch
// CHECK-NEXT: .cu:29:22: bitonic_sort_select: divergent branch
// CHECK-NEXT: .cu:30:13: bitonic_sort_select: divergent branch
