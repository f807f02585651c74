//! The glide solver (Buss, "Collision Detection with Glide Rotations"), analytic variant: hand-derived times
//! under translation (exact) and rotation (certified enclosures of closed
//! forms), agreement with SAT (exactly on translations; on rotations with
//! SAT's exact answer on the same path written as a `rational` motion in
//! the rational parameter), overlap at `t0`, `--all`, and the `f64` path.

use exactccd::contact::{solve, ContactResult, Method, ScalarKind, SolveOptions, Time};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::geom::{quaternion_rotation, BoxShape, Pose, Shape, Vec3};
use exactccd::motion::{Body, Motion};
use exactccd::poly::{Poly, RealAlgebraic};
use exactccd::scalar::{parse_number, BigInt, BigRational};
use exactccd::scenario::{parse_scenario, LoadOptions, Scenario};
use exactccd::solver::glide::{atan_interval, sqrt_interval, Interval};

fn q(s: &str) -> BigRational {
    parse_number(s).unwrap()
}

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn load(text: &str, scalar: ScalarKind) -> Scenario {
    parse_scenario(text, None, &LoadOptions::for_scalar(scalar)).unwrap()
}

fn run(s: &Scenario, method: Method, scalar: ScalarKind, all: bool) -> ContactResult {
    let options = SolveOptions {
        precision: 64,
        all_collisions: all,
        ..SolveOptions::default()
    };
    solve(&s.query(), method, scalar, &options).unwrap()
}

fn enclosure(t: &Time) -> (BigRational, BigRational) {
    match t {
        Time::Enclosure { lower, upper } => (lower.clone(), upper.clone()),
        other => panic!("expected an enclosure, got {other:?}"),
    }
}

/// A bar `[0, 2] x [-1/10, 1/10] x [-1/10, 1/10]` turning a quarter turn
/// about the z axis into the wall `y >= 1`. The outer top corner `(2, 1/10)`
/// is at height `2 sin φ + (1/10) cos φ`, which reaches 1 at
/// `φ* = asin(1 / sqrt(4.01)) - atan(1/20)`.
const BAR_MOTION_POSES: &str = r#"{ "poses": { "end": {
    "quaternion": ["1", "0", "0", "1"], "translation": ["0", "1", "0"] } } }"#;

fn bar_scenario(motion: &str) -> String {
    format!(
        r#"{{
  "format": "exactccd/scenario-v1",
  "a": {{ "shape": {{ "box": {{ "half_extents": ["5", "1", "5"] }} }},
          "pose": {{ "translation": ["0", "2", "0"] }} }},
  "b": {{ "shape": {{ "box": {{ "half_extents": ["1", "1/10", "1/10"] }} }},
          "pose": {{ "translation": ["1", "0", "0"] }},
          "motion": {motion} }}
}}"#
    )
}

/// `φ*` and the times it gives, to 45 digits (mpmath, independently of the
/// crate): `φ* = 0.472920192056634288032488240624255985917877895`.
const BAR_TIME_POSES: &str = "0.301070345015127370898342607997251950985327795";
const BAR_TIME_SCREW: &str = "0.31528012803775619202165882708283732394525193";

fn assert_narrow_enclosure_of(t: &Time, closed_form: &str) {
    let (lo, hi) = enclosure(t);
    let x = q(closed_form);
    let ulp45 = q("1e-44");
    assert!(
        lo <= &x + &ulp45 && &x - &ulp45 <= hi,
        "[{lo}, {hi}] misses {closed_form}"
    );
    let width = &hi - &lo;
    assert!(
        width <= r(1, 1) / BigRational::from_integer(BigInt::from(1u128 << 64)),
        "enclosure too wide: {width}"
    );
}

#[test]
fn bar_swinging_into_a_wall_poses() {
    let s = load(&bar_scenario(BAR_MOTION_POSES), ScalarKind::Exact);
    let res = run(&s, Method::Glide, ScalarKind::Exact, false);
    assert!(res.collides && !res.initially_overlapping);
    assert_narrow_enclosure_of(res.time.as_ref().unwrap(), BAR_TIME_POSES);
    let f = res.feature.unwrap();
    assert_eq!(f.a, "face -y");
    assert!(
        f.b == "vertex (+,+,-)" || f.b == "vertex (+,+,+)",
        "{}",
        f.b
    );
    // The point: the corner at φ*, (2 cos φ* - sin φ* / 10, 1).
    let p = res.point.unwrap();
    let phi = 0.472_920_192_056_634_3_f64;
    assert!((p[0] - (2.0 * phi.cos() - 0.1 * phi.sin())).abs() < 1e-12);
    assert!((p[1] - 1.0).abs() < 1e-12);
    // From a (the wall) to b: the wall face's outward normal.
    let n = res.normal.unwrap();
    assert!(n[0].abs() < 1e-12 && (n[1] + 1.0).abs() < 1e-12 && n[2].abs() < 1e-12);
    // f64: the same algorithm in f64 agrees to rounding.
    let sf = load(&bar_scenario(BAR_MOTION_POSES), ScalarKind::F64);
    let rf = run(&sf, Method::Glide, ScalarKind::F64, false);
    match rf.time {
        Some(Time::Float(t)) => assert!((t - 0.301_070_345_015_127_4).abs() < 1e-12, "{t}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bar_swinging_into_a_wall_screw() {
    let motion = r#"{ "screw": { "axis_point": ["0", "0", "0"],
        "axis_direction": ["0", "0", "3"], "angle": "3/2" } }"#;
    let s = load(&bar_scenario(motion), ScalarKind::Exact);
    let res = run(&s, Method::Glide, ScalarKind::Exact, false);
    assert!(res.collides);
    assert_narrow_enclosure_of(res.time.as_ref().unwrap(), BAR_TIME_SCREW);
    // Turning the other way (negative angle) the bar swings away from the
    // wall: no contact within the 3/2 radians.
    let away = motion.replace("\"3/2\"", "\"-3/2\"");
    let s = load(&bar_scenario(&away), ScalarKind::Exact);
    assert!(!run(&s, Method::Glide, ScalarKind::Exact, false).collides);
    // A screw turning 3 radians or more is not one glide rotation from
    // `t0`: the event cells answer it, at half the time (twice the speed).
    let far = motion.replace("\"3/2\"", "\"3\"");
    let s = load(&bar_scenario(&far), ScalarKind::Exact);
    let res = run(&s, Method::Glide, ScalarKind::Exact, false);
    assert!(res.collides && !res.initially_overlapping);
    assert_narrow_enclosure_of(res.time.as_ref().unwrap(), BAR_TIME_SCREW_TWICE);
    assert_eq!(res.feature.as_ref().unwrap().a, "face -y");
}

