//! The `f64` path of `minkowski` for a sphere against a box and two
//! capsules (`first_contact_f64`): hand-derived times, and agreement with
//! the exact answer (hit or miss, first and last contact within `1e-9`,
//! the normal within `1e-9`, the features where the exact first contact is
//! not at the boundary of two features of the difference) on the `shapes`
//! bench's seeded set and on random scenarios; `exactccd solve --scalar
//! f64` answers by it.

#[path = "../../crates/exactccd/benches/shapes_set/mod.rs"]
mod shapes_set;

use crate::distance::{approx, scenario};
use exactccd::solver::minkowski::{first_contact_f64, FastAnswer, FastBody, FastShape};
use exactccd::{
    parse_scenario, solve, ContactResult, LoadOptions, Method, ScalarKind, Scenario, SolveOptions,
    Time,
};
use proptest::prelude::*;
use shapes_set::{scenarios, Pair};

fn options() -> SolveOptions {
    SolveOptions {
        certify: false,
        ..SolveOptions::default()
    }
}

fn load(text: &str, scalar: ScalarKind) -> Scenario {
    parse_scenario(text, None, &LoadOptions::for_scalar(scalar)).expect("valid scenario")
}

fn answer(s: &Scenario, method: Method, scalar: ScalarKind) -> ContactResult {
    solve(&s.query(), method, scalar, &options()).expect("an answer")
}

/// The fast path on a scenario's bodies, converted once.
fn fast(s: &Scenario) -> Option<FastAnswer> {
    let (a, b) = s.bodies().expect("two bodies");
    let (fa, fb) = (FastBody::from_body(a)?, FastBody::from_body(b)?);
    let t = |q| exactccd::scalar::rational_to_f64(q);
    first_contact_f64(
        &fa,
        &fb,
        (t(&s.interval.0), t(&s.interval.1)),
        t(&s.separation),
    )
}

