//! The general method's steps (`mod.rs`, `pieces.rs`) on conditions
//! written in machine integers: what the exact paths for a sphere and a
//! box (`sphere_box.rs`) and for two capsules (`capsules.rs`) share
//! (docs/methods/minkowski.md, "The exact path for a sphere and a box").
//!
//! A path writes each piece of `K = M + ball(D)` as linear conditions
//! `c0 + c1 t <= 0` and at most one convex quadratic `c0 + c1 t + c2 t^2
//! <= 0` in `i128`, each the general method's condition times a positive
//! constant (the same signs at every time, the same rational roots, the
//! same primitive integer quadratic, which is what an isolated root
//! keeps), and says how it reports a contact ([`Conditions`]). The rest
//! is here, step for step as the general method takes it: the pieces in
//! its order, each cut by its linear conditions and then by its quadratic
//! by the signs at the ends and at the vertex ([`Cut`]); the same ends
//! named ([`End`]); the earliest start and the latest end found by the
//! same comparisons with the same tie rule (a tie of starts goes to the
//! lower-dimensional feature's piece); a rational against a named root
//! decided by signs ([`root_vs`]); and two roots of different pieces, and
//! the answer's ends, isolated as the general method isolates them, each
//! once ([`Ends`]).
//!
//! Two named roots of different pieces are isolated and compared though
//! the integers could compare them by signs: an isolated root's interval
//! is shared by its clones and narrowed by every comparison, and the
//! answer prints it, so the same comparisons on the same roots in the
//! same order are what keep the printed brackets the general method's.
//!
//! Signs are decided without a fraction reduced, as the sign of `d^2
//! q(n/d)` at a rational time `n/d` and of `4 c0 c2 - c1^2` at the
//! vertex. How wide the products are is a path's choice ([`Signs`]):
//! [`Narrow`] forms them in checked `i128`, [`Wide`] in 256 bits, so a
//! cut time may have parts up to `2^63` and a coefficient up to `2^127`.
//! An `i128` operation that overflows ([`Overflow`]) makes the path
//! decline, and the general method answers.
#![deny(clippy::float_arithmetic)]

use super::pieces::PieceKind;
use super::report;
use super::{limit, MinkowskiOutcome, MinkowskiStats};
use crate::geom::Vec3;
use crate::motion::{Body, Motion};
use crate::poly::{IsolationError, Poly, RealAlgebraic, RealRoots};
use crate::scalar::{BigInt, BigRational, Sign};
use crate::{budget, Error};
use num_integer::Integer;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::marker::PhantomData;

pub(super) type Q = BigRational;

/// An `i128` operation overflowed: the path declines.
#[derive(Debug)]
pub(super) struct Overflow;

/// Why a path stops: an overflow (it declines) or the general method's
/// error (a root isolation beyond the limits or the work budget).
pub(super) enum Stop {
    Overflow,
    Error(Error),
}

impl From<Overflow> for Stop {
    fn from(_: Overflow) -> Stop {
        Stop::Overflow
    }
}

impl From<IsolationError> for Stop {
    fn from(e: IsolationError) -> Stop {
        Stop::Error(limit(e))
    }
}

impl From<Error> for Stop {
    fn from(e: Error) -> Stop {
        Stop::Error(e)
    }
}

pub(super) type Checked<T> = Result<T, Overflow>;

pub(super) fn mul(a: i128, b: i128) -> Checked<i128> {
    a.checked_mul(b).ok_or(Overflow)
}

pub(super) fn add(a: i128, b: i128) -> Checked<i128> {
    a.checked_add(b).ok_or(Overflow)
}

pub(super) fn sub(a: i128, b: i128) -> Checked<i128> {
    a.checked_sub(b).ok_or(Overflow)
}

pub(super) fn neg(a: i128) -> Checked<i128> {
    a.checked_neg().ok_or(Overflow)
}

/// `a0 b0 + a1 b1 + a2 b2`.
pub(super) fn dot(a: &[i128], b: &[i128]) -> Checked<i128> {
    a.iter()
        .zip(b)
        .try_fold(0i128, |acc, (x, y)| add(acc, mul(*x, *y)?))
}

/// A rational in words: `(numerator, denominator)`, the denominator
/// positive.
pub(super) fn word(q: &Q) -> Option<(i128, i128)> {
    Some((
        i128::from(q.numer().to_i64()?),
        i128::from(q.denom().to_i64()?),
    ))
}

