//! Hand-built vertex-face and edge-edge queries with answers derived by hand
//! (the derivation in each test's comment): generic contact, misses, rational
//! and irrational times, touching edges and vertices, contact at t = 0 and
//! t = 1, tangential (double-root) contact, coplanar-for-all-t motion with
//! its contact intervals, zero-area triangles (segments, points, and a
//! triangle flattening at the contact instant), parallel, collinear and
//! point segments, and coinciding points.

use crate::primitive_support;

use exactccd::poly::{Poly, RealAlgebraic};
use exactccd::scalar::{BigInt, BigRational, Sign};
use exactccd::solver::primitive::*;
use exactccd::{Feature, QuerySegment};
use primitive_support::*;

type Contact = PrimitiveContact<RealAlgebraic>;

fn solve(query: &PrimitiveQuery<Q>) -> Contact {
    let c = find_primitive(query).unwrap();
    // test_ and find_ agree; the f64 answer is computed too (not asserted
    // here: see f64_agrees_on_clear_cases)
    let v = test_primitive(query).unwrap();
    assert_eq!(v.collides, c.collides);
    assert_eq!(v.time(), c.first_contact.as_ref());
    c
}

fn rat(t: &RealAlgebraic) -> Q {
    t.as_rational().cloned().expect("a rational time")
}

fn first(c: &Contact) -> Q {
    rat(c.first_contact.as_ref().expect("contact"))
}

fn intervals(c: &Contact) -> Vec<(Q, Q)> {
    c.contact_intervals
        .iter()
        .map(|(a, b)| (rat(a), rat(b)))
        .collect()
}

fn ipoly(c: &[i64]) -> Poly<BigInt> {
    Poly::from_coeffs(c.iter().map(|&x| BigInt::from(x)).collect())
}

fn assert_close(a: [f64; 3], b: [f64; 3]) {
    for k in 0..3 {
        assert!((a[k] - b[k]).abs() < 1e-12, "{a:?} vs {b:?}");
    }
}

fn coplanar(c: &Contact) -> bool {
    matches!(c.certificate.schedule, Schedule::Coplanar { .. })
}

// --- vertex-face -----------------------------------------------------------

/// The fixed triangle (0,0,0), (4,0,0), (0,4,0) in z = 0, normal +z.
fn floor() -> [MovingPoint<Q>; 3] {
    [
        fixed(["0", "0", "0"]),
        fixed(["4", "0", "0"]),
        fixed(["0", "4", "0"]),
    ]
}

fn onto_floor(p: MovingPoint<Q>) -> PrimitiveQuery<Q> {
    let [a, b, c] = floor();
    vf(p, a, b, c)
}

#[test]
fn vertex_falls_onto_the_interior() {
    // z = 3 - 4t = 0 at t = 3/4, (1, 1) inside
    let c = solve(&onto_floor(mp(["1", "1", "3"], ["1", "1", "-1"])));
    assert!(c.collides && !c.initially_touching);
    assert_eq!(first(&c), qr(3, 4));
    assert_eq!(intervals(&c), vec![(qr(3, 4), qr(3, 4))]);
    assert_eq!(
        c.feature,
        Some(PrimitiveFeature::VertexFace(FaceFeature::Interior))
    );
    assert_eq!(c.certificate.schedule, Schedule::Separation { degree: 1 });
    assert!(c.certificate.rejected.is_empty());
    assert_close(c.point.unwrap(), [1.0, 1.0, 0.0]);
    // from the vertex (above) to the face (below)
    assert_close(c.normal.unwrap(), [0.0, 0.0, -1.0]);
    match c.certificate.contact {
        Some((_, Witness::VertexFace(VertexFaceWitness::Inside { axis, barycentric }))) => {
            assert_eq!(axis, 2);
            assert_eq!(barycentric, [Sign::Positive; 3]);
        }
        ref w => panic!("unexpected witness {w:?}"),
    }
}

