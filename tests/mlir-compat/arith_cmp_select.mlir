// Every arith.cmpi and arith.cmpf predicate (generic form shows the i64
// predicate numbers), cmpf fastmath, index comparison, select.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-op-generic
// RUN: mlir-opt %s --mlir-print-debuginfo
func.func @cmp(%a: i32, %b: i32, %x: f32, %y: f32, %i: index, %d: f64) -> (i32, f32) {
  %i_eq = arith.cmpi eq, %a, %b : i32
  %i_ne = arith.cmpi ne, %a, %b : i32
  %i_slt = arith.cmpi slt, %a, %b : i32
  %i_sle = arith.cmpi sle, %a, %b : i32
  %i_sgt = arith.cmpi sgt, %a, %b : i32
  %i_sge = arith.cmpi sge, %a, %b : i32
  %i_ult = arith.cmpi ult, %a, %b : i32
  %i_ule = arith.cmpi ule, %a, %b : i32
  %i_ugt = arith.cmpi ugt, %a, %b : i32
  %i_uge = arith.cmpi uge, %a, %b : i32
  %f_false = arith.cmpf false, %x, %y : f32
  %f_oeq = arith.cmpf oeq, %x, %y : f32
  %f_ogt = arith.cmpf ogt, %x, %y : f32
  %f_oge = arith.cmpf oge, %x, %y : f32
  %f_olt = arith.cmpf olt, %x, %y : f32
  %f_ole = arith.cmpf ole, %x, %y : f32
  %f_one = arith.cmpf one, %x, %y : f32
  %f_ord = arith.cmpf ord, %x, %y : f32
  %f_ueq = arith.cmpf ueq, %x, %y : f32
  %f_ugt = arith.cmpf ugt, %x, %y : f32
  %f_uge = arith.cmpf uge, %x, %y : f32
  %f_ult = arith.cmpf ult, %x, %y : f32
  %f_ule = arith.cmpf ule, %x, %y : f32
  %f_une = arith.cmpf une, %x, %y : f32
  %f_uno = arith.cmpf uno, %x, %y : f32
  %f_true = arith.cmpf true, %x, %y : f32
  %fm = arith.cmpf olt, %x, %y fastmath<nnan> : f32
  %fd = arith.cmpf une, %d, %d : f64
  %ix = arith.cmpi ult, %i, %i : index
  %s = arith.select %i_eq, %a, %b : i32
  %sf = arith.select %f_olt, %x, %y : f32
  %si = arith.select %ix, %i, %i : index
  %sb = arith.select %fm, %i_ne, %f_true : i1
  return %s, %sf : i32, f32
}
