// --remarks=code-motion: one remark per motion decision of every code-motion
// pass, at the original expression's location: the pass, the op, where it
// is computed afterwards (block labels as printed after the pass), how many
// computations went away, and whether the motion is speculative, with the
// branch that allowed it (divergent or, for spre and ssrqp-s, not).
// RUN: lockstep-opt %s --remarks=code-motion -p 'builtin.module(device.module(device.kernel(lcm)))' 2>&1 | FileCheck %s --check-prefix=LCM
// RUN: lockstep-opt %s --remarks=code-motion -p 'builtin.module(device.module(device.func(lcm)))' 2>&1 | FileCheck %s --check-prefix=LCMF
// RUN: lockstep-opt %s --remarks=code-motion -p 'builtin.module(device.module(device.kernel(scm)))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCM
// RUN: lockstep-opt %s --remarks=code-motion -p 'builtin.module(device.module(device.kernel(sscm)))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SSCM
// RUN: lockstep-opt %s --remarks=code-motion -p 'builtin.module(device.module(device.kernel(spre)))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPRE
// RUN: lockstep-opt %s --remarks=code-motion -p 'builtin.module(device.module(device.kernel(srqp)))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SRQP
// RUN: lockstep-opt %s --remarks=code-motion -p 'builtin.module(device.module(device.kernel(esrqp)))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ESRQP
// RUN: lockstep-opt %s --remarks=code-motion -p 'builtin.module(device.module(device.kernel(ssrqp-s)))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SSRQPS
// RUN: lockstep-opt %s --remarks=code-motion -p 'builtin.module(device.module(device.kernel(ssrqp)))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SSRQP
// RUN: lockstep-opt %s --remarks=all -p 'builtin.module(device.module(device.kernel(sscm)))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// No remark unless asked for, or when another category is asked for.
// RUN: lockstep-opt %s -p 'builtin.module(device.module(device.kernel(lcm,scm,sscm,spre,srqp,esrqp,ssrqp-s,ssrqp)))' 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: lockstep-opt %s --remarks=inline -p 'builtin.module(device.module(device.kernel(lcm,sscm,spre,ssrqp-s)))' 2>&1 | FileCheck %s --check-prefix=NONE

// NONE-NOT: remark
// NONE: device.module @m
// NONE-NOT: remark

device.module @m {
  // @pre: a+b is partially redundant at ^bb3; LCM computes it at the end
  // of ^bb2 too and replaces ^bb3's copy. Every pass that starts with LCM
  // says so under its own name; SCM's step then computes it once at the
  // end of ^bb0 instead of in both arms. Nothing is speculative. The
  // location is that of the first occurrence, which new code takes too.
  device.kernel @pre(%a: i32, %b: i32, %c: i1, %out: !device.ptr<global>) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
// LCM: {{.*}}remarks.mlir:[[@LINE+7]]:10: remark: [code-motion] lcm: 'arith.addi' computed at the end of ^bb2 (and 1 other point); 1 redundant computation replaced in kernel @pre; not speculative{{$}}
// SCM: {{.*}}remarks.mlir:[[@LINE+6]]:10: remark: [code-motion] scm: 'arith.addi' computed at the end of ^bb2 (and 1 other point); 1 redundant computation replaced in kernel @pre; not speculative{{$}}
// SPRE: {{.*}}remarks.mlir:[[@LINE+5]]:10: remark: [code-motion] spre: 'arith.addi' computed at the end of ^bb2 (and 1 other point); 1 redundant computation replaced in kernel @pre; not speculative{{$}}
// SSCM: {{.*}}remarks.mlir:[[@LINE+4]]:10: remark: [code-motion] sscm: 'arith.addi' computed at the end of ^bb2 (and 1 other point); 1 redundant computation replaced in kernel @pre; not speculative{{$}}
// SCM: {{.*}}remarks.mlir:[[@LINE+3]]:10: remark: [code-motion] scm: 'arith.addi' computed at the end of ^bb0; 2 redundant computations replaced in kernel @pre; not speculative{{$}}
// SSCM: {{.*}}remarks.mlir:[[@LINE+2]]:10: remark: [code-motion] sscm: 'arith.addi' computed at the end of ^bb0; 2 redundant computations replaced in kernel @pre; not speculative{{$}}
// SPRE: {{.*}}remarks.mlir:[[@LINE+1]]:10: remark: [code-motion] spre: 'arith.addi' computed at the end of ^bb0; 2 redundant computations replaced in kernel @pre; not speculative{{$}}
    %x = arith.addi %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb3
  ^bb2:
    cf.br ^bb3
  ^bb3:
    %y = arith.addi %a, %b : i32
    device.store %y, %out : i32, !device.ptr<global>
    device.return
  }

  // The same in a device.func.
  device.func @pref(%a: i32, %b: i32, %c: i1) -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
