func.func @f() {
  "foo.op"() {s = "abc} : () -> ()
  return
}