#[test]
fn vertex_passes_beside_the_triangle() {
    // crosses z = 0 at t = 3/4 at (5, 5), outside: x + y = 10 > 4 (the
    // barycentric coordinate of f0 is (4 - x - y)/4 < 0)
    let c = solve(&onto_floor(mp(["5", "5", "3"], ["5", "5", "-1"])));
    assert!(!c.collides);
    assert!(c.first_contact.is_none() && c.contact_intervals.is_empty());
    assert_eq!(c.certificate.rejected.len(), 1);
    let (t, r) = &c.certificate.rejected[0];
    assert_eq!(rat(t), qr(3, 4));
    assert_eq!(
        *r,
        Rejection::VertexFace(VertexFaceRejection::Outside { axis: 2, vertex: 0 })
    );
}

#[test]
fn vertex_meets_a_tilting_triangle_at_an_irrational_time() {
    // f2 = (0, 4, 4t): n = (4,0,0) x (0,4,4t) = (0, -16t, 16);
    // p = (1, 1 + t, 1 - t): s = n.p = 16 (1 - t - t (1 + t)) = 16 (1 - 2t - t^2),
    // root t = sqrt(2) - 1; barycentric (x/4, y/4) = (1/4, 0.354): inside.
    let q = vf(
        mp(["1", "1", "1"], ["1", "2", "0"]),
        fixed(["0", "0", "0"]),
        fixed(["4", "0", "0"]),
        mp(["0", "4", "0"], ["0", "4", "4"]),
    );
    let c = solve(&q);
    assert!(c.collides);
    let t = c.first_contact.clone().unwrap();
    assert!(t.as_rational().is_none());
    assert_eq!(t.polynomial(), ipoly(&[-1, 2, 1]));
    // sqrt(2) - 1 = 0.41421356237309504880..., correctly rounded
    assert_eq!(t.to_f64(), 0.414_213_562_373_095_05);
    assert_eq!(
        c.feature,
        Some(PrimitiveFeature::VertexFace(FaceFeature::Interior))
    );
    // s = 16 (1 - 2t - t^2) > 0 before: the normal is -n/|n| at t
    let tf = std::f64::consts::SQRT_2 - 1.0;
    let len = (tf * tf + 1.0).sqrt();
    assert_close(c.normal.unwrap(), [0.0, tf / len, -1.0 / len]);
}

#[test]
fn vertex_touches_an_edge_and_misses_it_by_two_to_the_minus_sixty() {
    // lands on (2, 0, 0), on the edge f0 f1 (y = 0), at t = 1/2
    let c = solve(&onto_floor(mp(["2", "0", "1"], ["2", "0", "-1"])));
    assert_eq!(first(&c), qr(1, 2));
    assert_eq!(
        c.feature,
        Some(PrimitiveFeature::VertexFace(FaceFeature::Edge(0, 1)))
    );
    assert_eq!(c.feature.unwrap().kind_name(), "vertex-edge");
    // y = -2^-60: outside, exactly
    let eps = "-1/1152921504606846976";
    let c = solve(&onto_floor(mp(["2", eps, "1"], ["2", eps, "-1"])));
    assert!(!c.collides);
    // y = +2^-60: inside
    let eps = "1/1152921504606846976";
    let c = solve(&onto_floor(mp(["2", eps, "1"], ["2", eps, "-1"])));
    assert!(c.collides);
}

#[test]
fn vertex_touches_a_vertex_of_the_triangle() {
    let c = solve(&onto_floor(mp(["4", "0", "2"], ["4", "0", "-6"])));
    // z = 2 - 8t: t = 1/4 at f1 = (4, 0, 0)
    assert_eq!(first(&c), qr(1, 4));
    assert_eq!(
        c.feature,
        Some(PrimitiveFeature::VertexFace(FaceFeature::Vertex(1)))
    );
    assert_eq!(
        c.feature.unwrap().features(),
        (Feature::QueryVertex, Feature::QueryFaceVertex(1))
    );
}

