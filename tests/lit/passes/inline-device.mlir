// inline on device code: `device.call`s of `device.func`s are inlined into
// kernels and device functions exactly as `func.call`s of `func.func`s
// are (the inliner knows calls, callables and returns by their traits).
// NOPIPE runs without the default pipeline to show the raw inlined code;
// CHECK runs with it (canonicalize on each function, here turning the
// inlined diamond into a select) and anchored on the top-level module,
// where host functions are inlined too.
// RUN: lockstep-opt %s -p 'builtin.module(device.module(inline{default-pipeline=}))' | FileCheck %s --check-prefix=NOPIPE
// RUN: lockstep-opt %s -p 'builtin.module(inline)' | FileCheck %s
// RUN: lockstep-opt %s -p 'builtin.module(device.module(inline))' --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

device.module @kernels {
  // Private and unused from the start: erased.
  // NOPIPE-NOT: @unused(
  // CHECK-NOT: @unused(
  device.func private @unused(%x: i32) -> i32 {
    device.return %x : i32
  }

  // Private, every call inlined: erased.
  // NOPIPE-NOT: @square(
  // CHECK-NOT: @square(
  device.func private @square(%x: i32) -> i32 {
    %0 = arith.muli %x, %x : i32
    device.return %0 : i32
  }

  // NOPIPE-NOT: @clamp(
  // CHECK-NOT: @clamp(
  device.func private @clamp(%x: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %p = arith.cmpi slt, %x, %c0 : i32
    cf.cond_br %p, ^bb1, ^bb2
  ^bb1:
    device.return %c0 : i32
  ^bb2:
    device.return %x : i32
  }

  // A single-block callee becomes straight-line code (called twice: cloned
  // twice); a multi-block one goes between the call's block and a
  // continuation block taking its results; device ops (the barrier) come
  // along.
  // NOPIPE-LABEL: device.kernel @straight(
  // NOPIPE-NEXT:    %0 = arith.muli %arg1, %arg1 : i32
  // NOPIPE-NEXT:    %1 = arith.muli %0, %0 : i32
  // NOPIPE-NEXT:    device.barrier
  // NOPIPE-NEXT:    %c0_i32 = arith.constant 0 : i32
  // NOPIPE-NEXT:    %2 = arith.cmpi slt, %1, %c0_i32 : i32
  // NOPIPE-NEXT:    cf.cond_br %2, ^bb1, ^bb2
  // NOPIPE-NEXT:  ^bb1:  // pred: ^bb0
  // NOPIPE-NEXT:    cf.br ^bb3(%c0_i32 : i32)
  // NOPIPE-NEXT:  ^bb2:  // pred: ^bb0
  // NOPIPE-NEXT:    cf.br ^bb3(%1 : i32)
  // NOPIPE-NEXT:  ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
  // NOPIPE-NEXT:    device.store %3, %arg0 : i32, !device.ptr<global>
  // NOPIPE-NEXT:    device.return
  // NOPIPE-NEXT:  }
  // CHECK-LABEL: device.kernel @straight(
  // CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
  // CHECK-NEXT:    %0 = arith.muli %arg1, %arg1 : i32
  // CHECK-NEXT:    %1 = arith.muli %0, %0 : i32
  // CHECK-NEXT:    device.barrier
  // CHECK-NEXT:    %2 = arith.cmpi slt, %1, %c0_i32 : i32
  // CHECK-NEXT:    %3 = arith.select %2, %c0_i32, %1 : i32
  // CHECK-NEXT:    device.store %3, %arg0 : i32, !device.ptr<global>
  // CHECK-NEXT:    device.return
  // CHECK-NEXT:  }
  device.kernel @straight(%out: !device.ptr<global>, %a: i32) {
    %0 = device.call @square(%a) : (i32) -> i32
    %1 = device.call @square(%0) : (i32) -> i32
    device.barrier
    %2 = device.call @clamp(%1) : (i32) -> i32
    device.store %2, %out : i32, !device.ptr<global>
    device.return
  }

  // Nested calls: @inner is inlined into @middle, then @middle (holding
  // the inlined @inner) into the kernel; both private helpers go.
  // NOPIPE-NOT: @inner(
  device.func private @inner(%x: i32) -> i32 {
    %c1 = arith.constant 1 : i32
    %0 = arith.addi %x, %c1 : i32
    device.return %0 : i32
  }

  // NOPIPE-NOT: @middle(
  device.func private @middle(%x: i32) -> i32 {
    %0 = device.call @inner(%x) : (i32) -> i32
    %1 = arith.muli %0, %x : i32
    device.return %1 : i32
  }

  // NOPIPE-LABEL: device.kernel @nested(
  // NOPIPE-NEXT:    %c1_i32 = arith.constant 1 : i32
  // NOPIPE-NEXT:    %0 = arith.addi %arg1, %c1_i32 : i32
  // NOPIPE-NEXT:    %1 = arith.muli %0, %arg1 : i32
  // NOPIPE-NEXT:    device.store %1, %arg0 : i32, !device.ptr<global>
  // NOPIPE-NEXT:    device.return
  // NOPIPE-NEXT:  }
  device.kernel @nested(%out: !device.ptr<global>, %a: i32) {
    %0 = device.call @middle(%a) : (i32) -> i32
    device.store %0, %out : i32, !device.ptr<global>
    device.return
  }

  // Public device functions are inlined into their callers but kept.
  // NOPIPE-LABEL: device.func @visible(
  // NOPIPE-NEXT:    %0 = arith.muli %arg0, %arg0 : i32
  // NOPIPE-NEXT:    device.return %0 : i32
  // NOPIPE-NEXT:  }
  device.func @visible(%x: i32) -> i32 {
    %0 = arith.muli %x, %x : i32
    device.return %0 : i32
  }

  // no_inline on the callee or on the call keeps the call; the callee
  // stays since it is still called.
  // NOPIPE-LABEL: device.func private @opaque(
  // NOPIPE-NEXT:    device.return %arg0 : i32
  // NOPIPE-NEXT:  }
  device.func private @opaque(%x: i32) -> i32 attributes {no_inline} {
    device.return %x : i32
  }

  // NOPIPE-LABEL: device.func private @plain(
  // NOPIPE-NEXT:    %0 = arith.subi %arg0, %arg0 : i32
  // NOPIPE-NEXT:    device.return %0 : i32
  // NOPIPE-NEXT:  }
  device.func private @plain(%x: i32) -> i32 {
    %0 = arith.subi %x, %x : i32
    device.return %0 : i32
  }

  // NOPIPE-LABEL: device.kernel @kept(
  // NOPIPE-NEXT:    %0 = arith.muli %arg1, %arg1 : i32
  // NOPIPE-NEXT:    %1 = device.call @opaque(%0) : (i32) -> i32
  // NOPIPE-NEXT:    %2 = device.call @plain(%1) {no_inline} : (i32) -> i32
  // NOPIPE-NEXT:    device.store %2, %arg0 : i32, !device.ptr<global>
  // NOPIPE-NEXT:    device.return
  // NOPIPE-NEXT:  }
  // CHECK-LABEL: device.kernel @kept(
  // CHECK:         device.call @opaque(
  // CHECK:         device.call @plain(%{{.*}}) {no_inline}
  device.kernel @kept(%out: !device.ptr<global>, %a: i32) {
    %0 = device.call @visible(%a) : (i32) -> i32
    %1 = device.call @opaque(%0) : (i32) -> i32
    %2 = device.call @plain(%1) {no_inline} : (i32) -> i32
    device.store %2, %out : i32, !device.ptr<global>
    device.return
  }

  // A kernel is a caller, never a callee: even private and unreferenced,
  // it is not erased.
  // NOPIPE-LABEL: device.kernel private @hidden_kernel(
  // CHECK-LABEL: device.kernel private @hidden_kernel(
  device.kernel private @hidden_kernel() {
    device.return
  }
}

// Host functions are outside the device module: anchored on it, the
// inliner leaves them alone; anchored on the top-level module, it inlines
// them too.
// NOPIPE-LABEL: func.func @host(
// NOPIPE-NEXT:    %0 = call @host_helper(%arg0) : (i32) -> i32
// CHECK-LABEL: func.func @host(
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %0 : i32
func.func @host(%x: i32) -> i32 {
  %0 = call @host_helper(%x) : (i32) -> i32
  return %0 : i32
}

// CHECK-NOT: @host_helper(
func.func private @host_helper(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}

// Inlined ops carry the call site: callsite(callee at caller).
// LOC: arith.muli %arg1, %arg1 : i32 loc([[SQ:#loc[0-9]+]])
// LOC: [[SQ]] = loc(callsite(#loc{{[0-9]+}} at #loc{{[0-9]+}}))
