func.func @f() -> i32 {
  return %x : i32
}