#[test]
fn vertex_coincides_with_a_moving_triangle_vertex() {
    // p = (3 + 2t, -1 + 2t, 1 - 2t) meets f1 = (4, 0, 0) at t = 1/2, coming
    // from outside the triangle's corner
    let c = solve(&onto_floor(mp(["3", "-1", "1"], ["5", "1", "-1"])));
    assert_eq!(first(&c), qr(1, 2));
    assert_eq!(
        c.feature,
        Some(PrimitiveFeature::VertexFace(FaceFeature::Vertex(1)))
    );
    // shifted by 1/1000 in y: p(1/2) = (4, 1/1000, 0), outside (x + y > 4)
    let c = solve(&onto_floor(mp(["3", "-0.999", "1"], ["5", "1.001", "-1"])));
    assert!(!c.collides);
}

#[test]
fn contact_at_the_start_and_at_the_end() {
    // starts on the face and leaves: T = 0
    let c = solve(&onto_floor(mp(["1", "1", "0"], ["1", "1", "5"])));
    assert!(c.initially_touching);
    assert_eq!(first(&c), qi(0));
    assert_eq!(intervals(&c), vec![(qi(0), qi(0))]);
    assert_eq!(c.normal, None); // no "before" at t0
                                // arrives at the end: T = 1
    let c = solve(&onto_floor(mp(["1", "1", "2"], ["1", "1", "0"])));
    assert!(!c.initially_touching);
    assert_eq!(first(&c), qi(1));
    // arrives just after the end: none
    let c = solve(&onto_floor(mp(["1", "1", "2"], ["1", "1", "1/1000000"])));
    assert!(!c.collides);
}

#[test]
fn tangential_touch_is_a_double_root() {
    // With f2 = (0, 4, 4t), n = (0, -16t, 16) and p = (1, 2 - t, 1/4 + t):
    // s = 16 (z - t y) = 16 (t - 1/2)^2. At t = 1/2, p = (1, 3/2, 3/4),
    // barycentric (1/4, 3/8): inside; the vertex only grazes the plane.
    let tri = |x: &str| {
        vf(
            mp([x, "2", "1/4"], [x, "1", "5/4"]),
            fixed(["0", "0", "0"]),
            fixed(["4", "0", "0"]),
            mp(["0", "4", "0"], ["0", "4", "4"]),
        )
    };
    let c = solve(&tri("1"));
    assert_eq!(first(&c), qr(1, 2));
    assert_eq!(c.certificate.schedule, Schedule::Separation { degree: 2 });
    // the separation has the same sign before and after: the vertex stays
    // on the +n side; the normal (from the vertex to the face) is -n/|n|
    // with n(1/2) = (0, -8, 16)
    let r5 = 5f64.sqrt();
    assert_close(c.normal.unwrap(), [0.0, 1.0 / r5, -2.0 / r5]);
    // the same graze outside the triangle (x = 5): none
    assert!(!solve(&tri("5")).collides);
}

#[test]
fn coplanar_vertex_enters_the_triangle() {
    // in z = 0: x = -2 + 4t enters at x = 0 (t = 1/2) through the edge f0 f2
    // and is still inside at t = 1 ((2, 1): x + y = 3 <= 4)
    let c = solve(&onto_floor(mp(["-2", "1", "0"], ["2", "1", "0"])));
    assert!(coplanar(&c));
    assert_eq!(first(&c), qr(1, 2));
    assert_eq!(intervals(&c), vec![(qr(1, 2), qi(1))]);
    assert_eq!(
        c.feature,
        Some(PrimitiveFeature::VertexFace(FaceFeature::Edge(0, 2)))
    );
    assert_eq!(c.normal, None);
}

#[test]
fn coplanar_vertex_crosses_the_triangle() {
    // x = -2 + 8t, y = 1: inside for x in [0, 3], t in [1/4, 5/8]
    let c = solve(&onto_floor(mp(["-2", "1", "0"], ["6", "1", "0"])));
    assert_eq!(first(&c), qr(1, 4));
    assert_eq!(intervals(&c), vec![(qr(1, 4), qr(5, 8))]);
    // y = -1: never inside
    let c = solve(&onto_floor(mp(["-2", "-1", "0"], ["6", "-1", "0"])));
    assert!(coplanar(&c) && !c.collides);
    // a fixed point inside: the whole interval
    let c = solve(&onto_floor(fixed(["1", "1", "0"])));
    assert!(c.initially_touching);
    assert_eq!(intervals(&c), vec![(qi(0), qi(1))]);
}

