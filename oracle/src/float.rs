//! Classifying `f64` answers against a certified exact truth. The only
//! floating-point code of the referee: it measures how far an inexact
//! answer is from the truth, it never decides the truth.
#![allow(clippy::float_arithmetic)]

use crate::algebraic::Algebraic;
use num_traits::ToPrimitive;

/// The certified truth of a case.
#[derive(Clone, Debug)]
pub struct Truth {
    /// The exact first contact time, `None` when the bodies never touch.
    pub first_contact: Option<Algebraic>,
}

/// How an `f64` answer compares with the truth.
#[derive(Clone, Debug, PartialEq)]
pub enum FloatClass {
    /// Same decision, time within the tolerance.
    Agrees,
    /// Contact reported `dt` too early.
    Early {
        /// How early.
        dt: f64,
    },
    /// Contact reported `dt` too late: a tunnelling risk.
    Late {
        /// How late.
        dt: f64,
    },
    /// A real contact not reported.
    Missed,
    /// A contact reported where there is none.
    Phantom,
    /// No usable answer (NaN, panic, error): why.
    Failed(String),
}

impl FloatClass {
    /// A short name for tables: `agrees`, `early`, `late`, `missed`,
    /// `phantom`, `failed`.
    pub fn name(&self) -> &'static str {
        match self {
            FloatClass::Agrees => "agrees",
            FloatClass::Early { .. } => "early",
            FloatClass::Late { .. } => "late",
            FloatClass::Missed => "missed",
            FloatClass::Phantom => "phantom",
            FloatClass::Failed(_) => "failed",
        }
    }
}

/// The value of an algebraic number to about 60 bits.
pub fn approximate(x: &Algebraic) -> f64 {
    let mut x = x.clone();
    for _ in 0..200 {
        let (lo, hi) = x.bounds();
        let width = (&hi - &lo).to_f64().unwrap_or(f64::INFINITY);
        let scale = lo.to_f64().unwrap_or(0.0).abs().max(1.0);
        if width <= scale * 1e-18 {
            break;
        }
        x.refine();
    }
    let (lo, hi) = x.bounds();
    ((lo + hi) / crate::poly::q(2, 1))
        .to_f64()
        .unwrap_or(f64::NAN)
}

/// Classifies an `f64` answer (`collides`, first `time`) against the
/// certified truth with an absolute time `tolerance`.
pub fn classify_float(
    truth: &Truth,
    collides: bool,
    time: Option<f64>,
    tolerance: f64,
) -> FloatClass {
    match (&truth.first_contact, collides) {
        (None, false) => FloatClass::Agrees,
        (None, true) => FloatClass::Phantom,
        (Some(_), false) => FloatClass::Missed,
        (Some(t), true) => {
            let Some(claimed) = time.filter(|x| x.is_finite()) else {
                return FloatClass::Failed("a collision without a finite time".into());
            };
            let dt = claimed - approximate(t);
            if dt.abs() <= tolerance {
                FloatClass::Agrees
            } else if dt < 0.0 {
                FloatClass::Early { dt: -dt }
            } else {
                FloatClass::Late { dt }
            }
        }
    }
}
