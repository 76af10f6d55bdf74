// Device function arguments take their uniformity from the call sites:
// uniform when every call passes a uniform value (callers are analysed
// first, through chains of calls), divergent when any call passes a
// divergent one, and divergent when nothing calls the function.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-divergence)' --verify-diagnostics=only-expected

device.module @m {
  device.kernel @k1(%n: i32, %out: !device.ptr<global>) {
    %t = device.thread_id x : i32
    device.call @scale(%n, %t) : (i32, i32) -> ()
    device.call @both(%n) : (i32) -> ()
    device.return
  }
  device.kernel @k2(%n: i32) {
    %t = device.thread_id x : i32
    device.call @both(%t) : (i32) -> ()
    device.return
  }
  // %n is uniform at its only call, %t is not.
  // expected-remark @+2 {{argument #0: uniform}}
  // expected-remark @+1 {{argument #1: divergent}}
  device.func @scale(%n: i32, %t: i32) {
    %c0 = arith.constant 0 : i32
    %p = arith.cmpi sgt, %n, %c0 : i32   // expected-remark {{uniform}}
    cf.cond_br %p, ^a, ^b               // expected-remark {{uniform branch}}
  ^a:
    device.call @inner(%n) : (i32) -> ()
    cf.br ^b
  ^b:
    %q = arith.cmpi sgt, %t, %c0 : i32   // expected-remark {{divergent}}
    cf.cond_br %q, ^c, ^d               // expected-remark {{divergent branch}}
  ^c:
    cf.br ^d
  ^d:
    device.return
  }
  // Reached through @scale, which passes its uniform argument on.
  device.func @inner(%v: i32) { // expected-remark {{argument #0: uniform}}
    device.return
  }
  // @k2 passes a thread id.
  device.func @both(%v: i32) { // expected-remark {{argument #0: divergent}}
    device.return
  }
  device.func @uncalled(%v: i32) { // expected-remark {{argument #0: divergent}}
    device.return
  }
}
