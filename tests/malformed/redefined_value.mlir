func.func @f() {
  %0 = arith.constant 1 : i32
  %0 = arith.constant 2 : i32
  return
}
