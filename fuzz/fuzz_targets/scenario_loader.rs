//! Fuzz target: arbitrary bytes through the scenario loader
//! (docs/FORMAT.md 1, 2), in both scalar paths. The loader must never
//! panic, and must answer quickly (run with `-timeout=10`): every input is
//! either a scenario or one error line naming a field.
//!
//! Run from the repository root (README, "Fuzzing"):
//! `cargo fuzz run --sanitizer none scenario_loader fuzz/corpus/scenario_loader examples/scenarios -- -dict=fuzz/scenario.dict -timeout=10`
#![no_main]

use exactccd::contact::ScalarKind;
use exactccd::scenario::{parse_scenario, LoadOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for scalar in ScalarKind::ALL {
        // No base directory: a fuzzed scenario must not read files.
        if let Err(e) = parse_scenario(text, None, &LoadOptions::for_scalar(scalar)) {
            let line = e.to_string();
            assert!(!line.contains('\n'), "error message spans lines: {line:?}");
        }
    }
});
