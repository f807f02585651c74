//! Meshes in the SAT solver: OBB trees against brute
//! force over every triangle pair, exactly, on a cube, a torus and a
//! non-convex L-shaped prism, under static, linear and rational motions;
//! hand-derived times; containment; the exact fits and the split fallbacks.

use crate::sat_common;

use exactccd::geom::{BoxShape, Mesh, Pose, Shape, Vec3};
use exactccd::motion::{Body, Motion};
use exactccd::poly::{Poly, RealAlgebraic};
use exactccd::scalar::{BigRational, Ring, Scalar};
use exactccd::solver::sat::{
    box_volume, convex_hull_vertices, face_cuts, fit_obb, mesh_collides, point_in_solid,
    solve_sat_with, triangulate_faces, FitMethod, FitOptions, MeshSearch, ObbTree, SatOptions,
    SatOutcome, SatScenario, SplitRule, TreeOptions,
};
use sat_common::r;
use std::ops::ControlFlow;

type Q = BigRational;

fn p(x: Q, y: Q, z: Q) -> Vec3<Q> {
    Vec3::new(x, y, z)
}

fn i(n: i64) -> Q {
    r(n, 1)
}

/// A mesh, its faces reversed if they were inward.
fn mesh(vertices: Vec<Vec3<Q>>, faces: Vec<Vec<usize>>) -> Mesh<Q> {
    match Mesh::new(vertices.clone(), faces.clone()) {
        Ok(m) => m,
        Err(_) => {
            let rev = faces
                .into_iter()
                .map(|f| f.into_iter().rev().collect())
                .collect();
            Mesh::new(vertices, rev).expect("valid mesh")
        }
    }
}

/// The cube `[-h, h]^3`.
fn cube(h: Q) -> Mesh<Q> {
    let s = |a: i64, b: i64, c: i64| p(&h * &i(a), &h * &i(b), &h * &i(c));
    let v = vec![
        s(-1, -1, -1),
        s(1, -1, -1),
        s(1, 1, -1),
        s(-1, 1, -1),
        s(-1, -1, 1),
        s(1, -1, 1),
        s(1, 1, 1),
        s(-1, 1, 1),
    ];
    let f = vec![
        vec![0, 3, 2, 1],
        vec![4, 5, 6, 7],
        vec![0, 1, 5, 4],
        vec![1, 2, 6, 5],
        vec![2, 3, 7, 6],
        vec![3, 0, 4, 7],
    ];
    mesh(v, f)
}

/// Rational points on the unit circle, in angle order: `u = tan(theta/2)`
/// over `us`, then `(-1, 0)`.
fn circle(us: &[Q]) -> Vec<(Q, Q)> {
    let mut out: Vec<(Q, Q)> = us
        .iter()
        .map(|u| {
            let d = Q::one() + u * u;
            ((Q::one() - u * u) / &d, (u + u) / &d)
        })
        .collect();
    out.push((-Q::one(), Q::zero()));
    out
}

/// A torus of major radius 3 and tube radius 1 with rational vertices:
/// `major` x `minor` planar quads (isosceles trapezoids).
///
/// Not `geom::torus_mesh`: that one puts its sections at the half-step
/// angles `(k + 1/2) 2 pi / n`, so it has no vertex at angle 0 or pi, while
/// the hand-derived facts below use vertices on the axes (the 6 x 4 tube is
/// the square through `(3 +- 1, 0, 0)` and `(3, 0, +-1)`; the linked torus
/// crosses `z = 0` at `x = 0` and `x = 6`).
fn torus(major: usize) -> Mesh<Q> {
    let big: Vec<Q> = match major {
        12 => [
            (-4, 1),
            (-2, 1),
            (-1, 1),
            (-1, 2),
            (-1, 4),
            (0, 1),
            (1, 4),
            (1, 2),
            (1, 1),
            (2, 1),
            (4, 1),
        ]
        .iter()
        .map(|&(n, d)| r(n, d))
        .collect(),
        _ => [(-2, 1), (-1, 2), (0, 1), (1, 2), (2, 1)]
            .iter()
            .map(|&(n, d)| r(n, d))
            .collect(),
    };
    let small: Vec<Q> = if major == 12 {
        [(-2, 1), (-1, 1), (-1, 2), (0, 1), (1, 2), (1, 1), (2, 1)]
            .iter()
            .map(|&(n, d)| r(n, d))
            .collect()
    } else {
        [(-1, 1), (0, 1), (1, 1)]
            .iter()
            .map(|&(n, d)| r(n, d))
            .collect()
    };
    let (outer, inner) = (circle(&big), circle(&small));
    let (n, m) = (outer.len(), inner.len());
    let mut v = Vec::new();
    for (ct, st) in &outer {
        for (cp, sp) in &inner {
            let rho = i(3) + cp;
            v.push(p(&rho * ct, &rho * st, sp.clone()));
        }
    }
    let idx = |a: usize, b: usize| (a % n) * m + (b % m);
    let mut f = Vec::new();
    for a in 0..n {
        for b in 0..m {
            f.push(vec![
                idx(a, b),
                idx(a + 1, b),
                idx(a + 1, b + 1),
                idx(a, b + 1),
            ]);
        }
    }
    mesh(v, f)
}

