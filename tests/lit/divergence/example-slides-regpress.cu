// --print-divergence on the kernels of examples/slides_regpress.cu.
// Host code has no device branches, so only the kernels' lines appear.
// RUN: lockstepc %S/../../../examples/slides_regpress.cu --print-divergence | FileCheck %s --implicit-check-not='uniform branch' --implicit-check-not='divergent branch'
//
// Expected, from the source: regPress1: `tid < Width` depends on threadIdx.x: divergent; the loop
// `for (k = tid; k < Width * Width; ...)` starts at tid: divergent.
// regPress2: the same guard and loop (divergent), and both
// `threadIdx.x == 0` tests (divergent). That the launch makes every thread
// take the guard is a fact about the host, not the kernel.
//
// CHECK: .cu:20:7: regPress1: divergent branch
// CHECK-NEXT: .cu:23:23: regPress1: divergent branch
// CHECK-NEXT: .cu:38:7: regPress2: divergent branch
// CHECK-NEXT: .cu:41:9: regPress2: divergent branch
// CHECK-NEXT: .cu:47:23: regPress2: divergent branch
// CHECK-NEXT: .cu:53:11: regPress2: divergent branch