/// `φ* / 3`: the bar's time under the screw of angle 3.
const BAR_TIME_SCREW_TWICE: &str = "0.157640064018878096010829413541418661972625965";

/// The same swing as an `angular` motion (engines' `NonlinearRigidMotion`)
/// about the bar's local point `(-1, 0, 0)`, the world origin: not a glide
/// rotation glide's screw algorithm takes (an `angular` motion), answered
/// by the event cells at the screw's time; the contact interval runs from
/// the contact to `t1` (the bar stays in the wall).
#[test]
fn bar_swinging_into_a_wall_angular_about_a_centre() {
    let motion = r#"{ "angular": { "velocity": ["0", "0", "0"],
        "angular_velocity": ["0", "0", "3/2"], "center": ["-1", "0", "0"] } }"#;
    let s = load(&bar_scenario(motion), ScalarKind::Exact);
    let res = run(&s, Method::Glide, ScalarKind::Exact, false);
    assert!(res.collides && !res.initially_overlapping);
    assert_narrow_enclosure_of(res.time.as_ref().unwrap(), BAR_TIME_SCREW);
    let f = res.feature.unwrap();
    assert_eq!(f.a, "face -y");
    assert_eq!(res.contact_intervals.len(), 1);
    let (start, end) = &res.contact_intervals[0];
    assert_narrow_enclosure_of(start, BAR_TIME_SCREW);
    assert!(matches!(end, Time::Exact(t) if t.as_rational() == Some(&r(1, 1))));
    // the same motion from `t0 = 1/10`: the bar is already turned there
    let late = bar_scenario(motion).replacen('{', "{ \"interval\": [\"1/10\", \"1\"],", 1);
    let s = load(&late, ScalarKind::Exact);
    let res = run(&s, Method::Glide, ScalarKind::Exact, false);
    assert_narrow_enclosure_of(res.time.as_ref().unwrap(), BAR_TIME_SCREW);
}

#[test]
fn all_collisions_are_listed_in_time_order_with_properness() {
    let s = load(&bar_scenario(BAR_MOTION_POSES), ScalarKind::Exact);
    let res = run(&s, Method::Glide, ScalarKind::Exact, true);
    let list = serde_json::to_value(res.collisions.as_ref().unwrap()).unwrap();
    let list = list.as_array().unwrap().clone();
    // The two outer top corners hit the wall face at the same instant.
    assert!(list.len() >= 2);
    let approx: Vec<f64> = list
        .iter()
        .map(|c| c["time"]["approx"].as_f64().unwrap())
        .collect();
    assert!(approx.windows(2).all(|w| w[0] <= w[1]));
    let first = &list[0];
    assert_eq!(first["kind"], "face-vertex");
    // The corner's edges point away from the wall except the one along the
    // bar, which points back down-left: properness min e_i . n.
    let p = first["properness"].as_f64().unwrap();
    let phi = 0.472_920_192_056_634_3_f64;
    // Edges from the corner (2, 1/10, z): (-2, 0, 0), (0, -1/5, 0), (0, 0,
    // ±1/5), turned by φ; the wall's outward normal is -y. e . (-y) for
    // (-1, 0, 0) turned: sin φ; for (0, -1, 0) turned: cos φ; for z: 0.
    assert!(
        (p - 0.0_f64.min(phi.sin()).min(phi.cos())).abs() < 1e-12,
        "{p}"
    );
    assert_eq!(first["proper"], true);
    // Without --all there is no list.
    assert!(run(&s, Method::Glide, ScalarKind::Exact, false)
        .collisions
        .is_none());
}

#[test]
fn overlap_at_t0_is_reported_at_t0() {
    let text = bar_scenario(BAR_MOTION_POSES).replace(
        r#""translation": ["0", "2", "0"]"#,
        r#""translation": ["0", "1", "0"]"#,
    );
    let s = load(&text, ScalarKind::Exact);
    let res = run(&s, Method::Glide, ScalarKind::Exact, false);
    assert!(res.collides && res.initially_overlapping);
    assert_eq!(
        res.time,
        Some(Time::Exact(RealAlgebraic::from_rational(q("0"))))
    );
    // Touching at t0 (the wall's face at y = 1/10, the bar's top face) is
    // contact at t0 too.
    let text = bar_scenario(BAR_MOTION_POSES).replace(
        r#""translation": ["0", "2", "0"]"#,
        r#""translation": ["0", "11/10", "0"]"#,
    );
    let s = load(&text, ScalarKind::Exact);
    let res = run(&s, Method::Glide, ScalarKind::Exact, false);
    assert!(res.collides && res.initially_overlapping);
}

