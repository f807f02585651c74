//! Mesh solids under rational motion: OBB trees over the faces' triangles
//! (Eberly, "Dynamic Collision Detection using OBBs", sections 6 and 7) with the exact triangle tests of this
//! solver at the leaves.
//!
//! # The first contact of two solids with meshes
//!
//! A mesh bounds a closed solid, possibly non-convex. A box or a triangle
//! is one convex piece; a mesh is cut into pieces, the triangles of its
//! faces (each face, a planar polygon that may be non-convex, is cut by
//! exact ear clipping in the coordinate plane its normal is most along).
//! The solids `A(t)` and `B(t)` meet at `t` exactly when
//!
//! * some piece of `A` meets some piece of `B` (the surfaces touch; a solid
//!   box piece also catches a triangle inside it), or
//! * one solid lies inside the other: a point of it is inside the other
//!   mesh.
//!
//! Before the first contact the solids are disjoint, so the first contact
//! `T` after `t0` is where two surfaces first touch: the earliest first
//! contact over all piece pairs, each found by the exact rational-motion
//! SAT of this solver. At `t0`, containment is checked too, with an exact
//! point-in-solid test (ray parity, below). Hence: `T = t0` if the solids
//! overlap at `t0`, otherwise the earliest piece-pair contact.
//!
//! The OBB trees (`obb_tree.rs`) only skip piece pairs: a node pair is
//! pruned when its boxes provably stay apart over `[t0, t1]`, exactly:
//!
//! * both bodies `static` or `linear`: the constant-velocity box-box test
//!   of the paper (Tables 1, 1') on the exact boxes;
//! * otherwise (rational motions): the boxes' bounding spheres stay apart
//!   (radius the sum of the half extents, at least the half diagonal; the
//!   motions are rigid), that is `|w_b (L_a c_a + T_a) - w_a (L_b c_b +
//!   T_b)|^2 - (r_a + r_b)^2 w_a^2 w_b^2 > 0` on the interval, proved by
//!   the Bernstein coefficients of that polynomial on `[t0, t1]` being all
//!   positive (a conservative bound: no root isolation).
//!
//! In the `f64` path the constant-velocity box test runs in `f64` (an
//! approximate answer may then differ from the exact one near touching, as
//! every `f64` answer may).
//!
//! # Point in solid
//!
//! A point `p` is inside a closed mesh when a ray from it crosses the
//! surface an odd number of times. The ray direction `d = (1, k, k^2)` is
//! chosen exactly: a direction is rejected when the ray's line meets an
//! edge or a corner of a triangle, or runs in the plane of a triangle
//! through `p` (all decided by exact signs of `d . (a x b)`). Each such bad
//! set is a plane of directions, which meets the curve `(1, k, k^2)` for at
//! most two `k`, so at most `8 n + 1` tries (for `n` triangles) always find
//! a good one. A point on the surface counts as inside (closed solids).
//!
//! # Contact intervals
//!
//! The solids meet exactly when their surfaces touch or they are nested.
//! The surfaces touch on the union of the piece pairs' contact intervals
//! (exact); between two such intervals (and before the first, after the
//! last) the nesting cannot change, since leaving or entering the other
//! solid crosses its surface: one exact point-in-solid test at a rational
//! time inside each gap decides it, and nested gaps join their neighbours.
//!
//! # Evidence for a certificate
//!
//! The exact path keeps what proves its answer ([`MeshEvidence`]): every
//! piece pair it solved with that pair's SAT certificate, and every node
//! pair the tree pruned with the proof of the pruning, a world direction
//! along which the one box stays strictly above the other over the whole
//! interval (`c_b(t) - c_a(t)` when the bounding spheres stay apart, else
//! the separating axis of the constant-velocity box test). Together they
//! cover every piece pair, so the surfaces stay apart before the first
//! contact; the caller (`contact::sat`) turns them into a certificate of
//! parts for the referee, which checks the non-nesting at `t0` itself
//! (ray parity). The certificate names a piece by its place in its face's
//! fan or, for a non-convex face, in the face's cut, which the certificate
//! carries (`geom/triangulate.rs`).
//!
//! # What is not computed
//!
//! When several piece pairs touch first at the same time,
//! the features reported are those of the pair whose features (named in
//! the bodies) have the largest summed dimension, the first found on ties:
//! a face-face contact is reported as such, but a contact spread over
//! several faces names one of them.
#![deny(clippy::float_arithmetic)]

