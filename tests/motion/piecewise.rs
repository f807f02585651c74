//! Piecewise rational motion (`docs/FORMAT.md` 7.1) through
//! sgm and sat, exact and `f64`, judged by the referee:
//!
//! * hand-derived cases: first contact in the first piece, in a later
//!   piece, exactly at a join; a contact interval spanning a join (merged
//!   into one); an instant of touching at a join (seen from both sides,
//!   one interval); two bodies with different breakpoints;
//! * laws on generated scenarios: cutting a motion into two identical
//!   pieces changes no answer; exact SGM equals exact SAT on generated
//!   piecewise motions (the second piece continues from the first's pose by
//!   construction), both certified; `f64` answers agree with the exact ones.

use exactccd::contact::{solve, ContactResult, Method, ScalarKind, SolveOptions, Time};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::geom::{Mat3, Vec3};
use exactccd::motion::{compose_affine, invert_affine, Body, Motion, MotionPiece, PolyMotion};
use exactccd::poly::{isolate_roots, Poly, RealAlgebraic};
use exactccd::referee::referee;
use exactccd::scalar::{parse_number, BigRational};
use exactccd::scenario::{parse_scenario, write_scenario, LoadOptions, Scenario};
use exactccd_oracle::Verdict;

fn q(s: &str) -> BigRational {
    parse_number(s).unwrap()
}

fn exact(t: &Time) -> RealAlgebraic {
    match t {
        Time::Exact(r) => r.clone(),
        other => panic!("not exact: {other:?}"),
    }
}

fn rational(t: &Time) -> BigRational {
    exact(t)
        .as_rational()
        .cloned()
        .unwrap_or_else(|| panic!("not rational: {t:?}"))
}

fn load(text: &str, scalar: ScalarKind) -> Scenario {
    parse_scenario(text, None, &LoadOptions::for_scalar(scalar))
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn run(s: &Scenario, method: Method, scalar: ScalarKind) -> ContactResult {
    solve(&s.query(), method, scalar, &SolveOptions::default())
        .unwrap_or_else(|e| panic!("{method}/{scalar}: {e}"))
}

/// The expected exact answer of a hand-derived case.
struct Expected<'a> {
    time: Option<&'a str>,
    initially_overlapping: bool,
    intervals: &'a [(&'a str, &'a str)],
}

/// Runs sgm and sat in both scalars on the scenario text and checks the
/// exact answers against the hand-derived ones (rational times), the
/// referee's verdict, and the `f64` answers against the exact ones.
fn check_case(text: &str, expected: &Expected<'_>) {
    let s = load(text, ScalarKind::Exact);
    let f = load(text, ScalarKind::F64);
    for method in [Method::Sgm, Method::Sat] {
        let r = run(&s, method, ScalarKind::Exact);
        assert_eq!(r.collides, expected.time.is_some(), "{method}");
        assert_eq!(
            r.initially_overlapping, expected.initially_overlapping,
            "{method}"
        );
        assert_eq!(
            r.time.as_ref().map(rational),
            expected.time.map(q),
            "{method}"
        );
        let got: Vec<(BigRational, BigRational)> = r
            .contact_intervals
            .iter()
            .map(|(a, b)| (rational(a), rational(b)))
            .collect();
        let want: Vec<(BigRational, BigRational)> = expected
            .intervals
            .iter()
            .map(|(a, b)| (q(a), q(b)))
            .collect();
        assert_eq!(got, want, "{method}: contact intervals");
        assert_eq!(referee(&s.query(), &r), Verdict::Certified, "{method}");
        let x = run(&f, method, ScalarKind::F64);
        assert_eq!(x.collides, r.collides, "{method}/f64");
        if let (Some(Time::Float(t)), Some(e)) = (&x.time, expected.time) {
            let e = exact(&Time::Exact(RealAlgebraic::from_rational(q(e)))).to_f64();
            assert!((t - e).abs() <= 1e-9, "{method}/f64: {t} vs {e}");
        }
    }
}