fn exact_time(t: &Option<Time>) -> Option<RealAlgebraic> {
    t.as_ref().map(|t| match t {
        Time::Exact(x) => x.clone(),
        other => panic!("expected an exact time, got {other:?}"),
    })
}

/// Rule 2 on translations: glide exact and SAT exact agree exactly on every
/// generated box scenario where glide applies (static and linear motions).
#[test]
fn translations_agree_exactly_with_sat_on_generated_scenarios() {
    let classes = [
        ScenarioClass::Linear,
        ScenarioClass::AxisAligned,
        ScenarioClass::ParallelEdges,
        ScenarioClass::TouchingInstant,
        ScenarioClass::FlushSliding,
        ScenarioClass::ContactAtStart,
        ScenarioClass::ContactAtEnd,
        ScenarioClass::NearMiss,
    ];
    let mut compared = 0;
    let mut contacts = 0;
    for class in classes {
        for i in 0..16 {
            let s = generate(7, i, class);
            let both_translate = [s.a(), s.b()]
                .iter()
                .all(|b| matches!(b.motion, Motion::Static | Motion::Linear { .. }));
            if !both_translate {
                continue;
            }
            let o = SolveOptions::default();
            let g = solve(&s.query(), Method::Glide, ScalarKind::Exact, &o).unwrap();
            let sat = solve(&s.query(), Method::Sat, ScalarKind::Exact, &o).unwrap();
            assert_eq!(g.collides, sat.collides, "{class:?} {i}");
            assert_eq!(
                g.initially_overlapping, sat.initially_overlapping,
                "{class:?} {i}"
            );
            assert_eq!(exact_time(&g.time), exact_time(&sat.time), "{class:?} {i}");
            compared += 1;
            contacts += usize::from(g.collides);
        }
    }
    assert!(compared >= 80, "only {compared} scenarios compared");
    assert!(contacts >= 30, "only {contacts} contacts");
}

/// Box `b` turned about the line through `p` along the integer direction
/// `k` by the rotation `rot(1, k)` (angle `2 atan |k|`), as a `poses` motion
/// (for glide) and as a `rational` motion `q(σ) = (1, σ k)` on `[0, 1]`
/// (for SAT): the same path, with `t = atan(σ |k|) / atan(|k|)`.
struct TurnCase {
    a: Body,
    b_start: Pose<BigRational>,
    b_shape: Shape<BigRational>,
    p: Vec3<BigRational>,
    k: [i64; 3],
    /// A half turn about `k` (quaternion `(0, k)`), written for SAT as `q(σ)
    /// = (1 - σ, σ k)`, `t = 2 atan(σ|k| / (1 - σ)) / π`.
    half: bool,
}

impl TurnCase {
    fn glide_scenario(&self) -> Scenario {
        let w = if self.half { r(0, 1) } else { r(1, 1) };
        let rot =
            quaternion_rotation(&[w, r(self.k[0], 1), r(self.k[1], 1), r(self.k[2], 1)]).unwrap();
        let turn = Pose::new(rot.clone(), &self.p - &rot.mul_vec(&self.p));
        let end = turn.compose(&self.b_start);
        self.scenario(Motion::Poses { end }, self.b_start.clone())
    }

    /// For a half turn the turning sense is a choice (both senses end at
    /// the same pose): the scenario's is the one of `motion::ExactScrew` on
    /// `b`'s world displacement (what `Body::float_motion` evaluates), and
    /// glide turns `b` that way whatever the frame of the static `a`, so
    /// SAT is given the same sense.
    fn k_as_glide_turns(&self) -> [i64; 3] {
        if !self.half {
            return self.k;
        }
        let g = self.glide_scenario();
        let Motion::Poses { end } = &g.b().motion else {
            unreachable!()
        };
        let d = exactccd::motion::ExactScrew::decompose(&exactccd::motion::displacement(
            &self.b_start,
            end,
        ))
        .axis_direction;
        let k = Vec3::new(r(self.k[0], 1), r(self.k[1], 1), r(self.k[2], 1));
        if d.dot(&k) < r(0, 1) {
            self.k.map(|c| -c)
        } else {
            self.k
        }
    }

    fn sat_scenario(&self) -> Scenario {
        let k = self.k_as_glide_turns();
        // x(σ) = p + rot(1, σk)(c + y - p) / D: b's start rotation is the
        // identity, so its quaternion is (1, σ k) and T(σ) = p D + rot_h(σ)(c - p)
        // over D = |q(σ)|^2 = 1 + σ^2 |k|^2.
        let lin = |c: i64| Poly::from_coeffs(vec![r(0, 1), r(c, 1)]);
        let w = if self.half {
            Poly::from_coeffs(vec![r(1, 1), r(-1, 1)])
        } else {
            Poly::constant(r(1, 1))
        };
        let quat = [w, lin(k[0]), lin(k[1]), lin(k[2])];
        let kk = k.iter().map(|c| c * c).sum::<i64>();
        let d = if self.half {
            Poly::from_coeffs(vec![r(1, 1), r(-2, 1), r(kk + 1, 1)])
        } else {
            Poly::from_coeffs(vec![r(1, 1), r(0, 1), r(kk, 1)])
        };
        let m = exactccd::geom::quaternion_rotation_homogeneous(&quat);
        let cp = &self.b_start.translation - &self.p;
        let cpp = cp.map(|c| Poly::constant(c.clone()));
        let turned = m.mul_vec(&cpp);
        let translation = Vec3::new(
            d.scale(&self.p.x) + turned.x.clone(),
            d.scale(&self.p.y) + turned.y.clone(),
            d.scale(&self.p.z) + turned.z.clone(),
        );
        self.scenario(
            Motion::Rational {
                quaternion: quat,
                translation,
                denominator: d,
            },
            Pose::identity(),
        )
    }

