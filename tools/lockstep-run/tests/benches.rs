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

/// Issue 7: every program keeps its output under no fusion, kf-trad and KFCM, no variant
/// adds launches, and the multi-kernel programs launch exactly as often as recorded here
/// (none, kf-trad, kfcm), so a change in what the passes fuse shows up.
#[test]
fn benches_keep_their_output_under_kernel_fusion() {
    let counts = oracle::check_kernel_fusion("benches");
    let expected: &[(&str, oracle::LaunchCounts)] = &[
        ("pipeline_stages", [39, 39, 35]),
        ("kf_branch_stage", [42, 42, 24]),
        ("kf_motivating", [57, 57, 36]),
        ("kf_image_pipeline", [30, 15, 15]),
        ("kf_particles", [120, 120, 56]),
    ];
    let mut wrong = Vec::new();
    for (name, want) in expected {
        match counts.iter().find(|(stem, _)| stem == name) {
            Some((_, got)) if got == want => {}
            Some((_, got)) => wrong.push(format!("{name}: launches {got:?}, expected {want:?}")),
            None => wrong.push(format!("{name}: not in benches/")),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
