// Every location form: file:line:col, ranges, unknown, names, name with child,
// fused (with metadata, unknown members dropped), callsite, #loc aliases from
// the input, block-argument locations, shared locations, escapes in file names.
// RUN: mlir-opt %s --mlir-print-debuginfo
// RUN: mlir-opt %s --mlir-print-debuginfo --mlir-print-op-generic
// RUN: mlir-opt %s
#myloc = loc("aliased.c":7:1)
module {
  func.func @f(%a: i32 loc("arg.c":1:2), %c: i1) -> i32 {
    %0 = arith.addi %a, %a : i32 loc("x.c":3:5)
    %1 = arith.addi %0, %a : i32 loc(unknown)
    %2 = arith.addi %1, %a : i32 loc("named")
    %3 = arith.addi %2, %a : i32 loc("named"("x.c":4:1))
    %4 = arith.addi %3, %a : i32 loc(fused["a.c":1:1, "b.c":2:2])
    %5 = arith.addi %4, %a : i32 loc(fused<"meta">["a.c":1:1, unknown])
    %6 = arith.addi %5, %a : i32 loc(callsite("callee.c":1:1 at "caller.c":9:9))
    %7 = arith.addi %6, %a : i32 loc(#myloc)
    %8 = arith.addi %7, %a : i32 loc("x.c":3:5)
    %9 = arith.addi %8, %a : i32 loc("x.c":3:5 to 4:6)
    %10 = arith.addi %9, %a : i32 loc("with \"quote\"":1:1)
    cf.cond_br %c, ^bb1(%10 : i32), ^bb2 loc("br.c":1:1)
  ^bb1(%x: i32 loc("blockarg.c":2:2)):
    return %x : i32 loc(#myloc)
  ^bb2:
    %11 = scf.if %c -> (i32) {
      scf.yield %a : i32 loc("y1.c":1:1)
    } else {
      scf.yield %0 : i32
    } loc("if.c":5:5)
    return %11 : i32
  } loc("func.c":1:1)
} loc(unknown)
