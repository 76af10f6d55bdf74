//! Canonicalization patterns through a small greedy driver (folds,
//! constants kept right of commutative ops, patterns, dead code removal).
//! The expected outputs equal mlir-opt 22's `--canonicalize` output on the
//! same input except for where constants sit (mlir-opt hoists them to the
//! top of the block; the core's canonicalizer is responsible for that).

mod common;

use common::canonicalized;

/// Reassociation (`(x + 5) + 5`, `(5 - x) + 3`, `x + y * -1`, ...) with overflow flags intersected or reset as MLIR does.
#[test]
fn integer_reassociation_merges_constants_and_flags() {
    let src = r#"%x = "test.x"() : () -> i32
%y = "test.x"() : () -> i32
%c5 = arith.constant 5 : i32
%c3 = arith.constant 3 : i32
%cm1 = arith.constant -1 : i32
%r1 = arith.addi %c5, %x overflow<nsw> : i32
%0 = arith.addi %r1, %c5 overflow<nsw, nuw> : i32
%r2 = arith.subi %c5, %x : i32
%1 = arith.addi %r2, %c3 : i32
%m = arith.muli %y, %cm1 : i32
%2 = arith.addi %x, %m : i32
%r3 = arith.addi %x, %c5 overflow<nuw> : i32
%3 = arith.subi %r3, %c3 overflow<nuw> : i32
%r4 = arith.subi %x, %y overflow<nsw> : i32
%4 = arith.subi %r4, %x overflow<nsw> : i32
%r5 = arith.muli %x, %c3 : i32
%5 = arith.muli %r5, %c5 : i32
"test.use"(%0, %1, %2, %3, %4, %5) : (i32, i32, i32, i32, i32, i32) -> ()
"#;
    let expected = r#"module {
  %0 = "test.x"() : () -> i32
  %1 = "test.x"() : () -> i32
  %c10_i32 = arith.constant 10 : i32
  %2 = arith.addi %0, %c10_i32 overflow<nsw> : i32
  %c8_i32 = arith.constant 8 : i32
  %3 = arith.subi %c8_i32, %0 : i32
  %4 = arith.subi %0, %1 : i32
  %c2_i32 = arith.constant 2 : i32
  %5 = arith.addi %0, %c2_i32 : i32
  %c0_i32 = arith.constant 0 : i32
  %6 = arith.subi %c0_i32, %1 overflow<nsw> : i32
  %c15_i32 = arith.constant 15 : i32
  %7 = arith.muli %0, %c15_i32 : i32
  "test.use"(%2, %3, %4, %5, %6, %7) : (i32, i32, i32, i32, i32, i32) -> ()
}

"#;
    assert_eq!(canonicalized(src), expected);
}

/// `select` of a negated condition, nested selects, i1/integer selects of constants, `not(cmpi)`, constants moved right in `cmpi`.
#[test]
fn select_and_comparison_patterns() {
    let src = r#"%x = "test.x"() : () -> i32
%y = "test.x"() : () -> i32
%b = "test.x"() : () -> i1
%c0 = arith.constant 0 : i32
%c1 = arith.constant 1 : i32
%c5 = arith.constant 5 : i32
%t = arith.constant true
%fl = arith.constant false
%nb = arith.xori %b, %t : i1
%0 = arith.select %nb, %x, %y : i32
%in = arith.select %b, %x, %y : i32
%1 = arith.select %b, %in, %c5 : i32
%2 = arith.select %b, %fl, %t : i1
%3 = arith.select %b, %c1, %c0 : i32
%4 = arith.select %b, %c0, %c1 : i32
%cm = arith.cmpi slt, %x, %y : i32
%5 = arith.xori %cm, %t : i1
%6 = arith.cmpi slt, %c5, %x : i32
%7 = arith.select %b, %t, %fl : i1
"test.use"(%0, %1, %2, %3, %4, %5, %6, %7) : (i32, i32, i1, i32, i32, i1, i1, i1) -> ()
"#;
    let expected = r#"module {
  %0 = "test.x"() : () -> i32
  %1 = "test.x"() : () -> i32
  %2 = "test.x"() : () -> i1
  %c5_i32 = arith.constant 5 : i32
  %3 = arith.select %2, %1, %0 : i32
  %4 = arith.select %2, %0, %c5_i32 : i32
  %true = arith.constant true
  %5 = arith.xori %2, %true : i1
  %6 = arith.extui %2 : i1 to i32
  %true_0 = arith.constant true
  %7 = arith.xori %2, %true_0 : i1
  %8 = arith.extui %7 : i1 to i32
  %9 = arith.cmpi sge, %0, %1 : i32
  %10 = arith.cmpi sgt, %0, %c5_i32 : i32
  "test.use"(%3, %4, %5, %6, %8, %9, %10, %2) : (i32, i32, i1, i32, i32, i1, i1, i1) -> ()
}

