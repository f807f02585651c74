//! Boxes, oriented boxes in world coordinates, triangles, and the shape enum
//! (docs/FORMAT.md 2.2), with the names of their features.
//!
//! Box features are named by the signs of their local coordinates (the
//! names appear in results, docs/FORMAT.md 3):
//!
//! * [`BoxVertex`] `(-,+,-)`: the corner `(-a0, +a1, -a2)`. Index
//!   `i = b0 + 2 b1 + 4 b2` with `bk = 1` for `+`, so the order is
//!   `(-,-,-), (+,-,-), (-,+,-), (+,+,-), (-,-,+), (+,-,+), (-,+,+), (+,+,+)`.
//! * [`BoxFace`] `+x`: the face `y0 = +a0`, outward normal `+e_x`. Order
//!   `+x, -x, +y, -y, +z, -z` (index `2 axis + (1 if negative)`).
//! * [`BoxEdge`] `(*,+,-)`: the edge parallel to the axis marked `*`, at the
//!   signs given for the two other axes; it joins `(-,+,-)` and `(+,+,-)`.
//!   Index `4 axis + b_lo + 2 b_hi` over the two other axes in increasing
//!   order, so the order is the four x-edges, the four y-edges, the four
//!   z-edges.
//!
//! Triangle features: `vertex 0..2`, `edge i` from vertex `i` to vertex
//! `i+1 mod 3`, and the face, whose front side `face +` is the one its normal
//! `(v1 - v0) x (v2 - v0)` points to (`face -` the back side).
#![deny(clippy::float_arithmetic)]

use super::{Mat3, MatrixEntry, Mesh, Pose, Vec3};
use crate::scalar::{BigRational, Scalar, Sign};
use std::fmt;

/// A solid box centred at the local origin: `|y_i| <= half_extents[i]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoxShape<S> {
    /// The half extents `a_0, a_1, a_2`, each positive.
    pub half_extents: [S; 3],
}

/// An oriented bounding box in world coordinates at one instant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Obb<S> {
    /// The centre.
    pub center: Vec3<S>,
    /// The three axes, orthonormal and right-handed.
    pub axes: [Vec3<S>; 3],
    /// The half extents along the axes.
    pub half_extents: [S; 3],
}

/// A solid (closed) triangle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Triangle<S> {
    /// The three vertices, counter-clockwise seen from the side the normal
    /// `(v1 - v0) x (v2 - v0)` points to.
    pub vertices: [Vec3<S>; 3],
}

/// A shape of the contract (docs/FORMAT.md 2.2), in local coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape<S> {
    /// A solid box.
    Box(BoxShape<S>),
    /// A solid triangle.
    Triangle(Triangle<S>),
    /// A closed polyhedral solid.
    Mesh(Mesh<S>),
    /// A solid ball about the local origin.
    Sphere(Sphere<S>),
    /// All points within a radius of a segment.
    Capsule(Capsule<S>),
    /// The convex hull of points.
    Convex(ConvexPoints<S>),
}

/// A solid ball `|y| <= radius` about the local origin.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sphere<S> {
    /// The radius, positive.
    pub radius: S,
}

/// All points within `radius` of the segment from `a` to `b` (local
/// coordinates; `a = b` is a ball).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Capsule<S> {
    /// One end of the axis segment.
    pub a: Vec3<S>,
    /// The other end of the axis segment.
    pub b: Vec3<S>,
    /// The radius, positive.
    pub radius: S,
}

/// The convex hull of at least four points that are not coplanar
/// (duplicates and interior points allowed); the hull's faces, edges and
/// vertices are computed exactly from the rational points
/// ([`ConvexHull`](super::ConvexHull)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConvexPoints<S> {
    /// The points, in the order of the file (features name them by index).
    pub points: Vec<Vec3<S>>,
}

