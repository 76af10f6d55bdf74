func.func @f(%a: i32) {
  cf.br ^bb1
^bb1(%x: i32):
  return
}
