func.func @f(%a: i32) {
^bb0:
  return
}
