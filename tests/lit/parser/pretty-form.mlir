// Parser, pretty (custom) op syntax and lexical layout: comments anywhere,
// tabs, odd spacing, several ops on one line, an op split over lines, blank
// lines; spelling variants that print in one canonical form (`func.return` and
// `func.call` inside func.func, unparenthesised scf.if result type, `1 : i1`
// constant, overflow flags in either order, a registered op in generic form
// among pretty ones). Expected text is mlir-opt 22's.
// RUN: lockstep-opt %s | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s

// CHECK-LABEL: func.func @spacing(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:   %1 = arith.muli %0, %0 : i32
// CHECK-NEXT:   %2 = arith.subi %1, %arg0 : i32
// CHECK-NEXT:   cf.br ^bb1(%2 : i32)
// CHECK-NEXT: ^bb1(%3: i32):  // pred: ^bb0
// CHECK-NEXT:   return %3 : i32
// CHECK-NEXT: }
func.func   @spacing(  %a :i32 ,%b:i32)->i32{   // trailing comment
	%0=arith.addi %a,%b:i32   %1 = arith.muli %0 , %0 : i32


  // a comment between ops
  %2 = arith.subi
      %1,
      %a
      : i32
  cf.br ^bb1( %2 : i32 )
^bb1(%x:i32): // block comment
  return %x:i32
}

// CHECK-LABEL: func.func @variants(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:   %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %1 = call @variants(%true, %0) : (i1, i32) -> i32
// CHECK-NEXT:   %cst = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:   %2 = arith.addi %1, %arg1 : i32
// CHECK-NEXT:   cf.br ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   %3 = arith.addi %2, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT:   return %3 : i32
// CHECK-NEXT: }
func.func @variants(%c: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> i32 {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  %1 = arith.constant 1 : i1
  %2 = func.call @variants(%1, %0) : (i1, i32) -> i32
  %3 = arith.constant -0.0 : f32
  %4 = "arith.addi"(%2, %a) : (i32, i32) -> i32
  cf.br ^bb1
^bb1:
  %5 = arith.addi %4, %a overflow<nuw, nsw> : i32
  func.return %5 : i32
}
