// canonicalize and cse on small examples: constant folding with wrap-around,
// select/cond_br/scf.if on constants, integer identities, float cases that
// must NOT fold, commutative CSE, constant hoisting order.
// RUN: mlir-opt %s --canonicalize
// RUN: mlir-opt %s --cse
// RUN: mlir-opt %s -pass-pipeline='builtin.module(func.func(cse,canonicalize))'
func.func @fold_add() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  return %0 : i32
}
func.func @select_const(%a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  %0 = arith.select %t, %a, %b : i32
  return %0 : i32
}
func.func @condbr_const(%a: i32, %b: i32) -> i32 {
  %f = arith.constant false
  cf.cond_br %f, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}
func.func @scfif_const(%a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  %0 = scf.if %t -> (i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  return %0 : i32
}
func.func @int_identities(%x: i32) -> (i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.subi %x, %x : i32
  %1 = arith.muli %x, %c1 : i32
  %2 = arith.addi %x, %c0 : i32
  %3 = arith.xori %x, %x : i32
  %4 = arith.divsi %x, %c1 : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}
func.func @float_no_unsafe(%x: f32) -> (f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.0 : f32
  %cm0 = arith.constant -0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %0 = arith.subf %x, %x : f32
  %1 = arith.mulf %x, %c1 : f32
  %2 = arith.addf %x, %c0 : f32
  %3 = arith.addf %x, %cm0 : f32
  %4 = arith.mulf %x, %c0 : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}
func.func @float_fold() -> (f32, f64, f32, i1) {
  %a = arith.constant 0.1 : f32
  %b = arith.constant 0.2 : f32
  %0 = arith.addf %a, %b : f32
  %c = arith.constant 0.1 : f64
  %d = arith.constant 0.2 : f64
  %1 = arith.addf %c, %d : f64
  %z = arith.constant 0.0 : f32
  %2 = arith.divf %a, %z : f32
  %3 = arith.cmpf olt, %a, %b : f32
  return %0, %1, %2, %3 : f32, f64, f32, i1
}
func.func @cse_commutative(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.addi %b, %a : i32
  %3 = arith.muli %0, %1 : i32
  %4 = arith.muli %3, %2 : i32
  return %4 : i32
}
func.func @reassociate(%a: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c5, %a : i32
  %1 = arith.addi %0, %c5 : i32
  %c7 = arith.constant 7 : i32
  %2 = arith.muli %1, %c7 : i32
  return %2 : i32
}
func.func @wrap_fold() -> (i32, i8, i32, i32) {
  %a = arith.constant 2147483647 : i32
  %one = arith.constant 1 : i32
  %0 = arith.addi %a, %one : i32
  %b = arith.constant 200 : i8
  %c = arith.constant 100 : i8
  %1 = arith.addi %b, %c : i8
  %z = arith.constant 0 : i32
  %2 = arith.divsi %a, %z : i32
  %m = arith.constant -7 : i32
  %t = arith.constant 2 : i32
  %3 = arith.remsi %m, %t : i32
  return %0, %1, %2, %3 : i32, i8, i32, i32
}
