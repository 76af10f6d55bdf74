// Verifier of the ptx dialect: one rule per split chunk, checked with
// --verify-diagnostics. Covers modifier grammars (unknown and misplaced
// modifiers, required ones: integer mul without .lo/.hi/.wide, div.f32 and
// fma/mad.f32 without rounding, cvt roundings by direction), type modifiers
// against register classes, operand counts, register types, attribute
// placement, parameter and symbol addresses, ptx.copy/ptx.reg placement,
// branch operands and modifiers, kernel results, calls, module contents,
// targets and shared-array alignment.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.add' op modifiers 'foo.s32': unknown modifier '.foo' for 'add'}}
    %0 = ptx.add foo.s32 %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.add' op operand #0 has type 'i32' which does not match the type modifier '.s64'}}
    %0 = ptx.add s64 %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.mul' op integer 'mul' needs '.lo', '.hi' or '.wide'}}
    %0 = ptx.mul s32 %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov f32 1.0 : f32
    // expected-error @+1 {{'ptx.div' op 'div.f32' needs '.rn', '.rz', '.rm', '.rp', '.approx' or '.full'}}
    %0 = ptx.div f32 %a, %a : f32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov f32 1.0 : f32
    // expected-error @+1 {{'ptx.cvt' op 'cvt.s32.f32' (float to integer) needs '.rni', '.rzi', '.rmi' or '.rpi'}}
    %0 = ptx.cvt s32.f32 %a : f32 -> i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov f32 1.0 : f32
    // expected-error @+1 {{'ptx.cvt' op 'cvt.f64.f32' (widening float) takes no rounding modifier}}
    %0 = ptx.cvt rn.f64.f32 %a : f32 -> f64
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.cvt' op 'cvt.f32.s32' (integer to float) needs '.rn', '.rz', '.rm' or '.rp'}}
    %0 = ptx.cvt f32.s32 %a : i32 -> f32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.and' op modifiers 's32': type '.s32' is not allowed for 'and' (expected one of .pred .b16 .b32 .b64)}}
    %0 = ptx.and s32 %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.add' op expects 2 operands (a, b), found 3}}
    %0 = ptx.add s32 %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    // expected-error @+1 {{'ptx.mov' op result #0 must be PTX register type (i1, i16, i32, i64, f32 or f64), but got 'i8'}}
    %a = ptx.mov b8 1 : i8
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov f32 1.0 : f32
    // expected-error @+1 {{'ptx.fma' op modifiers 'f32': expected a rounding (one of .rn .rz .rm .rp), found '.f32'}}
    %0 = ptx.fma f32 %a, %a, %a : f32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %p = ptx.mov pred 1 : i1
    %m = ptx.mov b32 -1 : i32
    // expected-error @+1 {{'ptx.vote' op modifiers 'all.pred': expected a mode (one of .sync), found '.all'}}
    %0 = ptx.vote all.pred %p, %m : i1, i32 -> i1
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %p = ptx.mov pred 1 : i1
    %m = ptx.mov b32 -1 : i32
    // expected-error @+1 {{'ptx.vote' op 'vote.ballot' needs type '.b32'}}
    %0 = ptx.vote sync.ballot.pred %p, %m : i1, i32 -> i1
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    // expected-error @+1 {{'ptx.ld' op 'param' and 'retval' addresses need the '.param' space}}
    %0 = ptx.ld global.f32 [param 0] : f32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k(i32) {
    // expected-error @+1 {{'ptx.ld' op parameter index 3 is out of range: the function has 1}}
    %0 = ptx.ld param.u32 [param 3] : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    // expected-error @+1 {{'ptx.ld' op '@nope' is neither a 'ptx.shared' of the module nor a 'ptx.local' of the function}}
    %0 = ptx.ld shared.u32 [@nope] : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.copy' op destination must be a register defined by 'ptx.reg'}}
    ptx.copy %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    ptx.bra ^bb1
  ^bb1:
    // expected-error @+1 {{'ptx.reg' op must be in the entry block of a 'ptx.entry' or 'ptx.func'}}
    %r = ptx.reg : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{branch has 0 operands for successor #0, but target block has 1}}
    ptx.bra ^bb1
  ^bb1(%x: i32):
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.bra' op modifiers 'foo': 'bra' only takes '.uni'}}
    ptx.bra "foo" ^bb1
  ^bb1:
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  // expected-error @+1 {{'ptx.entry' op a kernel returns no results}}
  ptx.entry @k() -> i32 {
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    // expected-error @+1 {{'ptx.call' op '@nope' does not reference a 'ptx.func'}}
    ptx.call @nope() : () -> ()
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.func @f(i32) {
    ptx.ret
  }
  ptx.entry @k() {
    // expected-error @+1 {{'ptx.call' op incorrect number of operands for callee}}
    ptx.call @f() : () -> ()
    ptx.ret
  }
}

// -----

// expected-error @+1 {{'ptx.module' op target 'gfx90a' is not a PTX target like 'sm_80'}}
ptx.module @m attributes {target = "gfx90a", version = "8.0"} {
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  // expected-error @+1 {{'ptx.shared' op align 3 is not a positive power of two}}
  ptx.shared @s {size = 16, align = 3}
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.mul' op result has type 'i32' which does not match the type modifier '.s64'}}
    %0 = ptx.mul wide.s32 %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.add' op does not take attribute 'value'}}
    %0 = ptx.add s32 %a, %a {value = 3 : i32} : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov f32 1.0 : f32
    // expected-error @+1 {{'ptx.mad' op floating-point 'mad' needs a rounding modifier ('.rn', '.rz', '.rm', '.rp')}}
    %0 = ptx.mad f32 %a, %a, %a : f32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.setp' op comparison '.lo' is not allowed with '.s32'}}
    %0 = ptx.setp lo.s32 %a, %a : i32 -> i1
    ptx.ret
  }
}

// -----

// expected-error @+1 {{'ptx.module' op may only hold 'ptx.entry', 'ptx.func' and 'ptx.shared', found 'ptx.mov'}}
ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  // expected-note @+1 {{found here}}
  %a = ptx.mov b32 1 : i32
}
