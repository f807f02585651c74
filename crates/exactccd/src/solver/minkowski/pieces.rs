//! The rounded difference `K = M + ball(D)` as a union of convex pieces,
//! and the times the relative point `x(t) = -t u` spends in each.
//!
//! A point within `D` of `M` has a nearest point of `M` inside a face, on
//! an edge or at a vertex, so `K` is the union of `M` itself, a prism of
//! height `D` over each face (both sides of a flat `M`), a finite cylinder
//! of radius `D` about each edge and a ball of radius `D` about each
//! vertex. Each piece is convex and is `{x : c_k(x) <= 0}` for conditions
//! of degree at most two in `x` that are convex: half-spaces, the slab
//! `(n . x - e)^2 <= D^2 |n|^2`, the cylinder `|e x (x - p)|^2 <= D^2
//! |e|^2`, the ball `|x - p|^2 <= D^2`. Along the line `x(t)` each
//! condition is a convex polynomial of degree at most two in `t`, so its
//! set of times in `[t0, t1]` is one closed interval; a piece's times are
//! the intersection of its conditions' intervals.
//!
//! A piece has at most one condition of degree two (the slab, the cylinder
//! or the ball), so its times are found without isolating a root: the
//! linear conditions cut `[t0, t1]` to a rational interval `[lo, hi]`, and
//! the quadratic `q` (convex: its leading coefficient is a sum of squares)
//! is non-positive on a part of it decided by the signs of `q` at `lo`, at
//! `hi` and at its vertex. An end of the part is `lo`, `hi`, the vertex (a
//! double root), or the smaller or the larger root of `q` named, not
//! computed ([`End`]); ends are compared by the same signs ([`root_vs`]),
//! and only an end that must be compared with another piece's root, or
//! that is the answer, is isolated (by the caller).
#![deny(clippy::float_arithmetic)]

use super::difference::{Difference, Shape};
use crate::geom::Vec3;
use crate::poly::Poly;
use crate::scalar::{CompactRational, FieldScalar, Ring, Scalar, Sign};
use num_integer::Integer;
use std::cmp::Ordering;

/// A scalar the pieces' conditions are written in, with the sign of a
/// condition at a time: exact for [`CompactRational`]; for `f64` zero when
/// the value is within the rounding error of its evaluation, so that a
/// touch at exactly the radius (a condition that vanishes identically or
/// at a double root) is not lost to rounding.
pub trait WorkScalar: FieldScalar {
    /// The sign of `c(t)`.
    fn sign_at(c: &Poly<Self>, t: &Self) -> Sign;

    /// The sign of a quadratic `q` (degree two, leading coefficient
    /// positive) at its vertex `-c1 / (2 c2)`.
    fn sign_at_vertex(q: &Poly<Self>) -> Sign {
        Self::sign_at(q, &vertex(q))
    }

    /// A positive integer `L` with `L x` an integer for every `x` given,
    /// when the scalar is exact and `L` fits in a machine word; `None`
    /// otherwise (always for `f64`, whose arithmetic has nothing to
    /// reduce).
    fn common_denominator<'a>(values: impl IntoIterator<Item = &'a Self>) -> Option<Self>;
}

impl WorkScalar for CompactRational {
    fn sign_at(c: &Poly<Self>, t: &Self) -> Sign {
        homogeneous_sign(c, t).unwrap_or_else(|| c.eval(t).sign())
    }

    /// `q(v) = (4 c0 c2 - c1^2) / (4 c2)` with `c2 > 0`.
    fn sign_at_vertex(q: &Poly<Self>) -> Sign {
        let (c0, c1, c2) = (coefficient(q, 0), coefficient(q, 1), coefficient(q, 2));
        let four = Self::from_i64(4);
        four.mul_ref(&c0)
            .mul_ref(&c2)
            .sub_ref(&c1.mul_ref(&c1))
            .sign()
    }

    fn common_denominator<'a>(values: impl IntoIterator<Item = &'a Self>) -> Option<Self> {
        let mut lcm: i64 = 1;
        for v in values {
            let d = v.word_denominator()?;
            lcm = (lcm / lcm.gcd(&d)).checked_mul(d)?;
        }
        Some(Self::from_i64(lcm))
    }
}

impl WorkScalar for f64 {
    fn sign_at(c: &Poly<Self>, t: &Self) -> Sign {
        crate::poly::roots_f64::sign_with_tolerance(c.coeffs(), *t)
    }