impl<S: Scalar> Shape<S> {
    /// The contract's name of the shape kind: `box`, `triangle`, `mesh`,
    /// `sphere`, `capsule`, `convex`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Shape::Box(_) => "box",
            Shape::Triangle(_) => "triangle",
            Shape::Mesh(_) => "mesh",
            Shape::Sphere(_) => "sphere",
            Shape::Capsule(_) => "capsule",
            Shape::Convex(_) => "convex",
        }
    }

    /// Points of the solid in local coordinates, one at least in each of
    /// its connected parts: every vertex of a mesh (each component has
    /// some), a triangle's first vertex, a capsule's first end, a hull's
    /// first point, a box's or a sphere's centre. While two solids'
    /// surfaces stay apart, one lies inside the other exactly when one of
    /// these points does (a connected part that does not meet a surface
    /// lies wholly inside or wholly outside it).
    pub fn part_points(&self) -> Vec<Vec3<S>> {
        match self {
            Shape::Mesh(m) => m.vertices.clone(),
            Shape::Triangle(t) => vec![t.vertices[0].clone()],
            Shape::Capsule(c) => vec![c.a.clone()],
            Shape::Convex(h) => h.points.iter().take(1).cloned().collect(),
            Shape::Box(_) | Shape::Sphere(_) => vec![Vec3::zero()],
        }
    }

    /// True for the rounded and hull shapes (`sphere`, `capsule`,
    /// `convex`), which only the feature-pair distance method takes.
    pub fn is_rounded_or_hull(&self) -> bool {
        matches!(
            self,
            Shape::Sphere(_) | Shape::Capsule(_) | Shape::Convex(_)
        )
    }
}

const AXIS_NAMES: [char; 3] = ['x', 'y', 'z'];

fn sign_char(positive: bool) -> char {
    if positive {
        '+'
    } else {
        '-'
    }
}

/// A corner of a box, named by the signs of its local coordinates:
/// `(-,+,-)` is `(-a0, +a1, -a2)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoxVertex {
    /// `positive[k]`: the corner is on the `+` side of axis `k`.
    pub positive: [bool; 3],
}

impl BoxVertex {
    /// The eight corners in index order (module docs).
    pub const ALL: [BoxVertex; 8] = {
        let mut all = [BoxVertex {
            positive: [false; 3],
        }; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = BoxVertex {
                positive: [i & 1 != 0, i & 2 != 0, i & 4 != 0],
            };
            i += 1;
        }
        all
    };

    /// The corner of index `i < 8`: `i = b0 + 2 b1 + 4 b2`.
    ///
    /// # Panics
    /// If `i >= 8`.
    pub fn from_index(i: usize) -> Self {
        Self::ALL[i]
    }

    /// The index `b0 + 2 b1 + 4 b2` (`bk = 1` for `+`).
    pub fn index(self) -> usize {
        (0..3).map(|k| usize::from(self.positive[k]) << k).sum()
    }

    /// `+1` or `-1`: the sign of the corner's coordinate along axis `k`.
    pub fn sign(self, k: usize) -> i64 {
        if self.positive[k] {
            1
        } else {
            -1
        }
    }

    /// The sign triple, e.g. `(-,+,-)`.
    pub fn name(self) -> String {
        let [a, b, c] = self.positive.map(sign_char);
        format!("({a},{b},{c})")
    }
}

impl fmt::Display for BoxVertex {
    /// `vertex (-,+,-)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "vertex {}", self.name())
    }
}

/// A face of a box: the side `positive` of axis `axis`; `+x` is
/// `y0 = +a0` with outward normal `+e_x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoxFace {
    /// The axis the face is normal to (`0` is x).
    pub axis: usize,
    /// True for the face on the `+` side.
    pub positive: bool,
}

impl BoxFace {
    /// The six faces in index order `+x, -x, +y, -y, +z, -z`.
    pub const ALL: [BoxFace; 6] = [
        BoxFace {
            axis: 0,
            positive: true,
        },
        BoxFace {
            axis: 0,
            positive: false,
        },
        BoxFace {
            axis: 1,
            positive: true,
        },
        BoxFace {
            axis: 1,
            positive: false,
        },
        BoxFace {
            axis: 2,
            positive: true,
        },
        BoxFace {
            axis: 2,
            positive: false,
        },
    ];

    /// The face of index `i < 6`.
    ///
    /// # Panics
    /// If `i >= 6`.
    pub fn from_index(i: usize) -> Self {
        Self::ALL[i]
    }

    /// The index `2 axis + (1 if negative)`.
    pub fn index(self) -> usize {
        2 * self.axis + usize::from(!self.positive)
    }

    /// `+1` or `-1`: the sign of the outward normal along the axis.
    pub fn sign(self) -> i64 {
        if self.positive {
            1
        } else {
            -1
        }
    }

