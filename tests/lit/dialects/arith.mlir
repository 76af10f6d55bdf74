// arith dialect: the pretty form of every op lockstep registers (constants of
// every kind, integer and float binary ops, overflow and fastmath flags,
// comparisons with every predicate, select, casts, extended-result ops), on
// scalar, index and vector operands. The CHECK lines are mlir-opt 22's output
// for this file, and the same lines must hold after a pretty and a generic
// round trip.
// RUN: lockstep-opt %s | FileCheck %s
// RUN: lockstep-opt %s | lockstep-opt | FileCheck %s
// RUN: lockstep-opt %s --print-op-generic | lockstep-opt | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s

// CHECK-LABEL: func.func @constants() -> (i1, i1, i8, i16, i32, i64, index, f16, bf16, f32, f64) {
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %false = arith.constant false
// CHECK-NEXT:   %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:   %c-32768_i16 = arith.constant -32768 : i16
// CHECK-NEXT:   %c2147483647_i32 = arith.constant 2147483647 : i32
// CHECK-NEXT:   %c-9223372036854775808_i64 = arith.constant -9223372036854775808 : i64
// CHECK-NEXT:   %c-1 = arith.constant -1 : index
// CHECK-NEXT:   %cst = arith.constant 1.500000e+00 : f16
// CHECK-NEXT:   %cst_0 = arith.constant 3.140630e+00 : bf16
// CHECK-NEXT:   %cst_1 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:   %cst_2 = arith.constant 1.000000e-01 : f64
// CHECK-NEXT:   return %true, %false, %c-1_i8, %c-32768_i16, %c2147483647_i32, %c-9223372036854775808_i64, %c-1, %cst, %cst_0, %cst_1, %cst_2 : i1, i1, i8, i16, i32, i64, index, f16, bf16, f32, f64
// CHECK-NEXT: }
func.func @constants() -> (i1, i1, i8, i16, i32, i64, index, f16, bf16, f32, f64) {
  %t = arith.constant true
  %f = arith.constant 0 : i1
  %b = arith.constant 255 : i8
  %s = arith.constant -32768 : i16
  %i = arith.constant 0x7FFFFFFF : i32
  %l = arith.constant -9223372036854775808 : i64
  %x = arith.constant -1 : index
  %h = arith.constant 1.5 : f16
  %bf = arith.constant 3.140625 : bf16
  %fl = arith.constant 0x7FC00000 : f32
  %d = arith.constant 0.1 : f64
  return %t, %f, %b, %s, %i, %l, %x, %h, %bf, %fl, %d : i1, i1, i8, i16, i32, i64, index, f16, bf16, f32, f64
}

// CHECK-LABEL: func.func @dense_constants() -> (vector<4xi32>, vector<2xf32>, tensor<2x2xi8>, vector<3xi1>) {
// CHECK-NEXT:   %cst = arith.constant dense<7> : vector<4xi32>
// CHECK-NEXT:   %cst_0 = arith.constant dense<[1.000000e+00, -2.500000e+00]> : vector<2xf32>
// CHECK-NEXT{LITERAL}:   %cst_1 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
// CHECK-NEXT:   %cst_2 = arith.constant dense<[true, false, true]> : vector<3xi1>
// CHECK-NEXT:   return %cst, %cst_0, %cst_1, %cst_2 : vector<4xi32>, vector<2xf32>, tensor<2x2xi8>, vector<3xi1>
// CHECK-NEXT: }
func.func @dense_constants() -> (vector<4xi32>, vector<2xf32>, tensor<2x2xi8>, vector<3xi1>) {
  %0 = arith.constant dense<7> : vector<4xi32>
  %1 = arith.constant dense<[1.0, -2.5]> : vector<2xf32>
  %2 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %3 = arith.constant dense<[true, false, true]> : vector<3xi1>
  return %0, %1, %2, %3 : vector<4xi32>, vector<2xf32>, tensor<2x2xi8>, vector<3xi1>
}

