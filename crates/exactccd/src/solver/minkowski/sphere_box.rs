//! The exact answer for a sphere against a box under `static` and `linear`
//! motions, written in the box's frame in machine integers
//! (docs/methods/minkowski.md, "The exact path for a sphere and a box").
//!
//! The algorithm is the module's (`mod.rs`, `pieces.rs`), step for step,
//! as `integer.rs` takes it on conditions in machine integers: the same
//! 27 pieces of `K = M + ball(D)` in the same order (the solid, the six
//! face prisms, the twelve edge cylinders, the eight vertex balls), the
//! same ends named, the same comparisons and tie rules, and the same roots
//! isolated. What is this path's own is where the conditions are written. `M` is the box moved
//! by the sphere's centre `c` (reflected when the box is body `a`), so
//! with the box's rotation `R` and translation `T` the distance from
//! `x(t)` to `M` is the distance from the point
//!
//! ```text
//! z(t) = R^T (c - T) + t R^T (v_sphere - v_box)
//! ```
//!
//! to the box `[-h, h]` in its own frame, for either order of the bodies,
//! when `R` is a rotation (`R^T R = I`, `det R = 1`: a rotation keeps
//! dot products, lengths of cross products and the orientation of faces).
//! Every condition is then the world one times a positive constant (the
//! same signs at every time, the same roots, the same primitive integer
//! polynomial, which is what an isolated root keeps): a face prism is
//! `s z_i >= h_i`, `|z_j| <= h_j`, `|z_k| <= h_k` and `(s z_i - h_i)^2 <=
//! D^2`; an edge cylinder `|z_i| <= h_i` and the distance in the other two
//! coordinates to the edge at most `D`; a vertex ball the distance to the
//! corner. Multiplied by a common denominator the coordinates are
//! integers, and every sign is decided in checked `i128` (`integer.rs`'s
//! `Narrow`: homogeneous Horner at a rational time, the discriminant at
//! the vertex) without a fraction reduced.
//!
//! The path declines (`None`, and the general method answers) any other
//! pair or motion, a rotation that is not exactly one, a box with a zero
//! half extent, `D = 0`, and any input or intermediate value that does not
//! fit in `i128` (every product is checked): the answer is then the
//! general method's, which this path equals wherever it answers. The
//! features, point and normal are those of `report.rs`, from the one face,
//! edge or vertex of `M` the answer names, computed as the general
//! difference computes it.
#![deny(clippy::float_arithmetic)]

use super::fast::EDGE_ORDER;
use super::integer::{
    add, answer, dot, lcm, mul, neg, sub, takes, velocity, word, Checked, Conditions, Cut, Frac,
    Narrow, Quad, Times, Q,
};
use super::pieces::PieceKind;
use super::report::{self, nearest_on_plane, nearest_on_segment, ratio_to_f64, Geometry, View};
use super::MinkowskiOutcome;
use crate::geom::{BoxEdge, BoxFace, BoxVertex, Feature, Shape, Vec3};
use crate::motion::Body;
use crate::scalar::Scalar;
use crate::Error;
use std::collections::BTreeSet;

/// The line and the box in the box's frame, in integers: `z(t) = z0 + t
/// w` against `[-h, h]` grown by `D`, all times one positive constant;
/// and the world the report reads.
struct Frame {
    z0: [i128; 3],
    w: [i128; 3],
    h: [i128; 3],
    big_d: i128,
    world: World,
}

impl Frame {
    /// `s z_i(t) - h_i` as `(c0, c1)`.
    fn beyond(&self, i: usize, s: i128) -> Checked<(i128, i128)> {
        Ok((sub(mul(s, self.z0[i])?, self.h[i])?, mul(s, self.w[i])?))
    }