pub(super) fn lcm(a: i128, b: i128) -> Checked<i128> {
    mul(a / a.gcd(&b), b)
}

/// A rational `n / d`, `d > 0`, not reduced.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frac {
    n: i128,
    d: i128,
}

impl Frac {
    /// `n / d` for `d != 0`.
    pub(super) fn new(n: i128, d: i128) -> Checked<Frac> {
        Ok(if d < 0 {
            Frac {
                n: neg(n)?,
                d: neg(d)?,
            }
        } else {
            Frac { n, d }
        })
    }

    /// The same value in lowest terms.
    fn reduced(self) -> Frac {
        let g = self.n.gcd(&self.d);
        if g > 1 {
            Frac {
                n: self.n / g,
                d: self.d / g,
            }
        } else {
            self
        }
    }

    fn to_rational(self) -> Q {
        Q::new(BigInt::from(self.n), BigInt::from(self.d))
    }
}

/// `c0 + c1 t + c2 t^2`, integers.
pub(super) type Quad = [i128; 3];

/// The vertex `-c1 / (2 c2)` of a quadratic with `c2 > 0`.
fn vertex(q: &Quad) -> Checked<Frac> {
    Frac::new(neg(q[1])?, mul(2, q[2])?)
}

/// How a path forms the products that decide its signs.
pub(super) trait Signs {
    /// How `a` compares with `b`, by the cross products.
    fn cmp(a: Frac, b: Frac) -> Checked<Ordering>;
    /// The sign of `q(n/d)`, as that of `d^2 q(n/d)`.
    fn at(q: &Quad, t: Frac) -> Checked<Ordering>;
    /// The sign of `q` at its vertex: that of `4 c0 c2 - c1^2` (`c2 > 0`).
    fn at_vertex(q: &Quad) -> Checked<Ordering>;
}

/// Signs in checked `i128`: `d^2 q(n/d)` by homogeneous Horner.
pub(super) enum Narrow {}

impl Signs for Narrow {
    fn cmp(a: Frac, b: Frac) -> Checked<Ordering> {
        Ok(mul(a.n, b.d)?.cmp(&mul(b.n, a.d)?))
    }

    fn at(q: &Quad, t: Frac) -> Checked<Ordering> {
        let acc = add(mul(q[2], t.n)?, mul(q[1], t.d)?)?;
        let acc = add(mul(acc, t.n)?, mul(mul(q[0], t.d)?, t.d)?)?;
        Ok(acc.cmp(&0))
    }

    fn at_vertex(q: &Quad) -> Checked<Ordering> {
        Ok(sub(mul(mul(4, q[0])?, q[2])?, mul(q[1], q[1])?)?.cmp(&0))
    }
}

/// A signed 256-bit integer `hi 2^128 + lo` in two's complement: the
/// products of two `i128`s and their sums. As [`Signs`], every sign is
/// decided with 256-bit products: `d^2 q(n/d) = c2 n^2 + c1 n d + c0 d^2`
/// with `n^2`, `n d`, `d^2` in `i128` (the time reduced first when a part
/// reaches `2^63`), and two rationals compared by their cross products.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Wide {
    hi: i128,
    lo: u128,
}

impl Wide {
    /// `a b`, exact (its magnitude is below `2^254`).
    fn product(a: i128, b: i128) -> Wide {
        const LOW: u128 = (1 << 64) - 1;
        let (x, y) = (a.unsigned_abs(), b.unsigned_abs());
        let (x1, x0, y1, y0) = (x >> 64, x & LOW, y >> 64, y & LOW);
        let (mid, carry_mid) = (x1 * y0).overflowing_add(x0 * y1);
        let (lo, carry_lo) = (x0 * y0).overflowing_add(mid << 64);
        let hi = x1 * y1 + (mid >> 64) + (u128::from(carry_mid) << 64) + u128::from(carry_lo);
        let w = Wide { hi: hi as i128, lo };
        if (a < 0) != (b < 0) {
            w.negated()
        } else {
            w
        }
    }

    fn negated(self) -> Wide {
        let (lo, carry) = (!self.lo).overflowing_add(1);
        Wide {
            hi: (!self.hi).wrapping_add(i128::from(carry)),
            lo,
        }
    }

