//! Hand-derived cases for every row of Tables 1, 1', 3, 5 and 6 of Eberly, "Dynamic Collision Detection using OBBs"
//! and for the contact-point cases (section 2.3.2 / Table 2, 3.3.2 /
//! Tables 4a-4d, 4.3.2 / Table 7), including zero dot products (edge-face
//! and face-face contacts).
//!
//! Each row's configuration is derived once by hand (the numbers in the
//! comments), and the other rows of the same kind are obtained by
//! relabelling the local axes with a cyclic permutation of a cube (same
//! solid, other labels) or by reordering triangle vertices (same triangle,
//! other edge indices): the time and the point are unchanged, the axis label
//! follows. Every contact point is checked exactly against both solids, and
//! every separating axis exactly against the vertex projections, with
//! directions computed here independently of the solver.

use crate::sat_common;

use exactccd::geom::{Obb, Triangle, Vec3};
use exactccd::motion::Body;
use exactccd::scalar::BigRational;
use exactccd::solver::sat::{
    find_box_box_contact, test_box_box_moving, test_triangle_box_moving,
    test_triangle_triangle_moving, Axis, Side, StaticTest,
};
use sat_common::*;

/// The static test at time `t` must find `expected` first, with a side that
/// the vertex projections confirm.
fn assert_static_row(a: &Body, b: &Body, t: &BigRational, expected: Axis) {
    let (wa, wb) = (world_at(a, t), world_at(b, t));
    match static_axis(&wa, &wb) {
        StaticTest::Separated { axis, side } => {
            assert_eq!(axis, expected, "first separating axis");
            check_separated(&wa, &wb, axis, side);
        }
        StaticTest::Intersecting => panic!("expected separation by {expected}"),
    }
    assert!(!brute_intersects(&wa, &wb));
}

/// The constant-velocity answer over [0, 1]: exact time, last axis, feature
/// kind, exact point in both solids (and equal to `point` when given),
/// and the f64 answer within 1e-9.
fn assert_contact(
    a: &Body,
    b: &Body,
    time: &str,
    last: Axis,
    kind: &str,
    point: Option<[&str; 3]>,
) {
    let out = run::<BigRational>(a, b);
    let t = q(time);
    assert!(out.collides);
    assert_eq!(out.first_contact.as_ref().unwrap().as_rational(), Some(&t));
    let cert = out.certificate.last_axis.as_ref().expect("a last axis");
    assert_eq!(cert.axis, last, "last separating axis");
    let f = out.features.as_ref().expect("features");
    assert_eq!(f.kind(), kind, "feature kind ({} / {})", f.a, f.b);
    let p = out.exact_point.clone().expect("an exact point");
    let (wa, wb) = (world_at(a, &t), world_at(b, &t));
    assert!(
        solid_contains(&wa, &p) && solid_contains(&wb, &p),
        "point {p:?} not in both solids"
    );
    if let Some(pt) = point {
        assert_eq!(p, v(pt[0], pt[1], pt[2]));
    }
    // just before the contact the solids are apart, and the time's
    // polynomial vanishes at the time
    let tp = out.certificate.time_polynomial.as_ref().unwrap();
    assert_eq!(tp.eval(&t), r(0, 1));
    let before = &t - &r(1, 1000);
    assert!(!brute_intersects(
        &world_at(a, &before),
        &world_at(b, &before)
    ));
    let fast = run::<f64>(a, b);
    assert!((fast.first_contact_f64().unwrap() - out.first_contact_f64().unwrap()).abs() < 1e-9);
}

// ---------------------------------------------------------------- Table 1

