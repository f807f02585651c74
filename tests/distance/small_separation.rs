//! Small separations in `f64`: the first time two bodies come within
//! `d = 2^-24` or so. The squared distance condition rounds relative to
//! the squared coordinates, more than `d^2` itself, so its roots were late
//! by up to `1.6e-6`; the `f64` times are now polished on the unsquared
//! condition. Hand-derived times, and scenarios of the `solids-shapes`
//! campaign class whose `f64` answers were late by `1.5e-8` to `1.6e-6`
//! (`tests/distance_findings/`), against the certified exact answers.

use exactccd::poly::{Poly, RealAlgebraic};
use exactccd::scalar::BigRational;
use exactccd::{parse_scenario, solve, LoadOptions, Method, ScalarKind, SolveOptions, Time};
use num_bigint::BigInt;
use std::cmp::Ordering;

/// The default method's exact time (certified by the referee) and its
/// `f64` time.
fn both(text: &str) -> (RealAlgebraic, f64) {
    let (exact, float) = super::certified_and_f64(text);
    let Some(Time::Exact(exact)) = exact.time else {
        panic!("an exact time")
    };
    let Some(Time::Float(float)) = float.time else {
        panic!("an f64 time")
    };
    (exact, float)
}

/// How far `x` lies outside the exact time's bracket of `2^-80`.
fn miss(t: &RealAlgebraic, x: f64) -> f64 {
    let (lo, hi) = t.bracket(80);
    let x = BigRational::from_float(x).expect("finite");
    let out = if x < lo {
        &lo - &x
    } else if x > hi {
        &x - &hi
    } else {
        return 0.0;
    };
    exactccd::scalar::rational_to_f64(&out)
}

/// Two unit cubes corner to corner, `b`'s corner `(c - 1)(1, 1, 1)`
/// closing on `a`'s `(1, 1, 1)` along the diagonal at speed `sqrt 3`: the
/// corners are the nearest points, `sqrt 3 (c - 2 - t)` apart, so the
/// distance is `d` at `t* = c - 2 - d / sqrt 3`, the root below `c - 2`
/// of `3 (c - 2 - t)^2 - d^2`. The squared condition's `f64` root was
/// `c - 2` itself, late by `d / sqrt 3 = 3.4e-8`.
#[test]
fn cube_corners_closing_at_a_separation_of_2_pow_minus_24() {
    let d = 2f64.powi(-24);
    for c in [4i64, 100] {
        let text = format!(
            r#"{{"format":"exactccd/scenario-v1","interval":["0","{c}"],"separation":"1/16777216",
            "a":{{"shape":{{"box":{{"half_extents":["1","1","1"]}}}}}},
            "b":{{"shape":{{"box":{{"half_extents":["1","1","1"]}}}},"pose":{{"translation":["{c}","{c}","{c}"]}},
                 "motion":{{"linear":{{"velocity":["-1","-1","-1"]}}}}}}}}"#
        );
        let (exact, float) = both(&text);
        // exactly the root below c - 2 of 3 (c - 2 - t)^2 - d^2
        let q = |n: i64| BigRational::from_integer(BigInt::from(n));
        let m = q(c - 2);
        let d_q = BigRational::new(1.into(), BigInt::from(1) << 24u32);
        let poly = Poly::from_coeffs(vec![q(3) * &m * &m - &d_q * &d_q, q(-6) * &m, q(3)]);
        assert!(exact.sign_of(&poly).is_zero(), "c = {c}");
        assert_eq!(exact.cmp_rational(&m), Ordering::Less, "c = {c}");
        let truth = (c - 2) as f64 - d / 3f64.sqrt();
        assert!(
            (float - truth).abs() <= 1e-15 * truth,
            "c = {c}: f64 {float} against {truth}"
        );
    }
}

/// The campaign's late `f64` answers (meshes, a box, a convex hull and a
/// triangle under rational and linear motions, at separations `2^-17` to
/// `2^-24`): each now within `1e-12` of the certified exact time.
#[test]
fn campaign_answers_at_small_separations_meet_the_exact_time() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/distance_findings");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).expect("the findings directory") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("readable");
        let (exact, float) = both(&text);
        let off = miss(&exact, float);
        assert!(
            off <= 1e-12,
            "{}: f64 {float} is {off} from {}",
            path.display(),
            exact.to_f64()
        );
        seen += 1;
    }
    assert_eq!(seen, 4);
}

