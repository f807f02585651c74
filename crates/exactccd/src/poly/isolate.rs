//! Every real root of a polynomial in a closed interval `[a, b]` with
//! rational ends, each as an exact [`RealAlgebraic`]: a rational when the
//! root is rational, else a square-free integer polynomial and an isolating
//! interval with dyadic ends.
//!
//! Steps, for `p` over the rationals:
//!
//! 1. `p` becomes its primitive integer square-free part `S` (a positive
//!    multiple of a factor of `p`, same roots); degree and coefficient size
//!    are checked against [`IsolationLimits`] first: exact arithmetic must
//!    fail with a clear error, not run for hours.
//! 2. Roots exactly at `a` or `b` are detected by exact evaluation and their
//!    linear factors divided out.
//! 3. The roots in the open dyadic hull of `[a, b]` are isolated by the chosen
//!    [`Isolator`] (Descartes by default, Sturm as a cross-check); roots met
//!    exactly at bisection points come out as exact dyadics.
//! 4. Intervals straddling `a` or `b` are bisected until they lie on one side.
//! 5. Rational roots are detected exactly: from degree 3 on, every rational
//!    root is found first by Hensel lifting and rational reconstruction
//!    (`rational_roots.rs`; a screen modulo small primes proves most
//!    polynomials have none at all) and divided out; degrees 1 and 2 in
//!    closed form (a perfect-square discriminant). Only when no usable prime
//!    exists is each interval refined below `1/lc^2`, where at most one
//!    fraction with a denominator dividing `lc` fits, the simplest one, which
//!    is then tested exactly.
#![deny(clippy::float_arithmetic)]

use super::algebraic::RealAlgebraic;
use super::descartes::isolate_descartes;
use super::isolated_root::IsolatedRoot;
use super::sturm::isolate_sturm;
use super::{dyadic_hull, Dyadic, Poly};
use crate::budget::{self, Activity, Exhausted};
use crate::scalar::{BigInt, BigRational, Ring, Sign};
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive};
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// Which real-root isolator to run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Isolator {
    /// Descartes' rule of signs with bisection (VCA): the default, faster.
    #[default]
    Descartes,
    /// Sturm sequences (primitive pseudo-remainder sequence) with bisection.
    Sturm,
}

/// Bounds that keep exact isolation from running for hours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IsolationLimits {
    /// Largest degree accepted.
    pub max_degree: usize,
    /// Largest coefficient size, in bits, of the primitive integer form.
    pub max_coeff_bits: u64,
}

impl Default for IsolationLimits {
    /// Degree 256 and 1,000,000-bit coefficients: far above any box-contact
    /// equation (degree <= 30 for degree-4 motions), low enough to fail fast.
    fn default() -> Self {
        IsolationLimits {
            max_degree: 256,
            max_coeff_bits: 1_000_000,
        }
    }
}

/// Why roots could not be isolated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IsolationError {
    /// The zero polynomial vanishes everywhere: its roots are not isolated.
    ZeroPolynomial,
    /// The degree exceeds the limit.
    DegreeTooLarge {
        /// The degree met.
        degree: usize,
        /// The limit.
        max: usize,
    },
    /// The coefficients exceed the size limit.
    CoefficientsTooLarge {
        /// The size met, in bits.
        bits: u64,
        /// The limit.
        max: u64,
    },
    /// `a > b`.
    EmptyInterval,
    /// The work budget of the solve is spent (`crate::budget`; the budget
    /// scope turns the solver's error into the budget's one-line reason).
    BudgetExhausted,
}

impl fmt::Display for IsolationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IsolationError::ZeroPolynomial => {
                f.write_str("the polynomial is identically zero, its roots are not isolated")
            }
            IsolationError::DegreeTooLarge { degree, max } => write!(
                f,
                "polynomial of degree {degree} exceeds the exact-arithmetic limit of {max}"
            ),
            IsolationError::CoefficientsTooLarge { bits, max } => write!(
                f,
                "polynomial coefficients of {bits} bits exceed the exact-arithmetic limit of {max} bits"
            ),
            IsolationError::EmptyInterval => f.write_str("the interval is empty (a > b)"),
            IsolationError::BudgetExhausted => f.write_str("the work budget is exhausted"),
        }
    }
}

