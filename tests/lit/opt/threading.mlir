// Functions run in parallel unless --disable-threading; the output, the
// dumps and the statistics are the same either way.

// RUN: lockstep-opt %s -p 'builtin.module(func.func(cse,canonicalize),cse)' --print-ir-after-all --pass-statistics > %t.mt 2>&1
// RUN: lockstep-opt %s -p 'builtin.module(func.func(cse,canonicalize),cse)' --print-ir-after-all --pass-statistics --disable-threading > %t.st 2>&1
// RUN: diff %t.mt %t.st

func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.addi %x, %x : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @b(%x: i32) -> i32 {
  %c = arith.constant 0 : i32
  %0 = arith.addi %x, %c : i32
  return %0 : i32
}
func.func @c(%x: i1, %y: i32) -> i32 {
  cf.cond_br %x, ^bb1, ^bb2
^bb1:
  return %y : i32
^bb2:
  %0 = arith.muli %y, %y : i32
  %1 = arith.muli %y, %y : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
