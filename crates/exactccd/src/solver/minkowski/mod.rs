//! The rounded Minkowski difference: the first time two translating
//! bodies come within a separation `d`, when one of them is a sphere or a
//! capsule (docs/methods/minkowski.md).
//!
//! # The method
//!
//! Under `static` and `linear` motions a body only translates: `a(t) =
//! a(0) + t v_a`. Write each shape as a core plus a radius (a sphere is its
//! centre, a capsule its segment) and `D = d + r_a + r_b`. Then
//! `dist(A(t), B(t)) <= d` iff the point `x(t) = -t u`, `u = v_b - v_a`,
//! lies within `D` of the difference of the cores at `t = 0`, `M =
//! core_B - core_A` (the classical reduction of translational contact to a
//! ray against a Minkowski sum, as in the SGM paper, "Collision prediction
//! of two oriented bounding boxes under univariate (piecewise) rational
//! motion", section III, for two boxes):
//!
//! 1. `M` is built exactly (`difference.rs`): its faces from the face
//!    normals of either core and the cross products of their edges.
//! 2. `K = M + ball(D)` is the union of convex pieces over `M`'s faces,
//!    edges and vertices, each a conjunction of convex conditions of degree
//!    at most two along the line (`pieces.rs`).
//! 3. `K` is convex and `x(t)` moves on a line, so the times of contact
//!    form one closed interval `[lo, hi]`: the smallest and the largest
//!    time over the pieces' intervals. Its ends are rationals or roots of
//!    quadratics, isolated exactly in the exact scalar
//!    ([`RealRoots`]).
//!
//! Two pairs have paths of their own, with the general method's answers:
//! in `f64` a sphere and a box, and two capsules (`fast.rs`), and exactly,
//! in machine integers, a sphere and a box in the box's frame
//! (`sphere_box.rs`) and two capsules whose segments are not parallel
//! (`capsules.rs`).
//!
//! The method shares no code with `distance` (which writes Voronoi-region
//! conditions per feature pair of the moving bodies): only the shapes'
//! cores (`crate::geom::core`) and the polynomial root finders.
#![deny(clippy::float_arithmetic)]

mod capsules;
mod difference;
mod fast;
mod integer;
mod pieces;
mod report;
mod sphere_box;

pub use self::fast::{first_contact_f64, FastAnswer, FastBody, FastContact, FastShape};
pub use self::pieces::WorkScalar;

use self::difference::Difference;
use self::pieces::{in_integers, root_vs, vertex, End, Piece, Pieces};
use self::report::Side;
use crate::budget;
use crate::geom::core::Core;
use crate::geom::Vec3;
use crate::motion::{Body, Motion};
use crate::poly::{IsolationError, Poly, RealRoots};
use crate::scalar::{BigRational, CompactRational, Scalar};
use crate::Error;
use std::cmp::Ordering;

type Q = BigRational;

/// A scalar the method answers in, with the scalar its conditions are
/// written in: exact answers write them in [`CompactRational`]s (machine
/// words while the values fit) and isolate roots in rationals; `f64`
/// writes and solves them in `f64`.
pub trait MinkowskiScalar: RealRoots {
    /// The scalar the conditions are written in.
    type Work: WorkScalar;
    /// An exact coordinate in the working scalar.
    fn work(c: &CompactRational) -> Self::Work;
    /// A working value in the answering scalar.
    fn from_work(w: &Self::Work) -> Self;
    /// The answer of a path written for the scalar alone (`f64`: a sphere
    /// and a box or two capsules, [`first_contact_f64`]), or `None` when
    /// there is none or it declines.
    fn fast(
        _a: &Body,
        _b: &Body,
        _interval: &(Q, Q),
        _separation: &Q,
    ) -> Option<MinkowskiOutcome<Self>> {
        None
    }
    /// The answer of an exact path written for a pair alone (a sphere and
    /// a box, `sphere_box.rs`, and two capsules, `capsules.rs`, in machine
    /// integers), equal to the general
    /// method's, or `None` when there is none or it declines.
    fn exact_fast(
        _a: &Body,
        _b: &Body,
        _interval: &(Q, Q),
        _separation: &Q,
    ) -> Option<Result<MinkowskiOutcome<Self>, Error>> {
        None
    }
}

impl MinkowskiScalar for BigRational {
    type Work = CompactRational;
    fn work(c: &CompactRational) -> CompactRational {
        c.clone()
    }
    fn from_work(w: &CompactRational) -> BigRational {
        w.to_rational().expect("a compact rational is finite")
    }
    fn exact_fast(
        a: &Body,
        b: &Body,
        interval: &(Q, Q),
        separation: &Q,
    ) -> Option<Result<MinkowskiOutcome<Self>, Error>> {
        sphere_box::outcome(a, b, interval, separation)
            .or_else(|| capsules::outcome(a, b, interval, separation))
    }
}

impl MinkowskiScalar for f64 {
    type Work = f64;
    fn work(c: &CompactRational) -> f64 {
        c.to_f64()
    }
    fn from_work(w: &f64) -> f64 {
        *w
    }
    fn fast(
        a: &Body,
        b: &Body,
        interval: &(Q, Q),
        separation: &Q,
    ) -> Option<MinkowskiOutcome<f64>> {
        fast::outcome(a, b, interval, separation)
    }
}

