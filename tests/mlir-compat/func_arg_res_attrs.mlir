// Argument attributes, result attributes, function attribute dictionary,
// unit attributes printed as bare names.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @attrs(%a: i32 {test.flag, test.foo = 3 : i64}, %b: f32) -> (i32 {test.res = "r"}, f32) attributes {test.fattr = unit, test.num = 7 : i64} {
  return %a, %b : i32, f32
}
func.func @single_res_attr(%a: i32) -> (i32 {test.x}) {
  return %a : i32
}
func.func private @decl_attrs(i32 {test.a}, i64) -> (i32 {test.b})
func.func @only_fn_attrs() attributes {test.str = "s", test.arr = [1, 2]} {
  return
}
