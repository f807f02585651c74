//! Glide's contact intervals: hand-derived ones under translation (a pass
//! through, a graze, contact at `t0` and at `t1`), exact equality with
//! SAT's intervals end by end on the shipped examples, the corpus and
//! generated translations (a property test), the `f64` path, and under a
//! `screw` enclosures of independently computed entry and exit times
//! (mpmath) that overlap the time-cells solver's.

use exactccd::contact::{solve, ContactResult, Method, ScalarKind, SolveOptions, Time};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::motion::Motion;
use exactccd::scalar::{parse_number, BigRational};
use exactccd::scenario::{load_scenario, parse_scenario, LoadOptions, Scenario};
use proptest::prelude::*;
use std::path::Path;

fn q(s: &str) -> BigRational {
    parse_number(s).unwrap()
}

fn load(text: &str, scalar: ScalarKind) -> Scenario {
    parse_scenario(text, None, &LoadOptions::for_scalar(scalar)).unwrap()
}

fn run(s: &Scenario, method: Method, scalar: ScalarKind) -> Result<ContactResult, String> {
    let options = SolveOptions {
        precision: 64,
        ..SolveOptions::default()
    };
    solve(&s.query(), method, scalar, &options).map_err(|e| e.to_string())
}

/// Two unit-half-extent cubes, `a` at rest at the origin, `b` at `start`
/// moving by `velocity` over `[0, 1]`.
fn cubes(start: [&str; 3], velocity: [&str; 3]) -> String {
    format!(
        r#"{{ "format": "exactccd/scenario-v1",
  "a": {{ "shape": {{ "box": {{ "half_extents": ["1", "1", "1"] }} }} }},
  "b": {{ "shape": {{ "box": {{ "half_extents": ["1", "1", "1"] }} }},
         "pose": {{ "translation": ["{}", "{}", "{}"] }},
         "motion": {{ "linear": {{ "velocity": ["{}", "{}", "{}"] }} }} }} }}"#,
        start[0], start[1], start[2], velocity[0], velocity[1], velocity[2]
    )
}

fn exact(t: &Time) -> BigRational {
    match t {
        Time::Exact(x) => x
            .as_rational()
            .cloned()
            .unwrap_or_else(|| panic!("expected a rational time, got {x:?}")),
        other => panic!("expected an exact time, got {other:?}"),
    }
}

fn float(t: &Time) -> f64 {
    match t {
        Time::Float(x) => *x,
        other => panic!("expected an f64 time, got {other:?}"),
    }
}

/// A hand case: its name, scenario text, `initially_overlapping` and
/// contact intervals.
type HandCase = (
    &'static str,
    String,
    bool,
    Vec<(&'static str, &'static str)>,
);

/// The hand cases.
fn hand_cases() -> Vec<HandCase> {
    vec![
        // x(t) = -10 + 20 t: |x| <= 2 for t in [2/5, 3/5].
        (
            "pass through",
            cubes(["-10", "0", "0"], ["20", "0", "0"]),
            false,
            vec![("2/5", "3/5")],
        ),
        // centre (-3 + 2t, 1 + 2t): at t = 1/2 the edges x = -1, y = 1 of
        // both cubes meet; before, b is left of a, after, above it.
        (
            "graze",
            cubes(["-3", "1", "0"], ["2", "2", "0"]),
            false,
            vec![("1/2", "1/2")],
        ),
        // flush faces at x = 1 at t0, b sliding up: |10 t| <= 2 until 1/5.
        (
            "contact at t0, lasting",
            cubes(["2", "0", "0"], ["0", "10", "0"]),
            true,
            vec![("0", "1/5")],
        ),
        // x(t) = -10 + 8 t reaches -2 at t1.
        (
            "contact at t1",
            cubes(["-10", "0", "0"], ["8", "0", "0"]),
            false,
            vec![("1", "1")],
        ),
        // x(t) = -10 + 12 t: from 2/3 to the end.
        (
            "contact to t1",
            cubes(["-10", "0", "0"], ["12", "0", "0"]),
            false,
            vec![("2/3", "1")],
        ),
        // passes at a height of 5/2: no contact.
        (
            "miss",
            cubes(["-10", "5/2", "0"], ["20", "0", "0"]),
            false,
            vec![],
        ),
    ]
}

