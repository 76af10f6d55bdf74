// --print-ir-tree-dir writes each dump to its own file in MLIR's layout:
// a directory per op from the top (name with '_' for '.', then the symbol
// or no-symbol-name) and files named by dump counters and the pass.

// RUN: rm -rf %t && lockstep-opt %s -o /dev/null -p 'builtin.module(canonicalize,func.func(cse),cse)' --print-ir-after-all --print-ir-tree-dir=%t
// RUN: cd %t && find . -type f | sort | FileCheck %s --check-prefix=FILES
// RUN: cat %t/builtin_module_no-symbol-name/func_func_f/0_0_cse.mlir | FileCheck %s

// FILES:      ./builtin_module_no-symbol-name/0_canonicalize.mlir
// FILES-NEXT: ./builtin_module_no-symbol-name/1_cse.mlir
// FILES-NEXT: ./builtin_module_no-symbol-name/func_func_f/0_0_cse.mlir
// FILES-NEXT: ./builtin_module_no-symbol-name/func_func_g/0_0_cse.mlir

// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f() {

func.func @f() {
  return
}
func.func @g() {
  return
}