    fn common_denominator<'a>(_: impl IntoIterator<Item = &'a Self>) -> Option<Self> {
        None
    }
}

/// The sign of `c(n/d)` (`d > 0`) as that of `d^k c(n/d) = sum c_i n^i
/// d^(k-i)`, `k` the degree, by Horner's rule in `i128`, when the
/// coefficients are integers in words and no step overflows; `None`
/// otherwise. (The conditions are written in integers, [`in_integers`].)
fn homogeneous_sign(c: &Poly<CompactRational>, t: &CompactRational) -> Option<Sign> {
    let CompactRational::Word(n, d) = t else {
        return None;
    };
    let (n, d) = (i128::from(*n), i128::from(*d));
    let integer = |x: &CompactRational| match x {
        CompactRational::Word(k, 1) => Some(i128::from(*k)),
        _ => None,
    };
    let mut coeffs = c.coeffs().iter().rev();
    let Some(lead) = coeffs.next() else {
        return Some(Sign::Zero);
    };
    let mut acc = integer(lead)?;
    let mut d_power: i128 = 1;
    for ci in coeffs {
        d_power = d_power.checked_mul(d)?;
        let term = integer(ci)?.checked_mul(d_power)?;
        acc = acc.checked_mul(n)?.checked_add(term)?;
    }
    Some(Sign::from_ordering(acc.cmp(&0)))
}

fn coordinates<S>(v: &Vec3<S>) -> [&S; 3] {
    [&v.x, &v.y, &v.z]
}

/// `M`, `u` and `D` times a common denominator `L`, and each face normal
/// times its own, so that every condition is written in integers (exact
/// arithmetic then does no reduction): each condition of the scaled
/// difference is the original one times a positive constant (`L`, `L^2`,
/// `L^4`, or the normal's factor), with the same sign at every `t`. `None`
/// when the scalar has no small common denominator.
pub(super) fn in_integers<S: WorkScalar>(
    diff: &Difference<S>,
    u: &Vec3<S>,
    big_d: &S,
) -> Option<(Difference<S>, Vec3<S>, S)> {
    let values = diff
        .points
        .iter()
        .chain([u])
        .flat_map(coordinates)
        .chain([big_d]);
    let l = S::common_denominator(values)?;
    let mut scaled = diff.clone();
    for p in &mut scaled.points {
        *p = p.scale(&l);
    }
    for face in &mut scaled.faces {
        let m = S::common_denominator(coordinates(&face.normal))?;
        face.normal = face.normal.scale(&m);
        face.offset = face.normal.dot(&scaled.points[face.corners[0]]);
    }
    Some((scaled, u.scale(&l), big_d.mul_ref(&l)))
}

/// Which part of `K` a piece is; its index refers to the [`Difference`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum PieceKind {
    /// The prism over face `k` (both sides of a flat `M`).
    Face(usize),
    /// The cylinder about edge `k` of [`Difference::edges`].
    Edge(usize),
    /// The ball about point `k`.
    Vertex(usize),
    /// `M` itself, a solid.
    Solid,
}

/// A convex piece the line meets: which it is, and its one condition of
/// degree two (slab, cylinder or ball), convex, that its named roots
/// ([`End::Root`]) are roots of.
pub(super) struct Piece<S> {
    pub(super) kind: PieceKind,
    pub(super) quadratic: Option<Poly<S>>,
}

/// An interval `[lo, hi]` of times cut by conditions one at a time.
struct Cut<S> {
    lo: S,
    hi: S,
}

impl<S: WorkScalar> Cut<S> {
    /// Cuts by `c(t) <= 0`, `c` of degree at most one; false when nothing
    /// is left.
    fn by(&mut self, c: &Poly<S>) -> bool {
        cut_by_linear(c, &mut self.lo, &mut self.hi)
    }

    /// The times left after the last condition, `q`, of any degree.
    fn last(mut self, q: Option<&Poly<S>>) -> Option<Span<S>> {
        match q {
            Some(q) if q.degree() == Some(2) => cut_by_quadratic(q, self.lo, self.hi),
            Some(c) if !self.by(c) => None,
            _ => Some((End::At(self.lo), End::At(self.hi))),
        }
    }
}

