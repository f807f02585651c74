//! Fuzz target: exact answers on small-integer box scenarios (static,
//! linear and rational motions) must agree across methods (SAT and SGM),
//! be certified by the referee, and never panic: the differential rules of
//! `exactccd::campaign::evaluate`, exact path only. `Debug` prints the
//! pasteable scenario.
#![no_main]

use exactccd::campaign::evaluate;
use exactccd::scenario::{parse_scenario, LoadOptions};
use exactccd::fuzz::{fuzz_options, BoxPairIn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: BoxPairIn| {
    let text = input.builder().to_string();
    let s =
        parse_scenario(&text, None, &LoadOptions::default()).expect("box pairs are always valid");
    let e = evaluate(Some(&s), None, &fuzz_options());
    assert!(e.findings.is_empty(), "{:#?}", e.findings);
});
