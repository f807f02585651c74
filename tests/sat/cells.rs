//! Certified time cells against an independent reference: two boxes under
//! `angular` (centred and off-centre, fast spins, intervals not starting at
//! 0), `screw` (many turns, slides) and `poses` (near a half turn), with
//! first contact times computed to 50 digits by mpmath
//! (`tests/reference/angular_truth.py`, which shares nothing with the
//! solver). Every exact bracket must hold the truth (within 1e-12) and be
//! at most `2^-64 max(1, |T|)` wide.

use exactccd::scalar::{parse_number, BigRational};
use exactccd::{load_scenario, solve, LoadOptions, Method, ScalarKind, SolveOptions, Time};
use num_traits::Signed;
use std::path::Path;

fn reference_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference/angular")
}

fn truth() -> Vec<(String, Option<BigRational>)> {
    let text = std::fs::read_to_string(reference_dir().join("truth.json")).expect("truth.json");
    let map: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&text).expect("a JSON object");
    map.into_iter()
        .map(|(name, t)| {
            let t = t.as_str().map(|s| parse_number(s).expect("a decimal"));
            (name, t)
        })
        .collect()
}

fn bracket(time: &Time) -> (BigRational, BigRational) {
    match time {
        Time::Enclosure { lower, upper } => (lower.clone(), upper.clone()),
        Time::Exact(t) => {
            let q = t
                .as_rational()
                .expect("an exact time is a rational t0 here")
                .clone();
            (q.clone(), q)
        }
        Time::Float(_) => panic!("an exact answer"),
    }
}

/// Solves every reference scenario with `sat` exactly under `options`,
/// checks that each bracket holds the fifty-digit truth (within 1e-12) and
/// is at most `2^-64 max(1, |T|)` wide, and hands each scenario's query and
/// result to `then`; the number of contacts.
fn solve_reference_set(
    options: &SolveOptions,
    mut then: impl FnMut(usize, &str, &exactccd::ContactQuery<'_>, &exactccd::ContactResult),
) -> usize {
    let cases = truth();
    assert!(cases.len() >= 30, "{} cases", cases.len());
    let slack = parse_number("1e-12").unwrap();
    let one = BigRational::from_integer(1.into());
    let two64 = BigRational::from_integer(num_bigint::BigInt::from(1) << 64u32);
    let mut contacts = 0;
    for (k, (name, expected)) in cases.into_iter().enumerate() {
        let path = reference_dir().join(format!("{name}.json"));
        let scenario = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::Exact))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let q = scenario.query();
        let result = solve(&q, Method::Sat, ScalarKind::Exact, options)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        match (&expected, &result.time) {
            (None, None) => assert!(!result.collides, "{name}"),
            (Some(t), Some(time)) => {
                contacts += 1;
                let (lo, hi) = bracket(time);
                assert!(
                    &lo - &slack <= *t && *t <= &hi + &slack,
                    "{name}: [{lo}, {hi}] misses {t}"
                );
                let width = &hi - &lo;
                let allowed = one.clone().max(t.abs()) / &two64;
                assert!(width <= allowed, "{name}: {width} wide");
                assert!(!result.initially_overlapping, "{name}");
            }
            (e, r) => panic!("{name}: expected {e:?}, solved {r:?}"),
        }
        then(k, &name, &q, &result);
    }
    contacts
}

#[test]
fn brackets_hold_the_fifty_digit_truth_and_are_narrow() {
    let contacts = solve_reference_set(&SolveOptions::default(), |_, name, _, result| {
        assert_eq!(
            result.collides,
            !result.contact_intervals.is_empty(),
            "{name}"
        );
    });
    assert!(contacts >= 25, "{contacts} contacts");
}

/// The options of a solve to the first contact alone.
fn first_contact_alone() -> SolveOptions {
    SolveOptions {
        first_contact_only: true,
        ..SolveOptions::default()
    }
}

