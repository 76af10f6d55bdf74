// Verifier, device dialect: one rule per split chunk, checked with
// --verify-diagnostics. Covers module contents, parents of kernels,
// functions and shared globals, device-only ops outside device code, kernel
// results and bodies, device.return, device.call (symbol, kernel callee,
// operand/result counts and types), recursion, shared/alloca sizes and
// alignments, address spaces of addressof/dynamic_shared/alloca/ptradd/
// addrspace_cast/store/atomics, enum attributes, vote/shuffle/atomic types,
// and !device.ptr parse errors.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics

device.module @m {
  // expected-note @-1 {{enclosing 'device.module' here}}
  // expected-error @+1 {{'arith.constant' op is not allowed in a 'device.module', which holds only 'device.kernel', 'device.func' and 'device.shared' ops}}
  %c = arith.constant 0 : i32
}

// -----

// expected-error @+1 {{'device.kernel' op expects parent op 'device.module'}}
device.kernel @k() {
  device.return
}

// -----

func.func @f() {
  // expected-error @+1 {{'device.shared' op expects parent op 'device.module'}}
  device.shared @s[16]
  return
}

// -----

func.func @host() {
  // expected-error @+1 {{'device.barrier' op must be nested in a 'device.kernel' or 'device.func'}}
  device.barrier
  return
}

// -----

func.func @host() -> i32 {
  // expected-error @+1 {{'device.thread_id' op must be nested in a 'device.kernel' or 'device.func'}}
  %t = device.thread_id x : i32
  return %t : i32
}

// -----

func.func @host(%p: !device.ptr<global>) -> i32 {
  // expected-error @+1 {{'device.load' op must be nested in a 'device.kernel' or 'device.func'}}
  %v = device.load %p : !device.ptr<global> -> i32
  return %v : i32
}

// -----

device.module @m {
  // nested in scf.if inside a kernel is fine; the error is the missing body
  device.kernel @k(%c: i1) {
    scf.if %c {
      device.barrier
      %l = device.lane_id : i32
    }
    device.return
  }
  // expected-error @+1 {{'device.kernel' op expected void return type for kernel function}}
  device.kernel @r(%x: i32) -> i32 {
    device.return %x : i32
  }
}

// -----

device.module @m {
  // expected-error @+1 {{'device.kernel' op a kernel must have a body}}
  device.kernel private @k(i32)
}

// -----

device.module @m {
  device.kernel @k(%x: i32) {
    // expected-error @+1 {{'device.return' op has 1 operands, but enclosing kernel (@k) returns 0}}
    device.return %x : i32
  }
}

// -----

device.module @m {
  device.func @f(%x: i32) -> f32 {
    // expected-error @+1 {{'device.return' op type of return operand 0 ('i32') doesn't match function result type ('f32') in function @f}}
    device.return %x : i32
  }
}

// -----

func.func @f() {
  // expected-error @+1 {{'device.return' op expects parent op to be one of 'device.kernel, device.func'}}
  device.return
}

// -----

device.module @m {
  device.kernel @k() {
    // expected-error @+1 {{'device.call' op '@nope' does not reference a valid device function}}
    device.call @nope() : () -> ()
    device.return
  }
}

// -----

device.module @m {
  // expected-note @+1 {{kernel defined here}}
  device.kernel @other() {
    device.return
  }
  device.kernel @k() {
    // expected-error @+1 {{'device.call' op cannot call kernel '@other': kernels are only launched from the host}}
    device.call @other() : () -> ()
    device.return
  }
}

// -----

device.module @m {
  device.func @g(%x: i32) -> i32 {
    device.return %x : i32
  }
  device.kernel @k() {
    // expected-error @+1 {{'device.call' op incorrect number of operands for callee}}
    %r = device.call @g() : () -> i32
    device.return
  }
}

// -----

device.module @m {
  device.func @g(%x: i32) -> i32 {
    device.return %x : i32
  }
  device.kernel @k(%f: f32) {
    // expected-error @+1 {{'device.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
    %r = device.call @g(%f) : (f32) -> i32
    device.return
  }
}

// -----

