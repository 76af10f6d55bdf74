// A cf.switch needs its default destination; lockstep used to accept this
// one and print `default: ,`, which does not parse back (found by
// lockstep-fuzz, seed 1, ir input 24221).
func.func @f(%f: i32) {
  "cf.switch"(%f) <{case_operand_segments = array<i32: 0>, case_values = dense<[5, 6]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
