// Verifier, symbols: symbol names must be unique in their symbol table (with
// a note at the first definition), tables nest, visibility values are
// checked, declarations cannot be public, calls must name an existing
// func.func. (Isolated-from-above violations are in divergent.mlir: lockstep
// rejects them while parsing.)
// One error per split chunk, checked with --verify-diagnostics (which also
// makes mlir-opt's "see current operation" notes unnecessary); every chunk
// gives the same diagnostics with mlir-opt 22 (second RUN line). Rules where
// lockstep differs are in divergent.mlir.
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-note @+1 {{see existing symbol definition here}}
func.func @dup_func() {
  return
}
// expected-error @+1 {{redefinition of symbol named 'dup_func'}}
func.func @dup_func() {
  return
}

// -----

module {
  // expected-note @+1 {{see existing symbol definition here}}
  func.func private @decl()
  // expected-error @+1 {{redefinition of symbol named 'decl'}}
  func.func private @decl()
}

// -----

// Symbols in different symbol tables do not clash.
module @a {
  func.func private @same()
}
module @b {
  func.func private @same()
}

// -----

// expected-error @+1 {{visibility expected to be one of ["public", "private", "nested"], but got "hidden"}}
"func.func"() <{function_type = () -> (), sym_name = "bad_visibility", sym_visibility = "hidden"}> ({
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_declaration()

// -----

func.func @call_unknown() {
  // expected-error @+1 {{'func.call' op 'nosuch' does not reference a valid function}}
  call @nosuch() : () -> ()
  return
}

