// Verifier, dominance: a use before its definition in the same block, a use
// in a block the definition's block does not dominate (sibling branches, a
// loop header using a value of its body, block arguments of other blocks),
// and uses in nested regions of values defined later in the parent block.
// Each error comes with a note saying where the operand is defined. (Values
// of a nested region are out of scope outside it: that is a parser error.)
// One error per split chunk, checked with --verify-diagnostics (which also
// makes mlir-opt's "see current operation" notes unnecessary); every chunk
// gives the same diagnostics with mlir-opt 22 (second RUN line). Rules where
// lockstep differs are in divergent.mlir.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @use_before_def_same_block(%a: i32) -> i32 {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %0 = arith.addi %1, %a : i32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %1 = arith.addi %a, %a : i32
  return %0 : i32
}

// -----

func.func @second_operand(%a: i32) -> i32 {
  // expected-error @+1 {{operand #1 does not dominate this use}}
  %0 = arith.addi %a, %1 : i32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %1 = arith.addi %a, %a : i32
  return %0 : i32
}

// -----

func.func @sibling_branches(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %x = arith.addi %a, %a : i32
  cf.br ^bb3
^bb2:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %y = arith.addi %x, %a : i32
  cf.br ^bb3
^bb3:
  return %a : i32
}

// -----

func.func @join_block(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %x = arith.addi %a, %a : i32
  cf.br ^bb2
^bb2:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  return %x : i32
}

// -----

func.func @loop_header_uses_body_value(%a: i32) -> i32 {
  cf.br ^header
^header:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %s = arith.addi %next, %a : i32
  cf.br ^body
^body:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %next = arith.addi %s, %a : i32
  cf.br ^header
}

// -----

// The note about a block argument is located at the op owning the region.
// expected-note @+1 {{operand defined as a block argument (block #1 in the same region)}}
func.func @other_block_argument(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  return %x : i32
^bb2:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  return %x : i32
}

// -----

func.func @nested_use_of_later_value(%c: i1, %a: i32) -> i32 {
  scf.if %c {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    %u = arith.addi %later, %a : i32
  }
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %later = arith.addi %a, %a : i32
  return %later : i32
}

// -----

func.func @self_use(%a: i32) -> i32 {
  // expected-error @+2 {{operand #0 does not dominate this use}}
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %0 = arith.addi %0, %a : i32
  return %0 : i32
}