    /// The four corners of the face, counter-clockwise seen from outside.
    ///
    /// With `(u, v, axis)` the right-handed cyclic order of axes, the `+`
    /// face runs `(u-,v-), (u+,v-), (u+,v+), (u-,v+)`; the `-` face runs the
    /// other way.
    pub fn vertices(self) -> [BoxVertex; 4] {
        let (u, v) = ((self.axis + 1) % 3, (self.axis + 2) % 3);
        let corner = |su: bool, sv: bool| {
            let mut positive = [false; 3];
            positive[self.axis] = self.positive;
            positive[u] = su;
            positive[v] = sv;
            BoxVertex { positive }
        };
        let ring = [
            corner(false, false),
            corner(true, false),
            corner(true, true),
            corner(false, true),
        ];
        if self.positive {
            ring
        } else {
            [ring[0], ring[3], ring[2], ring[1]]
        }
    }

    /// The four edges of the face, in the order of [`BoxFace::vertices`]:
    /// edge `i` joins corner `i` and corner `i + 1 mod 4`.
    pub fn edges(self) -> [BoxEdge; 4] {
        let vs = self.vertices();
        std::array::from_fn(|i| {
            BoxEdge::joining(vs[i], vs[(i + 1) % 4]).expect("adjacent corners of a face")
        })
    }

    /// `+x`, `-y`, ...
    pub fn name(self) -> String {
        format!("{}{}", sign_char(self.positive), AXIS_NAMES[self.axis])
    }
}

impl fmt::Display for BoxFace {
    /// `face +x`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "face {}", self.name())
    }
}

/// An edge of a box: parallel to `axis`, at the signs `positive[k]` of the
/// two other axes (the entry at `axis` is ignored and kept `false`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoxEdge {
    /// The axis the edge is parallel to.
    pub axis: usize,
    /// The signs of the two other axes; `positive[axis]` is `false`.
    pub positive: [bool; 3],
}

impl BoxEdge {
    /// The twelve edges in index order (module docs).
    pub const ALL: [BoxEdge; 12] = {
        let mut all = [BoxEdge {
            axis: 0,
            positive: [false; 3],
        }; 12];
        let mut i = 0;
        while i < 12 {
            let axis = i / 4;
            let (lo, hi) = match axis {
                0 => (1, 2),
                1 => (0, 2),
                _ => (0, 1),
            };
            let mut positive = [false; 3];
            positive[lo] = i & 1 != 0;
            positive[hi] = i & 2 != 0;
            all[i] = BoxEdge { axis, positive };
            i += 1;
        }
        all
    };

    /// The edge of index `i < 12`.
    ///
    /// # Panics
    /// If `i >= 12`.
    pub fn from_index(i: usize) -> Self {
        Self::ALL[i]
    }

    fn other_axes(self) -> (usize, usize) {
        match self.axis {
            0 => (1, 2),
            1 => (0, 2),
            _ => (0, 1),
        }
    }

    /// The index `4 axis + b_lo + 2 b_hi`.
    pub fn index(self) -> usize {
        let (lo, hi) = self.other_axes();
        4 * self.axis + usize::from(self.positive[lo]) + 2 * usize::from(self.positive[hi])
    }

    /// The edge between two corners that differ in exactly one sign.
    pub(crate) fn joining(a: BoxVertex, b: BoxVertex) -> Option<Self> {
        let differing: Vec<usize> = (0..3).filter(|&k| a.positive[k] != b.positive[k]).collect();
        match differing[..] {
            [axis] => {
                let mut positive = a.positive;
                positive[axis] = false;
                Some(BoxEdge { axis, positive })
            }
            _ => None,
        }
    }

    /// The two end corners: the `-` end along the axis first.
    pub fn vertices(self) -> [BoxVertex; 2] {
        let mut hi = self.positive;
        hi[self.axis] = true;
        [
            BoxVertex {
                positive: self.positive,
            },
            BoxVertex { positive: hi },
        ]
    }

    /// The two faces that meet at the edge: the one normal to the lower of
    /// the other axes first.
    pub fn faces(self) -> [BoxFace; 2] {
        let (lo, hi) = self.other_axes();
        [
            BoxFace {
                axis: lo,
                positive: self.positive[lo],
            },
            BoxFace {
                axis: hi,
                positive: self.positive[hi],
            },
        ]
    }