use super::box_box::box_box_axis_direction;
use super::features::ContactFeatures;
use super::obb_fit::exact_box_with_axes;
use super::obb_tree::{ObbNode, ObbTree, TreeOptions};
use super::pair::{rigid_motion, solve_sat_pair, SatScenario};
use super::{test_box_box_moving, Certificate, SatOutcome, SatStats, StaticTest};
use crate::geom::point_in_solid;
use crate::geom::Feature;
use crate::geom::{triangulate_faces, FaceTriangle};
use crate::geom::{Mat3, Mesh, Obb, Shape, Triangle, Vec3};
use crate::motion::{Body, Motion, PolyMotion};
use crate::poly::{Poly, RealRoots};
use crate::scalar::{BigRational, Ring, Scalar, Sign};
use crate::Error;
use std::ops::ControlFlow;

type Q = BigRational;

/// Closed intervals `[lo, hi]`.
type Intervals<R> = Vec<(R, R)>;

/// The convex pieces of a body (module docs) with the names of their
/// features in the body.
pub(crate) struct Pieces {
    /// One body per piece, with the body's pose and motion.
    pub(super) bodies: Vec<Body>,
    /// The local corners of each piece (exact), for the tree.
    pub(super) corners: Vec<[Vec3<Q>; 3]>,
    /// For a mesh: its triangles, to name features.
    pub(super) triangles: Option<(Vec<FaceTriangle>, Mesh<Q>)>,
}

impl Pieces {
    /// The pieces of a box, a triangle or a mesh (others are refused
    /// before).
    pub(super) fn of(body: &Body) -> Pieces {
        match &body.shape {
            Shape::Mesh(mesh) => {
                let tris = triangulate_faces(mesh);
                let corners: Vec<[Vec3<Q>; 3]> = tris
                    .iter()
                    .map(|t| t.vertices.map(|i| mesh.vertices[i].clone()))
                    .collect();
                let bodies = corners
                    .iter()
                    .map(|c| Body {
                        shape: Shape::Triangle(Triangle {
                            vertices: c.clone(),
                        }),
                        pose: body.pose.clone(),
                        motion: body.motion.clone(),
                    })
                    .collect();
                Pieces {
                    bodies,
                    corners,
                    triangles: Some((tris, mesh.clone())),
                }
            }
            Shape::Box(bx) => {
                let e = &bx.half_extents;
                let corner = |s: [i64; 3]| {
                    Vec3::new(
                        &e[0] * &Q::from_i64(s[0]),
                        &e[1] * &Q::from_i64(s[1]),
                        &e[2] * &Q::from_i64(s[2]),
                    )
                };
                // two opposite corners span the box's bounding box (identity axes)
                Pieces {
                    bodies: vec![body.clone()],
                    corners: vec![[corner([-1, -1, -1]), corner([1, 1, 1]), corner([1, 1, 1])]],
                    triangles: None,
                }
            }
            Shape::Triangle(t) => Pieces {
                bodies: vec![body.clone()],
                corners: vec![t.vertices.clone()],
                triangles: None,
            },
            // one piece under the time cells (the rational path refuses
            // these shapes before): the corners span a box around it
            Shape::Sphere(_) | Shape::Capsule(_) | Shape::Convex(_) => {
                let points: Vec<Vec3<Q>> = match &body.shape {
                    Shape::Sphere(s) => {
                        let r = s.radius.clone();
                        vec![
                            Vec3::new(-r.clone(), -r.clone(), -r.clone()),
                            Vec3::new(r.clone(), r.clone(), r),
                        ]
                    }
                    Shape::Capsule(c) => {
                        let r = Vec3::new(c.radius.clone(), c.radius.clone(), c.radius.clone());
                        vec![&c.a - &r, &c.a + &r, &c.b - &r, &c.b + &r]
                    }
                    Shape::Convex(h) => h.points.clone(),
                    _ => Vec::new(),
                };
                let bound = |k: usize, least: bool| {
                    let coordinates = points.iter().map(|p| p[k].clone());
                    let best = if least {
                        coordinates.min()
                    } else {
                        coordinates.max()
                    };
                    best.unwrap_or_else(Q::zero)
                };
                let lo = Vec3::new(bound(0, true), bound(1, true), bound(2, true));
                let hi = Vec3::new(bound(0, false), bound(1, false), bound(2, false));
                Pieces {
                    bodies: vec![body.clone()],
                    corners: vec![[lo, hi.clone(), hi]],
                    triangles: None,
                }
            }
        }
    }

