//! The Minkowski difference `M = B - A = {b - a}` of two cores at `t = 0`
//! in world coordinates, exact: its points `b_j - a_i`, its dimension
//! (solid, flat, a segment or a point), and for a solid its faces and
//! edges, each with the core points it comes from.
//!
//! The faces of a Minkowski sum of two polytopes have as normals the face
//! normals of either polytope and the cross products of an edge of one
//! with an edge of the other (the facets of the Gauss-map overlay: the SGM
//! paper, "Collision prediction of two oriented bounding boxes under
//! univariate (piecewise) rational motion", section IV-B, writes the same
//! three kinds as its FV, VF and EE pairs). Each candidate normal is kept
//! when the points of `M` extreme along it span a plane; the face's corners
//! are then ordered as for a convex hull's face. Small inputs only: the
//! method takes a point or a segment against a polytope of at most a few
//! dozen points. The arithmetic is in [`CompactRational`]s (machine words
//! while the values fit, exact beyond).
#![deny(clippy::float_arithmetic)]

use crate::geom::core::Core;
use crate::geom::{face_corners, Mat3, Pose, Vec3};
use crate::scalar::{BigRational, CompactRational, Ring, Scalar, Sign};
use std::cmp::Ordering;
use std::collections::BTreeSet;

type Q = CompactRational;

fn order(x: &Q, y: &Q) -> Ordering {
    x.partial_cmp(y).expect("rationals are ordered")
}

fn compact(v: &Vec3<BigRational>) -> Vec3<Q> {
    Vec3::from_rational(v)
}

/// The dimension of `M`, with what each kind needs.
#[derive(Clone, Debug)]
pub(super) enum Shape {
    /// Spans space: bounded by [`Difference::faces`].
    Solid,
    /// In one plane: the polygon [`Difference::faces`]`[0]`, both sides.
    Flat,
    /// On one line: the segment between two points.
    Segment(usize, usize),
    /// One point.
    Point(usize),
}

/// A face of `M`: a convex polygon with its plane.
#[derive(Clone, Debug)]
pub(super) struct Face<S = Q> {
    /// Indices into [`Difference::points`], counter-clockwise seen from the
    /// side `normal` points to.
    pub(super) corners: Vec<usize>,
    /// Outward normal (not unit); for a flat `M`, either of the two.
    pub(super) normal: Vec3<S>,
    /// `normal . m` on the plane.
    pub(super) offset: S,
    /// Every point of `M` on the plane (corners and the rest).
    pub(super) on: Vec<usize>,
}

/// The Minkowski difference of two cores (module docs), its coordinates in
/// the scalar `S` (its combinatorics decided exactly).
#[derive(Clone, Debug)]
pub(super) struct Difference<S = Q> {
    /// `b_j - a_i` for every vertex pair, at `t = 0`, world coordinates.
    pub(super) points: Vec<Vec3<S>>,
    /// For each point, `(i, j)`: indices into the cores' points.
    pub(super) origin: Vec<(usize, usize)>,
    /// The dimension.
    pub(super) shape: Shape,
    /// The faces of a solid `M`, or the one polygon of a flat one.
    pub(super) faces: Vec<Face<S>>,
    /// The edges `(p, q)`, `p < q`, of a solid or flat `M`, or the segment.
    pub(super) edges: Vec<(usize, usize)>,
    /// For each edge, the points of `M` on it (its ends and any between).
    pub(super) edge_points: Vec<Vec<usize>>,
    /// For each point, the least index of a point equal to it.
    pub(super) twin: Vec<usize>,
}

/// The world positions at `t = 0` of a core's vertices under a pose
/// `c + R y`, with their indices into the core's points.
fn world_vertices(core: &Core, pose: &Pose<Q>) -> Vec<(usize, Vec3<Q>)> {
    core.vertices
        .iter()
        .map(|&(i, _)| (i, pose.apply_point(&compact(&core.points[i]))))
        .collect()
}

/// The world normals of a core's faces: the cofactor matrix of the pose's
/// linear part applied to the local normals, so that a rotation that is
/// orthogonal only within `f64` rounding (a scenario loaded for the `f64`
/// path) still maps each face to a plane with its normal (for a rotation
/// the cofactor matrix is the rotation itself).
fn world_normals(core: &Core, pose: &Pose<Q>) -> Vec<Vec3<Q>> {
    let cofactor = pose.rotation.adjugate().transpose();
    core.faces
        .iter()
        .map(|f| cofactor.mul_vec(&compact(&f.normal)))
        .collect()
}

