// --timing and --pass-statistics print MLIR-shaped reports on stderr.

// RUN: lockstep-opt %s -o /dev/null -p 'builtin.module(func.func(cse,canonicalize))' --mlir-timing --mlir-disable-threading 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: lockstep-opt %s -o /dev/null -p 'builtin.module(func.func(cse,canonicalize))' --timing 2>&1 | FileCheck %s --check-prefix=MT
// RUN: lockstep-opt %s -o /dev/null -p 'builtin.module(func.func(cse))' --pass-statistics 2>&1 | FileCheck %s --check-prefix=STATS

// TIME:      ... Execution time report ...
// TIME:      Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// TIME-EMPTY:
// TIME-NEXT: ----Wall Time----  ----Name----
// TIME-NEXT: {{ +[0-9.]+ \( *[0-9.]+%\)}}  Parser
// TIME-NEXT: {{.*}}  'func.func' Pipeline
// TIME-NEXT: {{.*}}    CSE
// TIME-NEXT: {{.*}}      (A) DominanceInfo
// TIME-NEXT: {{.*}}    Canonicalizer
// TIME-NEXT: {{.*}}  Output
// TIME-NEXT: {{.*}}  Rest
// TIME-NEXT: {{.*}}(100.0%)  Total

// MT: ----User Time----  ----Wall Time----  ----Name----

// STATS:      ... Pass statistics report ...
// STATS:      'func.func' Pipeline
// STATS-NEXT:   CSE
// STATS-NEXT:     (S) 1 num-cse'd - Number of operations CSE'd
// STATS-NEXT:     (S) 0 num-dce'd - Number of operations DCE'd

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