impl std::error::Error for IsolationError {}

impl From<Exhausted> for IsolationError {
    fn from(_: Exhausted) -> Self {
        IsolationError::BudgetExhausted
    }
}

/// Every distinct real root of `p` in the closed interval `[a, b]`, in
/// increasing order, with the default isolator and limits.
///
/// ```
/// use exactccd::poly::{isolate_roots, Poly};
/// use exactccd::scalar::{BigInt, BigRational};
/// let q = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
/// // (3t - 1)(t^2 - 2) on [0, 2]: the roots 1/3 (rational) and sqrt(2)
/// let p = Poly::from_coeffs(vec![q(2, 1), q(-6, 1), q(-1, 1), q(3, 1)]);
/// let roots = isolate_roots(&p, &q(0, 1), &q(2, 1)).unwrap();
/// assert_eq!(roots.len(), 2);
/// assert_eq!(roots[0].as_rational(), Some(&q(1, 3)));
/// assert!(roots[1].as_rational().is_none());
/// assert!((roots[1].to_f64() - std::f64::consts::SQRT_2).abs() < 1e-15);
/// ```
pub fn isolate_roots(
    p: &Poly<BigRational>,
    a: &BigRational,
    b: &BigRational,
) -> Result<Vec<RealAlgebraic>, IsolationError> {
    isolate_roots_with(p, a, b, Isolator::default(), &IsolationLimits::default())
}

/// [`isolate_roots`] with a chosen isolator and limits.
pub fn isolate_roots_with(
    p: &Poly<BigRational>,
    a: &BigRational,
    b: &BigRational,
    isolator: Isolator,
    limits: &IsolationLimits,
) -> Result<Vec<RealAlgebraic>, IsolationError> {
    if p.is_zero() {
        return Err(IsolationError::ZeroPolynomial);
    }
    isolate_integer_roots(&p.to_primitive_integer(), a, b, isolator, limits)
}

/// True when `p` has a root in the closed interval `[a, b]`; an error for the
/// zero polynomial (which vanishes everywhere).
pub fn has_root_in(
    p: &Poly<BigRational>,
    a: &BigRational,
    b: &BigRational,
) -> Result<bool, IsolationError> {
    Ok(!isolate_roots(p, a, b)?.is_empty())
}

fn check_limits(p: &Poly<BigInt>, limits: &IsolationLimits) -> Result<(), IsolationError> {
    let degree = p.degree().unwrap_or(0);
    if degree > limits.max_degree {
        return Err(IsolationError::DegreeTooLarge {
            degree,
            max: limits.max_degree,
        });
    }
    let bits = p.max_coeff_bits();
    if bits > limits.max_coeff_bits {
        return Err(IsolationError::CoefficientsTooLarge {
            bits,
            max: limits.max_coeff_bits,
        });
    }
    Ok(())
}

/// The linear factor `den t - num` of the rational root `num/den`.
fn linear_factor(r: &BigRational) -> Poly<BigInt> {
    Poly::from_coeffs(vec![-r.numer().clone(), r.denom().clone()])
}

fn divide_out(w: &mut Poly<BigInt>, r: &BigRational) {
    *w = w
        .exact_div_int(&linear_factor(r))
        .expect("a rational root's linear factor divides the primitive polynomial");
}