/// The L-shaped prism `([0,2]x[0,1] u [0,1]x[0,2]) x [0,1]`: a non-convex
/// solid whose bottom and top faces are non-convex hexagons.
fn l_shape() -> Mesh<Q> {
    let outline = [(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)];
    let mut v = Vec::new();
    for z in [0, 1] {
        for (x, y) in outline {
            v.push(p(i(x), i(y), i(z)));
        }
    }
    let mut f = vec![vec![5, 4, 3, 2, 1, 0], vec![6, 7, 8, 9, 10, 11]];
    for k in 0..6 {
        let k1 = (k + 1) % 6;
        f.push(vec![k, k1, k1 + 6, k + 6]);
    }
    mesh(v, f)
}

fn body(shape: Shape<Q>, translation: Vec3<Q>, motion: Motion) -> Body {
    Body {
        shape,
        pose: Pose::from_translation(translation),
        motion,
    }
}

fn linear(x: i64, y: i64, z: i64) -> Motion {
    Motion::Linear {
        velocity: p(i(x), i(y), i(z)),
    }
}

fn boxed(h: Q) -> Shape<Q> {
    Shape::Box(BoxShape::new([h.clone(), h.clone(), h]))
}

/// A rigid rational motion: rotation by `2 atan(t)` about z (quaternion
/// `(1, 0, 0, t)`) and translation `c + t v`.
fn spin_z(c: Vec3<Q>, v: Vec3<Q>) -> Motion {
    let lin = |a: &Q, b: &Q| Poly::from_coeffs(vec![a.clone(), b.clone()]);
    Motion::Rational {
        quaternion: [
            Poly::constant(Q::one()),
            Poly::zero(),
            Poly::zero(),
            Poly::t(),
        ],
        translation: Vec3::new(lin(&c.x, &v.x), lin(&c.y, &v.y), lin(&c.z, &v.z)),
        denominator: Poly::constant(Q::one()),
    }
}

fn solve(a: &Body, b: &Body, t1: Q, search: MeshSearch) -> SatOutcome<Q> {
    let t0 = Q::zero();
    let sc = SatScenario {
        a,
        b,
        interval: (&t0, &t1),
    };
    solve_sat_with::<Q>(
        &sc,
        &SatOptions {
            mesh: search,
            ..SatOptions::default()
        },
    )
    .unwrap()
}

fn collides(a: &Body, b: &Body, t1: Q, search: MeshSearch) -> bool {
    let t0 = Q::zero();
    let sc = SatScenario {
        a,
        b,
        interval: (&t0, &t1),
    };
    mesh_collides::<Q>(&sc, search).unwrap()
}

fn searches() -> Vec<MeshSearch> {
    vec![
        MeshSearch::Tree(TreeOptions::default()),
        MeshSearch::Tree(TreeOptions {
            fit: FitOptions {
                method: FitMethod::Points,
                refine: true,
            },
            split: SplitRule::Median,
            leaf_size: 4,
        }),
    ]
}

/// Tree answers equal brute force exactly: `collides`, the first time,
/// initial overlap; returns the brute-force outcome.
fn agree(a: &Body, b: &Body, t1: Q) -> SatOutcome<Q> {
    let brute = solve(a, b, t1.clone(), MeshSearch::BruteForce);
    for search in searches() {
        let tree = solve(a, b, t1.clone(), search);
        assert_eq!(tree.collides, brute.collides, "{search:?}");
        assert_eq!(tree.first_contact, brute.first_contact, "{search:?}");
        assert_eq!(tree.initially_overlapping, brute.initially_overlapping);
        assert_eq!(
            tree.contact_intervals, brute.contact_intervals,
            "{search:?}"
        );
        assert_eq!(
            collides(a, b, t1.clone(), search),
            brute.collides,
            "{search:?}"
        );
        assert!(tree.stats.piece_pairs <= brute.stats.piece_pairs);
    }
    brute
}