/// The world directions of a core's face normals and edges.
fn world_directions(core: &Core, pose: &Pose<Q>) -> (Vec<Vec3<Q>>, Vec<Vec3<Q>>) {
    let normals = world_normals(core, pose);
    let edges = core
        .edges
        .iter()
        .map(|&(i, j, _)| pose.apply_direction(&compact(&(&core.points[j] - &core.points[i]))))
        .collect();
    (normals, edges)
}

/// The parts of `M = core - p` (`reflected`: `M = p - core`) computed one
/// at a time: [`Difference::about_point`] builds the whole difference from
/// them, and a caller that needs one face or point of it (the exact path
/// for a sphere and a box) computes only that, with the same values.
pub(super) struct AboutPoint<'a, S> {
    core: &'a Core,
    pose: Pose<S>,
    p: Vec3<S>,
    reflected: bool,
    /// The core's vertices in the order of `M`'s points.
    index: Vec<usize>,
}

impl<'a, S: Scalar> AboutPoint<'a, S> {
    /// The frame of the core with its pose against the point `point` of
    /// the other body under `point_pose`.
    pub(super) fn new(
        core: &'a Core,
        pose: &Pose<BigRational>,
        point: &Vec3<BigRational>,
        point_pose: &Pose<BigRational>,
        reflected: bool,
    ) -> Self {
        AboutPoint {
            core,
            pose: Pose::from_rational(pose),
            p: Vec3::from_rational(&point_pose.apply_point(point)),
            reflected,
            index: core.vertices.iter().map(|v| v.0).collect(),
        }
    }

    /// The point of `M` of index `k`: the core's vertex `index[k]`, moved.
    pub(super) fn point(&self, k: usize) -> Vec3<S> {
        let x = self
            .pose
            .apply_point(&Vec3::from_rational(&self.core.points[self.index[k]]));
        if self.reflected {
            &self.p - &x
        } else {
            &x - &self.p
        }
    }

    /// Where the point `k` of `M` comes from (`(i, j)` for `b_j - a_i`).
    pub(super) fn origin(&self, k: usize) -> (usize, usize) {
        let i = self.index[k];
        if self.reflected {
            (i, 0)
        } else {
            (0, i)
        }
    }

    /// The index in `M` of the core's point `i`.
    fn slot(&self, i: usize) -> usize {
        self.index
            .iter()
            .position(|&j| j == i)
            .expect("a core vertex")
    }

    /// The cofactor matrix of the pose's linear part (module docs of
    /// `world_normals`), which carries face normals to world.
    pub(super) fn cofactor(&self) -> Mat3<S> {
        self.pose.rotation.adjugate().transpose()
    }

    /// The face of `M` from the core's face `k`; `point` gives the points
    /// of `M` by index.
    pub(super) fn face(
        &self,
        k: usize,
        cofactor: &Mat3<S>,
        point: impl Fn(usize) -> Vec3<S>,
    ) -> Face<S> {
        let f = &self.core.faces[k];
        let mut corners: Vec<usize> = f.corners.iter().map(|&i| self.slot(i)).collect();
        let mut normal = cofactor.mul_vec(&Vec3::from_rational(&f.normal));
        // a point reflection keeps a flat polygon counter-clockwise
        // about the same normal, and turns a solid's faces inside out
        if self.reflected && self.core.solid {
            normal = -normal;
            corners.reverse();
        }
        let offset = normal.dot(&point(corners[0]));
        Face {
            on: corners.clone(),
            corners,
            normal,
            offset,
        }
    }
}

impl<S: Scalar> Difference<S> {
    /// `M = B - A` for the cores of `a` and `b` placed by their poses, in
    /// the scalar `S`; `lift` takes an exact coordinate to `S`. When one
    /// core is a point (a sphere), `M` is the other core moved (and
    /// reflected when the point is `b`'s), its faces and edges those of the
    /// core: no decision is needed and `S` computes it directly.
    pub(super) fn new(
        cores: (&Core, &Core),
        poses: (&Pose<BigRational>, &Pose<BigRational>),
        lift: fn(&Q) -> S,
    ) -> Self {
        let (core_a, core_b) = cores;
        if core_a.vertices.len() == 1 {
            return Difference::about_point(
                core_b,
                poses.1,
                &core_a.points[core_a.vertices[0].0],
                poses.0,
                false,
            );
        }
        if core_b.vertices.len() == 1 {
            return Difference::about_point(
                core_a,
                poses.0,
                &core_b.points[core_b.vertices[0].0],
                poses.1,
                true,
            );
        }
        Difference::<Q>::general(core_a, poses.0, core_b, poses.1).map(lift)
    }

