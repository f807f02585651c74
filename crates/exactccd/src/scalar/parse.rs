//! Exact parsing of the contract's number syntax (docs/FORMAT.md, section
//! 1): decimals with optional sign, fraction and exponent (`"-28.35"`,
//! `"2.5E+2"`), ratios of integers (`"-3/7"`), each read exactly into a
//! [`BigRational`]. Nothing goes through `f64`.
#![deny(clippy::float_arithmetic)]

use super::{BigInt, BigRational};
use num_traits::{One, Zero};
use std::fmt;

/// Largest decimal exponent accepted: `1e100000` already has a 330,000-bit
/// numerator; beyond this a typo would exhaust memory instead of failing.
pub const MAX_DECIMAL_EXPONENT: i64 = 100_000;

/// Why a string is not a number of the contract.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// The empty string.
    Empty,
    /// Not a decimal or a ratio (NaN, inf, hex floats, stray characters).
    Syntax,
    /// A ratio with a zero denominator.
    ZeroDenominator,
    /// An exponent beyond `±MAX_DECIMAL_EXPONENT`.
    ExponentTooLarge,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberError::Empty => "is empty, expected a number",
            NumberError::Syntax => {
                "is not a number (expected a decimal like \"-28.35\" or \"1e-3\", or a ratio like \"-3/7\")"
            }
            NumberError::ZeroDenominator => "has a zero denominator",
            NumberError::ExponentTooLarge => "has a decimal scale beyond 10^100000 or 10^-100000",
        })
    }
}

impl std::error::Error for NumberError {}

fn digits(s: &str) -> Option<BigInt> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    BigInt::parse_bytes(s.as_bytes(), 10)
}

fn split_sign(s: &str) -> (bool, &str) {
    match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    }
}

/// Parses a number of the contract exactly.
///
/// ```
/// use exactccd::scalar::{parse_number, BigRational, BigInt};
/// let q = parse_number("-28.35").unwrap();
/// assert_eq!(q, BigRational::new(BigInt::from(-567), BigInt::from(20)));
/// assert_eq!(parse_number("10/4").unwrap(), BigRational::new(BigInt::from(5), BigInt::from(2)));
/// assert!(parse_number("inf").is_err());
/// ```
pub fn parse_number(text: &str) -> Result<BigRational, NumberError> {
    if text.is_empty() {
        return Err(NumberError::Empty);
    }
    let (negative, body) = split_sign(text);
    let value = if let Some(q) = parse_word_sized(body) {
        q
    } else if let Some((num, den)) = body.split_once('/') {
        let n = digits(num).ok_or(NumberError::Syntax)?;
        let d = digits(den).ok_or(NumberError::Syntax)?;
        if d.is_zero() {
            return Err(NumberError::ZeroDenominator);
        }
        BigRational::new(n, d)
    } else {
        parse_decimal(body)?
    };
    Ok(if negative { -value } else { value })
}

/// An unsigned integer or ratio of integers with at most 18 digits a part
/// (so each fits in a `u64`) and a non-zero denominator, reduced in
/// machine words; `None` for anything else (read by the general path).
fn parse_word_sized(body: &str) -> Option<BigRational> {
    let part = |s: &str| -> Option<u64> {
        if s.is_empty() || s.len() > 18 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    };
    let (n, d) = match body.split_once('/') {
        Some((n, d)) => (part(n)?, part(d).filter(|&d| d != 0)?),
        None => (part(body)?, 1),
    };
    let g = num_integer::Integer::gcd(&n, &d);
    Some(BigRational::new_raw(
        BigInt::from(n / g),
        BigInt::from(d / g),
    ))
}

