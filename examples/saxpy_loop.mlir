// A small kernel-like function: a counted loop with a data-dependent branch,
// written with structured control flow. The README lowers it to a CFG and
// cleans it up:
//   lockstep-opt examples/saxpy_loop.mlir \
//     -p 'builtin.module(convert-scf-to-cf,func.func(canonicalize,cse))'
func.func @saxpy_sum(%n: index, %a: i32, %x0: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
    %iv = arith.index_cast %i : index to i32
    %ax = arith.muli %a, %iv : i32
    %y = arith.addi %ax, %x0 : i32
    %odd = arith.andi %iv, %iv : i32
    %one = arith.constant 1 : i32
    %bit = arith.andi %iv, %one : i32
    %isodd = arith.cmpi ne, %bit, %zero : i32
    %next = scf.if %isodd -> (i32) {
      %t = arith.addi %acc, %y : i32
      scf.yield %t : i32
    } else {
      %t = arith.subi %acc, %y : i32
      scf.yield %t : i32
    }
    scf.yield %next : i32
  }
  %unused = arith.muli %sum, %sum : i32
  return %sum : i32
}

func.func @caller(%n: index) -> i32 {
  %a = arith.constant 3 : i32
  %x = arith.constant 4 : i32
  %r = func.call @saxpy_sum(%n, %a, %x) : (index, i32, i32) -> i32
  return %r : i32
}
