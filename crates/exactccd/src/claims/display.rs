//! Verdicts in a sentence: the verdict's name first, then the claimed and
//! the true time, exact values with their decimal beside them
//! ([`time_with_decimal`]):
//!
//! ```text
//! late by 0.01 (a tunnelling risk): claimed contact at t = 0.7, the certified first contact is t = 69/100 (~0.69)
//! ```
#![deny(clippy::float_arithmetic)]

use super::ClaimVerdict;
use crate::contact::{rational_with_decimal, time_with_decimal, Time};
use exactccd_oracle::FloatClass;
use std::fmt;

const NEVER_TOUCH: &str = "the solids never touch in the interval (certified)";

fn claimed_text(claimed: Option<f64>) -> String {
    match claimed {
        Some(t) => format!("claimed contact at t = {t:?}"),
        None => "claimed no contact".to_owned(),
    }
}

fn truth_text(truth: Option<&Time>) -> String {
    match truth {
        Some(t) => format!(
            "the certified first contact is t = {}",
            time_with_decimal(t)
        ),
        None => NEVER_TOUCH.to_owned(),
    }
}

fn float_sentence(class: &FloatClass, claimed: Option<f64>, truth: Option<&Time>) -> String {
    // a contact claimed without its time (a benchmark tool's decision
    // alone) agrees with a contact or is a phantom
    let decision_only = claimed.is_none()
        && matches!(
            (class, truth),
            (FloatClass::Agrees, Some(_)) | (FloatClass::Phantom, _)
        );
    let claim = if decision_only {
        "claimed contact (no time given)".to_owned()
    } else {
        claimed_text(claimed)
    };
    match class {
        FloatClass::Agrees => match truth {
            Some(_) => format!("agrees: {claim}, {}", truth_text(truth)),
            None => format!("agrees: {claim}, and {NEVER_TOUCH}"),
        },
        FloatClass::Early { dt } => format!("early by {dt:?}: {claim}, {}", truth_text(truth)),
        FloatClass::Late { dt } => format!(
            "late by {dt:?} (a tunnelling risk): {claim}, {}",
            truth_text(truth)
        ),
        FloatClass::Missed => match truth {
            Some(t) => format!(
                "missed: {claim}, but the solids first touch at t = {}",
                time_with_decimal(t)
            ),
            None => format!("missed: {claim}"),
        },
        FloatClass::Phantom => format!("phantom: {claim}, but {NEVER_TOUCH}"),
        FloatClass::Failed(what) => {
            format!("failed: no usable answer ({what}); {}", truth_text(truth))
        }
    }
}

impl fmt::Display for ClaimVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimVerdict::Certified => f.write_str("certified: the exact claim is proved"),
            ClaimVerdict::Refuted {
                reason,
                counterexample,
            } => {
                write!(f, "refuted: {reason}")?;
                if let Some(t) = counterexample {
                    write!(f, " (counterexample t = {})", rational_with_decimal(t))?;
                }
                Ok(())
            }
            ClaimVerdict::Inconclusive(why) => write!(f, "inconclusive: {why}"),
            ClaimVerdict::Float {
                class,
                claimed,
                truth,
            } => f.write_str(&float_sentence(class, *claimed, truth.as_ref())),
            ClaimVerdict::Invalid(why) => write!(f, "invalid claim: {why}"),
        }
    }
}