fn time(out: &SatOutcome<Q>) -> Option<Q> {
    out.first_contact
        .as_ref()
        .map(|t| t.as_rational().expect("a rational time").clone())
}

#[test]
fn cube_meshes_hand_times() {
    // cube [-1,1]^3 and a cube of half size 1/2 at x = 4 moving at -2:
    // faces x = 1 and 4 - 1/2 - 2t meet at t = 5/4
    let a = body(Shape::Mesh(cube(i(1))), Vec3::zero(), Motion::Static);
    let b = body(
        Shape::Mesh(cube(r(1, 2))),
        p(i(4), r(1, 3), i(0)),
        linear(-2, 0, 0),
    );
    let out = agree(&a, &b, i(2));
    assert_eq!(time(&out), Some(r(5, 4)));
    assert!(!out.initially_overlapping);
    // the same against a solid box, and mesh-vs-box in either order
    let bx = body(boxed(r(1, 2)), p(i(4), r(1, 3), i(0)), linear(-2, 0, 0));
    assert_eq!(time(&agree(&a, &bx, i(2))), Some(r(5, 4)));
    assert_eq!(time(&agree(&bx, &a, i(2))), Some(r(5, 4)));
    // too short an interval: no contact
    assert!(!agree(&a, &b, i(1)).collides);
}

fn intervals(out: &SatOutcome<Q>) -> Vec<(Q, Q)> {
    out.contact_intervals
        .iter()
        .map(|(a, b)| {
            (
                a.as_rational().unwrap().clone(),
                b.as_rational().unwrap().clone(),
            )
        })
        .collect()
}

#[test]
fn contact_intervals_join_the_nested_gaps() {
    // the small cube passes through the big one: its faces cross x = 1 on
    // [5/4, 7/4], it is strictly inside on (7/4, 9/4), its faces cross
    // x = -1 on [9/4, 11/4]: one contact interval [5/4, 11/4]
    let a = body(Shape::Mesh(cube(i(1))), Vec3::zero(), Motion::Static);
    for shape in [Shape::Mesh(cube(r(1, 2))), boxed(r(1, 2))] {
        let b = body(shape, p(i(4), r(1, 3), i(0)), linear(-2, 0, 0));
        let out = agree(&a, &b, i(4));
        assert_eq!(intervals(&out), vec![(r(5, 4), r(11, 4))]);
        // stopping inside: the interval runs to the end
        let out = agree(&a, &b, i(2));
        assert_eq!(intervals(&out), vec![(r(5, 4), i(2))]);
        // starting inside
        let b0 = body(b.shape.clone(), p(i(0), r(1, 3), i(0)), linear(-2, 0, 0));
        let out = agree(&a, &b0, i(2));
        assert!(out.initially_overlapping);
        assert_eq!(intervals(&out), vec![(i(0), r(3, 4))]);
    }
    // through the torus hole along z: no contact at all
    let t = body(Shape::Mesh(torus(6)), Vec3::zero(), Motion::Static);
    let b = body(boxed(r(1, 2)), p(i(0), i(0), i(5)), linear(0, 0, -5));
    let out = agree(&t, &b, i(2));
    assert!(!out.collides && out.contact_intervals.is_empty());
}

#[test]
fn l_shape_notch_is_empty_and_hand_time() {
    let l = body(Shape::Mesh(l_shape()), Vec3::zero(), Motion::Static);
    // a box inside the notch [1,2]x[1,2]: its convex hull would overlap it
    let inside_notch = body(boxed(r(1, 4)), p(r(3, 2), r(3, 2), r(1, 2)), Motion::Static);
    let out = agree(&l, &inside_notch, i(1));
    assert!(!out.collides);
    // moving at -x it meets the face x = 1 (for y > 1) at 5/4 - t = 1
    let moving = body(
        boxed(r(1, 4)),
        p(r(3, 2), r(3, 2), r(1, 2)),
        linear(-1, 0, 0),
    );
    let out = agree(&l, &moving, i(1));
    assert_eq!(time(&out), Some(r(1, 4)));
    assert_eq!(out.features.as_ref().unwrap().kind(), "face-face");
    // moving diagonally it meets the reflex edge x = y = 1 first:
    // 5/4 - t/2 = 1 on both axes at t = 1/2
    let diag = Motion::Linear {
        velocity: p(r(-1, 2), r(-1, 2), i(0)),
    };
    let moving = body(boxed(r(1, 4)), p(r(3, 2), r(3, 2), r(1, 2)), diag);
    assert_eq!(time(&agree(&l, &moving, i(1))), Some(r(1, 2)));
}

