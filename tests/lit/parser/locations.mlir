// Parser, locations: every location form — `"file":line:col`, ranges
// `to line:col` and `to :col`, unknown, names, names with a child location,
// fused (with string or attribute metadata, unknown members dropped),
// callsite (nested), `loc(#alias)` on ops and regions with the alias defined
// at the END of the file, aliases referring to aliases, block argument
// locations, the implicit module's location; printed with --print-debuginfo
// as mlir-opt 22 does (aliases numbered in use order, leaf locations first).
// RUN: lockstep-opt %s --print-debuginfo --allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --mlir-print-debuginfo --allow-unregistered-dialect | FileCheck %s
// Without --print-debuginfo no location is printed.
// RUN: lockstep-opt %s --allow-unregistered-dialect | FileCheck %s --check-prefix=NOLOC
// NOLOC:     func.func @f(%arg0: i32, %arg1: i1) -> i32 {
// NOLOC-NOT: loc(

#early = loc("early.c":5:6)
#named = loc("n"(#early))

// CHECK:      {{^}}#loc2 = loc("arg.c":1:2)
// CHECK-NEXT: {{^}}#loc3 = loc(unknown)
// CHECK-NEXT: {{^}}#loc14 = loc("bb.c":4:4)
// CHECK-NEXT: {{^}}module {
// CHECK-NEXT:   func.func @f(%arg0: i32 loc("arg.c":1:2), %arg1: i1 loc(unknown)) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc(#loc4)
// CHECK-NEXT:     %1 = arith.addi %0, %arg0 : i32 loc(#loc1)
// CHECK-NEXT:     %2 = arith.addi %1, %arg0 : i32 loc(#loc5)
// CHECK-NEXT:     %3 = arith.addi %2, %arg0 : i32 loc(#loc16)
// CHECK-NEXT:     %4 = arith.addi %3, %arg0 : i32 loc(#loc17)
// CHECK-NEXT:     %5 = arith.addi %4, %arg0 : i32 loc(#loc18)
// CHECK-NEXT:     %6 = arith.addi %5, %arg0 : i32 loc(#loc19)
// CHECK-NEXT:     %7 = arith.addi %6, %arg0 : i32 loc(#loc23)
// CHECK-NEXT:     %8 = arith.addi %7, %arg0 : i32 loc(#loc9)
// CHECK-NEXT:     %9 = arith.addi %8, %arg0 : i32 loc(#loc10)
// CHECK-NEXT:     %10 = arith.addi %9, %arg0 : i32 loc(#loc11)
// CHECK-NEXT:     %11 = arith.addi %10, %arg0 : i32 loc(#loc21)
// CHECK-NEXT:     %12 = arith.addi %11, %arg0 : i32 loc(#loc3)
// CHECK-NEXT:     %13 = arith.addi %12, %arg0 : i32 loc(#loc12)
// CHECK-NEXT:     %14 = arith.addi %13, %arg0 : i32 loc(#loc13)
// CHECK-NEXT:     cf.br ^bb1(%14 : i32) loc(#loc1)
// CHECK-NEXT:   ^bb1(%15: i32 loc("bb.c":4:4)):  // pred: ^bb0
// CHECK-NEXT:     %16 = scf.if %arg1 -> (i32) {
// CHECK-NEXT:       scf.yield %15 : i32 loc(#loc5)
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg0 : i32 loc(#loc3)
// CHECK-NEXT:     } loc(#loc22)
// CHECK-NEXT:     return %16 : i32 loc(#loc15)
// CHECK-NEXT:   } loc(#loc1)
// CHECK-NEXT: {{^}}} loc(#loc)
// CHECK-NEXT: {{^}}#loc = loc("{{.*}}locations.mlir":0:0)
// CHECK-NEXT: {{^}}#loc1 = loc("late.c":10:20)
// CHECK-NEXT: {{^}}#loc4 = loc("x.c":3:5)
// CHECK-NEXT: {{^}}#loc5 = loc("named")
// CHECK-NEXT: {{^}}#loc6 = loc("early.c":5:6)
// CHECK-NEXT: {{^}}#loc7 = loc("b.c":2:2)
// CHECK-NEXT: {{^}}#loc8 = loc("a.c":1:1)
// CHECK-NEXT: {{^}}#loc9 = loc("x.c":3:5 to 4:6)
// CHECK-NEXT: {{^}}#loc10 = loc("x.c":3:5 to :9)
// CHECK-NEXT: {{^}}#loc11 = loc("x.c":0:0)
// CHECK-NEXT: {{^}}#loc12 = loc("with \22quote\22 and \\":1:1)
// CHECK-NEXT: {{^}}#loc13 = loc("dup.c":1:1)
// CHECK-NEXT: {{^}}#loc15 = loc("{{.*}}locations.mlir":[[@LINE+34]]:3)
// CHECK-NEXT: {{^}}#loc16 = loc("named"(#loc6))
// CHECK-NEXT: {{^}}#loc17 = loc(fused[#loc6, #loc7])
// CHECK-NEXT: {{^}}#loc18 = loc(fused<"meta">[#loc8])
// CHECK-NEXT: {{^}}#loc19 = loc(fused<#foo.meta>[#loc8, #loc7])
// CHECK-NEXT: {{^}}#loc20 = loc(callsite(#loc8 at #loc7))
// CHECK-NEXT: {{^}}#loc21 = loc("n"(#loc6))
// CHECK-NEXT: {{^}}#loc22 = loc(fused[#loc6, #loc13])
// CHECK-NEXT: {{^}}#loc23 = loc(callsite(#loc6 at #loc20))
// CHECK-EMPTY:
// CHECK-NOT: {{.}}
func.func @f(%a: i32 loc("arg.c":1:2), %c: i1 loc(unknown)) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("x.c":3:5)
  %1 = arith.addi %0, %a : i32 loc(#late)
  %2 = arith.addi %1, %a : i32 loc("named")
  %3 = arith.addi %2, %a : i32 loc("named"(#early))
  %4 = arith.addi %3, %a : i32 loc(fused[#early, "b.c":2:2])
  %5 = arith.addi %4, %a : i32 loc(fused<"meta">["a.c":1:1, unknown])
  %6 = arith.addi %5, %a : i32 loc(fused<#foo.meta>["a.c":1:1, "b.c":2:2])
  %7 = arith.addi %6, %a : i32 loc(callsite(#early at callsite("a.c":1:1 at "b.c":2:2)))
  %8 = arith.addi %7, %a : i32 loc("x.c":3:5 to 4:6)
  %9 = arith.addi %8, %a : i32 loc("x.c":3:5 to :9)
  %10 = arith.addi %9, %a : i32 loc("x.c":0:0)
  %11 = arith.addi %10, %a : i32 loc(#named)
  %12 = arith.addi %11, %a : i32 loc(#unknown_alias)
  %13 = arith.addi %12, %a : i32 loc("with \"quote\" and \\":1:1)
  %14 = arith.addi %13, %a : i32 loc(#dup)
  cf.br ^bb1(%14 : i32) loc(#late)
^bb1(%x: i32 loc("bb.c":4:4)):
  %15 = scf.if %c -> (i32) {
    scf.yield %x : i32 loc("named")
  } else {
    scf.yield %a : i32 loc(unknown)
  } loc(fused[#early, "dup.c":1:1])
  return %15 : i32
} loc(#late)
#late = loc("late.c":10:20)
#unknown_alias = loc(unknown)
#dup = loc("dup.c":1:1)
