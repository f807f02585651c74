//! The signed separation of a scenario's two bodies at one time: the
//! separating-axis gap, the quantity `exactccd plot` draws over the
//! interval.
//!
//! # What is computed
//!
//! For convex solids `A`, `B` and a non-zero direction `n`, the gap along
//! `n` is `max(min_B - max_A, min_A - max_B) / |n|`, where `min`, `max`
//! bound the projections `x . n` of each solid. The *signed separation* is
//! the largest gap over the candidate axes of the separating axis theorem:
//! the face normals of each solid and the cross products of an edge
//! direction of each (Eberly, "Dynamic Collision Detection using Oriented
//! Bounding Boxes", section 1: 15 axes for two boxes, 13 for a triangle
//! and a box, 11 for two triangles; a triangle adds its in-plane edge
//! normals, the 6 more axes of two coplanar triangles).
//!
//! * It is `> 0` exactly when the solids are apart, `0` exactly when they
//!   touch, `< 0` exactly when their interiors overlap.
//! * Apart, it is a lower bound of the Euclidean distance, equal to it when
//!   the closest features are a face and a point or two non-parallel edges.
//! * Overlapping, it is minus the penetration depth: the shortest
//!   translation that separates them (every face normal of the Minkowski
//!   difference is a candidate axis).
//!
//! # Exactness
//!
//! When both motions give a rational pose at a rational time (`static`,
//! `linear`, `rational`, `row_matrix`, `piecewise`) and the scenario was
//! loaded for the exact path, the value at a rational `t` is computed with
//! no float: the exact quantity is the rational *signed square*
//! `s = max_n sign(g_n) g_n^2 / |n|^2` (with `g_n` the unnormalised gap),
//! whose sign is the exact contact state; only the final `sign(s)
//! sqrt(|s|)` is rounded to `f64`. The other motions (`screw`, `poses`,
//! `angular`) and `f64`-only scenarios are evaluated in `f64`
//! ([`Separation::exact`] is `None`).
//!
//! A mesh counts as convex when every vertex lies on or behind the plane
//! of every face (checked exactly); the separation of a non-convex mesh is
//! not computed ([`SeparationSampler::new`] says so), nor that of a
//! primitive query.
//!
//! ```
//! use exactccd::separation::SeparationSampler;
//! use exactccd::{parse_scenario, LoadOptions};
//! use exactccd::scalar::{parse_number, Ring, Sign};
//! // unit boxes, b from x = 10 at velocity -20: the x gap is |10 - 20 t| - 2
//! let text = r#"{ "format": "exactccd/scenario-v1",
//!   "a": { "shape": { "box": { "half_extents": [1, 1, 1] } } },
//!   "b": { "shape": { "box": { "half_extents": [1, 1, 1] } },
//!          "pose": { "translation": [10, 0, 0] },
//!          "motion": { "linear": { "velocity": [-20, 0, 0] } } } }"#;
//! let scenario = parse_scenario(text, None, &LoadOptions::default())?;
//! let sampler = SeparationSampler::new(&scenario)?;
//! let at = |t: &str| sampler.at(&parse_number(t).unwrap());
//! assert_eq!(at("0").value, 8.0);
//! assert_eq!(at("2/5").exact.unwrap().sign(), Sign::Zero); // first contact
//! assert_eq!(at("1/2").value, -2.0); // fully overlapping along x
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(clippy::float_arithmetic)]

use crate::contact::ScalarKind;
use crate::geom::{ConvexHull, Shape, Vec3};
use crate::motion::{Affine, Body, FloatMotion, PiecewisePolyMotion, PolyMotion};
use crate::scalar::{BigRational, FieldScalar, Ring, Scalar, Sign};
use crate::scenario::Scenario;

/// A convex solid in local coordinates, as the separating axis test sees
/// it: its vertices, face normals and edge directions (any lengths).
#[derive(Clone, Debug, PartialEq)]
struct ConvexSolid<S> {
    vertices: Vec<Vec3<S>>,
    face_normals: Vec<Vec3<S>>,
    edges: Vec<Vec3<S>>,
}

