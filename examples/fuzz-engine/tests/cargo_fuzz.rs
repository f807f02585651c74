//! The README command, run for real: needs cargo-fuzz (`cargo install
//! cargo-fuzz`) and builds libFuzzer and an instrumented release build
//! (minutes), so it is ignored; run it with
//! `cargo test -p fuzz-engine --test cargo_fuzz -- --ignored`.
use std::process::Command;

#[test]
#[ignore = "needs cargo-fuzz; builds and fuzzes for a minute"]
fn cargo_fuzz_finds_nothing_in_a_minute() {
    let status = Command::new("cargo")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["fuzz", "run", "--sanitizer", "none", "parry_vs_oracle"])
        .args(["--", "-max_total_time=60"])
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo fuzz found a finding: {status}");
}
