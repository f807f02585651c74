//! `examples/python/check_with_fcl.py`, run as a user runs it: python-fcl's
//! answers on the shipped and corpus scenarios judged by `exactccd check`.
//! Without `python3` the test says so and passes; without python-fcl the
//! script itself says "skipped" and exits 0.
use std::process::Command;

#[test]
fn the_fcl_script_judges_its_claims_or_says_it_skipped() {
    let root = env!("CARGO_MANIFEST_DIR");
    let run = Command::new("python3")
        .arg(format!("{root}/examples/python/check_with_fcl.py"))
        .env("EXACTCCD", env!("CARGO_BIN_EXE_exactccd"))
        .output();
    let Ok(out) = run else {
        eprintln!("skipped: python3 is not installed");
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    if stdout.starts_with("skipped: python-fcl not installed") {
        eprintln!("{stdout}");
        return;
    }
    // two FCL solvers on each translating box pair; every claim judged,
    // none invalid or inconclusive (the truth is certified for all)
    let summary = stdout
        .lines()
        .find(|l| l.starts_with("check: "))
        .unwrap_or_else(|| panic!("no check summary in:\n{stdout}\n{stderr}"));
    assert!(summary.contains(" 0 inconclusive, 0 invalid"), "{summary}");
    assert!(summary.starts_with("check: 16 claims:"), "{summary}");
    // the head-on pair: the naive solver is late by less than a step,
    // conservative advancement misses it (python-fcl 0.7.0.11)
    assert!(
        stdout
            .lines()
            .any(|l| l.contains("late  python-fcl naive 100 steps  boxes-head-on")),
        "{stdout}"
    );
}