    /// `M = core - p` (`reflected`: `M = p - core`) for a core with its
    /// pose and the point `p` of the other body with its pose; the
    /// origins pair the core's points with the point's index 0.
    fn about_point(
        core: &Core,
        pose: &Pose<BigRational>,
        point: &Vec3<BigRational>,
        point_pose: &Pose<BigRational>,
        reflected: bool,
    ) -> Self {
        let frame = AboutPoint::new(core, pose, point, point_pose, reflected);
        let index = &frame.index;
        let points: Vec<Vec3<S>> = (0..index.len()).map(|k| frame.point(k)).collect();
        let origin = (0..index.len()).map(|k| frame.origin(k)).collect();
        let cofactor = frame.cofactor();
        let faces: Vec<Face<S>> = (0..core.faces.len())
            .map(|k| frame.face(k, &cofactor, |c| points[c].clone()))
            .collect();
        let shape = match (core.solid, faces.len(), index.len()) {
            (true, _, _) => Shape::Solid,
            (false, 1, _) => Shape::Flat,
            (false, _, 2) => Shape::Segment(0, 1),
            _ => Shape::Point(0),
        };
        let n = points.len();
        let mut diff = Difference {
            points,
            origin,
            shape,
            faces,
            edges: Vec::new(),
            edge_points: Vec::new(),
            twin: (0..n).collect(),
        };
        diff.collect_edges();
        diff.edge_points = diff.edges.iter().map(|&(p, q)| vec![p, q]).collect();
        diff
    }
}

impl Difference<Q> {
    /// The coordinates mapped to another scalar.
    fn map<S: Scalar>(self, lift: fn(&Q) -> S) -> Difference<S> {
        Difference {
            points: self.points.iter().map(|p| p.map(lift)).collect(),
            origin: self.origin,
            shape: self.shape,
            faces: self
                .faces
                .into_iter()
                .map(|f| Face {
                    corners: f.corners,
                    normal: f.normal.map(lift),
                    offset: lift(&f.offset),
                    on: f.on,
                })
                .collect(),
            edges: self.edges,
            edge_points: self.edge_points,
            twin: self.twin,
        }
    }

    /// `M = B - A` in exact arithmetic, for any two cores (module docs).
    fn general(
        core_a: &Core,
        pose_a: &Pose<BigRational>,
        core_b: &Core,
        pose_b: &Pose<BigRational>,
    ) -> Self {
        let (pose_a, pose_b) = (&Pose::from_rational(pose_a), &Pose::from_rational(pose_b));
        let (va, vb) = (
            world_vertices(core_a, pose_a),
            world_vertices(core_b, pose_b),
        );
        Difference::parallelogram(&va, &vb)
            .unwrap_or_else(|| Difference::searched(&va, &vb, (core_a, pose_a), (core_b, pose_b)))
    }

    /// `M` from the cores' world vertices `va`, `vb`: its dimension, faces
    /// and edges found by search (module docs).
    fn searched(
        va: &[(usize, Vec3<Q>)],
        vb: &[(usize, Vec3<Q>)],
        (core_a, pose_a): (&Core, &Pose<Q>),
        (core_b, pose_b): (&Core, &Pose<Q>),
    ) -> Self {
        let mut points = Vec::with_capacity(va.len() * vb.len());
        let mut origin = Vec::with_capacity(va.len() * vb.len());
        for (i, a) in va {
            for (j, b) in vb {
                points.push(b - a);
                origin.push((*i, *j));
            }
        }
        let twin = (0..points.len())
            .map(|k| (0..k).find(|&l| points[l] == points[k]).unwrap_or(k))
            .collect();
        let mut diff = Difference {
            points,
            origin,
            shape: Shape::Point(0),
            faces: Vec::new(),
            edges: Vec::new(),
            edge_points: Vec::new(),
            twin,
        };
        diff.shape = diff.dimension();
        match diff.shape {
            Shape::Solid => diff.solid_faces(core_a, pose_a, core_b, pose_b),
            Shape::Flat => diff.flat_face(),
            _ => {}
        }
        diff.collect_edges();
        diff.edge_points = diff
            .edges
            .iter()
            .map(|&(p, q)| diff.on_segment(p, q))
            .collect();
        diff
    }

