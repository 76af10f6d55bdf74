// Verifier of the instructions added for PTX import and of the widened
// modifier grammars: one rule per split chunk, each form checked against
// ptxas 13.5 (sm_80). Covers a bad modifier of each new opcode, operand
// types, lop3's lookup table, target-dependent features, the f32-only
// .ftz/.NaN and the .sat rules, ordered and cached loads and stores,
// 32-bit addresses outside the shared/local/const windows, atomic types,
// and the bar/barrier forms with and without a result.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.prmt' op modifiers 'b32.f5e': unknown modifier '.f5e' for 'prmt'}}
    %0 = ptx.prmt b32.f5e %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.prmt' op modifiers 'u32': type '.u32' is not allowed for 'prmt' (expected one of .b32)}}
    %0 = ptx.prmt u32 %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.bfe' op modifiers 'b32': type '.b32' is not allowed for 'bfe' (expected one of .u32 .u64 .s32 .s64)}}
    %0 = ptx.bfe b32 %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.bfe' op bit position and length (operand #1) must be 'i32', found 'i64'}}
    %0 = ptx.bfe u64 %a, %a, %a : i64
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.bfi' op modifiers 'u32': type '.u32' is not allowed for 'bfi' (expected one of .b32 .b64)}}
    %0 = ptx.bfi u32 %a, %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.bfind' op result must be 'i32', found 'i64'}}
    %0 = ptx.bfind shiftamt.u32 %a : i32 -> i64
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.sad' op modifiers 'b32': type '.b32' is not allowed for 'sad' (expected one of .s16 .s32 .s64 .u16 .u32 .u64)}}
    %0 = ptx.sad b32 %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.slct' op '.ftz' is only allowed on floating-point 'slct'}}
    %0 = ptx.slct ftz.s32.s32 %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.slct' op modifiers 's32.u32': expected a type (one of .s32 .f32), found '.u32'}}
    %0 = ptx.slct s32.u32 %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.set' op comparison '.gt' is not allowed with '.b32'}}
    %0 = ptx.set gt.u32.b32 %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.set' op modifiers 'eq.u16.s32': expected a destination type (one of .u32 .s32 .f32), found '.u16'}}
    %0 = ptx.set eq.u16.s32 %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.setp' op expects 3 operands (a, b, predicate), found 2}}
    %0 = ptx.setp lt.and.s32 %a, %a : i32 -> i1
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov f64 1.0 : f64
    // expected-error @+1 {{'ptx.setp' op '.ftz' is only allowed with '.f32' for 'setp'}}
    %0 = ptx.setp lt.ftz.f64 %a, %a : f64 -> i1
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.cnot' op modifiers 'u32': type '.u32' is not allowed for 'cnot' (expected one of .b16 .b32 .b64)}}
    %0 = ptx.cnot u32 %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.mad24' op '.sat' needs 'mad24.hi'}}
    %0 = ptx.mad24 lo.sat.s32 %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.shf' op modifiers 'wrap.l.b32': expected a direction (one of .l .r), found '.wrap'}}
    %0 = ptx.shf wrap.l.b32 %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.shf' op modifiers 'l.b32': expected a mode (one of .wrap .clamp), found '.b32'}}
    %0 = ptx.shf l.b32 %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.lop3' op needs its lookup table as 'value': an i32 in 0..=255}}
    %0 = ptx.lop3 b32 %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.lop3' op needs its lookup table as 'value': an i32 in 0..=255}}
    %0 = ptx.lop3 b32 %a, %a, %a, 256 : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.dp4a' op modifiers 'b32.u32': unknown modifier '.b32' for 'dp4a'}}
    %0 = ptx.dp4a b32.u32 %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.dp2a' op modifiers 's32.s32': expected a mode (one of .lo .hi), found '.s32'}}
    %0 = ptx.dp2a s32.s32 %a, %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov f32 1.0 : f32
    // expected-error @+1 {{'ptx.copysign' op modifiers 'ftz.f32': unknown modifier '.ftz' for 'copysign'}}
    %0 = ptx.copysign ftz.f32 %a, %a : f32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov f32 1.0 : f32
    // expected-error @+1 {{'ptx.testp' op modifiers 'nan.f32': unknown modifier '.nan' for 'testp'}}
    %0 = ptx.testp nan.f32 %a : f32 -> i1
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov f32 1.0 : f32
    // expected-error @+1 {{'ptx.testp' op result must be 'i1', found 'f32'}}
    %0 = ptx.testp finite.f32 %a : f32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov f32 1.0 : f32
    // expected-error @+1 {{'ptx.tanh' op modifiers 'f32': expected a mode (one of .approx), found '.f32'}}
    %0 = ptx.tanh f32 %a : f32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    // expected-error @+1 {{'ptx.membar' op modifiers 'gpu': unknown modifier '.gpu' for 'membar'}}
    ptx.membar gpu
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    // expected-error @+1 {{'ptx.fence' op modifiers 'sc': expected a scope (one of .cta .cluster .gpu .sys), found nothing}}
    ptx.fence sc
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    // expected-error @+1 {{'ptx.fence' op the '.cluster' scope needs sm_90 or newer (the target is sm_80)}}
    ptx.fence sc.cluster
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    // expected-error @+1 {{'ptx.activemask' op modifiers 'u32': type '.u32' is not allowed for 'activemask' (expected one of .b32)}}
    %0 = ptx.activemask u32 : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.nanosleep' op duration (operand #0) must be 'i32', found 'i64'}}
    ptx.nanosleep u32 %a : i64
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.prefetch' op modifiers 'shared.L1': unknown modifier '.shared' for 'prefetch'}}
    ptx.prefetch shared.L1 [%a] : i64
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.prefetch' op '.L2::evict_last' needs the global space (or a generic address)}}
    ptx.prefetch "local.L2::evict_last" [%a] : i64
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.ldu' op modifiers 'shared.u32': unknown modifier '.shared' for 'ldu'}}
    %0 = ptx.ldu shared.u32 [%a] : i64 -> i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    // expected-error @+1 {{'ptx.ldu' op 'ldu' takes its address from a register, not 'sym'}}
    %0 = ptx.ldu global.u32 [@buf] : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov f64 1.0 : f64
    // expected-error @+1 {{'ptx.add' op '.ftz' is only allowed with '.f32' for 'add'}}
    %0 = ptx.add ftz.f64 %a, %a : f64
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.mul' op '.sat' on integers needs 'mad.hi'}}
    %0 = ptx.mul hi.sat.s32 %a, %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov f64 1.0 : f64
    // expected-error @+1 {{'ptx.sqrt' op 'sqrt.approx' takes only '.f32'}}
    %0 = ptx.sqrt approx.f64 %a : f64
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov f64 1.0 : f64
    // expected-error @+1 {{'ptx.min' op '.NaN' is only allowed with '.f32'}}
    %0 = ptx.min NaN.f64 %a, %a : f64
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    %h = ptx.cvt u16.u32 %a : i32 -> i16
    // expected-error @+1 {{'ptx.cvt' op '.sat' has nothing to clamp in 'cvt.s32.s16'}}
    %0 = ptx.cvt sat.s32.s16 %h : i16 -> i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov f32 1.0 : f32
    // expected-error @+1 {{'ptx.cvt' op 'cvt.f32.f32' takes no rounding or an integer one ('.rni', '.rzi', '.rmi', '.rpi')}}
    %0 = ptx.cvt rn.f32.f32 %a : f32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.cvta' op modifiers 'to.global.u32': type '.u32' is not allowed for 'cvta' (expected one of .u64)}}
    %0 = ptx.cvta to.global.u32 %a : i64
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.ld' op '.relaxed' needs a scope ('.cta', '.cluster', '.gpu', '.sys')}}
    %0 = ptx.ld relaxed.global.u32 [%a] : i64 -> i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.ld' op the scope '.gpu' needs '.relaxed', '.acquire' or '.release'}}
    %0 = ptx.ld gpu.global.u32 [%a] : i64 -> i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.ld' op '.nc' cannot be combined with '.volatile'}}
    %0 = ptx.ld volatile.global.nc.u32 [%a] : i64 -> i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.ld' op '.volatile' cannot be combined with '.cg'}}
    %0 = ptx.ld volatile.global.cg.u32 [%a] : i64 -> i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.ld' op '.volatile' is not allowed with '.local'}}
    %0 = ptx.ld volatile.local.u32 [%a] : i64 -> i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.ld' op modifiers 'global.shared.u32': '.global' and '.shared' are both a space for 'ld'}}
    %0 = ptx.ld global.shared.u32 [%a] : i64 -> i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.ld' op '.acquire' cannot be combined with '.cg'}}
    %0 = ptx.ld acquire.gpu.global.u32.cg [%a] : i64 -> i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    %b = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.st' op modifiers 'acquire.gpu.global.u32': unknown modifier '.acquire' for 'st'}}
    ptx.st acquire.gpu.global.u32 [%a], %b : i64, i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.ld' op address must be 'i64' (an 'i32' address needs the shared, local or const space), found 'i32'}}
    %0 = ptx.ld global.u32 [%a] : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.atom' op address must be 'i64' (an 'i32' address needs the shared, local or const space), found 'i32'}}
    %0 = ptx.atom add.u32 [%a], %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    // expected-error @+1 {{'ptx.atom' op 'atom.add' does not take '.s64'}}
    %0 = ptx.atom global.add.s64 [%a], %a : i64
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    %b = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.atom' op 'atom.exch' does not take '.u32'}}
    %0 = ptx.atom global.exch.u32 [%a], %b : i64, i32 -> i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b64 1 : i64
    %b = ptx.mov b32 1 : i32
    // expected-error @+1 {{'ptx.red' op modifiers 'acquire.gpu.global.add.u32': unknown modifier '.acquire' for 'red'}}
    ptx.red acquire.gpu.global.add.u32 [%a], %b : i64, i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 0 : i32
    // expected-error @+1 {{'ptx.bar' op expects 2 operands (barrier number, thread count), found 1}}
    ptx.bar arrive %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 0 : i32
    %p = ptx.setp eq.s32 %a, %a : i32 -> i1
    // expected-error @+1 {{'ptx.bar' op 'red.popc' needs type '.u32'}}
    %0 = ptx.bar red.popc.pred %a, %p : i32, i1 -> i1
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 0 : i32
    %p = ptx.setp eq.s32 %a, %a : i32 -> i1
    // expected-error @+1 {{'ptx.bar' op 'bar.red.popc.u32' needs a result}}
    "ptx.bar"(%a, %p) <{mods = "red.popc.u32"}> : (i32, i1) -> ()
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 0 : i32
    // expected-error @+1 {{'ptx.bar' op 'bar.sync' has no result}}
    %0 = "ptx.bar"(%a) <{mods = "sync"}> : (i32) -> i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 0 : i32
    // expected-error @+1 {{'ptx.bar' op modifiers 'sync.aligned': unknown modifier '.aligned' for 'bar'}}
    ptx.bar sync.aligned %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 0 : i32
    // expected-error @+1 {{'ptx.barrier' op modifiers 'warp.sync': unknown modifier '.warp' for 'barrier'}}
    ptx.barrier warp.sync %a : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    %a = ptx.mov b32 64 : i32
    // expected-error @+1 {{'ptx.bar' op a 'value' barrier number takes no operands (pass the number as operand #0 instead)}}
    ptx.bar sync %a {value = 0 : i32} : i32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_80", version = "8.0"} {
  ptx.shared @buf {size = 64, align = 4}
  ptx.entry @k() {
    // expected-error @+1 {{'ptx.bar' op '.popc' needs '.red'}}
    ptx.bar sync.popc 0
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_70", version = "7.0"} {
  ptx.entry @k() {
    %a = ptx.mov f32 1.0 : f32
    // expected-error @+1 {{'ptx.tanh' op 'tanh' needs sm_75 or newer (the target is sm_70)}}
    %0 = ptx.tanh approx.f32 %a : f32
    ptx.ret
  }
}

// -----

ptx.module @m attributes {target = "sm_75", version = "7.0"} {
  ptx.entry @k() {
    %a = ptx.mov f32 1.0 : f32
    // expected-error @+1 {{'ptx.max' op '.NaN' needs sm_80 or newer (the target is sm_75)}}
    %0 = ptx.max NaN.f32 %a, %a : f32
    ptx.ret
  }
}
