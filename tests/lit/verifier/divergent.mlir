// Verifier rules where lockstep's diagnostics differ from mlir-opt 22's. Each
// expected-* directive holds lockstep's CURRENT behaviour and is marked
// `// BUG:` with what mlir-opt does instead; fixing one means updating this
// file and moving the chunk to the verifier file of its rule (whose chunks
// are all checked against mlir-opt too).
// RUN: lockstep-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @property_of_wrong_kind(%a: i1) {
  // BUG: mlir-opt rejects this while parsing: "invalid properties {msg = 3 :
  // i32} for op cf.assert: Invalid attribute `msg` in property conversion: 3 : i32"
  // expected-error @+1 {{'cf.assert' op attribute 'msg' failed to satisfy constraint: string attribute}}
  "cf.assert"(%a) <{msg = 3 : i32}> : (i1) -> ()
  return
}

// -----

func.func @overflow_flags_of_wrong_kind(%a: i32) {
  // BUG: mlir-opt: "invalid properties {overflowFlags = 1 : i32} for op
  // arith.addi: Invalid attribute `overflowFlags` in property conversion: 1 : i32"
  // expected-error @+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %0 = "arith.addi"(%a, %a) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
  return
}

// -----

func.func @cmpi_predicate_property(%a: i32) {
  // BUG: mlir-opt: "invalid properties {predicate = 42 : i64} for op
  // arith.cmpi: Invalid attribute `predicate` in property conversion: 42 : i64"
  // (as a discardable attribute `{predicate = 42 : i64}` both agree, see arith.mlir)
  // expected-error @+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 42 : i64}> : (i32, i32) -> i1
  return
}

// -----

func.func @segment_sizes_length(%c: i1) {
  // BUG: mlir-opt: "invalid properties {operandSegmentSizes = array<i32: 1, 0>}
  // for op cf.cond_br: size mismatch in attribute conversion: 2 vs 3"
  // expected-error @+1 {{'cf.cond_br' op 'operandSegmentSizes' attribute for specifying operand segments must have 3 elements, but got 2}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0>}> : (i1) -> ()
^bb1:
  return
}

// -----

func.func @switch_case_segments(%f: i32) {
  // BUG: mlir-opt 22 accepts this op (it does not check the length of
  // case_operand_segments); lockstep rejects it.
  // expected-error @+1 {{'cf.switch' op expects one 'case_operand_segments' entry per case destination, but has 1 for 2}}
  "cf.switch"(%f)[^bb1, ^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[5, 6]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// BUG: mlir-opt parses the use of %a inside the isolated func.func and the
// verifier reports "'arith.addi' op using value defined outside the region"
// (at the addi) with the note "required by region isolation constraints" (at
// the inner func.func); lockstep rejects the name while parsing.
func.func @isolated_from_above(%a: i32) {
  "foo.region"() ({
    func.func @inner() {
      // expected-error @+1 {{use of undeclared SSA value name}}
      %0 = arith.addi %a, %a : i32
      return
    }
    "foo.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// BUG: same as above for a nested builtin.module: mlir-opt reports
// "'foo.use' op using value defined outside the region" plus the note.
func.func @isolated_module(%a: i32) {
  "foo.region"() ({
    builtin.module {
      // expected-error @+1 {{use of undeclared SSA value name}}
      "foo.use"(%a) : (i32) -> ()
    }
    "foo.end"() : () -> ()
  }) : () -> ()
  return
}