"#;
    assert_eq!(canonicalized(src), expected);
}

/// Chains of extensions and truncations, `trunci(shrsi)`, `truncf(extf)`, `truncf(sitofp)`, index casts, bitcasts, bitwise ops and comparisons of extensions.
#[test]
fn cast_patterns() {
    let src = r#"%a = "test.x"() : () -> i8
%a2 = "test.x"() : () -> i8
%w = "test.x"() : () -> i64
%f = "test.x"() : () -> f32
%ix = "test.x"() : () -> index
%q1 = arith.extui %a : i8 to i16
%0 = arith.extui %q1 : i16 to i64
%1 = arith.extsi %q1 : i16 to i64
%q3 = arith.extsi %a : i8 to i64
%2 = arith.trunci %q3 : i64 to i16
%3 = arith.trunci %q3 : i64 to i8
%q5 = arith.trunci %w : i64 to i32
%4 = arith.trunci %q5 : i32 to i8
%c32 = arith.constant 32 : i64
%q6 = arith.shrsi %w, %c32 : i64
%5 = arith.trunci %q6 : i64 to i32
%q7 = arith.extf %f : f32 to f64
%6 = arith.truncf %q7 : f64 to f16
%q8 = arith.sitofp %w : i64 to f64
%7 = arith.truncf %q8 : f64 to f32
%q9 = arith.extsi %a : i8 to i64
%8 = arith.index_cast %q9 : i64 to index
%q10 = arith.index_cast %ix : index to i32
%9 = arith.index_cast %q10 : i32 to index
%q12 = arith.bitcast %f : f32 to i32
%10 = arith.bitcast %q12 : i32 to f32
%z1 = arith.extui %a : i8 to i32
%z2 = arith.extui %a2 : i8 to i32
%11 = arith.andi %z1, %z2 : i32
%12 = arith.cmpi eq, %z1, %z2 : i32
"test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12) : (i64, i64, i16, i8, i8, i32, f16, f32, index, index, f32, i32, i1) -> ()
"#;
    let expected = r#"module {
  %0 = "test.x"() : () -> i8
  %1 = "test.x"() : () -> i8
  %2 = "test.x"() : () -> i64
  %3 = "test.x"() : () -> f32
  %4 = "test.x"() : () -> index
  %5 = arith.extui %0 : i8 to i64
  %6 = arith.extui %0 : i8 to i64
  %7 = arith.extsi %0 : i8 to i16
  %8 = arith.trunci %2 : i64 to i8
  %c32_i64 = arith.constant 32 : i64
  %9 = arith.shrui %2, %c32_i64 : i64
  %10 = arith.trunci %9 : i64 to i32
  %11 = arith.truncf %3 : f32 to f16
  %12 = arith.sitofp %2 : i64 to f32
  %13 = arith.index_cast %0 : i8 to index
  %14 = arith.andi %0, %1 : i8
  %15 = arith.extui %14 : i8 to i32
  %16 = arith.cmpi eq, %0, %1 : i8
  "test.use"(%5, %6, %7, %0, %8, %10, %11, %12, %13, %4, %3, %15, %16) : (i64, i64, i16, i8, i8, i32, f16, f32, index, index, f32, i32, i1) -> ()
}

"#;
    assert_eq!(canonicalized(src), expected);
}

