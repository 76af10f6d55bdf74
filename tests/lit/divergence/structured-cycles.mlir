// Cycle exits in structured loops and irreducible cycles.
// - scf.while / scf.for with a divergent trip count: threads leave in
//   different iterations, so every result is divergent, including results
//   that only carry values uniform inside the loop; values inside stay
//   uniform.
// - An irreducible cycle entered on disjoint paths of a divergent branch
//   (LLVM UniformityAnalysis: "cycle made divergent by external branch"):
//   nothing makes the threads run its iterations together, so every value
//   it defines is divergent, a vote included. Entered uniformly, it is not.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-divergence)' --verify-diagnostics=only-expected

device.module @m {
  device.kernel @scf_while_divergent(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // The counter is uniform inside (all active threads are in the same
    // iteration) but each thread leaves with its own value.
    %w:2 = scf.while (%x = %c0, %k = %n) : (i32, i32) -> (i32, i32) { // expected-remark {{results: divergent, divergent}}
      %x1 = arith.addi %x, %c1 : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
      %c = arith.cmpi slt, %x1, %t : i32
      scf.condition(%c) %x1, %k : i32, i32 // expected-remark {{divergent branch}}
    } do {
    ^bb0(%y: i32, %kk: i32):       // expected-remark {{argument #0: uniform}}
                                   // expected-remark @-1 {{argument #1: uniform}}
      scf.yield %y, %kk : i32, i32
    }
    // The same loop with a uniform condition: results uniform.
    %u = scf.while (%x = %c0) : (i32) -> (i32) { // expected-remark-re {{{{^}}uniform{{$}}}}
      %x1 = arith.addi %x, %c1 : i32
      %c = arith.cmpi slt, %x1, %n : i32
      scf.condition(%c) %x1 : i32  // expected-remark-re {{{{^}}uniform branch{{$}}}}
    } do {
    ^bb0(%y: i32):
      scf.yield %y : i32
    }
    device.return
  }

  device.kernel @scf_for_divergent(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // Divergent upper bound: the loop-carried sum is uniform inside and
    // divergent after; the second result only ever holds %n, but it is a
    // result of the loop (conservatively divergent, like every result).
    %r:2 = scf.for %i = %c0 to %t step %c1 iter_args(%acc = %c0, %k = %n) -> (i32, i32) : i32 { // expected-remark {{results: divergent, divergent; divergent branch}}
      %s = arith.addi %acc, %i : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
      scf.yield %s, %k : i32, i32
    }
    %after = arith.addi %r#0, %c1 : i32 // expected-remark-re {{{{^}}divergent{{$}}}}
    device.return
  }

  // A uniform scf.for inside an scf.while with a divergent condition: the
  // inner loop's results are uniform inside the outer loop, the outer
  // results divergent.
  device.kernel @nested_structured(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %w = scf.while (%x = %c0) : (i32) -> (i32) { // expected-remark-re {{{{^}}divergent{{$}}}}
      %f = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) : i32 { // expected-remark-re {{{{^}}uniform; uniform branch{{$}}}}
        %s = arith.addi %acc, %i : i32
        scf.yield %s : i32
      }
      %c = arith.cmpi slt, %f, %t : i32
      scf.condition(%c) %f : i32   // expected-remark {{divergent branch}}
    } do {
    ^bb0(%y: i32):                 // expected-remark {{argument #0: uniform}}
      scf.yield %y : i32
    }
    device.return
  }

  // Irreducible cycle {^x, ^y} entered at both blocks by a divergent
  // branch: every value defined in it is divergent, even one computed from
  // uniform operands only and a vote.
  device.kernel @irreducible_divergent_entry(%n: i32, %m: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %p = arith.cmpi slt, %t, %n : i32
    cf.cond_br %p, ^x(%c0 : i32), ^y(%c1 : i32) // expected-remark {{divergent branch}}
  ^x(%a: i32):                     // expected-remark {{argument #0: divergent}}
    %k = arith.addi %n, %c1 : i32  // expected-remark-re {{{{^}}divergent{{$}}}}
    %v = device.vote any %m, %true : i1 // expected-remark-re {{{{^}}divergent{{$}}}}
    %a1 = arith.addi %a, %c1 : i32
    %qa = arith.cmpi slt, %a1, %n : i32
    cf.cond_br %qa, ^y(%a1 : i32), ^exit
  ^y(%b: i32):                     // expected-remark {{argument #0: divergent}}
    %b1 = arith.addi %b, %c1 : i32
    %qb = arith.cmpi slt, %b1, %n : i32
    cf.cond_br %qb, ^x(%b1 : i32), ^exit
  ^exit:
    device.return
  }

  // The same cycle entered by a uniform branch: its values are uniform.
  device.kernel @irreducible_uniform_entry(%n: i32, %m: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %p = arith.cmpi slt, %m, %n : i32
    cf.cond_br %p, ^x(%c0 : i32), ^y(%c1 : i32) // expected-remark {{uniform branch}}
  ^x(%a: i32):                     // expected-remark {{argument #0: uniform}}
    %k = arith.addi %n, %c1 : i32  // expected-remark-re {{{{^}}uniform{{$}}}}
    %v = device.vote any %m, %true : i1 // expected-remark-re {{{{^}}uniform{{$}}}}
    %a1 = arith.addi %a, %c1 : i32
    %qa = arith.cmpi slt, %a1, %n : i32
    cf.cond_br %qa, ^y(%a1 : i32), ^exit // expected-remark {{uniform branch}}
  ^y(%b: i32):                     // expected-remark {{argument #0: uniform}}
    %b1 = arith.addi %b, %c1 : i32
    %qb = arith.cmpi slt, %b1, %n : i32
    cf.cond_br %qb, ^x(%b1 : i32), ^exit // expected-remark {{uniform branch}}
  ^exit:
    device.return
  }

  // A divergent exit from an irreducible cycle: the value forwarded out is
  // divergent at the exit, the cycle's own values stay uniform.
  device.kernel @irreducible_divergent_exit(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %p = arith.cmpi slt, %n, %c1 : i32
    cf.cond_br %p, ^x(%c0 : i32), ^y(%c1 : i32) // expected-remark {{uniform branch}}
  ^x(%a: i32):                     // expected-remark {{argument #0: uniform}}
    %a1 = arith.addi %a, %c1 : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    cf.br ^y(%a1 : i32)
  ^y(%b: i32):                     // expected-remark {{argument #0: uniform}}
    %b1 = arith.addi %b, %c1 : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    %qb = arith.cmpi slt, %b1, %t : i32
    cf.cond_br %qb, ^x(%b1 : i32), ^exit(%b1 : i32) // expected-remark {{divergent branch; temporally divergent operand #2}}
  ^exit(%r: i32):                  // expected-remark {{argument #0: divergent}}
    device.return
  }
}
