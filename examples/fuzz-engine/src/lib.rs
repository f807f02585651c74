//! parry3d-f64 fuzzed against exactccd's certified truth, as an engine's
//! own `cargo fuzz` target would do it: libFuzzer's bytes become a typed
//! box pair ([`BoxPairIn`], the `arbitrary` feature), parry casts it (the
//! `parry` feature), and [`check_claim`](exactccd::check_claim) judges the
//! answer. The property is this library's [`parry_property`], so that
//! `cargo test` checks it on stable and `fuzz/fuzz_targets/parry_vs_oracle.rs`
//! only feeds it:
//!
//! ```sh
//! cargo fuzz run --sanitizer none parry_vs_oracle -- -max_total_time=60
//! ```
use exactccd::fuzz::{BoxMotionIn, BoxPairIn};
use exactccd::parry::check_parry;
use exactccd::{engine_bodies, ClaimVerdict, Scenario, Time};

/// The relative time tolerance parry's answers are judged with: agreement
/// within `TOLERANCE · max(1, |T|)` of the true first contact `T`.
pub const TOLERANCE: f64 = 1e-9;

/// The box pair as a scenario.
pub fn scenario(input: &BoxPairIn) -> Scenario {
    input.builder().build().expect("box pairs are always valid")
}

/// parry's verdict on a box pair and whether the property allows it
/// ([`allowed`]): the verdict's name, or the finding (the verdict in a
/// sentence and the scenario file, ready for `exactccd check`).
pub fn parry_property(input: &BoxPairIn) -> Result<&'static str, String> {
    let s = scenario(input);
    let verdict = check_parry(&s, TOLERANCE);
    allowed(input, &s, &verdict)
        .then_some(verdict.name())
        .ok_or_else(|| format!("{verdict}\n{input:?}"))
}

/// The verdicts parry may give on a box pair:
///
/// * `agrees`: always;
/// * `inconclusive`: only when `b` moves by a rational motion, which parry
///   has no counterpart for;
/// * `missed`: only when both boxes are at rest (`b` static, or linear
///   with velocity zero) and overlap from `t0` on. parry's `cast_shapes`
///   casts along the relative velocity and reports no hit when that
///   velocity is zero, overlap or not (parry3d-f64 0.31.1: the ray cast on
///   the Minkowski difference returns nothing for a ray of length zero);
///
/// never `early`, `late`, `phantom`, `failed` or `invalid`.
pub fn allowed(input: &BoxPairIn, s: &Scenario, verdict: &ClaimVerdict) -> bool {
    match verdict.name() {
        "agrees" => true,
        "inconclusive" => matches!(input.motion_b, BoxMotionIn::Rational(..)),
        "missed" => {
            at_rest(s)
                && matches!(verdict, ClaimVerdict::Float { truth: Some(Time::Exact(t)), .. }
                    if t.as_rational() == Some(&s.interval.0))
        }
        _ => false,
    }
}

/// True when neither body moves: both have a constant twist of zero.
fn at_rest(s: &Scenario) -> bool {
    engine_bodies(s).is_some_and(|bodies| {
        bodies.iter().all(|body| {
            body.twist()
                .is_some_and(|t| t.linvel == [0.0; 3] && t.angvel == [0.0; 3])
        })
    })
}