// CHECK-LABEL: func.func @int_binary(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:   %1 = arith.subi %0, %arg1 : i32
// CHECK-NEXT:   %2 = arith.muli %1, %arg1 : i32
// CHECK-NEXT:   %3 = arith.divsi %2, %arg1 : i32
// CHECK-NEXT:   %4 = arith.divui %3, %arg1 : i32
// CHECK-NEXT:   %5 = arith.ceildivsi %4, %arg1 : i32
// CHECK-NEXT:   %6 = arith.ceildivui %5, %arg1 : i32
// CHECK-NEXT:   %7 = arith.floordivsi %6, %arg1 : i32
// CHECK-NEXT:   %8 = arith.remsi %7, %arg1 : i32
// CHECK-NEXT:   %9 = arith.remui %8, %arg1 : i32
// CHECK-NEXT:   %10 = arith.andi %9, %arg1 : i32
// CHECK-NEXT:   %11 = arith.ori %10, %arg1 : i32
// CHECK-NEXT:   %12 = arith.xori %11, %arg1 : i32
// CHECK-NEXT:   %13 = arith.shli %12, %arg1 : i32
// CHECK-NEXT:   %14 = arith.shrsi %13, %arg1 : i32
// CHECK-NEXT:   %15 = arith.shrui %14, %arg1 : i32
// CHECK-NEXT:   %16 = arith.maxsi %15, %arg1 : i32
// CHECK-NEXT:   %17 = arith.maxui %16, %arg1 : i32
// CHECK-NEXT:   %18 = arith.minsi %17, %arg1 : i32
// CHECK-NEXT:   %19 = arith.minui %18, %arg1 : i32
// CHECK-NEXT:   return %19 : i32
// CHECK-NEXT: }
func.func @int_binary(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %0, %b : i32
  %2 = arith.muli %1, %b : i32
  %3 = arith.divsi %2, %b : i32
  %4 = arith.divui %3, %b : i32
  %5 = arith.ceildivsi %4, %b : i32
  %6 = arith.ceildivui %5, %b : i32
  %7 = arith.floordivsi %6, %b : i32
  %8 = arith.remsi %7, %b : i32
  %9 = arith.remui %8, %b : i32
  %10 = arith.andi %9, %b : i32
  %11 = arith.ori %10, %b : i32
  %12 = arith.xori %11, %b : i32
  %13 = arith.shli %12, %b : i32
  %14 = arith.shrsi %13, %b : i32
  %15 = arith.shrui %14, %b : i32
  %16 = arith.maxsi %15, %b : i32
  %17 = arith.maxui %16, %b : i32
  %18 = arith.minsi %17, %b : i32
  %19 = arith.minui %18, %b : i32
  return %19 : i32
}

// CHECK-LABEL: func.func @int_shapes(%arg0: index, %arg1: vector<4xi64>, %arg2: tensor<2x?xi8>, %arg3: i1) -> (index, vector<4xi64>, tensor<2x?xi8>, i1) {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : index
// CHECK-NEXT:   %1 = arith.muli %arg1, %arg1 : vector<4xi64>
// CHECK-NEXT:   %2 = arith.subi %arg2, %arg2 : tensor<2x?xi8>
// CHECK-NEXT:   %3 = arith.xori %arg3, %arg3 : i1
// CHECK-NEXT:   return %0, %1, %2, %3 : index, vector<4xi64>, tensor<2x?xi8>, i1
// CHECK-NEXT: }
func.func @int_shapes(%i: index, %v: vector<4xi64>, %t: tensor<2x?xi8>, %c: i1) -> (index, vector<4xi64>, tensor<2x?xi8>, i1) {
  %0 = arith.addi %i, %i : index
  %1 = arith.muli %v, %v : vector<4xi64>
  %2 = arith.subi %t, %t : tensor<2x?xi8>
  %3 = arith.xori %c, %c : i1
  return %0, %1, %2, %3 : index, vector<4xi64>, tensor<2x?xi8>, i1
}

// CHECK-LABEL: func.func @overflow_flags(%arg0: i32, %arg1: i64) -> (i32, i32, i32, i32, i16) {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 overflow<nsw> : i32
// CHECK-NEXT:   %1 = arith.subi %0, %arg0 overflow<nuw> : i32
// CHECK-NEXT:   %2 = arith.muli %1, %arg0 overflow<nsw, nuw> : i32
// CHECK-NEXT:   %3 = arith.shli %2, %arg0 : i32
// CHECK-NEXT:   %4 = arith.trunci %arg1 overflow<nsw, nuw> : i64 to i16
// CHECK-NEXT:   return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i16
// CHECK-NEXT: }
func.func @overflow_flags(%a: i32, %b: i64) -> (i32, i32, i32, i32, i16) {
  %0 = arith.addi %a, %a overflow<nsw> : i32
  %1 = arith.subi %0, %a overflow<nuw> : i32
  %2 = arith.muli %1, %a overflow<nuw, nsw> : i32
  %3 = arith.shli %2, %a overflow<none> : i32
  %4 = arith.trunci %b overflow<nsw, nuw> : i64 to i16
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i16
}

