// device and host ops under cse and canonicalize: cse merges pure special
// registers and erases dead ones (the unused lane_id); barriers, votes,
// shuffles, atomics, loads, allocas and calls are neither merged nor erased
// when unused; `ptradd %p, 0` folds to `%p` (device and host) and an
// addrspace_cast round trip through generic folds away under canonicalize.
// RUN: lockstep-opt %s --cse | FileCheck %s --check-prefix=CSE
// RUN: lockstep-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

device.module @m {
  device.func @g() {
    device.return
  }
  device.kernel @k(%p: !device.ptr<global>, %s: !device.ptr<shared>, %m: i32, %b: i1) {
    %t0 = device.thread_id x : i32
    %t1 = device.thread_id x : i32
    %dead = device.lane_id : i32
    device.barrier
    device.barrier
    %v0 = device.vote any %m, %b : i1
    %v1 = device.vote any %m, %b : i1
    %x0 = device.shuffle xor %m, %t0, %m, %m : i32
    %x1 = device.shuffle xor %m, %t1, %m, %m : i32
    %l0 = device.load %p : !device.ptr<global> -> i32
    %l1 = device.load %p : !device.ptr<global> -> i32
    %a0 = device.atomic add %p, %t0 : !device.ptr<global>, i32
    %loc = device.alloca 4 : !device.ptr<local>
    device.call @g() : () -> ()
    %zero = arith.constant 0 : i64
    %q = device.ptradd %p, %zero : !device.ptr<global>, i64
    %g = device.addrspace_cast %s : !device.ptr<shared> to !device.ptr<generic>
    %s2 = device.addrspace_cast %g : !device.ptr<generic> to !device.ptr<shared>
    %sum = arith.addi %t0, %t1 : i32
    device.store %sum, %q : i32, !device.ptr<global>
    device.store %sum, %s2 : i32, !device.ptr<shared>
    device.return
  }
}
func.func @host(%h: !host.ptr) -> !host.ptr {
  %zero = arith.constant 0 : i32
  %q = host.ptradd %h, %zero : !host.ptr, i32
  return %q : !host.ptr
}

// CSE-LABEL: device.kernel @k
// CSE-NEXT: %0 = device.thread_id x : i32
// CSE-NEXT: device.barrier
// CSE-NEXT: device.barrier
// CSE-NEXT: %1 = device.vote any %arg2, %arg3 : i1
// CSE-NEXT: %2 = device.vote any %arg2, %arg3 : i1
// CSE-NEXT: %3 = device.shuffle xor %arg2, %0, %arg2, %arg2 : i32
// CSE-NEXT: %4 = device.shuffle xor %arg2, %0, %arg2, %arg2 : i32
// CSE-NEXT: %5 = device.load %arg0 : !device.ptr<global> -> i32
// CSE-NEXT: %6 = device.load %arg0 : !device.ptr<global> -> i32
// CSE-NEXT: %7 = device.atomic add %arg0, %0 : !device.ptr<global>, i32
// CSE-NEXT: %8 = device.alloca 4 : !device.ptr<local>
// CSE-NEXT: device.call @g() : () -> ()
// CSE-NEXT: %c0_i64 = arith.constant 0 : i64
// CSE-NEXT: %9 = device.ptradd %arg0, %c0_i64 : !device.ptr<global>, i64
// CSE-NEXT: %10 = device.addrspace_cast %arg1 : !device.ptr<shared> to !device.ptr<generic>
// CSE-NEXT: %11 = device.addrspace_cast %10 : !device.ptr<generic> to !device.ptr<shared>
// CSE-NEXT: %12 = arith.addi %0, %0 : i32
// CSE-NEXT: device.store %12, %9 : i32, !device.ptr<global>
// CSE-NEXT: device.store %12, %11 : i32, !device.ptr<shared>
// CSE-NEXT: device.return

// CANON-LABEL: device.kernel @k
// CANON-NEXT: %0 = device.thread_id x : i32
// CANON-NEXT: %1 = device.thread_id x : i32
// CANON-NEXT: device.barrier
// CANON-NEXT: device.barrier
// CANON-NEXT: %2 = device.vote any %arg2, %arg3 : i1
// CANON-NEXT: %3 = device.vote any %arg2, %arg3 : i1
// CANON-NEXT: %4 = device.shuffle xor %arg2, %0, %arg2, %arg2 : i32
// CANON-NEXT: %5 = device.shuffle xor %arg2, %1, %arg2, %arg2 : i32
// CANON-NEXT: %6 = device.load %arg0 : !device.ptr<global> -> i32
// CANON-NEXT: %7 = device.load %arg0 : !device.ptr<global> -> i32
// CANON-NEXT: %8 = device.atomic add %arg0, %0 : !device.ptr<global>, i32
// CANON-NEXT: %9 = device.alloca 4 : !device.ptr<local>
// CANON-NEXT: device.call @g() : () -> ()
// CANON-NEXT: %10 = arith.addi %0, %1 : i32
// CANON-NEXT: device.store %10, %arg0 : i32, !device.ptr<global>
// CANON-NEXT: device.store %10, %arg1 : i32, !device.ptr<shared>
// CANON-NEXT: device.return
// CANON-LABEL: func.func @host
// CANON-NEXT: return %arg0 : !host.ptr