#[test]
fn coplanar_triangle_flips_through_zero_area_giving_two_intervals() {
    // f2 = (0, 4 - 8t, 0) flips through the segment f0 f1 at t = 1/2;
    // p = (1, 1 - 3t, 0). For t < 1/2 (apex above): inside iff y >= 0, i.e.
    // t <= 1/3. For t > 1/2 (apex below): inside iff y <= 0 and
    // 1/4 + (1 - 3t)/(4 - 8t) <= 1, i.e. t >= 2/3. At t = 1/2 the triangle
    // is the segment [0, 4] of the x axis and p = (1, -1/2) is off it.
    let q = vf(
        mp(["1", "1", "0"], ["1", "-2", "0"]),
        fixed(["0", "0", "0"]),
        fixed(["4", "0", "0"]),
        mp(["0", "4", "0"], ["0", "-4", "0"]),
    );
    let c = solve(&q);
    assert!(coplanar(&c));
    assert_eq!(intervals(&c), vec![(qi(0), qr(1, 3)), (qr(2, 3), qi(1))]);
}

#[test]
fn zero_area_triangle_segment() {
    // f0, f1, f2 on the x axis: n = 0 at every t (so s = 0: coplanar)
    let seg = |p: MovingPoint<Q>| {
        vf(
            p,
            fixed(["0", "0", "0"]),
            fixed(["2", "0", "0"]),
            fixed(["4", "0", "0"]),
        )
    };
    // through (1, 0, 0) at t = 1/2: on f0 f1 and on f2 f0 = [0, 4], not on
    // f1 f2 = [2, 4]; the edges are tried in the order f1 f2, f2 f0, f0 f1
    let c = solve(&seg(mp(["1", "1", "1"], ["1", "-1", "-1"])));
    assert!(coplanar(&c));
    assert_eq!(first(&c), qr(1, 2));
    assert_eq!(intervals(&c), vec![(qr(1, 2), qr(1, 2))]);
    assert_eq!(
        c.certificate.contact.unwrap().1,
        Witness::VertexFace(VertexFaceWitness::OnDegenerateFace { edge: (0, 2) })
    );
    // through (3, 0, 0): on f1 f2 (the edge opposite f0 comes first)
    let c = solve(&seg(mp(["3", "1", "1"], ["3", "-1", "-1"])));
    assert_eq!(
        c.certificate.contact.unwrap().1,
        Witness::VertexFace(VertexFaceWitness::OnDegenerateFace { edge: (1, 2) })
    );
    // through (5, 0, 0): beyond the segment
    let c = solve(&seg(mp(["5", "1", "1"], ["5", "-1", "-1"])));
    assert!(!c.collides);
    // past (1, 1/2, 0)... never on the line
    let c = solve(&seg(mp(["1", "1", "1"], ["1", "0", "-1"])));
    assert!(!c.collides);
    // sliding along the segment's line into it: x = 6 - 4t reaches 4 at 1/2
    let c = solve(&seg(mp(["6", "0", "0"], ["2", "0", "0"])));
    assert_eq!(intervals(&c), vec![(qr(1, 2), qi(1))]);
}

#[test]
fn zero_area_triangle_point() {
    let dot = |p: MovingPoint<Q>| {
        vf(
            p,
            fixed(["1", "2", "3"]),
            fixed(["1", "2", "3"]),
            fixed(["1", "2", "3"]),
        )
    };
    // p = 2t (1, 2, 3) reaches (1, 2, 3) at t = 1/2
    let c = solve(&dot(mp(["0", "0", "0"], ["2", "4", "6"])));
    assert_eq!(first(&c), qr(1, 2));
    // p = (2t, 4t, 7t) never does (z = 3 at t = 3/7, x = 6/7 there)
    assert!(!solve(&dot(mp(["0", "0", "0"], ["2", "4", "7"]))).collides);
}