/// The line `x(t) = -t u` and the radius `D`, in the scalar `S`, with the
/// conditions written along it.
struct Line<S> {
    u: Vec3<S>,
    d2: S,
}

fn poly<S: Scalar>(c: Vec<S>) -> Poly<S> {
    Poly::from_coeffs(c)
}

impl<S: Scalar> Line<S> {
    /// `n . x(t) - offset <= 0`.
    fn below(&self, n: &Vec3<S>, offset: &S) -> Poly<S> {
        poly(vec![-offset.clone(), -n.dot(&self.u)])
    }

    /// `n . x(t) - offset >= 0`.
    fn above(&self, n: &Vec3<S>, offset: &S) -> Poly<S> {
        poly(vec![offset.clone(), n.dot(&self.u)])
    }

    /// `(n . x(t) - offset)^2 <= D^2 |n|^2`.
    fn slab(&self, n: &Vec3<S>, offset: &S) -> Poly<S> {
        let (alpha, beta) = (-offset.clone(), -n.dot(&self.u));
        let two = S::from_i64(2);
        poly(vec![
            alpha.mul_ref(&alpha).sub_ref(&self.d2.mul_ref(&n.dot(n))),
            two.mul_ref(&alpha).mul_ref(&beta),
            beta.mul_ref(&beta),
        ])
    }

    /// `|x(t) - p|^2 <= D^2`: `|p|^2 + 2 t u.p + t^2 |u|^2 - D^2`.
    fn ball(&self, p: &Vec3<S>) -> Poly<S> {
        let two = S::from_i64(2);
        poly(vec![
            p.dot(p).sub_ref(&self.d2),
            two.mul_ref(&self.u.dot(p)),
            self.u.dot(&self.u),
        ])
    }

    /// `|e x (x(t) - p)|^2 <= D^2 |e|^2` with `e x (x - p) = -(e x p) - t
    /// (e x u)`.
    fn cylinder(&self, p: &Vec3<S>, e: &Vec3<S>) -> Poly<S> {
        let (w0, w1) = (e.cross(p), e.cross(&self.u));
        let two = S::from_i64(2);
        poly(vec![
            w0.dot(&w0).sub_ref(&self.d2.mul_ref(&e.dot(e))),
            two.mul_ref(&w0.dot(&w1)),
            w1.dot(&w1),
        ])
    }

    /// The side condition of a face's side `i`: `m . (x - c_i) >= 0` with
    /// `m = n x (c_{i+1} - c_i)` pointing into the polygon.
    fn inside_side(
        &self,
        diff: &Difference<S>,
        corners: &[usize],
        n: &Vec3<S>,
        i: usize,
    ) -> Poly<S> {
        let c = &diff.points[corners[i]];
        let next = &diff.points[corners[(i + 1) % corners.len()]];
        let m = n.cross(&(next - c));
        self.above(&m, &m.dot(c))
    }
}

/// The pieces of `K = M + ball(D)` along the line `x(t) = -t u` (module
/// docs), in the scalar of the difference.
pub(super) struct Pieces<'a, S> {
    diff: &'a Difference<S>,
    line: Line<S>,
    rounded: bool,
}

impl<'a, S: WorkScalar> Pieces<'a, S> {
    pub(super) fn new(diff: &'a Difference<S>, u: &Vec3<S>, big_d: &S) -> Self {
        Pieces {
            diff,
            line: Line {
                u: u.clone(),
                d2: big_d.mul_ref(big_d),
            },
            rounded: !big_d.is_zero(),
        }
    }

    /// Every piece: `M` itself when solid, the face prisms, the edge
    /// cylinders, the vertex balls; with `D = 0` only `M` (a polygon's face,
    /// a segment's edge, a point's vertex).
    pub(super) fn kinds(&self) -> Vec<PieceKind> {
        let (diff, rounded) = (self.diff, self.rounded);
        let mut out = Vec::new();
        match diff.shape {
            Shape::Solid => {
                out.push(PieceKind::Solid);
                if rounded {
                    out.extend((0..diff.faces.len()).map(PieceKind::Face));
                }
            }
            Shape::Flat => out.push(PieceKind::Face(0)),
            Shape::Segment(..) | Shape::Point(_) => {}
        }
        if rounded || matches!(diff.shape, Shape::Segment(..)) {
            out.extend((0..diff.edges.len()).map(PieceKind::Edge));
        }
        if rounded || matches!(diff.shape, Shape::Point(_)) {
            out.extend(diff.vertices().into_iter().map(PieceKind::Vertex));
        }
        out
    }

