// Folding `7 % 3 == 0` leaves a loop unreachable in the middle of an
// iteration; merging its blocks then makes an op use its own result
// (`%11 = arith.addi %11, %c1`). Canonicalization used to reassociate such
// ops forever, growing the IR without bound; it now leaves them to the next
// iteration, which erases the unreachable blocks. The function is
// `x = 7; if (x % 3 == 0) for (...) x += r; x = 3x + 1; y = 0;
// if (x & 1) for (...) y = 5y + x; return y;`, which folds to 0.
// RUN: lockstep-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s

// CHECK-LABEL: func.func @folded_loops() -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
// CHECK-NEXT: }
func.func @folded_loops() -> i32 {
  %c7_i32 = arith.constant 7 : i32
  %c0_i32 = arith.constant 0 : i32
  %c3_i32 = arith.constant 3 : i32
  %0 = arith.remsi %c7_i32, %c3_i32 : i32
  %c0_i32_0 = arith.constant 0 : i32
  %1 = arith.cmpi eq, %0, %c0_i32_0 : i32
  cf.cond_br %1, ^bb1, ^bb2(%c7_i32 : i32)
^bb1:  // pred: ^bb0
  %c0_i32_1 = arith.constant 0 : i32
  cf.br ^bb3(%c0_i32_1, %c7_i32 : i32, i32)
^bb2(%2: i32):  // 2 preds: ^bb0, ^bb6
  %c3_i32_2 = arith.constant 3 : i32
  %3 = arith.muli %2, %c3_i32_2 : i32
  %c1_i32 = arith.constant 1 : i32
  %4 = arith.addi %3, %c1_i32 : i32
  %c1_i32_3 = arith.constant 1 : i32
  %5 = arith.andi %4, %c1_i32_3 : i32
  %c1_i32_4 = arith.constant 1 : i32
  %6 = arith.cmpi eq, %5, %c1_i32_4 : i32
  cf.cond_br %6, ^bb7, ^bb8(%c0_i32 : i32)
^bb3(%7: i32, %8: i32):  // 2 preds: ^bb1, ^bb5
  %c2_i32 = arith.constant 2 : i32
  %9 = arith.cmpi slt, %7, %c2_i32 : i32
  cf.cond_br %9, ^bb4, ^bb6
^bb4:  // pred: ^bb3
  %10 = arith.addi %8, %7 : i32
  cf.br ^bb5
^bb5:  // pred: ^bb4
  %c1_i32_5 = arith.constant 1 : i32
  %11 = arith.addi %7, %c1_i32_5 : i32
  cf.br ^bb3(%11, %10 : i32, i32)
^bb6:  // pred: ^bb3
  cf.br ^bb2(%8 : i32)
^bb7:  // pred: ^bb2
  %c0_i32_6 = arith.constant 0 : i32
  cf.br ^bb9(%c0_i32_6, %c0_i32 : i32, i32)
^bb8(%12: i32):  // 2 preds: ^bb2, ^bb12
  return %12 : i32
^bb9(%13: i32, %14: i32):  // 2 preds: ^bb7, ^bb11
  %c256_i32 = arith.constant 256 : i32
  %15 = arith.cmpi slt, %13, %c256_i32 : i32
  cf.cond_br %15, ^bb10, ^bb12
^bb10:  // pred: ^bb9
  %c5_i32 = arith.constant 5 : i32
  %16 = arith.muli %14, %c5_i32 : i32
  %17 = arith.addi %16, %4 : i32
  cf.br ^bb11
^bb11:  // pred: ^bb10
  %c1_i32_7 = arith.constant 1 : i32
  %18 = arith.addi %13, %c1_i32_7 : i32
  cf.br ^bb9(%18, %17 : i32, i32)
^bb12:  // pred: ^bb9
  cf.br ^bb8(%14 : i32)
}