    fn plus(self, other: Wide) -> Checked<Wide> {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        let hi = self
            .hi
            .checked_add(other.hi)
            .and_then(|h| h.checked_add(i128::from(carry)))
            .ok_or(Overflow)?;
        Ok(Wide { hi, lo })
    }

    fn sign(self) -> Ordering {
        match self.hi.cmp(&0) {
            Ordering::Equal if self.lo == 0 => Ordering::Equal,
            Ordering::Equal => Ordering::Greater,
            other => other,
        }
    }
}

impl Signs for Wide {
    fn cmp(a: Frac, b: Frac) -> Checked<Ordering> {
        Ok(Wide::product(a.n, b.d).cmp(&Wide::product(b.n, a.d)))
    }

    fn at(q: &Quad, t: Frac) -> Checked<Ordering> {
        let t = if t.n.unsigned_abs() >> 63 != 0 || t.d >> 63 != 0 {
            t.reduced()
        } else {
            t
        };
        let (nn, nd, dd) = (mul(t.n, t.n)?, mul(t.n, t.d)?, mul(t.d, t.d)?);
        let acc = Wide::product(q[2], nn)
            .plus(Wide::product(q[1], nd))?
            .plus(Wide::product(q[0], dd))?;
        Ok(acc.sign())
    }

    fn at_vertex(q: &Quad) -> Checked<Ordering> {
        Ok(Wide::product(mul(4, q[0])?, q[2])
            .plus(Wide::product(q[1], q[1]).negated())?
            .sign())
    }
}

/// One end of a piece's times (`pieces.rs`'s `End`).
#[derive(Clone, Copy, Debug)]
pub(super) enum End {
    /// A rational time.
    At(Frac),
    /// The smaller (`false`) or larger (`true`) root of the piece's
    /// quadratic.
    Root(bool),
}

/// A piece's times: its start and its end.
pub(super) type Span = (End, End);

/// The times `[lo, hi]` left after the linear conditions so far.
pub(super) struct Cut<S> {
    lo: Frac,
    hi: Frac,
    signs: PhantomData<S>,
}

impl<S: Signs> Cut<S> {
    /// All of `[t0, t1]`.
    pub(super) fn new((t0, t1): (Frac, Frac)) -> Cut<S> {
        Cut {
            lo: t0,
            hi: t1,
            signs: PhantomData,
        }
    }

    /// The times left when there are no other conditions.
    pub(super) fn all(&self) -> Span {
        (End::At(self.lo), End::At(self.hi))
    }

    /// Cuts by `c0 + c1 t <= 0`; false when nothing is left.
    pub(super) fn by(&mut self, c0: i128, c1: i128) -> Checked<bool> {
        match c1.cmp(&0) {
            Ordering::Equal => return Ok(c0 <= 0),
            Ordering::Greater => {
                let root = Frac::new(neg(c0)?, c1)?;
                if S::cmp(root, self.hi)? == Ordering::Less {
                    self.hi = root;
                }
            }
            Ordering::Less => {
                let root = Frac::new(neg(c0)?, c1)?;
                if S::cmp(root, self.lo)? == Ordering::Greater {
                    self.lo = root;
                }
            }
        }
        Ok(S::cmp(self.lo, self.hi)? != Ordering::Greater)
    }

    /// The times left after the last condition `q` (a convex quadratic, or
    /// of lower degree).
    pub(super) fn last(mut self, q: &Quad) -> Checked<Option<Span>> {
        if q[2] == 0 {
            return Ok(self.by(q[0], q[1])?.then_some(self.all()));
        }
        let inside = |t: Frac| S::at(q, t).map(|s| s != Ordering::Greater);
        Ok(match (inside(self.lo)?, inside(self.hi)?) {
            (true, true) => Some(self.all()),
            (true, false) => Some((End::At(self.lo), End::Root(true))),
            (false, true) => Some((End::Root(false), End::At(self.hi))),
            (false, false) => {
                let v = vertex(q)?;
                if S::cmp(v, self.lo)? != Ordering::Greater || S::cmp(v, self.hi)? != Ordering::Less
                {
                    return Ok(None);
                }
                match S::at_vertex(q)? {
                    Ordering::Greater => None,
                    Ordering::Equal => Some((End::At(v), End::At(v))),
                    Ordering::Less => Some((End::Root(false), End::Root(true))),
                }
            }
        })
    }
}

