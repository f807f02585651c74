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
//! set of times in `[t0, t1]` is one closed interval, found from its signs
//! at the ends and its real roots between; a piece's times are the
//! intersection of its conditions' intervals.
#![deny(clippy::float_arithmetic)]

use super::difference::{Difference, Shape};
use crate::geom::Vec3;
use crate::poly::{IsolationError, Poly, RealRoots};
use crate::scalar::{Scalar, Sign};

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
    pub(super) conditions: Vec<Poly<S>>,
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
            conditions: vec![
                self.above(&e, &ep),
                self.below(&e, &ep.add_ref(&e.dot(&e))),
                self.cylinder(p, &e),
            ],
        }
    }

    fn face_piece(&self, diff: &Difference<S>, k: usize, flat: bool) -> Piece<S> {
        let face = &diff.faces[k];
        let (n, offset) = (&face.normal, &face.offset);
        let mut conditions = Vec::new();
        if !flat {
            conditions.push(self.above(n, offset));
        }
        conditions.extend(self.inside_sides(diff, &face.corners, n));
        conditions.push(self.slab(n, offset));
        Piece {
            kind: PieceKind::Face(k),
            conditions,
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
                conditions: diff
                    .faces
                    .iter()
                    .map(|f| line.below(&f.normal, &f.offset))
                    .collect(),
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
            conditions: vec![line.ball(&diff.points[k])],
        }));
    }
    out
}

/// A closed interval of times, its ends real roots.
pub(super) type Span<S> = (<S as RealRoots>::Root, <S as RealRoots>::Root);

/// The closed interval of times in `[t0, t1]` when `x(t)` is in the piece,
/// or `None`; `isolations` counts the polynomials whose roots were found.
pub(super) fn piece_times<S: RealRoots>(
    piece: &Piece<S>,
    t0: &S,
    t1: &S,
    isolations: &mut usize,
) -> Result<Option<Span<S>>, IsolationError> {
    let (r0, r1) = (S::root_of_value(t0), S::root_of_value(t1));
    let (mut lo, mut hi) = (r0.clone(), r1.clone());
    // the linear conditions first: they are cheap and often decide
    let mut order: Vec<&Poly<S>> = piece.conditions.iter().collect();
    order.sort_by_key(|c| c.degree().unwrap_or(0));
    for c in order {
        if c.is_constant() {
            if c.eval(t0).sign() == Sign::Positive {
                return Ok(None);
            }
            continue;
        }
        let (start_in, end_in) = (
            c.eval(t0).sign() != Sign::Positive,
            c.eval(t1).sign() != Sign::Positive,
        );
        // convex in t: non-positive at both ends is non-positive between
        let (l, h) = if start_in && end_in {
            (r0.clone(), r1.clone())
        } else {
            *isolations += 1;
            let roots = S::real_roots(c, t0, t1)?;
            let (Some(first), Some(last)) = (roots.first(), roots.last()) else {
                return Ok(None);
            };
            (
                if start_in { r0.clone() } else { first.clone() },
                if end_in { r1.clone() } else { last.clone() },
            )
        };
        if l > lo {
            lo = l;
        }
        if h < hi {
            hi = h;
        }
        if lo > hi {
            return Ok(None);
        }
    }
    Ok(Some((lo, hi)))
}
