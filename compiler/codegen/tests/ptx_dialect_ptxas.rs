//! Hand-written `ptx` IR covering every opcode (those selection writes and
//! those the PTX importer adds), every operand position the emitter prints
//! an immediate in, structure ops (shared, local, functions
//! calling each other, parameters and results) and SSA control flow (swaps,
//! cycles, loops) put through `ptx-out-of-ssa` and `ptx-layout`: the PTX
//! the emitter writes must assemble with NVIDIA's ptxas for sm_80 and sm_90,
//! with and without debug info.
//!
//! Without ptxas the PTX is still produced (passes, verification and
//! emission must succeed) and a loud `SKIPPED` line says that assembly was
//! not checked; `LOCKSTEP_REQUIRE_TOOLS=1` or `CI=true` turns a missing
//! ptxas into a failure.

use lockstep_codegen::ptxas;
use lockstep_ir::OpId;
use lockstep_pass::PassManager;

const TARGETS: &[&str] = &["sm_80", "sm_90"];
const PIPELINE: &str = "builtin.module(ptx.module(ptx.entry(ptx-out-of-ssa,ptx-layout),ptx.func(ptx-out-of-ssa,ptx-layout)))";

/// Every opcode, and a constant in every position that takes an immediate.
const ALL_OPS: &str = r#"
ptx.module @all attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 1024, align = 4}
  ptx.shared @dyn {align = 16, extern}
  ptx.func @callee(i32, f32, i64, f64, i16) -> f64 {
    %0 = ptx.ld param.u32 [param 0] : i32
    %1 = ptx.ld param.f32 [param 1] : f32
    %2 = ptx.ld param.u64 [param 2] : i64
    %3 = ptx.ld param.f64 [param 3] : f64
    %4 = ptx.ld param.u16 [param 4] : i16
    ptx.st param.f64 [retval 0], %3 : f64
    ptx.ret
  }
  ptx.func @aborts() {
    ptx.trap
  }
  ptx.entry @k(i64, i32) {
    ptx.local @depot {size = 16, align = 8}
    %p0 = ptx.ld param.u64 [param 0] : i64
    %a = ptx.cvta to.global.u64 %p0 : i64
    %n = ptx.ld param.u32 [param 1] : i32
    %t = ptx.mov u32 %tid.x : i32
    %ctay = ptx.mov u32 %ctaid.y : i32
    %ntz = ptx.mov u32 %ntid.z : i32
    %ncx = ptx.mov u32 %nctaid.x : i32
    %lane = ptx.mov u32 %laneid : i32
    %c = ptx.mov b32 42 : i32
    %m1 = ptx.mov b32 -1 : i32
    %c64 = ptx.mov b64 1099511627775 : i64
    %c16 = ptx.mov b16 7 : i16
    %f = ptx.mov f32 1.5 : f32
    %d = ptx.mov f64 0.25 : f64
    %true = ptx.mov pred 1 : i1
    %sbuf = ptx.mov u64 @buf : i64
    %sdyn = ptx.mov u64 @dyn : i64
    %gbuf = ptx.cvta shared.u64 %sbuf : i64
    %sdep = ptx.mov u64 @depot : i64
    %t2 = ptx.mov b32 %t : i32
    %i0 = ptx.add s32 %t, %c : i32
    %i1 = ptx.sub s32 %i0, %c : i32
    %i2 = ptx.mul lo.s32 %i1, %c : i32
    %i3 = ptx.mul hi.u32 %i2, %c : i32
    %w = ptx.mul wide.s32 %i3, %c : i32 -> i64
    %i4 = ptx.mad lo.s32 %i3, %c, %c : i32
    %w2 = ptx.mad wide.u32 %i4, %c, %w : i32, i32, i64 -> i64
    %i5 = ptx.mul24 lo.s32 %i4, %c : i32
    %i6 = ptx.div s32 %i5, %c : i32
    %i7 = ptx.rem u32 %i6, %c : i32
    %i8 = ptx.abs s32 %i7 : i32
    %i9 = ptx.neg s32 %i8 : i32
    %i10 = ptx.min u32 %i9, %m1 : i32
    %i11 = ptx.max s32 %i10, %c : i32
    %i12 = ptx.and b32 %i11, %c : i32
    %i13 = ptx.or b32 %i12, %c : i32
    %i14 = ptx.xor b32 %i13, %m1 : i32
    %i15 = ptx.not b32 %i14 : i32
    %i16 = ptx.shl b32 %i15, %c : i32
    %i17 = ptx.shr s32 %i16, %c : i32
    %i18 = ptx.shr u32 %i17, %c : i32
    %i19 = ptx.popc b32 %i18 : i32
    %i20 = ptx.clz b64 %w2 : i64 -> i32
    %i21 = ptx.brev b32 %i20 : i32
    %l0 = ptx.add s64 %w2, %c64 : i64
    %l1 = ptx.and b64 %l0, %c64 : i64
    %l2 = ptx.shl b64 %l1, %c : i64, i32 -> i64
    %l3 = ptx.mad lo.s64 %l2, %c64, %c64 : i64
    %h0 = ptx.cvt u16.u32 %i21 : i32 -> i16
    %h1 = ptx.add s16 %h0, %c16 : i16
    %h2 = ptx.mul lo.u16 %h1, %c16 : i16
    %f0 = ptx.cvt rn.f32.s32 %i21 : i32 -> f32
    %f1 = ptx.fma rn.f32 %f0, %f, %f : f32
    %f2 = ptx.add rn.f32 %f1, %f : f32
    %f3 = ptx.sub f32 %f2, %f : f32
    %f4 = ptx.mul f32 %f3, %f : f32
    %f5 = ptx.mad rn.f32 %f4, %f, %f : f32
    %f6 = ptx.div rn.f32 %f5, %f : f32
    %f7 = ptx.div approx.f32 %f6, %f : f32
    %f8 = ptx.div full.f32 %f7, %f : f32
    %f9 = ptx.min f32 %f8, %f : f32
    %f10 = ptx.max f32 %f9, %f : f32
    %f11 = ptx.abs f32 %f10 : f32
    %f12 = ptx.neg f32 %f11 : f32
    %f13 = ptx.rcp rn.f32 %f12 : f32
    %f14 = ptx.sqrt rn.f32 %f13 : f32
    %f15 = ptx.sqrt approx.f32 %f14 : f32
    %f16 = ptx.rsqrt approx.f32 %f15 : f32
    %f17 = ptx.sin approx.f32 %f16 : f32
    %f18 = ptx.cos approx.f32 %f17 : f32
    %f19 = ptx.ex2 approx.ftz.f32 %f18 : f32
    %f20 = ptx.lg2 approx.f32 %f19 : f32
    %f21 = ptx.cvt rmi.f32.f32 %f20 : f32
    %d0 = ptx.cvt f64.f32 %f21 : f32 -> f64
    %d1 = ptx.fma rn.f64 %d0, %d, %d : f64
    %d2 = ptx.div rn.f64 %d1, %d : f64
    %d3 = ptx.rcp rn.f64 %d2 : f64
    %d4 = ptx.sqrt rn.f64 %d3 : f64
    %d5 = ptx.mul f64 %d4, %d : f64
    %d6 = ptx.rsqrt approx.f64 %d5 : f64
    %f22 = ptx.cvt rn.f32.f64 %d6 : f64 -> f32
    %i22 = ptx.cvt rzi.s32.f32 %f22 : f32 -> i32
    %i23 = ptx.cvt rzi.u64.f64 %d6 : f64 -> i64
    %i24 = ptx.cvt s64.s32 %i22 : i32 -> i64
    %i25 = ptx.cvt u32.u64 %i23 : i64 -> i32
    %fb = ptx.mov b32 %i25 : i32
    %q0 = ptx.setp lt.s32 %i22, %c : i32 -> i1
    %q1 = ptx.setp ge.u32 %i25, %c : i32 -> i1
    %q2 = ptx.setp gtu.f32 %f22, %f : f32 -> i1
    %q3 = ptx.setp eq.f64 %d6, %d : f64 -> i1
    %q4 = ptx.and pred %q0, %q1 : i1
    %q5 = ptx.or pred %q4, %q2 : i1
    %q6 = ptx.xor pred %q5, %q3 : i1
    %q7 = ptx.not pred %q6 : i1
    %q8 = ptx.setp ne.s16 %h2, %c16 : i16 -> i1
    %s0 = ptx.selp b32 %c, %i22, %q7 : i32, i32, i1 -> i32
    %s1 = ptx.selp f32 %f, %f22, %q8 : f32, f32, i1 -> f32
    %s2 = ptx.selp b64 %l3, %c64, %true : i64, i64, i1 -> i64
    %ld0 = ptx.ld global.f32 [%a + 4] : i64 -> f32
    %ld1 = ptx.ld global.nc.u32 [%a] : i64 -> i32
    %ld2 = ptx.ld volatile.global.u8 [%a + 3] : i64 -> i16
    %ld3 = ptx.ld shared.u32 [@buf + 8] : i32
    %ld4 = ptx.ld local.u64 [@depot] : i64
    %ld5 = ptx.ld u32 [%gbuf] : i64 -> i32
    %ld6 = ptx.ld shared.s8 [%sdyn] : i64 -> i32
    ptx.st global.f32 [%a], %s1 : i64, f32
    ptx.st global.u32 [%a + 8], %c : i64, i32
    ptx.st global.u64 [%a + 16], %c64 : i64, i64
    ptx.st global.f64 [%a + 24], %d : i64, f64
    ptx.st global.u16 [%a + 32], %c16 : i64, i16
    ptx.st global.u8 [%a + 34], %h2 : i64, i16
    ptx.st shared.u32 [@buf], %s0 : i32
    ptx.st local.u64 [@depot + 8], %s2 : i64
    ptx.st local.u32 [%sdep], %ld1 : i64, i32
    %at0 = ptx.atom global.add.u32 [%a], %c : i64, i32 -> i32
    %at1 = ptx.atom global.cas.b32 [%a], %c, %ld3 : i64, i32, i32 -> i32
    %at2 = ptx.atom shared.exch.b32 [@buf + 4], %at0 : i32
    %at3 = ptx.atom global.max.s32 [%a], %at1 : i64, i32 -> i32
    %at4 = ptx.atom global.add.f32 [%a], %f : i64, f32 -> f32
    %at5 = ptx.atom global.add.u64 [%a], %c64 : i64, i64 -> i64
    %at6 = ptx.atom global.inc.u32 [%a], %c : i64, i32 -> i32
    ptx.red global.add.f32 [%a + 8], %f : i64, f32
    ptx.red shared.or.b32 [@buf], %c : i32
    ptx.bar sync 0
    ptx.bar sync %c : i32
    %v0 = ptx.vote sync.ballot.b32 %q7, %m1 : i1, i32 -> i32
    %v1 = ptx.vote sync.any.pred %q7, %m1 : i1, i32 -> i1
    %v2 = ptx.vote sync.all.pred %v1, %m1 : i1, i32 -> i1
    %v3 = ptx.vote sync.uni.pred %v2, %m1 : i1, i32 -> i1
    %sh0 = ptx.shfl sync.down.b32 %f, %c, %c, %m1 : f32, i32, i32, i32 -> f32
    %sh1 = ptx.shfl sync.idx.b32 %v0, %lane, %c, %m1 : i32
    %sh2 = ptx.shfl sync.bfly.b32 %sh1, %c, %c, %m1 : i32
    %sh3 = ptx.shfl sync.up.b32 %sh2, %c, %c, %m1 : i32
    %r = ptx.call @callee(%c, %f, %c64, %d, %c16) : (i32, f32, i64, f64, i16) -> f64
    %r2 = ptx.call @callee(%sh3, %sh0, %w2, %d6, %h2) : (i32, f32, i64, f64, i16) -> f64
    %z = ptx.mov b32 0 : i32
    %five = ptx.mov b32 5 : i32
    ptx.bar sync %z : i32
    ptx.bar sync %five : i32
    ptx.bra not %v3, ^bb2, ^bb1
  ^bb1:
    ptx.call @aborts() : () -> ()
    ptx.exit
  ^bb2:
    ptx.ret
  }
}
"#;