// CHECK-LABEL: func.func @extended(%arg0: i32, %arg1: i32, %arg2: vector<2xi8>) -> (i32, i1, i32, i32, i32, i32, vector<2xi8>) {
// CHECK-NEXT:   %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT:   %low, %high = arith.mului_extended %arg0, %arg1 : i32
// CHECK-NEXT:   %low_0, %high_1 = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT:   %sum_2, %overflow_3 = arith.addui_extended %arg2, %arg2 : vector<2xi8>, vector<2xi1>
// CHECK-NEXT:   return %sum, %overflow, %low, %high, %low_0, %high_1, %sum_2 : i32, i1, i32, i32, i32, i32, vector<2xi8>
// CHECK-NEXT: }
func.func @extended(%a: i32, %b: i32, %v: vector<2xi8>) -> (i32, i1, i32, i32, i32, i32, vector<2xi8>) {
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  %lo, %hi = arith.mului_extended %a, %b : i32
  %slo, %shi = arith.mulsi_extended %a, %b : i32
  %vsum, %vov = arith.addui_extended %v, %v : vector<2xi8>, vector<2xi1>
  return %sum, %overflow, %lo, %hi, %slo, %shi, %vsum : i32, i1, i32, i32, i32, i32, vector<2xi8>
}

// CHECK-LABEL: func.func @float_binary(%arg0: f32, %arg1: f32) -> f32 {
// CHECK-NEXT:   %0 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT:   %1 = arith.subf %0, %arg1 : f32
// CHECK-NEXT:   %2 = arith.mulf %1, %arg1 : f32
// CHECK-NEXT:   %3 = arith.divf %2, %arg1 : f32
// CHECK-NEXT:   %4 = arith.remf %3, %arg1 : f32
// CHECK-NEXT:   %5 = arith.maximumf %4, %arg1 : f32
// CHECK-NEXT:   %6 = arith.minimumf %5, %arg1 : f32
// CHECK-NEXT:   %7 = arith.maxnumf %6, %arg1 : f32
// CHECK-NEXT:   %8 = arith.minnumf %7, %arg1 : f32
// CHECK-NEXT:   %9 = arith.negf %8 : f32
// CHECK-NEXT:   return %9 : f32
// CHECK-NEXT: }
func.func @float_binary(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %0, %b : f32
  %2 = arith.mulf %1, %b : f32
  %3 = arith.divf %2, %b : f32
  %4 = arith.remf %3, %b : f32
  %5 = arith.maximumf %4, %b : f32
  %6 = arith.minimumf %5, %b : f32
  %7 = arith.maxnumf %6, %b : f32
  %8 = arith.minnumf %7, %b : f32
  %9 = arith.negf %8 : f32
  return %9 : f32
}

// CHECK-LABEL: func.func @fastmath(%arg0: f64, %arg1: vector<4xf16>) -> (f64, f64, f64, f64, vector<4xf16>) {
// CHECK-NEXT:   %0 = arith.addf %arg0, %arg0 fastmath<fast> : f64
// CHECK-NEXT:   %1 = arith.mulf %0, %arg0 fastmath<nnan,ninf> : f64
// CHECK-NEXT:   %2 = arith.subf %1, %arg0 fastmath<reassoc,nsz,contract> : f64
// CHECK-NEXT:   %3 = arith.divf %2, %arg0 : f64
// CHECK-NEXT:   %4 = arith.negf %arg1 fastmath<arcp,afn> : vector<4xf16>
// CHECK-NEXT:   return %0, %1, %2, %3, %4 : f64, f64, f64, f64, vector<4xf16>
// CHECK-NEXT: }
func.func @fastmath(%a: f64, %v: vector<4xf16>) -> (f64, f64, f64, f64, vector<4xf16>) {
  %0 = arith.addf %a, %a fastmath<fast> : f64
  %1 = arith.mulf %0, %a fastmath<nnan, ninf> : f64
  %2 = arith.subf %1, %a fastmath<contract, nsz, reassoc> : f64
  %3 = arith.divf %2, %a fastmath<none> : f64
  %4 = arith.negf %v fastmath<afn,arcp> : vector<4xf16>
  return %0, %1, %2, %3, %4 : f64, f64, f64, f64, vector<4xf16>
}

