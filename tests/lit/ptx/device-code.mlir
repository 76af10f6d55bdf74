// ptx instructions in device code (device.kernel / device.func, before
// convert-device-to-ptx): every instruction may appear, its symbols naming
// device.shared arrays; the structure and control-flow ops of ptx
// functions (ptx.reg, ptx.local, ptx.copy, ptx.bra, ptx.call, ptx.ret,
// ptx.exit, ptx.trap) and parameter-slot addresses may not.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: device.kernel @ok
// CHECK: ptx.mov u32 @tile : i32
// CHECK: ptx.ld shared.u32 [%{{.*}} + 4] : i32
// CHECK: ptx.prmt b32.f4e
// CHECK: ptx.bar sync 0
device.module @m {
  device.shared @tile[256] align 4
  device.kernel @ok(%a: i32) {
    %s = ptx.mov u32 @tile : i32
    %v = ptx.ld shared.u32 [%s + 4] : i32
    %p = ptx.prmt b32.f4e %v, %a, %a : i32
    ptx.st shared.u32 [%s], %p : i32, i32
    ptx.bar sync 0
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%a: i32) {
    // expected-error @+2 {{'ptx.reg' op is not allowed in 'device.kernel': device code may hold PTX instructions, not the structure and control-flow ops of 'ptx.entry'/'ptx.func'}}
    // expected-note @-2 {{in this function}}
    %r = ptx.reg : i32
    device.return
  }
}

// -----

device.module @m {
  device.func @f(%a: i32) {
    // expected-error @+2 {{'ptx.local' op is not allowed in 'device.func'}}
    // expected-note @-2 {{in this function}}
    ptx.local @depot {size = 4, align = 4}
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%a: i32) {
    // expected-error @+2 {{'ptx.copy' op is not allowed in 'device.kernel'}}
    // expected-note @-2 {{in this function}}
    ptx.copy %a, %a : i32
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%a: i32) {
    // expected-error @+2 {{'ptx.bra' op is not allowed in 'device.kernel'}}
    // expected-note @-2 {{in this function}}
    ptx.bra ^bb1
  ^bb1:
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%a: i32) {
    // expected-error @+2 {{'ptx.exit' op is not allowed in 'device.kernel'}}
    // expected-note @-2 {{in this function}}
    ptx.exit
  }
}

// -----

device.module @m {
  device.kernel @k(%a: i32) {
    // expected-error @+2 {{'ptx.call' op is not allowed in 'device.kernel'}}
    // expected-note @-2 {{in this function}}
    ptx.call @g() : () -> ()
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%a: i32) {
    // expected-error @+1 {{'ptx.ld' op a 'param' address is not allowed in 'device.kernel': parameter slots exist only in 'ptx.entry'/'ptx.func'}}
    %r = ptx.ld param.u32 [param 0] : i32
    device.return
  }
}

// -----

device.module @m {
  device.func @f(%a: i32) {
    // expected-error @+1 {{'ptx.mov' op '@nowhere' is not a 'device.shared' of the module}}
    %r = ptx.mov u32 @nowhere : i32
    device.return
  }
}

// -----

// expected-error @+1 {{'ptx.add' op must be nested in a 'ptx.entry', 'ptx.func', 'device.kernel' or 'device.func'}}
%x = "ptx.add"() <{mods = "s32"}> : () -> i32