/// The instructions added for PTX import and the widened forms, with a
/// constant in every source position that takes an immediate, 32-bit
/// shared and local addresses, and the barrier forms.
const IMPORT_OPS: &str = r#"
ptx.module @imp attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 1024, align = 4}
  ptx.entry @k(i64, i32, i64, f32, f64) {
    ptx.local @depot {size = 16, align = 8}
    %p0 = ptx.ld param.u64 [param 0] : i64
    %a = ptx.cvta to.global.u64 %p0 : i64
    %n = ptx.ld param.u32 [param 1] : i32
    %w = ptx.ld param.u64 [param 2] : i64
    %x = ptx.ld param.f32 [param 3] : f32
    %y = ptx.ld param.f64 [param 4] : f64
    %c = ptx.mov b32 42 : i32
    %c64 = ptx.mov b64 1099511627775 : i64
    %f = ptx.mov f32 1.5 : f32
    %d = ptx.mov f64 0.25 : f64
    %z = ptx.mov b32 0 : i32
    %tpb = ptx.mov b32 64 : i32
    %m1 = ptx.mov b32 -1 : i32
    %ns = ptx.mov b32 100 : i32
    %i0 = ptx.prmt b32 %c, %c, %c : i32
    %i1 = ptx.prmt b32.b4e %i0, %n, %c : i32
    %i2 = ptx.bfe u32 %c, %c, %c : i32
    %l0 = ptx.bfe s64 %c64, %c, %c : i64, i32, i32 -> i64
    %i3 = ptx.bfi b32 %c, %c, %c, %c : i32
    %l1 = ptx.bfi b64 %c64, %c64, %c, %c : i64, i64, i32, i32 -> i64
    %i4 = ptx.bfind u32 %c : i32
    %i5 = ptx.bfind shiftamt.s64 %c64 : i64 -> i32
    %i6 = ptx.sad s32 %c, %c, %c : i32
    %l2 = ptx.sad u64 %c64, %c64, %c64 : i64
    %i7 = ptx.cnot b32 %c : i32
    %i8 = ptx.mad24 lo.s32 %c, %c, %c : i32
    %i9 = ptx.mad24 hi.sat.s32 %i8, %c, %c : i32
    %i10 = ptx.shf l.clamp.b32 %c, %c, %c : i32
    %i11 = ptx.shf r.wrap.b32 %i10, %n, %n : i32
    %i12 = ptx.lop3 b32 %c, %c, %c, 0xe8 : i32
    %i13 = ptx.dp4a s32.s32 %c, %c, %c : i32
    %i14 = ptx.dp2a lo.u32.s32 %c, %c, %c : i32
    %i15 = ptx.mul hi.u32 %i14, %c : i32
    %i16 = ptx.mad hi.sat.s32 %i15, %c, %c : i32
    %f0 = ptx.copysign f32 %f, %f : f32
    %d0 = ptx.copysign f64 %d, %d : f64
    %f1 = ptx.tanh approx.f32 %f : f32
    %q0 = ptx.testp notanumber.f32 %f : f32 -> i1
    %q1 = ptx.testp normal.f64 %d : f64 -> i1
    %f2 = ptx.slct f32.s32 %f, %f, %c : f32, f32, i32 -> f32
    %d1 = ptx.slct ftz.f64.f32 %d, %d, %f : f64, f64, f32 -> f64
    %i17 = ptx.set le.u32.s32 %c, %c : i32
    %f3 = ptx.set gt.and.f32.f32 %f, %f, %q0 : f32, f32, i1 -> f32
    %q2 = ptx.setp lt.or.ftz.f32 %x, %f, %q1 : f32, f32, i1 -> i1
    %f4 = ptx.ex2 approx.ftz.f32 %x : f32
    %d2 = ptx.rcp approx.ftz.f64 %y : f64
    %d3 = ptx.rsqrt approx.f64 %d2 : f64
    %f5 = ptx.min ftz.NaN.f32 %f4, %f : f32
    %f6 = ptx.cvt sat.f32.f32 %f5 : f32
    %h0 = ptx.cvt sat.u8.s32 %n : i32 -> i16
    %s32 = ptx.mov u32 @buf : i32
    %l32 = ptx.mov u32 @depot : i32
    %ld0 = ptx.ld shared.u32 [%s32 + 8] : i32
    %ld1 = ptx.ld local.u32 [%l32 + 4] : i32
    ptx.st shared.u32 [%s32], %c : i32, i32
    ptx.st local.u64 [%l32 + 8], %c64 : i32, i64
    %at0 = ptx.atom shared.cas.b32 [%s32], %c, %ld0 : i32
    %at1 = ptx.atom global.sys.add.u32 [%a], %c : i64, i32 -> i32
    %at2 = ptx.atom relaxed.gpu.global.exch.b64 [%a], %c64 : i64
    ptx.red shared.add.u32 [%s32 + 4], %c : i32, i32
    ptx.red release.sys.global.or.b32 [%a], %c : i64, i32
    %ld2 = ptx.ld global.cg.u32 [%a] : i64 -> i32
    %ld3 = ptx.ld acquire.gpu.global.u32 [%a + 4] : i64 -> i32
    ptx.st global.wt.u32 [%a], %ld2 : i64, i32
    ptx.st relaxed.cta.global.u32 [%a + 4], %c : i64, i32
    %ld4 = ptx.ldu global.f32 [%a + 8] : i64 -> f32
    ptx.prefetch global.L1 [%a] : i64
    ptx.prefetch local.L2 [%l32] : i32
    ptx.bar sync 0
    ptx.bar sync %z, %tpb : i32
    ptx.bar arrive %z, %tpb : i32
    ptx.barrier sync.aligned %z : i32
    %cnt = ptx.bar red.popc.u32 %z, %tpb, %q2 : i32, i32, i1 -> i32
    %all = ptx.barrier red.and.aligned.pred %z, %q2 : i32, i1 -> i1
    ptx.bar warp.sync %m1 : i32
    ptx.membar gl
    ptx.fence acq_rel.sys
    %mask = ptx.activemask b32 : i32
    ptx.nanosleep u32 %ns : i32
    %r0 = ptx.add s32 %i1, %i2 : i32
    %r1 = ptx.add s32 %r0, %i3 : i32
    %r2 = ptx.add s32 %r1, %i4 : i32
    %r3 = ptx.add s32 %r2, %i5 : i32
    %r4 = ptx.add s32 %r3, %i6 : i32
    %r5 = ptx.add s32 %r4, %i7 : i32
    %r6 = ptx.add s32 %r5, %i9 : i32
    %r7 = ptx.add s32 %r6, %i11 : i32
    %r8 = ptx.add s32 %r7, %i12 : i32
    %r9 = ptx.add s32 %r8, %i13 : i32
    %r10 = ptx.add s32 %r9, %i16 : i32
    %r11 = ptx.add s32 %r10, %i17 : i32
    %r12 = ptx.add s32 %r11, %ld1 : i32
    %r13 = ptx.add s32 %r12, %at0 : i32
    %r14 = ptx.add s32 %r13, %at1 : i32
    %r15 = ptx.add s32 %r14, %ld3 : i32
    %r16 = ptx.add s32 %r15, %cnt : i32
    %r17 = ptx.selp b32 %r16, %mask, %all : i32, i32, i1 -> i32
    %e0 = ptx.add s64 %l0, %l1 : i64
    %e1 = ptx.add s64 %e0, %l2 : i64
    %e2 = ptx.add s64 %e1, %at2 : i64
    %g0 = ptx.add f32 %f0, %f1 : f32
    %g1 = ptx.add f32 %g0, %f2 : f32
    %g2 = ptx.add f32 %g1, %f3 : f32
    %g3 = ptx.add f32 %g2, %f6 : f32
    %g4 = ptx.add f32 %g3, %ld4 : f32
    %k0 = ptx.add f64 %d0, %d1 : f64
    %k1 = ptx.add f64 %k0, %d3 : f64
    ptx.st global.u32 [%a], %r17 : i64, i32
    ptx.st global.u64 [%a + 8], %e2 : i64, i64
    ptx.st global.f32 [%a + 16], %g4 : i64, f32
    ptx.st global.f64 [%a + 24], %k1 : i64, f64
    ptx.st global.u8 [%a + 32], %h0 : i64, i16
    ptx.ret
  }
}
"#;

