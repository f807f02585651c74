//! Helpers shared by the SAT tests: exact construction of bodies, and
//! exact brute-force references written independently of the solver
//! (vertex-inside and edge-face crossing enumeration).
#![allow(dead_code, clippy::needless_range_loop, clippy::large_enum_variant)]

use exactccd::geom::{
    box_face_loops, quaternion_rotation, BoxEdge, BoxShape, Mat3, Obb, Pose, Shape, Triangle, Vec3,
};
use exactccd::motion::{Body, Motion};
use exactccd::scalar::{parse_number, BigInt, BigRational, Ring};
use exactccd::solver::sat::{
    solve_sat, test_box_box, test_triangle_box, test_triangle_triangle, Axis, SatOutcome,
    SatScenario, Side, StaticTest,
};
use num_traits::Signed;

/// An exact rational from the contract's number syntax.
pub fn q(s: &str) -> BigRational {
    parse_number(s).unwrap()
}

/// `n / d`.
pub fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// A vector from three numbers.
pub fn v(x: &str, y: &str, z: &str) -> Vec3<BigRational> {
    Vec3::new(q(x), q(y), q(z))
}

/// The rotation `rot(q) / |q|^2` of an integer quaternion.
pub fn qrot(w: i64, x: i64, y: i64, z: i64) -> Mat3<BigRational> {
    quaternion_rotation(&[w, x, y, z].map(|c| r(c, 1))).unwrap()
}

/// The cyclic permutation rotation `e_k -> e_{(k - s) mod 3}`.
pub fn cyc(s: usize) -> Mat3<BigRational> {
    let mut rows = std::array::from_fn(|_| std::array::from_fn(|_| r(0, 1)));
    for k in 0..3 {
        let target = (k + 3 - s % 3) % 3;
        rows[target][k] = r(1, 1);
    }
    Mat3::from_rows(rows)
}

/// Extents permuted for the pose `cyc(s)`: local `k` takes standard
/// `(k - s) mod 3`.
pub fn cyc_extents(std: [&str; 3], s: usize) -> [BigRational; 3] {
    std::array::from_fn(|k| q(std[(k + 3 - s % 3) % 3]))
}

/// A box body.
pub fn box_body(
    ext: [BigRational; 3],
    rotation: Mat3<BigRational>,
    center: Vec3<BigRational>,
    velocity: Vec3<BigRational>,
) -> Body {
    Body {
        shape: Shape::Box(BoxShape::new(ext)),
        pose: Pose::new(rotation, center),
        motion: Motion::Linear { velocity },
    }
}

/// A triangle body (identity pose).
pub fn tri_body(vertices: [Vec3<BigRational>; 3], velocity: Vec3<BigRational>) -> Body {
    Body {
        shape: Shape::Triangle(Triangle { vertices }),
        pose: Pose::identity(),
        motion: Motion::Linear { velocity },
    }
}

/// Solves over `[0, 1]` in the scalar `S`.
pub fn run<S: exactccd::poly::RealRoots>(a: &Body, b: &Body) -> SatOutcome<S> {
    let (t0, t1) = (r(0, 1), r(1, 1));
    solve_sat::<S>(&SatScenario {
        a,
        b,
        interval: (&t0, &t1),
    })
    .unwrap()
}

/// The world pose of a linearly moving body at time `t`.
pub fn pose_at(body: &Body, t: &BigRational) -> Pose<BigRational> {
    let shift = match &body.motion {
        Motion::Linear { velocity } => velocity.scale(t),
        Motion::Static => Vec3::zero(),
        _ => panic!("linear bodies only"),
    };
    Pose::new(body.pose.rotation.clone(), &body.pose.translation + &shift)
}

/// A solid at one instant, world coordinates.
#[derive(Clone, Debug)]
pub enum WorldSolid {
    Box(Obb<BigRational>),
    Tri([Vec3<BigRational>; 3]),
}

