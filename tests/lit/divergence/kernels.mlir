// The seeds' kernels written in the device dialect: Lee et al.'s FIR filter
// (Fig. 1), the slides' kernels (ex, dec2zero, saxpy, ex_atomic, regPress1)
// and bitonic sort's inner step. The annotate-divergence run checks the
// attributes `--emit=ir` shows.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-divergence)' --verify-diagnostics=only-expected
// RUN: lockstep-opt %s -p 'builtin.module(annotate-divergence)' | FileCheck %s

device.module @m {
  // for (i = 0; i < flen; i++) result += coeffs[i] * samples[idx + i];
  // CHECK-LABEL: device.kernel @fir
  device.kernel @fir(%samples: !device.ptr<global>, %coeffs: !device.ptr<global>, %flen: i32, %results: !device.ptr<global>) {
    %idx = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i64
    %zero = arith.constant 0.0 : f32
    cf.br ^h(%c0, %zero : i32, f32)
    // CHECK: ^bb1(%{{.*}}: i32, %{{.*}}: f32):
  ^h(%i: i32, %acc: f32):          // expected-remark {{argument #0: uniform}}
    %go = arith.cmpi slt, %i, %flen : i32 // expected-remark {{uniform}}
    // CHECK: cf.cond_br %{{.*}}, ^bb2, ^bb3 {divergence = "uniform"}
    cf.cond_br %go, ^body, ^exit   // expected-remark {{uniform branch}}
  ^body:
    %i64 = arith.extsi %i : i32 to i64
    %co = arith.muli %i64, %c4 : i64
    %cp = device.ptradd %coeffs, %co : !device.ptr<global>, i64
    %cv = device.load %cp : !device.ptr<global> -> f32 // expected-remark {{uniform}}
    %si = arith.addi %idx, %i : i32
    %s64 = arith.extsi %si : i32 to i64
    %so = arith.muli %s64, %c4 : i64
    %sp = device.ptradd %samples, %so : !device.ptr<global>, i64
    // CHECK: device.load {{.*}} {divergence.divergent}
    %sv = device.load %sp : !device.ptr<global> -> f32 // expected-remark {{divergent}}
    %m = arith.mulf %cv, %sv : f32
    %acc1 = arith.addf %acc, %m : f32
    %i1 = arith.addi %i, %c1 : i32  // expected-remark {{uniform}}
    cf.br ^h(%i1, %acc1 : i32, f32)
  ^exit:
    %r64 = arith.extsi %idx : i32 to i64
    %ro = arith.muli %r64, %c4 : i64
    %rp = device.ptradd %results, %ro : !device.ptr<global>, i64
    device.store %acc, %rp : f32, !device.ptr<global>
    device.return
  }

  // if (v[tid] < 0.0) v[tid] /= 2; else v[tid] = 0.0;
  // CHECK-LABEL: device.kernel @ex
  device.kernel @ex(%v: !device.ptr<global>) {
    %tid = device.thread_id x : i32
    %c4 = arith.constant 4 : i64
    %t64 = arith.extsi %tid : i32 to i64
    %o = arith.muli %t64, %c4 : i64
    %p = device.ptradd %v, %o : !device.ptr<global>, i64
    %x = device.load %p : !device.ptr<global> -> f32
    %zero = arith.constant 0.0 : f32
    %two = arith.constant 2.0 : f32
    %lt = arith.cmpf olt, %x, %zero : f32
    // CHECK: cf.cond_br {{.*}} {divergence = "divergent"}
    cf.cond_br %lt, ^zr, ^b1       // expected-remark {{divergent branch}}
  ^zr:
    %h = arith.divf %x, %two : f32
    cf.br ^st(%h : f32)
  ^b1:
    cf.br ^st(%zero : f32)
  ^st(%f2: f32):                   // expected-remark {{argument #0: divergent (divergent join)}}
    device.store %f2, %p : f32, !device.ptr<global>
    device.return
  }

  // int x = blockIdx.x*blockDim.x+threadIdx.x;
  // if (x < N) { while (v[x] > 0) v[x]--; }
  device.kernel @dec2zero(%v: !device.ptr<global>, %n: i32) {
    %b = device.block_id x : i32
    %bd = device.block_dim x : i32
    %t = device.thread_id x : i32
    %bb = arith.muli %b, %bd : i32
    %x = arith.addi %bb, %t : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i64
    %in = arith.cmpi slt, %x, %n : i32
    cf.cond_br %in, ^h, ^exit      // expected-remark {{divergent branch}}
  ^h:
    %x64 = arith.extsi %x : i32 to i64
    %o = arith.muli %x64, %c4 : i64
    %p = device.ptradd %v, %o : !device.ptr<global>, i64
    %e = device.load %p : !device.ptr<global> -> i32
    %pos = arith.cmpi sgt, %e, %c0 : i32
    cf.cond_br %pos, ^body, ^exit  // expected-remark {{divergent branch}}
  ^body:
    %e1 = arith.subi %e, %c1 : i32
    device.store %e1, %p : i32, !device.ptr<global>
    cf.br ^h
  ^exit:
    device.return
  }

  // int i = blockIdx.x*blockDim.x + threadIdx.x; if (i < n) y[i] = a*x[i] + y[i];
  device.kernel @saxpy(%n: i32, %alpha: f32, %xp: !device.ptr<global>, %yp: !device.ptr<global>) {
    %b = device.block_id x : i32
    %bd = device.block_dim x : i32
    %t = device.thread_id x : i32
    %bb = arith.muli %b, %bd : i32
    %i = arith.addi %bb, %t : i32
    %in = arith.cmpi slt, %i, %n : i32
    scf.if %in {                   // expected-remark {{divergent branch}}
      %c4 = arith.constant 4 : i64
      %i64 = arith.extsi %i : i32 to i64
      %o = arith.muli %i64, %c4 : i64
      %px = device.ptradd %xp, %o : !device.ptr<global>, i64
      %py = device.ptradd %yp, %o : !device.ptr<global>, i64
      %vx = device.load %px : !device.ptr<global> -> f32
      %vy = device.load %py : !device.ptr<global> -> f32
      %ax = arith.mulf %alpha, %vx : f32
      %r = arith.addf %ax, %vy : f32
      device.store %r, %py : f32, !device.ptr<global>
    }
    device.return
  }

  // i = ATOMINC(v[index]): the result is divergent even with uniform operands.
  device.kernel @ex_atomic(%index: i32, %v: !device.ptr<global>) {
    %c4 = arith.constant 4 : i64
    %c1 = arith.constant 1 : i32
    %i64 = arith.extsi %index : i32 to i64
    %o = arith.muli %i64, %c4 : i64
    %p = device.ptradd %v, %o : !device.ptr<global>, i64  // expected-remark {{uniform}}
    %i = device.atomic add %p, %c1 : !device.ptr<global>, i32 // expected-remark {{divergent}}
    device.return
  }

  // regPress1: if (tid < Width) for (k = tid; k < Width*Width; k += Width) {...}
  // a, b, c, d rotate through constants: uniform.
  device.kernel @regpress1(%in: !device.ptr<global>, %out: !device.ptr<global>, %width: i32) {
    %b = device.block_id x : i32
    %bd = device.block_dim x : i32
    %t = device.thread_id x : i32
    %bb = arith.muli %b, %bd : i32
    %tid = arith.addi %bb, %t : i32
    %ok = arith.cmpi slt, %tid, %width : i32
    cf.cond_br %ok, ^pre, ^exit    // expected-remark {{divergent branch}}
  ^pre:
    %fa = arith.constant 2.0 : f32
    %fb = arith.constant 3.0 : f32
    %fc = arith.constant 5.0 : f32
    %fd = arith.constant 7.0 : f32
    %ww = arith.muli %width, %width : i32
    cf.br ^h(%tid, %fa, %fb, %fc, %fd : i32, f32, f32, f32, f32)
  ^h(%k: i32, %a: f32, %bv: f32, %c: f32, %d: f32): // expected-remark {{argument #1: uniform}}
    %more = arith.cmpi slt, %k, %ww : i32
    cf.cond_br %more, ^body, ^exit // expected-remark {{divergent branch}}
  ^body:
    %ab = arith.subf %a, %bv : f32 // expected-remark {{uniform}}
    %k1 = arith.addi %k, %width : i32
    cf.br ^h(%k1, %bv, %c, %d, %a : i32, f32, f32, f32, f32)
  ^exit:
    device.return
  }

  // Bitonic sort, one step: ixj = tid ^ j; if (ixj > tid) { if ((tid & k) == 0) ... }
  device.kernel @bitonic_step(%k: i32, %j: i32) {
    %sh = device.dynamic_shared : !device.ptr<shared>
    %tid = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c4 = arith.constant 4 : i64
    %ixj = arith.xori %tid, %j : i32  // expected-remark {{divergent}}
    %gt = arith.cmpi ugt, %ixj, %tid : i32
    cf.cond_br %gt, ^l2, ^l7       // expected-remark {{divergent branch}}
  ^l2:
    %t1 = arith.andi %tid, %k : i32
    %p2 = arith.cmpi eq, %t1, %c0 : i32
    %t64 = arith.extui %tid : i32 to i64
    %to = arith.muli %t64, %c4 : i64
    %pt = device.ptradd %sh, %to : !device.ptr<shared>, i64
    %x64 = arith.extui %ixj : i32 to i64
    %xo = arith.muli %x64, %c4 : i64
    %px = device.ptradd %sh, %xo : !device.ptr<shared>, i64
    %a = device.load %pt : !device.ptr<shared> -> i32
    %b = device.load %px : !device.ptr<shared> -> i32
    cf.cond_br %p2, ^l3, ^l4       // expected-remark {{divergent branch}}
  ^l3:
    %p3 = arith.cmpi sgt, %a, %b : i32
    cf.cond_br %p3, ^l5, ^l7       // expected-remark {{divergent branch}}
  ^l4:
    %p4 = arith.cmpi slt, %a, %b : i32
    cf.cond_br %p4, ^l5, ^l7       // expected-remark {{divergent branch}}
  ^l5:
    device.store %b, %pt : i32, !device.ptr<shared>
    device.store %a, %px : i32, !device.ptr<shared>
    cf.br ^l7
  ^l7:
    device.barrier
    device.return
  }
}
