// ptx-layout: blocks are ordered for fall-through (loop bodies right after
// their header, a join block after its last forward predecessor, the
// fall-through successor of a branch next), and a
// conditional ptx.bra whose taken target ends up next is inverted (targets
// swapped, `not` toggled) so that it falls through.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(ptx.module(ptx.entry(ptx-layout)))' | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(ptx.module(ptx.entry(ptx-layout)))' | lockstep-opt --allow-unregistered-dialect -p 'builtin.module(ptx.module(ptx.entry(ptx-layout)))' --pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STABLE

// Laying out twice changes nothing the second time.
// STABLE: PtxLayout
// STABLE-NEXT: (S) 0 num-inverted
// STABLE-NEXT: (S) 0 num-moved

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  // The body moves right after the header, whose branch now falls into it.
  // CHECK-LABEL: ptx.entry @while_loop(i32) {
  // CHECK:        ptx.bra ^bb1
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT:   %[[C:.*]] = ptx.setp lt.s32
  // CHECK-NEXT:   ptx.bra not %[[C]], ^bb3, ^bb2
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT:   ptx.add
  // CHECK-NEXT:   ptx.copy
  // CHECK-NEXT:   ptx.bra ^bb1
  // CHECK-NEXT: ^bb3:
  // CHECK-NEXT:   ptx.ret
  ptx.entry @while_loop(i32) {
    %n = ptx.ld param.u32 [param 0] : i32
    %one = ptx.mov b32 1 : i32
    %i = ptx.reg : i32
    ptx.bra ^header
  ^exit:
    ptx.ret
  ^header:
    %c = ptx.setp lt.s32 %i, %n : i32 -> i1
    ptx.bra %c, ^body, ^exit
  ^body:
    %next = ptx.add s32 %i, %one : i32
    ptx.copy %i, %next : i32
    ptx.bra ^header
  }

  // The fall-through successor (the else block) comes next; the branch is
  // unchanged.
  // CHECK-LABEL: ptx.entry @if_else(i32) {
  // CHECK:        ptx.bra %{{.*}}, ^bb3, ^bb1
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT:   "test.else"() : () -> ()
  // CHECK-NEXT:   ptx.bra ^bb2
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT:   ptx.ret
  // CHECK-NEXT: ^bb3:
  // CHECK-NEXT:   "test.then"() : () -> ()
  // CHECK-NEXT:   ptx.bra ^bb2
  ptx.entry @if_else(i32) {
    %n = ptx.ld param.u32 [param 0] : i32
    %z = ptx.mov b32 0 : i32
    %c = ptx.setp lt.s32 %n, %z : i32 -> i1
    ptx.bra %c, ^then, ^else
  ^join:
    ptx.ret
  ^then:
    "test.then"() : () -> ()
    ptx.bra ^join
  ^else:
    "test.else"() : () -> ()
    ptx.bra ^join
  }

  // A latch whose fall-through block (the header) is placed already and
  // whose taken target (the exit) comes next: inverted, `not` dropped.
  // CHECK-LABEL: ptx.entry @do_while(i32) {
  // CHECK:      ^bb1:
  // CHECK:        %[[C:.*]] = ptx.setp ge.s32
  // CHECK-NEXT:   ptx.bra uni %[[C]], ^bb1, ^bb2
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT:   ptx.ret
  ptx.entry @do_while(i32) {
    %n = ptx.ld param.u32 [param 0] : i32
    %one = ptx.mov b32 1 : i32
    %i = ptx.reg : i32
    ptx.bra ^body
  ^body:
    %next = ptx.add s32 %i, %one : i32
    ptx.copy %i, %next : i32
    %c = ptx.setp ge.s32 %next, %n : i32 -> i1
    ptx.bra uni not %c, ^exit, ^body
  ^exit:
    ptx.ret
  }
  // A join block waits for its last forward predecessor: the then block
  // comes first and falls into the join; the branch is inverted to skip it.
  // CHECK-LABEL: ptx.entry @if_then(i32) {
  // CHECK:        ptx.bra not %{{.*}}, ^bb2, ^bb1
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT:   "test.then"() : () -> ()
  // CHECK-NEXT:   ptx.bra ^bb2
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT:   ptx.ret
  ptx.entry @if_then(i32) {
    %n = ptx.ld param.u32 [param 0] : i32
    %z = ptx.mov b32 0 : i32
    %c = ptx.setp lt.s32 %n, %z : i32 -> i1
    ptx.bra %c, ^then, ^join
  ^join:
    ptx.ret
  ^then:
    "test.then"() : () -> ()
    ptx.bra ^join
  }
}