/// How the `larger` (or smaller) root of `q` compares with `x`
/// (`pieces.rs`'s `root_vs`).
fn root_vs<S: Signs>(q: &Quad, larger: bool, x: Frac) -> Checked<Ordering> {
    let below_vertex = S::cmp(x, vertex(q)?)? == Ordering::Less;
    let sign = Sign::from_ordering(S::at(q, x)?);
    Ok(super::pieces::root_order(sign, larger, below_vertex))
}

/// A piece's times in `[t0, t1]` with its quadratic, `None` when the line
/// misses it.
pub(super) type Times = Option<(Option<Quad>, Span)>;

/// What a path writes for its pair: the pieces' conditions in integers
/// and the report of a contact.
pub(super) trait Conditions {
    /// How the signs are decided.
    type Signs: Signs;
    /// The points of `M` and the pieces of `K`, as the general method
    /// counts them.
    const POINTS: usize;
    const PIECES: usize;

    /// The pieces in the general method's order (`Pieces::kinds`).
    fn kinds() -> impl Iterator<Item = PieceKind>;

    /// The piece's times in `t = [t0, t1]` with its quadratic
    /// (`pieces.rs`'s `Pieces::times`).
    fn times(&self, kind: PieceKind, t: (Frac, Frac)) -> Checked<Times>;

    /// The report of the first contact in the piece `kind` at time `t`,
    /// as the general method writes it.
    fn describe(&self, bodies: (&Body, &Body), kind: PieceKind, t: f64) -> Checked<report::Found>;
}

/// The ends met so far, compared as `mod.rs`'s `Ends` compares them: a
/// rational with a named root by signs, two roots of different pieces,
/// and the answer, by isolating them, each once.
struct Ends<'a, S> {
    quadratics: &'a [Option<Quad>],
    t0: &'a Q,
    t1: &'a Q,
    isolated: Vec<(usize, bool, RealAlgebraic)>,
    signs: PhantomData<S>,
}

impl<S: Signs> Ends<'_, S> {
    fn quadratic(&self, piece: usize) -> &Quad {
        self.quadratics[piece]
            .as_ref()
            .expect("a root end belongs to a piece with a quadratic condition")
    }

    fn root(&mut self, piece: usize, end: End) -> Result<RealAlgebraic, IsolationError> {
        let larger = match end {
            End::At(v) => return Ok(RealAlgebraic::from_rational(v.to_rational())),
            End::Root(larger) => larger,
        };
        if let Some((.., r)) = self
            .isolated
            .iter()
            .find(|(k, l, _)| *k == piece && *l == larger)
        {
            return Ok(r.clone());
        }
        let q = *self.quadratic(piece);
        let poly = Poly::from_coeffs(q.iter().map(|&c| Q::from(BigInt::from(c))).collect());
        let roots = Q::real_roots(&poly, self.t0, self.t1)?;
        let found = if larger { roots.last() } else { roots.first() };
        let r = match found {
            Some(r) => r.clone(),
            None => RealAlgebraic::from_rational(Q::new(
                -BigInt::from(q[1]),
                BigInt::from(2) * BigInt::from(q[2]),
            )),
        };
        self.isolated.push((piece, larger, r.clone()));
        Ok(r)
    }

    fn cmp(&mut self, (i, a): (usize, End), (j, b): (usize, End)) -> Result<Ordering, Stop> {
        Ok(match (a, b) {
            (End::At(x), End::At(y)) => S::cmp(x, y)?,
            (End::Root(larger), End::At(y)) => root_vs::<S>(self.quadratic(i), larger, y)?,
            (End::At(x), End::Root(larger)) => {
                root_vs::<S>(self.quadratic(j), larger, x)?.reverse()
            }
            (End::Root(l), End::Root(m)) if i == j => l.cmp(&m),
            // isolated and compared, as the general method does: the
            // comparison refines the roots' shared intervals, which the
            // answer prints
            _ => self.root(i, a)?.cmp(&self.root(j, b)?),
        })
    }
}

/// True for the motions the paths take: `static` and `linear`.
pub(super) fn takes(body: &Body) -> bool {
    matches!(body.motion, Motion::Static | Motion::Linear { .. })
}

/// The velocity of a `linear` body (`None`: at rest or another motion).
pub(super) fn velocity(body: &Body) -> Option<&Vec3<Q>> {
    match &body.motion {
        Motion::Linear { velocity } => Some(velocity),
        _ => None,
    }
}