    /// The sign triple with `*` on the edge's axis, e.g. `(*,+,-)`.
    pub fn name(self) -> String {
        let c: [char; 3] = std::array::from_fn(|k| {
            if k == self.axis {
                '*'
            } else {
                sign_char(self.positive[k])
            }
        });
        format!("({},{},{})", c[0], c[1], c[2])
    }
}

impl fmt::Display for BoxEdge {
    /// `edge (*,+,-)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "edge {}", self.name())
    }
}

impl<S: MatrixEntry> BoxShape<S> {
    /// The box with these half extents (the caller checks they are positive;
    /// see [`BoxShape::is_valid`]).
    pub fn new(half_extents: [S; 3]) -> Self {
        BoxShape { half_extents }
    }

    /// The corner `v` in local coordinates: `(±a0, ±a1, ±a2)`.
    pub fn vertex(&self, v: BoxVertex) -> Vec3<S> {
        Vec3::from_array(std::array::from_fn(|k| {
            if v.positive[k] {
                self.half_extents[k].clone()
            } else {
                -self.half_extents[k].clone()
            }
        }))
    }

    /// The eight corners in local coordinates, in [`BoxVertex`] index order.
    pub fn vertices(&self) -> [Vec3<S>; 8] {
        BoxVertex::ALL.map(|v| self.vertex(v))
    }

    /// The twelve triangles of the box surface in local coordinates, two per
    /// face in [`BoxFace`] order, each counter-clockwise seen from outside:
    /// face corners `c0 c1 c2 c3` give `(c0, c1, c2)` and `(c0, c2, c3)`.
    pub fn triangles(&self) -> Vec<Triangle<S>> {
        box_triangles(&self.vertices())
    }

    /// The box as a closed [`Mesh`]: vertices in [`BoxVertex`] order, the six
    /// quadrilateral faces in [`BoxFace`] order.
    pub fn to_mesh(&self) -> Mesh<S>
    where
        S: Scalar,
    {
        Mesh::new(self.vertices().to_vec(), box_face_loops())
            .expect("a box with positive half extents is a valid mesh")
    }
}

impl<S: Scalar> BoxShape<S> {
    /// True when every half extent is positive.
    pub fn is_valid(&self) -> bool {
        self.half_extents.iter().all(|a| a.sign() == Sign::Positive)
    }

    /// The exact value of a rational box (rounded once for `f64`).
    pub fn from_rational(b: &BoxShape<BigRational>) -> Self {
        BoxShape::new(b.half_extents.each_ref().map(S::from_rational))
    }
}

/// The six face loops of a box over the [`BoxVertex`] indices, in
/// [`BoxFace`] order, each counter-clockwise seen from outside.
pub fn box_face_loops() -> Vec<Vec<usize>> {
    BoxFace::ALL
        .iter()
        .map(|f| f.vertices().iter().map(|v| v.index()).collect())
        .collect()
}

fn box_triangles<S: MatrixEntry>(corners: &[Vec3<S>; 8]) -> Vec<Triangle<S>> {
    BoxFace::ALL
        .iter()
        .flat_map(|f| {
            let [c0, c1, c2, c3] = f.vertices().map(|v| corners[v.index()].clone());
            [
                Triangle::new(c0.clone(), c1, c2.clone()),
                Triangle::new(c0, c2, c3),
            ]
        })
        .collect()
}

impl<S: MatrixEntry> Obb<S> {
    /// The box `shape` placed by `pose`: centre `c`, axes the columns of `R`.
    pub fn from_box(shape: &BoxShape<S>, pose: &Pose<S>) -> Self {
        Obb {
            center: pose.translation.clone(),
            axes: [
                pose.rotation.col(0),
                pose.rotation.col(1),
                pose.rotation.col(2),
            ],
            half_extents: shape.half_extents.clone(),
        }
    }

    /// The pose that places the box: rotation with the axes as columns,
    /// translation the centre.
    pub fn pose(&self) -> Pose<S> {
        Pose::new(Mat3::from_cols(self.axes.clone()), self.center.clone())
    }

    /// The corner `v` in world coordinates: `c + sum_k ±a_k axis_k`.
    pub fn vertex(&self, v: BoxVertex) -> Vec3<S> {
        (0..3).fold(self.center.clone(), |acc, k| {
            let s = self.axes[k].scale(&self.half_extents[k]);
            if v.positive[k] {
                acc + s
            } else {
                acc - s
            }
        })
    }

