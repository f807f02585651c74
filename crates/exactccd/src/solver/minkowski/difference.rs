//! The Minkowski difference `M = B - A = {b - a}` of two cores at `t = 0`
//! in world coordinates, exact: its points `b_j - a_i`, its dimension
//! (solid, flat, a segment or a point), and for a solid its faces and
//! edges, each with the core points it comes from.
//!
//! The faces of a Minkowski sum of two polytopes have as normals the face
//! normals of either polytope and the cross products of an edge of one
//! with an edge of the other (the facets of the Gauss-map overlay: the SGM
//! paper, "Collision prediction of two oriented bounding boxes under
//! univariate (piecewise) rational motion", section 3, writes the same
//! three kinds as its FV, VF and EE pairs). Each candidate normal is kept
//! when the points of `M` extreme along it span a plane; the face's corners
//! are then ordered as for a convex hull's face. Small inputs only: the
//! method takes a point or a segment against a polytope of at most a few
//! dozen points.
#![deny(clippy::float_arithmetic)]

use crate::geom::core::Core;
use crate::geom::{face_corners, Pose, Vec3};
use crate::scalar::{BigRational, Ring, Sign};
use std::collections::BTreeSet;

type Q = BigRational;

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
pub(super) struct Face {
    /// Indices into [`Difference::points`], counter-clockwise seen from the
    /// side `normal` points to.
    pub(super) corners: Vec<usize>,
    /// Outward normal (not unit); for a flat `M`, either of the two.
    pub(super) normal: Vec3<Q>,
    /// `normal . m` on the plane.
    pub(super) offset: Q,
    /// Every point of `M` on the plane (corners and the rest).
    pub(super) on: Vec<usize>,
}

/// The Minkowski difference of two cores (module docs).
#[derive(Clone, Debug)]
pub(super) struct Difference {
    /// `b_j - a_i` for every vertex pair, at `t = 0`, world coordinates.
    pub(super) points: Vec<Vec3<Q>>,
    /// For each point, `(i, j)`: indices into the cores' points.
    pub(super) origin: Vec<(usize, usize)>,
    /// The dimension.
    pub(super) shape: Shape,
    /// The faces of a solid `M`, or the one polygon of a flat one.
    pub(super) faces: Vec<Face>,
    /// The edges `(p, q)`, `p < q`, of a solid or flat `M`.
    pub(super) edges: Vec<(usize, usize)>,
}

/// The world positions at `t = 0` of a core's vertices under a pose
/// `c + R y`, with their indices into the core's points.
fn world_vertices(core: &Core, pose: &Pose<Q>) -> Vec<(usize, Vec3<Q>)> {
    core.vertices
        .iter()
        .map(|&(i, _)| (i, pose.apply_point(&core.points[i])))
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
        .map(|f| cofactor.mul_vec(&f.normal))
        .collect()
}

/// The world directions of a core's face normals and edges.
fn world_directions(core: &Core, pose: &Pose<Q>) -> (Vec<Vec3<Q>>, Vec<Vec3<Q>>) {
    let normals = world_normals(core, pose);
    let edges = core
        .edges
        .iter()
        .map(|&(i, j, _)| pose.apply_direction(&(&core.points[j] - &core.points[i])))
        .collect();
    (normals, edges)
}

