func.func @f() {
  %0 = arith.constant 0x7FC000001 : f32
  return
}