    fn scenario(&self, motion: Motion, pose: Pose<BigRational>) -> Scenario {
        let mut s = generate(1, 0, ScenarioClass::Linear);
        s.name = None;
        s.interval = (r(0, 1), r(1, 1));
        *s.a_mut() = self.a.clone();
        *s.b_mut() = Body {
            shape: self.b_shape.clone(),
            pose,
            motion,
        };
        s
    }
}

/// `t(σ) = atan(σ |k|) / atan(|k|)` enclosed from SAT's exact `σ*`.
fn time_of_sigma(sigma: &RealAlgebraic, kk: i64, half: bool) -> Interval {
    let (lo, hi) = sigma.bracket(120);
    let k = sqrt_interval(&r(kk, 1), 130);
    if half {
        // 2 atan(σ|k| / (1 - σ)) / π for a half turn.
        if sigma.as_rational() == Some(&r(1, 1)) {
            return Interval::point(r(1, 1));
        }
        let one = r(1, 1);
        let x = Interval::new(&lo * &k.lo / (&one - &lo), &hi * &k.hi / (&one - &hi));
        let pi = exactccd::solver::glide::pi_interval(130);
        return atan_interval(&x, 120).scale(&r(2, 1)).div(&pi).unwrap();
    }
    let x = Interval::new(&lo * &k.lo, &hi * &k.hi);
    let num = atan_interval(&x, 120);
    let den = atan_interval(&k, 120);
    num.div(&den).unwrap()
}

/// An exact time as a rational bracket: an enclosure's ends, or an exact
/// time bracketed to 64 bits.
fn bracket_of(t: &Time) -> (BigRational, BigRational) {
    match t {
        Time::Enclosure { lower, upper } => (lower.clone(), upper.clone()),
        Time::Exact(x) => x.bracket(64),
        Time::Float(_) => unreachable!("an exact answer"),
    }
}

fn box_body(h: [i64; 3], c: [i64; 3], quat: [i64; 4]) -> Body {
    Body {
        shape: Shape::Box(BoxShape::new(h.map(|x| r(x, 2)))),
        pose: Pose::new(
            quaternion_rotation(&quat.map(|x| r(x, 1))).unwrap(),
            Vec3::new(r(c[0], 1), r(c[1], 1), r(c[2], 1)),
        ),
        motion: Motion::Static,
    }
}

/// Rule 6: glide's certified enclosure contains (overlaps) the time of
/// SAT's exact answer on the same rotation path written as a `rational`
/// motion in the rational parameter.
#[test]
fn rotation_enclosures_contain_sat_on_the_rational_parameter_path() {
    let mut cases = vec![
        // The hand case: a bar swinging about z into a wall.
        TurnCase {
            a: box_body([10, 2, 10], [0, 2, 0], [1, 0, 0, 0]),
            b_start: Pose::from_translation(Vec3::new(r(1, 1), r(0, 1), r(0, 1))),
            b_shape: Shape::Box(BoxShape::new([r(1, 1), r(1, 10), r(1, 10)])),
            p: Vec3::zero(),
            k: [0, 0, 1],
            half: false,
        },
    ];
    // Deterministic pseudo-random cases: a tilted static box, b turning
    // about a skew axis.
    let mut seed = 12345u64;
    let mut next = |m: i64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) % (2 * m as u64 + 1)) as i64 - m
    };
    for _ in 0..40 {
        let k = [next(2), next(2), next(2)];
        if k == [0, 0, 0] {
            continue;
        }
        cases.push(TurnCase {
            a: box_body(
                [2 + next(1), 2, 3],
                [0, 0, 0],
                [3, next(2), next(2), next(2)],
            ),
            b_start: Pose::from_translation(Vec3::new(
                r(3 + next(1), 1),
                r(next(2), 1),
                r(next(1), 2),
            )),
            b_shape: Shape::Box(BoxShape::new([r(1, 1), r(1, 2), r(2 + next(1), 3)])),
            // The axis passes between the boxes, so b swings towards a.
            p: Vec3::new(r(4 + next(1), 2), r(next(1), 2), r(next(1), 2)),
            k,
            half: cases.len() % 3 == 0,
        });
    }
    let (mut hits, mut checked, mut half_hits, mut intervals) = (0, 0, 0, 0);
    for (i, case) in cases.iter().enumerate() {
        let g = case.glide_scenario();
        let s = case.sat_scenario();
        let o = SolveOptions::default();
        let gr = match solve(&g.query(), Method::Glide, ScalarKind::Exact, &o) {
            Ok(x) => x,
            Err(e) => panic!("case {i}: {e}"),
        };
        let sr = solve(&s.query(), Method::Sat, ScalarKind::Exact, &o).unwrap();
        assert_eq!(gr.collides, sr.collides, "case {i}");
        assert_eq!(
            gr.initially_overlapping, sr.initially_overlapping,
            "case {i}"
        );
        checked += 1;
        // the contact intervals, end by end: glide's enclosures against the
        // times of SAT's exact ends in σ
        let kk = case.k.iter().map(|c| c * c).sum::<i64>();
        assert_eq!(
            gr.contact_intervals.len(),
            sr.contact_intervals.len(),
            "case {i}: {:?} / {:?}",
            gr.contact_intervals,
            sr.contact_intervals
        );
        for ((g0, g1), (s0, s1)) in gr.contact_intervals.iter().zip(&sr.contact_intervals) {
            for (gt, st) in [(g0, s0), (g1, s1)] {
                let want = time_of_sigma(&exact_time(&Some(st.clone())).unwrap(), kk, case.half);
                let (lo, hi) = bracket_of(gt);
                assert!(
                    lo <= want.hi && want.lo <= hi,
                    "case {i}: interval end [{lo}, {hi}] vs SAT's [{}, {}]",
                    want.lo,
                    want.hi
                );
            }
            intervals += 1;
        }
        if sr.collides && !sr.initially_overlapping {
            hits += 1;
            half_hits += usize::from(case.half);
            let sigma = exact_time(&sr.time).unwrap();
            let kk = case.k.iter().map(|c| c * c).sum::<i64>();
            let want = time_of_sigma(&sigma, kk, case.half);
            let (lo, hi) = bracket_of(gr.time.as_ref().unwrap());
            assert!(
                lo <= want.hi && want.lo <= hi,
                "case {i}: glide [{lo}, {hi}] vs SAT's time [{}, {}]",
                want.lo,
                want.hi
            );
        }
    }
    assert_eq!(checked, cases.len());
    assert!(intervals >= 15, "only {intervals} contact intervals");
    assert!(hits >= 15, "only {hits} contacts among {checked} cases");
    assert!(half_hits >= 5, "only {half_hits} half-turn contacts");
}

