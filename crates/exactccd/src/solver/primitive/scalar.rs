//! [`PrimitiveScalar`]: the number types the primitive queries run in, and
//! the ring their polynomials are computed over.
//!
//! A query's coordinates are the coefficients of linear polynomials in `t`.
//! Collision is invariant under a common positive scaling of all of them, so
//! the exact scalars clear every denominator once per query (multiply by the
//! lcm of the denominators, divide by the gcd of the numerators) and compute
//! every polynomial over [`BigInt`]: no rational arithmetic, no gcd per
//! operation. The `f64` scalar keeps its values as they are, each carried
//! with the magnitude of its computation ([`TrackedF64`]), so that its signs
//! are read against a rounding bound at the scale of the input.
#![deny(clippy::float_arithmetic)]

use super::tracked::TrackedF64;
use crate::geom::Vec3;
use crate::poly::{
    isolate_integer_roots, IsolationError, IsolationLimits, Isolator, Poly, RealAlgebraic,
    RealRoots,
};
#[cfg(feature = "gmp")]
use crate::scalar::Scalar;
use crate::scalar::{BigInt, BigRational, Ring, Sign};

/// A scalar the primitive queries run in: exact rationals (polynomials over
/// [`BigInt`], times as [`RealAlgebraic`]) or `f64` (polynomials over `f64`,
/// approximate times).
pub trait PrimitiveScalar: RealRoots {
    /// The ring the query's polynomials are computed over.
    type Coord: Ring;

    /// The values multiplied by one common positive factor, in
    /// [`Self::Coord`]: exact for the exact scalars (integers after clearing
    /// denominators), the values themselves for `f64`.
    fn scaled_coords(values: &[Self]) -> Vec<Self::Coord>;

    /// Weights `(A, B, C)` in the coordinate ring, for the interval
    /// `[t0, t1]`, with `A = k t1`, `B = k t0`, `C = k` for one positive `k`:
    /// a point at `P0` at `t0` and `P1` at `t1` is at
    /// `((A P0 - B P1) + t C (P1 - P0)) / (k (t1 - t0))`.
    fn interval_weights(t0: &Self, t1: &Self) -> [Self::Coord; 3];

    /// Every distinct real root of `p` (not zero) in the closed interval
    /// `[lo, hi]`, increasing. `zero_at(x)` says whether `p` counts as
    /// zero at a value `x`: the approximate scalars take a value there for
    /// a root (the ends and the critical points, where a tangential root is
    /// only reached within rounding); the exact ones ignore it.
    fn roots_between(
        p: &Poly<Self::Coord>,
        lo: &Self,
        hi: &Self,
        zero_at: &dyn Fn(&Self) -> bool,
    ) -> Result<Vec<Self::Root>, IsolationError>;

    /// The exact value of an input when a minimum separation `d > 0` is
    /// answered by the exact scalar on the inputs' exact values and the
    /// times rounded back ([`Self::root_from_exact`]): `f64`, whose signs
    /// cannot decide the separation's conditions (module `proximity`: their
    /// `d`-terms have degree 6 in the coordinates and fall below the
    /// rounding bound at the query's scale once `d` is small beside it).
    /// `None` (the default, the exact scalars): the scalar's own signs
    /// decide.
    fn exact_value(x: &Self) -> Option<BigRational> {
        let _ = x;
        None
    }

    /// An exact time as this scalar's root (used only where
    /// [`Self::exact_value`] gives values).
    fn root_from_exact(t: &RealAlgebraic) -> Self::Root;

    /// The sign of `p` at a root (exact for exact scalars; within the
    /// rounding bound counts as zero for `f64`).
    fn sign_at_time(p: &Poly<Self::Coord>, t: &Self::Root) -> Sign;

    /// True when `p` is zero at every time: the zero polynomial for the
    /// exact scalars, every coefficient within its rounding bound for `f64`.
    fn is_negligible(p: &Poly<Self::Coord>) -> bool;

    /// The axis to project a plane along at the time `t`, given the plane's
    /// normal vector `n` (or a direction `d` to read positions along a
    /// line): an axis with `n_k(t) != 0`, `None` when `n(t) = 0`. Exact
    /// scalars take the first such axis (any one is exact); `f64` takes
    /// the largest `|n_k(t)|`, so that the projection never divides by a
    /// component that is rounding noise.
    fn projection_axis(n: &Vec3<Poly<Self::Coord>>, t: &Self::Root) -> Option<usize> {
        (0..3).find(|&k| Self::sign_at_time(&n[k], t) != Sign::Zero)
    }

