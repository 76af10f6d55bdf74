// Registered ops written in generic form: properties <{...}>, discardable
// attributes {...} kept on registered ops, successors, operandSegmentSizes,
// explicit entry block ^bb0, regions ({...}); printed back in pretty form.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i1) -> i32, sym_name = "g", sym_visibility = "private"}> ({
  ^bb0(%arg0: i32, %arg1: i1):
    %0 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %1 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<nsw, nuw>}> {test.note = "kept"} : (i32, i32) -> i32
    %2 = "arith.cmpi"(%1, %arg0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%2, %1, %arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
  ^bb1(%3: i32):
    "cf.br"(%3)[^bb2] : (i32) -> ()
  ^bb2(%4: i32):
    %5 = "scf.if"(%arg1) ({
      "scf.yield"(%4) : (i32) -> ()
    }, {
      %6 = "arith.muli"(%4, %4) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%6) : (i32) -> ()
    }) : (i1) -> i32
    "func.return"(%5) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f32) -> f32, sym_name = "h"}> ({
  ^bb0(%arg0: f32):
    %0 = "arith.addf"(%arg0, %arg0) <{fastmath = #arith.fastmath<nnan,contract>}> : (f32, f32) -> f32
    %1 = "func.call"(%0) <{callee = @h}> : (f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) {test.fn_attr} : () -> ()
}) {test.module_attr = 1 : i32} : () -> ()