#[test]
fn triangles_and_unsupported_motions_are_not_applicable() {
    let s = generate(3, 0, ScenarioClass::RationalRotation(2));
    let e = solve(
        &s.query(),
        Method::Glide,
        ScalarKind::Exact,
        &SolveOptions::default(),
    );
    assert!(e.unwrap_err().to_string().contains("rational"));
}

fn car_mesh() -> exactccd::geom::Mesh<BigRational> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/scenarios/meshes/car.obj"
    );
    exactccd::geom::read_obj(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn mesh_scenario(
    a: Shape<BigRational>,
    b: Shape<BigRational>,
    b_at: [&str; 3],
    v: [&str; 3],
) -> Scenario {
    let mut s = generate(1, 0, ScenarioClass::Linear);
    s.interval = (r(0, 1), r(1, 1));
    *s.a_mut() = Body {
        shape: a,
        pose: Pose::identity(),
        motion: Motion::Static,
    };
    *s.b_mut() = Body {
        shape: b,
        pose: Pose::from_translation(Vec3::new(q(b_at[0]), q(b_at[1]), q(b_at[2]))),
        motion: Motion::Linear {
            velocity: Vec3::new(q(v[0]), q(v[1]), q(v[2])),
        },
    };
    s
}

/// The car of Buss's Fig. 12 as shipped: 16 vertices, 26 edges, 12
/// faces; and a hand-derived contact of two cars at a non-convex spot.
#[test]
fn cars_meet_at_the_windshield() {
    let car = car_mesh();
    assert_eq!(
        (car.vertices.len(), car.edges.len(), car.faces.len()),
        (16, 26, 12)
    );
    // b, one car higher (bottom at y = 3), drives backwards into a at speed
    // 8: its rear bottom edge (x = 10 - 8t, y = 3) meets a's windshield
    // (from (6, 2) to (5, 4), x = 5.5 at y = 3) at t = 9/16. a's roof (y =
    // 4, x in [2, 5]) would be met only later.
    let s = mesh_scenario(
        Shape::Mesh(car.clone()),
        Shape::Mesh(car),
        ["10", "3", "0"],
        ["-8", "0", "0"],
    );
    let res = run(&s, Method::Glide, ScalarKind::Exact, true);
    assert_eq!(
        exact_time(&res.time),
        Some(RealAlgebraic::from_rational(r(9, 16)))
    );
    // b's rear bottom corners land on the closed windshield quad (face 7,
    // between profile points 3 and 4) at its side edges, which the side
    // faces (1, 3) share: the first pair reported is one of these.
    let f = res.feature.unwrap();
    assert!(
        ["face 1", "face 3", "face 7"].contains(&f.a.to_string().as_str()),
        "{f:?}"
    );
    let p = res.point.unwrap();
    assert!(
        (p[0] - 5.5).abs() < 1e-12 && (p[1] - 3.0).abs() < 1e-12,
        "{p:?}"
    );
    let all = serde_json::to_value(res.collisions.unwrap()).unwrap();
    assert!(all
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["a"] == "face 7" && c["time"]["exact"] == "9/16"));
    let fl = run(
        &mesh_scenario(
            Shape::Mesh(car_mesh()),
            Shape::Mesh(car_mesh()),
            ["10", "3", "0"],
            ["-8", "0", "0"],
        ),
        Method::Glide,
        ScalarKind::F64,
        false,
    );
    assert!(matches!(fl.time, Some(Time::Float(t)) if (t - 0.5625).abs() < 1e-12));
}

