// ptx-out-of-ssa: block arguments become ptx.reg registers written by
// ptx.copy on each incoming edge. Swaps and longer cycles go through one
// temporary; a loop value used after the loop reads the register of the
// header's argument (the copy for the next iteration is on the back edge,
// which gets its own block, so the exit still sees the old value); copies
// for a successor that has a single predecessor go at its start.
// RUN: lockstep-opt %s -p 'builtin.module(ptx.module(ptx.entry(ptx-out-of-ssa)))' | FileCheck %s
// RUN: lockstep-opt %s -p 'builtin.module(ptx.module(ptx.entry(ptx-out-of-ssa)))' --pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// STATS: PtxOutOfSsa
// STATS-NEXT: (S) {{ *}}6 num-coalesced
// STATS-NEXT: (S) 16 num-copies
// STATS-NEXT: (S) {{ *}}1 num-rebased
// STATS-NEXT: (S) {{ *}}9 num-registers
// STATS-NEXT: (S) {{ *}}2 num-split

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  // CHECK-LABEL: ptx.entry @swap(i32) {
  // CHECK-NEXT:   %[[X:.*]] = ptx.reg : i32
  // CHECK-NEXT:   %[[Y:.*]] = ptx.reg : i32
  // CHECK-NEXT:   %[[T:.*]] = ptx.reg : i32
  // CHECK-NEXT:   %[[N:.*]] = ptx.ld param.u32 [param 0] : i32
  // CHECK-NEXT:   %[[A:.*]] = ptx.mov b32 1 : i32
  // CHECK-NEXT:   %[[B:.*]] = ptx.mov b32 2 : i32
  // CHECK-NEXT:   ptx.copy %[[X]], %[[A]] : i32
  // CHECK-NEXT:   ptx.copy %[[Y]], %[[B]] : i32
  // CHECK-NEXT:   ptx.bra ^bb1
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT:   %[[C:.*]] = ptx.setp lt.s32 %[[X]], %[[N]] : i32 -> i1
  // CHECK-NEXT:   ptx.bra %[[C]], ^bb2, ^bb3
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT:   ptx.copy %[[T]], %[[X]] : i32
  // CHECK-NEXT:   ptx.copy %[[X]], %[[Y]] : i32
  // CHECK-NEXT:   ptx.copy %[[Y]], %[[T]] : i32
  // CHECK-NEXT:   ptx.bra uni ^bb1
  // CHECK-NEXT: ^bb3:
  // CHECK-NEXT:   ptx.ret
  ptx.entry @swap(i32) {
    %n = ptx.ld param.u32 [param 0] : i32
    %a = ptx.mov b32 1 : i32
    %b = ptx.mov b32 2 : i32
    ptx.bra ^bb1(%a, %b : i32, i32)
  ^bb1(%x: i32, %y: i32):
    %c = ptx.setp lt.s32 %x, %n : i32 -> i1
    ptx.bra %c, ^bb1(%y, %x : i32, i32), ^bb2
  ^bb2:
    ptx.ret
  }

  // The latch has one successor: the rotation is sequentialized at its end,
  // through one temporary; the entry edge reads %a twice.
  // CHECK-LABEL: ptx.entry @cycle3(i32) {
  // CHECK-NEXT:   %[[X:.*]] = ptx.reg : i32
  // CHECK-NEXT:   %[[Y:.*]] = ptx.reg : i32
  // CHECK-NEXT:   %[[Z:.*]] = ptx.reg : i32
  // CHECK-NEXT:   %[[T:.*]] = ptx.reg : i32
  // CHECK-NEXT:   %[[N:.*]] = ptx.ld param.u32 [param 0] : i32
  // CHECK-NEXT:   %[[A:.*]] = ptx.mov b32 1 : i32
  // CHECK-NEXT:   ptx.copy %[[X]], %[[A]] : i32
  // CHECK-NEXT:   ptx.copy %[[Y]], %[[A]] : i32
  // CHECK-NEXT:   ptx.copy %[[Z]], %[[N]] : i32
  // CHECK-NEXT:   ptx.bra ^bb1
  // CHECK:      ^bb2:
  // CHECK-NEXT:   ptx.copy %[[T]], %[[X]] : i32
  // CHECK-NEXT:   ptx.copy %[[X]], %[[Y]] : i32
  // CHECK-NEXT:   ptx.copy %[[Y]], %[[Z]] : i32
  // CHECK-NEXT:   ptx.copy %[[Z]], %[[T]] : i32
  // CHECK-NEXT:   ptx.bra ^bb1
  ptx.entry @cycle3(i32) {
    %n = ptx.ld param.u32 [param 0] : i32
    %a = ptx.mov b32 1 : i32
    ptx.bra ^bb1(%a, %a, %n : i32, i32, i32)
  ^bb1(%x: i32, %y: i32, %z: i32):
    %c = ptx.setp lt.s32 %x, %n : i32 -> i1
    ptx.bra %c, ^bb2, ^bb3
  ^bb2:
    ptx.bra ^bb1(%y, %z, %x : i32, i32, i32)
  ^bb3:
    ptx.ret
  }

  // CHECK-LABEL: ptx.entry @lost_copy(i64, i32) {
  // CHECK-NEXT:   %[[I:.*]] = ptx.reg : i32
  // CHECK:        ptx.copy %[[I]], %{{.*}} : i32
  // CHECK-NEXT:   ptx.bra ^bb1
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT:   %[[NEXT:.*]] = ptx.add s32 %[[I]], %{{.*}} : i32
  // CHECK-NEXT:   %[[C:.*]] = ptx.setp lt.s32 %[[NEXT]], %{{.*}} : i32 -> i1
  // CHECK-NEXT:   ptx.bra %[[C]], ^bb2, ^bb3
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT:   ptx.copy %[[I]], %[[NEXT]] : i32
  // CHECK-NEXT:   ptx.bra uni ^bb1
  // CHECK-NEXT: ^bb3:
  // CHECK-NEXT:   %[[P:.*]] = ptx.ld param.u64 [param 0] : i64
  // CHECK-NEXT:   ptx.st global.u32 [%[[P]]], %[[I]] : i64, i32
  ptx.entry @lost_copy(i64, i32) {
    %n = ptx.ld param.u32 [param 1] : i32
    %zero = ptx.mov b32 0 : i32
    %one = ptx.mov b32 1 : i32
    ptx.bra ^bb1(%zero : i32)
  ^bb1(%i: i32):
    %next = ptx.add s32 %i, %one : i32
    %c = ptx.setp lt.s32 %next, %n : i32 -> i1
    ptx.bra %c, ^bb1(%next : i32), ^bb2
  ^bb2:
    %p = ptx.ld param.u64 [param 0] : i64
    ptx.st global.u32 [%p], %i : i64, i32
    ptx.ret
  }

  // One register serves %x, %y, %z and %n, which never interfere: %n is
  // loaded into it, the edge into ^bb1 overwrites it with the constant,
  // and the other copies are copies of the register onto itself.
  // CHECK-LABEL: ptx.entry @diamond(i64, i32) {
  // CHECK-NEXT:   %[[R:.*]] = ptx.reg : i32
  // CHECK-NEXT:   %[[N:.*]] = ptx.ld param.u32 [param 1] : i32
  // CHECK-NEXT:   ptx.copy %[[R]], %[[N]] : i32
  // CHECK-NEXT:   %[[A:.*]] = ptx.mov b32 1 : i32
  // CHECK-NEXT:   %[[C:.*]] = ptx.setp lt.s32 %[[R]], %[[A]] : i32 -> i1
  // CHECK-NEXT:   ptx.bra %[[C]], ^bb1, ^bb2
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT:   ptx.copy %[[R]], %[[A]] : i32
  // CHECK-NEXT:   ptx.bra ^bb3
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT:   ptx.bra ^bb3
  // CHECK-NEXT: ^bb3:
  // CHECK-NEXT:   %[[P:.*]] = ptx.ld param.u64 [param 0] : i64
  // CHECK-NEXT:   ptx.st global.u32 [%[[P]]], %[[R]] : i64, i32
  ptx.entry @diamond(i64, i32) {
    %n = ptx.ld param.u32 [param 1] : i32
    %a = ptx.mov b32 1 : i32
    %c = ptx.setp lt.s32 %n, %a : i32 -> i1
    ptx.bra %c, ^bb1(%a : i32), ^bb2(%n : i32)
  ^bb1(%x: i32):
    ptx.bra ^bb3(%x : i32)
  ^bb2(%y: i32):
    ptx.bra ^bb3(%y : i32)
  ^bb3(%z: i32):
    %p = ptx.ld param.u64 [param 0] : i64
    ptx.st global.u32 [%p], %z : i64, i32
    ptx.ret
  }

  // Coalescing: the loop's next value %next is dead wherever %i's register
  // is written, and %i is dead after %next is computed, so %next is
  // computed into %i's register: no copy on the back edge, which then
  // needs no block of its own (the exit reads %next, not %i).
  // CHECK-LABEL: ptx.entry @in_place(i64, i32) {
  // CHECK-NEXT:   %[[I:.*]] = ptx.reg : i32
  // CHECK-NEXT:   %[[N:.*]] = ptx.ld param.u32 [param 1] : i32
  // CHECK-NEXT:   %[[Z:.*]] = ptx.mov b32 0 : i32
  // CHECK-NEXT:   %[[ONE:.*]] = ptx.mov b32 1 : i32
  // CHECK-NEXT:   ptx.copy %[[I]], %[[Z]] : i32
  // CHECK-NEXT:   ptx.bra ^bb1
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT:   %[[NEXT:.*]] = ptx.add s32 %[[I]], %[[ONE]] : i32
  // CHECK-NEXT:   ptx.copy %[[I]], %[[NEXT]] : i32
  // CHECK-NEXT:   %[[C:.*]] = ptx.setp lt.s32 %[[I]], %[[N]] : i32 -> i1
  // CHECK-NEXT:   ptx.bra %[[C]], ^bb1, ^bb2
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT:   %[[P:.*]] = ptx.ld param.u64 [param 0] : i64
  // CHECK-NEXT:   ptx.st global.u32 [%[[P]]], %[[I]] : i64, i32
  ptx.entry @in_place(i64, i32) {
    %n = ptx.ld param.u32 [param 1] : i32
    %zero = ptx.mov b32 0 : i32
    %one = ptx.mov b32 1 : i32
    ptx.bra ^bb1(%zero : i32)
  ^bb1(%i: i32):
    %next = ptx.add s32 %i, %one : i32
    %c = ptx.setp lt.s32 %next, %n : i32 -> i1
    ptx.bra %c, ^bb1(%next : i32), ^bb2
  ^bb2:
    %p = ptx.ld param.u64 [param 0] : i64
    ptx.st global.u32 [%p], %next : i64, i32
    ptx.ret
  }

  // Rebasing: the value after the loop, %i - 8, is rewritten as %next - 4
  // (the same number), so %i is dead once %next exists and the two share a
  // register: the loop counts down in place.
  // CHECK-LABEL: ptx.entry @rebase(i64, i32) {
  // CHECK-NEXT:   %[[I:.*]] = ptx.reg : i32
  // CHECK-NEXT:   %[[N:.*]] = ptx.ld param.u32 [param 1] : i32
  // CHECK-NEXT:   ptx.copy %[[I]], %[[N]] : i32
  // CHECK-NEXT:   %[[M4:.*]] = ptx.mov b32 -4 : i32
  // CHECK-NEXT:   %{{.*}} = ptx.mov b32 -8 : i32
  // CHECK-NEXT:   ptx.bra ^bb1
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT:   %[[NEXT:.*]] = ptx.add s32 %[[I]], %[[M4]] : i32
  // CHECK-NEXT:   ptx.copy %[[I]], %[[NEXT]] : i32
  // CHECK-NEXT:   %[[C:.*]] = ptx.setp gt.s32 %[[I]], %[[M4]] : i32 -> i1
  // CHECK-NEXT:   ptx.bra %[[C]], ^bb1, ^bb2
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT:   %[[K:.*]] = ptx.mov b32 -4 : i32
  // CHECK-NEXT:   %[[OUT:.*]] = ptx.add s32 %[[I]], %[[K]] : i32
  ptx.entry @rebase(i64, i32) {
    %n = ptx.ld param.u32 [param 1] : i32
    %m4 = ptx.mov b32 -4 : i32
    %m8 = ptx.mov b32 -8 : i32
    ptx.bra ^bb1(%n : i32)
  ^bb1(%i: i32):
    %next = ptx.add s32 %i, %m4 : i32
    %c = ptx.setp gt.s32 %next, %m4 : i32 -> i1
    ptx.bra %c, ^bb1(%next : i32), ^bb2
  ^bb2:
    %out = ptx.add s32 %i, %m8 : i32
    %p = ptx.ld param.u64 [param 0] : i64
    ptx.st global.u32 [%p], %out : i64, i32
    ptx.ret
  }
}
