//! The benchmark suite end to end: every `benches/*.cu` prints exactly
//! `benches/expected/<stem>.out` and exits with status 0 under
//! `lockstep-run -O0`, `-O3`, and `-O3 --device-ptx` with clang-22's PTX
//! (the oracle in `oracle/mod.rs`, shared with the examples' test).

mod oracle;

#[test]
fn benches_print_expected_output_at_o0_and_o3() {
    oracle::check_at_o0_and_o3("benches");
}

#[test]
fn benches_run_with_clang_ptx() {
    oracle::check_with_clang_ptx("benches");
}
