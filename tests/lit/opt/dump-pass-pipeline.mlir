// --dump-pass-pipeline prints the parsed pipeline with every option spelled
// out, as mlir-opt does; pass flags build builtin.module(...) in order, and
// a bare list is anchored on any op.

// RUN: lockstep-opt %s -o /dev/null --dump-pass-pipeline -p 'builtin.module(func.func(cse, canonicalize{max-iterations=3}), cse)' 2>&1 | FileCheck %s
// RUN: lockstep-opt %s -o /dev/null --dump-pass-pipeline --canonicalize --cse 2>&1 | FileCheck %s --check-prefix=FLAGS
// RUN: lockstep-opt %s -o /dev/null --dump-pass-pipeline -p 'cse,canonicalize' 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: lockstep-opt %s -o /dev/null --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=EMPTY

// CHECK:      Pass Manager with 2 passes:
// CHECK-NEXT: builtin.module(
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     cse,
// CHECK-NEXT:     canonicalize{  max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}
// CHECK-NEXT:   ),
// CHECK-NEXT:   cse
// CHECK-NEXT: )
// CHECK-EMPTY:

// FLAGS:      Pass Manager with 2 passes:
// FLAGS-NEXT: builtin.module(
// FLAGS-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// FLAGS-NEXT:   cse
// FLAGS-NEXT: )

// BARE:      Pass Manager with 2 passes:
// BARE-NEXT: any(
// BARE-NEXT:   cse,
// BARE-NEXT:   canonicalize{{.*}}
// BARE-NEXT: )

// EMPTY:      Pass Manager with 0 passes:
// EMPTY-NEXT: builtin.module(
// EMPTY-EMPTY:
// EMPTY-NEXT: )

func.func @f() {
  return
}
