//! Piecewise rational motion (`docs/FORMAT.md` 7.1): a body's motion is a list of rational pieces over consecutive
//! closed sub-intervals `[s_k, s_{k+1}]` of `[t0, t1]` (`s_0 = t0`, the last
//! `s = t1`, breakpoints rational and strictly increasing), each piece
//! written in the global time `t`, continuous at the joins.
//!
//! * [`Body::pieces_on`] cuts a body into single-motion bodies, one per
//!   piece (a body that is not piecewise is its own single piece);
//! * [`common_pieces`] merges the breakpoints of two bodies: on each common
//!   sub-interval both bodies are single rational motions, so any solver of
//!   rational motion answers it, and the answers are joined by the solver's
//!   own join code (`solver::sgm::piecewise`, `solver::sat::piecewise`);
//! * [`PiecewisePolyMotion`] is the compiled form (a [`PolyMotion`] per
//!   piece, oriented so that `w > 0` at the piece's start) with the exact
//!   continuity test: at a breakpoint `s` the world maps of both sides,
//!   `(L(s) y + T(s)) / w(s)`, are equal for every `y`, i.e.
//!   `L_l(s) w_r(s) = L_r(s) w_l(s)` and `T_l(s) w_r(s) = T_r(s) w_l(s)`
//!   (both `w(s)` are non-zero: the loader proves every piece's
//!   denominators root-free on the piece's closed sub-interval).
#![deny(clippy::float_arithmetic)]

use super::{Body, Motion, PolyMotion};
use crate::scalar::BigRational;
use num_traits::{Signed, Zero};

/// One piece of a body: on the closed sub-interval `[from, to]` the body
/// moves as `body`, a body with the same shape and pose and the piece's
/// single (non-piecewise) motion.
#[derive(Clone, Debug, PartialEq)]
pub struct BodyPiece {
    /// Start of the sub-interval.
    pub from: BigRational,
    /// End of the sub-interval.
    pub to: BigRational,
    /// The body with the piece's motion.
    pub body: Body,
}

impl Body {
    /// The body cut into its pieces over `interval` (module docs): for a
    /// [`Motion::Piecewise`] one [`BodyPiece`] per piece, else the single
    /// piece `[t0, t1]` with the body itself. The pieces tile the interval
    /// in order.
    ///
    /// ```
    /// use exactccd::geom::{BoxShape, Pose, Shape, Vec3};
    /// use exactccd::motion::{Body, Motion, MotionPiece};
    /// use exactccd::scalar::parse_number;
    /// let q = |s: &str| parse_number(s).unwrap();
    /// let body = Body {
    ///     shape: Shape::Box(BoxShape::new([q("1"), q("1"), q("1")])),
    ///     pose: Pose::identity(),
    ///     motion: Motion::Piecewise { pieces: vec![
    ///         MotionPiece { until: Some(q("1/2")), motion: Motion::Static },
    ///         MotionPiece { until: None, motion: Motion::Linear {
    ///             velocity: Vec3::new(q("0"), q("0"), q("0")) } },
    ///     ] },
    /// };
    /// let pieces = body.pieces_on(&(q("0"), q("1")));
    /// assert_eq!(pieces.len(), 2);
    /// assert_eq!((&pieces[1].from, &pieces[1].to), (&q("1/2"), &q("1")));
    /// assert_eq!(pieces[0].body.motion, Motion::Static);
    /// ```
    pub fn pieces_on(&self, interval: &(BigRational, BigRational)) -> Vec<BodyPiece> {
        let Motion::Piecewise { pieces } = &self.motion else {
            return vec![BodyPiece {
                from: interval.0.clone(),
                to: interval.1.clone(),
                body: self.clone(),
            }];
        };
        let mut from = interval.0.clone();
        let mut out = Vec::with_capacity(pieces.len());
        for piece in pieces {
            let to = piece.until.clone().unwrap_or_else(|| interval.1.clone());
            out.push(BodyPiece {
                from: from.clone(),
                to: to.clone(),
                body: Body {
                    shape: self.shape.clone(),
                    pose: self.pose.clone(),
                    motion: piece.motion.clone(),
                },
            });
            from = to;
        }
        out
    }
}