device.module @m {
  device.func @g(%x: i32) -> i32 {
    device.return %x : i32
  }
  device.kernel @k(%x: i32) {
    // expected-error @+1 {{'device.call' op incorrect number of results for callee}}
    device.call @g(%x) : (i32) -> ()
    device.return
  }
}

// -----

device.module @m {
  device.func @g(%x: i32) -> i32 {
    device.return %x : i32
  }
  device.kernel @k(%x: i32) {
    // expected-error @+1 {{'device.call' op result type mismatch at index 0: expected 'i32', but the op has 'f32'}}
    %r = device.call @g(%x) : (i32) -> f32
    device.return
  }
}

// -----

// expected-error @+1 {{'device.module' op contains a recursive call cycle: @f -> @f; device code may not recurse}}
device.module @m {
  // expected-note @+1 {{cycle entered here}}
  device.func @f(%x: i32) -> i32 {
    %r = device.call @f(%x) : (i32) -> i32
    device.return %r : i32
  }
}

// -----

// expected-error @+1 {{'device.module' op contains a recursive call cycle: @a -> @b -> @a; device code may not recurse}}
device.module @m {
  device.kernel @k(%x: i32) {
    %r = device.call @a(%x) : (i32) -> i32
    device.return
  }
  // expected-note @+1 {{cycle entered here}}
  device.func @a(%x: i32) -> i32 {
    %r = device.call @b(%x) : (i32) -> i32
    device.return %r : i32
  }
  device.func @b(%x: i32) -> i32 {
    %c = arith.constant true
    %r = scf.if %c -> i32 {
      %y = device.call @a(%x) : (i32) -> i32
      scf.yield %y : i32
    } else {
      scf.yield %x : i32
    }
    device.return %r : i32
  }
}

// -----

device.module @m {
  // expected-error @+1 {{'device.shared' op size must be positive, got 0}}
  device.shared @s[0]
}

// -----

device.module @m {
  // expected-error @+1 {{'device.shared' op alignment must be a positive power of two, got 3}}
  device.shared @s[16] align 3
}

// -----

