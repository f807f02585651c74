//! parry3d-f64 (`exactccd::parry`: `cast_shapes` on cuboids) judged by `check_claim` on
//! generated box scenarios with constant velocities, random and degenerate.
//! The verdict counts are snapshotted: a change in parry's behaviour (or in
//! ours) shows up in `cargo insta review`.

use exactccd::claims::ClaimVerdict;
use exactccd::generate::{generate, ScenarioClass};
use exactccd::parry::check_parry;
use std::collections::BTreeMap;

#[test]
fn parry_verdict_counts() {
    let classes = [
        ScenarioClass::Linear,
        ScenarioClass::AxisAligned,
        ScenarioClass::ParallelEdges,
        ScenarioClass::FlushSliding,
        ScenarioClass::ContactAtStart,
        ScenarioClass::ContactAtEnd,
    ];
    let mut counts: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for class in classes {
        for index in 0..20 {
            let s = generate(2026, index, class);
            let verdict = check_parry(&s, 1e-9);
            let name = match verdict {
                ClaimVerdict::Float { class, .. } => class.name().to_owned(),
                other => panic!("{class} #{index}: {other:?}"),
            };
            *counts
                .entry(class.name())
                .or_default()
                .entry(name)
                .or_default() += 1;
        }
    }
    insta::with_settings!({
        prepend_module_to_snapshot => false,
        snapshot_path => "../snapshots",
    }, {
        insta::assert_yaml_snapshot!("parry_verdicts__parry_verdict_counts", counts);
    });
}