// LCMF-NOT: remark
// LCMF: {{.*}}remarks.mlir:[[@LINE+2]]:10: remark: [code-motion] lcm: 'arith.muli' computed at the end of ^bb2 (and 1 other point); 1 redundant computation replaced in function @pref; not speculative{{$}}
// LCMF-NOT: remark
    %x = arith.muli %a, %b : i32
    cf.br ^bb3(%x : i32)
  ^bb2:
    cf.br ^bb3(%a : i32)
  ^bb3(%v: i32):
    %y = arith.muli %a, %b : i32
    %z = arith.addi %v, %y : i32
    device.return %z : i32
  }

  // @fig46 (thesis Fig. 4.6b, as in sscm.mlir): ^bb3 branches divergently
  // to ^bb2 (computes a+b) and ^bb4; ^bb5 branches divergently to two
  // blocks that both compute a+b. scm hoists out of ^bb5's arms only;
  // sscm and spre hoist to ^bb0, speculating across ^bb3's branch (the one
  // whose other side never computed a+b).
  // LCM-NOT: @fig46
  device.kernel @fig46(%a: i32, %b: i32, %n: i32, %u: i1, %out: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %d4 = arith.cmpi slt, %t, %n : i32
    %d6 = arith.cmpi sgt, %t, %n : i32
    cf.cond_br %u, ^bb1, ^bb5
  ^bb1:
    cf.br ^bb3
  ^bb2:
    %x = arith.addi %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb3:
    cf.cond_br %d4, ^bb2, ^bb4
  ^bb4:
    cf.br ^bb9
  ^bb5:
    cf.cond_br %d6, ^bb6, ^bb7
  ^bb6:
    %y = arith.addi %a, %b : i32
    device.store %y, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb7:
// SCM: {{.*}}remarks.mlir:[[@LINE+4]]:10: remark: [code-motion] scm: 'arith.addi' computed at the end of ^bb5 (and 1 other point); 2 redundant computations replaced in kernel @fig46; not speculative{{$}}
// SSCM: {{.*}}remarks.mlir:[[@LINE+3]]:10: remark: [code-motion] sscm: 'arith.addi' computed at the end of ^bb0; 3 redundant computations replaced in kernel @fig46; speculative across the divergent branch at {{[^ ]*}}remarks.mlir:[[@LINE-11]]:5 (end of ^bb3){{$}}
// SPRE: {{.*}}remarks.mlir:[[@LINE+2]]:10: remark: [code-motion] spre: 'arith.addi' computed at the end of ^bb0; 3 redundant computations replaced in kernel @fig46; speculative across the divergent branch at {{[^ ]*}}remarks.mlir:[[@LINE-12]]:5 (end of ^bb3){{$}}
// ALL: {{.*}}remarks.mlir:[[@LINE+1]]:10: remark: [code-motion] sscm: 'arith.addi' computed at the end of ^bb0; 3 redundant computations replaced in kernel @fig46; speculative across the divergent branch at {{[^ ]*}}remarks.mlir:[[@LINE-13]]:5 (end of ^bb3){{$}}
    %z = arith.addi %a, %b : i32
    device.store %z, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb8:
    cf.br ^bb9
  ^bb9:
    device.return
  }

  // @fig46_uniform: ^bb3 branches on a kernel parameter. sscm must not
  // speculate across it and ends like scm; spre does, across a
  // non-divergent branch.
  device.kernel @fig46_uniform(%a: i32, %b: i32, %n: i32, %u: i1, %u4: i1, %out: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %d6 = arith.cmpi sgt, %t, %n : i32
    cf.cond_br %u, ^bb1, ^bb5
  ^bb1:
    cf.br ^bb3
  ^bb2:
    %x = arith.addi %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb3:
    cf.cond_br %u4, ^bb2, ^bb4
  ^bb4:
    cf.br ^bb9
  ^bb5:
    cf.cond_br %d6, ^bb6, ^bb7
  ^bb6:
    %y = arith.addi %a, %b : i32
    device.store %y, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb7:
// SSCM-NOT: speculative across
// SSCM: {{.*}}remarks.mlir:[[@LINE+3]]:10: remark: [code-motion] sscm: 'arith.addi' computed at the end of ^bb5 (and 1 other point); 2 redundant computations replaced in kernel @fig46_uniform; not speculative{{$}}
// SSCM-NOT: speculative across
// SPRE: {{.*}}remarks.mlir:[[@LINE+1]]:10: remark: [code-motion] spre: 'arith.addi' computed at the end of ^bb0; 3 redundant computations replaced in kernel @fig46_uniform; speculative across a non-divergent branch at {{[^ ]*}}remarks.mlir:[[@LINE-13]]:5 (end of ^bb3){{$}}
    %z = arith.addi %a, %b : i32
    device.store %z, %out : i32, !device.ptr<global>
    cf.br ^bb8
  ^bb8:
    cf.br ^bb9
  ^bb9:
    device.return
  }

  // @loads_uniform (Fig. 4.9): the load at ^bb3 is available from ^bb1 and
  // not from ^bb2; the branch is uniform. srqp, esrqp and ssrqp insert a
  // load at the end of ^bb2; ssrqp-s instead hoists ^bb1's load across the
  // uniform branch, after which ^bb3's load is fully redundant.
  device.kernel @loads_uniform(%p: !device.ptr<global>, %q: !device.ptr<global> {device.restrict}, %c: i1) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
