// Verifier, host dialect: one rule per split chunk, checked with
// --verify-diagnostics. Covers host ops inside device code, memcpy operand
// types per kind, alloca sizes, launch dims (type, mixed types, shared
// memory size), every launch mismatch (undefined module, undefined kernel,
// a device.func or a shared global as kernel, a flat reference, argument
// count and type), printf arguments and !host parse errors.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics

device.module @m {
  device.kernel @k() {
    // expected-error @+1 {{'host.synchronize' op is a host op and cannot be nested in a 'device.module'}}
    host.synchronize
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%n: i32) {
    // expected-error @+1 {{'host.printf' op is a host op and cannot be nested in a 'device.module'}}
    host.printf "%d", %n : i32
    device.return
  }
}

// -----

func.func @f(%d: !device.ptr<global>, %h: !host.ptr, %n: i64) {
  // expected-error @+1 {{'host.memcpy' op 'host_to_device' copy needs a destination of type '!device.ptr<global>', got '!host.ptr'}}
  host.memcpy host_to_device %h, %d, %n : !host.ptr, !device.ptr<global>
  return
}

// -----

func.func @f(%d: !device.ptr<global>, %h: !host.ptr, %n: i64) {
  // expected-error @+1 {{'host.memcpy' op 'device_to_host' copy needs a source of type '!device.ptr<global>', got '!host.ptr'}}
  host.memcpy device_to_host %h, %h, %n : !host.ptr, !host.ptr
  return
}

// -----

func.func @f(%d: !device.ptr<global>, %n: i64) {
  // expected-error @+1 {{'host.memcpy' op 'host_to_host' copy needs a destination of type '!host.ptr', got '!device.ptr<global>'}}
  host.memcpy host_to_host %d, %d, %n : !device.ptr<global>, !device.ptr<global>
  return
}

// -----

func.func @f(%d: !device.ptr<shared>, %n: i64) {
  // expected-error @+1 {{'host.memcpy' op operand #0 must be host pointer or global device pointer, but got '!device.ptr<shared>'}}
  host.memcpy device_to_device %d, %d, %n : !device.ptr<shared>, !device.ptr<shared>
  return
}

// -----

func.func @f(%h: !host.ptr, %n: i64) {
  // expected-error @+1 {{custom op 'host.memcpy' invalid kind 'sideways' (expected one of host_to_host, host_to_device, device_to_host, device_to_device)}}
  host.memcpy sideways %h, %h, %n : !host.ptr, !host.ptr
  return
}

// -----

func.func @f(%n: i32) {
  // expected-error @+1 {{'host.device_alloc' op operand #0 must be 64-bit signless integer, but got 'i32'}}
  %d = "host.device_alloc"(%n) : (i32) -> !device.ptr<global>
  return
}

// -----

func.func @f(%n: i64) {
  // expected-error @+1 {{'host.device_alloc' op result #0 must be global device pointer, but got '!device.ptr<shared>'}}
  %d = host.device_alloc %n : !device.ptr<shared>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'host.alloca' op size must be positive, got -8}}
  %a = host.alloca -8 : !host.ptr
  return
}

// -----

func.func @f(%h: !host.ptr) {
  // expected-error @+1 {{'host.load' op result #0 must be i8, i16, i32, i64, f32, f64, device pointer or host pointer, but got 'index'}}
  %v = host.load %h : !host.ptr -> index
  return
}

// -----

device.module @kernels {
  device.kernel @k(%a: !device.ptr<global>, %n: i32) {
    device.return
  }
}
func.func @f(%c: index, %s: i32, %a: !device.ptr<global>, %n: i32) {
  // expected-error @+1 {{'host.launch' op kernel module 'nokernels' is undefined}}
  host.launch @nokernels::@k blocks in (%c, %c, %c) threads in (%c, %c, %c) dynamic_shared_memory_size %s args(%a : !device.ptr<global>, %n : i32)
  return
}

// -----

func.func @kernels() {
  return
}
func.func @f(%c: index, %s: i32) {
  // expected-error @+1 {{'host.launch' op kernel module 'kernels' is undefined}}
  host.launch @kernels::@k blocks in (%c, %c, %c) threads in (%c, %c, %c) dynamic_shared_memory_size %s
  return
}

// -----

device.module @kernels {
  device.kernel @k(%a: !device.ptr<global>, %n: i32) {
    device.return
  }
}
func.func @f(%c: index, %s: i32, %a: !device.ptr<global>, %n: i32) {
  // expected-error @+1 {{'host.launch' op kernel function '@kernels::@nope' is undefined}}
  host.launch @kernels::@nope blocks in (%c, %c, %c) threads in (%c, %c, %c) dynamic_shared_memory_size %s args(%a : !device.ptr<global>, %n : i32)
  return
}

// -----

device.module @kernels {
  // expected-note @+1 {{see the kernel definition here}}
  device.func @helper(%n: i32) {
    device.return
  }
}
func.func @f(%c: index, %s: i32, %n: i32) {
  // expected-error @+1 {{'host.launch' op referenced kernel '@kernels::@helper' is not a 'device.kernel'}}
  host.launch @kernels::@helper blocks in (%c, %c, %c) threads in (%c, %c, %c) dynamic_shared_memory_size %s args(%n : i32)
  return
}

