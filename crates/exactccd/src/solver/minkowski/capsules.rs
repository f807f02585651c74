//! The exact answer for two capsules with segments that are not parallel,
//! under `static` and `linear` motions, in machine integers
//! (docs/methods/minkowski.md, "The exact path for two capsules").
//!
//! The algorithm is the module's (`mod.rs`, `pieces.rs`), step for step,
//! as `integer.rs` takes it on conditions in machine integers. For two segments that are not parallel the difference `M` is the
//! parallelogram `b_j - a_i` (`difference.rs`, `Difference::parallelogram`:
//! points `P0 = b0 - a0`, `P1 = b1 - a0`, `P2 = b0 - a1`, `P3 = b1 - a1`,
//! normal `n = e_a x e_b`, corners `0, 1, 3, 2` counter-clockwise about
//! `n`, edges `(0,1), (0,2), (1,3), (2,3)`), so `K = M + ball(D)` has nine
//! pieces, in the general method's order: the prism over the
//! parallelogram (its four side conditions, then the slab `(n . x -
//! n . P0)^2 <= D^2 |n|^2`), the four edge cylinders (the two end
//! conditions, then the cylinder) and the four vertex balls.
//!
//! What is this path's own is how the conditions are written. Measured with `perf`
//! on `shapes_profile` (docs/PERFORMANCE.md, "Exact capsule-capsule in
//! integers"), the general method's capsule time went to compact-rational
//! and `BigInt` arithmetic (conversions from `i128`, products, sums,
//! `div_rem`, `gcd`), little to root isolation; the difference itself is
//! already built directly (the parallelogram), so skipping it alone would
//! not remove that cost. Its conditions are of degree four in the
//! coordinates and are evaluated at cut times that are ratios of such
//! values, so for turned capsules or small gaps their signs leave `i128`
//! and fall back to big rationals. Here the world ends are
//! integers over one denominator (`R p + c` from the poses' rational
//! entries: no rotation is assumed), the common content of `M`, `u` and
//! `D` is divided out, and every direction that only orients a condition
//! (the segments' directions, `n`, the sides' normals `n x e`) is reduced
//! to a primitive integer vector. Each condition is then the general one
//! times a positive constant: the same sign at every time, the same
//! rational roots of its linear conditions, and the same primitive
//! integer quadratic, which is what an isolated root keeps. Signs at a
//! rational time `n/d` are decided as the sign of `d^2 q(n/d)` with the
//! three products formed in 256 bits (`integer.rs`'s `Wide`), so a cut
//! time may have parts up to `2^63` and a coefficient up to `2^127`; two
//! rationals compare by 256-bit cross products.
//!
//! The path declines (`None`, and the general method answers) any other
//! pair or motion, a capsule whose segment is a point, parallel segments,
//! `D = 0`, and any input or intermediate value that does not fit (every
//! `i128` operation is checked). The features, point and normal are those
//! of `report.rs`, from the one face, edge or vertex of `M` the answer
//! names, with the values the general difference holds.
#![deny(clippy::float_arithmetic)]

use super::integer::{
    add, answer, dot, lcm, mul, neg, sub, takes, velocity, word, Checked, Conditions, Cut, Frac,
    Overflow, Times, Wide, Q,
};
use super::pieces::PieceKind;
use super::report::{self, nearest_on_plane, nearest_on_segment, ratio_to_f64, Geometry, View};
use super::MinkowskiOutcome;
use crate::geom::{Capsule, Feature, Shape, Vec3};
use crate::motion::Body;
use crate::scalar::{BigInt, Scalar};
use crate::Error;
use num_integer::Integer;
use std::collections::BTreeSet;

type V = [i128; 3];

fn minus(a: &V, b: &V) -> Checked<V> {
    Ok([sub(a[0], b[0])?, sub(a[1], b[1])?, sub(a[2], b[2])?])
}