/// A torus of 300 quadrilaterals and a wide box sliding into it along -x:
/// the first contact is the torus's extreme vertex in +x, found here by
/// brute force over the vertices.
#[test]
fn box_slides_into_a_torus_of_300_quads() {
    let torus = exactccd::geom::torus_mesh(20, 15, &r(2, 1), &r(1, 2));
    assert_eq!(torus.faces.len(), 300);
    let max_x = torus.vertices.iter().map(|v| v.x.clone()).max().unwrap();
    let s = mesh_scenario(
        Shape::Mesh(torus),
        Shape::Box(BoxShape::new([r(1, 1), r(3, 1), r(3, 1)])),
        ["4", "0", "0"],
        ["-1", "0", "0"],
    );
    let res = run(&s, Method::Glide, ScalarKind::Exact, false);
    assert_eq!(
        exact_time(&res.time),
        Some(RealAlgebraic::from_rational(r(3, 1) - max_x))
    );
    assert_eq!(res.feature.unwrap().kind.as_str(), "vertex-face");
}

/// A half turn (`θ = π`): the bar turns from `+x` to `-x` about `z` (by
/// symmetry the contact time is the same whichever way it turns) and its
/// tip corner reaches the wall face `x = -2` when `sqrt(4.01) cos(φ +
/// atan(1/20)) = -2`, i.e. `φ* = π - 2 atan(1/20)`, `t* = 1 - (2/π)
/// atan(1/20)` (mpmath, 45 digits below).
#[test]
fn half_turns_are_enclosed() {
    let half = r#"{ "poses": { "end": {
        "quaternion": ["0", "0", "0", "1"], "translation": ["-1", "0", "0"] } } }"#;
    let text = bar_scenario(half)
        .replace(
            r#""half_extents": ["5", "1", "5"]"#,
            r#""half_extents": ["1", "5", "5"]"#,
        )
        .replace(
            r#""translation": ["0", "2", "0"]"#,
            r#""translation": ["-3", "0", "0"]"#,
        );
    let s = load(&text, ScalarKind::Exact);
    let res = run(&s, Method::Glide, ScalarKind::Exact, false);
    assert!(res.collides && !res.initially_overlapping);
    assert_narrow_enclosure_of(
        res.time.as_ref().unwrap(),
        "0.968195497487647249636740614127957407196317634",
    );
    let sf = load(&text, ScalarKind::F64);
    match run(&sf, Method::Glide, ScalarKind::F64, false).time {
        Some(Time::Float(t)) => assert!((t - 0.968_195_497_487_647_2).abs() < 1e-12, "{t}"),
        other => panic!("{other:?}"),
    }
}

/// The bar of [`bar_scenario`] under the general screw of a quarter turn
/// about `z` with the slide `(0, 0, 1)` (`"translation": ["0", "1", "1"]`),
/// its top face (`z = 1/10`) rising into the ceiling `z >= 1/2` (a box of
/// half extents `(10, 10, 5)` at `(0, 0, 11/2)`): they meet at exactly
/// `t = 2/5`, whatever the turning.
fn ceiling_scenario() -> String {
    bar_scenario(
        r#"{ "poses": { "end": {
        "quaternion": ["1", "0", "0", "1"], "translation": ["0", "1", "1"] } } }"#,
    )
    .replace(
        r#""half_extents": ["5", "1", "5"]"#,
        r#""half_extents": ["10", "10", "5"]"#,
    )
    .replace(
        r#""translation": ["0", "2", "0"]"#,
        r#""translation": ["0", "0", "11/2"]"#,
    )
}

/// General screws (rotation and a slide, exact path): the slide grows in
/// proportion to the angle, so (1) sliding along `z` parallel to the wall
/// `y >= 1` leaves the contact time of the pure rotation, and (2) the bar's
/// top face (`z = 1/10`) rising by `z` slide 1 over the step into the
/// ceiling `z >= 1/2` meets it at exactly `t = 2/5`, whatever the turning.
#[test]
fn general_screws_are_enclosed_by_interval_arithmetic() {
    let general = r#"{ "poses": { "end": {
        "quaternion": ["1", "0", "0", "1"], "translation": ["0", "1", "1"] } } }"#;
    let s = load(&bar_scenario(general), ScalarKind::Exact);
    let res = run(&s, Method::Glide, ScalarKind::Exact, false);
    assert!(res.collides);
    assert_narrow_enclosure_of(res.time.as_ref().unwrap(), BAR_TIME_POSES);
    let ceiling = ceiling_scenario();
    let s = load(&ceiling, ScalarKind::Exact);
    let res = run(&s, Method::Glide, ScalarKind::Exact, true);
    assert!(res.collides && !res.initially_overlapping);
    assert_narrow_enclosure_of(res.time.as_ref().unwrap(), "0.4");
    assert_eq!(res.feature.unwrap().a, "face -z");
    // The f64 path answers two boxes under a general screw by the same
    // event cells at 40 bits (the time's midpoint, within 1e-9 of 0.4);
    // every collision (`--all`) is listed by the exact path only.
    let sf = load(&ceiling, ScalarKind::F64);
    let float = solve(
        &sf.query(),
        Method::Glide,
        ScalarKind::F64,
        &SolveOptions::default(),
    )
    .unwrap();
    let Some(Time::Float(t)) = float.time else {
        panic!("an f64 time: {:?}", float.time)
    };
    assert!(float.collides && (t - 0.4).abs() < 1e-9, "{t}");
    assert!(solve(
        &sf.query(),
        Method::Glide,
        ScalarKind::F64,
        &SolveOptions {
            all_collisions: true,
            ..SolveOptions::default()
        }
    )
    .is_err());
}

