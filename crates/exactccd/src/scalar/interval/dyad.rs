//! The exact dyadic number `m 2^e` and its rounding to `p` bits of
//! mantissa, toward minus or plus infinity.
#![deny(clippy::float_arithmetic)]

use crate::scalar::{BigInt, BigRational, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;

/// The direction of a rounding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// Toward minus infinity (the largest representable `<=` the value).
    Down,
    /// Toward plus infinity (the smallest representable `>=` the value).
    Up,
}

/// The exact number `man 2^exp`. Not normalised: equal values may have
/// different representations, and comparison is by value.
#[derive(Clone)]
pub struct Dyad {
    man: BigInt,
    exp: i64,
}

impl fmt::Debug for Dyad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_rational())
    }
}

impl Dyad {
    /// `0`.
    pub fn zero() -> Dyad {
        Dyad {
            man: BigInt::zero(),
            exp: 0,
        }
    }

    /// The integer `n`.
    pub fn from_int(n: BigInt) -> Dyad {
        Dyad { man: n, exp: 0 }
    }

    /// `man 2^exp`.
    pub fn new(man: BigInt, exp: i64) -> Dyad {
        Dyad { man, exp }
    }

    /// The mantissa.
    pub fn mantissa(&self) -> &BigInt {
        &self.man
    }

    /// The exponent.
    pub fn exponent(&self) -> i64 {
        self.exp
    }

    /// The exact value as a rational.
    pub fn to_rational(&self) -> BigRational {
        if self.exp >= 0 {
            BigRational::from_integer(&self.man << (self.exp as u64))
        } else {
            BigRational::new(self.man.clone(), BigInt::one() << self.exp.unsigned_abs())
        }
    }

    /// The sign.
    pub fn sign(&self) -> Sign {
        match self.man.sign() {
            num_bigint::Sign::Minus => Sign::Negative,
            num_bigint::Sign::NoSign => Sign::Zero,
            num_bigint::Sign::Plus => Sign::Positive,
        }
    }

    /// True for `0`.
    pub fn is_zero(&self) -> bool {
        self.man.is_zero()
    }

    /// `floor(log2 |x|) + 1`, a magnitude scale (`i64::MIN` for 0):
    /// `2^(scale - 1) <= |x| < 2^scale`.
    pub fn scale(&self) -> i64 {
        if self.man.is_zero() {
            i64::MIN
        } else {
            self.man.bits() as i64 + self.exp
        }
    }

    /// `-x`.
    pub fn neg(&self) -> Dyad {
        Dyad {
            man: -&self.man,
            exp: self.exp,
        }
    }

    /// `|x|`.
    pub fn abs(&self) -> Dyad {
        Dyad {
            man: self.man.abs(),
            exp: self.exp,
        }
    }

    /// `x / 2`, exactly.
    pub fn half(&self) -> Dyad {
        self.scale_pow2(-1)
    }

    /// `x 2^k`, exactly.
    pub fn scale_pow2(&self, k: i64) -> Dyad {
        Dyad {
            man: self.man.clone(),
            exp: self.exp + k,
        }
    }

    /// Both mantissas over the common exponent `min(e1, e2)`.
    fn aligned(&self, other: &Dyad) -> (BigInt, BigInt, i64) {
        match self.exp.cmp(&other.exp) {
            Ordering::Equal => (self.man.clone(), other.man.clone(), self.exp),
            Ordering::Less => (
                self.man.clone(),
                &other.man << (other.exp - self.exp) as u64,
                self.exp,
            ),
            Ordering::Greater => (
                &self.man << (self.exp - other.exp) as u64,
                other.man.clone(),
                other.exp,
            ),
        }
    }

    /// `x + y`, exactly.
    pub fn add_exact(&self, other: &Dyad) -> Dyad {
        if self.is_zero() {
            return other.clone();
        }
        if other.is_zero() {
            return self.clone();
        }
        let (a, b, exp) = self.aligned(other);
        Dyad { man: a + b, exp }
    }