impl<S: Scalar> ConvexSolid<S> {
    /// The solid placed by `x = M y + c`: vertices mapped, edges by `M`,
    /// normals by the cofactor matrix `adj(M)^T` (which keeps them normal
    /// to the mapped faces, also for an affine `M`).
    fn placed(&self, (m, c): &Affine<S>) -> Self {
        let cofactor = m.adjugate().transpose();
        ConvexSolid {
            vertices: self.vertices.iter().map(|v| m.mul_vec(v) + c).collect(),
            face_normals: self
                .face_normals
                .iter()
                .map(|n| cofactor.mul_vec(n))
                .collect(),
            edges: self.edges.iter().map(|e| m.mul_vec(e)).collect(),
        }
    }

    fn map<T: Scalar>(&self, f: impl Fn(&S) -> T + Copy) -> ConvexSolid<T> {
        let all = |vs: &[Vec3<S>]| vs.iter().map(|v| v.map(f)).collect();
        ConvexSolid {
            vertices: all(&self.vertices),
            face_normals: all(&self.face_normals),
            edges: all(&self.edges),
        }
    }
}

/// The convex description of a shape in local coordinates; `Err` for a
/// non-convex mesh.
fn convex_solid(shape: &Shape<BigRational>) -> Result<ConvexSolid<BigRational>, String> {
    match shape {
        Shape::Box(b) => {
            let [x, y, z] = &b.half_extents;
            let vertices = (0..8)
                .map(|i| {
                    let pick = |bit: usize, h: &BigRational| {
                        if i & bit == 0 {
                            -h.clone()
                        } else {
                            h.clone()
                        }
                    };
                    Vec3::new(pick(1, x), pick(2, y), pick(4, z))
                })
                .collect();
            let axes: Vec<_> = (0..3).map(Vec3::unit).collect();
            Ok(ConvexSolid {
                vertices,
                face_normals: axes.clone(),
                edges: axes,
            })
        }
        Shape::Triangle(t) => {
            let [p, q, r] = &t.vertices;
            let edges = vec![q - p, r - q, p - r];
            let normal = edges[0].cross(&edges[1]);
            let mut face_normals: Vec<_> = edges.iter().map(|e| normal.cross(e)).collect();
            face_normals.push(normal);
            Ok(ConvexSolid {
                vertices: t.vertices.to_vec(),
                face_normals,
                edges,
            })
        }
        Shape::Mesh(mesh) => {
            let face_normals: Vec<_> = (0..mesh.faces.len()).map(|f| mesh.face_normal(f)).collect();
            for (f, n) in face_normals.iter().enumerate() {
                let on_plane = &mesh.vertices[mesh.faces[f][0]];
                if let Some(v) = mesh
                    .vertices
                    .iter()
                    .position(|v| (v - on_plane).dot(n).sign() == Sign::Positive)
                {
                    return Err(format!(
                        "the mesh is not convex (vertex {v} lies in front of face {f}): \
                         its separation is not computed"
                    ));
                }
            }
            let edges = mesh
                .edges
                .iter()
                .map(|e| &mesh.vertices[e.v[1]] - &mesh.vertices[e.v[0]])
                .collect();
            Ok(ConvexSolid {
                vertices: mesh.vertices.clone(),
                face_normals,
                edges,
            })
        }
        Shape::Convex(c) => {
            let hull = ConvexHull::new(&c.points)
                .ok_or_else(|| "the convex points are coplanar".to_string())?;
            Ok(ConvexSolid {
                vertices: hull.vertices.iter().map(|&i| c.points[i].clone()).collect(),
                face_normals: hull.faces.iter().map(|f| f.normal.clone()).collect(),
                edges: hull
                    .edges
                    .iter()
                    .map(|&(i, j)| &c.points[j] - &c.points[i])
                    .collect(),
            })
        }
        Shape::Sphere(_) | Shape::Capsule(_) => Err(format!(
            "a {} is rounded: its separating-axis gap is not computed (the distance method answers it)",
            shape.kind_name()
        )),
    }
}