/// `sat`'s whole answer and its first contact alone.
fn whole_and_alone(
    q: &exactccd::ContactQuery<'_>,
    scalar: ScalarKind,
    name: &str,
) -> (exactccd::ContactResult, exactccd::ContactResult) {
    let run = |options: &SolveOptions| {
        solve(q, Method::Sat, scalar, options).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    (run(&SolveOptions::default()), run(&first_contact_alone()))
}

/// The first contact alone (`SolveOptions::first_contact_only`, what
/// `check` asks for): the search stops at its first overlapping cell. The
/// bracket holds the fifty-digit truth and is as narrow as the whole
/// solve's; no contact intervals are reported; the referee certifies the
/// answer (every second scenario, for time).
#[test]
fn the_first_contact_alone_holds_the_truth_and_is_certified() {
    let options = first_contact_alone();
    let mut certified = 0;
    let contacts = solve_reference_set(&options, |k, name, q, result| {
        assert!(result.contact_intervals.is_empty(), "{name}");
        if k % 2 == 0 {
            let verdict = exactccd::referee::referee(q, result);
            assert_eq!(verdict, exactccd_oracle::Verdict::Certified, "{name}");
            certified += 1;
        }
    });
    assert!(
        contacts >= 25 && certified >= 16,
        "{contacts} contacts, {certified} certified"
    );
}

/// The `f64` cells stopped at the first contact (`first_contact_only`, as
/// parry's `cast_shapes_nonlinear` answers) against the whole `f64` solve
/// on 200 generated `angular` and 200 `screw` scenarios: the search is the
/// same up to the first contact, so the verdicts and first contacts are
/// equal bit for bit, and the first-contact answer has no intervals.
#[test]
fn the_f64_first_contact_alone_equals_the_whole_f64_solve() {
    use exactccd::generate::{generate, ScenarioClass};
    let mut contacts = 0;
    for class in [ScenarioClass::Angular, ScenarioClass::GeneralScrew] {
        for i in 0..200 {
            let (s, name) = (generate(2050, i, class), format!("{class:?} {i}"));
            let q = s.query();
            let (whole, alone) = whole_and_alone(&q, ScalarKind::F64, &name);
            assert_eq!(whole.collides, alone.collides, "{name}");
            assert_eq!(whole.time, alone.time, "{name}");
            assert!(alone.contact_intervals.is_empty(), "{name}");
            contacts += usize::from(whole.collides);
        }
    }
    assert!(contacts >= 100, "{contacts} contacts");
}

/// The first contact alone against the whole solve on generated `angular`
/// and `screw` scenarios (two searches that cut the cells differently:
/// bisection over the whole interval, and cuts at the estimated crossing
/// that end at an instant proved in contact): the same verdict, the same
/// start in contact, overlapping brackets, and the referee certifies the
/// first-contact answer. The first twelve `angular` scenarios of seed
/// 2050 include two in contact at a `t0` where the placements are
/// transcendental (cases 6 and 10).
#[test]
fn the_first_contact_alone_agrees_with_the_whole_solve_on_generated_scenarios() {
    use exactccd::generate::{generate, ScenarioClass};
    let mut contacts = 0;
    let mut at_t0 = 0;
    for (class, cases) in [
        (ScenarioClass::Angular, 12),
        (ScenarioClass::GeneralScrew, 6),
    ] {
        for i in 0..cases {
            let (s, name) = (generate(2050, i, class), format!("{class:?} {i}"));
            let q = s.query();
            let (whole, alone) = whole_and_alone(&q, ScalarKind::Exact, &name);
            assert_eq!(whole.collides, alone.collides, "{name}");
            assert_eq!(
                whole.initially_overlapping, alone.initially_overlapping,
                "{name}"
            );
            if let (Some(w), Some(a)) = (&whole.time, &alone.time) {
                let ((wl, wu), (al, au)) = (bracket(w), bracket(a));
                assert!(
                    wl <= au && al <= wu,
                    "{name}: [{wl}, {wu}] and [{al}, {au}]"
                );
                contacts += 1;
                at_t0 += usize::from(alone.initially_overlapping);
            }
            let verdict = exactccd::referee::referee(&q, &alone);
            assert_eq!(verdict, exactccd_oracle::Verdict::Certified, "{name}");
        }
    }
    assert!(
        contacts >= 8 && at_t0 >= 2,
        "{contacts} contacts, {at_t0} at t0"
    );
}

/// A former finding of the glide campaign: `b` starts on a screw touching
/// `a` (its rotation `3/5, 4/5` is not dyadic, so the interval placements
/// at `t0 = 0` are not exact). The time cells must decide the touch at
/// `t0` from the exact poses, as glide does: contact at exactly `0`,
/// overlapping at the start (once they answered the bracket `[0, 2^-69]`
/// with `initially_overlapping: false`).
#[test]
fn a_touch_at_t0_under_a_screw_is_decided_exactly() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cells_findings/spin-2026-142.json");
    let s = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::Exact)).unwrap();
    for method in [Method::Sat, Method::Glide] {
        let r = solve(
            &s.query(),
            method,
            ScalarKind::Exact,
            &SolveOptions::default(),
        )
        .unwrap();
        assert!(r.initially_overlapping, "{method:?}");
        assert_eq!(
            bracket(r.time.as_ref().unwrap()),
            (
                BigRational::from_integer(0.into()),
                BigRational::from_integer(0.into())
            ),
            "{method:?}"
        );
    }
}

/// The `f64` time-cell search (`solve_box_cells_f64`) against the same
/// 50-digit truth: the same contact or none, within `1e-9` (relative to
/// `max(1, |T|)`), and not late past the truth by more than that.
#[test]
fn f64_cells_are_within_1e_9_of_the_fifty_digit_truth() {
    use exactccd::scalar::rational_to_f64;
    use exactccd::solver::sat::cells::solve_box_cells_f64;
    let mut contacts = 0;
    for (name, expected) in truth() {
        let path = reference_dir().join(format!("{name}.json"));
        let s = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::Exact)).unwrap();
        let (t0, t1) = s.interval.clone();
        let out =
            solve_box_cells_f64(s.a(), s.b(), (&t0, &t1)).unwrap_or_else(|e| panic!("{name}: {e}"));
        match (&expected, out.first_contact) {
            (None, None) => assert!(!out.collides, "{name}"),
            (Some(t), Some(found)) => {
                contacts += 1;
                let truth = rational_to_f64(t);
                let error = (found - truth).abs();
                assert!(
                    error <= 1e-9 * truth.abs().max(1.0),
                    "{name}: {found} against {truth} ({error:e} off)"
                );
                assert!(!out.initially_overlapping, "{name}");
            }
            (e, r) => panic!("{name}: expected {e:?}, found {r:?}"),
        }
    }
    assert!(contacts >= 25, "{contacts} contacts");
}

