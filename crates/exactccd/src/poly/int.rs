//! Integer polynomials (`Poly<BigInt>`): the kernel of exact root isolation.
//!
//! A rational polynomial is turned into a primitive integer polynomial that is
//! a *positive* rational multiple of it ([`Poly::to_primitive_integer`]), so
//! signs of values are preserved. Values at dyadic and rational points are
//! computed homogeneously (`d^n p(m/d)`), without any division.
#![deny(clippy::float_arithmetic)]

use super::{Dyadic, Poly};
use crate::budget::{self, Activity};
use crate::scalar::{euclid, BigInt, BigRational, Ring, Sign};
use num_integer::Integer;
use num_traits::Signed;

impl Poly<BigInt> {
    /// The content: the positive gcd of the coefficients (zero for zero).
    pub fn content(&self) -> BigInt {
        let mut g = <BigInt as Ring>::zero();
        for c in &self.coeffs {
            budget::tick();
            g = euclid::gcd(&g, c);
            if g == <BigInt as Ring>::one() {
                break;
            }
        }
        g
    }

    /// `self / content`, the sign of every coefficient kept.
    #[must_use]
    pub(crate) fn primitive_part(&self) -> Self {
        let g = self.content();
        if g.is_zero() || g == <BigInt as Ring>::one() {
            return self.clone();
        }
        Poly {
            coeffs: self.coeffs.iter().map(|c| c / &g).collect(),
        }
    }

    /// The primitive part with a positive leading coefficient: the
    /// canonical integer representative of the polynomial's roots.
    #[must_use]
    pub fn normalized(&self) -> Self {
        let p = self.primitive_part();
        if p.leading().is_some_and(|l| l.is_negative()) {
            -p
        } else {
            p
        }
    }

    /// The same polynomial over the rationals.
    pub fn to_rational(&self) -> Poly<BigRational> {
        self.map(|c| BigRational::from_integer(c.clone()))
    }

    /// Pseudo-remainder `lc(b)^(deg a - deg b + 1) a mod b`, computed without
    /// division. Requires `b != 0`.
    #[must_use]
    pub fn pseudo_rem(&self, b: &Self) -> Self {
        let db = b.degree().expect("pseudo-remainder by zero");
        let Some(da) = self.degree() else {
            return Self::zero();
        };
        if da < db {
            return self.clone();
        }
        let lb = &b.coeffs[db];
        let mut r = self.coeffs.clone();
        // Each of the da - db + 1 steps multiplies r by lc(b) and cancels its
        // top coefficient against a shifted copy of b.
        for top in (db..=da).rev() {
            budget::tick();
            let lr = r.pop().expect("r has top + 1 coefficients");
            for c in r.iter_mut() {
                *c *= lb;
            }
            if !lr.is_zero() {
                let shift = top - db;
                for (j, bj) in b.coeffs[..db].iter().enumerate() {
                    r[shift + j] -= &lr * bj;
                }
            }
        }
        Self::from_coeffs(r)
    }

    /// `self / divisor` for an exact division in `Z[t]` (for example by a
    /// primitive factor). Returns `None` when the division is not exact.
    pub fn exact_div_int(&self, divisor: &Self) -> Option<Self> {
        if let Some(q) = super::small::exact_div(self, divisor) {
            return q.map(Self::from_coeffs);
        }
        self.exact_div_int_big(divisor)
    }

    /// [`Poly::exact_div_int`] in `BigInt` throughout.
    pub(crate) fn exact_div_int_big(&self, divisor: &Self) -> Option<Self> {
        let d = divisor.degree()?;
        let lead = &divisor.coeffs[d];
        let mut rem = self.coeffs.clone();
        if rem.len() <= d {
            return if self.is_zero() {
                Some(Self::zero())
            } else {
                None
            };
        }
        let mut quot = vec![<BigInt as Ring>::zero(); rem.len() - d];
        for k in (0..quot.len()).rev() {
            budget::tick();
            let (c, r) = rem[k + d].div_rem(lead);
            if !r.is_zero() {
                return None;
            }
            if !c.is_zero() {
                for (j, b) in divisor.coeffs.iter().enumerate() {
                    rem[k + j] -= &c * b;
                }
            }
            quot[k] = c;
        }
        if rem.iter().any(|c| !c.is_zero()) {
            return None;
        }
        Some(Self::from_coeffs(quot))
    }

