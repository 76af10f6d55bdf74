// Uniformity: where divergence starts (thread and lane ids, atomics,
// volatile loads, loads through divergent addresses, local memory, shuffles)
// and what stays uniform (kernel arguments, block ids and dims, loads
// through uniform addresses, votes, shared-memory addresses).
// RUN: lockstep-opt %s -p 'builtin.module(test-print-divergence)' --verify-diagnostics

device.module @m {
  device.shared @tile[1024] align 4
  device.kernel @k(%a: !device.ptr<global>, // expected-remark {{argument #0: uniform}}
                   %n: i32) { // expected-remark {{argument #1: uniform}}
    %t = device.thread_id x : i32           // expected-remark {{divergent}}
    %ty = device.thread_id y : i32          // expected-remark {{divergent}}
    %l = device.lane_id : i32               // expected-remark {{divergent}}
    %b = device.block_id x : i32            // expected-remark {{uniform}}
    %bd = device.block_dim x : i32          // expected-remark {{uniform}}
    %gd = device.grid_dim x : i32           // expected-remark {{uniform}}
    %w = device.warp_size : i32             // expected-remark {{uniform}}
    %c4 = arith.constant 4 : i64            // expected-remark {{uniform}}
    %m = arith.constant -1 : i32            // expected-remark {{uniform}}
    %bb = arith.muli %b, %bd : i32          // expected-remark {{uniform}}
    %gid = arith.addi %bb, %t : i32         // expected-remark {{divergent}}
    %u = arith.addi %bb, %n : i32           // expected-remark {{uniform}}
    %u64 = arith.extsi %u : i32 to i64      // expected-remark {{uniform}}
    %uoff = arith.muli %u64, %c4 : i64      // expected-remark {{uniform}}
    %up = device.ptradd %a, %uoff : !device.ptr<global>, i64 // expected-remark {{uniform}}
    %uv = device.load %up : !device.ptr<global> -> f32       // expected-remark {{uniform}}
    %vv = device.load volatile %up : !device.ptr<global> -> f32 // expected-remark {{divergent}}
    %g64 = arith.extsi %gid : i32 to i64    // expected-remark {{divergent}}
    %goff = arith.muli %g64, %c4 : i64      // expected-remark {{divergent}}
    %gp = device.ptradd %a, %goff : !device.ptr<global>, i64 // expected-remark {{divergent}}
    %gv = device.load %gp : !device.ptr<global> -> f32       // expected-remark {{divergent}}
    %at = device.atomic add %up, %n : !device.ptr<global>, i32 // expected-remark {{divergent}}
    %cas = device.atomic_cas %up, %n, %n : !device.ptr<global>, i32 // expected-remark {{divergent}}
    %loc = device.alloca 64 align 4 : !device.ptr<local>     // expected-remark {{divergent}}
    %lv = device.load %loc : !device.ptr<local> -> i32       // expected-remark {{divergent}}
    %s = device.addressof @tile : !device.ptr<shared>        // expected-remark {{uniform}}
    %ds = device.dynamic_shared : !device.ptr<shared>        // expected-remark {{uniform}}
    %sv = device.load %s : !device.ptr<shared> -> i32        // expected-remark {{uniform}}
    %gen = device.addrspace_cast %s : !device.ptr<shared> to !device.ptr<generic> // expected-remark {{uniform}}
    %true = arith.constant true             // expected-remark {{uniform}}
    %p = arith.cmpi slt, %t, %n : i32       // expected-remark {{divergent}}
    %any = device.vote any %m, %p : i1      // expected-remark {{uniform}}
    %bal = device.vote ballot %m, %p : i32  // expected-remark {{uniform}}
    %sh = device.shuffle idx %m, %uv, %n, %w : f32 // expected-remark {{divergent}}
    %sq = math.sqrt %uv : f32               // expected-remark {{uniform}}
    %dsq = math.sqrt %gv : f32              // expected-remark {{divergent}}
    %call = device.call @helper(%uv) : (f32) -> f32   // expected-remark {{uniform}}
    %call2 = device.call @tid_helper(%uv) : (f32) -> f32 // expected-remark {{divergent}}
    %call3 = device.call @helper(%gv) : (f32) -> f32  // expected-remark {{divergent}}
    device.return
  }
  // A device function argument is uniform only when every call site passes
  // a uniform value: @helper gets %gv (divergent) from one of its two calls.
  device.func @helper(%x: f32) -> f32 { // expected-remark {{argument #0: divergent}}
    %r = math.sqrt %x : f32                 // expected-remark {{divergent}}
    device.return %r : f32
  }
  // Its only call passes %uv: the argument is uniform, the result is not.
  device.func @tid_helper(%x: f32) -> f32 { // expected-remark {{argument #0: uniform}}
    %t = device.thread_id x : i32           // expected-remark {{divergent}}
    %f = arith.sitofp %t : i32 to f32       // expected-remark {{divergent}}
    %r = arith.addf %x, %f : f32            // expected-remark {{divergent}}
    device.return %r : f32
  }
}
