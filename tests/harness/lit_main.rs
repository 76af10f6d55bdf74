//! The `lit` test target: `cargo test -p lockstep-tests --test lit [-- FILTER]`.
//!
//! Invariant: all logic lives in `lockstep_tests::lit`; this file only passes
//! the paths cargo knows at compile time.

fn main() {
    let config = lockstep_tests::lit::Config::for_test_target(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_lockstep-filecheck"),
    );
    lockstep_tests::lit::main(config)
}