    /// The eight corners in world coordinates, in [`BoxVertex`] index order.
    pub fn vertices(&self) -> [Vec3<S>; 8] {
        BoxVertex::ALL.map(|v| self.vertex(v))
    }

    /// The outward unit normal of face `f` in world coordinates: `±axis`.
    pub fn face_normal(&self, f: BoxFace) -> Vec3<S> {
        if f.positive {
            self.axes[f.axis].clone()
        } else {
            -self.axes[f.axis].clone()
        }
    }

    /// The end points of edge `e` in world coordinates (`-` end first).
    pub fn edge_endpoints(&self, e: BoxEdge) -> [Vec3<S>; 2] {
        e.vertices().map(|v| self.vertex(v))
    }

    /// The twelve surface triangles in world coordinates (same order as
    /// [`BoxShape::triangles`]).
    pub fn triangles(&self) -> Vec<Triangle<S>> {
        box_triangles(&self.vertices())
    }
}

impl<S: MatrixEntry> Triangle<S> {
    /// The triangle `(v0, v1, v2)`.
    pub fn new(v0: Vec3<S>, v1: Vec3<S>, v2: Vec3<S>) -> Self {
        Triangle {
            vertices: [v0, v1, v2],
        }
    }

    /// The edge vectors `e_i = v_{i+1} - v_i` (indices mod 3).
    pub fn edges(&self) -> [Vec3<S>; 3] {
        std::array::from_fn(|i| &self.vertices[(i + 1) % 3] - &self.vertices[i])
    }

    /// The (unnormalised) normal `(v1 - v0) x (v2 - v0)`: twice the area
    /// vector, pointing to the side the vertices are counter-clockwise from.
    pub fn normal(&self) -> Vec3<S> {
        let [v0, v1, v2] = &self.vertices;
        (v1 - v0).cross(&(v2 - v0))
    }

    /// True when the vertices are collinear (the normal is zero); exact for
    /// exact scalars, an exact zero test for `f64`.
    pub fn is_degenerate(&self) -> bool {
        self.normal().is_zero()
    }

    /// The triangle placed by a pose.
    pub fn transformed(&self, pose: &Pose<S>) -> Self {
        Triangle {
            vertices: self.vertices.each_ref().map(|v| pose.apply_point(v)),
        }
    }
}

impl<S: Scalar> Triangle<S> {
    /// The exact value of a rational triangle (rounded once for `f64`).
    pub fn from_rational(t: &Triangle<BigRational>) -> Self {
        Triangle {
            vertices: t.vertices.each_ref().map(Vec3::from_rational),
        }
    }
}