/// The world solid of a body at time `t` (linear motion).
pub fn world_at(body: &Body, t: &BigRational) -> WorldSolid {
    let pose = pose_at(body, t);
    match &body.shape {
        Shape::Box(b) => WorldSolid::Box(Obb::from_box(b, &pose)),
        Shape::Triangle(tr) => WorldSolid::Tri(tr.vertices.each_ref().map(|p| pose.apply_point(p))),
        _ => panic!("boxes and triangles only"),
    }
}

fn zero() -> BigRational {
    r(0, 1)
}

/// `x` in the closed box (exact): `|A_i . (x - c)| <= a_i`.
pub fn in_box(b: &Obb<BigRational>, x: &Vec3<BigRational>) -> bool {
    let d = x - &b.center;
    (0..3).all(|i| b.axes[i].dot(&d).abs() <= b.half_extents[i])
}

fn orient(
    a: &Vec3<BigRational>,
    b: &Vec3<BigRational>,
    c: &Vec3<BigRational>,
    n: &Vec3<BigRational>,
) -> BigRational {
    (b - a).cross(&(c - a)).dot(n)
}

/// `x` in the closed convex planar polygon `poly` (exact; `x` must be in its
/// plane for `true`).
pub fn in_polygon(poly: &[Vec3<BigRational>], x: &Vec3<BigRational>) -> bool {
    let n = (&poly[1] - &poly[0]).cross(&(&poly[2] - &poly[0]));
    if (x - &poly[0]).dot(&n) != zero() {
        return false;
    }
    let k = poly.len();
    let signs: Vec<BigRational> = (0..k)
        .map(|i| orient(&poly[i], &poly[(i + 1) % k], x, &n))
        .collect();
    signs.iter().all(|s| *s >= zero()) || signs.iter().all(|s| *s <= zero())
}

fn on_segment(a: &Vec3<BigRational>, b: &Vec3<BigRational>, x: &Vec3<BigRational>) -> bool {
    (x - a).cross(&(b - a)).is_zero() && (x - a).dot(&(x - b)) <= zero()
}

/// Closed coplanar segments `[p1, p2]`, `[p3, p4]` intersect (normal `n` of
/// their plane).
fn segments_cross_2d(
    p1: &Vec3<BigRational>,
    p2: &Vec3<BigRational>,
    p3: &Vec3<BigRational>,
    p4: &Vec3<BigRational>,
    n: &Vec3<BigRational>,
) -> bool {
    use exactccd::scalar::Ring;
    let d1 = orient(p3, p4, p1, n).sign();
    let d2 = orient(p3, p4, p2, n).sign();
    let d3 = orient(p1, p2, p3, n).sign();
    let d4 = orient(p1, p2, p4, n).sign();
    if d1.product(d2).as_i32() < 0 && d3.product(d4).as_i32() < 0 {
        return true;
    }
    on_segment(p3, p4, p1)
        || on_segment(p3, p4, p2)
        || on_segment(p1, p2, p3)
        || on_segment(p1, p2, p4)
}

/// The closed segment `[p, q]` meets the closed convex polygon (exact, the
/// coplanar case included).
pub fn segment_meets_polygon(
    p: &Vec3<BigRational>,
    qq: &Vec3<BigRational>,
    poly: &[Vec3<BigRational>],
) -> bool {
    let n = (&poly[1] - &poly[0]).cross(&(&poly[2] - &poly[0]));
    let sp = (p - &poly[0]).dot(&n);
    let sq = (qq - &poly[0]).dot(&n);
    if sp == zero() && sq == zero() {
        // coplanar: an end inside, or a crossing with an edge
        if in_polygon(poly, p) || in_polygon(poly, qq) {
            return true;
        }
        let k = poly.len();
        return (0..k).any(|i| segments_cross_2d(p, qq, &poly[i], &poly[(i + 1) % k], &n));
    }
    if (sp > zero() && sq > zero()) || (sp < zero() && sq < zero()) {
        return false;
    }
    let lambda = &sp / &(&sp - &sq);
    let x = p + &(qq - p).scale(&lambda);
    in_polygon(poly, &x)
}

