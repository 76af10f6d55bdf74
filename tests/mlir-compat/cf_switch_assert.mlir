// cf.switch: default with args, positive/negative/zero cases (pretty form prints
// them unsigned), default-only form, i64/i8 flags; cf.assert with escapes.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @sw(%a: i32, %c: i1, %f: f32) -> i32 {
  cf.br ^bb1(%a, %f : i32, f32)
^bb1(%x: i32, %y: f32):
  cf.switch %x : i32, [
    default: ^bb2(%x : i32),
    42: ^bb3,
    -7: ^bb2(%a : i32),
    0: ^bb4(%x, %y : i32, f32)
  ]
^bb2(%z: i32):
  cf.br ^bb3
^bb3:
  cf.br ^bb4(%a, %f : i32, f32)
^bb4(%p: i32, %q: f32):
  cf.switch %p : i32, [
    default: ^bb5
  ]
^bb5:
  cf.assert %c, "message with \"quotes\" and a newline\n and \\ backslash"
  return %a : i32
}
// A negative i64 case would print as an unsigned number above INT64_MAX,
// which mlir-opt 22 cannot read back (lockstep can), so none is used here.
func.func @sw64(%i: i64, %j: i8) {
  cf.switch %i : i64, [
    default: ^bb1,
    5: ^bb1,
    9223372036854775807: ^bb2
  ]
^bb1:
  cf.switch %j : i8, [
    default: ^bb2,
    -1: ^bb2,
    127: ^bb2
  ]
^bb2:
  return
}
