func.func @f() {
  %4b = "test.op"() : () -> i32
  return
}