// CHECK-LABEL: func.func @cmpi(%arg0: i32, %arg1: i32, %arg2: vector<2xindex>) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<2xi1>) {
// CHECK-NEXT:   %0 = arith.cmpi eq, %arg0, %arg1 : i32
// CHECK-NEXT:   %1 = arith.cmpi ne, %arg0, %arg1 : i32
// CHECK-NEXT:   %2 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:   %3 = arith.cmpi sle, %arg0, %arg1 : i32
// CHECK-NEXT:   %4 = arith.cmpi sgt, %arg0, %arg1 : i32
// CHECK-NEXT:   %5 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT:   %6 = arith.cmpi ult, %arg0, %arg1 : i32
// CHECK-NEXT:   %7 = arith.cmpi ule, %arg0, %arg1 : i32
// CHECK-NEXT:   %8 = arith.cmpi ugt, %arg0, %arg1 : i32
// CHECK-NEXT:   %9 = arith.cmpi uge, %arg0, %arg1 : i32
// CHECK-NEXT:   %10 = arith.cmpi eq, %arg2, %arg2 : vector<2xindex>
// CHECK-NEXT:   return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<2xi1>
// CHECK-NEXT: }
func.func @cmpi(%a: i32, %b: i32, %v: vector<2xindex>) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<2xi1>) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpi eq, %v, %v : vector<2xindex>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<2xi1>
}

