//! Agreement of the exact primitive queries with an independent brute-force
//! reference (`primitive_support`: exact static point-in-triangle and
//! segment-segment tests at rational times, different formulas, no shared
//! code):
//!
//! * before the first contact's lower bracket end, the static test fails at
//!   every sampled rational time;
//! * a rational first contact passes the static test exactly at that time;
//!   an irrational one (a simple root of the coplanarity cubic) has the
//!   static signed volume change sign across its bracket `[l, u]`, and the
//!   orthogonally projected inside test holds at `l` or `u` when the contact
//!   is strictly inside (by continuity);
//! * every rejected candidate fails the static test (rational) or, when the
//!   rejecting sign is strict, the projected test at both bracket ends;
//! * without contact, the static test fails on a grid of rational times;
//! * in the coplanar case the contact intervals are checked at rational
//!   times inside each interval and inside each gap.
//!
//! Queries: random small-integer ones (with coordinates in `{-1, 0, 1}`
//! often degenerate: coincident, collinear, coplanar points), planar ones
//! (coplanar at every time, in a random integer plane, or collinear), and
//! ones with a contact built in at a known rational time. 512 cases each.
//!
//! The same queries hold the `f64` rule: no missed contact, and no contact
//! claimed farther than `1e-9` of the scale (exact distance at the claimed
//! time).

use crate::primitive_support;

use exactccd::poly::RealAlgebraic;
use exactccd::scalar::Sign;
use exactccd::solver::primitive::*;
use num_traits::Signed;
use primitive_support::*;
use proptest::prelude::*;

/// Rational times `lower * k / 16`, `k = 0..16`, all strictly below `lower`
/// when `lower > 0` (just `0` excluded when `lower == 0`).
fn samples_before(lower: &Q) -> Vec<Q> {
    (0..16)
        .map(|k| lower * qr(k, 16))
        .filter(|t| t < lower)
        .collect()
}

fn bracket(t: &RealAlgebraic) -> (Q, Q) {
    t.bracket(64)
}

fn strict_witness(w: &Witness) -> bool {
    match w {
        Witness::VertexFace(VertexFaceWitness::Inside { barycentric, .. }) => {
            barycentric.iter().all(|s| *s == Sign::Positive)
        }
        Witness::EdgeEdge(EdgeEdgeWitness::Crossing {
            a_sides, b_sides, ..
        }) => a_sides.iter().chain(b_sides).all(|s| *s != Sign::Zero),
        _ => false,
    }
}

fn strict_rejection(r: &Rejection) -> bool {
    matches!(
        r,
        Rejection::VertexFace(VertexFaceRejection::Outside { .. })
            | Rejection::EdgeEdge(EdgeEdgeRejection::SameSide { .. })
    )
}

/// Checks the exact answer against the brute force; returns whether the
/// query collides.
fn check(query: &PrimitiveQuery<Q>) -> Result<bool, TestCaseError> {
    let c = find_primitive(query).unwrap();
    let coplanar = matches!(c.certificate.schedule, Schedule::Coplanar { .. });
    // rejected candidates
    for (t, r) in &c.certificate.rejected {
        match t.as_rational() {
            Some(t) => prop_assert!(!static_contact(query, t), "rejected {t} passes statically"),
            None if strict_rejection(r) && !coplanar => {
                let (l, u) = bracket(t);
                prop_assert_ne!(projected_inside(query, &l), Some(true));
                prop_assert_ne!(projected_inside(query, &u), Some(true));
            }
            None => {}
        }
    }
    let Some((t, w)) = &c.certificate.contact else {
        prop_assert!(c.contact_intervals.is_empty());
        for k in 0..=32 {
            let tau = qr(k, 32);
            prop_assert!(
                !static_contact(query, &tau),
                "no contact claimed, but at {tau}"
            );
        }
        return Ok(false);
    };
    let (l, u) = bracket(t);
    for tau in samples_before(&l) {
        prop_assert!(!static_contact(query, &tau), "contact at {tau}, before {t}");
    }
    match t.as_rational() {
        Some(tr) => prop_assert!(static_contact(query, tr), "no static contact at {tr}"),
        None if !coplanar => {
            let (vl, vu) = (static_volume(query, &l), static_volume(query, &u));
            prop_assert!(
                !(vl.is_positive() && vu.is_positive() || vl.is_negative() && vu.is_negative()),
                "the volume keeps its sign across [{l}, {u}]"
            );
            if strict_witness(w) {
                prop_assert!(
                    projected_inside(query, &l) == Some(true)
                        || projected_inside(query, &u) == Some(true)
                );
            }
        }
        None => {}
    }
    if coplanar {
        for (a, b) in &c.contact_intervals {
            if let Some(mid) = RealAlgebraic::rational_between(a, b) {
                prop_assert!(
                    static_contact(query, &mid),
                    "gap at {mid} inside an interval"
                );
            }
        }
        for pair in c.contact_intervals.windows(2) {
            let mid = RealAlgebraic::rational_between(&pair[0].1, &pair[1].0).unwrap();
            prop_assert!(
                !static_contact(query, &mid),
                "contact at {mid} between intervals"
            );
        }
    }
    Ok(true)
}