    /// `M` for two segments that are not parallel, built without searching:
    /// the parallelogram `b_j - a_i` (`i`-major, as [`Difference::general`]
    /// orders its points) with the normal `e_a x e_b`, its four sides as
    /// edges, no point of `M` inside a side. `None` for any other pair.
    fn parallelogram(va: &[(usize, Vec3<Q>)], vb: &[(usize, Vec3<Q>)]) -> Option<Self> {
        let ([(ia0, a0), (ia1, a1)], [(ib0, b0), (ib1, b1)]) = (va, vb) else {
            return None;
        };
        let normal = (a1 - a0).cross(&(b1 - b0));
        if normal.is_zero() {
            return None;
        }
        let points = vec![b0 - a0, b1 - a0, b0 - a1, b1 - a1];
        let origin = vec![(*ia0, *ib0), (*ia0, *ib1), (*ia1, *ib0), (*ia1, *ib1)];
        let on = vec![0, 1, 2, 3];
        let face = Face {
            corners: face_corners(&points, &on, &normal),
            offset: normal.dot(&points[0]),
            normal,
            on,
        };
        // the sides join points differing in one segment's end
        let edges = vec![(0, 1), (0, 2), (1, 3), (2, 3)];
        Some(Difference {
            points,
            origin,
            shape: Shape::Flat,
            faces: vec![face],
            edge_points: edges.iter().map(|&(p, q)| vec![p, q]).collect(),
            edges,
            twin: (0..4).collect(),
        })
    }

    /// The affine dimension of the points, with the segment's or point's
    /// indices.
    fn dimension(&self) -> Shape {
        let p = &self.points;
        let Some(k1) = (1..p.len()).find(|&k| p[k] != p[0]) else {
            return Shape::Point(0);
        };
        let u = &p[k1] - &p[0];
        let Some(n) = p
            .iter()
            .map(|x| u.cross(&(x - &p[0])))
            .find(|n| !n.is_zero())
        else {
            // collinear: the extremes along `u`
            let along = |k: &usize| u.dot(&p[*k]);
            let ks = 0..p.len();
            let lo = ks.clone().min_by(|x, y| order(&along(x), &along(y)));
            let hi = ks.max_by(|x, y| order(&along(x), &along(y)));
            return Shape::Segment(lo.unwrap_or(0), hi.unwrap_or(0));
        };
        if p.iter().any(|x| !n.dot(&(x - &p[0])).is_zero()) {
            Shape::Solid
        } else {
            Shape::Flat
        }
    }

    /// The face of `M` supporting along `normal`, when the points extreme
    /// along it span a plane.
    fn face_along(&self, normal: &Vec3<Q>) -> Option<Face<Q>> {
        let dots: Vec<Q> = self.points.iter().map(|m| normal.dot(m)).collect();
        let offset = dots.iter().max_by(|x, y| order(x, y))?.clone();
        let on: Vec<usize> = (0..dots.len()).filter(|&k| dots[k] == offset).collect();
        let first = &self.points[on[0]];
        let second = on.iter().map(|&k| &self.points[k]).find(|p| *p != first)?;
        let along = second - first;
        let spans = on
            .iter()
            .any(|&k| !along.cross(&(&self.points[k] - first)).is_zero());
        spans.then(|| Face {
            corners: face_corners(&self.points, &on, normal),
            normal: normal.clone(),
            offset,
            on,
        })
    }

    /// The faces of a solid `M` from the three kinds of candidate normal
    /// (module docs), each face once.
    fn solid_faces(&mut self, core_a: &Core, pose_a: &Pose<Q>, core_b: &Core, pose_b: &Pose<Q>) {
        let (na, ea) = world_directions(core_a, pose_a);
        let (nb, eb) = world_directions(core_b, pose_b);
        let mut candidates: Vec<Vec3<Q>> = na.iter().map(|n| -n.clone()).collect();
        candidates.extend(nb);
        for x in &ea {
            for y in &eb {
                let n = x.cross(y);
                if !n.is_zero() {
                    candidates.push(-n.clone());
                    candidates.push(n);
                }
            }
        }
        // a triangle's one face stands for both of its sides
        if core_a.two_sided {
            candidates.extend(na);
        }
        if core_b.two_sided {
            candidates.extend(world_normals(core_b, pose_b).into_iter().map(|n| -n));
        }
        let mut seen: BTreeSet<Vec<usize>> = BTreeSet::new();
        for n in candidates {
            if let Some(face) = self.face_along(&n) {
                if seen.insert(face.on.clone()) {
                    self.faces.push(face);
                }
            }
        }
    }

