// Unknown passes and options are reported in the pipeline string with a
// caret and the closest registered names; the run fails with status 1.

// RUN: not lockstep-opt %s -p 'builtin.module(func.func(csx))' 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not lockstep-opt %s -p 'builtin.module(canonicalize{max-iteration=3})' 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not lockstep-opt %s -p 'builtin.module(func.func(cse)' 2>&1 | FileCheck %s --check-prefix=PAREN
// RUN: not lockstep-opt %s -p 'func.func(cse)' 2>&1 | FileCheck %s --check-prefix=ROOT

// PASS:      pass-pipeline:1:26: error: 'csx' does not refer to a registered pass or pass pipeline; did you mean 'cse'?
// PASS-NEXT: builtin.module(func.func(csx))
// PASS-NEXT: {{^                         \^$}}

// OPT:      pass-pipeline:1:29: error: no such option 'max-iteration' for pass 'canonicalize'; did you mean 'max-iterations'?
// OPT-NEXT: builtin.module(canonicalize{max-iteration=3})

// PAREN: pass-pipeline:1:15: error: encountered unbalanced parentheses while parsing pipeline

// ROOT: pipeline-errors.mlir:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op

func.func @f() {
  return
}