/// Bisects the isolating interval `(lo, hi)` of a root of `w` (at dyadic
/// midpoints, keeping the half with the sign change) until no point of
/// `points` lies in the closed interval. `w` must not vanish at any dyadic
/// point nor at the `points` (it has no rational root), so this ends.
fn exclude_points(w: &Poly<BigInt>, lo: &mut Dyadic, hi: &mut Dyadic, points: &[BigRational]) {
    let sign_lo = w.sign_at_dyadic(lo);
    while points
        .iter()
        .any(|r| lo.cmp_rational(r) != Ordering::Greater && hi.cmp_rational(r) != Ordering::Less)
    {
        budget::tick();
        let mid = Dyadic::midpoint(lo, hi);
        if w.sign_at_dyadic(&mid) == sign_lo {
            *lo = mid;
        } else {
            *hi = mid;
        }
    }
}

/// [`isolate_roots_with`] for an integer polynomial.
pub fn isolate_integer_roots(
    p: &Poly<BigInt>,
    a: &BigRational,
    b: &BigRational,
    isolator: Isolator,
    limits: &IsolationLimits,
) -> Result<Vec<RealAlgebraic>, IsolationError> {
    if p.is_zero() {
        return Err(IsolationError::ZeroPolynomial);
    }
    if a > b {
        return Err(IsolationError::EmptyInterval);
    }
    check_limits(p, limits)?;
    let _doing = budget::doing(Activity::IsolatingRoots(p.degree().unwrap_or(0)));
    budget::check()?;
    // No sign change at the ends and no Descartes sign variation on a
    // dyadic hull of [a, b]: no root at all, decided before the square-free
    // part and the rational roots are computed (Descartes' bound counts
    // roots with multiplicity, so it needs no square-free input).
    if super::descartes::sign_if_rootless_integer(p, a, b).is_some() {
        return Ok(Vec::new());
    }
    let mut w = p
        .square_free_within_budget()
        .ok_or(IsolationError::BudgetExhausted)?;
    budget::check()?;
    let mut exact: Vec<BigRational> = Vec::new();
    // Split every rational root off first (Hensel lifting): they come out
    // exact, and what is left provably has no rational root.
    let mut no_rational_left = false;
    if w.degree().unwrap_or(0) >= 3 {
        if let Some(found) = super::rational_roots::rational_roots(&w) {
            for r in found {
                divide_out(&mut w, &r);
                if a <= &r && &r <= b {
                    exact.push(r);
                }
            }
            no_rational_left = true;
        }
        budget::check()?;
    }
    for end in [a, b] {
        if w.degree().unwrap_or(0) > 0 && w.sign_at_rational(end) == Sign::Zero {
            exact.push(end.clone());
            divide_out(&mut w, end);
        }
    }
    let mut intervals: Vec<(Dyadic, Dyadic)> = Vec::new();
    if a < b && w.degree().unwrap_or(0) > 0 {
        let (mut lo, mut hi) = dyadic_hull(a, b);
        let step = Dyadic::new(BigInt::from(1), lo.exp().max(hi.exp()));
        while w.sign_at_dyadic(&lo) == Sign::Zero {
            lo = Dyadic::new(lo.num_at(step.exp()) - 1, step.exp());
        }
        while w.sign_at_dyadic(&hi) == Sign::Zero {
            hi = Dyadic::new(hi.num_at(step.exp()) + 1, step.exp());
        }
        let found = match isolator {
            Isolator::Descartes => isolate_descartes(&w, &lo, &hi)?,
            Isolator::Sturm => isolate_sturm(&w, &lo, &hi)?,
        };
        // Divide every exact root out first: the isolators' intervals are
        // certified for the quotient (their ends may be such roots).
        for item in &found {
            if let IsolatedRoot::Exact(d) = item {
                let r = d.to_rational();
                divide_out(&mut w, &r);
                if a <= &r && &r <= b {
                    exact.push(r);
                }
            }
        }
        let mut clipped_exact = Vec::new();
        for item in found {
            if let IsolatedRoot::Interval(lo, hi) = item {
                match clip_to(&w, lo, hi, a, b) {
                    Clipped::Outside => {}
                    Clipped::Inside(lo, hi) => intervals.push((lo, hi)),
                    Clipped::Exact(r) => clipped_exact.push(r),
                }
            }
        }
        for r in clipped_exact {
            divide_out(&mut w, &r);
            exact.push(r);
        }
    }
    // Rational roots among the intervals (unless all were split off above).
    if !intervals.is_empty() && !no_rational_left {
        budget::check()?;
        let found = rational_roots_in(&w, &intervals);
        let mut kept = Vec::new();
        for (iv, r) in intervals.into_iter().zip(found) {
            match r {
                Some(r) => {
                    divide_out(&mut w, &r);
                    exact.push(r);
                }
                None => kept.push(iv),
            }
        }
        intervals = kept;
    }
    // Rational roots split off before isolation are not roots of `w`, so an
    // interval isolating a root of `w` may still contain one of them: shrink
    // it until the intervals of all roots of `p` are disjoint.
    if no_rational_left {
        for (lo, hi) in &mut intervals {
            budget::check()?;
            exclude_points(&w, lo, hi, &exact);
        }
    }
    let poly = Arc::new(w);
    let mut roots: Vec<RealAlgebraic> = exact
        .into_iter()
        .map(RealAlgebraic::from_rational)
        .collect();
    roots.extend(
        intervals
            .into_iter()
            .map(|(lo, hi)| RealAlgebraic::from_isolating_interval_unchecked(poly.clone(), lo, hi)),
    );
    roots.sort();
    Ok(roots)
}