// -----

device.module @kernels {
  // expected-note @+1 {{see the kernel definition here}}
  device.shared @tile[64]
}
func.func @f(%c: index, %s: i32) {
  // expected-error @+1 {{'host.launch' op referenced kernel '@kernels::@tile' is not a 'device.kernel'}}
  host.launch @kernels::@tile blocks in (%c, %c, %c) threads in (%c, %c, %c) dynamic_shared_memory_size %s
  return
}

// -----

device.module @kernels {
  device.kernel @k(%a: !device.ptr<global>, %n: i32) {
    device.return
  }
}
func.func @f(%c: index, %s: i32, %a: !device.ptr<global>) {
  // expected-error @+1 {{'host.launch' op got 1 kernel operands but expected 2}}
  host.launch @kernels::@k blocks in (%c, %c, %c) threads in (%c, %c, %c) dynamic_shared_memory_size %s args(%a : !device.ptr<global>)
  return
}

// -----

device.module @kernels {
  device.kernel @k() {
    device.return
  }
}
func.func @f(%c: index, %s: i32, %n: i32) {
  // expected-error @+1 {{'host.launch' op got 1 kernel operands but expected 0}}
  host.launch @kernels::@k blocks in (%c, %c, %c) threads in (%c, %c, %c) dynamic_shared_memory_size %s args(%n : i32)
  return
}

// -----

device.module @kernels {
  device.kernel @k(%a: !device.ptr<global>, %n: i32) {
    device.return
  }
}
func.func @f(%c: index, %s: i32, %a: !device.ptr<global>, %n: f32) {
  // expected-error @+1 {{'host.launch' op type of function argument 1 does not match: kernel operand has type 'f32', the kernel expects 'i32'}}
  host.launch @kernels::@k blocks in (%c, %c, %c) threads in (%c, %c, %c) dynamic_shared_memory_size %s args(%a : !device.ptr<global>, %n : f32)
  return
}

// -----

device.module @kernels {
  device.kernel @k(%a: !device.ptr<global>) {
    device.return
  }
}
func.func @f(%c: index, %s: i32, %h: !host.ptr) {
  // expected-error @+1 {{'host.launch' op type of function argument 0 does not match: kernel operand has type '!host.ptr', the kernel expects '!device.ptr<global>'}}
  host.launch @kernels::@k blocks in (%c, %c, %c) threads in (%c, %c, %c) dynamic_shared_memory_size %s args(%h : !host.ptr)
  return
}

// -----

device.module @kernels {
  device.kernel @k() {
    device.return
  }
}
func.func @f(%c: i64, %s: i32) {
  // expected-error @+1 {{'host.launch' op operand #0 must be index or 32-bit signless integer, but got 'i64'}}
  host.launch @kernels::@k blocks in (%c, %c, %c) threads in (%c, %c, %c) : i64 dynamic_shared_memory_size %s
  return
}

// -----

device.module @kernels {
  device.kernel @k() {
    device.return
  }
}
func.func @f(%c: index, %i: i32, %s: i32) {
  // expected-error @+1 {{'host.launch' op grid and block dimensions must all have the same type, got 'index' and 'i32'}}
  "host.launch"(%c, %c, %c, %i, %i, %i, %s) <{kernel = @kernels::@k}> : (index, index, index, i32, i32, i32, i32) -> ()
  return
}

// -----

device.module @kernels {
  device.kernel @k() {
    device.return
  }
}
func.func @f(%c: index, %s: i64) {
  // expected-error @+1 {{'host.launch' op operand #6 must be 32-bit signless integer, but got 'i64'}}
  "host.launch"(%c, %c, %c, %c, %c, %c, %s) <{kernel = @kernels::@k}> : (index, index, index, index, index, index, i64) -> ()
  return
}

// -----

device.module @kernels {
  device.kernel @k() {
    device.return
  }
}
func.func @f(%c: index, %s: i32) {
  // expected-error @+1 {{'host.launch' op attribute 'kernel' failed to satisfy constraint: nested symbol reference attribute (@module::@kernel)}}
  "host.launch"(%c, %c, %c, %c, %c, %c, %s) <{kernel = @k}> : (index, index, index, index, index, index, i32) -> ()
  return
}

// -----

func.func @f(%c: index, %s: i32) {
  // expected-error @+1 {{custom op 'host.launch' expected a nested kernel reference of the form @module::@kernel}}
  host.launch @k blocks in (%c, %c, %c) threads in (%c, %c, %c) dynamic_shared_memory_size %s
  return
}

// -----

func.func @f(%t: tuple<i32>) {
  // expected-error @+1 {{'host.printf' op operand #0 must be variadic of integer, index, floating-point or pointer, but got 'tuple<i32>'}}
  host.printf "%d", %t : tuple<i32>
  return
}

// -----

// expected-error @+1 {{unknown type `int` in dialect `host` (the only host type is !host.ptr)}}
func.func @f(%p: !host.int) {
  return
}

// -----

// expected-error @+1 {{'!host.ptr' takes no parameters}}
func.func @f(%p: !host.ptr<global>) {
  return
}