fn box_faces(b: &Obb<BigRational>) -> Vec<Vec<Vec3<BigRational>>> {
    let verts = b.vertices();
    box_face_loops()
        .into_iter()
        .map(|l| l.into_iter().map(|i| verts[i].clone()).collect())
        .collect()
}

fn box_edges(b: &Obb<BigRational>) -> Vec<[Vec3<BigRational>; 2]> {
    BoxEdge::ALL.iter().map(|e| b.edge_endpoints(*e)).collect()
}

fn tri_edges(t: &[Vec3<BigRational>; 3]) -> Vec<[Vec3<BigRational>; 2]> {
    (0..3)
        .map(|i| [t[i].clone(), t[(i + 1) % 3].clone()])
        .collect()
}

/// Brute-force exact intersection of two closed solids: a vertex of one in
/// the other, or an edge of one meeting a face of the other.
pub fn brute_intersects(a: &WorldSolid, b: &WorldSolid) -> bool {
    fn vertices(s: &WorldSolid) -> Vec<Vec3<BigRational>> {
        match s {
            WorldSolid::Box(b) => b.vertices().to_vec(),
            WorldSolid::Tri(t) => t.to_vec(),
        }
    }
    fn contains(s: &WorldSolid, x: &Vec3<BigRational>) -> bool {
        match s {
            WorldSolid::Box(b) => in_box(b, x),
            WorldSolid::Tri(t) => in_polygon(t, x),
        }
    }
    fn edges(s: &WorldSolid) -> Vec<[Vec3<BigRational>; 2]> {
        match s {
            WorldSolid::Box(b) => box_edges(b),
            WorldSolid::Tri(t) => tri_edges(t),
        }
    }
    fn faces(s: &WorldSolid) -> Vec<Vec<Vec3<BigRational>>> {
        match s {
            WorldSolid::Box(b) => box_faces(b),
            WorldSolid::Tri(t) => vec![t.to_vec()],
        }
    }
    // bounding boxes apart on a coordinate: apart (a quick exact proof)
    let (va, vb) = (vertices(a), vertices(b));
    for k in 0..3 {
        let lo = |vs: &[Vec3<BigRational>]| vs.iter().map(|x| x[k].clone()).min().unwrap();
        let hi = |vs: &[Vec3<BigRational>]| vs.iter().map(|x| x[k].clone()).max().unwrap();
        if hi(&va) < lo(&vb) || hi(&vb) < lo(&va) {
            return false;
        }
    }
    if va.iter().any(|x| contains(b, x)) || vb.iter().any(|x| contains(a, x)) {
        return true;
    }
    let cross = |s: &WorldSolid, o: &WorldSolid| {
        let fs = faces(o);
        edges(s)
            .iter()
            .any(|[p, qq]| fs.iter().any(|f| segment_meets_polygon(p, qq, f)))
    };
    cross(a, b) || cross(b, a)
}

/// `x` lies in the closed solid.
pub fn solid_contains(s: &WorldSolid, x: &Vec3<BigRational>) -> bool {
    match s {
        WorldSolid::Box(b) => in_box(b, x),
        WorldSolid::Tri(t) => in_polygon(t, x),
    }
}

/// The projection interval of a solid on `l` (exact, from its vertices).
pub fn projection(s: &WorldSolid, l: &Vec3<BigRational>) -> (BigRational, BigRational) {
    let vs: Vec<Vec3<BigRational>> = match s {
        WorldSolid::Box(b) => b.vertices().to_vec(),
        WorldSolid::Tri(t) => t.to_vec(),
    };
    let ps: Vec<BigRational> = vs.iter().map(|x| l.dot(x)).collect();
    let lo = ps.iter().min().unwrap().clone();
    let hi = ps.iter().max().unwrap().clone();
    (lo, hi)
}