/// The answer for the pair's conditions over `t`, the interval in
/// integers, or `None` when the path declines.
pub(super) fn answer<C: Conditions>(
    bodies: (&Body, &Body),
    conditions: &C,
    t: (Frac, Frac),
    interval: &(Q, Q),
) -> Option<Result<MinkowskiOutcome<Q>, Error>> {
    match solve(bodies, conditions, t, interval) {
        Ok(out) => Some(Ok(out)),
        Err(Stop::Error(e)) => Some(Err(e)),
        Err(Stop::Overflow) => None,
    }
}

fn solve<C: Conditions>(
    bodies: (&Body, &Body),
    conditions: &C,
    t: (Frac, Frac),
    interval: &(Q, Q),
) -> Result<MinkowskiOutcome<Q>, Stop> {
    budget::check().map_err(Error::from)?;
    let mut quadratics = Vec::new();
    let mut spans = Vec::new();
    let mut kinds_met = Vec::new();
    for kind in C::kinds() {
        if let Some((q, span)) = conditions.times(kind, t)? {
            spans.push((quadratics.len(), span));
            quadratics.push(q);
            kinds_met.push(kind);
        }
    }
    let mut ends = Ends::<C::Signs> {
        quadratics: &quadratics,
        t0: &interval.0,
        t1: &interval.1,
        isolated: Vec::new(),
        signs: PhantomData,
    };
    // the earliest start and the latest end; ties of starts go to the
    // lower-dimensional feature's piece (`mod.rs`)
    let mut first: Option<(usize, End)> = None;
    let mut last: Option<(usize, End)> = None;
    for &(k, (start, end)) in &spans {
        let earlier = match first {
            None => true,
            Some((j, best)) => match ends.cmp((k, start), (j, best))? {
                Ordering::Less => true,
                Ordering::Equal => kinds_met[k] < kinds_met[j],
                Ordering::Greater => false,
            },
        };
        if earlier {
            first = Some((k, start));
        }
        let later = match last {
            None => true,
            Some((j, best)) => ends.cmp((k, end), (j, best))? == Ordering::Greater,
        };
        if later {
            last = Some((k, end));
        }
    }
    let first = match first {
        Some((k, start)) => Some((ends.root(k, start)?, kinds_met[k])),
        None => None,
    };
    let last = match last {
        Some((k, end)) => Some(ends.root(k, end)?),
        None => None,
    };
    let stats = MinkowskiStats {
        points: C::POINTS,
        pieces: C::PIECES,
        root_isolations: ends.isolated.len(),
    };
    let found = match &first {
        Some((lo, kind)) => Some(conditions.describe(bodies, *kind, lo.to_f64())?),
        None => None,
    };
    let r0 = RealAlgebraic::from_rational(interval.0.clone());
    Ok(super::outcome::<Q>(
        first.map(|(lo, _)| lo),
        last,
        &r0,
        found,
        stats,
    ))
}

/// Scenarios written for the paths' tests, and their answers in full.
#[cfg(test)]
pub(super) mod scenarios {
    use super::Q;
    use crate::motion::{Body, Motion};
    use crate::solver::minkowski::MinkowskiOutcome;
    use crate::{parse_scenario, Error, LoadOptions, ScalarKind, Scenario};

