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

    /// A positive integer `L` with `L x` an integer for every `x` given,
    /// when the scalar is exact and `L` fits in a machine word; `None`
    /// otherwise (always for `f64`, whose arithmetic has nothing to
    /// reduce).
    fn common_denominator<'a>(values: impl IntoIterator<Item = &'a Self>) -> Option<Self>;
}

impl WorkScalar for CompactRational {
    fn sign_at(c: &Poly<Self>, t: &Self) -> Sign {
        c.eval(t).sign()
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

/// One convex piece: `x(t)` is in it when every condition is `<= 0`.
pub(super) struct Piece<S> {
    pub(super) kind: PieceKind,
    /// The conditions of degree at most one (half-spaces).
    pub(super) linear: Vec<Poly<S>>,
    /// The one condition of degree two (slab, cylinder or ball), convex.
    pub(super) quadratic: Option<Poly<S>>,
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

    /// The in-plane side conditions of a face: `m_k . (x - c_k) >= 0` with
    /// `m_k = n x (c_{k+1} - c_k)` pointing into the polygon.
    fn inside_sides(&self, diff: &Difference<S>, corners: &[usize], n: &Vec3<S>) -> Vec<Poly<S>> {
        let k = corners.len();
        (0..k)
            .map(|i| {
                let c = &diff.points[corners[i]];
                let next = &diff.points[corners[(i + 1) % k]];
                let m = n.cross(&(next - c));
                self.above(&m, &m.dot(c))
            })
            .collect()
    }

    fn edge_piece(&self, diff: &Difference<S>, k: usize) -> Piece<S> {
        let (p, q) = diff.edges[k];
        let (p, q) = (&diff.points[p], &diff.points[q]);
        let e = q - p;
        let ep = e.dot(p);
        Piece {
            kind: PieceKind::Edge(k),
            linear: vec![self.above(&e, &ep), self.below(&e, &ep.add_ref(&e.dot(&e)))],
            quadratic: Some(self.cylinder(p, &e)),
        }
    }

    fn face_piece(&self, diff: &Difference<S>, k: usize, flat: bool) -> Piece<S> {
        let face = &diff.faces[k];
        let (n, offset) = (&face.normal, &face.offset);
        let mut linear = Vec::new();
        if !flat {
            linear.push(self.above(n, offset));
        }
        linear.extend(self.inside_sides(diff, &face.corners, n));
        Piece {
            kind: PieceKind::Face(k),
            linear,
            quadratic: Some(self.slab(n, offset)),
        }
    }
}

/// The pieces of `K` for the relative velocity `u` (`x(t) = -t u`) and the
/// radius `D` (module docs), in the scalar of the difference. With `D = 0`
/// only `M` itself.
pub(super) fn pieces<S: Scalar>(diff: &Difference<S>, u: &Vec3<S>, big_d: &S) -> Vec<Piece<S>> {
    let line = Line {
        u: u.clone(),
        d2: big_d.mul_ref(big_d),
    };
    let rounded = !big_d.is_zero();
    let mut out = Vec::new();
    match diff.shape {
        Shape::Solid => {
            out.push(Piece {
                kind: PieceKind::Solid,
                linear: diff
                    .faces
                    .iter()
                    .map(|f| line.below(&f.normal, &f.offset))
                    .collect(),
                quadratic: None,
            });
            if rounded {
                out.extend((0..diff.faces.len()).map(|k| line.face_piece(diff, k, false)));
            }
        }
        Shape::Flat => out.push(line.face_piece(diff, 0, true)),
        Shape::Segment(..) | Shape::Point(_) => {}
    }
    let edges_needed = rounded || matches!(diff.shape, Shape::Segment(..));
    if edges_needed {
        out.extend((0..diff.edges.len()).map(|k| line.edge_piece(diff, k)));
    }
    if rounded || matches!(diff.shape, Shape::Point(_)) {
        out.extend(diff.vertices().into_iter().map(|k| Piece {
            kind: PieceKind::Vertex(k),
            linear: Vec::new(),
            quadratic: Some(line.ball(&diff.points[k])),
        }));
    }
    out
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
            match S::sign_at(q, &v) {
                Sign::Positive => None,
                Sign::Zero => Some((End::At(v.clone()), End::At(v))),
                Sign::Negative => Some((End::Root(false), End::Root(true))),
            }
        }
    }
}

/// The closed interval of times in `[t0, t1]` when `x(t)` is in the piece,
/// or `None` (module docs).
pub(super) fn piece_span<S: WorkScalar>(piece: &Piece<S>, t0: &S, t1: &S) -> Option<Span<S>> {
    let (mut lo, mut hi) = (t0.clone(), t1.clone());
    let quadratic = piece.quadratic.as_ref();
    let degree_two = quadratic.filter(|q| q.degree() == Some(2));
    let lower_degree = quadratic.filter(|q| q.degree() != Some(2));
    for c in piece.linear.iter().chain(lower_degree) {
        if !cut_by_linear(c, &mut lo, &mut hi) {
            return None;
        }
    }
    match degree_two {
        Some(q) => cut_by_quadratic(q, lo, hi),
        None => Some((End::At(lo), End::At(hi))),
    }
}

/// How the `larger` (or smaller) of the two distinct roots of the piece's
/// quadratic `q` compares with the value `x`, from the sign of `q(x)` and
/// the side of the vertex `x` lies on.
pub(super) fn root_vs<S: WorkScalar>(q: &Poly<S>, larger: bool, x: &S) -> Ordering {
    let below_vertex = *x < vertex(q);
    match (S::sign_at(q, x), larger) {
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
            let c = [c0, c1, c2];
            let roots = all_roots(c);
            prop_assume!(roots.len() == 2);
            let root = if larger { &roots[1] } else { &roots[0] };
            let x = big(x.0, x.1);
            let got = root_vs(&quadratic::<CompactRational>(c), larger, &CompactRational::from_big(x.clone()));
            prop_assert_eq!(got, root.cmp_rational(&x));
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
