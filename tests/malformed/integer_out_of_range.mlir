func.func @f() {
  %c = arith.constant 300 : i8
  return
}
