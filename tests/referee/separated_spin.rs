//! A minimum separation under turning motions: the time cells answer the
//! first time two solids come within `d`, and the referee certifies the
//! answer by separation pieces with the gap less `d |L|` and a witness of
//! two points, one in each core, at most `r_a + r_b + d` apart.
//!
//! The hand-derived case: the cube `[-1, 1]^3` spins about the `z` axis at
//! one radian per unit time from `t = 0`; a slab's face stands at `x = X`.
//! While the turn `theta` is in `[0, pi/2]` the cube reaches `x = cos theta
//! + sin theta = sqrt(2) sin(theta + pi/4)` (a vertical edge leads), so it
//! comes within `d` of the face when `sqrt(2) sin(theta + pi/4) = X - d`:
//! `T = asin((X - d) / sqrt(2)) - pi/4`.

use exactccd::contact::{ContactResult, Time};
use exactccd::referee::referee;
use exactccd::scalar::{parse_number, rational_to_f64, BigRational};
use exactccd::scenario::{parse_scenario, LoadOptions, Scenario};
use exactccd::{solve, solve_with_default_method, Method, ScalarKind, SolveOptions};
use exactccd_oracle::Verdict;

/// The spinning cube and the slab with its face at `x = face`, within
/// `separation`, over `[t0, 1]`.
fn spinning_cube(face: &str, separation: &str, t0: &str) -> String {
    let centre = parse_number(face).unwrap() + BigRational::new(1.into(), 2.into());
    format!(
        r#"{{
  "format": "exactccd/scenario-v1",
  "name": "spinning-cube-and-slab",
  "interval": ["{t0}", "1"],
  "separation": "{separation}",
  "a": {{
    "shape": {{ "box": {{ "half_extents": ["1", "1", "1"] }} }},
    "motion": {{ "angular": {{ "velocity": ["0", "0", "0"], "angular_velocity": ["0", "0", "1"] }} }}
  }},
  "b": {{
    "shape": {{ "box": {{ "half_extents": ["1/2", "5", "5"] }} }},
    "pose": {{ "translation": ["{centre}", "0", "0"] }}
  }}
}}"#
    )
}

fn scenario(text: &str, scalar: ScalarKind) -> Scenario {
    parse_scenario(text, None, &LoadOptions::for_scalar(scalar)).unwrap()
}

fn exact(s: &Scenario) -> ContactResult {
    let (method, r) =
        solve_with_default_method(&s.query(), ScalarKind::Exact, &SolveOptions::default());
    assert_eq!(method, Method::Sat);
    r.unwrap()
}

/// The answer of `sat` (the time cells) in the exact scalar.
fn by_sat(s: &Scenario) -> ContactResult {
    solve(
        &s.query(),
        Method::Sat,
        ScalarKind::Exact,
        &SolveOptions::default(),
    )
    .unwrap()
}

fn enclosure(r: &ContactResult) -> (f64, f64, BigRational, BigRational) {
    match r.time.as_ref().expect("a contact") {
        Time::Enclosure { lower, upper } => (
            rational_to_f64(lower),
            rational_to_f64(upper),
            lower.clone(),
            upper.clone(),
        ),
        t => panic!("an enclosure, not {t:?}"),
    }
}

/// `T = asin((X - d) / sqrt(2)) - pi/4` (module docs).
fn derived(face: f64, d: f64) -> f64 {
    ((face - d) / 2f64.sqrt()).asin() - std::f64::consts::FRAC_PI_4
}

#[test]
fn a_spinning_cube_comes_within_d_of_a_slab_at_the_derived_time() {
    for (face, d, x, dx) in [("7/5", "1/10", 1.4, 0.1), ("13/10", "1/1000", 1.3, 0.001)] {
        let s = scenario(&spinning_cube(face, d, "0"), ScalarKind::Exact);
        let r = exact(&s);
        let truth = derived(x, dx);
        let (lo, hi, lower, upper) = enclosure(&r);
        assert!(
            lo - 1e-12 <= truth && truth <= hi + 1e-12,
            "[{lo}, {hi}] misses {truth}"
        );
        let width = &upper - &lower;
        assert!(width <= parse_number("1e-19").unwrap(), "width {width}");
        assert_eq!(referee(&s.query(), &r), Verdict::Certified, "{face}, {d}");
        let f = scenario(&spinning_cube(face, d, "0"), ScalarKind::F64);
        let (_, rf) =
            solve_with_default_method(&f.query(), ScalarKind::F64, &SolveOptions::default());
        let t = match rf.unwrap().time {
            Some(Time::Float(t)) => t,
            other => panic!("{other:?}"),
        };
        assert!((t - truth).abs() <= 1e-9, "f64 {t} against {truth}");
    }
}

/// At separation 0 the same cube reaches the face later: the separation
/// moves the contact earlier, never later.
#[test]
fn the_separation_moves_the_contact_earlier() {
    let at = |d: &str| {
        let s = scenario(&spinning_cube("7/5", d, "0"), ScalarKind::Exact);
        let r = by_sat(&s);
        assert_eq!(referee(&s.query(), &r), Verdict::Certified, "{d}");
        enclosure(&r).0
    };
    let (with, without) = (at("1/10"), at("0"));
    assert!((without - derived(1.4, 0.0)).abs() < 1e-12);
    assert!(with < without, "{with} against {without}");
}

