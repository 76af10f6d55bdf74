func.func @f() {
  return
  %c = arith.constant 1 : i32
}