/// SSA control flow left for the passes: swaps, a rotation, a loop value
/// used after the loop, a diamond and a loop in a device function.
const CONTROL_FLOW: &str = r#"
ptx.module @cf attributes {target = "sm_80", version = "8.0"} {
  ptx.func @sum(i32) -> i32 {
    %n = ptx.ld param.u32 [param 0] : i32
    %z = ptx.mov b32 0 : i32
    %one = ptx.mov b32 1 : i32
    ptx.bra uni ^bb1(%z, %z : i32, i32)
  ^bb1(%i: i32, %acc: i32):
    %c = ptx.setp lt.s32 %i, %n : i32 -> i1
    ptx.bra %c, ^bb2, ^bb3
  ^bb2:
    %acc2 = ptx.add s32 %acc, %i : i32
    %i2 = ptx.add s32 %i, %one : i32
    ptx.bra uni ^bb1(%i2, %acc2 : i32, i32)
  ^bb3:
    ptx.st param.u32 [retval 0], %acc : i32
    ptx.ret
  }
  ptx.entry @k(i64, i32) {
    %p = ptx.ld param.u64 [param 0] : i64
    %g = ptx.cvta to.global.u64 %p : i64
    %n = ptx.ld param.u32 [param 1] : i32
    %t = ptx.mov u32 %tid.x : i32
    %a = ptx.mov b32 1 : i32
    %b = ptx.mov b32 2 : i32
    ptx.bra ^bb1(%a, %b, %t : i32, i32, i32)
  ^bb1(%x: i32, %y: i32, %z: i32):
    %c = ptx.setp lt.s32 %x, %n : i32 -> i1
    ptx.bra %c, ^bb1(%y, %z, %x : i32, i32, i32), ^bb2(%x : i32)
  ^bb2(%last: i32):
    %d = ptx.setp eq.s32 %t, %a : i32 -> i1
    ptx.bra %d, ^bb3(%y, %x : i32, i32), ^bb4(%x, %y : i32, i32)
  ^bb3(%u: i32, %v: i32):
    ptx.bra ^bb5(%u, %v : i32, i32)
  ^bb4(%u2: i32, %v2: i32):
    ptx.bra ^bb5(%v2, %u2 : i32, i32)
  ^bb5(%r: i32, %s: i32):
    %sum = ptx.call @sum(%r) : (i32) -> i32
    %o = ptx.add s32 %sum, %s : i32
    %o2 = ptx.add s32 %o, %last : i32
    ptx.st global.u32 [%g], %o2 : i64, i32
    ptx.ret
  }
}
"#;