/// Where an isolating interval lies against `[a, b]`.
enum Clipped {
    Outside,
    Inside(Dyadic, Dyadic),
    /// Bisection met the root exactly (a dyadic root inside `[a, b]`).
    Exact(BigRational),
}

/// Bisects the isolating interval `(lo, hi)` of the root of `w` until it
/// lies inside `[a, b]` or outside it; `w` does not vanish at `a`, `b`, `lo`
/// or `hi`.
fn clip_to(
    w: &Poly<BigInt>,
    mut lo: Dyadic,
    mut hi: Dyadic,
    a: &BigRational,
    b: &BigRational,
) -> Clipped {
    let sign_lo = w.sign_at_dyadic(&lo);
    loop {
        budget::tick();
        if hi.cmp_rational(a).is_le() || lo.cmp_rational(b).is_ge() {
            return Clipped::Outside;
        }
        if lo.cmp_rational(a).is_ge() && hi.cmp_rational(b).is_le() {
            return Clipped::Inside(lo, hi);
        }
        let m = Dyadic::midpoint(&lo, &hi);
        match w.sign_at_dyadic(&m) {
            Sign::Zero => {
                let r = m.to_rational();
                return if a <= &r && &r <= b {
                    Clipped::Exact(r)
                } else {
                    Clipped::Outside
                };
            }
            s if s == sign_lo => lo = m,
            _ => hi = m,
        }
    }
}

/// Small odd primes for the rational-root screen.
const SCREEN_PRIMES: [u64; 24] = [
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
];

/// True when some small prime `l` not dividing the leading coefficient
/// leaves `w` without a root modulo `l`: then `w` has no rational root.
fn no_rational_root_by_screen(w: &Poly<BigInt>) -> bool {
    let lead = w.leading().expect("non-zero polynomial");
    for &l in &SCREEN_PRIMES {
        let lb = BigInt::from(l);
        if lead.mod_floor(&lb) == BigInt::from(0) {
            continue;
        }
        let coeffs: Vec<u64> = w
            .coeffs()
            .iter()
            .map(|c| {
                c.mod_floor(&lb)
                    .to_u64()
                    .expect("residue below a small prime")
            })
            .collect();
        let has_root = (0..l).any(|x| {
            let mut acc = 0u64;
            for c in coeffs.iter().rev() {
                acc = (acc * x + c) % l;
            }
            acc == 0
        });
        if !has_root {
            return true;
        }
    }
    false
}