#[test]
fn hand_derived_intervals_under_translation() {
    for (name, text, overlapping, want) in hand_cases() {
        let s = load(&text, ScalarKind::Exact);
        let g = run(&s, Method::Glide, ScalarKind::Exact).unwrap();
        assert_eq!(g.initially_overlapping, overlapping, "{name}");
        assert_eq!(g.collides, !want.is_empty(), "{name}");
        let got: Vec<(BigRational, BigRational)> = g
            .contact_intervals
            .iter()
            .map(|(a, b)| (exact(a), exact(b)))
            .collect();
        let want: Vec<(BigRational, BigRational)> =
            want.iter().map(|(a, b)| (q(a), q(b))).collect();
        assert_eq!(got, want, "{name}");
        // the first contact is the first interval's start
        if let Some((start, _)) = got.first() {
            assert_eq!(&exact(g.time.as_ref().unwrap()), start, "{name}");
        }
        // and f64 gives the same ends to rounding
        let s = load(&text, ScalarKind::F64);
        let g = run(&s, Method::Glide, ScalarKind::F64).unwrap();
        assert_eq!(g.contact_intervals.len(), want.len(), "{name} (f64)");
        for ((a, b), (x, y)) in g.contact_intervals.iter().zip(&want) {
            let (x, y) = (
                exactccd::scalar::rational_to_f64(x),
                exactccd::scalar::rational_to_f64(y),
            );
            assert!((float(a) - x).abs() <= 1e-12, "{name} (f64): {a:?} vs {x}");
            assert!((float(b) - y).abs() <= 1e-12, "{name} (f64): {b:?} vs {y}");
        }
    }
}

/// Both exact answers' intervals, end by end: equal algebraic numbers.
fn same_intervals(g: &ContactResult, s: &ContactResult) -> Result<(), String> {
    if g.contact_intervals.len() != s.contact_intervals.len() {
        return Err(format!(
            "{} intervals against SAT's {}: {:?} / {:?}",
            g.contact_intervals.len(),
            s.contact_intervals.len(),
            g.contact_intervals,
            s.contact_intervals
        ));
    }
    for ((a, b), (c, d)) in g.contact_intervals.iter().zip(&s.contact_intervals) {
        for (x, y) in [(a, c), (b, d)] {
            match (x, y) {
                (Time::Exact(x), Time::Exact(y)) if x == y => {}
                _ => return Err(format!("end {x:?} against SAT's {y:?}")),
            }
        }
    }
    Ok(())
}

/// Glide and SAT exact on a translation: `Some(error)` when the intervals
/// differ, `None` when they agree or glide does not take the scenario as a
/// translation.
fn compare_with_sat(s: &Scenario) -> Option<Result<bool, String>> {
    let (a, b) = s.bodies()?;
    let translation = [a, b]
        .iter()
        .all(|b| matches!(b.motion, Motion::Static | Motion::Linear { .. }));
    if !translation {
        return None;
    }
    let g = run(s, Method::Glide, ScalarKind::Exact).ok()?;
    let sat = run(s, Method::Sat, ScalarKind::Exact).ok()?;
    if g.collides != sat.collides || g.initially_overlapping != sat.initially_overlapping {
        return Some(Err(format!(
            "glide says collides {} / overlapping {}, SAT {} / {}",
            g.collides, g.initially_overlapping, sat.collides, sat.initially_overlapping
        )));
    }
    if g.collides && g.contact_intervals.is_empty() {
        return Some(Err("glide collides without intervals".to_string()));
    }
    Some(same_intervals(&g, &sat).map(|()| g.collides))
}

#[test]
fn translation_intervals_equal_sat_on_the_examples_and_the_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut compared, mut contacts) = (0, 0);
    for dir in ["examples/scenarios", "tests/corpus"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        files.sort();
        for file in files {
            let Ok(s) = load_scenario(&file, &LoadOptions::for_scalar(ScalarKind::Exact)) else {
                continue;
            };
            match compare_with_sat(&s) {
                None => {}
                Some(Ok(collides)) => {
                    compared += 1;
                    contacts += usize::from(collides);
                }
                Some(Err(e)) => panic!("{}: {e}", file.display()),
            }
        }
    }
    assert!(compared >= 9, "only {compared} files compared");
    assert!(contacts >= 7, "only {contacts} with contact");
}

