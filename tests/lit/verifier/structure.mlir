// Verifier, structural rules: blocks must end with a terminator, terminators
// (and ops with successors) must be last in their block,
// the entry block may not have predecessors, region and block counts
// required by ops, non-empty blocks, terminators required by region ops and
// parents required by terminators. (Branching into another region cannot be
// written in the textual format: see parser/invalid-blocks.mlir.)
// One error per split chunk, checked with --verify-diagnostics (which also
// makes mlir-opt's "see current operation" notes unnecessary); every chunk
// gives the same diagnostics with mlir-opt 22 (second RUN line). Rules where
// lockstep differs are in divergent.mlir.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @missing_terminator() {
  // expected-error @+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32}}
  %c = arith.constant 1 : i32
}

// -----

func.func @missing_terminator_in_later_block() {
  cf.br ^bb1
^bb1:
  // expected-error @+1 {{block with no terminator, has "func.call"() <{callee = @missing_terminator_in_later_block}> : () -> ()}}
  func.call @missing_terminator_in_later_block() : () -> ()
}

// -----

// The error is reported at the op owning the region.
// expected-error @+1 {{empty block: expect at least a terminator}}
func.func @empty_block() {
  cf.br ^bb1
^bb1:
}

// -----

func.func @terminator_not_last() {
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "foo.op"() : () -> ()
}

// -----

func.func @branch_not_last() {
  // expected-error @+1 {{operation with block successors must terminate its parent block}}
  cf.br ^bb1
  return
^bb1:
  return
}

// -----

func.func @unregistered_with_successor_not_last() {
  // expected-error @+1 {{operation with block successors must terminate its parent block}}
  "foo.br"()[^bb1] : () -> ()
  return
^bb1:
  return
}

// -----

func.func @entry_block_with_predecessor() {
  // expected-error @+1 {{entry block of region may not have predecessors}}
  "foo.region"() ({
  ^bb0:
    "foo.br"()[^bb0] : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @if_region_with_two_blocks(%c: i1) {
  // expected-error @+1 {{'scf.if' op expects region #0 to have 0 or 1 blocks}}
  scf.if %c {
    cf.br ^bb1
  ^bb1:
    scf.yield
  }
  return
}

// -----

// expected-error @+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
  "foo.br"()[^bb1] : () -> ()
^bb1:
  "foo.end"() : () -> ()
}) : () -> ()

// -----

func.func @module_in_function() {
  // expected-error @+1 {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
  "builtin.module"() ({
  }) : () -> ()
  return
}

// -----

func.func @while_without_condition(%a: i32) {
  // expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %0 = scf.while (%x = %a) : (i32) -> i32 {
    // expected-note @+1 {{terminator here}}
    "foo.end"() : () -> ()
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return
}

// -----

func.func @for_with_wrong_terminator(%i: index) {
  scf.for %iv = %i to %i step %i {
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}

// -----

func.func @yield_outside_scf() {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @condition_outside_while(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
    scf.condition(%c)
  }
  return
}