/// The extent `[min, max]` of the projections of `points` on `n`.
fn projection_extent<S: Scalar>(points: &[Vec3<S>], n: &Vec3<S>) -> (S, S) {
    let mut dots = points.iter().map(|p| p.dot(n));
    let first = dots.next().unwrap_or_else(S::zero);
    dots.fold((first.clone(), first), |(lo, hi), d| {
        (lo.min_of(d.clone()), hi.max_of(d))
    })
}

/// The signed square of the gap along `n`: `sign(g) g^2 / |n|^2` with
/// `g = max(min_B - max_A, min_A - max_B)`; `None` for `n = 0`.
fn signed_square_gap<S: FieldScalar>(
    a: &ConvexSolid<S>,
    b: &ConvexSolid<S>,
    n: &Vec3<S>,
) -> Option<S> {
    let length_squared = n.norm_squared();
    if length_squared.is_zero() {
        return None;
    }
    let (a_min, a_max) = projection_extent(&a.vertices, n);
    let (b_min, b_max) = projection_extent(&b.vertices, n);
    let gap = b_min.sub_ref(&a_max).max_of(a_min.sub_ref(&b_max));
    let square = gap.mul_ref(&gap).div_ref(&length_squared);
    Some(if gap.sign() == Sign::Negative {
        -square
    } else {
        square
    })
}

/// The largest signed square gap over the candidate axes of two placed
/// solids (module docs).
fn max_signed_square_gap<S: FieldScalar>(a: &ConvexSolid<S>, b: &ConvexSolid<S>) -> S {
    let crosses = a
        .edges
        .iter()
        .flat_map(|ea| b.edges.iter().map(move |eb| ea.cross(eb)));
    a.face_normals
        .iter()
        .cloned()
        .chain(b.face_normals.iter().cloned())
        .chain(crosses)
        .filter_map(|n| signed_square_gap(a, b, &n))
        .reduce(S::max_of)
        .unwrap_or_else(S::zero)
}

/// `sign(s) sqrt(|s|)` in `f64`: the one rounding step of the exact path.
fn signed_root(s: f64) -> f64 {
    s.abs().sqrt().copysign(s)
}

/// The signed separation at one time (module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Separation {
    /// The separation, `f64`: rounded from the exact value when
    /// [`Separation::exact`] is given, else computed in `f64`.
    pub value: f64,
    /// The exact signed square of the separation (`sign(d) d^2`), when the
    /// poses at this time are rational; its sign is the exact contact
    /// state.
    pub exact: Option<BigRational>,
}

/// How one body's pose is evaluated.
enum PoseSource {
    Polynomial(PolyMotion<BigRational>),
    Piecewise(PiecewisePolyMotion),
    Float(FloatMotion),
}

/// The separation of one scenario's bodies, ready to be evaluated at many
/// times (the shapes and motions are prepared once).
pub struct SeparationSampler {
    solids: [ConvexSolid<BigRational>; 2],
    poses: [PoseSource; 2],
    interval: (BigRational, BigRational),
}

impl SeparationSampler {
    /// Prepares the scenario; `Err` with the reason for a primitive query
    /// or a non-convex mesh.
    pub fn new(scenario: &Scenario) -> Result<Self, String> {
        let Some((a, b)) = scenario.bodies() else {
            return Err("a primitive query has no bodies: the separation is not computed".into());
        };
        let exact = scenario.scalar == ScalarKind::Exact;
        let interval = scenario.interval.clone();
        let source = |body: &Body| match PolyMotion::from_body_on(body, &interval.0) {
            Some(m) if exact => PoseSource::Polynomial(m),
            _ => match PiecewisePolyMotion::from_body_on(body, &interval) {
                Some(m) if exact => PoseSource::Piecewise(m),
                _ => PoseSource::Float(body.float_motion(&interval.0, &interval.1)),
            },
        };
        Ok(SeparationSampler {
            solids: [convex_solid(&a.shape)?, convex_solid(&b.shape)?],
            poses: [source(a), source(b)],
            interval,
        })
    }

    /// True when every value is computed exactly at rational times (both
    /// poses are rational there).
    pub fn is_exact(&self) -> bool {
        self.poses
            .iter()
            .all(|p| !matches!(p, PoseSource::Float(_)))
    }

    /// The scenario's interval.
    pub fn interval(&self) -> &(BigRational, BigRational) {
        &self.interval
    }

