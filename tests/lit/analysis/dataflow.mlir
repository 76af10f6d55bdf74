// The bit-vector dataflow framework on a dialect-free statement model
// (see compiler/analysis/src/testing.rs): available (av) and anticipable
// (ant) expressions, and the thesis's up-safety (usafe), down-safety (dsafe)
// and SSCM down-safety with a union meet at divergent branches. Each pair
// is N/X: the value at the entry / exit of the block. Checked by hand.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(test-print-dataflow)' -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: dataflow of 'func.func' @thesis_fig_4_1 region #0: universe={a+b}
// CHECK-NEXT:   ^bb0: ncomp={} xcomp={} transp={a+b} av={}/{} ant={a+b}/{a+b} usafe={}/{} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb1: ncomp={} xcomp={} transp={a+b} av={}/{} ant={a+b}/{a+b} usafe={}/{} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb2: ncomp={a+b} xcomp={a+b} transp={a+b} av={}/{a+b} ant={a+b}/{a+b} usafe={}/{a+b} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb3: ncomp={} xcomp={} transp={a+b} av={}/{} ant={a+b}/{a+b} usafe={}/{} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb4: ncomp={} xcomp={} transp={a+b} av={}/{} ant={a+b}/{a+b} usafe={}/{} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb5: ncomp={} xcomp={} transp={a+b} av={}/{} ant={a+b}/{a+b} usafe={}/{} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb6: ncomp={a+b} xcomp={a+b} transp={a+b} av={}/{a+b} ant={a+b}/{} usafe={}/{a+b} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-LABEL: dataflow of 'func.func' @thesis_fig_4_1_one_side region #0: universe={a+b}
// CHECK-NEXT:   ^bb0: ncomp={} xcomp={} transp={a+b} av={}/{} ant={}/{} usafe={}/{} dsafe={}/{} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb1: ncomp={} xcomp={} transp={a+b} av={}/{} ant={}/{} usafe={}/{} dsafe={}/{} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb2: ncomp={a+b} xcomp={a+b} transp={a+b} av={}/{a+b} ant={a+b}/{} usafe={}/{a+b} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb3: ncomp={} xcomp={} transp={a+b} av={}/{} ant={}/{} usafe={}/{} dsafe={}/{} sscm-dsafe={}/{}
// CHECK-NEXT:   ^bb4: ncomp={} xcomp={} transp={a+b} av={}/{} ant={}/{} usafe={}/{} dsafe={}/{} sscm-dsafe={}/{}
// CHECK-NEXT:   ^bb5: ncomp={} xcomp={} transp={a+b} av={}/{} ant={}/{} usafe={}/{} dsafe={}/{} sscm-dsafe={}/{}
// CHECK-NEXT:   ^bb6: ncomp={} xcomp={} transp={a+b} av={}/{} ant={}/{} usafe={}/{} dsafe={}/{} sscm-dsafe={}/{}
// CHECK-LABEL: dataflow of 'func.func' @parts region #0: universe={c*d, a+b}
// CHECK-NEXT:   ^bb0: ncomp={c*d} xcomp={c*d} transp={c*d, a+b} av={}/{c*d} ant={c*d, a+b}/{a+b} usafe={}/{c*d} dsafe={c*d, a+b}/{c*d, a+b} sscm-dsafe={c*d, a+b}/{c*d, a+b}
// CHECK-NEXT:   ^bb1: ncomp={a+b} xcomp={a+b} transp={c*d} av={}/{a+b} ant={a+b}/{a+b} usafe={}/{} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb2: ncomp={} xcomp={} transp={a+b} av={a+b}/{a+b} ant={a+b}/{a+b} usafe={a+b}/{a+b} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb3: ncomp={c*d, a+b} xcomp={c*d, a+b} transp={c*d, a+b} av={a+b}/{c*d, a+b} ant={c*d, a+b}/{} usafe={a+b}/{c*d, a+b} dsafe={c*d, a+b}/{c*d, a+b} sscm-dsafe={c*d, a+b}/{c*d, a+b}

// Thesis Fig. 4.1a: a+b is computed at node 3 (one side of the divergent
// branch at node 2) and at node 7; nodes 1 and 2 end in divergent branches.
// Nodes k are ^bb(k-1).
func.func @thesis_fig_4_1() {
  "test.br"() [^bb1, ^bb5] {divergent} : () -> ()
^bb1:
  "test.br"() [^bb2, ^bb3] {divergent} : () -> ()
^bb2:
  "test.stmt"() {expr = "a+b"} : () -> ()
  cf.br ^bb4
^bb3:
  cf.br ^bb4
^bb4:
  cf.br ^bb6
^bb5:
  cf.br ^bb6
^bb6:
  "test.stmt"() {expr = "a+b"} : () -> ()
  return
}

// The same CFG with a+b at node 3 only: down-safe at the exit of node 2
// (and node 1) only when their branches are divergent (SSCM's union meet).
func.func @thesis_fig_4_1_one_side() {
  "test.br"() [^bb1, ^bb5] {divergent} : () -> ()
^bb1:
  "test.br"() [^bb2, ^bb3] {divergent} : () -> ()
^bb2:
  "test.stmt"() {expr = "a+b"} : () -> ()
  cf.br ^bb4
^bb3:
  cf.br ^bb4
^bb4:
  cf.br ^bb6
^bb5:
  cf.br ^bb6
^bb6:
  return
}

// Entry and exit parts: ^bb1 computes a+b, then modifies a, then computes
// a+b again (entry and exit computation, not transparent); c*d is killed in
// the loop body ^bb2 and recomputed after the loop.
func.func @parts(%c: i1) {
  "test.stmt"() {expr = "c*d"} : () -> ()
  cf.br ^bb1
^bb1:
  "test.stmt"() {expr = "a+b"} : () -> ()
  "test.stmt"() {var = "a"} : () -> ()
  "test.stmt"() {expr = "a+b"} : () -> ()
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  "test.stmt"() {var = "d"} : () -> ()
  cf.br ^bb1
^bb3:
  "test.stmt"() {expr = "c*d"} : () -> ()
  "test.stmt"() {expr = "a+b"} : () -> ()
  return
}

