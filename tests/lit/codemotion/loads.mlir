// lcm on loads: availability is killed by stores that may alias (another
// argument), not by stores to another address space or to a disjoint
// constant offset of the same base; barriers, atomics and volatile accesses
// kill every load; a restrict argument (argument attribute device.restrict,
// which the front end emits for __restrict__) aliases no other argument.
// RUN: lockstep-opt %s -p 'builtin.module(device.module(device.kernel(lcm)))' | FileCheck %s

device.module @m {
  device.shared @buf[256] align 4
  // A store through another argument may alias: the load is partially
  // redundant at ^bb3 and is recomputed after the store only.
  device.kernel @killed_by_store(%p: !device.ptr<global>, %q: !device.ptr<global>, %x: i32, %c: i1) {
    %v = device.load %p : !device.ptr<global> -> i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    device.store %x, %q : i32, !device.ptr<global>
    cf.br ^bb3
  ^bb2:
    cf.br ^bb3
  ^bb3:
    %w = device.load %p : !device.ptr<global> -> i32
    device.store %w, %q : i32, !device.ptr<global>
    device.store %v, %q : i32, !device.ptr<global>
    device.return
  }
  // Shared and global memory never alias: the second load is redundant.
  device.kernel @shared_store(%p: !device.ptr<global>, %x: i32) {
    %s = device.addressof @buf : !device.ptr<shared>
    %v = device.load %p : !device.ptr<global> -> i32
    device.store %x, %s : i32, !device.ptr<shared>
    %w = device.load %p : !device.ptr<global> -> i32
    %r = arith.addi %v, %w : i32
    device.store %r, %s : i32, !device.ptr<shared>
    device.return
  }
  // A barrier kills every load: shared memory written by other threads
  // before __syncthreads() must be read again after it.
  device.kernel @barrier(%x: i32) {
    %s = device.addressof @buf : !device.ptr<shared>
    %v = device.load %s : !device.ptr<shared> -> i32
    device.barrier
    %w = device.load %s : !device.ptr<shared> -> i32
    %r = arith.addi %v, %w : i32
    device.store %r, %s : i32, !device.ptr<shared>
    device.return
  }
  // A restrict argument aliases no other argument: the loop-invariant
  // load leaves the loop although the loop stores through %q.
  device.kernel @restrict(%p: !device.ptr<global> {device.restrict}, %q: !device.ptr<global>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^bb1(%c0 : i32)
  ^bb1(%i: i32):
    %v = device.load %p : !device.ptr<global> -> i32
    %s = arith.addi %i, %v : i32
    device.store %s, %q : i32, !device.ptr<global>
    %i2 = arith.addi %i, %c1 : i32
    %c = arith.cmpi slt, %i2, %n : i32
    cf.cond_br %c, ^bb1(%i2 : i32), ^bb2
  ^bb2:
    device.return
  }
  // Atomics and volatile accesses kill loads; distinct constant offsets
  // from one base do not overlap.
  device.kernel @atomic_volatile_offsets(%p: !device.ptr<global>, %x: i32) {
    %c4 = arith.constant 4 : i64
    %p4 = device.ptradd %p, %c4 : !device.ptr<global>, i64
    %a = device.load %p : !device.ptr<global> -> i32
    device.store %x, %p4 : i32, !device.ptr<global>
    %b = device.load %p : !device.ptr<global> -> i32
    %old = device.atomic add %p4, %x : !device.ptr<global>, i32
    %d = device.load %p : !device.ptr<global> -> i32
    device.store volatile %x, %p4 : i32, !device.ptr<global>
    %e = device.load %p : !device.ptr<global> -> i32
    %s1 = arith.addi %a, %b : i32
    %s2 = arith.addi %d, %e : i32
    %s3 = arith.addi %s1, %s2 : i32
    %s4 = arith.addi %s3, %old : i32
    device.store %s4, %p4 : i32, !device.ptr<global>
    device.return
  }
}