/// Unused high halves and overflow bits, `mulsi_extended(x, 1)`, products and quotients of negations, `cmpf` of `sitofp` against constants.
#[test]
fn extended_float_and_cmpf_patterns() {
    let src = r#"%x = "test.x"() : () -> i32
%y = "test.x"() : () -> i32
%f = "test.x"() : () -> f32
%g = "test.x"() : () -> f32
%i = "test.x"() : () -> i8
%c1 = arith.constant 1 : i32
%e1:2 = arith.addui_extended %x, %y : i32, i1
%e2:2 = arith.mulsi_extended %x, %c1 : i32
%n1 = arith.negf %f : f32
%n2 = arith.negf %g : f32
%0 = arith.mulf %n1, %n2 fastmath<fast> : f32
%1 = arith.divf %n1, %n2 : f32
%sf = arith.sitofp %i : i8 to f32
%k1 = arith.constant 4.5 : f32
%k2 = arith.constant -4.5 : f32
%k3 = arith.constant 1000.0 : f32
%2 = arith.cmpf olt, %sf, %k1 : f32
%3 = arith.cmpf oge, %sf, %k2 : f32
%4 = arith.cmpf ogt, %sf, %k3 : f32
%5 = arith.cmpf une, %sf, %k1 : f32
"test.use"(%e1#0, %e2#0, %e2#1, %0, %1, %2, %3, %4, %5) : (i32, i32, i32, f32, f32, i1, i1, i1, i1) -> ()
"#;
    let expected = r#"module {
  %0 = "test.x"() : () -> i32
  %1 = "test.x"() : () -> i32
  %2 = "test.x"() : () -> f32
  %3 = "test.x"() : () -> f32
  %4 = "test.x"() : () -> i8
  %5 = arith.addi %0, %1 : i32
  %c0_i32 = arith.constant 0 : i32
  %6 = arith.cmpi slt, %0, %c0_i32 : i32
  %7 = arith.extsi %6 : i1 to i32
  %8 = arith.mulf %2, %3 fastmath<fast> : f32
  %9 = arith.divf %2, %3 : f32
  %c4_i8 = arith.constant 4 : i8
  %10 = arith.cmpi sle, %4, %c4_i8 : i8
  %c-4_i8 = arith.constant -4 : i8
  %11 = arith.cmpi sge, %4, %c-4_i8 : i8
  %false = arith.constant false
  %true = arith.constant true
  "test.use"(%5, %0, %7, %8, %9, %10, %11, %false, %true) : (i32, i32, i32, f32, f32, i1, i1, i1, i1) -> ()
}

"#;
    assert_eq!(canonicalized(src), expected);
}

/// Integer folds of the whole canonicalization: wrap-around, no folding of
/// undefined behaviour, `x - x`, `x * 1`, `x + 0`, `x ^ x`, `x / 1`.
#[test]
fn folds_with_exact_semantics() {
    let src = r#"%x = "test.x"() : () -> i32
%max = arith.constant 2147483647 : i32
%c1 = arith.constant 1 : i32
%c0 = arith.constant 0 : i32
%c200 = arith.constant 200 : i8
%c100 = arith.constant 100 : i8
%0 = arith.addi %max, %c1 : i32
%1 = arith.addi %c200, %c100 : i8
%2 = arith.divsi %x, %c0 : i32
%3 = arith.subi %x, %x : i32
%4 = arith.muli %x, %c1 : i32
%5 = arith.addi %c0, %x : i32
%6 = arith.xori %x, %x : i32
%7 = arith.divui %x, %c1 : i32
"test.use"(%0, %1, %2, %3, %4, %5, %6, %7) : (i32, i8, i32, i32, i32, i32, i32, i32) -> ()
"#;
    let expected = r#"module {
  %0 = "test.x"() : () -> i32
  %c0_i32 = arith.constant 0 : i32
  %c-2147483648_i32 = arith.constant -2147483648 : i32
  %c44_i8 = arith.constant 44 : i8
  %1 = arith.divsi %0, %c0_i32 : i32
  %c0_i32_0 = arith.constant 0 : i32
  %c0_i32_1 = arith.constant 0 : i32
  "test.use"(%c-2147483648_i32, %c44_i8, %1, %c0_i32_0, %0, %0, %c0_i32_1, %0) : (i32, i8, i32, i32, i32, i32, i32, i32) -> ()
}

"#;
    assert_eq!(canonicalized(src), expected);
}

/// A pattern that does not match leaves the IR untouched.
#[test]
fn patterns_report_no_change_when_they_do_not_match() {
    let mut ctx = common::context();
    let m = common::parse(
        &mut ctx,
        "%x = \"test.x\"() : () -> i32\n%y = \"test.x\"() : () -> i32\n%0 = arith.addi %x, %y : i32\n",
    );
    let before = common::print(&ctx, m, true);
    let op = *common::body_ops(&ctx, m).last().expect("addi");
    let mut rw = lockstep_ir::Rewriter::new(&mut ctx);
    for p in lockstep_arith::canon::all_patterns() {
        if p.root()
            .is_some_and(|r| std::ptr::eq(r, &lockstep_arith::ADDI))
        {
            assert!(!p.match_and_rewrite(op, &mut rw), "{}", p.name());
        }
    }
    assert_eq!(common::print(&ctx, m, true), before);
}