/// What the rounded Minkowski difference method found (one contact
/// interval at most: the times of contact under translation are one
/// closed interval).
pub type MinkowskiOutcome<S> = crate::solver::WithinOutcome<S, MinkowskiStats>;

/// Work counters of the method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MinkowskiStats {
    /// Points of the difference `M`.
    pub points: usize,
    /// Convex pieces of `K` tested.
    pub pieces: usize,
    /// Polynomials whose real roots were isolated.
    pub root_isolations: usize,
}

fn limit(e: IsolationError) -> Error {
    match e {
        IsolationError::BudgetExhausted => Error::limit_exceeded("the work budget is exhausted"),
        e => Error::limit_exceeded(format!("minkowski: {e}")),
    }
}

/// The constant velocity of a `static` or `linear` body; refuses others.
fn velocity(body: &Body, name: &str) -> Result<Vec3<Q>, Error> {
    match &body.motion {
        Motion::Static => Ok(Vec3::zero()),
        Motion::Linear { velocity } => Ok(velocity.clone()),
        other => Err(Error::not_applicable(format!(
            "minkowski: body {name} has a `{}` motion; the rounded Minkowski difference method \
             takes static and linear motions (translations)",
            other.kind_name()
        ))),
    }
}

/// True when the core is a point or a segment: a sphere or a capsule.
fn is_point_or_segment(core: &Core) -> bool {
    core.faces.is_empty() && core.points.len() <= 2
}

/// Whether the method takes the pair of cores: one is a sphere's or a
/// capsule's; the reason when not.
fn applies(a: &Body, b: &Body, ca: &Core, cb: &Core) -> Result<(), Error> {
    if is_point_or_segment(ca) || is_point_or_segment(cb) {
        Ok(())
    } else {
        Err(Error::not_applicable(format!(
            "minkowski: neither body is a sphere or a capsule (a {} and a {}); the rounded \
             Minkowski difference method takes a sphere or a capsule against any shape but a mesh",
            a.shape.kind_name(),
            b.shape.kind_name()
        )))
    }
}

/// The ends of the pieces' spans in the answering scalar: an end that is a
/// value is compared with a root by signs ([`root_vs`]); two roots of
/// different pieces, and the answer, are isolated, each once.
struct Ends<'a, S: MinkowskiScalar> {
    pieces: &'a [Piece<S::Work>],
    t0: S,
    t1: S,
    /// The roots isolated so far: piece, larger, the root.
    isolated: Vec<(usize, bool, S::Root)>,
}

impl<S: MinkowskiScalar> Ends<'_, S> {
    fn quadratic(&self, piece: usize) -> &Poly<S::Work> {
        self.pieces[piece]
            .quadratic
            .as_ref()
            .expect("a root end belongs to a piece with a quadratic condition")
    }

    /// The end of piece `piece` as a root in `S`.
    fn root(&mut self, piece: usize, end: &End<S::Work>) -> Result<S::Root, IsolationError> {
        let larger = match end {
            End::At(v) => return Ok(S::root_of_value(&S::from_work(v))),
            End::Root(larger) => *larger,
        };
        if let Some((.., r)) = self
            .isolated
            .iter()
            .find(|(k, l, _)| *k == piece && *l == larger)
        {
            return Ok(r.clone());
        }
        let q = self.quadratic(piece).map(S::from_work);
        let roots = S::real_roots(&q, &self.t0, &self.t1)?;
        let found = if larger { roots.last() } else { roots.first() };
        // exact arithmetic always finds the root the signs promised; `f64`
        // may round a close pair of roots away: their double root then
        let r = match found {
            Some(r) => r.clone(),
            None => S::root_of_value(&S::from_work(&vertex(self.quadratic(piece)))),
        };
        self.isolated.push((piece, larger, r.clone()));
        Ok(r)
    }

    /// How the ends `a` of piece `i` and `b` of piece `j` compare.
    fn cmp(
        &mut self,
        (i, a): (usize, &End<S::Work>),
        (j, b): (usize, &End<S::Work>),
    ) -> Result<Ordering, IsolationError> {
        Ok(match (a, b) {
            (End::At(x), End::At(y)) => x.partial_cmp(y).unwrap_or(Ordering::Equal),
            (End::Root(larger), End::At(y)) => root_vs(self.quadratic(i), *larger, y),
            (End::At(x), End::Root(larger)) => root_vs(self.quadratic(j), *larger, x).reverse(),
            (End::Root(l), End::Root(m)) if i == j => l.cmp(m),
            _ => self.root(i, a)?.cmp(&self.root(j, b)?),
        })
    }
}

/// Solves the first time `dist(a, b) <= separation` on `interval` in the
/// scalar `S` (module docs).
pub fn solve_minkowski<S: MinkowskiScalar>(
    a: &Body,
    b: &Body,
    interval: &(Q, Q),
    separation: &Q,
) -> Result<MinkowskiOutcome<S>, Error> {
    if let Some(out) = S::fast(a, b, interval, separation) {
        return Ok(out);
    }
    if let Some(out) = S::exact_fast(a, b, interval, separation) {
        return out;
    }
    solve_general(a, b, interval, separation)
}