/// The `f64` rule of `docs/methods/primitive.md` ("`f64` answers") on one
/// query: no missed contact, no first contact later than the exact one by
/// more than `1e-9`, and wherever `f64` claims a contact the exact distance
/// at its time (`exactccd::queries::squared_distance_at`, closest points in
/// rationals) is at most `1e-9` of the query's scale.
fn check_f64_rule(query: &PrimitiveQuery<Q>) -> Result<(), TestCaseError> {
    use exactccd::queries::{query_scale, squared_distance_at, within_relative_distance};
    let exact = test_primitive(query).unwrap();
    let fast = test_primitive(&query_to_f64(query)).unwrap();
    let exact_time = exact.time().map(|t| t.to_f64());
    let fast_time = fast.time().map(|t| t.0);
    if let Some(e) = exact_time {
        let f = fast_time.ok_or_else(|| TestCaseError::fail("f64 misses the contact"))?;
        prop_assert!(f <= e + 1e-9, "f64 time {f} after the exact {e}");
    }
    if let Some(f) = fast_time {
        let t = Q::from_float(f).unwrap();
        let d = squared_distance_at(query, &t);
        let scale = query_scale(query);
        let relative = if scale.is_positive() {
            d / (&scale * &scale)
        } else {
            d
        };
        prop_assert!(
            within_relative_distance(&relative, 9),
            "f64 claims contact at {f}, exact {exact_time:?}"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn f64_keeps_its_rule_on_random_queries(query in int_query(3)) {
        check_f64_rule(&query)?;
    }

    #[test]
    fn f64_keeps_its_rule_on_degenerate_queries(query in int_query(1)) {
        check_f64_rule(&query)?;
    }

    #[test]
    fn f64_keeps_its_rule_on_planar_queries(query in planar_query(3)) {
        check_f64_rule(&query)?;
    }

    #[test]
    fn f64_keeps_its_rule_on_built_in_contacts(case in query_with_contact()) {
        check_f64_rule(&case.0)?;
    }

    #[test]
    fn random_integer_queries_agree_with_brute_force(query in int_query(3)) {
        check(&query)?;
    }

    #[test]
    fn tiny_integer_queries_agree_with_brute_force(query in int_query(1)) {
        // coordinates in {-1, 0, 1}: coincident points, zero-area triangles,
        // parallel and collinear edges, contact at the ends are frequent
        check(&query)?;
    }

    #[test]
    fn planar_queries_agree_with_brute_force(query in planar_query(3)) {
        // coplanar at every time: candidates are critical times
        let c = find_primitive(&query).unwrap();
        let coplanar = matches!(c.certificate.schedule, Schedule::Coplanar { .. });
        prop_assert!(coplanar);
        check(&query)?;
    }

    #[test]
    fn built_in_contacts_are_found_no_later(case in query_with_contact()) {
        let (query, tc) = case;
        // the generator's claim, by the brute force
        prop_assert!(static_contact(&query, &tc));
        prop_assert!(check(&query)?);
        let v = test_primitive(&query).unwrap();
        let t = v.time().unwrap();
        prop_assert!(t.cmp_rational(&tc).is_le(), "first contact {t} after {tc}");
    }
}
