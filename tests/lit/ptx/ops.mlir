// The ptx dialect: every op in its custom form, printed back unchanged and
// read back from the generic form (round trip both ways).
// RUN: lockstep-opt %s | FileCheck %s
// RUN: lockstep-opt %s | lockstep-opt | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | lockstep-opt | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: ptx.module @m attributes {target = "sm_80", version = "8.0"} {
// GENERIC: "ptx.module"() <{sym_name = "m", target = "sm_80", version = "8.0"}> ({
ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  // CHECK-NEXT: ptx.shared @buf {align = 4 : i64, size = 1024 : i64}
  // CHECK-NEXT: ptx.shared @dyn {align = 16 : i64, extern}
  // GENERIC: "ptx.shared"() <{align = 4 : i64, size = 1024 : i64, sym_name = "buf"}> : () -> ()
  ptx.shared @buf {size = 1024, align = 4}
  ptx.shared @dyn {align = 16, extern}

  // CHECK-NEXT: ptx.func @callee(i32, i64) -> f32 {
  // CHECK-NEXT:   %0 = ptx.ld param.u32 [param 0] : i32
  // CHECK-NEXT:   %1 = ptx.cvt rn.f32.s32 %0 : i32 -> f32
  // CHECK-NEXT:   ptx.st param.f32 [retval 0], %1 : f32
  // CHECK-NEXT:   ptx.ret
  // CHECK-NEXT: }
  ptx.func @callee(i32, i64) -> (f32) {
    %0 = ptx.ld param.u32 [param 0] : i32
    %1 = ptx.cvt rn.f32.s32 %0 : i32 -> f32
    ptx.st param.f32 [retval 0], %1 : f32
    ptx.ret
  }

  // CHECK-NEXT: ptx.func @noreturn() {
  // CHECK-NEXT:   ptx.trap
  // CHECK-NEXT: }
  ptx.func @noreturn() {
    ptx.trap
  }

  // CHECK-LABEL: ptx.entry @k(i64, i32) {
  // GENERIC: "ptx.entry"() <{function_type = (i64, i32) -> (), sym_name = "k"}> ({
  ptx.entry @k(i64, i32) {
    // CHECK-NEXT: ptx.local @depot {align = 8 : i64, size = 16 : i64}
    // CHECK-NEXT: %[[REG:.*]] = ptx.reg : i32
    ptx.local @depot {size = 16, align = 8}
    %reg = ptx.reg : i32
    // CHECK-NEXT: %[[P:.*]] = ptx.ld param.u64 [param 0] : i64
    // CHECK-NEXT: %[[A:.*]] = ptx.cvta to.global.u64 %[[P]] : i64
    // CHECK-NEXT: %[[N:.*]] = ptx.ld param.u32 [param 1] : i32
    %p = ptx.ld param.u64 [param 0] : i64
    %a = ptx.cvta to.global.u64 %p : i64
    %n = ptx.ld param.u32 [param 1] : i32
    // CHECK-NEXT: %[[T:.*]] = ptx.mov u32 %tid.x : i32
    // CHECK-NEXT: %[[C:.*]] = ptx.mov b32 42 : i32
    // CHECK-NEXT: %[[M:.*]] = ptx.mov b32 -1 : i32
    // CHECK-NEXT: %[[F:.*]] = ptx.mov f32 1.500000e+00 : f32
    // CHECK-NEXT: %[[INF:.*]] = ptx.mov f32 0x7F800000 : f32
    // CHECK-NEXT: %[[D:.*]] = ptx.mov f64 2.500000e-01 : f64
    // CHECK-NEXT: %[[S:.*]] = ptx.mov u64 @buf : i64
    // CHECK-NEXT: %[[T2:.*]] = ptx.mov b32 %[[T]] : i32
    // GENERIC: "ptx.mov"() <{mods = "u32", sreg = "tid.x"}> : () -> i32
    // GENERIC: "ptx.mov"() <{mods = "b32", value = 42 : i32}> : () -> i32
    // GENERIC: "ptx.mov"() <{mods = "u64", sym = @buf}> : () -> i64
    %t = ptx.mov u32 %tid.x : i32
    %c = ptx.mov b32 42 : i32
    %m = ptx.mov b32 -1 : i32
    %f = ptx.mov f32 1.5 : f32
    %inf = ptx.mov f32 0x7F800000 : f32
    %d = ptx.mov f64 0.25 : f64
    %s = ptx.mov u64 @buf : i64
    %t2 = ptx.mov b32 %t : i32
    // CHECK-NEXT: ptx.add s32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.sub s32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.mul lo.s32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.mul wide.s32 %[[T]], %[[C]] : i32 -> i64
    // CHECK-NEXT: ptx.mad lo.s32 %[[T]], %[[C]], %[[N]] : i32
    // CHECK-NEXT: ptx.mul24 lo.s32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.div s32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.rem u32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.abs s32 %[[T]] : i32
    // CHECK-NEXT: ptx.neg s32 %[[T]] : i32
    // CHECK-NEXT: ptx.min u32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.max s32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.and b32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.or b32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.xor b32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.not b32 %[[T]] : i32
    // CHECK-NEXT: ptx.shl b32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.shr s32 %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.popc b32 %[[T]] : i32
    // CHECK-NEXT: ptx.clz b32 %[[T]] : i32
    // CHECK-NEXT: ptx.brev b32 %[[T]] : i32
    // GENERIC: "ptx.add"(%{{.*}}, %{{.*}}) <{mods = "s32"}> : (i32, i32) -> i32
    %0 = ptx.add s32 %t, %c : i32
    %1 = ptx.sub s32 %t, %c : i32
    %2 = ptx.mul lo.s32 %t, %c : i32
    %3 = ptx.mul wide.s32 %t, %c : i32 -> i64
    %4 = ptx.mad lo.s32 %t, %c, %n : i32
    %5 = ptx.mul24 lo.s32 %t, %c : i32
    %6 = ptx.div s32 %t, %c : i32
    %7 = ptx.rem u32 %t, %c : i32
    %8 = ptx.abs s32 %t : i32
    %9 = ptx.neg s32 %t : i32
    %10 = ptx.min u32 %t, %c : i32
    %11 = ptx.max s32 %t, %c : i32
    %12 = ptx.and b32 %t, %c : i32
    %13 = ptx.or b32 %t, %c : i32
    %14 = ptx.xor b32 %t, %c : i32
    %15 = ptx.not b32 %t : i32
    %16 = ptx.shl b32 %t, %c : i32
    %17 = ptx.shr s32 %t, %c : i32
    %18 = ptx.popc b32 %t : i32
    %19 = ptx.clz b32 %t : i32
    %20 = ptx.brev b32 %t : i32
    // CHECK-NEXT: ptx.fma rn.f32 %[[F]], %[[F]], %[[INF]] : f32
    // CHECK-NEXT: ptx.rcp rn.f64 %[[D]] : f64
    // CHECK-NEXT: ptx.sqrt rn.f32 %[[F]] : f32
    // CHECK-NEXT: ptx.rsqrt approx.f32 %[[F]] : f32
    // CHECK-NEXT: ptx.sin approx.f32 %[[F]] : f32
    // CHECK-NEXT: ptx.cos approx.f32 %[[F]] : f32
    // CHECK-NEXT: ptx.ex2 approx.ftz.f32 %[[F]] : f32
    // CHECK-NEXT: ptx.lg2 approx.f32 %[[F]] : f32
    // CHECK-NEXT: ptx.div rn.f64 %[[D]], %[[D]] : f64
    // CHECK-NEXT: ptx.cvt rzi.s32.f32 %[[F]] : f32 -> i32
    // CHECK-NEXT: ptx.cvt f64.f32 %[[F]] : f32 -> f64
    // CHECK-NEXT: ptx.cvt u16.u32 %[[T]] : i32 -> i16
    %21 = ptx.fma rn.f32 %f, %f, %inf : f32
    %22 = ptx.rcp rn.f64 %d : f64
    %23 = ptx.sqrt rn.f32 %f : f32
    %24 = ptx.rsqrt approx.f32 %f : f32
    %25 = ptx.sin approx.f32 %f : f32
    %26 = ptx.cos approx.f32 %f : f32
    %27 = ptx.ex2 approx.ftz.f32 %f : f32
    %28 = ptx.lg2 approx.f32 %f : f32
    %29 = ptx.div rn.f64 %d, %d : f64
    %30 = ptx.cvt rzi.s32.f32 %f : f32 -> i32
    %31 = ptx.cvt f64.f32 %f : f32 -> f64
    %32 = ptx.cvt u16.u32 %t : i32 -> i16
    // CHECK-NEXT: %[[Q:.*]] = ptx.setp lt.s32 %[[T]], %[[N]] : i32 -> i1
    // CHECK-NEXT: ptx.selp b32 %[[T]], %[[C]], %[[Q]] : i32, i32, i1 -> i32
    %q = ptx.setp lt.s32 %t, %n : i32 -> i1
    %33 = ptx.selp b32 %t, %c, %q : i32, i32, i1 -> i32
    // CHECK-NEXT: ptx.ld global.f32 [%[[A]] + 4] : i64 -> f32
    // CHECK-NEXT: ptx.ld volatile.shared.u32 [@buf + 8] : i32
    // CHECK-NEXT: ptx.ld global.nc.u8 [%[[A]]] : i64 -> i16
    // CHECK-NEXT: ptx.st global.f32 [%[[A]]], %[[F]] : i64, f32
    // CHECK-NEXT: ptx.st local.u32 [@depot + 4], %[[T]] : i32
    // CHECK-NEXT: ptx.atom global.add.u32 [%[[A]]], %[[C]] : i64, i32 -> i32
    // CHECK-NEXT: ptx.atom shared.cas.b32 [@buf], %[[T]], %[[C]] : i32
    // CHECK-NEXT: ptx.red global.add.f32 [%[[A]] + 8], %[[F]] : i64, f32
    // GENERIC: "ptx.ld"(%{{.*}}) <{mods = "global.f32", offset = 4 : i64}> : (i64) -> f32
    %34 = ptx.ld global.f32 [%a + 4] : i64 -> f32
    %35 = ptx.ld volatile.shared.u32 [@buf + 8] : i32
    %36 = ptx.ld global.nc.u8 [%a] : i64 -> i16
    ptx.st global.f32 [%a], %f : i64, f32
    ptx.st local.u32 [@depot + 4], %t : i32
    %37 = ptx.atom global.add.u32 [%a], %c : i64, i32 -> i32
    %38 = ptx.atom shared.cas.b32 [@buf], %t, %c : i32
    ptx.red global.add.f32 [%a + 8], %f : i64, f32
    // CHECK-NEXT: ptx.bar sync 0
    // CHECK-NEXT: ptx.bar sync %[[C]] : i32
    // CHECK-NEXT: ptx.vote sync.ballot.b32 %[[Q]], %[[M]] : i1, i32 -> i32
    // CHECK-NEXT: ptx.vote sync.any.pred %[[Q]], %[[M]] : i1, i32 -> i1
    // CHECK-NEXT: ptx.shfl sync.down.b32 %[[F]], %[[C]], %[[C]], %[[M]] : f32, i32, i32, i32 -> f32
    // CHECK-NEXT: ptx.call @callee(%[[T]], %[[A]]) : (i32, i64) -> f32
    // CHECK-NEXT: ptx.call @noreturn() : () -> ()
    // CHECK-NEXT: ptx.copy %[[REG]], %[[T]] : i32
    // GENERIC: "ptx.bar"() <{mods = "sync", value = 0 : i32}> : () -> ()
    ptx.bar sync 0
    ptx.bar sync %c : i32
    %39 = ptx.vote sync.ballot.b32 %q, %m : i1, i32 -> i32
    %40 = ptx.vote sync.any.pred %q, %m : i1, i32 -> i1
    %41 = ptx.shfl sync.down.b32 %f, %c, %c, %m : f32, i32, i32, i32 -> f32
    %42 = ptx.call @callee(%t, %a) : (i32, i64) -> f32
    ptx.call @noreturn() : () -> ()
    ptx.copy %reg, %t : i32
    // CHECK-NEXT: ptx.bra not %[[Q]], ^bb1(%[[T]] : i32), ^bb2
    // GENERIC: "ptx.bra"(%{{.*}}, %{{.*}})[^bb1, ^bb2] <{negate, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
    ptx.bra not %q, ^bb1(%t : i32), ^bb2
  // CHECK-NEXT: ^bb1(%[[X:.*]]: i32):
  // CHECK-NEXT:   ptx.bra uni ^bb3
  ^bb1(%x: i32):
    ptx.bra uni ^bb3
  // CHECK: ^bb2:
  // CHECK-NEXT:   ptx.bra %[[Q]], ^bb3, ^bb4
  ^bb2:
    ptx.bra %q, ^bb3, ^bb4
  // CHECK: ^bb3:
  // CHECK-NEXT:   ptx.ret
  ^bb3:
    ptx.ret
  // CHECK: ^bb4:
  // CHECK-NEXT:   ptx.exit
  ^bb4:
    ptx.exit
  }
}