/// `1` as a rational (for `Ring` calls in tests).
pub fn one() -> BigRational {
    <BigRational as Ring>::one()
}

pub fn seed_edges(t: &[Vec3<BigRational>; 3]) -> [Vec3<BigRational>; 3] {
    let e0 = &t[1] - &t[0];
    let e1 = &t[2] - &t[0];
    let e2 = &e1 - &e0;
    [e0, e1, e2]
}

/// The direction of `axis` for the pair at one instant, computed here.
pub fn direction(
    a: &WorldSolid,
    b: &WorldSolid,
    w: &Vec3<BigRational>,
    axis: Axis,
) -> Vec3<BigRational> {
    let axes = |s: &WorldSolid| match s {
        WorldSolid::Box(o) => o.axes.clone(),
        WorldSolid::Tri(_) => panic!("box expected"),
    };
    let tri = |s: &WorldSolid| match s {
        WorldSolid::Tri(t) => t.clone(),
        WorldSolid::Box(_) => panic!("triangle expected"),
    };
    match axis {
        Axis::A(i) => axes(a)[i].clone(),
        Axis::B(j) => axes(b)[j].clone(),
        Axis::AxB(i, j) => axes(a)[i].cross(&axes(b)[j]),
        Axis::WxA(i) => w.cross(&axes(a)[i]),
        Axis::WxB(j) => w.cross(&axes(b)[j]),
        Axis::AxE(i, j) => axes(a)[i].cross(&seed_edges(&tri(b))[j]),
        Axis::N => {
            let t = if matches!(a, WorldSolid::Tri(_)) {
                tri(a)
            } else {
                tri(b)
            };
            let e = seed_edges(&t);
            e[0].cross(&e[1])
        }
        Axis::M => {
            let e = seed_edges(&tri(b));
            e[0].cross(&e[1])
        }
        Axis::ExF(i, j) => seed_edges(&tri(a))[i].cross(&seed_edges(&tri(b))[j]),
        Axis::NxE(i) => {
            let e = seed_edges(&tri(a));
            e[0].cross(&e[1]).cross(&e[i])
        }
        Axis::NxF(j) => {
            let e = seed_edges(&tri(a));
            e[0].cross(&e[1]).cross(&seed_edges(&tri(b))[j])
        }
        Axis::WxE(i) => w.cross(&seed_edges(&tri(b))[i]),
        Axis::WxF(j) => w.cross(&seed_edges(&tri(b))[j]),
        Axis::WxN => {
            let e = seed_edges(&tri(a));
            w.cross(&e[0].cross(&e[1]))
        }
    }
}

/// The certificate of a static test checked exactly from the vertices.
pub fn check_separated(a: &WorldSolid, b: &WorldSolid, axis: Axis, side: Side) {
    let l = direction(a, b, &Vec3::zero(), axis);
    let (alo, ahi) = projection(a, &l);
    let (blo, bhi) = projection(b, &l);
    match side {
        Side::Positive => assert!(blo > ahi, "{axis}: b not above a"),
        Side::Negative => assert!(bhi < alo, "{axis}: b not below a"),
    }
}

pub fn static_axis(a: &WorldSolid, b: &WorldSolid) -> StaticTest {
    match (a, b) {
        (WorldSolid::Box(x), WorldSolid::Box(y)) => test_box_box(x, y),
        (WorldSolid::Box(x), WorldSolid::Tri(t)) => test_triangle_box(
            x,
            &Triangle {
                vertices: t.clone(),
            },
        ),
        (WorldSolid::Tri(s), WorldSolid::Tri(t)) => test_triangle_triangle(
            &Triangle {
                vertices: s.clone(),
            },
            &Triangle {
                vertices: t.clone(),
            },
        ),
        _ => panic!("canonical pairs only"),
    }
}