    fn tree(&self, options: &TreeOptions) -> ObbTree {
        if self.triangles.is_some() {
            ObbTree::build(&self.corners, *options)
        } else {
            // one node: the exact axis-aligned box of the solid
            let pts: Vec<Vec3<Q>> = self.corners[0].to_vec();
            let obb = exact_box_with_axes(&Mat3::identity(), &pts);
            ObbTree {
                nodes: vec![ObbNode {
                    obb,
                    first: 0,
                    count: 1,
                    children: None,
                }],
                order: vec![0],
                splits: Default::default(),
            }
        }
    }

    /// Each piece's name in its face, `(face, k)`: the `k`-th triangle of
    /// the face's fan or cut (`geom/triangulate.rs`); `None` for the one piece
    /// of a box or a triangle.
    pub(super) fn fans(&self) -> Vec<Option<(usize, usize)>> {
        match &self.triangles {
            None => vec![None],
            Some((tris, _)) => tris.iter().map(|t| Some((t.face, t.index))).collect(),
        }
    }

    /// The name in the body of a feature of piece `i`.
    pub(super) fn rename(&self, i: usize, f: Feature) -> Feature {
        let Some((tris, mesh)) = &self.triangles else {
            return f;
        };
        tris[i].feature_in_mesh(mesh, f)
    }
}

/// Which piece pairs the traversal may skip (module docs).
// one per scenario: the size of the variants does not matter
#[allow(clippy::large_enum_variant)]
enum Pruner {
    /// The trees' boxes are world boxes at `t = 0`.
    ConstantVelocity {
        velocity: [Vec3<Q>; 2],
        interval: (Q, Q),
    },
    Spheres {
        motion: [PolyMotion<Q>; 2],
        interval: (Q, Q),
    },
}

fn constant_velocity(m: &Motion) -> Option<Vec3<Q>> {
    match m {
        Motion::Static => Some(Vec3::zero()),
        Motion::Linear { velocity } => Some(velocity.clone()),
        _ => None,
    }
}

/// True when every Bernstein coefficient of `p` on `[t0, t1]` is positive,
/// which proves `p > 0` there.
fn positive_on(p: &Poly<Q>, t0: &Q, t1: &Q) -> bool {
    let g = p.compose(&Poly::from_coeffs(vec![t0.clone(), t1 - t0]));
    let a = g.coeffs();
    let n = a.len().saturating_sub(1);
    if a.is_empty() {
        return false;
    }
    // b_i = sum_{j <= i} C(i, j) / C(n, j) a_j
    let binom = |n: usize, k: usize| -> Q {
        let mut c = Q::one();
        for i in 0..k {
            c = c * Q::from_i64((n - i) as i64) / Q::from_i64((i + 1) as i64);
        }
        c
    };
    (0..=n).all(|i| {
        let b = (0..=i).fold(Q::zero(), |acc, j| acc + binom(i, j) / binom(n, j) * &a[j]);
        b.sign() == Sign::Positive
    })
}

fn world_obb(pose: &crate::geom::Pose<Q>, b: &Obb<Q>) -> Obb<Q> {
    Obb {
        center: pose.apply_point(&b.center),
        axes: b.axes.each_ref().map(|a| pose.rotation.mul_vec(a)),
        half_extents: b.half_extents.clone(),
    }
}

/// A radius of a ball about the box centre containing the box: the sum of
/// the half extents (at least the half diagonal, the axes being unit).
fn radius(b: &Obb<Q>) -> Q {
    b.half_extents.iter().fold(Q::zero(), |s, e| s + e)
}

fn obb_f64(b: &Obb<Q>) -> Obb<f64> {
    Obb {
        center: b.center.to_f64(),
        axes: b.axes.each_ref().map(Vec3::to_f64),
        half_extents: b.half_extents.each_ref().map(Scalar::to_f64),
    }
}

impl Pruner {
    /// [`Pruner::overlap`] for the `f64` path: the constant-velocity box
    /// test in `f64` (fast; like every `f64` answer it can err near
    /// touching), the exact sphere bound for rational motions.
    fn overlap_f64(&self, a: &Obb<Q>, b: &Obb<Q>) -> bool {
        match self {
            Pruner::ConstantVelocity { velocity, interval } => test_box_box_moving::<f64>(
                &obb_f64(a),
                &velocity[0].to_f64(),
                &obb_f64(b),
                &velocity[1].to_f64(),
                &interval.0.to_f64(),
                &interval.1.to_f64(),
            )
            .intersects(),
            Pruner::Spheres { .. } => self.overlap(a, b),
        }
    }