/// Rows `A_i`: a unit cube at rest (its local axis `i` along world y), a
/// half cube rotated about x by `cos = 3/5, sin = 4/5` (`q = (2, 1, 0, 0)`)
/// coming down the y axis. On `A_y`: `R0 = 1`, `R1 = 1/2 (0 + 3/5 + 4/5) =
/// 7/10`, so contact at `y = 17/10`; from `y = 5` at speed `33/5`:
/// `t = (33/10) / (33/5) = 1/2`. The half cube's side towards `-y` has
/// `y_1 = -1/2, y_2 = +1/2` and `y_0` free (`c_10 = 0`): an edge lies on the
/// face, the zero-coefficient case; its end `(-1/2, -1/2, 1/2)` goes to
/// `(-1/2, 17/10 - 7/10, -2/5 + 3/10) = (-1/2, 1, -1/10)`.
#[test]
fn table1_rows_a_i() {
    for i in 0..3 {
        let s = (i + 2) % 3; // cyc(s) maps local i to world y (index 1)
        let a = box_body(
            cyc_extents(["1", "1", "1"], s),
            cyc(s),
            Vec3::zero(),
            Vec3::zero(),
        );
        let b = box_body(
            cyc_extents(["1/2", "1/2", "1/2"], 0),
            qrot(2, 1, 0, 0),
            v("0", "5", "0"),
            v("0", "-33/5", "0"),
        );
        assert_contact(
            &a,
            &b,
            "1/2",
            Axis::A(i),
            "face-edge",
            Some(["-1/2", "1", "-1/10"]),
        );
        // at t = 2/5 the centre is at y = 5 - 66/25 = 59/25 > 17/10: A_i first
        assert_static_row(&a, &b, &q("2/5"), Axis::A(i));
    }
}

/// Rows `B_j`: the same configuration with the roles exchanged (the cube is
/// `b`, its local axis `j` along world y).
#[test]
fn table1_rows_b_j() {
    for j in 0..3 {
        let s = (j + 2) % 3;
        let a = box_body(
            cyc_extents(["1/2", "1/2", "1/2"], 0),
            qrot(2, 1, 0, 0),
            v("0", "5", "0"),
            v("0", "-33/5", "0"),
        );
        let b = box_body(
            cyc_extents(["1", "1", "1"], s),
            cyc(s),
            Vec3::zero(),
            Vec3::zero(),
        );
        assert_contact(
            &a,
            &b,
            "1/2",
            Axis::B(j),
            "edge-face",
            Some(["-1/2", "1", "-1/10"]),
        );
        // at t = 2/5 the rotated box's own axes do not separate yet: on
        // A_1 = (0, 3/5, 4/5) it needs 3/5 y > 19/10, on A_2 4/5 y > 19/8
        assert_static_row(&a, &b, &q("2/5"), Axis::B(j));
    }
}

/// Rows `A_i x B_j`: two thin rods (extents 4, 1/8, 1/8), `a` along world x
/// rotated about x (`q = (2, 1, 0, 0)`), `b` along world y rotated about y
/// (`q = (2, 0, 1, 0)`), `b` coming down z. Their top and bottom edges run
/// along x and y: on `L = e_z = A_x x B_y`, `R0 = R1 = 1/8 (4/5 + 3/5) =
/// 7/40`, contact at `z = 7/20`; from `z = 1` at speed `13/10`: `t = 1/2`.
/// The edges are `{(s, -1/40, 7/40)}` and `{(-1/40, s, 7/40)}`: the unique
/// point `(-1/40, -1/40, 7/40)` (Table 2, all four `c` non-zero).
#[test]
fn table1_rows_a_i_cross_b_j() {
    for i in 0..3 {
        for j in 0..3 {
            let sa = i; // local i -> world x
            let sb = (j + 2) % 3; // local j -> world y
            let rod = ["4", "1/8", "1/8"];
            let rod_y = ["1/8", "4", "1/8"];
            let a = box_body(
                cyc_extents(rod, sa),
                qrot(2, 1, 0, 0).mul_mat(&cyc(sa)),
                Vec3::zero(),
                Vec3::zero(),
            );
            let b = box_body(
                cyc_extents(rod_y, sb),
                qrot(2, 0, 1, 0).mul_mat(&cyc(sb)),
                v("0", "0", "1"),
                v("0", "0", "-13/10"),
            );
            assert_contact(
                &a,
                &b,
                "1/2",
                Axis::AxB(i, j),
                "edge-edge",
                Some(["-1/40", "-1/40", "7/40"]),
            );
            if i == 0 && j == 1 {
                assert_static_row(&a, &b, &q("0"), Axis::AxB(0, 1));
            }
        }
    }
}

