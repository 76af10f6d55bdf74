//! The benchmark suite end to end: every `benches/*.cu` prints exactly
//! `benches/expected/<stem>.out` and exits with status 0 under
//! `lockstep-run -O0`, `-O3`, and `-O3 --device-ptx` with clang-22's PTX
//! (the oracle in `oracle/mod.rs`, shared with the examples' test), and under
//! every code-motion variant of issue 6.

mod oracle;

#[test]
fn benches_print_expected_output_at_o0_and_o3() {
    oracle::check_at_o0_and_o3("benches");
}

#[test]
fn benches_run_with_clang_ptx() {
    oracle::check_with_clang_ptx("benches");
}

#[test]
fn benches_keep_their_output_under_safe_code_motion() {
    oracle::check_code_motion("benches", oracle::SAFE_MOTION);
}

#[test]
fn benches_keep_their_output_under_speculative_code_motion() {
    oracle::check_code_motion("benches", oracle::SPECULATIVE_MOTION);
}

/// With `speculate-loads=true` a hoisted load may leave its bounds check behind; the
/// simulator must then report the access instead of letting a wrong result through.
#[test]
fn benches_trusting_code_motion_is_right_or_caught() {
    let faulted = oracle::check_trusting_code_motion("benches", oracle::TRUSTING_MOTION);
    eprintln!("{faulted} runs stopped at a simulated fault");
}