    /// `false` only when the two boxes stay apart over the interval.
    fn overlap(&self, a: &Obb<Q>, b: &Obb<Q>) -> bool {
        self.apart(a, b).is_none()
    }

    /// The proof that the two boxes stay apart over the interval, when they
    /// provably do: a world direction along which `b`'s box lies strictly
    /// above `a`'s throughout.
    fn apart(&self, a: &Obb<Q>, b: &Obb<Q>) -> Option<PruneProof> {
        match self {
            Pruner::ConstantVelocity { velocity, interval } => {
                // the boxes are in world coordinates at t = 0 (prepare):
                // first the cheap bounding spheres, |d(t)|^2 > (r_a + r_b)^2
                // with d(t) = c_b - c_a + t (v_b - v_a), then the boxes
                let dv = &velocity[1] - &velocity[0];
                let dc = &b.center - &a.center;
                let r = radius(a) + radius(b);
                let f = Poly::from_coeffs(vec![
                    dc.dot(&dc) - &r * &r,
                    dc.dot(&dv) * Q::from_i64(2),
                    dv.dot(&dv),
                ]);
                if positive_on(&f, &interval.0, &interval.1) {
                    let line = |c: &Q, v: &Q| Poly::from_coeffs(vec![c.clone(), v.clone()]);
                    return Some(PruneProof {
                        direction: Vec3::new(
                            line(&dc.x, &dv.x),
                            line(&dc.y, &dv.y),
                            line(&dc.z, &dv.z),
                        ),
                        label: "bounding spheres".into(),
                    });
                }
                match test_box_box_moving(
                    a,
                    &velocity[0],
                    b,
                    &velocity[1],
                    &interval.0,
                    &interval.1,
                ) {
                    StaticTest::Intersecting => None,
                    StaticTest::Separated { axis, side } => {
                        let l = box_box_axis_direction(a, b, &dv, axis)
                            .scale(&Q::from_i64(side.sign()));
                        Some(PruneProof {
                            direction: l.map(|x| Poly::constant(x.clone())),
                            label: format!("box axis {axis}"),
                        })
                    }
                }
            }
            Pruner::Spheres { motion, interval } => {
                let [ma, mb] = motion;
                let c = |x: &Q| Poly::constant(x.clone());
                let centre =
                    |m: &PolyMotion<Q>, y: &Vec3<Q>| &m.linear.mul_vec(&y.map(c)) + &m.translation;
                let pa = centre(ma, &a.center).map(|p| p * &mb.denominator);
                let pb = centre(mb, &b.center).map(|p| p * &ma.denominator);
                let d = &pb - &pa;
                let r = radius(a) + radius(b);
                let ww = &ma.denominator * &mb.denominator;
                let f = d.dot(&d) - (&ww * &ww).scale(&(&r * &r));
                // d = w_a w_b (c_b(t) - c_a(t)), a positive multiple
                positive_on(&f, &interval.0, &interval.1).then(|| PruneProof {
                    direction: d,
                    label: "bounding spheres".into(),
                })
            }
        }
    }
}

/// Why a node pair was pruned: along `direction` (world coordinates,
/// polynomial in `t`) the node of `b` lies strictly above the node of `a`
/// over the whole interval.
#[derive(Clone, Debug)]
pub struct PruneProof {
    /// The direction (any positive multiple of it serves).
    pub direction: Vec3<Poly<Q>>,
    /// What it is: `"bounding spheres"`, `"box axis A0"`, ...
    pub label: String,
}

/// A node pair the tree pruned: the pieces under each node and the proof.
#[derive(Clone, Debug)]
pub struct PrunedPair {
    /// Pieces of `a` under its node.
    pub pieces_a: Vec<usize>,
    /// Pieces of `b` under its node.
    pub pieces_b: Vec<usize>,
    /// The proof of the pruning.
    pub proof: PruneProof,
}

/// What proves an exact mesh answer (module docs, "Evidence").
#[derive(Clone, Debug)]
pub struct MeshEvidence {
    /// The pieces of each body as bodies: the triangles of a mesh (with
    /// its pose and motion), or the convex body itself.
    pub pieces: [Vec<Body>; 2],
    /// Each piece's name in its face's fan, `(face, k)`: `None` for a
    /// convex body and for a triangle of an ear-clipped face.
    pub fans: [Vec<Option<(usize, usize)>>; 2],
    /// Every piece pair solved, with its SAT certificate (over `[t0, T')`
    /// for its own first contact `T'`, or the whole interval).
    pub pairs: Vec<(usize, usize, Certificate<Q>)>,
    /// Every node pair pruned.
    pub pruned: Vec<PrunedPair>,
    /// The piece pair whose first contact is the answer's (none when the
    /// solids are nested at `t0` or never touch).
    pub first_pair: Option<(usize, usize)>,
    /// Every piece pair whose first contact is the answer's (where a
    /// witness may be sought when the first pair's features give none).
    pub touching_first: Vec<(usize, usize)>,
}

