//! Polynomial operations: a hand table per operation, then the algebraic laws
//! the exact pipeline relies on, as properties (ring laws, the division
//! identity, gcd divides both and is divisible by every common factor, the
//! square-free part has no repeated root, integer and rational forms agree).

use crate::strategies;

use exactccd::poly::{fujiwara_bound_log2, Poly};
use exactccd::scalar::{BigInt, BigRational, Ring, Sign};
use proptest::prelude::*;
use strategies::{int_poly, q, small_poly};

fn rp(c: &[i64]) -> Poly<BigRational> {
    Poly::from_coeffs(c.iter().map(|&v| q(v, 1)).collect())
}

fn ip(c: &[i64]) -> Poly<BigInt> {
    Poly::from_coeffs(c.iter().map(|&v| BigInt::from(v)).collect())
}

/// The invariant of `Poly`: no trailing zero coefficient.
fn normalised<R: Ring>(p: &Poly<R>) -> bool {
    p.coeffs().last().is_none_or(|c| !c.is_zero())
}

#[test]
fn table_construction_and_degree() {
    assert_eq!(rp(&[1, 2, 0, 0]).coeffs().len(), 2);
    assert_eq!(rp(&[0, 0]).degree(), None);
    assert!(rp(&[]).is_zero());
    assert_eq!(Poly::monomial(q(3, 1), 4).degree(), Some(4));
    assert_eq!(Poly::<BigRational>::t().coeffs(), &[q(0, 1), q(1, 1)]);
    assert_eq!(Poly::from_roots(&[q(1, 1), q(2, 1)]), rp(&[2, -3, 1]));
}

#[test]
fn table_arithmetic() {
    let a = rp(&[1, 2, 3]);
    let b = rp(&[-1, 0, -3]);
    assert_eq!(&a + &b, rp(&[0, 2]));
    assert_eq!(&a - &a, Poly::zero());
    assert_eq!(&a * &b, rp(&[-1, -2, -6, -6, -9]));
    assert_eq!(-&a, rp(&[-1, -2, -3]));
    assert_eq!(
        a.scale(&q(1, 2)),
        Poly::from_coeffs(vec![q(1, 2), q(1, 1), q(3, 2)])
    );
    assert_eq!(a.shift_up(2), rp(&[0, 0, 1, 2, 3]));
    assert_eq!(rp(&[1, 1]).pow(3), rp(&[1, 3, 3, 1]));
    assert_eq!(a.pow(0), rp(&[1]));
}

#[test]
fn table_evaluation_and_calculus() {
    let p = rp(&[1, -3, 0, 2]); // 2t^3 - 3t + 1
    assert_eq!(p.eval(&q(1, 2)), q(1, 4) - q(3, 2) + q(1, 1));
    assert_eq!(p.eval(&q(0, 1)), q(1, 1));
    assert_eq!(p.derivative(), rp(&[-3, 0, 6]));
    assert_eq!(rp(&[5]).derivative(), Poly::zero());
    assert_eq!(p.sign_at(&q(1, 2)), Sign::Negative);
    // composition: p(t + 1) equals the Taylor shift by 1
    assert_eq!(p.compose(&rp(&[1, 1])), p.taylor_shift(&q(1, 1)));
    assert_eq!(p.taylor_shift(&q(1, 1)), rp(&[0, 3, 6, 2]));
    // p(2t) and reversal
    assert_eq!(p.scale_variable(&q(2, 1)), rp(&[1, -6, 0, 16]));
    assert_eq!(p.reversed(), rp(&[2, 0, -3, 1]));
}

#[test]
fn table_division_gcd_square_free() {
    let a = rp(&[-1, 0, 0, 1]); // t^3 - 1
    let b = rp(&[-1, 1]); // t - 1
    let (quo, rem) = a.div_rem(&b);
    assert_eq!(quo, rp(&[1, 1, 1]));
    assert!(rem.is_zero());
    let (quo, rem) = rp(&[1, 0, 1]).div_rem(&rp(&[0, 2]));
    assert_eq!(quo, Poly::from_coeffs(vec![q(0, 1), q(1, 2)]));
    assert_eq!(rem, rp(&[1]));
    assert_eq!(a.exact_div(&b), rp(&[1, 1, 1]));
    assert_eq!(a.gcd(&rp(&[-1, 0, 1])), b);
    assert_eq!(rp(&[2, 4]).monic(), rp(&[1, 2]).scale(&q(1, 2)));
    let sq = rp(&[-1, 1]).pow(3) * rp(&[2, 1]).pow(2);
    assert_eq!(sq.square_free_part(), (rp(&[-1, 1]) * rp(&[2, 1])).monic());
}