#[test]
fn containment_at_the_start_is_an_overlap() {
    let l = body(Shape::Mesh(l_shape()), Vec3::zero(), Motion::Static);
    // a small box and a small cube mesh strictly inside the L's arm
    for shape in [boxed(r(1, 8)), Shape::Mesh(cube(r(1, 8)))] {
        let b = body(shape, p(r(1, 2), r(1, 2), r(1, 2)), linear(1, 0, 0));
        let out = agree(&l, &b, i(1));
        assert!(out.collides && out.initially_overlapping);
        assert_eq!(time(&out), Some(i(0)));
        // mirrored: a inside b
        let out = agree(&b, &l, i(1));
        assert!(out.initially_overlapping);
    }
    // a box inside the torus tube, and one in the hole (outside the solid)
    let t = body(Shape::Mesh(torus(12)), Vec3::zero(), Motion::Static);
    let in_tube = body(boxed(r(1, 4)), p(i(3), i(0), i(0)), Motion::Static);
    assert!(agree(&t, &in_tube, i(1)).initially_overlapping);
    let in_hole = body(boxed(r(1, 2)), Vec3::zero(), Motion::Static);
    assert!(!agree(&t, &in_hole, i(1)).collides);
}

#[test]
fn point_in_solid_by_exact_ray_parity() {
    let m = l_shape();
    let tris: Vec<[Vec3<Q>; 3]> = triangulate_faces(&m)
        .iter()
        .map(|t| t.vertices.map(|k| m.vertices[k].clone()))
        .collect();
    // the hexagons are cut into 4 triangles each, the sides into 2
    assert_eq!(tris.len(), 2 * 4 + 6 * 2);
    let inside = |x: Q, y: Q, z: Q| point_in_solid(&p(x, y, z), &tris);
    assert!(inside(r(1, 2), r(1, 2), r(1, 2)));
    assert!(inside(r(3, 2), r(1, 2), r(1, 2)));
    assert!(!inside(r(3, 2), r(3, 2), r(1, 2)), "the notch");
    assert!(!inside(i(5), i(5), i(5)));
    // on the surface counts as inside (closed solids); vertices and edges too,
    // and points level with vertices (degenerate ray directions are skipped)
    assert!(inside(i(1), i(1), r(1, 2)));
    assert!(inside(i(0), i(0), i(0)));
    assert!(inside(i(2), r(1, 2), r(1, 2)));
    assert!(!inside(i(3), i(1), i(1)));
    assert!(!inside(i(-1), i(0), i(0)));
}

#[test]
fn torus_pairs_tree_equals_brute_force() {
    let a = body(Shape::Mesh(torus(12)), Vec3::zero(), Motion::Static);
    // b: a coarser torus (6 x 4) turned into the xz plane about (3, 0, 0): linked
    // with a, not touching (its tube crosses z = 0 at x = 0 and x = 6)
    let turn = exactccd::geom::quaternion_rotation(&[i(1), i(1), i(0), i(0)]).unwrap();
    let linked = |motion: Motion| Body {
        shape: Shape::Mesh(torus(6)),
        pose: Pose::new(turn.clone(), p(i(3), i(0), i(0))),
        motion,
    };
    let out = agree(&a, &linked(Motion::Static), i(1));
    assert!(!out.collides);
    // sliding along +x, b's tube (at x = t) meets a's inner side
    let out = agree(&a, &linked(linear(1, 0, 0)), i(2));
    assert!(out.collides && !out.initially_overlapping);
    let t = time(&out).unwrap();
    // b's outermost vertex (1 + t, 0, 0) meets a's inner vertex (2, 0, 0)
    // at t = 1 unless facets meet earlier (the inner side lies between
    // radii 2 cos(37 deg) and 2)
    assert!(t > r(1, 2) && t <= i(1), "{t}");
    // side by side, approaching along y
    let side = body(Shape::Mesh(torus(6)), p(i(0), i(9), i(0)), linear(0, -2, 0));
    let out = agree(&a, &side, i(2));
    assert!(out.collides);
    assert!(time(&out).unwrap() > r(1, 2));
}

