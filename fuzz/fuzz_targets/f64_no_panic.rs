//! Fuzz target: the `f64` solvers never panic on any loadable scenario.
//! Typed scenarios (`Debug` prints the pasteable JSON) are loaded for the
//! `f64` path; every method runs on each one that loads. An answer, "not
//! applicable" or a resource limit are all fine; a panic is a finding.
#![no_main]

use exactccd::contact::{solve, Method, ScalarKind};
use exactccd::scenario::{parse_scenario, LoadOptions};
use exactccd::fuzz::{fuzz_options, ScenarioIn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: ScenarioIn| {
    let text = input.builder().to_string();
    let Ok(s) = parse_scenario(&text, None, &LoadOptions::for_scalar(ScalarKind::F64)) else {
        return;
    };
    for method in Method::ALL {
        let _ = solve(&s.query(), method, ScalarKind::F64, &fuzz_options());
    }
});
