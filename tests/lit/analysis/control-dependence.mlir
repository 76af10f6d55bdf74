// Dominance frontiers (df), iterated (idf), post-dominance frontiers (pdf,
// ipdf) and control dependence on the augmented CFG: 'start' is the START
// node, '^bbX#k->^bbY' the edge of successor slot k of ^bbX. Checked by hand.
// RUN: lockstep-opt %s -p 'builtin.module(test-print-dominance-frontier,test-print-control-dependence)' -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: frontiers of 'func.func' @thesis_fig_4_1 region #0:
// CHECK-NEXT:   ^bb0: df=[] idf=[] pdf=[] ipdf=[]
// CHECK-NEXT:   ^bb1: df=[^bb6] idf=[^bb6] pdf=[^bb0] ipdf=[^bb0]
// CHECK-NEXT:   ^bb2: df=[^bb4] idf=[^bb4, ^bb6] pdf=[^bb1] ipdf=[^bb0, ^bb1]
// CHECK-NEXT:   ^bb3: df=[^bb4] idf=[^bb4, ^bb6] pdf=[^bb1] ipdf=[^bb0, ^bb1]
// CHECK-NEXT:   ^bb4: df=[^bb6] idf=[^bb6] pdf=[^bb0] ipdf=[^bb0]
// CHECK-NEXT:   ^bb5: df=[^bb6] idf=[^bb6] pdf=[^bb0] ipdf=[^bb0]
// CHECK-NEXT:   ^bb6: df=[] idf=[] pdf=[] ipdf=[]
// CHECK-LABEL: frontiers of 'func.func' @loop region #0:
// CHECK-NEXT:   ^bb0: df=[] idf=[] pdf=[] ipdf=[]
// CHECK-NEXT:   ^bb1: df=[^bb1] idf=[^bb1] pdf=[^bb1] ipdf=[^bb1]
// CHECK-NEXT:   ^bb2: df=[^bb1] idf=[^bb1] pdf=[^bb1] ipdf=[^bb1]
// CHECK-NEXT:   ^bb3: df=[] idf=[] pdf=[] ipdf=[]
// CHECK-LABEL: frontiers of 'func.func' @early_return region #0:
// CHECK-NEXT:   ^bb0: df=[] idf=[] pdf=[] ipdf=[]
// CHECK-NEXT:   ^bb1: df=[^bb1] idf=[^bb1] pdf=[^bb2] ipdf=[^bb1, ^bb2]
// CHECK-NEXT:   ^bb2: df=[^bb1] idf=[^bb1] pdf=[^bb1] ipdf=[^bb1, ^bb2]
// CHECK-NEXT:   ^bb3: df=[] idf=[] pdf=[^bb2] ipdf=[^bb1, ^bb2]
// CHECK-NEXT:   ^bb4: df=[] idf=[] pdf=[^bb1] ipdf=[^bb1, ^bb2]
// CHECK-LABEL: frontiers of 'func.func' @infinite region #0:
// CHECK-NEXT:   ^bb0: df=[] idf=[] pdf=[] ipdf=[]
// CHECK-NEXT:   ^bb1: df=[^bb1] idf=[^bb1] pdf=[^bb0] ipdf=[^bb0]
// CHECK-NEXT:   ^bb2: df=[^bb1] idf=[^bb1] pdf=[^bb0] ipdf=[^bb0]
// CHECK-NEXT:   ^bb3: df=[] idf=[] pdf=[^bb0] ipdf=[^bb0]
// CHECK-LABEL: frontiers of 'func.func' @chain region #0:
// CHECK-NEXT:   ^bb0: df=[] idf=[] pdf=[] ipdf=[]
// CHECK-NEXT:   ^bb1: df=[^bb5] idf=[^bb5] pdf=[^bb0] ipdf=[^bb0]
// CHECK-NEXT:   ^bb2: df=[^bb5] idf=[^bb5] pdf=[^bb0] ipdf=[^bb0]
// CHECK-NEXT:   ^bb3: df=[^bb5] idf=[^bb5] pdf=[^bb2] ipdf=[^bb0, ^bb2]
// CHECK-NEXT:   ^bb4: df=[^bb5] idf=[^bb5] pdf=[^bb2] ipdf=[^bb0, ^bb2]
// CHECK-NEXT:   ^bb5: df=[] idf=[] pdf=[^bb0, ^bb2, ^bb4] ipdf=[^bb0, ^bb2, ^bb4]
// CHECK-NEXT:   ^bb6: df=[] idf=[] pdf=[^bb4] ipdf=[^bb0, ^bb2, ^bb4]
// CHECK-LABEL: control dependence of 'func.func' @thesis_fig_4_1 region #0:
// CHECK-NEXT:   ^bb0: deps=[start] iterated=[start] controls=[^bb1, ^bb4, ^bb5]
// CHECK-NEXT:   ^bb1: deps=[^bb0#0->^bb1] iterated=[start, ^bb0#0->^bb1] controls=[^bb2, ^bb3]
// CHECK-NEXT:   ^bb2: deps=[^bb1#0->^bb2] iterated=[start, ^bb0#0->^bb1, ^bb1#0->^bb2] controls=[]
// CHECK-NEXT:   ^bb3: deps=[^bb1#1->^bb3] iterated=[start, ^bb0#0->^bb1, ^bb1#1->^bb3] controls=[]
// CHECK-NEXT:   ^bb4: deps=[^bb0#0->^bb1] iterated=[start, ^bb0#0->^bb1] controls=[]
// CHECK-NEXT:   ^bb5: deps=[^bb0#1->^bb5] iterated=[start, ^bb0#1->^bb5] controls=[]
// CHECK-NEXT:   ^bb6: deps=[start] iterated=[start] controls=[]
// CHECK-LABEL: control dependence of 'func.func' @loop region #0:
// CHECK-NEXT:   ^bb0: deps=[start] iterated=[start] controls=[]
// CHECK-NEXT:   ^bb1: deps=[start, ^bb1#0->^bb2] iterated=[start, ^bb1#0->^bb2] controls=[^bb1, ^bb2]
// CHECK-NEXT:   ^bb2: deps=[^bb1#0->^bb2] iterated=[start, ^bb1#0->^bb2] controls=[]
// CHECK-NEXT:   ^bb3: deps=[start] iterated=[start] controls=[]
// CHECK-LABEL: control dependence of 'func.func' @early_return region #0:
// CHECK-NEXT:   ^bb0: deps=[start] iterated=[start] controls=[]
// CHECK-NEXT:   ^bb1: deps=[start, ^bb2#1->^bb1] iterated=[start, ^bb1#0->^bb2, ^bb2#1->^bb1] controls=[^bb2, ^bb4]
// CHECK-NEXT:   ^bb2: deps=[^bb1#0->^bb2] iterated=[start, ^bb1#0->^bb2, ^bb2#1->^bb1] controls=[^bb1, ^bb3]
// CHECK-NEXT:   ^bb3: deps=[^bb2#0->^bb3] iterated=[start, ^bb1#0->^bb2, ^bb2#0->^bb3, ^bb2#1->^bb1] controls=[]
// CHECK-NEXT:   ^bb4: deps=[^bb1#1->^bb4] iterated=[start, ^bb1#0->^bb2, ^bb1#1->^bb4, ^bb2#1->^bb1] controls=[]
// CHECK-LABEL: control dependence of 'func.func' @infinite region #0:
// CHECK-NEXT:   ^bb0: deps=[start] iterated=[start] controls=[^bb1, ^bb2, ^bb3]
// CHECK-NEXT:   ^bb1: deps=[^bb0#0->^bb1] iterated=[start, ^bb0#0->^bb1] controls=[]
// CHECK-NEXT:   ^bb2: deps=[^bb0#0->^bb1] iterated=[start, ^bb0#0->^bb1] controls=[]
// CHECK-NEXT:   ^bb3: deps=[^bb0#1->^bb3] iterated=[start, ^bb0#1->^bb3] controls=[]
// CHECK-LABEL: control dependence of 'func.func' @chain region #0:
// CHECK-NEXT:   ^bb0: deps=[start] iterated=[start] controls=[^bb1, ^bb2, ^bb5]
// CHECK-NEXT:   ^bb1: deps=[^bb0#0->^bb1] iterated=[start, ^bb0#0->^bb1] controls=[]
// CHECK-NEXT:   ^bb2: deps=[^bb0#1->^bb2] iterated=[start, ^bb0#1->^bb2] controls=[^bb3, ^bb4, ^bb5]
// CHECK-NEXT:   ^bb3: deps=[^bb2#0->^bb3] iterated=[start, ^bb0#1->^bb2, ^bb2#0->^bb3] controls=[]
// CHECK-NEXT:   ^bb4: deps=[^bb2#1->^bb4] iterated=[start, ^bb0#1->^bb2, ^bb2#1->^bb4] controls=[^bb5, ^bb6]
// CHECK-NEXT:   ^bb5: deps=[^bb0#0->^bb1, ^bb2#0->^bb3, ^bb4#0->^bb5] iterated=[start, ^bb0#0->^bb1, ^bb0#1->^bb2, ^bb2#0->^bb3, ^bb2#1->^bb4, ^bb4#0->^bb5] controls=[]
// CHECK-NEXT:   ^bb6: deps=[^bb4#1->^bb6, ^bb4#2->^bb6] iterated=[start, ^bb0#1->^bb2, ^bb2#1->^bb4, ^bb4#1->^bb6, ^bb4#2->^bb6] controls=[]