impl<S: Scalar> Shape<S> {
    /// The exact value of a rational shape (rounded once for `f64`). A mesh
    /// keeps its topology and adjacency, which do not depend on the scalar.
    pub fn from_rational(s: &Shape<BigRational>) -> Self {
        match s {
            Shape::Box(b) => Shape::Box(BoxShape::from_rational(b)),
            Shape::Triangle(t) => Shape::Triangle(Triangle::from_rational(t)),
            Shape::Mesh(m) => Shape::Mesh(m.map_scalar(S::from_rational)),
            Shape::Sphere(b) => Shape::Sphere(Sphere {
                radius: S::from_rational(&b.radius),
            }),
            Shape::Capsule(c) => Shape::Capsule(Capsule {
                a: Vec3::from_rational(&c.a),
                b: Vec3::from_rational(&c.b),
                radius: S::from_rational(&c.radius),
            }),
            Shape::Convex(c) => Shape::Convex(ConvexPoints {
                points: c.points.iter().map(Vec3::from_rational).collect(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::quaternion_rotation;
    use crate::scalar::{parse_number, BigRational, Ring};

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    #[test]
    fn vertex_face_edge_names_and_indices() {
        let names: Vec<String> = BoxVertex::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(
            names,
            [
                "(-,-,-)", "(+,-,-)", "(-,+,-)", "(+,+,-)", "(-,-,+)", "(+,-,+)", "(-,+,+)",
                "(+,+,+)"
            ]
        );
        for (i, v) in BoxVertex::ALL.iter().enumerate() {
            assert_eq!(v.index(), i);
        }
        assert_eq!(BoxVertex::from_index(2).to_string(), "vertex (-,+,-)");
        let faces: Vec<String> = BoxFace::ALL.iter().map(|f| f.to_string()).collect();
        assert_eq!(
            faces,
            ["face +x", "face -x", "face +y", "face -y", "face +z", "face -z"]
        );
        for (i, f) in BoxFace::ALL.iter().enumerate() {
            assert_eq!(f.index(), i);
        }
        for (i, e) in BoxEdge::ALL.iter().enumerate() {
            assert_eq!(e.index(), i);
            let [a, b] = e.vertices();
            assert_eq!(BoxEdge::joining(a, b), Some(*e));
            for f in e.faces() {
                assert!(f.edges().contains(e), "{e} not on {f}");
            }
        }
        let e = BoxEdge::from_index(2);
        assert_eq!(e.to_string(), "edge (*,-,+)");
        assert_eq!(e.vertices().map(|v| v.name()), ["(-,-,+)", "(+,-,+)"]);
        assert_eq!(BoxEdge::from_index(9).name(), "(+,-,*)");
        assert_eq!(
            BoxFace::from_index(0).vertices().map(|v| v.name()),
            ["(+,-,-)", "(+,+,-)", "(+,+,+)", "(+,-,+)"]
        );
    }

    #[test]
    fn face_loops_are_outward() {
        let b = BoxShape::new(["1", "2", "3"].map(q));
        for f in BoxFace::ALL {
            let [c0, c1, c2, _] = f.vertices().map(|v| b.vertex(v));
            let n = (&c1 - &c0).cross(&(&c2 - &c0));
            let outward = Vec3::<BigRational>::unit(f.axis).scale(&BigRational::from_i64(f.sign()));
            assert!(n.dot(&outward) > q("0"), "{f}");
            assert!(n.cross(&outward).is_zero(), "{f}");
        }
        let tris = b.triangles();
        assert_eq!(tris.len(), 12);
        assert!(tris.iter().all(|t| !t.is_degenerate()));
        // The triangles' normals point outward: n . centroid > 0.
        for t in &tris {
            let centroid = &(&t.vertices[0] + &t.vertices[1]) + &t.vertices[2];
            assert!(t.normal().dot(&centroid) > q("0"));
        }
    }

    #[test]
    fn obb_vertices_in_world() {
        let rot = quaternion_rotation(&["1", "0", "0", "1"].map(q)).unwrap(); // 90 deg about z
        let pose = Pose::new(rot, Vec3::new(q("10"), q("0"), q("0")));
        let obb = Obb::from_box(&BoxShape::new(["1/2", "2", "1"].map(q)), &pose);
        assert_eq!(obb.axes[0], Vec3::new(q("0"), q("1"), q("0")));
        // (+,+,+) = c + 1/2 e_y - 2 e_x + e_z... local (1/2, 2, 1) -> world (-2, 1/2, 1) + c.
        assert_eq!(
            obb.vertex(BoxVertex::from_index(7)),
            Vec3::new(q("8"), q("1/2"), q("1"))
        );
        assert_eq!(obb.pose(), pose);
        let local = BoxShape::new(["1/2", "2", "1"].map(q));
        for (w, l) in obb.vertices().iter().zip(local.vertices().iter()) {
            assert_eq!(w, &pose.apply_point(l));
        }
        assert_eq!(
            obb.face_normal(BoxFace::from_index(3)),
            Vec3::new(q("1"), q("0"), q("0"))
        );
        let [lo, hi] = obb.edge_endpoints(BoxEdge::from_index(0));
        assert_eq!(&hi - &lo, Vec3::new(q("0"), q("1"), q("0")));
    }

    #[test]
    fn triangle_edges_and_normal() {
        let t = Triangle::new(
            Vec3::new(q("0"), q("0"), q("0")),
            Vec3::new(q("2"), q("0"), q("0")),
            Vec3::new(q("0"), q("3"), q("0")),
        );
        assert_eq!(t.normal(), Vec3::new(q("0"), q("0"), q("6")));
        let [e0, e1, e2] = t.edges();
        assert_eq!(e0, Vec3::new(q("2"), q("0"), q("0")));
        assert_eq!(&(&e0 + &e1) + &e2, Vec3::zero());
        assert!(!t.is_degenerate());
        let flat = Triangle::new(
            Vec3::new(q("0"), q("0"), q("0")),
            Vec3::new(q("1"), q("1"), q("1")),
            Vec3::new(q("1/3"), q("1/3"), q("1/3")),
        );
        assert!(flat.is_degenerate());
    }
}