fn lower(src: &str) -> (lockstep_ir::Context, OpId) {
    let mut ctx = lockstep_registry::new_context(false);
    let top = lockstep_ir::parse_source(&mut ctx, "hand.mlir", src, 1)
        .unwrap_or_else(|d| panic!("parse: {}", d.message));
    if let Err(ds) = lockstep_ir::verify::verify(&ctx, top) {
        panic!("input does not verify: {}", ds[0].message);
    }
    let registry = lockstep_registry::new_registry();
    let mut pm = PassManager::parse(PIPELINE, &registry).expect("pipeline");
    let out = pm.run(&mut ctx, top);
    assert!(
        !out.failed,
        "passes failed: {:?}",
        out.diagnostics.first().map(|d| &d.message)
    );
    if let Err(ds) = lockstep_ir::verify::verify(&ctx, top) {
        panic!("lowered IR does not verify: {}", ds[0].message);
    }
    let m = ctx
        .collect_pre(top)
        .into_iter()
        .find(|&o| ctx.isa(o, &lockstep_ptx::MODULE))
        .expect("a ptx.module");
    (ctx, m)
}

fn check_assembles(name: &str, src: &str) {
    let (ctx, m) = lower(src);
    for debug_info in [false, true] {
        let ptx = lockstep_ptx::emit::emit_module(
            &ctx,
            m,
            &lockstep_ptx::emit::EmitOptions { debug_info },
        )
        .unwrap_or_else(|d| panic!("{name}: emission failed: {}", d.message));
        assert_eq!(debug_info, ptx.contains(".loc\t"), "{name}:\n{ptx}");
        let Some(tool) = ptxas::find_ptxas() else {
            assert!(!lockstep_tests::tools::tools_required(), "ptxas not found");
            eprintln!(
                "SKIPPED: ptxas not found (install the nvidia-cuda-nvcc wheel); {name} not assembled"
            );
            return;
        };
        for sm in TARGETS {
            if let Err(e) = ptxas::assemble(tool, &ptx, sm, false, false) {
                panic!("{name} (debug info {debug_info}) rejected by ptxas for {sm}: {e}\n{ptx}");
            }
        }
    }
}