/// A common sub-interval of two bodies (see [`common_pieces`]).
#[derive(Clone, Debug, PartialEq)]
pub struct CommonPiece {
    /// Start of the sub-interval.
    pub from: BigRational,
    /// End of the sub-interval.
    pub to: BigRational,
    /// Body `a` with its motion on the sub-interval.
    pub a: Body,
    /// Body `b` with its motion on the sub-interval.
    pub b: Body,
}

/// The common sub-intervals `[s_k, s_{k+1}]` of two bodies over
/// `interval`: the breakpoints of both merged (each once), and on each
/// sub-interval the single-motion body of each. They tile the interval in
/// order; two bodies without pieces give one common piece, `[t0, t1]`.
pub fn common_pieces(
    a: &Body,
    b: &Body,
    interval: &(BigRational, BigRational),
) -> Vec<CommonPiece> {
    let pa = a.pieces_on(interval);
    let pb = b.pieces_on(interval);
    let mut cuts: Vec<BigRational> = pa
        .iter()
        .chain(pb.iter())
        .flat_map(|p| [p.from.clone(), p.to.clone()])
        .collect();
    cuts.sort();
    cuts.dedup();
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(cuts.len().saturating_sub(1));
    for w in cuts.windows(2) {
        let (from, to) = (&w[0], &w[1]);
        // advance to the piece that contains [from, to]
        while i + 1 < pa.len() && pa[i].to <= *from {
            i += 1;
        }
        while j + 1 < pb.len() && pb[j].to <= *from {
            j += 1;
        }
        out.push(CommonPiece {
            from: from.clone(),
            to: to.clone(),
            a: pa[i].body.clone(),
            b: pb[j].body.clone(),
        });
    }
    out
}

/// A piecewise polynomial motion: one compiled [`PolyMotion`] per piece
/// with its closed sub-interval, each oriented so that `w > 0` on it.
#[derive(Clone, Debug, PartialEq)]
pub struct PiecewisePolyMotion {
    /// `(from, to, motion)` per piece, tiling the interval in order.
    pub pieces: Vec<(BigRational, BigRational, PolyMotion<BigRational>)>,
}

/// The largest absolute difference between the entries of the world maps
/// `(L(s) / w(s), T(s) / w(s))` of two motions at `s`, exactly: zero
/// exactly when the maps are equal (module docs).
fn map_difference_at(
    left: &PolyMotion<BigRational>,
    right: &PolyMotion<BigRational>,
    s: &BigRational,
) -> BigRational {
    let (ml, tl) = left.eval_at(s);
    let (mr, tr) = right.eval_at(s);
    let linear = (0..3).flat_map(|i| (0..3).map(move |j| (i, j)));
    let mut worst = BigRational::zero();
    for d in linear
        .map(|(i, j)| &ml.rows[i][j] - &mr.rows[i][j])
        .chain((0..3).map(|k| &tl[k] - &tr[k]))
    {
        let d = d.abs();
        if d > worst {
            worst = d;
        }
    }
    worst
}

impl PiecewisePolyMotion {
    /// The compiled pieces of a body over `interval` ([`Body::pieces_on`]);
    /// `None` when a piece is transcendental (`screw`, `poses`, `angular`,
    /// which the loader refuses as pieces).
    pub fn from_body_on(body: &Body, interval: &(BigRational, BigRational)) -> Option<Self> {
        let mut pieces = Vec::new();
        for p in body.pieces_on(interval) {
            let m = PolyMotion::from_body_on(&p.body, &p.from)?;
            pieces.push((p.from, p.to, m));
        }
        Some(PiecewisePolyMotion { pieces })
    }