#[test]
fn triangle_flattens_at_the_contact_instant() {
    // f2 = (0, 4 - 8t, 0): n = (0, 0, 16 (1 - 2t)); p = (x, y, 1 - 2t):
    // s = 16 (1 - 2t)^2, a double root at 1/2 where the triangle is the
    // segment [0, 4] of the x axis (n = 0 there).
    let q = |x: &str, y: &str| {
        vf(
            mp([x, y, "1"], [x, y, "-1"]),
            fixed(["0", "0", "0"]),
            fixed(["4", "0", "0"]),
            mp(["0", "4", "0"], ["0", "-4", "0"]),
        )
    };
    let c = solve(&q("1", "0"));
    assert!(!coplanar(&c));
    assert_eq!(first(&c), qr(1, 2));
    assert!(matches!(
        c.certificate.contact,
        Some((
            _,
            Witness::VertexFace(VertexFaceWitness::OnDegenerateFace { .. })
        ))
    ));
    // beyond the segment, and off its line: none
    assert!(!solve(&q("5", "0")).collides);
    let c = solve(&q("1", "1"));
    assert!(!c.collides);
    assert!(matches!(
        c.certificate.rejected[0].1,
        Rejection::VertexFace(VertexFaceRejection::OffDegenerateFace { .. })
    ));
}

// --- edge-edge -------------------------------------------------------------

/// Segment a: (0,0,0)-(4,0,0), fixed.
fn axis_edge() -> (MovingPoint<Q>, MovingPoint<Q>) {
    (fixed(["0", "0", "0"]), fixed(["4", "0", "0"]))
}

/// b parallel to y through x = `x`, at height 3 - 4t (crosses z = 0 at 3/4).
fn falling_b(x: &str, y0: &str, y1: &str) -> PrimitiveQuery<Q> {
    let (a0, a1) = axis_edge();
    ee(
        a0,
        a1,
        mp([x, y0, "3"], [x, y0, "-1"]),
        mp([x, y1, "3"], [x, y1, "-1"]),
    )
}

#[test]
fn edges_cross() {
    let c = solve(&falling_b("2", "-1", "1"));
    assert_eq!(first(&c), qr(3, 4));
    assert_eq!(
        c.feature,
        Some(PrimitiveFeature::EdgeEdge(
            EdgeFeature::Interior,
            EdgeFeature::Interior
        ))
    );
    assert_close(c.point.unwrap(), [2.0, 0.0, 0.0]);
    // m = (4,0,0) x (0,2,0) = (0,0,8); b above a before: the normal from a
    // to b is +z
    assert_close(c.normal.unwrap(), [0.0, 0.0, 1.0]);
}

#[test]
fn edges_miss_beyond_an_end() {
    // at t = 3/4, b0 = (5, -1, 0), eb = (0, 2, 0): the side of a0 = (0,0,0)
    // is (eb x (a0 - b0))_z = 0 * 1 - 2 * (-5) = 10 > 0, and of a1: 2 > 0
    let c = solve(&falling_b("5", "-1", "1"));
    assert!(!c.collides);
    assert_eq!(
        c.certificate.rejected[0].1,
        Rejection::EdgeEdge(EdgeEdgeRejection::SameSide {
            axis: 2,
            segment: Segment::A,
            sign: Sign::Positive
        })
    );
    // b too short: its ends at y = 1/2..1 stay on one side of line a
    assert!(!solve(&falling_b("2", "1/2", "1")).collides);
}

#[test]
fn edge_end_touches_the_other_edge() {
    // b crosses the end a1 = (4, 0, 0)
    let c = solve(&falling_b("4", "-1", "1"));
    assert_eq!(first(&c), qr(3, 4));
    let f = c.feature.unwrap();
    assert_eq!(
        f,
        PrimitiveFeature::EdgeEdge(EdgeFeature::End(1), EdgeFeature::Interior)
    );
    assert_eq!(
        f.features(),
        (
            Feature::QuerySegmentEnd(QuerySegment::A, 1),
            Feature::QuerySegmentInterior(QuerySegment::B)
        )
    );
    assert_eq!(f.features().0, "vertex a1");
    assert_eq!(f.features().1, "edge b");
    assert_eq!(f.kind_name(), "vertex-edge");
    // end to end: b0 = (4, 0, .) meets a1
    let c = solve(&falling_b("4", "0", "2"));
    assert_eq!(
        c.feature,
        Some(PrimitiveFeature::EdgeEdge(
            EdgeFeature::End(1),
            EdgeFeature::End(0)
        ))
    );
}