// --------------------------------------------------------------- Table 1'

/// Rows `W x A_i`: two aligned unit cubes, `b` passing by along `W = (8, 8,
/// 0)` from `(-4, 1, 0)`: `x - y = -5` all the time. No axis of Table 1
/// separates over `[0, 1]` (x runs from -4 to 4, y starts at 1, the cross
/// axes are skipped as the boxes are parallel); on `W x A_z = (1, -1, 0)`
/// the projections are `[-2, 2]` and `-5 + [-2, 2]`: separated.
#[test]
fn table1_prime_rows_w_x_a_i() {
    for i in 0..3 {
        let s = (i + 1) % 3; // local i -> world z
        let a = box_body(
            cyc_extents(["1", "1", "1"], s),
            cyc(s),
            Vec3::zero(),
            Vec3::zero(),
        );
        let b = box_body(
            cyc_extents(["1", "1", "1"], 0),
            cyc(0),
            v("-4", "1", "0"),
            v("8", "8", "0"),
        );
        let (oa, ob) = obbs(&a, &b);
        let w = v("8", "8", "0");
        let got = test_box_box_moving(&oa, &Vec3::zero(), &ob, &w, &q("0"), &q("1"));
        assert_eq!(
            got,
            StaticTest::Separated {
                axis: Axis::WxA(i),
                side: Side::Negative
            }
        );
        let found = find_box_box_contact(&oa, &Vec3::zero(), &ob, &w, &q("0"), &q("1"));
        assert!(!found.collides());
    }
}

/// Rows `W x B_j`: `a` a unit cube rotated about `W = (1, 1, 0)` (`q = (1,
/// 1, 1, 0)`: `A_0 = (1, 2, -2)/3, A_1 = (2, 1, 2)/3, A_2 = (2, -2, -1)/3`),
/// `b` an aligned unit cube passing along `W` with the offset `(21/10,
/// -21/10, 1/2)` across it. On `W x B_z = (1, -1, 0)`: `R0 = 1/3 + 1/3 +
/// 4/3 = 2`, `R1 = 2`, offset `21/5 > 4`: separated; on `W x A_i` (in order
/// `(-2, 2, 1)`, `(2, -2, -1)`, `(-1, 1, -4)`, scaled by 3): offsets
/// `-37/10, 79/10, -31/5` against radii `8, 8, 8`: not; on `A_2`: `79/30 <=
/// 8/3`: not.
#[test]
fn table1_prime_rows_w_x_b_j() {
    for j in 0..3 {
        let s = (j + 1) % 3; // local j -> world z
        let a = box_body(
            cyc_extents(["1", "1", "1"], 0),
            qrot(1, 1, 1, 0),
            Vec3::zero(),
            Vec3::zero(),
        );
        let b = box_body(
            cyc_extents(["1", "1", "1"], s),
            cyc(s),
            v("-79/10", "-121/10", "1/2"),
            v("20", "20", "0"),
        );
        let (oa, ob) = obbs(&a, &b);
        let w = v("20", "20", "0");
        let got = test_box_box_moving(&oa, &Vec3::zero(), &ob, &w, &q("0"), &q("1"));
        assert_eq!(
            got,
            StaticTest::Separated {
                axis: Axis::WxB(j),
                side: Side::Positive
            }
        );
        let found = find_box_box_contact(&oa, &Vec3::zero(), &ob, &w, &q("0"), &q("1"));
        assert!(!found.collides());
    }
}