    /// The breakpoints: the ends of all pieces but the last.
    pub fn breakpoints(&self) -> Vec<BigRational> {
        let n = self.pieces.len().saturating_sub(1);
        self.pieces[..n].iter().map(|p| p.1.clone()).collect()
    }

    /// The index `k >= 1` of the first piece that does not start where
    /// piece `k - 1` ends (the world map jumps at their breakpoint), or
    /// `None` when the motion is continuous at every join.
    ///
    /// ```
    /// use exactccd::geom::{BoxShape, Pose, Shape, Vec3};
    /// use exactccd::motion::{Body, Motion, MotionPiece, PiecewisePolyMotion};
    /// use exactccd::scalar::parse_number;
    /// let q = |s: &str| parse_number(s).unwrap();
    /// let v = |x: &str| Motion::Linear { velocity: Vec3::new(q(x), q("0"), q("0")) };
    /// let mut body = Body {
    ///     shape: Shape::Box(BoxShape::new([q("1"), q("1"), q("1")])),
    ///     pose: Pose::identity(),
    ///     motion: Motion::Piecewise { pieces: vec![
    ///         MotionPiece { until: Some(q("1/2")), motion: v("2") },
    ///         MotionPiece { until: None, motion: v("2") },
    ///     ] },
    /// };
    /// let interval = (q("0"), q("1"));
    /// let m = PiecewisePolyMotion::from_body_on(&body, &interval).unwrap();
    /// assert_eq!(m.first_jump(), None);
    /// // at t = 1/2 the first piece is at x = 1, a static second piece at x = 0
    /// let Motion::Piecewise { pieces } = &mut body.motion else { unreachable!() };
    /// pieces[1].motion = Motion::Static;
    /// let m = PiecewisePolyMotion::from_body_on(&body, &interval).unwrap();
    /// assert_eq!(m.first_jump(), Some(1));
    /// ```
    pub fn first_jump(&self) -> Option<usize> {
        (1..self.pieces.len()).find(|&k| !self.jump_at(k).is_zero())
    }

    /// The size of the jump where piece `k >= 1` starts: the largest
    /// absolute difference between the entries of the world maps `(L / w,
    /// T / w)` of pieces `k - 1` and `k` at their breakpoint, exactly (zero
    /// for a continuous join). The `f64` path of the loader accepts a
    /// rounding-sized jump with it.
    pub(crate) fn jump_at(&self, k: usize) -> BigRational {
        let (left, right) = (&self.pieces[k - 1], &self.pieces[k]);
        map_difference_at(&left.2, &right.2, &right.0)
    }

