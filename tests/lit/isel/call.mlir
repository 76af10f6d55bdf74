// Instruction selection of device functions and calls: device.func is a
// ptx.func whose parameters are read with ld.param and whose result is
// written with st.param [retval 0] before ret; device.call is ptx.call; an
// i1 crosses the call as a 0/1 i16 (PTX has no predicate parameters).
// Pointer parameters of device functions are not converted (the caller
// passes an address of the pointer's own window).
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

device.module @m {
  // CHECK-LABEL: ptx.func @helper(f32, i16, i64) -> f32
  // CHECK-NEXT: %[[X:.*]] = ptx.ld param.f32 [param 0] : f32
  // CHECK-NEXT: %[[B16:.*]] = ptx.ld param.u16 [param 1] : i16
  // CHECK-NEXT: %[[K1:.*]] = ptx.mov b16 1 : i16
  // CHECK-NEXT: %[[BIT:.*]] = ptx.and b16 %[[B16]], %[[K1]] : i16
  // CHECK-NEXT: %[[Z:.*]] = ptx.mov b16 0 : i16
  // CHECK-NEXT: %[[B:.*]] = ptx.setp ne.b16 %[[BIT]], %[[Z]] : i16 -> i1
  // CHECK-NEXT: %[[P:.*]] = ptx.ld param.u64 [param 2] : i64
  // CHECK-NEXT: %[[V:.*]] = ptx.ld global.f32 [%[[P]]] : i64 -> f32
  // CHECK-NEXT: %[[S:.*]] = ptx.selp f32 %[[X]], %[[V]], %[[B]] : f32, f32, i1 -> f32
  // CHECK-NEXT: ptx.st param.f32 [retval 0], %[[S]] : f32
  // CHECK-NEXT: ptx.ret
  device.func @helper(%x: f32, %b: i1, %p: !device.ptr<global>) -> f32 {
    %v = device.load %p : !device.ptr<global> -> f32
    %s = arith.select %b, %x, %v : f32
    device.return %s : f32
  }

  // CHECK-LABEL: ptx.func @negate(i16) -> i16
  // CHECK-NEXT: %[[B16:.*]] = ptx.ld param.u16 [param 0] : i16
  // CHECK-NEXT: %[[K1:.*]] = ptx.mov b16 1 : i16
  // CHECK-NEXT: %[[BIT:.*]] = ptx.and b16 %[[B16]], %[[K1]] : i16
  // CHECK-NEXT: %[[Z:.*]] = ptx.mov b16 0 : i16
  // CHECK-NEXT: %[[B:.*]] = ptx.setp ne.b16 %[[BIT]], %[[Z]] : i16 -> i1
  // CHECK-NEXT: %[[T:.*]] = ptx.mov pred {{-?1}} : i1
  // CHECK-NEXT: %[[NB:.*]] = ptx.xor pred %[[B]], %[[T]] : i1
  // CHECK-NEXT: %[[ONE:.*]] = ptx.mov b16 1 : i16
  // CHECK-NEXT: %[[ZERO:.*]] = ptx.mov b16 0 : i16
  // CHECK-NEXT: %[[R:.*]] = ptx.selp b16 %[[ONE]], %[[ZERO]], %[[NB]] : i16, i16, i1 -> i16
  // CHECK-NEXT: ptx.st param.u16 [retval 0], %[[R]] : i16
  // CHECK-NEXT: ptx.ret
  device.func @negate(%b: i1) -> i1 {
    %true = arith.constant true
    %nb = arith.xori %b, %true : i1
    device.return %nb : i1
  }

  // CHECK-LABEL: ptx.func @noop()
  // CHECK-NEXT: ptx.ret
  device.func @noop() {
    device.return
  }

  // CHECK-LABEL: ptx.entry @caller(f32, i64)
  // CHECK:      %[[G:.*]] = ptx.cvta to.global.u64
  // CHECK:      %[[C:.*]] = ptx.setp gt.f32
  // CHECK-NEXT: %[[ONE:.*]] = ptx.mov b16 1 : i16
  // CHECK-NEXT: %[[ZERO:.*]] = ptx.mov b16 0 : i16
  // CHECK-NEXT: %[[CI:.*]] = ptx.selp b16 %[[ONE]], %[[ZERO]], %[[C]] : i16, i16, i1 -> i16
  // CHECK-NEXT: %[[R:.*]] = ptx.call @helper(%[[X:.*]], %[[CI]], %[[G]]) : (f32, i16, i64) -> f32
  // CHECK-NEXT: %[[ONE2:.*]] = ptx.mov b16 1 : i16
  // CHECK-NEXT: %[[ZERO2:.*]] = ptx.mov b16 0 : i16
  // CHECK-NEXT: %[[CI2:.*]] = ptx.selp b16 %[[ONE2]], %[[ZERO2]], %[[C]] : i16, i16, i1 -> i16
  // CHECK-NEXT: %[[N:.*]] = ptx.call @negate(%[[CI2]]) : (i16) -> i16
  // CHECK-NEXT: %[[Z:.*]] = ptx.mov b16 0 : i16
  // CHECK-NEXT: %[[NB:.*]] = ptx.setp ne.b16 %[[N]], %[[Z]] : i16 -> i1
  // CHECK-NEXT: ptx.call @noop() : () -> ()
  // CHECK-NEXT: %[[SEL:.*]] = ptx.selp f32 %[[R]], %[[X]], %[[NB]] : f32, f32, i1 -> f32
  device.kernel @caller(%x: f32, %p: !device.ptr<global>) {
    %c0 = arith.constant 0.0 : f32
    %c = arith.cmpf ogt, %x, %c0 : f32
    %r = device.call @helper(%x, %c, %p) : (f32, i1, !device.ptr<global>) -> f32
    %n = device.call @negate(%c) : (i1) -> i1
    device.call @noop() : () -> ()
    %s = arith.select %n, %r, %x : f32
    device.store %s, %p : f32, !device.ptr<global>
    device.return
  }
}