    /// The one polygon of a flat `M`.
    fn flat_face(&mut self) {
        let p = &self.points;
        let Some(normal) = (0..p.len())
            .flat_map(|k| (0..p.len()).map(move |l| (k, l)))
            .map(|(k, l)| (&p[k] - &p[0]).cross(&(&p[l] - &p[0])))
            .find(|n| !n.is_zero())
        else {
            return;
        };
        let offset = normal.dot(&p[0]);
        let on: Vec<usize> = (0..p.len()).collect();
        self.faces.push(Face {
            corners: face_corners(p, &on, &normal),
            normal,
            offset,
            on,
        });
    }

    /// The points of `M` on the closed segment from point `p` to point `q`.
    fn on_segment(&self, p: usize, q: usize) -> Vec<usize> {
        let (a, b) = (&self.points[p], &self.points[q]);
        let e = b - a;
        let len2 = e.dot(&e);
        (0..self.points.len())
            .filter(|&k| {
                let x = &self.points[k] - a;
                let s = e.dot(&x);
                e.cross(&x).is_zero() && s.sign() != Sign::Negative && s <= len2
            })
            .collect()
    }
}

impl<S: Scalar> Difference<S> {
    fn collect_edges(&mut self) {
        let mut edges = BTreeSet::new();
        for f in &self.faces {
            let k = f.corners.len();
            for i in 0..k {
                let (c, d) = (f.corners[i], f.corners[(i + 1) % k]);
                edges.insert((c.min(d), c.max(d)));
            }
        }
        if let Shape::Segment(p, q) = self.shape {
            edges.insert((p.min(q), p.max(q)));
        }
        self.edges = edges.into_iter().collect();
    }

    /// The vertices of `M`: the corners of its faces, or the segment's ends,
    /// or its one point.
    pub(super) fn vertices(&self) -> Vec<usize> {
        let mut v: BTreeSet<usize> = self
            .faces
            .iter()
            .flat_map(|f| f.corners.iter().copied())
            .collect();
        match self.shape {
            Shape::Segment(p, q) => {
                v.insert(p);
                v.insert(q);
            }
            Shape::Point(p) => {
                v.insert(p);
            }
            _ => {}
        }
        v.into_iter().collect()
    }