    /// `|z_i(t)| <= h_i`: false when nothing is left.
    fn within(&self, cut: &mut Cut<Narrow>, i: usize) -> Checked<bool> {
        for s in [1, -1] {
            let (c0, c1) = self.beyond(i, s)?;
            if !cut.by(c0, c1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `sum (z_i(t) - p_i)^2 - D^2` over the axes `axes`, `p` a corner.
    fn distance(&self, axes: &[usize], corner: usize) -> Checked<Quad> {
        let mut q = [neg(mul(self.big_d, self.big_d)?)?, 0, 0];
        for &i in axes {
            let p = if corner & (1 << i) != 0 {
                self.h[i]
            } else {
                neg(self.h[i])?
            };
            let (r0, r1) = (sub(self.z0[i], p)?, self.w[i]);
            q[0] = add(q[0], mul(r0, r0)?)?;
            q[1] = add(q[1], mul(2, mul(r0, r1)?)?)?;
            q[2] = add(q[2], mul(r1, r1)?)?;
        }
        Ok(q)
    }
}

impl Conditions for Frame {
    type Signs = Narrow;
    const POINTS: usize = 8;
    const PIECES: usize = 27;

    /// `Pieces::kinds` for a solid `M` of eight points and `D > 0`.
    fn kinds() -> impl Iterator<Item = PieceKind> {
        std::iter::once(PieceKind::Solid)
            .chain((0..6).map(PieceKind::Face))
            .chain((0..12).map(PieceKind::Edge))
            .chain((0..8).map(PieceKind::Vertex))
    }

    fn times(&self, kind: PieceKind, t: (Frac, Frac)) -> Checked<Times> {
        let mut cut = Cut::new(t);
        let quadratic = match kind {
            PieceKind::Solid => {
                for i in 0..3 {
                    if !self.within(&mut cut, i)? {
                        return Ok(None);
                    }
                }
                return Ok(Some((None, cut.all())));
            }
            PieceKind::Face(k) => {
                let face = BoxFace::ALL[k];
                let (i, s) = (face.axis, i128::from(face.sign()));
                let (c0, c1) = self.beyond(i, s)?;
                if !cut.by(neg(c0)?, neg(c1)?)? {
                    return Ok(None);
                }
                for j in [(i + 1) % 3, (i + 2) % 3] {
                    if !self.within(&mut cut, j)? {
                        return Ok(None);
                    }
                }
                let d2 = mul(self.big_d, self.big_d)?;
                [sub(mul(c0, c0)?, d2)?, mul(2, mul(c0, c1)?)?, mul(c1, c1)?]
            }
            PieceKind::Edge(k) => {
                let (i, low) = EDGE_ORDER[k];
                if !self.within(&mut cut, i)? {
                    return Ok(None);
                }
                self.distance(&[(i + 1) % 3, (i + 2) % 3], low)?
            }
            PieceKind::Vertex(k) => self.distance(&[0, 1, 2], k)?,
        };
        Ok(cut.last(&quadratic)?.map(|span| (Some(quadratic), span)))
    }

    fn describe(&self, bodies: (&Body, &Body), kind: PieceKind, t: f64) -> Checked<report::Found> {
        describe(bodies, &self.world, kind, t)
    }
}

/// The box and the sphere's centre in world coordinates at `t = 0`, in
/// integers over the common denominator `den`: what the report reads of
/// them, computed for the one face, edge or vertex of `M` it asks for.
/// Every value equals the general difference's (built in compact
/// rationals from the cores and poses) exactly, so its nearest `f64` is
/// the same.
struct World {
    /// The rotation's numerators, by rows, over `r`.
    a: [i128; 9],
    r: i128,
    /// The box's translation, the sphere's centre and the half extents,
    /// times `l`.
    translation: [i128; 3],
    centre: [i128; 3],
    h: [i128; 3],
    /// True when the box is body `a`: `M = c - box`.
    reflected: bool,
    /// The common denominator of the translations and half extents.
    l: i128,
}

impl World {
    /// The world position of the box's corner `k`, times `l r`.
    fn corner(&self, k: usize) -> Checked<[i128; 3]> {
        let y: Vec<i128> = (0..3)
            .map(|i| {
                if k & (1 << i) != 0 {
                    Ok(self.h[i])
                } else {
                    neg(self.h[i])
                }
            })
            .collect::<Checked<_>>()?;
        let mut out = [0; 3];
        for (i, o) in out.iter_mut().enumerate() {
            *o = add(
                mul(self.r, self.translation[i])?,
                dot(&self.a[3 * i..3 * i + 3], &y)?,
            )?;
        }
        Ok(out)
    }

    /// The point `k` of `M` (the corner `k` moved), times `l r`.
    fn point(&self, k: usize) -> Checked<[i128; 3]> {
        let x = self.corner(k)?;
        let mut out = [0; 3];
        for (i, o) in out.iter_mut().enumerate() {
            let c = mul(self.r, self.centre[i])?;
            *o = if self.reflected {
                sub(c, x[i])?
            } else {
                sub(x[i], c)?
            };
        }
        Ok(out)
    }

    /// The common denominator `l r` of [`World::point`].
    fn den(&self) -> Checked<i128> {
        mul(self.l, self.r)
    }
}

/// The report's view of `M` (`report::Geometry`) from [`World`].
struct Partial<'a> {
    world: &'a World,
    den: i128,
}

impl Partial<'_> {
    fn point_f64(&self, k: usize) -> Option<Vec3<f64>> {
        let p = self.world.point(k).ok()?;
        Some(Vec3::from_array(p.map(|x| ratio_to_f64(x, self.den))))
    }
}

impl Geometry for Partial<'_> {
    fn feature_points(&self, kind: PieceKind) -> Vec<usize> {
        match kind {
            PieceKind::Face(k) => BoxFace::ALL[k].vertices().map(BoxVertex::index).to_vec(),
            PieceKind::Edge(k) => {
                let (i, low) = EDGE_ORDER[k];
                vec![low, low | (1 << i)]
            }
            // the points of a difference about a point are never merged
            PieceKind::Vertex(k) => vec![k],
            PieceKind::Solid => Vec::new(),
        }
    }