#[test]
fn edges_meet_at_an_irrational_time() {
    // a on the x axis; b0 = (2, -1 - t, -1/2), b1 = (2, 1, 1 - 2t). The line
    // of b meets the x axis when y0 ez - z0 ey = 0 with ey = 2 + t,
    // ez = 3/2 - 2t: 2t^2 + t - 1/2 = 0, t = (sqrt(5) - 1)/4; there the
    // crossing is at s = (1 + t)/(2 + t) = 0.567 along b, x = 2 on a.
    let (a0, a1) = axis_edge();
    let q = ee(
        a0,
        a1,
        mp(["2", "-1", "-1/2"], ["2", "-2", "-1/2"]),
        mp(["2", "1", "1"], ["2", "1", "-1"]),
    );
    let c = solve(&q);
    let t = c.first_contact.clone().unwrap();
    assert_eq!(t.polynomial(), ipoly(&[-1, 2, 4]));
    assert!((t.to_f64() - (5f64.sqrt() - 1.0) / 4.0).abs() < 1e-15);
    assert_close(c.point.unwrap(), [2.0, 0.0, 0.0]);
}

#[test]
fn parallel_edges_sweep_into_each_other() {
    // b = [1, 3] x {2 - 4t} in z = 0, parallel to a: coplanar for all t
    // (m = 0); on the x axis at t = 1/2, overlapping a
    let (a0, a1) = axis_edge();
    let q = |x0: &str, x1: &str| {
        let (a0, a1) = (a0.clone(), a1.clone());
        ee(
            a0,
            a1,
            mp([x0, "2", "0"], [x0, "-2", "0"]),
            mp([x1, "2", "0"], [x1, "-2", "0"]),
        )
    };
    let c = solve(&q("1", "3"));
    assert!(coplanar(&c));
    assert_eq!(intervals(&c), vec![(qr(1, 2), qr(1, 2))]);
    assert_eq!(
        c.certificate.contact.unwrap().1,
        Witness::EdgeEdge(EdgeEdgeWitness::EndOnSegment {
            segment: Segment::B,
            end: 0
        })
    );
    // disjoint intervals [5, 7]: none
    let c = solve(&q("5", "7"));
    assert!(!c.collides);
    // touching end to end: [4, 6] at t = 1/2 touches a1
    assert_eq!(first(&solve(&q("4", "6"))), qr(1, 2));
    let _ = a1;
}

#[test]
fn collinear_edges_slide() {
    // b = [6 - 8t, 8 - 8t] on the x axis: touches a1 = 4 at t = 1/4 and
    // overlaps a until t = 1 (b = [-2, 0] touches a0)
    let (a0, a1) = axis_edge();
    let c = solve(&ee(
        a0.clone(),
        a1.clone(),
        mp(["6", "0", "0"], ["-2", "0", "0"]),
        mp(["8", "0", "0"], ["0", "0", "0"]),
    ));
    assert!(coplanar(&c));
    assert_eq!(intervals(&c), vec![(qr(1, 4), qi(1))]);
    assert_eq!(
        c.certificate.contact.unwrap().1,
        Witness::EdgeEdge(EdgeEdgeWitness::EndOnSegment {
            segment: Segment::A,
            end: 1
        })
    );
    // b = [6 - t, 8 - t]: stays beyond 4
    let c = solve(&ee(
        a0,
        a1,
        mp(["6", "0", "0"], ["5", "0", "0"]),
        mp(["8", "0", "0"], ["7", "0", "0"]),
    ));
    assert!(!c.collides);
}

