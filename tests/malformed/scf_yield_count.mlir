func.func @f(%c: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    scf.yield %a, %a : i32, i32
  } else {
    scf.yield %a : i32
  }
  return %0 : i32
}
