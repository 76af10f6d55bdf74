// Instruction selection of parameters, addresses, loads and stores: kernel
// parameters are ld.param (pointers then cvta.to their space; an i1 is a
// one-byte .u8 parameter, like C's bool, read into a 16-bit register); ptradd is add.s64 (an i32 offset is
// sign-extended first); loads and stores name the pointer's space (none
// for generic) and the element type (i8 through .u8 into a 16-bit
// register), volatile ones say so; chains of constant ptradds fold into
// the address offset; addrspace_cast is cvta / cvta.to; alloca is a
// ptx.local array at the top of the entry block and its mov.u64 address.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

device.module @m {
  // CHECK-LABEL: ptx.entry @params(i64, i64, i32, i8, f32, f64, i64)
  // CHECK-NEXT: %[[G0:.*]] = ptx.ld param.u64 [param 0] : i64
  // CHECK-NEXT: %[[G:.*]] = ptx.cvta to.global.u64 %[[G0]] : i64
  // CHECK-NEXT: %[[GEN:.*]] = ptx.ld param.u64 [param 1] : i64
  // CHECK-NEXT: %[[N:.*]] = ptx.ld param.u32 [param 2] : i32
  // CHECK-NEXT: %[[B16:.*]] = ptx.ld param.u8 [param 3] : i16
  // CHECK-NEXT: %[[K1:.*]] = ptx.mov b16 1 : i16
  // CHECK-NEXT: %[[BIT:.*]] = ptx.and b16 %[[B16]], %[[K1]] : i16
  // CHECK-NEXT: %[[Z:.*]] = ptx.mov b16 0 : i16
  // CHECK-NEXT: %[[B:.*]] = ptx.setp ne.b16 %[[BIT]], %[[Z]] : i16 -> i1
  // CHECK-NEXT: %[[F:.*]] = ptx.ld param.f32 [param 4] : f32
  // CHECK-NEXT: %[[D:.*]] = ptx.ld param.f64 [param 5] : f64
  // CHECK-NEXT: %[[X:.*]] = ptx.ld param.u64 [param 6] : i64
  // CHECK-NEXT: %[[OFF:.*]] = ptx.cvt s64.s32 %[[N]] : i32 -> i64
  // CHECK-NEXT: %[[Q:.*]] = ptx.add s64 %[[G]], %[[OFF]] : i64
  // CHECK-NEXT: %[[R:.*]] = ptx.add s64 %[[Q]], %[[X]] : i64
  // CHECK-NEXT: ptx.st global.f32 [%[[R]]], %[[F]] : i64, f32
  // CHECK-NEXT: ptx.st f64 [%[[GEN]]], %[[D]] : i64, f64
  // CHECK:      %[[BI:.*]] = ptx.selp b32
  // CHECK-SAME: %[[B]]
  // CHECK-NEXT: ptx.st global.u32 [%[[G]]], %[[BI]] : i64, i32
  device.kernel @params(%g: !device.ptr<global>, %gen: !device.ptr<generic>, %n: i32, %b: i1, %f: f32, %d: f64, %x: i64) {
    %q = device.ptradd %g, %n : !device.ptr<global>, i32
    %r = device.ptradd %q, %x : !device.ptr<global>, i64
    device.store %f, %r : f32, !device.ptr<global>
    device.store %d, %gen : f64, !device.ptr<generic>
    %bi = arith.extui %b : i1 to i32
    device.store %bi, %g : i32, !device.ptr<global>
    device.return
  }

  // Every loadable type, volatile, and constant offsets folded into [%p+N].
  // CHECK-LABEL: ptx.entry @types(i64)
  // CHECK:      %[[G:.*]] = ptx.cvta to.global.u64
  // CHECK-NEXT: %[[V8:.*]] = ptx.ld global.u8 [%[[G]] + 1] : i64 -> i16
  // CHECK-NEXT: %[[V16:.*]] = ptx.ld global.u16 [%[[G]] + 2] : i64 -> i16
  // CHECK-NEXT: %[[V32:.*]] = ptx.ld volatile.global.u32 [%[[G]] + 4] : i64 -> i32
  // CHECK-NEXT: %[[V64:.*]] = ptx.ld global.u64 [%[[G]] + 8] : i64
  // CHECK-NEXT: %[[VF:.*]] = ptx.ld global.f32 [%[[G]] + 16] : i64 -> f32
  // CHECK-NEXT: %[[VD:.*]] = ptx.ld global.f64 [%[[G]] + 24] : i64 -> f64
  // CHECK-NEXT: %[[VP:.*]] = ptx.ld global.u64 [%[[G]] + 32] : i64
  // CHECK-NEXT: ptx.st global.u8 [%[[VP]] + -8], %[[V8]] : i64, i16
  // CHECK-NEXT: ptx.st global.u16 [%[[VP]]], %[[V16]] : i64, i16
  // CHECK-NEXT: ptx.st volatile.global.u32 [%[[VP]]], %[[V32]] : i64, i32
  // CHECK-NEXT: ptx.st global.u64 [%[[VP]]], %[[V64]] : i64
  // CHECK-NEXT: ptx.st global.f32 [%[[VP]]], %[[VF]] : i64, f32
  // CHECK-NEXT: ptx.st global.f64 [%[[VP]]], %[[VD]] : i64, f64
  device.kernel @types(%p: !device.ptr<global>) {
    %c1 = arith.constant 1 : i64
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i64
    %c8 = arith.constant 8 : i64
    %cm8 = arith.constant -8 : i64
    %p1 = device.ptradd %p, %c1 : !device.ptr<global>, i64
    %p2 = device.ptradd %p, %c2 : !device.ptr<global>, i32
    %p4 = device.ptradd %p2, %c2 : !device.ptr<global>, i32
    %p8 = device.ptradd %p4, %c4 : !device.ptr<global>, i64
    %p16 = device.ptradd %p8, %c8 : !device.ptr<global>, i64
    %p24 = device.ptradd %p16, %c8 : !device.ptr<global>, i64
    %p32 = device.ptradd %p24, %c8 : !device.ptr<global>, i64
    %v8 = device.load %p1 : !device.ptr<global> -> i8
    %v16 = device.load %p2 : !device.ptr<global> -> i16
    %v32 = device.load volatile %p4 : !device.ptr<global> -> i32
    %v64 = device.load %p8 : !device.ptr<global> -> i64
    %vf = device.load %p16 : !device.ptr<global> -> f32
    %vd = device.load %p24 : !device.ptr<global> -> f64
    %vp = device.load %p32 : !device.ptr<global> -> !device.ptr<global>
    %back = device.ptradd %vp, %cm8 : !device.ptr<global>, i64
    device.store %v8, %back : i8, !device.ptr<global>
    device.store %v16, %vp : i16, !device.ptr<global>
    device.store volatile %v32, %vp : i32, !device.ptr<global>
    device.store %v64, %vp : i64, !device.ptr<global>
    device.store %vf, %vp : f32, !device.ptr<global>
    device.store %vd, %vp : f64, !device.ptr<global>
    device.return
  }

  // Address spaces: local (alloca), shared, const and generic, and the
  // conversions to and from generic.
  // CHECK-LABEL: ptx.entry @spaces(i64)
  // CHECK-NEXT: ptx.local @__local_depot0 {align = 4 : i64, size = 64 : i64}
  // CHECK-NEXT: ptx.local @__local_depot1 {align = 16 : i64, size = 8 : i64}
  // CHECK-NEXT: %[[C1:.*]] = ptx.ld param.u64 [param 0] : i64
  // CHECK-NEXT: %[[C0:.*]] = ptx.cvta to.const.u64 %[[C1]] : i64
  // CHECK-NEXT: %[[L:.*]] = ptx.mov u64 @__local_depot0 : i64
  // CHECK-NEXT: %[[L2:.*]] = ptx.mov u64 @__local_depot1 : i64
  // CHECK-NEXT: %[[V:.*]] = ptx.ld const.u32 [%[[C0]]] : i64 -> i32
  // CHECK-NEXT: ptx.st local.u32 [%[[L]] + 4], %[[V]] : i64, i32
  // CHECK-NEXT: %[[GL:.*]] = ptx.cvta local.u64 %[[L]] : i64
  // CHECK-NEXT: %[[W:.*]] = ptx.ld u32 [%[[GL]] + 4] : i64 -> i32
  // CHECK-NEXT: %[[BL:.*]] = ptx.cvta to.local.u64 %[[GL]] : i64
  // CHECK-NEXT: ptx.st local.u32 [%[[BL]]], %[[W]] : i64, i32
  // CHECK-NEXT: %[[GC:.*]] = ptx.cvta const.u64 %[[C0]] : i64
  // CHECK-NEXT: ptx.ld u32 [%[[GC]]] : i64 -> i32
  device.kernel @spaces(%c: !device.ptr<const>) {
    %a = device.alloca 64 align 4 : !device.ptr<local>
    %b = device.alloca 8 : !device.ptr<local>
    %c4 = arith.constant 4 : i64
    %v = device.load %c : !device.ptr<const> -> i32
    %a4 = device.ptradd %a, %c4 : !device.ptr<local>, i64
    device.store %v, %a4 : i32, !device.ptr<local>
    %g = device.addrspace_cast %a : !device.ptr<local> to !device.ptr<generic>
    %g4 = device.ptradd %g, %c4 : !device.ptr<generic>, i64
    %w = device.load %g4 : !device.ptr<generic> -> i32
    %back = device.addrspace_cast %g : !device.ptr<generic> to !device.ptr<local>
    device.store %w, %back : i32, !device.ptr<local>
    %gc = device.addrspace_cast %c : !device.ptr<const> to !device.ptr<generic>
    %u = device.load %gc : !device.ptr<generic> -> i32
    device.store %u, %b : i32, !device.ptr<local>
    device.return
  }
}