#[test]
fn edges_become_parallel_at_the_contact_instant() {
    // b0 = (1, 1 - 2t, 0), b1 = (3, 1 - 2t, 2t - 1): m = (0, -4 (2t - 1), 0),
    // s = m.(b0 - a0) = 4 (2t - 1)^2. At t = 1/2 b = [1, 3] on the x axis
    // (m = 0 there): collinear, overlapping a.
    let (a0, a1) = axis_edge();
    let q = |x0: &str, x1: &str| {
        ee(
            a0.clone(),
            a1.clone(),
            mp([x0, "1", "0"], [x0, "-1", "0"]),
            mp([x1, "1", "-1"], [x1, "-1", "1"]),
        )
    };
    let c = solve(&q("1", "3"));
    assert!(!coplanar(&c));
    assert_eq!(c.certificate.schedule, Schedule::Separation { degree: 2 });
    assert_eq!(first(&c), qr(1, 2));
    assert!(matches!(
        c.certificate.contact,
        Some((_, Witness::EdgeEdge(EdgeEdgeWitness::EndOnSegment { .. })))
    ));
    // the same with b = [5, 7]: collinear at 1/2 but apart
    let c = solve(&q("5", "7"));
    assert!(!c.collides);
    assert!(matches!(
        c.certificate.rejected[0].1,
        Rejection::EdgeEdge(EdgeEdgeRejection::ParallelApart { .. })
    ));
}

#[test]
fn point_segment_crosses_an_edge() {
    // a0 = a1 (a point) falling through (2, 0, 0) on b at t = 1/2
    let q = |x: &str| {
        ee(
            mp([x, "0", "1"], [x, "0", "-1"]),
            mp([x, "0", "1"], [x, "0", "-1"]),
            fixed(["0", "0", "0"]),
            fixed(["4", "0", "0"]),
        )
    };
    let c = solve(&q("2"));
    assert!(coplanar(&c));
    assert_eq!(intervals(&c), vec![(qr(1, 2), qr(1, 2))]);
    assert!(!solve(&q("5")).collides);
}

#[test]
fn two_points_meet() {
    // both segments are points: (2t, 2t, 2t) and (2 - 2t, 2t, 2t) meet at
    // t = 1/2 in (1, 1, 1)
    let q = |z: &str| {
        ee(
            mp(["0", "0", "0"], ["2", "2", "2"]),
            mp(["0", "0", "0"], ["2", "2", "2"]),
            mp(["2", "0", "0"], ["0", "2", z]),
            mp(["2", "0", "0"], ["0", "2", z]),
        )
    };
    let c = solve(&q("2"));
    assert_eq!(intervals(&c), vec![(qr(1, 2), qr(1, 2))]);
    assert!(!solve(&q("3")).collides);
}

#[test]
fn edge_contact_at_the_start_and_the_end() {
    let (a0, a1) = axis_edge();
    let c = solve(&ee(
        a0.clone(),
        a1.clone(),
        mp(["2", "-1", "0"], ["2", "-1", "3"]),
        mp(["2", "1", "0"], ["2", "1", "3"]),
    ));
    assert!(c.initially_touching);
    assert_eq!(first(&c), qi(0));
    let c = solve(&ee(
        a0,
        a1,
        mp(["2", "-1", "3"], ["2", "-1", "0"]),
        mp(["2", "1", "3"], ["2", "1", "0"]),
    ));
    assert_eq!(first(&c), qi(1));
}

#[test]
fn other_intervals_map_the_time() {
    // the falling vertex over [2, 6]: z = 3 - (t - 2) = 0 at t = 5
    let q = onto_floor(mp(["1", "1", "3"], ["1", "1", "-1"])).with_interval(qi(2), qi(6));
    assert_eq!(first(&solve(&q)), qi(5));
    // an empty interval is an error
    let bad = onto_floor(mp(["1", "1", "3"], ["1", "1", "-1"])).with_interval(qi(1), qi(1));
    assert!(test_primitive(&bad).is_err());
}