    /// The four points at the time `t`, `[x, y, z]` each, from the values
    /// laid out as for [`Self::scaled_coords`] (per point its start, then
    /// its end) over the interval `[t0, t1]`: for a scalar that reads signs
    /// better from the positions at a time than from polynomials in `t`
    /// (`f64`: no cancellation between the monomials, magnitudes at the
    /// scale of the positions). `None` (the default, the exact scalars):
    /// the polynomials are read.
    fn positions_at(
        values: &[Self],
        interval: &[Self; 2],
        t: &Self::Root,
    ) -> Option<[[Self::Coord; 3]; 4]> {
        let _ = (values, interval, t);
        None
    }

    /// How far apart, relative to the query's scale, the primitives may be
    /// at a time where the signs find a contact, for the contact to stand:
    /// `None` (no check) for the exact scalars, whose signs are exact.
    /// `f64` reads its signs against rounding bounds, and where a direction
    /// is itself near its bound (a segment or a triangle shrinking to a
    /// point or a line at that time) a projection along it can find a
    /// crossing between features that stay far apart: its contacts must
    /// also be within [`F64_CONTACT_REACH`] by distance.
    fn contact_reach() -> Option<f64> {
        None
    }

    /// A root `t` in `[t0, t1]` of the separation polynomial `separation`,
    /// moved closer to a root of the separation read from the positions
    /// (`positional(x)`: its value at the `f64` time `x`; the polynomial is
    /// `(t1 - t0)^3` times it, the cube of the interval weights): the
    /// exact scalars' roots are exact and stay. `f64` finds its roots from
    /// the polynomial's coefficients, whose cancellation can leave a root
    /// `1e-13` off; a contact at the end of an edge is then seen just
    /// beside it, beyond the signs' rounding bounds.
    fn polish_root(
        t: Self::Root,
        interval: (&Self, &Self),
        separation: &Poly<Self::Coord>,
        positional: &dyn Fn(f64) -> f64,
    ) -> Self::Root {
        let _ = (interval, separation, positional);
        t
    }
}

/// The largest distance, relative to the query's scale (its largest
/// coordinate), at which the `f64` path still takes the primitives for
/// touching: `2^-30`, about `9.3e-10`, under the `1e-9` its answers are
/// held to and far above the rounding of the positions.
pub const F64_CONTACT_REACH: f64 = 9.313_225_746_154_785e-10;

/// The integers `values * L / G` for `L` the lcm of the denominators and `G`
/// the gcd of the scaled numerators (all zero stays all zero).
fn clear_denominators(values: &[BigRational]) -> Vec<BigInt> {
    let scaled = scale_dyadic(values).unwrap_or_else(|| scale_by_lcm(values));
    let mut g = <BigInt as Ring>::zero();
    for v in &scaled {
        g = crate::scalar::euclid::gcd(&g, v);
        if g == <BigInt as Ring>::one() {
            return scaled;
        }
    }
    if Ring::is_zero(&g) {
        return scaled;
    }
    scaled.into_iter().map(|v| v / &g).collect()
}

/// `values * L` for `L` the lcm of the denominators.
fn scale_by_lcm(values: &[BigRational]) -> Vec<BigInt> {
    let mut lcm = <BigInt as Ring>::one();
    for v in values {
        if *v.denom() != <BigInt as Ring>::one() {
            lcm = crate::scalar::euclid::lcm(&lcm, v.denom());
        }
    }
    values
        .iter()
        .map(|v| v.numer() * (&lcm / v.denom()))
        .collect()
}

/// `values * L` when every denominator is a power of two (the inputs read
/// from `f64` numbers, as the benchmark's): `L` is the largest of them, and
/// each numerator is shifted by the difference of the exponents, with no
/// division. `None` when a denominator is not a power of two.
fn scale_dyadic(values: &[BigRational]) -> Option<Vec<BigInt>> {
    let exponent = |d: &BigInt| {
        let k = d.trailing_zeros().unwrap_or(0);
        (d.bits() == k + 1).then_some(k)
    };
    let mut exponents = Vec::with_capacity(values.len());
    for v in values {
        exponents.push(exponent(v.denom())?);
    }
    let largest = exponents.iter().copied().max().unwrap_or(0);
    Some(
        values
            .iter()
            .zip(exponents)
            .map(|(v, k)| v.numer() << (largest - k))
            .collect(),
    )
}