    /// The closed interval of times in `[t0, t1]` when `x(t)` is in the
    /// piece, with the piece, or `None`. The linear conditions are written
    /// and applied one at a time, stopping as soon as nothing is left;
    /// the quadratic last.
    pub(super) fn times(&self, kind: PieceKind, t0: &S, t1: &S) -> Option<(Piece<S>, Span<S>)> {
        let (diff, line) = (self.diff, &self.line);
        let mut cut = Cut {
            lo: t0.clone(),
            hi: t1.clone(),
        };
        let quadratic = match kind {
            PieceKind::Solid => {
                for f in &diff.faces {
                    if !cut.by(&line.below(&f.normal, &f.offset)) {
                        return None;
                    }
                }
                None
            }
            PieceKind::Face(k) => {
                let face = &diff.faces[k];
                let (n, offset) = (&face.normal, &face.offset);
                // a flat M's polygon has two sides: no `above`
                if matches!(diff.shape, Shape::Solid) && !cut.by(&line.above(n, offset)) {
                    return None;
                }
                for i in 0..face.corners.len() {
                    if !cut.by(&line.inside_side(diff, &face.corners, n, i)) {
                        return None;
                    }
                }
                Some(line.slab(n, offset))
            }
            PieceKind::Edge(k) => {
                let (p, q) = diff.edges[k];
                let (p, q) = (&diff.points[p], &diff.points[q]);
                let e = q - p;
                let ep = e.dot(p);
                if !cut.by(&line.above(&e, &ep))
                    || !cut.by(&line.below(&e, &ep.add_ref(&e.dot(&e))))
                {
                    return None;
                }
                Some(line.cylinder(p, &e))
            }
            PieceKind::Vertex(k) => Some(line.ball(&diff.points[k])),
        };
        let span = cut.last(quadratic.as_ref())?;
        Some((Piece { kind, quadratic }, span))
    }
}

/// One end of a piece's times.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum End<S> {
    /// A value of the scalar: `t0`, `t1`, the root of a linear condition or
    /// the double root of the quadratic.
    At(S),
    /// The smaller (`false`) or the larger (`true`) of the two distinct
    /// roots of the piece's quadratic condition.
    Root(bool),
}

/// The closed interval of times a piece holds `x(t)`: `(start, end)`.
pub(super) type Span<S> = (End<S>, End<S>);

/// `c(t) = c[0] + c[1] t + c[2] t^2`, the missing coefficients zero.
fn coefficient<S: Scalar>(c: &Poly<S>, k: usize) -> S {
    c.coeffs().get(k).cloned().unwrap_or_else(S::zero)
}

/// The vertex `-c1 / (2 c2)` of a quadratic of degree two.
pub(super) fn vertex<S: FieldScalar>(q: &Poly<S>) -> S {
    let two_c2 = coefficient(q, 2).mul_ref(&S::from_i64(2));
    -coefficient(q, 1).div_ref(&two_c2)
}

/// Cuts `[lo, hi]` by `c(t) <= 0` for `c` of degree at most one; false when
/// nothing is left.
fn cut_by_linear<S: FieldScalar>(c: &Poly<S>, lo: &mut S, hi: &mut S) -> bool {
    let (c0, c1) = (coefficient(c, 0), coefficient(c, 1));
    match c1.sign() {
        Sign::Zero => c0.sign() != Sign::Positive,
        Sign::Positive => {
            let root = -c0.div_ref(&c1);
            if root < *hi {
                *hi = root;
            }
            *lo <= *hi
        }
        Sign::Negative => {
            let root = -c0.div_ref(&c1);
            if root > *lo {
                *lo = root;
            }
            *lo <= *hi
        }
    }
}

