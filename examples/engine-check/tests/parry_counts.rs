//! parry3d-f64's verdict counts on a fixed set of generated scenarios,
//! snapshotted with insta: a change in parry (a new version), in the
//! conversion or in exactccd's truth shows up as a snapshot diff in
//! `cargo insta review`, not as a silent drift. CI runs it with
//! `INSTA_UPDATE=no`, so the committed snapshot must match.
use exactccd::parry::check_parry;
use exactccd::ScenarioClass::{self, *};
use exactccd::{generate, ClaimVerdict};
use std::collections::BTreeMap;

/// The constant-velocity classes: random, axis-aligned, and degenerate
/// (parallel edges, flush sliding, touching at `t0`, at `t1`, a near miss
/// by `10^-k`). Left out: the classes with polynomial motions (parry has
/// no counterpart: all `inconclusive`) and the turning ones (their
/// certified truth takes minutes in a debug build).
const CLASSES: [ScenarioClass; 7] = [
    Linear,
    AxisAligned,
    ParallelEdges,
    FlushSliding,
    ContactAtStart,
    ContactAtEnd,
    LinearNearMiss,
];

/// Scenarios per class, from `generate(SEED, 0..PER_CLASS, class)`.
const PER_CLASS: u64 = 50;
const SEED: u64 = 11;

#[test]
fn parry_verdict_counts_per_class() {
    let mut counts: BTreeMap<String, BTreeMap<&str, usize>> = BTreeMap::new();
    for class in CLASSES {
        for index in 0..PER_CLASS {
            let s = generate(SEED, index, class);
            let verdict = check_parry(&s, 1e-9);
            assert!(
                !matches!(verdict, ClaimVerdict::Invalid(_)),
                "{class} #{index}: {verdict}"
            );
            *counts
                .entry(class.name())
                .or_default()
                .entry(verdict.name())
                .or_default() += 1;
        }
    }
    insta::assert_yaml_snapshot!(counts);
}