fn cross(a: &V, b: &V) -> Checked<V> {
    Ok([
        sub(mul(a[1], b[2])?, mul(a[2], b[1])?)?,
        sub(mul(a[2], b[0])?, mul(a[0], b[2])?)?,
        sub(mul(a[0], b[1])?, mul(a[1], b[0])?)?,
    ])
}

fn negated(a: &V) -> Checked<V> {
    Ok([neg(a[0])?, neg(a[1])?, neg(a[2])?])
}

/// `a` divided by the gcd of its coordinates: the same direction, a
/// positive multiple; `None` for the zero vector.
fn primitive(a: &V) -> Option<V> {
    if a.contains(&i128::MIN) {
        return None;
    }
    let g = a[0].gcd(&a[1]).gcd(&a[2]);
    (g != 0).then(|| a.map(|x| x / g))
}

/// The edges of `M` (`Difference::parallelogram`'s, in order).
const EDGES: [(usize, usize); 4] = [(0, 1), (0, 2), (1, 3), (2, 3)];

/// The line `x(t) = -t u` and `M` in integers, every condition the
/// general method's times a positive constant (module docs).
struct Frame {
    /// `M`'s points, `u` and `D`, over one positive scale.
    p: [V; 4],
    u: V,
    big_d: i128,
    /// The primitive normal `e_a x e_b` and the primitive normals `n x
    /// e_b`, `n x e_a` of the parallelogram's sides.
    n: V,
    side_b: V,
    side_a: V,
    /// The primitive directions of the edges `EDGES`, each `q - p`.
    edge: [V; 4],
    /// The world the report reads.
    world: World,
}

impl Frame {
    /// `m . x(t) >= m . c` as `c0 + c1 t <= 0`: `(m . c, m . u)`.
    fn above(&self, m: &V, c: &V) -> Checked<(i128, i128)> {
        Ok((dot(m, c)?, dot(m, &self.u)?))
    }
}

impl Conditions for Frame {
    type Signs = Wide;
    const POINTS: usize = 4;
    const PIECES: usize = 9;

    /// `Pieces::kinds` for a flat `M` of four corners and `D > 0`.
    fn kinds() -> impl Iterator<Item = PieceKind> {
        std::iter::once(PieceKind::Face(0))
            .chain((0..4).map(PieceKind::Edge))
            .chain((0..4).map(PieceKind::Vertex))
    }

    fn times(&self, kind: PieceKind, t: (Frac, Frac)) -> Checked<Times> {
        let mut cut = Cut::<Wide>::new(t);
        let d2 = mul(self.big_d, self.big_d)?;
        let p = &self.p;
        let quadratic = match kind {
            PieceKind::Face(_) => {
                // the sides from corner 0 to 1, 1 to 3, 3 to 2, 2 to 0:
                // along e_b, -e_a, -e_b, e_a, each normal `n x side`
                let (minus_a, minus_b) = (negated(&self.side_a)?, negated(&self.side_b)?);
                for (m, c) in [
                    (&self.side_b, &p[0]),
                    (&minus_a, &p[1]),
                    (&minus_b, &p[3]),
                    (&self.side_a, &p[2]),
                ] {
                    let (c0, c1) = self.above(m, c)?;
                    if !cut.by(c0, c1)? {
                        return Ok(None);
                    }
                }
                // (n . x - n . P0)^2 <= D^2 |n|^2
                let (alpha, beta) = (neg(dot(&self.n, &p[0])?)?, neg(dot(&self.n, &self.u)?)?);
                [
                    sub(mul(alpha, alpha)?, mul(d2, dot(&self.n, &self.n)?)?)?,
                    mul(2, mul(alpha, beta)?)?,
                    mul(beta, beta)?,
                ]
            }
            PieceKind::Edge(k) => {
                let (i, j) = EDGES[k];
                let e = &self.edge[k];
                // e . x >= e . p_i and e . x <= e . p_j
                let (c0, c1) = self.above(e, &p[i])?;
                if !cut.by(c0, c1)? {
                    return Ok(None);
                }
                let (c0, c1) = self.above(e, &p[j])?;
                if !cut.by(neg(c0)?, neg(c1)?)? {
                    return Ok(None);
                }
                // |e x (x - p_i)|^2 <= D^2 |e|^2
                let (w0, w1) = (cross(e, &p[i])?, cross(e, &self.u)?);
                [
                    sub(dot(&w0, &w0)?, mul(d2, dot(e, e)?)?)?,
                    mul(2, dot(&w0, &w1)?)?,
                    dot(&w1, &w1)?,
                ]
            }
            PieceKind::Vertex(k) => [
                sub(dot(&p[k], &p[k])?, d2)?,
                mul(2, dot(&self.u, &p[k])?)?,
                dot(&self.u, &self.u)?,
            ],
            PieceKind::Solid => unreachable!("a flat difference has no solid piece"),
        };
        Ok(cut.last(&quadratic)?.map(|span| (Some(quadratic), span)))
    }