/// The most piece pairs (triangle or box pairs the tree cannot prune) one
/// mesh scenario may test: past it the solver stops with a limit error
/// (exit status 3) rather than run for hours.
pub const MAX_PIECE_PAIRS: usize = 4_000_000;

fn too_many_pairs() -> Error {
    Error::limit_exceeded(format!(
        "sat: more than {MAX_PIECE_PAIRS} triangle pairs would need exact tests; the meshes are too large or too entangled over the interval"
    ))
}

/// How a mesh scenario is searched (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeshSearch {
    /// OBB trees with these options.
    Tree(TreeOptions),
    /// Every piece pair, no tree (the brute-force reference of the tests).
    BruteForce,
}

impl Default for MeshSearch {
    fn default() -> Self {
        MeshSearch::Tree(TreeOptions::default())
    }
}

/// The world corners of a body's pieces at `t0`, exactly.
fn world_triangles(pieces: &Pieces, m: &PolyMotion<Q>, t0: &Q) -> Vec<[Vec3<Q>; 3]> {
    pieces
        .corners
        .iter()
        .map(|c| c.each_ref().map(|y| m.apply_at(t0, y)))
        .collect()
}

/// The pieces, trees, pruning test and motions of a mesh scenario.
struct Prepared {
    pieces: [Pieces; 2],
    trees: Option<[ObbTree; 2]>,
    pruner: Pruner,
    motions: [PolyMotion<Q>; 2],
}

fn prepare<S: RealRoots>(sc: &SatScenario<'_>, search: MeshSearch) -> Result<Prepared, Error> {
    let t0 = sc.interval.0;
    let ma = rigid_motion::<S>(sc.a, "a", t0)?;
    let mb = rigid_motion::<S>(sc.b, "b", t0)?;
    let pieces = [Pieces::of(sc.a), Pieces::of(sc.b)];
    let mut trees = match search {
        MeshSearch::Tree(opts) => Some([pieces[0].tree(&opts), pieces[1].tree(&opts)]),
        MeshSearch::BruteForce => None,
    };
    let interval = (sc.interval.0.clone(), sc.interval.1.clone());
    let pruner = match (
        constant_velocity(&sc.a.motion),
        constant_velocity(&sc.b.motion),
    ) {
        (Some(va), Some(vb)) => {
            // place every box in the world once (positions at t = 0)
            if let Some(trees) = &mut trees {
                for (tree, body) in trees.iter_mut().zip([sc.a, sc.b]) {
                    for node in &mut tree.nodes {
                        node.obb = world_obb(&body.pose, &node.obb);
                    }
                }
            }
            Pruner::ConstantVelocity {
                velocity: [va, vb],
                interval,
            }
        }
        _ => Pruner::Spheres {
            motion: [ma.clone(), mb.clone()],
            interval,
        },
    };
    Ok(Prepared {
        pieces,
        trees,
        pruner,
        motions: [ma, mb],
    })
}

/// Runs `leaf` on every piece pair the search does not prune, in the order
/// of the traversal, until it breaks; counts node pairs tested.
fn search_pairs<B>(
    prep: &Prepared,
    exact: bool,
    node_pairs: &mut usize,
    mut pruned: Option<&mut Vec<PrunedPair>>,
    mut leaf: impl FnMut(usize, usize) -> ControlFlow<B>,
) -> ControlFlow<B> {
    match &prep.trees {
        None => {
            for i in 0..prep.pieces[0].bodies.len() {
                for j in 0..prep.pieces[1].bodies.len() {
                    leaf(i, j)?;
                }
            }
            ControlFlow::Continue(())
        }
        Some([ta, tb]) => ta.traverse(
            tb,
            (None, None),
            &mut |na, nb| {
                *node_pairs += 1;
                if !exact {
                    return prep.pruner.overlap_f64(&na.obb, &nb.obb);
                }
                match (prep.pruner.apart(&na.obb, &nb.obb), pruned.as_mut()) {
                    (None, _) => true,
                    (Some(proof), Some(record)) => {
                        let under =
                            |t: &ObbTree, n: &ObbNode| t.order[n.first..n.first + n.count].to_vec();
                        record.push(PrunedPair {
                            pieces_a: under(ta, na),
                            pieces_b: under(tb, nb),
                            proof,
                        });
                        false
                    }
                    (Some(_), None) => false,
                }
            },
            &mut |ia, ib| {
                for &i in ia {
                    for &j in ib {
                        leaf(i, j)?;
                    }
                }
                ControlFlow::Continue(())
            },
        ),
    }
}