/// The slab exactly `d` from the resting cube at `t0 = 0`: in contact at
/// `t0` itself (exact), witnessed by two points at the exact start poses.
#[test]
fn exactly_d_apart_at_the_start_is_a_contact_at_t0() {
    let s = scenario(&spinning_cube("11/10", "1/10", "0"), ScalarKind::Exact);
    let r = exact(&s);
    assert!(r.collides && r.initially_overlapping);
    match &r.time {
        Some(Time::Exact(t)) => {
            assert_eq!(t.as_rational(), Some(&BigRational::from_integer(0.into())))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
    // a hair farther: no contact at t0, the first contact right after
    let s = scenario(&spinning_cube("1101/1000", "1/10", "0"), ScalarKind::Exact);
    let r = exact(&s);
    assert!(r.collides && !r.initially_overlapping);
    let (lo, hi, _, _) = enclosure(&r);
    let truth = derived(1.101, 0.1);
    assert!(lo - 1e-12 <= truth && truth <= hi + 1e-12);
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
}

fn refuted(v: &Verdict) -> bool {
    matches!(v, Verdict::Refuted { .. })
}

/// Certificates tampered with are refuted: the second witness point moved
/// to a far corner of the slab, the claim judged against a smaller
/// separation, and the pieces of the contact at separation 0 offered for
/// the contact within `d` (they reach past it).
#[test]
fn tampered_two_point_witnesses_and_pieces_are_refuted() {
    let s = scenario(&spinning_cube("7/5", "1/10", "1/4"), ScalarKind::Exact);
    let r = exact(&s);
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
    let witness = r.certificate.as_ref().unwrap().contact.as_ref().unwrap();
    assert!(witness.other.is_some(), "a two-point witness");

    let mut far = r.clone();
    let w = far.certificate.as_mut().unwrap().contact.as_mut().unwrap();
    let (q, _) = w.other.as_mut().unwrap();
    let corner = ["1/2", "5", "5"].map(|c| parse_number(c).unwrap());
    q.x = exactccd::poly::Poly::from_coeffs(vec![corner[0].clone()]);
    q.y = exactccd::poly::Poly::from_coeffs(vec![corner[1].clone()]);
    q.z = exactccd::poly::Poly::from_coeffs(vec![corner[2].clone()]);
    assert!(refuted(&referee(&s.query(), &far)));

    let outside = {
        let mut t = r.clone();
        let w = t.certificate.as_mut().unwrap().contact.as_mut().unwrap();
        let (q, _) = w.other.as_mut().unwrap();
        q.z = exactccd::poly::Poly::from_coeffs(vec![parse_number("6").unwrap()]);
        t
    };
    assert!(refuted(&referee(&s.query(), &outside)));

    let smaller = scenario(&spinning_cube("7/5", "1/20", "1/4"), ScalarKind::Exact);
    assert!(refuted(&referee(&smaller.query(), &r)));

    let touching = scenario(&spinning_cube("7/5", "0", "1/4"), ScalarKind::Exact);
    let r0 = by_sat(&touching);
    assert_eq!(referee(&touching.query(), &r0), Verdict::Certified);
    assert!(refuted(&referee(&s.query(), &r0)));
}

/// A frame (a non-convex mesh) spinning about its axis at 3 radians per
/// unit time, a box falling onto it at 4: the frame's top face `z = 1`
/// does not move, and at `t = 33/80` (turned by 1.2375 radians) a corner
/// of the box's footprint lies over the frame's bar, so the box's bottom
/// `z = 11/4 - 4t` comes within `d = 1/10` of the frame exactly then
/// (above `z = 1 + d` it is farther, everything of the frame lying at
/// `z <= 1`). Solved by the cells on every pair of the frame's pieces and
/// certified by parts.
#[test]
fn a_box_comes_within_d_of_a_spinning_frame_at_33_80() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scenarios/frame-spin.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    json["separation"] = serde_json::json!("1/10");
    let text = json.to_string();
    let s = scenario(&text, ScalarKind::Exact);
    let r = exact(&s);
    let (_, _, lower, upper) = enclosure(&r);
    let truth = BigRational::new(33.into(), 80.into());
    assert!(lower <= truth && truth <= upper, "[{lower}, {upper}]");
    assert!(&upper - &lower <= parse_number("1e-19").unwrap());
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
    let f = scenario(&text, ScalarKind::F64);
    let (_, rf) = solve_with_default_method(&f.query(), ScalarKind::F64, &SolveOptions::default());
    match rf.unwrap().time {
        Some(Time::Float(t)) => assert!((t - 0.4125).abs() <= 1e-9, "{t}"),
        other => panic!("{other:?}"),
    }
}

/// `separated-turning-2-{122, 132, 207, 259, 328}`: the first overlapping
/// cell after the contact was proved by a pair of points, but the witness
/// was sought again at the cell's start by the closest pair of the cores,
/// which failed there, and the answers went uncertified. The witness is now
/// the pair the cell proved (within `d` over the whole cell, so at its
/// start), else the closest pair, else a common point. The first contact
/// alone (what `check` asks for) on all five, the whole solve (the search
/// that cuts at midpoints) on the two it answers in seconds (on `259` it
/// takes half a minute).
#[test]
fn the_pair_a_cell_proved_is_the_witness() {
    use exactccd::generate::{generate, ScenarioClass};
    let first = SolveOptions {
        first_contact_only: true,
        ..SolveOptions::default()
    };
    for (index, whole) in [
        (122, true),
        (132, true),
        (207, false),
        (259, false),
        (328, false),
    ] {
        let s = generate(2, index, ScenarioClass::SeparatedTurning);
        let mut answers = vec![solve_with_default_method(&s.query(), ScalarKind::Exact, &first).1];
        if whole {
            answers.push(Ok(exact(&s)));
        }
        for r in answers {
            let r = r.unwrap();
            assert!(r.collides, "{index}");
            let witness = r.certificate.as_ref().and_then(|c| c.contact.as_ref());
            assert!(witness.is_some(), "{index}: no witness");
            assert_eq!(referee(&s.query(), &r), Verdict::Certified, "{index}");
        }
    }
}

/// The frame of [`a_box_comes_within_d_of_a_spinning_frame_at_33_80`] over
/// `[t0, 1]`, within `separation`.
fn frame_from(t0: &str, separation: &str) -> String {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scenarios/frame-spin.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    json["interval"] = serde_json::json!([t0, "1"]);
    json["separation"] = serde_json::json!(separation);
    json.to_string()
}

/// The spinning frame from `t0 = 1/5`, where its placement is
/// transcendental: that neither solid lies inside the other at `t0` is
/// decided by enclosures (each tested vertex's box farther from the other
/// surface than its own size, then ray parity at its centre), by the solver
/// and by the referee on its own. The box's bottom `z = 11/4 - 4t` meets
/// the frame's top `z = 1` at `t = 7/16` (the bar lies under the box from
/// well before), and comes within `1/10` at `33/80`: the same answers as
/// from `t0 = 0`, certified, and in `f64` within `1e-9`.
#[test]
fn a_mesh_turning_from_a_transcendental_start() {
    for (separation, truth) in [("0", (7, 16)), ("1/10", (33, 80))] {
        let text = frame_from("1/5", separation);
        let s = scenario(&text, ScalarKind::Exact);
        let r = exact(&s);
        let (_, _, lower, upper) = enclosure(&r);
        let truth = BigRational::new(truth.0.into(), truth.1.into());
        assert!(lower <= truth && truth <= upper, "[{lower}, {upper}]");
        assert!(&upper - &lower <= parse_number("1e-19").unwrap());
        assert_eq!(referee(&s.query(), &r), Verdict::Certified, "{separation}");
        let f = scenario(&text, ScalarKind::F64);
        let (_, rf) =
            solve_with_default_method(&f.query(), ScalarKind::F64, &SolveOptions::default());
        match rf.unwrap().time {
            Some(Time::Float(t)) => {
                assert!((t - rational_to_f64(&truth)).abs() <= 1e-9, "{t}")
            }
            other => panic!("{other:?}"),
        }
    }
}

/// A box resting inside the frame's bar while the frame turns, from
/// `t0 = 1/5`: the solids are nested at `t0`, which enclosures prove, so
/// they touch there, in both scalars; the exact answer is `1/5` exactly,
/// certified by a point of the box inside the frame's enclosed placement.
#[test]
fn a_box_inside_a_turning_mesh_at_a_transcendental_start_touches_there() {
    let mut json: serde_json::Value = serde_json::from_str(&frame_from("1/5", "0")).unwrap();
    json["b"]["pose"] = serde_json::json!({ "translation": ["1/2", "3/2", "1/2"] });
    json["b"].as_object_mut().unwrap().remove("motion");
    let text = json.to_string();
    let s = scenario(&text, ScalarKind::Exact);
    let r = by_sat(&s);
    assert!(r.initially_overlapping);
    match &r.time {
        Some(Time::Exact(t)) => {
            assert_eq!(t.as_rational(), Some(&BigRational::new(1.into(), 5.into())))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
    let f = scenario(&text, ScalarKind::F64);
    let rf = solve(
        &f.query(),
        Method::Sat,
        ScalarKind::F64,
        &SolveOptions::default(),
    )
    .unwrap();
    assert!(
        matches!(rf.time, Some(Time::Float(t)) if t == 0.2),
        "{:?}",
        rf.time
    );
    // from t0 = 0 the placements are exact: contact at 0
    let mut at_zero = json.clone();
    at_zero["interval"] = serde_json::json!(["0", "1"]);
    let s = scenario(&at_zero.to_string(), ScalarKind::Exact);
    let r = by_sat(&s);
    match &r.time {
        Some(Time::Exact(t)) => {
            assert_eq!(t.as_rational(), Some(&BigRational::from_integer(0.into())))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
}