    /// The separation at time `t` (exact when [`Self::is_exact`]).
    pub fn at(&self, t: &BigRational) -> Separation {
        let exact_pose = |p: &PoseSource| match p {
            PoseSource::Polynomial(m) => Some(m.eval_at(t)),
            PoseSource::Piecewise(m) => Some(m.piece_at(t).eval_at(t)),
            PoseSource::Float(_) => None,
        };
        if let (Some(pa), Some(pb)) = (exact_pose(&self.poses[0]), exact_pose(&self.poses[1])) {
            let s = max_signed_square_gap(&self.solids[0].placed(&pa), &self.solids[1].placed(&pb));
            return Separation {
                value: signed_root(s.to_f64()),
                exact: Some(s),
            };
        }
        let tf = t.to_f64();
        let float_pose = |p: &PoseSource| -> Affine<f64> {
            match p {
                PoseSource::Polynomial(m) => {
                    let (l, c) = m.eval_at(t);
                    (l.to_f64(), c.to_f64())
                }
                PoseSource::Piecewise(m) => {
                    let (l, c) = m.piece_at(t).eval_at(t);
                    (l.to_f64(), c.to_f64())
                }
                PoseSource::Float(m) => m.eval(tf),
            }
        };
        let solid = |k: usize| {
            self.solids[k]
                .map(|q: &BigRational| q.to_f64())
                .placed(&float_pose(&self.poses[k]))
        };
        Separation {
            value: signed_root(max_signed_square_gap(&solid(0), &solid(1))),
            exact: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{signed_root, SeparationSampler};
    use crate::scalar::{parse_number, BigRational, Ring, Sign};
    use crate::scenario::{parse_scenario, LoadOptions};

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    fn sampler(text: &str) -> Result<SeparationSampler, String> {
        let s = parse_scenario(text, None, &LoadOptions::default()).map_err(|e| e.to_string())?;
        SeparationSampler::new(&s)
    }

    const HEAD_ON: &str = r#"{ "format": "exactccd/scenario-v1",
      "a": { "shape": { "box": { "half_extents": [1, 1, 1] } } },
      "b": { "shape": { "box": { "half_extents": [1, 1, 1] } },
             "pose": { "translation": [10, 0, 0] },
             "motion": { "linear": { "velocity": [-20, 0, 0] } } } }"#;

    #[test]
    fn head_on_boxes_follow_the_hand_derived_gap() {
        // the x gap is |10 - 20 t| - 2; the y and z gaps are -2
        let s = sampler(HEAD_ON).unwrap();
        assert!(s.is_exact());
        for (t, square) in [
            ("0", "64"),
            ("1/4", "9"),
            ("2/5", "0"),
            ("9/20", "-1"),
            ("1/2", "-4"),
            ("3/5", "0"),
            ("1", "64"),
        ] {
            assert_eq!(s.at(&q(t)).exact, Some(q(square)), "t = {t}");
        }
        assert_eq!(s.at(&q("1/4")).value, 3.0);
        assert_eq!(s.at(&q("9/20")).value, -1.0);
    }

    #[test]
    fn a_tetrahedron_and_a_box_touch_at_the_expected_time() {
        // box of half extent 1/4 centred at (2 - 4 t, 1/4, 1/4); the
        // tetrahedron's vertex (1, 0, 0) meets the box's face x = 7/4 - 4 t
        // at t = 3/16; before, the x axis gives the gap 3/4 - 4 t (the
        // slanted face's normal gives (3/4 - 4 t) / sqrt(3), smaller)
        let text = r#"{ "format": "exactccd/scenario-v1",
          "a": { "shape": { "mesh": {
            "vertices": [["0", "0", "0"], ["1", "0", "0"], ["0", "1", "0"], ["0", "0", "1"]],
            "faces": [[0, 2, 1], [0, 1, 3], [1, 2, 3], [0, 3, 2]] } } },
          "b": { "shape": { "box": { "half_extents": ["1/4", "1/4", "1/4"] } },
                 "pose": { "translation": ["2", "1/4", "1/4"] },
                 "motion": { "linear": { "velocity": ["-4", "0", "0"] } } } }"#;
        let s = sampler(text).unwrap();
        assert_eq!(s.at(&q("0")).exact, Some(q("9/16")));
        assert_eq!(s.at(&q("1/16")).exact, Some(q("1/4")));
        assert_eq!(s.at(&q("3/16")).exact.map(|x| x.sign()), Some(Sign::Zero));
        assert_eq!(
            s.at(&q("1/4")).exact.map(|x| x.sign()),
            Some(Sign::Negative)
        );
    }