/// A graze: a sphere of radius 2 passes a capsule of radius 1/2, and
/// the distance of the shapes falls to `d = 3` at `T = 5/11` only and
/// rises again (`shape-graze-16-24` of the campaign class, its exact
/// answer `5/11` as the class constructs it). Around a graze the unsquared condition holds numerically over
/// a band about `1e-8` wide, so polishing the start there would make it
/// early by that much (a first version did, on 128 of 200 grazes): the
/// start is kept where the condition is within its rounding.
#[test]
fn a_graze_at_the_separation_keeps_its_f64_time() {
    let text = r#"{"format":"exactccd/scenario-v1","interval":["0","1"],"separation":"3",
        "a":{"shape":{"sphere":{"radius":"2"}},"pose":{"rotation":[["0","12/13","-5/13"],["0","5/13","12/13"],["1","0","0"]],"translation":["1/2","-1","-2"]},"motion":{"linear":{"velocity":["14/13","34/13","-1"]}}},
        "b":{"shape":{"capsule":{"a":["-3/2","0","0"],"b":["3/2","0","0"],"radius":"1/2"}},"pose":{"rotation":[["0","12/13","-5/13"],["0","5/13","12/13"],["1","0","0"]],"translation":["-411/143","508/143","-1/2"]},"motion":{"linear":{"velocity":["50/13","49/13","-1"]}}}}"#;
    let run = |scalar| {
        let s = parse_scenario(text, None, &LoadOptions::for_scalar(scalar)).expect("valid");
        solve(
            &s.query(),
            Method::Distance,
            scalar,
            &SolveOptions::default(),
        )
        .expect("an answer")
    };
    match run(ScalarKind::Exact).time {
        Some(Time::Exact(t)) => {
            assert_eq!(
                t.as_rational(),
                Some(&BigRational::new(5.into(), 11.into()))
            )
        }
        other => panic!("{other:?}"),
    }
    match run(ScalarKind::F64).time {
        Some(Time::Float(t)) => assert!((t - 5.0 / 11.0).abs() <= 1e-9, "{t}"),
        other => panic!("{other:?}"),
    }
}

mod random_pairs {
    use super::*;
    use proptest::prelude::*;

    /// `b` (half extents `h/4`) from `p` at velocity `-p + e/8` over
    /// `[0, 2]`, against `a` (half extents `g/4`) turned by `(3/5, 4/5)`
    /// about `z`, at the separation `2^-k`: most pairs come within it near
    /// `t = 1`, through a face, an edge or a corner.
    fn text(k: u32, g: [i64; 3], h: [i64; 3], p: [i64; 3], e: [i64; 3]) -> String {
        let q = |v: [String; 3]| format!(r#"["{}","{}","{}"]"#, v[0], v[1], v[2]);
        let quarters = |v: [i64; 3]| q(v.map(|x| format!("{x}/4")));
        let velocity = q(std::array::from_fn(|i| format!("{}/8", -8 * p[i] + e[i])));
        format!(
            r#"{{"format":"exactccd/scenario-v1","interval":["0","2"],"separation":"1/{}",
            "a":{{"shape":{{"box":{{"half_extents":{}}}}},
                 "pose":{{"rotation":[["3/5","-4/5","0"],["4/5","3/5","0"],["0","0","1"]]}}}},
            "b":{{"shape":{{"box":{{"half_extents":{}}}}},"pose":{{"translation":{}}},
                 "motion":{{"linear":{{"velocity":{}}}}}}}}}"#,
            1u64 << k,
            quarters(g),
            quarters(h),
            q(p.map(|x| x.to_string())),
            velocity
        )
    }

    fn triple(lo: i64, hi: i64) -> impl Strategy<Value = [i64; 3]> {
        (lo..=hi, lo..=hi, lo..=hi).prop_map(|(x, y, z)| [x, y, z])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// The `f64` answer of `distance` at separations `2^-10` to
        /// `2^-40` is the exact one's: the same contact or none, and a
        /// time within `1e-9 max(1, T)`.
        #[test]
        fn f64_meets_the_exact_time_at_small_separations(
            k in 10u32..=40,
            g in triple(2, 6),
            h in triple(2, 6),
            p in triple(-5, 5).prop_filter("away from a", |p| p.iter().map(|x| x * x).sum::<i64>() >= 16),
            e in triple(-3, 3),
        ) {
            let text = text(k, g, h, p, e);
            let run = |scalar| {
                let s = parse_scenario(&text, None, &LoadOptions::for_scalar(scalar)).expect("valid");
                solve(&s.query(), Method::Distance, scalar, &SolveOptions::default()).expect("an answer")
            };
            let (exact, float) = (run(ScalarKind::Exact), run(ScalarKind::F64));
            prop_assert_eq!(exact.collides, float.collides, "{}", text);
            if let (Some(Time::Exact(t)), Some(Time::Float(x))) = (&exact.time, &float.time) {
                let off = miss(t, *x);
                prop_assert!(off <= 1e-9 * t.to_f64().abs().max(1.0), "{}: f64 {} is {} off", text, x, off);
            }
        }
    }
}
