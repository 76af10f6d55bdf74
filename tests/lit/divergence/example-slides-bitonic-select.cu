// --print-divergence on the kernels of examples/slides_bitonic_select.cu.
// The front end does not compile the examples' host code yet (printf
// with a non-literal %s argument), so the test keeps what precedes
// `int main`; line and column numbers are the example's own.
// RUN: sed '/^int main/,$d' %S/../../../examples/slides_bitonic_select.cu > %t.cu
// RUN: lockstepc %t.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
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