/// The part of `[lo, hi]` where the convex quadratic `q` (degree two,
/// leading coefficient positive) is non-positive, from the signs of `q` at
/// `lo`, `hi` and its vertex (module docs).
fn cut_by_quadratic<S: WorkScalar>(q: &Poly<S>, lo: S, hi: S) -> Option<Span<S>> {
    let inside = |t: &S| S::sign_at(q, t) != Sign::Positive;
    match (inside(&lo), inside(&hi)) {
        (true, true) => Some((End::At(lo), End::At(hi))),
        (true, false) => Some((End::At(lo), End::Root(true))),
        (false, true) => Some((End::Root(false), End::At(hi))),
        (false, false) => {
            let v = vertex(q);
            if v <= lo || v >= hi {
                return None;
            }
            match S::sign_at_vertex(q) {
                Sign::Positive => None,
                Sign::Zero => Some((End::At(v.clone()), End::At(v))),
                Sign::Negative => Some((End::Root(false), End::Root(true))),
            }
        }
    }
}

/// How the `larger` (or smaller) of the two distinct roots of the piece's
/// quadratic `q` compares with the value `x`, from the sign of `q(x)` and
/// the side of the vertex `x` lies on.
pub(super) fn root_vs<S: WorkScalar>(q: &Poly<S>, larger: bool, x: &S) -> Ordering {
    root_order(S::sign_at(q, x), larger, *x < vertex(q))
}