#[test]
fn rational_motions_tree_equals_brute_force() {
    // a small torus spinning about z (2 atan t) while moving down onto a
    // cube whose corners reach under its tube
    let a = body(Shape::Mesh(cube(i(2))), Vec3::zero(), Motion::Static);
    let spinning = Body {
        shape: Shape::Mesh(torus(6)),
        pose: Pose::identity(),
        motion: spin_z(p(i(0), i(0), i(4)), p(i(0), i(0), i(-4))),
    };
    let out = agree(&a, &spinning, i(1));
    assert!(out.collides);
    // its lowest points z = 4 - 4t - 1 reach the cube's top z = 2 at t = 1/4
    // at the earliest (where they pass over the cube)
    let t = &out.first_contact.as_ref().unwrap();
    let quarter = RealAlgebraic::from_rational(r(1, 4));
    assert!(**t >= quarter, "{t:?}");
    // the L-shape turning past a box: compare with brute force
    let l = Body {
        shape: Shape::Mesh(l_shape()),
        pose: Pose::identity(),
        motion: spin_z(p(i(0), i(0), i(0)), p(i(0), i(0), i(0))),
    };
    // the arm's corner (2, 1) turns to (2 - s, 1 + 2s) / (1 + s^2) ... into
    // the box [7/4, 9/4] x [5/4, 7/4]
    let near = body(boxed(r(1, 4)), p(i(2), r(3, 2), r(1, 2)), Motion::Static);
    let out = agree(&l, &near, i(1));
    assert!(out.collides);
    let far = body(boxed(r(1, 4)), p(i(6), i(6), r(1, 2)), Motion::Static);
    assert!(!agree(&l, &far, i(1)).collides);
}

fn corners(m: &Mesh<Q>) -> Vec<[Vec3<Q>; 3]> {
    triangulate_faces(m)
        .iter()
        .map(|t| t.vertices.map(|k| m.vertices[k].clone()))
        .collect()
}

fn contains(b: &exactccd::geom::Obb<Q>, x: &Vec3<Q>) -> bool {
    (0..3).all(|k| {
        let d = b.axes[k].dot(&(x - &b.center));
        d <= b.half_extents[k].clone() && -d <= b.half_extents[k].clone()
    })
}

#[test]
fn fitted_boxes_contain_their_vertices_and_refinement_never_grows() {
    let turned = {
        // the L turned by a rational rotation: the fit must follow
        let rot = exactccd::geom::quaternion_rotation(&[i(3), i(1), i(2), i(0)]).unwrap();
        let l = l_shape();
        let v = l.vertices.iter().map(|x| rot.mul_vec(x)).collect();
        mesh(v, l.faces.clone())
    };
    for m in [cube(i(1)), torus(12), torus(6), l_shape(), turned] {
        let tris = corners(&m);
        for method in [FitMethod::Points, FitMethod::Triangles] {
            let plain = fit_obb(
                &tris,
                FitOptions {
                    method,
                    refine: false,
                },
            );
            let refined = fit_obb(
                &tris,
                FitOptions {
                    method,
                    refine: true,
                },
            );
            for b in [&plain, &refined] {
                assert!(m.vertices.iter().all(|x| contains(b, x)));
                // exactly orthonormal axes
                for j in 0..3 {
                    for k in 0..3 {
                        let want = if j == k { Q::one() } else { Q::zero() };
                        assert_eq!(b.axes[j].dot(&b.axes[k]), want);
                    }
                }
            }
            assert!(box_volume(&refined) <= box_volume(&plain));
        }
        // every node of a tree contains its triangles
        for split in [SplitRule::Center, SplitRule::Median] {
            let tree = ObbTree::build(
                &tris,
                TreeOptions {
                    split,
                    ..TreeOptions::default()
                },
            );
            for node in &tree.nodes {
                for &t in tree.triangles_of(node) {
                    assert!(tris[t].iter().all(|x| contains(&node.obb, x)));
                }
                if node.children.is_none() {
                    assert_eq!(node.count, 1);
                }
            }
        }
    }
    // refined, the cube's box is the cube itself: volume 8 exactly
    let cube_box = fit_obb(
        &corners(&cube(i(1))),
        FitOptions {
            method: FitMethod::Triangles,
            refine: true,
        },
    );
    assert_eq!(box_volume(&cube_box), i(8));
}