fn obbs(a: &Body, b: &Body) -> (Obb<BigRational>, Obb<BigRational>) {
    match (world_at(a, &q("0")), world_at(b, &q("0"))) {
        (WorldSolid::Box(x), WorldSolid::Box(y)) => (x, y),
        _ => panic!("boxes"),
    }
}

// ---------------------------------------------------------------- Table 3

/// Row `N`: the triangle `(6,0,0), (0,6,0), (0,0,6)` (plane `x + y + z =
/// 6`, normal `(36, 36, 36)`) comes down `(-2, -2, -2)` onto the unit cube's
/// corner `(1, 1, 1)` (`x + y + z = 3`): `t = 3 / 6 = 1/2`, point `(1, 1,
/// 1)`, the corner on the back of the face (Table 4a: `x_i = sigma Sign(N .
/// A_i) a_i`).
#[test]
fn table3_row_n() {
    let a = box_body(
        cyc_extents(["1", "1", "1"], 0),
        cyc(0),
        Vec3::zero(),
        Vec3::zero(),
    );
    let b = tri_body(
        [v("6", "0", "0"), v("0", "6", "0"), v("0", "0", "6")],
        v("-2", "-2", "-2"),
    );
    assert_contact(&a, &b, "1/2", Axis::N, "vertex-face", Some(["1", "1", "1"]));
    let out = run::<BigRational>(&a, &b);
    let f = out.features.unwrap();
    assert_eq!(
        (f.a.to_string(), f.b.to_string()),
        ("vertex (+,+,+)".into(), "face -".into())
    );
    assert_static_row(&a, &b, &q("0"), Axis::N);
}

/// Rows `A_k`: the triangle's vertex 0 `(1/2, 3, 1/4)` comes down y at speed
/// 4 onto the face `y = 1`: `t = 1/2`, point `(1/2, 1, 1/4)` (Table 4a, `y0
/// = y1 = 0`). At `t = 2/5`: `N = (-2, -13/8, -1/2)`, `N . D = -6 + 13/2 .
/// 2/5 = -17/5`, `R = 33/8`: `N` does not separate, `A_y` does.
#[test]
fn table3_rows_a_k() {
    for i in 0..3 {
        let s = (i + 2) % 3;
        let a = box_body(
            cyc_extents(["1", "1", "1"], s),
            cyc(s),
            Vec3::zero(),
            Vec3::zero(),
        );
        let b = tri_body(
            [v("1/2", "3", "1/4"), v("-1/2", "4", "1"), v("0", "4", "-1")],
            v("0", "-4", "0"),
        );
        assert_contact(
            &a,
            &b,
            "1/2",
            Axis::A(i),
            "face-vertex",
            Some(["1/2", "1", "1/4"]),
        );
        assert_static_row(&a, &b, &q("2/5"), Axis::A(i));
    }
}

/// Rows `A_i x E_j`: a triangle in the plane `x = 0` whose near edge
/// `(0, 3/2, 1)-(0, 1, 3/2)` runs along `(0, -1, 1)` beyond the cube's edge
/// `(*,+,+)` (`y + z = 5/2` against `2`), third vertex `(0, 7/2, 3)` (its
/// two other edges cut the cube's section, so only the near edge's axis
/// `A_x x E_j ~ (0, 1, 1)` separates). Coming at `(0, -1/2, -1/2)`: `y + z`
/// drops by 1 per unit time, `t = 1/2`, the edges cross at `(0, 1, 1)`.
#[test]
fn table3_rows_a_i_cross_e_j() {
    let near0 = v("0", "3/2", "1");
    let near1 = v("0", "1", "3/2");
    let far = v("0", "7/2", "3");
    for i in 0..3 {
        for j in 0..3 {
            // E0 = U1 - U0, E1 = U2 - U0, E2 = U2 - U1: the near pair first
            let verts = match j {
                0 => [near0.clone(), near1.clone(), far.clone()],
                1 => [near0.clone(), far.clone(), near1.clone()],
                _ => [far.clone(), near0.clone(), near1.clone()],
            };
            let s = i; // local i -> world x
            let a = box_body(
                cyc_extents(["1", "1", "1"], s),
                cyc(s),
                Vec3::zero(),
                Vec3::zero(),
            );
            let b = tri_body(verts, v("0", "-1/2", "-1/2"));
            assert_contact(
                &a,
                &b,
                "1/2",
                Axis::AxE(i, j),
                "edge-edge",
                Some(["0", "1", "1"]),
            );
            assert_static_row(&a, &b, &q("0"), Axis::AxE(i, j));
        }
    }
}

