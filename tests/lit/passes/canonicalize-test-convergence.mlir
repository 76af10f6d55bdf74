// canonicalize always ends. A use-def cycle in reachable code is valid in a
// graph region (here the module body), and reassociating `%d` against it
// (AddIAddConstant) never converges: the greedy driver's change budget
// (64 folds or rewrites per op, plus 1024) stops it. With test-convergence
// that is an error naming the pattern that kept firing, at the first op it
// rewrote in the last iteration; without it, a warning, and the IR as the
// run left it. (mlir-opt 22 loops forever on this file.)
// RUN: not lockstep-opt %s --allow-unregistered-dialect --canonicalize=test-convergence=true 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: lockstep-opt %s --allow-unregistered-dialect --canonicalize 2>&1 | FileCheck %s --check-prefix=WARN
// An option's limit also ends a run before it converges: with one rewrite
// per iteration and one iteration, the error names the one pattern that
// fired, at the op it rewrote (a single error: the run is not cut short).
// RUN: not lockstep-opt %s --allow-unregistered-dialect --canonicalize='test-convergence=true max-iterations=1 max-num-rewrites=1 disable-patterns=AddIAddConstant' 2>&1 | FileCheck %s --check-prefix=CAP

// ERR: {{.*}}canonicalize-test-convergence.mlir:[[#@LINE+17]]:6: error: Canonicalizer failed to converge: pattern 'AddIAddConstant' fired {{[0-9]+}} times in the last iteration, until the driver's change limit ran out
// ERR-NEXT: %a = arith.addi %b, %c1 : i32
// ERR-NEXT: {{^     \^$}}
// ERR-NOT: error

// WARN: {{.*}}canonicalize-test-convergence.mlir:[[#@LINE+12]]:6: warning: Canonicalizer did not converge: pattern 'AddIAddConstant' fired {{[0-9]+}} times in the last iteration, until the driver's change limit ran out
// WARN: module {
// WARN: "test.use"
// WARN-NOT: error

// CAP: {{.*}}canonicalize-test-convergence.mlir:[[#@LINE+10]]:6: error: Canonicalizer failed to converge: pattern 'SubIRHSAddConstant' fired 1 time in the last iteration
// CAP-NEXT: %s = arith.subi %d, %c3 : i32
// CAP-NOT: error

%c1 = arith.constant 1 : i32
%c2 = arith.constant 2 : i32
%c3 = arith.constant 3 : i32
%a = arith.addi %b, %c1 : i32
%b = arith.addi %a, %c2 : i32
%d = arith.addi %b, %c2 : i32
%s = arith.subi %d, %c3 : i32
%e = arith.addi %s, %c3 : i32
"test.use"(%e) : (i32) -> ()
