// Printer, --print-debuginfo: every op gets ` loc(#locN)` after everything
// else (after the closing `}` of region ops); aliases are numbered in walk
// order and defined after the module, `#loc` being the implicit module's own
// `"FILE":0:0`; ops without an explicit location get the input's line and the
// column of their op name; equal locations share one alias; block argument
// locations print inline while their (unused) aliases are defined before
// `module {`; function declarations drop argument locations. Reparsing the
// output keeps every location. Expected text is mlir-opt 22's.
// RUN: lockstep-opt %s --print-debuginfo | FileCheck %s
// RUN: lockstep-opt %s --print-debuginfo | lockstep-opt --print-debuginfo | FileCheck %s
// RUN: %mlir-opt %s --mlir-print-debuginfo | FileCheck %s
// Generic form uses the same aliases.
// RUN: lockstep-opt %s --print-debuginfo --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %mlir-opt %s --mlir-print-debuginfo --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

func.func @f(%a: i32, %c: i1) -> i32 {
  %k = arith.constant 1 : i32
  %0 = arith.addi %a, %k : i32 loc("shared.c":1:1)
  %1 = arith.addi %0, %k : i32 loc("shared.c":1:1)
  cf.cond_br %c, ^bb1(%1 : i32), ^bb2
^bb1(%x: i32 loc("blockarg.c":2:2)):
  %2 = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  return %2 : i32
^bb2:
  return %a : i32 loc(unknown)
}
func.func private @decl(i32 loc("declarg.c":3:3)) -> i32

// CHECK:      {{^}}#loc2 = loc("{{.*}}debuginfo.mlir":16:14)
// CHECK-NEXT: {{^}}#loc3 = loc("{{.*}}debuginfo.mlir":16:23)
// CHECK-NEXT: {{^}}#loc7 = loc("blockarg.c":2:2)
// CHECK-NEXT: {{^}}module {
// CHECK-NEXT:   func.func @f(%arg0: i32 loc("{{.*}}debuginfo.mlir":16:14), %arg1: i1 loc("{{.*}}debuginfo.mlir":16:23)) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32 loc(#loc4)
// CHECK-NEXT:     %0 = arith.addi %arg0, %c1_i32 : i32 loc(#loc5)
// CHECK-NEXT:     %1 = arith.addi %0, %c1_i32 : i32 loc(#loc5)
// CHECK-NEXT:     cf.cond_br %arg1, ^bb1(%1 : i32), ^bb2 loc(#loc6)
// CHECK-NEXT:   ^bb1(%2: i32 loc("blockarg.c":2:2)):  // pred: ^bb0
// CHECK-NEXT:     %3 = scf.if %arg1 -> (i32) {
// CHECK-NEXT:       scf.yield %2 : i32 loc(#loc9)
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg0 : i32 loc(#loc10)
// CHECK-NEXT:     } loc(#loc8)
// CHECK-NEXT:     return %3 : i32 loc(#loc11)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     return %arg0 : i32 loc(#loc12)
// CHECK-NEXT:   } loc(#loc1)
// CHECK-NEXT:   func.func private @decl(i32) -> i32 loc(#loc13)
// CHECK-NEXT: {{^}}} loc(#loc)
// CHECK-NEXT: {{^}}#loc = loc("{{.*}}debuginfo.mlir":0:0)
// CHECK-NEXT: {{^}}#loc1 = loc("{{.*}}debuginfo.mlir":16:1)
// CHECK-NEXT: {{^}}#loc4 = loc("{{.*}}debuginfo.mlir":17:8)
// CHECK-NEXT: {{^}}#loc5 = loc("shared.c":1:1)
// CHECK-NEXT: {{^}}#loc6 = loc("{{.*}}debuginfo.mlir":20:3)
// CHECK-NEXT: {{^}}#loc8 = loc("{{.*}}debuginfo.mlir":22:8)
// CHECK-NEXT: {{^}}#loc9 = loc("{{.*}}debuginfo.mlir":23:5)
// CHECK-NEXT: {{^}}#loc10 = loc("{{.*}}debuginfo.mlir":25:5)
// CHECK-NEXT: {{^}}#loc11 = loc("{{.*}}debuginfo.mlir":27:3)
// CHECK-NEXT: {{^}}#loc12 = loc(unknown)
// CHECK-NEXT: {{^}}#loc13 = loc("{{.*}}debuginfo.mlir":31:1)
// CHECK-EMPTY:
// CHECK-NOT: {{.}}

// GENERIC:      {{^}}#loc2 = loc("{{.*}}debuginfo.mlir":16:14)
// GENERIC-NEXT: {{^}}#loc3 = loc("{{.*}}debuginfo.mlir":16:23)
// GENERIC-NEXT: {{^}}#loc7 = loc("blockarg.c":2:2)
// GENERIC-NEXT: {{^}}"builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (i32, i1) -> i32, sym_name = "f"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: i32 loc("{{.*}}debuginfo.mlir":16:14), %arg1: i1 loc("{{.*}}debuginfo.mlir":16:23)):
// GENERIC-NEXT:     %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32 loc(#loc4)
// GENERIC-NEXT:     %1 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc5)
// GENERIC-NEXT:     %2 = "arith.addi"(%1, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc5)
// GENERIC-NEXT:     "cf.cond_br"(%arg1, %2)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> () loc(#loc6)
// GENERIC-NEXT:   ^bb1(%3: i32 loc("blockarg.c":2:2)):  // pred: ^bb0
// GENERIC-NEXT:     %4 = "scf.if"(%arg1) ({
// GENERIC-NEXT:       "scf.yield"(%3) : (i32) -> () loc(#loc9)
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       "scf.yield"(%arg0) : (i32) -> () loc(#loc10)
// GENERIC-NEXT:     }) : (i1) -> i32 loc(#loc8)
// GENERIC-NEXT:     "func.return"(%4) : (i32) -> () loc(#loc11)
// GENERIC-NEXT:   ^bb2:  // pred: ^bb0
// GENERIC-NEXT:     "func.return"(%arg0) : (i32) -> () loc(#loc12)
// GENERIC-NEXT:   }) : () -> () loc(#loc1)
// GENERIC-NEXT:   "func.func"() <{function_type = (i32) -> i32, sym_name = "decl", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> () loc(#loc13)
// GENERIC-NEXT: {{^}}}) : () -> () loc(#loc)
// GENERIC-NEXT: {{^}}#loc = loc("{{.*}}debuginfo.mlir":0:0)
// GENERIC-NEXT: {{^}}#loc1 = loc("{{.*}}debuginfo.mlir":16:1)
// GENERIC-NEXT: {{^}}#loc4 = loc("{{.*}}debuginfo.mlir":17:8)
// GENERIC-NEXT: {{^}}#loc5 = loc("shared.c":1:1)
// GENERIC-NEXT: {{^}}#loc6 = loc("{{.*}}debuginfo.mlir":20:3)
// GENERIC-NEXT: {{^}}#loc8 = loc("{{.*}}debuginfo.mlir":22:8)
// GENERIC-NEXT: {{^}}#loc9 = loc("{{.*}}debuginfo.mlir":23:5)
// GENERIC-NEXT: {{^}}#loc10 = loc("{{.*}}debuginfo.mlir":25:5)
// GENERIC-NEXT: {{^}}#loc11 = loc("{{.*}}debuginfo.mlir":27:3)
// GENERIC-NEXT: {{^}}#loc12 = loc(unknown)
// GENERIC-NEXT: {{^}}#loc13 = loc("{{.*}}debuginfo.mlir":31:1)
// GENERIC-EMPTY:
// GENERIC-NOT: {{.}}