// ---------------------------------------------------------------- Table 5

/// Row `N`: the second triangle's vertex `(1, 1, 1)` comes down z at speed 2
/// onto the first triangle `(0,0,0), (4,0,0), (0,4,0)`: `t = 1/2`, point
/// `(1, 1, 0)`, on the front face (normal `(0, 0, 16)`; Table 7 row `N`).
#[test]
fn table5_row_n() {
    let a = tri_body(
        [v("0", "0", "0"), v("4", "0", "0"), v("0", "4", "0")],
        Vec3::zero(),
    );
    let b = tri_body(
        [v("1", "1", "1"), v("2", "1", "3"), v("1", "3", "2")],
        v("0", "0", "-2"),
    );
    assert_contact(&a, &b, "1/2", Axis::N, "face-vertex", Some(["1", "1", "0"]));
    let f = run::<BigRational>(&a, &b).features.unwrap();
    assert_eq!(
        (f.a.to_string(), f.b.to_string()),
        ("face +".into(), "vertex 0".into())
    );
    assert_static_row(&a, &b, &q("0"), Axis::N);
}

/// Row `M`: mirrored, the first triangle's vertex `(1, 1, -1)` is hit by
/// the second triangle coming down from `z = 0` at speed 2: `t = 1/2`.
#[test]
fn table5_row_m() {
    let a = tri_body(
        [v("1", "1", "-1"), v("2", "1", "-3"), v("1", "3", "-2")],
        Vec3::zero(),
    );
    let b = tri_body(
        [v("0", "0", "0"), v("4", "0", "0"), v("0", "4", "0")],
        v("0", "0", "-2"),
    );
    assert_contact(
        &a,
        &b,
        "1/2",
        Axis::M,
        "vertex-face",
        Some(["1", "1", "-1"]),
    );
    assert_static_row(&a, &b, &q("0"), Axis::M);
}

/// Rows `E_i x F_j`: the edge `(-1,0,0)-(1,0,0)` of the first triangle
/// (third vertex `(0, 1, -2)`) and the edge `(0,-1,h)-(0,1,h)` of the second
/// (third vertex `(2, 0, h + 2)`), `h = 1 - 2t`: they cross at the origin at
/// `t = 1/2` (Table 7, two edges: the unique point). At `t = 0` only `E_x x
/// F_y = e_z` separates (the projections on `N ~ (0, 2, 1)` and `M ~ (1, 0,
/// -1)` overlap or touch).
#[test]
fn table5_rows_e_i_cross_f_j() {
    let (p, qq, r3) = (v("-1", "0", "0"), v("1", "0", "0"), v("0", "1", "-2"));
    let (s0, s1, s2) = (v("0", "-1", "1"), v("0", "1", "1"), v("2", "0", "3"));
    let order =
        |j: usize, x: &Vec3<BigRational>, y: &Vec3<BigRational>, z: &Vec3<BigRational>| match j {
            0 => [x.clone(), y.clone(), z.clone()],
            1 => [x.clone(), z.clone(), y.clone()],
            _ => [z.clone(), x.clone(), y.clone()],
        };
    for i in 0..3 {
        for j in 0..3 {
            let a = tri_body(order(i, &p, &qq, &r3), Vec3::zero());
            let b = tri_body(order(j, &s0, &s1, &s2), v("0", "0", "-2"));
            assert_contact(
                &a,
                &b,
                "1/2",
                Axis::ExF(i, j),
                "edge-edge",
                Some(["0", "0", "0"]),
            );
            assert_static_row(&a, &b, &q("0"), Axis::ExF(i, j));
        }
    }
}

