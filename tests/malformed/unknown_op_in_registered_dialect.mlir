func.func @f() {
  "arith.frobnicate"() : () -> ()
  return
}
