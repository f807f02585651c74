//! Fuzz target: typed, mostly well-formed scenarios (docs/FORMAT.md 2)
//! through the loader, so that the exact checks deep inside (rotations,
//! meshes, root-freeness of `d(t)`, `w(t)`, `|q(t)|^2` by real-root
//! isolation) see many shapes of input. `Debug` prints the scenario JSON, so
//! a crash report can be pasted into a file and replayed with
//! `exactccd solve`.
#![no_main]

use exactccd::contact::ScalarKind;
use exactccd::scenario::{parse_scenario, LoadOptions};
use exactccd::fuzz::ScenarioIn;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: ScenarioIn| {
    let text = input.builder().to_string();
    for scalar in ScalarKind::ALL {
        if let Err(e) = parse_scenario(&text, None, &LoadOptions::for_scalar(scalar)) {
            let line = e.to_string();
            assert!(!line.contains('\n'), "error message spans lines: {line:?}");
        }
    }
});
