func.func @f() {
  "mystery.op"() : () -> ()
  return
}