/// The generated classes under translation: random linear motions and the
/// degenerate classes.
fn translation_class(i: usize) -> ScenarioClass {
    if i == 0 {
        ScenarioClass::Linear
    } else {
        ScenarioClass::DEGENERATE[i - 1]
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Generated box scenarios under translation: glide's intervals are
    /// SAT's, end by end.
    #[test]
    fn translation_intervals_equal_sat_on_generated_scenarios(
        seed in any::<u64>(),
        index in 0u64..1000,
        class in 0usize..=ScenarioClass::DEGENERATE.len(),
    ) {
        let s = generate(seed, index, translation_class(class));
        if let Some(Err(e)) = compare_with_sat(&s) {
            prop_assert!(false, "{:?} seed {} index {}: {}", translation_class(class), seed, index, e);
        }
    }
}

/// The bar `[0, 2] x [-1/10, 1/10] x [-1/10, 1/10]` spinning about `z` at
/// 3/2 rad per unit time (a `screw`) sweeps through the small box centred
/// at `(6/5, 6/5, 0)` (half extents `1/10, 1/10, 1/5`). Its leading face
/// `w = 1/10` (`w = -x sin φ + y cos φ`) meets the box's corner `(13/10,
/// 11/10)` at `φ = acos(0.1 / R) - atan2(1.3, 1.1)`; its trailing face `w =
/// -1/10` leaves the corner `(11/10, 13/10)` at `φ = acos(-0.1 / R) -
/// atan2(1.1, 1.3)` (`R = sqrt(1.3^2 + 1.1^2)`); `t = φ / (3/2)`, to 50
/// digits with mpmath.
const SWEEP: &str = r#"{ "format": "exactccd/scenario-v1",
  "a": { "shape": { "box": { "half_extents": ["1/10", "1/10", "1/5"] } },
         "pose": { "translation": ["6/5", "6/5", "0"] } },
  "b": { "shape": { "box": { "half_extents": ["1", "1/10", "1/10"] } },
         "pose": { "translation": ["1", "0", "0"] },
         "motion": { "screw": { "axis_point": ["0", "0", "0"], "axis_direction": ["0", "0", "1"],
                                "angle": "3/2", "slide": "0" } } } }"#;
const SWEEP_ENTRY: &str = "0.42900073919552292453520615247821509202767372741021";
const SWEEP_EXIT: &str = "0.61819681200107482161900830861495253603804940571483";

fn enclosure(t: &Time) -> (BigRational, BigRational) {
    match t {
        Time::Enclosure { lower, upper } => (lower.clone(), upper.clone()),
        Time::Exact(x) => x.bracket(80),
        other => panic!("expected an enclosure, got {other:?}"),
    }
}

#[test]
fn screw_intervals_enclose_the_closed_forms_and_overlap_the_time_cells() {
    let s = load(SWEEP, ScalarKind::Exact);
    let g = run(&s, Method::Glide, ScalarKind::Exact).unwrap();
    assert_eq!(g.contact_intervals.len(), 1, "{:?}", g.contact_intervals);
    let (entry, exit) = &g.contact_intervals[0];
    let tol = q("1e-48");
    for (t, want) in [(entry, SWEEP_ENTRY), (exit, SWEEP_EXIT)] {
        let (lo, hi) = enclosure(t);
        let x = q(want);
        assert!(
            lo <= &x + &tol && &x - &tol <= hi,
            "[{lo}, {hi}] misses {want}"
        );
        assert!(&hi - &lo <= q("1e-18"), "too wide: [{lo}, {hi}]");
    }
    // the time-cells solver (SAT on a screw) on the same scenario
    let sat = run(&s, Method::Sat, ScalarKind::Exact).unwrap();
    assert_eq!(
        sat.contact_intervals.len(),
        1,
        "{:?}",
        sat.contact_intervals
    );
    for (x, y) in [
        (entry, &sat.contact_intervals[0].0),
        (exit, &sat.contact_intervals[0].1),
    ] {
        let ((l1, h1), (l2, h2)) = (enclosure(x), enclosure(y));
        assert!(l1.max(l2.clone()) <= h1.min(h2.clone()), "{x:?} / {y:?}");
    }
    // a shorter step ends inside the box: contact lasts to t1 exactly
    let short = SWEEP.replace(r#""angle": "3/2""#, r#""angle": "3/4""#);
    let s = load(&short, ScalarKind::Exact);
    let g = run(&s, Method::Glide, ScalarKind::Exact).unwrap();
    // at 3/4 rad per unit time, entry at φ = 0.6435... is t = 0.858...
    assert_eq!(g.contact_intervals.len(), 1, "{:?}", g.contact_intervals);
    let (entry, end) = &g.contact_intervals[0];
    let (lo, hi) = enclosure(entry);
    let x = q(SWEEP_ENTRY) * q("2");
    assert!(lo <= &x + &tol && &x - &tol <= hi, "[{lo}, {hi}]");
    assert!(
        matches!(end, Time::Exact(t) if t.as_rational() == Some(&q("1"))),
        "{end:?}"
    );
}

#[test]
fn screw_intervals_in_f64_are_near_the_closed_forms() {
    let s = load(SWEEP, ScalarKind::F64);
    let g = run(&s, Method::Glide, ScalarKind::F64).unwrap();
    assert_eq!(g.contact_intervals.len(), 1, "{:?}", g.contact_intervals);
    let (entry, exit) = &g.contact_intervals[0];
    assert!(
        (float(entry) - 0.429_000_739_195_522_9).abs() < 1e-9,
        "{entry:?}"
    );
    assert!(
        (float(exit) - 0.618_196_812_001_074_8).abs() < 1e-9,
        "{exit:?}"
    );
}
