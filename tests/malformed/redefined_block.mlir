func.func @f() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
^bb1:
  return
}
