func.func @f() {
  return loc(nowhere)
}