// CFG of the thesis's Figure 4.1a: node 1 branches to 2 and 6, node 2 to
// 3 and 4, which join at 5; 5 and 6 join at 7 (nodes k -> ^bb(k-1)).
func.func @thesis_fig_4_1(%p: i1, %q: i1) {
  cf.cond_br %p, ^bb1, ^bb5
^bb1:
  cf.cond_br %q, ^bb2, ^bb3
^bb2:
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

// A while loop.
func.func @loop(%c: i1) {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  cf.br ^bb1
^bb3:
  return
}

// An early return inside a loop: several exits.
func.func @early_return(%c: i1, %d: i1) {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb2, ^bb4
^bb2:
  cf.cond_br %d, ^bb3, ^bb1
^bb3:
  return
^bb4:
  return
}

// An infinite loop: only the branch before it controls it.
func.func @infinite(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
^bb3:
  return
}

// A switch-like chain of two-way branches, and a real switch.
func.func @chain(%a: i1, %b: i1, %x: i32) {
  cf.cond_br %a, ^bb1, ^bb2
^bb1:
  cf.br ^bb5
^bb2:
  cf.cond_br %b, ^bb3, ^bb4
^bb3:
  cf.br ^bb5
^bb4:
  cf.switch %x : i32, [
    default: ^bb5,
    0: ^bb6,
    1: ^bb6
  ]
^bb5:
  return
^bb6:
  return
}
