// Uniformity in loops: temporal divergence (a value defined in a loop with
// a divergent exit is divergent where it is used outside the loop, uniform
// inside), cycle-exit phis (an LLVM UniformityAnalysis bug class), nested
// loops where only the inner exit is divergent, divergent `continue`, and an
// irreducible cycle.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-divergence)' --verify-diagnostics=only-expected

device.module @m {
  device.kernel @temporal(%a: !device.ptr<global>, %n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):                     // expected-remark {{argument #0: uniform}}
    %i1 = arith.addi %i, %c1 : i32 // expected-remark {{uniform}}
    %done = arith.cmpi sgt, %i1, %t : i32
    cf.cond_br %done, ^exit, ^h(%i1 : i32) // expected-remark {{divergent branch}}
  ^exit:
    // Threads leave in different iterations: %i1 differs here.
    %use = arith.muli %i1, %c1 : i32 // expected-remark {{temporally divergent operand #0}}
    device.store %i1, %a : i32, !device.ptr<global> // expected-remark {{temporally divergent operand #0}}
    device.return
  }

  // The exit phi of a loop with a divergent exit is divergent even though
  // every incoming value is uniform inside the loop.
  device.kernel @cycle_exit_phi(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):
    %i1 = arith.addi %i, %c1 : i32 // expected-remark {{uniform}}
    %stop = arith.cmpi eq, %i1, %t : i32
    cf.cond_br %stop, ^exit(%i1 : i32), ^latch // expected-remark {{divergent branch}}
  ^latch:
    %more = arith.cmpi slt, %i1, %n : i32
    cf.cond_br %more, ^h(%i1 : i32), ^exit(%c0 : i32) // expected-remark {{uniform branch}}
  ^exit(%r: i32):                  // expected-remark {{argument #0: divergent}}
    device.return
  }

  // Outer loop uniform, inner exit divergent: the inner value is divergent
  // after the inner loop, the outer counter and exit stay uniform.
  device.kernel @nested(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^oh(%c0 : i32)
  ^oh(%i: i32):                    // expected-remark {{argument #0: uniform}}
    cf.br ^ih(%c0 : i32)
  ^ih(%j: i32):                    // expected-remark {{argument #0: uniform}}
    %j1 = arith.addi %j, %c1 : i32 // expected-remark {{uniform}}
    %id = arith.cmpi slt, %j1, %t : i32
    cf.cond_br %id, ^ih(%j1 : i32), ^ol // expected-remark {{divergent branch}}
  ^ol:
    %s = arith.addi %i, %j1 : i32  // expected-remark {{temporally divergent operand #1}}
    %i1 = arith.addi %i, %c1 : i32 // expected-remark {{uniform}}
    %od = arith.cmpi slt, %i1, %n : i32 // expected-remark {{uniform}}
    cf.cond_br %od, ^oh(%i1 : i32), ^exit // expected-remark {{uniform branch}}
  ^exit:
    device.return
  }

  // A divergent `continue`: the header is reached by disjoint paths.
  device.kernel @divergent_continue(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0, %c0 : i32, i32)
  ^h(%i: i32, %acc: i32):          // expected-remark {{argument #0: uniform}}
    %i1 = arith.addi %i, %c1 : i32
    %odd = arith.cmpi slt, %i, %t : i32
    cf.cond_br %odd, ^skip, ^work  // expected-remark {{divergent branch}}
  ^skip:
    cf.br ^latch(%acc : i32)
  ^work:
    %acc1 = arith.addi %acc, %c1 : i32
    cf.br ^latch(%acc1 : i32)
  ^latch(%a2: i32):                // expected-remark {{argument #0: divergent (divergent join)}}
    %more = arith.cmpi slt, %i1, %n : i32
    cf.cond_br %more, ^h(%i1, %a2 : i32, i32), ^exit // expected-remark {{uniform branch}}
  ^exit:
    device.return
  }

  // An irreducible cycle entered at two blocks by a divergent branch:
  // both entries are joins.
  device.kernel @irreducible(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %p = arith.cmpi slt, %t, %n : i32
    cf.cond_br %p, ^x(%c0 : i32), ^y(%c1 : i32) // expected-remark {{divergent branch}}
  ^x(%a: i32):                     // expected-remark {{argument #0: divergent}}
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

  // scf.for: uniform bounds give a uniform loop; a divergent upper bound
  // leaves the induction variable uniform inside but the results divergent.
  device.kernel @scf_loops(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 { // expected-remark {{uniform; uniform branch}}
      %s = arith.addi %acc, %i : i32 // expected-remark {{uniform}}
      scf.yield %s : i32
    }
    %d = scf.for %i = %c0 to %t step %c1 iter_args(%acc = %c0) -> (i32) : i32 { // expected-remark {{divergent; divergent branch}}
      %s = arith.addi %acc, %i : i32 // expected-remark {{uniform}}
      scf.yield %s : i32
    }
    %w = scf.while (%x = %c0) : (i32) -> (i32) { // expected-remark {{divergent}}
      %c = arith.cmpi slt, %x, %t : i32
      scf.condition(%c) %x : i32   // expected-remark {{divergent branch}}
    } do {
    ^bb0(%y: i32):                 // expected-remark {{argument #0: uniform}}
      %y1 = arith.addi %y, %c1 : i32
      scf.yield %y1 : i32
    }
    device.return
  }
}