#[test]
fn every_opcode_and_immediate_position_assembles() {
    check_assembles("all ops", ALL_OPS);
}

#[test]
fn out_of_ssa_and_layout_output_assembles() {
    check_assembles("control flow", CONTROL_FLOW);
}

#[test]
fn import_instructions_assemble() {
    check_assembles("import ops", IMPORT_OPS);
}

/// The new instructions take an immediate in every source position, the
/// barrier number and a warp-multiple thread count of `bar` too; the shared
/// and local windows are addressed with 32-bit registers.
#[test]
fn import_instructions_fold_immediates() {
    let (ctx, m) = lower(IMPORT_OPS);
    let ptx = lockstep_ptx::emit::emit_module(&ctx, m, &Default::default()).unwrap();
    for line in [
        "prmt.b32 \t%r2, 42, 42, 42;",
        "bfe.u32 \t%r4, 42, 42, 42;",
        "bfe.s64 \t%rd4, 1099511627775, 42, 42;",
        "bfi.b32 \t%r5, 42, 42, 42, 42;",
        "bfi.b64 \t%rd5, 1099511627775, 1099511627775, 42, 42;",
        "bfind.u32 \t%r6, 42;",
        "sad.u64 \t%rd6, 1099511627775, 1099511627775, 1099511627775;",
        "cnot.b32 \t%r9, 42;",
        "mad24.lo.s32 \t%r10, 42, 42, 42;",
        "shf.l.clamp.b32 \t%r12, 42, 42, 42;",
        "lop3.b32 \t%r14, 42, 42, 42, 232;",
        "dp4a.s32.s32 \t%r15, 42, 42, 42;",
        "dp2a.lo.u32.s32 \t%r16, 42, 42, 42;",
        "copysign.f32 \t%f2, 0f3FC00000, 0f3FC00000;",
        "copysign.f64 \t%fd2, 0d3FD0000000000000, 0d3FD0000000000000;",
        "tanh.approx.f32 \t%f3, 0f3FC00000;",
        "testp.notanumber.f32 \t%p1, 0f3FC00000;",
        "slct.f32.s32 \t%f4, 0f3FC00000, 0f3FC00000, 42;",
        "set.le.u32.s32 \t%r19, 42, 42;",
        "mov.u32 \t%r20, buf;",
        "mov.u32 \t%r21, depot;",
        "ld.shared.u32 \t%r22, [%r20+8];",
        "st.local.u64 \t[%r21+8], 1099511627775;",
        "atom.shared.cas.b32 \t%r24, [%r20], 42, %r22;",
        "prefetch.local.L2 \t[%r21];",
        "bar.sync \t0, 64;",
        "bar.arrive \t0, 64;",
        "barrier.sync.aligned \t0;",
        "bar.red.popc.u32 \t%r28, 0, 64, %p3;",
        "bar.warp.sync \t-1;",
        "nanosleep.u32 \t100;",
    ] {
        assert!(ptx.contains(line), "missing {line:?} in\n{ptx}");
    }
    // Every constant has a use that takes it as an immediate only.
    for absent in ["mov.b32", "mov.b64", "mov.f32", "mov.f64"] {
        assert!(!ptx.contains(absent), "unexpected {absent:?} in\n{ptx}");
    }
}

