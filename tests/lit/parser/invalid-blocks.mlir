// Parser errors about blocks: undefined and redefined block labels, labels
// on the entry block of a function with named arguments, malformed block
// argument lists and successor lists, branches into another region.
// One error per split chunk, checked with --verify-diagnostics; every chunk
// gives the same diagnostics with mlir-opt 22 (second RUN line). Cases where
// lockstep's diagnostic differs are in invalid-divergent.mlir.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @undefined_block() {
  // expected-error @+1 {{reference to an undefined block}}
  cf.br ^bb9
}

// -----

func.func @undefined_successor_generic() {
  // expected-error @+1 {{reference to an undefined block}}
  "test.br"()[^missing] : () -> ()
}

// -----

func.func @redefined_block() {
  cf.br ^bb1
^bb1:
  return
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}

// -----

func.func @entry_label_with_named_args(%a: i32) {
// expected-error @+1 {{invalid block name in region with named arguments}}
^bb0:
  return
}

// -----

func.func @entry_label_with_args_and_named_args(%a: i32) {
// expected-error @+1 {{invalid block name in region with named arguments}}
^bb0(%b: i32):
  return
}

// -----

func.func @block_arg_without_type() {
  cf.br ^bb1
// expected-error @+1 {{expected ':'}}
^bb1(%x i32):
  return
}

// -----

func.func @successor_list_unclosed() {
  // expected-error @+1 {{expected ',' or ']'}}
  "test.br"()[^bb1, ^bb1 : () -> ()
^bb1:
  return
}

// -----

func.func @branch_to_entry_of_other_region() {
  "test.region"() ({
  ^inner:
    "test.op"() : () -> ()
  }) : () -> ()
  // expected-error @+1 {{reference to an undefined block}}
  cf.br ^inner
}

// -----

func.func @block_label_without_colon() {
  cf.br ^bb1
// expected-error @+1 {{expected ':' after block name}}
^bb1(%x: i32)
  return
}

// -----

func.func @undefined_block_not_named() {
  // expected-error-re @+1 {{reference to an undefined block{{$}}}}
  cf.br ^bb7
}