// CHECK-LABEL: func.func @cmpf(%arg0: f32, %arg1: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
// CHECK-NEXT:   %0 = arith.cmpf false, %arg0, %arg1 : f32
// CHECK-NEXT:   %1 = arith.cmpf oeq, %arg0, %arg1 : f32
// CHECK-NEXT:   %2 = arith.cmpf ogt, %arg0, %arg1 : f32
// CHECK-NEXT:   %3 = arith.cmpf oge, %arg0, %arg1 : f32
// CHECK-NEXT:   %4 = arith.cmpf olt, %arg0, %arg1 : f32
// CHECK-NEXT:   %5 = arith.cmpf ole, %arg0, %arg1 : f32
// CHECK-NEXT:   %6 = arith.cmpf one, %arg0, %arg1 : f32
// CHECK-NEXT:   %7 = arith.cmpf ord, %arg0, %arg1 : f32
// CHECK-NEXT:   %8 = arith.cmpf ueq, %arg0, %arg1 : f32
// CHECK-NEXT:   %9 = arith.cmpf ugt, %arg0, %arg1 : f32
// CHECK-NEXT:   %10 = arith.cmpf uge, %arg0, %arg1 : f32
// CHECK-NEXT:   %11 = arith.cmpf ult, %arg0, %arg1 : f32
// CHECK-NEXT:   %12 = arith.cmpf ule, %arg0, %arg1 : f32
// CHECK-NEXT:   %13 = arith.cmpf une, %arg0, %arg1 : f32
// CHECK-NEXT:   %14 = arith.cmpf uno, %arg0, %arg1 : f32
// CHECK-NEXT:   %15 = arith.cmpf true, %arg0, %arg1 : f32
// CHECK-NEXT:   %16 = arith.cmpf olt, %arg0, %arg1 fastmath<nnan> : f32
// CHECK-NEXT:   return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
// CHECK-NEXT: }
func.func @cmpf(%a: f32, %b: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = arith.cmpf false, %a, %b : f32
  %1 = arith.cmpf oeq, %a, %b : f32
  %2 = arith.cmpf ogt, %a, %b : f32
  %3 = arith.cmpf oge, %a, %b : f32
  %4 = arith.cmpf olt, %a, %b : f32
  %5 = arith.cmpf ole, %a, %b : f32
  %6 = arith.cmpf one, %a, %b : f32
  %7 = arith.cmpf ord, %a, %b : f32
  %8 = arith.cmpf ueq, %a, %b : f32
  %9 = arith.cmpf ugt, %a, %b : f32
  %10 = arith.cmpf uge, %a, %b : f32
  %11 = arith.cmpf ult, %a, %b : f32
  %12 = arith.cmpf ule, %a, %b : f32
  %13 = arith.cmpf une, %a, %b : f32
  %14 = arith.cmpf uno, %a, %b : f32
  %15 = arith.cmpf true, %a, %b : f32
  %16 = arith.cmpf olt, %a, %b fastmath<nnan> : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @select(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: vector<2xi1>, %arg4: vector<2xf32>) -> (i32, vector<2xf32>, vector<2xf32>) {
// CHECK-NEXT:   %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:   %1 = arith.select %arg3, %arg4, %arg4 : vector<2xi1>, vector<2xf32>
// CHECK-NEXT:   %2 = arith.select %arg0, %arg4, %arg4 : vector<2xf32>
// CHECK-NEXT:   return %0, %1, %2 : i32, vector<2xf32>, vector<2xf32>
// CHECK-NEXT: }
func.func @select(%c: i1, %a: i32, %b: i32, %vc: vector<2xi1>, %va: vector<2xf32>) -> (i32, vector<2xf32>, vector<2xf32>) {
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %vc, %va, %va : vector<2xi1>, vector<2xf32>
  %2 = arith.select %c, %va, %va : vector<2xf32>
  return %0, %1, %2 : i32, vector<2xf32>, vector<2xf32>
}

// CHECK-LABEL: func.func @casts(%arg0: i32, %arg1: f32, %arg2: f64, %arg3: index, %arg4: i1, %arg5: f16, %arg6: vector<2xi32>) {
// CHECK-NEXT:   %0 = arith.extsi %arg0 : i32 to i64
// CHECK-NEXT:   %1 = arith.extui %arg4 : i1 to i32
// CHECK-NEXT:   %2 = arith.trunci %0 : i64 to i16
// CHECK-NEXT:   %3 = arith.sitofp %arg0 : i32 to f32
// CHECK-NEXT:   %4 = arith.uitofp %arg0 : i32 to f64
// CHECK-NEXT:   %5 = arith.fptosi %arg1 : f32 to i32
// CHECK-NEXT:   %6 = arith.fptoui %arg2 : f64 to i64
// CHECK-NEXT:   %7 = arith.extf %arg5 : f16 to f32
// CHECK-NEXT:   %8 = arith.truncf %arg2 : f64 to f32
// CHECK-NEXT:   %9 = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT:   %10 = arith.bitcast %arg5 : f16 to i16
// CHECK-NEXT:   %11 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT:   %12 = arith.index_cast %arg3 : index to i64
// CHECK-NEXT:   %13 = arith.index_castui %arg0 : i32 to index
// CHECK-NEXT:   %14 = arith.index_castui %arg3 : index to i8
// CHECK-NEXT:   %15 = arith.truncf %arg2 fastmath<fast> : f64 to f32
// CHECK-NEXT:   %16 = arith.extf %arg1 fastmath<nnan> : f32 to f64
// CHECK-NEXT:   %17 = arith.extsi %arg6 : vector<2xi32> to vector<2xi64>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @casts(%a: i32, %f: f32, %d: f64, %i: index, %b: i1, %h: f16, %v: vector<2xi32>) {
  %0 = arith.extsi %a : i32 to i64
  %1 = arith.extui %b : i1 to i32
  %2 = arith.trunci %0 : i64 to i16
  %3 = arith.sitofp %a : i32 to f32
  %4 = arith.uitofp %a : i32 to f64
  %5 = arith.fptosi %f : f32 to i32
  %6 = arith.fptoui %d : f64 to i64
  %7 = arith.extf %h : f16 to f32
  %8 = arith.truncf %d : f64 to f32
  %9 = arith.bitcast %f : f32 to i32
  %10 = arith.bitcast %h : f16 to i16
  %11 = arith.index_cast %a : i32 to index
  %12 = arith.index_cast %i : index to i64
  %13 = arith.index_castui %a : i32 to index
  %14 = arith.index_castui %i : index to i8
  %15 = arith.truncf %d fastmath<fast> : f64 to f32
  %16 = arith.extf %f fastmath<nnan> : f32 to f64
  %17 = arith.extsi %v : vector<2xi32> to vector<2xi64>
  return
}