fn parse_decimal(body: &str) -> Result<BigRational, NumberError> {
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int_part, frac_part) = match mantissa.split_once('.') {
        Some((i, f)) => (i, f),
        None => (mantissa, ""),
    };
    if mantissa.ends_with('.') {
        return Err(NumberError::Syntax);
    }
    let all_digits = format!("{int_part}{frac_part}");
    let mut numerator = digits(&all_digits).ok_or(NumberError::Syntax)?;
    if digits(int_part).is_none() {
        return Err(NumberError::Syntax);
    }
    let mut exp10: i64 = -(frac_part.len() as i64);
    if let Some(e) = exponent {
        let (eneg, edigits) = split_sign(e);
        if edigits.is_empty() || !edigits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NumberError::Syntax);
        }
        let trimmed = edigits.trim_start_matches('0');
        if trimmed.len() > 7 {
            return Err(NumberError::ExponentTooLarge);
        }
        let e: i64 = if trimmed.is_empty() {
            0
        } else {
            trimmed.parse().map_err(|_| NumberError::Syntax)?
        };
        exp10 += if eneg { -e } else { e };
    }
    if exp10.abs() > MAX_DECIMAL_EXPONENT {
        return Err(NumberError::ExponentTooLarge);
    }
    let mut denominator = BigInt::one();
    let ten_power = num_traits::pow(BigInt::from(10), exp10.unsigned_abs() as usize);
    if exp10 >= 0 {
        numerator *= ten_power;
    } else {
        denominator = ten_power;
    }
    Ok(BigRational::new(numerator, denominator))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn parses_the_contract_examples_exactly() {
        assert_eq!(parse_number("-28.35").unwrap(), q(-2835, 100));
        assert_eq!(parse_number("45.11").unwrap(), q(4511, 100));
        assert_eq!(parse_number("1e-3").unwrap(), q(1, 1000));
        assert_eq!(parse_number("2.5E+2").unwrap(), q(250, 1));
        assert_eq!(parse_number("-3/7").unwrap(), q(-3, 7));
        assert_eq!(parse_number("10/4").unwrap(), q(5, 2));
        assert_eq!(parse_number("0.1").unwrap(), q(1, 10));
        assert_eq!(parse_number("+7").unwrap(), q(7, 1));
        assert_eq!(parse_number("0").unwrap(), q(0, 1));
        assert_eq!(parse_number("-0.0e5").unwrap(), q(0, 1));
        assert_eq!(parse_number("007").unwrap(), q(7, 1));
    }

    proptest::proptest! {
        /// Integers and ratios read in machine words (up to 18 digits a
        /// part) or by the general path (more digits) give the exact
        /// reduced value, leading zeros and signs included.
        #[test]
        fn integers_and_ratios_read_exactly(
            n in proptest::prop_oneof![0u128..1000, 0u128..=u128::from(u64::MAX), 0u128..=u128::MAX >> 40],
            d in proptest::prop_oneof![1u128..1000, 1u128..=u128::from(u64::MAX), 1u128..=u128::MAX >> 40],
            zeros in 0usize..3,
            sign in proptest::prop_oneof![proptest::strategy::Just(""), proptest::strategy::Just("-"), proptest::strategy::Just("+")],
            ratio in proptest::bool::ANY,
        ) {
            let pad = "0".repeat(zeros);
            let (text, d) = if ratio {
                (format!("{sign}{pad}{n}/{pad}{d}"), d)
            } else {
                (format!("{sign}{pad}{n}"), 1)
            };
            let magnitude = BigRational::new(BigInt::from(n), BigInt::from(d));
            let expected = if sign == "-" { -magnitude } else { magnitude };
            let got = parse_number(&text).unwrap();
            proptest::prop_assert_eq!(got.numer(), expected.numer(), "{}", text);
            proptest::prop_assert_eq!(got.denom(), expected.denom(), "{}", text);
        }
    }

    #[test]
    fn rejects_everything_else() {
        for bad in [
            "", "NaN", "nan", "inf", "-inf", "Infinity", "0x1p3", "1.", ".5", "1e", "1e+", "--1",
            "1/0", "1/-2", "-1/-2", "1.5/2", " 1", "1 ", "1,5", "e5", "1/", "/2", "+", "-",
            "1e5.5", "١", "1_000",
        ] {
            assert!(parse_number(bad).is_err(), "accepted {bad:?}");
        }
        assert_eq!(parse_number("1/0"), Err(NumberError::ZeroDenominator));
        assert_eq!(parse_number(""), Err(NumberError::Empty));
        assert_eq!(
            parse_number("1e9999999"),
            Err(NumberError::ExponentTooLarge)
        );
        assert_eq!(parse_number("1e100001"), Err(NumberError::ExponentTooLarge));
    }
}
