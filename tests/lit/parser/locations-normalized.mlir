// Parser, locations normalised as MLIR's FusedLoc::get and FileLineColLoc:
// `fused[]` is unknown, one member without metadata is that member, nested
// fused locations with the same metadata are flattened, duplicates and
// unknown members dropped; `"file":line` is column 0; a block argument's
// `loc(#alias)` may name an alias defined at the end of the file.
// RUN: lockstep-opt %s --print-debuginfo --allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --mlir-print-debuginfo --allow-unregistered-dialect | FileCheck %s

// CHECK: "test.op"() : () -> () loc(#[[UNK:loc[0-9]*]])
"test.op"() : () -> () loc(fused[])
// CHECK: "test.op"() : () -> () loc(#[[A:loc[0-9]*]])
"test.op"() : () -> () loc(fused["a":1:2])
// CHECK: "test.op"() : () -> () loc(#[[AB:loc[0-9]*]])
"test.op"() : () -> () loc(fused["a":1:2, "a":1:2, "b":1:1, unknown])
// CHECK: "test.op"() : () -> () loc(#[[AB]])
"test.op"() : () -> () loc(fused["a":1:2, fused["b":1:1, "a":1:2]])
// CHECK: "test.op"() : () -> () loc(#[[MU:loc[0-9]*]])
"test.op"() : () -> () loc(fused<"m">[])
// CHECK: "test.op"() : () -> () loc(#[[X:loc[0-9]*]])
"test.op"() : () -> () loc("x.c":3)
// CHECK: ^bb0(%arg0: i32 loc("late.c":7:8)):
"test.region"() ({
^bb0(%x: i32 loc(#late)):
  "test.op"() : () -> ()
}) : () -> ()

#late = loc("late.c":7:8)

// CHECK-DAG: #[[UNK]] = loc(unknown)
// CHECK-DAG: #[[A]] = loc("a":1:2)
// CHECK-DAG: #[[AB]] = loc(fused[#{{loc[0-9]*}}, #{{loc[0-9]*}}])
// CHECK-DAG: #[[MU]] = loc(fused<"m">[#[[UNK]]])
// CHECK-DAG: #[[X]] = loc("x.c":3:0)