/// `(A, B, C) = (n1 d0, n0 d1, d0 d1)` for `t0 = n0/d0`, `t1 = n1/d1`
/// (`k = d0 d1 > 0`).
fn rational_interval_weights(t0: &BigRational, t1: &BigRational) -> [BigInt; 3] {
    [
        t1.numer() * t0.denom(),
        t0.numer() * t1.denom(),
        t0.denom() * t1.denom(),
    ]
}

fn exact_roots(
    p: &Poly<BigInt>,
    lo: &BigRational,
    hi: &BigRational,
) -> Result<Vec<RealAlgebraic>, IsolationError> {
    if no_root_by_descartes(p, lo, hi) {
        return Ok(Vec::new());
    }
    isolate_integer_roots(p, lo, hi, Isolator::Descartes, &IsolationLimits::default())
}

impl PrimitiveScalar for BigRational {
    type Coord = BigInt;

    fn scaled_coords(values: &[Self]) -> Vec<BigInt> {
        clear_denominators(values)
    }

    fn interval_weights(t0: &Self, t1: &Self) -> [BigInt; 3] {
        rational_interval_weights(t0, t1)
    }

    fn roots_between(
        p: &Poly<BigInt>,
        lo: &Self,
        hi: &Self,
        _zero_at: &dyn Fn(&Self) -> bool,
    ) -> Result<Vec<RealAlgebraic>, IsolationError> {
        exact_roots(p, lo, hi)
    }

    fn root_from_exact(t: &RealAlgebraic) -> RealAlgebraic {
        t.clone()
    }

    fn sign_at_time(p: &Poly<BigInt>, t: &RealAlgebraic) -> Sign {
        t.sign_of_integer(p)
    }

    fn is_negligible(p: &Poly<BigInt>) -> bool {
        p.is_zero()
    }
}

/// True when `p` (not zero) certainly has no root in `[lo, hi]`: non-zero
/// at both ends and no sign variation in the coefficients of
/// `(1 + x)^n q(1 / (1 + x))`, `q(s) = p(lo + (hi - lo) s)` (Descartes' rule
/// of signs on `(0, 1)`). A cheap filter: most candidate polynomials of the
/// benchmark have no root in the interval.
fn no_root_by_descartes(p: &Poly<BigInt>, lo: &BigRational, hi: &BigRational) -> bool {
    if p.is_constant() {
        return true;
    }
    let unit = Ring::is_zero(lo) && *hi == <BigRational as Ring>::one();
    let q = if unit {
        p.clone()
    } else {
        let affine = Poly::from_coeffs(vec![lo.clone(), hi - lo]);
        p.to_rational().compose(&affine).to_primitive_integer()
    };
    let Some(n) = q.degree() else {
        return false;
    };
    if Ring::is_zero(&q.coeffs()[0]) {
        return false;
    }
    // q(1) != 0: the sum of the coefficients
    let at_one = q
        .coeffs()
        .iter()
        .fold(<BigInt as Ring>::zero(), |acc, c| acc + c);
    if Ring::is_zero(&at_one) {
        return false;
    }
    let shifted = q.reversed().taylor_shift(&<BigInt as Ring>::one());
    debug_assert_eq!(shifted.degree(), Some(n));
    let mut last = Sign::Zero;
    for c in shifted.coeffs() {
        let s = Ring::sign(c);
        if s == Sign::Zero {
            continue;
        }
        if last != Sign::Zero && s != last {
            return false;
        }
        last = s;
    }
    true
}

#[cfg(feature = "gmp")]
impl PrimitiveScalar for rug::Rational {
    type Coord = BigInt;

    fn scaled_coords(values: &[Self]) -> Vec<BigInt> {
        let exact: Vec<BigRational> = values
            .iter()
            .map(|v| v.to_rational().expect("exact scalars are finite rationals"))
            .collect();
        clear_denominators(&exact)
    }

    fn interval_weights(t0: &Self, t1: &Self) -> [BigInt; 3] {
        rational_interval_weights(
            &t0.to_rational().expect("finite"),
            &t1.to_rational().expect("finite"),
        )
    }