/// How the `larger` (or smaller) of the two distinct roots of a convex
/// quadratic compares with a value `x`, from the `sign` of the quadratic
/// at `x` and whether `x` is `below_vertex`.
pub(super) fn root_order(sign: Sign, larger: bool, below_vertex: bool) -> Ordering {
    match (sign, larger) {
        // x between the roots
        (Sign::Negative, false) => Ordering::Less,
        (Sign::Negative, true) => Ordering::Greater,
        // x is the smaller root when below the vertex, else the larger
        (Sign::Zero, false) if below_vertex => Ordering::Equal,
        (Sign::Zero, false) => Ordering::Less,
        (Sign::Zero, true) if below_vertex => Ordering::Greater,
        (Sign::Zero, true) => Ordering::Equal,
        // x outside the roots: below both or above both
        (Sign::Positive, _) if below_vertex => Ordering::Greater,
        (Sign::Positive, _) => Ordering::Less,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::{isolate_roots, RealAlgebraic};
    use crate::scalar::{BigInt, BigRational};
    use proptest::prelude::*;

    fn big(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    fn quadratic<S: Scalar>(c: [i64; 3]) -> Poly<S> {
        Poly::from_coeffs(c.iter().map(|&k| S::from_i64(k)).collect())
    }

    /// Every real root of `c`, isolated (the Cauchy bound of these
    /// coefficients is below 100).
    fn all_roots(c: [i64; 3]) -> Vec<RealAlgebraic> {
        isolate_roots(&quadratic(c), &big(-1000, 1), &big(1000, 1)).expect("a non-zero polynomial")
    }

    /// The part of `[lo, hi]` where `c <= 0` by isolating the roots: for a
    /// convex `c` the hull of those of `lo`, `hi` and the roots where `c`
    /// is non-positive.
    fn by_isolation(
        c: [i64; 3],
        lo: &BigRational,
        hi: &BigRational,
    ) -> Option<(RealAlgebraic, RealAlgebraic)> {
        let p = quadratic::<BigRational>(c);
        let mut points = vec![RealAlgebraic::from_rational(lo.clone())];
        points.extend(isolate_roots(&p, lo, hi).expect("a non-zero polynomial"));
        points.push(RealAlgebraic::from_rational(hi.clone()));
        let inside: Vec<RealAlgebraic> = points
            .into_iter()
            .filter(|r| r.sign_of(&p) != Sign::Positive)
            .collect();
        Some((inside.iter().min()?.clone(), inside.iter().max()?.clone()))
    }

    /// An end of [`cut_by_quadratic`] as a real algebraic number.
    fn end_value(c: [i64; 3], end: &End<CompactRational>) -> RealAlgebraic {
        match end {
            End::At(v) => RealAlgebraic::from_rational(v.to_big()),
            End::Root(larger) => {
                let roots = all_roots(c);
                let r = if *larger { roots.last() } else { roots.first() };
                r.expect("a named root exists").clone()
            }
        }
    }

    fn ordered(a: (i64, i64), b: (i64, i64)) -> (BigRational, BigRational) {
        let (x, y) = (big(a.0, a.1), big(b.0, b.1));
        if x <= y {
            (x, y)
        } else {
            (y, x)
        }
    }

    proptest! {
        /// The signs at the ends and the vertex give the same times as
        /// isolating the quadratic's roots.
        #[test]
        fn the_sign_rules_give_the_times_isolation_gives(
            c0 in -50i64..50, c1 in -50i64..50, c2 in 1i64..20,
            a in (-40i64..40, 1i64..8), b in (-40i64..40, 1i64..8),
        ) {
            let c = [c0, c1, c2];
            let (lo, hi) = ordered(a, b);
            let span = cut_by_quadratic(
                &quadratic::<CompactRational>(c),
                CompactRational::from_big(lo.clone()),
                CompactRational::from_big(hi.clone()),
            );
            let got = span.map(|(s, e)| (end_value(c, &s), end_value(c, &e)));
            prop_assert_eq!(got, by_isolation(c, &lo, &hi));
        }

        /// A named root compares with a value as the isolated root does.
        #[test]
        fn a_named_root_compares_as_the_isolated_root(
            c0 in -50i64..50, c1 in -50i64..50, c2 in 1i64..20,
            x in (-40i64..40, 1i64..8), larger in any::<bool>(),
        ) {
            // c0 lowered, when needed, to the largest integer with a positive
            // discriminant c1^2 - 4 c0 c2: two distinct real roots, no
            // rejections at any case count
            let c0 = if c1 * c1 > 4 * c0 * c2 { c0 } else { (c1 * c1 - 1).div_euclid(4 * c2) };
            let c = [c0, c1, c2];
            let roots = all_roots(c);
            prop_assert_eq!(roots.len(), 2);
            let root = if larger { &roots[1] } else { &roots[0] };
            let x = big(x.0, x.1);
            let got = root_vs(&quadratic::<CompactRational>(c), larger, &CompactRational::from_big(x.clone()));
            prop_assert_eq!(got, root.cmp_rational(&x));
        }
    }

    proptest! {
        /// The exact sign of a condition at a time, by homogeneous Horner
        /// in `i128` where it applies, equals the sign of its value, large
        /// coefficients (overflow, then the fallback) included; and the
        /// sign at the vertex by the discriminant equals the value's.
        #[test]
        fn exact_signs_equal_the_signs_of_the_values(
            c in proptest::collection::vec(
                prop_oneof![-50i64..50, i64::MIN / 2..i64::MAX / 2], 0..4),
            n in prop_oneof![-40i64..40, i64::MIN / 2..i64::MAX / 2],
            d in prop_oneof![1i64..8, 1i64..i64::MAX / 2],
        ) {
            let p = Poly::from_coeffs(c.iter().map(|&k| CompactRational::from_i64(k)).collect());
            let t = CompactRational::from_big(big(n, d));
            prop_assert_eq!(CompactRational::sign_at(&p, &t), p.eval(&t).sign());
            if p.degree() == Some(2) && p.coeffs()[2].sign() == Sign::Positive {
                prop_assert_eq!(CompactRational::sign_at_vertex(&p), p.eval(&vertex(&p)).sign());
            }
        }

        /// At a root, `(d t - n)(a t + b)` at `t = n/d`, the sign is zero.
        #[test]
        fn the_sign_at_a_root_is_zero(
            n in -40i64..40, d in 1i64..8, a in -9i64..9, b in -9i64..9,
        ) {
            let p = Poly::from_coeffs(
                [-n * b, d * b - n * a, d * a].map(CompactRational::from_i64).to_vec(),
            );
            let t = CompactRational::from_big(big(n, d));
            prop_assert_eq!(CompactRational::sign_at(&p, &t), Sign::Zero);
        }
    }

    #[test]
    fn a_root_at_the_value_is_equal() {
        // t^2 - 3t + 2 = (t - 1)(t - 2)
        let q = quadratic::<CompactRational>([2, -3, 1]);
        let at = |n| CompactRational::from_i64(n);
        assert_eq!(root_vs(&q, false, &at(1)), Ordering::Equal);
        assert_eq!(root_vs(&q, true, &at(1)), Ordering::Greater);
        assert_eq!(root_vs(&q, false, &at(2)), Ordering::Less);
        assert_eq!(root_vs(&q, true, &at(2)), Ordering::Equal);
        // a tangent touch at the vertex is one value, not two roots
        let touch = quadratic::<CompactRational>([1, -2, 1]);
        assert_eq!(
            cut_by_quadratic(&touch, at(0), at(3)),
            Some((End::At(at(1)), End::At(at(1))))
        );
    }
}