impl Difference {
    /// `M = B - A` for the cores of `a` and `b` placed by their poses.
    pub(super) fn new(core_a: &Core, pose_a: &Pose<Q>, core_b: &Core, pose_b: &Pose<Q>) -> Self {
        let (va, vb) = (
            world_vertices(core_a, pose_a),
            world_vertices(core_b, pose_b),
        );
        let mut points = Vec::with_capacity(va.len() * vb.len());
        let mut origin = Vec::with_capacity(va.len() * vb.len());
        for (i, a) in &va {
            for (j, b) in &vb {
                points.push(b - a);
                origin.push((*i, *j));
            }
        }
        let mut diff = Difference {
            points,
            origin,
            shape: Shape::Point(0),
            faces: Vec::new(),
            edges: Vec::new(),
        };
        diff.shape = diff.dimension();
        match diff.shape {
            Shape::Solid => diff.solid_faces(core_a, pose_a, core_b, pose_b),
            Shape::Flat => diff.flat_face(),
            _ => {}
        }
        diff.collect_edges();
        diff
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
            let lo = ks.clone().min_by(|x, y| along(x).cmp(&along(y)));
            let hi = ks.max_by(|x, y| along(x).cmp(&along(y)));
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
    fn face_along(&self, normal: &Vec3<Q>) -> Option<Face> {
        let dots: Vec<Q> = self.points.iter().map(|m| normal.dot(m)).collect();
        let offset = dots.iter().max()?.clone();
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

    /// The points of `M` on the closed segment from point `p` to point `q`.
    pub(super) fn on_segment(&self, p: usize, q: usize) -> Vec<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{BoxShape, Capsule, Shape as GeomShape, Sphere};

    fn q(n: i64) -> Q {
        Q::from_i64(n)
    }

    fn v(x: i64, y: i64, z: i64) -> Vec3<Q> {
        Vec3::new(q(x), q(y), q(z))
    }

    fn core(shape: GeomShape<Q>) -> Core {
        Core::of(&shape, "a").expect("a core")
    }

    #[test]
    fn sphere_against_a_box_is_the_reflected_box() {
        let cube = core(GeomShape::Box(BoxShape {
            half_extents: [q(1), q(2), q(3)],
        }));
        let ball = core(GeomShape::Sphere(Sphere { radius: q(1) }));
        let d = Difference::new(
            &cube,
            &Pose::identity(),
            &ball,
            &Pose::from_translation(v(5, 0, 0)),
        );
        assert!(matches!(d.shape, Shape::Solid));
        assert_eq!((d.points.len(), d.faces.len(), d.edges.len()), (8, 6, 12));
        // M = (5,0,0) - box: the face x = 5 + 1 = 6 with normal +x
        let plus_x = d
            .faces
            .iter()
            .find(|f| f.normal == v(1, 0, 0))
            .expect("+x face");
        assert_eq!(plus_x.offset, q(6));
        for f in &d.faces {
            assert_eq!(f.corners.len(), 4);
            for m in &d.points {
                assert!(f.normal.dot(m) <= f.offset);
            }
        }
    }

    #[test]
    fn capsules_give_a_parallelogram_or_a_segment() {
        let seg = |a: Vec3<Q>, b: Vec3<Q>| core(GeomShape::Capsule(Capsule { a, b, radius: q(1) }));
        let x = seg(v(0, 0, 0), v(2, 0, 0));
        let y = seg(v(0, 0, 0), v(0, 3, 0));
        let d = Difference::new(&x, &Pose::identity(), &y, &Pose::identity());
        assert!(matches!(d.shape, Shape::Flat));
        assert_eq!((d.faces[0].corners.len(), d.edges.len()), (4, 4));
        let d = Difference::new(
            &x,
            &Pose::identity(),
            &x,
            &Pose::from_translation(v(0, 0, 7)),
        );
        match d.shape {
            Shape::Segment(p, q) => {
                let mut ends = [d.points[p].clone(), d.points[q].clone()];
                ends.sort_by(|a, b| a[0].cmp(&b[0]));
                assert_eq!(ends, [v(-2, 0, 7), v(2, 0, 7)]);
            }
            ref other => panic!("a segment, got {other:?}"),
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
        let d = Difference::new(&cube, &Pose::identity(), &cap, &Pose::identity());
        assert!(matches!(d.shape, Shape::Solid));
        // the box's 6 faces and 2 faces from each of the 2 z-edges' and the
        // segment's cross products: an 8-sided prism
        assert_eq!(d.faces.len(), 8);
        for f in &d.faces {
            for m in &d.points {
                assert!(f.normal.dot(m) <= f.offset);
            }
        }
        // Euler: V - E + F = 2
        assert_eq!(d.vertices().len() + d.faces.len(), d.edges.len() + 2);
    }
}
