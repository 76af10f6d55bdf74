// Affine analysis (Lee et al. §3.5): base + stride x threadIdx.x, strides
// of integers in units and of pointers in bytes.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-affine)' --verify-diagnostics=only-expected

device.module @m {
  // a[blockIdx.x * blockDim.x + threadIdx.x] with 4-byte elements.
  device.kernel @global_index(%a: !device.ptr<global>, %n: i32) {
    %t = device.thread_id x : i32          // expected-remark {{affine stride 1 base 0}}
    %b = device.block_id x : i32           // expected-remark {{affine stride 0 base value@}}
    %bd = device.block_dim x : i32
    %bb = arith.muli %b, %bd : i32
    %i = arith.addi %bb, %t : i32          // expected-remark {{affine stride 1 base value@}}
    %i64 = arith.extsi %i : i32 to i64     // expected-remark {{affine stride 1 base value@}}
    %c4 = arith.constant 4 : i64           // expected-remark {{affine stride 0 base 4}}
    %off = arith.muli %i64, %c4 : i64      // expected-remark {{affine stride 4 base uniform}}
    %p = device.ptradd %a, %off : !device.ptr<global>, i64 // expected-remark {{affine stride 4 base uniform}}
    %v = device.load %p : !device.ptr<global> -> f32       // expected-remark {{access affine stride 4}}
    // a[2*tid] and a[tid*n]: constant factor scales, uniform factor is unknown.
    %c2 = arith.constant 2 : i32
    %t2 = arith.muli %c2, %t : i32         // expected-remark {{affine stride 2 base 0}}
    %tn = arith.muli %t, %n : i32          // expected-remark {{unknown}}
    %c3 = arith.constant 3 : i32
    %t8 = arith.shli %t, %c3 : i32         // expected-remark {{affine stride 8 base 0}}
    %l = device.lane_id : i32              // expected-remark {{affine stride 1 base 0}}
    %neg = arith.subi %n, %t : i32         // expected-remark {{affine stride -1 base value@}}
    %ty = device.thread_id y : i32         // expected-remark {{unknown}}
    %ld = device.load %a : !device.ptr<global> -> i32      // expected-remark {{access affine stride 0}}
    device.store %v, %p : f32, !device.ptr<global>         // expected-remark {{access affine stride 4}}
    device.return
  }

  // Bitonic sort's shared-memory indexes: shared[tid] is unit-stride,
  // shared[tid ^ j] is not affine.
  device.kernel @bitonic_index(%j: i32) {
    %sh = device.dynamic_shared : !device.ptr<shared>
    %t = device.thread_id x : i32
    %c4 = arith.constant 4 : i64
    %t64 = arith.extui %t : i32 to i64
    %o = arith.muli %t64, %c4 : i64
    %p = device.ptradd %sh, %o : !device.ptr<shared>, i64  // expected-remark {{affine stride 4 base value@}}
    %ixj = arith.xori %t, %j : i32                          // expected-remark {{unknown}}
    %x64 = arith.extui %ixj : i32 to i64
    %xo = arith.muli %x64, %c4 : i64
    %q = device.ptradd %sh, %xo : !device.ptr<shared>, i64 // expected-remark {{unknown}}
    %v = device.load %p : !device.ptr<shared> -> i32        // expected-remark {{access affine stride 4}}
    %w = device.load %q : !device.ptr<shared> -> i32        // expected-remark {{access unknown}}
    device.return
  }

  // regPress's loop `for (k = tid; k < W*W; k += W)`: the induction value
  // keeps stride 1 over a uniform base.
  device.kernel @loop_index(%w: i32) {
    %t = device.thread_id x : i32
    %ww = arith.muli %w, %w : i32
    cf.br ^h(%t : i32)
  ^h(%k: i32):                             // expected-remark {{argument #0: affine stride 1 base uniform}}
    %c = arith.cmpi slt, %k, %ww : i32
    cf.cond_br %c, ^body, ^exit
  ^body:
    %k1 = arith.addi %k, %w : i32          // expected-remark {{affine stride 1 base uniform}}
    cf.br ^h(%k1 : i32)
  ^exit:
    device.return
  }

  // At a divergent join, different incoming forms are not affine.
  device.kernel @divergent_select(%n: i32) {
    %t = device.thread_id x : i32
    %c1 = arith.constant 1 : i32
    %p = arith.cmpi slt, %t, %n : i32
    %t1 = arith.addi %t, %c1 : i32         // expected-remark {{affine stride 1 base 1}}
    %s = arith.select %p, %t, %t1 : i32    // expected-remark {{unknown}}
    device.return
  }
}