#[test]
fn convex_hull_vertices_drop_interior_and_reflex_points() {
    let c = cube(i(1));
    let mut pts = c.vertices.clone();
    // interior points and a face centre: not hull vertices
    pts.push(p(r(1, 2), r(1, 3), r(-1, 5)));
    pts.push(p(i(0), i(0), i(1)));
    pts.push(p(i(0), i(0), i(0)));
    assert_eq!(convex_hull_vertices(&pts), (0..8).collect::<Vec<_>>());
    // the L's reflex corners (1, 1, 0) and (1, 1, 1) are inside its hull
    let l = l_shape();
    assert_eq!(
        convex_hull_vertices(&l.vertices),
        vec![0, 1, 2, 4, 5, 6, 7, 8, 10, 11]
    );
    // a torus's inner ring (minor angle pi) is not on the hull
    let t = torus(6);
    let hull = convex_hull_vertices(&t.vertices);
    assert!(hull.len() < t.vertices.len());
    assert!(hull.iter().all(|&k| t.vertices[k].norm_squared() > i(4)));
    // so the points fit ignores interior points: the cube's box does not
    // tilt towards a dense sliver of interior triangles
    let mut tris = corners(&c);
    let plain = fit_obb(
        &tris,
        FitOptions {
            method: FitMethod::Points,
            refine: false,
        },
    );
    for k in 1..20 {
        let x = r(k, 25);
        tris.push([
            p(x.clone(), x.clone(), x.clone()),
            p(x.clone(), x.clone(), r(0, 1)),
            p(r(0, 1), x.clone(), x),
        ]);
    }
    let cluttered = fit_obb(
        &tris,
        FitOptions {
            method: FitMethod::Points,
            refine: false,
        },
    );
    assert_eq!(plain, cluttered);
}

#[test]
fn split_fallbacks_are_exercised() {
    let t =
        |a: (i64, i64), b: (i64, i64), c: (i64, i64)| [a, b, c].map(|(x, y)| p(i(x), i(y), i(0)));
    // a long triangle and two small ones: every centroid lies left of the
    // centre along x (the longest axis), so the split falls back to y
    let tris = vec![
        t((0, 0), (40, 0), (0, 1)),
        t((0, 10), (1, 10), (0, 11)),
        t((0, 0), (1, 0), (0, 1)),
    ];
    let tree = ObbTree::build(&tris, TreeOptions::default());
    assert!(tree.splits.other_axis >= 1, "{:?}", tree.splits);
    // two triangles with the same centroid: no plane separates them, so
    // the median split is the last resort
    let same = vec![t((0, 0), (6, 0), (0, 3)), t((0, 3), (6, 0), (0, 0))];
    let tree = ObbTree::build(&same, TreeOptions::default());
    assert_eq!(tree.splits.median, 1, "{:?}", tree.splits);
    assert_eq!(tree.nodes.len(), 3);
    // the median rule always halves
    let m = torus(12);
    let tree = ObbTree::build(
        &corners(&m),
        TreeOptions {
            split: SplitRule::Median,
            ..TreeOptions::default()
        },
    );
    assert_eq!(tree.nodes.len(), 2 * 192 - 1);
    assert!(tree.depth() <= 9, "balanced: {}", tree.depth());
    // leaf size: leaves hold at most 4 triangles
    let tree = ObbTree::build(
        &corners(&m),
        TreeOptions {
            leaf_size: 4,
            ..TreeOptions::default()
        },
    );
    assert!(tree
        .nodes
        .iter()
        .all(|n| n.children.is_some() || n.count <= 4));
}