    fn describe(&self, bodies: (&Body, &Body), kind: PieceKind, t: f64) -> Checked<report::Found> {
        Ok(describe(bodies, &self.world, kind, t))
    }
}

/// The world ends of the two segments at `t = 0` over one denominator:
/// what the report reads of `M` and of the bodies.
struct World {
    /// `a0, a1, b0, b1` times `den`.
    ends: [V; 4],
    den: i128,
}

impl World {
    fn end_f64(&self, k: usize) -> Vec3<f64> {
        Vec3::from_array(self.ends[k].map(|x| ratio_to_f64(x, self.den)))
    }

    /// The point `k = 2 i + j` of `M`, `b_j - a_i`, times `den`.
    fn point(&self, k: usize) -> Checked<V> {
        minus(&self.ends[2 + k % 2], &self.ends[k / 2])
    }

    fn point_f64(&self, k: usize) -> Option<Vec3<f64>> {
        let p = self.point(k).ok()?;
        Some(Vec3::from_array(p.map(|x| ratio_to_f64(x, self.den))))
    }

    /// The general difference's face normal `(a1 - a0) x (b1 - b0)` and
    /// offset `n . P0` in `f64`, as its exact values round.
    fn plane_f64(&self) -> (Vec3<f64>, f64) {
        let small = || -> Checked<(Vec3<f64>, f64)> {
            let ea = minus(&self.ends[1], &self.ends[0])?;
            let eb = minus(&self.ends[3], &self.ends[2])?;
            let n = cross(&ea, &eb)?;
            let d2 = mul(self.den, self.den)?;
            let offset = dot(&n, &self.point(0)?)?;
            Ok((
                Vec3::from_array(n.map(|x| ratio_to_f64(x, d2))),
                ratio_to_f64(offset, mul(d2, self.den)?),
            ))
        };
        small().unwrap_or_else(|_| {
            let big = |k: usize| {
                Vec3::from_array(
                    self.ends[k].map(|x| Q::new(BigInt::from(x), BigInt::from(self.den))),
                )
            };
            let (a0, a1, b0, b1) = (big(0), big(1), big(2), big(3));
            let n = (&a1 - &a0).cross(&(&b1 - &b0));
            let offset = n.dot(&(&b0 - &a0));
            (n.to_f64(), offset.to_f64())
        })
    }
}

impl Geometry for World {
    fn feature_points(&self, kind: PieceKind) -> Vec<usize> {
        match kind {
            PieceKind::Face(_) => vec![0, 1, 2, 3],
            PieceKind::Edge(k) => vec![EDGES[k].0, EDGES[k].1],
            PieceKind::Vertex(k) => vec![k],
            PieceKind::Solid => Vec::new(),
        }
    }

    fn origin(&self, k: usize) -> (usize, usize) {
        (k / 2, k % 2)
    }

