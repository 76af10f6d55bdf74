// The whole PTX pipeline as lockstep-opt runs it (the string is
// lockstep_codegen::pipeline::PTX_PIPELINE): selection, then out-of-SSA
// (block arguments become ptx.reg written by ptx.copy) and layout on every
// ptx function. uni marks survive: the uniform loop exit keeps it, the
// thread-dependent branch never gets it.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx{sm=sm_80},ptx.module(ptx.entry(ptx-out-of-ssa,ptx-layout),ptx.func(ptx-out-of-ssa,ptx-layout)))' | FileCheck %s

// CHECK-LABEL: ptx.entry @sum(i32, i64)
// CHECK-NEXT:  %[[I:.*]] = ptx.reg : i32
// CHECK-NEXT:  %[[ACC:.*]] = ptx.reg : i32
// CHECK-NOT:   ^bb{{[0-9]+}}(
// CHECK:       %[[T:.*]] = ptx.mov u32 %tid.x : i32
// CHECK:       %[[D:.*]] = ptx.setp lt.s32 %[[T]], %{{.*}} : i32 -> i1
// CHECK-NEXT:  ptx.bra {{(not )?}}%[[D]], ^bb{{[0-9]+}}, ^bb{{[0-9]+}}
// CHECK:       %[[C:.*]] = ptx.setp lt.s32 %[[I]], %{{.*}} : i32 -> i1
// CHECK-NEXT:  ptx.bra uni {{(not )?}}%[[C]], ^bb{{[0-9]+}}, ^bb{{[0-9]+}}
// CHECK:       ptx.copy %[[I]], %{{.*}} : i32
// CHECK-NOT:   ^bb{{[0-9]+}}(
device.module @m {
  device.kernel @sum(%n: i32, %p: !device.ptr<global>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %t = device.thread_id x : i32
    %small = arith.cmpi slt, %t, %n : i32
    cf.cond_br %small, ^go, ^done
  ^go:
    cf.br ^h(%c0, %c0 : i32, i32)
  ^h(%i: i32, %acc: i32):
    %c = arith.cmpi slt, %i, %n : i32
    cf.cond_br %c, ^body, ^out
  ^body:
    %acc1 = arith.addi %acc, %i : i32
    %i1 = arith.addi %i, %c1 : i32
    cf.br ^h(%i1, %acc1 : i32, i32)
  ^out:
    device.store %acc, %p : i32, !device.ptr<global>
    cf.br ^done
  ^done:
    device.return
  }
}
