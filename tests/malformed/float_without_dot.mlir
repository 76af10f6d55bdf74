func.func @f() {
  %c = arith.constant 2 : f32
  return
}