/// Decides whether two bodies, at least one a mesh, touch at some time of
/// the interval (module docs): stops at the first piece pair that touches.
pub fn mesh_collides<S: RealRoots>(
    sc: &SatScenario<'_>,
    search: MeshSearch,
) -> Result<bool, Error> {
    let prep = prepare::<S>(sc, search)?;
    if containment_at(sc, &prep, sc.interval.0).is_some() {
        return Ok(true);
    }
    let mut node_pairs = 0;
    let mut pairs = 0usize;
    let found = search_pairs(&prep, S::IS_EXACT, &mut node_pairs, None, |i, j| {
        pairs += 1;
        if pairs > MAX_PIECE_PAIRS {
            return ControlFlow::Break(Err(too_many_pairs()));
        }
        if let Err(e) = crate::budget::check() {
            return ControlFlow::Break(Err(e.into()));
        }
        let pair = SatScenario {
            a: &prep.pieces[0].bodies[i],
            b: &prep.pieces[1].bodies[j],
            interval: sc.interval,
        };
        match solve_sat_pair::<S>(&pair) {
            Err(e) => ControlFlow::Break(Err(e)),
            Ok(out) if out.collides => ControlFlow::Break(Ok(())),
            Ok(_) => ControlFlow::Continue(()),
        }
    });
    match found {
        ControlFlow::Break(Err(e)) => Err(e),
        ControlFlow::Break(Ok(())) => Ok(true),
        ControlFlow::Continue(()) => Ok(false),
    }
}

/// Whether the solids are nested at the rational time `t`: a point of `b`
/// inside mesh `a`, or of `a` inside mesh `b` (exact). Returns the point.
fn containment_at(sc: &SatScenario<'_>, prep: &Prepared, t: &Q) -> Option<Vec3<Q>> {
    let bodies = [sc.a, sc.b];
    for (inner, outer) in [(1, 0), (0, 1)] {
        if matches!(bodies[outer].shape, Shape::Mesh(_)) {
            let tris = world_triangles(&prep.pieces[outer], &prep.motions[outer], t);
            for y in bodies[inner].shape.part_points() {
                let p = prep.motions[inner].apply_at(t, &y);
                if point_in_solid(&p, &tris) {
                    return Some(p);
                }
            }
        }
    }
    None
}

/// Sorted, merged closed intervals (touching or overlapping ones joined).
fn merged<R: Ord + Clone>(mut ivs: Vec<(R, R)>) -> Vec<(R, R)> {
    ivs.sort();
    let mut out: Vec<(R, R)> = Vec::new();
    for (lo, hi) in ivs {
        match out.last_mut() {
            Some((_, last_hi)) if lo <= *last_hi => {
                if hi > *last_hi {
                    *last_hi = hi;
                }
            }
            _ => out.push((lo, hi)),
        }
    }
    out
}

/// The contact intervals of the solids (module docs): the union of the
/// piece pairs' intervals (the surfaces touch), plus every gap between them
/// in which the solids are nested. Between two surface contacts the
/// nesting cannot change, so one exact containment test at a rational time
/// inside each gap decides the whole gap.
fn solid_intervals<S: RealRoots>(
    sc: &SatScenario<'_>,
    prep: &Prepared,
    surface: Vec<(S::Root, S::Root)>,
) -> (Intervals<S::Root>, Option<Vec3<Q>>) {
    let (q0, q1) = (sc.interval.0, sc.interval.1);
    let r0 = S::root_of_value(&S::from_rational(q0));
    let r1 = S::root_of_value(&S::from_rational(q1));
    let ivs = merged(surface);
    let nested = |t: &Q| containment_at(sc, prep, t);
    let Some(first) = ivs.first() else {
        // one gap: the whole interval
        return match nested(q0) {
            Some(p) => (vec![(r0, r1)], Some(p)),
            None => (Vec::new(), None),
        };
    };
    let mut out = Vec::new();
    let mut start_point = None;
    let mut current = first.clone();
    if current.0 > r0 {
        if let Some(p) = nested(q0) {
            current.0 = r0.clone();
            start_point = Some(p);
        }
    }
    for next in ivs.iter().skip(1) {
        let joined = S::value_between(&current.1, &next.0)
            .and_then(|t| t.to_rational())
            .is_some_and(|t| nested(&t).is_some());
        if joined {
            current.1 = next.1.clone();
        } else {
            out.push(current);
            current = next.clone();
        }
    }
    if current.1 < r1 && nested(q1).is_some() {
        current.1 = r1;
    }
    out.push(current);
    (out, start_point)
}