    /// The gcd in `Z[t]`, normalised (primitive, positive leading
    /// coefficient), by the primitive pseudo-remainder sequence. The gcd of
    /// zero and zero is zero.
    #[must_use]
    pub fn gcd_int(&self, other: &Self) -> Self {
        self.gcd_int_until(other, || false)
            .expect("a gcd that is never stopped ends")
    }

    /// [`Poly::gcd_int`], or `None` when the work budget is spent before
    /// it is found (`crate::budget`): for callers to whom the gcd is an
    /// optional simplification.
    pub(crate) fn gcd_int_within_budget(&self, other: &Self) -> Option<Self> {
        self.gcd_int_until(other, budget::is_exhausted)
    }

    /// The gcd by the primitive pseudo-remainder sequence, `None` as soon
    /// as `stop` says so between two remainders.
    fn gcd_int_until(&self, other: &Self, stop: impl Fn() -> bool) -> Option<Self> {
        if super::modular::proven_coprime(self, other) {
            return Some(Poly::constant(<BigInt as Ring>::one()));
        }
        let (mut a, mut b) = if self.degree() >= other.degree() {
            (self.normalized(), other.normalized())
        } else {
            (other.normalized(), self.normalized())
        };
        let _doing = budget::doing(Activity::PolynomialGcd(a.degree().unwrap_or(0)));
        while !b.is_zero() {
            if stop() {
                return None;
            }
            let r = a.pseudo_rem(&b).normalized();
            a = b;
            b = r;
        }
        Some(a)
    }

    /// The square-free part `p / gcd(p, p')`, normalised: the same real and
    /// complex roots, each simple.
    #[must_use]
    pub fn square_free(&self) -> Self {
        self.square_free_until(|| false)
            .expect("a gcd that is never stopped ends")
    }

    /// [`Poly::square_free`], or `None` when the work budget is spent
    /// before the gcd with the derivative is found (`crate::budget`).
    pub(crate) fn square_free_within_budget(&self) -> Option<Self> {
        self.square_free_until(budget::is_exhausted)
    }

    fn square_free_until(&self, stop: impl Fn() -> bool) -> Option<Self> {
        let p = self.normalized();
        if p.is_constant() {
            return Some(p);
        }
        let g = p.gcd_int_until(&p.derivative(), stop)?;
        if g.is_constant() {
            return Some(p);
        }
        Some(
            p.exact_div_int(&g)
                .expect("gcd(p, p') divides p exactly in Z[t]")
                .normalized(),
        )
    }

    /// `2^(k n) p(m / 2^k)` for `n = deg p`: the value at a dyadic point,
    /// scaled by a positive power of two, so its sign is the sign of `p`.
    pub(crate) fn eval_dyadic_scaled(&self, x: &Dyadic) -> BigInt {
        self.eval_scaled_at(x.num(), x.exp())
    }

    /// `2^(k n) p(m / 2^k)` for the integer `m` and exponent `k` as given
    /// (not normalised): values at points of one grid `m / 2^k` share the
    /// same positive scale, so they can be compared and interpolated.
    pub fn eval_scaled_at(&self, m: &BigInt, k: u64) -> BigInt {
        let Some(n) = self.degree() else {
            return <BigInt as Ring>::zero();
        };
        // Horner on the homogenised polynomial: acc = acc*m + c_i 2^(k(n-i))
        budget::tick();
        let mut acc = self.coeffs[n].clone();
        for i in (0..n).rev() {
            acc *= m;
            acc += &self.coeffs[i] << (k * (n - i) as u64);
        }
        acc
    }

    /// The exact sign of `p` at a dyadic point.
    pub(crate) fn sign_at_dyadic(&self, x: &Dyadic) -> Sign {
        if let Some(s) = super::small::sign_at_dyadic(self, x) {
            return s;
        }
        Ring::sign(&self.eval_dyadic_scaled(x))
    }

    /// `d^n p(num/d)` for the rational `num/d` in lowest terms (`d > 0`):
    /// the value scaled by a positive factor.
    pub fn eval_rational_scaled(&self, x: &BigRational) -> BigInt {
        let Some(n) = self.degree() else {
            return <BigInt as Ring>::zero();
        };
        let (num, den) = (x.numer(), x.denom());
        let mut acc = self.coeffs[n].clone();
        let mut den_power = <BigInt as Ring>::one();
        for i in (0..n).rev() {
            den_power *= den;
            acc *= num;
            acc += &self.coeffs[i] * &den_power;
        }
        acc
    }

