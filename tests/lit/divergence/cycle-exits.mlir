// Temporal divergence at cycle exits, in the LLVM UniformityAnalysis bug
// class "cycle-exit phi wrongly uniform": a value defined inside a loop and
// forwarded on an edge that leaves it through a divergent exit reaches the
// exit block's argument after the thread left, in an iteration that differs
// between threads. The forwarding is a use outside the cycle, even though
// the terminator that forwards it is inside.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-divergence)' --verify-diagnostics=only-expected
// The same programs under Lee et al.'s analysis: the exit arguments are
// variant there too.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-convergence)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEE

device.module @m {
  // The repro: %i1 is forwarded to ^x(%r) on the divergent exit edge. %r,
  // the branch on it and the store of it are divergent; %i1 itself stays
  // uniform inside the loop.
  device.kernel @repro(%n: i32, %out: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):                     // expected-remark-re {{{{^}}argument #0: uniform{{$}}}}
    %i1 = arith.addi %i, %c1 : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    %d = arith.cmpi slt, %i1, %t : i32
    cf.cond_br %d, ^h(%i1 : i32), ^x(%i1 : i32) // expected-remark {{divergent branch; temporally divergent operand #2}}
  ^x(%r: i32):                     // expected-remark {{argument #0: divergent}}
    // LEE: cycle-exits.mlir:[[@LINE-1]]:6: remark: argument #0: variant
    %u = arith.cmpi slt, %r, %n : i32 // expected-remark-re {{{{^}}divergent{{$}}}}
    cf.cond_br %u, ^a, ^b          // expected-remark {{divergent branch}}
    // LEE: cycle-exits.mlir:[[@LINE-1]]:5: remark: variant branch
  ^a:
    device.store %r, %out : i32, !device.ptr<global>
    cf.br ^b
  ^b:
    device.return
  }

  // Two exits, only the first divergent, each forwarding a loop-defined
  // value. Both exit arguments are divergent: the loop has a divergent
  // exit, so every edge leaving it counts as a use outside (conservative
  // for the uniform exit, whose threads do leave together, as LLVM is).
  // A value defined before the loop stays uniform on either exit.
  device.kernel @two_exits(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %k = arith.addi %n, %c1 : i32  // expected-remark-re {{{{^}}uniform{{$}}}}
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):
    %i1 = arith.addi %i, %c1 : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    %d = arith.cmpi eq, %i1, %t : i32
    cf.cond_br %d, ^x1(%i1, %k : i32, i32), ^l // expected-remark {{divergent branch; temporally divergent operand #1}}
  ^l:
    %u = arith.cmpi slt, %i1, %n : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    cf.cond_br %u, ^h(%i1 : i32), ^x2(%i1, %k : i32, i32) // expected-remark {{uniform branch; temporally divergent operand #2}}
  ^x1(%r1: i32, %k1: i32):         // expected-remark {{argument #0: divergent}}
                                   // expected-remark @-1 {{argument #1: uniform}}
    device.return
  ^x2(%r2: i32, %k2: i32):         // expected-remark {{argument #0: divergent}}
                                   // expected-remark @-1 {{argument #1: uniform}}
    device.return
  }

  // Nested loops: the inner exit is uniform, the outer exit divergent. The
  // inner value forwarded out of the inner loop is uniform in the outer
  // loop (all threads still there leave the inner loop together), and
  // divergent once forwarded out of the outer loop.
  device.kernel @nested(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^oh(%c0 : i32)
  ^oh(%i: i32):                    // expected-remark {{argument #0: uniform}}
    cf.br ^ih(%c0 : i32)
  ^ih(%j: i32):                    // expected-remark {{argument #0: uniform}}
    %j1 = arith.addi %j, %c1 : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    %ic = arith.cmpi slt, %j1, %n : i32
    cf.cond_br %ic, ^ih(%j1 : i32), ^ol(%j1 : i32) // expected-remark-re {{{{^}}uniform branch{{$}}}}
  ^ol(%jj: i32):                   // expected-remark {{argument #0: uniform}}
    %i1 = arith.addi %i, %jj : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    %od = arith.cmpi slt, %i1, %t : i32
    cf.cond_br %od, ^oh(%i1 : i32), ^exit(%jj, %j1 : i32, i32) // expected-remark {{divergent branch; temporally divergent operand #2; temporally divergent operand #3}}
  ^exit(%r: i32, %rj: i32):        // expected-remark {{argument #0: divergent}}
                                   // expected-remark @-1 {{argument #1: divergent}}
    device.return
  }

  // A divergent branch in the inner loop that leaves both loops: values of
  // both loops forwarded on it are divergent at the exit, and so is the
  // outer loop's own (uniform) exit argument.
  device.kernel @exit_two_levels(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^oh(%c0 : i32)
  ^oh(%i: i32):                    // expected-remark {{argument #0: uniform}}
    cf.br ^ih(%c0 : i32)
  ^ih(%j: i32):                    // expected-remark {{argument #0: uniform}}
    %j1 = arith.addi %j, %c1 : i32
    %d = arith.cmpi eq, %j1, %t : i32
    cf.cond_br %d, ^exit(%i, %j1 : i32, i32), ^il // expected-remark {{divergent branch}}
  ^il:
    %ic = arith.cmpi slt, %j1, %n : i32
    cf.cond_br %ic, ^ih(%j1 : i32), ^ol
  ^ol:
    %i1 = arith.addi %i, %c1 : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    %oc = arith.cmpi slt, %i1, %n : i32
    cf.cond_br %oc, ^oh(%i1 : i32), ^exit(%i1, %c0 : i32, i32)
  ^exit(%ri: i32, %rj: i32):       // expected-remark {{argument #0: divergent}}
                                   // expected-remark @-1 {{argument #1: divergent}}
    device.return
  }

  // An exit through cf.switch on a divergent selector: the case edge that
  // leaves the loop forwards the loop value (divergent at ^x); the other
  // exit forwards a constant defined before the loop (uniform at ^y).
  device.kernel @switch_exit(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):                     // expected-remark {{argument #0: uniform}}
    %i1 = arith.addi %i, %c1 : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    %sel = arith.subi %t, %i1 : i32
    cf.switch %sel : i32, [        // expected-remark {{divergent branch; temporally divergent operand #2}}
      default: ^h(%i1 : i32),
      0: ^x(%i1 : i32),
      1: ^y(%c1 : i32)
    ]
  ^x(%r: i32):                     // expected-remark {{argument #0: divergent}}
    device.return
  ^y(%s: i32):                     // expected-remark {{argument #0: uniform}}
    device.return
  }

  // The same switch on a uniform selector: the loop is left by all threads
  // together, so the exit argument stays uniform.
  device.kernel @switch_uniform_exit(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):
    %i1 = arith.addi %i, %c1 : i32
    %sel = arith.subi %n, %i1 : i32
    cf.switch %sel : i32, [        // expected-remark-re {{{{^}}uniform branch{{$}}}}
      default: ^h(%i1 : i32),
      0: ^x(%i1 : i32)
    ]
  ^x(%r: i32):                     // expected-remark {{argument #0: uniform}}
    device.return
  }

  // A loop-invariant value (defined before the loop) forwarded on a
  // divergent exit edge stays uniform: it is the same in every iteration.
  device.kernel @invariant_forwarded(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %k = arith.muli %n, %n : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):
    %i1 = arith.addi %i, %c1 : i32
    %d = arith.cmpi slt, %i1, %t : i32
    cf.cond_br %d, ^h(%i1 : i32), ^x(%k, %n : i32, i32) // expected-remark-re {{{{^}}divergent branch{{$}}}}
  ^x(%r: i32, %m: i32):            // expected-remark {{argument #0: uniform}}
                                   // expected-remark @-1 {{argument #1: uniform}}
    %s = arith.addi %r, %m : i32   // expected-remark-re {{{{^}}uniform{{$}}}}
    device.return
  }

  // The exit is taken by a branch whose condition is uniform, but only the
  // threads that took the divergent branch in ^h reach it (the branch's
  // post-dominator ^end is after the loop); threads leave in different
  // iterations, so the forwarded %r and the use of %i1 after the loop are
  // divergent, while the loop's own values stay uniform.
  device.kernel @exit_in_divergent_region(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):                     // expected-remark {{argument #0: uniform}}
    %i1 = arith.addi %i, %c1 : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    %d = arith.cmpi sge, %i1, %t : i32
    cf.cond_br %d, ^a, ^l          // expected-remark {{divergent branch}}
  ^a:
    %u = arith.cmpi sge, %i1, %n : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    cf.cond_br %u, ^x(%i1 : i32), ^l // expected-remark {{uniform branch; temporally divergent operand #1}}
  ^l:
    %w = arith.cmpi slt, %i1, %n : i32
    cf.cond_br %w, ^h(%i1 : i32), ^y // expected-remark-re {{{{^}}uniform branch{{$}}}}
  ^x(%r: i32):                     // expected-remark {{argument #0: divergent}}
    %s = arith.addi %i1, %c1 : i32 // expected-remark {{divergent; temporally divergent operand #0}}
    cf.br ^end
  ^y:
    cf.br ^end
  ^end:
    device.return
  }

  // Here every path from ^h reaches ^a, its post-dominator, inside the loop:
  // the threads that went round ^l -> ^h again reconverge at ^a with those
  // that did not, one or more iterations apart. From then on they run with
  // different iteration values: every value of the loop is divergent, the
  // header argument included, and so is the branch at ^a.
  device.kernel @reconverge_across_iterations(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):                     // expected-remark {{argument #0: divergent}}
    %i1 = arith.addi %i, %c1 : i32 // expected-remark-re {{{{^}}divergent{{$}}}}
    %d = arith.cmpi sge, %i1, %t : i32
    cf.cond_br %d, ^a, ^l          // expected-remark {{divergent branch}}
  ^a:
    %u = arith.cmpi sge, %i1, %n : i32 // expected-remark-re {{{{^}}divergent{{$}}}}
    cf.cond_br %u, ^x(%i1 : i32), ^l // expected-remark {{divergent branch}}
  ^l:
    cf.br ^h(%i1 : i32)
  ^x(%r: i32):                     // expected-remark {{argument #0: divergent}}
    device.return
  }

  // A divergent branch inside the loop whose paths rejoin inside it does
  // not make the (uniform) exit divergent.
  device.kernel @divergence_contained(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):
    %i1 = arith.addi %i, %c1 : i32
    %d = arith.cmpi slt, %i1, %t : i32
    cf.cond_br %d, ^a, ^l          // expected-remark {{divergent branch}}
  ^a:
    cf.br ^l
  ^l:
    %u = arith.cmpi slt, %i1, %n : i32
    cf.cond_br %u, ^h(%i1 : i32), ^x(%i1 : i32) // expected-remark-re {{{{^}}uniform branch{{$}}}}
  ^x(%r: i32):                     // expected-remark {{argument #0: uniform}}
    %s = arith.addi %i1, %c1 : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    device.return
  }

  // LLVM bug class "temporal divergence missed when the use is inside
  // another cycle": %i1 is used inside a second loop after the first one,
  // and inside an scf.if in the exit block.
  device.kernel @use_in_later_loop(%n: i32, %out: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):
    %i1 = arith.addi %i, %c1 : i32
    %d = arith.cmpi slt, %i1, %t : i32
    cf.cond_br %d, ^h(%i1 : i32), ^g(%c0 : i32) // expected-remark-re {{{{^}}divergent branch{{$}}}}
  ^g(%j: i32):                     // expected-remark {{argument #0: divergent}}
    %j1 = arith.addi %j, %i1 : i32 // expected-remark {{divergent; temporally divergent operand #1}}
    %e = arith.cmpi slt, %j1, %n : i32
    cf.cond_br %e, ^g(%j1 : i32), ^z // expected-remark {{divergent branch}}
  ^z:
    %p = arith.cmpi slt, %c0, %n : i32
    scf.if %p {                    // expected-remark {{uniform branch}}
      device.store %i1, %out : i32, !device.ptr<global> // expected-remark {{temporally divergent operand #0}}
    }
    device.return
  }

  // LLVM bug class "sinking out of a loop with a divergent exit": the same
  // computation is uniform inside the loop and divergent once moved after
  // it, so a transform that sinks it must consult the use, not the value.
  device.kernel @sunk(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):
    %i1 = arith.addi %i, %c1 : i32
    %in = arith.muli %i1, %n : i32 // expected-remark-re {{{{^}}uniform{{$}}}}
    %d = arith.cmpi slt, %i1, %t : i32
    cf.cond_br %d, ^h(%i1 : i32), ^x
  ^x:
    %out = arith.muli %i1, %n : i32 // expected-remark {{divergent; temporally divergent operand #0}}
    device.return
  }
}