    /// Euler's formula `V - E + F = 2` for a solid `M` (at least four
    /// faces); one polygon of at least three corners for a flat one.
    pub(super) fn is_consistent(&self) -> bool {
        match self.shape {
            Shape::Solid => {
                self.faces.len() >= 4
                    && self.vertices().len() + self.faces.len() == self.edges.len() + 2
            }
            Shape::Flat => self.faces.len() == 1 && self.faces[0].corners.len() >= 3,
            Shape::Segment(..) | Shape::Point(_) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{BoxShape, Capsule, Shape as GeomShape, Sphere};

    type R = BigRational;

    fn q(n: i64) -> R {
        R::from_i64(n)
    }

    fn v(x: i64, y: i64, z: i64) -> Vec3<R> {
        Vec3::new(q(x), q(y), q(z))
    }

    fn core(shape: GeomShape<R>) -> Core {
        Core::of(&shape, "a").expect("a core")
    }

    fn exact(v: &Vec3<Q>) -> Vec3<R> {
        v.to_rational().expect("finite")
    }

    fn difference(a: &Core, pa: &Pose<R>, b: &Core, pb: &Pose<R>) -> Difference<Q> {
        Difference::<Q>::new((a, b), (pa, pb), Q::clone)
    }

    fn check_supporting(d: &Difference<Q>) {
        for f in &d.faces {
            for m in &d.points {
                assert!(f.normal.dot(m) <= f.offset);
            }
            // corners counter-clockwise about the normal
            let [a, b, c] = [0, 1, 2].map(|k| &d.points[f.corners[k]]);
            assert!((b - a).cross(&(c - a)).dot(&f.normal).sign() == Sign::Positive);
        }
    }

    #[test]
    fn sphere_against_a_box_is_the_reflected_box() {
        let cube = core(GeomShape::Box(BoxShape {
            half_extents: [q(1), q(2), q(3)],
        }));
        let ball = core(GeomShape::Sphere(Sphere { radius: q(1) }));
        let at = Pose::from_translation(v(5, 0, 0));
        let d = difference(&cube, &Pose::identity(), &ball, &at);
        assert!(matches!(d.shape, Shape::Solid) && d.is_consistent());
        assert_eq!((d.points.len(), d.faces.len(), d.edges.len()), (8, 6, 12));
        // M = (5,0,0) - box: the face x = 5 + 1 = 6 with normal +x
        let plus_x = d
            .faces
            .iter()
            .find(|f| exact(&f.normal) == v(1, 0, 0))
            .expect("+x face");
        assert_eq!(plus_x.offset.to_rational(), Some(q(6)));
        check_supporting(&d);
        // the other way round: M = box - (5,0,0), the face x = 1 - 5
        let d = difference(&ball, &at, &cube, &Pose::identity());
        let minus_x = d
            .faces
            .iter()
            .find(|f| exact(&f.normal) == v(-1, 0, 0))
            .expect("-x face");
        assert_eq!(minus_x.offset.to_rational(), Some(q(6)));
        check_supporting(&d);
    }

    #[test]
    fn capsules_give_a_parallelogram_or_a_segment() {
        let seg = |a: Vec3<R>, b: Vec3<R>| core(GeomShape::Capsule(Capsule { a, b, radius: q(1) }));
        let x = seg(v(0, 0, 0), v(2, 0, 0));
        let y = seg(v(0, 0, 0), v(0, 3, 0));
        let d = difference(&x, &Pose::identity(), &y, &Pose::identity());
        assert!(matches!(d.shape, Shape::Flat) && d.is_consistent());
        assert_eq!((d.faces[0].corners.len(), d.edges.len()), (4, 4));
        let d = difference(
            &x,
            &Pose::identity(),
            &x,
            &Pose::from_translation(v(0, 0, 7)),
        );
        match d.shape {
            Shape::Segment(p, q) => {
                let mut ends = [exact(&d.points[p]), exact(&d.points[q])];
                ends.sort_by(|a, b| a[0].cmp(&b[0]));
                assert_eq!(ends, [v(-2, 0, 7), v(2, 0, 7)]);
                // the middle points (0,0,7) twice, on the segment
                assert_eq!(d.edge_points[0].len(), 4);
            }
            ref other => panic!("a segment, got {other:?}"),
        }
    }

    proptest::proptest! {
        /// Two segments not parallel: the parallelogram built directly is
        /// the difference the search finds.
        #[test]
        fn the_parallelogram_is_what_the_search_finds(
            c in proptest::collection::vec(-6i64..6, 12),
        ) {
            let at = |k: usize| Vec3::new(Q::from_i64(c[k]), Q::from_i64(c[k + 1]), Q::from_i64(c[k + 2]));
            let seg = |k: usize| core(GeomShape::Capsule(Capsule {
                a: exact(&at(k)),
                b: exact(&at(k + 3)),
                radius: q(1),
            }));
            let (sa, sb) = (seg(0), seg(6));
            let pose = Pose::<Q>::identity();
            let (va, vb) = (world_vertices(&sa, &pose), world_vertices(&sb, &pose));
            let direct = Difference::parallelogram(&va, &vb);
            proptest::prop_assume!(direct.is_some());
            let searched = Difference::searched(&va, &vb, (&sa, &pose), (&sb, &pose));
            proptest::prop_assert_eq!(format!("{direct:?}"), format!("{:?}", Some(searched)));
        }
    }

    #[test]
    fn capsule_against_a_box_is_a_box_swept_along_the_segment() {
        let cube = core(GeomShape::Box(BoxShape {
            half_extents: [q(1), q(1), q(1)],
        }));
        let cap = core(GeomShape::Capsule(Capsule {
            a: v(0, 0, 0),
            b: v(1, 1, 0),
            radius: q(1),
        }));
        let d = difference(&cube, &Pose::identity(), &cap, &Pose::identity());
        assert!(matches!(d.shape, Shape::Solid));
        // the box's 6 faces and 2 faces from each of the 2 z-edges' and the
        // segment's cross products: an 8-sided prism; Euler holds
        assert_eq!(d.faces.len(), 8);
        assert!(d.is_consistent());
        check_supporting(&d);
    }
}