    fn nearest(&self, kind: PieceKind, x: &Vec3<f64>) -> Option<Vec3<f64>> {
        match kind {
            PieceKind::Face(_) => {
                let (normal, offset) = self.plane_f64();
                Some(nearest_on_plane(&normal, offset, x))
            }
            PieceKind::Edge(k) => {
                let (p, q) = EDGES[k];
                Some(nearest_on_segment(
                    &self.point_f64(p)?,
                    &self.point_f64(q)?,
                    x,
                ))
            }
            PieceKind::Vertex(k) => self.point_f64(k),
            PieceKind::Solid => None,
        }
    }
}

/// The report's view of a capsule (`report::View`), as `report::Side`
/// gives it from the capsule's core: its caps are its two points, its
/// side the edge between them.
struct CapsuleView {
    ends: [Vec3<f64>; 2],
    velocity: Vec3<f64>,
}

impl View for CapsuleView {
    fn velocity(&self) -> &Vec3<f64> {
        &self.velocity
    }

    fn world(&self, i: usize) -> Vec3<f64> {
        self.ends[i].clone()
    }

    fn feature(&self, set: &BTreeSet<usize>, _toward: &Vec3<f64>) -> Option<Feature> {
        match set.len() {
            1 => Some(Feature::CapsuleCap(*set.first()?)),
            2 => Some(Feature::CapsuleSide),
            _ => None,
        }
    }
}

/// A vector of rationals in words.
fn words(v: &Vec3<Q>) -> Option<[(i128, i128); 3]> {
    Some([word(&v.x)?, word(&v.y)?, word(&v.z)?])
}

/// The line and `M` in integers with the world for the report, and the
/// interval `(t0, t1)`.
type Setting = (Frame, (Frac, Frac));