    /// The motion of the first piece whose closed sub-interval holds `t`
    /// (at a breakpoint, the piece that ends there; both give the same
    /// world map when the motion is continuous). `t` outside the interval
    /// gives the first or last piece.
    pub fn piece_at(&self, t: &BigRational) -> &PolyMotion<BigRational> {
        let k = self
            .pieces
            .iter()
            .position(|p| t <= &p.1)
            .unwrap_or(self.pieces.len() - 1);
        &self.pieces[k].2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{BoxShape, Pose, Shape, Vec3};
    use crate::motion::MotionPiece;
    use crate::scalar::parse_number;

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    fn body(breaks: &[&str]) -> Body {
        let mut pieces: Vec<MotionPiece> = breaks
            .iter()
            .map(|b| MotionPiece {
                until: Some(q(b)),
                motion: Motion::Static,
            })
            .collect();
        pieces.push(MotionPiece {
            until: None,
            motion: Motion::Static,
        });
        Body {
            shape: Shape::Box(BoxShape::new([q("1"), q("1"), q("1")])),
            pose: Pose::identity(),
            motion: Motion::Piecewise { pieces },
        }
    }

    #[test]
    fn common_pieces_merge_breakpoints_once() {
        let interval = (q("0"), q("1"));
        let a = body(&["1/4", "1/2"]);
        let b = body(&["1/2", "3/4"]);
        let common = common_pieces(&a, &b, &interval);
        let ends: Vec<(BigRational, BigRational)> = common
            .iter()
            .map(|c| (c.from.clone(), c.to.clone()))
            .collect();
        let expected: Vec<(BigRational, BigRational)> =
            [("0", "1/4"), ("1/4", "1/2"), ("1/2", "3/4"), ("3/4", "1")]
                .iter()
                .map(|(x, y)| (q(x), q(y)))
                .collect();
        assert_eq!(ends, expected);
        // every common piece's bodies are single pieces
        assert!(common
            .iter()
            .all(|c| !c.a.motion.is_piecewise() && !c.b.motion.is_piecewise()));
    }

    #[test]
    fn a_body_without_pieces_is_one_piece() {
        let interval = (q("-1"), q("2"));
        let mut a = body(&[]);
        a.motion = Motion::Linear {
            velocity: Vec3::new(q("1"), q("0"), q("0")),
        };
        let common = common_pieces(&a, &body(&["1/3"]), &interval);
        assert_eq!(common.len(), 2);
        assert_eq!(common[0].a, a);
        assert_eq!(common[1].a, a);
        assert_eq!((&common[0].from, &common[1].to), (&q("-1"), &q("2")));
    }

    #[test]
    fn piece_at_takes_the_left_piece_at_a_join() {
        let interval = (q("0"), q("1"));
        let mut b = body(&["1/2"]);
        let Motion::Piecewise { pieces } = &mut b.motion else {
            unreachable!()
        };
        // first piece x = 1 - 2t (reaches 0 at 1/2), second piece at rest at 0
        pieces[0].motion = Motion::Linear {
            velocity: Vec3::new(q("-2"), q("0"), q("0")),
        };
        b.pose = Pose::from_translation(Vec3::new(q("1"), q("0"), q("0")));
        let Motion::Piecewise { pieces } = &mut b.motion else {
            unreachable!()
        };
        // static at the pose would be x = 1: a jump
        pieces[1].motion = Motion::Static;
        let m = PiecewisePolyMotion::from_body_on(&b, &interval).unwrap();
        assert_eq!(m.first_jump(), Some(1));
        assert_eq!(m.breakpoints(), vec![q("1/2")]);
        let (_, c) = m.piece_at(&q("1/2")).eval_at(&q("1/2"));
        assert_eq!(c.x, q("0"));
        let (_, c) = m.piece_at(&q("3/4")).eval_at(&q("3/4"));
        assert_eq!(c.x, q("1"));
    }

    #[test]
    fn the_f64_placement_follows_the_pieces() {
        use crate::poly::Poly;
        // x = 4 - 8t until 1/2, then x = -4 + 8t: V-shaped, 0 at the join
        let along_x = |c0: &str, c1: &str| Motion::Rational {
            quaternion: [
                Poly::constant(q("1")),
                Poly::zero(),
                Poly::zero(),
                Poly::zero(),
            ],
            translation: Vec3::new(
                Poly::from_coeffs(vec![q(c0), q(c1)]),
                Poly::zero(),
                Poly::zero(),
            ),
            denominator: Poly::constant(q("1")),
        };
        let mut b = body(&["1/2"]);
        b.motion = Motion::Piecewise {
            pieces: vec![
                MotionPiece {
                    until: Some(q("1/2")),
                    motion: along_x("4", "-8"),
                },
                MotionPiece {
                    until: None,
                    motion: along_x("-4", "8"),
                },
            ],
        };
        for (t, x) in [(0.0, 4.0), (0.25, 2.0), (0.5, 0.0), (0.75, 2.0), (1.0, 4.0)] {
            let (_, c) = b.pose_at_f64(t, &q("0"), &q("1"));
            assert_eq!(c.x, x, "t = {t}");
        }
    }
}