/// The dimension of the touching features (vertex 0, edge 1, face 2) of
/// the two bodies, summed, as named in the bodies.
fn contact_rank<S: RealRoots>(
    pieces: &[Pieces; 2],
    i: usize,
    j: usize,
    out: &SatOutcome<S>,
) -> usize {
    let dim = |f: Feature| match f.kind() {
        "vertex" => 0,
        "edge" => 1,
        _ => 2,
    };
    out.features.as_ref().map_or(0, |f| {
        dim(pieces[0].rename(i, f.a)) + dim(pieces[1].rename(j, f.b))
    })
}

/// Solves a scenario in which at least one body is a mesh (module docs).
pub(crate) fn solve_mesh<S: RealRoots>(
    sc: &SatScenario<'_>,
    search: MeshSearch,
) -> Result<SatOutcome<S>, Error> {
    let prep = prepare::<S>(sc, search)?;
    solve_prepared(sc, &prep, None).map(|(out, _)| out)
}

/// The mesh solver in exact rationals, with the evidence behind the answer
/// (module docs). Only for scenarios [`solve_sat_with`](super::solve_sat_with)
/// sends to the mesh solver: a mesh on either side, rational motions.
pub fn solve_mesh_with_evidence(
    sc: &SatScenario<'_>,
    search: MeshSearch,
) -> Result<(SatOutcome<Q>, MeshEvidence), Error> {
    let prep = prepare::<Q>(sc, search)?;
    let mut record = Recorder {
        pairs: Vec::new(),
        pruned: Vec::new(),
        firsts: Vec::new(),
    };
    let (out, first_pair) = solve_prepared(sc, &prep, Some(&mut record))?;
    let fans = [prep.pieces[0].fans(), prep.pieces[1].fans()];
    let [pa, pb] = prep.pieces;
    let touching_first = match &out.first_contact {
        None => Vec::new(),
        Some(t) => record
            .pairs
            .iter()
            .zip(&record.firsts)
            .filter(|(_, first)| first.as_ref() == Some(t))
            .map(|((i, j, _), _)| (*i, *j))
            .collect(),
    };
    let evidence = MeshEvidence {
        fans,
        pieces: [pa.bodies, pb.bodies],
        pairs: record.pairs,
        pruned: record.pruned,
        first_pair,
        touching_first,
    };
    Ok((out, evidence))
}

/// A piece of `a` and a piece of `b`, by index.
type PiecePair = (usize, usize);

/// What [`solve_prepared`] keeps for the evidence of an exact answer.
struct Recorder<S: RealRoots> {
    pairs: Vec<(usize, usize, Certificate<S>)>,
    pruned: Vec<PrunedPair>,
    /// Each solved pair's first contact, in the order of `pairs`.
    firsts: Vec<Option<S::Root>>,
}

/// A mesh scenario with its pieces cut and its OBB trees built, to solve
/// it (in either scalar) without building them again (benchmarks time the
/// two parts apart).
pub struct PreparedMeshes(Prepared);

impl PreparedMeshes {
    /// Cuts the pieces and builds the trees of `sc` (the motions' rigidity
    /// is checked as the scalar `S` does).
    pub fn new<S: RealRoots>(sc: &SatScenario<'_>, search: MeshSearch) -> Result<Self, Error> {
        prepare::<S>(sc, search).map(PreparedMeshes)
    }

    /// Solves the scenario it was prepared from (module docs).
    pub fn solve<S: RealRoots>(&self, sc: &SatScenario<'_>) -> Result<SatOutcome<S>, Error> {
        solve_prepared(sc, &self.0, None).map(|(out, _)| out)
    }
}