    fn origin(&self, k: usize) -> (usize, usize) {
        if self.world.reflected {
            (k, 0)
        } else {
            (0, k)
        }
    }

    fn nearest(&self, kind: PieceKind, x: &Vec3<f64>) -> Option<Vec3<f64>> {
        match kind {
            PieceKind::Face(k) => {
                // the world normal: the cofactor matrix of a rotation is
                // the rotation, so `s R e_i` (negated for `M = c - box`)
                let face = BoxFace::ALL[k];
                let mut s = i128::from(face.sign());
                if self.world.reflected {
                    s = -s;
                }
                let w = self.world;
                let n: Vec<i128> = (0..3).map(|j| s * w.a[3 * j + face.axis]).collect();
                let corner = self.world.point(face.vertices()[0].index()).ok()?;
                let offset = dot(&n, &corner).ok()?;
                let normal = Vec3::from_array([0, 1, 2].map(|j| ratio_to_f64(n[j], w.r)));
                let den = mul(w.r, self.den).ok()?;
                Some(nearest_on_plane(&normal, ratio_to_f64(offset, den), x))
            }
            PieceKind::Edge(k) => {
                let (i, low) = EDGE_ORDER[k];
                let (p, q) = (self.point_f64(low)?, self.point_f64(low | (1 << i))?);
                Some(nearest_on_segment(&p, &q, x))
            }
            PieceKind::Vertex(k) => self.point_f64(k),
            PieceKind::Solid => None,
        }
    }
}

/// The report's view of the box (`report::View`), as `report::Side` gives
/// it from the box's core.
struct BoxView<'a> {
    world: &'a World,
    den: i128,
    velocity: Vec3<f64>,
}