/// True when both bodies are capsules whose segments are parallel within
/// an angle of `1e-4` (the fast path declines them).
fn parallel_capsules(s: &Scenario) -> bool {
    let (a, b) = s.bodies().expect("two bodies");
    let dir = |body| match FastBody::from_body(body).map(|f| f.shape) {
        Some(FastShape::Capsule { a, b, .. }) => Some([b[0] - a[0], b[1] - a[1], b[2] - a[2]]),
        _ => None,
    };
    let (Some(x), Some(y)) = (dir(a), dir(b)) else {
        return false;
    };
    let cross = [
        x[1] * y[2] - x[2] * y[1],
        x[2] * y[0] - x[0] * y[2],
        x[0] * y[1] - x[1] * y[0],
    ];
    let norm = |v: [f64; 3]| (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    norm(cross) <= 1e-4 * norm(x) * norm(y)
}

/// How a fast answer compared with the exact one.
#[derive(Default, Debug)]
struct Agreement {
    compared: usize,
    hits: usize,
    features_differ: usize,
}

/// Asserts the fast answer agrees with the exact one (module docs): hit or
/// miss, both ends, the normal and the point; the features are counted
/// where they differ (at a tie of two pieces `f64` rounding may pick the
/// other), and the caller decides how many may.
fn agree(exact: &ContactResult, fast: &FastAnswer, t0: f64, name: &str, tally: &mut Agreement) {
    tally.compared += 1;
    let contact = fast.contact;
    assert_eq!(exact.collides, contact.is_some(), "{name}: hit or miss");
    let Some(c) = contact else { return };
    tally.hits += 1;
    let t = approx(exact.time.as_ref().expect("a time"));
    let [(lo, hi)] = exact.contact_intervals.as_slice() else {
        panic!("{name}: one contact interval")
    };
    assert!(
        (t - c.first).abs() <= 1e-9,
        "{name}: first {t} vs {}",
        c.first
    );
    assert!((approx(lo) - c.first).abs() <= 1e-9, "{name}");
    assert!(
        (approx(hi) - c.last).abs() <= 1e-9,
        "{name}: last {} vs {}",
        approx(hi),
        c.last
    );
    assert_eq!(exact.initially_overlapping, c.first == t0, "{name}");
    assert_eq!(exact.normal.is_some(), c.normal.is_some(), "{name}: normal");
    if let (Some(n), Some(m)) = (exact.normal, c.normal) {
        let gap = (0..3).map(|i| (n[i] - m[i]).abs()).fold(0.0, f64::max);
        assert!(gap <= 1e-9, "{name}: normal {n:?} vs {m:?}");
    }
    if let (Some(p), Some(q)) = (exact.point, c.point) {
        let gap = (0..3).map(|i| (p[i] - q[i]).abs()).fold(0.0, f64::max);
        assert!(gap <= 1e-9, "{name}: point {p:?} vs {q:?}");
    }
    let exact_features = exact.feature.as_ref().map(|f| (f.a, f.b));
    if exact_features != c.features {
        tally.features_differ += 1;
        println!("{name}: features {exact_features:?} vs {:?}", c.features);
    }
}

/// On the bench's seeded set the fast path answers every scenario, agrees
/// with the exact answer, names the same features, and is what `solve
/// --scalar f64` answers.
#[test]
fn the_fast_path_agrees_with_exact_on_the_bench_set() {
    for pair in [Pair::SphereBox, Pair::CapsuleCapsule] {
        let exact = scenarios(pair, 200, ScalarKind::Exact);
        let float = scenarios(pair, 200, ScalarKind::F64);
        let mut tally = Agreement::default();
        let mut declined = 0;
        for (se, sf) in exact.iter().zip(&float) {
            let name = se.name.clone().unwrap_or_default();
            let e = answer(se, Method::Minkowski, ScalarKind::Exact);
            let lib = answer(sf, Method::Minkowski, ScalarKind::F64);
            let Some(f) = fast(sf) else {
                // declined: only capsules parallel within 1e-4, which the
                // general method answers
                assert!(parallel_capsules(sf), "{name}: the fast path declined");
                assert_eq!(lib.collides, e.collides, "{name}");
                declined += 1;
                continue;
            };
            agree(&e, &f, 0.0, &name, &mut tally);
            // the library's f64 answer is the fast one
            let c = f.contact;
            assert_eq!(lib.time, c.map(|c| Time::Float(c.first)), "{name}");
            assert_eq!(lib.normal, c.and_then(|c| c.normal), "{name}");
        }
        println!("{}: {tally:?}, {declined} declined", pair.name());
        assert_eq!(tally.compared + declined, 200);
        assert!(declined <= 20, "{declined} declined");
        assert!(tally.hits >= 80, "{tally:?}");
        assert_eq!(tally.features_differ, 0, "{tally:?}");
    }
}

fn vec_text(v: [i64; 3], den: i64) -> String {
    format!(r#"["{}/{den}","{}/{den}","{}/{den}"]"#, v[0], v[1], v[2])
}

fn quat_text(q: [i64; 4]) -> String {
    let q = if q == [0; 4] { [1, 0, 0, 0] } else { q };
    format!(r#"["{}","{}","{}","{}"]"#, q[0], q[1], q[2], q[3])
}

fn body(shape: String, q: [i64; 4], at: [i64; 3], velocity: [i64; 3]) -> String {
    format!(
        r#"{{"shape":{shape},"pose":{{"quaternion":{},"translation":{}}},"motion":{{"linear":{{"velocity":{}}}}}}}"#,
        quat_text(q),
        vec_text(at, 2),
        vec_text(velocity, 2)
    )
}

fn coords() -> impl Strategy<Value = [i64; 3]> {
    [-8i64..8, -8i64..8, -8i64..8]
}

fn quaternion() -> impl Strategy<Value = [i64; 4]> {
    [-2i64..3, -2i64..3, -2i64..3, -2i64..3]
}

/// Checks one random scenario: the fast path answers it (unless two
/// capsules are parallel within its limit) and agrees with exact.
fn check_random(text: &str) -> Result<(), TestCaseError> {
    let exact = load(text, ScalarKind::Exact);
    let e = answer(&exact, Method::Minkowski, ScalarKind::Exact);
    let Some(f) = fast(&load(text, ScalarKind::F64)) else {
        // declined: only parallel capsules
        prop_assert!(text.contains("capsule"));
        return Ok(());
    };
    let mut tally = Agreement::default();
    agree(&e, &f, 0.0, text, &mut tally);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A random sphere against a random turned box, either order, with a
    /// separation: the fast path agrees with exact.
    #[test]
    fn the_fast_path_agrees_with_exact_on_random_sphere_box(
        h in [1i64..5, 1i64..5, 1i64..5], q in quaternion(),
        at in coords(), vel in coords(), box_vel in coords(),
        radius in 1i64..5, sep in 0i64..3, swap in any::<bool>(),
    ) {
        let boxed = body(
            format!(r#"{{"box":{{"half_extents":{}}}}}"#, vec_text(h, 2)),
            q, [0, 0, 0], box_vel,
        );
        let ball = body(
            format!(r#"{{"sphere":{{"radius":"{radius}/4"}}}}"#),
            [1, 0, 0, 0], at, vel,
        );
        let (a, b) = if swap { (ball, boxed) } else { (boxed, ball) };
        check_random(&scenario(r#"["0","2"]"#, &format!("{sep}/8"), &a, &b))?;
    }

    /// Two random capsules, one at rest: the fast path agrees with exact.
    #[test]
    fn the_fast_path_agrees_with_exact_on_random_capsules(
        ends in [coords(), coords(), coords(), coords()],
        qa in quaternion(), qb in quaternion(),
        at in coords(), vel in coords(),
        ra in 1i64..5, rb in 1i64..5, sep in 0i64..3,
    ) {
        let cap = |p: [i64; 3], q: [i64; 3], r: i64| format!(
            r#"{{"capsule":{{"a":{},"b":{},"radius":"{r}/8"}}}}"#,
            vec_text(p, 4), vec_text(q, 4),
        );
        let a = body(cap(ends[0], ends[1], ra), qa, [0, 0, 0], [0, 0, 0]);
        let b = body(cap(ends[2], ends[3], rb), qb, at, vel);
        check_random(&scenario(r#"["0","2"]"#, &format!("{sep}/8"), &a, &b))?;
    }
}

const UNIT_BOX: &str = r#"{"shape":{"box":{"half_extents":["1","1","1"]}}}"#;

fn fast_of(text: &str) -> FastAnswer {
    fast(&load(text, ScalarKind::F64)).expect("the fast path answers")
}

fn first_last(f: &FastAnswer) -> (f64, f64) {
    let c = f.contact.expect("a contact");
    (c.first, c.last)
}

#[test]
fn hand_cases_of_a_sphere_and_a_box() {
    let ball = |at: &str, v: &str| {
        format!(
            r#"{{"shape":{{"sphere":{{"radius":"1"}}}},"pose":{{"translation":{at}}},"motion":{{"linear":{{"velocity":{v}}}}}}}"#
        )
    };
    // x = 3 - t reaches the face x = 1 + 1 at t = 1
    let f = fast_of(&scenario(
        r#"["0","4"]"#,
        "0",
        &ball(r#"["3","0","0"]"#, r#"["-1","0","0"]"#),
        UNIT_BOX,
    ));
    assert_eq!(first_last(&f), (1.0, 4.0));
    // (3 - t, 3 - t, 0) is (2 - t) sqrt 2 from the edge (1, 1, z)
    let f = fast_of(&scenario(
        r#"["0","4"]"#,
        "0",
        &ball(r#"["3","3","0"]"#, r#"["-1","-1","0"]"#),
        UNIT_BOX,
    ));
    let (first, _) = first_last(&f);
    assert!((first - (2.0 - 0.5f64.sqrt())).abs() <= 1e-15);
    // touching the face at t0 (a gap of exactly 0), moving away: contact
    // [0, 0], from the start
    let f = fast_of(&scenario(
        r#"["0","4"]"#,
        "0",
        &ball(r#"["2","1/2","0"]"#, r#"["1","0","0"]"#),
        UNIT_BOX,
    ));
    assert_eq!(first_last(&f), (0.0, 0.0));
    // reaching the face exactly at t1 = 1
    let f = fast_of(&scenario(
        r#"["0","1"]"#,
        "0",
        &ball(r#"["3","0","0"]"#, r#"["-1","0","0"]"#),
        UNIT_BOX,
    ));
    assert_eq!(first_last(&f), (1.0, 1.0));
    // missing it by 2^-30 at t1
    let f = fast_of(&scenario(
        r#"["0","1"]"#,
        "0",
        &ball(
            r#"["3.000000000931322574615478515625","0","0"]"#,
            r#"["-1","0","0"]"#,
        ),
        UNIT_BOX,
    ));
    assert_eq!(f.contact, None);
    // no relative motion: in contact throughout, or never
    for (at, hit) in [(r#"["2","0","0"]"#, true), (r#"["2.5","0","0"]"#, false)] {
        let f = fast_of(&scenario(
            r#"["0","1"]"#,
            "0",
            &ball(at, r#"["0","0","0"]"#),
            UNIT_BOX,
        ));
        assert_eq!(
            f.contact.map(|c| (c.first, c.last)),
            hit.then_some((0.0, 1.0))
        );
    }
    // the centre inside the box at t0: overlapping, no feature (the solid)
    let f = fast_of(&scenario(
        r#"["0","1"]"#,
        "0",
        &ball(r#"["0","0","0"]"#, r#"["1","0","0"]"#),
        UNIT_BOX,
    ));
    let c = f.contact.expect("a contact");
    assert_eq!((c.first, c.last, c.features), (0.0, 1.0, None));
}

#[test]
fn hand_cases_of_two_capsules() {
    let cap = |a: &str, b: &str, at: &str, v: &str| {
        format!(
            r#"{{"shape":{{"capsule":{{"a":{a},"b":{b},"radius":"1/2"}}}},"pose":{{"translation":{at}}},"motion":{{"linear":{{"velocity":{v}}}}}}}"#
        )
    };
    let a = cap(
        r#"["-1","0","0"]"#,
        r#"["1","0","0"]"#,
        r#"["0","0","0"]"#,
        r#"["0","0","0"]"#,
    );
    // b along y at z = 3 - t: the axes 1 apart at t = 2, through until 4
    let b = cap(
        r#"["0","-1","0"]"#,
        r#"["0","1","0"]"#,
        r#"["0","0","3"]"#,
        r#"["0","0","-1"]"#,
    );
    let f = fast_of(&scenario(r#"["0","5"]"#, "0", &a, &b));
    assert_eq!(first_last(&f), (2.0, 4.0));
    // b's end (2, 0, 3) over a's end (1, 0, 0), b along y, falling: the
    // ends' balls meet when (2 - 1)^2 + (3 - t)^2 = 1, t = 3
    let b = cap(
        r#"["2","0","0"]"#,
        r#"["2","1","0"]"#,
        r#"["0","0","3"]"#,
        r#"["0","0","-1"]"#,
    );
    let f = fast_of(&scenario(r#"["0","5"]"#, "0", &a, &b));
    assert_eq!(first_last(&f), (3.0, 3.0));
    // parallel capsules: declined, and the library's f64 answer (by the
    // general method) agrees with exact: the axes 1 apart at t = 2
    let b = cap(
        r#"["-1","0","0"]"#,
        r#"["3","0","0"]"#,
        r#"["0","0","3"]"#,
        r#"["0","0","-1"]"#,
    );
    let text = scenario(r#"["0","5"]"#, "0", &a, &b);
    assert_eq!(fast(&load(&text, ScalarKind::F64)), None);
    let e = answer(
        &load(&text, ScalarKind::Exact),
        Method::Minkowski,
        ScalarKind::Exact,
    );
    let f = answer(
        &load(&text, ScalarKind::F64),
        Method::Minkowski,
        ScalarKind::F64,
    );
    assert_eq!(f.time, Some(Time::Float(2.0)));
    assert_eq!(approx(e.time.as_ref().unwrap()), 2.0);
}

/// A touch at the boundary of a turned box's face and edge, where the face
/// prism holds the centre at one instant (it reaches the grown face as it
/// leaves the face's side): the exact answer names the face, and so does
/// the fast path, whose two rounded ends of that instant may cross.
#[test]
fn a_one_instant_face_prism_of_a_turned_box_names_the_face() {
    let text = r#"{"format":"exactccd/scenario-v1","interval":["0","2"],"separation":"1/4","a":{"shape":{"box":{"half_extents":["2","2","3/2"]}},"pose":{"quaternion":["2","-1","2","0"]},"motion":{"linear":{"velocity":["-7/2","-3","-3"]}}},"b":{"shape":{"sphere":{"radius":"1/4"}},"pose":{"translation":["1","1","5/2"]},"motion":{"linear":{"velocity":["1/2","-3","-3"]}}}}"#;
    let e = answer(
        &load(text, ScalarKind::Exact),
        Method::Minkowski,
        ScalarKind::Exact,
    );
    assert_eq!(approx(e.time.as_ref().unwrap()), 0.125);
    let f = fast_of(text);
    let mut tally = Agreement::default();
    agree(&e, &f, 0.0, "one-instant face prism", &mut tally);
    assert_eq!(tally.features_differ, 0);
}