/// The midpoint of a TIME as `f64` (either scalar).
fn approx(time: &Time) -> f64 {
    use num_traits::ToPrimitive;
    match time {
        Time::Float(x) => *x,
        Time::Exact(t) => t.to_f64(),
        Time::Enclosure { lower, upper } => ((lower + upper) / BigRational::from_integer(2.into()))
            .to_f64()
            .unwrap(),
    }
}

/// `exactccd solve --method sat --scalar f64` (the default variant, the
/// `f64` time cells) on every reference scenario: the first contact within
/// `1e-9 max(1, |T|)` of the 50-digit truth, misses agreeing; the contact
/// intervals start at that time, are ordered and disjoint, and agree in
/// number and, within the same `1e-9`, in their ends with the certified
/// cells' enclosures (the exact scalar).
#[test]
fn the_f64_sat_answer_is_the_f64_cells_within_1e_9_of_the_truth() {
    let mut contacts = 0;
    for (name, expected) in truth() {
        let path = reference_dir().join(format!("{name}.json"));
        let load = |scalar| load_scenario(&path, &LoadOptions::for_scalar(scalar)).unwrap();
        let fast_scenario = load(ScalarKind::F64);
        let fast = solve(
            &fast_scenario.query(),
            Method::Sat,
            ScalarKind::F64,
            &SolveOptions::default(),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(fast.collides, expected.is_some(), "{name}");
        if let (Some(t), Some(time)) = (&expected, &fast.time) {
            contacts += 1;
            let Time::Float(found) = time else {
                panic!("{name}: {time:?} from f64")
            };
            let truth = exactccd::scalar::rational_to_f64(t);
            assert!(
                (found - truth).abs() <= 1e-9 * truth.abs().max(1.0),
                "{name}: {found} against {truth}"
            );
            assert!(!fast.initially_overlapping, "{name}");
            assert_eq!(approx(&fast.contact_intervals[0].0), *found, "{name}");
        }
        let ends: Vec<f64> = fast
            .contact_intervals
            .iter()
            .flat_map(|(a, b)| [approx(a), approx(b)])
            .collect();
        assert!(ends.windows(2).all(|w| w[0] <= w[1]), "{name}: {ends:?}");
        let exact_scenario = load(ScalarKind::Exact);
        let exact = solve(
            &exact_scenario.query(),
            Method::Sat,
            ScalarKind::Exact,
            &SolveOptions::default(),
        )
        .unwrap_or_else(|e| panic!("{name} (exact): {e}"));
        let exact_ends: Vec<f64> = exact
            .contact_intervals
            .iter()
            .flat_map(|(a, b)| [approx(a), approx(b)])
            .collect();
        assert_eq!(
            ends.len(),
            exact_ends.len(),
            "{name}: {ends:?} {exact_ends:?}"
        );
        for (f, e) in ends.iter().zip(&exact_ends) {
            assert!(
                (f - e).abs() <= 1e-9 * e.abs().max(1.0),
                "{name}: {ends:?} {exact_ends:?}"
            );
        }
    }
    assert!(contacts >= 25, "{contacts} contacts");
}

/// `--variant stepping` is still selectable through [`SolveOptions`]: on a
/// reference spin it answers by time steps (late by at most a step of
/// `(t1 - t0) / 256`, never early beyond rounding), not by the cells.
#[test]
fn stepping_stays_selectable() {
    use exactccd::contact::SatVariant;
    let (name, expected) = truth().into_iter().find(|(n, _)| n == "cells-00").unwrap();
    let truth = exactccd::scalar::rational_to_f64(&expected.unwrap());
    let path = reference_dir().join(format!("{name}.json"));
    let s = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::F64)).unwrap();
    let (t0, t1) = (
        exactccd::scalar::rational_to_f64(&s.interval.0),
        exactccd::scalar::rational_to_f64(&s.interval.1),
    );
    let stepping = SolveOptions {
        sat_variant: SatVariant::Stepping,
        ..SolveOptions::default()
    };
    let r = solve(&s.query(), Method::Sat, ScalarKind::F64, &stepping).unwrap();
    let t = approx(r.time.as_ref().unwrap());
    assert!(
        t >= truth - 1e-9 && t <= truth + (t1 - t0) / 256.0,
        "{t} against {truth}"
    );
    // both report features: stepping at its step, the f64 cells at their
    // time (the two boxes placed there)
    assert!(r.feature.is_some());
    let cells = solve(
        &s.query(),
        Method::Sat,
        ScalarKind::F64,
        &SolveOptions::default(),
    )
    .unwrap();
    assert!(cells.feature.is_some());
    assert_ne!(approx(cells.time.as_ref().unwrap()), t);
}