// LCM: {{.*}}remarks.mlir:[[@LINE+2]]:10: remark: [code-motion] lcm: 'device.load' computed at the end of ^bb2 (and 1 other point); 1 redundant computation replaced in kernel @loads_uniform; not speculative{{$}}
// SSRQPS: {{.*}}remarks.mlir:[[@LINE+1]]:10: remark: [code-motion] ssrqp-s: 'device.load' hoisted to the end of ^bb0 from ^bb1; 1 occurrence moved in kernel @loads_uniform; speculative across a non-divergent branch at {{[^ ]*}}remarks.mlir:[[@LINE-3]]:5 (end of ^bb0){{$}}
    %v = device.load %p : !device.ptr<global> -> i32
    device.store %v, %q : i32, !device.ptr<global>
    cf.br ^bb3
  ^bb2:
    cf.br ^bb3
  ^bb3:
// SRQP: {{.*}}remarks.mlir:[[@LINE+4]]:10: remark: [code-motion] srqp: 'device.load' computed at the end of ^bb2 (and 1 other point); 1 redundant computation replaced in kernel @loads_uniform; not speculative{{$}}
// ESRQP: {{.*}}remarks.mlir:[[@LINE+3]]:10: remark: [code-motion] esrqp: 'device.load' computed at the end of ^bb2 (and 1 other point); 1 redundant computation replaced in kernel @loads_uniform; not speculative{{$}}
// SSRQP: {{.*}}remarks.mlir:[[@LINE+2]]:10: remark: [code-motion] ssrqp: 'device.load' computed at the end of ^bb2 (and 1 other point); 1 redundant computation replaced in kernel @loads_uniform; not speculative{{$}}
// SSRQPS: {{.*}}remarks.mlir:[[@LINE+1]]:10: remark: [code-motion] ssrqp-s: 'device.load' computed in ^bb0; 1 redundant computation replaced in kernel @loads_uniform; not speculative{{$}}
    %w = device.load %p : !device.ptr<global> -> i32
    device.store %w, %q : i32, !device.ptr<global>
    device.return
  }

  // @loads_divergent (Fig. 4.12): the same on the thread id. esrqp and
  // ssrqp do not insert into the divergent region; ssrqp (and ssrqp-s)
  // hoist ^bb1's load across the divergent branch instead.
  // ESRQP-NOT: @loads_divergent
  device.kernel @loads_divergent(%p: !device.ptr<global>, %q: !device.ptr<global> {device.restrict}) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c = arith.cmpi eq, %t, %c0 : i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