/// Invalid input (an empty interval, a coordinate that is not finite) is
/// reported as invalid input, not as a resource limit: by the solver, and
/// through the front door `contact::solve`.
#[test]
fn invalid_input_is_reported_as_invalid_input() {
    use exactccd::contact::{ContactQuery, Method, ScalarKind, SolveOptions};
    use exactccd::geom::Vec3;
    let fall = || onto_floor(mp(["1", "1", "3"], ["1", "1", "-1"]));
    let empty = fall().with_interval(qi(1), qi(1));
    for e in [
        test_primitive(&empty).unwrap_err(),
        find_primitive(&empty).unwrap_err(),
    ] {
        assert!(e.is_invalid_input(), "{e:?}");
        assert!(!e.is_not_applicable() && !e.is_limit_exceeded(), "{e:?}");
        assert_eq!(
            e.to_string(),
            "invalid input: the time interval is empty (t0 >= t1)"
        );
    }
    // f64: a coordinate that is not a finite number
    let mut nan = query_to_f64(&fall());
    nan.points[0].start = Vec3::new(f64::NAN, 1.0, 3.0);
    let e = test_primitive(&nan).unwrap_err();
    assert!(e.is_invalid_input(), "{e:?}");
    assert_eq!(e.reason(), "a coordinate or time is not a finite number");
    // the front door: a coordinate beyond f64's range rounds to infinity,
    // and an empty interval is empty in either scalar
    let huge = onto_floor(mp(["1", "1", "1e400"], ["1", "1", "-1"]));
    let cases = [
        (
            &huge,
            ScalarKind::F64,
            "a coordinate or time is not a finite number",
        ),
        (
            &empty,
            ScalarKind::Exact,
            "the time interval is empty (t0 >= t1)",
        ),
        (
            &empty,
            ScalarKind::F64,
            "the time interval is empty (t0 >= t1)",
        ),
    ];
    for (query, scalar, reason) in cases {
        let contact_query = ContactQuery::Primitive(query);
        let e = exactccd::contact::solve(
            &contact_query,
            Method::Primitive,
            scalar,
            &SolveOptions::default(),
        )
        .unwrap_err();
        assert!(e.is_invalid_input(), "{scalar:?}: {e:?}");
        assert_eq!(e.reason(), reason, "{scalar:?}");
    }
    // the exact scalar answers the huge coordinate
    assert!(find_primitive(&huge).is_ok());
}

#[test]
fn f64_agrees_on_clear_cases() {
    // cases away from ties: the same answer and a close time in f64
    let cases = [
        onto_floor(mp(["1", "1", "3"], ["1", "1", "-1"])),
        onto_floor(mp(["5", "5", "3"], ["5", "5", "-1"])),
        onto_floor(mp(["-2", "1", "0"], ["6", "1", "0"])),
        falling_b("2", "-1", "1"),
        falling_b("5", "-1", "1"),
    ];
    for q in &cases {
        let exact = find_primitive(q).unwrap();
        let qf = exactccd::solver::primitive::query_to_f64(q);
        let float = find_primitive(&qf).unwrap();
        assert_eq!(exact.collides, float.collides);
        if let (Some(a), Some(b)) = (&exact.first_contact, &float.first_contact) {
            assert!((a.to_f64() - b.0).abs() < 1e-12);
        }
        assert_eq!(exact.feature, float.feature);
    }
}

#[cfg(feature = "gmp")]
#[test]
fn gmp_scalar_gives_the_same_answers() {
    use exactccd::scalar::Scalar;
    let q = onto_floor(mp(["1", "1", "3"], ["1", "1", "-1"]));
    let g = |p: &MovingPoint<Q>| {
        MovingPoint::new(
            p.start.map(rug::Rational::from_rational),
            p.end.map(rug::Rational::from_rational),
        )
    };
    let qg = PrimitiveQuery {
        kind: q.kind,
        points: [
            g(&q.points[0]),
            g(&q.points[1]),
            g(&q.points[2]),
            g(&q.points[3]),
        ],
        interval: [rug::Rational::from(0), rug::Rational::from(1)],
    };
    let c = find_primitive(&qg).unwrap();
    assert_eq!(c.first_contact.unwrap().as_rational(), Some(&qr(3, 4)));
}

#[test]
fn time_objects_are_exact() {
    let c = solve(&onto_floor(mp(["1", "1", "3"], ["1", "1", "-1"])));
    let t = c.first_contact.unwrap();
    let j = exactccd::contact::time_json(&exactccd::contact::Time::Exact(t), 64);
    assert_eq!(j["exact"], "3/4");
    assert_eq!(j["polynomial"], serde_json::json!(["-3", "4"]));
    let _ = BigRational::from_integer(BigInt::from(0));
}