    fn roots_between(
        p: &Poly<BigInt>,
        lo: &Self,
        hi: &Self,
        _zero_at: &dyn Fn(&Self) -> bool,
    ) -> Result<Vec<RealAlgebraic>, IsolationError> {
        let lo = lo.to_rational().expect("finite");
        let hi = hi.to_rational().expect("finite");
        exact_roots(p, &lo, &hi)
    }

    fn root_from_exact(t: &RealAlgebraic) -> RealAlgebraic {
        t.clone()
    }

    fn sign_at_time(p: &Poly<BigInt>, t: &RealAlgebraic) -> Sign {
        t.sign_of_integer(p)
    }

    fn is_negligible(p: &Poly<BigInt>) -> bool {
        p.is_zero()
    }
}

impl PrimitiveScalar for f64 {
    type Coord = TrackedF64;

    /// Each coordinate with the query's scale (the largest magnitude) as
    /// its magnitude: rounding bounds, hence the tolerances of the signs,
    /// are at the scale of the whole query, so that a coordinate that is
    /// itself rounding noise (`1e-17` beside coordinates near 1) is not
    /// taken for a meaningful offset.
    fn scaled_coords(values: &[Self]) -> Vec<TrackedF64> {
        let scale = values.iter().fold(0.0, |m: f64, v| m.max(v.abs()));
        values
            .iter()
            .map(|&v| TrackedF64::at_scale(v, scale))
            .collect()
    }

    fn interval_weights(t0: &Self, t1: &Self) -> [TrackedF64; 3] {
        [
            TrackedF64::input(*t1),
            TrackedF64::input(*t0),
            <TrackedF64 as Ring>::one(),
        ]
    }

    fn roots_between(
        p: &Poly<TrackedF64>,
        lo: &Self,
        hi: &Self,
        zero_at: &dyn Fn(&Self) -> bool,
    ) -> Result<Vec<Self::Root>, IsolationError> {
        if p.is_zero() {
            return Err(IsolationError::ZeroPolynomial);
        }
        if lo > hi {
            return Err(IsolationError::EmptyInterval);
        }
        let values: Vec<f64> = p.coeffs().iter().map(|c| c.value).collect();
        let is_zero = |x: f64| zero_at(&x);
        Ok(crate::poly::roots_f64_within(&values, *lo, *hi, &is_zero)
            .into_iter()
            .map(crate::poly::F64Root)
            .collect())
    }

    /// Every finite `f64` is a rational.
    fn exact_value(x: &f64) -> Option<BigRational> {
        crate::scalar::rational_from_f64(*x)
    }

    fn root_from_exact(t: &RealAlgebraic) -> crate::poly::F64Root {
        crate::poly::F64Root(t.to_f64())
    }

    fn sign_at_time(p: &Poly<TrackedF64>, t: &Self::Root) -> Sign {
        tracked_value_at(p, t.0).sign_within_rounding()
    }

    fn is_negligible(p: &Poly<TrackedF64>) -> bool {
        p.coeffs()
            .iter()
            .all(|c| c.sign_within_rounding() == Sign::Zero)
    }

    fn projection_axis(n: &Vec3<Poly<TrackedF64>>, t: &Self::Root) -> Option<usize> {
        let at = [0, 1, 2].map(|k| tracked_value_at(&n[k], t.0));
        let k = (0..3)
            .max_by(|&i, &j| at[i].value.abs().total_cmp(&at[j].value.abs()))
            .unwrap_or(0);
        (at[k].sign_within_rounding() != Sign::Zero).then_some(k)
    }

    /// At most three Newton steps on the separation read from the
    /// positions (its slope from the polynomial, divided by `(t1 - t0)^3`),
    /// each kept only when it lowers `|s|` and moves the root by at most
    /// `2^-20` of the interval (a polish, never a jump to another root).
    #[allow(clippy::float_arithmetic)] // the f64 path's root polish
    fn polish_root(
        t: Self::Root,
        (lo, hi): (&f64, &f64),
        separation: &Poly<TrackedF64>,
        positional: &dyn Fn(f64) -> f64,
    ) -> Self::Root {
        let slope = separation.derivative();
        let weights = (hi - lo).powi(3);
        let reach = (hi - lo) / f64::from(1u32 << 20);
        let (mut x, mut fx) = (t.0, positional(t.0));
        for _ in 0..3 {
            let d = tracked_value_at(&slope, x).value / weights;
            if fx == 0.0 || d == 0.0 || !d.is_finite() {
                break;
            }
            let next = (x - fx / d).clamp(*lo, *hi);
            let f_next = positional(next);
            if (next - t.0).abs() > reach || f_next.is_nan() || f_next.abs() >= fx.abs() {
                break;
            }
            (x, fx) = (next, f_next);
        }
        crate::poly::F64Root(x)
    }

