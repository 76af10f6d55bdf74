// Lee et al.'s combined convergence and variance analysis (CGO'13 §3.2-3.4).
// RUN: lockstep-opt %s -p 'builtin.module(test-print-convergence)' --verify-diagnostics=only-expected

device.module @m {
  // Fig. 2(a), reconstructed from the text of §3.1/§3.3: N1, N2, N2', N6
  // and N7 have no control-dependence predecessor; N4 -> N4' is a loop
  // whose latch N4' has a thread-variant branch, so the iterated
  // control-dependence successors of N4' are {N4', N4}; N5 is not control
  // dependent on N4' and stays convergent.
  device.kernel @fig2(%n: i32) {
    %t = device.thread_id x : i32         // expected-remark {{variant}}
    %c0 = arith.constant 0 : i32          // expected-remark {{invariant}}
    %c1 = arith.constant 1 : i32
    cf.br ^n2                             // expected-remark {{block ^bb0 convergent}}
  ^n2:
    cf.br ^n2p                            // expected-remark {{block ^bb1 convergent}}
  ^n2p:
    %u = arith.cmpi sgt, %n, %c0 : i32    // expected-remark {{invariant}}
    cf.cond_br %u, ^n3, ^n6               // expected-remark {{invariant branch; block ^bb2 convergent}}
  ^n3:
    cf.br ^n4(%c0 : i32)                  // expected-remark {{block ^bb3 convergent}}
  ^n4(%i: i32):                           // expected-remark {{argument #0: variant}}
    %i1 = arith.addi %i, %c1 : i32        // expected-remark {{variant}}
    cf.br ^n4p                            // expected-remark {{block ^bb4 divergent}}
  ^n4p:
    %v = arith.cmpi slt, %i1, %t : i32    // expected-remark {{variant}}
    cf.cond_br %v, ^n4(%i1 : i32), ^n5    // expected-remark {{variant branch; block ^bb5 divergent}}
  ^n5:
    %w = arith.addi %n, %c1 : i32         // expected-remark {{invariant}}
    cf.br ^n6                             // expected-remark {{block ^bb6 convergent}}
  ^n6:
    cf.br ^n7                             // expected-remark {{block ^bb7 convergent}}
  ^n7:
    device.return                         // expected-remark {{block ^bb8 convergent}}
  }

  // §3.4: threads with tid >= n leave; the rest stays convergent.
  device.kernel @early_exit(%a: !device.ptr<global>, %n: i32) {
    %t = device.thread_id x : i32
    %p = arith.cmpi sge, %t, %n : i32     // expected-remark {{variant}}
    cf.cond_br %p, ^ret, ^body            // expected-remark {{variant branch; early exit; block ^bb0 convergent}}
  ^ret:
    device.return                         // expected-remark {{block ^bb1 convergent}}
  ^body:
    %x = device.load %a : !device.ptr<global> -> i32 // expected-remark {{invariant}}
    device.store %x, %a : i32, !device.ptr<global>
    device.return                         // expected-remark {{block ^bb2 convergent}}
  }

  // The paper's form: `if (threadIdx.x <= 3) { S1 }` at the end of the
  // kernel. The same shape in a device function is divergent (returning
  // threads go back to the caller).
  device.kernel @early_exit_if(%a: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %c3 = arith.constant 3 : i32
    %p = arith.cmpi sle, %t, %c3 : i32
    cf.cond_br %p, ^s1, ^exit             // expected-remark {{variant branch; early exit}}
  ^s1:
    %x = device.load %a : !device.ptr<global> -> i32 // expected-remark {{invariant}}
    cf.br ^exit                           // expected-remark {{block ^bb1 convergent}}
  ^exit:
    device.return
  }
  device.func @not_a_kernel(%a: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %c3 = arith.constant 3 : i32
    %p = arith.cmpi sle, %t, %c3 : i32
    cf.cond_br %p, ^s1, ^exit             // expected-remark {{variant branch; block ^bb0 convergent}}
  ^s1:
    cf.br ^exit                           // expected-remark {{block ^bb1 divergent}}
  ^exit:
    device.return
  }

  // Work before leaving is not an early exit; a barrier keeps its block
  // convergent (programmer assertion).
  device.kernel @barrier(%a: !device.ptr<global>, %n: i32) {
    %t = device.thread_id x : i32
    %p = arith.cmpi slt, %t, %n : i32
    cf.cond_br %p, ^then, ^else           // expected-remark {{variant branch}}
  ^then:
    device.barrier
    cf.br ^join                           // expected-remark {{block ^bb1 convergent}}
  ^else:
    %x = device.load %a : !device.ptr<global> -> i32 // expected-remark {{variant}}
    cf.br ^join                           // expected-remark {{block ^bb2 divergent}}
  ^join:
    device.return                         // expected-remark {{block ^bb3 convergent}}
  }

  // Structured: everything in a variant scf.if is divergent and variant.
  device.kernel @structured(%n: i32) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %p = arith.cmpi slt, %t, %n : i32
    %q = arith.cmpi slt, %c0, %n : i32    // expected-remark {{invariant}}
    %r = scf.if %p -> (i32) {             // expected-remark {{variant; variant branch}}
      %s = arith.addi %n, %n : i32        // expected-remark {{variant}}
      scf.yield %s : i32                  // expected-remark {{block ^bb0 divergent}}
    } else {
      scf.yield %c0 : i32
    }
    %u = scf.if %q -> (i32) {             // expected-remark {{invariant; invariant branch}}
      %s = arith.addi %n, %n : i32        // expected-remark {{invariant}}
      scf.yield %s : i32                  // expected-remark {{block ^bb0 convergent}}
    } else {
      scf.yield %c0 : i32
    }
    device.return
  }
}
