// scf.if without results (implicit yield elided, empty else), with else, with
// one and several results (always parenthesised), nested ifs.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @ifs(%c: i1, %a: i32) -> i32 {
  scf.if %c {
    %t = arith.addi %a, %a : i32
  }
  scf.if %c {
    %t = arith.addi %a, %a : i32
    scf.yield
  } else {
    %e = arith.subi %a, %a : i32
  }
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  %r2:2 = scf.if %c -> (i32, f32) {
    %f = arith.constant 1.0 : f32
    scf.yield %a, %f : i32, f32
  } else {
    %g = arith.constant 2.0 : f32
    scf.yield %r, %g : i32, f32
  }
  %n = scf.if %c -> i32 {
    %inner = scf.if %c -> (i32) {
      %k = arith.constant 5 : i32
      scf.yield %k : i32
    } else {
      scf.yield %r2#0 : i32
    }
    scf.yield %inner : i32
  } else {
    scf.yield %a : i32
  }
  return %n : i32
}