#[test]
fn table_integer_forms() {
    let p = Poly::from_coeffs(vec![q(1, 2), q(-2, 3), q(5, 6)]);
    assert_eq!(p.to_primitive_integer(), ip(&[3, -4, 5]));
    assert_eq!(ip(&[6, 9]).content(), BigInt::from(3));
    assert_eq!(ip(&[-2, -4]).normalized(), ip(&[1, 2]));
    assert_eq!(ip(&[4, 0, 1]).scale_roots_up(1), ip(&[16, 0, 1])); // roots 2i -> 4i
    assert_eq!(ip(&[-1, 1]).scale_roots_down(2), ip(&[-1, 4])); // root 1 -> 1/4
                                                                // roots 2, -3: Fujiwara gives 2 max(1, sqrt(3)) < 4 = 2^2
    assert_eq!(fujiwara_bound_log2(&ip(&[-6, 1, 1])), 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn ring_laws(a in small_poly(5), b in small_poly(5), c in small_poly(4)) {
        prop_assert_eq!(&a + &b, &b + &a);
        prop_assert_eq!(&a * &b, &b * &a);
        prop_assert_eq!(&(&a + &b) + &c, &a + &(&b + &c));
        prop_assert_eq!(&(&a * &b) * &c, &a * &(&b * &c));
        prop_assert_eq!(&a * &(&b + &c), &(&a * &b) + &(&a * &c));
        prop_assert_eq!(&a - &a, Poly::zero());
        prop_assert_eq!(&a * &Poly::constant(q(1, 1)), a.clone());
        prop_assert!(normalised(&(&a * &b)) && normalised(&(&a - &b)) && normalised(&(&a + &b)));
        // degrees add under multiplication over a field
        if let (Some(da), Some(db)) = (a.degree(), b.degree()) {
            prop_assert_eq!((&a * &b).degree(), Some(da + db));
        }
    }

    #[test]
    fn evaluation_is_a_ring_homomorphism(a in small_poly(5), b in small_poly(5), x in strategies::rational(9, 7)) {
        prop_assert_eq!((&a * &b).eval(&x), a.eval(&x) * b.eval(&x));
        prop_assert_eq!((&a + &b).eval(&x), a.eval(&x) + b.eval(&x));
        prop_assert_eq!(a.compose(&b).eval(&x), a.eval(&b.eval(&x)));
        prop_assert_eq!(a.taylor_shift(&x).eval(&q(0, 1)), a.eval(&x));
        prop_assert_eq!(a.scale_variable(&x).eval(&q(1, 1)), a.eval(&x));
    }

    #[test]
    fn derivative_is_a_derivation(a in small_poly(5), b in small_poly(5)) {
        prop_assert_eq!((&a * &b).derivative(), &(&a.derivative() * &b) + &(&a * &b.derivative()));
    }

    #[test]
    fn division_identity(a in small_poly(7), b in small_poly(4)) {
        prop_assume!(!b.is_zero());
        let (quo, rem) = a.div_rem(&b);
        prop_assert_eq!(&(&quo * &b) + &rem, a.clone());
        prop_assert!(rem.degree() < b.degree() || rem.is_zero());
        prop_assert!(normalised(&quo) && normalised(&rem));
        prop_assert_eq!((&a * &b).exact_div(&b), a);
    }

    #[test]
    fn gcd_divides_both_and_every_common_factor(a in small_poly(4), b in small_poly(4), f in small_poly(3)) {
        let fa = &f * &a;
        let fb = &f * &b;
        let g = fa.gcd(&fb);
        if !fa.is_zero() || !fb.is_zero() {
            prop_assert!(fa.div_rem(&g).1.is_zero());
            prop_assert!(fb.div_rem(&g).1.is_zero());
            if !f.is_zero() {
                prop_assert!(g.div_rem(&f).1.is_zero());
            }
            prop_assert_eq!(g.leading().cloned(), Some(q(1, 1)));
        }
        // the integer gcd agrees with the rational one up to a constant
        let gi = fa.to_primitive_integer().gcd_int(&fb.to_primitive_integer());
        prop_assert_eq!(gi.to_rational().monic(), g.clone());
    }

    #[test]
    fn square_free_part_has_no_repeated_root(a in small_poly(3), b in small_poly(2), k in 1u32..4) {
        // a zero factor stands for 1 (no rejections at any case count)
        let nonzero = |p: Poly<BigRational>| if p.is_zero() { Poly::constant(q(1, 1)) } else { p };
        let (a, b) = (nonzero(a), nonzero(b));
        let p = a.pow(k) * b.pow(2);
        let s = p.square_free_part();
        // no repeated root: gcd(s, s') is constant
        prop_assert!(s.gcd(&s.derivative()).is_constant());
        // same roots: s divides p and p divides s^m for m = deg p
        prop_assert!(p.div_rem(&s).1.is_zero());
        let m = p.degree().unwrap_or(0).max(1) as u32;
        prop_assert!(s.pow(m).div_rem(&p).1.is_zero());
        // the integer form agrees
        let si = p.to_primitive_integer().square_free();
        prop_assert_eq!(si.to_rational().monic(), s);
    }

    #[test]
    fn primitive_integer_form_is_a_positive_multiple(p in small_poly(6), x in strategies::rational(30, 11)) {
        prop_assume!(!p.is_zero());
        let ip = p.to_primitive_integer();
        prop_assert_eq!(ip.content(), BigInt::from(1));
        // positive multiple: same sign at every point
        prop_assert_eq!(ip.sign_at_rational(&x), p.sign_at(&x));
        prop_assert_eq!(ip.to_rational().monic(), p.monic());
    }

    #[test]
    fn products_of_word_sized_coefficients_are_the_schoolbook_ones(
        a in prop::collection::vec(prop_oneof![-1000i64..1000, any::<i64>(), Just(i64::MIN), Just(i64::MAX)], 1..8),
        b in prop::collection::vec(prop_oneof![-1000i64..1000, any::<i64>(), Just(i64::MIN), Just(i64::MAX)], 1..8),
    ) {
        // Integer and integer-valued rational products take a machine-word
        // path (with a BigInt fallback on overflow): both must equal the
        // schoolbook product in BigInt, word-sized or not.
        let mut want = vec![BigInt::from(0); a.len() + b.len() - 1];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                want[i + j] += BigInt::from(*x) * BigInt::from(*y);
            }
        }
        let want = Poly::from_coeffs(want);
        prop_assert_eq!(ip(&a) * ip(&b), want.clone());
        prop_assert_eq!(rp(&a) * rp(&b), want.to_rational());
        // one non-integer coefficient: the rational path, the same value
        let half = Poly::from_coeffs(vec![q(1, 2)]);
        prop_assert_eq!(&(&rp(&a) * &half) * &rp(&b), &want.to_rational() * &half);
    }

    #[test]
    fn pseudo_remainder_identity(a in int_poly(8, 70), b in int_poly(4, 70)) {
        prop_assume!(!b.is_zero());
        let r = a.pseudo_rem(&b);
        let (da, db) = (a.degree().unwrap_or(0), b.degree().unwrap_or(0));
        let e = if a.degree().is_some() && da >= db { (da - db + 1) as u32 } else { 0 };
        let lc = b.leading().unwrap().clone();
        let scaled = a.scale(&num_traits::pow(lc, e as usize)).to_rational();
        prop_assert_eq!(scaled.div_rem(&b.to_rational()).1, r.to_rational());
    }

    #[test]
    fn fujiwara_bound_holds(roots in prop::collection::vec(strategies::rational(500, 9), 1..6)) {
        let p = Poly::from_roots(&roots).to_primitive_integer();
        let k = fujiwara_bound_log2(&p);
        for r in &roots {
            let bound = BigRational::from_integer(BigInt::from(1) << k.max(0) as u32)
                / BigRational::from_integer(BigInt::from(1) << (-k).max(0) as u32);
            prop_assert!(num_traits::Signed::abs(r) < bound);
        }
    }
}