/// A scenario with a static unit box `a` at the origin and a unit box `b`
/// under the given pieces, over `interval`.
fn scenario_b(interval: [&str; 2], pieces: &str) -> String {
    format!(
        r#"{{ "format": "exactccd/scenario-v1", "interval": ["{}", "{}"],
  "a": {{ "shape": {{ "box": {{ "half_extents": ["1", "1", "1"] }} }} }},
  "b": {{ "shape": {{ "box": {{ "half_extents": ["1", "1", "1"] }} }},
         "motion": {{ "piecewise": {{ "pieces": {pieces} }} }} }} }}"#,
        interval[0], interval[1]
    )
}

/// A rational piece that translates along x by the polynomial `x` (JSON).
fn along_x(x: &str) -> String {
    format!(
        r#"{{ "rational": {{ "quaternion": ["1", "0", "0", "0"], "translation": [{x}, "0", "0"] }} }}"#
    )
}

#[test]
fn contact_in_the_first_piece_with_an_interval_across_the_join() {
    // x = 4 - 8t on [0, 1/2] (faces meet at x = 2: t = 1/4; x = 0 at
    // 1/2), then x = -4 + 8t back out (x = 2 at t = 3/4): one contact
    // interval [1/4, 3/4] through the join at 1/2
    let text = scenario_b(
        ["0", "1"],
        &format!(
            r#"[{{ "until": "1/2", "motion": {} }}, {{ "motion": {} }}]"#,
            along_x(r#"["4", "-8"]"#),
            along_x(r#"["-4", "8"]"#)
        ),
    );
    check_case(
        &text,
        &Expected {
            time: Some("1/4"),
            initially_overlapping: false,
            intervals: &[("1/4", "3/4")],
        },
    );
}

#[test]
fn contact_in_a_later_piece_the_shipped_example() {
    // examples/scenarios/piecewise-translate-turn.json: b translates by
    // x = 32/5 - 4t, from t = 1/2 also turning about z by tan(theta/2) =
    // t - 1/2 = s. Its leading edge is at x - (cos + sin) = (4 - 4s) -
    // (1 + 2s - s^2)/(1 + s^2); it meets a's face x = 1 where
    // 10 s^3 - 11 s^2 + 15 s - 6 = (2s - 1)(5 s^2 - 3 s + 6) = 0: s = 1/2,
    // t = 1. At t = 3/2 (a quarter turn, x = 2/5, overlapping) b stops: the
    // contact [1, 2] spans the join at 3/2.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/scenarios/piecewise-translate-turn.json");
    let text = std::fs::read_to_string(path).unwrap();
    check_case(
        &text,
        &Expected {
            time: Some("1"),
            initially_overlapping: false,
            intervals: &[("1", "2")],
        },
    );
    let r = run(
        &load(&text, ScalarKind::Exact),
        Method::Sgm,
        ScalarKind::Exact,
    );
    let f = r.feature.unwrap();
    // a's face +x against b's leading edge along z (a vertex of the turned
    // square in the xy-plane)
    assert_eq!(f.a, "face +x");
    assert_eq!(f.b, "edge (-,+,*)");
    assert_eq!(
        serde_json::to_value(r.stats.unwrap()).unwrap()["sub_intervals"],
        3
    );
}

#[test]
fn an_instant_of_touching_exactly_at_a_join_is_one_interval() {
    // x = 4 - 4t reaches x = 2 (faces touch) exactly at the join 1/2, then
    // x = 4t moves away: both sub-intervals see the touching instant, the
    // join makes it the single interval [1/2, 1/2]
    let text = scenario_b(
        ["0", "1"],
        &format!(
            r#"[{{ "until": "1/2", "motion": {} }}, {{ "motion": {} }}]"#,
            along_x(r#"["4", "-4"]"#),
            along_x(r#"["0", "4"]"#)
        ),
    );
    check_case(
        &text,
        &Expected {
            time: Some("1/2"),
            initially_overlapping: false,
            intervals: &[("1/2", "1/2")],
        },
    );
}

#[test]
fn contact_that_starts_exactly_at_a_join() {
    // x = 4 - 4t reaches x = 2 at the join 1/2, then b rests there, face
    // on face: contact [1/2, 1]
    let text = scenario_b(
        ["0", "1"],
        &format!(
            r#"[{{ "until": "1/2", "motion": {} }}, {{ "motion": {} }}]"#,
            along_x(r#"["4", "-4"]"#),
            along_x(r#""2""#)
        ),
    );
    check_case(
        &text,
        &Expected {
            time: Some("1/2"),
            initially_overlapping: false,
            intervals: &[("1/2", "1")],
        },
    );
}

#[test]
fn a_contact_through_two_joins() {
    // x = 3 - 4t on [0, 1/2] (contact on [1/4, 1/2], x = 1 at 1/2), then
    // x = -1 + 4t on [1/2, 3/4] (x from 1 to 2: contact through 3/4),
    // then x = 2 + 8(t - 3/4) = -4 + 8t: leaves at once, so the answer is
    // the one interval [1/4, 3/4], merged across the join at 1/2. With
    // the last piece x = 8 - 8t instead (x = 2 at 3/4, 0 at 1) it stays in
    // contact to the end: [1/4, 1].
    let go = format!(
        r#"[{{ "until": "1/2", "motion": {} }}, {{ "until": "3/4", "motion": {} }}, {{ "motion": {} }}]"#,
        along_x(r#"["3", "-4"]"#),
        along_x(r#"["-1", "4"]"#),
        along_x(r#"["-4", "8"]"#)
    );
    check_case(
        &scenario_b(["0", "1"], &go),
        &Expected {
            time: Some("1/4"),
            initially_overlapping: false,
            intervals: &[("1/4", "3/4")],
        },
    );
    let back = format!(
        r#"[{{ "until": "1/2", "motion": {} }}, {{ "until": "3/4", "motion": {} }}, {{ "motion": {} }}]"#,
        along_x(r#"["3", "-4"]"#),
        along_x(r#"["-1", "4"]"#),
        along_x(r#"["8", "-8"]"#)
    );
    check_case(
        &scenario_b(["0", "1"], &back),
        &Expected {
            time: Some("1/4"),
            initially_overlapping: false,
            intervals: &[("1/4", "1")],
        },
    );
}

#[test]
fn separate_contacts_in_different_pieces_stay_separate() {
    // x = 3 - 4t on [0, 1/2]: contact on [1/4, 1/2] (x from 2 to 1), then
    // x = 1 + 8(t - 1/2) = -3 + 8t leaves (x = 2 at 5/8) and from 3/4
    // (x = 3) comes back as x = 3 - 8(t - 3/4) = 9 - 8t: x = 2 at 7/8.
    // Contacts [1/4, 5/8] and [7/8, 1].
    let pieces = format!(
        r#"[{{ "until": "1/2", "motion": {} }}, {{ "until": "3/4", "motion": {} }}, {{ "motion": {} }}]"#,
        along_x(r#"["3", "-4"]"#),
        along_x(r#"["-3", "8"]"#),
        along_x(r#"["9", "-8"]"#)
    );
    check_case(
        &scenario_b(["0", "1"], &pieces),
        &Expected {
            time: Some("1/4"),
            initially_overlapping: false,
            intervals: &[("1/4", "5/8"), ("7/8", "1")],
        },
    );
}

#[test]
fn both_bodies_piecewise_with_different_breakpoints() {
    // a: at rest on [0, 1/3], then x_a = 3t - 1; b: x_b = 6 - 6t on
    // [0, 1/2], then at rest at 3. The gap x_b - x_a is 6 - 6t, then
    // 7 - 9t on [1/3, 1/2] (5/2 at 1/2), then 4 - 3t: = 2 at t = 2/3, and
    // it stays above -2 to t = 1. Common sub-intervals [0, 1/3], [1/3,
    // 1/2], [1/2, 1].
    let text = format!(
        r#"{{ "format": "exactccd/scenario-v1",
  "a": {{ "shape": {{ "box": {{ "half_extents": ["1", "1", "1"] }} }},
         "motion": {{ "piecewise": {{ "pieces": [
            {{ "until": "1/3", "motion": {} }}, {{ "motion": {} }} ] }} }} }},
  "b": {{ "shape": {{ "box": {{ "half_extents": ["1", "1", "1"] }} }},
         "motion": {{ "piecewise": {{ "pieces": [
            {{ "until": "1/2", "motion": {} }}, {{ "motion": {} }} ] }} }} }} }}"#,
        along_x(r#""0""#),
        along_x(r#"["-1", "3"]"#),
        along_x(r#"["6", "-6"]"#),
        along_x(r#""3""#)
    );
    check_case(
        &text,
        &Expected {
            time: Some("2/3"),
            initially_overlapping: false,
            intervals: &[("2/3", "1")],
        },
    );
    let r = run(
        &load(&text, ScalarKind::Exact),
        Method::Sat,
        ScalarKind::Exact,
    );
    assert_eq!(
        serde_json::to_value(r.stats.unwrap()).unwrap()["sub_intervals"],
        3
    );
}

#[test]
fn overlap_at_the_start_and_no_contact_at_all() {
    // overlapping at t0 = 0 (x = 1), leaving through the join: [0, 1/4]
    let out = format!(
        r#"[{{ "until": "1/8", "motion": {} }}, {{ "motion": {} }}]"#,
        along_x(r#"["1", "4"]"#),
        along_x(r#"["1", "4"]"#)
    );
    check_case(
        &scenario_b(["0", "1"], &out),
        &Expected {
            time: Some("0"),
            initially_overlapping: true,
            intervals: &[("0", "1/4")],
        },
    );
    // far apart throughout, three pieces: the certificate tiles [0, 1]
    let apart = format!(
        r#"[{{ "until": "1/3", "motion": {} }}, {{ "until": "2/3", "motion": {} }}, {{ "motion": {} }}]"#,
        along_x(r#"["5", "-3"]"#),
        along_x(r#"["3", "3"]"#),
        along_x(r#""5""#)
    );
    check_case(
        &scenario_b(["0", "1"], &apart),
        &Expected {
            time: None,
            initially_overlapping: false,
            intervals: &[],
        },
    );
}

// ---- generated piecewise scenarios ------------------------------------------

/// The rational motion `x(t) = (L(t) y + T(t)) / w(t)` as a contract
/// `row_matrix` (which carries the pose).
fn row_matrix(m: &PolyMotion<BigRational>) -> Motion {
    Motion::RowMatrix {
        rows: m.to_row_matrix(),
        denominator: m.denominator.clone(),
    }
}

/// `m` moved as a whole by the constant affine map `(c, v)`: `x -> c x +
/// v` after `m`.
fn moved(
    m: &PolyMotion<BigRational>,
    c: &Mat3<BigRational>,
    v: &Vec3<BigRational>,
) -> PolyMotion<BigRational> {
    let cp: Mat3<Poly<BigRational>> = c.map(|x| Poly::constant(x.clone()));
    let vp: Vec3<Poly<BigRational>> = v.map(|x| Poly::constant(x.clone()));
    PolyMotion::new(
        cp.mul_mat(&m.linear),
        &cp.mul_vec(&m.translation) + &vp.scale(&m.denominator),
        m.denominator.clone(),
    )
}

/// `first` until `s`, then `second` moved so that it starts at `s` where
/// `first` is (continuous by construction): `second` composed with the
/// constant rigid map `first(s) second(s)^-1`. `None` when `second`'s
/// denominator vanishes on `[s, t1]`.
fn continued(
    first: &PolyMotion<BigRational>,
    second: &PolyMotion<BigRational>,
    s: &BigRational,
    t1: &BigRational,
) -> Option<Motion> {
    let w = &second.denominator;
    if !isolate_roots(w, s, t1).ok()?.is_empty() {
        return None;
    }
    let join = compose_affine(&first.eval_at(s), &invert_affine(&second.eval_at(s))?);
    Some(Motion::Piecewise {
        pieces: vec![
            MotionPiece {
                until: Some(s.clone()),
                motion: row_matrix(first),
            },
            MotionPiece {
                until: None,
                motion: row_matrix(&moved(second, &join.0, &join.1)),
            },
        ],
    })
}

fn same(a: &ContactResult, b: &ContactResult) -> bool {
    a.collides == b.collides
        && a.initially_overlapping == b.initially_overlapping
        && a.time.as_ref().map(exact) == b.time.as_ref().map(exact)
        && a.contact_intervals.len() == b.contact_intervals.len()
        && a.contact_intervals
            .iter()
            .zip(&b.contact_intervals)
            .all(|((a0, a1), (b0, b1))| exact(a0) == exact(b0) && exact(a1) == exact(b1))
}

fn poly_motion(body: &Body, t0: &BigRational) -> PolyMotion<BigRational> {
    PolyMotion::from_body_on(body, t0).expect("a rational motion")
}

/// Breakpoints strictly inside [0, 1] that generated motions are cut at.
const BREAKS: [&str; 4] = ["1/2", "1/3", "5/8", "3/7"];

#[test]
fn cutting_a_motion_into_two_identical_pieces_changes_nothing() {
    let opts = SolveOptions::default();
    let mut checked = 0;
    for (k, class) in ScenarioClass::RANDOM
        .into_iter()
        .chain(ScenarioClass::DEGENERATE)
        .enumerate()
    {
        for index in 0..3u64 {
            let s = generate(11, index, class);
            let t0 = s.interval.0.clone();
            let mut cut = s.clone();
            let m = poly_motion(s.b(), &t0);
            let at = q(BREAKS[(k + index as usize) % BREAKS.len()]);
            cut.b_mut().motion = Motion::Piecewise {
                pieces: vec![
                    MotionPiece {
                        until: Some(at),
                        motion: row_matrix(&m),
                    },
                    MotionPiece {
                        until: None,
                        motion: row_matrix(&m),
                    },
                ],
            };
            cut.b_mut().pose = exactccd::geom::Pose::identity();
            // the writer and loader accept it (continuity holds exactly)
            let cut = load(&write_scenario(&cut), exactccd::contact::ScalarKind::Exact);
            for method in [Method::Sgm, Method::Sat] {
                let whole = solve(&s.query(), method, ScalarKind::Exact, &opts).unwrap();
                let split = solve(&cut.query(), method, ScalarKind::Exact, &opts).unwrap();
                assert!(
                    same(&whole, &split),
                    "{class} #{index} {method}: whole {:?}\nsplit {:?}\n{}",
                    (&whole.time, &whole.contact_intervals),
                    (&split.time, &split.contact_intervals),
                    write_scenario(&cut)
                );
                assert_eq!(
                    referee(&cut.query(), &split),
                    Verdict::Certified,
                    "{class} #{index} {method}"
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 36);
}

#[test]
fn exact_sgm_equals_exact_sat_on_generated_piecewise_motions() {
    let opts = SolveOptions::default();
    let classes = [
        ScenarioClass::Linear,
        ScenarioClass::RationalRotation(1),
        ScenarioClass::RationalRotation(2),
        ScenarioClass::AxisAligned,
        ScenarioClass::TouchingInstant,
        ScenarioClass::FlushSliding,
    ];
    let (mut checked, mut collisions, mut f64_agree, mut f64_refused) = (0, 0, 0, 0);
    for (k, class) in classes.into_iter().enumerate() {
        for index in 0..8u64 {
            let first = generate(21, index, class);
            let second = generate(22, index, classes[(k + 1) % classes.len()]);
            let t0 = first.interval.0.clone();
            let t1 = first.interval.1.clone();
            let s_b = q(BREAKS[index as usize % BREAKS.len()]);
            let mut s = first.clone();
            let Some(mb) = continued(
                &poly_motion(first.b(), &t0),
                &poly_motion(second.b(), &t0),
                &s_b,
                &t1,
            ) else {
                continue;
            };
            s.b_mut().motion = mb;
            s.b_mut().pose = exactccd::geom::Pose::identity();
            if index % 2 == 1 {
                // a piecewise too, with another breakpoint
                let s_a = q(BREAKS[(index as usize + 1) % BREAKS.len()]);
                if let Some(ma) = continued(
                    &poly_motion(first.a(), &t0),
                    &poly_motion(second.a(), &t0),
                    &s_a,
                    &t1,
                ) {
                    s.a_mut().motion = ma;
                    s.a_mut().pose = exactccd::geom::Pose::identity();
                }
            }
            let text = write_scenario(&s);
            if let Ok(dir) = std::env::var("PIECEWISE_DUMP") {
                std::fs::write(format!("{dir}/{class}-{index}.json"), &text).unwrap();
            }
            let s = load(&text, ScalarKind::Exact);
            let q = s.query();
            let sgm = solve(&q, Method::Sgm, ScalarKind::Exact, &opts)
                .unwrap_or_else(|e| panic!("{class} #{index}: {e}\n{text}"));
            let sat = solve(&q, Method::Sat, ScalarKind::Exact, &opts)
                .unwrap_or_else(|e| panic!("{class} #{index}: {e}\n{text}"));
            assert!(
                same(&sgm, &sat),
                "{class} #{index}: sgm {:?}\nsat {:?}\n{text}",
                (&sgm.time, &sgm.contact_intervals),
                (&sat.time, &sat.contact_intervals)
            );
            for (name, r) in [("sgm", &sgm), ("sat", &sat)] {
                assert_eq!(
                    referee(&q, r),
                    Verdict::Certified,
                    "{class} #{index} {name}:\n{text}"
                );
            }
            // f64: where the exact answer is robust (a random class, no
            // zero-length contact), the decision and the time agree. The pieces are
            // `row_matrix` motions with rational entries, which rounding
            // may leave not quite rigid: then the f64 path refuses them
            // (status 3, as for any such row_matrix), counted apart.
            let f = load(&text, ScalarKind::F64);
            // (the degenerate classes touch without penetrating, which f64
            // without tolerance may see late or miss: answers only)
            let robust = !ScenarioClass::DEGENERATE.contains(&class)
                && sgm
                    .contact_intervals
                    .iter()
                    .all(|(a, b)| exact(a) != exact(b));
            for method in [Method::Sgm, Method::Sat] {
                let x = match solve(&f.query(), method, ScalarKind::F64, &opts) {
                    Ok(x) => x,
                    Err(e) if e.is_not_applicable() => {
                        let why = e.reason();
                        assert!(
                            why.contains("row_matrix"),
                            "{class} #{index} {method}/f64: {why}"
                        );
                        f64_refused += 1;
                        continue;
                    }
                    Err(e) => panic!("{class} #{index} {method}/f64: {e}"),
                };
                if robust {
                    assert_eq!(x.collides, sgm.collides, "{class} #{index} {method}/f64");
                    if let (Some(Time::Float(t)), Some(e)) = (&x.time, &sgm.time) {
                        let e = exact(e).to_f64();
                        assert!(
                            (t - e).abs() <= 1e-7 * e.abs().max(1.0),
                            "{class} #{index} {method}/f64: {t} vs {e}"
                        );
                    }
                    f64_agree += 1;
                }
            }
            checked += 1;
            collisions += usize::from(sgm.collides);
        }
    }
    assert!(checked >= 44, "{checked}");
    assert!(collisions >= 20, "{collisions}");
    eprintln!("checked {checked}, collisions {collisions}, f64 agreeing {f64_agree}, f64 refused {f64_refused}");
    assert!(f64_agree >= 20, "{f64_agree} (refused {f64_refused})");
}

#[test]
fn the_piecewise_campaign_class_is_continuous_and_sgm_equals_sat() {
    let opts = SolveOptions::default();
    let mut collisions = 0;
    for index in 0..24u64 {
        let s = generate(31, index, ScenarioClass::Piecewise);
        assert!(s.b().motion.is_piecewise());
        // the loader accepts it: continuous at the join, exactly
        let text = write_scenario(&s);
        let back = load(&text, ScalarKind::Exact);
        assert_eq!(back, s);
        let q = s.query();
        let sgm = solve(&q, Method::Sgm, ScalarKind::Exact, &opts).unwrap();
        let sat = solve(&q, Method::Sat, ScalarKind::Exact, &opts).unwrap();
        assert!(same(&sgm, &sat), "#{index}:\n{text}");
        assert_eq!(referee(&q, &sgm), Verdict::Certified, "#{index}");
        assert_eq!(referee(&q, &sat), Verdict::Certified, "#{index}");
        collisions += usize::from(sgm.collides);
    }
    assert!(collisions >= 6, "{collisions}");
}
