// Precision at joins: an argument of a join of disjoint paths from a
// divergent branch is uniform when every incoming edge forwards one and the
// same uniform value (threads agree whichever edge they took), as LLVM does
// for phis whose incoming values are all the same. It stays divergent when
// the edges forward different values, or the same divergent value.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-divergence)' --verify-diagnostics=only-expected
// Lee et al.'s analysis agrees on the first join.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-convergence)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEE

device.module @m {
  device.kernel @joins(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %p = arith.cmpi slt, %t, %n : i32
    cf.cond_br %p, ^a, ^b          // expected-remark {{divergent branch}}
  ^a:
    cf.br ^j(%c1, %c1, %t : i32, i32, i32)
  ^b:
    cf.br ^j(%c1, %c0, %t : i32, i32, i32)
  ^j(%same: i32, %diff: i32, %div: i32):
    // expected-remark @-1 {{argument #0: uniform (divergent join)}}
    // expected-remark @-2 {{argument #1: divergent (divergent join)}}
    // expected-remark @-3 {{argument #2: divergent (divergent join)}}
    // LEE: same-value-joins.mlir:[[@LINE-4]]:6: remark: argument #0: invariant
    // LEE: same-value-joins.mlir:[[@LINE-5]]:18: remark: argument #1: variant
    %q = arith.cmpi slt, %same, %n : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    cf.cond_br %q, ^c, ^d          // expected-remark-re {{{{^}}uniform branch{{$}}}}
  ^c:
    cf.br ^d
  ^d:
    device.return
  }

  // A divergent `continue` that forwards the unchanged accumulator on both
  // paths: the latch argument is the accumulator, uniform.
  device.kernel @same_in_loop(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0, %c0 : i32, i32)
  ^h(%i: i32, %acc: i32):
    // expected-remark @-1 {{argument #0: uniform}}
    // expected-remark @-2 {{argument #1: uniform}}
    %i1 = arith.addi %i, %c1 : i32
    %odd = arith.cmpi slt, %i, %t : i32
    cf.cond_br %odd, ^skip, ^work  // expected-remark {{divergent branch}}
  ^skip:
    cf.br ^latch(%acc : i32)
  ^work:
    cf.br ^latch(%acc : i32)
  ^latch(%a2: i32):                // expected-remark {{argument #0: uniform (divergent join)}}
    %more = arith.cmpi slt, %i1, %n : i32
    cf.cond_br %more, ^h(%i1, %a2 : i32, i32), ^exit // expected-remark {{uniform branch}}
  ^exit:
    device.return
  }

  // The same value forwarded on both edges of a divergent branch straight
  // to one block (both slots name ^j): still uniform.
  device.kernel @both_slots(%n: i32) {
    %t = device.thread_id x : i32
    %c1 = arith.constant 1 : i32
    %p = arith.cmpi slt, %t, %n : i32
    cf.cond_br %p, ^j(%c1 : i32), ^j(%c1 : i32) // expected-remark {{divergent branch}}
  ^j(%x: i32):                     // expected-remark {{argument #0: uniform (divergent join)}}
    device.return
  }
}