    fn contact_reach() -> Option<f64> {
        Some(F64_CONTACT_REACH)
    }

    /// `start + s (end - start)` with `s = (t - t0) / (t1 - t0)`, each
    /// coordinate with the query's scale as its magnitude: a position is a
    /// convex combination of two inputs, so at most the scale, and its
    /// rounding error is at most `6 u` times the scale (`u = 2^-53`; two
    /// subtractions, a division, a product, a sum), within the steps of
    /// [`super::tracked::ROUNDING_STEPS`].
    fn positions_at(
        values: &[Self],
        interval: &[Self; 2],
        t: &Self::Root,
    ) -> Option<[[TrackedF64; 3]; 4]> {
        let scale = values.iter().fold(0.0, |m: f64, v| m.max(v.abs()));
        let s = fraction_of_interval(t.0, interval);
        Some(std::array::from_fn(|i| {
            std::array::from_fn(|k| {
                let (start, end) = (values[6 * i + k], values[6 * i + 3 + k]);
                TrackedF64::at_scale(interpolate(start, end, s), scale)
            })
        }))
    }
}

/// `(t - t0) / (t1 - t0)`, clamped to `[0, 1]`.
#[allow(clippy::float_arithmetic)] // the f64 path's positions
fn fraction_of_interval(t: f64, interval: &[f64; 2]) -> f64 {
    ((t - interval[0]) / (interval[1] - interval[0])).clamp(0.0, 1.0)
}

/// `start + s (end - start)`.
#[allow(clippy::float_arithmetic)] // the f64 path's positions
fn interpolate(start: f64, end: f64, s: f64) -> f64 {
    start + s * (end - start)
}

/// `p(x)` with its magnitude (Horner's rule on values and magnitudes, `x`
/// an exact `f64`).
fn tracked_value_at(p: &Poly<TrackedF64>, x: f64) -> TrackedF64 {
    p.eval(&TrackedF64::input(x))
}