    pub(crate) fn vec_text(v: [i64; 3], den: i64) -> String {
        format!(r#"["{}/{den}","{}/{den}","{}/{den}"]"#, v[0], v[1], v[2])
    }

    /// A body on a quaternion pose (the identity for all zeros), at rest
    /// when `velocity` is `None`, positions and velocities over `den`.
    pub(crate) fn body(
        shape: &str,
        q: [i64; 4],
        at: [i64; 3],
        velocity: Option<[i64; 3]>,
        den: i64,
    ) -> String {
        let q = if q == [0; 4] { [1, 0, 0, 0] } else { q };
        let motion = velocity
            .map(|v| {
                format!(
                    r#","motion":{{"linear":{{"velocity":{}}}}}"#,
                    vec_text(v, den)
                )
            })
            .unwrap_or_default();
        format!(
            r#"{{"shape":{shape},"pose":{{"quaternion":["{}","{}","{}","{}"],"translation":{}}}{motion}}}"#,
            q[0],
            q[1],
            q[2],
            q[3],
            vec_text(at, den)
        )
    }

    pub(crate) fn load(interval: &str, separation: &str, a: &str, b: &str) -> Scenario {
        let text = format!(
            r#"{{"format":"exactccd/scenario-v1","interval":{interval},"separation":"{separation}","a":{a},"b":{b}}}"#
        );
        parse_scenario(&text, None, &LoadOptions::for_scalar(ScalarKind::Exact))
            .expect("a valid scenario")
    }

    /// Turns body `b`'s start and velocity by body `a`'s rotation (`b`
    /// written in `a`'s frame), then swaps the bodies when `swap`.
    pub(crate) fn turn_b(s: &mut Scenario, swap: bool) {
        let (x, y) = s.bodies_mut().expect("two bodies");
        let rotation = x.pose.rotation.clone();
        y.pose.translation = rotation.mul_vec(&y.pose.translation);
        if let Motion::Linear { velocity } = &mut y.motion {
            *velocity = rotation.mul_vec(velocity);
        }
        if swap {
            let (x, y) = s.bodies_mut().expect("two bodies");
            std::mem::swap(x, y);
        }
    }

    /// Denominators whose common multiple passes `i128`.
    pub(crate) const HUGE: [i64; 3] = [(1 << 62) - 1, (1 << 62) - 3, (1 << 61) - 1];

    /// The answer of an exact path: `None` when it declines.
    pub(crate) type Path =
        fn(&Body, &Body, &(Q, Q), &Q) -> Option<Result<MinkowskiOutcome<Q>, Error>>;

    /// The `path` declines `s`, and the method answers it by the general
    /// path, with a contact.
    pub(crate) fn declined_and_answered(s: &Scenario, path: Path) {
        let (a, b) = s.bodies().expect("two bodies");
        assert!(path(a, b, &s.interval, &s.separation).is_none());
        let out = crate::solver::minkowski::solve_minkowski::<Q>(a, b, &s.interval, &s.separation)
            .expect("an answer");
        assert!(out.collides);
    }

    /// Everything the answer holds, the roots' current isolating intervals
    /// included (a comparison or a conversion refines them, and the answer
    /// prints them).
    pub(crate) fn answer_text(out: &MinkowskiOutcome<Q>) -> String {
        let bits = |x: &Option<[f64; 3]>| x.map(|v| v.map(f64::to_bits));
        format!(
            "{} {} {:?} {:?} {:?} {:?} {:?} {:?}",
            out.collides,
            out.initially_overlapping,
            out.first_contact.as_ref().map(ToString::to_string),
            out.contact_intervals
                .iter()
                .map(|(lo, hi)| (lo.to_string(), hi.to_string()))
                .collect::<Vec<_>>(),
            out.features,
            bits(&out.point),
            bits(&out.normal),
            out.stats,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Signed 128-bit values of every size.
    fn big() -> impl Strategy<Value = i128> {
        prop_oneof![
            -1000i128..1000,
            any::<i128>(),
            (any::<i64>(), 0u32..64).prop_map(|(x, k)| i128::from(x) << k),
            Just(i128::MIN),
            Just(i128::MAX),
        ]
    }

    fn wide_value(w: Wide) -> BigInt {
        (BigInt::from(w.hi) << 128) + BigInt::from(w.lo)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// The 256-bit product and sum are the integers'.
        #[test]
        fn wide_arithmetic_is_exact(a in big(), b in big(), c in big(), d in big()) {
            let (x, y) = (Wide::product(a, b), Wide::product(c, d));
            let exact = BigInt::from(a) * BigInt::from(b);
            prop_assert_eq!(wide_value(x), exact.clone());
            prop_assert_eq!(wide_value(x.negated()), -exact.clone());
            let sum = exact.clone() + BigInt::from(c) * BigInt::from(d);
            // a sum fits when it is in [-2^255, 2^255) (only 2 (2^127)^2 is not)
            let limit = BigInt::from(1) << 255;
            match x.plus(y) {
                Ok(s) => prop_assert_eq!(wide_value(s), sum.clone()),
                Err(_) => prop_assert!(sum >= limit),
            }
            prop_assert_eq!(x.sign(), exact.sign().cmp(&num_bigint::Sign::NoSign));
            prop_assert_eq!(x.cmp(&y), exact.cmp(&(BigInt::from(c) * BigInt::from(d))));
        }
    }
}