/// The unit-half-extent box `a` at rest at the origin and a box `b` of
/// half extents `half` at `from`, moved by `poses` to the end pose
/// `(quaternion, translation)`.
fn box_under_poses(half: [&str; 3], from: [&str; 3], end: ([&str; 4], [&str; 3])) -> String {
    let list = |xs: &[&str]| {
        xs.iter()
            .map(|x| format!("\"{x}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        r#"{{"format": "exactccd/scenario-v1",
  "a": {{ "shape": {{ "box": {{ "half_extents": ["1", "1", "1"] }} }} }},
  "b": {{ "shape": {{ "box": {{ "half_extents": [{}] }} }},
         "pose": {{ "translation": [{}] }},
         "motion": {{ "poses": {{ "end": {{ "quaternion": [{}], "translation": [{}] }} }} }} }} }}"#,
        list(&half),
        list(&from),
        list(&end.0),
        list(&end.1)
    )
}

/// The scenario with both boxes written as meshes (`BoxShape::to_mesh`).
fn as_meshes(s: &Scenario) -> Scenario {
    let mut m = s.clone();
    let to_mesh = |body: &mut Body| {
        if let Shape::Box(b) = &body.shape {
            body.shape = Shape::Mesh(b.to_mesh());
        }
    };
    to_mesh(m.a_mut());
    to_mesh(m.b_mut());
    m
}

/// Each end of `got` encloses the same instant as the corresponding end of
/// `want`: the enclosures overlap, end by end.
fn assert_intervals_overlap(got: &[(Time, Time)], want: &[(Time, Time)], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: {got:?} against {want:?}");
    let ends = |t: &Time| match t {
        Time::Exact(x) => {
            let (lo, hi) = x.bracket(80);
            (lo, hi)
        }
        other => enclosure(other),
    };
    for ((g0, g1), (w0, w1)) in got.iter().zip(want) {
        for (g, w) in [(g0, w0), (g1, w1)] {
            let ((glo, ghi), (wlo, whi)) = (ends(g), ends(w));
            assert!(glo <= whi && wlo <= ghi, "{what}: {g:?} against {w:?}");
        }
    }
}

/// Contact intervals of meshes under a general screw (rotation and slide),
/// from the mixed events and the state between them:
///
/// * a box `[-1, 1]^3` at rest and a bar of half extents `(1/2, 1/4, 1/4)`
///   screwing along the `x` axis from `(-4, 0, 0)` to `(4, 0, 0)` while it
///   turns a quarter turn about it: its cross-section stays within radius
///   `sqrt(2)/4 < 1` of the axis, so it is in contact exactly while its
///   `x` range `-4 + 8t ± 1/2` meets `[-1, 1]`: `[5/16, 11/16]` by hand.
///   Both ends are face-on-face landings (four vertex-face events at one
///   instant, isolated apart), enclosed by their union;
/// * the bar turning into the ceiling (`general_screws_are_enclosed_by_
///   interval_arithmetic`), rising into it to the step's end.
///
/// Each against glide's event cells on the same solids as boxes and SAT's
/// time cells on the meshes: the ends' enclosures overlap end by end.
#[test]
fn general_screws_of_meshes_give_contact_intervals() {
    let through = box_under_poses(
        ["1/2", "1/4", "1/4"],
        ["-4", "0", "0"],
        (["1", "1", "0", "0"], ["4", "0", "0"]),
    );
    for (name, text) in [("through", through), ("ceiling", ceiling_scenario())] {
        let boxes = load(&text, ScalarKind::Exact);
        let meshes = as_meshes(&boxes);
        let glide = run(&meshes, Method::Glide, ScalarKind::Exact, false);
        assert!(glide.collides, "{name}");
        assert!(!glide.contact_intervals.is_empty(), "{name}: {glide:?}");
        let cells = run(&boxes, Method::Glide, ScalarKind::Exact, false);
        assert_intervals_overlap(&glide.contact_intervals, &cells.contact_intervals, name);
        let sat = run(&meshes, Method::Sat, ScalarKind::Exact, false);
        assert_intervals_overlap(&glide.contact_intervals, &sat.contact_intervals, name);
        if name == "through" {
            let [(from, to)] = glide.contact_intervals.as_slice() else {
                panic!("one interval: {:?}", glide.contact_intervals)
            };
            for (t, want) in [(from, r(5, 16)), (to, r(11, 16))] {
                let (lo, hi) = enclosure(t);
                assert!(lo <= want && want <= hi, "{t:?} misses {want}");
                assert!(&hi - &lo <= r(1, 1 << 60), "{t:?}");
            }
        }
    }
}

/// The generated `raster` class's general screws (cube pairs turned about
/// a skew axis with a slide along it): glide's contact intervals on the
/// cubes as meshes (the mixed events and the states between them) are
/// given wherever it answers and overlap end by end those of its event
/// cells on the same cubes as boxes; none stops at a limit.
/// The first 40 scenarios of seed 7 hold 4 general screws (3 of them
/// colliding, 3 to 15 s each in a test build), none at a limit; the first
/// 80 hold 12 (5 colliding) and the first 160 hold 27, none at a limit;
/// seeds 7 to 11: 137 screws, 6 limits, every answer with its intervals.
#[test]
fn generated_general_screws_of_meshes_agree_with_the_event_cells() {
    use exactccd::solver::glide::RelativeGlide;
    let (mut screws, mut given, mut limits) = (0, 0, 0);
    for i in 0..40 {
        let boxes = generate(7, i, ScenarioClass::Raster);
        let (t0, t1) = (&boxes.interval.0, &boxes.interval.1);
        let Ok(rel) = RelativeGlide::from_bodies(boxes.a(), boxes.b(), t0, t1) else {
            continue;
        };
        if rel.slide.is_none()
            || !matches!(
                rel.path,
                exactccd::solver::glide::GlidePath::Rotation { .. }
            )
        {
            continue;
        }
        screws += 1;
        let Ok(cells) = solve(
            &boxes.query(),
            Method::Glide,
            ScalarKind::Exact,
            &SolveOptions::default(),
        ) else {
            continue;
        };
        let meshes = as_meshes(&boxes);
        let options = SolveOptions {
            precision: 64,
            ..SolveOptions::default()
        };
        // the mixed events stop at a double root they cannot isolate
        let Ok(glide) = solve(&meshes.query(), Method::Glide, ScalarKind::Exact, &options) else {
            limits += 1;
            continue;
        };
        assert_eq!(glide.collides, cells.collides, "raster-7-{i}");
        // wherever glide answers, it gives the contact intervals
        assert!(
            !glide.collides || !glide.contact_intervals.is_empty(),
            "raster-7-{i}: a contact without intervals"
        );
        given += 1;
        assert_intervals_overlap(
            &glide.contact_intervals,
            &cells.contact_intervals,
            &format!("raster-7-{i}"),
        );
    }
    eprintln!("{screws} general screws, {given} with intervals, {limits} limits");
    assert!(
        screws >= 4 && given == screws,
        "{given} of {screws}, {limits} limits"
    );
}

/// The L prism (`(0,0) (2,0) (2,1) (1,1) (1,2) (0,2)`, `0 <= z <= 1`, not
/// convex) at rest, and a box of half extents 1/4 turning a quarter turn
/// about the prism's reflex edge (the vertical line through `(1, 1)`),
/// from the notch (centre `(3/2, 3/2, 1/2)`) into the upper arm (centre
/// `(1/2, 3/2, 1/2)`): glide's contact intervals (the analytic variant's
/// events and the static test between them) and sat's (the pairs of
/// pieces' cells and the nesting between their contacts) overlap end by
/// end: one interval from the first touch to the end.
#[test]
fn a_box_turning_into_an_l_prism_has_the_same_intervals_by_glide_and_sat() {
    let text = box_under_poses(
        ["1/4", "1/4", "1/4"],
        ["3/2", "3/2", "1/2"],
        (["1", "0", "0", "1"], ["1/2", "3/2", "1/2"]),
    );
    let mut s = load(&text, ScalarKind::Exact);
    s.a_mut().shape = Shape::Mesh(exactccd::geom::l_shape_mesh());
    let glide = run(&s, Method::Glide, ScalarKind::Exact, false);
    let sat = run(&s, Method::Sat, ScalarKind::Exact, false);
    assert!(glide.collides && sat.collides);
    assert_eq!(
        glide.contact_intervals.len(),
        1,
        "{:?}",
        glide.contact_intervals
    );
    assert!(
        matches!(&glide.contact_intervals[0].1, Time::Exact(t) if *t == RealAlgebraic::from_rational(r(1, 1)))
    );
    assert_intervals_overlap(&sat.contact_intervals, &glide.contact_intervals, "L prism");
}

/// An event exactly at the end of a general screw, where the slide's time
/// fraction is exactly 1: the box of
/// `a_box_turning_into_an_l_prism_has_the_same_intervals_by_glide_and_sat`
/// rising by 1/4 while it turns, so that its top face `3/4 + t/4` reaches
/// the prism's top `z = 1` exactly at `t = 1`. The event function there is
/// evaluated exactly (its root has the certain sign zero; before, the
/// bisection could not isolate it and the solve stopped at a limit).
/// Glide answers: the first touch at `2 atan(1/3) / π` (the corner at
/// `(1/4, 3/4)` from the reflex edge reaching the wall `x = 1`), in contact
/// from then to the end, the end exactly 1; SAT's first contact agrees.
#[test]
fn a_general_screw_event_exactly_at_the_end_is_exact() {
    let text = box_under_poses(
        ["1/4", "1/4", "1/4"],
        ["3/2", "3/2", "1/2"],
        (["1", "0", "0", "1"], ["1/2", "3/2", "3/4"]),
    );
    let mut s = load(&text, ScalarKind::Exact);
    s.a_mut().shape = Shape::Mesh(exactccd::geom::l_shape_mesh());
    let glide = run(&s, Method::Glide, ScalarKind::Exact, false);
    // 2 atan(1/3) / pi = 0.2048327646991334516491978475..., mpmath
    let truth = q("0.20483276469913345165");
    let near = r(1, 1_000_000_000_000_000_000);
    let (lo, hi) = enclosure(glide.time.as_ref().expect("a contact"));
    assert!(lo <= &truth + &near && &truth - &near <= hi, "[{lo}, {hi}]");
    let [(from, to)] = glide.contact_intervals.as_slice() else {
        panic!("one interval: {:?}", glide.contact_intervals)
    };
    let (flo, fhi) = enclosure(from);
    assert!(
        flo <= &truth + &near && &truth - &near <= fhi,
        "[{flo}, {fhi}]"
    );
    assert!(
        matches!(to, Time::Exact(t) if *t == RealAlgebraic::from_rational(r(1, 1))),
        "{to:?}"
    );
    let sat = run(&s, Method::Sat, ScalarKind::Exact, false);
    let (slo, shi) = enclosure(sat.time.as_ref().expect("a contact"));
    assert!(
        slo <= hi && lo <= shi,
        "[{slo}, {shi}] against [{lo}, {hi}]"
    );
}