    /// `x - y`, exactly.
    pub fn sub_exact(&self, other: &Dyad) -> Dyad {
        self.add_exact(&other.neg())
    }

    /// `x y`, exactly.
    pub fn mul_exact(&self, other: &Dyad) -> Dyad {
        Dyad {
            man: &self.man * &other.man,
            exp: self.exp + other.exp,
        }
    }

    /// `x^2`, exactly.
    pub fn square_exact(&self) -> Dyad {
        self.mul_exact(self)
    }

    /// `x` rounded to at most `p` bits of mantissa in the direction `r`.
    pub fn round(&self, p: u64, r: Rounding) -> Dyad {
        let bits = self.man.bits();
        if bits <= p {
            return self.clone();
        }
        let shift = bits - p;
        // `>>` on a BigInt rounds toward minus infinity.
        let down = &self.man >> shift;
        let man = match r {
            Rounding::Down => down,
            Rounding::Up => {
                // exact when the dropped bits are all zero
                if self.man.trailing_zeros().unwrap_or(0) >= shift {
                    down
                } else {
                    down + 1
                }
            }
        };
        Dyad {
            man,
            exp: self.exp + shift as i64,
        }
    }

    /// The rational `q` rounded to `p` bits of mantissa in the direction `r`.
    pub fn from_rational(q: &BigRational, p: u64, r: Rounding) -> Dyad {
        let (n, d) = (q.numer(), q.denom());
        if n.is_zero() {
            return Dyad::zero();
        }
        let tz = d.trailing_zeros().unwrap_or(0);
        if d == &(BigInt::one() << tz) {
            return Dyad::new(n.clone(), -(tz as i64)).round(p, r);
        }
        // q 2^s has at least p + 1 integer bits.
        let s = p as i64 + 1 + d.bits() as i64 - n.bits() as i64;
        let (num, den) = if s >= 0 {
            (n << s as u64, d.clone())
        } else {
            (n.clone(), d << s.unsigned_abs())
        };
        let m = match r {
            Rounding::Down => num.div_floor(&den),
            Rounding::Up => num.div_ceil(&den),
        };
        Dyad::new(m, -s).round(p, r)
    }

    /// `x / y` (`y != 0`) rounded to `p` bits in the direction `r`.
    pub fn div_rounded(&self, other: &Dyad, p: u64, r: Rounding) -> Dyad {
        debug_assert!(!other.is_zero());
        if self.is_zero() {
            return Dyad::zero();
        }
        let s = p as i64 + 1 + other.man.bits() as i64 - self.man.bits() as i64;
        let s = s.max(0);
        let num = &self.man << s as u64;
        let m = match r {
            Rounding::Down => num.div_floor(&other.man),
            Rounding::Up => num.div_ceil(&other.man),
        };
        Dyad::new(m, self.exp - other.exp - s).round(p, r)
    }

    /// The integer nearest below: `floor(x)`.
    pub fn floor(&self) -> BigInt {
        if self.exp >= 0 {
            &self.man << self.exp as u64
        } else {
            &self.man >> self.exp.unsigned_abs()
        }
    }
}

impl PartialEq for Dyad {
    fn eq(&self, other: &Dyad) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Dyad {}

impl PartialOrd for Dyad {
    fn partial_cmp(&self, other: &Dyad) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Dyad {
    fn cmp(&self, other: &Dyad) -> Ordering {
        let (sa, sb) = (self.sign(), other.sign());
        if sa != sb {
            return sa.cmp(&sb);
        }
        if sa == Sign::Zero {
            return Ordering::Equal;
        }
        // Same sign: compare magnitudes by scale first (cheap), then exactly.
        let (ka, kb) = (self.scale(), other.scale());
        if ka != kb {
            let by_magnitude = ka.cmp(&kb);
            return if sa == Sign::Positive {
                by_magnitude
            } else {
                by_magnitude.reverse()
            };
        }
        let (a, b, _) = self.aligned(other);
        a.cmp(&b)
    }
}