    /// The exact sign of `p` at a rational point.
    pub fn sign_at_rational(&self, x: &BigRational) -> Sign {
        if let Some(s) = super::small::sign_at_rational(self, x) {
            return s;
        }
        Ring::sign(&self.eval_rational_scaled(x))
    }

    /// `2^(k n) p(t / 2^k)`: the integer polynomial whose roots are `2^k`
    /// times those of `p`.
    #[must_use]
    pub fn scale_roots_up(&self, k: u64) -> Self {
        let Some(n) = self.degree() else {
            return Self::zero();
        };
        Poly {
            coeffs: self
                .coeffs
                .iter()
                .enumerate()
                .map(|(i, c)| c << (k * (n - i) as u64))
                .collect(),
        }
    }

    /// `p(2^k t)`: the polynomial whose roots are those of `p` divided by
    /// `2^k`.
    #[must_use]
    pub fn scale_roots_down(&self, k: u64) -> Self {
        Poly {
            coeffs: self
                .coeffs
                .iter()
                .enumerate()
                .map(|(i, c)| c << (k * i as u64))
                .collect(),
        }
    }

    /// The largest coefficient size in bits.
    pub fn max_coeff_bits(&self) -> u64 {
        self.coeffs.iter().map(|c| c.bits()).max().unwrap_or(0)
    }
}

impl Poly<BigRational> {
    /// The primitive integer polynomial that is a *positive* rational
    /// multiple of `self` (so it has the same roots and the same signs).
    pub fn to_primitive_integer(&self) -> Poly<BigInt> {
        let mut lcm = <BigInt as Ring>::one();
        for c in &self.coeffs {
            lcm = euclid::lcm(&lcm, c.denom());
        }
        let ints = Poly::from_coeffs(
            self.coeffs
                .iter()
                .map(|c| c.numer() * (&lcm / c.denom()))
                .collect(),
        );
        ints.primitive_part()
    }
}

/// A power-of-two bound on the real roots: every real root `x` of a non-zero,
/// non-constant `p` satisfies `|x| < 2^k` for the returned `k` (Fujiwara's
/// bound `2 max |a_{n-i}/a_n|^(1/i)`, rounded up through bit lengths; the
/// last coefficient counted with half weight as the bound requires).
pub fn fujiwara_bound_log2(p: &Poly<BigInt>) -> i64 {
    let Some(n) = p.degree() else {
        return 0;
    };
    let lead_bits = p.coeffs[n].bits() as i64; // |a_n| >= 2^(lead_bits-1)
    let mut best = i64::MIN;
    for i in 1..=n {
        let c = &p.coeffs[n - i];
        if c.is_zero() {
            continue;
        }
        // |a_{n-i}/a_n| < 2^(bits(c) - lead_bits + 1); for i == n the bound
        // uses |a_0 / (2 a_n)|, one bit less.
        let mut e = c.bits() as i64 - lead_bits + 1;
        if i == n {
            e -= 1;
        }
        // ceil(e / i)
        let root = Integer::div_ceil(&e, &(i as i64));
        best = best.max(root);
    }
    if best == i64::MIN {
        // p = a_n t^n: the only root is 0
        return 0;
    }
    best + 1
}

