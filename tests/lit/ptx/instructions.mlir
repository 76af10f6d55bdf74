// The instructions added for PTX import and the widened modifier grammars:
// each op in its custom form, printed back unchanged, read back from the
// generic form, and written as PTX (assembled by ptxas for sm_80 and sm_90
// by the lit harness). Constants in source positions print as immediates
// (prmt, bfe, bfi, lop3, dp4a, ... take one anywhere; a bar thread count
// only when it is a multiple of 32); lop3's lookup table is its `value`;
// shared memory is addressed with 32-bit registers as nvcc does.
// RUN: lockstep-opt %s | FileCheck %s
// RUN: lockstep-opt %s | lockstep-opt | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | lockstep-opt | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: lockstep-translate --ptx %s | FileCheck %s --check-prefix=PTX

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @smem {size = 1024, align = 4}
  // CHECK-LABEL: ptx.entry @bits(i64, i32, i64)
  // PTX-LABEL: .visible .entry bits(
  ptx.entry @bits(i64, i32, i64) {
    %p = ptx.ld param.u64 [param 0] : i64
    %g = ptx.cvta to.global.u64 %p : i64
    %n = ptx.ld param.u32 [param 1] : i32
    %w = ptx.ld param.u64 [param 2] : i64
    %c7 = ptx.mov b32 7 : i32
    // CHECK: %[[P0:.*]] = ptx.prmt b32 %{{.*}}, %{{.*}}, %{{.*}} : i32
    // CHECK-NEXT: %[[P1:.*]] = ptx.prmt b32.f4e %[[P0]], %{{.*}}, %{{.*}} : i32
    // CHECK-NEXT: ptx.prmt b32.rc16
    // CHECK-NEXT: ptx.bfe u32 %{{.*}}, %{{.*}}, %{{.*}} : i32
    // CHECK-NEXT: ptx.bfe s64 %{{.*}}, %{{.*}}, %{{.*}} : i64, i32, i32 -> i64
    // CHECK-NEXT: ptx.bfi b32
    // CHECK-NEXT: ptx.bfi b64 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i64, i64, i32, i32 -> i64
    // CHECK-NEXT: ptx.bfind u32
    // CHECK-NEXT: ptx.bfind shiftamt.s64 %{{.*}} : i64 -> i32
    // CHECK-NEXT: ptx.sad u32
    // CHECK-NEXT: ptx.cnot b32
    // CHECK-NEXT: ptx.mad24 lo.s32
    // CHECK-NEXT: ptx.mad24 hi.sat.s32
    // CHECK-NEXT: ptx.shf l.wrap.b32
    // CHECK-NEXT: ptx.shf r.clamp.b32
    // CHECK-NEXT: %{{.*}} = ptx.lop3 b32 %{{.*}}, %{{.*}}, %{{.*}}, 150 : i32
    // CHECK-NEXT: ptx.dp4a u32.s32
    // CHECK-NEXT: ptx.dp2a lo.s32.u32
    // CHECK-NEXT: ptx.dp2a hi.u32.u32
    // CHECK-NEXT: ptx.mul hi.u32
    // CHECK-NEXT: ptx.mul hi.s64
    // CHECK-NEXT: ptx.mad hi.sat.s32
    // CHECK-NEXT: ptx.cvt u16.u32
    // CHECK-NEXT: ptx.mad wide.s16
    // GENERIC: "ptx.lop3"(%{{.*}}, %{{.*}}, %{{.*}}) <{mods = "b32", value = 150 : i32}> : (i32, i32, i32) -> i32
    // PTX: prmt.b32 	%r[[P0:[0-9]+]], %r{{[0-9]+}}, %r{{[0-9]+}}, 7;
    // PTX-NEXT: prmt.b32.f4e 	%r{{[0-9]+}}, %r[[P0]], 7, 7;
    // PTX-NEXT: prmt.b32.rc16
    // PTX-NEXT: bfe.u32 	%r{{[0-9]+}}, %r{{[0-9]+}}, 7, 7;
    // PTX-NEXT: bfe.s64 	%rd{{[0-9]+}}, %rd{{[0-9]+}}, 7, %r{{[0-9]+}};
    // PTX-NEXT: bfi.b32
    // PTX-NEXT: bfi.b64
    // PTX-NEXT: bfind.u32
    // PTX-NEXT: bfind.shiftamt.s64 	%r{{[0-9]+}}, %rd{{[0-9]+}};
    // PTX-NEXT: sad.u32
    // PTX-NEXT: cnot.b32
    // PTX-NEXT: mad24.lo.s32
    // PTX-NEXT: mad24.hi.sat.s32
    // PTX-NEXT: shf.l.wrap.b32
    // PTX-NEXT: shf.r.clamp.b32
    // PTX-NEXT: lop3.b32 	%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, 7, 150;
    // PTX-NEXT: dp4a.u32.s32
    // PTX-NEXT: dp2a.lo.s32.u32
    // PTX-NEXT: dp2a.hi.u32.u32
    // PTX-NEXT: mul.hi.u32
    // PTX-NEXT: mul.hi.s64
    // PTX-NEXT: mad.hi.sat.s32
    // PTX-NEXT: cvt.u16.u32
    // PTX-NEXT: mad.wide.s16
    %0 = ptx.prmt b32 %n, %n, %c7 : i32
    %1 = ptx.prmt b32.f4e %0, %c7, %c7 : i32
    %2 = ptx.prmt b32.rc16 %1, %0, %n : i32
    %3 = ptx.bfe u32 %2, %c7, %c7 : i32
    %4 = ptx.bfe s64 %w, %c7, %3 : i64, i32, i32 -> i64
    %5 = ptx.bfi b32 %3, %2, %c7, %n : i32
    %6 = ptx.bfi b64 %4, %w, %5, %c7 : i64, i64, i32, i32 -> i64
    %7 = ptx.bfind u32 %5 : i32
    %8 = ptx.bfind shiftamt.s64 %6 : i64 -> i32
    %9 = ptx.sad u32 %7, %8, %c7 : i32
    %10 = ptx.cnot b32 %9 : i32
    %11 = ptx.mad24 lo.s32 %10, %c7, %9 : i32
    %12 = ptx.mad24 hi.sat.s32 %11, %10, %c7 : i32
    %13 = ptx.shf l.wrap.b32 %12, %11, %c7 : i32
    %14 = ptx.shf r.clamp.b32 %13, %12, %n : i32
    %15 = ptx.lop3 b32 %14, %13, %c7, 0x96 : i32
    %16 = ptx.dp4a u32.s32 %15, %14, %c7 : i32
    %17 = ptx.dp2a lo.s32.u32 %16, %15, %n : i32
    %18 = ptx.dp2a hi.u32.u32 %17, %16, %c7 : i32
    %19 = ptx.mul hi.u32 %18, %17 : i32
    %20 = ptx.mul hi.s64 %6, %w : i64
    %21 = ptx.mad hi.sat.s32 %19, %18, %c7 : i32
    %h = ptx.cvt u16.u32 %21 : i32 -> i16
    %22 = ptx.mad wide.s16 %h, %h, %21 : i16, i16, i32 -> i32
    ptx.st global.u32 [%g], %22 : i64, i32
    ptx.st global.u64 [%g + 8], %20 : i64, i64
    ptx.ret
  }

  // CHECK-LABEL: ptx.entry @floats(i64, f32, f64)
  // PTX-LABEL: .visible .entry floats(
  ptx.entry @floats(i64, f32, f64) {
    %p = ptx.ld param.u64 [param 0] : i64
    %g = ptx.cvta to.global.u64 %p : i64
    %x = ptx.ld param.f32 [param 1] : f32
    %d = ptx.ld param.f64 [param 2] : f64
    %one = ptx.mov f32 1.0 : f32
    // CHECK: ptx.copysign f32
    // CHECK-NEXT: ptx.copysign f64
    // CHECK-NEXT: ptx.tanh approx.f32
    // CHECK-NEXT: ptx.testp finite.f32 %{{.*}} : f32 -> i1
    // CHECK-NEXT: ptx.testp subnormal.f64 %{{.*}} : f64 -> i1
    // CHECK-NEXT: ptx.ex2 approx.ftz.f32
    // CHECK-NEXT: ptx.lg2 approx.ftz.f32
    // CHECK-NEXT: ptx.rcp approx.ftz.f64
    // CHECK-NEXT: ptx.rcp rn.ftz.f64
    // CHECK-NEXT: ptx.rsqrt approx.f64
    // CHECK-NEXT: ptx.sqrt approx.ftz.f32
    // CHECK-NEXT: ptx.sin approx.ftz.f32
    // CHECK-NEXT: ptx.div full.ftz.f32
    // CHECK-NEXT: ptx.add rm.ftz.sat.f32
    // CHECK-NEXT: ptx.fma rz.ftz.sat.f32
    // CHECK-NEXT: ptx.min ftz.NaN.f32
    // CHECK-NEXT: ptx.max NaN.f32
    // CHECK-NEXT: ptx.abs ftz.f32
    // CHECK-NEXT: ptx.neg ftz.f32
    // CHECK-NEXT: ptx.cvt sat.f32.f32
    // CHECK-NEXT: ptx.cvt rn.ftz.f32.f64
    // CHECK-NEXT: ptx.cvt rpi.s32.f32
    // CHECK-NEXT: ptx.cvt rmi.s64.f64
    // CHECK-NEXT: ptx.cvt rz.f32.s64
    // CHECK-NEXT: ptx.cvt sat.s8.s32
    // CHECK-NEXT: ptx.slct ftz.f32.f32
    // CHECK-NEXT: ptx.slct b64.s32 %{{.*}}, %{{.*}}, %{{.*}} : i64, i64, i32 -> i64
    // PTX: copysign.f32 	%f{{[0-9]+}}, 0f3F800000, %f{{[0-9]+}};
    // PTX-NEXT: copysign.f64
    // PTX-NEXT: tanh.approx.f32
    // PTX-NEXT: testp.finite.f32 	%p{{[0-9]+}}, %f{{[0-9]+}};
    // PTX-NEXT: testp.subnormal.f64
    %0 = ptx.copysign f32 %one, %x : f32
    %1 = ptx.copysign f64 %d, %d : f64
    %2 = ptx.tanh approx.f32 %0 : f32
    %q0 = ptx.testp finite.f32 %2 : f32 -> i1
    %q1 = ptx.testp subnormal.f64 %1 : f64 -> i1
    %3 = ptx.ex2 approx.ftz.f32 %2 : f32
    %4 = ptx.lg2 approx.ftz.f32 %3 : f32
    %5 = ptx.rcp approx.ftz.f64 %1 : f64
    %6 = ptx.rcp rn.ftz.f64 %5 : f64
    %7 = ptx.rsqrt approx.f64 %6 : f64
    %8 = ptx.sqrt approx.ftz.f32 %4 : f32
    %9 = ptx.sin approx.ftz.f32 %8 : f32
    %10 = ptx.div full.ftz.f32 %9, %x : f32
    %11 = ptx.add rm.ftz.sat.f32 %10, %one : f32
    %12 = ptx.fma rz.ftz.sat.f32 %11, %x, %one : f32
    %13 = ptx.min ftz.NaN.f32 %12, %x : f32
    %14 = ptx.max NaN.f32 %13, %one : f32
    %15 = ptx.abs ftz.f32 %14 : f32
    %16 = ptx.neg ftz.f32 %15 : f32
    %17 = ptx.cvt sat.f32.f32 %16 : f32
    %18 = ptx.cvt rn.ftz.f32.f64 %7 : f64 -> f32
    %i = ptx.cvt rpi.s32.f32 %18 : f32 -> i32
    %l = ptx.cvt rmi.s64.f64 %7 : f64 -> i64
    %19 = ptx.cvt rz.f32.s64 %l : i64 -> f32
    %b = ptx.cvt sat.s8.s32 %i : i32 -> i16
    %20 = ptx.slct ftz.f32.f32 %17, %19, %x : f32
    %21 = ptx.slct b64.s32 %l, %l, %i : i64, i64, i32 -> i64
    // CHECK-NEXT: ptx.setp lt.and.f32 %{{.*}}, %{{.*}}, %{{.*}} : f32, f32, i1 -> i1
    // CHECK-NEXT: ptx.setp ge.or.ftz.f32
    // CHECK-NEXT: ptx.setp ne.xor.s32 %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i1 -> i1
    // CHECK-NEXT: ptx.setp lt.ftz.and.f32
    // CHECK-NEXT: ptx.set ltu.u32.f32 %{{.*}}, %{{.*}} : f32 -> i32
    // CHECK-NEXT: ptx.set eq.or.f32.s32 %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i1 -> f32
    // PTX: setp.lt.and.f32 	%p{{[0-9]+}}, %f{{[0-9]+}}, 0f3F800000, %p{{[0-9]+}};
    // PTX-NEXT: setp.ge.or.ftz.f32
    // PTX-NEXT: setp.ne.xor.s32
    // PTX-NEXT: setp.lt.ftz.and.f32
    // PTX-NEXT: set.ltu.u32.f32
    // PTX-NEXT: set.eq.or.f32.s32
    %q2 = ptx.setp lt.and.f32 %20, %one, %q0 : f32, f32, i1 -> i1
    %q3 = ptx.setp ge.or.ftz.f32 %20, %x, %q1 : f32, f32, i1 -> i1
    %q4 = ptx.setp ne.xor.s32 %i, %i, %q3 : i32, i32, i1 -> i1
    %q5 = ptx.setp lt.ftz.and.f32 %x, %20, %q4 : f32, f32, i1 -> i1
    %m = ptx.set ltu.u32.f32 %20, %x : f32 -> i32
    %f = ptx.set eq.or.f32.s32 %i, %m, %q5 : i32, i32, i1 -> f32
    ptx.st global.f32 [%g], %f : i64, f32
    ptx.st global.u64 [%g + 8], %21 : i64, i64
    ptx.st global.u8 [%g + 16], %b : i64, i16
    ptx.ret
  }

  // CHECK-LABEL: ptx.entry @memory(i64)
  // PTX-LABEL: .visible .entry memory(
  ptx.entry @memory(i64) {
    %p = ptx.ld param.u64 [param 0] : i64
    %g = ptx.cvta to.global.u64 %p : i64
    %t = ptx.mov u32 %tid.x : i32
    %c1 = ptx.mov b32 1 : i32
    %c64 = ptx.mov b32 64 : i32
    %z = ptx.mov b32 0 : i32
    // CHECK: %[[S:.*]] = ptx.mov u32 @smem : i32
    // CHECK-NEXT: ptx.ld shared.u32 [%[[S]] + 4] : i32
    // CHECK-NEXT: ptx.st shared.u32 [%[[S]]], %{{.*}} : i32
    // CHECK-NEXT: ptx.atom shared.add.u32 [%[[S]] + 8], %{{.*}} : i32
    // CHECK-NEXT: ptx.red shared.max.s32 [%[[S]]], %{{.*}} : i32
    // CHECK-NEXT: ptx.ld global.nc.f32 [%{{.*}}] : i64 -> f32
    // CHECK-NEXT: ptx.ld global.cg.u32
    // CHECK-NEXT: ptx.ld global.lu.u32
    // CHECK-NEXT: ptx.ld volatile.global.u32
    // CHECK-NEXT: ptx.ld relaxed.gpu.global.u32
    // CHECK-NEXT: ptx.ld acquire.sys.u32
    // CHECK-NEXT: ptx.st global.cs.u32
    // CHECK-NEXT: ptx.st release.gpu.global.u32
    // CHECK-NEXT: ptx.st volatile.shared.u32 [%[[S]] + 12]
    // CHECK-NEXT: ptx.atom global.sys.add.u32
    // CHECK-NEXT: ptx.atom acq_rel.gpu.global.cas.b32
    // CHECK-NEXT: ptx.cvt u64.u32
    // CHECK-NEXT: ptx.atom global.exch.b64
    // CHECK-NEXT: ptx.atom global.min.u64
    // CHECK-NEXT: ptx.cvt f64.f32
    // CHECK-NEXT: ptx.atom global.add.f64
    // CHECK-NEXT: ptx.atom global.dec.u32
    // CHECK-NEXT: ptx.red relaxed.cta.global.add.f32
    // CHECK-NEXT: ptx.red global.xor.b64
    // CHECK-NEXT: ptx.ldu global.u32 [%{{.*}} + 4] : i64 -> i32
    // CHECK-NEXT: ptx.prefetch global.L2 [%{{.*}}] : i64
    // CHECK-NEXT: ptx.prefetch "L2::evict_last" [%{{.*}}] : i64
    // PTX: mov.u32 	%r[[S:[0-9]+]], smem;
    // PTX-NEXT: ld.shared.u32 	%r{{[0-9]+}}, [%r[[S]]+4];
    // PTX-NEXT: st.shared.u32 	[%r[[S]]], %r{{[0-9]+}};
    // PTX-NEXT: atom.shared.add.u32 	%r{{[0-9]+}}, [%r[[S]]+8], 1;
    // PTX-NEXT: red.shared.max.s32 	[%r[[S]]], %r{{[0-9]+}};
    // PTX-NEXT: ld.global.nc.f32
    // PTX-NEXT: ld.global.cg.u32
    // PTX-NEXT: ld.global.lu.u32
    // PTX-NEXT: ld.volatile.global.u32
    // PTX-NEXT: ld.relaxed.gpu.global.u32
    // PTX-NEXT: ld.acquire.sys.u32
    // PTX-NEXT: st.global.cs.u32
    // PTX-NEXT: st.release.gpu.global.u32
    // PTX-NEXT: st.volatile.shared.u32 	[%r[[S]]+12], 1;
    // PTX-NEXT: atom.global.sys.add.u32
    // PTX-NEXT: atom.acq_rel.gpu.global.cas.b32
    // PTX-NEXT: cvt.u64.u32
    // PTX-NEXT: atom.global.exch.b64
    // PTX-NEXT: atom.global.min.u64
    // PTX-NEXT: cvt.f64.f32
    // PTX-NEXT: atom.global.add.f64
    // PTX-NEXT: atom.global.dec.u32
    // PTX-NEXT: red.relaxed.cta.global.add.f32
    // PTX-NEXT: red.global.xor.b64
    // PTX-NEXT: ldu.global.u32 	%r{{[0-9]+}}, [%rd{{[0-9]+}}+4];
    // PTX-NEXT: prefetch.global.L2 	[%rd{{[0-9]+}}];
    // PTX-NEXT: prefetch.L2::evict_last 	[%rd{{[0-9]+}}];
    %s = ptx.mov u32 @smem : i32
    %0 = ptx.ld shared.u32 [%s + 4] : i32
    ptx.st shared.u32 [%s], %t : i32, i32
    %1 = ptx.atom shared.add.u32 [%s + 8], %c1 : i32
    ptx.red shared.max.s32 [%s], %0 : i32
    %f = ptx.ld global.nc.f32 [%g] : i64 -> f32
    %2 = ptx.ld global.cg.u32 [%g] : i64 -> i32
    %3 = ptx.ld global.lu.u32 [%g] : i64 -> i32
    %4 = ptx.ld volatile.global.u32 [%g] : i64 -> i32
    %5 = ptx.ld relaxed.gpu.global.u32 [%g] : i64 -> i32
    %6 = ptx.ld acquire.sys.u32 [%g] : i64 -> i32
    ptx.st global.cs.u32 [%g], %2 : i64, i32
    ptx.st release.gpu.global.u32 [%g], %3 : i64, i32
    ptx.st volatile.shared.u32 [%s + 12], %c1 : i32
    %7 = ptx.atom global.sys.add.u32 [%g], %4 : i64, i32 -> i32
    %8 = ptx.atom acq_rel.gpu.global.cas.b32 [%g], %5, %6 : i64, i32, i32 -> i32
    %l = ptx.cvt u64.u32 %8 : i32 -> i64
    %9 = ptx.atom global.exch.b64 [%g], %l : i64
    %10 = ptx.atom global.min.u64 [%g], %9 : i64
    %d = ptx.cvt f64.f32 %f : f32 -> f64
    %11 = ptx.atom global.add.f64 [%g], %d : i64, f64 -> f64
    %12 = ptx.atom global.dec.u32 [%g], %7 : i64, i32 -> i32
    ptx.red relaxed.cta.global.add.f32 [%g], %f : i64, f32
    ptx.red global.xor.b64 [%g], %10 : i64
    %13 = ptx.ldu global.u32 [%g + 4] : i64 -> i32
    ptx.prefetch global.L2 [%g] : i64
    ptx.prefetch "L2::evict_last" [%g] : i64
    // CHECK-NEXT: ptx.bar sync 0
    // CHECK-NEXT: ptx.bar sync %{{.*}}, %{{.*}} : i32
    // CHECK-NEXT: ptx.bar arrive %{{.*}}, %{{.*}} : i32
    // CHECK-NEXT: ptx.barrier sync.aligned 1
    // CHECK-NEXT: ptx.barrier arrive %{{.*}}, %{{.*}} : i32
    // CHECK-NEXT: ptx.setp
    // CHECK-NEXT: %{{.*}} = ptx.bar red.popc.u32 %{{.*}}, %{{.*}} : i32, i1 -> i32
    // CHECK-NEXT: %{{.*}} = ptx.bar red.and.pred %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i1 -> i1
    // CHECK-NEXT: %{{.*}} = ptx.barrier red.or.aligned.pred %{{.*}}, %{{.*}} : i32, i1 -> i1
    // CHECK-NEXT: ptx.mov b32 -1
    // CHECK-NEXT: ptx.bar warp.sync %{{.*}} : i32
    // CHECK-NEXT: ptx.membar cta
    // CHECK-NEXT: ptx.membar gl
    // CHECK-NEXT: ptx.membar sys
    // CHECK-NEXT: ptx.fence sc.gpu
    // CHECK-NEXT: ptx.fence acq_rel.cta
    // CHECK-NEXT: ptx.fence sys
    // CHECK-NEXT: %{{.*}} = ptx.activemask b32 : i32
    // CHECK-NEXT: ptx.mov b32 100
    // CHECK-NEXT: ptx.nanosleep u32 %{{.*}} : i32
    // GENERIC: "ptx.bar"(%{{.*}}, %{{.*}}) <{mods = "red.popc.u32"}> : (i32, i1) -> i32
    // GENERIC: "ptx.membar"() <{mods = "cta"}> : () -> ()
    // PTX: bar.sync 	0;
    // PTX-NEXT: bar.sync 	0, 64;
    // PTX-NEXT: bar.arrive 	0, %r{{[0-9]+}};
    // PTX-NEXT: barrier.sync.aligned 	1;
    // PTX-NEXT: barrier.arrive 	0, 64;
    // PTX-NEXT: setp.lt.u32
    // PTX-NEXT: bar.red.popc.u32 	%r{{[0-9]+}}, 0, %p{{[0-9]+}};
    // PTX-NEXT: bar.red.and.pred 	%p{{[0-9]+}}, 0, 64, %p{{[0-9]+}};
    // PTX-NEXT: barrier.red.or.aligned.pred 	%p{{[0-9]+}}, 0, %p{{[0-9]+}};
    // PTX-NEXT: bar.warp.sync 	-1;
    // PTX-NEXT: membar.cta;
    // PTX-NEXT: membar.gl;
    // PTX-NEXT: membar.sys;
    // PTX-NEXT: fence.sc.gpu;
    // PTX-NEXT: fence.acq_rel.cta;
    // PTX-NEXT: fence.sys;
    // PTX-NEXT: activemask.b32 	%r{{[0-9]+}};
    // PTX-NEXT: nanosleep.u32 	100;
    ptx.bar sync 0
    ptx.bar sync %z, %c64 : i32
    ptx.bar arrive %z, %13 : i32
    ptx.barrier sync.aligned 1
    ptx.barrier arrive %z, %c64 : i32
    %q = ptx.setp lt.u32 %t, %c64 : i32 -> i1
    %n = ptx.bar red.popc.u32 %z, %q : i32, i1 -> i32
    %all = ptx.bar red.and.pred %z, %c64, %q : i32, i32, i1 -> i1
    %any = ptx.barrier red.or.aligned.pred %z, %all : i32, i1 -> i1
    %m1 = ptx.mov b32 -1 : i32
    ptx.bar warp.sync %m1 : i32
    ptx.membar cta
    ptx.membar gl
    ptx.membar sys
    ptx.fence sc.gpu
    ptx.fence acq_rel.cta
    ptx.fence sys
    %mask = ptx.activemask b32 : i32
    %ns = ptx.mov b32 100 : i32
    ptx.nanosleep u32 %ns : i32
    %r = ptx.selp b32 %n, %mask, %any : i32, i32, i1 -> i32
    ptx.st global.u32 [%g], %r : i64, i32
    ptx.st global.u32 [%g + 4], %0 : i64, i32
    ptx.st global.u32 [%g + 8], %1 : i64, i32
    ptx.st global.u32 [%g + 12], %12 : i64, i32
    ptx.st global.f64 [%g + 16], %11 : i64, f64
    ptx.ret
  }
}
