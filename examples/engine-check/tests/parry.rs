//! parry3d-f64 checked against exactccd's certified truth, as an engine's own
//! `cargo test` would: generated box pairs under constant velocities, parry's
//! answer judged by `check_claim` (through the `parry` feature).
use exactccd::parry::check_parry;
use exactccd::strategies::scenario;
use exactccd::ScenarioClass::{self, *};
use proptest::prelude::*;

/// The constant-velocity box classes: random, axis-aligned, parallel edges,
/// flush sliding, and touching exactly at `t0` or at `t1`.
const CLASSES: [ScenarioClass; 6] = [
    Linear,
    AxisAligned,
    ParallelEdges,
    FlushSliding,
    ContactAtStart,
    ContactAtEnd,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// parry is never early, late or phantom on these; it misses only a
    /// contact at an end of the interval (a touch at `t0` or at `t1`).
    #[test]
    fn parry_agrees_or_misses_only_touches_at_the_ends(
        (class, s) in proptest::sample::select(CLASSES.to_vec())
            .prop_flat_map(|c| scenario(c).prop_map(move |s| (c, s)))
    ) {
        let verdict = check_parry(&s, 1e-9);
        let touch_at_end = matches!(class, ContactAtStart | ContactAtEnd);
        prop_assert!(
            verdict.name() == "agrees" || (verdict.name() == "missed" && touch_at_end),
            "{class}: {verdict}\n{}", exactccd::write_scenario(&s)
        );
    }
}
