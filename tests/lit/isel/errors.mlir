// What convert-device-to-ptx cannot lower: a located error naming the op
// and the reason (the pass fails; nothing panics).
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' --split-input-file --verify-diagnostics

device.module @m {
  device.kernel @k(%x: f64, %p: !device.ptr<global>) {
    // expected-error @+1 {{cannot lower 'math.sin' to PTX: f64 transcendental functions are not supported (PTX has only f32 approximations)}}
    %0 = math.sin %x : f64
    device.store %0, %p : f64, !device.ptr<global>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%x: f64, %p: !device.ptr<global>) {
    // expected-error @+1 {{cannot lower 'math.cos' to PTX: f64 transcendental functions are not supported}}
    %0 = math.cos %x : f64
    device.store %0, %p : f64, !device.ptr<global>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%x: f64, %p: !device.ptr<global>) {
    // expected-error @+1 {{cannot lower 'math.exp' to PTX: f64 transcendental functions are not supported}}
    %0 = math.exp %x : f64
    device.store %0, %p : f64, !device.ptr<global>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%x: f64, %p: !device.ptr<global>) {
    // expected-error @+1 {{cannot lower 'math.log' to PTX: f64 transcendental functions are not supported}}
    %0 = math.log %x : f64
    device.store %0, %p : f64, !device.ptr<global>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%x: f32, %p: !device.ptr<global>) {
    // expected-error @+1 {{cannot lower 'arith.truncf' to PTX: unsupported type 'f16'}}
    %0 = arith.truncf %x : f32 to f16
    %1 = arith.extf %0 : f16 to f32
    device.store %1, %p : f32, !device.ptr<global>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%x: f64, %p: !device.ptr<global>) {
    // expected-error @+1 {{cannot lower 'arith.truncf' to PTX: PTX has no round-to-nearest-away conversion}}
    %0 = arith.truncf %x to_nearest_away : f64 to f32
    device.store %0, %p : f32, !device.ptr<global>
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%p: !device.ptr<global>) {
    // expected-error @+1 {{cannot lower 'arith.constant' to PTX: unsupported type 'vector<4xi32>'}}
    %0 = arith.constant dense<1> : vector<4xi32>
    device.return
  }
}

// -----

device.module @m {
  // expected-error @+1 {{cannot lower 'device.func' to PTX: returns 2 values; a PTX function returns at most one}}
  device.func @two() -> (i32, i32) {
    %c = arith.constant 1 : i32
    device.return %c, %c : i32, i32
  }
}

// -----

device.module @m {
  device.func private @external(i32) -> i32
  device.kernel @k(%x: i32) {
    // expected-error @+1 {{cannot lower 'device.call' to PTX: 'external' is a declaration without a body (device code cannot be linked)}}
    %0 = device.call @external(%x) : (i32) -> i32
    device.return
  }
}

// -----

device.module @m {
  device.kernel @k(%x: i32, %p: !device.ptr<global>) {
    %0 = arith.addi %x, %x : i32
    // expected-error @+1 {{cannot lower 'arith.trunci' to PTX: unsupported type 'i7'}}
    %1 = arith.trunci %0 : i32 to i7
    %2 = arith.extui %1 : i7 to i32
    device.store %2, %p : i32, !device.ptr<global>
    device.return
  }
}
