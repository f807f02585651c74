//! An isolated root as the two isolators (`descartes.rs`, `sturm.rs`) return
//! it to the front end (`isolate.rs`): an exact dyadic point, or an open
//! dyadic interval that holds exactly one root. It lies below the isolators
//! and the front end so that both can name it.
#![deny(clippy::float_arithmetic)]

use super::Dyadic;

/// One isolated root, as the isolators return it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum IsolatedRoot {
    /// A root exactly at this dyadic point.
    Exact(Dyadic),
    /// Exactly one root in this open interval.
    Interval(Dyadic, Dyadic),
}

impl IsolatedRoot {
    pub(crate) fn lower(&self) -> &Dyadic {
        match self {
            IsolatedRoot::Exact(d) | IsolatedRoot::Interval(d, _) => d,
        }
    }
}

/// Sorts isolated roots by position (intervals never overlap one another or
/// an exact root).
pub(crate) fn sort_isolated(v: &mut [IsolatedRoot]) {
    v.sort_by(|a, b| a.lower().cmp(b.lower()));
}