// ---------------------------------------------------------------- Table 6

fn right_triangle() -> [Vec3<BigRational>; 3] {
    [v("0", "0", "0"), v("2", "0", "0"), v("0", "2", "0")]
}

/// Row `N` (parallel planes): the same triangle one unit above, coming down
/// at speed 2: face-face at `t = 1/2` (the zero-coefficient case of Table 7:
/// every vertex is extreme).
#[test]
fn table6_row_n() {
    let a = tri_body(right_triangle(), Vec3::zero());
    let b = tri_body(
        [v("0", "0", "1"), v("2", "0", "1"), v("0", "2", "1")],
        v("0", "0", "-2"),
    );
    assert_contact(&a, &b, "1/2", Axis::N, "face-face", None);
    assert_static_row(&a, &b, &q("0"), Axis::N);
}

/// Rows `N x E_i`: coplanar, a vertex of the second triangle slides onto
/// edge `i` of the first (`E0`: `y = 0`, `E1`: `x = 0`, `E2`: `x + y = 2`),
/// one unit away at speed 2 (`E2`: `x + y` from 3 at speed 2): `t = 1/2`.
#[test]
fn table6_rows_n_x_e_i() {
    let cases = [
        (
            [v("1/2", "-1", "0"), v("0", "-2", "0"), v("1", "-2", "0")],
            v("0", "2", "0"),
            ["1/2", "0", "0"],
        ),
        (
            [v("-1", "1/2", "0"), v("-2", "0", "0"), v("-2", "1", "0")],
            v("2", "0", "0"),
            ["0", "1/2", "0"],
        ),
        (
            [v("3/2", "3/2", "0"), v("5/2", "3", "0"), v("3", "5/2", "0")],
            v("-1", "-1", "0"),
            ["1", "1", "0"],
        ),
    ];
    for (i, (tri, vel, point)) in cases.into_iter().enumerate() {
        let a = tri_body(right_triangle(), Vec3::zero());
        let b = tri_body(tri, vel);
        assert_contact(&a, &b, "1/2", Axis::NxE(i), "edge-vertex", Some(point));
        assert_static_row(&a, &b, &q("0"), Axis::NxE(i));
    }
}

/// Rows `N x F_j`: coplanar, the second triangle's edge `(-1, 3/2)-(1, 3)`
/// (line through `(0, 9/4)`) comes down y at speed 1/2 onto the first
/// triangle's vertex `(0, 2)`: `t = 1/2`. At `t = 0` none of the first
/// triangle's edge normals separates (the ranges on x, y and x + y overlap)
/// and the edge normal `(-3/2, 2)` does: `[9/2, 10]` against `[-3, 4]`.
#[test]
fn table6_rows_n_x_f_j() {
    let (p, qq, far) = (v("-1", "3/2", "0"), v("1", "3", "0"), v("0", "5", "0"));
    for j in 0..3 {
        let tri = match j {
            0 => [p.clone(), qq.clone(), far.clone()],
            1 => [p.clone(), far.clone(), qq.clone()],
            _ => [far.clone(), p.clone(), qq.clone()],
        };
        let a = tri_body(right_triangle(), Vec3::zero());
        let b = tri_body(tri, v("0", "-1/2", "0"));
        assert_contact(
            &a,
            &b,
            "1/2",
            Axis::NxF(j),
            "vertex-edge",
            Some(["0", "2", "0"]),
        );
        assert_static_row(&a, &b, &q("0"), Axis::NxF(j));
    }
}