/// The constants of ALL_OPS that sit in immediate positions are printed
/// in place: no `mov` of them survives.
#[test]
fn immediates_replace_constant_registers() {
    let (ctx, m) = lower(ALL_OPS);
    let ptx = lockstep_ptx::emit::emit_module(&ctx, m, &Default::default()).unwrap();
    for line in [
        "add.s32 \t%r9, %r2, 42;",
        "min.u32 \t%r19, %r18, -1;",
        "and.b64 \t%rd10, %rd9, 1099511627775;",
        "mad.lo.s64 \t%rd12, %rd11, 1099511627775, 1099511627775;",
        "fma.rn.f32 \t%f3, %f2, 0f3FC00000, 0f3FC00000;",
        "mul.f64 \t%fd6, %fd5, 0d3FD0000000000000;",
        "selp.b32 \t%r34, 42, %r31, %p9;",
        "st.global.u64 \t[%rd2+16], 1099511627775;",
        "atom.global.cas.b32 \t%r40, [%rd2], 42, %r36;",
        "vote.sync.ballot.b32 \t%r44, %p9, -1;",
        "st.param.u32 \t[param0], 42;",
        "mov.pred \t%p1, 1;",
        // 42 is no barrier number: that use needs the register.
        "mov.b32 \t%r7, 42;",
        "bar.sync \t%r7;",
        "bar.sync \t0;",
        "bar.sync \t5;",
    ] {
        assert!(ptx.contains(line), "missing {line:?} in\n{ptx}");
    }
    // Constants used only where immediates fit are never materialized.
    for absent in ["mov.b64", "mov.f64", "mov.b16", "mov.b32 \t%r1, 0;"] {
        assert!(!ptx.contains(absent), "unexpected {absent:?} in\n{ptx}");
    }
}
