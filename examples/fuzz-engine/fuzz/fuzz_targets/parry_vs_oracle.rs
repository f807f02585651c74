//! parry3d-f64 against exactccd's certified truth on typed box pairs: any
//! input that breaks `fuzz_engine::parry_property` is a crash, and the
//! report prints the scenario file (the input's `Debug`).
#![no_main]

use exactccd::fuzz::BoxPairIn;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: BoxPairIn| {
    if let Err(finding) = fuzz_engine::parry_property(&input) {
        panic!("{finding}");
    }
});