/// The [`Setting`] of two capsules; `None` when the path declines.
fn frame(
    (a, b): (&Body, &Body),
    (ca, cb): (&Capsule<Q>, &Capsule<Q>),
    big_d: (i128, i128),
    interval: &(Q, Q),
) -> Checked<Option<Setting>> {
    let Some((rot, rest, t0, t1)) = (|| {
        let mut rot = Vec::with_capacity(18);
        for body in [a, b] {
            for row in &body.pose.rotation.rows {
                for x in row {
                    rot.push(word(x)?);
                }
            }
        }
        let mut rest = Vec::with_capacity(25);
        for (body, c) in [(a, ca), (b, cb)] {
            for v in [&c.a, &c.b, &body.pose.translation] {
                rest.extend(words(v)?);
            }
            match velocity(body) {
                Some(v) => rest.extend(words(v)?),
                None => rest.extend([(0, 1); 3]),
            }
        }
        rest.push(big_d);
        Some((rot, rest, word(&interval.0)?, word(&interval.1)?))
    })() else {
        return Ok(None);
    };
    // each rotation R = A / r with A integer; the rest over l
    let r: Vec<i128> = [&rot[..9], &rot[9..]]
        .iter()
        .map(|m| m.iter().try_fold(1, |l, &(_, d)| lcm(l, d)))
        .collect::<Checked<_>>()?;
    let matrix = |m: usize| -> Checked<Vec<i128>> {
        rot[9 * m..9 * m + 9]
            .iter()
            .map(|&(n, d)| mul(n, r[m] / d))
            .collect()
    };
    let matrices = [matrix(0)?, matrix(1)?];
    let l = rest.iter().try_fold(1, |l, &(_, d)| lcm(l, d))?;
    let ints: Vec<i128> = rest
        .iter()
        .map(|&(n, d)| mul(n, l / d))
        .collect::<Checked<_>>()?;
    let vector = |k: usize| [ints[k], ints[k + 1], ints[k + 2]];
    // body m: ends at 12 m, 12 m + 3, translation 12 m + 6, velocity
    // 12 m + 9; world end = r_other (A p + r c), times l r_a r_b
    let mut ends = [[0; 3]; 4];
    for m in 0..2 {
        let (a, own, other) = (&matrices[m], r[m], r[1 - m]);
        let c = vector(12 * m + 6);
        for e in 0..2 {
            let p = vector(12 * m + 3 * e);
            for i in 0..3 {
                let x = add(dot(&a[3 * i..3 * i + 3], &p)?, mul(own, c[i])?)?;
                ends[2 * m + e][i] = mul(other, x)?;
            }
        }
    }
    let scale = mul(r[0], r[1])?;
    let den = mul(l, scale)?;
    let (va, vb) = (vector(9), vector(21));
    let mut u = [0; 3];
    for i in 0..3 {
        u[i] = mul(scale, sub(vb[i], va[i])?)?;
    }
    let mut big_d = mul(scale, ints[24])?;
    if big_d <= 0 {
        return Ok(None);
    }
    let world = World { ends, den };
    let mut p = [[0; 3]; 4];
    for (k, pk) in p.iter_mut().enumerate() {
        *pk = world.point(k)?;
    }
    // the common content of M, u and D divided out (gcd takes no i128::MIN)
    if p.iter().chain([&u]).flatten().any(|&x| x == i128::MIN) {
        return Ok(None);
    }
    let g = p
        .iter()
        .chain([&u])
        .flatten()
        .fold(big_d, |g, &x| g.gcd(&x));
    for x in p.iter_mut().flatten().chain(u.iter_mut()) {
        *x /= g;
    }
    big_d /= g;
    let Some(ea) = primitive(&minus(&ends[1], &ends[0])?) else {
        return Ok(None);
    };
    let Some(eb) = primitive(&minus(&ends[3], &ends[2])?) else {
        return Ok(None);
    };
    let Some(n) = primitive(&cross(&ea, &eb)?) else {
        return Ok(None);
    };
    let side = |e: &V| -> Checked<V> { primitive(&cross(&n, e)?).ok_or(Overflow) };
    let (side_b, side_a) = (side(&eb)?, side(&ea)?);
    let minus_a = negated(&ea)?;
    let frame = Frame {
        p,
        u,
        big_d,
        n,
        side_b,
        side_a,
        edge: [eb, minus_a, minus_a, eb],
        world,
    };
    let (t0, t1) = (Frac::new(t0.0, t0.1)?, Frac::new(t1.0, t1.1)?);
    Ok(Some((frame, (t0, t1))))
}

/// The exact answer for two capsules (module docs), or `None` when the
/// path declines (the general method then answers).
pub(super) fn outcome(
    a: &Body,
    b: &Body,
    interval: &(Q, Q),
    separation: &Q,
) -> Option<Result<MinkowskiOutcome<Q>, Error>> {
    let (Shape::Capsule(ca), Shape::Capsule(cb)) = (&a.shape, &b.shape) else {
        return None;
    };
    if !takes(a) || !takes(b) {
        return None;
    }
    if ca.a == ca.b || cb.a == cb.b {
        return None;
    }
    let big_d = word(&(separation + &ca.radius + &cb.radius))?;
    let (frame, t) = frame((a, b), (ca, cb), big_d, interval).ok().flatten()?;
    answer((a, b), &frame, t, interval)
}