/// The interval tests over `[0, 1]` agree with the first-contact search on
/// every configuration above, and with touching at the end of the interval
/// (closed solids: `t1` exactly at contact counts).
#[test]
fn moving_tests_agree_with_first_contact() {
    // boxes: contact at exactly t = 1/2; over [0, 1/2] it touches, over
    // [0, 49/100] it does not
    let a = box_body(
        cyc_extents(["1", "1", "1"], 0),
        cyc(0),
        Vec3::zero(),
        Vec3::zero(),
    );
    let b = box_body(
        cyc_extents(["1/2", "1/2", "1/2"], 0),
        qrot(2, 1, 0, 0),
        v("0", "5", "0"),
        v("0", "-33/5", "0"),
    );
    let (oa, ob) = obbs(&a, &b);
    let w = v("0", "-33/5", "0");
    assert!(test_box_box_moving(&oa, &Vec3::zero(), &ob, &w, &q("0"), &q("1/2")).intersects());
    assert!(!test_box_box_moving(&oa, &Vec3::zero(), &ob, &w, &q("0"), &q("49/100")).intersects());
    // box-triangle and triangle-triangle, the same way
    let tb = [v("1/2", "3", "1/4"), v("-1/2", "4", "1"), v("0", "4", "-1")];
    let tri = Triangle { vertices: tb };
    let wt = v("0", "-4", "0");
    assert!(
        test_triangle_box_moving(&oa, &Vec3::zero(), &tri, &wt, &q("0"), &q("1/2")).intersects()
    );
    assert!(
        !test_triangle_box_moving(&oa, &Vec3::zero(), &tri, &wt, &q("0"), &q("49/100"))
            .intersects()
    );
    let t0 = Triangle {
        vertices: right_triangle(),
    };
    let t1 = Triangle {
        vertices: [v("1/2", "-1", "0"), v("0", "-2", "0"), v("1", "-2", "0")],
    };
    let w2 = v("0", "2", "0");
    assert!(
        test_triangle_triangle_moving(&t0, &Vec3::zero(), &t1, &w2, &q("0"), &q("1/2"))
            .intersects()
    );
    assert!(
        !test_triangle_triangle_moving(&t0, &Vec3::zero(), &t1, &w2, &q("0"), &q("49/100"))
            .intersects()
    );
    // passing by: a triangle sliding along W = (8, 8, 0) with x - y in
    // [-5, -4] past the cube: every axis of Table 3 either moves across or
    // overlaps, and W x A_z = (8, -8, 0) separates ([-40, -32] against [-16, 16])
    let slide = Triangle {
        vertices: [v("-4", "1", "0"), v("-3", "1", "0"), v("-4", "1", "1")],
    };
    let ws = v("8", "8", "0");
    let got = test_triangle_box_moving(&oa, &Vec3::zero(), &slide, &ws, &q("0"), &q("1"));
    assert_eq!(
        got,
        StaticTest::Separated {
            axis: Axis::WxA(2),
            side: Side::Negative
        }
    );
    let found = exactccd::solver::sat::find_triangle_box_contact(
        &oa,
        &Vec3::zero(),
        &slide,
        &ws,
        &q("0"),
        &q("1"),
    );
    assert!(!found.collides());
}

/// A face-face contact of rotated boxes (two free variables on each side:
/// the seed's per-variable choice is not used): the point is checked in
/// both boxes exactly.
#[test]
fn face_face_contact_point_of_rotated_boxes() {
    // b rotated about z by (3/5, 4/5), its bottom face coming down onto the
    // cube's top face: contact at z = 1 + 1/2 from z = 5/2 at speed 2
    let a = box_body(
        cyc_extents(["1", "1", "1"], 0),
        cyc(0),
        Vec3::zero(),
        Vec3::zero(),
    );
    let b = box_body(
        cyc_extents(["1/2", "1/2", "1/2"], 0),
        qrot(2, 0, 0, 1),
        v("1/3", "1/5", "5/2"),
        v("0", "0", "-2"),
    );
    assert_contact(&a, &b, "1/2", Axis::A(2), "face-face", None);
}
