// IR printing instrumentation (stderr): after-all headers per function,
// module scope (needs --mlir-disable-threading), before+after, and the
// pass pipeline dump.
// RUN: mlir-opt %s -o /dev/null -pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after-all --mlir-disable-threading
// RUN: mlir-opt %s -o /dev/null -pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading
// RUN: mlir-opt %s -o /dev/null -pass-pipeline='builtin.module(canonicalize,func.func(cse))' --mlir-print-ir-before-all --mlir-print-ir-after-all --mlir-disable-threading
// RUN: mlir-opt %s -o /dev/null -pass-pipeline='builtin.module(func.func(cse,canonicalize),cse)' --dump-pass-pipeline
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @g(%a: i32) -> i32 {
  return %a : i32
}
