//! What a campaign reports as a problem: a [`Finding`] of some
//! [`FindingKind`], in a sentence, and the message of a caught panic (a
//! panic of any method is a finding). The differential rules of
//! `evaluate.rs` and rule 8 of `raster_rule.rs` both make them.
#![deny(clippy::float_arithmetic)]

/// What kind of problem a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FindingKind {
    /// Two exact answers differ.
    ExactDisagreement,
    /// The referee refuted an exact answer.
    Refuted,
    /// An exact answer contradicts the scenario's `expect`.
    Expectation,
    /// A solver panicked.
    Panic,
    /// Rule 8: glide's raster variant misses an analytic collision, or
    /// reports one the analytic variant does not have, beyond its
    /// resolution.
    RasterResolution,
}

impl FindingKind {
    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            FindingKind::ExactDisagreement => "exact-disagreement",
            FindingKind::Refuted => "refuted",
            FindingKind::Expectation => "expectation",
            FindingKind::Panic => "panic",
            FindingKind::RasterResolution => "raster-resolution",
        }
    }
}

/// One problem found, in a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Its kind.
    pub kind: FindingKind,
    /// What happened.
    pub message: String,
}

/// The message of a caught panic, for the report.
pub(super) fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_owned()
    }
}
