//! The README command, run for real: needs cargo-fuzz (`cargo install
//! cargo-fuzz`) and builds libFuzzer and an instrumented release build
//! (minutes), so it is ignored; run it with
//! `cargo test -p fuzz-engine --test cargo_fuzz -- --ignored`.
//!
//! A minute of fuzzing may find a real parry discrepancy (see
//! `findings/`): the test then checks that the crash is the property's
//! report, a verdict in a sentence followed by the scenario file, and
//! prints it for review; any other failure of the command fails the test.
use std::process::Command;

/// The verdicts the property reports a finding with.
const FINDING_VERDICTS: [&str; 6] = [
    "early",
    "late",
    "missed",
    "phantom",
    "inconclusive",
    "invalid",
];

#[test]
#[ignore = "needs cargo-fuzz; builds and fuzzes for a minute"]
fn cargo_fuzz_runs_a_minute_and_reports_findings_as_scenarios() {
    let out = Command::new("cargo")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["fuzz", "run", "--sanitizer", "none", "parry_vs_oracle"])
        .args(["--", "-max_total_time=60"])
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        assert!(
            stderr.contains("Done "),
            "libFuzzer did not report its runs"
        );
        return;
    }
    // a finding: the panic message is a verdict sentence and a scenario
    let message = stderr
        .split("panicked at fuzz_targets/parry_vs_oracle.rs")
        .nth(1)
        .unwrap_or_else(|| panic!("cargo fuzz failed without a finding:\n{stderr}"));
    let sentence = message.lines().nth(1).unwrap_or_default();
    assert!(
        FINDING_VERDICTS
            .iter()
            .any(|v| sentence.starts_with(&format!("{v}:"))),
        "not a property finding: {sentence}"
    );
    assert!(message.contains("\"format\": \"exactccd/scenario-v1\""));
    eprintln!("cargo fuzz found a parry discrepancy (review it): {sentence}");
}