/// The sign of a polynomial over the coordinate ring at a scalar value (the
/// value as a root of `t - v`).
pub(crate) fn sign_at_value<S: PrimitiveScalar>(p: &Poly<S::Coord>, v: &S) -> Sign {
    S::sign_at_time(p, &S::root_of_value(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn clearing_denominators_scales_by_one_positive_factor() {
        // (1/2, -3/4, 5/6) * 12 = (6, -9, 10): gcd 1
        let got = clear_denominators(&[q(1, 2), q(-3, 4), q(5, 6)]);
        assert_eq!(
            got,
            vec![BigInt::from(6), BigInt::from(-9), BigInt::from(10)]
        );
        // (4, -6, 0) -> gcd 2 -> (2, -3, 0)
        let got = clear_denominators(&[q(4, 1), q(-6, 1), q(0, 1)]);
        assert_eq!(
            got,
            vec![BigInt::from(2), BigInt::from(-3), BigInt::from(0)]
        );
        // all zero
        let got = clear_denominators(&[q(0, 1), q(0, 3)]);
        assert_eq!(got, vec![BigInt::from(0), BigInt::from(0)]);
    }

    /// xorshift64*: a fixed generator for the randomised checks below.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        fn int(&mut self, bits: u32) -> BigInt {
            let v = BigInt::from(self.next() >> (64 - bits));
            if self.next() & 1 == 1 {
                -v
            } else {
                v
            }
        }
    }

    #[test]
    fn dyadic_scaling_equals_the_lcm_scaling() {
        // random numerators over powers of two from 2^0 to 2^200 (the
        // benchmark's coordinates are f64 numbers: 2^52 to 2^56), and zeros:
        // shifting by the exponents gives the same integers as the lcm
        let mut rng = Rng(0x0ddb_a11c_afe5_eed5);
        for _ in 0..500 {
            let n = 1 + (rng.next() % 25) as usize;
            let values: Vec<BigRational> = (0..n)
                .map(|_| {
                    let numer = if rng.next() % 7 == 0 {
                        BigInt::from(0)
                    } else {
                        let bits = 1 + (rng.next() % 63) as u32;
                        rng.int(bits)
                    };
                    let k = if rng.next() % 3 == 0 {
                        rng.next() % 201
                    } else {
                        52 + rng.next() % 5
                    };
                    BigRational::new(numer, BigInt::from(1) << k)
                })
                .collect();
            assert_eq!(scale_dyadic(&values), Some(scale_by_lcm(&values)));
        }
        // a denominator that is not a power of two takes the general path
        assert_eq!(scale_dyadic(&[q(1, 2), q(1, 6)]), None);
        assert_eq!(
            clear_denominators(&[q(1, 2), q(1, 6)]),
            vec![BigInt::from(3), BigInt::from(1)]
        );
    }

    #[test]
    fn split_roots_equal_the_core_isolator_on_random_cubics() {
        // cubics built as (u t - v) (a t^2 + b t + c) with rational roots
        // inside and outside [0, 1], 50-bit coefficients, and random dense
        // cubics: the roots from `exact_roots` (rational roots split off,
        // Descartes filter) equal those of the core isolator alone
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let (zero, one) = (q(0, 1), q(1, 1));
        for i in 0..300 {
            let p = if i % 3 == 2 {
                Poly::from_coeffs((0..4).map(|_| rng.int(50)).collect())
            } else {
                let u = num_traits::Signed::abs(&rng.int(20)) + BigInt::from(1);
                let v = rng.int(20);
                let lin = Poly::from_coeffs(vec![-v, u]);
                let quad = Poly::from_coeffs(vec![rng.int(50), rng.int(50), rng.int(50)]);
                &lin * &quad
            };
            if p.degree().unwrap_or(0) == 0 {
                continue;
            }
            let got = exact_roots(&p, &zero, &one).unwrap();
            let want = isolate_integer_roots(
                &p,
                &zero,
                &one,
                Isolator::Descartes,
                &IsolationLimits::default(),
            )
            .unwrap();
            assert_eq!(got, want, "{p:?}");
            for (g, w) in got.iter().zip(&want) {
                assert_eq!(g.as_rational(), w.as_rational(), "{p:?}");
            }
        }
    }

    #[test]
    fn projection_axis_first_exactly_largest_in_f64() {
        use crate::poly::F64Root;
        let c =
            |value: f64, magnitude: f64| Poly::from_coeffs(vec![TrackedF64 { value, magnitude }]);
        // a normal (1e-17 of noise at magnitude 1, 0.5, -2): f64 projects
        // along z, never along the noise
        let n = Vec3::new(c(1e-17, 1.0), c(0.5, 1.0), c(-2.0, 4.0));
        assert_eq!(f64::projection_axis(&n, &F64Root(0.5)), Some(2));
        // all within rounding: no axis (a zero-area triangle)
        let flat = Vec3::new(c(1e-17, 1.0), c(-3e-17, 1.0), c(0.0, 1.0));
        assert_eq!(f64::projection_axis(&flat, &F64Root(0.5)), None);
        // exactly, any non-zero component will do: the first
        let ip = |v: i64| Poly::from_coeffs(vec![BigInt::from(v)]);
        let n = Vec3::new(ip(0), ip(1), ip(-5));
        let t = BigRational::roots_between(
            &Poly::from_coeffs(vec![BigInt::from(-1), BigInt::from(2)]),
            &q(0, 1),
            &q(1, 1),
            &|_| false,
        )
        .unwrap();
        assert_eq!(BigRational::projection_axis(&n, &t[0]), Some(1));
        let zero = Vec3::new(ip(0), ip(0), ip(0));
        assert_eq!(BigRational::projection_axis(&zero, &t[0]), None);
    }

    #[test]
    fn exact_roots_and_signs() {
        // (2t - 1)(t - 3): root 1/2 in [0, 1]
        let p = Poly::from_coeffs(vec![BigInt::from(3), BigInt::from(-7), BigInt::from(2)]);
        let roots = BigRational::roots_between(&p, &q(0, 1), &q(1, 1), &|_| false).unwrap();
        assert_eq!(roots.len(), 1);
        assert_eq!(roots[0].as_rational(), Some(&q(1, 2)));
        let lin = Poly::from_coeffs(vec![BigInt::from(-1), BigInt::from(4)]);
        assert_eq!(BigRational::sign_at_time(&lin, &roots[0]), Sign::Positive);
        assert_eq!(sign_at_value::<BigRational>(&lin, &q(1, 4)), Sign::Zero);
    }
}
