// Declarations (argument names dropped), visibility keywords, no-result and
// multi-result signatures, function-typed arguments.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func private @decl(i32) -> i32
func.func private @decl_named(%arg0: i32, %unused: i64) -> (i32, i64)
func.func private @noargs()
func.func nested @nested_decl(index) -> index
func.func private @takes_fn((i32) -> i32, () -> ()) -> ((f32) -> f32)
func.func public @pub() {
  return
}
func.func nested @nest() {
  return
}
