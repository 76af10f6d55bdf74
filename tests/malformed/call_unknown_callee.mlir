func.func @f() {
  func.call @nowhere() : () -> ()
  return
}
