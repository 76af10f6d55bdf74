// Input layout that the printer must normalise: comments everywhere, odd
// spacing, several ops on one line, blank lines, tabs, CRLF-free trailing spaces.
// RUN: mlir-opt %s
// RUN: mlir-opt %s --mlir-print-debuginfo
// RUN: mlir-opt %s --mlir-print-op-generic
// leading comment
func.func   @spacing(  %a :i32 ,%b:i32)->i32{   // trailing comment
	%0=arith.addi %a,%b:i32   %1 = arith.muli %0 , %0 : i32


  // a comment between ops
  %2 = arith.subi
      %1,
      %a
      : i32
  cf.br ^bb1( %2 : i32 )
^bb1(%x:i32): // block comment
  return %x:i32
}
func.func @empty_lines() {

  return

}