/// The report of the first contact in the piece `kind` at time `t`, as the
/// general method writes it.
fn describe((a, b): (&Body, &Body), world: &World, kind: PieceKind, t: f64) -> report::Found {
    let view = |body: &Body, m: usize| CapsuleView {
        ends: [world.end_f64(2 * m), world.end_f64(2 * m + 1)],
        velocity: velocity(body).map_or_else(Vec3::zero, Vec3::to_f64),
    };
    let Shape::Capsule(ca) = &a.shape else {
        unreachable!("body a is a capsule")
    };
    let radius = Scalar::to_f64(&ca.radius);
    report::describe(world, kind, t, (&view(a, 0), &view(b, 1)), radius)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motion::Motion;
    use crate::poly::RealAlgebraic;
    use crate::solver::minkowski::integer::scenarios::{
        answer_text, body, declined_and_answered, load, turn_b, vec_text, HUGE,
    };
    use crate::solver::minkowski::solve_general;
    use crate::Scenario;
    use proptest::prelude::*;
    use std::cmp::Ordering;

    fn capsule(p: [i64; 3], q: [i64; 3], den: i64, radius: &str) -> String {
        format!(
            r#"{{"capsule":{{"a":{},"b":{},"radius":"{radius}"}}}}"#,
            vec_text(p, den),
            vec_text(q, den)
        )
    }

    /// True when the world segments are parallel or one is a point: the
    /// pairs the path leaves to the general method.
    fn parallel(s: &Scenario) -> bool {
        let (a, b) = s.bodies().expect("two bodies");
        let direction = |body: &Body| {
            let Shape::Capsule(c) = &body.shape else {
                unreachable!("capsules")
            };
            body.pose.apply_direction(&(&c.b - &c.a))
        };
        direction(a).cross(&direction(b)).is_zero()
    }

    /// The path answers the scenario (or declines it, when `may_decline`
    /// or the segments are parallel), exactly as the general method does.
    fn agrees(s: &Scenario, may_decline: bool) -> Result<(), TestCaseError> {
        let (a, b) = s.bodies().expect("two bodies");
        let Some(fast) = outcome(a, b, &s.interval, &s.separation) else {
            prop_assert!(may_decline || parallel(s), "declined");
            return Ok(());
        };
        prop_assert!(!parallel(s), "answered a parallel pair");
        let general = solve_general::<Q>(a, b, &s.interval, &s.separation);
        prop_assert_eq!(
            answer_text(&fast.expect("an answer")),
            answer_text(&general.expect("an answer"))
        );
        Ok(())
    }

    /// The path's answer, which must be given.
    fn answer(s: &Scenario) -> MinkowskiOutcome<Q> {
        let (a, b) = s.bodies().expect("two bodies");
        outcome(a, b, &s.interval, &s.separation)
            .expect("the path answers")
            .expect("an answer")
    }

    const KMAX: u32 = 20;

    fn quaternion() -> impl Strategy<Value = [i64; 4]> {
        prop_oneof![Just([1, 0, 0, 0]), [-3i64..4, -3i64..4, -3i64..4, -3i64..4]]
    }

    fn point() -> impl Strategy<Value = [i64; 3]> {
        [-8i64..9, -8i64..9, -8i64..9]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Two random capsules, each turned by a random integer
        /// quaternion, either at rest, any separation: the integer path
        /// gives the general method's answer, isolating intervals,
        /// features, point, normal and counters.
        #[test]
        fn the_integer_path_is_the_general_method(
            ends in [point(), point(), point(), point()],
            qa in quaternion(), qb in quaternion(),
            at in point(), aim in [-3i64..4, -3i64..4, -3i64..4],
            a_vel in prop::option::of([-2i64..3, -2i64..3, -2i64..3]),
            moving in any::<bool>(),
            radii in (1i64..5, 1i64..5), sep in 0i64..3, t1 in 1i64..4,
        ) {
            let a = body(&capsule(ends[0], ends[1], 4, &format!("{}/8", radii.0)), qa, [0; 3], a_vel, 2);
            // b aimed at `aim`, near a, at t = 1
            let vel = [aim[0] - at[0], aim[1] - at[1], aim[2] - at[2]];
            let b = body(
                &capsule(ends[2], ends[3], 4, &format!("{}/8", radii.1)),
                qb, at, moving.then_some(vel), 2,
            );
            agrees(&load(&format!(r#"["0","{t1}"]"#), &format!("{sep}/4"), &a, &b), false)?;
        }

        /// The bench's near misses and touches: `b` crossing over `a` in a
        /// parallel plane at a gap of `2^-k` or exactly `0`, both turned by
        /// one rotation, `b` sliding in its plane or sinking onto `a`.
        #[test]
        fn grazing_capsules_get_the_general_answers(
            q in quaternion(), k in 0u32..30, len in 1i64..5,
            m in 1i64..4, n in -3i64..4, x0 in -3i64..4, dx in -2i64..3,
            touch in any::<bool>(), sink in any::<bool>(), swap in any::<bool>(),
        ) {
            // a along x in z = 0, radius 1/4; b's segment from -(m, n) to
            // (m, n) over 2, radius 1/8, in z = 3/8 + gap, gap = 2^-k / 8
            // or 0, from y = -3; sinking, b closes the gap at t = 1
            let den = 8i128 << k;
            let z = 3 * (1i128 << k) + i128::from(!touch);
            let start = format!(r#"["{}/6","-3","{z}/{den}"]"#, len * x0);
            let velocity = if sink {
                format!(r#"["{dx}/4","6","-{}/{den}"]"#, i128::from(!touch))
            } else {
                format!(r#"["{dx}/4","6","0"]"#)
            };
            let qs = if q == [0; 4] { [1, 0, 0, 0] } else { q };
            let quat = format!(r#"["{}","{}","{}","{}"]"#, qs[0], qs[1], qs[2], qs[3]);
            let a = format!(
                r#"{{"shape":{},"pose":{{"quaternion":{quat}}}}}"#,
                capsule([-len, 0, 0], [len, 0, 0], 1, "1/4")
            );
            let b = format!(
                r#"{{"shape":{},"pose":{{"quaternion":{quat},"translation":{start}}},"motion":{{"linear":{{"velocity":{velocity}}}}}}}"#,
                capsule([-m, -n, 0], [m, n, 0], 2, "1/8")
            );
            // b's start and velocity into the turned frame
            let mut s = load(r#"["0","1"]"#, "0", &a, &b);
            turn_b(&mut s, swap);
            agrees(&s, k > KMAX)?;
        }

        /// Contact exactly at an end of the interval: `b` sinks onto `a`
        /// (over its side, its cap or past its end) and touches at
        /// exactly `t1`, or starts at exactly the separation (`t0`).
        #[test]
        fn touches_at_the_ends_of_the_interval(
            q in quaternion(), h in 1i64..6, speed in 1i64..4, x in -6i64..7,
            tilt in -2i64..3, at_start in any::<bool>(), swap in any::<bool>(),
            sep in 0i64..3,
        ) {
            // a from (-2, 0, 0) to (2, 0, 0); b from (x, -1, ht) to (x + tilt,
            // 1, ht) over 2, radii 1/2: D = 1 + sep/4
            let big_d = 4 + sep; // over 4
            let height = if at_start { big_d } else { big_d + 4 * h * speed };
            let a = body(&capsule([-4, 0, 0], [4, 0, 0], 2, "1/2"), q, [0; 3], None, 1);
            let b = body(
                &capsule([x, -2, 0], [x + tilt, 2, 0], 2, "1/2"),
                q, [0, 0, 0], None, 1,
            );
            let mut s = load(&format!(r#"["0","{h}"]"#), &format!("{sep}/4"), &a, &b);
            // b lifted and sinking in a's frame
            let (_, y) = s.bodies_mut().expect("two bodies");
            y.pose.translation = Vec3::new(Q::from_integer(0.into()), Q::from_integer(0.into()), Q::new(height.into(), 4.into()));
            let down = Vec3::new(Q::from_integer(0.into()), Q::from_integer(0.into()), Q::from_integer((-speed).into()));
            y.motion = Motion::Linear { velocity: down };
            turn_b(&mut s, swap);
            agrees(&s, false)?;
            // over a's segment (b crosses y = 0 at x/2 + tilt/4) the
            // contact is at exactly the end
            if (2 * x + tilt).abs() <= 8 {
                let out = answer(&s);
                let end = Q::from_integer(if at_start { 0 } else { h }.into());
                let first = out.first_contact.expect("a contact");
                prop_assert_eq!(first.cmp_rational(&end), Ordering::Equal);
            }
        }
    }

    /// A capsule at rest along x from `-1` to `1`, radius `1/2`.
    fn along_x() -> String {
        body(
            &capsule([-1, 0, 0], [1, 0, 0], 1, "1/2"),
            [1, 0, 0, 0],
            [0; 3],
            None,
            1,
        )
    }

    /// Two crossing capsules, worked by hand: `a` along x from `-1` to
    /// `1`, `b` along y three above it sinking at `3/2`, radii `1/2`, so
    /// the segments come within `D = 1` when `3 - 3t/2 = 1`, at `t = 4/3`,
    /// side against side; then `b` along z at `x = 4` moving left at
    /// `3/2`, within `1` of `a`'s end `(1, 0, 0)` when `3 - 3t/2 = 1`
    /// again, `a`'s cap against `b`'s side.
    #[test]
    fn crossing_capsules_meet_when_worked_by_hand() {
        // `a` against `b` meets first at t = 4/3 in the features given
        let meets = |b: &str, features: (Feature, Feature)| {
            let s = load(r#"["0","4"]"#, "0", &along_x(), b);
            let out = answer(&s);
            assert_eq!(
                out.first_contact.as_ref().map(ToString::to_string),
                Some(RealAlgebraic::from_rational(Q::new(4.into(), 3.into())).to_string())
            );
            assert_eq!(out.features, Some(features));
            agrees(&s, false).expect("the general answer");
            out
        };
        let b = body(
            &capsule([0, -1, 0], [0, 1, 0], 1, "1/2"),
            [1, 0, 0, 0],
            [0, 0, 6],
            Some([0, 0, -3]),
            2,
        );
        let out = meets(&b, (Feature::CapsuleSide, Feature::CapsuleSide));
        assert_eq!(out.normal, Some([0.0, 0.0, 1.0]));
        assert_eq!(out.point, Some([0.0, 0.0, 0.5]));
        let b = body(
            &capsule([0, 0, -1], [0, 0, 1], 1, "1/2"),
            [1, 0, 0, 0],
            [8, 0, 0],
            Some([-3, 0, 0]),
            2,
        );
        meets(&b, (Feature::CapsuleCap(1), Feature::CapsuleSide));
    }

    #[test]
    fn parallel_segments_and_point_capsules_are_declined() {
        // a segment parallel to a's, and a point
        for (p, q) in [([-2, 0, 0], [3, 0, 0]), ([2, 2, 0], [2, 2, 0])] {
            let b = body(
                &capsule(p, q, 1, "1/2"),
                [1, 0, 0, 0],
                [0, 0, 6],
                Some([0, 0, -3]),
                2,
            );
            let s = load(r#"["0","4"]"#, "0", &along_x(), &b);
            let (x, y) = s.bodies().expect("two bodies");
            assert!(outcome(x, y, &s.interval, &s.separation).is_none());
        }
    }

    #[test]
    fn values_beyond_the_integers_are_declined() {
        let a = along_x();
        let b = format!(
            r#"{{"shape":{{"capsule":{{"a":["0","-1","0"],"b":["0","1","0"],"radius":"1/{}"}}}},"pose":{{"translation":["0","0","3/{}"]}},"motion":{{"linear":{{"velocity":["0","0","-1/{}"]}}}}}}"#,
            HUGE[0], HUGE[1], HUGE[2]
        );
        let s = load(r#"["0","4"]"#, "0", &a, &b);
        declined_and_answered(&s, outcome);
    }
}
