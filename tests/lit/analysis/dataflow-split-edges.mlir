// The dataflow framework on the critical-edge-split view: virtual nodes
// '^bbX#k->^bbY' sit on critical edges; a+b computed at the join is
// down-safe on the two edges into it, not on the edge that bypasses it.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(test-print-dataflow{split-edges=true})' -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: dataflow of 'func.func' @critical region #0: universe={a+b}
// CHECK-NEXT:   ^bb0: ncomp={} xcomp={} transp={a+b} av={}/{} ant={}/{} usafe={}/{} dsafe={}/{} sscm-dsafe={}/{}
// CHECK-NEXT:   ^bb1: ncomp={} xcomp={} transp={a+b} av={}/{} ant={}/{} usafe={}/{} dsafe={}/{} sscm-dsafe={}/{}
// CHECK-NEXT:   ^bb2: ncomp={a+b} xcomp={a+b} transp={a+b} av={}/{a+b} ant={a+b}/{} usafe={}/{a+b} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb3: ncomp={} xcomp={} transp={a+b} av={}/{} ant={}/{} usafe={}/{} dsafe={}/{} sscm-dsafe={}/{}
// CHECK-NEXT:   ^bb0#1->^bb2: ncomp={} xcomp={} transp={a+b} av={}/{} ant={a+b}/{a+b} usafe={}/{} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb1#0->^bb2: ncomp={} xcomp={} transp={a+b} av={}/{} ant={a+b}/{a+b} usafe={}/{} dsafe={a+b}/{a+b} sscm-dsafe={a+b}/{a+b}
// CHECK-NEXT:   ^bb1#1->^bb3: ncomp={} xcomp={} transp={a+b} av={}/{} ant={}/{} usafe={}/{} dsafe={}/{} sscm-dsafe={}/{}

// Critical edges: ^bb0->^bb2 and ^bb1->^bb2 get virtual nodes in the split
// view; a+b is computed at the join only.
func.func @critical(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  "test.stmt"() {expr = "a+b"} : () -> ()
  cf.br ^bb3
^bb3:
  return
}