impl View for BoxView<'_> {
    fn velocity(&self) -> &Vec3<f64> {
        &self.velocity
    }

    fn world(&self, i: usize) -> Vec3<f64> {
        let x = self.world.corner(i).expect("the corners fit in i128");
        Vec3::from_array(x.map(|c| ratio_to_f64(c, self.den)))
    }

    fn feature(&self, set: &BTreeSet<usize>, _toward: &Vec3<f64>) -> Option<Feature> {
        if set.len() == 1 {
            return Some(Feature::BoxVertex(BoxVertex::from_index(*set.first()?)));
        }
        if set.len() == 2 {
            let edge = BoxEdge::ALL
                .into_iter()
                .find(|e| e.vertices().iter().all(|v| set.contains(&v.index())));
            if let Some(e) = edge {
                return Some(Feature::BoxEdge(e));
            }
        }
        BoxFace::ALL
            .into_iter()
            .find(|f| {
                let corners = f.vertices().map(BoxVertex::index);
                set.iter().all(|i| corners.contains(i))
            })
            .map(Feature::BoxFace)
    }
}

/// The report's view of the sphere: its centre is its core's one point.
struct SphereView {
    centre: Vec3<f64>,
    velocity: Vec3<f64>,
}

impl View for SphereView {
    fn velocity(&self) -> &Vec3<f64> {
        &self.velocity
    }

    fn world(&self, _: usize) -> Vec3<f64> {
        self.centre.clone()
    }

    fn feature(&self, set: &BTreeSet<usize>, _toward: &Vec3<f64>) -> Option<Feature> {
        (set.len() == 1 && set.contains(&0)).then_some(Feature::Sphere)
    }
}

/// The line and the box in the box's frame with the world for the
/// report, and the interval `(t0, t1)`, in integers.
type Setting = (Frame, (Frac, Frac));

/// The box's frame in integers (module docs), with `t0` and `t1`; `None`
/// when the path declines.
fn frame(
    (boxed, sphere, reflected): (&Body, &Body, bool),
    half_extents: &[Q; 3],
    big_d: (i128, i128),
    interval: &(Q, Q),
) -> Checked<Option<Setting>> {
    let Some(words) = (|| {
        let rot: Vec<(i128, i128)> = boxed
            .pose
            .rotation
            .rows
            .iter()
            .flatten()
            .map(word)
            .collect::<Option<_>>()?;
        let mut rest = Vec::with_capacity(16);
        for v in [&boxed.pose.translation, &sphere.pose.translation] {
            rest.extend([&v.x, &v.y, &v.z].map(word));
        }
        for body in [sphere, boxed] {
            match velocity(body) {
                Some(v) => rest.extend([&v.x, &v.y, &v.z].map(word)),
                None => rest.extend([Some((0, 1)); 3]),
            }
        }
        rest.extend(half_extents.iter().map(word));
        let rest: Vec<(i128, i128)> = rest.into_iter().collect::<Option<_>>()?;
        Some((rot, rest, word(&interval.0)?, word(&interval.1)?))
    })() else {
        return Ok(None);
    };
    let (rot, mut rest, t0, t1) = words;
    rest.push(big_d);
    // R = A / r with A integer; a rotation when A^T A = r^2 I, det A = r^3
    let r = rot.iter().try_fold(1, |l, &(_, d)| lcm(l, d))?;
    let a: Vec<i128> = rot
        .iter()
        .map(|&(n, d)| mul(n, r / d))
        .collect::<Checked<_>>()?;
    let col = |j: usize| [a[j], a[3 + j], a[6 + j]];
    let r2 = mul(r, r)?;
    for i in 0..3 {
        for j in i..3 {
            if dot(&col(i), &col(j))? != if i == j { r2 } else { 0 } {
                return Ok(None);
            }
        }
    }
    let (c0, c1, c2) = (col(0), col(1), col(2));
    let cross = [
        sub(mul(c1[1], c2[2])?, mul(c1[2], c2[1])?)?,
        sub(mul(c1[2], c2[0])?, mul(c1[0], c2[2])?)?,
        sub(mul(c1[0], c2[1])?, mul(c1[1], c2[0])?)?,
    ];
    if dot(&c0, &cross)? != mul(r2, r)? {
        return Ok(None);
    }
    // every other value times their common denominator
    let l = rest.iter().try_fold(1, |l, &(_, d)| lcm(l, d))?;
    let ints: Vec<i128> = rest
        .iter()
        .map(|&(n, d)| mul(n, l / d))
        .collect::<Checked<_>>()?;
    let (translation, centre) = (&ints[0..3], &ints[3..6]);
    let (v_sphere, v_box) = (&ints[6..9], &ints[9..12]);
    let rel: Vec<i128> = (0..3)
        .map(|k| sub(centre[k], translation[k]))
        .collect::<Checked<_>>()?;
    let vel: Vec<i128> = (0..3)
        .map(|k| sub(v_sphere[k], v_box[k]))
        .collect::<Checked<_>>()?;
    // R^T v = A^T v / r: z0 and w times l r
    let z0 = [dot(&c0, &rel)?, dot(&c1, &rel)?, dot(&c2, &rel)?];
    let w = [dot(&c0, &vel)?, dot(&c1, &vel)?, dot(&c2, &vel)?];
    let h = [mul(ints[12], r)?, mul(ints[13], r)?, mul(ints[14], r)?];
    let big_d = mul(ints[15], r)?;
    if h.iter().any(|&x| x <= 0) || big_d <= 0 {
        return Ok(None);
    }
    let (t0, t1) = (Frac::new(t0.0, t0.1)?, Frac::new(t1.0, t1.1)?);
    let world = World {
        a: std::array::from_fn(|k| a[k]),
        r,
        translation: [translation[0], translation[1], translation[2]],
        centre: [centre[0], centre[1], centre[2]],
        h: [ints[12], ints[13], ints[14]],
        reflected,
        l,
    };
    Ok(Some((
        Frame {
            z0,
            w,
            h,
            big_d,
            world,
        },
        (t0, t1),
    )))
}