/// The smallest dyadic interval `[lo, hi]` at a resolution `2^-k` that
/// contains `[a, b]`; `k` is chosen so that the hull is at most a few times
/// wider than `b - a` (`a < b`).
pub fn dyadic_hull(a: &BigRational, b: &BigRational) -> (Dyadic, Dyadic) {
    debug_assert!(a < b);
    let w = b - a;
    // 2^-k <= w / 4
    let bits_num = w.numer().bits() as i64;
    let bits_den = w.denom().bits() as i64;
    let k = (bits_den - bits_num + 2).max(0) as u64;
    (Dyadic::floor_of(a, k), Dyadic::ceil_of(b, k))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(c: &[i64]) -> Poly<BigInt> {
        Poly::from_coeffs(c.iter().map(|&v| BigInt::from(v)).collect())
    }

    fn rp(c: &[(i64, i64)]) -> Poly<BigRational> {
        Poly::from_coeffs(
            c.iter()
                .map(|&(n, d)| BigRational::new(BigInt::from(n), BigInt::from(d)))
                .collect(),
        )
    }

    #[test]
    fn content_and_primitive_part() {
        let p = ip(&[6, -4, 10]);
        assert_eq!(p.content(), BigInt::from(2));
        assert_eq!(p.primitive_part(), ip(&[3, -2, 5]));
        assert_eq!(ip(&[-6, 4, -10]).normalized(), ip(&[3, -2, 5]));
        assert_eq!(Poly::<BigInt>::zero().content(), <BigInt as Ring>::zero());
    }

    #[test]
    fn rational_to_primitive_integer_keeps_signs() {
        // -1/2 + 1/3 t  ->  -3 + 2 t  (multiplied by 6 > 0)
        assert_eq!(rp(&[(-1, 2), (1, 3)]).to_primitive_integer(), ip(&[-3, 2]));
        // leading coefficient negative stays negative
        assert_eq!(rp(&[(1, 2), (-1, 4)]).to_primitive_integer(), ip(&[2, -1]));
    }

    #[test]
    fn pseudo_remainder_identity() {
        // a = 3t^3 + t + 1, b = 2t^2 + 1: lc(b)^2 a = q b + r
        let a = ip(&[1, 1, 0, 3]);
        let b = ip(&[1, 0, 2]);
        let r = a.pseudo_rem(&b);
        // 4a = (6t) b + (-2t + 4) : 4(3t^3+t+1) = 12t^3 + 4t + 4; 6t(2t^2+1) = 12t^3 + 6t
        assert_eq!(r, ip(&[4, -2]));
    }

    #[test]
    fn gcd_and_square_free() {
        // (t-1)^2 (t+2) and (t-1)(t-3)
        let p = ip(&[1, -2, 1]) * ip(&[2, 1]);
        let q = ip(&[-1, 1]) * ip(&[-3, 1]);
        assert_eq!(p.gcd_int(&q), ip(&[-1, 1]));
        assert_eq!(p.square_free(), ip(&[-1, 1]) * ip(&[2, 1]));
        // constants
        assert_eq!(ip(&[4]).gcd_int(&ip(&[6])), ip(&[1]));
        // (2t-1)^3 (3t+1)^2 -> (2t-1)(3t+1)
        let f = ip(&[-1, 2]).pow(3) * ip(&[1, 3]).pow(2);
        assert_eq!(f.square_free(), ip(&[-1, 2]) * ip(&[1, 3]));
    }

    #[test]
    fn exact_division_in_z() {
        let f = ip(&[-1, 2]) * ip(&[5, 0, 3]);
        assert_eq!(f.exact_div_int(&ip(&[-1, 2])), Some(ip(&[5, 0, 3])));
        assert_eq!(f.exact_div_int(&ip(&[1, 1])), None);
    }

    #[test]
    fn dyadic_and_rational_evaluation() {
        // p = 4t^2 - 1 has roots ±1/2
        let p = ip(&[-1, 0, 4]);
        assert_eq!(
            p.sign_at_dyadic(&Dyadic::new(BigInt::from(1), 1)),
            Sign::Zero
        );
        assert_eq!(
            p.sign_at_dyadic(&Dyadic::new(BigInt::from(1), 2)),
            Sign::Negative
        );
        assert_eq!(p.sign_at_dyadic(&Dyadic::from_int(-3)), Sign::Positive);
        let third = BigRational::new(BigInt::from(1), BigInt::from(3));
        // 9 p(1/3) = 4 - 9 = -5
        assert_eq!(p.eval_rational_scaled(&third), BigInt::from(-5));
    }

    #[test]
    fn fujiwara_bounds_the_roots() {
        // roots 1000, -3, 1/7
        let p = ip(&[-1000, 1]) * ip(&[3, 1]) * ip(&[-1, 7]);
        let k = fujiwara_bound_log2(&p);
        assert!(1000 < (1_i64 << k));
        assert!(k <= 12, "bound too loose: 2^{k}");
        assert_eq!(fujiwara_bound_log2(&ip(&[0, 0, 5])), 0);
        // t - 1/2^20 scaled: 2^20 t - 1: root 2^-20
        let q = ip(&[-1, 1 << 20]);
        assert!(fujiwara_bound_log2(&q) <= 0);
    }

    #[test]
    fn dyadic_hull_contains_interval() {
        let a = BigRational::new(BigInt::from(1), BigInt::from(3));
        let b = BigRational::new(BigInt::from(2), BigInt::from(3));
        let (lo, hi) = dyadic_hull(&a, &b);
        assert!(lo.cmp_rational(&a).is_le());
        assert!(hi.cmp_rational(&b).is_ge());
        let w = hi.to_rational() - lo.to_rational();
        assert!(w <= BigRational::from_integer(BigInt::from(1)));
    }
}