/// [`solve_minkowski`] without the paths written for one pair and scalar:
/// the difference built and its pieces written for any pair the method
/// takes.
fn solve_general<S: MinkowskiScalar>(
    a: &Body,
    b: &Body,
    interval: &(Q, Q),
    separation: &Q,
) -> Result<MinkowskiOutcome<S>, Error> {
    let (va, vb) = (velocity(a, "a")?, velocity(b, "b")?);
    let (core_a, core_b) = (
        Core::of(&a.shape, "minkowski: body a")?,
        Core::of(&b.shape, "minkowski: body b")?,
    );
    applies(a, b, &core_a, &core_b)?;
    let big_d = separation + &core_a.radius + &core_b.radius;
    let diff = Difference::<S::Work>::new((&core_a, &core_b), (&a.pose, &b.pose), S::work);
    if !diff.is_consistent() {
        return Err(Error::not_applicable(
            "minkowski: the faces found for the difference of the cores do not close up (Euler's formula fails); the method does not guess".to_string(),
        ));
    }
    budget::check()?;
    let u: Vec3<S::Work> = Vec3::from_rational(&(&vb - &va));
    let (t0, t1) = (S::from_rational(&interval.0), S::from_rational(&interval.1));
    let work = |q: &Q| S::Work::from_rational(q);
    let big_d = work(&big_d);
    let integral = in_integers(&diff, &u, &big_d);
    let pieces = match &integral {
        Some((diff, u, big_d)) => Pieces::new(diff, u, big_d),
        None => Pieces::new(&diff, &u, &big_d),
    };
    let (w0, w1) = (work(&interval.0), work(&interval.1));
    let kinds = pieces.kinds();
    let mut met = Vec::new();
    let mut spans = Vec::new();
    for kind in &kinds {
        budget::check()?;
        if let Some((piece, span)) = pieces.times(*kind, &w0, &w1) {
            spans.push((met.len(), span));
            met.push(piece);
        }
    }
    let all = &met;
    let mut ends = Ends::<S> {
        pieces: all,
        t0: t0.clone(),
        t1,
        isolated: Vec::new(),
    };
    // the earliest start and the latest end; ties of starts go to the
    // lower-dimensional difference feature's piece in the order faces,
    // edges, vertices, the solid
    let mut first: Option<(usize, &End<S::Work>)> = None;
    let mut last: Option<(usize, &End<S::Work>)> = None;
    for (k, (start, end)) in &spans {
        let earlier = match first {
            None => true,
            Some((j, best)) => match ends.cmp((*k, start), (j, best)).map_err(limit)? {
                Ordering::Less => true,
                Ordering::Equal => all[*k].kind < all[j].kind,
                Ordering::Greater => false,
            },
        };
        if earlier {
            first = Some((*k, start));
        }
        let later = match last {
            None => true,
            Some((j, best)) => ends.cmp((*k, end), (j, best)).map_err(limit)? == Ordering::Greater,
        };
        if later {
            last = Some((*k, end));
        }
    }
    let first = match first {
        Some((k, start)) => Some((ends.root(k, start).map_err(limit)?, all[k].kind)),
        None => None,
    };
    let last = match last {
        Some((k, end)) => Some(ends.root(k, end).map_err(limit)?),
        None => None,
    };
    let stats = MinkowskiStats {
        points: diff.points.len(),
        pieces: kinds.len(),
        root_isolations: ends.isolated.len(),
    };
    let r0 = S::root_of_value(&t0);
    let found = first.as_ref().map(|(lo, kind)| {
        report::describe(
            &diff,
            *kind,
            S::root_to_f64(lo),
            (
                &Side {
                    core: &core_a,
                    pose: &a.pose,
                    velocity: va.to_f64(),
                },
                &Side {
                    core: &core_b,
                    pose: &b.pose,
                    velocity: vb.to_f64(),
                },
            ),
            core_a.radius.to_f64(),
        )
    });
    Ok(outcome(first.map(|(lo, _)| lo), last, &r0, found, stats))
}

/// The answer from the first and the last time within `D` (`r0` the time
/// `t0`), the report of the first, and the work done: the one contact
/// interval between them.
fn outcome<S: RealRoots>(
    first_contact: Option<S::Root>,
    last: Option<S::Root>,
    r0: &S::Root,
    found: Option<report::Found>,
    stats: MinkowskiStats,
) -> MinkowskiOutcome<S>
where
    S::Root: PartialEq + Clone,
{
    MinkowskiOutcome {
        collides: first_contact.is_some(),
        initially_overlapping: first_contact.as_ref() == Some(r0),
        contact_intervals: first_contact.iter().cloned().zip(last).collect(),
        features: found.as_ref().and_then(|f| f.features),
        point: found.as_ref().and_then(|f| f.point),
        normal: found.as_ref().and_then(|f| f.normal),
        first_contact,
        stats,
    }
}