/// The exact answer for a sphere and a box (module docs), or `None` when
/// the path declines (the general method then answers).
pub(super) fn outcome(
    a: &Body,
    b: &Body,
    interval: &(Q, Q),
    separation: &Q,
) -> Option<Result<MinkowskiOutcome<Q>, Error>> {
    let (boxed, sphere, half_extents, radius, reflected) = match (&a.shape, &b.shape) {
        (Shape::Sphere(s), Shape::Box(x)) => (b, a, &x.half_extents, &s.radius, false),
        (Shape::Box(x), Shape::Sphere(s)) => (a, b, &x.half_extents, &s.radius, true),
        _ => return None,
    };
    if !takes(a) || !takes(b) {
        return None;
    }
    let big_d = word(&(separation + radius))?;
    let (frame, t) = frame((boxed, sphere, reflected), half_extents, big_d, interval)
        .ok()
        .flatten()?;
    answer((a, b), &frame, t, interval)
}

/// The report of the first contact in the piece `kind` at time `t`, as the
/// general method writes it (`report::describe` on views of `M` and the
/// bodies that give its values).
fn describe(
    (a, b): (&Body, &Body),
    world: &World,
    kind: PieceKind,
    t: f64,
) -> Checked<report::Found> {
    let den = world.den()?;
    // the corners the report may read, checked here once
    for k in 0..8 {
        world.point(k)?;
    }
    let speed = |body: &Body| velocity(body).map_or_else(Vec3::zero, Vec3::to_f64);
    let geometry = Partial { world, den };
    Ok(if world.reflected {
        let view_a = BoxView {
            world,
            den,
            velocity: speed(a),
        };
        let view_b = SphereView {
            centre: b.pose.translation.to_f64(),
            velocity: speed(b),
        };
        report::describe(&geometry, kind, t, (&view_a, &view_b), 0.0)
    } else {
        let view_a = SphereView {
            centre: a.pose.translation.to_f64(),
            velocity: speed(a),
        };
        let view_b = BoxView {
            world,
            den,
            velocity: speed(b),
        };
        let Shape::Sphere(sphere) = &a.shape else {
            unreachable!("body a is the sphere")
        };
        let radius = Scalar::to_f64(&sphere.radius);
        report::describe(&geometry, kind, t, (&view_a, &view_b), radius)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::core::Core;
    use crate::geom::Pose;
    use crate::solver::minkowski::integer::scenarios::{
        self, answer_text, declined_and_answered, load, turn_b, vec_text, HUGE,
    };
    use crate::solver::minkowski::report::Side;
    use crate::solver::minkowski::solve_general;
    use crate::Scenario;
    use proptest::prelude::*;

    /// A body on a quaternion pose, positions and velocities over 2.
    fn body(shape: &str, q: [i64; 4], at: [i64; 3], velocity: Option<[i64; 3]>) -> String {
        scenarios::body(shape, q, at, velocity, 2)
    }

    /// The path answers the scenario (or declines it, when `may_decline`),
    /// exactly as the general method does.
    fn agrees(s: &Scenario, may_decline: bool) -> Result<(), TestCaseError> {
        let (a, b) = s.bodies().expect("two bodies");
        let Some(fast) = outcome(a, b, &s.interval, &s.separation) else {
            prop_assert!(may_decline, "declined");
            return Ok(());
        };
        let general = solve_general::<Q>(a, b, &s.interval, &s.separation);

        prop_assert_eq!(
            answer_text(&fast.expect("an answer")),
            answer_text(&general.expect("an answer"))
        );
        Ok(())
    }

    const KMAX: u32 = 20;

    fn quaternion() -> impl Strategy<Value = [i64; 4]> {
        prop_oneof![Just([1, 0, 0, 0]), [-2i64..3, -2i64..3, -2i64..3, -2i64..3]]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// A random sphere against a random box (turned, or not, which
        /// makes exact touches at faces, edges and corners and ties
        /// between pieces common), either order, either at rest: the
        /// integer path gives the general method's answer, its isolating
        /// intervals, features, point, normal and counters.
        #[test]
        fn the_integer_path_is_the_general_method(
            h in [1i64..4, 1i64..4, 1i64..4], q in quaternion(),
            at in [-8i64..8, -8i64..8, -8i64..8], aim in [-3i64..4, -3i64..4, -3i64..4],
            box_vel in prop::option::of([-2i64..3, -2i64..3, -2i64..3]),
            radius in 1i64..5, sep in 0i64..3, swap in any::<bool>(), t1 in 1i64..4,
        ) {
            let boxed = body(
                &format!(r#"{{"box":{{"half_extents":{}}}}}"#, vec_text(h, 2)),
                q, [0, 0, 0], box_vel,
            );
            // at `aim`, near the box, at t = 1
            let vel = [aim[0] - at[0], aim[1] - at[1], aim[2] - at[2]];
            let ball = body(
                &format!(r#"{{"sphere":{{"radius":"{radius}/2"}}}}"#),
                [1, 0, 0, 0], at, Some(vel),
            );
            let (a, b) = if swap { (ball, boxed) } else { (boxed, ball) };
            agrees(&load(&format!(r#"["0","{t1}"]"#), &format!("{sep}/4"), &a, &b), false)?;
        }

        /// A sphere sliding over a turned box's face at exactly its
        /// radius or `2^-k` above it, as the bench's touches and near
        /// misses: the same answers as the general method.
        #[test]
        fn grazing_spheres_get_the_general_answers(
            h in [1i64..4, 1i64..4, 1i64..4], q in quaternion(), k in 0u32..30,
            z in -4i64..5, swap in any::<bool>(), touch in any::<bool>(),
        ) {
            // over the face x = +h in the box's frame, in world by q
            let boxed = body(
                &format!(r#"{{"box":{{"half_extents":{}}}}}"#, vec_text(h, 2)),
                q, [0, 0, 0], None,
            );
            let gap = if touch { 0 } else { 1i64 << k };
            let (n, d) = (i128::from(h[0]) * (1 << k) + (1 << k) + i128::from(gap.min(1)), 2i128 << k);
            let start = format!("{n}/{d}");
            let sphere = format!(
                r#"{{"shape":{{"sphere":{{"radius":"1/2"}}}},"pose":{{"translation":["{start}","-4","{z}/4"]}},"motion":{{"linear":{{"velocity":["0","4","0"]}}}}}}"#
            );
            // the sphere's start and velocity turned into the box's frame
            let mut s = load(r#"["0","2"]"#, "0", &boxed, &sphere);
            turn_b(&mut s, swap);
            agrees(&s, k > KMAX)?;
        }
    }

    #[test]
    fn a_box_posed_by_a_matrix_that_is_not_a_rotation_is_declined() {
        let boxed = body(
            r#"{"box":{"half_extents":["1","1","1"]}}"#,
            [1, 0, 0, 0],
            [0; 3],
            None,
        );
        let ball = body(
            r#"{"sphere":{"radius":"1"}}"#,
            [1, 0, 0, 0],
            [6, 0, 0],
            Some([-2, 0, 0]),
        );
        let mut s = load(r#"["0","4"]"#, "0", &boxed, &ball);
        let (a, b) = s.bodies().expect("two bodies");
        assert!(outcome(a, b, &s.interval, &s.separation).is_some());
        // a scaled rotation: a box twice as long in x, which the general
        // method takes as it is and this path would not see
        let (a, _) = s.bodies_mut().expect("two bodies");
        a.pose.rotation.rows[0][0] = Q::from_integer(2.into());
        let (a, b) = s.bodies().expect("two bodies");
        assert!(outcome(a, b, &s.interval, &s.separation).is_none());
        // a reflection: orthogonal, determinant -1
        let (a, _) = s.bodies_mut().expect("two bodies");
        a.pose.rotation.rows[0][0] = Q::from_integer((-1).into());
        let (a, b) = s.bodies().expect("two bodies");
        assert!(outcome(a, b, &s.interval, &s.separation).is_none());
    }

    #[test]
    fn values_beyond_the_integers_are_declined() {
        let boxed = body(
            r#"{"box":{"half_extents":["1","1","1"]}}"#,
            [1, 0, 0, 0],
            [0; 3],
            None,
        );
        let ball = format!(
            r#"{{"shape":{{"sphere":{{"radius":"1/{}"}}}},"pose":{{"translation":["3/{}","0","0"]}},"motion":{{"linear":{{"velocity":["-1/{}","0","0"]}}}}}}"#,
            HUGE[0], HUGE[1], HUGE[2]
        );
        let s = load(r#"["0","4"]"#, "0", &boxed, &ball);
        declined_and_answered(&s, outcome);
    }

    /// The box's view names the features the box's core names, for every
    /// set of corners.
    #[test]
    fn the_box_view_names_features_as_the_core() {
        let shape = crate::geom::Shape::Box(crate::geom::BoxShape::new([
            Q::from_integer(1.into()),
            Q::from_integer(2.into()),
            Q::from_integer(3.into()),
        ]));
        let core = Core::of(&shape, "box").expect("a core");
        let pose = Pose::identity();
        let side = Side {
            core: &core,
            pose: &pose,
            velocity: Vec3::zero(),
        };
        let world = World {
            a: [1, 0, 0, 0, 1, 0, 0, 0, 1],
            r: 1,
            translation: [0; 3],
            centre: [0; 3],
            h: [1, 2, 3],
            reflected: false,
            l: 1,
        };
        let view = BoxView {
            world: &world,
            den: 1,
            velocity: Vec3::zero(),
        };
        let toward = Vec3::new(1.0, 0.0, 0.0);
        for mask in 0u32..256 {
            let set: BTreeSet<usize> = (0..8).filter(|&i| mask & (1 << i) != 0).collect();
            assert_eq!(
                view.feature(&set, &toward),
                side.feature(&set, &toward),
                "{set:?}"
            );
        }
        for i in 0..8 {
            assert_eq!(view.world(i), side.world(i), "corner {i}");
        }
    }
}