/// Solves a prepared scenario; returns the piece pair of the first contact
/// too (none when nested at `t0` or without contact), and keeps every
/// pair's certificate and every pruning proof in `record` when given.
fn solve_prepared<S: RealRoots>(
    sc: &SatScenario<'_>,
    prep: &Prepared,
    mut record: Option<&mut Recorder<S>>,
) -> Result<(SatOutcome<S>, Option<PiecePair>), Error> {
    let mut stats = SatStats::default();
    let mut best: Option<(usize, usize, SatOutcome<S>)> = None;
    let mut surface: Vec<(S::Root, S::Root)> = Vec::new();
    let mut node_pairs = 0;
    let (mut pair_record, pruned_record) = match record.as_mut() {
        Some(r) => (Some((&mut r.pairs, &mut r.firsts)), Some(&mut r.pruned)),
        None => (None, None),
    };
    let found = search_pairs(prep, S::IS_EXACT, &mut node_pairs, pruned_record, |i, j| {
        if let Err(e) = crate::budget::check() {
            return ControlFlow::Break(e.into());
        }
        let pair = SatScenario {
            a: &prep.pieces[0].bodies[i],
            b: &prep.pieces[1].bodies[j],
            interval: sc.interval,
        };
        let out = match solve_sat_pair::<S>(&pair) {
            Ok(out) => out,
            Err(e) => return ControlFlow::Break(e),
        };
        stats.axes += out.stats.axes;
        stats.root_isolations += out.stats.root_isolations;
        stats.critical_times += out.stats.critical_times;
        stats.piece_pairs += 1;
        if stats.piece_pairs > MAX_PIECE_PAIRS {
            return ControlFlow::Break(too_many_pairs());
        }
        surface.extend(out.contact_intervals.iter().cloned());
        if let Some((pairs, firsts)) = pair_record.as_mut() {
            pairs.push((i, j, out.certificate.clone()));
            firsts.push(out.first_contact.clone());
        }
        if let Some(t) = &out.first_contact {
            // the earliest pair; among pairs touching first at the same
            // time, the one with the largest features (face-face first)
            let better = match &best {
                None => true,
                Some((bi, bj, b)) => match b.first_contact.as_ref() {
                    None => true,
                    Some(bt) if t < bt => true,
                    Some(bt) if t == bt => {
                        contact_rank(&prep.pieces, i, j, &out)
                            > contact_rank(&prep.pieces, *bi, *bj, b)
                    }
                    Some(_) => false,
                },
            };
            if better {
                best = Some((i, j, out));
            }
        }
        ControlFlow::Continue(())
    });
    if let ControlFlow::Break(e) = found {
        return Err(e);
    }
    stats.node_pairs = node_pairs;
    let (intervals, nested_point) = solid_intervals::<S>(sc, prep, surface);
    let r0 = S::root_of_value(&S::from_rational(sc.interval.0));
    let first = intervals.first().map(|(lo, _)| lo.clone());
    let mut out = SatOutcome {
        collides: first.is_some(),
        initially_overlapping: first.as_ref() == Some(&r0),
        first_contact: first.clone(),
        contact_intervals: intervals,
        features: None,
        point: None,
        exact_point: None,
        normal: None,
        certificate: Certificate {
            separation: Vec::new(),
            last_axis: None,
            time_polynomial: None,
        },
        stats,
    };
    let mut first_pair = None;
    match (nested_point, best) {
        (Some(p), _) => {
            // nested at t0 without touching surfaces: a point of one solid
            // inside the other, no features or normal
            out.point = Some(p.to_f64().into_array());
            out.exact_point = S::IS_EXACT.then(|| p.map(S::from_rational));
        }
        (None, Some((i, j, pair))) if pair.first_contact == first => {
            first_pair = Some((i, j));
            out.features = pair.features.map(|f| ContactFeatures {
                a: prep.pieces[0].rename(i, f.a),
                b: prep.pieces[1].rename(j, f.b),
                ..f
            });
            out.point = pair.point;
            out.exact_point = pair.exact_point;
            out.normal = pair.normal;
        }
        _ => {}
    }
    Ok((out, first_pair))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64) -> Q {
        Q::from_i64(n)
    }

    #[test]
    fn bernstein_bound_proves_positivity_only_when_positive() {
        // (t - 1/2)^2 + 1/100 > 0 on [0, 1]; t - 1/2 is not
        let half = q(1) / q(2);
        let p = Poly::from_coeffs(vec![&half * &half + q(1) / q(100), -q(1), q(1)]);
        // the Bernstein bound may be loose, but this one is positive on [0, 1/4]
        assert!(positive_on(&p, &q(0), &(q(1) / q(4))));
        assert!(!positive_on(
            &Poly::from_coeffs(vec![-half.clone(), q(1)]),
            &q(0),
            &q(1)
        ));
        assert!(positive_on(
            &Poly::from_coeffs(vec![-half, q(1)]),
            &q(1),
            &q(2)
        ));
    }
}
