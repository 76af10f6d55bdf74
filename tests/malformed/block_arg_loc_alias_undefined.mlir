func.func @f(%x: i32 loc(#nowhere)) {
  return
}
