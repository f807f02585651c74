//! Laws of the certified enclosures the glide solver's rotation times rely
//! on (`solver::glide::enclosure`): every enclosure contains the true value
//! (checked against `f64` `atan`/`sqrt`, whose error is far below the
//! margins used) and is as narrow as asked; `atan` is increasing and odd
//! relations hold (`atan x + atan(1/x) = π/2`).

use exactccd::scalar::{rational_to_f64, BigInt, BigRational};
use exactccd::solver::glide::{atan_rational, pi_interval, sqrt_interval, Interval};
use proptest::prelude::*;

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn f(x: &BigRational) -> f64 {
    rational_to_f64(x)
}

fn width_at_most(iv: &Interval, bits: u32) -> bool {
    iv.width() <= BigRational::new(BigInt::from(1), BigInt::from(1) << bits)
}

/// Positive rationals `n / d` from integers (no filtering).
fn positive_rational() -> impl Strategy<Value = BigRational> {
    (0i64..1_000_000, 1i64..100_000).prop_map(|(n, d)| r(n, d))
}

proptest! {
    #[test]
    fn atan_enclosures_contain_atan_and_are_narrow(x in positive_rational()) {
        let iv = atan_rational(&x, 80);
        prop_assert!(iv.lo <= iv.hi);
        prop_assert!(width_at_most(&iv, 70));
        let a = f(&x).atan();
        prop_assert!(f(&iv.lo) <= a + 1e-15 && a - 1e-15 <= f(&iv.hi));
    }

    #[test]
    fn atan_is_increasing(x in positive_rational(), y in positive_rational()) {
        // ordered rather than filtered (no rejections at any case count)
        let (x, y) = if x <= y { (x, y) } else { (y, x) };
        let (a, b) = (atan_rational(&x, 70), atan_rational(&y, 70));
        // Enclosures of increasing values cannot be strictly reversed.
        prop_assert!(a.lo <= b.hi);
    }

    #[test]
    fn atan_of_x_plus_atan_of_its_inverse_is_half_pi(x in (1i64..100_000, 1i64..100_000)) {
        let x = r(x.0, x.1);
        let sum = atan_rational(&x, 80).add(&atan_rational(&x.recip(), 80));
        let half_pi = pi_interval(80).scale(&r(1, 2));
        prop_assert!(sum.lo <= half_pi.hi && half_pi.lo <= sum.hi);
    }

    #[test]
    fn sqrt_enclosures_bracket_the_root(x in positive_rational()) {
        let iv = sqrt_interval(&x, 64);
        prop_assert!(&iv.lo * &iv.lo <= x && x <= &iv.hi * &iv.hi);
        prop_assert!(width_at_most(&iv, 63));
    }
}
