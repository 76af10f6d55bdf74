func.func @f() {
  %c = arith.constant 999999999999999999999999999999999999999999 : i64
  return
}