// CHECK-LABEL: device.kernel @killed_by_store(%arg0: !device.ptr<global>, %arg1: !device.ptr<global>, %arg2: i32, %arg3: i1) {
// CHECK-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// CHECK-NEXT: cf.cond_br %arg3, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: device.store %arg2, %arg1 : i32, !device.ptr<global>
// CHECK-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// CHECK-NEXT: cf.br ^bb3(%1 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: device.store %2, %arg1 : i32, !device.ptr<global>
// CHECK-NEXT: device.store %0, %arg1 : i32, !device.ptr<global>
// CHECK-NEXT: device.return
// CHECK-LABEL: device.kernel @shared_store(%arg0: !device.ptr<global>, %arg1: i32) {
// CHECK-NEXT: %0 = device.addressof @buf : !device.ptr<shared>
// CHECK-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// CHECK-NEXT: device.store %arg1, %0 : i32, !device.ptr<shared>
// CHECK-NEXT: %2 = arith.addi %1, %1 : i32
// CHECK-NEXT: device.store %2, %0 : i32, !device.ptr<shared>
// CHECK-NEXT: device.return
// CHECK-LABEL: device.kernel @barrier(%arg0: i32) {
// CHECK-NEXT: %0 = device.addressof @buf : !device.ptr<shared>
// CHECK-NEXT: %1 = device.load %0 : !device.ptr<shared> -> i32
// CHECK-NEXT: device.barrier
// CHECK-NEXT: %2 = device.load %0 : !device.ptr<shared> -> i32
// CHECK-NEXT: %3 = arith.addi %1, %2 : i32
// CHECK-NEXT: device.store %3, %0 : i32, !device.ptr<shared>
// CHECK-NEXT: device.return
// CHECK-LABEL: device.kernel @restrict(%arg0: !device.ptr<global> {device.restrict}, %arg1: !device.ptr<global>, %arg2: i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = device.load %arg0 : !device.ptr<global> -> i32
// CHECK-NEXT: cf.br ^bb1(%c0_i32 : i32)
// CHECK-NEXT: ^bb1(%1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %2 = arith.addi %1, %0 : i32
// CHECK-NEXT: device.store %2, %arg1 : i32, !device.ptr<global>
// CHECK-NEXT: %3 = arith.addi %1, %c1_i32 : i32
// CHECK-NEXT: %4 = arith.cmpi slt, %3, %arg2 : i32
// CHECK-NEXT: cf.cond_br %4, ^bb1(%3 : i32), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: device.return
// CHECK-LABEL: device.kernel @atomic_volatile_offsets(%arg0: !device.ptr<global>, %arg1: i32) {
// CHECK-NEXT: %c4_i64 = arith.constant 4 : i64
// CHECK-NEXT: %0 = device.ptradd %arg0, %c4_i64 : !device.ptr<global>, i64
// CHECK-NEXT: %1 = device.load %arg0 : !device.ptr<global> -> i32
// CHECK-NEXT: device.store %arg1, %0 : i32, !device.ptr<global>
// CHECK-NEXT: %2 = device.atomic add %0, %arg1 : !device.ptr<global>, i32
// CHECK-NEXT: %3 = device.load %arg0 : !device.ptr<global> -> i32
// CHECK-NEXT: device.store volatile %arg1, %0 : i32, !device.ptr<global>
// CHECK-NEXT: %4 = device.load %arg0 : !device.ptr<global> -> i32
// CHECK-NEXT: %5 = arith.addi %1, %1 : i32
// CHECK-NEXT: %6 = arith.addi %3, %4 : i32
// CHECK-NEXT: %7 = arith.addi %5, %6 : i32
// CHECK-NEXT: %8 = arith.addi %7, %2 : i32
// CHECK-NEXT: device.store %8, %0 : i32, !device.ptr<global>
// CHECK-NEXT: device.return