#[test]
fn traversal_stops_on_break_and_respects_depth_limits() {
    let m = torus(6);
    let tris = corners(&m);
    let tree = ObbTree::build(&tris, TreeOptions::default());
    // every box overlaps: all pairs reach the leaves
    let mut visits = 0;
    let all = tree.traverse(&tree, (None, None), &mut |_, _| true, &mut |a, b| {
        visits += a.len() * b.len();
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(all, ControlFlow::Continue(()));
    assert_eq!(visits, tris.len() * tris.len());
    // break at the first leaf pair
    let mut calls = 0;
    let stopped = tree.traverse(&tree, (None, None), &mut |_, _| true, &mut |_, _| {
        calls += 1;
        ControlFlow::Break(calls)
    });
    assert_eq!(stopped, ControlFlow::Break(1));
    // depth 0: the roots are leaves holding every triangle
    let mut sizes = Vec::new();
    let _ = tree.traverse(&tree, (Some(0), Some(1)), &mut |_, _| true, &mut |a, b| {
        sizes.push((a.len(), b.len()));
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(sizes.len(), 2);
    assert!(sizes.iter().all(|(a, _)| *a == tris.len()));
    assert_eq!(sizes.iter().map(|(_, b)| b).sum::<usize>(), tris.len());
}

mod laws {
    use super::*;
    use proptest::prelude::*;

    fn point(range: std::ops::Range<i64>, den: i64) -> impl Strategy<Value = Vec3<Q>> {
        (range.clone(), range.clone(), range)
            .prop_map(move |(x, y, z)| p(r(x, den), r(y, den), r(z, den)))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Ray parity agrees with the L's closed form on a quarter grid,
        /// which puts many points on faces, edges, corners and level with
        /// vertices (the degenerate ray directions).
        #[test]
        fn point_in_l_shape_matches_its_closed_form(pt in point(-2..11, 4)) {
            let m = l_shape();
            let tris = corners(&m);
            let (zero, one, two) = (i(0), i(1), i(2));
            let within = |v: &Q, lo: &Q, hi: &Q| v >= lo && v <= hi;
            let truth = within(&pt.z, &zero, &one)
                && ((within(&pt.x, &zero, &two) && within(&pt.y, &zero, &one))
                    || (within(&pt.x, &zero, &one) && within(&pt.y, &zero, &two)));
            prop_assert_eq!(point_in_solid(&pt, &tris), truth, "{:?}", pt);
        }

        /// Ear clipping cuts a face as the referee requires: on prisms
        /// over random star-shaped polygons (corners at integer radii
        /// along integer directions, collinear corners included), each
        /// non-convex face's cut uses the face's corners, no triangle
        /// turns against the face, and the cut's directed edges add up to
        /// the face's boundary; the triangles of positive area of every
        /// face have the face's area.
        #[test]
        fn ear_clipping_cuts_cover_their_faces(
            picks in proptest::collection::vec((any::<bool>(), 1i64..5), 16),
        ) {
            const DIRECTIONS: [(i64, i64); 16] = [
                (1, 0), (2, 1), (1, 1), (1, 2), (0, 1), (-1, 2), (-1, 1), (-2, 1),
                (-1, 0), (-2, -1), (-1, -1), (-1, -2), (0, -1), (1, -2), (1, -1), (2, -1),
            ];
            let outline: Vec<(i64, i64)> = DIRECTIONS
                .iter()
                .zip(&picks)
                .filter(|(_, (keep, _))| *keep)
                .map(|((x, y), (_, radius))| (x * radius, y * radius))
                .collect();
            // the origin strictly inside: consecutive corners turn by less than a half turn
            let n = outline.len();
            let turns = |k: usize| {
                let ((ax, ay), (bx, by)) = (outline[k], outline[(k + 1) % n]);
                ax * by - ay * bx > 0
            };
            prop_assume!(n >= 3 && (0..n).all(turns));
            let mut vertices = Vec::new();
            for z in [0, 1] {
                for &(x, y) in &outline {
                    vertices.push(p(i(x), i(y), i(z)));
                }
            }
            let mut faces = vec![(0..n).rev().collect::<Vec<_>>(), (n..2 * n).collect()];
            faces.extend((0..n).map(|k| vec![k, (k + 1) % n, n + (k + 1) % n, n + k]));
            let m = Mesh::new(vertices, faces).expect("a prism");
            let normal = |f: usize| m.face_normal(f);
            let turn = |t: &[usize; 3]| {
                let [a, b, c] = t.map(|k| m.vertices[k].clone());
                (b - a.clone()).cross(&(c - a))
            };
            for cut in face_cuts(&m) {
                let face = &m.faces[cut.face];
                let mut chain: std::collections::HashMap<(usize, usize), i64> = Default::default();
                for t in &cut.triangles {
                    prop_assert!(t.iter().all(|k| face.contains(k)));
                    prop_assert!(turn(t).dot(&normal(cut.face)) >= i(0));
                    for e in 0..3 {
                        *chain.entry((t[e], t[(e + 1) % 3])).or_default() += 1;
                        *chain.entry((t[(e + 1) % 3], t[e])).or_default() -= 1;
                    }
                }
                for k in 0..face.len() {
                    let (u, v) = (face[k], face[(k + 1) % face.len()]);
                    *chain.entry((u, v)).or_default() -= 1;
                    *chain.entry((v, u)).or_default() += 1;
                }
                prop_assert!(chain.values().all(|c| *c == 0), "{:?}", cut);
            }
            // twice the area, along the unit axis the face is most along
            let doubled = |normal: Vec3<Q>| normal.x.abs() + normal.y.abs() + normal.z.abs();
            for f in 0..m.faces.len() {
                let pieces: Q = triangulate_faces(&m)
                    .iter()
                    .filter(|t| t.face == f)
                    .map(|t| doubled(turn(&t.vertices)))
                    .fold(i(0), |acc, x| acc + x);
                prop_assert_eq!(pieces, doubled(normal(f)));
            }
        }

        /// Every fitted box contains every corner exactly, and refinement
        /// never increases the volume.
        #[test]
        fn fitted_boxes_contain_random_triangles(
            pts in proptest::collection::vec(point(-20..21, 3), 3..15),
            triangles_fit in any::<bool>(),
        ) {
            let tris: Vec<[Vec3<Q>; 3]> = pts
                .windows(3)
                .map(|w| [w[0].clone(), w[1].clone(), w[2].clone()])
                .collect();
            let method = if triangles_fit { FitMethod::Triangles } else { FitMethod::Points };
            let plain = fit_obb(&tris, FitOptions { method, refine: false });
            let refined = fit_obb(&tris, FitOptions { method, refine: true });
            for b in [&plain, &refined] {
                prop_assert!(pts.iter().all(|x| contains(b, x)));
            }
            prop_assert!(box_volume(&refined) <= box_volume(&plain));
        }
    }
}

#[test]
fn f64_answers_agree_on_plain_cases() {
    // non-degenerate contacts: the f64 path (f64 box pruning, f64 triangle
    // tests) finds the exact times to 1e-9
    let a = body(Shape::Mesh(cube(i(1))), Vec3::zero(), Motion::Static);
    let b = body(
        Shape::Mesh(cube(r(1, 2))),
        p(i(4), r(1, 3), r(1, 7)),
        linear(-2, 0, 0),
    );
    let l = body(Shape::Mesh(l_shape()), Vec3::zero(), Motion::Static);
    let moving = body(
        boxed(r(1, 4)),
        p(r(3, 2), r(3, 2), r(1, 2)),
        linear(-1, 0, 0),
    );
    for (x, y, want) in [(&a, &b, 1.25), (&l, &moving, 0.25)] {
        let (t0, t1) = (Q::zero(), i(2));
        let sc = SatScenario {
            a: x,
            b: y,
            interval: (&t0, &t1),
        };
        let out = solve_sat_with::<f64>(&sc, &SatOptions::default()).unwrap();
        let t = out.first_contact_f64().unwrap();
        assert!((t - want).abs() < 1e-9, "{t} vs {want}");
    }
}

#[test]
fn unbalanced_centre_splits_stay_shallow() {
    // triangles at x = 2^k: the plane through the box centre cuts off one
    // triangle at a time, so without the median cap the tree would be 100
    // deep
    let tris: Vec<[Vec3<Q>; 3]> = (0..100)
        .map(|k| {
            let x = Q::from_integer(exactccd::scalar::BigInt::from(1) << k);
            [
                p(x.clone(), i(0), i(0)),
                p(x.clone(), i(1), i(0)),
                p(x, i(0), i(1)),
            ]
        })
        .collect();
    let tree = ObbTree::build(&tris, TreeOptions::default());
    assert!(tree.splits.longest_axis >= exactccd::solver::sat::MEDIAN_AFTER_DEPTH - 1);
    assert!(tree.splits.median >= 1);
    assert!(
        tree.depth() <= exactccd::solver::sat::MEDIAN_AFTER_DEPTH + 8,
        "{}",
        tree.depth()
    );
    assert_eq!(tree.nodes.len(), 2 * 100 - 1);
}