// SSRQPS: {{.*}}remarks.mlir:[[@LINE+2]]:10: remark: [code-motion] ssrqp-s: 'device.load' hoisted to the end of ^bb0 from ^bb1; 1 occurrence moved in kernel @loads_divergent; speculative across the divergent branch at {{[^ ]*}}remarks.mlir:[[@LINE-2]]:5 (end of ^bb0){{$}}
// SSRQP: {{.*}}remarks.mlir:[[@LINE+1]]:10: remark: [code-motion] ssrqp: 'device.load' hoisted to the end of ^bb0 from ^bb1; 1 occurrence moved in kernel @loads_divergent; speculative across the divergent branch at {{[^ ]*}}remarks.mlir:[[@LINE-3]]:5 (end of ^bb0){{$}}
    %v = device.load %p : !device.ptr<global> -> i32
    device.store %v, %q : i32, !device.ptr<global>
    cf.br ^bb3
  ^bb2:
    cf.br ^bb3
  ^bb3:
// SRQP: {{.*}}remarks.mlir:[[@LINE+2]]:10: remark: [code-motion] srqp: 'device.load' computed at the end of ^bb2 (and 1 other point); 1 redundant computation replaced in kernel @loads_divergent; not speculative{{$}}
// SSRQP: {{.*}}remarks.mlir:[[@LINE+1]]:10: remark: [code-motion] ssrqp: 'device.load' computed in ^bb0; 1 redundant computation replaced in kernel @loads_divergent; not speculative{{$}}
    %w = device.load %p : !device.ptr<global> -> i32
    device.store %w, %q : i32, !device.ptr<global>
    device.return
  }

  // @split (Fig. 4.10): the insertion goes on the critical edge from the
  // loop ^bb3 to the join, which becomes the new block ^bb4.
  device.kernel @split(%p: !device.ptr<global>, %q: !device.ptr<global> {device.restrict}, %c: i1, %d: i1) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
// LCM: {{.*}}remarks.mlir:[[@LINE+1]]:10: remark: [code-motion] lcm: 'device.load' computed in the new block ^bb4 on the edge ^bb3 -> ^bb5 (and 1 other point); 1 redundant computation replaced in kernel @split; not speculative{{$}}
    %v = device.load %p : !device.ptr<global> -> i32
    device.store %v, %q : i32, !device.ptr<global>
    cf.br ^bb4
  ^bb2:
    cf.br ^bb3
  ^bb3:
    cf.cond_br %d, ^bb3, ^bb4
  ^bb4:
// SRQP: {{.*}}remarks.mlir:[[@LINE+2]]:10: remark: [code-motion] srqp: 'device.load' computed in the new block ^bb4 on the edge ^bb3 -> ^bb5 (and 1 other point); 1 redundant computation replaced in kernel @split; not speculative{{$}}
// ESRQP: {{.*}}remarks.mlir:[[@LINE+1]]:10: remark: [code-motion] esrqp: 'device.load' computed in the new block ^bb4 on the edge ^bb3 -> ^bb5 (and 1 other point); 1 redundant computation replaced in kernel @split; not speculative{{$}}
    %w = device.load %p : !device.ptr<global> -> i32
    device.store %w, %q : i32, !device.ptr<global>
    device.return
  }
}
// LCM: device.kernel @pre
// LCM: ^bb2:
// LCM-NEXT: arith.addi %arg0, %arg1
// LCMF: device.func @pref
// LCMF: ^bb2:
// LCMF-NEXT: arith.muli %arg0, %arg1


