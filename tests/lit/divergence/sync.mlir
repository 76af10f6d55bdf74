// Uniformity: sync dependence at joins of disjoint paths, nested uniform
// branches in divergent regions, structured control flow.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-divergence)' --verify-diagnostics=only-expected

device.module @m {
  // A phi after a divergent if/else is divergent; after a uniform one it
  // is uniform.
  device.kernel @joins(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %p = arith.cmpi slt, %t, %n : i32
    cf.cond_br %p, ^a, ^b          // expected-remark {{divergent branch}}
  ^a:
    cf.br ^j(%c1 : i32)
  ^b:
    cf.br ^j(%c0 : i32)
  ^j(%x: i32):                     // expected-remark {{argument #0: divergent (divergent join)}}
    %q = arith.cmpi slt, %n, %c1 : i32
    cf.cond_br %q, ^c, ^d          // expected-remark {{uniform branch}}
  ^c:
    cf.br ^k(%c1 : i32)
  ^d:
    cf.br ^k(%c0 : i32)
  ^k(%y: i32):                     // expected-remark {{argument #0: uniform}}
    device.return
  }

  // A uniform branch nested in a divergent region stays uniform, and so
  // does its join (not reached by disjoint paths from the outer branch);
  // the outer join is divergent.
  device.kernel @nested(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %p = arith.cmpi slt, %t, %n : i32
    cf.cond_br %p, ^in, ^out(%c0 : i32)  // expected-remark {{divergent branch}}
  ^in:
    %q = arith.cmpi sgt, %n, %c1 : i32
    cf.cond_br %q, ^l, ^r          // expected-remark {{uniform branch}}
  ^l:
    cf.br ^ij(%c1 : i32)
  ^r:
    cf.br ^ij(%c0 : i32)
  ^ij(%z: i32):                    // expected-remark {{argument #0: uniform}}
    cf.br ^out(%z : i32)
  ^out(%w: i32):                   // expected-remark {{argument #0: divergent (divergent join)}}
    device.return
  }

  // Both successors of one branch the same block: the argument depends on
  // the condition.
  device.kernel @same_target(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %p = arith.cmpi slt, %t, %n : i32
    cf.cond_br %p, ^j(%c0 : i32), ^j(%c1 : i32) // expected-remark {{divergent branch}}
  ^j(%x: i32):                     // expected-remark {{argument #0: divergent}}
    device.return
  }

  // Structured control flow: scf.if results follow the condition; a
  // uniform scf.if nested in a divergent one is uniform.
  device.kernel @structured(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %p = arith.cmpi slt, %t, %n : i32
    %q = arith.cmpi slt, %c0, %n : i32
    %r = scf.if %p -> (i32) {       // expected-remark {{divergent; divergent branch}}
      %s = scf.if %q -> (i32) {     // expected-remark {{uniform; uniform branch}}
        scf.yield %c1 : i32
      } else {
        scf.yield %c0 : i32
      }
      scf.yield %s : i32
    } else {
      scf.yield %c0 : i32
    }
    %u = scf.if %q -> (i32) {       // expected-remark {{uniform; uniform branch}}
      scf.yield %c1 : i32
    } else {
      scf.yield %c0 : i32
    }
    %v = scf.if %q -> (i32) {       // expected-remark {{divergent; uniform branch}}
      scf.yield %t : i32
    } else {
      scf.yield %c0 : i32
    }
    device.return
  }
}