/// For each isolating interval of `w`, the root as a rational when it is one.
fn rational_roots_in(w: &Poly<BigInt>, intervals: &[(Dyadic, Dyadic)]) -> Vec<Option<BigRational>> {
    match w.degree() {
        Some(1) => {
            let r = BigRational::new(-w.coeffs()[0].clone(), w.coeffs()[1].clone());
            return vec![Some(r); intervals.len()];
        }
        Some(2) => {
            let (c, b, a) = (&w.coeffs()[0], &w.coeffs()[1], &w.coeffs()[2]);
            let disc = b * b - BigInt::from(4) * a * c;
            if disc.is_negative() {
                return vec![None; intervals.len()];
            }
            let s = disc.sqrt();
            if &s * &s != disc {
                return vec![None; intervals.len()];
            }
            let two_a = BigInt::from(2) * a;
            let r1 = BigRational::new(-b - &s, two_a.clone());
            let r2 = BigRational::new(-b + &s, two_a);
            return intervals
                .iter()
                .map(|(lo, hi)| {
                    [&r1, &r2]
                        .into_iter()
                        .find(|r| lo.cmp_rational(r).is_lt() && hi.cmp_rational(r).is_gt())
                        .cloned()
                })
                .collect();
        }
        _ => {}
    }
    if no_rational_root_by_screen(w) {
        return vec![None; intervals.len()];
    }
    intervals
        .iter()
        .map(|(lo, hi)| rational_root_by_refinement(w, lo.clone(), hi.clone()))
        .collect()
}

/// The root of `w` in `(lo, hi)` when it is rational. A rational root
/// `u/v` in lowest terms has `v | lc(w)` and `u | w(0)`; two distinct such
/// fractions differ by at least `1/lc^2`, so once the interval is narrower
/// the simplest fraction in it is the only candidate.
fn rational_root_by_refinement(
    w: &Poly<BigInt>,
    mut lo: Dyadic,
    mut hi: Dyadic,
) -> Option<BigRational> {
    let lead = w.leading().expect("non-zero").abs();
    let tail = w.coeffs()[0].abs();
    let target_bits = 2 * lead.bits() + 1;
    let sign_lo = w.sign_at_dyadic(&lo);
    let is_candidate = |r: &BigRational| {
        lead.is_multiple_of(r.denom())
            && (Ring::is_zero(r.numer()) || tail.is_multiple_of(&r.numer().abs()))
            && w.sign_at_rational(r) == Sign::Zero
    };
    let mut step = 0u64;
    loop {
        budget::tick();
        let width_exp = lo.exp().max(hi.exp());
        let width = Dyadic::width_at(&lo, &hi, width_exp);
        // width * 2^-width_exp < 2^-target  <=>  bits(width) + target <= width_exp
        let narrow = width.bits() + target_bits <= width_exp;
        if narrow || step % 16 == 0 {
            let s = simplest_between(&lo.to_rational(), &hi.to_rational());
            if is_candidate(&s) {
                return Some(s);
            }
            if narrow {
                return None;
            }
        }
        step += 1;
        let m = Dyadic::midpoint(&lo, &hi);
        match w.sign_at_dyadic(&m) {
            Sign::Zero => return Some(m.to_rational()),
            s if s == sign_lo => lo = m,
            _ => hi = m,
        }
    }
}

/// The fraction with the smallest denominator in the closed interval
/// `[lo, hi]` (`lo <= hi`), by continued fractions (the Stern-Brocot descent).
pub fn simplest_between(lo: &BigRational, hi: &BigRational) -> BigRational {
    debug_assert!(lo <= hi);
    if hi.is_negative() {
        return -simplest_between(&-hi, &-lo);
    }
    if !lo.is_positive() {
        return BigRational::from_integer(BigInt::from(0));
    }
    let fl = lo.ceil();
    if &fl <= hi {
        return fl;
    }
    let whole = lo.floor();
    // lo, hi in (whole, whole + 1): 1/(x - whole) maps the interval reversed
    let inv_lo = num_traits::Inv::inv(hi - &whole);
    let inv_hi = num_traits::Inv::inv(lo - &whole);
    whole + num_traits::Inv::inv(simplest_between(&inv_lo, &inv_hi))
}