    #[test]
    fn a_rotated_box_uses_the_face_normals_of_its_pose() {
        // b is turned 90 degrees about z by a rational quaternion motion
        // (w, z) = (1, 1) (constant): its half extents (2, 1, 1) lie
        // along y, x, z; centred at (5, 0, 0), its near face is x = 4
        let text = r#"{ "format": "exactccd/scenario-v1",
          "a": { "shape": { "box": { "half_extents": [1, 1, 1] } } },
          "b": { "shape": { "box": { "half_extents": [2, 1, 1] } },
                 "motion": { "rational": { "quaternion": ["1", "0", "0", "1"],
                   "translation": ["5", "0", "0"] } } } }"#;
        let s = sampler(text).unwrap();
        assert_eq!(s.at(&q("1/2")).exact, Some(q("9")));
    }

    #[test]
    fn a_coplanar_triangle_pair_is_separated_by_an_in_plane_normal() {
        // two triangles in z = 0, apart by 1 along x: only the in-plane
        // edge normals separate them (the plane normal and the edge cross
        // products give gaps <= 0)
        let text = r#"{ "format": "exactccd/scenario-v1",
          "a": { "shape": { "triangle": [[0, 0, 0], [1, 0, 0], [0, 1, 0]] } },
          "b": { "shape": { "triangle": [[2, 0, 0], [3, 0, 0], [2, 1, 0]] } } }"#;
        let s = sampler(text).unwrap();
        // the closest features are the edge x + y = 1 of a and the vertex
        // (2, 0, 0) of b: the normal (1, 1)/sqrt(2) gives 1/sqrt(2), the
        // x axis (an in-plane normal of b's edge x = 2) gives 1
        assert_eq!(s.at(&q("0")).exact, Some(q("1")));
    }

    #[test]
    fn a_non_convex_mesh_and_a_primitive_query_are_refused() {
        // an L-shaped prism: a 2 x 2 x 1 block with the corner
        // [1, 2] x [1, 2] cut away; vertex 1 (2, 0, 0) lies in front of
        // the notch's face x = 1
        let verts = "[[0,0,0],[2,0,0],[2,1,0],[1,1,0],[1,2,0],[0,2,0],[0,0,1],[2,0,1],[2,1,1],[1,1,1],[1,2,1],[0,2,1]]";
        let faces = "[[5,4,3,2,1,0],[6,7,8,9,10,11],[0,1,7,6],[1,2,8,7],[2,3,9,8],[3,4,10,9],[4,5,11,10],[5,0,6,11]]";
        let text = format!(
            r#"{{ "format": "exactccd/scenario-v1",
              "a": {{ "shape": {{ "mesh": {{ "vertices": {verts}, "faces": {faces} }} }} }},
              "b": {{ "shape": {{ "box": {{ "half_extents": [1, 1, 1] }} }} }} }}"#
        );
        let e = sampler(&text).err().unwrap();
        assert!(e.starts_with("the mesh is not convex"), "{e}");
        let query = r#"{ "format": "exactccd/scenario-v1",
          "query": { "vertex_face": { "vertex": { "start": [1, 1, 1], "end": [1, 2, 0] },
            "face": [{ "start": [0, 0, 0] }, { "start": [4, 0, 0] }, { "start": [0, 4, 0] }] } } }"#;
        let e = sampler(query).err().unwrap();
        assert!(e.starts_with("a primitive query has no bodies"), "{e}");
    }

    #[test]
    fn signed_root_keeps_the_sign() {
        assert_eq!(signed_root(-4.0), -2.0);
        assert_eq!(signed_root(9.0), 3.0);
        assert_eq!(signed_root(0.0), 0.0);
    }
}