device.module @m {
  device.kernel @k() {
    // expected-error @+1 {{'device.alloca' op alignment must be a positive power of two, got 6}}
    %p = device.alloca 16 align 6 : !device.ptr<local>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k() {
    // expected-error @+1 {{'device.alloca' op result must be '!device.ptr<local>', got '!device.ptr<global>'}}
    %p = device.alloca 16 : !device.ptr<global>
    device.return
  }
}

// -----

device.module @m {
  device.shared @s[16]
  device.kernel @k() {
    // expected-error @+1 {{'device.addressof' op result must be '!device.ptr<shared>', got '!device.ptr<generic>'}}
    %p = device.addressof @s : !device.ptr<generic>
    device.return
  }
}

// -----

device.module @m {
  device.func @s() {
    device.return
  }
  device.kernel @k() {
    // expected-error @+1 {{'device.addressof' op '@s' does not reference a 'device.shared'}}
    %p = device.addressof @s : !device.ptr<shared>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k() {
    // expected-error @+1 {{'device.dynamic_shared' op result must be '!device.ptr<shared>', got '!device.ptr<local>'}}
    %p = device.dynamic_shared : !device.ptr<local>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<global>, %o: i64) {
    // expected-error @+1 {{'device.ptradd' op result type '!device.ptr<generic>' must match the base pointer type '!device.ptr<global>'}}
    %q = "device.ptradd"(%p, %o) : (!device.ptr<global>, i64) -> !device.ptr<generic>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<global>, %o: i16) {
    // expected-error @+1 {{'device.ptradd' op operand #1 must be 32-bit or 64-bit signless integer, but got 'i16'}}
    %q = device.ptradd %p, %o : !device.ptr<global>, i16
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<shared>) {
    // expected-error @+1 {{'device.addrspace_cast' op can only convert to or from the 'generic' address space, not 'shared' to 'global'}}
    %q = device.addrspace_cast %p : !device.ptr<shared> to !device.ptr<global>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<generic>) {
    // expected-error @+1 {{'device.addrspace_cast' op source and result are both in the 'generic' address space}}
    %q = device.addrspace_cast %p : !device.ptr<generic> to !device.ptr<generic>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<const>, %v: i32) {
    // expected-error @+1 {{'device.store' op cannot store to the read-only 'const' address space}}
    device.store %v, %p : i32, !device.ptr<const>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<global>) {
    // expected-error @+1 {{'device.load' op result #0 must be i8, i16, i32, i64, f32, f64 or device pointer, but got 'i1'}}
    %v = device.load %p : !device.ptr<global> -> i1
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k() {
    // expected-error @+1 {{custom op 'device.thread_id' invalid dimension 'w' (expected one of x, y, z)}}
    %t = device.thread_id w : i32
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k() {
    // expected-error @+1 {{'device.block_dim' op attribute 'dimension' failed to satisfy constraint: dimension keyword: x, y or z}}
    %t = "device.block_dim"() <{dimension = "q"}> : () -> i32
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k() {
    // expected-error @+1 {{'device.grid_dim' op result #0 must be 32-bit signless integer, but got 'i64'}}
    %t = device.grid_dim x : i64
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%m: i32, %p: i1) {
    // expected-error @+1 {{'device.vote' op result of 'ballot' must be 'i32', got 'i1'}}
    %b = device.vote ballot %m, %p : i1
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%m: i32, %p: i1) {
    // expected-error @+1 {{'device.vote' op result of 'all' must be 'i1', got 'i32'}}
    %b = device.vote all %m, %p : i32
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%m: i32, %p: i1) {
    // expected-error @+1 {{custom op 'device.vote' invalid mode 'some' (expected one of any, all, ballot)}}
    %b = device.vote some %m, %p : i1
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%m: i32, %v: i32) {
    // expected-error @+1 {{'device.shuffle' op result type 'f32' must match the shuffled value type 'i32'}}
    %r = "device.shuffle"(%m, %v, %m, %m) <{mode = "xor"}> : (i32, i32, i32, i32) -> f32
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%m: i32, %v: i8) {
    // expected-error @+1 {{'device.shuffle' op operand #1 must be i32, i64, f32 or f64, but got 'i8'}}
    %r = device.shuffle idx %m, %v, %m, %m : i8
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<global>, %v: f32) {
    // expected-error @+1 {{'device.atomic' op 'max' is not supported on 'f32' (only add and exch are)}}
    %o = device.atomic max %p, %v : !device.ptr<global>, f32
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<local>, %v: i32) {
    // expected-error @+1 {{'device.atomic' op atomics are not allowed on the 'local' address space (only global, shared and generic)}}
    %o = device.atomic add %p, %v : !device.ptr<local>, i32
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<global>, %v: f64) {
    // expected-error @+1 {{'device.atomic' op operand #1 must be i32, i64 or f32, but got 'f64'}}
    %o = device.atomic add %p, %v : !device.ptr<global>, f64
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<global>, %v: i32) {
    // expected-error @+1 {{custom op 'device.atomic' invalid kind 'nand' (expected one of add, sub, min, max, umin, umax, exch, and, or, xor)}}
    %o = device.atomic nand %p, %v : !device.ptr<global>, i32
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<global>, %a: i32, %b: i64) {
    // expected-error @+1 {{'device.atomic_cas' op operand #1 has type 'i32' but the result has type 'i64'}}
    %o = "device.atomic_cas"(%p, %a, %b) : (!device.ptr<global>, i32, i64) -> i64
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<param>, %a: i32) {
    // expected-error @+1 {{'device.atomic_cas' op atomics are not allowed on the 'param' address space (only global, shared and generic)}}
    %o = device.atomic_cas %p, %a, %a : !device.ptr<param>, i32
    device.return
  }
}

// -----

// expected-error @+1 {{unknown address space 'heap' in '!device.ptr' (expected one of global, shared, local, const, param, generic)}}
func.func @f(%p: !device.ptr<heap>) {
  return
}

// -----

// expected-error @+1 {{'!device.ptr' needs an address space}}
func.func @f(%p: !device.ptr) {
  return
}

// -----

// expected-error @+1 {{unknown type `tensor` in dialect `device`}}
func.func @f(%p: !device.tensor<4>) {
  return
}
