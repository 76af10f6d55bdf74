// Printer round trips: the pretty output parses back to the same text (a
// fixed point), the generic output parses back to the same pretty and generic
// text, --print-debuginfo output keeps every location when reparsed, split
// outputs reparse chunk by chunk, and the output is deterministic (the same
// bytes on every run, with and without threading, to stdout or -o). This
// file's IR mixes the tricky cases; the valid inputs of parser/ and dialects/
// are round-tripped too.
// RUN: lockstep-opt %s --allow-unregistered-dialect -o %t.1
// RUN: FileCheck %s < %t.1
// RUN: lockstep-opt %t.1 --allow-unregistered-dialect | diff %t.1 -
// RUN: lockstep-opt %s --allow-unregistered-dialect --print-op-generic -o %t.g
// RUN: lockstep-opt %t.g --allow-unregistered-dialect | diff %t.1 -
// RUN: lockstep-opt %t.g --allow-unregistered-dialect --print-op-generic | diff %t.g -
// RUN: lockstep-opt %s --allow-unregistered-dialect --print-debuginfo -o %t.d
// RUN: lockstep-opt %t.d --allow-unregistered-dialect --print-debuginfo | diff %t.d -
// RUN: lockstep-opt %s --allow-unregistered-dialect --print-debuginfo --disable-threading | diff %t.d -
// RUN: lockstep-opt %s --allow-unregistered-dialect --print-debuginfo | diff %t.d -
// RUN: lockstep-opt %s --allow-unregistered-dialect --split-input-file -o %t.s
// RUN: lockstep-opt %t.s --allow-unregistered-dialect --split-input-file | diff %t.s -
// RUN: for f in %S/../dialects/*.mlir %S/../parser/{aliases,attributes,float-attrs,integer-attrs,generic-form,locations,pretty-form,ssa-values,string-attrs,types,unregistered}.mlir; do \
// RUN:   lockstep-opt $f --allow-unregistered-dialect --print-debuginfo -o %t.r1 && \
// RUN:   lockstep-opt %t.r1 --allow-unregistered-dialect --print-debuginfo -o %t.r2 && \
// RUN:   diff %t.r1 %t.r2 || { echo "no fixed point: $f"; exit 1; }; done

// CHECK-LABEL: func.func @tricky(
// CHECK-SAME:    %arg0: i32 {test.arg = "a\22b"}
// CHECK:         %cst = arith.constant 0x4B3C614E : f32
// CHECK-NEXT:    %cst_0 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:    %cst_1 = arith.constant 0.333333343 : f32
// CHECK-NEXT:    %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:    %c4294967289_i64 = arith.constant 4294967289 : i64
// CHECK-NEXT:    %0:2 = "foo.op"(%arg0) {s = "\09\0A\\\00", t = !foo<"x">} : (i32) -> (i32, !foo.t<[1]>)
// CHECK:         cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^bb1,
// CHECK-NEXT:      4294967295: ^bb2(%0#0 : i32)
// CHECK-NEXT:    ]
// CHECK:       ^bb2(%{{.*}}: i32):  // 2 preds: ^bb0, ^bb1
func.func @tricky(%a: i32 {test.arg = "a\"b"}, %c: i1) -> i32 {
  %f0 = arith.constant 12345678.0 : f32
  %f1 = arith.constant 0x7FC00000 : f32
  %f2 = arith.constant 0.333333333 : f32
  %i0 = arith.constant 255 : i8
  %i1 = arith.constant 4294967289 : i64
  %u:2 = "foo.op"(%a) {s = "\t\n\\\00", t = !foo<"x">} : (i32) -> (i32, !foo.t<[1]>)
  cf.switch %a : i32, [
    default: ^bb1,
    -1: ^bb2(%u#0 : i32)
  ]
^bb1:
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    %w = scf.while (%x = %a) : (i32) -> i32 {
      scf.condition(%c) %x : i32
    } do {
    ^bb0(%y: i32):
      scf.yield %y : i32
    }
    scf.yield %w : i32
  } loc(fused<"meta">["a.c":1:2, callsite("b.c":3:4 at "c.c":5:6)])
  cf.br ^bb2(%r : i32)
^bb2(%z: i32):
  return %z : i32
}

// -----

func.func @second_chunk(%v: vector<2xf16>) -> vector<2xf16> {
  %d = arith.constant dense<[1.0, 0x7E00]> : vector<2xf16>
  %0 = arith.addf %v, %d fastmath<nnan,contract> : vector<2xf16>
  return %0 : vector<2xf16>
}
