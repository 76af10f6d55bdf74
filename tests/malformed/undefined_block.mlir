func.func @f() {
  cf.br ^bb7
}
